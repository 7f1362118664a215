"""One game's card-image layouts, as its :class:`~bot.render.look.Look` names them.

Each game's image module (``bot.games.<family>.look.images``) makes one :class:`Pictures`;
the game's Look in the catalog holds it, and ``bot.render.images`` draws
a view with the layouts of the view's game. A new game's pictures are one more module and
one field of its Look.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from bot.games.views import GameView
from bot.render.images.canvas import Canvas
from bot.render.images.samples import Samples
from bot.render.images.strips import Strips
from bot.render.images.style import Theme

#: Card sizes ``(width, height)`` a game's layouts draw.
Sizes = tuple[tuple[int, int], ...]

#: A picture drawn: on one canvas, or as strips kept by what each shows (``strips.py``).
Drawing = Canvas | Strips

#: Draws a view for the seat names given: ``(view, names, theme, four_colour)``.
Layout = Callable[[GameView, Sequence[str], Theme, bool], Drawing]

#: Draws a seat's own cards from its view: ``(view, theme, four_colour)``.
HandLayout = Callable[[GameView, Theme, bool], Canvas]


@dataclass(frozen=True, slots=True)
class Pictures:
    """The layouts of one game's images."""

    table: Layout  # the public table (a public view)
    hand: HandLayout  # a seat's own cards (a player view)
    round_end: Layout  # the last scored round (a public view)
    seat: Layout  # the table as one seat sees it (their player view, others' cards blanked)
    samples: Samples | None = None  # sample positions (previews, the shared palette, tests)
    card_sizes: Sizes = ()  # the sizes of the faces and backs drawn (``prepare`` draws them)
    back_sizes: Sizes = ()  # sizes drawn only as card backs
    panel: bool = True
    """The seat's control panel carries ``seat`` (``seat.png``) while his turn goes on.
    ``False`` where every turn changes the table's picture and the panel's words and
    controls name every card the seat holds (Turup, Soi): a second picture per turn only
    repeats the table's and his cards (issue 42: at most 1.2 pictures per action). His
    cards are then words in the panel, and ``hand`` (My cards) still draws them."""


V = TypeVar("V")


def pictures(
    view_of: Callable[[GameView], V],
    table: Callable[[V, Sequence[str], Theme, bool], Drawing],
    hand: Callable[[V, Theme, bool], Canvas],
    round_end: Callable[[V, Sequence[str], Theme, bool], Drawing],
    seat: Callable[[V, Sequence[str], Theme, bool], Drawing],
    *,
    samples: Samples | None = None,
    card_sizes: Sizes = (),
    back_sizes: Sizes = (),
    panel: bool = True,
) -> Pictures:
    """A game's :class:`Pictures` from layouts that read its own view type: ``view_of``
    turns a :class:`GameView` into that type (raising for another game's view)."""
    return Pictures(
        table=lambda view, names, theme, four: table(view_of(view), names, theme, four),
        hand=lambda view, theme, four: hand(view_of(view), theme, four),
        round_end=lambda view, names, theme, four: round_end(view_of(view), names, theme, four),
        seat=lambda view, names, theme, four: seat(view_of(view), names, theme, four),
        samples=samples,
        card_sizes=card_sizes,
        back_sizes=back_sizes,
        panel=panel,
    )
