"""Each game's Look carries what shared presentation asks for (rules pages, option words,
its own component kinds, sample pictures), and the kinds keep the codes of messages
already sent."""

from __future__ import annotations

import pytest

from bot.games import registry
from bot.games.coop.look.kinds import CoopKind
from bot.games.registry import CATALOG, game
from bot.games.soi.look.kinds import SoiKind
from bot.games.turup.look.kinds import TurupKind
from bot.options import defaults
from bot.render.components import Kind
from bot.render.rules_text import pages_of, rules_pages
from bot.tables.model import Table
from cogs.rules.pages import rules_page
from storage.tables import SeatRecord, TableRecord, TableStatus
from tests.helpers.pictures import sample_player_view, sample_round_end, sample_view


def test_the_games_kinds_keep_the_codes_sent_messages_carry() -> None:
    """A button sent before the kinds moved into the games still parses to its step."""
    assert {k.value for k in CoopKind} == {"k1", "call"}
    assert {k.value for k in TurupKind} == {"tc", "tp", "tx", "tq"}
    assert {k.value for k in SoiKind} == {"sp", "ss"}
    assert set(game("soureh").look.steps) == set(game("pariah").look.steps) == set(CoopKind)
    assert set(game("turup").look.steps) == {TurupKind.CARD, TurupKind.PICK}
    assert set(game("turup").look.notations) == {TurupKind.CAPTURE, TurupKind.TAKE}
    assert set(game("soi").look.steps) == set(SoiKind)


def test_no_game_kind_takes_a_shared_code() -> None:
    shared = {k.value for k in Kind}
    for entry in CATALOG.values():
        assert not (set(entry.look.steps) | set(entry.look.notations)) & shared, entry.name


def test_soi_reads_its_steps_arguments() -> None:
    """A forged seat or rank does not read (the router answers "out of date")."""
    record = TableRecord(
        id=3, guild_id=1, channel_id=2, message_id=4, host_id=10, game="soi", variant={},
        seed=1, status=TableStatus.RUNNING, version=9, timer_seconds=None, deadline=None,
        end_reason=None, created_at="", started_at=None, ended_at=None,
    )
    table = Table(record=record, entry=registry.game(record.game),
                  seats=[SeatRecord(i, 10 + i, f"P{i}") for i in range(4)])
    steps = game("soi").look.steps
    read_player, read_rank = steps[SoiKind.PLAYER], steps[SoiKind.RANK]
    assert read_player is not None and read_rank is not None
    read_player(table, "2")
    read_rank(table, "2.Q")
    for bad in ("9", "x", "", "²"):
        with pytest.raises(ValueError):
            read_player(table, bad)
    for bad in ("2", "2.", "9.Q", ".Q"):
        with pytest.raises(ValueError):
            read_rank(table, bad)


@pytest.mark.parametrize("name", sorted(CATALOG))
def test_every_game_brings_rules_words_and_samples(name: str) -> None:
    look = game(name).look
    assert pages_of(game(name)) == look.rules
    assert len(rules_pages(game(name))) == len(look.rules) >= 2
    assert look.option_words(defaults(game(name).engine))
    assert look.pictures.samples is not None and look.pictures.card_sizes
    players = look.pictures.samples.palette_players
    assert sample_view(name, players, 1)["game"] == name
    assert sample_player_view(name, players, 0, 1)["seat"] == 0
    assert sample_round_end(name, players, 1).get("last_round") is not None


def test_no_game_has_no_rules() -> None:
    assert pages_of(None) == ()


def test_a_game_without_rules_pages_says_so() -> None:
    embed, view = rules_page(None, 0)
    assert embed.description == "That game has no rules page." and not view.children
