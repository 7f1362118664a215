"""Card images for the table, a hand and the round end, drawn with Pillow from engine views.

The words drawn are in the current language (``bot.i18n.use_locale``; a render in a thread
started with ``asyncio.to_thread`` or a copied context speaks the caller's), and every
``cached_*`` key holds that language: the same table in two languages is two images.

Pure functions (no discord): each takes the layouts of the view's game (its Look's
``pictures``, a :class:`~bot.render.images.layout.Pictures`, passed by the caller, who holds
the game: ``table.entry.look.pictures``) and a view (``bot.games.views.GameView``, as
described in ``bot/games/VIEWS.md``) and returns PNG bytes, ``WIDTH`` pixels wide.
``render_table`` and ``render_round_end`` take the *public* view and draw only what it
holds, so no hidden card can reach a public image; ``render_hand`` takes a
``player_view``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING

from bot.games.cards import ALL_CARDS
from bot.games.views import GameView
from bot.i18n import current
from bot.render.images import text
from bot.render.images.cache import ImageCache, ImageKey
from bot.render.images.canvas import WIDTH
from bot.render.images.cards import card_back, card_face
from bot.render.images.layout import Drawing, Pictures
from bot.render.images.palette import choose_from, palette_for
from bot.render.images.seat import private_view
from bot.render.images.style import THEMES, Theme, theme

if TYPE_CHECKING:
    from bot.games.registry import Game

__all__ = [
    "THEMES",
    "WIDTH",
    "ImageCache",  # i18n: not for people
    "ImageKey",  # i18n: not for people
    "Pictures",  # i18n: not for people
    "cached_hand",
    "cached_round_end",
    "cached_seat",
    "cached_table",
    "canvas_for",
    "prepare",
    "render_hand",
    "render_round_end",
    "render_table",
    "seat_image",
]


def _public(view: GameView, what: str) -> None:
    if view.get("seat") is not None:
        raise ValueError(
            f"{what} draws public images: pass public_view, not player_view"  # i18n: not for people
        )


def _cached(
    cache: ImageCache,
    key: tuple[Hashable, Hashable, str, int | None],
    options: tuple[Hashable, ...],
    render: Callable[[], bytes],
) -> bytes:
    """``render()`` through ``cache``, keyed by ``key`` (table, version — a state version or a
    digest of what the picture shows —, kind, viewer), the picture's ``options`` and the
    current language."""
    table_id, version, kind, seat = key
    image_key = ImageKey(table_id, version, kind, seat, (*options, current()))
    return cache.get_or_render(image_key, render)


def render_table(
    pictures: Pictures,
    view: GameView,
    names: Sequence[str],
    *,
    four_colour: bool = False,
    theme: str = "dark",
) -> bytes:
    """The table as a PNG: piles, every seat's cards as the public view shows them, seat
    names and scores, the seat to act highlighted. ``view`` must be a public view."""
    _public(view, "render_table")
    return pictures.table(view, names, _theme(theme), four_colour).png()


def render_hand(pictures: Pictures, view: GameView, *, four_colour: bool = False,
                theme: str = "dark") -> bytes:
    """The viewer's own cards as a PNG, from a ``player_view`` (coop games: each coop's
    face-up card with the viewer's face-down card under it, and the drawn card)."""
    return pictures.hand(view, _theme(theme), four_colour).png()


def render_round_end(
    pictures: Pictures,
    view: GameView,
    names: Sequence[str],
    *,
    four_colour: bool = False,
    theme: str = "dark",
    compact: bool = False,
) -> bytes:
    """The last scored round (``view["last_round"]``) as a PNG (``compact``: as the same
    pixels in a lossless WebP when the PNG is over :data:`~canvas.PICTURE_BYTES`): coop
    games show every face-down card and ring the picked cards; Turup cards won; Soi points
    and quadruplets. Raises ``ValueError`` when no round has been scored."""
    _public(view, "render_round_end")
    drawn = pictures.round_end(view, names, _theme(theme), four_colour)
    return drawn.compact() if compact else drawn.png()


def seat_image(
    pictures: Pictures,
    view: GameView,
    names: Sequence[str],
    *,
    four_colour: bool = False,
    theme: str = "dark",
) -> bytes:
    """The table as the viewer of ``view`` (a ``player_view``) sees it, as a PNG for his
    private panel: his own face-down cards (framed in blue) or hand, the opponents'
    face-up cards, the pile, the card he drew. Other seats' hidden cards are blanked
    before drawing, whatever the view holds."""
    return canvas_for(pictures, "seat", view, names, four_colour=four_colour, theme=theme).png()


