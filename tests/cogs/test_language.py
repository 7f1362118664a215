"""``/language`` (``cogs.language``) through SimCord and the real bot: the player's choice is
stored and followed at once, and the answer is in the language now spoken to them (Arabic
laid out right to left); "follow my Discord language" forgets the choice."""

from __future__ import annotations

from typing import Any

from bot.i18n import LANGUAGES, _, use_locale
from bot.render.card_text import legible
from storage.languages import LanguageRepo

SPEAKS = ("Cardroom now speaks {language} to you: your panels, private answers and "
          "messages. Tables in a server speak the server's language.")
FOLLOWS = ("Cardroom now follows your Discord language: {language}. Tables in a server "
           "speak the server's language.")


def said(code: str, text: str) -> str:
    """``text`` as Cardroom says it in ``code``."""
    with use_locale(code):
        return legible(_(text, language=LANGUAGES[code]))


async def test_a_chosen_language_is_stored_and_spoken_at_once(world: dict[str, Any]) -> None:
    env, guild, channel = world["env"], world["guild"], world["channel"]
    ann, bob = world["members"][:2]
    chosen = await ann.slash(channel, "language", language="so")
    assert chosen.ephemeral
    assert chosen.response.content == said("so", SPEAKS)
    assert chosen.response.content != said("en", SPEAKS)
    assert await LanguageRepo(env.bot.db).of_user(ann.id) == "so"
    assert env.bot.languages.of_reader(ann.id, guild.id, "en-US") == "so"
    assert env.bot.languages.of_reader(bob.id, guild.id, "en-US") == "en"  # only Ann's


async def test_arabic_is_answered_right_to_left(world: dict[str, Any]) -> None:
    ann, channel = world["members"][0], world["channel"]
    chosen = await ann.slash(channel, "language", language="ar")
    assert chosen.response.content == said("ar", SPEAKS)
    with use_locale("ar"):
        plain = _(SPEAKS, language=LANGUAGES["ar"])
    assert chosen.response.content != plain  # laid out for right to left


async def test_following_discord_forgets_the_choice(world: dict[str, Any],
                                                    locales: Any) -> None:
    env, guild, channel = world["env"], world["guild"], world["channel"]
    ann = world["members"][0]
    locales.user(ann, "el")  # Ann's Discord speaks Greek
    await ann.slash(channel, "language", language="so")
    back = await ann.slash(channel, "language", language="discord")
    assert back.ephemeral and back.response.content == said("el", FOLLOWS)
    assert await LanguageRepo(env.bot.db).of_user(ann.id) is None
    assert env.bot.languages.of_reader(ann.id, guild.id, "el") == "el"
