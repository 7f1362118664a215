# i18n: nothing in this file is for players (the operator's command line; `play` is
# bot.console.play)
"""Command line: ``python -m bot`` / ``cardroom``.

Subcommands:

- ``run`` (the default when none is given): connect to Discord and serve the tables.
- ``db copy --from URL --to URL``: copy a database (e.g. SQLite into PostgreSQL;
  ``bot.db_command``).
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

from bot.db_command import add_db_parser
from bot.exits import EXIT_CONFIG, EXIT_FAILURE, EXIT_LOST_SHARDS, EXIT_OK
from bot.games.registry import ENGINES, game_names
from bot.settings import Settings, SettingsError, load_settings, wants_json_lines

if TYPE_CHECKING:
    from bot.app import CardroomBot

__all__ = ["EXIT_CONFIG", "EXIT_FAILURE", "EXIT_LOST_SHARDS", "EXIT_OK", "main"]

log = logging.getLogger(__name__)

SUBCOMMAND_MODULES: tuple[str, ...] = ("bot.console.play", "bot.console.simulate")
"""Modules that add subcommands; each has ``add_parser(subparsers) -> None``."""

HEARTBEAT_SECONDS = 20.0
"""How often a connected bot touches ``HEARTBEAT_FILE`` (the Docker HEALTHCHECK reads it)."""

MISSING_TOKEN_TEMPLATE = """\
DISCORD_TOKEN is missing: Cardroom needs a bot token to connect to Discord.

  1. Get one: https://discord.com/developers/applications -> your application (or
     "New Application") -> Bot -> Reset Token, and copy the token.
  2. Put it in a file named .env in this folder (copy .env.example to .env):
         DISCORD_TOKEN=your-token-here
     or set the DISCORD_TOKEN environment variable
     (Docker: docker run --env-file .env ...).
  3. Start again: python -m bot

The README ("Creating the Discord bot") explains how to invite the bot to a server.
No token yet? Try a game offline: python -m bot play {game}"""



def missing_token() -> str:
    """What to do without a token, suggesting the first registered game to try offline."""
    return MISSING_TOKEN_TEMPLATE.format(game=game_names()[0])


def games_in_words() -> str:
    """The registered games' titles: ``"A, B and C"``."""
    titles = [ENGINES[name].title for name in game_names()]
    return " and ".join([", ".join(titles[:-1]), titles[-1]] if len(titles) > 1 else titles)


BAD_TOKEN = """\
Discord refused DISCORD_TOKEN: the token is wrong or was reset.
Get a new one (Discord Developer Portal -> Applications -> your app -> Bot -> Reset Token)
and put it in .env as DISCORD_TOKEN=..."""

TOKEN_WITH_SPACE = (
    "DISCORD_TOKEN contains a line break, a space or a control character: copy the token "
    "again (one line, nothing around it) into .env as DISCORD_TOKEN=..."
)

PRIVILEGED_INTENTS = """\
Discord refused a privileged intent this bot asked for. Enable it in the Discord Developer
Portal (Applications -> your app -> Bot -> Privileged Gateway Intents) or stop requesting it."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with ``run`` and every available subcommand module."""
    parser = argparse.ArgumentParser(
        prog="cardroom",
        description=f"Cardroom: {games_in_words()} at tables in Discord channels.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    run = subparsers.add_parser(
        "run",
        help="connect to Discord and run the bot (the default)",
        description="Connect to Discord with DISCORD_TOKEN (from the environment or .env)"
        " and run the bot until Ctrl+C or SIGTERM.",
    )
    run.set_defaults(func=run_command)
    add_db_parser(subparsers)  # bot.db_command: db copy
    add_sync_parser(subparsers)
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
    settings = start_logging()
    if settings is None:
        return EXIT_CONFIG
    token = settings.discord_token
    if not token:
        explain(missing_token())
        return EXIT_CONFIG
    if any(c.isspace() or not c.isprintable() for c in token):
        explain(TOKEN_WITH_SPACE)
        return EXIT_CONFIG
    problem = asyncio.run(check_database(settings.database_url))
    if problem:
        explain(problem)
        return EXIT_CONFIG
    from bot.app import CardroomBot  # discord is imported only when the bot runs

    return asyncio.run(serve(CardroomBot(settings), token, settings))


def start_logging() -> Settings | None:
    """Read the settings and set the logging up (``LOG_FORMAT=json``: JSON lines); ``None``
    when a setting is invalid, each problem explained (as JSON when asked for)."""
    try:
        settings = load_settings()
    except SettingsError as error:
        if wants_json_lines():
            from bot.jsonlog import use_json_lines

            use_json_lines()
        for line in settings_problems(error).splitlines():
            explain(line)
        return None
    setup_logging(settings.log_level, wire=settings.log_wire)
    if settings.log_format == "json":  # LOG_FORMAT=json: the same records, as JSON lines
        from bot.jsonlog import use_json_lines

        use_json_lines()
    return settings


STOP_LOG = logging.getLogger("bot.stop")
"""The logger of why the process stops, in JSON mode."""


