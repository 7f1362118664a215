"""Discord languages under SimCord: SimCord writes ``"locale": "en-US"`` (and the same
``guild_locale``) into every interaction it sends; :class:`Locales` rewrites those fields
per member and per server, as Discord would for an Arabic or Greek client.

    def test_x(world, locales):
        locales.user(member, "ar")       # this member's Discord client speaks Arabic
        locales.guild(guild, "el")       # this server's Discord language is Greek
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import simcord.interactions as simcord_interactions


class Locales:
    """The Discord language of each member and server SimCord's interactions carry."""

    def __init__(self) -> None:
        self.users: dict[int, str] = {}
        self.guilds: dict[int, str] = {}

    def user(self, member: Any, locale: str) -> None:
        """``member``'s Discord client speaks ``locale`` (a Discord code: ``"ar"``, ``"el"``)."""
        self.users[int(member.id)] = locale

    def guild(self, guild: Any, locale: str) -> None:
        """The server's Discord language (``guild_locale``)."""
        self.guilds[int(guild.id)] = locale

    def apply(self, payload: dict[str, Any], user_id: int, guild_id: int | None) -> None:
        if user_id in self.users:
            payload["locale"] = self.users[user_id]
        if guild_id is not None and guild_id in self.guilds:
            payload["guild_locale"] = self.guilds[guild_id]


@pytest.fixture
def locales(monkeypatch: pytest.MonkeyPatch) -> Iterator[Locales]:
    """Set the Discord languages of members and servers in SimCord's interactions."""
    chosen = Locales()
    base = simcord_interactions.base_payload

    def base_payload(backend: Any, *, type: int, channel_id: int, guild_id: int | None,
                     user_id: int, data: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        record, payload = base(backend, type=type, channel_id=channel_id, guild_id=guild_id,
                               user_id=user_id, data=data)
        chosen.apply(payload, user_id, guild_id)
        return record, payload

    monkeypatch.setattr(simcord_interactions, "base_payload", base_payload)
    yield chosen
