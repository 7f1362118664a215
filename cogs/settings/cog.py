"""``/settings show|set|reset``: the server's defaults for new tables (Manage Server)."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.choices import (
    language_choices,
    settings_parameters,
    spoken,
    with_parameters,
)
from bot.discord.installs import server_only
from bot.discord.parts import AppBot
from bot.i18n import LANGUAGES, N_, _, current, supported, use_locale
from bot.options import OptionError, parse_turn_timer, show_turn_timer, spec
from bot.render.card_text import legible
from cogs.settings.pages import settings_embed
from storage.guild_settings import HINT_POLICIES, GuildSettings, GuildSettingsRepo

if TYPE_CHECKING:
    from bot.games.registry import Game

log = logging.getLogger(__name__)

REFUSED = N_(
    "Only people with the **Manage Server** permission can change Cardroom's settings. "
    "You can still see them with `/settings show` if you are allowed to use it."
)
SERVER_FIELDS = ("turn_timer", "computer_seats", "count_computer_games", "images", "four_colour",
                 "pings", "language", "hints")
SWITCH_LABELS = {  # how the server's switches are named in the "Saved" lines
    "computer_seats": N_("Computer seats"), "count_computer_games": N_("Count computer games"),
    "images": N_("Images"), "four_colour": N_("Four colour"), "pings": N_("Pings"),
}
HINT_NAMES = {"always": N_("always"), "practice": N_("practice"), "off": N_("off")}
HINT_CHOICES = [app_commands.Choice(name=HINT_NAMES[name], value=name) for name in HINT_POLICIES]
def _game_options(title: str) -> str:
    """A game's options, as /settings reset names them: "Soureh options"."""
    return _("{game} options", game=_(title))


def reset_choices(games: Mapping[str, Game]) -> list[app_commands.Choice[str]]:
    """What ``/settings reset`` resets: everything, the table switches, or a game's options."""
    return [
        app_commands.Choice(name=N_("everything"), value="all"),
        app_commands.Choice(name=N_("table switches and timer"), value="server"),
        *(app_commands.Choice(name=spoken(
            f"{entry.title} options",  # i18n: not for people (said by _game_options, translated)
            partial(_game_options, entry.title)), value=name)
          for name, entry in games.items()),
    ]
LANGUAGE_CHOICES = language_choices()  # each named in itself and in the reader's language


def can_manage(interaction: discord.Interaction) -> bool:
    """True when the user has Manage Server (or Administrator) in this server."""
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.administrator)


def apply_changes(current: GuildSettings, given: dict[str, Any],
                  games: Mapping[str, Game]) -> tuple[GuildSettings, list[str]]:
    """The settings with ``given`` applied (game options as ``"<game>_<option>"``), and a line
    per change; raises :class:`OptionError` for the first invalid value."""
    game_options = {g: dict(v) for g, v in current.game_options.items()}
    server: dict[str, Any] = {}
    lines = []
    for key, raw in given.items():
        if key == "turn_timer":
            server[key] = parse_turn_timer(raw)
            lines.append(_("Turn timer → {timer}", timer=show_turn_timer(server[key])))
        elif key == "language":
            code = supported(str(raw))
            if code is None:
                raise OptionError(_("Choose a language from the list."))
            server[key] = code
            with use_locale(code):
                lines.append(_("Language → {language}", language=LANGUAGES[code]))
        elif key == "hints":
            if raw not in HINT_POLICIES:
                raise OptionError(_("Hints must be always, practice or off."))
            server[key] = raw
            lines.append(_("Hints → {policy}", policy=_(HINT_NAMES[str(raw)])))
        elif key in SERVER_FIELDS:
            server[key] = bool(raw)
            lines.append(_("{setting} → {value}", setting=_(SWITCH_LABELS[key]),
                           value=_("on") if raw else _("off")))
        else:
            game, _sep, name = key.partition("_")
            if game not in games:
                titles = ", ".join(entry.title for entry in games.values())
                raise OptionError(_("Unknown game {game}; choose one of {titles}.",
                                    game=repr(game), titles=titles))
            option = spec(games[game], name)
            value = option.validate(raw)
            game_options.setdefault(game, {})[name] = value
            lines.append(_("{setting} → {value}", setting=option.label,
                           value=option.show(value)))
    new = dataclasses.replace(current, game_options=game_options, **server)
    return new, lines


def shown_settings(settings: GuildSettings, guild_name: str, speaking: str,
                   games: Mapping[str, Game]) -> discord.Embed:
    """The settings embed with the server's language (``speaking``: the language its tables
    speak now, when it follows its Discord language) and ``games``' options."""
    embed = settings_embed(settings, games, guild_name)
    if settings.language:
        value = f"**{LANGUAGES[settings.language]}**"
    else:
        value = _("{language} (the server's Discord language)", language=LANGUAGES[speaking])
    embed.add_field(name=_("Language"), value=value, inline=False)
    return embed


