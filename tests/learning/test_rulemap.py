"""Every rule of docs/rules.md is played in a lesson step (issue 46), and docs/learning.md
shows the map from rule to step as the lessons' data holds it."""

from __future__ import annotations

import re
from pathlib import Path

from bot.learning.catalog import lessons
from bot.learning.rulemap import markdown, played

DOCS = Path(__file__).resolve().parents[2] / "docs"

# Sentences of the rule book a lesson plays on their own, beside its headings and bullets
# (the rules issue 46 found told but never played).
SENTENCES = frozenset({
    "soureh/scoring-a-round/multiple-of-100",
    "soureh/declaring-soureh/reveal/empty-stock",
    "pariah/knocking/queen-turns",
    "turup/the-cards/somali-pack",
    "turup/the-cards/two-decks",
    "soi/the-deal/random-first-player",
})

# A rule whose step must make the move it names (the word in the step's notation).
MOVES = {
    "soureh/your-turn/keep": "keep", "soureh/your-turn/give": "give",
    "soureh/your-turn/discard": "discard", "soureh/declaring-soureh": "declare",
    "soureh/declaring-soureh/final": "declare", "soureh/option-leave": "declare",
    "pariah/face-cards-drawn/jack": "jack", "pariah/face-cards-drawn/queen": "queen",
    "pariah/face-cards-drawn/king": "king", "pariah/knocking": "knock",
    "pariah/knocking/queen-turns": "knock", "turup/your-turn/capture": "capture",
    "turup/your-turn/trail": "trail", "soi/your-turn": "ask",
}


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower().replace("`", "")).strip("-")


def rule_ids(text: str) -> list[str]:
    """The rules of the rule book: each game's bold headings (``**The deal.**``) and the
    bold bullets under them (``- **keep** it …``), as ``<game>/<heading>[/<bullet>]``."""
    games = set(lessons())
    found: list[str] = []
    game: str | None = None
    heading: str | None = None
    for line in text.splitlines():
        section = re.match(r"## (\w+)", line)
        if section:
            game, heading = section[1].lower(), None
            game = game if game in games else None
            continue
        if game is None:
            continue
        head = re.match(r"\*\*(.+?)\*\*", line)
        if head:
            heading = slug(head[1])
            found.append(f"{game}/{heading}")
            continue
        bullet = re.match(r"- \*\*(.+?)\*\*", line)
        if bullet and heading:
            found.append(f"{game}/{heading}/{slug(bullet[1])}")
    return found


def test_every_rule_of_the_rule_book_is_played_in_a_lesson_step() -> None:
    """Each heading and bold bullet of docs/rules.md, and each sentence named above, is
    played by at least one lesson step."""
    rules = rule_ids((DOCS / "rules.md").read_text(encoding="utf-8"))
    assert len(rules) > 30
    missing = [r for r in [*rules, *sorted(SENTENCES)] if r not in played()]
    assert missing == []


def test_every_rule_a_step_names_is_one_of_the_rule_book() -> None:
    """A step names only rules that exist (no typo hides a rule left unplayed)."""
    rules = set(rule_ids((DOCS / "rules.md").read_text(encoding="utf-8"))) | SENTENCES
    assert sorted(set(played()) - rules) == []


def test_a_move_rule_is_played_by_a_step_that_makes_that_move() -> None:
    """A rule about a move (keep, give, a Jack, a knock, a trail, an ask …) is mapped to
    steps whose move is that move."""
    for rule, word in MOVES.items():
        for game, number, index in played()[rule]:
            step = lessons()[game][number - 1].steps[index - 1]
            assert word in step.action.split(), (rule, game, number, index, step.action)


def test_the_learning_page_shows_the_map() -> None:
    """docs/learning.md holds the map exactly as ``python -m bot.learning.rulemap`` prints
    it."""
    assert markdown() in (DOCS / "learning.md").read_text(encoding="utf-8")
