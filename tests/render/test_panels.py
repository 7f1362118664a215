"""Control panels built from real engine states: each decision point, limits, big captures."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.games import ENGINES
from bot.games.cards import Card, standard_deck
from bot.render.card_text import card
from bot.render.components import Kind, Step
from bot.render.panels import panel
from bot.render.turup import captures as turup_captures
from bot.tables.model import Table
from storage.tables import SeatRecord, TableRecord, TableStatus
from tests.helpers.discord import check_components, check_embed


def _table(game: str, players: int, state: Any) -> Table:
    record = TableRecord(
        id=3, guild_id=1, channel_id=2, message_id=4, host_id=10, game=game, variant={},
        seed=1, status=TableStatus.RUNNING, version=9, timer_seconds=None, deadline=None,
        end_reason=None, created_at="", started_at=None, ended_at=None,
    )
    table = Table(record=record, seats=[SeatRecord(i, 10 + i, f"P{i}") for i in range(players)])
    table.state = state
    return table


def _rows(view: discord.ui.View) -> list[dict[str, Any]]:
    rows = view.to_components()
    check_components(rows)
    return rows


def _items(view: discord.ui.View) -> list[dict[str, Any]]:
    return [c for row in _rows(view) for c in row["components"]]


def _big_pile_state() -> Any:
    """Turup, seat 0 to play 10♠ over a pile of ten small cards (dozens of captures)."""
    engine = ENGINES["turup"]
    top = [Card.parse(c) for c in
           ["AS", "2S", "3S", "10S", "AH", "2H", "3H", "4H", "AD", "2D", "3D", "4D"]]
    rest = [c for c in standard_deck() if c not in top]
    state = engine.new_game(2, 1, None, deck=top + rest)
    for text in ("trail AS", "trail AH", "trail 2S", "trail 2H", "trail 3S", "trail 3H"):
        state = engine.apply(state, engine.parse_action(state, text)).state
    return state


def test_turup_more_than_25_captures_offers_pick_cards() -> None:
    """With more capture sets than a select holds, the panel offers Pick cards, whose
    multi-select of the pile builds a capture the engine accepts."""
    table = _table("turup", 2, _big_pile_state())
    actions = table.engine.legal_actions(table.state)
    assert len(turup_captures(actions, "10S")) > 25
    embed, view = panel(table, 0, Step(Kind.TURUP_CARD, "10S"))
    check_embed(embed.to_dict())
    items = _items(view)
    capture_select = next(i for i in items if i.get("custom_id") == "cs:3:9:tx:10S")
    assert len(capture_select["options"]) == 24
    assert any(i.get("custom_id") == "cr:3:9:tp:10S" for i in items)
    _, pick = panel(table, 0, Step(Kind.TURUP_PICK, "10S"))
    multi = next(i for i in _items(pick) if i.get("custom_id") == "cs:3:9:tq:10S")
    pile = table.public_view()["pile"]
    assert multi["max_values"] == len(pile) == len(multi["options"])
    chosen = [pile[i] for i, code in enumerate(pile) if code in ("4D", "3D", "2D", "AD")]
    action = table.engine.parse_action(table.state, " ".join(["capture", "10S", *chosen]))
    assert action.word == "capture"


def test_turup_root_panel_lists_hand_cards() -> None:
    """The first Turup step is a select of the hand's cards."""
    engine = ENGINES["turup"]
    table = _table("turup", 2, engine.new_game(2, 7))
    _, view = panel(table, 0)
    select = _items(view)[0]
    hand = table.player_view(0)["hand"]
    assert sorted(o["value"] for o in select["options"]) == sorted(hand)


def test_soi_steps_player_rank_suit() -> None:
    """Soi asks in three selects: player, rank from the hand, then the missing suits."""
    engine = ENGINES["soi"]
    state = engine.new_game(4, 5)
    seat = engine.to_act(state)
    table = _table("soi", 4, state)
    _, view = panel(table, seat)
    targets = [o["value"] for o in _items(view)[0]["options"]]
    assert str(seat) not in targets and targets
    _, ranks = panel(table, seat, Step(Kind.SOI_PLAYER, targets[0]))
    rank_values = [o["value"] for o in _items(ranks)[0]["options"]]
    hand_ranks = {c[:-1] for c in table.player_view(seat)["hand"]}
    assert {v.split(".")[1] for v in rank_values} <= hand_ranks
    _, suits = panel(table, seat, Step(Kind.SOI_RANK, rank_values[0]))
    asks = [o["value"] for o in _items(suits)[0]["options"]]
    legal = {str(a) for a in engine.legal_actions(state)}
    assert asks and set(asks) <= legal


@pytest.mark.parametrize("game", ["soureh", "pariah"])
def test_coop_panels_follow_the_decision_points(game: str) -> None:
    """Draw first; then keep/give/discard (and face cards) — every option a legal action."""
    engine = ENGINES[game]
    state = engine.new_game(2, 3)
    table = _table(game, 2, state)
    _, view = panel(table, 0)
    assert [i["label"] for i in _items(view)] == ["Draw"]
    for seed in range(30):
        start = engine.new_game(2, seed)
        state = engine.apply(start, engine.parse_action(start, "draw")).state
        table = _table(game, 2, state)
        embed, view = panel(table, 0)
        check_embed(embed.to_dict())
        legal = {str(a) for a in engine.legal_actions(state)}
        for item in _items(view):
            cid = item["custom_id"]
            if cid.startswith("cr:3:9:a:"):
                assert cid.removeprefix("cr:3:9:a:").replace("_", " ") in legal
            for option in item.get("options") or []:
                if cid.startswith("cs:3:9:a"):
                    assert option["value"] in legal
        drawn = table.drawn_card(0)
        assert drawn is not None and f"You drew **{card(drawn)}**" in (embed.description or "")


def test_panel_for_waiting_seat_has_no_controls() -> None:
    """A seat that is not to act sees its cards and whose turn it is, with no controls."""
    engine = ENGINES["turup"]
    table = _table("turup", 2, engine.new_game(2, 7))
    embed, view = panel(table, 1)
    assert view.to_components() == [] and "P0 is to act" in (embed.description or "")


def _find_phase(game: str, variant: Any, phase: str) -> Any:
    """A state of a seeded random game in which the seat to act faces ``phase``."""
    import random

    engine = ENGINES[game]
    for seed in range(200):
        rng = random.Random(seed)
        state = engine.new_game(2, seed, variant)
        for _ in range(400):
            if engine.to_act(state) is None:
                break
            if engine.public_view(state)["phase"] == phase:
                return state
            state = engine.apply(state, rng.choice(engine.legal_actions(state))).state
    raise AssertionError(f"no {phase} phase found")


@pytest.mark.parametrize(
    ("game", "options", "phase", "labels"),
    [
        ("soureh", {"declare": "reveal"}, "reveal", {"Reveal", "Continue"}),
        ("soureh", {}, "declare", {"Declare", "End turn"}),
        ("pariah", {}, "declare", {"Knock", "End turn"}),
    ],
)
def test_coop_end_of_turn_buttons(
    game: str, options: dict[str, str], phase: str, labels: set[str]
) -> None:
    """Declare/Knock/End and Reveal/Continue appear exactly when the engine offers them."""
    engine = ENGINES[game]
    state = _find_phase(game, engine.Variant(**options), phase)
    seat = engine.to_act(state)
    table = _table(game, 2, state)
    _, view = panel(table, seat)
    shown = {i["label"] for i in _items(view)}
    assert labels <= shown
    legal = {str(a) for a in engine.legal_actions(state)}
    assert len(shown) == len(legal)
