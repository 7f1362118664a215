"""``/play``: open a table in this channel with the game's options and post the lobby."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.protocol import GameError
from bot.options import GAME_OPTIONS, GAME_TITLES, OptionError, effective_options, parse_turn_timer
from bot.render.embeds import lobby_embed
from bot.tables.handlers import computers_allowed
from bot.tables.model import TableError, TableExists
from bot.tables.service import TableService
from bot.tables.ui import lobby_view
from storage.guild_settings import GuildSettingsRepo

log = logging.getLogger(__name__)

GAME_CHOICES = [app_commands.Choice(name=title, value=name) for name, title in GAME_TITLES.items()]
ON_OFF = [app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]
TIMER_CHOICES = [
    app_commands.Choice(name=label, value=value)
    for label, value in (("off", "off"), ("30 seconds", "30"), ("1 minute", "60"),
                         ("2 minutes", "120"), ("3 minutes", "180"), ("5 minutes", "300"),
                         ("10 minutes", "600"))
]
OPTION_GAMES: dict[str, tuple[str, ...]] = {}
for _game, _specs in GAME_OPTIONS.items():
    for _spec in _specs:
        OPTION_GAMES[_spec.name] = (*OPTION_GAMES.get(_spec.name, ()), _game)


def _games_text(games: tuple[str, ...]) -> str:
    return " and ".join(GAME_TITLES[g] for g in games)


class PlayCog(commands.Cog):
    """Opening tables."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def tables(self) -> TableService:
        return self.bot.tables  # type: ignore[attr-defined]

    @app_commands.command(name="play", description="Open a card table in this channel")
    @app_commands.guild_only()
    @app_commands.describe(
        game="The game to play",
        declare="Soureh: final (one more turn each) or reveal (declarer may reveal)",
        end="Soureh: lowest (ends at the threshold) or elimination (last one standing)",
        threshold="Soureh or Pariah: the score that ends the game",
        leave="Soureh, 3–4 players: a declaring winner leaves the round",
        rounds="Turup: number of rounds",
        target="Soi: the score that ends the game",
        memory="Soi: on shows only the last 3 asks, off shows every ask",
        timer="Seconds per turn (30–3600) or off; default: the server's setting",
    )
    @app_commands.choices(
        game=GAME_CHOICES,
        declare=[app_commands.Choice(name="final", value="final"),
                 app_commands.Choice(name="reveal", value="reveal")],
        end=[app_commands.Choice(name="lowest", value="lowest"),
             app_commands.Choice(name="elimination", value="elimination")],
        leave=ON_OFF,
        memory=ON_OFF,
    )
    async def play(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Choice[str],
        declare: app_commands.Choice[str] | None = None,
        end: app_commands.Choice[str] | None = None,
        threshold: app_commands.Range[int, 1, 10000] | None = None,
        leave: app_commands.Choice[str] | None = None,
        rounds: app_commands.Range[int, 1, 100] | None = None,
        target: app_commands.Range[int, 1, 10000] | None = None,
        memory: app_commands.Choice[str] | None = None,
        timer: str | None = None,
    ) -> None:
        """Open the lobby."""
        name = game.value
        given: dict[str, Any] = {
            "declare": declare.value if declare else None,
            "end": end.value if end else None,
            "threshold": threshold,
            "leave": leave.value if leave else None,
            "rounds": rounds,
            "target": target,
            "memory": memory.value if memory else None,
        }
        given = {k: v for k, v in given.items() if v is not None}
        wrong = [k for k in given if name not in OPTION_GAMES.get(k, ())]
        if wrong:
            lines = [f"`{k}` is an option of {_games_text(OPTION_GAMES[k])}" for k in wrong]
            await interaction.response.send_message(
                f"{GAME_TITLES[name]} has no such option: " + "; ".join(lines) + ".",
                ephemeral=True,
            )
            return
        assert interaction.guild_id is not None and interaction.channel_id is not None
        settings = await GuildSettingsRepo(self.bot.db).get(  # type: ignore[attr-defined]
            interaction.guild_id
        )
        try:
            options = effective_options(name, settings.options_for(name), given)
            seconds = parse_turn_timer(timer) if timer else settings.turn_timer
        except OptionError as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)
            return
        try:
            table = await self.tables.open(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                host_id=interaction.user.id,
                host_name=interaction.user.display_name,
                game=name,
                options=options,
                timer_seconds=seconds,
            )
        except TableExists as exc:
            existing = self.tables.get(exc.table_id)
            where = ""
            if existing is not None and existing.record.message_id:
                from bot.tables.ui import jump_url

                where = f": {jump_url(existing)}"
            await interaction.response.send_message(
                f"This channel already has an open table{where}", ephemeral=True
            )
            return
        except (GameError, TableError) as exc:
            await interaction.response.send_message(
                f"Those options do not work: {exc}", ephemeral=True
            )
            return
        computers = await computers_allowed(interaction, table)
        await interaction.response.send_message(
            embed=lobby_embed(table), view=lobby_view(table, computers=computers)
        )
        message = await interaction.original_response()
        await self.tables.set_message(table.id, message.id)


    @play.autocomplete("timer")
    async def timer_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Common turn timers; any number of seconds (or off) may be typed."""
        typed = current.strip().lower()
        found = [c for c in TIMER_CHOICES if not typed or typed in c.name or typed in c.value]
        if typed.isdigit() and typed not in [c.value for c in found]:
            found.insert(0, app_commands.Choice(name=f"{typed} seconds", value=typed))
        return found[:25]


async def setup(bot: commands.Bot) -> None:
    """Load the cog."""
    await bot.add_cog(PlayCog(bot))
