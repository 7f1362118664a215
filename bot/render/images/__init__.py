"""Card images for the table, a hand and the round end, drawn with Pillow from engine views.

The words drawn are in the current language (``bot.i18n.use_locale``; a render in a thread
started with ``asyncio.to_thread`` or a copied context speaks the caller's), and every
``cached_*`` key holds that language: the same table in two languages is two images.

Pure functions (no discord): each takes a view (``bot.games.views.GameView``, as described
in ``bot/games/VIEWS.md``) and returns PNG bytes, ``WIDTH`` pixels wide, drawn by the
layouts the catalog's Look of the view's game names (``Look.pictures``, a
:class:`~bot.render.images.layout.Pictures`). ``render_table`` and
``render_round_end`` take the *public* view and draw only what it holds, so no hidden card
can reach a public image; ``render_hand`` takes a ``player_view``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from bot.games.cards import ALL_CARDS
from bot.games.registry import games
from bot.games.views import GameView
from bot.i18n import current
from bot.render.images import text
from bot.render.images.cache import ImageCache, ImageKey
from bot.render.images.canvas import WIDTH, Canvas
from bot.render.images.cards import card_back, card_face
from bot.render.images.layout import Pictures
from bot.render.images.palette import palette_for
from bot.render.images.seat import private_view
from bot.render.images.style import THEMES, Theme, theme

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


def _pictures(view: GameView) -> Pictures:
    """The image layouts of the view's game, as the registry's Look names them (the
    registry loads the games' presentation when the first picture is drawn)."""
    entry = games().get(view["game"])
    if entry is None:
        raise ValueError(f"no image layout for game {view['game']!r}")  # i18n: not for people
    return entry.look.pictures


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
    view: GameView,
    names: Sequence[str],
    *,
    four_colour: bool = False,
    theme: str = "dark",
) -> bytes:
    """The table as a PNG: piles, every seat's cards as the public view shows them, seat
    names and scores, the seat to act highlighted. ``view`` must be a public view."""
    _public(view, "render_table")
    return _pictures(view).table(view, names, _theme(theme), four_colour).png()


def render_hand(view: GameView, *, four_colour: bool = False, theme: str = "dark") -> bytes:
    """The viewer's own cards as a PNG, from a ``player_view`` (coop games: each coop's
    face-up card with the viewer's face-down card under it, and the drawn card)."""
    return _pictures(view).hand(view, _theme(theme), four_colour).png()


def render_round_end(
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
    drawn = _pictures(view).round_end(view, names, _theme(theme), four_colour)
    return drawn.compact() if compact else drawn.png()


def seat_image(
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
    return canvas_for("seat", view, names, four_colour=four_colour, theme=theme).png()


def cached_seat(
    cache: ImageCache,
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
        lambda: seat_image(view, names, four_colour=four_colour, theme=theme),
    )


def canvas_for(
    kind: str,
    view: GameView,
    names: Sequence[str] = (),
    *,
    four_colour: bool = False,
    theme: str = "dark",
) -> Canvas:
    """The drawn, not yet encoded picture of ``kind`` ("table", "hand", "round_end",
    "seat"): for benchmarks and comparisons of encoders (``canvas.encode``)."""
    th = _theme(theme)
    if kind == "table":
        _public(view, "render_table")
        return _pictures(view).table(view, names, th, four_colour)
    if kind == "hand":
        return _pictures(view).hand(view, th, four_colour)
    if kind == "round_end":
        _public(view, "render_round_end")
        return _pictures(view).round_end(view, names, th, four_colour)
    if kind == "seat":
        return _pictures(view).seat(private_view(view), names, th, four_colour)
    raise ValueError(f"unknown image kind {kind!r}")  # i18n: not for people


def _theme(name: str) -> Theme:
    return theme(name)


def prepare(*, four_colour: bool = False) -> None:
    """Draw every card sprite the layouts use, load the fonts and choose the default
    theme's palette, so the first real render is as fast as the rest (about a second of
    work; call it once at start-up, e.g. in a thread)."""
    for bold in (False, True):
        text.layout("Aa 李 م 🂠", 28, bold)  # finds the fonts and reads their maps once

    every = [entry.look.pictures for entry in games().values()]
    for w, h in {size for pictures in every for size in pictures.card_sizes}:
        card_back(w, h)
        for card in ALL_CARDS:
            card_face(str(card), w, h, four_colour)
    for w, h in {size for pictures in every for size in pictures.back_sizes}:
        card_back(w, h)
    palette_for(theme("dark"), four_colour)  # the shared palette of the default theme


def cached_table(
    cache: ImageCache,
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
        lambda: render_table(view, names, four_colour=four_colour, theme=theme),
    )


def cached_hand(
    cache: ImageCache,
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
        lambda: render_hand(view, four_colour=four_colour, theme=theme),
    )


def cached_round_end(
    cache: ImageCache,
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
        lambda: render_round_end(view, names, four_colour=four_colour, theme=theme,
                                 compact=compact),
    )
