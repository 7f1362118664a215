"""Start-up settings Discord will not work with, and DEBUG logs (issue 18, points 9, 10):
one clear line and exit 2, never a traceback; no hidden card in the log at DEBUG."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot import __main__ as cli
from bot.app import CardroomBot, SettingUnusable

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("token", ["abc\ndef", "abc def", "abc\tdef\r"])
def test_a_token_with_a_line_break_gives_one_line_and_exit_2(tmp_path: Path,
                                                             token: str) -> None:
    """A DISCORD_TOKEN with a newline (or a space) inside: one line, exit 2, no traceback,
    and the token is not echoed."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT),
           "DISCORD_TOKEN": token, "DATABASE_URL": f"sqlite:///{tmp_path / 'c.db'}"}
    proc = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert proc.returncode == cli.EXIT_CONFIG, proc.stderr
    assert lines == [cli.TOKEN_WITH_SPACE]
    assert "abc" not in proc.stderr


async def test_a_dev_guild_the_bot_is_not_in_is_named(world: dict[str, Any]) -> None:
    """Syncing the commands to a DEV_GUILD_ID whose server the bot is not in raises
    SettingUnusable with one line naming the setting and what to do."""
    env = world["env"]
    bot = env.bot
    bot.settings = bot.settings.model_copy(update={"dev_guild_id": 123456789012345678})
    env.inject_error("PUT", "/applications/*/guilds/123456789012345678/commands",
                     status=403, code=50001, times=1)  # what Discord answers
    with pytest.raises(SettingUnusable) as info:
        await bot.sync_tree()
    text = str(info.value)
    assert "\n" not in text and "DEV_GUILD_ID=123456789012345678" in text
    assert "Invite the bot" in text


def test_setting_unusable_at_start_gives_one_line_and_exit_2(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A SettingUnusable raised while the bot starts ends in its one line and exit 2."""

    async def refuse(self: CardroomBot, token: str) -> None:
        raise SettingUnusable("DEV_GUILD_ID=1: the bot is not in that server.")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'c.db'}")
    monkeypatch.setattr(CardroomBot, "start", refuse)
    monkeypatch.setattr(cli, "setup_logging", lambda level, wire=False: None)
    assert cli.main(["run"]) == cli.EXIT_CONFIG
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert err == ["DEV_GUILD_ID=1: the bot is not in that server."]


class _Keep(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@pytest.fixture
def debug_logging() -> Any:
    """``setup_logging("DEBUG")`` for one test, the logging set-up restored after."""
    root = logging.getLogger()
    names = ("", *cli.WIRE_LOGGERS, "aiosqlite", "asyncpg")
    saved = ({n: logging.getLogger(n).level for n in names}, list(root.handlers))
    cli.setup_logging("DEBUG")
    keep = _Keep()
    root.addHandler(keep)
    yield keep
    root.handlers[:] = saved[1]
    for name, level in saved[0].items():
        logging.getLogger(name).setLevel(level)


def test_debug_logs_carry_no_hand(debug_logging: _Keep) -> None:
    """At LOG_LEVEL=DEBUG discord.py's wire loggers (which log a DM's body, the hand
    included, at DEBUG) stay at INFO; our DEBUG lines are kept; LOG_WIRE turns the wire
    loggers back to DEBUG."""
    dm = "POST /channels/1/messages with {'content': 'Your hand: **A♣ 3♠ 10♥**'}"
    for name in cli.WIRE_LOGGERS:
        logging.getLogger(name).debug("%s has received %s", "POST", dm)
    logging.getLogger("bot.tables.service").debug("a line of ours")
    logged = "\n".join(debug_logging.lines)
    assert "Your hand" not in logged and "a line of ours" in logged
    cli.setup_logging("DEBUG", wire=True)
    assert logging.getLogger("discord.http").getEffectiveLevel() == logging.DEBUG
