"""What Soureh and Pariah share: the engine contract, draw/keep/give/discard, parsing.

A game subclasses :class:`CoopEngine` and fills in the hooks of
:class:`bot.games.coop.rounds.CoopRules` (variant check, when a player may declare or
knock, how a turn ends and begins, how a round is scored and when the game is over).

Every move has one checking function used by ``parse_action``, ``legal_actions``
(through the same ``*_error`` helpers) and ``apply``.
"""

from __future__ import annotations

import logging
import random
import types
from collections.abc import Callable
from typing import Any

from bot.games.cards import Card
from bot.games.coop import actions as A
from bot.games.coop.actions import ACES, CODE, TENS, disp
from bot.games.coop.determinize import determinize
from bot.games.coop.rounds import PRIVATE, Args, CoopRules, Events
from bot.games.coop.state import CoopState, Phase
from bot.games.coop.views import build_view, describe
from bot.games.protocol import (
    Action,
    BadNotation,
    Event,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Transition,
    parse_int,
    split_notation,
)

log = logging.getLogger(__name__)

# Events that recur are built once and shared: treat an event's ``data`` as read-only.
_DRAW_EVENTS = tuple(
    Event("draw", f"{{p{s}}} drew a card.", None, {"seat": s}) for s in range(A.MAX_SEATS)
)
_DRAWN: dict[tuple[int, Card], Event] = {}

_EXPECT = {
    Phase.DRAW: "start your turn with draw.",
    Phase.PLACE: "place the card you drew first: keep, give or discard it.",
    Phase.DECLARE: "your turn is over: {word} or end.",
    Phase.REVEAL: "choose reveal or continue before drawing.",
}


