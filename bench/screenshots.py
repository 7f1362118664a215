"""Every screenshot the docs use, in one command: ``python -m bench.screenshots``.

The real bot runs under SimCord; each message is shot in SimCord's preview (Debian's
Chromium, tests/helpers/preview.py) at a 400-px phone, in Discord's dark and light themes,
for an English and an Arabic reader (the Arabic pass speaks Arabic in every interaction, its
players carry Arabic names). Everything lands in docs/screenshots/ under one scheme,
``<folder>/<name>-400-<theme>-<lang>.png`` (theme ``dark``/``light``, lang ``en``/``ar``):

* ``tables/<game>-mid``: the table message mid-game; ``<game>-round``: the table message
  just after the first round was scored; ``<game>-round-end``: that round's announcement
  (games of one round have none); ``<game>-game-end``: the game's end message;
  ``group-dm-waiting``: a group DM's table waiting for a press (a Soi table; English only).
* ``panels/<game>-deal``: the private message of a new deal's cards; ``panels/<game>-<step>``:
  each kind of step of a turn's panel (``root``, ``call``, ``king``, ``next``, ``done``,
  ``soi-player``, ``soi-rank``, ``turup-card``, ``turup-pick``), the first of its kind in
  the first ``--turns`` turns played through the panel (tests/helpers/panel_heights.py
  names them; ``python -m bench.panel_heights`` measures every step of whole games).
* ``lessons/<game>-<lesson>-step-<n>[b…]`` and ``<game>-<lesson>-end``: every message of every
  lesson followed by its marks (tests/helpers/lesson_heights.py).
* ``puzzles/<game>`` and ``<game>-answer``: each game's ``/puzzle`` (a position found in a
  seeded game of easy computer players) and the answer to a move that was not the best.

``--games`` and ``--only tables panels lessons puzzles`` shoot a part; ``--langs``, ``--themes``
narrow the rest. ``--prune`` (a whole run only) then deletes every PNG under the output
folder the run did not write: pictures nothing regenerates any more. The heights of the
panel and lesson steps (their budget is 640 px) are printed as they are shot. Each message
is loaded in the preview once and shot in both themes (``shoot_themes``).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.panel_heights import Arabic
from tests.helpers.lesson_heights import BUDGET, follow_lesson
from tests.helpers.panel_heights import SPECS, Measured, Spec, step_name
from tests.helpers.preview import shoot_themes
from tests.helpers.taps import message_in, panel_of

OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
PHONE = 400
KINDS = ("tables", "panels", "lessons", "puzzles")
GAMES = tuple(s.game for s in SPECS)
LANGS = ("en", "ar")
THEMES = ("dark", "light")
NAMES = {
    "en": ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lea"),
    "ar": ("سارة", "علي", "ليلى", "عمر", "نور", "زيد", "هدى", "سامي", "رنا", "كريم", "مها",
           "يوسف"),
}
PUZZLES = {"soureh": (2, 3), "pariah": (2, 3), "turup": (4, 3), "soi": (3, 3)}
"""Each game's puzzle: (players, seed) of the easy computers' game it is found in."""


@dataclass
class Run:
    """One run: the bot, the browser, what to shoot and what was written."""

    env: Any
    b: Any
    out: Path
    themes: tuple[str, ...]
    turns: int
    written: list[Path] = field(default_factory=list)
    users: dict[str, list[Any]] = field(default_factory=dict)
    guilds: dict[str, Any] = field(default_factory=dict)

    async def keep(self, channel: Any, viewer: Any, message: Any, folder: str,
                   name: str, lang: str) -> int:
        """``message`` as ``viewer`` sees it, saved in every theme as
        ``<folder>/<name>-400-<theme>-<lang>.png``: its height in CSS pixels (tried once
        more when a loaded machine is slow to settle the page)."""
        from playwright.async_api import TimeoutError as PageTimeout

        paths = {t: self.out / folder / f"{name}-{PHONE}-{t}-{lang}.png" for t in self.themes}
        (self.out / folder).mkdir(parents=True, exist_ok=True)
        try:
            shots = await shoot_themes(self.env, channel, viewer, message, paths, width=PHONE,
                                       b=self.b)
        except PageTimeout:
            shots = await shoot_themes(self.env, channel, viewer, message, paths, width=PHONE,
                                       b=self.b)
        for path in paths.values():
            compact(path)
        self.written += paths.values()
        return shots[0].height

    def guild(self, lang: str) -> Any:
        """The server of ``lang``'s pass, with its twelve players."""
        if lang not in self.guilds:
            guild = self.guilds[lang] = self.env.create_guild()
            self.users[lang] = [
                guild.add_member(self.env.create_user(f"{lang}{i + 1}", global_name=n))
                for i, n in enumerate(NAMES[lang])]
        return self.guilds[lang]


