"""The in-memory side of a table: its stored row, seats, engine state and render bookkeeping."""

from __future__ import annotations

import asyncio
import json
from collections import Counter, deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.games.protocol import DRAW_KINDS, Action, Engine, Event, NotYourTurn
from bot.games.views import GameView
from bot.games.you import second_person
from bot.i18n import DEFAULT, _, _n, use_locale
from bot.seen import SeatSeen, Seen, Views
from bot.tables.languages import Languages
from storage.tables import SeatRecord, TableRecord, TableStatus

if TYPE_CHECKING:  # the game is given, looked up where the table is made or restored
    from bot.games.registry import Game

RECENT_EVENTS = 6


def as_typed(name: str) -> str:
    """A name as its person typed it (the console's and the tests' ``Voice``)."""
    return name


@dataclass(frozen=True, slots=True)
class Voice:
    """How a table writes text for a channel, given to each table by the service that
    makes or restores it (``TableService(shown=..., languages=...)``):

    - ``shown``: how a person's name goes into that text (the Recent lines, the words of a
      move). The Discord side gives ``bot.render.names.shown`` (bidi controls dropped,
      markdown and mentions escaped, the name isolated); the service knows nothing of
      markdown. By default names go in as typed.
    - ``languages``: whose choices tell the language of the table's public text (its
      server's); without them every table speaks English.
    """

    shown: Callable[[str], str] = as_typed
    languages: Languages | None = None

    def language(self, guild_id: int | None) -> str:
        """The language of that server's public messages."""
        return self.languages.of_server(guild_id) if self.languages is not None else DEFAULT


PLAIN = Voice()
"""Names as typed, every table in English (the console, the tests, a bare service)."""

PRIVATE_EVENTS = 4


class TableError(Exception):
    """A table operation that cannot be done; the message is fit to show the person."""


class StaleAction(TableError):
    """The click was made on an out-of-date message (version mismatch)."""

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message or _("This button is out of date."))


class NotSaved(TableError):
    """The action could not be stored, so it was not played (the table is unchanged)."""

    def __init__(self, message: str | None = None) -> None:
        super().__init__(
            message or _("Your move could not be saved, so it was not played — try again."))


class TableExists(TableError):
    """The channel already has an open table."""

    def __init__(self, table_id: int, message_id: int | None) -> None:
        super().__init__(_("There is already an open table in this channel."))
        self.table_id = table_id
        self.message_id = message_id


@dataclass(frozen=True, slots=True)
class ActResult:
    """What an accepted action did, from the acting seat's point of view."""

    seat: int
    action: Action
    version: int
    events: tuple[str, ...]  # rendered, visible to the acting seat
    over: bool


