"""Wording of the games' text (issue 16): plurals, Pariah's knock called a knock, one
pronoun for a player."""

from __future__ import annotations

import random
import re

import pytest

from bot.games.registry import CATALOG, ENGINES, game


def test_counts_agree_with_their_number() -> None:
    """One card, two cards: Turup's hand and pile and Soi's hands never say "1 cards"."""
    turup = {"game": "turup", "seats": [{"hand_count": 1, "won": 0, "round_wins": 0}],
             "pile": ["5H"],
             "totals": [0], "deck": 1}
    fields = game("turup").look.public_fields(turup, ["ann"])
    assert "Hand: 1 card\n" in fields[0].value and fields[1].name.startswith("Pile (1 card)")
    soi = {"game": "soi", "seats": [{"hand_count": 1, "quads": []}], "totals": [0]}
    assert game("soi").look.public_fields(soi, ["ann"])[0].value.startswith("1 card\n")
    turup["seats"][0]["hand_count"], turup["pile"] = 0, ["5H", "6H"]
    fields = game("turup").look.public_fields(turup, ["ann"])
    assert "Hand: 0 cards\n" in fields[0].value and fields[1].name.startswith("Pile (2 cards)")


def test_pariah_says_knocked_and_soureh_declared() -> None:
    """The seat with a pending call is "knocked" in Pariah, "declared" in Soureh."""
    for name, word in (("pariah", "knocked"), ("soureh", "declared")):
        view = {"game": name, "declarer": 0, "seats": [{"up": None}], "totals": [0]}
        head = game(name).look.public_fields(view, ["ann"])[0].name
        assert head.endswith(word)


MASCULINE = re.compile(r"\b(he|him|his|himself)\b", re.IGNORECASE)


@pytest.mark.slow
def test_players_are_they_in_every_text_a_player_reads() -> None:
    """One pronoun for a player (singular "they", docs/wording.md): the rules pages and
    the texts of whole random games of every game never say "he", "him" or "his"."""
    for game_name, entry in CATALOG.items():
        for heading, paragraphs in entry.look.rules:
            for text in paragraphs:
                assert not MASCULINE.search(text), (game_name, heading, text)
    rng = random.Random(1)
    for name, engine in ENGINES.items():
        players = 4 if engine.max_players >= 4 else engine.max_players
        for seed in range(6):
            state = engine.new_game(players, seed, engine.Variant())
            names = [f"p{i}" for i in range(players)]
            for _ in range(3000):
                if engine.to_act(state) is None:
                    break
                action = rng.choice(engine.legal_actions(state))
                said = engine.describe(state, action)
                assert not MASCULINE.search(said), (name, said)
                transition = engine.apply(state, action)
                for event in transition.events:
                    text = event.render(names)
                    assert not MASCULINE.search(text), (name, text)
                state = transition.state


def test_no_text_of_the_catalogs_says_he() -> None:
    """Every text the code marks for people (all of them, not only those a random game
    reaches) uses singular "they"."""
    from bot.i18n.catalogs import extract

    said = [m.id for m in extract() if m.id]
    texts = [t for i in said for t in (i if isinstance(i, tuple) else (i,))]
    assert len(texts) > 500
    assert [t for t in texts if MASCULINE.search(t)] == []
