"""The lobby: open, join, leave, computer seats, start — everything before the deal.

``Lobby`` is a part of ``TableService`` (its ``LobbyHost``, which offers these operations to
the Discord side)."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Iterable
from typing import Any

from bot.games.protocol import Engine, InvalidVariant
from bot.i18n import _, _n, number
from bot.tables.model import StaleAction, Table, TableError, TableExists
from bot.tables.ports import LobbyHost
from storage.tables import CHANNEL, OpenTableExists, SeatRecord, TableRepo, TableStatus

log = logging.getLogger(__name__)

# names, the same in every language
COMPUTER_NAMES = (
    "Ada", "Babbage", "Turing", "Hopper", "Lovelace",  # i18n: not for people (names)
    "Knuth", "Dijkstra", "Shannon", "Church", "Gödel",  # i18n: not for people (names)
    "Noether",  # i18n: not for people (names)
)


def build_variant(engine: Engine[Any], options: dict[str, Any]) -> Any:
    """The game's ``Variant`` from option values; ``InvalidVariant`` with a kind message."""
    try:
        return engine.Variant(**options)
    except InvalidVariant:
        raise
    except (TypeError, ValueError) as exc:
        raise InvalidVariant(_("Those options do not fit {game}: {problem}", game=_(engine.title),
                               problem=exc)) from None


def variant_dict(variant: Any) -> dict[str, Any]:
    """A variant as a JSON-able dict."""
    if dataclasses.is_dataclass(variant) and not isinstance(variant, type):
        return dataclasses.asdict(variant)
    return dict(vars(variant))


