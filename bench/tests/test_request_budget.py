"""The Discord request budget of a short game, measured as bench.capacity measures it.

Two people play Soureh through the panels (bench.players: Take turn, then the panel's
buttons and selects), thinking 4 virtual seconds before each move, so the bot's coalesced
edits run between moves as they would at human pace. Every request the bot sends from
the first move on is classified by bench.requests and charged to the move it follows.
Issue 17's budget: a person's move, made through a click (a fresh interaction token in
hand), spends nothing from the bot's global bucket, and neither does a new deal: the cards
reach each person through their own fresh interaction (a DM only when they have none).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from simcord import Env

from bench.capacity import Wire
from bench.players import Seated, peek
from bench.requests import RateClass, classify, kind

pytestmark = pytest.mark.slow

MOVES = 12
THINK = 4.0  # virtual seconds before each move (bench.capacity draws 3-6)


@dataclass
class Move:
    """One person's move and the requests the bot sent until the next move."""

    clicks: int
    round_changed: bool
    requests: list[tuple[str, str]] = field(default_factory=list)

    def count(self, rate: RateClass) -> int:
        return sum(1 for method, path in self.requests if classify(method, path) is rate)


async def play_short_game(env: Env, limit: int = MOVES, *,
                          rounds: int = 0) -> tuple[list[Move], int]:
    """(the moves, how many requests were sent before the first move): ``limit`` moves,
    or with ``rounds`` until that many rounds were scored (``limit`` at most)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("budget")
    people = [guild.add_member(env.create_user(name)) for name in ("ann", "bob")]
    table = Seated("soureh", channel, people, computers=0, level="normal")
    env.bot.tables.seed_source = lambda: 5  # type: ignore[attr-defined]  # the same deal every run
    await table.open(env)
    await env.advance_time(THINK)  # the deal's DMs and the first edit
    before = len(env.http_requests)
    rng = random.Random(17)
    moves: list[Move] = []
    while len(moves) < limit:
        seen = peek(env, channel.id)
        if not seen.running or (rounds and seen.rounds >= rounds):
            break
        assert seen.user_to_act is not None, "two people: a person is always to act"
        start = len(env.http_requests)
        clicks = await table.move(env, seen.user_to_act, rng)
        await env.advance_time(THINK)
        after = peek(env, channel.id)
        moves.append(Move(clicks, after.rounds != seen.rounds or not after.running,
                          [(r.method, r.path) for r in env.http_requests[start:]]))
    return moves, before


def report(moves: list[Move]) -> str:
    """One line per move: clicks and requests by class and kind."""
    lines = []
    for number, move in enumerate(moves, 1):
        kinds = Counter(f"{classify(m, p).value}:{kind(m, p)}" for m, p in move.requests)
        lines.append(f"move {number:2}: {move.clicks} clicks"
                     + (" (round scored)" if move.round_changed else "")
                     + " — " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    return "\n".join(lines)


async def test_every_request_of_a_game_is_classified_and_accounted(simcord_env: Env) -> None:
    """Each request falls in one class, the classes add up, no start-up route is used in
    play, and every click is answered by exactly one interaction callback."""
    moves, before = await play_short_game(simcord_env)
    print(report(moves))
    assert len(moves) >= 6
    total = len(simcord_env.http_requests) - before
    assert sum(len(m.requests) for m in moves) == total
    classes: Counter[RateClass] = Counter()
    for move in moves:
        for method, path in move.requests:
            classes[classify(method, path)] += 1
    assert sum(classes.values()) == total
    assert classes[RateClass.OTHER] == 0, "play used a start-up route"
    for move in moves:
        callbacks = sum(1 for m, p in move.requests if kind(m, p) == "callback")
        assert callbacks == move.clicks, report([move])
        assert move.count(RateClass.INTERACTION) >= move.clicks



async def test_a_move_with_a_fresh_token_spends_no_global_request(simcord_env: Env) -> None:
    """The budget: a person's move inside a round spends no global-bucket request."""
    moves, _ = await play_short_game(simcord_env)
    inside = [m for m in moves if not m.round_changed]
    assert len(inside) >= 3
    spent: dict[int, Any] = {n: m.count(RateClass.GLOBAL) for n, m in enumerate(inside, 1)}
    assert not any(spent.values()), report(inside)


async def test_a_new_deal_spends_no_global_request_when_people_clicked_lately(
    simcord_env: Env
) -> None:
    """A move that scores a round deals new cards: each person gets theirs as a private
    follow-up of their own fresh interaction at the table, so not even a new deal spends a
    global request (a DM is only the fallback, see test_play_soi and test_faults)."""
    moves, _ = await play_short_game(simcord_env, 200, rounds=2)
    assert sum(m.round_changed for m in moves) >= 2, "two rounds were scored"
    for move in moves:
        assert move.count(RateClass.GLOBAL) == 0, report([move])
    wire = Wire(simcord_env.backend)
    assert not any(wire.is_dm(p) for m in moves for _, p in m.requests)
