"""Arabic lines as a reader sees them, laid out by the Unicode bidirectional algorithm
(ICU's ubidi, as Chromium lays Discord out: ``tests/helpers/bidi.py``), not only as they
are built (issue 46). In every Arabic line a lesson, a puzzle, a table, a panel, a round's
results or its events show: a card is one unit (its rank beside its suit, "8♣", never "8"
and "♣" at two ends of the line); the line reads right to left in its logical order
(Soi's ask: question → card → answer); a coop line runs coop 1 first, right to left; and
scores such as "+85 → 95" read left to right."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.discord.pictures import in_words
from bot.games.registry import ENGINES, game
from bot.i18n import LRI, PDI, use_locale
from bot.learning.catalog import lessons, position
from bot.learning.puzzles import Puzzle
from bot.render.alt import as_text
from bot.render.announce import round_end_embed
from bot.render.card_text import legible_embed
from bot.render.direction import RLI, directed
from bot.render.embeds import hand_embed, last_round_embed, table_embed
from bot.render.names import shown
from bot.render.panels import panel
from bot.tables.languages import Languages
from bot.tables.model import Table, Voice
from cogs.lessons.panel import labels
from cogs.lessons.screens import end_embed, step_embed
from storage.puzzles import StoredPuzzle
from tests.helpers import bidi
from tests.helpers.pictures import seat_alt
from tests.i18n.test_rtl_lines import embed_lines
from tests.render.test_embeds import _play
from tests.render.test_embeds import _table as _english_table

pytestmark = pytest.mark.skipif(not bidi.available(), reason="ICU (libicuuc) is not installed")

GAMES = [("soureh", 3, {"threshold": 40}), ("pariah", 2, {"threshold": 60}),
         ("turup", 4, {"rounds": 2}), ("soi", 4, {"target": 20, "memory": False})]


def _table(name: str, players: int, seed: int, variant: dict[str, object]) -> Table:
    """A running table of an Arabic server: its public events in Arabic, names shown as a
    channel shows them."""
    table = _english_table(name, players, seed, variant)
    languages = Languages()
    languages.server_choice[table.record.guild_id] = "ar"
    table.voice = Voice(shown=shown, languages=languages)
    table.state = table.engine.new_game(players, seed, table.engine.Variant(**variant))
    table.recent.clear()
    table.start_rounds()
    return table


def wrong(lines: list[str]) -> list[tuple[str, list[str]]]:
    """The lines that read wrong, with what is wrong."""
    return [(line, found) for line in lines if (found := bidi.problems(line))]


def test_the_check_sees_what_reads_wrong() -> None:
    """The check itself: a bare card in Arabic splits ("8" and "♣" apart), coops in one
    left-to-right run, a bare score, a sign beside an Arabic letter — each found; the
    same lines as the bot writes them read right."""
    bad = ["ضع 3♦ مكان ورقتك 8♣",
           f"{RLI}ana: {LRI}8♣/9♦ 2♥/7♠{PDI}{PDI}",
           f"{RLI}ana: +85 → 95{PDI}",
           f"{RLI}{LRI}+35{PDI} للأعشاش، و+50 لأربعة أعشاش{PDI}"]
    for line in bad:
        assert bidi.problems(line), line
    with use_locale("ar"):
        good = [directed(line.replace(RLI, "").replace(PDI, "").replace(LRI, ""))
                for line in bad]
    assert wrong(good) == []
    assert bidi.visual(good[0]).startswith("8♣"), bidi.visual(good[0])  # the line's end, left


def test_arabic_lessons_read_right_to_left_through_every_step() -> None:
    """Every step of every lesson, its labels and its end, in Arabic."""
    lines: list[str] = []
    with use_locale("ar"):
        for found in lessons().values():
            for lesson in found:
                for i in range(len(lesson.steps)):
                    embed, view = step_embed(position(lesson, i), "ana")
                    lines += embed_lines(embed) + list(labels(view))
                lines += embed_lines(end_embed(position(lesson, len(lesson.steps)), "ana",
                                               last=False))
    assert lines and wrong(lines) == []


def _puzzle_at(name: str, players: int, variant: dict[str, object], seed: int,
               moves_before: int) -> StoredPuzzle:
    """A puzzle at a position of a random game: its first five legal moves on offer."""
    engine = ENGINES[name]
    rng = random.Random(seed)
    log: list[str] = []
    state = engine.new_game(players, seed, engine.Variant(**variant))
    while len(log) < moves_before:
        action = rng.choice(engine.legal_actions(state))
        after = engine.apply(state, action).state
        if engine.to_act(after) is None:  # the game would end: the puzzle is here
            break
        log.append(str(action))
        state = after
    seat = engine.to_act(state)
    assert seat is not None
    moves = tuple(sorted(str(a) for a in engine.legal_actions(state))[:5])
    puzzle = Puzzle(name, players, seed, dict(variant), tuple(log), seat, moves,
                    tuple(None for _ in moves))
    return StoredPuzzle(id=1, game=name, data=puzzle.to_json())


@pytest.mark.parametrize(("name", "players", "variant"), GAMES)
def test_arabic_puzzles_read_right_to_left(name: str, players: int,
                                           variant: dict[str, object]) -> None:
    """A puzzle's position and its buttons, in Arabic, at a few positions."""
    from cogs.puzzles.cog import puzzle_message

    lines: list[str] = []
    with use_locale("ar"):
        for seed, before in ((3, 1), (5, 9), (8, 20)):
            embed, view = puzzle_message(game(name),
                                          _puzzle_at(name, players, variant, seed, before), "ana")
            lines += embed_lines(embed) + [str(b.label) for b in view.children
                                           if getattr(b, "label", None)]
    assert lines and wrong(lines) == []


