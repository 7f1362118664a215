"""Arabic lines read right to left wherever Discord draws them (bot.render.direction):
every line of an Arabic table, panel, lobby and hand is one right-to-left isolate, its
cards in left-to-right isolates, so "`1` 2♥ فوق 9♣" reads slot, face-up card, "over",
face-down card for an Arabic reader (issue 37)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.games.coop.look.text import private_text
from bot.i18n import FSI, LRI, PDI, _, use_locale
from bot.render.card_text import legible
from bot.render.direction import RLI, directed
from bot.render.embeds import hand_embed, lobby_embed, table_embed
from bot.render.panels import panel
from tests.render.test_embeds import CASES, _play, _table

SUITS = set("♠♥♦♣")
_LEAD = re.compile(r"(?:(?:>>>|>|-#|#{1,3}|[-*]|\d+\.)[ \t]+)?[*_~|]*")


def embed_lines(embed: Any) -> list[str]:
    data = embed.to_dict()
    texts = [data.get("title") or "", data.get("description") or "",
             (data.get("footer") or {}).get("text") or ""]
    for field in data.get("fields") or ():
        texts += [field.get("name") or "", field.get("value") or ""]
    return [line for text in texts for line in text.split("\n") if line.strip()]


def reads_right_to_left(line: str) -> bool:
    """After its line-start markdown, the line is one RLI…PDI isolate."""
    lead = _LEAD.match(line)
    rest = line[lead.end() if lead else 0:].rstrip("*_~|")
    if not (rest.startswith(RLI) and rest.endswith(PDI)):
        return False
    depth = 0
    for i, char in enumerate(rest):
        depth += char in (FSI, LRI, RLI)
        depth -= char == PDI
        if depth == 0 and i < len(rest) - 1:
            return False
    return depth == 0


def suits_outside_ltr(line: str) -> str:
    """The suits of ``line`` not inside a left-to-right (or a name's) isolate."""
    out, stack = [], []
    for char in line:
        if char in (FSI, LRI, RLI):
            stack.append(char)
        elif char == PDI and stack:
            stack.pop()
        elif char in SUITS and not {LRI, FSI} & set(stack):
            out.append(char)
    return "".join(out)


def test_a_line_is_isolated_its_markdown_outside() -> None:
    """Bold around the line, a quote or list mark stay outside the isolate (Discord reads
    them there); a fenced block and blank lines are left alone; twice is once; English
    is unchanged."""
    text = "**bold line**\n> quoted\n\n```\ncode\n```\n- item *x*"
    with use_locale("ar"):
        done = directed(text)
        assert directed(done) == done
    assert done.split("\n") == [f"**{RLI}bold line{PDI}**", f"> {RLI}quoted{PDI}", "",
                                "```", "code", "```", f"- {RLI}item *x{PDI}*"]
    with use_locale("en"):
        assert directed(text) == text and legible("ann drew 5♦") == "ann drew 5♦\ufe0f"
    with use_locale("ar"):  # a command keeps its order; a link is left alone
        assert directed("الطاولة #1 · /rules game:سوره") == \
            f"{RLI}الطاولة #1 · {LRI}/rules game:سوره{PDI}{PDI}"
        assert directed("[#1](https://x.y/channels/1/2) /move أو") == \
            f"{RLI}[#1](https://x.y/channels/1/2) {LRI}/move{PDI} أو{PDI}"


def test_an_arabic_coop_line_reads_slot_up_over_down() -> None:
    """The coop line "`1` 2♥ over 9♣" in Arabic: the slot first (rightmost), then the
    face-up card, "over", the face-down card, each card left to right."""
    view = {"game": "soureh", "seat": 0, "phase": "draw",
            "seats": [{"up": ["2H", "AS", "3C", "4D"], "down": ["9C", "5S", "6H", "7D"],
                       "valid": [True, False, None, None]}]}
    with use_locale("ar"):
        lines = legible(private_text(view)).split("\n")  # type: ignore[arg-type]
        over = _("`{slot}` {up} over {down}", slot="1", up="", down="").split("`")[-1].strip()
    first = next(line for line in lines if "`1`" in line)
    assert first == (f"{RLI}`1` {LRI}2♥\ufe0f{PDI} {over} {LRI}9♣\ufe0e{PDI} ✓{PDI}")


@pytest.mark.parametrize(("name", "players", "variant"), CASES)
def test_every_arabic_line_reads_right_to_left(
        name: str, players: int, variant: dict[str, object]) -> None:
    """Through a game, every line of the Arabic table message, lobby, panels and hands is
    a right-to-left isolate with its cards in left-to-right isolates; Greek has none."""
    table = _table(name, players, 5, variant)
    rng = random.Random(7)
    for _turn in range(6):
        _play(table, 3, rng)
        for lang in ("ar", "el"):
            with use_locale(lang):
                embeds = [table_embed(table.seen()), lobby_embed(table.seen())]
                embeds += [panel(table.seen(), seat)[0] for seat in range(len(table.seats))]
                embeds += [hand_embed(table.seen(), seat) for seat in range(len(table.seats))]
            for line in (line for embed in embeds for line in embed_lines(embed)):
                if lang == "el":
                    assert RLI not in line, line
                    continue
                assert reads_right_to_left(line), line
                assert not suits_outside_ltr(line), line


def test_arabic_lessons_read_right_to_left() -> None:
    """Every step of every lesson's first position and its end, in Arabic: each line a
    right-to-left isolate, cards left to right."""
    from bot.learning.catalog import lessons, position
    from cogs.lessons.screens import end_embed, step_embed

    for found in lessons().values():
        lesson = found[0]
        with use_locale("ar"):
            embeds = [step_embed(position(lesson, i), "ana")[0]
                      for i in range(len(lesson.steps))]
            embeds.append(end_embed(position(lesson, len(lesson.steps)), "ana", last=False))
        for line in (line for embed in embeds for line in embed_lines(embed)):
            assert reads_right_to_left(line), line
            assert not suits_outside_ltr(line), line
