"""Control panels built from real engine states: each decision point, limits, big captures."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.games import registry
from bot.games.cards import Card, standard_deck
from bot.games.coop.look.kinds import CoopKind
from bot.games.coop.moves import King
from bot.games.registry import ENGINES
from bot.games.soi.look.kinds import SoiKind
from bot.games.turup.look.kinds import TurupKind
from bot.games.turup.look.text import captures as turup_captures
from bot.render.card_text import card
from bot.render.components import Step
from bot.render.panels import panel
from bot.tables.model import Table
from storage.tables import SeatRecord, TableRecord, TableStatus
from tests.helpers.discord import check_components, check_embed


def _table(game: str, players: int, state: Any) -> Table:
    record = TableRecord(
        id=3, guild_id=1, channel_id=2, message_id=4, host_id=10, game=game, variant={},
        seed=1, status=TableStatus.RUNNING, version=9, timer_seconds=None, deadline=None,
        end_reason=None, created_at="", started_at=None, ended_at=None,
    )
    table = Table(record=record, entry=registry.game(record.game),
                  seats=[SeatRecord(i, 10 + i, f"P{i}") for i in range(players)])
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
    embed, view = panel(table.seen(), 0, Step(TurupKind.CARD, "10S"))
    check_embed(embed.to_dict())
    items = _items(view)
    capture_select = next(i for i in items if i.get("custom_id") == "cs:3:9:tx:10S")
    assert len(capture_select["options"]) == 24
    assert any(i.get("custom_id") == "cr:3:9:tp:10S" for i in items)
    _, pick = panel(table.seen(), 0, Step(TurupKind.PICK, "10S"))
    multi = next(i for i in _items(pick) if i.get("custom_id") == "cs:3:9:tq:10S")
    pile = table.public_view()["pile"]
    assert multi["max_values"] == len(pile) == len(multi["options"])
    chosen = [pile[i] for i, code in enumerate(pile) if code in ("4D", "3D", "2D", "AD")]
    action = table.engine.parse_action(table.state, " ".join(["capture", "10S", *chosen]))
    assert action.word == "capture"


def test_turup_root_panel_lists_every_move_as_one_choice() -> None:
    """Turup's panel lists every capture and trail as one choice ("8♣ takes 5♦ + 3♠",
    "Trail 8♣"), each a legal move, all of them, over several seeded deals."""
    engine = ENGINES["turup"]
    for seed in range(20):
        state = engine.new_game(2, seed)
        for _ in range(seed % 7):
            state = engine.apply(state, engine.legal_actions(state)[-1]).state
        table = _table("turup", 2, state)
        _, view = panel(table.seen(), engine.to_act(state))
        offered = _offered(view)
        legal = {str(a) for a in engine.legal_actions(state)}
        assert set(offered) == legal
        for notation, label in offered.items():
            word, code, *taken = notation.split()
            if word == "trail":
                assert label == f"Trail {card(code)}"
            else:
                assert label == f"{card(code)} takes " + " + ".join(card(c) for c in taken)


def test_turup_too_many_moves_ask_for_the_card_first() -> None:
    """When the moves do not fit the root's selects, the card to play comes first."""
    table = _table("turup", 2, _big_pile_state())
    assert len(table.engine.legal_actions(table.state)) > 100
    _, view = panel(table.seen(), 0)
    (select,) = _items(view)
    assert select["custom_id"] == "cs:3:9:tc"
    assert sorted(o["value"] for o in select["options"]) == sorted(table.player_view(0)["hand"])


def test_soi_asks_are_grouped_per_opponent() -> None:
    """Soi's root panel holds every legal ask, each select one opponent's only ("Ask P1
    for…"), never one select running across two opponents; a rank step remains for an
    opponent with more asks than fit."""
    engine = ENGINES["soi"]
    for seed in range(8):
        state = engine.new_game(4, seed)
        seat = engine.to_act(state)
        table = _table("soi", 4, state)
        _, view = panel(table.seen(), seat)
        items = _items(view)
        assert items and len(items) <= 4
        reached = set()
        for item in items:
            values = [o["value"] for o in item["options"]]
            if item["custom_id"].startswith("cs:3:9:ss:"):  # his ranks, then the suit
                targets = {v.split(".")[0] for v in values}
                for value in values:
                    _, suits = panel(table.seen(), seat, Step(SoiKind.RANK, value))
                    reached |= {o["value"] for o in _items(suits)[0]["options"]}
            else:
                assert item["custom_id"].startswith("cs:3:9:a:m")
                targets = {v.split()[1] for v in values}
                reached |= set(values)
                labels = {o["label"] for o in item["options"]}
                assert labels == {card(v.split()[2]) for v in values}
            assert len(targets) == 1, values  # one opponent per select
            assert item["placeholder"].startswith(f"Ask \u2068P{targets.pop()}\u2069 for")
        assert reached == {str(a) for a in engine.legal_actions(state)}


