"""Soureh (RULES.md section 1): four coops each, lowest score wins.

Pure rules: :func:`coop_valid`, :func:`best_pick`, :func:`score_round`,
:func:`hundred_rule` (from :mod:`bot.games.coop.soureh_scoring`); the engine is ``ENGINE`` (a
:class:`SourehEngine`).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.games.cards import ALL_CARDS, NUMBER_RANKS, Card, Suit
from bot.games.coop import actions as A
from bot.games.coop.actions import CODE
from bot.games.coop.engine import CoopEngine, Events
from bot.games.coop.soureh_scoring import Pick as Pick  # the rules, re-exported
from bot.games.coop.soureh_scoring import best_pick as best_pick
from bot.games.coop.soureh_scoring import coop_valid as coop_valid
from bot.games.coop.soureh_scoring import hundred_dropped
from bot.games.coop.soureh_scoring import hundred_rule as hundred_rule
from bot.games.coop.soureh_scoring import score_round as score_round
from bot.games.coop.state import CoopState, Phase
from bot.games.protocol import Action, Event, InvalidVariant, seat_ref
from bot.games.variants import check_fields, option
from bot.i18n import L_, N_, Msg, _

log = logging.getLogger(__name__)


def soureh_deck() -> list[Card]:
    """Soureh's 80 cards: two decks without J, Q, K and jokers; eight of each rank A–10."""
    return [Card.of(rank, suit) for suit in Suit for rank in NUMBER_RANKS] * 2


# ---------------------------------------------------------------------------- variant


class DeclareRule(StrEnum):
    """What follows a declaration."""

    FINAL = "final"
    REVEAL = "reveal"


class Discards(StrEnum):
    """Whether the discard pile is face down (nobody sees a discard) or face up."""

    HIDDEN = "hidden"
    OPEN = "open"


class EndRule(StrEnum):
    """How the game ends."""

    LOWEST = "lowest"
    ELIMINATION = "elimination"


@dataclass(frozen=True, slots=True)
class Variant:
    """Soureh's table options."""

    declare: str = field(
        default=DeclareRule.FINAL,
        metadata=option(
            N_("final: one more turn each after a declaration; reveal: the declarer may reveal"),
            choices=tuple(DeclareRule),
            labels=(N_("final"), N_("reveal")),
        ),
    )  # a DeclareRule once built
    end: str = field(
        default=EndRule.LOWEST,
        metadata=option(
            N_("lowest: the game ends at the threshold; elimination: last one standing"),
            choices=tuple(EndRule),
            labels=(N_("lowest"), N_("elimination")),
        ),
    )  # an EndRule once built
    threshold: int = field(
        default=100, metadata=option(N_("Score that ends the game"), minimum=20, maximum=1000)
    )
    leave: bool = field(
        default=False,
        metadata=option(N_("A declaring winner leaves the round (3–4 players)")),
    )
    discards: str = field(
        default=Discards.HIDDEN,
        metadata=option(
            N_("hidden: the discard pile is face down; open: every discard is shown"),
            choices=tuple(Discards),
            labels=(N_("hidden"), N_("open")),
        ),
    )  # a Discards once built

    def __post_init__(self) -> None:
        check_fields(self, N_("Soureh"))
        object.__setattr__(self, "declare", DeclareRule(self.declare))
        object.__setattr__(self, "end", EndRule(self.end))
        object.__setattr__(self, "discards", Discards(self.discards))


SourehVariant = Variant

# ---------------------------------------------------------------------------- engine

_VALID = {(u, d): coop_valid(u, d) for u in ALL_CARDS for d in ALL_CARDS}

# Why a placement may not declare, or the declarer not reveal: built once (``legal_actions``
# asks for every placement), translated when shown.
_PENDING = L_("You can't declare: a declaration is already pending.")
_WOULD_SPOIL = tuple(
    L_("You can't declare: your coop {n} would not be valid.", n=n) for n in range(1, 5)
)
_FINAL_RULE = L_("This table plays the final rule: there is no reveal.")
_NOT_YET = L_("You can only reveal when your turn comes back after declaring, before drawing.")
_SPOILT = tuple(L_("You can't reveal: your coop {n} is not valid.", n=n) for n in range(1, 5))


