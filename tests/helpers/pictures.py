"""Pictures, their alt text and sample views for tests and benchmarks, by the name of the
view's game: the product's functions are given the game's layouts (``Look.pictures``) or
its ``Game`` by their caller, who holds it (``table.entry``); a test holds a sample view,
whose ``game`` names it, so these look it up in the registry and pass it on.

Each function takes what the product's function of its name took before issue 44's third
pass (the view first), so a test reads as before; the shared palettes are chosen from the
registered games first, as the bot's start-up does (once per process)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from bot.games import registry
from bot.games.registry import Game
from bot.games.views import GameView
from bot.render import alt, images
from bot.render.images import ImageCache
from bot.render.images import samples as found
from bot.render.images.layout import Drawing, Pictures
from bot.render.images.palette import choose_from
from bot.render.images.samples import Samples


def _game(view: GameView) -> Game:
    choose_from(registry.games().values())  # the palettes' games, as the bot's start-up gives
    return registry.game(view["game"])


def _pictures(view: GameView) -> Pictures:
    return _game(view).look.pictures


def prepare(*, four_colour: bool = False) -> None:
    """Every registered game's sprites drawn, the palettes chosen from their samples."""
    images.prepare(registry.games().values(), four_colour=four_colour)


def render_table(view: GameView, names: Sequence[str], **options: Any) -> bytes:
    return images.render_table(_pictures(view), view, names, **options)


def render_hand(view: GameView, **options: Any) -> bytes:
    return images.render_hand(_pictures(view), view, **options)


def render_round_end(view: GameView, names: Sequence[str], **options: Any) -> bytes:
    return images.render_round_end(_pictures(view), view, names, **options)


def seat_image(view: GameView, names: Sequence[str], **options: Any) -> bytes:
    return images.seat_image(_pictures(view), view, names, **options)


def canvas_for(kind: str, view: GameView, names: Sequence[str] = (), **options: Any) -> Drawing:
    return images.canvas_for(_pictures(view), kind, view, names, **options)


def cached_table(cache: ImageCache, table_id: Hashable, version: Hashable, view: GameView,
                 names: Sequence[str], **options: Any) -> bytes:
    return images.cached_table(cache, _pictures(view), table_id, version, view, names,
                               **options)


def cached_hand(cache: ImageCache, table_id: Hashable, version: Hashable, view: GameView,
                **options: Any) -> bytes:
    return images.cached_hand(cache, _pictures(view), table_id, version, view, **options)


def cached_seat(cache: ImageCache, table_id: Hashable, version: Hashable, view: GameView,
                names: Sequence[str], **options: Any) -> bytes:
    return images.cached_seat(cache, _pictures(view), table_id, version, view, names,
                              **options)


def cached_round_end(cache: ImageCache, table_id: Hashable, version: Hashable,
                     view: GameView, names: Sequence[str], **options: Any) -> bytes:
    return images.cached_round_end(cache, _pictures(view), table_id, version, view, names,
                                   **options)


def table_alt(view: GameView, names: Sequence[str], **options: Any) -> str:
    return alt.table_alt(_game(view), view, names, **options)


def seat_alt(view: GameView, names: Sequence[str], **options: Any) -> str:
    return alt.seat_alt(_game(view), view, names, **options)


def hand_alt(view: GameView, names: Sequence[str] = (), **options: Any) -> str:
    return alt.hand_alt(_game(view), view, names, **options)


def round_end_alt(view: GameView, names: Sequence[str], **options: Any) -> str:
    return alt.round_end_alt(_game(view), view, names, **options)


def review_alt(view: GameView, names: Sequence[str], **options: Any) -> str:
    return alt.review_alt(_game(view), view, names, **options)


def head(view: GameView, names: Sequence[str]) -> list[str]:
    return alt.head(_game(view), view, names)


def samples_of(game: str) -> Samples:
    return found.samples_of(registry.game(game))


def sample_view(game: str, players: int, seed: int = 0) -> GameView:
    return found.sample_view(registry.game(game), players, seed)


def sample_player_view(game: str, players: int, seat: int, seed: int = 0) -> GameView:
    return found.sample_player_view(registry.game(game), players, seat, seed)


def sample_round_end(game: str, players: int, seed: int = 0) -> GameView:
    return found.sample_round_end(registry.game(game), players, seed)
