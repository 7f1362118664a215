"""Which font draws which character: a fallback chain of system fonts, found on disk.

The chain starts with DejaVu Sans (the look of the table) and falls back, character by
character, to the Noto fonts Debian ships (``fonts-noto-core``, ``fonts-noto-cjk``,
``fonts-noto-color-emoji``): Arabic, Hebrew, the Indic scripts, Thai, CJK, symbols and
colour emoji. Nothing is downloaded; a font that is not installed is skipped. Coverage is
read from each font's character map (fontTools), so "covers" is exact, not guessed.

The font folders are ``$CARDROOM_FONT_DIRS`` (``os.pathsep``-separated) when set, else the
usual system folders. ``FontChain(dirs)`` builds a chain from any folders (tests use it to
draw as a machine without the Noto fonts would).
"""

from __future__ import annotations

import logging
import os
import threading
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

log = logging.getLogger(__name__)

SYSTEM_DIRS = ("/usr/share/fonts", "/usr/local/share/fonts", "~/.local/share/fonts", "~/.fonts")
EMOJI_SIZE = 109  # the one size Noto Color Emoji's bitmaps come in

Face = ImageFont.FreeTypeFont


@dataclass(frozen=True, slots=True)
class FontFile:
    """One font in the chain: the file, its index in a collection, colour bitmaps or not."""

    path: str
    index: int = 0
    emoji: bool = False


DEFAULT = FontFile("")  # Pillow's built-in font: basic Latin only

# (regular, bold, collection index) by file name, in fallback order.
_CHAIN: tuple[tuple[str, str, int], ...] = (
    ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", 0),
    ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", 0),
    ("NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf", 0),
    ("NotoNaskhArabic-Regular.ttf", "NotoNaskhArabic-Bold.ttf", 0),
    ("NotoSansHebrew-Regular.ttf", "NotoSansHebrew-Bold.ttf", 0),
    ("NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc", 2),  # index 2: Simplified Chinese
    ("NotoSansDevanagari-Regular.ttf", "NotoSansDevanagari-Bold.ttf", 0),
    ("NotoSansBengali-Regular.ttf", "NotoSansBengali-Bold.ttf", 0),
    ("NotoSansTamil-Regular.ttf", "NotoSansTamil-Bold.ttf", 0),
    ("NotoSansTelugu-Regular.ttf", "NotoSansTelugu-Bold.ttf", 0),
    ("NotoSansGujarati-Regular.ttf", "NotoSansGujarati-Bold.ttf", 0),
    ("NotoSansGurmukhi-Regular.ttf", "NotoSansGurmukhi-Bold.ttf", 0),
    ("NotoSansKannada-Regular.ttf", "NotoSansKannada-Bold.ttf", 0),
    ("NotoSansMalayalam-Regular.ttf", "NotoSansMalayalam-Bold.ttf", 0),
    ("NotoSansSinhala-Regular.ttf", "NotoSansSinhala-Bold.ttf", 0),
    ("NotoSansThai-Regular.ttf", "NotoSansThai-Bold.ttf", 0),
    ("NotoSansLao-Regular.ttf", "NotoSansLao-Bold.ttf", 0),
    ("NotoSansKhmer-Regular.ttf", "NotoSansKhmer-Bold.ttf", 0),
    ("NotoSansMyanmar-Regular.ttf", "NotoSansMyanmar-Bold.ttf", 0),
    ("NotoSansGeorgian-Regular.ttf", "NotoSansGeorgian-Bold.ttf", 0),
    ("NotoSansArmenian-Regular.ttf", "NotoSansArmenian-Bold.ttf", 0),
    ("NotoSansEthiopic-Regular.ttf", "NotoSansEthiopic-Bold.ttf", 0),
    ("NotoSansSymbols-Regular.ttf", "NotoSansSymbols-Bold.ttf", 0),
    ("NotoSansSymbols2-Regular.ttf", "NotoSansSymbols2-Regular.ttf", 0),
    ("NotoSansMath-Regular.ttf", "NotoSansMath-Regular.ttf", 0),
    ("NotoColorEmoji.ttf", "NotoColorEmoji.ttf", 0),
)

# Scripts whose own Noto font is preferred even when DejaVu has some glyphs for them
# (DejaVu's Arabic and Hebrew are partial and look out of place next to Noto's).
_PREFERRED: tuple[tuple[int, int, str], ...] = (
    (0x0590, 0x05FF, "NotoSansHebrew"),  # i18n: not for people
    (0x0600, 0x06FF, "NotoSansArabic"),  # i18n: not for people
    (0x0750, 0x077F, "NotoSansArabic"),  # i18n: not for people
    (0x08A0, 0x08FF, "NotoSansArabic"),  # i18n: not for people
    (0xFB1D, 0xFB4F, "NotoSansHebrew"),  # i18n: not for people
    (0xFB50, 0xFDFF, "NotoSansArabic"),  # i18n: not for people
    (0xFE70, 0xFEFF, "NotoSansArabic"),  # i18n: not for people
)


def is_emoji(ch: str) -> bool:
    """Whether ``ch`` is drawn as a colour emoji (pictographs, flags' regional letters)."""
    cp = ord(ch)
    return 0x1F000 <= cp <= 0x1FAFF or 0x1F1E6 <= cp <= 0x1F1FF or 0x2600 <= cp <= 0x27BF