class SourehEngine(CoopEngine):
    """Soureh behind the engine contract (see ``bot/games/coop/engine.py``)."""

    name = "soureh"
    title = N_("Soureh")  # a name: the catalogs may write it in their script
    min_players = 2
    max_players = 4
    lowest_wins = True  # the lowest total wins
    Variant: type = Variant
    full_deck = tuple(soureh_deck())
    valid_table = _VALID
    declare_word = "declare"

    def check_variant(self, players: int, variant: Any) -> SourehVariant:
        """The variant (defaults when ``None``); checks it fits ``players``."""
        if variant is None:
            variant = SourehVariant()
        elif isinstance(variant, Mapping):
            try:
                variant = SourehVariant(**variant)
            except TypeError:
                raise InvalidVariant(
                    _("Soureh options are declare, end, threshold, leave and discards.")
                ) from None
        elif not isinstance(variant, SourehVariant):
            raise InvalidVariant(_("That is not a Soureh variant."))
        if type(players) is not int or not 2 <= players <= 4:
            raise InvalidVariant(_("Soureh is played by 2 to 4 players."))
        if variant.leave and players < 3:
            raise InvalidVariant(_("The leave variant needs 3 or 4 players."))
        return variant

    # ------------------------------------------------------------ declaring

    def call_error(self, st: CoopState, action: Action) -> Msg | None:
        """Why the placement may not also declare: a pending declaration, or a coop that
        would be invalid after the move (the bot only allows a true declaration)."""
        if st.declarer is not None:
            return _PENDING
        me = st.to_act
        assert me is not None
        valid = st.valid[me]
        assert valid is not None
        flags = list(valid)
        if action.word == "keep":
            slot = action.args[0]
            assert isinstance(slot, int) and st.drawn is not None
            up = st.up[me]
            assert up is not None
            flags[slot - 1] = _VALID[(up[slot - 1], st.drawn)]
        if False in flags:
            return _WOULD_SPOIL[flags.index(False)]
        return None

    def calling_forms(self, state: CoopState, plain: list[Action]) -> list[Action]:
        """:meth:`call_error` for every placement at once (the computer players' searches
        ask this on every placement turn): only ``keep`` changes the mover's own coops, so
        every other placement declares when all four coops are valid now, and ``keep n``
        when the coops other than n are valid and the drawn card over n's face-up is."""
        if state.declarer is not None:
            return []
        me = state.to_act
        assert me is not None and state.drawn is not None
        valid, up = state.valid[me], state.up[me]
        assert valid is not None and up is not None
        if valid.count(False) > 1:  # most turns: two spoilt coops never declare
            return []
        bad = [slot for slot, ok in enumerate(valid, start=1) if not ok]
        word, drawn = self.declare_word, state.drawn
        forms = []
        for action in plain:
            if action.word == "keep":
                slot = action.args[0]
                assert isinstance(slot, int)
                if (bad and bad[0] != slot) or not _VALID[(up[slot - 1], drawn)]:
                    continue
            elif bad:
                continue
            forms.append(A.with_call(action, word))
        return forms

    def _bad_coop(self, st: CoopState) -> int | None:
        valid = st.valid[st.to_act] if st.to_act is not None else None
        if valid is None or False not in valid:
            return None
        return valid.index(False) + 1

    def reveal_blocker(self, st: CoopState) -> Msg | None:
        """Why the seat to act may not reveal now, or ``None`` (``str()`` it to show it)."""
        if st.variant.declare is DeclareRule.FINAL:
            return _FINAL_RULE
        if st.phase is not Phase.REVEAL:
            return _NOT_YET
        bad = self._bad_coop(st)
        if bad is not None:
            return _SPOILT[bad - 1]
        return None

    def do_declare(self, st: CoopState, ev: Events) -> None:
        """Record the declaration; everyone else is owed one more turn."""
        me = st.to_act
        assert me is not None
        st.declarer = me
        st.pending = tuple(s for s in st.round_order(me) if s != me)
        st.declared_up = st.up[me]
        st.protected = None
        if st.variant.declare is DeclareRule.FINAL:
            text = L_(
                "{player} declares Soureh: everyone else takes one more turn, then the round ends.",
                player=seat_ref(me),
            )
        else:
            text = L_(
                "{player} declares Soureh: everyone else takes one more turn, "
                "then {player} may reveal.",
                player=seat_ref(me),
            )
        ev.append(
            Event(
                "declare",
                text,
                None,
                {"seat": me, "final_turns": list(st.pending)},
            )
        )
        self.finish_turn(st, ev)

    def end_declaration(self, st: CoopState) -> None:
        """The declarer draws instead of revealing: his declaration is over."""
        self._clear_declaration(st)

    # ------------------------------------------------------------ turns

    def finish_turn(self, st: CoopState, ev: Events) -> None:
        """Move on to the next seat, resolving a ``final`` declaration when it is due."""
        me = st.to_act
        assert me is not None
        declarer = st.declarer
        if declarer is not None and me != declarer:
            if me in st.pending:
                st.pending = tuple(s for s in st.pending if s != me)
            if not st.pending and st.variant.declare is DeclareRule.FINAL:
                self._resolve_final(st, declarer, ev)
                return
        self.begin_turn(st, st.next_in_round(me), ev)

    def begin_turn(self, st: CoopState, seat: int, ev: Events) -> None:
        """Give ``seat`` the turn: draw, or (the declarer's return) draw or reveal.

        The declarer's returning turn always has phase ``reveal``, whatever his coops: the
        table is never told whether he could reveal. When the stock is empty he cannot
        draw, so the engine resolves it at once: he reveals if he can (revealing never
        costs him: he scores nothing either way and the others score more), otherwise
        the round ends as a stock-out. Either way the round ends and every card shows.
        """
        st.to_act = seat
        empty = st.pos >= len(st.stock)
        if st.declarer == seat:
            st.protected = None
            if not empty:
                st.phase = Phase.REVEAL
                return
            if self._bad_coop(st) is None:
                self.do_reveal(st, ev)
                return
            self._clear_declaration(st)
        if empty:
            self.end_round(st, "stock", ev, L_("the stock ran out."))
            return
        st.phase = Phase.DRAW

    def _clear_declaration(self, st: CoopState) -> None:
        st.declarer = None
        st.pending = ()
        st.protected = None
        st.declared_up = None

    def _resolve_final(self, st: CoopState, declarer: int, ev: Events) -> None:
        valid = st.valid[declarer]
        if valid is not None and False not in valid:
            if self._leave_applies(st):
                self._leave(st, declarer, ev, revealed=False)
                return
            text = L_("{player}'s declaration stands.", player=seat_ref(declarer))
            self.end_round(st, "declaration", ev, text)
        else:
            text = L_(
                "{player}'s declaration failed: a coop was spoiled.", player=seat_ref(declarer)
            )
            self.end_round(st, "failed", ev, text)

    def _leave(self, st: CoopState, winner: int, ev: Events, *, revealed: bool) -> None:
        """Variant ``leave``: the winner leaves the round, the others add 10."""
        self._clear_declaration(st)
        in_round = list(st.in_round)
        in_round[winner] = False
        st.in_round = in_round
        totals = list(st.totals)
        rest = [s for s in range(st.n) if in_round[s]]
        for s in rest:
            totals[s] = hundred_rule(totals[s] + 10)
        st.totals = totals
        if revealed:
            text = L_(
                "{player} revealed, wins the round and leaves it; everyone still in it adds 10.",
                player=seat_ref(winner),
            )
        else:
            text = L_(
                "{player} keeps four valid coops, wins the round and leaves it; "
                "everyone still in it adds 10.",
                player=seat_ref(winner),
            )
        ev.append(
            Event(
                "leave",
                text,
                None,
                {"seat": winner, "totals": list(totals)},
            )
        )
        if len(rest) == 1:
            text = L_("{player} is the last player in the round.", player=seat_ref(rest[0]))
            self.end_round(st, "last", ev, text)
        else:
            self.begin_turn(st, st.next_in_round(winner), ev)

    def do_reveal(self, st: CoopState, ev: Events) -> None:
        """The declarer shows four valid coops and wins the round."""
        me = st.to_act
        assert me is not None
        down = st.down[me]
        assert down is not None
        ev.append(
            Event(
                "reveal",
                L_(
                    "{player} reveals four valid coops: {cards}.",
                    player=seat_ref(me),
                    cards=" ".join(c.display for c in down),
                ),
                None,
                {"seat": me, "down": [CODE[c] for c in down]},
            )
        )
        if self._leave_applies(st):
            self._leave(st, me, ev, revealed=True)
        else:
            text = L_("{player} revealed and wins the round.", player=seat_ref(me))
            self.end_round(st, "reveal", ev, text)

    def _leave_applies(self, st: CoopState) -> bool:
        """Variant ``leave`` applies while three or more players are in the round."""
        return bool(st.variant.leave) and sum(st.in_round) >= 3

    # ------------------------------------------------------------ rounds

    def score(self, st: CoopState, reason: str) -> list[list[str] | None]:
        """Score the players who must, with the best pick each."""
        n = st.n
        if reason == "reveal":
            scorers = [s for s in range(n) if st.in_round[s] and s != st.declarer]
        elif reason == "last":
            scorers = [s for s in range(n) if st.in_round[s]]
        else:
            scorers = [s for s in range(n) if st.in_round[s] and False in (st.valid[s] or (False,))]
        totals = list(st.totals)
        picks: list[list[str] | None] = [None] * n
        for s in scorers:
            up, down = st.up[s], st.down[s]
            assert up is not None and down is not None
            pick = best_pick(totals[s], zip(up, down, strict=True))
            totals[s] = pick.total
            picks[s] = [CODE[c] for c in pick.cards]
        st.totals = totals
        return picks

    def score_words(self, points: int, total: int, up: Sequence[Card], down: Sequence[Card],
                    pick: Sequence[str] | None) -> str | Msg:
        """``+30 → 100, a multiple of 100, drops by 50 to 50`` when the rule took 50 off."""
        if pick and hundred_dropped(points, total, pick):
            return L_("{points} → {reached}, a multiple of 100, drops by 50 to {total}",
                      points=f"{points + 50:+d}", reached=total + 50, total=total)
        return super().score_words(points, total, up, down, pick)

    def after_round(self, st: CoopState, ev: Events) -> tuple[int, ...] | None:
        """The winners if the game is over (``lowest`` or ``elimination``), else ``None``."""
        threshold = st.variant.threshold
        totals = st.totals
        playing = [s for s in range(st.n) if st.in_game[s]]
        if st.variant.end is EndRule.LOWEST:
            if all(totals[s] < threshold for s in playing):
                return None
            low = min(totals[s] for s in playing)
            return tuple(s for s in playing if totals[s] == low)
        gone = [s for s in playing if totals[s] >= threshold]
        if not gone:
            return None
        in_game = list(st.in_game)
        for s in gone:
            in_game[s] = False
            ev.append(
                Event(
                    "eliminated",
                    L_(
                        "{player} reached {threshold} and leaves the game.",
                        player=seat_ref(s),
                        threshold=threshold,
                    ),
                    None,
                    {"seat": s, "total": totals[s]},
                )
            )
        st.in_game = in_game
        left = [s for s in range(st.n) if in_game[s]]
        if len(left) == 1:
            return (left[0],)
        if not left:
            low = min(totals[s] for s in gone)
            return tuple(s for s in gone if totals[s] == low)
        return None


ENGINE = SourehEngine()
