"""``/learn`` under SimCord: a learner who follows the marked controls finishes each game's
first lesson privately; a wrong choice is explained and the step offered again; progress
is stored and shown; a stale button is answered."""

from __future__ import annotations

import logging
import re
from dataclasses import replace
from typing import Any

import pytest
from simcord import Env, InteractionResult, MemberActor
from simcord.components import walk_components

from bot.app import CardroomBot
from bot.i18n import _, use_locale
from bot.learning.catalog import lessons
from tests.helpers.discord import Audit, check_payload
from tests.helpers.games import with_lessons
from tests.helpers.i18n import without_isolates

GAMES = list(lessons())


def setup(env: Env) -> tuple[Any, MemberActor]:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    return channel, guild.add_member(env.create_user("ana"))


def marked(message: Any) -> list[dict[str, Any]]:
    """The marked controls of a message: primary buttons, selects with a default option."""
    found = []
    for c in walk_components(message.components):
        button = c.get("type") == 2 and c.get("style") == 1
        select = c.get("type") == 3 and any(o.get("default") for o in c.get("options", []))
        if button or select:
            found.append(c)
    return found


def unmarked_moves(message: Any) -> list[tuple[dict[str, Any], str | None]]:
    """The moves of the game's panel on offer that are not marked: (a button, ``None``)
    or (a select, one of its options' values)."""
    found: list[tuple[dict[str, Any], str | None]] = []
    for c in walk_components(message.components):
        if c.get("type") == 2 and c.get("style") != 1 and ":b:a:" in c["custom_id"]:
            found.append((c, None))
        elif c.get("type") == 3 and ":s:a" in c["custom_id"]:
            found += [(c, o["value"]) for o in c.get("options", []) if not o.get("default")]
    return found


async def choose_unmarked(actor: MemberActor, message: Any) -> InteractionResult:
    """Make the first move on offer that is not marked."""
    control, value = unmarked_moves(message)[0]
    if value is None:
        return await actor.click(message, custom_id=control["custom_id"])
    return await actor.select(message, [value], custom_id=control["custom_id"])


STEP = re.compile(r"\*\*(\d+/\d+)\*\*")


def footer(message: Any) -> str:
    """Where the learner is: the step's place (``2/4``) at the head of the lesson line, or
    the footer's words at a lesson's end (an Arabic line's isolates left out)."""
    embed = message.embeds[0]
    found = STEP.search(without_isolates(str(embed.description or "")))
    if found:
        return found[1]
    return without_isolates(str(embed.footer.text or ""))


async def follow(actor: MemberActor, message: Any) -> InteractionResult:
    """Use the message's one marked control."""
    (control,) = marked(message)
    if control["type"] == 2:
        return await actor.click(message, custom_id=control["custom_id"])
    (right,) = [o["value"] for o in control["options"] if o.get("default")]
    return await actor.select(message, [right], custom_id=control["custom_id"])


def at_end(message: Any) -> bool:
    """Is the message a lesson's summary (its marked control Next lesson or Practice)?"""
    return marked(message)[0]["custom_id"].endswith((":next", ":practice"))


async def follow_marks(actor: MemberActor, message: Any) -> tuple[Any, int]:
    """Follow the marks to the lesson's end: (the summary message, actions taken)."""
    actions = 0
    while not at_end(message):
        assert actions < 60, "the lesson does not end"
        res = await follow(actor, message)
        assert res.acknowledged and res.response is not None
        message = res.response
        actions += 1
    return message, actions


@pytest.mark.parametrize("game", GAMES)
async def test_following_the_marks_finishes_lesson_one_privately(
        simcord_env: Env, game: str, caplog: pytest.LogCaptureFixture) -> None:
    """Lesson 1 of each game: one marked control a step, at least five actions, an end
    with a Next lesson button, no error logged and nothing public in the channel."""
    caplog.set_level(logging.WARNING)
    channel, ana = setup(simcord_env)
    audit = Audit(simcord_env)
    res = await ana.slash(channel, "learn", game=game)
    assert res.response is not None and res.response.ephemeral
    end, actions = await follow_marks(ana, res.response)
    assert actions >= 5
    assert footer(end) == "Lesson complete"
    labels = [c.get("label", "") for c in marked(end)]
    assert len(labels) == 1
    assert labels[0].startswith("Next lesson") or len(lessons()[game]) == 1
    assert audit.public_payloads() == []
    for req in simcord_env.http_requests:
        if req.method in ("POST", "PATCH") and isinstance(req.json, dict):
            check_payload(req.json.get("data") or req.json)
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


@pytest.mark.parametrize("game", GAMES)
async def test_a_wrong_choice_is_explained_and_offered_again(simcord_env: Env, game: str) -> None:
    """The first step with a wrong move on offer: choosing it edits the message with why,
    and the same step (same footer, same marked move) comes back."""
    channel, ana = setup(simcord_env)
    res = await ana.slash(channel, "learn", game=game)
    message = res.response
    while not unmarked_moves(message):
        message = (await follow(ana, message)).response
    before, right = footer(message), marked(message)[0]["custom_id"]
    again = await choose_unmarked(ana, message)
    assert again.response is not None
    text = again.response.embeds[0].description or ""
    assert "Not that one:" in text
    assert footer(again.response) == before
    assert marked(again.response)[0]["custom_id"] == right


