"""Every cog loads and the slash-command tree syncs within Discord's limits (under SimCord).

The limits checked here are the ones Discord answers with a 400 at sync time and
discord.py does not always check itself: names, description lengths, option and choice
counts, option order, and the per-command size budget.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

import discord
import pytest
from discord import app_commands
from simcord import Env

from bot.app import CardroomBot, cog_extensions
from bot.settings import Settings

NAME = re.compile(r"^[-_\w]{1,32}$")
CHAT_INPUT, USER, MESSAGE = 1, 2, 3
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
MAX_CHAT_COMMANDS, MAX_CONTEXT_COMMANDS = 100, 15
MAX_DESCRIPTION, MAX_OPTIONS, MAX_CHOICES, MAX_COMMAND_CHARS = 100, 25, 25, 4000


def _check_name(where: str, name: object, problems: list[str]) -> None:
    if not isinstance(name, str) or not NAME.match(name) or name != name.lower():
        problems.append(f"{where}: name {name!r} must be 1-32 lower-case letters, digits, - or _")


def _check_description(where: str, text: object, problems: list[str]) -> None:
    if not isinstance(text, str) or not 1 <= len(text) <= MAX_DESCRIPTION:
        length = len(text) if isinstance(text, str) else text
        problems.append(f"{where}: description must be 1-{MAX_DESCRIPTION} characters ({length})")


def _check_options(where: str, options: list[Mapping[str, Any]], problems: list[str]) -> None:
    if len(options) > MAX_OPTIONS:
        problems.append(f"{where}: {len(options)} options (at most {MAX_OPTIONS})")
    names = [option.get("name") for option in options]
    if len(names) != len(set(names)):
        problems.append(f"{where}: duplicate option names {names}")
    nested = [o for o in options if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if nested and len(nested) != len(options):
        problems.append(f"{where}: subcommands mixed with plain options")
    seen_optional = False
    for option in options:
        here = f"{where} {option.get('name')}"
        _check_name(here, option.get("name"), problems)
        _check_description(here, option.get("description"), problems)
        if option.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
            children = list(option.get("options") or [])
            if option.get("type") == SUB_COMMAND_GROUP and any(
                child.get("type") != SUB_COMMAND for child in children
            ):
                problems.append(f"{here}: a group may only hold subcommands")
            if option.get("type") == SUB_COMMAND and any(
                child.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for child in children
            ):
                problems.append(f"{here}: subcommands cannot nest further")
            _check_options(here, children, problems)
            continue
        if option.get("required"):
            if seen_optional:
                problems.append(f"{here}: a required option after an optional one")
        else:
            seen_optional = True
        choices = list(option.get("choices") or [])
        if len(choices) > MAX_CHOICES:
            problems.append(f"{here}: {len(choices)} choices (at most {MAX_CHOICES})")
        if choices and option.get("autocomplete"):
            problems.append(f"{here}: choices and autocomplete together")
        for choice in choices:
            if not 1 <= len(str(choice.get("name", ""))) <= 100:
                problems.append(f"{here}: choice name {choice.get('name')!r} not 1-100 chars")
            value = choice.get("value")
            if isinstance(value, str) and len(value) > 100:
                problems.append(f"{here}: choice value {value[:20]!r}... over 100 chars")


def _texts(payload: Mapping[str, Any]) -> Iterator[str]:
    """The strings Discord counts against a command's 4000-character budget."""
    yield str(payload.get("name", ""))
    yield str(payload.get("description", ""))
    for option in payload.get("options") or []:
        yield from _texts(option)
    for choice in payload.get("choices") or []:
        yield str(choice.get("name", ""))
        if isinstance(choice.get("value"), str):
            yield choice["value"]


def command_problems(payloads: list[Mapping[str, Any]]) -> list[str]:
    """Every reason Discord would refuse this set of command payloads (empty when fine)."""
    problems: list[str] = []
    kinds = [payload.get("type", CHAT_INPUT) for payload in payloads]
    if kinds.count(CHAT_INPUT) > MAX_CHAT_COMMANDS:
        problems.append(f"{kinds.count(CHAT_INPUT)} slash commands (at most {MAX_CHAT_COMMANDS})")
    for kind in (USER, MESSAGE):
        if kinds.count(kind) > MAX_CONTEXT_COMMANDS:
            problems.append(f"{kinds.count(kind)} context menus of type {kind} (at most 15)")
    keys = [(payload.get("type", CHAT_INPUT), payload.get("name")) for payload in payloads]
    if len(keys) != len(set(keys)):
        problems.append(f"duplicate command names: {keys}")
    for payload in payloads:
        kind = payload.get("type", CHAT_INPUT)
        where = f"/{payload.get('name')}"
        if kind == CHAT_INPUT:
            _check_name(where, payload.get("name"), problems)
            _check_description(where, payload.get("description"), problems)
            _check_options(where, list(payload.get("options") or []), problems)
        elif not 1 <= len(str(payload.get("name", ""))) <= 32:
            problems.append(f"{where}: context menu name must be 1-32 characters")
        size = sum(len(text) for text in _texts(payload))
        if size > MAX_COMMAND_CHARS:
            problems.append(f"{where}: {size} characters in total (at most {MAX_COMMAND_CHARS})")
    return problems


def _synced(env: Env, guild_id: int | None = None) -> list[dict[str, Any]]:
    return list(env.backend.commands.get(guild_id, {}).values())


async def test_every_cog_loads_and_the_tree_syncs(simcord_env: Env) -> None:
    """setup_hook loads every extension in cogs/ and syncs exactly the tree's commands."""
    bot = simcord_env.bot
    assert isinstance(bot, CardroomBot)
    assert sorted(bot.extensions) == cog_extensions()
    synced = {(c["name"], c.get("type", CHAT_INPUT)) for c in _synced(simcord_env)}
    in_tree = {
        (c.name, getattr(c, "type", discord.AppCommandType.chat_input).value)
        for c in bot.tree.get_commands()
    }
    assert synced == in_tree


