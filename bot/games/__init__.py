"""Pure game engines: no Discord, no database, no global random.

``ENGINES["soureh"]`` gives a game's engine; each game module is imported on first use,
so ``import bot.games`` stays light and never imports discord.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any

from bot.games.protocol import Engine

GAME_NAMES: tuple[str, ...] = ("soureh", "pariah", "turup", "soi")
_MODULES = {"soureh": "bot.games.coop.soureh", "pariah": "bot.games.coop.pariah"}


class _EngineRegistry(Mapping[str, Engine[Any]]):
    """Maps a game name to its engine (the module's ``ENGINE``), imported lazily."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self._names = names
        self._loaded: dict[str, Engine[Any]] = {}

    def __getitem__(self, name: str) -> Engine[Any]:
        engine = self._loaded.get(name)
        if engine is None:
            if name not in self._names:
                raise KeyError(name)
            module = importlib.import_module(_MODULES.get(name, f"bot.games.{name}"))
            engine = module.ENGINE
            self._loaded[name] = engine
        return engine

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


ENGINES: Mapping[str, Engine[Any]] = _EngineRegistry(GAME_NAMES)
