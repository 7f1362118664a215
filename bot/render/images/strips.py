"""A picture drawn as horizontal strips, each kept encoded by what it shows (issue 42).

Most of a table's picture is the same from one move to the next: a move changes the seat
that moved, the turn's frame and the pile, not the other seats' rows. A layout that draws
its picture as :class:`Strips` names each full-width strip by a *pure* function and the
arguments it draws from (``strips.add(height, draw, *args)``: ``draw(canvas, *args)``
draws on a canvas of the strip's size and reads nothing else). A strip drawn before with
the same function, arguments, size, theme, deck colours, frame edges and language is
neither drawn, nor mapped to the palette, nor deflated again: its deflated rows are kept
(:data:`STRIPS`, bounded in bytes, shared by every table and picture kind, so a seat's
picture reuses the table picture's rows of the other seats) and the PNG is the kept
pieces joined. Each strip's deflate ends in a sync flush, so the pieces join byte-aligned
into one zlib stream; the stream's Adler-32 is combined from the pieces'.

The pixels are the ones the whole picture drawn on one canvas would have (the frame's
edges are drawn per strip, and a strip's content stays inside it): tests/render/
test_strips.py compares them picture by picture over seeded games. A picture with colour
emoji in a name is drawn whole and gets its own palette, as before.
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from PIL import Image

from bot.i18n import current
from bot.render.images.blit import blit
from bot.render.images.canvas import PICTURE_BYTES, WIDTH, Canvas, encode
from bot.render.images.palette import palette_for
from bot.render.images.phone import Drawn, noted
from bot.render.images.png import png_file, rows
from bot.render.images.style import Theme

#: The most the kept strips hold, in deflated bytes. A strip is 1-8 KB; a live table's
#: pictures hold about its table picture's bytes plus each seat's own row (6-50 KB: a Soi
#: table, a 4-seat Soureh table), so 32 MB keep the strips of about a thousand live tables;
#: past that the tables that moved least recently are drawn whole at their next move.
STRIP_BYTES = 32 * 1024 * 1024
# zlib's level 3 on a strip's rows: the bytes of libdeflate's level 1 on the whole picture
# (png.py; 141.6 KB against 138.9 KB over 33 tables' and seats' strips, level 1: 158.2 KB)
# in less time (6.5 ms against 7.4 ms for them all), and only the strips drawn pay it.
LEVEL = 3
ADLER_BASE = 65521
#: A final, empty deflate block (fixed Huffman codes): ends the joined stream.
LAST_BLOCK = b"\x03\x00"
ZLIB_HEADER = b"\x78\x01"  # deflate, 32 KB window, no dictionary


@dataclass(frozen=True, slots=True)
class Strip:
    """One full-width strip of a picture: ``draw(canvas, *args)`` on a canvas
    ``height`` pixels tall."""

    height: int
    draw: Callable[..., None]
    args: tuple[Hashable, ...]


@dataclass(frozen=True, slots=True)
class Encoded:
    """A strip as kept: its rows (each led by its filter byte) deflated and sync-flushed,
    their Adler-32 and length, and what it drew (phone.py's notes)."""

    deflated: bytes
    adler: int
    length: int
    text_sizes: frozenset[int]
    faces: tuple[int, ...]
    backs: tuple[int, ...]


class StripCache:
    """The strips drawn, least recently used dropped beyond ``max_bytes`` of deflated
    rows; safe to share between threads."""

    def __init__(self, max_bytes: int = STRIP_BYTES) -> None:
        self.max_bytes = max_bytes
        self._data: OrderedDict[Hashable, Encoded] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._data)

    @property
    def size(self) -> int:
        """The deflated bytes held."""
        return self._bytes

    def get(self, key: Hashable) -> Encoded | None:
        with self._lock:
            found = self._data.get(key)
            if found is None:
                self.misses += 1
                return None
            self._data.move_to_end(key)
            self.hits += 1
            return found

    def put(self, key: Hashable, strip: Encoded) -> None:
        with self._lock:
            old = self._data.pop(key, None)
            if old is not None:
                self._bytes -= len(old.deflated)
            self._data[key] = strip
            self._bytes += len(strip.deflated)
            while self._bytes > self.max_bytes and len(self._data) > 1:
                _, dropped = self._data.popitem(last=False)
                self._bytes -= len(dropped.deflated)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
            self._bytes = 0


