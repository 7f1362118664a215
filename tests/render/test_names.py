"""``bot.render.names.shown``, the one function every name goes through (DESIGN 6a): bidi
controls gone, markdown and mentions escaped (not in labels), the name isolated in every
language; cut names and labels keep their isolate closed; the stats pages (leaderboard,
history, the rounds table) use it."""

from __future__ import annotations

import pytest

from bot.i18n import FSI, PDI, use_locale
from bot.rating import Skill
from bot.render.card_text import seat_name, truncate
from bot.render.components import option
from bot.render.names import BIDI_CONTROLS, names_as, plain, shown
from cogs.stats import pages as se
from storage.stats_models import (
    GameDetail,
    GameSummary,
    LeaderboardPage,
    LeaderboardRow,
    SeatLine,
    SortKey,
)
from tests.helpers.games import every_game

HOSTILE = ("[Free Nitro](https://x.y)", "**bold**", "@everyone", "<@123>", "ann\u202e",
           "\u2067bob", "\u2069\u202ecat")
OPENERS = ("\u2066", "\u2067", FSI)


def balanced(text: str) -> bool:
    """Every isolate closed, none closed twice, and no embedding or override."""
    depth = 0
    for ch in text:
        if "\u202a" <= ch <= "\u202e":
            return False
        depth += ch in OPENERS
        depth -= ch == PDI
        if depth < 0:
            return False
    return depth == 0


@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize("name", HOSTILE)
def test_a_name_is_isolated_without_its_controls_in_every_language(
    name: str, language: str
) -> None:
    """In English and Arabic alike the name sits alone in FSI … PDI, none of its own bidi
    controls kept, so the text after it keeps its order."""
    with use_locale(language):
        text = f"{seat_name([name, 'dan'], 0)} 12 · {seat_name([name, 'dan'], 1)} 30"
    inner = text[1:text.index(PDI)]
    assert text.startswith(FSI) and not BIDI_CONTROLS & set(inner)
    assert text[text.index(PDI):] == f"{PDI} 12 · {FSI}dan{PDI} 30"
    assert balanced(text)


def test_markdown_mentions_and_links_are_escaped_but_not_in_labels() -> None:
    """A masked link, bold, @everyone, a raw mention and a bare link show as typed in
    markdown text; a label (not markdown) keeps the letters as they are."""
    link = "\\[Free Nitro\\](https:\u200b//x.y)"
    assert shown("[Free Nitro](https://x.y)") == f"{FSI}{link}{PDI}"
    assert shown("**bold**") == f"{FSI}\\*\\*bold\\*\\*{PDI}"
    assert shown("@everyone") == f"{FSI}@\u200beveryone{PDI}"
    assert "<@123>" not in shown("<@123>") and "<#5>" not in shown("<#5>")
    assert shown("**bold**\u202e", markdown=False) == f"{FSI}**bold**{PDI}"
    assert plain("a\u2067b\nc") == "ab c"


def test_a_name_kept_once_shown_still_follows_each_form_it_is_asked_in() -> None:
    """``shown`` keeps what it made of a name (issue 42): the same name asked again in
    the other form (markdown or a label, by argument or by ``names_as``) or cut to another
    width is made again, never the one kept for the first form."""
    name = "**ann**"
    for _ in range(2):
        assert shown(name) == f"{FSI}\\*\\*ann\\*\\*{PDI}"
        assert shown(name, markdown=False) == f"{FSI}**ann**{PDI}"
        with names_as(markdown=False):
            assert shown(name) == f"{FSI}**ann**{PDI}"
        assert shown(name, limit=4) == f"{FSI}\\*\\*a…{PDI}"


def test_a_cut_name_escapes_its_link_and_closes_its_isolate() -> None:
    """A name cut to a width still has its ``[`` escaped and its isolate closed."""
    text = shown("[Free Nitro](https://x.y)", limit=12)
    assert text.startswith(f"{FSI}\\[Free") and text.endswith(f"…{PDI}")


def test_truncate_closes_an_isolate_it_cuts() -> None:
    """Cutting a line in the middle of a name closes the name's isolate within the limit."""
    line = f"Ask {shown('x' * 150, markdown=False)} for Q♥"
    cut = truncate(line, 100)
    assert len(cut) <= 100 and balanced(cut) and cut.endswith(f"…{PDI}")


def test_labels_with_long_hostile_names_fit_and_stay_closed() -> None:
    """A select option naming a long hostile name stays within 100 characters, isolated."""
    name = "\u2067" + "é" * 120 + "\u202e"
    chosen = option(f"Ask {seat_name([name], 0, markdown=False)} for Q♥", "ask 0 QH")
    assert len(chosen.label) <= 100 and balanced(chosen.label)


def test_leaderboard_history_and_rounds_show_names_as_data() -> None:
    """The leaderboard, a game's seats and its rounds table: no live link, no reordering
    control, names isolated; the rounds table keeps its columns and code block."""
    rows = tuple(LeaderboardRow(rank=i + 1, user_id=i, name=n, games=1, wins=1,
                                skill=Skill(25.0, 1.0)) for i, n in enumerate(HOSTILE))
    page = LeaderboardPage(guild_id=1, game="soi", sort=SortKey.RATING, page=0, pages=1,
                           total=len(rows), rows=rows, own=None)
    board = se.leaderboard_embed(page, games=every_game()).description or ""
    seats = tuple(SeatLine(seat=i, user_id=i + 1, name=n + "`", total=i, place=i + 1,
                           winner=i == 0, resigned=False) for i, n in enumerate(HOSTILE))
    summary = GameSummary(result_id=1, table_id=1, game="soi", reason="finished",
                          counted=True, rated=True, started_at="2026-11-22 10:00:00",
                          ended_at="2026-11-22 11:00:00", seats=seats)
    listed = se.seats_text(seats)
    table = se.rounds_table(GameDetail(summary=summary, variant={}, seed=1,
                                       rounds=((1,) * len(seats),)))
    for text in (board, listed):
        assert "[Free Nitro](" not in text and "**bold" not in text and "@everyone" not in text
        assert all(balanced(line) for line in text.split("\n")), text
        assert f"{FSI}\\*\\*bold\\*\\*" in text
    lines = table.split("\n")
    assert lines[0] == "```" and lines[-1] == "```" and table.count("`") == 6
    assert balanced(lines[1]) and not set("\u202a\u202b\u202c\u202d\u202e") & set(table)
    header = plain(lines[1])
    assert len(header) == len(plain(lines[2])) == len(lines[3])  # columns line up