def is_joiner(ch: str) -> bool:
    """Characters that belong with the one before them: marks, joiners, selectors,
    skin tones and emoji tags."""
    cp = ord(ch)
    return (
        unicodedata.category(ch).startswith("M")
        or cp in (0x200C, 0x200D, 0x20E3)
        or 0xFE00 <= cp <= 0xFE0F
        or 0x1F3FB <= cp <= 0x1F3FF
        or 0xE0020 <= cp <= 0xE007F
    )


def _font_dirs() -> list[Path]:
    env = os.environ.get("CARDROOM_FONT_DIRS")
    raw = env.split(os.pathsep) if env else list(SYSTEM_DIRS)
    return [Path(d).expanduser() for d in raw if d]


class FontChain:
    """The fallback chain built from the fonts in ``dirs``."""

    def __init__(self, dirs: list[Path] | None = None) -> None:
        found: dict[str, str] = {}
        for d in dirs if dirs is not None else _font_dirs():
            if not d.is_dir():
                continue
            for root, _, files in os.walk(d):
                for name in files:
                    if name.lower().endswith((".ttf", ".ttc", ".otf")):
                        found.setdefault(name, os.path.join(root, name))
        self._files: dict[bool, list[FontFile]] = {False: [], True: []}
        for regular, bold, index in _CHAIN:
            for is_bold, name in ((False, regular), (True, bold)):
                path = found.get(name) or found.get(regular)
                if path is not None:
                    emoji = "Emoji" in name
                    self._files[is_bold].append(FontFile(path, index, emoji))
        self._cmaps: dict[FontFile, frozenset[int]] = {}
        self._lock = threading.Lock()
        self._pick: dict[tuple[bool, str], FontFile | None] = {}
        if not self._files[False]:
            log.warning(
                "No font for the card images found in %s: text uses Pillow's default",
                [str(d) for d in (dirs or _font_dirs())],
            )
            self._files = {False: [DEFAULT], True: [DEFAULT]}

    def files(self, bold: bool) -> list[FontFile]:
        """The chain, most preferred first."""
        return list(self._files[bold])

    @property
    def primary(self) -> FontFile | None:
        """The first regular font (DejaVu Sans when installed)."""
        return self._files[False][0] if self._files[False] else None

    def covers(self, f: FontFile, ch: str) -> bool:
        """Whether ``f`` has a glyph for ``ch``."""
        if f == DEFAULT:
            return " " <= ch <= "~" or "\u00a0" <= ch <= "\u00ff" or ch == "…"
        cmap = self._cmaps.get(f)
        if cmap is None:
            cmap = self._load_cmap(f)
        return ord(ch) in cmap

    def _load_cmap(self, f: FontFile) -> frozenset[int]:
        from fontTools.ttLib import TTFont

        with self._lock:
            cmap = self._cmaps.get(f)
            if cmap is None:
                try:
                    tt = TTFont(f.path, lazy=True, fontNumber=f.index)
                    cmap = frozenset(tt.getBestCmap() or {})
                    tt.close()
                except Exception as exc:  # a broken font file is skipped
                    log.warning("Font %s unreadable: %s", f.path, type(exc).__name__)
                    cmap = frozenset()
                self._cmaps[f] = cmap
        return cmap

    def font_for(self, ch: str, bold: bool) -> FontFile | None:
        """The first font of the chain (a script's preferred font first) that draws
        ``ch``; ``None`` when none does."""
        key = (bold, ch)
        if key in self._pick:
            return self._pick[key]
        chain = self._files[bold]
        cp = ord(ch)
        choice: FontFile | None = None
        for lo, hi, stem in _PREFERRED:
            if lo <= cp <= hi:
                for f in chain:
                    if Path(f.path).name.startswith(stem) and self.covers(f, ch):
                        choice = f
                        break
        if choice is None and is_emoji(ch):
            choice = next((f for f in chain if f.emoji and self.covers(f, ch)), None)
        if choice is None:
            choice = next((f for f in chain if self.covers(f, ch)), None)
        self._pick[key] = choice
        return choice


@lru_cache(maxsize=256)
def face(f: FontFile, size: int) -> Face:
    """``f`` opened at ``size`` pixels (colour emoji: at their one bitmap size)."""
    if f == DEFAULT:
        return ImageFont.load_default(size=size)  # type: ignore[return-value]
    return ImageFont.truetype(f.path, EMOJI_SIZE if f.emoji else size, index=f.index)


_chain: FontChain | None = None
_chain_lock = threading.Lock()


def chain() -> FontChain:
    """The process-wide chain from the system font folders (built on first use)."""
    global _chain
    if _chain is None:
        with _chain_lock:
            if _chain is None:
                _chain = FontChain()
    return _chain


def swap_chain(new: FontChain | None) -> FontChain | None:
    """Replace the process-wide chain (``None``: rebuild from the system on next use);
    returns the previous one. ``bot.render.images.text.use_chain`` also drops the text
    sprites drawn with the old chain."""
    global _chain

    with _chain_lock:
        old, _chain = _chain, new
    return old
