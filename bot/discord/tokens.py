"""Fresh interaction tokens of table messages: the cheap way to update them.

A click on a table message answered by deferring an update (``DEFERRED_UPDATE_MESSAGE``)
leaves an interaction whose ``@original`` is that table message. For 15 minutes its token
edits the message through the interaction webhook
(``PATCH /webhooks/{app}/{token}/messages/@original``) and posts and deletes public
follow-ups, none of which Discord charges to the bot's global request bucket. ``Tokens``
keeps the newest such interaction per table; the publisher uses it while it is fresh and
falls back to channel requests when none is.

It also keeps each seated person's newest answered interaction at a table (any click of
theirs there: Take turn, a panel step, My cards). Its token sends them an ephemeral
follow-up in the table's channel for 15 minutes, so the cards of a new deal and their
final cards reach them there instead of by DM, which would spend a global request.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

import discord

TOKEN_LIFETIME = 14 * 60.0  # seconds: a margin under Discord's 15 minutes
FOLLOW_UPS = 5  # follow-ups per interaction (Discord's cap where a user install answers)
FOLLOW_UPS_KEPT = 4096  # interactions whose follow-ups are counted (the newest)

_Key = TypeVar("_Key")

def _monotonic() -> float:
    # looked up at each call: SimCord puts its virtual clock in time.monotonic
    return time.monotonic()


class Tokens:
    """The newest interaction on each table's message, with the loop time it came."""

    def __init__(self, lifetime: float = TOKEN_LIFETIME,
                 clock: Callable[[], float] | None = None) -> None:
        self.lifetime = lifetime
        self.clock = clock or _monotonic
        self._by_table: dict[int, tuple[discord.Interaction[Any], float]] = {}
        self._private: dict[tuple[int, int], tuple[discord.Interaction[Any], float]] = {}
        self._answers: dict[int, int] = {}  # table id -> its message, answered by /play
        self._followups: OrderedDict[int, int] = OrderedDict()  # interaction id -> sent
        self._since_sweep = 0

    def remember(self, table_id: int, interaction: discord.Interaction[Any],
                 message_id: int | None = None) -> None:
        """``interaction`` was answered by deferring an update of the table's message (or,
        given ``message_id``, by sending it: a ``/play`` whose answer is the table, or the
        table posted anew as its follow-up)."""
        self._by_table[table_id] = (interaction, self.clock())
        if message_id is not None:
            self._answers[table_id] = message_id
        else:
            self._answers.pop(table_id, None)

    def fresh(self, table_id: int, message_id: int | None) -> discord.Interaction[Any] | None:
        """The table's interaction if it is on ``message_id`` and young enough to use."""
        held = self._by_table.get(table_id)
        if held is None or message_id is None:
            return None
        message = held[0].message
        on = self._answers.get(table_id, message.id if message is not None else None)
        if on != message_id:
            return None
        return self._young(self._by_table, table_id)

    def follow_up_allowed(self, interaction: discord.Interaction[Any], *,
                          capped: bool = True) -> bool:
        """May one more follow-up go through ``interaction``? Discord takes at most
        ``FOLLOW_UPS`` per interaction that only a person's install of the app authorised
        (a table in a DM or group DM: ``capped``); the allowed one is counted as sent. A
        server table's interactions (the app installed to the server) have no such cap."""
        if not capped:
            return True
        sent = self._followups.get(interaction.id, 0)
        if sent >= FOLLOW_UPS:
            return False
        self._followups[interaction.id] = sent + 1
        self._followups.move_to_end(interaction.id)
        while len(self._followups) > FOLLOW_UPS_KEPT:
            self._followups.popitem(last=False)
        return True

    def since(self, table_id: int) -> float | None:
        """When the table's interaction was kept (its token's age is counted from then)."""
        held = self._by_table.get(table_id)
        return held[1] if held is not None else None

    def remember_private(self, table_id: int, user_id: int,
                         interaction: discord.Interaction[Any]) -> None:
        """``user_id``'s answered ``interaction`` at the table, made in its channel."""
        self._private[(table_id, user_id)] = (interaction, self.clock())
        self._since_sweep += 1
        if self._since_sweep >= 512:  # stale ones of closed tables go now and then
            self._since_sweep = 0
            for key in list(self._private):
                self._young(self._private, key)

    def fresh_private(self, table_id: int, user_id: int) -> discord.Interaction[Any] | None:
        """The person's newest interaction at the table, if young enough to answer with a
        private follow-up."""
        return self._young(self._private, (table_id, user_id))

    def _young(self, book: dict[_Key, tuple[discord.Interaction[Any], float]],
               key: _Key) -> discord.Interaction[Any] | None:
        """The interaction ``book`` holds under ``key`` if it is young enough to use; a
        stale one is dropped from the book (its token no longer works)."""
        held = book.get(key)
        if held is None:
            return None
        interaction, since = held
        if self.clock() - since > self.lifetime:
            del book[key]
            return None
        return interaction

    def forget_private(self, table_id: int, user_id: int,
                       interaction: discord.Interaction[Any] | None = None) -> None:
        """Drop the person's interaction at the table (only ``interaction``, when given)."""
        held = self._private.get((table_id, user_id))
        if held is not None and (interaction is None or held[0] is interaction):
            del self._private[(table_id, user_id)]

    def held(self, table_id: int) -> bool:
        """Is a token kept for the table (fresh or not)?"""
        return table_id in self._by_table

    def forget(self, table_id: int, interaction: discord.Interaction[Any] | None = None) -> None:
        """Drop the table's interaction (only ``interaction``, when given)."""
        held = self._by_table.get(table_id)
        if held is not None and (interaction is None or held[0] is interaction):
            del self._by_table[table_id]


async def answer_privately(
    interaction: discord.Interaction[Any], tokens: Tokens, table_id: int, **message: Any
) -> None:
    """Answer a click on a table message with an ephemeral follow-up, after deferring an
    update of the table message: the click's token is then one the table message can be
    updated through (see ``Tokens``), at no cost to the global bucket."""
    await interaction.response.defer()  # a component's defer: DEFERRED_UPDATE_MESSAGE
    tokens.remember(table_id, interaction)
    tokens.follow_up_allowed(interaction)  # the first of its follow-ups: always allowed
    await interaction.followup.send(ephemeral=True, **message)