def compact(path: Path) -> None:
    """``path`` rewritten in 256 colours (median cut, no dithering) and optimised: a third
    of Chromium's size, the text and cards unchanged to the eye."""
    from PIL import Image

    with Image.open(path) as picture:
        few = picture.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT,
                                               dither=Image.Dither.NONE)
    few.save(path, optimize=True)


# ------------------------------------------------------------------ a game


def newest(channel: Any, seen: set[int], table: Any) -> list[Any]:
    """The channel's public messages not seen yet, besides the table message, oldest first."""
    return sorted((m for m in channel.history() if m.id not in seen
                   and m.id != table.record.message_id and not m.flags.ephemeral),
                  key=lambda m: m.id)


async def until(env: Any, found: Callable[[], list[Any]], seconds: float = 60) -> list[Any]:
    """What ``found`` finds once the bot has done it: SimCord waits a second of real time
    for the bot's work after each operation, which a loaded machine may outlast."""
    deadline = time.monotonic() + seconds
    while not (done := found()) and time.monotonic() < deadline:
        await env.settle()
        await asyncio.sleep(0.2)
    return done


async def calm(env: Any, table: Any) -> None:
    """Once the bot has shown ``table``'s last change (its render done)."""
    await env.settle()
    await until(env, lambda: [] if table.dirty or (table.flush_task is not None
                                                   and not table.flush_task.done()) else [1])


def is_game_end(message: Any) -> bool:
    """The game's end message: it carries the Rematch button."""
    return ":rematch" in str(message.components)


async def game(run: Run, spec: Spec, lang: str, tables: bool, panels: bool) -> None:
    """One game of ``spec``: the deal and the panel steps of its first turns shot, the
    table mid-game, after its first round and at its end."""
    env = run.env
    guild = run.guild(lang)
    members = run.users[lang][:spec.players]
    channel = guild.create_text_channel(f"{spec.game}-{lang}")
    service = env.bot.tables
    service.seed_source = lambda: spec.seed
    opened = await members[0].slash(channel, "play", game=spec.game, timer="180",
                                    **spec.options)
    table = service.in_channel(channel.id)
    for member in members[1:]:
        await member.click(opened.response, custom_id=f"cr:{table.id}:{table.version}:join")
    await members[0].click(opened.response, custom_id=f"cr:{table.id}:{table.version}:start")
    await env.settle()
    assert table.running, spec.game
    people = {m.id: m for m in members}
    seen = {m.id for m in channel.history()}
    if panels:  # the deal's cards: a message in the channel only their player sees
        dealt = [(m, d) for m in members for d in channel.history(viewer=m)
                 if d.flags.ephemeral and d.embeds and d.attachments]
        assert dealt, f"{spec.game}: no deal message"
        owner, deal = dealt[0]
        await run.keep(channel, owner, deal, "panels", f"{spec.game}-deal", lang)
    choose = spec.player()
    heights: dict[str, int] = {}
    mid = spec.players + 2
    turn = 0
    rounds = len(table.rounds)
    round_shot = False
    while table.running:
        seat = table.to_act()
        member = people[table.seats[seat].user_id]
        if panels and turn < run.turns:
            async def record(message: Any, via: str, member: Any = member,
                             seat: int = seat) -> None:
                step = step_name(message, via, table, seat)
                if step not in heights:  # the first of each kind of step
                    heights[step] = await run.keep(channel, member, message, "panels",
                                                   f"{spec.game}-{step}", lang)

            message = message_in(channel, table.record.message_id)
            opened = await member.click(message,
                                        custom_id=f"cr:{table.id}:{table.version}:turn")
            panel = Measured(table, member, panel_of(opened), record)
            await record(panel.message, "turn")
            while table.running and table.to_act() == seat:
                await panel.play(choose(table))
        else:
            while table.running and table.to_act() == seat:
                await service.act(table.id, member.id, choose(table))
        await calm(env, table)
        turn += 1
        viewer = members[0]
        if tables and turn == mid and table.running:
            await run.keep(channel, viewer, message_in(channel, table.record.message_id),
                           "tables", f"{spec.game}-mid", lang)
        if len(table.rounds) > rounds and not round_shot:
            round_shot = True
            if tables:
                await run.keep(channel, viewer, message_in(channel, table.record.message_id),
                               "tables", f"{spec.game}-round", lang)
                said = await until(env, lambda before=frozenset(seen): [  # type: ignore[misc]
                    m for m in newest(channel, before, table) if m.embeds], seconds=10)
                ends = [m for m in said if not is_game_end(m)]
                if ends:
                    await run.keep(channel, viewer, ends[-1], "tables",
                                   f"{spec.game}-round-end", lang)
        seen |= {m.id for m in channel.history()}
    if tables:
        end = await until(env, lambda: [m for m in channel.history() if is_game_end(m)])
        assert end, f"{spec.game}: no game-end message"
        await run.keep(channel, members[0], end[-1], "tables", f"{spec.game}-game-end", lang)
    if panels:
        print(f"{spec.game}-{lang}: panel steps (px): "
              + ", ".join(f"{s} {h}" for s, h in sorted(heights.items()))
              + f" [budget {BUDGET}]", flush=True)