class CoopEngine(CoopRules):
    """The engine of a coop game. Stateless: all game data lives in :class:`CoopState`."""

    def __init__(self) -> None:
        words = ["draw", "keep", "give", "discard", "end", "reveal", "continue"]
        words += [self.declare_word, *sorted(self.extra_words)]
        checks = {**self._checks, self.declare_word: CoopEngine._check_declare}
        self._rules: dict[str, tuple[int, Callable[[CoopState, Args], None]]] = {
            w: (len(A.ARGS[w]), types.MethodType(checks[w], self)) for w in words
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
            raise GameOver("The game is over.")
        if state.to_act != seat:
            raise NotYourTurn("It is not your turn.")

    def totals(self, state: CoopState) -> list[int]:
        """Each seat's running score."""
        return list(state.totals)

    def winners(self, state: CoopState) -> list[int]:
        """The winning seats, empty until the game is over."""
        return list(state.winners)

    def public_view(self, state: CoopState) -> dict[str, Any]:
        """What everyone at the table may see (no face-down card before scoring)."""
        view = build_view(self.name, state, None)
        self.extra_view(state, view)
        return view

    def player_view(self, state: CoopState, seat: int) -> dict[str, Any]:
        """The public view plus ``seat``'s own face-down cards, validity and drawn card."""
        view = build_view(self.name, state, seat)
        self.extra_view(state, view)
        return view

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

    def round_number(self, state: CoopState) -> int:
        """The current round number."""
        return state.round

    def describe(self, state: CoopState, action: Action) -> str:
        """The action in words for the seat to act (``{p<seat>}`` placeholders for seats)."""
        return describe(state, action, self.declare_word)

    def determinize(self, state: CoopState, seat: int, rng: random.Random) -> CoopState:
        """A state identical in all ``seat`` sees, every card hidden from him reshuffled."""
        return determinize(self.valid_table, state, seat, rng)

    def legal_actions(self, state: CoopState) -> list[Action]:
        """Every action open to the seat to act."""
        phase = state.phase
        if phase is Phase.PLACE:
            return self._place_actions(state)
        if phase is Phase.DRAW:
            return [A.DRAW]
        if phase is Phase.DECLARE:
            return [A.KNOCK if self.declare_word == "knock" else A.DECLARE, A.END]
        if phase is Phase.REVEAL:
            return [A.REVEAL, A.CONTINUE]
        return []

    def _place_actions(self, st: CoopState) -> list[Action]:
        acts = list(A.KEEP_ALL)
        drawn = st.drawn
        assert drawn is not None
        seat_error = self.give_seat_error
        blocked = self.give_blocked
        for s in range(st.n):
            if seat_error(st, s) is None:
                acts += A.GIVE_ROWS[s][blocked(st, s)]
        acts.append(A.DISCARD)
        if self.extra_words:
            acts.extend(self.place_extra(st, drawn))
        return acts

    def parse_action(self, state: CoopState, text: str) -> Action:
        """Read an action text (any case, extra spaces); raise a ``GameError`` if illegal."""
        if state.phase is Phase.OVER:
            raise GameOver("The game is over.")
        word, tokens = split_notation(text)
        names = A.ARGS.get(word)
        if word in ("declare", "knock") and word != self.declare_word:
            raise BadNotation(f"There is no {word} in {self.title}: use {self.declare_word}.")
        if names is None or word not in self._rules:
            raise BadNotation(f"{word!r} is not a {self.title} action. {self._hint(state)}")
        if len(tokens) != len(names):
            usage = A.EXAMPLES.get(word, word)
            raise BadNotation(f"Write {word} like this: {usage}.")
        args = tuple(parse_int(t, n) for t, n in zip(tokens, names, strict=True))
        action = A.make(word, args)
        self._check(state, action.word, action.args)
        return action

    def _hint(self, st: CoopState) -> str:
        words = sorted({str(a).split()[0] for a in self.legal_actions(st)})
        return "Now you can: " + ", ".join(words) + "."

    def apply(self, state: CoopState, action: Action) -> Transition[CoopState]:
        """Play ``action`` for the seat to act; ``state`` itself is left unchanged."""
        if state.phase is Phase.OVER:
            raise GameOver("The game is over.")
        word = action.word
        args = action.args
        self._check(state, word, args)
        st = state.copy()
        ev: Events = []
        self._doers[word](st, args, ev)
        return Transition(st, tuple(ev))

    # ================================================================ checking

    def _phase_error(self, st: CoopState, word: str, phase: Phase) -> None:
        if st.phase is not phase:
            expect = _EXPECT[st.phase].format(word=self.declare_word)
            raise IllegalAction(f"You can't {word} now: {expect}")

    def _slot(self, slot: Any) -> int:
        if type(slot) is not int or not 1 <= slot <= 4:
            raise IllegalAction("Slots are numbered 1 to 4.")
        return slot - 1

    def _seat(self, st: CoopState, seat: Any) -> int:
        if type(seat) is not int or not 0 <= seat < st.n:
            raise IllegalAction(f"There is no seat {seat}: seats are numbered 0 to {st.n - 1}.")
        return seat

    # The give rule lives in the two functions below; ``legal_actions`` (through
    # ``_place_actions``) and ``apply`` (through ``give_error``) both use them.

    def give_seat_error(self, st: CoopState, seat: int) -> str | None:
        """Why the drawn card may not go onto any of ``seat``'s face-up cards, or ``None``."""
        if seat == st.to_act:
            return "You never replace your own face-up cards: keep replaces a face-down one."
        if not st.in_round[seat]:
            return "That player is not in this round."
        if seat == st.protected:
            return "That player is protected: nobody may replace his cards until his turn."
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

    def give_error(self, st: CoopState, seat: int, index: int) -> str | None:
        """Why the drawn card may not go onto ``seat``'s face-up slot ``index`` (0–3)."""
        error = self.give_seat_error(st, seat)
        if error is None and self.give_blocked(st, seat) >> index & 1:
            error = "A face-up ace can only be replaced by a 10."
        return error

    def _check(self, st: CoopState, word: str, args: Args) -> None:
        rule = self._rules.get(word)
        if rule is None:
            if word in ("declare", "knock"):
                raise IllegalAction(f"There is no {word} in {self.title}: use {self.declare_word}.")
            raise IllegalAction(f"{word!r} is not a {self.title} action.")
        if len(args) != rule[0]:
            raise BadNotation(f"Write {word} like this: {A.EXAMPLES.get(word, word)}.")
        rule[1](st, args)

    def _check_declare(self, st: CoopState, args: Args) -> None:
        error = self.declare_error(st)
        if error:
            raise IllegalAction(error)

    def _check_draw(self, st: CoopState, args: Args) -> None:
        self._phase_error(st, "draw", Phase.DRAW)

    def _check_keep(self, st: CoopState, args: Args) -> None:
        self._phase_error(st, "keep", Phase.PLACE)
        self._slot(args[0])

    def _check_give(self, st: CoopState, args: Args) -> None:
        self._phase_error(st, "give", Phase.PLACE)
        seat = self._seat(st, args[0])
        index = self._slot(args[1])
        error = self.give_error(st, seat, index)
        if error:
            raise IllegalAction(error)

    def _check_discard(self, st: CoopState, args: Args) -> None:
        self._phase_error(st, "discard", Phase.PLACE)

    def _check_end(self, st: CoopState, args: Args) -> None:
        self._phase_error(st, "end your turn", Phase.DECLARE)

    def _check_reveal(self, st: CoopState, args: Args) -> None:
        if st.phase is not Phase.REVEAL:
            raise IllegalAction(self.reveal_error(st))

    def reveal_error(self, st: CoopState) -> str:
        """Why reveal/continue is not open now (only asked when it is not)."""
        return "You can only reveal or continue when your turn comes back after declaring."

    # ================================================================ doing

    def _do_draw(self, st: CoopState, args: Args, ev: Events) -> None:
        seat = st.to_act
        assert seat is not None
        card = st.stock[st.pos]
        st.pos += 1
        st.drawn = card
        st.phase = Phase.PLACE
        ev.append(_DRAW_EVENTS[seat])
        private = _DRAWN.get((seat, card))
        if private is None:
            private = _DRAWN[(seat, card)] = Event(
                "drawn",
                f"{{p{seat}}} drew {disp(card)}.",
                PRIVATE[seat],
                {"card": CODE[card], "replaces": "draw"},
            )
        ev.append(private)

    def _do_keep(self, st: CoopState, args: Args, ev: Events) -> None:
        seat = st.to_act
        drawn = st.drawn
        assert seat is not None and drawn is not None
        slot = args[0]
        up = st.up[seat]
        assert up is not None
        old = st.set_down(seat, slot - 1, drawn, self.valid_table[(up[slot - 1], drawn)])
        st.push_discard(old)
        ev.append(
            Event(
                "keep",
                f"{{p{seat}}} drew a card and kept it in slot {slot}; "
                f"the face-down {disp(old)} goes to the discard pile.",
                None,
                {"seat": seat, "slot": slot, "discarded": CODE[old]},
            )
        )
        ev.append(Event("kept", f"{{p{seat}}} kept {disp(drawn)} in slot {slot}.", PRIVATE[seat]))
        self._after_place(st, ev)

    def _do_give(self, st: CoopState, args: Args, ev: Events) -> None:
        seat = st.to_act
        drawn = st.drawn
        assert seat is not None and drawn is not None
        target, slot = args
        down = st.down[target]
        assert down is not None
        old = st.set_up(target, slot - 1, drawn, self.valid_table[(drawn, down[slot - 1])])
        st.push_discard(old)
        ev.append(
            Event(
                "give",
                f"{{p{seat}}} drew a card and gave it to {{p{target}}}'s slot {slot}: "
                f"{disp(drawn)} replaces {disp(old)}.",
                None,
                {
                    "seat": seat,
                    "target": target,
                    "slot": slot,
                    "card": CODE[drawn],
                    "discarded": CODE[old],
                },
            )
        )
        if target == st.declarer and st.protected is None and self.declare_word == "declare":
            st.protected = target
            ev.append(
                Event(
                    "protect",
                    f"{{p{target}}} is now protected: nobody else may replace his cards.",
                    None,
                    {"seat": target},
                )
            )
        self._after_place(st, ev)

    def _do_discard(self, st: CoopState, args: Args, ev: Events) -> None:
        seat = st.to_act
        drawn = st.drawn
        assert seat is not None and drawn is not None
        st.push_discard(drawn)
        ev.append(
            Event(
                "discard",
                f"{{p{seat}}} drew {disp(drawn)} and discarded it.",
                None,
                {"seat": seat, "card": CODE[drawn]},
            )
        )
        self._after_place(st, ev)

    def _after_place(self, st: CoopState, ev: Events) -> None:
        st.drawn = None
        if self.may_declare(st):
            st.phase = Phase.DECLARE
        else:
            self.finish_turn(st, ev)

    def _do_declare(self, st: CoopState, args: Args, ev: Events) -> None:
        self.do_declare(st, ev)

    def _do_end(self, st: CoopState, args: Args, ev: Events) -> None:
        self.finish_turn(st, ev)

    def _do_reveal(self, st: CoopState, args: Args, ev: Events) -> None:
        self.do_reveal(st, ev)

    def _do_continue(self, st: CoopState, args: Args, ev: Events) -> None:
        self.do_continue(st, ev)

    _checks: dict[str, Callable[[Any, CoopState, Args], None]] = {  # noqa: RUF012
        "draw": _check_draw,
        "keep": _check_keep,
        "give": _check_give,
        "discard": _check_discard,
        "end": _check_end,
        "reveal": _check_reveal,
        "continue": _check_reveal,
    }
    _do: dict[str, Callable[[Any, CoopState, Args, Events], None]] = {  # noqa: RUF012
        "draw": _do_draw,
        "keep": _do_keep,
        "give": _do_give,
        "discard": _do_discard,
        "declare": _do_declare,
        "knock": _do_declare,
        "end": _do_end,
        "reveal": _do_reveal,
        "continue": _do_continue,
    }
