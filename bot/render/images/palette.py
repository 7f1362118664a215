"""The 256 colours a table image is encoded with, computed once per theme and deck.

Choosing a palette per image (octree quantization) is the costliest step of an image
(about 60 % of it). Our pictures are made of the same few sprites on the same felt, so the
palette is chosen once, from sample pictures of every game in that theme and deck colours,
and each image is only mapped onto it (about four times faster, with a smaller error than
a per-image octree). An image with colour emoji in a name gets its own palette instead.

The games whose samples it is chosen from are given once, at start-up (:func:`choose_from`,
which ``bot.render.images.prepare`` calls with the bot's games): nothing here looks a game
up, and a picture drawn before they are given is refused (``RuntimeError``), not encoded
with another palette.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, cast

from PIL import Image

from bot.games.views import GameView
from bot.render.images.samples import NAMES
from bot.render.images.style import THEMES, Theme
from bot.render.images.style import theme as theme_named

if TYPE_CHECKING:
    from bot.games.registry import Game

COLOURS = 256
_lock = threading.Lock()
_sources: list[tuple[Game, ...]] = [()]  # the games the palettes are chosen from


def choose_from(games: Iterable[Game]) -> None:
    """Choose the shared palettes from ``games``' samples: once per process, at start-up,
    as the palettes are built once (a later call, a bot built again in the same process,
    keeps the games first given)."""
    given = tuple(g for g in games if g.look.pictures.samples is not None)
    with _lock:
        if not _sources[0]:
            _sources[0] = given


@lru_cache(maxsize=8)
def _build(theme: Theme, four_colour: bool) -> Image.Image:
    name = next((n for n in THEMES if theme_named(n) == theme), "dark")
    th = theme_named(name)
    parts: list[Image.Image] = []
    for entry in _sources[0]:
        game, pictures, samples = entry.name, entry.look.pictures, entry.look.pictures.samples
        if samples is None:
            continue
        players = samples.palette_players
        table = samples.view(game, players, 1)
        round_end = samples.round_end(game, players, 2)
        seat = samples.player_view(game, players, 0, 3)
        parts.append(pictures.table(cast(GameView, table), NAMES, th, four_colour).img)
        parts.append(pictures.round_end(cast(GameView, round_end), NAMES, th, four_colour).img)
        parts.append(pictures.seat(cast(GameView, seat), NAMES, th, four_colour).img)
    sheet = Image.new("RGB", (max(p.width for p in parts), sum(p.height for p in parts)))
    y = 0
    for p in parts:
        sheet.paste(p, (0, y))
        y += p.height
    return sheet.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def palette_for(theme: Theme, four_colour: bool) -> Image.Image:
    """The shared palette image (mode "P") of ``theme`` and the deck colours."""
    with _lock:  # built once; concurrent first renders wait for it
        if not _sources[0]:
            raise RuntimeError("no games to choose the shared palette from: call "
                               "bot.render.images.prepare(games) first")  # i18n: not for people
        return _build(theme, four_colour)


def quantize(img: Image.Image, theme: Theme | None, four_colour: bool) -> Image.Image:
    """``img`` in 256 colours: mapped onto the shared palette when ``theme`` is given,
    else with its own octree palette."""
    if theme is None:
        return img.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return img.quantize(palette=palette_for(theme, four_colour), dither=Image.Dither.NONE)
