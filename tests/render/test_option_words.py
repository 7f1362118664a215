"""The table message's footer says the options as a player would (issue 37), and the
leaderboard explains its rating in words, in every language the bot speaks."""

from __future__ import annotations

import pytest

from bot.i18n import use_locale
from bot.render.option_words import plain_options
from tests.helpers.games import every_game

JARGON = ("declare final", "end lowest", "leave off", "threshold", "discards hidden",
          "timer off", "mu", "σ")


@pytest.mark.parametrize(("game", "variant", "timer", "words"), [
    ("soureh", {"threshold": 100}, None,
     "Lowest total wins · ends at 100 · a declaration gives everyone one more turn · "
     "discards face down · no turn timer"),
    ("soureh", {"end": "elimination", "declare": "reveal", "leave": True, "discards": "open"},
     180, "Out at 100 · the last one left wins · a declarer may reveal their coops and win · "
     "a winning declarer leaves the round · discards face up · 3 min a turn"),
    ("pariah", {"threshold": 60}, 45, "First to 60 wins · discards face up · 45 s a turn"),
    ("turup", {"rounds": 1}, None,
     "1 round · most cards taken wins · 52-card decks · no turn timer"),
    ("soi", {"memory": False}, None,
     "Most points wins · ends at 200 · every ask on show · no turn timer"),
])
def test_footer_says_the_options_in_plain_words(game: str, variant: dict[str, object],
                                                timer: int | None, words: str) -> None:
    """No option names ("declare final · end lowest · leave off"): what they mean."""
    text = plain_options(every_game()[game], variant, timer)
    assert text == words
    assert not any(j in text for j in JARGON)


@pytest.mark.parametrize("lang", ["ar", "el", "so"])
def test_footer_is_translated(lang: str) -> None:
    """The plain words are translated (not left in English)."""
    english = plain_options(every_game()["soureh"], {}, None)
    with use_locale(lang):
        text = plain_options(every_game()["soureh"], {}, None)
    assert text != english
    assert "Lowest total wins" not in text and "discards face down" not in text


def test_leaderboard_rating_in_words() -> None:
    """The leaderboard's footer explains the rating in a sentence, not "mu − 3σ"."""
    from bot.rating import Skill
    from cogs.stats.pages import leaderboard_embed
    from storage.stats_models import LeaderboardPage, LeaderboardRow, SortKey

    row = LeaderboardRow(rank=1, user_id=1, name="ann", games=3, wins=2, skill=Skill(30.0, 5.0))
    page = LeaderboardPage(guild_id=1, game="soi", sort=SortKey.WIN_RATE, page=0, pages=1,
                           total=1, rows=(row,), own=None)
    footer = leaderboard_embed(page, games=every_game()).footer.text or ""
    assert "mu" not in footer and "σ" not in footer and "conservative" not in footer
    assert "rises as you play more games and win" in footer
