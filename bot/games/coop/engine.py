"""What Soureh and Pariah share: the engine contract, draw/keep/give/discard, parsing.

A game subclasses :class:`CoopEngine` and fills in the hooks of
:class:`bot.games.coop.rounds.CoopRules` (variant check, when a placement may declare or
knock, how a turn ends and begins, how a round is scored and when the game is over).

A turn is ``draw`` then one placement, which may carry the turn's announcement
(``keep 2 declare``, ``discard knock``): the table never waits on a choice that only some
hidden hands allow (DESIGN.md, "Decision points").

Every move has one checking function used by ``parse_action``, ``legal_actions``
(through the same ``*_error`` helpers) and ``apply``.
"""

from __future__ import annotations

import logging
import types
from collections.abc import Callable, Sequence
from typing import Any

from bot.games.cards import Card
from bot.games.coop import actions as A
from bot.games.coop import placing
from bot.games.coop import texts as T
from bot.games.coop.actions import ACES, CODE, TENS
from bot.games.coop.legacy import translate_legacy
from bot.games.coop.rounds import PRIVATE as PRIVATE  # pariah takes it from here
from bot.games.coop.rounds import Args, CoopRules, Events
from bot.games.coop.state import CoopState, Phase
from bot.games.coop.views import CoopView, build_view, describe
from bot.games.protocol import (
    Action,
    BadNotation,
    Event,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Told,
    Transition,
    parse_int,
    split_notation,
)
from bot.i18n import Msg, _

log = logging.getLogger(__name__)

