"""Palette PNGs written with libdeflate (the ``deflate`` package).

Pillow writes a PNG through zlib; at the same level libdeflate compresses the same bytes
about twice as fast and a few per cent smaller. Deflating was the largest single cost of a
card picture (about half of it: 6 ms of a table picture's 12, ``python -m
bench.render_images``), and pictures are most of what a live table costs the bot
(bench/results.md, Capacity); at 624 px it was still 40 % of a picture, hence level 1.
The file is a plain PNG of the same pixels: an 8-bit palette image, no interlacing, every
scanline unfiltered (as Pillow writes a palette image).
"""

from __future__ import annotations

import struct
import zlib

import deflate
from PIL import Image

# libdeflate's level 1: half the instructions of level 6 (callgrind: 4.2 M vs 8.4 M a
# picture over 21 of bench.uploads' pictures) and 43 % less thread CPU, for 17 % more bytes
# (13.0 vs 11.1 KB a picture; every picture stays far under 40 KB at 624 px: a 4-seat
# Soureh round end 32 KB). Deflate was the largest part of a 624-px picture (issue 42).
LEVEL = 1
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + \
        struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def palette_png(img: Image.Image, level: int = LEVEL) -> bytes:
    """The PNG file of ``img``, a mode "P" image."""
    if img.mode != "P":
        raise ValueError(f"a palette image is needed, not mode {img.mode}")  # i18n: not for people
    w, h = img.size
    return png_file(w, h, img, bytes(deflate.zlib_compress(rows(img), level)))


def rows(img: Image.Image) -> bytes:
    """The scanlines of a mode "P" ``img``, each led by its filter byte (0, none): the image
    one column wider, its first column 0 (a third of the time of joining the rows in
    Python)."""
    w, h = img.size
    wide = Image.new("P", (w + 1, h), 0)
    wide.paste(img, (1, 0))
    return wide.tobytes()


def png_file(width: int, height: int, palette: Image.Image, stream: bytes) -> bytes:
    """A palette PNG ``width`` x ``height`` on ``palette``'s colours (a mode "P" image)
    whose filtered rows are the zlib ``stream``."""
    colours = bytes(palette.getpalette("RGB") or ())[: 256 * 3]
    return b"".join((
        SIGNATURE,
        chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
        chunk(b"PLTE", colours),
        chunk(b"IDAT", stream),
        chunk(b"IEND", b""),
    ))
