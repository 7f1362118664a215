"""The app's parts, built once in ``CardroomBot.setup_hook`` and passed down typed
(issue 33): the cogs get them from the bot they are given (``bot.app``), a routed
component from the interaction's client (:func:`app_of`). Nothing is looked up by name,
in a registry keyed by client, or in a module global: the games too are read from the
registry once, when the bot is built (``CardroomBot(games=...)``), and passed down as
``games`` (every game by name)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.discord.kept import BUDGET as REVIEW_BUDGET
from bot.discord.kept import Kept
from bot.discord.pictures import TableImages
from bot.discord.publisher import DiscordNotifier
from bot.discord.tokens import Tokens
from bot.games.ai.hint import HINT_BUDGET
from bot.games.ai.ismcts import Budget
from bot.settings import Settings
from bot.tables.languages import Languages
from bot.tables.service import TableService
from storage.database import Database

if TYPE_CHECKING:  # the games' records, read from the registry by bot.app alone
    from bot.games.registry import Game


@dataclass(slots=True)
class App:
    """Everything a command or a click works with."""

    settings: Settings
    db: Database
    tables: TableService  # the table service (no Discord in it)
    languages: Languages  # who reads which language
    images: TableImages  # the pictures and their cache
    tokens: Tokens  # the interactions a table message can be updated through
    publisher: DiscordNotifier  # shows the tables in Discord
    games: Mapping[str, Game]  # every game by name, read from the registry once (bot.app)
    kept: Kept = field(default_factory=Kept)  # finished games and reviews, recently asked
    # What one hint may think: 400 playouts or 1.5 s, well inside Discord's 3 s (deferred).
    hint_budget: Budget = HINT_BUDGET
    # What a review may think per decision (cut so that a whole review stays short).
    review_budget: Budget = REVIEW_BUDGET


class AppBot(commands.AutoShardedBot):
    """A bot that carries an :class:`App` (``CardroomBot`` builds it in ``setup_hook``)."""

    _app: App | None = None
    _games: Mapping[str, Game] = {}

    @property
    def games(self) -> Mapping[str, Game]:
        """Every game by name, read from the registry once when the bot was built (the
        command tree's choices are made from them before the app is)."""
        return self._games

    @property
    def app(self) -> App:
        """The app's parts (available from ``setup_hook`` on)."""
        if self._app is None:
            raise RuntimeError("The app is not built yet.")  # i18n: not for people
        return self._app


def app_of(interaction: discord.Interaction[Any]) -> App:
    """The app of the bot an interaction came to."""
    client = interaction.client
    if not isinstance(client, AppBot):
        raise TypeError("not a Cardroom bot")  # i18n: not for people
    return client.app
