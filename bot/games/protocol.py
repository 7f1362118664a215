"""The engine contract every game follows, and the values it speaks in.

An engine is a stateless object; all game data lives in the state it returns. The same
seed and the same actions always give the same game, so a table is stored as
``seed + variant + action texts`` and rebuilt with :func:`replay`.

Seats are 0-based ints. Event texts name seats with the placeholder ``{p<seat>}``
(see :func:`seat_ref`); :meth:`Event.render` puts real names in.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from bot.games.cards import Card
from bot.games.views import GameView
from bot.i18n import L_, Msg, _

# ---------------------------------------------------------------------------- errors


class GameError(Exception):
    """A move or option the rules do not allow. The message is fit to show a player."""


class IllegalAction(GameError):
    """The action is not allowed now (wrong card, wrong slot, wrong phase)."""


class BadNotation(IllegalAction):
    """The action text could not be read at all."""


class NotYourTurn(IllegalAction):
    """Somebody other than the seat to act tried to act."""


class GameOver(IllegalAction):
    """The game has ended; nothing more can be played."""


class InvalidVariant(GameError):
    """A table option is out of range or does not fit the number of players."""


class LegacyLogError(GameError):
    """A stored action log written under an older notation cannot be translated or replayed.

    The table it belongs to must be closed (with an apology in its channel)."""


# ---------------------------------------------------------------------------- actions

ActionArg = int | Card


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: a word, its arguments and an announcement made with it.

    ``str(action)`` is the notation: ``Action("give", (1, 3))`` -> ``"give 1 3"``;
    ``Action("capture", (Card.parse("5D"), Card.parse("2C")))`` -> ``"capture 5D 2C"``;
    ``Action("keep", (2,), "declare")`` -> ``"keep 2 declare"`` (a coop placement that also
    declares Soureh or knocks in Pariah: ``call`` is ``""``, ``"declare"`` or ``"knock"``).
    """

    word: str
    args: tuple[ActionArg, ...] = ()
    call: str = ""

    def __str__(self) -> str:
        parts = [self.word, *map(str, self.args)]
        if self.call:
            parts.append(self.call)
        return " ".join(parts)


def split_notation(text: str) -> tuple[str, list[str]]:
    """Split an action text into its lower-case word and its argument tokens."""
    parts = text.strip().split()
    if not parts:
        raise BadNotation(_("Type an action, for example `draw` or `keep 2`."))
    return parts[0].lower(), parts[1:]


def parse_int(token: str, what: str) -> int:
    """Read a whole number argument, or raise ``BadNotation`` naming ``what`` (``"seat"`` or
    ``"slot"``: the argument's name, said in the player's language)."""
    try:
        return int(token)
    except ValueError:
        if what == "seat":
            message = _("{token} is not a seat: give a number.", token=repr(token))
        elif what == "slot":
            message = _("{token} is not a coop: give its number.", token=repr(token))
        else:
            message = _("{token} is not a number.", token=repr(token))
        raise BadNotation(message) from None


def parse_card(token: str) -> Card:
    """Read a card argument, or raise ``BadNotation``."""
    try:
        return Card.parse(token)
    except ValueError as exc:
        raise BadNotation(str(exc)) from None


# ---------------------------------------------------------------------------- events

_SEAT_REF = re.compile(r"\{p(\d+)\}")


MOVE_WORDS_GAP = " — "
#: The events of a draw whose move follows (a coop turn): the move's line tells the draw.
DRAW_KINDS = frozenset({"draw", "drawn"})  # i18n: not for people


def move_words(move: str, words: str) -> str:
    """A move's notation and what it does: ``"keep 2 — put 7♥ in place of …"``. Panels
    show only the words (the part after :data:`MOVE_WORDS_GAP`), so it is one text of the
    catalogs and the words another."""
    # Translators: keep the notation ({move}) first and " — " after it: panels cut there.
    return _("{move} — {words}", move=move, words=words)


def seat_ref(seat: int) -> str:
    """The placeholder that stands for a seat's name in an event text."""
    return f"{{p{seat}}}"


