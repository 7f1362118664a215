"""Plain words on the panels and messages (issue 46): a King's first pick named in its
second step, whose turn it is in words, tables closed with a sentence, rounds by name."""

from __future__ import annotations

from typing import Any

from bot.games import registry
from bot.games.ai.explain import describe
from bot.games.ai.view import observe
from bot.games.coop.look.kinds import CoopKind
from bot.games.coop.pariah import ENGINE
from bot.i18n import use_locale
from bot.notation.seat_words import with_names
from bot.render.components import Step
from bot.render.embeds import closed_text
from bot.render.panels import panel
from bot.tables.model import Table
from storage.tables import SeatRecord, TableRecord, TableStatus
from tests.games.test_pariah import game, play
from tests.helpers.i18n import without_isolates


def _table(state: Any) -> Table:
    record = TableRecord(
        id=3, guild_id=1, channel_id=2, message_id=4, host_id=10, game="pariah", variant={},
        seed=1, status=TableStatus.RUNNING, version=9, timer_seconds=None, deadline=None,
        end_reason=None, created_at="", started_at=None, ended_at=None,
    )
    table = Table(record=record, entry=registry.game(record.game),
                  seats=[SeatRecord(0, 10, "ann"), SeatRecord(1, 11, "bob")])
    table.state = state
    return table


def _king_drawn() -> Table:
    state, _events = play(game("KS 7H"), "draw")
    return _table(state)


def test_a_kings_second_step_names_the_first_pick() -> None:
    """After "your face-down card 1", the prompt says it was picked, the options name only
    the second card (yours or bob's), never the reader's own name."""
    table = _king_drawn()
    with use_locale("en"):
        embed, view = panel(table.seen(), 0, Step(CoopKind.KING_FIRST, "0.1"))
    text = without_isolates(embed.description or "")
    assert "King: you picked your face-down card 1." in text, text
    labels = [without_isolates(o.label) for item in view.children
              for o in getattr(item, "options", [])]
    assert "bob's face-down card 4" in labels and "Your face-down card 2" in labels, labels
    assert not any("ann" in label for label in labels), labels


def test_a_kings_hint_says_your_coop() -> None:
    """A King's words for its own seat's coop say "your coop"."""
    table = _king_drawn()
    info = observe(ENGINE, table.state, 0)
    king = next(a for a in info.legal if a.word == "king" and a.args[0] == 0
                and a.args[2] == 1)
    with use_locale("en"):
        words = with_names(describe(info, king), table.names)
    assert "your coop 1" in words and "ann" not in words, words


def test_a_waiting_panel_says_whose_turn_it_is() -> None:
    """A seat that is not to act reads whose turn it is, in plain words."""
    table = _king_drawn()
    with use_locale("en"):
        embed, _view = panel(table.seen(), 1)
    assert "It is ann's turn now." in without_isolates(embed.description or "")


def test_a_closed_table_says_why_in_a_sentence() -> None:
    """Every reason a table closes reads as a sentence."""
    with use_locale("en"):
        for reason in (None, "cancelled", "inactive", "broken", "channel deleted",
                       "not started within 15 minutes", "finished"):
            said = closed_text(reason)
            assert said[0].isupper() and said.endswith("."), said
