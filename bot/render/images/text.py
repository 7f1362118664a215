"""Text in any script, as cached sprites: font fallback per character, right-to-left runs,
Arabic shaping, colour emoji, and a clean initials badge for what no font can draw.

A line is cut into runs (same font, same bidi level), the runs are put in visual order
(a simplified Unicode bidi algorithm, enough for names and short sentences), and each
run is shaped by Pillow's Raqm layout (HarfBuzz + FriBidi: joined Arabic letters, ligatures,
emoji sequences) in its own direction. Without Raqm, right-to-left runs are reversed
unshaped (a warning is logged once). Characters no installed font covers are shown as a
badge with the word's initials (a Latin letter read from the Unicode name, e.g. "ARABIC
LETTER AIN" gives "A"), never "?" or a box.

A drawn line is an "L" mask (paste any colour through it) plus an optional RGBA layer for
colour emoji, cached by (text, size, bold): names are drawn once, then only pasted.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont, features

from bot.render.images import fonts
from bot.render.images.blit import blit, fill
from bot.render.images.fonts import FontFile

log = logging.getLogger(__name__)

ELLIPSIS = "…"
RAQM = features.check("raqm")
_LAYOUT = ImageFont.Layout.RAQM if RAQM else ImageFont.Layout.BASIC
_warned = False


@dataclass(frozen=True, slots=True)
class Run:
    """A piece of a line in one font and one direction (``font`` ``None``: a badge)."""

    text: str
    font: FontFile | None
    level: int
    width: int


@dataclass(frozen=True, slots=True)
class Line:
    """A laid-out line: runs in visual (left-to-right) order and metrics for ``size``."""

    runs: tuple[Run, ...]
    size: int
    bold: bool
    width: int
    ascent: int
    descent: int


# ------------------------------------------------------------------ bidi


def _strong(ch: str) -> str | None:
    kind = unicodedata.bidirectional(ch)
    if kind == "L":
        return "L"
    if kind in ("R", "AL"):
        return "R"
    return None


ISOLATES = "\u2066\u2067\u2068"  # LRI, RLI, FSI
PDI = "\u2069"


def isolate(text: str) -> str:
    """``text`` as a bidi isolate (FSI ... PDI): a name keeps its own direction and does not
    turn the sentence around it (an Arabic name at the start of an English line)."""
    return f"\u2068{text}{PDI}"


def _spans(text: str) -> list[tuple[int, int]]:
    """(initiator, terminator) index of each top-level isolate; an unterminated one runs
    to the end of the line."""
    spans, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in ISOLATES:
            if depth == 0:
                start = i
            depth += 1
        elif ch == PDI and depth:
            depth -= 1
            if depth == 0:
                spans.append((start, i))
    if depth:
        spans.append((start, len(text)))
    return spans


def levels(text: str) -> tuple[int, list[int]]:
    """(paragraph level, embedding level per character): a simplified UBA for one line.
    Isolates (``isolate``) are resolved on their own and count as a neutral outside."""
    spans = _spans(text)
    outer, where = [], []
    i = 0
    for s, e in spans:
        outer.append(text[i:s] + "\ufffc")
        where.append(sum(len(x) for x in outer) - 1)
        i = e + 1
    outer.append(text[i:])
    flat = "".join(outer)
    first = next((x for x in (_strong(c) for c in flat) if x), "L")
    para = 1 if first == "R" else 0
    outer_lv = _flat_levels(flat, para)
    out: list[int] = []
    i = 0
    k = 0
    for (s, e), w in zip(spans, where, strict=True):
        out += outer_lv[k : k + (s - i)]
        k += s - i
        p_in, inner = levels(text[s + 1 : e])
        base = para + 1 if (para + 1) % 2 == p_in else para + 2
        out.append(outer_lv[w])
        out += [v + base - p_in for v in inner]
        if e < len(text):
            out.append(outer_lv[w])
        k = w + 1
        i = e + 1
    out += outer_lv[k:]
    return para, out


def _flat_levels(text: str, para: int) -> list[int]:
    """(paragraph level, embedding level per character): a simplified UBA for a line
    without explicit embeddings. Strong letters take their direction, numbers follow the
    letters before them (and act as right-to-left there), neutrals take the direction on
    both sides of them, else the paragraph's."""
    strong = [_strong(c) for c in text]
    base = "R" if para else "L"
    eff: list[str | None] = []
    last = base
    for ch, s in zip(text, strong, strict=True):
        if s is not None:
            last = s
            eff.append(s)
        elif unicodedata.bidirectional(ch) in ("EN", "AN"):
            eff.append("N" + last)  # a number: its level comes from the letters before
        else:
            eff.append(None)
    out: list[int] = []
    prev = base
    for i, ch in enumerate(text):
        e = eff[i]
        if e == "L":
            out.append(2 if para else 0)
        elif e == "R":
            out.append(1)
        elif e is not None:  # a number
            out.append(2 if para or e == "NR" else 0)
        elif unicodedata.bidirectional(ch) == "NSM" and out:
            out.append(out[-1])
            continue
        else:
            nxt = next((x[-1] for x in eff[i + 1 :] if x), base)
            if prev != nxt:
                out.append(para)
            else:
                out.append(1 if nxt == "R" else 2 if para else 0)
            continue
        prev = e[-1]
    return out