async def group_dm(run: Run) -> None:
    """A group DM's Soi table waiting for a press, as tests/discord/anywhere/
    test_screenshots.py builds it (SimCord's preview draws server channels only, so the
    same message is drawn in one). English only: the harness of user installs
    (tests/helpers/anywhere.py) opens the table by its English labels."""
    lang = "en"
    import discord

    from bot.discord.interaction_home import waiting_note
    from bot.render.card_text import legible
    from bot.render.table_message import table_view
    from tests.helpers.anywhere import Anywhere
    from tests.helpers.group_games import open_table, play_out

    env = run.env
    with Anywhere(env) as anywhere:
        ann = anywhere.user("ann", installed=True)
        bob = anywhere.user("bob", installed=False)
        cat = anywhere.user("cat", installed=True)
        room = anywhere.group_dm(ann, bob, cat)
        table, _opened = await open_table(anywhere, room, ann, [bob, cat], "soi")
        await play_out(anywhere, room, table, moves=3)
        await env.advance_time(15 * 60)
        assert table.waiting
        guild = run.guild(lang)
        channel = guild.create_text_channel(f"group-dm-{lang}")
        viewer = run.users[lang][3]
        for person in room.people:  # so that the turn's mention reads as a name
            guild.add_member(person)
        embed, pictures = await env.bot.app.publisher.table_embed(table)
        files = [f for f in pictures if isinstance(f, discord.File)]
        sent = await env.bot.get_channel(channel.id).send(
            content=legible(waiting_note()), embed=embed, view=table_view(table.seen()),
            files=files)
    message = message_in(channel, sent.id)
    await run.keep(channel, viewer, message, "tables", "group-dm-waiting", lang)


# ------------------------------------------------------------------ lessons and puzzles


async def lessons(run: Run, games: Sequence[str], lang: str) -> None:
    """Every lesson of ``games`` followed by its marks, every message shot."""
    from bot.learning.catalog import lessons as catalog

    guild = run.guild(lang)
    (run.out / "lessons").mkdir(parents=True, exist_ok=True)
    for name in games:
        for item in catalog()[name]:
            channel = guild.create_text_channel(f"{name}{item.number}-{lang}")
            actor = guild.add_member(run.env.create_user(
                f"learner-{name}{item.number}-{lang}", global_name=NAMES[lang][0]))
            shown = await follow_lesson(run.env, channel, actor, name, item.number, run.b,
                                        run.out / "lessons", themes=run.themes,
                                        suffix=f"-{lang}")
            paths = [run.out / "lessons" / f"{s.name}-{PHONE}-{t}-{lang}.png"
                     for s in shown for t in run.themes]
            for path in paths:
                compact(path)
            run.written += paths
            steps = [s for s in shown if not s.name.endswith("-end")]
            top = max((s.height for s in steps), default=0)
            print(f"{name}-{item.number}-{lang}: {len(shown)} messages, tallest step {top} px "
                  f"[{'ok' if top <= BUDGET else 'OVER'} ≤ {BUDGET}]", flush=True)


def puzzle_of(name: str) -> tuple[int, Any]:
    """``name``'s puzzle: found in a seeded game of easy computer players (the next seeds
    tried when one has no clearly best move)."""
    from bot.games.ai import choose
    from bot.games.registry import ENGINES
    from bot.learning.puzzles import find

    players, seed = PUZZLES[name]
    engine = ENGINES[name]
    for s in range(seed, seed + 5):
        state = engine.new_game(players, s)
        rngs = [random.Random(s * 31 + p) for p in range(players)]
        log = []
        while (seat := engine.to_act(state)) is not None:
            action = choose(engine, state, seat, "easy", rngs[seat])
            log.append(str(action))
            state = engine.apply(state, action).state
        found = find(engine, players, s, {}, log, list(range(players)), random.Random(1),
                     seconds=60)
        if found is not None:
            return found
    raise AssertionError(f"no {name} puzzle in seeds {seed}..{seed + 4}")


