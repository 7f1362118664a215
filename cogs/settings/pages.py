"""The ``/settings show`` page: the server's defaults (each game's options, the turn timer
and the table switches), values the server chose in bold."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import discord

from bot import options
from bot.i18n import N_, _
from bot.options import defaults
from bot.render.card_text import legible_embed, truncate
from bot.render.names import shown
from bot.render.option_words import timer_text

if TYPE_CHECKING:
    from bot.games.registry import Game
    from storage.guild_settings import GuildSettings

COLOUR = 0x455A64  # the house's own pages (the stats pages share it)

#: How /settings shows the Hint button's policy (storage.guild_settings.HINT_POLICIES).
HINT_LABELS = {
    "always": N_("always (a hint makes the game unrated)"),
    "practice": N_("in practice games only"),
    "off": N_("off"),
}


def settings_embed(settings: GuildSettings, games: Mapping[str, Game],
                   guild_name: str = "") -> discord.Embed:
    """The server's defaults: each of ``games``' options (the registered games, which the
    cog passes in), the turn timer and the table switches."""
    title = (_("Cardroom settings — {server}", server=shown(guild_name)) if guild_name
             else _("Cardroom settings"))
    embed = discord.Embed(
        title=truncate(title, 256),
        colour=COLOUR,
        description=_("Defaults for new tables; `/play` can still change a table's options."),
    )
    for game, entry in games.items():
        stored = settings.options_for(game)
        values = {**defaults(entry.engine), **stored}
        parts = []
        for spec in options.specs(entry):
            text = spec.words(values.get(spec.name, spec.default))
            parts.append(f"**{text}**" if spec.name in stored else text)
        embed.add_field(name=_(entry.title), value=" · ".join(parts), inline=False)
    switches = [
        _("Turn timer: {value}", value=timer_text(settings.turn_timer)),
        _("Computer seats allowed: {value}", value=_on(settings.computer_seats)),
        _("Games with computers count: {value}", value=_on(settings.count_computer_games)),
        _("Card images: {value}", value=_on(settings.images)),
        _("Four-colour suits: {value}", value=_on(settings.four_colour)),
        _("Turn pings: {value}", value=_on(settings.pings)),
        _("Hints: {policy}", policy=_(HINT_LABELS.get(settings.hints, settings.hints))),
    ]
    embed.add_field(name=_("Tables"), value="\n".join(switches), inline=False)
    embed.set_footer(
        text=_("Bold values are this server's; the rest are the rule book's defaults."))
    return legible_embed(embed)


def _on(value: bool) -> str:
    return _("on") if value else _("off")