def explain(message: str) -> None:
    """Tell the operator why the process stops: on stderr as it is, or as one JSON object
    when ``LOG_FORMAT=json`` set the logging up (every line on stderr is JSON then)."""
    from bot.jsonlog import json_lines_on

    if json_lines_on():
        STOP_LOG.critical(message)
    else:
        print(message, file=sys.stderr)


def settings_problems(error: SettingsError) -> str:
    """One line per bad setting, each saying where settings come from (no secret in it)."""
    return "\n".join(f"Invalid setting in the environment or .env: {problem}"
                     for problem in error.problems)


async def check_database(url: str) -> str | None:
    """Open (and migrate) the database once before connecting to Discord; ``None`` when it
    can be used, else one line saying which database, what is wrong and what to do."""
    from storage import DatabaseUnusable, open_database
    from storage.urls import redact, scrub

    try:
        db = await open_database(url)
    except DatabaseUnusable as error:
        return f"Cannot use the database: {error}"
    except Exception as error:  # never a traceback at start-up, never the password
        return (f"Cannot use the database {redact(url)}: {type(error).__name__}:"
                f" {scrub(str(error), url)}")
    await db.close()
    return None


WIRE_LOGGERS = ("discord.http", "discord.gateway", "discord.webhook")
"""discord.py's loggers whose DEBUG lines carry request and event bodies (DMs, hands)."""


def setup_logging(level: str, *, wire: bool = False) -> None:
    """discord.py's log format and colours on stderr, at ``level`` for every logger; the
    wire loggers (``WIRE_LOGGERS``) stay at INFO unless ``wire`` (``LOG_WIRE=1``): their
    DEBUG lines carry message bodies, hidden cards included."""
    import discord.utils

    numeric = logging.getLevelName(level)
    discord.utils.setup_logging(level=numeric, root=True)
    for name in WIRE_LOGGERS:
        logging.getLogger(name).setLevel(numeric if wire else max(numeric, logging.INFO))
    # aiosqlite's DEBUG lines repeat every statement with its parameters: noise, not insight.
    logging.getLogger("aiosqlite").setLevel(max(numeric, logging.INFO))
    logging.getLogger("asyncpg").setLevel(max(numeric, logging.INFO))
    # Cardroom has no voice features: skip discord.py's "PyNaCl/davey is not installed".
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


STOP_SECONDS = 8.0
"""A stop (SIGTERM, SIGINT) ends the process within this many seconds: under Docker's
10 s grace before its SIGKILL."""


async def serve(bot: CardroomBot, token: str, settings: Settings) -> int:
    """Run ``bot`` until it closes; SIGINT/SIGTERM at any moment (connecting, logging in,
    syncing, restoring, running) stop it cleanly within ``STOP_SECONDS``, exit 0."""
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()

    def stop(signame: str) -> None:
        if not stopping.is_set():
            log.info("Received %s: shutting down", signame)
            stopping.set()

    signals = (signal.SIGINT, signal.SIGTERM)
    for sig in signals:
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows
            loop.add_signal_handler(sig, stop, sig.name)
    heartbeat = None
    if settings.heartbeat_file is not None:
        settings.heartbeat_file.unlink(missing_ok=True)  # stale from an earlier run
        heartbeat = asyncio.create_task(beat(bot, settings.heartbeat_file))
    try:
        status = await _run_until_stopped(bot, token, stopping)
    finally:
        if heartbeat is not None:
            heartbeat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await heartbeat
        for sig in signals:
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.remove_signal_handler(sig)
    log.info("Stopped")
    return status


async def _run_until_stopped(bot: CardroomBot, token: str, stopping: asyncio.Event) -> int:
    """Start the bot; when ``stopping`` is set first, stop it (a running bot is closed, one
    still starting is cancelled where it waits: TLS, HTTP, the gateway, a sync) and return
    ``EXIT_OK`` whatever the interrupted start-up raised."""
    runner = asyncio.create_task(bot.start(token), name="cardroom-start")
    waiter = asyncio.create_task(stopping.wait(), name="cardroom-stop-signal")
    try:
        await asyncio.wait({runner, waiter}, return_when=asyncio.FIRST_COMPLETED)
    except asyncio.CancelledError:
        runner.cancel()
        raise
    finally:
        waiter.cancel()
    deadline = _now() + STOP_SECONDS
    if runner.done():  # it ended by itself: closed (lost shards) or an error
        status = _start_status(runner, bot)
        await _close_within(bot, deadline)
        return status
    if bot.is_ready():  # connected: close the gateway and the tables gently first
        await _close_within(bot, deadline - 1.0)
        await asyncio.wait({runner}, timeout=1.0)
    if not runner.done():
        runner.cancel()
        await asyncio.wait({runner}, timeout=max(0.1, (deadline - _now()) / 2))
    if runner.done() and not runner.cancelled() and runner.exception() is not None:
        log.info("Start-up interrupted by the stop: %s", type(runner.exception()).__name__)
    elif not runner.done():
        log.warning("The start-up did not end when cancelled; closing anyway")
    await _close_within(bot, deadline)
    return EXIT_OK


def _now() -> float:
    return asyncio.get_running_loop().time()


