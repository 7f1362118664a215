"""``/play``: open a table in this channel with the game's options and post the lobby. The
command is made from the bot's games when the cog is loaded (:func:`play_cog`): a choice
per game, a parameter per option name."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.choices import Parameter, game_choices, play_parameters, with_parameters
from bot.discord.clicks.handlers import computers_allowed
from bot.discord.installs import anywhere
from bot.discord.parts import AppBot
from bot.games.protocol import GameError
from bot.i18n import N_, _, _n, use_locale
from bot.options import OptionError, effective_options, parse_turn_timer
from bot.render.embeds import lobby_embed
from bot.render.table_message import jump_url, lobby_view
from bot.tables.model import TableError, TableExists
from bot.tables.service import TableService
from storage.guild_settings import GuildSettingsRepo
from storage.tables import CHANNEL, INTERACTIONS

log = logging.getLogger(__name__)

TIMERS = ("off", "30", "60", "120", "180", "300", "600")  # autocomplete offers these


def timer_label(value: str) -> str:
    """A turn timer as people read it, in the current language."""
    if value == "off":
        return _("off")
    seconds = int(value)
    if seconds % 60 == 0:
        return _n("{n} minute", "{n} minutes", seconds // 60)
    return _n("{n} second", "{n} seconds", seconds)
NOT_INSTALLED = N_(
    "Cardroom is not added to this server, so Discord shows its answers only to the person "
    "who asked: a table everyone can see cannot be opened here. Ask a moderator to add "
    "Cardroom to the server, or play in a DM or a group DM with your friends.")


def timer_choices(current: str) -> list[app_commands.Choice[str]]:
    """Common turn timers; any number of seconds (or off) may be typed."""
    typed = current.strip().lower()
    choices = [app_commands.Choice(name=timer_label(v), value=v) for v in TIMERS]
    found = [c for c in choices if not typed or typed in c.name.lower() or typed in c.value]
    if typed.isdigit() and typed not in [c.value for c in found]:
        found.insert(0, app_commands.Choice(
            name=_n("{n} second", "{n} seconds", int(typed), n=typed), value=typed))
    return found[:25]


def _games_text(titles: list[str]) -> str:
    if len(titles) == 1:
        return titles[0]
    return _("{some} and {last}", some=", ".join(titles[:-1]), last=titles[-1])


class PlayCog(commands.Cog):
    """Opening tables (``/play`` itself is added by :func:`play_cog`)."""

    def __init__(self, bot: AppBot, parameters: Mapping[str, Parameter]) -> None:
        self.bot = bot
        self.parameters = parameters  # /play's option parameters by name

    @property
    def tables(self) -> TableService:
        return self.bot.app.tables

    async def open_table(
        self, interaction: discord.Interaction[Any], name: str, timer: str | None,
        chosen: dict[str, Any],
    ) -> None:
        """Check the options for the game, open the table and post its lobby."""
        given = {k: v for k, v in chosen.items() if v is not None}
        games = self.bot.app.games
        wrong = [k for k in given if name not in self.parameters[k].games]
        if wrong:
            lines = [_("`{option}` is an option of {games}", option=k,
                       games=_games_text([_(games[g].title) for g in self.parameters[k].games]))
                     for k in wrong]
            await interaction.response.send_message(
                _("{game} has no such option: {why}.", game=_(games[name].title),
                  why="; ".join(lines)),
                ephemeral=True,
            )
            return
        assert interaction.channel_id is not None
        if interaction.guild_id is not None and interaction.is_user_integration() \
                and not interaction.is_guild_integration():  # not added to this server
            await interaction.response.send_message(_(NOT_INSTALLED), ephemeral=True)
            return
        # a DM or group DM: the table lives in this answer; its channel is its own place
        home = CHANNEL if interaction.guild_id is not None else INTERACTIONS
        place = interaction.guild_id or interaction.channel_id
        settings = await GuildSettingsRepo(self.bot.app.db).get(place)
        try:
            options = effective_options(games[name], settings.options_for(name), given)
            seconds = parse_turn_timer(timer) if timer else settings.turn_timer
        except OptionError as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)
            return
        try:
            table = await self.tables.open(
                guild_id=place,
                channel_id=interaction.channel_id,
                home=home,
                host_id=interaction.user.id,
                host_name=interaction.user.display_name,
                game=name,
                options=options,
                timer_seconds=seconds,
            )
        except TableExists as exc:
            existing = self.tables.get(exc.table_id)
            if existing is not None and existing.record.message_id:
                text = _("This channel already has an open table: {url}",
                         url=jump_url(existing.record))
            else:
                text = _("This channel already has an open table")
            await interaction.response.send_message(text, ephemeral=True)
            return
        except (GameError, TableError) as exc:
            await interaction.response.send_message(
                _("Those options do not work: {problem}", problem=exc), ephemeral=True
            )
            return
        computers = await computers_allowed(self.bot.app.db, table)
        with use_locale(table.language):  # the lobby is public: the server's language
            seen = table.seen()
            embed, view = lobby_embed(seen), lobby_view(seen, computers=computers)
        await interaction.response.send_message(embed=embed, view=view)
        message = await interaction.original_response()
        await self.tables.set_message(table.id, message.id)
        if table.record.interaction_only:
            self.bot.app.publisher.home.pressed(table, interaction, message.id)



def play_cog(bot: AppBot) -> PlayCog:
    """The cog with ``/play`` made from ``bot.games`` (read from the registry once, when the
    bot was built): a choice per game, a parameter per option name."""
    parameters = {p.name: p for p in play_parameters(bot.games)}

    class Play(PlayCog, name="PlayCog"):  # i18n: not for people
        async def _play(
            self,
            interaction: discord.Interaction[Any],
            game: str,
            timer: str | None = None,
            **options: Any,
        ) -> None:
            """Open the lobby (the game's options are parameters made from the games)."""
            await self.open_table(interaction, game, timer, options)

        play: app_commands.Command[Any, ..., None] = app_commands.command(
            name="play", description=N_("Open a card table in this channel")
        )(
            anywhere(
                app_commands.describe(
                    game=N_("The game to play"),
                    timer=N_("Seconds per turn (30–3600) or off; default: the server's setting"),
                )(app_commands.choices(game=game_choices(bot.games))(
                    with_parameters(_play, list(parameters.values()))
                ))
            )
        )

        @play.autocomplete("timer")
        async def timer_autocomplete(
            self, interaction: discord.Interaction[Any], current: str
        ) -> list[app_commands.Choice[str]]:
            """Common turn timers; any number of seconds (or off) may be typed."""
            return timer_choices(current)

    return Play(bot, parameters)
