"""Pariah (RULES.md section 2): two players, face cards with powers, highest score wins.

Pure rules: :func:`coop_valid`, :func:`coop_points`, :func:`round_points`; the engine is
``ENGINE`` (a :class:`PariahEngine`). Action words beyond Soureh's: ``jack N``, ``queen``,
``king S1 N1 S2 N2``; a placement knocks with ``knock`` as its last word (``discard knock``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from bot.games.cards import ALL_CARDS, RANK_WORD, Card, Rank, standard_deck
from bot.games.coop import actions as A
from bot.games.coop import soureh
from bot.games.coop.actions import disp
from bot.games.coop.engine import PRIVATE, Args, CoopEngine, Events
from bot.games.coop.state import PUBLIC, CoopState, Phase
from bot.games.protocol import Action, Event, IllegalAction, InvalidVariant, Told, seat_ref
from bot.games.variants import check_fields, option
from bot.i18n import L_, N_, Msg, _

log = logging.getLogger(__name__)

# ---------------------------------------------------------------------------- rules


def coop_valid(up: Card, down: Card) -> bool:
    """Pariah validity: a face card face down spoils the coop, a face card face up makes it."""
    if down.is_face:
        return False
    if up.is_face:
        return True
    return soureh.coop_valid(up, down)


def card_points(card: Card) -> int:
    """A card's points: 2–10 their number, ace 15, J, Q, K 0."""
    if card.is_face:
        return 0
    return 15 if card.rank is Rank.ACE else card.order


_POINTS = {c: card_points(c) for c in ALL_CARDS}
_VALID = {(u, d): coop_valid(u, d) for u in ALL_CARDS for d in ALL_CARDS}


def coop_points(up: Card, down: Card) -> int:
    """Both cards of a valid coop count; an invalid coop counts nothing."""
    return _POINTS[up] + _POINTS[down] if _VALID[(up, down)] else 0


#: The points four valid coops add to their own.
BONUS = 50


def round_points(coops: Iterable[tuple[Card, Card]]) -> int:
    """A player's points for the round: valid coops, plus 50 when all four are valid."""
    pairs = list(coops)
    points = sum(coop_points(u, d) for u, d in pairs)
    if len(pairs) == 4 and all(_VALID[pair] for pair in pairs):
        points += BONUS
    return points


@dataclass(frozen=True, slots=True)
class Variant:
    """Pariah's table options."""

    threshold: int = field(
        default=200, metadata=option(N_("Score that wins the game"), minimum=50, maximum=2000)
    )
    discards: str = field(
        default=soureh.Discards.OPEN,
        metadata=option(
            N_("open: every discard is shown; hidden: the discard pile is face down"),
            choices=(soureh.Discards.OPEN, soureh.Discards.HIDDEN),
            labels=(N_("open"), N_("hidden")),
        ),
    )  # a Discards once built

    def __post_init__(self) -> None:
        check_fields(self, N_("Pariah"))
        object.__setattr__(self, "discards", soureh.Discards(self.discards))


PariahVariant = Variant

# ---------------------------------------------------------------------------- engine

