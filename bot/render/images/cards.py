"""Drawing one card: suit shapes, card faces, the card back, small card chips.

Suits are drawn as shapes (polygons and circles), not font glyphs, so they are crisp at
every size and distinguishable by shape as well as colour. Every sprite is drawn at three
times its size and scaled down (anti-aliased), then cached: a table render only pastes.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from bot.games.cards import Card, Suit
from bot.render.images.blit import blit
from bot.render.images.style import (
    BACK_LINE,
    BACK_MAIN,
    CARD_EDGE,
    CARD_FACE,
    RED_MARK,
    RGB,
    fake_bold,
    font,
    suit_colour,
)

SS = 3  # supersampling factor for sprites

Point = tuple[float, float]


def _circle(draw: ImageDraw.ImageDraw, s: float, cx: float, cy: float, r: float) -> None:
    draw.ellipse(((cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s), fill=255)


def _poly(draw: ImageDraw.ImageDraw, s: float, points: list[Point]) -> None:
    draw.polygon([(x * s, y * s) for x, y in points], fill=255)


@lru_cache(maxsize=128)
def suit_mask(suit: Suit, size: int) -> Image.Image:
    """An anti-aliased ``size`` x ``size`` mask ("L") of the suit's shape."""
    big = size * SS * 2
    img = Image.new("L", (big, big), 0)
    d = ImageDraw.Draw(img)
    s = float(big)
    if suit is Suit.DIAMONDS:
        _poly(d, s, [(0.5, 0.0), (0.9, 0.5), (0.5, 1.0), (0.1, 0.5)])
    elif suit is Suit.HEARTS:
        _circle(d, s, 0.285, 0.3, 0.245)
        _circle(d, s, 0.715, 0.3, 0.245)
        _poly(d, s, [(0.05, 0.4), (0.5, 0.98), (0.95, 0.4), (0.5, 0.25)])
    elif suit is Suit.SPADES:
        _circle(d, s, 0.29, 0.56, 0.225)
        _circle(d, s, 0.71, 0.56, 0.225)
        _poly(d, s, [(0.075, 0.5), (0.5, 0.0), (0.925, 0.5), (0.5, 0.72)])
        _poly(d, s, [(0.5, 0.55), (0.3, 1.0), (0.7, 1.0)])
    else:
        _circle(d, s, 0.5, 0.26, 0.215)
        _circle(d, s, 0.26, 0.6, 0.215)
        _circle(d, s, 0.74, 0.6, 0.215)
        _circle(d, s, 0.5, 0.52, 0.13)
        _poly(d, s, [(0.5, 0.5), (0.3, 1.0), (0.7, 1.0)])
    return img.resize((size, size), Image.Resampling.LANCZOS)


def paste_suit(img: Image.Image, suit: Suit, x: int, y: int, size: int, colour: RGB) -> None:
    """Draw the suit shape of ``size`` pixels at (x, y) in ``colour``."""
    img.paste(colour, (x, y, x + size, y + size), suit_mask(suit, size))


def _rounded_mask(w: int, h: int, radius: int) -> Image.Image:
    big = Image.new("L", (w * SS, h * SS), 0)
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, w * SS - 1, h * SS - 1), radius=radius * SS, fill=255
    )
    return big.resize((w, h), Image.Resampling.LANCZOS)


