"""Skip a test, with one line, when a font it needs is not installed.

Each font is named by its file, as the card images' font chain finds it
(``bot.render.images.fonts``: the system font folders, or ``$CARDROOM_FONT_DIRS``), and by
the Debian package that ships it; CI installs them all (``.ci/run``). A test asks for the
fonts its own text needs, so a machine with Noto's core fonts but not its CJK fonts skips
the CJK tests and runs the Arabic ones.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.render.images import fonts

DEJAVU = "DejaVuSans.ttf"
ARABIC = "NotoSansArabic-Regular.ttf"
CJK = "NotoSansCJK-Regular.ttc"
EMOJI = "NotoColorEmoji.ttf"

PACKAGES = {
    DEJAVU: "fonts-dejavu-core",
    ARABIC: "fonts-noto-core",
    CJK: "fonts-noto-cjk",
    EMOJI: "fonts-noto-color-emoji",
}


def installed() -> set[str]:
    """The file names of the regular fonts in the chain."""
    return {Path(f.path).name for f in fonts.chain().files(False) if f.path}


def missing(*names: str) -> list[str]:
    """Which of the fonts ``names`` (file names) the chain lacks."""
    have = installed()
    return [name for name in names if name not in have]


def needs_fonts(*names: str) -> None:
    """Skip the calling test when any of the fonts ``names`` is not installed, naming the
    packages in one line."""
    lacking = missing(*names)
    if lacking:
        packages = " ".join(sorted({PACKAGES.get(name, name) for name in lacking}))
        pytest.skip(f"needs {packages} ({', '.join(lacking)} not installed)")
