"""How Arabic a table is after ``/settings set language:ar`` (issue 37: "61 % Arabic").

The share is counted over what a player reads of the lobby and of the running table's
message (title, description, fields, footer, buttons and menus): the Arabic letters among
all letters, leaving out what is not the bot's words: people's names and mentions,
timestamps, code spans (notation a player types) and slash commands. English clients play
(SimCord's members), so only the server's setting makes it Arabic.

``python -m pytest -q -s tests/i18n/test_arabic_share.py`` prints the figure.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from tests.helpers.discord import component_rows, flush, message_of, service, table_in
from tests.i18n.flows import button

_NOT_WORDS = re.compile(
    r"<@!?[0-9]+>|<t:[0-9]+:[A-Za-z]>|`[^`\n]*`|/[a-z]+(?: [a-z]+:\S+)?|\u2068[^\u2069]*\u2069"
)
_ARABIC = re.compile(r"[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]")
_LATIN = re.compile(r"[A-Za-z]")
WANTED = 0.90


def message_words(message: Any) -> str:
    """The words of a message as a player reads them: its embeds and its components."""
    parts: list[str] = [message.content or ""]
    for embed in message.embeds:
        data = embed if isinstance(embed, dict) else embed.to_dict()
        parts += [data.get("title") or "", data.get("description") or ""]
        for field in data.get("fields") or ():
            parts += [field.get("name") or "", field.get("value") or ""]
        parts.append((data.get("footer") or {}).get("text") or "")
    for row in component_rows(message):
        for item in row["components"]:
            parts += [item.get("label") or "", item.get("placeholder") or ""]
            parts += [o.get("label") or "" for o in item.get("options") or ()]
    return "\n".join(parts)


def arabic_share(text: str, names: list[str]) -> tuple[int, int]:
    """(Arabic letters, all letters) of ``text``, its names and notation left out."""
    rest = _NOT_WORDS.sub(" ", text)
    for name in sorted(names, key=len, reverse=True):
        rest = rest.replace(name, " ")
    arabic = len(_ARABIC.findall(rest))
    return arabic, arabic + len(_LATIN.findall(rest))


async def test_an_arabic_servers_table_is_arabic(world: dict[str, Any]) -> None:
    """After /settings set language:ar the lobby and a running Soureh table read in Arabic:
    at least 90 % of their letters (names and notation aside) are Arabic."""
    env, guild, channel = world["env"], world["guild"], world["channel"]
    ann, bob = world["members"][:2]
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("ada"), roles=[managers])
    await admin.slash(channel, "settings set", language="ar")
    service(env).seed_source = lambda: 3

    opened = await ann.slash(channel, "play", game="soureh", timer="off")
    lobby = message_words(opened.response)
    await bob.click(opened.response, custom_id=button(opened.response, "join"))
    await ann.click(opened.response, custom_id=button(opened.response, "start"))
    await flush(env)
    table = table_in(env, channel)
    members = {ann.id: ann, bob.id: bob}
    for _move in range(4):
        seat = table.to_act()
        assert seat is not None
        user = table.seats[seat].user_id
        assert user is not None
        action = str(table.engine.legal_actions(table.state)[0])
        await members[user].slash(channel, "move", action=action)
    await flush(env)
    running = message_words(message_of(env, table, channel))

    names = ["ann", "bob", "ada"]
    arabic, letters = (sum(x) for x in zip(arabic_share(lobby, names),
                                           arabic_share(running, names), strict=True))
    share = arabic / letters
    everything = lobby + running  # names and notation counted too
    naive = len(_ARABIC.findall(everything)) / (len(_ARABIC.findall(everything))
                                                 + len(_LATIN.findall(everything)))
    print(f"\nArabic share of an Arabic server's table: {share:.1%} "
          f"({arabic} of {letters} letters); with names and notation: {naive:.1%}")
    assert share >= WANTED, (share, lobby, running)