@pytest.mark.parametrize("game", ["soureh", "pariah"])
def test_coop_panels_follow_the_decision_points(game: str) -> None:
    """Draw first; then keep/give/discard (and face cards) — every option a legal action."""
    engine = ENGINES[game]
    state = engine.new_game(2, 3)
    table = _table(game, 2, state)
    _, view = panel(table.seen(), 0)
    assert [i["label"] for i in _items(view)] == ["Draw"]
    for seed in range(30):
        start = engine.new_game(2, seed)
        state = engine.apply(start, engine.parse_action(start, "draw")).state
        table = _table(game, 2, state)
        embed, view = panel(table.seen(), 0)
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


def test_panel_for_waiting_seat_offers_what_comes_next() -> None:
    """A seat that is not to act sees whose turn it is and no move, but My cards and the way
    back to the table message (a finished panel is no dead end)."""
    engine = ENGINES["turup"]
    table = _table("turup", 2, engine.new_game(2, 7))
    embed, view = panel(table.seen(), 1)
    items = _items(view)
    assert "It is \u2068P0\u2069's turn now." in (embed.description or "")
    assert [i.get("label") for i in items] == ["My cards", "Back to the table"]
    assert items[0]["custom_id"] == "cr:3:9:my"
    assert items[1]["url"] == "https://discord.com/channels/1/2/4"


def _find(game: str, variant: Any, wanted: Any) -> Any:
    """A state of a seeded random game where ``wanted(engine, state)`` holds."""
    import random

    engine = ENGINES[game]
    for seed in range(300):
        rng = random.Random(seed)
        state = engine.new_game(2, seed, variant)
        for _ in range(400):
            if engine.to_act(state) is None:
                break
            if wanted(engine, state):
                return state
            state = engine.apply(state, rng.choice(engine.legal_actions(state))).state
    raise AssertionError("no such state found")


def _offered(view: discord.ui.View) -> dict[str, str]:
    """Notation -> label of every move a panel offers (buttons and the moves' selects)."""
    offered = {}
    for item in _items(view):
        cid = item["custom_id"]
        if cid.startswith("cr:3:9:a:"):
            offered[cid.removeprefix("cr:3:9:a:").replace("_", " ")] = item["label"]
        if cid.startswith("cs:3:9:a"):
            offered.update({o["value"]: o["label"] for o in item["options"]})
    return offered


def _phase(phase: str) -> Any:
    return lambda engine, state: engine.public_view(state)["phase"] == phase


@pytest.mark.parametrize("can_reveal", [True, False])
def test_reveal_turn_offers_draw_and_reveal_whatever_the_coops(can_reveal: bool) -> None:
    """The declarer's returning turn shows Draw and Reveal whether or not he may reveal
    (the table must not learn it), and nothing else."""
    engine = ENGINES["soureh"]
    state = _find("soureh", engine.Variant(declare="reveal"), lambda e, s: (
        e.public_view(s)["phase"] == "reveal"
        and ("reveal" in {str(a) for a in e.legal_actions(s)}) is can_reveal))
    table = _table("soureh", 2, state)
    embed, view = panel(table.seen(), engine.to_act(state))
    assert _offered(view) == {"draw": "Draw", "reveal": "Reveal"}
    assert [i["label"] for i in _items(view)] == ["Draw", "Reveal"]
    assert "Reveal your coops, or draw" in (embed.description or "")


@pytest.mark.parametrize(("game", "call"), [("soureh", "declare"), ("pariah", "knock")])
def test_the_call_is_one_toggle_not_every_move_twice(game: str, call: str) -> None:
    """The plain moves are offered once, with one toggle ("Knock with my move…"); the
    toggle's step offers the same moves with the call, and a way back; together every
    legal move but the Kings' (their own step) is offered, each once."""
    engine = ENGINES[game]
    state = _find(game, None, lambda e, s: (
        e.public_view(s)["phase"] == "place" and any(a.call for a in e.legal_actions(s))))
    table = _table(game, 2, state)
    seat = engine.to_act(state)
    _, root = panel(table.seen(), seat)
    plain = _offered(root)
    assert not any(n.endswith(call) for n in plain)
    toggles = [i for i in _items(root) if i["custom_id"] == "cr:3:9:call"]
    assert [t["label"] for t in toggles] == [f"{call.capitalize()} with my move…"]
    _embed, calling = panel(table.seen(), seat, Step(CoopKind.CALL))
    called = _offered(calling)
    assert called and all(n.endswith(f" {call}") for n in called)
    assert any(i.get("label") == f"Don't {call}" and i["custom_id"] == "cr:3:9:nav"
               for i in _items(calling))
    legal = {str(a) for a in engine.legal_actions(state) if a.word != "king"}
    assert set(plain) | set(called) == legal and not set(plain) & set(called)
    assert len(_rows(root)) <= 4 and len(_rows(calling)) <= 4


