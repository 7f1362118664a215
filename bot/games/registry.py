"""The registry of games: each game registers one :class:`Game` record from its own package,
and everything else iterates over the registry instead of naming games.

A game package ``bot/games/<family>/`` holds the pure rules (its ``__init__`` exports
``ENGINES``, a tuple of engines: the Soureh family holds two, and ``PLAYERS``, each
engine's computer players by name), and beside them the parts that touch people:
``look`` (presentation: text, panels, pictures, alt text, rules pages, option words,
component kinds), ``lessons`` and ``game``, the one registration (``GAMES``, a tuple of
:class:`Game`). The built-in packages are named once, in :data:`BUILT_IN`; a game from
elsewhere (a plug-in, or the test suite's fifth game) calls :func:`register`.

Two lookups keep the engines light: :data:`ENGINES` imports only the pure packages (no
Discord, no pictures), :func:`games` / :func:`game` / :data:`CATALOG` the registrations.
Both import by name (``importlib``), the way discord.py loads extensions: the registry
sits below every layer, and the games above it plug in.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast

from bot.games.protocol import Action, Engine

if TYPE_CHECKING:  # the presentation and the lessons sit above this layer
    from bot.games.ai.ismcts import Search
    from bot.games.ai.view import Info
    from bot.learning.model import Lesson
    from bot.render.look import Look

#: The game packages shipped with the bot (each exports ``ENGINES``; ``<package>.game``
#: exports ``GAMES``).
BUILT_IN: tuple[str, ...] = ("bot.games.coop", "bot.games.turup", "bot.games.soi")

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")


#: A public history a game's players remember, from the state: ``(state, seat)`` (every
#: Soi ask, Turup's cards won, the coop discards); an ``Info`` carries it.
History = Callable[[Any, int], Sequence[Any]]


class ComputerPlayers(Protocol):
    """A game's computer players: its ``ai`` module (a module fills a protocol) gives every
    member, ``None`` for what the game has not.

    ``easy`` and ``normal`` read an ``Info`` (``(info, rng)``, and a module's tuning
    ``params`` if it has any); the hard level is a rule, ``hard(info, rng)``, or a search,
    ``search_spec(engine)`` (one of them is ``None``). ``explain(info, action)`` says a move
    in words for hints and reviews (``None``: its notation); ``HARD_WHY`` is a rule-based
    hard player's reason for a hint (an ``N_`` text with ``{move}``); ``history`` the
    public history its ``Info`` carries (``bot.games.ai.view.observe`` asks it). See
    docs/architecture.md."""

    @property
    def easy(self) -> Callable[..., Action]: ...
    @property
    def normal(self) -> Callable[..., Action]: ...
    @property
    def hard(self) -> Callable[..., Action] | None: ...
    @property
    def search_spec(self) -> Callable[..., Search] | None: ...
    @property
    def explain(self) -> Callable[[Info, Action], str] | None: ...
    @property
    def HARD_WHY(self) -> str | None: ...
    @property
    def history(self) -> History | None: ...


@dataclass(frozen=True, slots=True)
class Game:
    """One game: its engine (rules and scoring), computer players, presentation, lessons."""

    engine: Engine[Any]
    players: ComputerPlayers  # the game's ``ai`` module
    look: Look
    lessons: tuple[Lesson, ...] = ()
    default_players: int = 2  # the seats of a terminal game when none are asked for
    levels: tuple[str, ...] = LEVELS  # the computer players' levels the lobby offers

    @property
    def name(self) -> str:
        """The game's name in commands and storage, e.g. ``"soureh"``."""
        return self.engine.name

    @property
    def title(self) -> str:
        """The game's display name, e.g. ``"Soureh"`` (translate it with ``_``)."""
        return self.engine.title

    @property
    def lowest_wins(self) -> bool:
        """Does the lowest total win? The engine's rule (``Engine.lowest_wins``)."""
        return self.engine.lowest_wins

    @property
    def seats(self) -> str:
        """The seats a table takes, in words: ``"2–4"`` or ``"2"``."""
        low, high = self.engine.min_players, self.engine.max_players
        return str(low) if low == high else f"{low}–{high}"

    @property
    def colour(self) -> int:
        """The game's embed colour."""
        return self.look.colour