def visual_order(items: list[int]) -> list[int]:
    """Indices of units with embedding levels ``items`` in visual order (rule L2)."""
    order = list(range(len(items)))
    if not items:
        return order
    top = max(items)
    low = min(v for v in items if v % 2) if any(v % 2 for v in items) else top + 1
    for level in range(top, low - 1, -1):
        i = 0
        while i < len(order):
            if items[order[i]] >= level:
                j = i
                while j < len(order) and items[order[j]] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return order


# ------------------------------------------------------------------ layout


def _run_width(text: str, f: FontFile | None, level: int, size: int, bold: bool) -> int:
    if f is None:
        return _badge_width(text, size, bold)
    ft = fonts.face(f, size)
    direction = "rtl" if level % 2 and RAQM else None
    length = ft.getlength(_logical(text, level), direction=direction)
    if f.emoji:
        length = length * _emoji_scale(size)
    return round(length)


def _logical(text: str, level: int) -> str:
    """What is handed to the font: Raqm orders an RTL run itself; without Raqm it is
    reversed here (unshaped)."""
    global _warned
    if level % 2 and not RAQM:
        if not _warned:
            log.warning("Pillow has no Raqm layout: right-to-left names are drawn unshaped")
            _warned = True
        return text[::-1]
    return text


def _emoji_scale(size: int) -> float:
    return size / 118  # the bitmaps are 136 x 128 at EMOJI_SIZE: about 1.1 em tall


@dataclass(slots=True)
class _Piece:
    text: str
    font: FontFile | None
    level: int


def _segments(text: str, bold: bool) -> list[_Piece]:
    """Logical-order pieces: one per font and level. Undrawable pieces (no font) become
    badges of their words' initials."""
    chain = fonts.chain()
    _, lv = levels(text)
    pieces: list[_Piece] = []
    for ch, level in zip(text, lv, strict=True):
        if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") and not fonts.is_joiner(ch):
            continue
        if pieces and fonts.is_joiner(ch):
            pieces[-1].text += ch
            continue
        current = pieces[-1].font if pieces else None
        neutral = _strong(ch) is None and not fonts.is_emoji(ch)
        f: FontFile | None
        if current is not None and neutral and not current.emoji and chain.covers(current, ch):
            f = current
        else:
            f = chain.font_for(ch, bold)
        if pieces and pieces[-1].font == f and pieces[-1].level == level:
            pieces[-1].text += ch
        else:
            pieces.append(_Piece(ch, f, level))
    for p in pieces:
        if p.font is None:
            p.text, p.level = initials(p.text), 0
    return pieces