@server_only
@app_commands.default_permissions(manage_guild=True)
class SettingsCog(
    commands.GroupCog,
    group_name="settings",
    group_description=N_("Cardroom's defaults for new tables in this server"),
):
    """The server settings commands. Discord shows them to Manage Server by default; the
    commands check again, since a server may open them to other roles."""

    def __init__(self, bot: AppBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def repo(self) -> GuildSettingsRepo:
        """The settings repository on the bot's database."""
        return GuildSettingsRepo(self.bot.app.db)

    async def _refuse(self, interaction: discord.Interaction) -> bool:
        if can_manage(interaction):
            return False
        await interaction.response.send_message(_(REFUSED), ephemeral=True)
        return True

    @app_commands.command(name="show", description=N_("Show this server's Cardroom defaults"))
    async def show(self, interaction: discord.Interaction) -> None:
        """Anyone allowed to run the command may look."""
        assert interaction.guild_id is not None
        current = await self.repo.get(interaction.guild_id)
        name = interaction.guild.name if interaction.guild else ""
        speaking = self.bot.app.languages.of_server(interaction.guild_id)
        embed = shown_settings(current, name, speaking, self.bot.app.games)
        await interaction.response.send_message(embed=embed, ephemeral=True)



def settings_cog(bot: AppBot) -> SettingsCog:
    """The settings commands with ``/settings set`` and ``/settings reset`` made from
    ``bot.games`` (read from the registry once, when the bot was built): a parameter per
    game option, a reset choice per game."""

    class Settings(
        SettingsCog,
        name="SettingsCog",  # i18n: not for people
        group_name="settings",
        group_description=N_("Cardroom's defaults for new tables in this server"),
    ):
        async def _set(
            self,
            interaction: discord.Interaction,
            turn_timer: str | None = None,
            computer_seats: bool | None = None,
            count_computer_games: bool | None = None,
            images: bool | None = None,
            four_colour: bool | None = None,
            pings: bool | None = None,
            language: str | None = None,
            hints: str | None = None,
            **game_options: Any,
        ) -> None:
            """Validate every given value, then store them all (or none)."""
            if await self._refuse(interaction):
                return
            assert interaction.guild_id is not None
            values: dict[str, Any] = {
                **game_options, "turn_timer": turn_timer, "computer_seats": computer_seats,
                "count_computer_games": count_computer_games, "images": images,
                "four_colour": four_colour, "pings": pings, "language": language,
                "hints": hints,
            }
            given = {k: v for k, v in values.items() if v is not None}
            if not given:
                await interaction.response.send_message(
                    _("Give at least one setting to change, e.g. "
                      "`/settings set turn_timer:120`."),
                    ephemeral=True,
                )
                return
            current_settings = await self.repo.get(interaction.guild_id)
            try:
                new, lines = apply_changes(current_settings, given, self.bot.app.games)
            except OptionError as exc:
                await interaction.response.send_message(
                    _("{problem} Nothing was changed.", problem=exc), ephemeral=True)
                return
            await self.repo.save(new)
            log.info("Guild %s settings changed by %s: %s", interaction.guild_id,
                     interaction.user.id, ", ".join(sorted(given)))
            self.bot.app.languages.choose_for_server(interaction.guild_id, new.language)
            with use_locale(new.language if language else current()):  # in the new language
                if language:
                    lines = apply_changes(current_settings, given, self.bot.app.games)[1]
                text = legible(_("Saved:") + "\n" + "\n".join(f"• {line}" for line in lines))
                embed = shown_settings(new, interaction.guild.name if interaction.guild else "",
                                       self.bot.app.languages.of_server(interaction.guild_id),
                                       self.bot.app.games)
            await interaction.response.send_message(text, embed=embed, ephemeral=True)

        set_: app_commands.Command[Any, ..., None] = app_commands.command(
            name="set", description=N_("Change defaults for new tables (Manage Server)")
        )(app_commands.describe(
            turn_timer=N_("Seconds per turn (30–3600) or off"),
            computer_seats=N_("Whether computer players may take seats"),
            count_computer_games=N_("Whether games with computer seats count for wins and ratings"),
            images=N_("Show card images"),
            four_colour=N_("Four-colour suits in card images"),
            pings=N_("Mention the player whose turn it is in a short channel message"),
            language=N_("The language of this server's tables and announcements"),
            hints=N_("The Hint button: always (a hint makes the game unrated), practice (games "
                     "that are not rated) or off"),
        )(app_commands.choices(language=LANGUAGE_CHOICES, hints=HINT_CHOICES)(
            with_parameters(_set, settings_parameters(bot.games)))))

        @app_commands.command(name="reset", description=N_("Go back to the default settings"))
        @app_commands.describe(what=N_("What to reset (default: everything)"))
        @app_commands.choices(what=reset_choices(bot.games))
        async def reset(self, interaction: discord.Interaction, what: str = "all") -> None:
            """Reset everything, the table switches, or one game's options."""
            if await self._refuse(interaction):
                return
            assert interaction.guild_id is not None
            current = await self.repo.get(interaction.guild_id)
            if what == "all":
                new = GuildSettings(guild_id=interaction.guild_id)
            elif what == "server":
                fresh = GuildSettings(guild_id=interaction.guild_id)
                new = dataclasses.replace(
                    current, **{f: getattr(fresh, f) for f in SERVER_FIELDS}
                )
            elif what in self.bot.app.games:
                options = {g: v for g, v in current.game_options.items() if g != what}
                new = dataclasses.replace(current, game_options=options)
            else:
                await interaction.response.send_message(_("Choose what to reset from the list."),
                                                        ephemeral=True)
                return
            await self.repo.save(new)
            self.bot.app.languages.choose_for_server(interaction.guild_id, new.language)
            games = self.bot.app.games
            label = _("{game} options", game=_(games[what].title)) if what in games else \
                _(next((c.name for c in reset_choices(games) if c.value == what), what))
            await interaction.response.send_message(
                _("Reset {what} to the defaults.", what=label),
                embed=shown_settings(new, interaction.guild.name if interaction.guild else "",
                                     self.bot.app.languages.of_server(interaction.guild_id),
                                     games),
                ephemeral=True,
            )

    return Settings(bot)


async def setup(bot: AppBot) -> None:
    """Load the settings commands (guild only; Manage Server by default)."""
    await bot.add_cog(settings_cog(bot))