def test_keep_buttons_say_which_card_goes_out() -> None:
    """Keep 1 names the face-down card it replaces ("Keep 1 · 9♣ out"), Jack the face-up."""
    engine = ENGINES["soureh"]
    state = _find("soureh", None, _phase("place"))
    table = _table("soureh", 2, state)
    seat = engine.to_act(state)
    mine = table.player_view(seat)["seats"][seat]
    offered = _offered(panel(table.seen(), seat)[1])
    for slot in range(1, 5):
        assert offered[f"keep {slot}"] == f"Keep {slot} · {card(mine['down'][slot - 1])} out"


def test_pariah_king_second_step_offers_the_knock() -> None:
    """A King swap that may knock offers the knocking swap beside the plain one."""
    engine = ENGINES["pariah"]
    state = _find("pariah", None, lambda e, s: any(
        a.word == "king" and a.call for a in e.legal_actions(s)))
    table = _table("pariah", 2, state)
    king = next(a for a in engine.legal_actions(state) if a.word == "king" and a.call)
    seat, slot = King.of(king).first
    _, view = panel(table.seen(), engine.to_act(state), Step(CoopKind.KING_FIRST, f"{seat}.{slot}"))
    offered = _offered(view)
    assert str(king) in offered and offered[str(king)].endswith("and knock")
    assert str(king).removesuffix(" knock") in offered


def test_no_legal_action_lacks_a_way_to_the_panel() -> None:
    """In phases draw and place, every legal coop action appears on the panel (Kings by
    their first card, calls on the toggle's step)."""
    for game in ("soureh", "pariah"):
        engine = ENGINES[game]
        for phase in ("draw", "place"):
            state = _find(game, None, _phase(phase))
            table = _table(game, 2, state)
            _, view = panel(table.seen(), engine.to_act(state))
            offered = _offered(view)
            offered |= _offered(panel(table.seen(), engine.to_act(state), Step(CoopKind.CALL))[1])
            kings = {"{}.{}".format(*King.of(a).first) for a in engine.legal_actions(state)
                     if a.word == "king"}
            firsts = {o["value"] for i in _items(view) if i["custom_id"].startswith("cs:3:9:k1")
                      for o in i["options"]}
            assert firsts == kings
            assert set(offered) == {str(a) for a in engine.legal_actions(state)
                                    if a.word != "king"}


@pytest.mark.parametrize("discards", ["hidden", "open"])
def test_discard_pile_text_shows_its_top_only_when_open(discards: str) -> None:
    """With face-down discards the table text, the panel and the terminal name only the
    pile's size; with open discards they show its top card too."""
    from bot.games.registry import game as catalog_game

    engine = ENGINES["soureh"]
    state = _find("soureh", engine.Variant(discards=discards), lambda e, s: (
        e.public_view(s)["discard_count"] >= 2 and e.public_view(s)["phase"] == "draw"))
    table = _table("soureh", 2, state)
    look = catalog_game("soureh").look
    view = table.public_view()
    pile = look.public_fields(view, table.names)[-1].value
    board = look.board_lines(table.player_view(0), table.names)[0]
    count = view["discard_count"]
    if discards == "hidden":
        assert view["discard_top"] is None
        assert f"Discard: {count} cards, face down" in pile
        assert board.endswith(f"discard pile {count}, face down")
    else:
        top = view["discard_top"]
        assert f"Discard: {card(top)} ({count} cards)" in pile and "top" in board


def test_soi_five_opponents_are_chosen_first() -> None:
    """With five opponents the root panel names them (one row of buttons, room left for
    Hint); an opponent's step lists his asks, or his ranks first when they do not fit one
    select, then that rank's suits."""
    from bot.games.protocol import Action
    from bot.games.soi.look.text import SOI
    from bot.render.components import TableView

    engine = ENGINES["soi"]
    table = _table("soi", 6, engine.new_game(6, 1))
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J"]
    asks = [Action("ask", (t, f"{r}{s}")) for t in range(1, 6) for r in ranks for s in "SHD"]
    pv = table.player_view(table.to_act() or 0)
    view = TableView(table.seen())
    prompt = SOI.panel_steps(table, Step(), asks, view, pv)
    items = [c for row in view.to_components() for c in row["components"]]
    assert [i["custom_id"] for i in items] == [f"cr:3:9:sp:{t}" for t in range(1, 6)]
    assert [i["label"] for i in items] == [f"\u2068P{t}\u2069" for t in range(1, 6)]
    assert len(view.to_components()) == 1 and "ask" in prompt
    view = TableView(table.seen())
    SOI.panel_steps(table, Step(SoiKind.PLAYER, "2"), asks, view, pv)
    (ranks_select,) = [c for row in view.to_components() for c in row["components"]
                       if c["type"] == 3]
    assert [o["value"] for o in ranks_select["options"]] == [f"2.{r}" for r in ranks]
    view = TableView(table.seen())
    SOI.panel_steps(table, Step(SoiKind.RANK, "2.Q"), [*asks, Action("ask", (2, "QC"))],
                    view, pv)
    (suits,) = [c for row in view.to_components() for c in row["components"] if c["type"] == 3]
    assert [o["value"] for o in suits["options"]] == ["ask 2 QC"]
