"""Soi's hard player: the focused habits, and its edge over the normal player."""

from __future__ import annotations

import random

import pytest

from bot.console.simulate import simulate
from bot.games.ai import choose_from_info
from bot.games.ai.view import Info
from bot.games.cards import Card
from bot.games.protocol import Action
from bot.games.registry import ENGINES
from bot.games.soi import Knowledge

pytestmark = pytest.mark.slow

NONE: frozenset[Card] = frozenset()


def _info(hand: list[str], asks: list[str], shown: tuple[str, ...] = ()) -> Info:
    """Seat 0 of 4 holds ``hand``; nothing is known of the others; it may ask ``asks``."""
    engine = ENGINES["soi"]
    view = dict(engine.player_view(engine.new_game(4, 3), 0))
    view["hand"] = hand
    view["seats"] = [{"hand_count": 13, "quads": [], "round_points": 0} for _ in range(4)]
    mine = Knowledge(
        known=NONE, absent=NONE, ranks=frozenset(Card.parse(f"{r}S").rank for r in shown)
    )
    know = (mine, *(Knowledge(known=NONE, absent=NONE, ranks=frozenset()) for _ in range(3)))
    legal = tuple(Action("ask", (s, Card.parse(c))) for s in (1, 2, 3) for c in asks)
    return Info("soi", 0, view, legal, know)


def test_hard_chases_the_dearest_rank_where_normal_chases_the_fullest() -> None:
    """With nothing known, hard asks for an ace; normal asks in the rank it holds most of."""
    info = _info(["AS", "7S", "7D", "7H"], ["AH", "AD", "AC", "7C"])
    hard = choose_from_info("soi", info, "hard", random.Random(0))
    normal = choose_from_info("soi", info, "normal", random.Random(0))
    assert hard.args[1].rank.value == "A"
    assert normal.args[1] == Card.parse("7C")


def test_hard_keeps_to_a_rank_the_table_knows_it_holds() -> None:
    """Hard asks again in the rank it already showed (9) before a dearer unshown one (10)."""
    info = _info(["9S", "10S"], ["9H", "9D", "9C", "10H", "10D", "10C"], shown=("9",))
    for seed in range(10):
        action = choose_from_info("soi", info, "hard", random.Random(seed))
        assert action.args[1].rank.value == "9"


def test_hard_still_takes_a_sure_card_first() -> None:
    """A card the table knows seat 2 holds beats any guess, even a dearer one."""
    info = _info(["AS", "5S"], ["AH", "AD", "AC", "5H", "5D", "5C"])
    five = Card.parse("5H")
    know = list(info.history)
    know[2] = Knowledge(known=frozenset({five}), absent=NONE, ranks=frozenset({five.rank}))
    view = dict(info.view)
    sure = Info("soi", 0, view, info.legal, tuple(know))
    assert choose_from_info("soi", sure, "hard", random.Random(0)) == Action("ask", (2, five))


def test_one_hard_beats_three_normals_well_beyond_its_share() -> None:
    """Over 60 seeded 4-player games one hard seat wins at least 40 % (its share is 25 %)."""
    engine = ENGINES["soi"]
    stats = simulate(engine, ["hard", "normal", "normal", "normal"], games=60, seed=500)
    assert stats["hard"].wins / stats["hard"].seats >= 0.40