def _radius(w: int) -> int:
    return max(3, w // 10)


@lru_cache(maxsize=1024)
def card_face(code: str, w: int, h: int, four_colour: bool = False) -> Image.Image:
    """The face of card ``code`` ("10H") as an RGBA sprite of w x h pixels.

    A large rank and suit in the top-left corner (readable when cards overlap) and a
    large suit shape in the lower right.
    """
    card = Card.parse(code)
    colour = suit_colour(card.suit, four_colour)
    radius = _radius(w)
    big = Image.new("RGB", (w * SS, h * SS), CARD_EDGE)
    d = ImageDraw.Draw(big)
    edge = max(1, w // 60) * SS
    d.rounded_rectangle(
        (edge, edge, w * SS - 1 - edge, h * SS - 1 - edge),
        radius=(radius * SS) - edge,
        fill=CARD_FACE,
    )
    rank = card.rank.value
    size = int(h * 0.4 * SS)
    max_w = int(w * 0.55 * SS)
    f = font(size, True)
    while size > 8 and _rank_width(f, rank, size) > max_w:
        size -= SS
        f = font(size, True)
    _, top, _, bottom = _bbox(f, font_probe(rank))
    x0 = int(w * 0.08 * SS)
    y0 = int(h * 0.05 * SS)
    _draw_rank(d, x0, y0 - top, f, rank, size, colour)
    room = w * SS - x0 - _rank_width(f, rank, size) - int(w * 0.14 * SS)
    small = min(int(min(w * 0.28, h * 0.2) * SS), room)
    sx = w * SS - small - int(w * 0.08 * SS)
    sy = y0 + ((bottom - top) - small) // 2
    paste_suit(big, card.suit, sx, sy, small, colour)
    large = int(min(w * 0.62, h * 0.44) * SS)
    lx = (w * SS - large) // 2
    ly = h * SS - large - int(h * 0.08 * SS)
    paste_suit(big, card.suit, lx, ly, large, colour)
    if four_colour and card.suit in RED_SUITS:
        _red_mark(d, w, h)
    out = big.resize((w, h), Image.Resampling.LANCZOS).convert("RGBA")
    out.putalpha(_rounded_mask(w, h, radius))
    return out


RED_SUITS = frozenset({Suit.HEARTS, Suit.DIAMONDS})


def _red_mark(d: ImageDraw.ImageDraw, w: int, h: int) -> None:
    """The four-colour deck's mark of a red card (hearts, diamonds): a filled dot in the
    lower left corner, in the classic red. The rules of Soureh and Pariah turn on a card
    being red or black, and diamonds are blue in this deck: the dot's shape says "red"
    where the colour no longer does (a black card has none)."""
    r = max(3.0, w * 0.07) * SS
    cx, cy = w * 0.13 * SS, h * SS - w * 0.13 * SS
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=RED_MARK)


@lru_cache(maxsize=256)
def _ink(size: int, ch: str) -> tuple[int, int]:
    """(left, right) of the glyph's ink when drawn at x = 0 in the bold font."""
    f = font(size, True)
    left, _, right, bottom = _bbox(f, ch)
    img = Image.new("L", (right - left + size, bottom + size // 2), 0)
    ImageDraw.Draw(img).text((size // 4, 0), ch, font=f, fill=255)
    box = img.getbbox()
    if box is None:
        return 0, right - left
    return box[0] - size // 4, box[2] - size // 4


def _rank_width(f: ImageFont.FreeTypeFont | ImageFont.ImageFont, rank: str, size: int) -> int:
    """Ink width of ``rank`` drawn glyph by glyph, tightly spaced (so "10" stays large)."""
    widths = [_ink(size, ch)[1] - _ink(size, ch)[0] for ch in rank]
    return sum(widths) + (len(rank) - 1) * max(1, size // 30)


def _draw_rank(
    d: ImageDraw.ImageDraw,
    x: int,
    y: int,
    f: ImageFont.FreeTypeFont | ImageFont.ImageFont,
    rank: str,
    size: int,
    colour: RGB,
) -> None:
    """Draw ``rank`` glyph by glyph from ink edge ``x`` with tight spacing."""
    for ch in rank:
        left, right = _ink(size, ch)
        d.text(
            (x - left, y),
            ch,
            font=f,
            fill=colour,
            stroke_width=fake_bold(size, True),
            stroke_fill=colour,
        )
        x += right - left + max(1, size // 30)


def _bbox(f: ImageFont.FreeTypeFont | ImageFont.ImageFont, text: str) -> tuple[int, int, int, int]:
    left, top, right, bottom = f.getbbox(text)
    return int(left), int(top), int(right), int(bottom)


def font_probe(rank: str) -> str:
    """Text whose height is a rank's cap height (so "10" and "Q" sit on one line)."""
    return "0" if rank != "Q" else "O"


@lru_cache(maxsize=512)
def card_face_top(code: str, w: int, h: int, shown_h: int, four_colour: bool = False
                  ) -> Image.Image:
    """The top ``shown_h`` pixels of ``card_face(code, w, h)``, kept: one image per card and
    height, so ``paste_card`` composes its shadow once (a crop made per picture was a new
    image each time, and its shadow was composed again: half the drawing of a coop table)."""
    return card_face(code, w, h, four_colour).crop((0, 0, w, min(h, shown_h)))


@lru_cache(maxsize=64)
def card_back(w: int, h: int) -> Image.Image:
    """The card back as an RGBA sprite: a white rim around a blue lattice."""
    radius = _radius(w)
    big = Image.new("RGB", (w * SS, h * SS), CARD_EDGE)
    d = ImageDraw.Draw(big)
    edge = max(1, w // 60) * SS
    d.rounded_rectangle(
        (edge, edge, w * SS - 1 - edge, h * SS - 1 - edge),
        radius=radius * SS - edge,
        fill=CARD_FACE,
    )
    rim = max(3, w // 14) * SS
    inner = (rim, rim, w * SS - 1 - rim, h * SS - 1 - rim)
    d.rounded_rectangle(inner, radius=max(1, radius * SS - rim), fill=BACK_MAIN)
    pattern = Image.new("RGB", big.size, BACK_MAIN)
    pd = ImageDraw.Draw(pattern)
    step = max(6, w // 6) * SS
    line = max(1, w // 40) * SS
    span = w * SS + h * SS
    for k in range(-span, span, step):
        pd.line((k, 0, k + h * SS, h * SS), fill=BACK_LINE, width=line)
        pd.line((k + h * SS, 0, k, h * SS), fill=BACK_LINE, width=line)
    mask = Image.new("L", big.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (rim + line * 2, rim + line * 2, w * SS - 1 - rim - line * 2, h * SS - 1 - rim - line * 2),
        radius=max(1, radius * SS - rim),
        fill=255,
    )
    big.paste(pattern, (0, 0), mask)
    out = big.resize((w, h), Image.Resampling.LANCZOS).convert("RGBA")
    out.putalpha(_rounded_mask(w, h, radius))
    return out


@lru_cache(maxsize=64)
def _shadow(w: int, h: int) -> Image.Image:
    return _rounded_mask(w, h, _radius(w)).point(lambda v: v * 90 // 255)


def paste_card(img: Image.Image, sprite: Image.Image, x: int, y: int) -> None:
    """Paste a card sprite at (x, y) with a soft drop shadow (one paste of the sprite and
    its shadow composed once: a third of the drawing time of a table)."""
    card = with_shadow(sprite)
    blit(img, card, x, y, card)


_COMPOSED_MAX = 256  # sprites with their shadow kept (the sizes and cards in use)
_composed: OrderedDict[int, tuple[Image.Image, Image.Image]] = OrderedDict()
_composed_lock = threading.Lock()


def with_shadow(sprite: Image.Image) -> Image.Image:
    """``sprite`` over its drop shadow as one RGBA image: the same pixels (±1 of rounding)
    as pasting the shadow, then the sprite. Kept by the sprite's identity (the sprites
    are cached themselves), least recently used dropped beyond ``_COMPOSED_MAX``."""
    key = id(sprite)
    with _composed_lock:
        hit = _composed.get(key)
        if hit is not None and hit[0] is sprite:
            _composed.move_to_end(key)
            return hit[1]
    w, h = sprite.size
    off = max(2, w // 30)
    shadow = Image.new("RGBA", (w + off, h + off), (0, 0, 0, 0))
    shadow.paste((0, 0, 0, 255), (off, off, off + w, off + h), _shadow(w, h))
    top = Image.new("RGBA", shadow.size, (0, 0, 0, 0))
    top.paste(sprite.convert("RGBA"), (0, 0))
    card = Image.alpha_composite(shadow, top)
    with _composed_lock:
        _composed[key] = (sprite, card)
        _composed.move_to_end(key)
        while len(_composed) > _COMPOSED_MAX:
            _composed.popitem(last=False)
    return card


@lru_cache(maxsize=512)
def card_chip(code: str, h: int, four_colour: bool = False) -> Image.Image:
    """A small inline card: rank and suit side by side on a white rounded chip."""
    card = Card.parse(code)
    colour = suit_colour(card.suit, four_colour)
    size = int(h * 0.72)
    f = font(size * SS, True)
    rank = card.rank.value
    left, top, right, bottom = _bbox(f, rank)
    suit_px = int(h * 0.62) * SS
    pad = int(h * 0.18) * SS
    w_big = pad + (right - left) + int(h * 0.06) * SS + suit_px + pad
    w = (w_big + SS - 1) // SS
    w_big = w * SS
    big = Image.new("RGB", (w_big, h * SS), CARD_FACE)
    d = ImageDraw.Draw(big)
    ty = (h * SS - (bottom - top)) // 2 - top
    d.text(
        (pad - left, ty),
        rank,
        font=f,
        fill=colour,
        stroke_width=fake_bold(size * SS, True),
        stroke_fill=colour,
    )
    paste_suit(big, card.suit, w_big - pad - suit_px, (h * SS - suit_px) // 2, suit_px, colour)
    out = big.resize((w, h), Image.Resampling.LANCZOS).convert("RGBA")
    out.putalpha(_rounded_mask(w, h, max(3, h // 5)))
    return out


@lru_cache(maxsize=64)
def rank_chip(rank: str, h: int, four_colour: bool = False) -> Image.Image:
    """A chip for a laid-down quadruplet: the rank and the four suit shapes."""
    size = int(h * 0.6)
    f = font(size * SS, True)
    left, top, right, bottom = _bbox(f, rank)
    pad = int(h * 0.18) * SS
    suit_px = int(h * 0.36) * SS
    grid = suit_px * 2 + SS
    w = (pad + (right - left) + pad // 2 + grid + pad + SS - 1) // SS
    big = Image.new("RGB", (w * SS, h * SS), CARD_FACE)
    d = ImageDraw.Draw(big)
    ink = suit_colour(Suit.SPADES, False)
    d.text(
        (pad - left, (h * SS - (bottom - top)) // 2 - top),
        rank,
        font=f,
        fill=ink,
        stroke_width=fake_bold(size * SS, True),
        stroke_fill=ink,
    )
    gx = w * SS - pad - grid
    gy = (h * SS - grid) // 2
    for i, suit in enumerate((Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)):
        x = gx + (i % 2) * (suit_px + SS)
        y = gy + (i // 2) * (suit_px + SS)
        paste_suit(big, suit, x, y, suit_px, suit_colour(suit, four_colour))
    out = big.resize((w, h), Image.Resampling.LANCZOS).convert("RGBA")
    out.putalpha(_rounded_mask(w, h, max(3, h // 5)))
    return out
