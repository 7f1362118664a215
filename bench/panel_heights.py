"""Every step of a turn's private panel at phone width: whole games played through the
panels under SimCord, each panel message shot in SimCord's preview (Debian's Chromium) at
400 px, its height measured (issue 37: at most 640 px).

``python -m bench.panel_heights`` prints the tallest step per game (and per kind of step);
``--arabic`` measures every game again in Arabic. ``--max-turns N`` shoots only the
first N turns of each game (every step of them); the default shoots whole games. The
pictures the docs show are ``python -m bench.screenshots``'s.

The measuring (the games' specs, the shooter, a game played and shot) is
tests/helpers/panel_heights.py, which tests/render/test_panel_phone.py uses too; this module
is the run over whole games, the Arabic pass and the report.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tests.helpers.panel_heights import BUDGET, SPECS, Heights, Shooter, Spec, measure_game


class Arabic:
    """Every interaction SimCord sends speaks Arabic (the member's and the server's
    Discord language) while ``on``."""

    def __init__(self) -> None:
        import simcord.interactions as interactions

        self.on = False
        self.module = interactions
        self.base = interactions.base_payload

        def base_payload(backend: Any, **kw: Any) -> tuple[Any, dict[str, Any]]:
            record, payload = self.base(backend, **kw)
            if self.on:
                payload["locale"] = payload["guild_locale"] = "ar"
            return record, payload

        interactions.base_payload = base_payload  # type: ignore[assignment]

    def close(self) -> None:
        self.module.base_payload = self.base  # type: ignore[assignment]


async def run(specs: Sequence[Spec], max_turns: int | None,
              arabic: bool) -> dict[str, Heights]:
    """Measure each game in its own channel of one bot (and again in Arabic)."""
    from bench.click import running_bot
    from tests.helpers.preview import browser

    out: dict[str, Heights] = {}
    speaker = Arabic()
    try:
        with tempfile.TemporaryDirectory(prefix="cardroom-panels-") as folder:
            async with running_bot(Path(folder)) as env, browser() as b:
                service = env.bot.tables  # type: ignore[attr-defined]
                service.render_interval = 0
                service.ai_delay = 0
                guild = env.create_guild()
                shooter = Shooter(env, b, Path(folder))
                for language in (("", "-ar") if arabic else ("",)):
                    speaker.on = language == "-ar"
                    for spec in specs:
                        heights = await measure_game(env, shooter, guild, spec, max_turns,
                                                     language)
                        out[spec.game + language] = heights
                        report(spec.game + language, heights)
    finally:
        speaker.close()
    return out


def report(game: str, heights: Heights) -> None:
    """One game's figures."""
    every = [h for hs in heights.by_step.values() for h in hs]
    top = max(every) if every else 0
    verdict = "ok" if top <= BUDGET else "OVER"
    steps = ", ".join(f"{s} {max(hs)} ({len(hs)})" for s, hs in sorted(heights.by_step.items()))
    print(f"{game}: tallest step {top} px of {len(every)} shots [{verdict} ≤ {BUDGET}]; "
          f"by step: {steps}", flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", nargs="*", default=[s.game for s in SPECS])
    parser.add_argument("--max-turns", type=int, default=None)
    parser.add_argument("--arabic", action="store_true", help="every game again in Arabic")
    args = parser.parse_args(argv)
    specs = [s for s in SPECS if s.game in args.games]
    asyncio.run(run(specs, args.max_turns, args.arabic))


if __name__ == "__main__":
    main()
