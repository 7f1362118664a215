"""``/leaderboard``, ``/stats`` and ``/history``, with buttons that survive a restart.

custom_ids (all ≤ 100 characters):
- ``cr:lb:<guild>:<game>:<sort>:<page>:<viewer>`` — a leaderboard page for ``viewer``;
  the viewer's click edits the message, anyone else gets his own page privately;
- ``cr:hp:<guild>:<game|all>:<page>`` — a page of the server's history;
- ``cr:hr:<result id>`` — one game's round-by-round scores, answered privately.

A custom_id whose parts do not read (an unknown order, a number past what storage holds:
an old or forged button) is answered "out of date", privately, and reaches no query.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.answers import answering
from bot.discord.choices import game_choices
from bot.discord.installs import anywhere, place_of
from bot.discord.parts import AppBot, app_of
from bot.i18n import N_, _, use_locale
from cogs.stats.pages import (
    game_number,
    history_embed,
    leaderboard_embed,
    rounds_embed,
    stats_embed,
)
from storage.stats import StatsRepo
from storage.stats_models import HistoryPage, LeaderboardPage, SortKey

log = logging.getLogger(__name__)

SORT_CHOICES = [app_commands.Choice(name=key.label, value=key.value) for key in SortKey]
OTHER_SERVER = N_("These buttons belong to another server's message.")
OUT_OF_DATE = N_("This button is out of date.")
LARGEST = 2**63 - 1  # the largest id or page storage holds (64-bit)


def _reads(match: re.Match[str], *numbers: str) -> bool:
    """Are the custom_id's named numbers ones storage can hold?"""
    return all(int(match[name]) <= LARGEST for name in numbers)