class CoopEngine(CoopRules):
    """The engine of a coop game. Stateless: all game data lives in :class:`CoopState`."""

    said_to_you = T.SAID_TO_YOU  # its events as their seat is told them

    def __init__(self) -> None:
        words = ["draw", "keep", "give", "discard", "reveal", *sorted(self.extra_words)]
        self._rules: dict[str, tuple[int, Callable[[CoopState, Args], None]]] = {
            w: (len(A.ARGS[w]), types.MethodType(self._checks[w], self)) for w in words
        }
        self._doers: dict[str, Callable[[CoopState, Args, Events], None]] = {
            w: types.MethodType(self._do[w], self) for w in words
        }

    # ================================================================ contract

    def to_act(self, state: CoopState) -> int | None:
        """The seat whose decision it is; ``None`` once the game is over."""
        return state.to_act

    def check_turn(self, state: CoopState, seat: int) -> None:
        """Raise ``NotYourTurn`` (or ``GameOver``) unless ``seat`` is the one to act."""
        if state.phase is Phase.OVER:
            raise GameOver(_("The game is over."))
        if state.to_act != seat:
            raise NotYourTurn(_("It is not your turn."))

    def totals(self, state: CoopState) -> list[int]:
        """Each seat's running score."""
        return list(state.totals)

    def winners(self, state: CoopState) -> list[int]:
        """The winning seats, empty until the game is over."""
        return list(state.winners)

    def public_view(self, state: CoopState) -> CoopView:
        """What everyone at the table may see (no face-down card before scoring)."""
        return build_view(self.name, state, None)

    def player_view(self, state: CoopState, seat: int) -> CoopView:
        """The public view plus ``seat``'s own face-down cards, validity and drawn card."""
        return build_view(self.name, state, seat)

    def hidden_cards(self, state: CoopState, seat: int) -> list[str]:
        """``seat``'s face-down cards, then the drawn card it holds if any (no view built)."""
        down = state.down[seat]
        cards = [] if down is None else [CODE[c] for c in down]
        if state.drawn is not None and state.to_act == seat:
            cards.append(CODE[state.drawn])
        return cards

    def drawn_card(self, state: CoopState, seat: int) -> str | None:
        """The drawn card ``seat`` holds (only the seat to act holds one), else ``None``."""
        if state.drawn is None or state.to_act != seat:
            return None
        return CODE[state.drawn]

    def quiet(self, state: CoopState, action: Action) -> bool:
        """A turn's opening draw from the face-down stock: the table learns only that the
        turn goes on. Not the declarer's return (phase ``reveal``): drawing there ends the
        declaration, which the table is told."""
        return state.phase is Phase.DRAW and action.word == "draw"

    def round_number(self, state: CoopState) -> int:
        """The current round number."""
        return state.round

    def describe(self, state: CoopState, action: Action) -> str:
        """The action in words for the seat to act (``{p<seat>}`` placeholders for seats)."""
        return describe(state, action, self.declare_word)

    def translate_legacy(self, actions: Sequence[str]) -> list[str]:
        """An action log of the old notation in the new one (see :mod:`bot.games.coop.legacy`).

        Raises :class:`~bot.games.protocol.LegacyLogError` when it cannot be translated."""
        return translate_legacy(self.declare_word, actions)

    def legal_actions(self, state: CoopState) -> list[Action]:
        """Every action open to the seat to act (private to that seat: a placement that
        declares is listed only when the declaration would be true)."""
        phase = state.phase
        if phase is Phase.PLACE:
            plain = self._place_actions(state)
            return plain + self.calling_forms(state, plain)
        if phase is Phase.DRAW:
            return [A.DRAW]
        if phase is Phase.REVEAL:
            return [A.DRAW, A.REVEAL] if self.reveal_blocker(state) is None else [A.DRAW]
        return []

    def calling_forms(self, state: CoopState, plain: list[Action]) -> list[Action]:
        """The placements of ``plain`` that may also declare (knock), in ``plain``'s order,
        as their calling forms. A game may answer faster than asking :meth:`call_error` of
        each placement, never differently (tests/games/test_coop_properties.py checks)."""
        word = self.declare_word
        return [A.with_call(a, word) for a in plain if self.call_error(state, a) is None]

    def _place_actions(self, st: CoopState) -> list[Action]:
        acts = list(A.KEEP_ALL)
        drawn = st.drawn
        assert drawn is not None
        blocked = self.give_blocked
        me, protected, in_round = st.to_act, st.protected, st.in_round
        for s in range(st.n):
            # give_seat_error(st, s) is None, inlined (the searches list placements on
            # every turn); check_gives_agree in tests/games/test_coop_properties.py holds
            # this list to give_error on thousands of random positions
            if s != me and in_round[s] and s != protected:
                acts += A.GIVE_ROWS[s][blocked(st, s)]
        acts.append(A.DISCARD)
        if self.extra_words:
            acts.extend(self.place_extra(st, drawn))
        return acts

    def parse_action(self, state: CoopState, text: str) -> Action:
        """Read an action text (any case, extra spaces); raise a ``GameError`` if illegal."""
        if state.phase is Phase.OVER:
            raise GameOver(_("The game is over."))
        word, tokens = split_notation(text)
        call = ""
        if tokens and tokens[-1].lower() in A.CALLS:
            call = tokens.pop().lower()
        if word in A.LEGACY_WORDS:
            raise BadNotation(self._legacy(word))
        names = A.ARGS.get(word)
        if names is None or word not in self._rules:
            raise BadNotation(
                _(
                    "{word} is not a {game} action. {hint}",
                    word=repr(word),
                    game=_(self.title),
                    hint=self._hint(state),
                )
            )
        if len(tokens) != len(names):
            usage = A.EXAMPLES.get(word, word)
            raise BadNotation(_("Write {word} like this: {usage}.", word=word, usage=usage))
        args = tuple(parse_int(t, n) for t, n in zip(tokens, names, strict=True))
        action = A.make(word, args)
        if call:
            action = A.with_call(action, call)
        self._check(state, action)
        return action

    def _legacy(self, word: str) -> str:
        return T.legacy_hint(word, self.declare_word, _(self.title))

    def _hint(self, st: CoopState) -> str:
        words = sorted({a.word for a in self.legal_actions(st)})
        return _("Now you can: {words}.", words=", ".join(words))

    def apply(self, state: CoopState, action: Action) -> Transition[CoopState]:
        """Play ``action`` for the seat to act; ``state`` itself is left unchanged."""
        if state.phase is Phase.OVER:
            raise GameOver(_("The game is over."))
        self._check(state, action)
        st = state.copy()
        ev: Events = []
        word = action.word
        self._doers[word](st, action.args, ev)
        if word in A.PLACEMENTS:
            st.drawn = None
            if action.call:
                self.do_declare(st, ev)
            else:
                self.finish_turn(st, ev)
        return Transition(st, tuple(ev))

    # ================================================================ checking

    def _phase_error(self, st: CoopState, word: str, phase: Phase) -> None:
        if st.phase is not phase:
            expect = _(T.EXPECT[st.phase])
            raise IllegalAction(_("You can't {word} now: {expect}", word=word, expect=expect))

    def _slot(self, slot: Any) -> int:
        if type(slot) is not int or not 1 <= slot <= 4:
            raise IllegalAction(_("Coops are numbered 1 to 4."))
        return slot - 1

    def _seat(self, st: CoopState, seat: Any) -> int:
        if type(seat) is not int or not 0 <= seat < st.n:
            raise IllegalAction(
                _(
                    "There is no seat {seat}: seats are numbered 0 to {last}.",
                    seat=seat,
                    last=st.n - 1,
                )
            )
        return seat

    # The give rule lives in the two functions below; ``legal_actions`` (through
    # ``_place_actions``) and ``apply`` (through ``give_error``) both use them.

    def give_seat_error(self, st: CoopState, seat: int) -> Msg | None:
        """Why the drawn card may not go onto any of ``seat``'s face-up cards, or ``None``
        (a shared text: ``str()`` it to show it)."""
        if seat == st.to_act:
            return T.GIVE_OWN
        if not st.in_round[seat]:
            return T.GIVE_OUT
        if seat == st.protected:
            return T.GIVE_PROTECTED
        return None

    def give_blocked(self, st: CoopState, seat: int) -> int:
        """The face-up slots of ``seat`` the drawn card may not replace, as a bit mask (bit
        ``i`` for slot ``i + 1``): the aces, unless the drawn card is a 10."""
        if st.drawn in TENS:
            return 0
        row = st.up[seat]
        assert row is not None
        aces = ACES
        return (
            (row[0] in aces) | (row[1] in aces) << 1 | (row[2] in aces) << 2 | (row[3] in aces) << 3
        )

    def give_error(self, st: CoopState, seat: int, index: int) -> Msg | None:
        """Why the drawn card may not go onto ``seat``'s face-up slot ``index`` (0–3)."""
        error = self.give_seat_error(st, seat)
        if error is None and self.give_blocked(st, seat) >> index & 1:
            error = T.GIVE_ACE
        return error

    def _check(self, st: CoopState, action: Action) -> None:
        """The one check of a move: its word, arguments, phase and announcement."""
        word, args = action.word, action.args
        rule = self._rules.get(word)
        if rule is None:
            if word in A.LEGACY_WORDS:
                raise IllegalAction(self._legacy(word))
            raise IllegalAction(
                _("{word} is not a {game} action.", word=repr(word), game=_(self.title))
            )
        if len(args) != rule[0]:
            usage = A.EXAMPLES.get(word, word)
            raise BadNotation(_("Write {word} like this: {usage}.", word=word, usage=usage))
        rule[1](st, args)
        if action.call:
            if action.call != self.declare_word:
                raise IllegalAction(self._legacy(action.call))
            if word not in A.PLACEMENTS:
                raise IllegalAction(
                    _(
                        "You {verb} with the move that places your card, e.g. discard {verb}.",
                        verb=self.declare_word,
                    )
                )
            error = self.call_error(st, action)
            if error:
                raise IllegalAction(str(error))

    def _check_draw(self, st: CoopState, args: Args) -> None:
        if st.phase is not Phase.REVEAL:
            self._phase_error(st, "draw", Phase.DRAW)
        if st.pos >= len(st.stock):
            raise IllegalAction(_("The stock is empty: there is nothing to draw."))

    def _check_keep(self, st: CoopState, args: Args) -> None:
        self._phase_error(st, "keep", Phase.PLACE)
        self._slot(args[0])

    def _check_give(self, st: CoopState, args: Args) -> None:
        self._phase_error(st, "give", Phase.PLACE)
        seat = self._seat(st, args[0])
        index = self._slot(args[1])
        error = self.give_error(st, seat, index)
        if error:
            raise IllegalAction(str(error))

    def _check_discard(self, st: CoopState, args: Args) -> None:
        self._phase_error(st, "discard", Phase.PLACE)

    def _check_reveal(self, st: CoopState, args: Args) -> None:
        error = self.reveal_blocker(st)
        if error:
            raise IllegalAction(str(error))

    def reveal_blocker(self, st: CoopState) -> Msg | None:
        """Why the seat to act may not reveal now, or ``None`` (``str()`` it to show it)."""
        return T.NO_REVEAL

    # ================================================================ doing

    def hidden_discards(self, st: CoopState) -> bool:
        """Is the discard pile face down (variant ``discards=hidden``)?"""
        return placing.hidden_discards(st)

    def discard_private(
        self, st: CoopState, seat: int, card: Card, ev: Events, public: Event, text: Told
    ) -> None:
        """Put a card only ``seat`` has seen on the pile (:func:`placing.discard_private`)."""
        placing.discard_private(st, seat, card, ev, public, text)

    def _do_reveal(self, st: CoopState, args: Args, ev: Events) -> None:
        self.do_reveal(st, ev)

    _checks: dict[str, Callable[[Any, CoopState, Args], None]] = {  # noqa: RUF012
        "draw": _check_draw,
        "keep": _check_keep,
        "give": _check_give,
        "discard": _check_discard,
        "reveal": _check_reveal,
    }
    _do: dict[str, Callable[[Any, CoopState, Args, Events], None]] = {  # noqa: RUF012
        "draw": placing.do_draw,
        "keep": placing.do_keep,
        "give": placing.do_give,
        "discard": placing.do_discard,
        "reveal": _do_reveal,
    }
