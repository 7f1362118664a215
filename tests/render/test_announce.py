"""The short public messages of a table: the turn ping, a round's end, the game's end."""

from __future__ import annotations

import dataclasses
import random

from bot.games.coop.look.text import round_summary, score_text
from bot.render.announce import (
    PRACTICE,
    RATED,
    SOLO,
    game_end_embed,
    only,
    ping_text,
    rating_note,
    round_end_embed,
)
from storage.tables import TableStatus
from tests.helpers.discord import check_embed
from tests.render.test_embeds import _play, _table


def test_ping_mentions_one_person_and_links_the_table() -> None:
    """The ping names the game, links the table and gives the deadline; only that user
    can be notified."""
    table = _table("soureh", 3, 1, {"threshold": 40})
    text = ping_text(table.seen(), 1, "https://discord.com/channels/1/2/3")
    assert text == ("<@101> — your turn at Soureh, [table #7](https://discord.com/channels/1/2/3)"
                    " · ends <t:1800000000:R>")
    allowed = only(101).to_dict()
    assert allowed["users"] == [101] and allowed["parse"] == []


def test_round_end_says_who_won_the_round() -> None:
    """A scored round names its winner and the totals, within Discord's limits."""
    table = _table("soureh", 3, 2, {"threshold": 300})
    rng = random.Random(1)
    while not table.rounds:
        _play(table, 1, rng)
    embed = round_end_embed(table.seen())
    assert embed is not None
    check_embed(embed.to_dict())
    text = embed.description or ""
    assert "won the round" in text and "Totals:" in text
    assert "round 1 is over" in (embed.title or "")


def test_game_end_marks_resigned_and_computer_seats_and_the_rating() -> None:
    """Standings mark (resigned) and 🤖; the note says practice, one person or rated."""
    table = _table("turup", 3, 2, {"rounds": 1})
    _play(table, 10_000, random.Random(3))
    table.record = dataclasses.replace(table.record, status=TableStatus.FINISHED)
    assert rating_note(table.seen(), False) == RATED
    table.seats[1] = dataclasses.replace(table.seats[1], resigned=True)
    table.seats[2] = dataclasses.replace(table.seats[2], user_id=None)
    assert rating_note(table.seen(), False) == PRACTICE
    assert rating_note(table.seen(), True) == RATED  # the server counts computer games
    alone = dataclasses.replace(table, seats=[table.seats[0]] + [
        dataclasses.replace(s, user_id=None) for s in table.seats[1:]])
    assert rating_note(alone.seen(), True) == SOLO
    embed = game_end_embed(table.seen(), PRACTICE)
    check_embed(embed.to_dict())
    text = embed.description or ""
    assert "won the game" in text and "(resigned)" in text and "🤖" in text
    assert PRACTICE in text


def test_round_summary_shows_the_multiple_of_100_rule() -> None:
    """Soureh's summary says "+10 · 100 → 50" when the rule took 50 off, and signs points."""
    view = {"last_round": {"round": 2, "reason": "stock", "coops": [[["AS", "2H"]] * 4],
                           "picks": [["AS", "2H", "3C", "4D"]], "points": [-40],
                           "totals": [50]}}
    text = round_summary(view, ["ann"]) or ""
    assert "Round 2 ended: the stock ran out." in text and "+10 · 100 → 50" in text
    assert score_text(-30, 70, None) == "-30"