@dataclass(eq=False, repr=False)
class Table:
    """A table held in memory: the stored row, seats and (once running) the engine state.

    Its ``repr`` names the table only: the state holds hidden cards and must never reach a
    log line or an error message.
    """

    record: TableRecord
    seats: list[SeatRecord]
    # The table's game (engine, players, look), looked up once by whoever makes the table
    # (the lobby, the restore, a lesson); everything downstream reads it here.
    entry: Game
    state: Any = None
    log: list[str] = field(default_factory=list)
    recent: deque[str] = field(default_factory=lambda: deque(maxlen=RECENT_EVENTS))
    private: dict[int, deque[str]] = field(default_factory=dict)
    rounds: list[tuple[int, ...]] = field(default_factory=list)
    round_no: int = 0
    round_start_totals: tuple[int, ...] = ()
    final_recorded: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    render_lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # message edits/reposts
    # rendering and DMs (coalesced by the service)
    dirty: bool = False
    last_render: float = float("-inf")
    flush_task: asyncio.Task[None] | None = None
    quiet_task: asyncio.Task[None] | None = None  # shows a quiet move if nothing follows
    pending_dms: set[int] = field(default_factory=set)
    dm_hidden: dict[int, list[str]] = field(default_factory=dict)
    dm_refused: set[int] = field(default_factory=set)
    ai_task: asyncio.Task[None] | None = None
    # a rematch lobby: the old table's seats (user ids, None for a computer seat) in order;
    # whoever joins sits where they sat before, whatever the order of the Join clicks
    seat_order: tuple[int | None, ...] = ()
    # hints (bot.discord.hints): seat -> hints used (kept in snapshots), and whether the
    # panel offers the Hint button (the server's setting, read at Take turn)
    hints: dict[int, int] = field(default_factory=dict)
    hints_offered: bool = False
    # each list's line of a draw whose move is still to come ("public" or a seat): that
    # move's line tells the whole turn and takes the draw's place (one line per turn)
    draw_lines: dict[object, tuple[int | None, str]] = field(default_factory=dict, repr=False)
    # how its channel text shows names and which language it speaks (``Voice``)
    voice: Voice = PLAIN
    # a table that lives in interaction answers (a DM, a group DM: ``record.interaction_only``)
    # waits while no interaction of it can update its message: computers and timers hold
    # until a press brings a fresh one (``TableClock.release``). Restored tables wait.
    waiting: bool = False
    # the seats' names as shown (``shown_names``), with the voice and names they were for
    _shown: tuple[tuple[Voice, tuple[str, ...]], tuple[str, ...]] | None = field(
        default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self.waiting = self.record.interaction_only

    def __repr__(self) -> str:
        rec = self.record
        return f"<Table #{rec.id} {rec.game} {rec.status} v{rec.version}>"

    # ------------------------------------------------------------ identity

    @property
    def id(self) -> int:
        """The table id."""
        return self.record.id

    @property
    def version(self) -> int:
        """The state version carried in custom_ids."""
        return self.record.version

    @property
    def status(self) -> TableStatus:
        """lobby, running, finished, cancelled or broken."""
        return self.record.status

    @property
    def game(self) -> str:
        """The game name (``"soureh"``...)."""
        return self.record.game

    @property
    def engine(self) -> Engine[Any]:
        """The game's engine."""
        return self.entry.engine

    @property
    def names(self) -> list[str]:
        """Seat names in seat order (for ``Event.render``)."""
        return [s.name for s in self.seats]

    @property
    def language(self) -> str:
        """The language of the table's public messages: its server's (``Voice``)."""
        return self.voice.language(self.record.guild_id)

    @property
    def in_lobby(self) -> bool:
        """True before the cards are dealt."""
        return self.record.status is TableStatus.LOBBY

    @property
    def finished(self) -> bool:
        """True once the game was played to its end."""
        return self.record.status is TableStatus.FINISHED

    @property
    def cancelled(self) -> bool:
        """True when the table was closed before its end (cancelled, not broken)."""
        return self.record.status is TableStatus.CANCELLED

    @property
    def running(self) -> bool:
        """True while the game is being played."""
        return self.record.status is TableStatus.RUNNING and self.state is not None

    def seat_of(self, user_id: int) -> int | None:
        """The seat of that user, or ``None``."""
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    def seat_to_act(self, user_id: int) -> int:
        """The user's seat when he may move now; else the one refusal of a move out of turn,
        worded once for every way of moving (a click, ``/move``): not seated, a computer
        holding his seat, or another seat to act (``TableService.act`` asks it, under the
        table's lock, and so does Take turn)."""
        seat = self.seat_of(user_id)
        if seat is None:
            raise TableError(_("You are not seated at this table."))
        if self.seats[seat].is_computer_held:
            raise TableError(_("A computer player holds your seat: press Take my seat back "
                               "first."))
        to_act = self.to_act()
        if to_act != seat:
            who = self.shown_names[to_act] if to_act is not None else _("nobody")
            raise NotYourTurn(_("It is not your turn — {who} is to act. Press My cards to see "
                                "yours.", who=who))
        return seat

    def to_act(self) -> int | None:
        """The seat to act now (``None`` in the lobby or once over)."""
        if self.state is None:
            return None
        return self.engine.to_act(self.state)

    def turn_deadline(self, now: float, state: Any = None) -> float | None:
        """When the seat to act runs out of time (``now`` plus the turn's seconds), if the
        table is timed (in ``state`` if given, else in the table's state)."""
        seconds = self.record.timer_seconds
        seat = self.to_act() if state is None else self.engine.to_act(state)
        if not seconds or seat is None or self.seats[seat].is_computer_held:
            return None
        return now + seconds

    def humans_left(self) -> list[SeatRecord]:
        """Human seats that have not resigned."""
        return [s for s in self.seats if s.user_id is not None and not s.resigned]

    def describe(self, action: Action, names: Sequence[str] | None = None) -> str:
        """The action in words for the seat to act, with seat names filled in: as a
        channel shows them (``shown_names``), or ``names`` (as typed, to match what a
        person types; as a label shows them)."""
        return Event("describe", self.engine.describe(self.state, action)).render(
            self.shown_names if names is None else names)

    def public_view(self) -> GameView:
        """The engine's public view (only once a game is dealt: ``ValueError`` in the lobby)."""
        if self.state is None:
            raise ValueError("no view of a table in its lobby")  # i18n: not for people
        return self.engine.public_view(self.state)

    def player_view(self, seat: int) -> GameView:
        """That seat's view."""
        return self.engine.player_view(self.state, seat)

    def seen(self) -> Seen:
        """The table as the presentation sees it now: a frozen snapshot (``bot.seen``),
        built once per click or render and passed down; the engine's views of the state
        are worked out when the presentation first asks for them."""
        rec = self.record
        return Seen(
            id=rec.id, version=rec.version, game=self.entry, status=str(rec.status),
            seats=tuple(SeatSeen(s.seat, s.user_id, s.name, s.resigned, s.is_computer_held)
                        for s in self.seats),
            shown_names=tuple(self.shown_names), to_act=self.to_act(),
            guild_id=rec.guild_id, channel_id=rec.channel_id, message_id=rec.message_id,
            interaction_only=rec.interaction_only, host_id=rec.host_id, variant=rec.variant,
            timer_seconds=rec.timer_seconds, deadline=rec.deadline, end_reason=rec.end_reason,
            recent=tuple(self.recent),
            private={seat: tuple(lines) for seat, lines in self.private.items()},
            rounds=len(self.rounds), hints=dict(self.hints), hints_offered=self.hints_offered,
            waiting=self.waiting,
            views=None if self.state is None else Views(self.engine, self.state),
        )

    # -------------------------------------------------------------- events

    def shown(self, name: str) -> str:
        """A person's name as a channel's text shows it (``Voice.shown``)."""
        return self.voice.shown(name)

    @property
    def shown_names(self) -> list[str]:
        """Seat names as text a channel shows them (``Table.shown``), worked out again only
        when a seat's name or the voice changed (every move's lines ask for them)."""
        key = (self.voice, tuple(s.name for s in self.seats))
        if self._shown is None or self._shown[0] != key:
            self._shown = (key, tuple(self.shown(name) for name in key[1]))
        return list(self._shown[1])

    def record_events(self, events: Iterable[Event]) -> None:
        """Keep the recent public events and each seat's private ones, names filled in
        (as a channel shows them): one line per turn, the move after a draw in place of
        the draw's line ("cat drew a card and discarded it." for "cat drew a card.")."""
        names = self.shown_names
        before = dict(self.draw_lines)  # a draw's line is taken by the next move only
        for event in events:
            if event.seats is None:
                with use_locale(self.language):  # the Recent lines are public
                    self._told(self.recent, "public", event.data.get("seat"), event,
                               event.render(names))
            else:
                text = event.render(names)  # the acting reader's language
                for seat in event.seats:  # to the seat it is about: "سحبتَ الورقة A♠"
                    said = second_person(event, seat, names, self.engine.said_to_you) or text
                    lines = self.private.setdefault(seat, deque(maxlen=PRIVATE_EVENTS))
                    self._told(lines, seat, seat, event, said)
        for key, drawn in before.items():
            if self.draw_lines.get(key) is drawn:
                del self.draw_lines[key]

    def _told(self, lines: deque[str], key: object, seat: object, event: Event,
              line: str) -> None:
        """Add ``line`` to ``lines``; a seat's move after its draw takes the draw's line."""
        drawn = self.draw_lines.pop(key, None)
        if (drawn is not None and event.kind not in DRAW_KINDS and drawn[0] == seat
                and lines and lines[-1] == drawn[1]):
            lines.pop()
        lines.append(line)
        if event.kind in DRAW_KINDS and isinstance(seat, int):
            self.draw_lines[key] = (seat, line)

    def say(self, text: str, /, **values: object) -> None:
        """A Recent line of the table's own (``text`` a msgid), in the table's language."""
        with use_locale(self.language):
            self.recent.append(_(text, **values))

    def start_rounds(self) -> None:
        """Begin round bookkeeping for a freshly dealt game."""
        self.round_no = self.engine.round_number(self.state)
        self.round_start_totals = tuple(self.engine.totals(self.state))
        self.rounds = []
        self.final_recorded = False
        with use_locale(self.language):
            self.recent.append(_n("{game} dealt: {n} player.", "{game} dealt: {n} players.",
                                  len(self.seats), game=_(self.engine.title)))

    def track_round(self) -> None:
        """Record a round's points whenever the round number moves or the game ends."""
        engine, state = self.engine, self.state
        totals = tuple(engine.totals(state))
        round_no = engine.round_number(state)
        over = engine.to_act(state) is None
        if round_no != self.round_no or (over and not self.final_recorded):
            self.rounds.append(
                tuple(a - b for a, b in zip(totals, self.round_start_totals, strict=True))
            )
            self.round_start_totals = totals
            self.round_no = round_no
            self.final_recorded = over

    def hidden_cards(self, seat: int, state: Any = None) -> list[str]:
        """That seat's hidden cards as shown to it (hand or face-down cards; no drawn card),
        now or in an earlier ``state``."""
        engine = self.engine
        state = self.state if state is None else state
        cards = engine.hidden_cards(state, seat)
        if engine.drawn_card(state, seat) is not None:
            cards.pop()
        return cards

    def drawn_card(self, seat: int, state: Any = None) -> str | None:
        """The card the seat holds after drawing (coop games), if any, now or in ``state``."""
        return self.engine.drawn_card(self.state if state is None else state, seat)


def new_cards(before: list[str], after: list[str], known: Iterable[str]) -> bool:
    """True when ``after`` holds a card the seat did not hold or name before."""
    extra = Counter(after) - Counter(before) - Counter(known)
    return bool(+extra)


def signature(cards: list[str]) -> str:
    """A comparable form of a seat's hidden cards."""
    return json.dumps(cards)
