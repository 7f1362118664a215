"""Table snapshots: the engine state, the table's round and event bookkeeping and the log's
texts, pickled, so a restore reads and replays only the actions logged after the newest
snapshot.

A snapshot is a cache. Its tag names the game, :data:`SNAPSHOT_FORMAT` and the engine's
class; a snapshot with another tag, or one that fails to unpickle or to make sense, is
refused with :class:`SnapshotError` and the caller replays the whole log instead. Pickle is
acceptable because the database is the bot's own file; nothing else writes these blobs.
"""

from __future__ import annotations

import pickle
import sys
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from bot.games.protocol import Engine
from bot.tables.model import PRIVATE_EVENTS, RECENT_EVENTS, Table
from storage.snapshots import SnapshotRecord

# Bump SNAPSHOT_FORMAT when the pickled payload or any engine state class changes shape: a
# snapshot of an older format is refused and the table rebuilt from its log. 2: the coop
# state gained the discards option's field, Turup's variant ``pack``, ``Action`` its
# ``call`` (issue 23). 3: Turup's state gained the deal's ``plays`` (issue 22).
SNAPSHOT_FORMAT = 3

SNAPSHOT_EVERY = 32
"""A snapshot goes with every action whose sequence number is a multiple of this: a restore
replays at most this many actions per table, and play pays one pickle (about 0.2 ms, 1-5 kB)
per this many actions."""


class SnapshotError(Exception):
    """The snapshot cannot be used (another format, corrupt, inconsistent)."""


@dataclass(frozen=True, slots=True)
class Restored:
    """What a snapshot gives back: the state after ``actions`` actions and the bookkeeping."""

    actions: int
    log: list[str]
    state: Any
    rounds: list[tuple[int, ...]]
    round_no: int
    round_start_totals: tuple[int, ...]
    final_recorded: bool
    recent: list[str]
    private: dict[int, list[str]]
    #: Hints used per seat (``bot.discord.hints``); a snapshot older than them has none.
    hints: dict[int, int] = field(default_factory=dict)

    def __repr__(self) -> str:  # the state holds hidden cards
        return f"<Restored snapshot of {self.actions} actions>"  # i18n: not for people


def snapshot_tag(game: str, engine: Engine[Any]) -> str:
    """The tag a snapshot of ``game`` must carry to be loaded by this code."""
    cls = type(engine)
    return f"{game}:{SNAPSHOT_FORMAT}:{cls.__module__}.{cls.__qualname__}"


def due(actions: int) -> bool:
    """True when a table whose log holds ``actions`` actions should be snapshotted now."""
    return actions > 0 and actions % SNAPSHOT_EVERY == 0


def take(table: Table) -> SnapshotRecord:
    """A snapshot of the running table as it stands (its state covers ``len(table.log)``)."""
    if table.state is None:
        raise ValueError("Only a running table has a state to snapshot.")  # i18n: not for people
    payload = {
        "state": table.state,
        "log": list(table.log),
        "rounds": list(table.rounds),
        "round_no": table.round_no,
        "round_start_totals": tuple(table.round_start_totals),
        "final_recorded": table.final_recorded,
        "recent": list(table.recent),
        "private": {seat: list(texts) for seat, texts in table.private.items()},
        "hints": dict(table.hints),
    }
    data = pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL)
    return SnapshotRecord(len(table.log), snapshot_tag(table.game, table.engine), data)


def load(snap: SnapshotRecord, table: Table, logged: int) -> Restored:
    """Unpickle ``snap`` for ``table`` (whose log holds ``logged`` actions); any problem
    raises ``SnapshotError``."""
    if snap.tag != snapshot_tag(table.game, table.engine):
        raise SnapshotError(f"snapshot tag {snap.tag!r} is not this code's")  # i18n: not for people
    if not 0 <= snap.actions <= logged:  # 0: a hint asked before the first move
        raise SnapshotError(  # logged only, never shown to a player
            f"snapshot covers {snap.actions} of {logged} logged actions")  # i18n: not for people
    try:
        payload = pickle.loads(snap.data)  # our own database file
        restored = Restored(
            actions=snap.actions,
            log=[sys.intern(str(text)) for text in payload["log"]],
            state=payload["state"],
            rounds=[tuple(int(x) for x in r) for r in payload["rounds"]],
            round_no=int(payload["round_no"]),
            round_start_totals=tuple(int(x) for x in payload["round_start_totals"]),
            final_recorded=bool(payload["final_recorded"]),
            recent=[str(t) for t in payload["recent"]],
            private={int(s): [str(t) for t in ts] for s, ts in payload["private"].items()},
            hints={int(s): int(n) for s, n in payload.get("hints", {}).items()},
        )
        if len(restored.log) != snap.actions:
            raise SnapshotError(  # logged only, never shown to a player
                "snapshot log length differs from its action count")  # i18n: not for people
        if len(restored.round_start_totals) != len(table.seats):
            raise SnapshotError(  # logged only, never shown to a player
                "snapshot seat count differs from the table's")  # i18n: not for people
        table.engine.to_act(restored.state)  # the state must at least answer the engine
    except SnapshotError:
        raise
    except Exception as exc:  # a cache: whatever went wrong, the log is replayed instead
        raise SnapshotError(  # logged only, never shown to a player
            f"snapshot does not load: {type(exc).__name__}") from None  # i18n: not for people
    return restored


def apply(restored: Restored, table: Table) -> None:
    """Put the snapshot's state, log and bookkeeping on ``table`` (a fresh one)."""
    table.state = restored.state
    table.log = list(restored.log)
    table.rounds = list(restored.rounds)
    table.round_no = restored.round_no
    table.round_start_totals = restored.round_start_totals
    table.final_recorded = restored.final_recorded
    table.recent = deque(restored.recent, maxlen=RECENT_EVENTS)
    table.private = {
        seat: deque(texts, maxlen=PRIVATE_EVENTS) for seat, texts in restored.private.items()
    }
    table.hints = dict(restored.hints)
