"""The base of every component routed by its custom_id (discord.py's ``DynamicItem``, as
in its ``examples/views/dynamic_counter.py``): the table's buttons and selects, the
lessons', the puzzles'.

A subclass gives its ``template`` (a regex over the custom_id: the state lives there, not
in memory), :meth:`Routed.check` (answer a click that must not go on and say ``False``)
and :meth:`Routed.clicked`. The base reads the match once, and makes sure that whatever
either of them raises is logged once and answered once (:func:`bot.discord.answers.
answering`): discord.py itself would only log it and leave the person unanswered.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Generic, TypeVar, cast

import discord

from bot.discord.answers import answering

_I = TypeVar("_I", bound=discord.ui.Item[Any])

NEVER = r"(?!)"  # the base's own template: it matches no custom_id (it is never registered)


class Routed(discord.ui.DynamicItem[_I], Generic[_I], template=NEVER):
    """A component routed by its custom_id; see the module."""

    what: ClassVar[str] = "A component"  # i18n: not for people (the log lines' subject)

    def __init__(self, item: _I, match: re.Match[str]) -> None:
        super().__init__(item)
        self.match = match

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> Any:
        """The clicked component (as discord.py read it from the message), with its match."""
        return cls(cast(_I, item), match)

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """:meth:`check`, a failure of it answered once (and the click then not taken)."""
        return await answering(interaction, self.what, self.check(interaction), False)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """:meth:`clicked`, a failure of it logged and answered once."""
        await answering(interaction, self.what, self.clicked(interaction), None)

    async def check(self, interaction: discord.Interaction[Any]) -> bool:
        """May the click go on? A refusal is answered here, then ``False``."""
        return True

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        """Do what the click asks."""
        raise NotImplementedError


def values_of(interaction: discord.Interaction[Any]) -> list[str]:
    """A select's chosen values as the interaction sent them (none for a button)."""
    data: Any = interaction.data or {}
    return [str(v) for v in data.get("values") or ()]
