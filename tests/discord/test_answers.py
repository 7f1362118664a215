"""The one place where an error becomes an answer (``bot.discord.answers``): the text a
person gets for each kind of failure, the one log line, and the one answer, given as the
response, as a follow-up after a defer, or not at all when the handler had answered,
through SimCord and the real bot with a probe component (tests/helpers/probe_items.py)."""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.discord.answers import (
    BUSY,
    DISCORD_REFUSED,
    FAILED,
    NOT_SAVED,
    failure_text,
    log_failure,
)
from storage.errors import DatabaseUnusable, StorageBusy, StorageError
from tests.helpers.probe_items import post_probes

LOGGER = "bot.discord.answers"


def http_error(status: int) -> discord.HTTPException:
    return discord.HTTPException(SimpleNamespace(status=status, reason="x"),
                                 {"code": 50001, "message": "Missing Access"})


@pytest.mark.parametrize(("error", "text"), [
    (StorageBusy("locked"), BUSY),
    (StorageError("disk full"), NOT_SAVED),
    (DatabaseUnusable("gone"), NOT_SAVED),
    (http_error(403), DISCORD_REFUSED),
    (KeyError("bug"), FAILED),
    (ValueError("bug"), FAILED),
])
def test_each_failure_has_its_short_answer(error: Exception, text: str) -> None:
    assert failure_text(error) == text


def test_a_bug_is_logged_with_its_traceback(caplog: pytest.LogCaptureFixture) -> None:
    try:
        raise KeyError("secret payload")
    except KeyError as exc:
        with caplog.at_level(logging.WARNING, logger=LOGGER):
            log_failure("A click", exc)
    (record,) = caplog.records
    assert record.levelno == logging.ERROR and record.exc_info is not None
    assert record.getMessage() == "A click failed: KeyError"


def test_storage_and_discord_errors_are_one_line_without_the_payload(
        caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        log_failure("/play", StorageError("INSERT ... secret"))
        log_failure("A click", http_error(403))
    assert [(r.levelno, r.getMessage(), r.exc_info) for r in caplog.records] == [
        (logging.WARNING, "/play failed: StorageError", None),
        (logging.WARNING, "A click failed: Discord 403 (code 50001)", None),
    ]


@pytest.mark.parametrize(("what", "text"), [
    ("bug", FAILED), ("busy", BUSY), ("unsaved", NOT_SAVED),
    ("refused_by_discord", DISCORD_REFUSED),
])
async def test_a_failed_click_is_answered_once_and_logged_once(
        world: dict[str, Any], caplog: pytest.LogCaptureFixture, what: str, text: str) -> None:
    env, channel, ann = world["env"], world["channel"], world["members"][0]
    message = await post_probes(env, channel, what)
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        done = await ann.click(message, custom_id=f"probe:{what}")
    assert done.ephemeral and done.response.content == text and done.followups == []
    assert [r.getMessage().split(":")[0] for r in caplog.records] == ["A probe failed"]


async def test_after_a_defer_the_answer_is_a_follow_up(world: dict[str, Any]) -> None:
    env, channel, ann = world["env"], world["channel"], world["members"][0]
    message = await post_probes(env, channel, "deferred_bug")
    done = await ann.click(message, custom_id="probe:deferred_bug")
    # the first follow-up after a "thinking" defer takes the deferred answer's place
    assert done.acknowledged and done.ephemeral
    assert done.response.content == FAILED and done.followups == []


async def test_a_handler_that_answered_is_not_answered_again(
        world: dict[str, Any], caplog: pytest.LogCaptureFixture) -> None:
    env, channel, ann = world["env"], world["channel"], world["members"][0]
    message = await post_probes(env, channel, "answered_bug")
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        done = await ann.click(message, custom_id="probe:answered_bug")
    assert done.response.content == "half done" and done.followups == []
    assert [r.levelno for r in caplog.records] == [logging.ERROR]  # the bug, logged once