async def test_progress_is_stored_shown_and_a_finished_lesson_replays(simcord_env: Env) -> None:
    """After lesson 1 of Soureh, /learn lists it as done, /learn game:soureh goes on with
    lesson 2 (or 1 when there is none) and lesson:1 replays lesson 1 from its first step."""
    channel, ana = setup(simcord_env)
    res = await ana.slash(channel, "learn", game="soureh")
    await follow_marks(ana, res.response)
    shown = await ana.slash(channel, "learn")
    assert shown.response is not None and shown.response.ephemeral
    fields = {f.name: f.value for f in shown.response.embeds[0].fields}
    count = len(lessons()["soureh"])
    assert f"Soureh: 1/{count}" in fields and "✅" in fields[f"Soureh: 1/{count}"]
    assert "Pariah: 0/" + str(len(lessons()["pariah"])) in fields
    nxt = await ana.slash(channel, "learn", game="soureh")
    assert footer(nxt.response) == f"1/{len(lessons()['soureh'][1].steps)}"
    again = await ana.slash(channel, "learn", game="soureh", lesson=1)
    assert footer(again.response) == f"1/{len(lessons()['soureh'][0].steps)}"


async def test_a_button_of_a_changed_lesson_is_answered_out_of_date(simcord_env: Env) -> None:
    """A lesson changed (a new deal) after its message was sent: a click on the old
    message is answered "out of date" privately and the old message is left as it was."""
    channel, ana = setup(simcord_env)
    res = await ana.slash(channel, "learn", game="turup")
    message = res.response
    old = lessons()["turup"][0]
    changed = replace(old, deck=(*old.deck[:-1], "7H"))
    assert changed.version != old.version
    games = simcord_env.bot.app.games
    assert isinstance(games, dict)
    with with_lessons("turup", (changed, *lessons()["turup"][1:]), games):
        stale = await follow(ana, message)
    assert stale.response is not None and stale.response.ephemeral
    assert "changed since this message" in stale.response.content
    assert footer(message) == f"1/{len(old.steps)}"


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ar", "el", "so"])
@pytest.mark.parametrize("game", GAMES)
async def test_every_lesson_in_each_language(simcord_env: Env, locales: Any, game: str,
                                             lang: str, caplog: pytest.LogCaptureFixture) -> None:
    """Following the marks and then Next lesson plays every lesson of the game, in the
    learner's language, to the last one's Practice button; nothing public, no error."""
    caplog.set_level(logging.WARNING)
    channel, ana = setup(simcord_env)
    if lang != "en":
        locales.user(ana, lang)
    audit = Audit(simcord_env)
    message = (await ana.slash(channel, "learn", game=game)).response
    for number, item in enumerate(lessons()[game], start=1):
        assert footer(message) == f"1/{len(item.steps)}"
        message, actions = await follow_marks(ana, message)
        assert actions >= len(item.steps)
        (control,) = marked(message)
        if number < len(lessons()[game]):
            assert control["custom_id"].endswith(":next")
            message = (await ana.click(message, custom_id=control["custom_id"])).response
    assert control["custom_id"].endswith(":practice")
    with use_locale(lang):
        assert footer(message) == _("Lesson complete")
    assert audit.public_payloads() == []
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


async def test_a_lessons_buttons_work_after_a_restart(simcord_env: Env, settings: Any) -> None:
    """A lesson's message from before a restart goes on: its marked button shows the next
    step (the step is rebuilt from the lesson's deck; nothing was held in memory)."""
    channel, ana = setup(simcord_env)
    message = (await ana.slash(channel, "learn", game="pariah")).response
    steps = len(lessons()["pariah"][0].steps)
    message = (await follow(ana, message)).response
    assert footer(message) == f"2/{steps}"
    bot = CardroomBot(settings)
    bot.shard_count = 1
    await simcord_env.restart_bot(bot)
    after = await follow(ana, message)
    assert after.response is not None and footer(after.response) == f"3/{steps}"


async def test_practice_after_the_last_lesson_opens_a_table(simcord_env: Env) -> None:
    """The last lesson's Practice button opens a table's lobby in the channel."""
    channel, ana = setup(simcord_env)
    last = len(lessons()["turup"])
    message = (await ana.slash(channel, "learn", game="turup", lesson=last)).response
    message, _actions = await follow_marks(ana, message)
    opened = await follow(ana, message)
    assert opened.response is not None and not opened.response.ephemeral
    assert simcord_env.bot.tables.in_channel(channel.id) is not None  # type: ignore[attr-defined]


async def test_a_step_of_the_panel_shows_the_games_next_step_marked(
        simcord_env: Env) -> None:
    """Soureh lesson 1's declaring step: the game's toggle is marked; pressing it shows the
    game's declaring buttons (no move made, the same step), one of them marked, and
    that one plays the step's move."""
    channel, ana = setup(simcord_env)
    message = (await ana.slash(channel, "learn", game="soureh")).response
    while not marked(message)[0]["custom_id"].endswith(":b:call"):
        message = (await follow(ana, message)).response
    before = footer(message)
    toggled = (await follow(ana, message)).response
    assert footer(toggled) == before
    (mark,) = marked(toggled)
    assert mark["custom_id"].split(":b:a:")[1].endswith("_declare")
    after = (await follow(ana, toggled)).response
    assert footer(after) != before
