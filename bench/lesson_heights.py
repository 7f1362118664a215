"""Every lesson step at phone width: each lesson followed by its marks under SimCord, every
message it shows (each step, each step of the game's panel inside it, the end) shot in
SimCord's preview (Debian's Chromium) at 400 px (issue 46: at most 640 px, with the
picture the game's panel carries).

``python -m bench.lesson_heights`` prints each lesson's steps and the tallest; ``--arabic``
measures every lesson again in Arabic; ``--lessons 1`` measures only lesson 1 of each game.
The pictures the docs show are ``python -m bench.screenshots``'s.

The walk and the shooting are tests/helpers/lesson_heights.py (tests/cogs/test_learn_screens.py
uses them too); this module is the run over every lesson, the Arabic pass and the report.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from collections.abc import Sequence
from pathlib import Path

from bench.panel_heights import Arabic
from bot.learning.catalog import lessons
from tests.helpers.lesson_heights import BUDGET, Shown, follow_lesson


async def run(games: Sequence[str], numbers: Sequence[int] | None,
              arabic: bool) -> dict[str, list[Shown]]:
    """Follow each lesson in its own channel of one bot (and again in Arabic)."""
    from bench.click import running_bot
    from tests.helpers.pictures import prepare
    from tests.helpers.preview import browser

    prepare()  # the sprites drawn before the bot starts: its start-up then settles at once
    out: dict[str, list[Shown]] = {}
    speaker = Arabic()
    try:
        with tempfile.TemporaryDirectory(prefix="cardroom-lessons-") as folder:
            async with running_bot(Path(folder)) as env, browser() as b:
                guild = env.create_guild()
                for language in (("", "-ar") if arabic else ("",)):
                    speaker.on = language == "-ar"
                    for game in games:
                        for item in lessons()[game]:
                            if numbers and item.number not in numbers:
                                continue
                            channel = guild.create_text_channel(f"{game}{item.number}{language}")
                            actor = guild.add_member(env.create_user(
                                f"learner{game[:2]}{item.number}{language.strip('-')}"))
                            shown = await follow_lesson(
                                env, channel, actor, game, item.number, b,
                                Path(folder), suffix=language)
                            key = f"{game}-{item.number}{language}"
                            out[key] = shown
                            report(key, shown)
    finally:
        speaker.close()
    return out


def report(key: str, shown: Sequence[Shown]) -> None:
    """One lesson's figures."""
    steps = [s for s in shown if not s.name.endswith("-end")]
    top = max((s.height for s in shown), default=0)  # the end's message counts too
    verdict = "ok" if top <= BUDGET else "OVER"
    pictured = sum(s.pictured for s in steps)
    every = ", ".join(f"{s.name.split('-', 2)[2]} {s.height}" for s in shown)
    print(f"{key}: tallest message {top} px [{verdict} ≤ {BUDGET}], {pictured}/{len(steps)} "
          f"with the picture; {every}", flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(lessons()))
    parser.add_argument("--lessons", nargs="*", type=int, default=None)
    parser.add_argument("--arabic", action="store_true", help="every lesson again in Arabic")
    args = parser.parse_args(argv)
    asyncio.run(run(args.games, args.lessons, args.arabic))


if __name__ == "__main__":
    main()
