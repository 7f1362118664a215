"""The learner's own name and text mode in ``/learn`` and ``/puzzle`` (issue 43, points 4
and 9) under SimCord: the name shows escaped exactly once (``mo_salah*10`` as
``mo\\_salah\\*10``, never ``mo\\\\\\_salah``) in the seat fields, Soi's asks and the lesson's
words, and unescaped in its labels; a player who reads text instead of pictures gets his
cards in words there too, no card symbol and no face-down symbol."""

from __future__ import annotations

import re
from typing import Any

import pytest
from simcord import Env
from simcord.components import walk_components

from bot.games.registry import ENGINES
from bot.learning.catalog import lessons
from bot.render.alt.words import card_words
from bot.render.names import shown
from tests.cogs.test_learn import at_end, follow
from tests.cogs.test_puzzle import store_puzzle
from tests.helpers.locales import Locales

NAME = "mo_salah*10"
SYMBOLS = re.compile("[🂠♠♥♦♣]")
WORDS = re.compile(r"\bthe (red |black )?(ace|king|queen|jack|[2-9]|10)\b", re.I)


def _marked_texts(message: Any) -> list[str]:
    """A message's markdown texts: its content and every embed text."""
    texts = [message.content or ""]
    for embed in message.embeds:
        texts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        texts += [t for f in embed.fields for t in (f.name or "", f.value or "")]
    return [t for t in texts if t]


def _labels(message: Any) -> list[str]:
    return [str(c.get("label") or "") for c in walk_components(message.components)] + [
        str(o.get("label") or "") for c in walk_components(message.components)
        for o in c.get("options") or []]


def _setup(env: Env) -> tuple[Any, Any]:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    return channel, guild.add_member(env.create_user(NAME))


def _cards_field(message: Any) -> str:
    fields = {f.name: f.value or "" for e in message.embeds for f in e.fields}
    return fields["Your cards"]


Seen = tuple[list[str], list[str], dict[str, str]]


def _seen(message: Any) -> Seen:
    """What a message shows now (a lesson edits one message): its markdown texts, its
    labels, its fields by name."""
    fields = {f.name or "": f.value or "" for e in message.embeds for f in e.fields}
    return _marked_texts(message), _labels(message), fields


async def _lesson(env: Env, game: str, locales: Locales, language: str) -> list[Seen]:
    """What every step of lesson 1 of ``game`` showed to a learner whose Discord speaks
    ``language``, following its marks, the summary included."""
    channel, learner = _setup(env)
    locales.user(learner, language)
    message = (await learner.slash(channel, "learn", game=game)).response
    seen = [_seen(message)]
    while not at_end(message):
        assert len(seen) < 80, "the lesson does not end"
        message = (await follow(learner, message)).response
        seen.append(_seen(message))
    return seen


@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize("game", ["soi", "soureh"])
async def test_the_learners_name_is_escaped_once_in_a_lesson(
    simcord_env: Env, locales: Locales, game: str, language: str
) -> None:
    """Every step of lesson 1 and its summary, in English and in Arabic, show the learner's
    name escaped and isolated at most once (Soureh's round at the end names it), never
    escaped twice; the labels of the game's panel show it unescaped."""
    steps = await _lesson(simcord_env, game, locales, language)
    texts = [t for marked, _labels, _fields in steps for t in marked]
    if game == "soureh":
        assert any(shown(NAME) in t for t in texts), texts[-3:]
    assert not any("\\\\" in t for t in texts), [t for t in texts if "\\\\" in t][:2]
    assert not any("\\" in label for _marked, labels, _fields in steps for label in labels)


async def test_the_puzzlers_name_is_escaped_once(simcord_env: Env) -> None:
    """A puzzle's seat field shows the puzzler's name escaped once, its answer too."""
    channel, learner = _setup(simcord_env)
    await store_puzzle(simcord_env)
    res = await learner.slash(channel, "puzzle", game="pariah")
    message = res.followups[-1] if res.followups else res.response
    texts = _marked_texts(message)
    assert any(shown(NAME) in t for t in texts), texts
    assert not any("\\\\" in t for t in texts)
    assert not any("\\" in label for label in _labels(message))
    button = next(c for c in walk_components(message.components) if c.get("type") == 2)
    answer = await learner.click(message, custom_id=button["custom_id"])
    assert not any("\\\\" in t for t in _marked_texts(answer.response))


@pytest.mark.parametrize("game", sorted(lessons()))
async def test_text_mode_reaches_a_lesson(simcord_env: Env, game: str) -> None:
    """A learner in text mode sees his cards in words at every step of lesson 1 of each
    game (the picture's words in the game's panel), and no card or face-down symbol
    anywhere in its embeds."""
    channel, learner = _setup(simcord_env)
    await learner.slash(channel, "display", text=True)
    message = (await learner.slash(channel, "learn", game=game)).response
    steps = 0
    while not at_end(message):
        assert steps < 80, "the lesson does not end"
        said = "\n".join(_marked_texts(message))
        assert not SYMBOLS.search(said), said
        mine = "\n".join(_marked_texts(message))  # the panel's words: his cards among them
        assert WORDS.search(mine), mine
        message = (await follow(learner, message)).response
        steps += 1
    assert steps > 0 and not SYMBOLS.search("\n".join(_marked_texts(message)))


async def test_text_mode_reaches_a_puzzle(simcord_env: Env) -> None:
    """A puzzler in text mode sees his cards in words (each one he holds), no symbol."""
    channel, learner = _setup(simcord_env)
    await learner.slash(channel, "display", text=True)
    puzzle = await store_puzzle(simcord_env)
    res = await learner.slash(channel, "puzzle", game="pariah")
    message = res.followups[-1] if res.followups else res.response
    said = "\n".join(_marked_texts(message))
    assert not SYMBOLS.search(said), said
    engine = ENGINES[puzzle.game]
    view = engine.player_view(puzzle.state(engine), puzzle.seat)
    row = view["seats"][puzzle.seat]
    own = [c for c in (row.get("up") or []) + (row.get("down") or []) if c]
    assert own and all(card_words(c, colour=True) in _cards_field(message) for c in own)