#: What an event says: a text, a lazy :class:`~bot.i18n.Msg`, or a function that makes
#: one (called once, the first time the text is read: most events of a computer player's
#: search are never read, so they should cost no more than a closure).
Told = str | Msg | Callable[[], str | Msg]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Event:
    """Something that happened, told in words.

    ``told`` is the text: ``str``, a :class:`~bot.i18n.Msg` translated when shown (seats
    as ``{p<seat>}`` values), or a function returning one (``lambda: L_(...)``: built only
    if somebody reads it); read it as :attr:`text`. ``seats`` is ``None`` for a public
    event, or the seats that may see it (an event that shows a hidden card is private).
    ``data`` is JSON-able detail for renderers; a private event whose ``data["replaces"]``
    names a public event's kind tells its seats the same thing in full ("Ann drew 6♣." for
    "Ann drew a card."), so they are shown only this one.
    """

    kind: str
    told: Told
    seats: frozenset[int] | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str | Msg:
        """The text (a lazy one is made now, once)."""
        told = self.told
        if callable(told):
            told = told()
            object.__setattr__(self, "told", told)
        return told

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.text, self.seats, self.data) == (
            other.kind,
            other.text,
            other.seats,
            other.data,
        )

    __hash__ = None  # type: ignore[assignment]  # data is a dict: events are not hashable

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.text!r}, {self.seats!r}, {dict(self.data)!r})"

    @property
    def public(self) -> bool:
        """True when everyone may see this event."""
        return self.seats is None

    def visible_to(self, seat: int | None) -> bool:
        """May ``seat`` (``None``: an onlooker) see this event?"""
        return self.seats is None or (seat is not None and seat in self.seats)

    def render(self, names: Sequence[str]) -> str:
        """The text in the current language, seat placeholders replaced by ``names`` (a
        seat without a name is "Seat 3")."""
        text = self.text
        if type(text) is not str:
            text = str(text)
        if "{p" not in text:
            return text

        def name(match: re.Match[str]) -> str:
            seat = int(match.group(1))
            return names[seat] if seat < len(names) else _("Seat {n}", n=seat + 1)

        return _SEAT_REF.sub(name, text)


def seat_list(seats: Iterable[int]) -> str | Msg:
    """Seats named together: ``{p0}``, ``{p0} and {p1}``, ``{p0}, {p1} and {p2}``."""
    refs = [seat_ref(s) for s in seats]
    if len(refs) <= 1:
        return "".join(refs)
    return L_("{names} and {last}", names=", ".join(refs[:-1]), last=refs[-1])


def joined(parts: Sequence[str | Msg], sep: str = "\n") -> Msg:
    """Texts shown one after another (lines of a round's score), each translated when shown."""
    keys = [f"part{i}" for i in range(len(parts))]
    return Msg(sep.join("{" + k + "}" for k in keys), dict(zip(keys, parts, strict=True)))


