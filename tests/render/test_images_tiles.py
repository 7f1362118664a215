"""Kept tiles (issue 42, cheaper pictures): a seat panel is pasted from a tile drawn once,
and a hand's fan of backs from one sprite, with the pixels of drawing them each time."""

from __future__ import annotations

from PIL import Image, ImageChops, ImageDraw

from bot.render.images.canvas import Canvas, panel_tile
from bot.render.images.cards import card_back, paste_card
from bot.render.images.rows import BH, BW, backs
from bot.render.images.style import theme


def test_a_panel_tile_is_the_panel_drawn_on_the_felt() -> None:
    """Every kind of panel (its turn, out, plain) pasted from its tile at any place gives
    the pixels of drawing its rounded rectangle there."""
    t = theme("dark")
    for highlight, out in ((False, False), (True, False), (False, True)):
        canvas = Canvas(200, t, False)
        drawn = Image.new("RGB", canvas.img.size, t.felt)
        box = (13, 21, 13 + 297, 21 + 61)
        canvas.img.paste(t.felt, (0, 0, *canvas.img.size))
        canvas.panel(box, highlight=highlight, out=out)
        ImageDraw.Draw(drawn).rounded_rectangle(
            box, radius=14, fill=t.panel_out if out else t.panel,
            outline=t.accent if highlight else t.panel_border, width=5 if highlight else 2)
        assert ImageChops.difference(canvas.img, drawn).getbbox() is None
    assert panel_tile.cache_info().currsize > 0  # drawn once, kept


def test_a_fan_of_backs_is_one_sprite_with_each_back_counted() -> None:
    """The fan pasted at once is within one unit of each back pasted in turn (rounding of
    the shadows' blend), and the canvas counts every back it shows (phone legibility)."""
    t = theme("dark")
    for count in range(1, 8):
        canvas = Canvas(80, t, False)
        one_by_one = canvas.img.copy()
        width = backs(canvas, 20, 10, count)
        shown = min(count, 6)
        for i in range(shown):
            paste_card(one_by_one, card_back(BW, BH), 20 + i * 8, 10)
        _low, high = zip(*ImageChops.difference(canvas.img, one_by_one).getextrema(),
                        strict=True)
        assert max(high) <= 1
        assert canvas.drawn.backs == [BW] * shown and width == BW + 8 * (shown - 1)