def initials(text: str) -> str:
    """Up to two Latin initials for undrawable ``text``: each word's first letter, read
    from its Unicode name ("GREEK SMALL LETTER ALPHA" gives "A"); "" when none has one."""
    out = []
    for word in text.split():
        ch = word[0]
        name = unicodedata.name(ch, "")
        m = re.search(r"\bLETTER (?:SMALL |CAPITAL )?([A-Z])", name)  # i18n: not for people
        if ch.isascii() and ch.isalnum():
            out.append(ch.upper())
        elif m:
            out.append(m.group(1))
    return "".join(out[:2])


@lru_cache(maxsize=4096)
def layout(text: str, size: int, bold: bool = False) -> Line:
    """``text`` laid out at ``size`` pixels: runs in visual order with their widths."""
    pieces = _segments(text, bold)
    runs = [
        Run(p.text, p.font, p.level, _run_width(p.text, p.font, p.level, size, bold))
        for p in pieces
    ]
    order = visual_order([r.level for r in runs])
    visual = tuple(runs[i] for i in order)
    ascent, descent = _metrics(size, bold)
    return Line(visual, size, bold, sum(r.width for r in visual), ascent, descent)


def _metrics(size: int, bold: bool) -> tuple[int, int]:
    primary = fonts.chain().primary
    if primary is None:
        return size, size // 4
    a, d = fonts.face(primary, size).getmetrics()
    return int(a), int(d)


def width(text: str, size: int, bold: bool = False) -> int:
    """The drawn width of ``text`` in pixels."""
    return layout(text, size, bold).width


_CUT = re.compile(r"\s+$")


