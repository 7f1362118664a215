"""Clicks per turn, counted by playing whole games through the panels only (issue 16: two
taps a turn).

Run ``python -m bench.taps`` (or the ``taps`` section of ``python -m bench``). The real
``CardroomBot`` runs under SimCord and the games of ``tests/helpers/taps.py`` are played
through the panels (the same code plays ``tests/cogs/test_two_taps.py``, which asserts the
bounds this section reports); see that module for what a click counts.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from collections.abc import Sequence
from pathlib import Path

from bench.run import Figure
from tests.helpers.taps import GAMES, Game, Turn, play_game, summary

TARGETS = {"soureh": "≤ 2", "pariah": "≤ 2 (face cards ≤ 3)", "turup": "≤ 2",
           "soi": "first ask ≤ 2, each further 1"}


async def measure(games: Sequence[Game]) -> dict[str, list[Turn]]:
    """Play each game in its own channel of one bot under SimCord."""
    from bench.click import running_bot

    out = {}
    with tempfile.TemporaryDirectory(prefix="cardroom-taps-") as folder:
        async with running_bot(Path(folder)) as env:
            service = env.bot.tables  # type: ignore[attr-defined]
            service.render_interval = 0
            service.ai_delay = 0
            guild = env.create_guild()
            members = [guild.add_member(env.create_user(n)) for n in ("ann", "bob", "cat")]
            for spec in games:
                channel = guild.create_text_channel(spec.game)
                out[spec.game] = await play_game(env, spec, channel, members)
    return out


def collect(quick: bool) -> list[Figure]:
    """The runner's entry point (``--quick`` plays the same games: they are short)."""
    played = asyncio.run(measure(GAMES))
    figures = []
    for spec in GAMES:
        text, ok = summary(spec.game, played[spec.game])
        figures.append(Figure(
            "Clicks per turn", f"{spec.game.capitalize()} (median clicks)", text,
            target=TARGETS[spec.game], met=ok,
            method=f"one whole game (seed {spec.seed}, {spec.options}) played through the "
            "panels only under SimCord: Take turn, then the labelled buttons and selects; "
            "a coop draw counts with the placement after it (tests/helpers/taps.py, shared with "
            "tests/cogs/test_two_taps.py)"))
    return figures


def main(argv: Sequence[str] | None = None) -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.parse_args(argv)
    for f in collect(False):
        print(f"{f.measure}: {f.value}  [target {f.target}: {'met' if f.met else 'missed'}]")


if __name__ == "__main__":
    main()

