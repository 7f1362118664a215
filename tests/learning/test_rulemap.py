"""Every rule of docs/rules.md is played in a lesson step (issue 46), and docs/learning.md
shows the map from rule to step as the lessons' data holds it."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from bot.learning.catalog import lessons, position
from bot.learning.rulemap import markdown, played
from bot.learning.walk import LEARNER, Position

DOCS = Path(__file__).resolve().parents[2] / "docs"

# Sentences of the rule book a lesson plays on their own, beside its headings and bullets
# (the rules issue 46 found told but never played).
SENTENCES = frozenset({
    "soureh/scoring-a-round/multiple-of-100",
    "soureh/declaring-soureh/reveal/empty-stock",
    "pariah/knocking/queen-turns",
    "turup/the-cards/somali-pack",
    "turup/the-cards/two-decks",
    "turup/the-cards/three-decks",
    "turup/dealing-again/short-last-deal",
    "soi/the-deal/random-first-player",
    "soi/what-everyone-sees/memory",
    "pariah/discards-are-face-up/hidden",
    "pariah/winning/tie",
    "soureh/ending-the-game/lowest/shared-win",
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


def _copies(pos: Position) -> int:
    """How many times the learner's Turup move holds one same card (played and taken)."""
    action = pos.engine.parse_action(pos.state, pos.step.action if pos.step else "")
    return max(Counter(str(c) for c in action.args).values())


def _two_decks(pos: Position) -> bool:
    return 5 <= pos.lesson.players <= 7 and _copies(pos) == 2


def _three_decks(pos: Position) -> bool:
    return pos.lesson.players >= 8 and _copies(pos) == 3


def _remembered(pos: Position) -> bool:
    """The learner asks a player for a rank that player's own earlier ask showed, an ask
    the table (option ``memory``) no longer shows."""
    assert pos.step is not None
    _word, seat, code = pos.step.action.split()
    target, rank = int(seat), code[:-1]
    shown = pos.view()["asks"]
    whole = position(replace(pos.lesson, variant={**pos.lesson.variant, "memory": False}),
                     pos.index).view()["asks"]  # the same round with every ask kept
    told = [a for a in whole if a["asker"] == target and a["card"][:-1] == rank]
    return bool(pos.view()["memory"]) and bool(told) and not any(a in shown for a in told)


def _random_first(pos: Position) -> bool:
    """The round's first player was drawn, and is not the one after the dealer."""
    state = pos.state
    return state.first != (state.dealer + 1) % state.players


def _hidden_discard(pos: Position) -> bool:
    """The learner's move puts a card on the discard pile, and the opponent does not see
    it."""
    assert pos.step is not None
    engine, state = pos.engine, pos.state
    moved = engine.apply(state, engine.parse_action(state, pos.step.action)).state
    before, seen = engine.player_view(state, LEARNER + 1), engine.player_view(moved, LEARNER + 1)
    return seen["discard_count"] > before["discard_count"] and seen["discard_top"] is None


def _short_deal(pos: Position) -> bool:
    """The deck ran short: the last cards were dealt one at a time, so the learner holds
    fewer than four and some seat none."""
    hands = pos.state.hands
    return not pos.state.deck and 0 < len(hands[LEARNER]) < 4 and min(map(len, hands)) == 0


def _ends_the_round(pos: Position) -> bool:
    """The round is counted once this step's move and the moves after it are made."""
    before = pos.state
    after = position(pos.lesson, pos.index + 1).state
    return after.turn is None or after.round > before.round


def _tie_plays_on(pos: Position) -> bool:
    """Pariah: the round the learner's move ends leaves both players past the threshold
    with equal totals, and another round is dealt (nobody wins)."""
    after = position(pos.lesson, pos.index + 1).state
    threshold = after.variant.threshold
    both = after.totals[0] == after.totals[1] >= threshold
    return both and not after.winners and after.round == pos.state.round + 1


def _shared_lowest(pos: Position) -> bool:
    """Soureh, rule ``end: lowest``: the round the learner's move ends ends the game, and
    two players or more share the lowest total and the win."""
    after = position(pos.lesson, pos.index + 1).state
    low = min(after.totals)
    sharing = tuple(s for s, total in enumerate(after.totals) if total == low)
    return len(sharing) > 1 and after.winners == sharing and \
        max(after.totals) >= after.variant.threshold


# Rules issue 46 found told but never played, each with what the learner's own move at the
# step's real table state must show for the step to play it.
SHOWN_BY_THE_MOVE: dict[str, Callable[[Position], bool]] = {
    "turup/the-cards/two-decks": _two_decks,
    "turup/the-cards/three-decks": _three_decks,
    "soi/what-everyone-sees/memory": _remembered,
    "soi/the-deal/random-first-player": _random_first,
    "pariah/discards-are-face-up/hidden": _hidden_discard,
    "turup/dealing-again/short-last-deal": _short_deal,
    "turup/end-of-a-round": _ends_the_round,
    "pariah/winning/tie": _tie_plays_on,
    "soureh/ending-the-game/lowest/shared-win": _shared_lowest,
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


def test_a_rule_once_only_told_is_played_by_the_learners_own_move() -> None:
    """Turup's two and three decks, short last deal and round's end, Soi's memory and random
    first player, Pariah's hidden discards and tie at the threshold, Soureh's shared lowest
    total: each step that plays one makes a move that shows it at the real table state (the
    same card two or three times in one capture; the learner's last cards dealt one at a
    time; the round counted after it; an ask for what an ask no longer on the table showed;
    a first player drawn out of turn; a discard the opponent does not see; equal totals past
    the threshold and another round dealt; the game over with the lowest total shared)."""
    for rule, shows in SHOWN_BY_THE_MOVE.items():
        assert played()[rule], rule
        for game, number, index in played()[rule]:
            pos = position(lessons()[game][number - 1], index - 1)
            assert shows(pos), (rule, game, number, index)