STRIPS = StripCache()


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings joined, from each one's and the second's length
    (zlib's ``adler32_combine``, which Python's zlib does not expose)."""
    rem = second_length % ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % ADLER_BASE
    sum1 += (second & 0xFFFF) + ADLER_BASE - 1
    sum2 += (first >> 16) + (second >> 16) + ADLER_BASE - rem
    sum1 %= ADLER_BASE
    sum2 %= ADLER_BASE
    return sum1 | (sum2 << 16)


class Strips:
    """A picture as strips from the top down; used where a :class:`Canvas` is (``img``,
    ``drawn``, ``png``, ``webp``, ``compact``)."""

    def __init__(self, theme: Theme, four_colour: bool, width: int = WIDTH) -> None:
        self.theme = theme
        self.four_colour = four_colour
        self.width = width
        self.strips: list[Strip] = []
        self.cache = STRIPS  # where its strips are kept (a test may give another)
        self._drawn = noted(Drawn(width))  # filled as the strips are drawn or taken kept
        self._done = False  # the strips were drawn (``img``) or encoded (``png``)
        self._img: Image.Image | None = None
        self._emoji = False

    @property
    def height(self) -> int:
        return sum(s.height for s in self.strips)

    @property
    def drawn(self) -> Drawn:
        """What the picture drew (phone.py), every strip drawn first if none was yet."""
        if not self._done:
            self.img  # noqa: B018  (draws the strips, noting what they drew)
        return self._drawn

    @property
    def text_sizes(self) -> set[int]:
        return self.drawn.text_sizes

    def add(self, height: int, draw: Callable[..., None], *args: Hashable) -> None:
        """A strip under the others: ``draw(canvas, *args)`` on a canvas ``height`` tall;
        ``args`` are all it draws from (they key the kept strip)."""
        self.insert(len(self.strips), height, draw, *args)

    def insert(self, index: int, height: int, draw: Callable[..., None],
               *args: Hashable) -> None:
        """A strip before the ``index``-th one."""
        if height <= 0:
            raise ValueError(
                f"a strip is at least 1 pixel tall, not {height}")  # i18n: not for people
        self.strips.insert(index, Strip(height, draw, tuple(args)))
        self._img = None
        if self._done:  # drawn before: what it drew is noted again when next drawn
            self._drawn.text_sizes.clear()
            self._drawn.faces.clear()
            self._drawn.backs.clear()
            self._done = False

    def at(self, top: int) -> int:
        """The index of the strip starting ``top`` pixels down (``ValueError`` when none
        does)."""
        y = 0
        for i, strip in enumerate(self.strips):
            if y == top:
                return i
            y += strip.height
        if y == top:
            return len(self.strips)
        raise ValueError(f"no strip starts at y={top}")  # i18n: not for people

    def _canvas(self, index: int) -> Canvas:
        last = len(self.strips) - 1
        return Canvas(self.strips[index].height, self.theme, self.four_colour, self.width,
                      edges=(index == 0, index == last), noting=False)

    def _drawn_strip(self, index: int) -> Canvas:
        strip = self.strips[index]
        canvas = self._canvas(index)
        strip.draw(canvas, *strip.args)
        return canvas

    def _key(self, index: int) -> Hashable:
        s = self.strips[index]
        return (s.draw.__module__, s.draw.__qualname__, s.args, s.height, self.width,
                self.theme, self.four_colour, index == 0, index == len(self.strips) - 1,
                current())

    @property
    def emoji(self) -> bool:
        """Colour emoji were drawn (every strip drawn first if none was yet)."""
        if not self._done:
            self.img  # noqa: B018  (draws the strips)
        return self._emoji

    @property
    def img(self) -> Image.Image:
        """The whole picture in RGB, every strip drawn (nothing kept is used)."""
        if self._img is None:
            img = Image.new("RGB", (self.width, max(1, self.height)), self.theme.felt)
            y = 0
            for i in range(len(self.strips)):
                canvas = self._drawn_strip(i)
                self._note(canvas.drawn)
                self._emoji = self._emoji or canvas.emoji
                blit(img, canvas.img, 0, y)
                y += canvas.img.height
            self._img = img
            self._done = True
        return self._img

    def _note(self, drawn: Drawn) -> None:
        if not self._done:  # a picture drawn twice (img, then png) notes it once
            self._drawn.adopt(drawn)

    def png(self) -> bytes:
        """The picture as a palette PNG, kept strips taken as they are."""
        if self._img is not None:
            return self._whole()
        palette = palette_for(self.theme, self.four_colour)
        pieces: list[Encoded] = []
        for i in range(len(self.strips)):
            key = self._key(i)
            found = self.cache.get(key)
            if found is None:
                canvas = self._drawn_strip(i)
                if canvas.emoji:  # its own palette: the whole picture drawn at once
                    self._emoji = True
                    return self._whole()
                found = _encoded(canvas, palette)
                self.cache.put(key, found)
            pieces.append(found)
        if not self._done:
            for piece in pieces:
                self._drawn.text_sizes |= piece.text_sizes
                self._drawn.faces.extend(piece.faces)
                self._drawn.backs.extend(piece.backs)
            self._done = True
        return _joined(self.width, self.height, palette, pieces)

    def _whole(self) -> bytes:
        img = self.img
        return encode(img, theme=None if self._emoji else self.theme,
                      four_colour=self.four_colour)

    def webp(self) -> bytes:
        img = self.img
        return encode(img, theme=None if self._emoji else self.theme,
                      four_colour=self.four_colour, fmt="WEBP")

    def compact(self) -> bytes:
        png = self.png()
        return png if len(png) <= PICTURE_BYTES else self.webp()


def _encoded(canvas: Canvas, palette: Image.Image) -> Encoded:
    """``canvas`` mapped onto ``palette``, its rows deflated and sync-flushed."""
    filtered = rows(canvas.img.quantize(palette=palette, dither=Image.Dither.NONE))
    squeeze = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)
    deflated = squeeze.compress(filtered) + squeeze.flush(zlib.Z_SYNC_FLUSH)
    drawn = canvas.drawn
    return Encoded(deflated, zlib.adler32(filtered), len(filtered),
                   frozenset(drawn.text_sizes), tuple(drawn.faces), tuple(drawn.backs))


def _joined(width: int, height: int, palette: Image.Image,
            pieces: Sequence[Encoded]) -> bytes:
    """The PNG file of the pieces, top down, on ``palette``."""
    adler = 1
    for piece in pieces:
        adler = adler32_combine(adler, piece.adler, piece.length)
    stream = b"".join((ZLIB_HEADER, *(p.deflated for p in pieces), LAST_BLOCK,
                       struct.pack(">I", adler)))
    return png_file(width, height, palette, stream)