async def _out_of_date(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(_(OUT_OF_DATE), ephemeral=True)


def server_language(interaction: discord.Interaction) -> str:
    """The language of the server's public messages."""
    return app_of(interaction).languages.of_server(place_of(interaction))


def repo_of(interaction: discord.Interaction) -> StatsRepo:
    """The stats repository on the bot's database."""
    return StatsRepo(app_of(interaction).db)


# ------------------------------------------------------------------ leaderboard


class LeaderboardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"cr:lb:(?P<guild>\d+):(?P<game>[a-z]+):(?P<sort>[a-z]+):(?P<page>\d+):(?P<viewer>\d+)",
):
    """Go to a leaderboard page."""

    def __init__(self, guild: int, game: str, sort: SortKey, page: int, viewer: int,
                 label: str = "Page", disabled: bool = False) -> None:  # i18n: not for people
        self.guild, self.game, self.sort, self.page, self.viewer = guild, game, sort, page, viewer
        self.stale = False  # its custom_id did not read (from_custom_id)
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
            custom_id=f"cr:lb:{guild}:{game}:{sort.value}:{page}:{viewer}",
        ))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str],
        /,
    ) -> LeaderboardButton:
        """Rebuild the button from its custom_id (also after a restart)."""
        if match["sort"] not in set(SortKey) or not _reads(match, "guild", "page", "viewer"):
            item = cls(0, match["game"], SortKey.RATING, 0, 0)
            item.stale = True
            return item
        return cls(int(match["guild"]), match["game"], SortKey(match["sort"]),
                   int(match["page"]), int(match["viewer"]))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Only in the server the leaderboard belongs to, for a known game."""
        if self.stale:
            await _out_of_date(interaction)
            return False
        if place_of(interaction) != self.guild or self.game not in app_of(interaction).games:
            await interaction.response.send_message(_(OTHER_SERVER), ephemeral=True)
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        """:meth:`clicked`, a failure of it logged and answered once."""
        what = "Leaderboard page"  # i18n: not for people (a log line)
        await answering(interaction, what, self.clicked(interaction), None)

    async def clicked(self, interaction: discord.Interaction) -> None:
        """The viewer turns his page; someone else gets the page with his own row, privately."""
        user = interaction.user.id
        page = await repo_of(interaction).leaderboard(
            self.guild, self.game, self.sort, self.page, viewer=user
        )
        if user == self.viewer:  # the public message: the server's language
            with use_locale(server_language(interaction)):
                embed = leaderboard_embed(page, user, games=app_of(interaction).games)
                view = leaderboard_view(page, user)
            await interaction.response.edit_message(embed=embed, view=view)
        else:
            embed = leaderboard_embed(page, user, games=app_of(interaction).games)
            view = leaderboard_view(page, user)
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


def leaderboard_view(page: LeaderboardPage, viewer: int) -> discord.ui.View:
    """Previous/next buttons (none for a single page)."""
    view = discord.ui.View(timeout=None)
    if page.pages <= 1:
        return view
    args = (page.guild_id, page.game, page.sort)
    view.add_item(LeaderboardButton(*args, max(page.page - 1, 0), viewer, label=_("◀ Previous"),
                                    disabled=page.page == 0))
    view.add_item(LeaderboardButton(*args, min(page.page + 1, page.pages - 1), viewer,
                                    label=_("Next ▶"), disabled=page.page >= page.pages - 1))
    return view


# ---------------------------------------------------------------------- history


class HistoryPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"cr:hp:(?P<guild>\d+):(?P<game>[a-z]+):(?P<page>\d+)",
):
    """Go to a page of the server's history."""

    def __init__(self, guild: int, game: str | None, page: int,
                 label: str = "Page",  # i18n: not for people (rebuilt only to route a click)
                 disabled: bool = False) -> None:
        self.guild, self.game, self.page = guild, game, page
        self.stale = False  # its custom_id did not read (from_custom_id)
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
            custom_id=f"cr:hp:{guild}:{game or 'all'}:{page}",
        ))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str],
        /,
    ) -> HistoryPageButton:
        """Rebuild the button from its custom_id."""
        game = None if match["game"] == "all" else match["game"]
        if not _reads(match, "guild", "page"):
            item = cls(0, game, 0)
            item.stale = True
            return item
        return cls(int(match["guild"]), game, int(match["page"]))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Only in the server the history belongs to."""
        if self.stale:
            await _out_of_date(interaction)
            return False
        if place_of(interaction) != self.guild:
            await interaction.response.send_message(_(OTHER_SERVER), ephemeral=True)
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        """:meth:`clicked`, a failure of it logged and answered once."""
        what = "History page"  # i18n: not for people (a log line)
        await answering(interaction, what, self.clicked(interaction), None)

    async def clicked(self, interaction: discord.Interaction) -> None:
        """Show the page in place (the history is the same for everyone)."""
        page = await repo_of(interaction).history(self.guild, self.game, self.page)
        with use_locale(server_language(interaction)):  # the public message
            embed = history_embed(page, games=app_of(interaction).games)
            view = history_view(page)
        await interaction.response.edit_message(embed=embed, view=view)


class RoundsButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"cr:hr:(?P<result>\d+)",
):
    """Show one recorded game's round-by-round scores."""

    def __init__(self, result_id: int, label: str = "Rounds") -> None:  # i18n: not for people
        self.result_id = result_id
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.primary, custom_id=f"cr:hr:{result_id}",
        ))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str],
        /,
    ) -> RoundsButton:
        """Rebuild the button from its custom_id (a result id past 64 bits: 0, no game)."""
        return cls(int(match["result"]) if _reads(match, "result") else 0)

    async def callback(self, interaction: discord.Interaction) -> None:
        """:meth:`clicked`, a failure of it logged and answered once."""
        what = "Rounds button"  # i18n: not for people (a log line)
        await answering(interaction, what, self.clicked(interaction), None)

    async def clicked(self, interaction: discord.Interaction) -> None:
        """Answer privately with the rounds table (only for a game of this server)."""
        if self.result_id == 0:
            await _out_of_date(interaction)
            return
        detail = await repo_of(interaction).game_detail(self.result_id, place_of(interaction))
        if detail is None:
            await interaction.response.send_message(
                _("That game is not in this server's history."), ephemeral=True)
            return
        embed = rounds_embed(detail, games=app_of(interaction).games)
        await interaction.response.send_message(embed=embed, ephemeral=True)