def cached_seat(
    cache: ImageCache,
    pictures: Pictures,
    table_id: Hashable,
    version: Hashable,
    view: GameView,
    names: Sequence[str],
    *,
    four_colour: bool = False,
    theme: str = "dark",
) -> bytes:
    """``seat_image`` through ``cache``, keyed by the viewer's seat."""
    return _cached(
        cache, (table_id, version, "seat", view.get("seat")), (four_colour, theme, tuple(names)),
        lambda: seat_image(pictures, view, names, four_colour=four_colour, theme=theme),
    )


def canvas_for(
    pictures: Pictures,
    kind: str,
    view: GameView,
    names: Sequence[str] = (),
    *,
    four_colour: bool = False,
    theme: str = "dark",
) -> Drawing:
    """The drawn, not yet encoded picture of ``kind`` ("table", "hand", "round_end",
    "seat"): for benchmarks and comparisons of encoders (``canvas.encode``)."""
    th = _theme(theme)
    if kind == "table":
        _public(view, "render_table")
        return pictures.table(view, names, th, four_colour)
    if kind == "hand":
        return pictures.hand(view, th, four_colour)
    if kind == "round_end":
        _public(view, "render_round_end")
        return pictures.round_end(view, names, th, four_colour)
    if kind == "seat":
        return pictures.seat(private_view(view), names, th, four_colour)
    raise ValueError(f"unknown image kind {kind!r}")  # i18n: not for people


def _theme(name: str) -> Theme:
    return theme(name)


def prepare(games: Iterable[Game], *, four_colour: bool = False) -> None:
    """Draw every card sprite ``games``' layouts use, load the fonts and choose the
    default theme's palette from ``games``' samples, so the first real render is as fast
    as the rest (about a second of work; call it once at start-up, e.g. in a thread, after
    :func:`~bot.render.images.palette.choose_from` when it runs in one)."""
    given = tuple(games)
    choose_from(given)
    for bold in (False, True):
        text.layout("Aa 李 م 🂠", 28, bold)  # finds the fonts and reads their maps once

    every = [entry.look.pictures for entry in given]
    for w, h in {size for pictures in every for size in pictures.card_sizes}:
        card_back(w, h)
        for card in ALL_CARDS:
            card_face(str(card), w, h, four_colour)
    for w, h in {size for pictures in every for size in pictures.back_sizes}:
        card_back(w, h)
    palette_for(theme("dark"), four_colour)  # the shared palette of the default theme


def cached_table(
    cache: ImageCache,
    pictures: Pictures,
    table_id: Hashable,
    version: Hashable,
    view: GameView,
    names: Sequence[str],
    *,
    four_colour: bool = False,
    theme: str = "dark",
) -> bytes:
    """``render_table`` through ``cache``: one render per table state version and options."""
    return _cached(
        cache, (table_id, version, "table", None), (four_colour, theme, tuple(names)),
        lambda: render_table(pictures, view, names, four_colour=four_colour, theme=theme),
    )


def cached_hand(
    cache: ImageCache,
    pictures: Pictures,
    table_id: Hashable,
    version: Hashable,
    view: GameView,
    *,
    four_colour: bool = False,
    theme: str = "dark",
) -> bytes:
    """``render_hand`` through ``cache``, keyed by the viewer's seat as well."""
    return _cached(
        cache, (table_id, version, "hand", view.get("seat")), (four_colour, theme),
        lambda: render_hand(pictures, view, four_colour=four_colour, theme=theme),
    )


def cached_round_end(
    cache: ImageCache,
    pictures: Pictures,
    table_id: Hashable,
    version: Hashable,
    view: GameView,
    names: Sequence[str],
    *,
    four_colour: bool = False,
    theme: str = "dark",
    compact: bool = False,
) -> bytes:
    """``render_round_end`` through ``cache``."""
    return _cached(
        cache, (table_id, version, "round_end", None), (four_colour, theme, tuple(names), compact),
        lambda: render_round_end(pictures, view, names, four_colour=four_colour, theme=theme,
                                 compact=compact),
    )