def _text_mode_panel(table: Any, seat: int) -> Any:
    """The panel a reader of text gets (``/display text``): the picture's words in place
    of the picture, every card said in words."""
    embed, _view = panel(table.seen(), seat, picture=True)
    view = table.player_view(seat)
    in_words(embed, as_text(seat_alt(view, table.names, markdown=True)),
             game(table.game).look.private_text(view))
    return legible_embed(embed)


def _table_lines(table: Any) -> list[str]:
    seen = table.seen()
    embeds = [table_embed(seen)]
    lines: list[str] = []
    for seat in range(len(table.seats)):
        embed, view = panel(seen, seat)
        embeds += [embed, hand_embed(seen, seat), _text_mode_panel(table, seat)]
        lines += list(labels(view))
    embeds += [e for e in (last_round_embed(seen), round_end_embed(seen)) if e is not None]
    return lines + [line for embed in embeds for line in embed_lines(embed)]


@pytest.mark.parametrize(("name", "players", "variant"), GAMES)
def test_arabic_games_read_right_to_left(name: str, players: int,
                                         variant: dict[str, object]) -> None:
    """Through whole games: the table message (its recent events: Soi's asks, the round
    lines), every panel and hand (in pictures and in text mode), the round's results, in
    Arabic."""
    for seed in (5, 11):
        table = _table(name, players, seed, variant)
        rng = random.Random(seed)
        seen: list[str] = []
        while table.engine.to_act(table.state) is not None:
            _play(table, 2, rng)
            with use_locale("ar"):
                seen += _table_lines(table)
        bad = wrong(seen)
        assert bad == [], "\n".join(f"{line!r}: {found}" for line, found in bad[:5])


def test_soi_asks_read_question_card_answer() -> None:
    """Soi's ask in Arabic, as the reader's eye meets it from the right: who asked whom
    for, the card, then the answer."""
    table = _table("soi", 4, 5, {"target": 20, "memory": False})
    rng = random.Random(5)
    asks = []
    while len(asks) < 6 and table.engine.to_act(table.state) is not None:
        _play(table, 1, rng)
        with use_locale("ar"):
            asks += [line for line in embed_lines(table_embed(table.seen())) if "طلب" in line
                     and any(suit in line for suit in bidi.SUITS)]
    assert asks
    for line in asks:
        shown = bidi.visual(line)
        card = next(c for c in bidi.CARD.findall(shown))
        question, answer = shown.split(card, 1)[1], shown.split(card, 1)[0]
        assert "بلط" in question, shown  # "طلب" reversed: the right-hand side, read first
        assert not bidi.problems(line)
        assert "بلط" not in answer
