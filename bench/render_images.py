"""Benchmark: milliseconds and KB per card image, per game at the largest table, before
(RGB PNG) and after (palette PNG), and a cache hit.

Run ``python -m bench.render_images`` (``--repeat 3`` for a quick smoke run, ``--save DIR``
to write the images for a look). Views come
from real engines (a position after some random legal moves) when the engine is present,
else from the hand-built samples. The first render of each game (card sprites drawn and
cached) is reported separately from the steady state.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from bot.games.registry import games
from bot.render.images import ImageCache, ImageKey
from bot.render.images.canvas import encode
from bot.render.images.samples import NAMES
from bot.render.images.strips import STRIPS
from tests.helpers.pictures import (
    canvas_for,
    render_hand,
    render_round_end,
    render_table,
    sample_player_view,
    sample_round_end,
    sample_view,
    seat_image,
)


def _views(game: str, players: int) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], str]:
    """(public view, player view of the seat to act, round-end view, source)."""
    try:
        from bot.games.registry import ENGINES

        eng = ENGINES[game]
    except ModuleNotFoundError:
        return (
            sample_view(game, players, 1),
            sample_player_view(game, players, 0, 1),
            sample_round_end(game, players, 1),
            "sample",
        )
    rng = random.Random(7)
    state = eng.new_game(players=players, seed=7)
    for _ in range(3 * players):
        if eng.to_act(state) is None:
            break
        state = eng.apply(state, rng.choice(eng.legal_actions(state))).state
    seat = eng.to_act(state) or 0
    return (
        eng.public_view(state),
        eng.player_view(state, seat),
        sample_round_end(game, players, 1),
        "engine",
    )


def _time(fn: Callable[[], object], repeat: int) -> list[float]:
    """Milliseconds of ``fn()``, ``repeat`` times, each picture drawn whole (no strip kept
    from the last time: ``strips.py``)."""
    out = []
    for _ in range(repeat):
        STRIPS.clear()
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def along_a_game(game: str, players: int, games_played: int = 4,
                 moves: int = 50) -> dict[str, tuple[float, float]]:
    """Thread-CPU ms of each table and seat picture (the seat to act's) along
    ``games_played`` seeded random games, (drawn whole, with the strips kept so far): the
    pictures a live table sends, one per move."""
    from bot.games.registry import ENGINES

    eng = ENGINES[game]
    out: dict[str, tuple[float, float]] = {}
    for kind in ("table", "seat"):
        spent = {True: 0.0, False: 0.0}
        count = 0
        for keep in (False, True):
            STRIPS.clear()
            count = 0
            for seed in range(games_played):
                rng = random.Random(seed)
                state = eng.new_game(players=players, seed=seed)
                for _ in range(moves):
                    seat = eng.to_act(state)
                    if seat is None:
                        break
                    view = eng.public_view(state) if kind == "table" else eng.player_view(
                        state, seat)
                    if not keep:
                        STRIPS.clear()
                    t0 = time.thread_time()
                    (render_table(view, NAMES[:players]) if kind == "table"
                     else seat_image(view, NAMES[:players]))
                    spent[keep] += time.thread_time() - t0
                    count += 1
                    state = eng.apply(state, rng.choice(eng.legal_actions(state))).state
        out[kind] = (1000 * spent[False] / max(1, count), 1000 * spent[True] / max(1, count))
    return out


def _encoders(
    kind: str, view: dict[str, Any], names: Sequence[str], repeat: int
) -> tuple[float, float, float, float]:
    """(ms, KB) of one image drawn and encoded as before (RGB PNG, zlib 3) and as now
    (``Canvas.png``: a palette PNG on the theme's shared palette): medians over ``repeat``."""
    def before() -> bytes:
        return encode(canvas_for(kind, view, names).img, palette=False)

    def after() -> bytes:
        return canvas_for(kind, view, names).png()

    out: list[float] = []
    for job in (before, after):
        job()
        out.append(statistics.median(_time(job, repeat)))
        out.append(len(job()) / 1024)
    return out[0], out[1], out[2], out[3]


def main(argv: Sequence[str] | None = None) -> int:
    """Print render times and sizes per game at the maximum number of players."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=30, help="renders per measurement")
    parser.add_argument("--save", type=Path, help="also write the images as PNGs into this folder")
    args = parser.parse_args(argv)
    if args.save is not None:
        args.save.mkdir(parents=True, exist_ok=True)
    repeat = max(1, args.repeat)
    print(f"card images: {repeat} renders each, median (min) in ms; target < 50 ms per table")
    print(
        f"{'game':8} {'seats':>5} {'view':>6} {'first':>7} {'table':>15} {'hand':>15}"
        f" {'round end':>15} {'png kB':>7}"
    )
    rows: list[str] = []
    for game, entry in games().items():  # read now: a game registered since is drawn too
        players = entry.engine.max_players
        public, mine, end, source = _views(game, players)
        first = _time(partial(render_table, public, NAMES), 1)[0]
        table = _time(partial(render_table, public, NAMES), repeat)
        hand = _time(partial(render_hand, mine), repeat)
        rend = _time(partial(render_round_end, end, NAMES), repeat)
        size = len(render_table(public, NAMES)) / 1024
        if args.save is not None:
            (args.save / f"{game}_table.png").write_bytes(render_table(public, NAMES))
            (args.save / f"{game}_hand.png").write_bytes(render_hand(mine))
            (args.save / f"{game}_round_end.png").write_bytes(render_round_end(end, NAMES))

        def cell(xs: list[float]) -> str:
            return f"{statistics.median(xs):6.1f} ({min(xs):5.1f})"

        print(
            f"{game:8} {players:>5} {source:>6} {first:7.1f} {cell(table):>15} "
            f"{cell(hand):>15} {cell(rend):>15} {size:7.1f}"
        )
        for kind, view in (("table", public), ("round_end", end), ("seat", mine)):
            ms0, kb0, ms1, kb1 = _encoders(kind, view, NAMES, repeat)
            rows.append(
                f"{game:8} {kind:10} {ms0:7.1f} {kb0:7.1f}   {ms1:7.1f} {kb1:7.1f}"
                f"   {kb0 / max(kb1, 0.1):5.1f}x"
            )
    print("\nper image, before (RGB PNG, zlib 3) and after (shared-palette PNG): median ms, KB")
    print(f"{'game':8} {'image':10} {'ms':>7} {'KB':>7}   {'ms':>7} {'KB':>7}   smaller")
    for row in rows:
        print(row)
    print("\nalong seeded games (4 x 50 random moves), thread-CPU ms a picture: drawn whole / "
          "with the strips kept (strips.py)")
    print(f"{'game':8} {'seats':>5} {'table':>15} {'seat':>15}")
    for game, players in (("soureh", 4), ("pariah", 2), ("turup", 12), ("soi", 6)):
        if game not in games():
            continue
        got = along_a_game(game, players)
        print(f"{game:8} {players:>5} " + " ".join(
            f"{got[k][0]:6.2f} / {got[k][1]:5.2f}" for k in ("table", "seat")))
    print(f"strips kept: {len(STRIPS)}, {STRIPS.size / 1024:.0f} KB deflated")
    cache = ImageCache(max_entries=256)
    public = sample_view("turup", 12, 1)
    key = ImageKey("bench", 1, "table", None, (False, "dark"))
    cache.get_or_render(key, lambda: render_table(public, NAMES))
    hits = _time(lambda: cache.get_or_render(key, lambda: b""), max(repeat, 1000))
    print(f"cache hit: {statistics.median(hits) * 1000:.2f} µs median over {len(hits)} lookups")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
