"""Pictures drawn for a phone, and what each one drew, for the tests that measure it.

A 400-px phone shows a picture at most :data:`SHOWN` px wide; the pictures are drawn
``WIDTH`` (624) px wide, so everything in them is shown at half its size. The rule
(DESIGN.md, "Pictures show the cards; words say the rest"): no text under
:data:`LEGIBLE_PX` and no card face under :data:`CARD_PX` wide *as shown*. Every
:class:`~bot.render.images.canvas.Canvas` notes the text sizes and card widths it draws;
:func:`watch` collects the canvases drawn meanwhile (in any thread), so a test playing a
game under SimCord reads what every picture drew.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

SHOWN = 312  # px: the widest a 400-px phone shows a picture in a message
LEGIBLE_PX = 11  # px as shown: the smallest text a picture may draw
CARD_PX = 36  # px as shown: the narrowest card face a picture may draw


@dataclass
class Drawn:
    """What one picture drew: its width, text sizes and card widths (canvas pixels)."""

    width: int
    text_sizes: set[int] = field(default_factory=set)
    faces: list[int] = field(default_factory=list)  # widths of the card faces drawn
    backs: list[int] = field(default_factory=list)  # widths of the card backs drawn

    def shown(self, px: float) -> float:
        """``px`` of this picture as a phone shows it."""
        return px * SHOWN / self.width

    def smallest_text(self) -> float | None:
        """The smallest text drawn, in px as shown (``None``: no text)."""
        return self.shown(min(self.text_sizes)) if self.text_sizes else None

    def smallest_face(self) -> float | None:
        """The narrowest card face drawn, in px as shown (``None``: no face)."""
        return self.shown(min(self.faces)) if self.faces else None

    def adopt(self, other: Drawn) -> None:
        """Count what ``other`` drew as drawn here (a picture pasted into this one)."""
        self.text_sizes |= other.text_sizes
        self.faces.extend(other.faces)
        self.backs.extend(other.backs)


_lock = threading.Lock()
_watching: list[list[Drawn]] = []


def noted(drawn: Drawn) -> Drawn:
    """``drawn``, collected by every :func:`watch` running."""
    if _watching:
        with _lock:
            for seen in _watching:
                seen.append(drawn)
    return drawn


@contextmanager
def watch() -> Iterator[list[Drawn]]:
    """Collects what every picture drawn meanwhile drew (for tests and measurements)."""
    seen: list[Drawn] = []
    with _lock:
        _watching.append(seen)
    try:
        yield seen
    finally:
        with _lock:
            _watching.remove(seen)
