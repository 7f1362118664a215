"""Interaction tokens: how long one is used, and what a table does when Discord refuses it.

A public message goes through the table's token, else to the channel; a private one
through the person's token, else by DM. A refused token is dropped, logged, and the
message's files are rewound so the fallback can send them again.
"""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.tables.news import News
from bot.tables.tokens import Tokens

TABLE = 1
MESSAGE = 10
USER = 42
REFUSED = "HTTPException 500 (code 0)"


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class _File:
    """A file that counts its rewinds."""

    def __init__(self) -> None:
        self.resets = 0

    def reset(self) -> None:
        self.resets += 1


class _Followup:
    def __init__(self, refuse: bool) -> None:
        self.refuse = refuse
        self.sent: list[dict[str, Any]] = []

    async def send(self, **message: Any) -> Any:
        if self.refuse:
            raise discord.HTTPException(SimpleNamespace(status=500, reason="boom"), "boom")
        self.sent.append(message)
        return SimpleNamespace(id=77)


class _Channel:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, **message: Any) -> Any:
        self.sent.append(message)
        return SimpleNamespace(id=88)


def _interaction(refuse: bool, message_id: int = MESSAGE) -> Any:
    return SimpleNamespace(message=SimpleNamespace(id=message_id), followup=_Followup(refuse))


def _news(tokens: Tokens, channel: _Channel) -> News:
    notifier: Any = SimpleNamespace(tokens=tokens, channel=lambda table: channel)
    return News(notifier)


def _table() -> Any:
    return SimpleNamespace(id=TABLE, record=SimpleNamespace(message_id=MESSAGE))


# ---------------------------------------------------------------------------- expiry


def test_a_table_token_is_used_until_its_lifetime_then_dropped() -> None:
    clock = _Clock()
    tokens = Tokens(lifetime=60.0, clock=clock)
    interaction = _interaction(refuse=False)
    tokens.remember(TABLE, interaction)
    clock.now = 60.0
    assert tokens.fresh(TABLE, MESSAGE) is interaction
    clock.now = 61.0
    assert tokens.fresh(TABLE, MESSAGE + 1) is None
    assert tokens.held(TABLE), "a stale token on another message is left alone"
    assert tokens.fresh(TABLE, MESSAGE) is None
    assert not tokens.held(TABLE)


def test_a_private_token_is_used_until_its_lifetime_then_dropped() -> None:
    clock = _Clock()
    tokens = Tokens(lifetime=60.0, clock=clock)
    interaction = _interaction(refuse=False)
    tokens.remember_private(TABLE, USER, interaction)
    clock.now = 60.0
    assert tokens.fresh_private(TABLE, USER) is interaction
    clock.now = 61.0
    assert tokens.fresh_private(TABLE, USER) is None
    clock.now = 0.0
    assert tokens.fresh_private(TABLE, USER) is None, "the stale token was dropped"


# ---------------------------------------------------------------------------- public


async def test_a_public_message_goes_through_the_fresh_token() -> None:
    tokens, channel = Tokens(clock=_Clock()), _Channel()
    interaction = _interaction(refuse=False)
    tokens.remember(TABLE, interaction)
    sent = await _news(tokens, channel)._send(_table(), "round end", content="hi")
    assert sent is not None
    assert (sent.message_id, sent.interaction) == (77, interaction)
    assert interaction.followup.sent == [{"wait": True, "content": "hi"}]
    assert not channel.sent and tokens.held(TABLE)


async def test_a_refused_token_falls_back_to_the_channel(caplog: pytest.LogCaptureFixture) -> None:
    tokens, channel, file = Tokens(clock=_Clock()), _Channel(), _File()
    tokens.remember(TABLE, _interaction(refuse=True))
    with caplog.at_level(logging.INFO, logger="bot.tables.news"):
        sent = await _news(tokens, channel)._send(_table(), "round end", files=[file])
    assert sent is not None
    assert (sent.message_id, sent.interaction) == (88, None)
    assert channel.sent == [{"files": [file]}] and file.resets == 1
    assert not tokens.held(TABLE)
    assert caplog.messages == [
        f"Table {TABLE}: a round end through its token failed ({REFUSED}); posting in the "
        "channel"
    ]


# ---------------------------------------------------------------------------- private


async def test_a_private_message_goes_through_the_persons_token(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tokens, channel = Tokens(clock=_Clock()), _Channel()
    interaction = _interaction(refuse=False)
    tokens.remember_private(TABLE, USER, interaction)
    news = _news(tokens, channel)
    dms: list[dict[str, Any]] = []

    async def dm(user_id: int, **message: Any) -> None:
        dms.append(message)

    monkeypatch.setattr(news, "dm", dm)
    await news.private(_table(), USER, content="cards")
    assert interaction.followup.sent == [{"ephemeral": True, "content": "cards"}]
    assert not dms and tokens.fresh_private(TABLE, USER) is interaction


async def test_a_refused_private_token_falls_back_to_a_dm(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    tokens, channel, file = Tokens(clock=_Clock()), _Channel(), _File()
    tokens.remember_private(TABLE, USER, _interaction(refuse=True))
    news = _news(tokens, channel)
    dms: list[tuple[int, dict[str, Any]]] = []

    async def dm(user_id: int, **message: Any) -> None:
        dms.append((user_id, message))

    monkeypatch.setattr(news, "dm", dm)
    with caplog.at_level(logging.INFO, logger="bot.tables.news"):
        await news.private(_table(), USER, content="cards", files=[file])
    assert dms == [(USER, {"content": "cards", "files": [file]})] and file.resets == 1
    assert tokens.fresh_private(TABLE, USER) is None
    assert caplog.messages == [
        f"Table {TABLE}: a private follow-up failed ({REFUSED}); sending a DM"
    ]