def fit(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """``text`` cut at its logical end, with an ellipsis, to fit ``max_width`` pixels;
    never inside an emoji sequence or before a combining mark."""
    if width(text, size, bold) <= max_width:
        return text
    cuts = [
        i for i in range(1, len(text)) if not fonts.is_joiner(text[i]) and text[i - 1] != "\u200d"
    ]
    lo, hi, best = 0, len(cuts) - 1, ""
    while lo <= hi:
        mid = (lo + hi) // 2
        cand = _CUT.sub("", text[: cuts[mid]]) + ELLIPSIS
        if width(cand, size, bold) <= max_width:
            best, lo = cand, mid + 1
        else:
            hi = mid - 1
    return best or ELLIPSIS


def drawable(text: str, bold: bool = False) -> bool:
    """Whether every printable character of ``text`` has a font (no badge needed)."""
    return all(r.font is not None for r in layout(text, 24, bold).runs)


# ------------------------------------------------------------------ drawing


@dataclass(frozen=True, slots=True)
class Sprite:
    """A drawn line: ``mask`` to paste a colour through, ``colour`` (RGBA emoji) or
    ``None``; ``top`` is where the line's ascender top sits in the sprite. ``ink`` is the
    mask cut to its inked box, which starts at ``ink_at`` in the sprite (``None``: no
    ink): pasting only that box is half the work (the padding is blank)."""

    mask: Image.Image
    colour: Image.Image | None
    top: int
    width: int
    ascent: int
    descent: int
    ink: Image.Image | None = None
    ink_at: tuple[int, int] = (0, 0)


def pad(size: int) -> int:
    """Room above and below a line for marks and tall glyphs."""
    return max(4, size // 3)


@lru_cache(maxsize=2048)
def sprite(text: str, size: int, bold: bool = False) -> Sprite:
    """``text`` drawn once at ``size`` (white in the mask) for pasting."""
    line = layout(text, size, bold)
    p = pad(size)
    h = line.ascent + line.descent + 2 * p
    w = max(1, line.width + 2 * p)
    mask = Image.new("L", (w, h), 0)
    draw = ImageDraw.Draw(mask)
    colour: Image.Image | None = None
    x = p
    baseline = p + line.ascent
    for run in line.runs:
        if run.font is None:
            _draw_badge(mask, x, p, run.text, run.width, line.ascent + line.descent, size, bold)
        elif run.font.emoji:
            if colour is None:
                colour = Image.new("RGBA", (w, h), (0, 0, 0, 0))
            _draw_emoji(colour, x, baseline, run, size)
        else:
            ft = fonts.face(run.font, size)
            direction = "rtl" if run.level % 2 and RAQM else None
            draw.text(
                (x, baseline),
                _logical(run.text, run.level),
                font=ft,
                fill=255,
                anchor="ls",
                direction=direction,
            )
        x += run.width
    box = mask.getbbox()
    ink = mask.crop(box) if box is not None else None
    at = (box[0], box[1]) if box is not None else (0, 0)
    return Sprite(mask, colour, p, line.width, line.ascent, line.descent, ink, at)


def _draw_emoji(img: Image.Image, x: int, baseline: int, run: Run, size: int) -> None:
    assert run.font is not None
    ft = fonts.face(run.font, size)
    big_w = max(1, round(ft.getlength(run.text)))
    a, d = ft.getmetrics()
    big = Image.new("RGBA", (big_w, int(a + d)), (0, 0, 0, 0))
    ImageDraw.Draw(big).text((0, a), run.text, font=ft, anchor="ls", embedded_color=True)
    scale = _emoji_scale(size)
    small = big.resize(
        (max(1, round(big_w * scale)), max(1, round((a + d) * scale))), Image.Resampling.LANCZOS
    )
    y = baseline - round(a * scale) + round(size * 0.08)
    img.alpha_composite(small, (x, max(0, y)))


def _badge_width(text: str, size: int, bold: bool) -> int:
    inner = _plain_width(text, int(size * 0.8)) if text else int(size * 0.7)
    return inner + size // 2 + 4


def _plain_width(text: str, size: int) -> int:
    primary = fonts.chain().primary
    if primary is None:
        return int(ImageFont.load_default(size=size).getlength(text))
    return round(fonts.face(primary, size).getlength(text))


def _draw_badge(
    mask: Image.Image, x: int, top: int, text: str, w: int, h: int, size: int, bold: bool
) -> None:
    """A filled rounded badge with the initials (or a head-and-shoulders figure) cut out."""
    d = ImageDraw.Draw(mask)
    box = (x + 1, top + 1, x + w - 3, top + h - 1)
    d.rounded_rectangle(box, radius=max(3, size // 4), fill=255)
    cx, cy = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
    if text:
        primary = fonts.chain().primary
        small = int(size * 0.8)
        ft = (
            fonts.face(primary, small)
            if primary is not None
            else ImageFont.load_default(size=small)
        )
        d.text((cx, cy), text, font=ft, fill=0, anchor="mm")
        return
    r = max(2, size // 7)
    d.ellipse((cx - r, cy - 2 * r, cx + r, cy), fill=0)
    d.pieslice((cx - 2 * r, cy + r // 2, cx + 2 * r, cy + 4 * r), 180, 360, fill=0)


def paste(
    img: Image.Image,
    x: int,
    y: int,
    text: str,
    size: int,
    colour: tuple[int, int, int],
    *,
    bold: bool = False,
    anchor: str = "la",
) -> int:
    """Paste ``text`` onto ``img`` at (x, y) with a Pillow-style anchor (horizontal l/m/r,
    vertical a = ascender top, m = middle, s = baseline); returns the width."""
    s = sprite(text, size, bold)
    h, v = anchor[0], anchor[1]
    left = x - (s.width if h == "r" else s.width // 2 if h == "m" else 0)
    if v == "m":
        top = y - (s.ascent + s.descent) // 2
    elif v == "s":
        top = y - s.ascent
    else:
        top = y
    px, py = left - pad(size), top - s.top
    if s.ink is not None:
        # a solid image through the mask: a third of the time of Pillow's masked fill
        x0, y0 = px + s.ink_at[0], py + s.ink_at[1]
        fill(img, colour, x0, y0, s.ink)
    if s.colour is not None:
        blit(img, s.colour, px, py, s.colour)
    return s.width


def clear_cache() -> None:
    """Forget every laid-out and drawn line (after the font chain changed)."""
    layout.cache_clear()
    sprite.cache_clear()


def use_chain(new: fonts.FontChain | None) -> fonts.FontChain | None:
    """Replace the process-wide font chain (``None``: rebuild from the system on next use)
    and drop the text sprites drawn with the old one; returns the previous chain."""
    old = fonts.swap_chain(new)
    clear_cache()
    return old