class Lobby:
    """Everything that happens before the cards are dealt."""

    def __init__(self, host: LobbyHost, repo: TableRepo) -> None:
        self.host = host
        self.repo = repo

    async def open(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game: str,
        options: dict[str, Any],
        timer_seconds: int | None,
        home: str = CHANNEL,
    ) -> Table:
        """A new lobby with the host seated, stored (the service then holds it in memory
        and starts its clock). ``TableExists``/``InvalidVariant`` on refusal."""
        existing = self.host.in_channel(channel_id)
        if existing is not None:
            raise TableExists(existing.id, existing.record.message_id)
        entry = self.host.games[game]
        variant = build_variant(entry.engine, options)
        try:
            record = await self.repo.create(
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=host_id,
                game=game,
                variant=variant_dict(variant),
                seed=self.host.seed_source(),
                timer_seconds=timer_seconds,
                seats=[SeatRecord(0, host_id, host_name)],
                home=home,
            )
        except OpenTableExists:
            stored = await self.repo.open_in_channel(channel_id)
            raise TableExists(
                stored.id if stored else 0, stored.message_id if stored else None
            ) from None
        table = Table(record=record, seats=[SeatRecord(0, host_id, host_name)], entry=entry,
                      voice=self.host.voice)
        log.info("Table %s opened (%s) in channel %s", table.id, game, channel_id)
        return table

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        """Remember the channel message that shows the table (after posting it)."""
        table = self.host.require(table_id)
        await self.repo.set_message(table_id, message_id)
        table.record = dataclasses.replace(table.record, message_id=message_id)

    def _check_lobby(self, table: Table, version: int | None) -> None:
        if table.status is not TableStatus.LOBBY:
            raise StaleAction(_("This lobby has already started or closed."))
        if version is not None and version != table.version:
            raise StaleAction()

    async def _store_seats(self, table: Table, seats: list[SeatRecord]) -> None:
        if table.seat_order:
            seats = in_order(seats, table.seat_order)
        version = table.version + 1
        await self.repo.set_seats(table.id, seats, version)
        table.seats = seats
        table.record = dataclasses.replace(table.record, version=version)

    async def join(self, table_id: int, version: int | None, user_id: int, name: str) -> Table:
        """Seat the user in the lobby."""
        table = self.host.require(table_id)
        async with table.lock:
            self._check_lobby(table, version)
            if table.seat_of(user_id) is not None:
                raise TableError(_("You are already seated at this table."))
            if len(table.seats) >= table.engine.max_players:
                raise TableError(_n("The table is full ({n} seat).",
                                      "The table is full ({n} seats).",
                                      table.engine.max_players))
            seats = [*table.seats, SeatRecord(len(table.seats), user_id, name)]
            await self._store_seats(table, seats)
        return table

    async def leave(self, table_id: int, version: int | None, user_id: int) -> Table:
        """Take the user out of the lobby (the host cancels instead)."""
        table = self.host.require(table_id)
        async with table.lock:
            self._check_lobby(table, version)
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError(_("You are not seated at this table."))
            if user_id == table.record.host_id:
                raise TableError(_("You are the host: use Cancel to close the table."))
            await self._store_seats(table, _renumber(s for s in table.seats if s.seat != seat))
        return table

    async def add_computer(
        self, table_id: int, version: int | None, user_id: int, level: str
    ) -> Table:
        """The host adds a computer player at ``level`` (one of its game's levels)."""
        table = self.host.require(table_id)
        levels = table.entry.levels
        if level not in levels:
            raise TableError(_("Choose a level: {levels}.", levels=", ".join(levels)))
        async with table.lock:
            self._check_lobby(table, version)
            if user_id != table.record.host_id:
                raise TableError(_("Only the host can add computer players."))
            if len(table.seats) >= table.engine.max_players:
                raise TableError(_n("The table is full ({n} seat).",
                                      "The table is full ({n} seats).",
                                      table.engine.max_players))
            used = {s.name for s in table.seats}
            spare = (f"Bot {i}" for i in range(99))  # i18n: not for people (a name)
            name = next(n for n in (*COMPUTER_NAMES, *spare) if f"{n} ({level})" not in used)
            seat = SeatRecord(len(table.seats), None, f"{name} ({level})", computer_level=level)
            await self._store_seats(table, [*table.seats, seat])
        return table

    async def remove_computer(self, table_id: int, version: int | None, user_id: int) -> Table:
        """The host removes the last computer seat from the lobby."""
        table = self.host.require(table_id)
        async with table.lock:
            self._check_lobby(table, version)
            if user_id != table.record.host_id:
                raise TableError(_("Only the host can remove computer players."))
            computers = [s for s in table.seats if s.user_id is None]
            if not computers:
                raise TableError(_("There is no computer player to remove."))
            last = computers[-1].seat
            await self._store_seats(table, _renumber(s for s in table.seats if s.seat != last))
        return table

    async def start(self, table_id: int, version: int | None, user_id: int) -> Table:
        """The host deals the game."""
        table = self.host.require(table_id)
        async with table.lock:
            self._check_lobby(table, version)
            if user_id != table.record.host_id:
                raise TableError(_("Only the host can start the game."))
            engine = table.engine
            if len(table.seats) < engine.min_players:
                raise TableError(_n(
                    "{game} needs at least {n} player ({seated} seated).",
                    "{game} needs at least {n} players ({seated} seated).",
                    engine.min_players, game=_(engine.title), seated=number(len(table.seats)),
                ))
            variant = build_variant(engine, table.record.variant)
            state = engine.new_game(len(table.seats), table.record.seed, variant)
            version = table.version + 1
            deadline = table.turn_deadline(self.host.clock(), state)
            # stored first: a start that fails to store leaves the lobby as it was
            await self.repo.start(
                table.id, seats=table.seats, seed=table.record.seed, version=version,
                deadline=deadline,
            )
            table.state = state
            table.record = dataclasses.replace(
                table.record, status=TableStatus.RUNNING, version=version, deadline=deadline
            )
            table.start_rounds()
            for seat in table.humans_left():
                table.dm_hidden[seat.seat] = table.hidden_cards(seat.seat)
                table.pending_dms.add(seat.seat)
        log.info("Table %s started with %d seats", table.id, len(table.seats))
        self.host.changed(table)
        return table


def in_order(seats: list[SeatRecord], order: tuple[int | None, ...]) -> list[SeatRecord]:
    """``seats`` in a rematch's ``order`` (the old table's user ids, ``None`` for each
    computer seat): a returning player takes their old place, the n-th computer the old n-th
    computer's place, anyone new sits after them in the order they came."""
    people = {user: i for i, user in enumerate(order) if user is not None}
    computer_places = [i for i, user in enumerate(order) if user is None]
    keys: list[tuple[int, int]] = []
    computers = 0
    for i, seat in enumerate(seats):
        if seat.user_id is not None:
            keys.append((people.get(seat.user_id, len(order)), i))
        else:
            place = computer_places[computers] if computers < len(computer_places) \
                else len(order)
            computers += 1
            keys.append((place, i))
    ranked = sorted(range(len(seats)), key=keys.__getitem__)
    return _renumber(seats[i] for i in ranked)


def _renumber(seats: Iterable[SeatRecord]) -> list[SeatRecord]:
    return [dataclasses.replace(s, seat=i) for i, s in enumerate(seats)]
