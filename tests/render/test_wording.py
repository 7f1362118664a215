"""Wording of the games' text (issue 16): plurals, and Pariah's knock called a knock."""

from __future__ import annotations

from bot.catalog import game


def test_counts_agree_with_their_number() -> None:
    """One card, two cards: Turup's hand and pile and Soi's hands never say "1 cards"."""
    turup = {"seats": [{"hand_count": 1, "won": 0, "round_wins": 0}], "pile": ["5H"],
             "totals": [0], "deck": 1}
    fields = game("turup").look.public_fields(turup, ["ann"])
    assert "Hand: 1 card\n" in fields[0].value and fields[1].name.startswith("Pile (1 card)")
    soi = {"seats": [{"hand_count": 1, "quads": []}], "totals": [0]}
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
