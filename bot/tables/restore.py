"""Restoring tables after a start: each open table is rebuilt from its newest usable
snapshot and the actions logged after it (or its whole log); a log that no longer replays
marks the table broken, with an apology in its channel.

``Restorer`` is a part of ``TableService`` (its ``RestoreHost``)."""

from __future__ import annotations

import dataclasses
import logging
import sys
from collections import deque

from bot.games.protocol import Event, GameError, LegacyLogError, in_todays_notation, replaying
from bot.i18n import _, use_locale
from bot.tables import snapshots
from bot.tables.lobby import build_variant
from bot.tables.model import Table, TableError
from bot.tables.ports import Announcer, RestoreHost
from storage.snapshots import SnapshotRecord
from storage.tables import ActionRecord, StoredTable, TableRecord, TableRepo, TableStatus

log = logging.getLogger(__name__)

ROUND_END_KINDS = frozenset({"round_end", "game_end", "game_over"})
REPLAY_EVENTS = 40  # transitions whose events are kept when a log is replayed


class Restorer:
    """Rebuilds the open tables of the repository and gives them to the host; apologises
    through ``announcer`` for a table that cannot be rebuilt."""

    def __init__(self, host: RestoreHost, repo: TableRepo, announcer: Announcer) -> None:
        self.host = host
        self.repo = repo
        self.announcer = announcer

    async def restore_all(self) -> list[int]:
        """Rebuild every open table from its log; a log that no longer replays marks the
        table broken (with an apology in its channel). Returns the restored table ids."""
        restored = []
        fresh: list[tuple[int, SnapshotRecord]] = []
        for stored in await self.repo.load_open(after_snapshots=True):
            try:
                table, replayed = await self._rebuild(stored)
            except LegacyLogError as exc:
                log.warning("Table %s: its log of the old notation cannot be used (%s); "
                            "closing it", stored.table.id, exc)
                await self._mark_broken(stored.table)
                continue
            except Exception:
                log.exception("Table %s no longer replays; marking it broken", stored.table.id)
                await self._mark_broken(stored.table)
                continue
            self.host.remember(table)
            restored.append(table.id)
            if replayed >= snapshots.SNAPSHOT_EVERY or (
                stored.snapshot is not None and replayed == len(table.log) and table.log
            ):  # no usable snapshot: cache the state so the next start-up is quick
                try:
                    fresh.append((table.id, snapshots.take(table)))
                except Exception:
                    log.exception("Could not snapshot table %s", table.id)
        if fresh:
            try:
                await self.repo.store_snapshots(fresh)
            except Exception:
                log.exception("Could not store %d restored tables' snapshots", len(fresh))
        log.info("Restored %d open tables (%d snapshots refreshed)", len(restored), len(fresh))
        return restored

    async def _rebuild(self, stored: StoredTable) -> tuple[Table, int]:
        """The table rebuilt from its newest usable snapshot and the actions after it (or
        from its whole log, read again if ``stored`` lacks the start), with the number of
        actions replayed."""
        if stored.table.status is TableStatus.LOBBY:
            return self._replay(stored, None)
        tail = [a.text for a in stored.actions]
        engine = self.host.games[stored.table.game].engine
        in_new_notation = in_todays_notation(engine, tail) == tail
        if stored.snapshot is not None and in_new_notation:
            try:
                return self._replay(stored, stored.snapshot)
            except Exception as exc:  # a cache: fall back to the log, the truth
                log.warning(
                    "Table %s: snapshot not used (%s: %s); replaying the whole log",
                    stored.table.id, type(exc).__name__,
                    exc if isinstance(exc, snapshots.SnapshotError) else "during the replay",
                )
        if stored.skipped:
            full = await self.repo.load(stored.table.id)
            if full is None:
                raise TableError(_("The table vanished from the database during the restore."))
            stored = full
        return self._replay(await self._in_new_notation(stored), None)

    async def _in_new_notation(self, stored: StoredTable) -> StoredTable:
        """The whole log in today's notation: a log stored under an older one (issue 23:
        ``declare``/``knock`` after the placement, ``end``, ``continue``) is translated,
        replayed to find each action's seat and written back once. ``LegacyLogError`` when
        it cannot be translated or no longer replays (the table is then closed with an
        apology)."""
        rec = stored.table
        engine = self.host.games[rec.game].engine
        texts = [a.text for a in stored.actions]
        translated = in_todays_notation(engine, texts)
        if translated == texts:
            return stored
        state = engine.new_game(len(stored.seats), rec.seed, build_variant(engine, rec.variant))
        actions = []
        at = {a.seq: a.at for a in stored.actions}  # the inactivity clock reads the last
        last = stored.actions[-1].at if stored.actions else ""
        by_computer = {a.seq: a.by_computer for a in stored.actions}
        try:
            for seq, (text, step) in enumerate(
                    zip(translated, replaying(engine, state, translated), strict=True)):
                seat = engine.to_act(step.before)
                if seat is None:
                    raise LegacyLogError(
                        "The translated log goes on after the game's end.")  # i18n: not for people
                when = at.get(seq, last) if seq < len(translated) - 1 else last
                actions.append(ActionRecord(seq, seat, text, when, by_computer.get(seq, False)))
        except LegacyLogError:
            raise
        except GameError as exc:
            raise LegacyLogError(
                f"The translated log no longer replays: {exc}") from exc  # i18n: not for people
        await self.repo.replace_actions(rec.id, actions)
        log.info("Table %s: its log was translated from the old notation (%d actions, was %d)",
                 rec.id, len(actions), len(texts))
        return dataclasses.replace(stored, actions=tuple(actions), snapshot=None, skipped=0)

    def _replay(self, stored: StoredTable, snap: SnapshotRecord | None) -> tuple[Table, int]:
        rec = stored.table
        table = Table(record=rec, seats=list(stored.seats), entry=self.host.games[rec.game],
                      voice=self.host.voice)
        if rec.status is TableStatus.LOBBY:
            return table, 0
        engine = table.engine
        start = 0
        if snap is None:
            variant = build_variant(engine, rec.variant)
            table.state = engine.new_game(len(table.seats), rec.seed, variant)
            table.start_rounds()
        else:
            restored = snapshots.load(snap, table, stored.logged)
            if stored.skipped not in (0, restored.actions):
                raise snapshots.SnapshotError(
                    "the log read does not start after the snapshot")  # i18n: not for people
            start = restored.actions - stored.skipped
            if [entry.text for entry in stored.actions[:start]] != restored.log[stored.skipped:]:
                raise snapshots.SnapshotError(
                    "the snapshot's log differs from the stored log")  # i18n: not for people
            snapshots.apply(restored, table)
        tail: deque[tuple[Event, ...]] = deque(maxlen=REPLAY_EVENTS)
        logged = stored.actions[start:]
        steps = replaying(engine, table.state, [entry.text for entry in logged])
        for entry, step in zip(logged, steps, strict=True):
            if engine.to_act(step.before) != entry.seat:
                raise GameError(
                    f"Logged seat {entry.seat} is not the seat to act.")  # i18n: not for people
            transition = step.transition
            table.state = transition.state
            table.log.append(sys.intern(entry.text))
            tail.append(transition.events)
            if any(e.kind in ROUND_END_KINDS for e in transition.events):
                table.track_round()
        table.track_round()
        for events in tail:  # only the newest events can still be on show
            table.record_events(events)
        for seat in table.humans_left():
            table.dm_hidden[seat.seat] = table.hidden_cards(seat.seat)
        if engine.to_act(table.state) is None:
            raise GameError(
                "The log ends in a finished game but the table is open.")  # i18n: not for people
        return table, len(stored.actions) - start

    async def _mark_broken(self, rec: TableRecord) -> None:
        try:
            await self.repo.close(rec.id, status=TableStatus.BROKEN, reason="broken",
                                  version=rec.version + 1)
        except Exception:
            log.exception("Could not mark table %s broken", rec.id)
        try:
            entry = self.host.games[rec.game]
        except KeyError:  # a game no longer registered: nothing to say it in
            log.warning("Table %s: its game %r is not registered; not announced", rec.id,
                        rec.game)
            return
        table = Table(record=dataclasses.replace(rec, status=TableStatus.BROKEN), seats=[],
                      entry=entry, voice=self.host.voice)
        with use_locale(table.language):
            text = _("Sorry — the game at this table could not be restored after a restart "
                     "and has been closed. Start a new one with /play.")
        self.host.spawn(self.announcer.announce(table, text))