async def _close_within(bot: CardroomBot, deadline: float) -> None:
    """``bot.close()`` (tables, Discord, database), given up on at ``deadline``."""
    closing = asyncio.ensure_future(bot.close())
    done, _ = await asyncio.wait({closing}, timeout=max(0.1, deadline - _now()))
    if not done:
        log.warning("Closing took more than %.0f s; stopping without waiting", STOP_SECONDS)
        closing.cancel()
    elif closing.exception() is not None:
        log.warning("Closing failed: %s", closing.exception())


def _start_status(runner: asyncio.Task[None], bot: CardroomBot) -> int:
    """The exit status of a bot that ended on its own, its error explained on stderr."""
    import aiohttp
    import discord

    from bot.app import SettingUnusable
    from storage import DatabaseUnusable

    error = None if runner.cancelled() else runner.exception()
    if error is None:  # closed by itself: a supervisor starts it again
        status = EXIT_LOST_SHARDS if bot.lost_shards else EXIT_FAILURE
        log.warning("The bot closed without being asked to stop; exit status %d", status)
        return status
    if isinstance(error, DatabaseUnusable):
        explain(f"Cannot use the database: {error}")
        return EXIT_CONFIG
    if isinstance(error, SettingUnusable):
        explain(str(error))
        return EXIT_CONFIG
    if isinstance(error, discord.LoginFailure):
        explain(BAD_TOKEN)
        return EXIT_CONFIG
    if isinstance(error, discord.PrivilegedIntentsRequired):
        explain(PRIVILEGED_INTENTS)
        return EXIT_CONFIG
    if isinstance(error, discord.HTTPException):
        explain(discord_refused(error))
        return EXIT_FAILURE
    if isinstance(error, OSError | aiohttp.ClientError):
        explain(cannot_reach_discord(error))
        return EXIT_FAILURE
    log.error("The bot stopped on an error", exc_info=error)
    return EXIT_FAILURE


def discord_refused(error: Exception) -> str:
    """One line for an HTTP error Discord answered (a 503, a 500, a refusal)."""
    status = getattr(error, "status", 0)
    reason = getattr(getattr(error, "response", None), "reason", None)
    code = getattr(error, "code", 0)
    text = " ".join(str(getattr(error, "text", "") or "").split())[:200]
    said = ", ".join(part for part in (f"HTTP {status} {reason or ''}".strip(),
                                       f"code {code}" if code else "", text) if part)
    todo = ("Discord is down or busy: try again in a few minutes (https://discordstatus.com)"
            if status >= 500 else "Discord refused the request")
    return f"Discord answered {said}. {todo}."


def cannot_reach_discord(error: BaseException) -> str:
    """One line for a network error on the way to Discord."""
    what = " ".join(str(error).split()) or type(error).__name__
    return f"Cannot reach Discord: {what}. Check the internet connection."


def add_sync_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``sync``: sync the slash commands now."""
    sync = subparsers.add_parser(
        "sync", help="sync the slash commands to Discord now",
        description="Sync the slash commands to Discord now, changed or not (a start syncs"
        " them only when they changed since the last sync, by the process that runs shard"
        " 0). Globally, or to DEV_GUILD_ID's server when it is set.")
    sync.set_defaults(func=sync_command)


def sync_command(args: argparse.Namespace) -> int:
    """``sync``: log in over HTTP only (no gateway, no table), sync, print how many."""
    settings = start_logging()
    if settings is None:
        return EXIT_CONFIG
    token = settings.discord_token
    if not token or any(c.isspace() or not c.isprintable() for c in token):
        explain(missing_token() if not token else TOKEN_WITH_SPACE)
        return EXIT_CONFIG
    return asyncio.run(force_sync(settings, token))


async def force_sync(settings: Settings, token: str) -> int:
    """Sync the command tree to Discord whatever the database recorded; the exit status."""
    import aiohttp
    import discord

    from bot.app import CardroomBot, SettingUnusable
    from storage import DatabaseUnusable, StorageError

    bot = CardroomBot(settings, sync_commands=False)
    try:
        async with bot:
            await bot.prepare_commands()
            await bot.http.static_login(token)
            bot._connection.application_id = (await bot.application_info()).id
            count = await bot.sync_tree(force=True)
    except DatabaseUnusable as error:
        explain(f"Cannot use the database: {error}")
        return EXIT_CONFIG
    except SettingUnusable as error:
        explain(str(error))
        return EXIT_CONFIG
    except discord.LoginFailure:
        explain(BAD_TOKEN)
        return EXIT_CONFIG
    except discord.HTTPException as error:
        explain(f"Not synced: {discord_refused(error)}")
        return EXIT_FAILURE
    except (OSError, aiohttp.ClientError, TimeoutError) as error:
        explain(f"Not synced: {cannot_reach_discord(error)}")
        return EXIT_FAILURE
    except StorageError as error:
        explain(f"Not synced: the database failed: {error}")
        return EXIT_FAILURE
    where = f"to the server {settings.dev_guild_id}" if settings.dev_guild_id else "globally"
    print(f"Synced {count} slash commands {where}.")
    return EXIT_OK


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
