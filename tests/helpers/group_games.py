"""Whole games at a table that lives in interaction answers (issue 45), driven through
tests/helpers/anywhere.py: the lobby, a computer seat, every turn through the panel."""

from __future__ import annotations

import random
from typing import Any

from bot.tables.model import Table
from tests.helpers.anywhere import Anywhere, Room, RoomView, Seat
from tests.helpers.discord import Audit, coop_policy, service, via_panel

OPTIONS: dict[str, dict[str, Any]] = {
    "soureh": {"threshold": 20}, "pariah": {"threshold": 50}, "turup": {"rounds": 1},
    "soi": {},
}


async def open_table(anywhere: Anywhere, room: Room, host: Any, joiners: list[Any],
                     game: str, *, computer: bool = True, seed: int = 5,
                     **options: Any) -> tuple[Table, Any]:
    """``host`` opens ``game`` in ``room`` (timer off unless given), ``joiners`` join, a
    normal computer takes a seat, the host starts: the running table and the /play result."""
    env = anywhere.env
    service(env).seed_source = lambda: seed
    options = {"timer": "off", **OPTIONS[game], **options}
    opened = await anywhere.slash(host, room, "play", game=game, **options)
    assert opened.acknowledged and not opened.ephemeral and opened.response is not None
    for person in joiners:
        joined = await anywhere.click(person, opened.response, label="Join")
        assert joined.acknowledged
    table = service(env).in_channel(room.id)
    assert table is not None
    if computer:
        await anywhere.select(host, opened.response, ["normal"],
                              custom_id=f"cs:{table.id}:{table.version}:addc")
    started = await anywhere.click(host, opened.response, label="Start (host)")
    assert started.acknowledged
    await env.settle()
    assert table.running
    return table, opened


def choose(table: Table, rng: random.Random) -> str:
    """A move for the seat to act: the coop player's in Soureh and Pariah, else any."""
    if table.game in ("soureh", "pariah"):
        return coop_policy(table)
    return str(rng.choice(table.engine.legal_actions(table.state)))


async def play_out(anywhere: Anywhere, room: Room, table: Table,
                   audit: Audit | None = None, *, moves: int | None = None,
                   stale: frozenset[int] = frozenset()) -> None:
    """Play the people's turns through their panels (the computers play theirs) until
    the game ends, or ``moves`` moves; ``audit`` checked after every move, and at most
    one live turn ping (besides the ``stale`` ones: see ``test_waiting``)."""
    rng = random.Random(7)
    view = RoomView(anywhere, room)
    people = {p.id: Seat(anywhere, p, room) for p in room.people}
    played = 0
    while table.running and (moves is None or played < moves):
        seat = table.to_act()
        assert seat is not None
        user_id = table.seats[seat].user_id
        assert user_id is not None, "a computer's turn left waiting"
        await via_panel(anywhere.env, people[user_id], view, choose(table, rng))
        await anywhere.env.settle()
        played += 1
        if audit is not None:
            audit.step([table])
        live = [m for m in live_pings(anywhere, room) if m.id not in stale]
        assert len(live) <= 1, "one live turn ping a table at most"


def live_pings(anywhere: Anywhere, room: Room) -> list[Any]:
    """The turn pings still in the room (each a follow-up mentioning the player)."""
    return [m for m in RoomView(anywhere, room).history() if "your turn" in (m.content or "")]


def pings_sent(anywhere: Anywhere) -> int:
    """How many turn pings the bot sent (as follow-ups of the table's interactions)."""
    return sum(1 for r in anywhere.env.backend.http_requests
               if r.method == "POST" and r.path.startswith("/webhooks/")
               and "your turn" in str((r.json or {}).get("content") or ""))
