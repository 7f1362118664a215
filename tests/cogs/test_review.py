"""Review my game under SimCord: the presser's own decisions the hard player would have
changed, privately, paged, each with both moves and nothing another player hid."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot.discord import reviews
from bot.games.ai import choose
from bot.games.ai.explain import card_words
from bot.games.ai.ismcts import Budget
from bot.games.ai.review import decision_positions
from bot.games.cards import Card
from storage.tables import TableRepo
from tests.helpers.discord import (
    CARD_CODE,
    Audit,
    component_rows,
    flush,
    service,
    table_in,
    via_panel,
)
from tests.helpers.preview import browser, browser_available, shoot


async def _pariah_against_a_computer(env: Any, channel: Any, host: Any, *,
                                     timer: str) -> tuple[Any, int]:
    """A running Pariah game to 100 of ``host`` against a normal computer: (table, his seat)."""
    opened = await host.slash(channel, "play", game="pariah", timer=timer, threshold=100)
    table = table_in(env, channel)
    await host.select(opened.response, ["normal"], custom_id=f"cs:{table.id}:{table.version}:addc")
    await host.click(opened.response, label="Start (host)")
    await flush(env)
    seat = table.seat_of(host.id)
    assert seat is not None
    return table, seat


def _labels(message: Any) -> list[str]:
    return [c.get("label", "") for r in component_rows(message) for c in r["components"]]


def _text(message: Any) -> str:
    embed = message.embeds[0]
    parts = [embed.title or "", embed.description or ""]
    parts += [f"{f.name} {f.value}" for f in embed.fields]
    return "\n".join(parts)


@pytest.mark.slow
async def test_review_lists_better_moves_privately_and_hides_what_others_hid(
    world: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """ann plays Pariah carelessly (the easy level's moves) against a computer; after the
    game her review lists decisions where the hard player differs, with both moves, only
    to her; dan, who did not play, is refused; no card hidden from ann at a listed
    decision is named."""
    env, channel = world["env"], world["channel"]
    ann, dan = world["members"][0], world["members"][3]
    service(env).seed_source = lambda: 2
    env.bot.app.review_budget = Budget(iterations=60, seconds=None)
    audit = Audit(env, dm_channels={m.user.dm_channel.id for m in world["members"]})
    table, seat = await _pariah_against_a_computer(env, channel, ann, timer="off")
    rng = random.Random(5)
    while table.running:
        await flush(env)
        if not table.running:
            break
        assert table.to_act() == seat
        move = choose(table.engine, table.state, seat, "easy", rng)
        await via_panel(env, ann, channel, str(move))
        audit.step([table])
    await flush(env)
    audit.step([table])
    end = next(m for m in channel.history() if m.embeds and "Review my game" in _labels(m))

    refused = await dan.click(end, label="Review my game")
    assert refused.ephemeral and "did not play" in refused.response.content

    pressed = await ann.click(end, label="Review my game")
    await flush(env)
    assert pressed.ephemeral
    page = pressed.response
    assert page is not None and page.ephemeral
    done = await reviews.reviewed(env.bot.app, table, seat)
    assert done.decisions, "the careless player made no decision the hard player would change"
    names = {f.name for f in page.embeds[0].fields}
    assert {"You played", "The hard player"} <= names
    assert [a.filename for a in page.attachments] == ["review.png"]  # his own picture then
    assert not page.embeds[0].image.url and page.attachments[0].description  # its alt text
    texts = [_text(page)]
    for _ in range(min(2, len(done.decisions) - 1)):
        turned = await ann.click(page, label="Next ▶")
        await flush(env)
        page = turned.response or page
        texts.append(_text(page))
    audit.step([])  # every review page was private: nothing public since the end

    engine = table.engine
    state = engine.new_game(len(table.seats), table.record.seed,
                            engine.Variant(threshold=100))
    states = []
    for text in table.log:
        states.append(state)
        state = engine.apply(state, engine.parse_action(state, text)).state
    for number, decision in enumerate(done.decisions[: len(texts)]):
        before = states[decision.index]
        assert engine.to_act(before) == seat
        assert decision.view == engine.player_view(before, seat)
        seen = set(CARD_CODE.findall(json.dumps(decision.view)))
        hidden = {c for other in range(len(table.seats)) if other != seat
                  for c in engine.hidden_cards(before, other)} - seen
        for code in hidden:
            assert card_words(code) not in texts[number], code
            assert Card.parse(code).display not in texts[number], code


def test_a_long_game_is_reviewed_within_the_overall_cap() -> None:
    """Per-decision seconds shrink so a whole review thinks REVIEW_SECONDS at most: a short
    game keeps the full budget, a 150-decision Soureh game gets a 150th of the cap each."""
    from bot.discord.reviews import BUDGET as budget
    from bot.discord.reviews import REVIEW_SECONDS, review_budget

    assert budget.seconds is not None
    assert review_budget(10).seconds == budget.seconds
    long = review_budget(150).seconds
    assert long is not None and long * 150 <= REVIEW_SECONDS + 1e-9 < budget.seconds * 150
    assert review_budget(0).seconds == budget.seconds


@pytest.mark.slow
async def test_moves_a_computer_made_for_a_timed_out_player_are_not_reviewed(
    world: dict[str, Any], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """ann lets her turn timer run out now and then, so the easy computer moves for her:
    the log marks those moves (and the computer seat's) as a computer's, and her review
    judges only her own decisions and says how many a computer made for her (shot at
    400 px in both themes)."""
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    service(env).seed_source = lambda: 2
    env.bot.app.review_budget = Budget(iterations=30, seconds=None)
    table, seat = await _pariah_against_a_computer(env, channel, ann, timer="30")
    rng = random.Random(5)
    timed_out: set[int] = set()
    turns = 0
    while table.running:
        await flush(env)
        if not table.running:
            break
        assert table.to_act() == seat
        if turns % 2 == 0 and turns < 12:  # every other turn, never three in a row
            before = len(table.log)
            await env.advance_time(31)
            await flush(env)
            timed_out |= set(range(before, len(table.log)))
        else:
            await via_panel(env, ann, channel, str(choose(table.engine, table.state, seat,
                                                          "easy", rng)))
        turns += 1
    await flush(env)

    stored = await TableRepo(env.bot.db).load(table.id)
    assert stored is not None
    mine = [a for a in stored.actions if a.seat == seat]
    assert {a.seq for a in mine if a.by_computer} == {i for i in timed_out
                                                      if stored.actions[i].seat == seat}
    assert any(a.by_computer for a in mine) and not all(a.by_computer for a in mine)
    assert all(a.by_computer for a in stored.actions if a.seat != seat)

    engine, rec = table.engine, stored.table
    variant = engine.Variant(threshold=100)
    texts = [a.text for a in stored.actions]
    everything = len(decision_positions(engine, len(table.seats), rec.seed, texts, variant,
                                        seat))
    done = await reviews.reviewed(env.bot.app, table, seat)
    assert done.by_computer > 0
    assert done.examined + done.by_computer == everything
    assert not {d.index for d in done.decisions} & timed_out
    end = next(m for m in channel.history() if m.embeds and "Review my game" in _labels(m))
    pressed = await ann.click(end, label="Review my game")
    await flush(env)
    assert pressed.response is not None
    assert f"A computer made {done.by_computer} of your decisions" in _text(pressed.response)
    if not browser_available():
        return
    async with browser() as b:
        for theme in ("dark", "light"):
            path = tmp_path / f"review-timeouts-400-{theme}.png"
            shot = await shoot(env, channel, ann, pressed.response, path, theme=theme, b=b)
            assert "A computer made" in shot.text