def seen_by(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` may see, without the public ones a private event replaces."""
    visible = [e for e in events if e.visible_to(seat)]
    replaced = {e.data.get("replaces") for e in visible if not e.public}
    return [e for e in visible if not (e.public and e.kind in replaced)]


def public_events(events: Iterable[Event]) -> list[Event]:
    """Only the events everyone may see."""
    return [e for e in events if e.seats is None]


S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Transition(Generic[S]):
    """The result of applying an action: the new state and what happened."""

    state: S
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class SaidToYou:
    """One of an engine's event texts (``event``, its ``N_`` English) and how it reads to
    the seat in ``role`` (``player``, ``target``, ``other``): ``you``, a sentence of its own
    whose placeholders are the event's less that role's (``bot.games.you.second_person``)."""

    event: str
    role: str
    you: str


# ---------------------------------------------------------------------------- engine


@runtime_checkable
class Engine(Protocol[S]):
    """What every game engine offers. See DESIGN.md, "The engine contract".

    Views are JSON-able dicts; their keys are described in ``bot/games/VIEWS.md`` and typed
    in :mod:`bot.games.views` (each game's own view extends :class:`GameView`).
    """

    name: str  # "soureh"
    title: str  # "Soureh"
    min_players: int
    max_players: int
    lowest_wins: bool  # the scoring direction: True when the lowest total wins (Soureh)
    Variant: type  # the frozen options dataclass; ``Variant()`` gives the defaults
    # Its events told to the seat they are about, in the second person ("You drew 7♦."):
    # each game words its own (its ``texts`` module); () when none is.
    said_to_you: tuple[SaidToYou, ...]

    def new_game(
        self,
        players: int,
        seed: int,
        variant: Any | None = None,
        deck: Sequence[Card] | None = None,
    ) -> S:
        """Deal a new game. ``deck`` (top first) stacks the first round."""
        ...

    def to_act(self, state: S) -> int | None:
        """The seat whose decision it is; ``None`` once the game is over."""
        ...

    def legal_actions(self, state: S) -> list[Action]:
        """Every action open to the seat to act (empty once the game is over)."""
        ...

    def parse_action(self, state: S, text: str) -> Action:
        """Read an action text; raise a ``GameError`` if it is unreadable or illegal now."""
        ...

    def apply(self, state: S, action: Action) -> Transition[S]:
        """Play ``action`` for the seat to act; ``state`` itself is left unchanged."""
        ...

    def describe(self, state: S, action: Action) -> str:
        """The action in words for the seat to act ("keep 2 — put 7♥ under your slot 2").

        May mention that seat's own hidden cards: it is only shown to that seat.
        """
        ...

    def public_view(self, state: S) -> GameView:
        """What everyone at the table may see. Holds no hidden card."""
        ...

    def player_view(self, state: S, seat: int) -> GameView:
        """What ``seat`` may see: the public view plus that seat's own hidden cards."""
        ...

    def totals(self, state: S) -> list[int]:
        """Each seat's running score."""
        ...

    def winners(self, state: S) -> list[int]:
        """The winning seats, empty until the game is over."""
        ...

    def hidden_cards(self, state: S, seat: int) -> list[str]:
        """``seat``'s own hidden cards as it sees them, as codes; cheap (no view built).

        Soureh/Pariah: its face-down cards, then the drawn card it holds if any.
        Turup/Soi: its hand, in the order of ``player_view(state, seat)["hand"]``.
        """
        ...

    def drawn_card(self, state: S, seat: int) -> str | None:
        """The drawn card ``seat`` holds (``player_view(...)["drawn"]``), else ``None``."""
        ...

    def round_number(self, state: S) -> int:
        """The current round number (``public_view(state)["round"]``); cheap."""
        ...

    def quiet(self, state: S, action: Action) -> bool:
        """Does the table learn nothing from ``action`` in ``state`` but that the turn goes
        on (Soureh's and Pariah's draw from the face-down stock at a turn's start)? The
        table then shows it together with the move that follows. Decided from public
        facts only (the phase, the word), never from the mover's cards or choices, so when
        the table is shown says nothing hidden."""
        ...



@runtime_checkable
class LegacyNotation(Protocol):
    """An engine whose notation changed since tables were stored (Soureh's and Pariah's,
    issue 23): it translates a stored log. Engines whose notation never changed leave it
    out."""

    def translate_legacy(self, actions: Sequence[str]) -> list[str]:
        """A stored log written under an older notation, in today's notation.

        Raises :class:`LegacyLogError` when the log cannot be translated.
        """
        ...


def in_todays_notation(engine: object, actions: Sequence[str]) -> list[str]:
    """A stored log in today's notation: translated by an engine whose notation changed
    (:class:`LegacyNotation`), as it is otherwise."""
    if isinstance(engine, LegacyNotation):
        return engine.translate_legacy(actions)
    return list(actions)


@dataclass(frozen=True, slots=True)
class Replayed(Generic[S]):
    """One logged action played again: the state it was played in, the action (parsed
    from the log's text) and its transition."""

    before: S
    action: Action
    transition: Transition[S]


def replaying(engine: Engine[S], state: S,
              actions: Iterable[Action | str]) -> Iterator[Replayed[S]]:
    """Play ``actions`` (actions or their notation, e.g. a stored log) from ``state``, one
    :class:`Replayed` step at a time: the one replay loop of the house (the restorer, the
    after-game pages, reviews, old notation). Raises what ``parse_action`` and ``apply``
    raise (a :class:`GameError`) when the log no longer plays."""
    for item in actions:
        action = engine.parse_action(state, item) if isinstance(item, str) else item
        transition = engine.apply(state, action)
        yield Replayed(state, action, transition)
        state = transition.state


def replay(
    engine: Engine[Any],
    players: int,
    seed: int,
    actions: Iterable[Action | str],
    variant: Any | None = None,
    deck: Sequence[Card] | None = None,
) -> Any:
    """Rebuild a state from its seed, options and action texts (the stored log)."""
    state = engine.new_game(players, seed, variant, deck)
    for step in replaying(engine, state, actions):
        state = step.transition.state
    return state
