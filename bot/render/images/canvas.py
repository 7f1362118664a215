"""A drawing surface with the pieces every layout shares: text, panels, pills, cards, PNG."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.i18n import _, is_rtl
from bot.render.images import text as lines
from bot.render.images.blit import blit
from bot.render.images.cards import card_back, card_face, card_face_top, paste_card, rank_chip
from bot.render.images.palette import quantize
from bot.render.images.phone import Drawn, noted
from bot.render.images.png import palette_png
from bot.render.images.style import RGB, Theme, fit, text_width
from bot.render.names import plain

WIDTH = 624  # shown at most 312 px wide on a 400-px phone: at half size (phone.py)
MARGIN = 10
GAP = 8
PAD = 10
TEXT_PX = 24  # the text a picture draws (names, slot numbers): 12 px on a phone
NAME_PX = 26  # a seat's name
WEBP_METHOD = 2  # lossless WebP effort: a Soureh round end 31 KB in ~25 ms (PNG: 43 KB)
WEBP_EFFORT = 50
PICTURE_BYTES = 40 * 1024  # the most a picture should upload (issue 17)
FRAME = 6  # the felt's darker edge around every picture
RLM = "\u200f"  # starts a label in a right-to-left language: the whole label reads RTL


class Canvas:
    """An opaque felt image of a fixed size with helpers to draw the table on it."""

    def __init__(self, height: int, theme: Theme, four_colour: bool, width: int = WIDTH,
                 *, edges: tuple[bool, bool] = (True, True), noting: bool = True) -> None:
        """``edges``: whether the frame's top and bottom edge are drawn (a strip of a
        picture, ``strips.py``, has only those of its own; its sides always);
        ``noting=False``: what it draws is noted by the picture it is part of, not here."""
        self.theme = theme
        self.four_colour = four_colour
        self.img = Image.new("RGB", (width, height), theme.felt)
        self.draw = ImageDraw.Draw(self.img)
        self.width = width
        self.emoji = False  # colour emoji were drawn: the image needs its own palette
        drawn = Drawn(width)  # the text sizes and cards drawn (phone.py)
        self.drawn = noted(drawn) if noting else drawn
        top, bottom = edges  # an edge not drawn lies outside the image: only the sides show
        self.draw.rectangle((0, 0 if top else -FRAME - 1, width - 1,
                             height - 1 if bottom else height + FRAME),
                            outline=theme.felt_edge, width=FRAME)

    @property
    def text_sizes(self) -> set[int]:
        """Every text size drawn (canvas pixels)."""
        return self.drawn.text_sizes

    def text(
        self,
        x: int,
        y: int,
        text: str,
        size: int,
        colour: RGB | None = None,
        *,
        bold: bool = False,
        max_width: int | None = None,
        anchor: str = "la",
    ) -> int:
        """Draw ``text`` (cut to ``max_width``, and never past the image's margins) and
        return its width. In a right-to-left language the label is one right-to-left
        paragraph, whatever script it starts with (a name, a number, card notation)."""
        if is_rtl() and not text.startswith(RLM):
            text = RLM + text
        room = self._room(x, anchor)
        if max_width is None or max_width > room:
            max_width = room if text_width(text, size, bold) > room else max_width
        shown = fit(text, size, max_width, bold) if max_width is not None else text
        fill = colour if colour is not None else self.theme.text
        self.drawn.text_sizes.add(size)
        if lines.sprite(shown, size, bold).colour is not None:
            self.emoji = True
        return lines.paste(self.img, x, y, shown, size, fill, bold=bold, anchor=anchor)

    def _room(self, x: int, anchor: str) -> int:
        """The widest text that fits between ``x`` (as ``anchor`` places it) and the image's
        edges (its frame's inner side)."""
        left, right = x - 6, self.width - 6 - x
        room = left if anchor[0] == "r" else 2 * min(left, right) if anchor[0] == "m" else right
        return max(1, room)

    def panel(self, box: tuple[int, int, int, int], *, highlight: bool, out: bool) -> None:
        """A seat panel; gold-rimmed when it is that seat's turn, greyed when out."""
        t = self.theme
        fill = t.panel_out if out else t.panel
        border = t.accent if highlight else t.panel_border
        width = 5 if highlight else 2
        x0, y0, x1, y1 = box
        blit(self.img, panel_tile(x1 - x0, y1 - y0, fill, border, width, t.felt), x0, y0)

    def card(self, x: int, y: int, code: str | None, w: int, h: int) -> None:
        """A card face (``code``) or, for ``None``, its back."""
        sprite = card_back(w, h) if code is None else card_face(code, w, h, self.four_colour)
        (self.drawn.backs if code is None else self.drawn.faces).append(w)
        paste_card(self.img, sprite, x, y)

    def card_top(self, x: int, y: int, code: str, w: int, h: int, shown_h: int) -> None:
        """The top ``shown_h`` pixels of the face of ``code`` (w x h): a card whose lower
        part another card covers."""
        sprite = card_face_top(code, w, h, shown_h, self.four_colour)
        self.drawn.faces.append(w)
        paste_card(self.img, sprite, x, y)

    def empty_slot(self, x: int, y: int, w: int, h: int) -> None:
        """The outline where a pile would be when it is empty."""
        self.draw.rounded_rectangle(
            (x, y, x + w, y + h), radius=max(3, w // 10), outline=self.theme.panel_border, width=3
        )

    def stack(self, x: int, y: int, count: int, w: int, h: int) -> None:
        """A face-down pile: up to three offset backs, or an empty slot."""
        if count <= 0:
            self.empty_slot(x, y, w, h)
            return
        layers = min(3, (count + 9) // 10)
        for i in range(layers - 1, -1, -1):
            self.card(x + i * 3, y - i * 3, None, w, h)

    def quad(self, x: int, y: int, rank: str, h: int) -> int:
        """A laid-down quadruplet chip; returns its width."""
        sprite = rank_chip(rank, h, self.four_colour)
        self.drawn.text_sizes.add(int(h * 0.6))  # its rank, as rank_chip draws it
        blit(self.img, sprite, x, y, sprite)
        return sprite.width

    def ring(self, x: int, y: int, w: int, h: int, colour: RGB) -> None:
        """A coloured frame around a card (a picked card at round end)."""
        r = max(3, w // 10)
        self.draw.rounded_rectangle((x - 4, y - 4, x + w + 4, y + h + 4), r + 4, None, colour, 4)

    def mark(self, x: int, y: int, size: int, ok: bool) -> None:
        """A tick (valid) or a cross (invalid) of ``size`` pixels at (x, y)."""
        t = self.theme
        width = max(3, size // 6)
        if ok:
            pts = [
                (x, y + size * 0.55),
                (x + size * 0.38, y + size * 0.9),
                (x + size, y + size * 0.1),
            ]
            self.draw.line(pts, fill=t.good, width=width, joint="curve")
        else:
            self.draw.line((x, y, x + size, y + size), fill=t.bad, width=width)
            self.draw.line((x, y + size, x + size, y), fill=t.bad, width=width)

    def webp(self) -> bytes:
        """The same 256-colour picture as ``png`` (pixel for pixel), as a lossless WebP."""
        return encode(self.img, theme=None if self.emoji else self.theme,
                      four_colour=self.four_colour, fmt="WEBP")

    def compact(self) -> bytes:
        """``png``, or the ``webp`` of its pixels (a quarter fewer bytes for eight times the
        CPU) when the PNG is over :data:`PICTURE_BYTES` (a round end of 4 Soureh seats)."""
        png = self.png()
        return png if len(png) <= PICTURE_BYTES else self.webp()

    def png(self) -> bytes:
        """The image as a palette PNG (256 colours, no dithering): a quarter of the bytes
        of an RGB PNG and faster to encode, with no visible difference on our flat card art
        (see docs/images/). The palette is the theme's shared one (``palette.py``) unless
        colour emoji were drawn."""
        return encode(self.img, theme=None if self.emoji else self.theme,
                      four_colour=self.four_colour)

@lru_cache(maxsize=256)
def panel_tile(w: int, h: int, fill: RGB, border: RGB, width: int, felt: RGB) -> Image.Image:
    """A seat panel as drawn on the felt, ``w`` x ``h`` (its box's corners): kept, so a
    table of twelve seats pastes twelve tiles instead of drawing twelve rounded rectangles
    (the same pixels: a panel always lies on the plain felt)."""
    tile = Image.new("RGB", (w + 1, h + 1), felt)
    ImageDraw.Draw(tile).rounded_rectangle((0, 0, w, h), radius=14, fill=fill,
                                           outline=border, width=width)
    return tile


def encode(
    img: Image.Image, palette: bool = True, theme: Theme | None = None, four_colour: bool = False,
    fmt: str = "PNG",
) -> bytes:
    """PNG bytes of ``img``: a palette PNG (the shared palette of ``theme``, or the image's
    own when ``theme`` is ``None``), or with ``palette=False`` the RGB PNG the images used
    before (for comparisons and the benchmark). ``fmt="WEBP"``: the palette picture as a
    lossless WebP instead (the same pixels)."""
    buf = io.BytesIO()
    if palette and fmt == "WEBP":
        quantize(img, theme, four_colour).save(buf, "WEBP", lossless=True, method=WEBP_METHOD,
                                               quality=WEBP_EFFORT)
    elif palette:
        return palette_png(quantize(img, theme, four_colour))
    else:
        img.save(buf, "PNG", compress_level=3)
    return buf.getvalue()


def seat_name(names: Sequence[str], seat: int) -> str:
    """The display name of ``seat`` (drawn in any script; characters no font has become
    an initials badge); "Seat N" only for a seat without a name. The name is a bidi
    isolate, so an Arabic name does not turn the sentence it is in around; the bidi
    controls a name holds are dropped (names are data)."""
    name = " ".join(plain(names[seat]).split()) if 0 <= seat < len(names) else ""
    return lines.isolate(name or _("Seat {n}", n=seat + 1))


def grid(players: int, columns: int, top: int, panel_h: int) -> list[tuple[int, int, int, int]]:
    """Panel boxes for ``players`` seats in ``columns`` columns, starting at ``top``."""
    pw = (WIDTH - 2 * MARGIN - (columns - 1) * GAP) // columns
    boxes = []
    for seat in range(players):
        row, col = divmod(seat, columns)
        x = MARGIN + col * (pw + GAP)
        y = top + row * (panel_h + GAP)
        boxes.append((x, y, x + pw, y + panel_h))
    return boxes


def grid_height(players: int, columns: int, panel_h: int) -> int:
    """Total height of the seat grid."""
    rows = (players + columns - 1) // columns
    return rows * panel_h + (rows - 1) * GAP


def no_round_scored() -> ValueError:
    """The error of a round-end picture asked for before any round was scored."""
    return ValueError("no round has been scored yet (last_round is null)")  # i18n: not for people


def flow(
    groups: Sequence[Sequence[str]], w: int, step: int, gap: int, max_width: int
) -> list[list[tuple[int, str]]]:
    """Lay card groups out in rows: cards in a group overlap by ``step``; a group never
    splits across rows unless it alone is wider than a row. Returns rows of (x, code)."""
    rows: list[list[tuple[int, str]]] = [[]]
    x = 0
    for group in groups:
        width = w + step * (len(group) - 1)
        if rows[-1] and x + width > max_width:
            rows.append([])
            x = 0
        for code in group:
            if rows[-1] and x + w > max_width:
                rows.append([])
                x = 0
            rows[-1].append((x, code))
            x += step
        x += w - step + gap
    return rows