_KINGS = tuple(A.king_all([0, 1]))
# Why a placement may not knock, or reveal: built once, translated when shown.
_KNOCKED = L_("You can't knock: somebody has knocked already.")
_QUEEN_TURNS = L_("You can't knock while you have Queen turns left.")
_NO_REVEAL = L_("There is no reveal in Pariah.")
# The word of a drawn face card's own action, and the actions of each word: the one rule
# that both ``place_extra`` (legal actions) and ``_check_face`` (parse, apply) use.
_FACE_WORD: dict[Rank, str] = {Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king"}
_WORD_ACTIONS: dict[str, tuple[Action, ...]] = {
    "jack": A.JACK_ALL,
    "queen": (A.QUEEN,),
    "king": _KINGS,
}


def _swapped_text(seat: int, slot: int, card: Card) -> Msg:
    return L_(
        "{player}'s face-down card in coop {slot} is now {card}.",
        player=seat_ref(seat),
        slot=slot,
        card=disp(card),
    )


class PariahEngine(CoopEngine):
    """Pariah behind the engine contract (see ``bot/games/coop/engine.py``)."""

    name = "pariah"
    title = N_("Pariah")  # a name: the catalogs may write it in their script
    min_players = 2
    max_players = 2
    lowest_wins = False  # the highest total wins
    Variant: type = Variant
    full_deck = tuple(standard_deck())
    valid_table = _VALID
    declare_word = "knock"
    extra_words = frozenset({"jack", "queen", "king"})

    def check_variant(self, players: int, variant: Any) -> PariahVariant:
        """The variant (defaults when ``None``); Pariah needs exactly two players."""
        if variant is None:
            variant = PariahVariant()
        elif isinstance(variant, Mapping):
            try:
                variant = PariahVariant(**variant)
            except TypeError:
                raise InvalidVariant(_("Pariah's options are threshold and discards.")) from None
        elif not isinstance(variant, PariahVariant):
            raise InvalidVariant(_("That is not a Pariah variant."))
        if players != 2:
            raise InvalidVariant(_("Pariah is played by exactly 2 players."))
        return variant

    # ------------------------------------------------------------ face cards

    def place_extra(self, st: CoopState, drawn: Card) -> list[Action]:
        """The drawn face card's own action."""
        word = _FACE_WORD.get(drawn.rank)
        return list(_WORD_ACTIONS[word]) if word else []

    def _check_face(self, st: CoopState, word: str, rank: Rank) -> None:
        self._phase_error(st, word, Phase.PLACE)
        drawn = st.drawn
        assert drawn is not None
        if _FACE_WORD.get(drawn.rank) != word:
            raise IllegalAction(
                _(
                    "You can only {word} when you drew a {rank}.",
                    word=word,
                    rank=str(RANK_WORD[rank]),
                )
            )

    def _check_jack(self, st: CoopState, args: Args) -> None:
        self._check_face(st, "jack", Rank.JACK)
        self._slot(args[0])

    def _check_queen(self, st: CoopState, args: Args) -> None:
        self._check_face(st, "queen", Rank.QUEEN)

    def _check_king(self, st: CoopState, args: Args) -> None:
        self._check_face(st, "king", Rank.KING)
        s1, n1, s2, n2 = args
        self._seat(st, s1)
        self._slot(n1)
        self._seat(st, s2)
        self._slot(n2)
        if (s1, n1) == (s2, n2):
            raise IllegalAction(_("Swap two different face-down cards."))

    def _do_jack(self, st: CoopState, args: Args, ev: Events) -> None:
        me, drawn = st.to_act, st.drawn
        assert me is not None and drawn is not None
        slot = args[0]
        down = st.down[me]
        assert down is not None
        old = st.set_up(me, slot - 1, drawn, _VALID[(drawn, down[slot - 1])])
        st.push_discard(old, PUBLIC)  # it was face up
        ev.append(
            Event(
                "jack",
                lambda: L_(
                    "{player} drew {card} and put it in place of their face-up {old} in coop "
                    "{slot}.",
                    player=seat_ref(me),
                    card=disp(drawn),
                    old=disp(old),
                    slot=slot,
                ),
                None,
                {"seat": me, "slot": slot, "card": str(drawn), "discarded": str(old)},
            )
        )

    def _do_queen(self, st: CoopState, args: Args, ev: Events) -> None:
        me, drawn = st.to_act, st.drawn
        assert me is not None and drawn is not None
        st.extra += 2
        public = Event(
            "queen",
            lambda: L_(
                "{player} drew a Queen and discarded it: two more turns.", player=seat_ref(me)
            ),
            None,
            {"seat": me, "extra_turns": st.extra},
        )
        text: Told = lambda: L_(  # noqa: E731 (built only if read)
            "{player} drew {card} and discarded it: two more turns.",
            player=seat_ref(me),
            card=disp(drawn),
        )
        self.discard_private(st, me, drawn, ev, public, text)

    def _do_king(self, st: CoopState, args: Args, ev: Events) -> None:
        me, drawn = st.to_act, st.drawn
        assert me is not None and drawn is not None
        s1, n1, s2, n2 = args
        d1, d2 = st.down[s1], st.down[s2]
        u1, u2 = st.up[s1], st.up[s2]
        assert d1 is not None and d2 is not None and u1 is not None and u2 is not None
        c1, c2 = d1[n1 - 1], d2[n2 - 1]
        st.set_down(s1, n1 - 1, c2, _VALID[(u1[n1 - 1], c2)])
        st.set_down(s2, n2 - 1, c1, _VALID[(u2[n2 - 1], c1)])
        swap = {"player": seat_ref(me), "first": seat_ref(s1), "n1": n1}
        swap.update(second=seat_ref(s2), n2=n2)
        public = Event(
            "king",
            lambda: L_(
                "{player} drew a King, discarded it and swapped the face-down cards of "
                "{first}'s coop {n1} and {second}'s coop {n2}.",
                **swap,
            ),
            None,
            {"seat": me, "swap": [[s1, n1], [s2, n2]]},
        )
        text = lambda: L_(  # noqa: E731
            "{player} drew {card}, discarded it and swapped the face-down cards of "
            "{first}'s coop {n1} and {second}'s coop {n2}.",
            card=disp(drawn),
            **swap,
        )
        self.discard_private(st, me, drawn, ev, public, text)
        for seat, slot, card in ((s1, n1, c2), (s2, n2, c1)):
            ev.append(
                Event(
                    "swapped",
                    partial(_swapped_text, seat, slot, card),
                    PRIVATE[seat],
                    {"seat": seat, "slot": slot, "card": str(card)},
                )
            )

    _checks: dict[str, Callable[[Any, CoopState, Args], None]] = {  # noqa: RUF012
        **CoopEngine._checks,
        "jack": _check_jack,
        "queen": _check_queen,
        "king": _check_king,
    }
    _do: dict[str, Callable[[Any, CoopState, Args, Events], None]] = {  # noqa: RUF012
        **CoopEngine._do,
        "jack": _do_jack,
        "queen": _do_queen,
        "king": _do_king,
    }

    # ------------------------------------------------------------ knocking

    def call_error(self, st: CoopState, action: Action) -> Msg | None:
        """Knocking is open once a round, on a turn with no Queen turns left."""
        if st.declarer is not None:
            return _KNOCKED
        if st.extra > 0 or action.word == "queen":
            return _QUEEN_TURNS
        return None

    def reveal_blocker(self, st: CoopState) -> Msg | None:
        """Pariah has no reveal."""
        return _NO_REVEAL

    def end_declaration(self, st: CoopState) -> None:
        """Pariah has no reveal turn: nothing to end."""

    def do_declare(self, st: CoopState, ev: Events) -> None:
        """Knock: the opponent takes one more turn (with its Queen turns), then scoring."""
        me = st.to_act
        assert me is not None
        other = 1 - me
        st.declarer = me
        st.pending = (other,)
        ev.append(
            Event(
                "knock",
                lambda: L_(
                    "{player} knocks: {other} takes one more turn, then the round ends.",
                    player=seat_ref(me),
                    other=seat_ref(other),
                ),
                None,
                {"seat": me},
            )
        )
        self.finish_turn(st, ev)

    # ------------------------------------------------------------ turns

    def finish_turn(self, st: CoopState, ev: Events) -> None:
        """Queen turns first; after the opponent's last turn following a knock, scoring."""
        me = st.to_act
        assert me is not None
        if st.extra > 0:
            st.extra -= 1
            self.begin_turn(st, me, ev)
            return
        if st.declarer is not None and me != st.declarer:
            st.pending = ()
            self.end_round(st, "knock", ev, L_("{player} knocked.", player=seat_ref(st.declarer)))
            return
        self.begin_turn(st, 1 - me, ev)

    def begin_turn(self, st: CoopState, seat: int, ev: Events) -> None:
        """Give ``seat`` a turn, or end the round when the stock is out."""
        st.to_act = seat
        if st.pos >= len(st.stock):
            self.end_round(st, "stock", ev, L_("the stock ran out."))
            return
        st.phase = Phase.DRAW

    # ------------------------------------------------------------ rounds

    def score(self, st: CoopState, reason: str) -> list[list[str] | None]:
        """Both players add their round points; Pariah has no picks."""
        totals = list(st.totals)
        for s in range(st.n):
            up, down = st.up[s], st.down[s]
            assert up is not None and down is not None
            totals[s] += round_points(zip(up, down, strict=True))
        st.totals = totals
        return [None] * st.n

    def score_words(self, points: int, total: int, up: Sequence[Card], down: Sequence[Card],
                    pick: Sequence[str] | None) -> str | Msg:
        """``+35 for the coops, +50 for four valid coops: +85 → 95``: the bonus said apart."""
        pairs = list(zip(up, down, strict=True))
        if len(pairs) == 4 and all(_VALID[pair] for pair in pairs) and points >= BONUS:
            return L_("{coops} for the coops, {bonus} for four valid coops: {points}",
                      coops=f"{points - BONUS:+d}", bonus=f"+{BONUS}",
                      points=f"{points:+d} → {total}")
        return super().score_words(points, total, up, down, pick)

    def after_round(self, st: CoopState, ev: Events) -> tuple[int, ...] | None:
        """The first over the threshold wins; both over: the higher, or another round."""
        totals = st.totals
        over = [s for s in range(st.n) if totals[s] >= st.variant.threshold]
        if not over:
            return None
        if len(over) == 1:
            return (over[0],)
        if totals[0] != totals[1]:
            return (0,) if totals[0] > totals[1] else (1,)
        ev.append(
            Event(
                "tie",
                L_("Both players have {total}: another round decides.", total=totals[0]),
                None,
                {"total": totals[0]},
            )
        )
        return None


ENGINE = PariahEngine()
