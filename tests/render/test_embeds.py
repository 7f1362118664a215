"""Embeds built from engine views: public cards only, Discord's limits, rules pages."""

from __future__ import annotations

import dataclasses
import json
import random
import re

import pytest

from bot.games import registry
from bot.games.registry import CATALOG, ENGINES
from bot.render.card_text import card, legible
from bot.render.embeds import (
    hand_embed,
    lobby_embed,
    options_text,
    standings_lines,
    table_embed,
)
from bot.render.rules_text import pages_of
from bot.tables.model import Table
from cogs.rules.pages import rules_page
from storage.tables import SeatRecord, TableRecord, TableStatus
from tests.helpers.discord import check_components, check_embed, hidden_cards, public_displays


def _table(game: str, players: int, seed: int, variant: dict[str, object]) -> Table:
    engine = ENGINES[game]
    record = TableRecord(
        id=7, guild_id=1, channel_id=2, message_id=3, host_id=100, game=game,
        variant=variant, seed=seed, status=TableStatus.RUNNING, version=1,
        timer_seconds=60, deadline=1_800_000_000.0, end_reason=None, created_at="",
        started_at=None, ended_at=None,
    )
    seats = [SeatRecord(i, 100 + i, f"Player{i}") for i in range(players)]
    table = Table(record=record, entry=registry.game(record.game),
                  seats=seats)
    table.state = engine.new_game(players, seed, engine.Variant(**variant))
    table.start_rounds()
    return table


def _play(table: Table, steps: int, rng: random.Random) -> None:
    engine = table.engine
    for _ in range(steps):
        if engine.to_act(table.state) is None:
            return
        action = rng.choice(engine.legal_actions(table.state))
        transition = engine.apply(table.state, action)
        table.state = transition.state
        table.record_events(transition.events)
        table.track_round()


CASES = [
    ("soureh", 4, {"threshold": 40}),
    ("pariah", 2, {"threshold": 60}),
    ("turup", 12, {"rounds": 1}),
    ("soi", 6, {"target": 20, "memory": False}),
]


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_table_embed_hides_cards_and_fits(
    game: str, players: int, variant: dict[str, object]
) -> None:
    """Through a random game the table embed never shows a hidden card and fits Discord."""
    table = _table(game, players, 5, variant)
    rng = random.Random(1)
    for _ in range(30):
        embed = table_embed(table.seen()).to_dict()
        check_embed(embed)
        text = json.dumps(embed, ensure_ascii=False)
        public = {legible(d) for d in public_displays(table)}  # the embed's suits are legible
        hidden = {card(c) for c in hidden_cards(table)} - public
        for shown in hidden:
            assert re.search(rf"(?<![0-9]){re.escape(shown)}", text) is None
        view = table.public_view()
        assert "<t:1800000000:R>" in embed["description"] or view["to_act"] is None
        if table.engine.to_act(table.state) is None:
            break
        _play(table, 25, rng)


def test_finished_table_shows_standings() -> None:
    """A finished game shows the winners and final standings."""
    table = _table("turup", 3, 2, {"rounds": 1})
    _play(table, 10_000, random.Random(3))
    table.record = dataclasses.replace(table.record, status=TableStatus.FINISHED)
    embed = table_embed(table.seen())
    text = embed.description or ""
    assert "Game over" in text and "won the game" in text and "🏆" in text
    assert all(name in text for name in table.names) and not embed.fields


def test_table_embed_says_each_thing_once() -> None:
    """Mid-game the embed has no fields (the image shows the cards) and at most three
    events; with images off the public cards come as text."""
    table = _table("soureh", 4, 3, {"threshold": 40})
    _play(table, 30, random.Random(5))
    embed = table_embed(table.seen())
    assert not embed.fields and (embed.description or "").count("• ") <= 3
    assert table_embed(table.seen(), text_table=True).fields


def test_standings_mark_resigned_and_computer_seats() -> None:
    """A resigned seat says "(resigned)" and a computer seat a robot, in the standings."""
    table = _table("turup", 3, 2, {"rounds": 1})
    _play(table, 10_000, random.Random(3))
    table.seats[1] = dataclasses.replace(table.seats[1], resigned=True)
    table.seats[2] = dataclasses.replace(table.seats[2], user_id=None)
    lines = standings_lines(table.seen(), table.public_view())
    assert lines[-1].split(" — ")[0].endswith("(resigned)")
    assert any("🤖 \u2068Player2\u2069" in line for line in lines)


def test_hand_embed_shows_own_cards() -> None:
    """The private embed lists the seat's own hidden cards."""
    table = _table("turup", 2, 4, {"rounds": 1})
    embed = hand_embed(table.seen(), 1)
    for code in table.hidden_cards(1):
        assert card(code) in (embed.description or "")
    check_embed(embed.to_dict())


def test_lobby_embed_lists_seats_and_options() -> None:
    """The lobby shows every seat, the options and the timer."""
    table = _table("soureh", 3, 1, {"threshold": 40})
    table.state = None
    table.record = dataclasses.replace(table.record, status=TableStatus.LOBBY)
    embed = lobby_embed(table.seen()).to_dict()
    check_embed(embed)
    assert "ends at 40" in embed["description"] and "1 min a turn" in embed["description"]
    assert embed["fields"][0]["value"].count("<@") == 3


def test_options_text_shows_only_given_options() -> None:
    """Options text names the game's options and the timer."""
    assert options_text(CATALOG["turup"], {"rounds": 2}, None) == "rounds 2 · timer off"


@pytest.mark.parametrize("game", sorted(CATALOG))
def test_rules_pages_fit(game: str) -> None:
    """Every rules page fits an embed and pages with two distinct buttons."""
    for page in range(len(pages_of(CATALOG[game]))):
        embed, view = rules_page(CATALOG[game], page)
        check_embed(embed.to_dict())
        rows = view.to_components()
        check_components(rows)
        assert f"Page {page + 1} of {len(pages_of(CATALOG[game]))}" in (embed.footer.text or "")


def test_soi_memory_keeps_only_last_asks_in_view() -> None:
    """Under Soi's memory rule the table shows only the last three asks anywhere."""
    table = _table("soi", 4, 5, {"target": 20, "memory": True})
    _play(table, 20, random.Random(2))
    assert len(table.recent) > 3
    embed = table_embed(table.seen(), text_table=True).to_dict()
    assert embed["description"].count("• ") == 3
    asks = next(f for f in embed["fields"] if f["name"] == "Last asks")
    assert asks["value"].count("\n") == 2
