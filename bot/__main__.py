"""Command line: ``python -m bot`` / ``cardroom``.

Subcommands:

- ``run`` (the default when none is given): connect to Discord and serve the tables.
- more from the modules in ``SUBCOMMAND_MODULES`` (``play``: a game offline in the
  terminal, ``simulate``: computer players against each other). Each such module provides
  ``add_parser(subparsers) -> None``, which adds its parser and sets ``func`` with
  ``parser.set_defaults(func=...)``; ``func(args: argparse.Namespace) -> int`` returns the
  exit status. A module that does not exist yet is skipped, so ``run`` always works.

Settings are read once, here (``bot.settings.load_settings``), and passed down.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import importlib.util
import logging
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from bot.settings import Settings, SettingsError, load_settings

if TYPE_CHECKING:
    from bot.client import CardroomBot

log = logging.getLogger(__name__)

SUBCOMMAND_MODULES: tuple[str, ...] = ("bot.offline", "bot.simulate")
"""Modules that add subcommands; each has ``add_parser(subparsers) -> None``."""

HEARTBEAT_SECONDS = 20.0
"""How often a connected bot touches ``HEARTBEAT_FILE`` (the Docker HEALTHCHECK reads it)."""

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_CONFIG = 2

MISSING_TOKEN = """\
DISCORD_TOKEN is missing: Cardroom needs a bot token to connect to Discord.

  1. Get one: https://discord.com/developers/applications -> your application (or
     "New Application") -> Bot -> Reset Token, and copy the token.
  2. Put it in a file named .env in this folder (copy .env.example to .env):
         DISCORD_TOKEN=your-token-here
     or set the DISCORD_TOKEN environment variable
     (Docker: docker run --env-file .env ...).
  3. Start again: python -m bot

The README ("Creating the Discord bot") explains how to invite the bot to a server.
No token yet? Try a game offline: python -m bot play soureh"""

BAD_TOKEN = """\
Discord refused DISCORD_TOKEN: the token is wrong or was reset.
Get a new one (Discord Developer Portal -> Applications -> your app -> Bot -> Reset Token)
and put it in .env as DISCORD_TOKEN=..."""

PRIVILEGED_INTENTS = """\
Discord refused a privileged intent this bot asked for. Enable it in the Discord Developer
Portal (Applications -> your app -> Bot -> Privileged Gateway Intents) or stop requesting it."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with ``run`` and every available subcommand module."""
    parser = argparse.ArgumentParser(
        prog="cardroom",
        description="Cardroom: Soureh, Pariah, Turup and Soi at tables in Discord channels.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    run = subparsers.add_parser(
        "run",
        help="connect to Discord and run the bot (the default)",
        description="Connect to Discord with DISCORD_TOKEN (from the environment or .env)"
        " and run the bot until Ctrl+C or SIGTERM.",
    )
    run.set_defaults(func=run_command)
    for name in available_subcommand_modules():
        importlib.import_module(name).add_parser(subparsers)
    parser.set_defaults(func=run_command)
    return parser


def available_subcommand_modules() -> list[str]:
    """The names in ``SUBCOMMAND_MODULES`` whose module exists."""
    return [name for name in SUBCOMMAND_MODULES if importlib.util.find_spec(name) is not None]


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` (default: ``sys.argv[1:]``), run the subcommand, return the exit status."""
    args = build_parser().parse_args(argv)
    func: Callable[[argparse.Namespace], int] = args.func
    return func(args)


def run_command(args: argparse.Namespace) -> int:
    """``run``: read the settings, check the token, start the bot until stopped."""
    try:
        settings = load_settings()
    except SettingsError as error:
        print(f"Invalid settings (environment or .env):\n{error}", file=sys.stderr)
        return EXIT_CONFIG
    token = settings.discord_token
    if not token:
        print(MISSING_TOKEN, file=sys.stderr)
        return EXIT_CONFIG
    setup_logging(settings.log_level)
    from bot.client import CardroomBot  # discord is imported only when the bot runs

    return asyncio.run(serve(CardroomBot(settings), token, settings))


def setup_logging(level: str) -> None:
    """discord.py's log format and colours on stderr, at ``level`` for every logger."""
    import discord.utils

    numeric = logging.getLevelName(level)
    discord.utils.setup_logging(level=numeric, root=True)
    # aiosqlite's DEBUG lines repeat every statement with its parameters: noise, not insight.
    logging.getLogger("aiosqlite").setLevel(max(numeric, logging.INFO))
    # Cardroom has no voice features: skip discord.py's "PyNaCl/davey is not installed".
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


async def serve(bot: CardroomBot, token: str, settings: Settings) -> int:
    """Run ``bot`` until it closes; SIGINT/SIGTERM close it cleanly (database included)."""
    import aiohttp
    import discord

    loop = asyncio.get_running_loop()
    closing: list[asyncio.Task[None]] = []

    def stop(signame: str) -> None:
        if not closing:
            log.info("Received %s: shutting down", signame)
            closing.append(asyncio.create_task(bot.close()))

    signals = (signal.SIGINT, signal.SIGTERM)
    for sig in signals:
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows
            loop.add_signal_handler(sig, stop, sig.name)
    heartbeat = None
    if settings.heartbeat_file is not None:
        settings.heartbeat_file.unlink(missing_ok=True)  # stale from an earlier run
        heartbeat = asyncio.create_task(beat(bot, settings.heartbeat_file))
    status = EXIT_OK
    try:
        async with bot:
            await bot.start(token)
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        status = EXIT_FAILURE
    except discord.PrivilegedIntentsRequired:
        print(PRIVILEGED_INTENTS, file=sys.stderr)
        status = EXIT_FAILURE
    except (OSError, aiohttp.ClientError) as error:
        print(f"Cannot reach Discord: {error}. Check the internet connection.", file=sys.stderr)
        status = EXIT_FAILURE
    except Exception:
        log.exception("The bot stopped on an error")
        status = EXIT_FAILURE
    finally:
        if closing:
            await closing[0]
        if heartbeat is not None:
            heartbeat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await heartbeat
        for sig in signals:
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.remove_signal_handler(sig)
    log.info("Stopped")
    return status


async def beat(bot: CardroomBot, path: Path) -> None:
    """Touch ``path`` every ``HEARTBEAT_SECONDS`` while the bot is connected and ready."""
    while True:
        if bot.is_ready() and not bot.is_closed():
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.touch()
            except OSError as error:
                log.warning("Cannot touch the heartbeat file %s: %s", path, error)
        await asyncio.sleep(HEARTBEAT_SECONDS)


if __name__ == "__main__":
    sys.exit(main())
