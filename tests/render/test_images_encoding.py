"""The palette PNG looks the same as the drawn picture, in every theme and deck."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from bot.render.images.canvas import encode
from bot.render.images.samples import NAMES
from tests.helpers.fonts import EMOJI, needs_fonts
from tests.helpers.pictures import canvas_for, sample_view

EMOJI_NAMES = ["🐉DragonLady🐉", "李小龙", "محمد علي", "Zoë"]


def error(img: Image.Image, png: bytes) -> tuple[float, float]:
    """(mean difference per channel, share of pixels off by more than 16) of the decoded
    PNG against the drawn picture."""
    decoded = Image.open(io.BytesIO(png)).convert("RGB")
    diff = ImageChops.difference(img, decoded).convert("L").histogram()
    total = sum(diff)
    return sum(i * v for i, v in enumerate(diff)) / total, sum(diff[17:]) / total


@pytest.mark.parametrize(("theme", "four_colour"), [("dark", False), ("light", True)])
def test_shared_palette_png_looks_the_same(theme: str, four_colour: bool) -> None:
    """A table on the theme's shared palette differs from the drawing by under 2 levels on
    average, with no visible outliers, at under a third of the RGB PNG's bytes."""
    canvas = canvas_for("table", sample_view("soureh", 4, 5), NAMES,
                        four_colour=four_colour, theme=theme)
    png = canvas.png()
    mean, off = error(canvas.img, png)
    assert mean < 2 and off < 0.001
    assert png[25] == 3  # PNG colour type 3: a palette image
    assert len(png) * 3 < len(encode(canvas.img, palette=False))


def test_emoji_names_get_their_own_palette() -> None:
    """A picture with colour emoji is quantized on its own palette and stays faithful."""
    needs_fonts(EMOJI)
    canvas = canvas_for("table", sample_view("soi", 4, 5), EMOJI_NAMES)
    assert canvas.emoji
    mean, off = error(canvas.img, canvas.png())
    assert mean < 2 and off < 0.001


@pytest.mark.parametrize(("game", "players", "kind"), [
    ("soureh", 4, "table"), ("pariah", 2, "seat"), ("turup", 6, "round_end"), ("soi", 4, "table"),
])
def test_libdeflate_png_holds_exactly_the_palette_picture(game: str, players: int,
                                                          kind: str) -> None:
    """The PNG written with libdeflate decodes (by Pillow, as a client would) to the same
    palette, indices and size as the quantized picture; at level 6 it is about as small
    as the PNG Pillow writes with zlib at that level: within 3 % (3 % smaller on average
    over the four games' tables and seats); at the level sent (1: half the instructions)
    at most half as large again (a small picture: +35 %; 17 % over a whole play)."""
    from bot.render.images.palette import quantize
    from bot.render.images.png import palette_png
    from tests.helpers.pictures import sample_player_view, sample_round_end

    view = {"table": lambda: sample_view(game, players, 3),
            "seat": lambda: sample_player_view(game, players, 0, 3),
            "round_end": lambda: sample_round_end(game, players, 2)}[kind]()
    canvas = canvas_for(kind, view, NAMES)
    quantized = quantize(canvas.img, canvas.theme, canvas.four_colour)
    ours = palette_png(quantized)
    decoded = Image.open(io.BytesIO(ours))
    decoded.load()
    assert decoded.mode == "P" and decoded.size == quantized.size
    assert decoded.tobytes() == quantized.tobytes()
    assert decoded.convert("RGB").tobytes() == quantized.convert("RGB").tobytes()
    pillows = io.BytesIO()
    quantized.save(pillows, "PNG", compress_level=6)
    assert len(palette_png(quantized, level=6)) <= 1.03 * len(pillows.getvalue())
    assert len(ours) <= 1.5 * len(pillows.getvalue())


def test_palette_png_refuses_an_rgb_image() -> None:
    from bot.render.images.png import palette_png

    with pytest.raises(ValueError):
        palette_png(Image.new("RGB", (4, 4)))
