"""Engine speed where the computer players use it (issue 17): the Soureh contract loop
against a minimal hand-written loop of the same rules, and the hard players' search
iterations per 200 ms, per game. ``python -m bench --only speed``."""

from __future__ import annotations

from bench import ai_decisions, engine_soureh, soureh_minimal
from bench.run import Figure
from bot.games.ai.ismcts import Budget


def collect(quick: bool) -> list[Figure]:
    """The runner's entry point."""
    sec = "Engine speed for the computers"
    turns = 500 if quick else 100_000
    repeat = 1 if quick else 3
    engine_secs, minimal_secs = [], []
    for _ in range(repeat):  # interleaved: the machine's load changes under both alike
        engine_secs.append(engine_soureh.play(turns)[2])
        minimal_secs.append(soureh_minimal.play(turns)[2])
    rate, base = turns / min(engine_secs), turns / min(minimal_secs)
    ratio = rate / base
    out = [Figure(
        sec, "Soureh contract loop / minimal loop",
        f"{ratio:.2f} ({rate:,.0f} against {base:,.0f} turns/s)",
        target=f"≥ {engine_soureh.TARGET_RATIO}",
        met=None if quick else ratio >= engine_soureh.TARGET_RATIO,
        method=f"best of {repeat}, interleaved: {turns:,} turns of 4-player random legal play "
        "through the engine contract (bench.engine_soureh.play) against the same rules and "
        "choices as a loop of plain ints and lists (bench.soureh_minimal.play)")]
    decisions = 3 if quick else 20
    budget = Budget(iterations=10, seconds=None) if quick else None
    for game in ("soureh", "pariah", "turup", "soi"):
        effort = ai_decisions.search_effort(game, decisions, budget)
        out.append(Figure(
            sec, f"hard player's search, {game}", ai_decisions.effort_text(effort),
            method=f"bench.ai_decisions.search_effort: {decisions} decisions of seat 0 at hard "
            f"against normal players ({ai_decisions.PLAYERS[game]} seats), default budget "
            "(2,000 iterations or 200 ms); counts read from the search's own debug line"))
    return out