def history_view(page: HistoryPage) -> discord.ui.View:
    """A numbered rounds button per game (two rows of five), then previous/next."""
    view = discord.ui.View(timeout=None)
    for game in page.games:
        label = _("Rounds of game {game}", game=game_number(game.result_id))
        view.add_item(RoundsButton(game.result_id, label=label))
    if page.pages > 1:
        view.add_item(HistoryPageButton(page.guild_id, page.game, max(page.page - 1, 0),
                                        label=_("◀ Newer"), disabled=page.page == 0))
        view.add_item(HistoryPageButton(page.guild_id, page.game,
                                        min(page.page + 1, page.pages - 1), label=_("Older ▶"),
                                        disabled=page.page >= page.pages - 1))
    return view


# --------------------------------------------------------------------- commands


class StatsCog(commands.Cog):
    """Rankings, a player's record and the server's recent games (the commands are added
    by :func:`stats_cog`)."""

    def __init__(self, bot: AppBot) -> None:
        self.bot = bot

    @property
    def repo(self) -> StatsRepo:
        """The stats repository on the bot's database."""
        return StatsRepo(self.bot.app.db)


def stats_cog(bot: AppBot) -> StatsCog:
    """The stats commands, their game choices made from ``bot.games`` (read from the
    registry once, when the bot was built)."""

    class Stats(StatsCog, name="StatsCog"):  # i18n: not for people
        @app_commands.command(name="leaderboard", description=N_("This server's ranking in a game"))
        @anywhere
        @app_commands.describe(game=N_("Which game"),
                               sort=N_("Order by rating (default), wins or win rate"))
        @app_commands.choices(game=game_choices(bot.games), sort=SORT_CHOICES)
        async def leaderboard(self, interaction: discord.Interaction, game: str,
                              sort: str = SortKey.RATING.value) -> None:
            """The first page, with the caller's own row."""
            user = interaction.user.id
            page = await self.repo.leaderboard(place_of(interaction), game, SortKey(sort), 0, user)
            with use_locale(self.bot.app.languages.of_server(place_of(interaction))):  # public
                embed = leaderboard_embed(page, user, games=app_of(interaction).games)
                view = leaderboard_view(page, user)
            await interaction.response.send_message(embed=embed, view=view)

        @app_commands.command(name="stats",
                              description=N_("A player's games, wins, rating and trend"))
        @anywhere
        @app_commands.describe(member=N_("Whose stats (default: yours)"), game=N_("Only this game"))
        @app_commands.choices(game=game_choices(bot.games))
        async def stats(self, interaction: discord.Interaction,
                        member: discord.Member | discord.User | None = None,
                        game: str | None = None) -> None:
            """The member's record in this server."""
            who = member or interaction.user
            games = app_of(interaction).games
            lowest = {name for name, entry in games.items() if entry.lowest_wins}
            stats = await self.repo.player_stats(place_of(interaction), who.id, game,
                                                 lowest_wins=lowest)
            with use_locale(self.bot.app.languages.of_server(place_of(interaction))):  # public
                embed = stats_embed(stats, who.display_name, game, games=games)
            await interaction.response.send_message(embed=embed)

        @app_commands.command(name="history",
                              description=N_("Recent finished games in this server"))
        @anywhere
        @app_commands.describe(game=N_("Only this game"))
        @app_commands.choices(game=game_choices(bot.games))
        async def history(self, interaction: discord.Interaction, game: str | None = None) -> None:
            """The newest page, with a rounds button per game."""
            page = await self.repo.history(place_of(interaction), game)
            with use_locale(self.bot.app.languages.of_server(place_of(interaction))):  # public
                embed = history_embed(page, games=app_of(interaction).games)
                view = history_view(page)
            await interaction.response.send_message(embed=embed, view=view)

    return Stats(bot)


DYNAMIC_ITEMS = (LeaderboardButton, HistoryPageButton, RoundsButton)


async def setup(bot: AppBot) -> None:
    """Load the commands and register the restart-proof buttons."""
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(stats_cog(bot))


async def teardown(bot: AppBot) -> None:
    """Unregister the buttons when the extension is unloaded."""
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)