async def test_synced_commands_respect_discord_limits(simcord_env: Env) -> None:
    """Every synced command and option has a valid name, a 1-100 char description, and
    at most 25 options and 25 choices."""
    assert command_problems(_synced(simcord_env)) == []


async def test_commands_are_offered_to_a_member_in_a_channel(simcord_env: Env) -> None:
    """A plain server member is offered every synced slash command that needs no permission
    (those with default_member_permissions, e.g. Manage Server, stay hidden from him)."""
    guild = simcord_env.create_guild("Cardroom test")
    channel = guild.create_text_channel("cards")
    member = guild.add_member(simcord_env.create_user("ana"))
    offered = {invocation.split()[0] for invocation in member.available_commands(channel)}
    chat = [c for c in _synced(simcord_env) if c.get("type", CHAT_INPUT) == CHAT_INPUT]
    assert offered == {c["name"] for c in chat if not _needs_permission(c)}


def _needs_permission(payload: Mapping[str, Any]) -> bool:
    return payload.get("default_member_permissions") not in (None, "", "0") and bool(
        int(payload["default_member_permissions"])
    )


def _option(name: str, **extra: Any) -> dict[str, Any]:
    return {"type": 3, "name": name, "description": f"The {name}", **extra}


@pytest.mark.parametrize(
    ("payload", "fragment"),
    [
        ({"name": "play", "description": "x" * 101}, "description must be 1-100"),
        ({"name": "play", "description": ""}, "description must be 1-100"),
        ({"name": "Play", "description": "ok"}, "name 'Play'"),
        ({"name": "play game", "description": "ok"}, "name 'play game'"),
        (
            {"name": "play", "description": "ok", "options": [_option(f"o{i}") for i in range(26)]},
            "26 options",
        ),
        (
            {
                "name": "play",
                "description": "ok",
                "options": [
                    _option("game", choices=[{"name": f"c{i}", "value": "v"} for i in range(26)])
                ],
            },
            "26 choices",
        ),
        (
            {"name": "play", "description": "ok", "options": [_option("game", description="")]},
            "play game: description",
        ),
        (
            {
                "name": "play",
                "description": "ok",
                "options": [_option("a"), _option("b", required=True)],
            },
            "required option after an optional",
        ),
        (
            {
                "name": "table",
                "description": "ok",
                "options": [
                    {"type": 1, "name": "show", "description": "ok", "options": []},
                    _option("x"),
                ],
            },
            "subcommands mixed",
        ),
        (
            {
                "name": "play",
                "description": "d" * 100,
                "options": [_option(f"o{i}", description="d" * 100) for i in range(25)]
                + [],
                "choices": [{"name": "n" * 100, "value": "v" * 100}] * 20,
            },
            "characters in total",
        ),
    ],
)
def test_checker_flags_what_discord_refuses(payload: dict[str, Any], fragment: str) -> None:
    """The limit checker reports each kind of payload Discord would refuse."""
    problems = command_problems([payload])
    assert any(fragment in problem for problem in problems), problems


def test_checker_flags_too_many_commands() -> None:
    """More than 100 slash commands in one scope is refused."""
    payloads = [{"name": f"c{i}", "description": "ok"} for i in range(101)]
    assert any("101 slash commands" in p for p in command_problems(payloads))


def test_checker_accepts_a_well_formed_command() -> None:
    """A command within every limit, with a subcommand group, yields no problem."""
    payload = {
        "name": "table",
        "description": "Manage the table in this channel",
        "options": [
            {
                "type": 2,
                "name": "seat",
                "description": "Seats",
                "options": [
                    {
                        "type": 1,
                        "name": "add",
                        "description": "Add a computer player",
                        "options": [
                            _option("level", required=True, choices=[{"name": "E", "value": "e"}]),
                            _option("note"),
                        ],
                    }
                ],
            }
        ],
    }
    assert command_problems([payload]) == []


async def test_dev_guild_id_syncs_to_that_server_only(settings: Settings) -> None:
    """With DEV_GUILD_ID set, the commands are synced to that server, not globally."""
    guild_id = 1_100_000_000_000_000_000
    bot = CardroomBot(settings.model_copy(update={"dev_guild_id": guild_id}))
    bot.shard_count = 1
    env = Env(bot)
    env.create_guild("Dev server", id=guild_id)
    await env.start()
    try:
        assert _synced(env) == []
        names = {c["name"] for c in _synced(env, guild_id)}
        assert names == {c.name for c in bot.tree.get_commands(guild=discord.Object(guild_id))}
        assert command_problems(_synced(env, guild_id)) == []
    finally:
        await env.shutdown()


async def test_the_command_digest_ignores_the_order_the_cogs_load_in(settings: Settings) -> None:
    """The digest that decides a sync is the same whichever cog added its commands first
    (moving a feature to another folder changes the order the cogs load in, not the
    commands)."""

    async def digest(names: list[str]) -> str:
        bot = CardroomBot(settings)
        for name in names:
            bot.tree.add_command(app_commands.Command(
                name=name, description=f"The {name} command", callback=_answer))
        return await bot.command_digest(None)

    assert await digest(["alpha", "beta", "gamma"]) == await digest(["gamma", "alpha", "beta"])
    assert await digest(["alpha", "beta"]) != await digest(["alpha", "gamma"])


async def _answer(interaction: discord.Interaction[Any]) -> None:
    """A command's callback (never called: only the tree's JSON is read)."""