class _Later:
    """An object named by its module, imported when it is first read (:func:`look_in`)."""

    __slots__ = ("_loaded", "_module", "_name")

    def __init__(self, module: str, name: str) -> None:
        self._module = module
        self._name = name
        self._loaded: Any = None

    def __getattr__(self, attr: str) -> Any:
        if self._loaded is None:
            self._loaded = getattr(importlib.import_module(self._module), self._name)
        return getattr(self._loaded, attr)

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return (_Later, (self._module, self._name))

    def __repr__(self) -> str:
        return f"<{self._module}.{self._name}, imported when first read>"  # i18n: not for people


def look_in(module: str, name: str) -> Look:
    """A game's look, ``name`` in ``module``, imported when something first reads it (the
    presentation): a registration names its look so, and a table's game (``Table.entry``)
    carries it through the table service, which never reads it, so that a table's moves in
    the service import neither Discord nor Pillow (``tests/tables/test_service_imports.py``)."""
    return cast("Look", _Later(module, name))  # i18n: not for people


_registered: dict[str, Game] = {}
_engines: dict[str, Engine[Any]] = {}
_players: dict[str, ComputerPlayers] = {}
_loaded = {"engines": False, "games": False}


def register(game: Game) -> Game:
    """Add ``game`` to the registry (a game's ``game`` module, or a plug-in, calls it)."""
    _registered[game.name] = game
    _engines[game.name] = game.engine
    _players[game.name] = game.players
    return game


def unregister(name: str) -> None:
    """Remove a game registered with :func:`register` (tests)."""
    _registered.pop(name, None)
    _engines.pop(name, None)
    _players.pop(name, None)


def _load_engines() -> None:
    if not _loaded["engines"]:
        _loaded["engines"] = True
        for package in BUILT_IN:
            module = importlib.import_module(package)
            for engine in module.ENGINES:
                _engines.setdefault(engine.name, engine)
                _players.setdefault(engine.name, module.PLAYERS[engine.name])


def _load_games() -> None:
    if not _loaded["games"]:
        _loaded["games"] = True
        _load_engines()
        for package in BUILT_IN:
            for entry in importlib.import_module(f"{package}.game").GAMES:
                _registered.setdefault(entry.name, entry)


def games() -> Mapping[str, Game]:
    """Every registered game by name, the built-in ones first."""
    _load_games()
    order = [name for name in _engines if name in _registered]
    return {name: _registered[name] for name in order}


def game(name: str) -> Game:
    """The registered game ``name`` (``KeyError`` for an unknown game)."""
    _load_games()
    return _registered[name]


def players(name: str) -> ComputerPlayers:
    """The computer players of game ``name`` (its ``ai`` module; ``KeyError`` if unknown)."""
    _load_engines()
    return _players[name]


def game_names() -> tuple[str, ...]:
    """Every game's name, the built-in ones first (engines only: nothing else is loaded)."""
    _load_engines()
    return tuple(_engines)


class _Engines(Mapping[str, Engine[Any]]):
    """``ENGINES[name]``: a game's engine, importing only the pure game packages."""

    def __getitem__(self, name: str) -> Engine[Any]:
        _load_engines()
        return _engines[name]

    def __iter__(self) -> Iterator[str]:
        _load_engines()
        return iter(tuple(_engines))

    def __len__(self) -> int:
        _load_engines()
        return len(_engines)


class _Catalog(Mapping[str, Game]):
    """``CATALOG[name]``: a game's registration (engine, players, look, lessons)."""

    def __getitem__(self, name: str) -> Game:
        return game(name)

    def __iter__(self) -> Iterator[str]:
        return iter(games())

    def __len__(self) -> int:
        return len(games())


ENGINES: Mapping[str, Engine[Any]] = _Engines()
CATALOG: Mapping[str, Game] = _Catalog()