async def puzzles(run: Run, games: Sequence[str], langs: Sequence[str],
                  speaker: Arabic) -> None:
    """Each game's ``/puzzle`` and the answer to a move that was not the best, in each
    language (shot before any game is played, so the puzzle is the one stored here)."""
    from simcord.components import walk_components

    from bot.learning.puzzles import offered
    from storage.puzzles import PuzzleRepo

    repo = PuzzleRepo(run.env.bot.db)
    for number, name in enumerate(games, start=1):
        index, puzzle = await asyncio.to_thread(puzzle_of, name)
        await repo.searched(900_000 + number, name, [(index, puzzle.seat, puzzle.to_json())])
        for lang in langs:
            speaker.on = lang == "ar"
            guild = run.guild(lang)
            channel = guild.create_text_channel(f"puzzle-{name}-{lang}")
            solver = run.users[lang][0]
            res = await solver.slash(channel, "puzzle", game=name)
            message = res.followups[-1] if res.followups else res.response
            await run.keep(channel, solver, message, "puzzles", name, lang)
            wrong = next(m for m in offered(puzzle) if m != puzzle.best)
            button = [c for c in walk_components(message.components) if c.get("type") == 2][
                offered(puzzle).index(wrong)]
            answer = await solver.click(message, custom_id=button["custom_id"])
            await run.keep(channel, solver, answer.response, "puzzles", f"{name}-answer", lang)
        speaker.on = False


# ------------------------------------------------------------------ the run


async def main_run(games: Sequence[str], kinds: Sequence[str], langs: Sequence[str],
                   themes: Sequence[str], turns: int, out: Path) -> list[Path]:
    """Shoot ``kinds`` of ``games`` in ``langs`` and ``themes`` into ``out``: the files
    written."""
    from bench.click import running_bot
    from tests.helpers.preview import browser

    speaker = Arabic()
    try:
        with tempfile.TemporaryDirectory(prefix="cardroom-shots-") as folder:
            # a loaded machine may take more than SimCord's usual second for the bot's work
            async with running_bot(Path(folder), settle_timeout=20) as env, browser() as b:
                service = env.bot.tables  # type: ignore[attr-defined]
                service.render_interval = 0
                service.ai_delay = 0
                run = Run(env, b, out, tuple(themes), turns)
                if "puzzles" in kinds:  # before any game ends: /puzzle searches those
                    await puzzles(run, games, langs, speaker)
                for lang in langs:
                    speaker.on = lang == "ar"
                    if "lessons" in kinds:
                        await lessons(run, games, lang)
                    if "tables" in kinds or "panels" in kinds:
                        for spec in SPECS:
                            if spec.game in games:
                                await game(run, spec, lang, "tables" in kinds,
                                           "panels" in kinds)
                    if "tables" in kinds and "soi" in games and lang == "en":
                        speaker.on = False
                        await group_dm(run)
                return run.written
    finally:
        speaker.close()


def prune(out: Path, written: Sequence[Path]) -> list[Path]:
    """Delete every PNG under ``out`` that ``written`` does not hold: the ones removed."""
    keep = {p.resolve() for p in written}
    gone = [p for p in sorted(out.rglob("*.png")) if p.resolve() not in keep]
    for path in gone:
        path.unlink()
    return gone


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES))
    parser.add_argument("--only", nargs="+", choices=KINDS, default=list(KINDS))
    parser.add_argument("--langs", nargs="+", choices=LANGS, default=list(LANGS))
    parser.add_argument("--themes", nargs="+", choices=THEMES, default=list(THEMES))
    parser.add_argument("--turns", type=int, default=40,
                        help="turns of each game played through the panel, the first step "
                             "of each kind shot (default 40)")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--prune", action="store_true",
                        help="delete the PNGs under --out this (whole) run did not write")
    args = parser.parse_args(argv)
    whole = (set(args.games), set(args.only), set(args.langs), set(args.themes)) == \
        (set(GAMES), set(KINDS), set(LANGS), set(THEMES))
    if args.prune and not whole:
        parser.error("--prune needs a whole run (no --games, --only, --langs or --themes)")
    started = time.monotonic()
    written = asyncio.run(main_run(args.games, args.only, args.langs, args.themes, args.turns,
                                   args.out))
    print(f"{len(written)} pictures written to {args.out} in "
          f"{time.monotonic() - started:.0f} s", flush=True)
    if args.prune:
        for path in prune(args.out, written):
            print(f"removed {path.relative_to(args.out)}", flush=True)


if __name__ == "__main__":
    main()
