"""A lesson followed by its marks under SimCord, every message it shows shot in SimCord's
preview (Debian's Chromium) at phone width: each step and each step of the game's panel
inside it (issue 46: at most 640 px, with the picture the game's panel carries).

tests/cogs/test_learn_screens.py checks lesson 1 of each game against the budget;
``python -m bench.lesson_heights`` measures every lesson, and ``python -m bench.screenshots``
keeps every step's pictures in docs/screenshots/lessons/ (dark and light, English and
Arabic)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simcord.components import walk_components

from tests.helpers.preview import shoot_themes

PHONE = 400
BUDGET = 640
# the step's place at the head of the lesson line; in a right-to-left language the line
# starts with a directional isolate (U+2066..U+2069) or mark, inside the bold
PLACE = re.compile(r"\*\*[\u200e\u200f\u2066-\u2069]*(\d+/\d+)[\u200e\u200f\u2066-\u2069]*\*\*")


@dataclass(frozen=True)
class Shown:
    """One message of a lesson as the learner saw it."""

    name: str  # "soureh-1-step-2", "soureh-1-step-3b" (a step of the panel), "…-end"
    height: int
    pictured: bool  # it carries the seat's picture
    labels: tuple[str, ...]  # its buttons' labels, its selects' placeholders and options
    text: str


def marked(message: Any) -> list[dict[str, Any]]:
    """The marked controls of a message: primary buttons, selects with a default option."""
    found = []
    for c in walk_components(message.components):
        button = c.get("type") == 2 and c.get("style") == 1
        select = c.get("type") == 3 and any(o.get("default") for o in c.get("options", []))
        if button or select:
            found.append(c)
    return found


def where(message: Any) -> str:
    """The step's place (``2/4``) a message shows, or its footer (a lesson's end)."""
    embed = message.embeds[0]
    found = PLACE.search(str(embed.description or ""))
    return found[1] if found else str(embed.footer.text or "")


def labels_of(message: Any) -> tuple[str, ...]:
    """Every label a message's components show."""
    found: list[str] = []
    for c in walk_components(message.components):
        if c.get("type") == 2 and c.get("label"):
            found.append(c["label"])
        elif c.get("type") == 3:
            found += [c.get("placeholder") or "", *(o["label"] for o in c.get("options", []))]
    return tuple(f for f in found if f)


async def follow_lesson(env: Any, channel: Any, actor: Any, game: str, number: int, b: Any,
                        folder: Path, *, themes: tuple[str, ...] = ("dark",),
                        suffix: str = "") -> list[Shown]:
    """Lesson ``number`` of ``game`` from ``/learn`` to its end by its marks, every message
    shot (in each of ``themes``; the first theme's height is kept)."""
    message = (await actor.slash(channel, "learn", game=game, lesson=number)).response
    shown: list[Shown] = []
    step, sub = 1, 0
    while True:
        footer = where(message)
        end = any(c["custom_id"].endswith((":next", ":practice")) for c in marked(message))
        letter = "bcdefgh"[sub - 1] if sub else ""
        name = f"{game}-{number}-end" if end else f"{game}-{number}-step-{step}{letter}"
        shots = await shoot_themes(
            env, channel, actor, message,
            {theme: folder / f"{name}-{PHONE}-{theme}{suffix}.png" for theme in themes},
            width=PHONE, b=b)
        height, text = shots[0].height, shots[0].text
        pictured = any(a.filename.startswith("seat.") for a in message.attachments)
        shown.append(Shown(name, height, pictured, labels_of(message), text))
        if end:
            return shown
        (control,) = marked(message)
        if control["type"] == 2:
            res = await actor.click(message, custom_id=control["custom_id"])
        else:
            (right,) = [o["value"] for o in control["options"] if o.get("default")]
            res = await actor.select(message, [right], custom_id=control["custom_id"])
        assert res.response is not None, name
        after = where(res.response)
        if after == footer:
            sub += 1
        else:
            step, sub = step + 1, 0
        message = res.response
        assert len(shown) < 80, "the lesson does not end"
