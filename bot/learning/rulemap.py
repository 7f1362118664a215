"""Which lesson step plays which rule of docs/rules.md: each step names the rules it plays
(``Step.plays``: ``<game>/<heading>[/<bullet>]``, the rule book's bold headings and bullets
as slugs, and a few sentences of their own, such as ``soureh/scoring-a-round/multiple-of-100``).

``python -m bot.learning.rulemap`` prints the map as docs/learning.md holds it;
tests/learning/test_rulemap.py checks that every rule of docs/rules.md is played and that
the page shows this map."""

from __future__ import annotations

from bot.learning.catalog import lessons

Place = tuple[str, int, int]  # game, lesson, step (both from 1)


def played() -> dict[str, list[Place]]:
    """Every rule a lesson step plays, with the steps that play it, in lesson order."""
    found: dict[str, list[Place]] = {}
    for game, items in lessons().items():
        for item in items:
            for index, step in enumerate(item.steps, start=1):
                for rule in step.plays:
                    found.setdefault(rule, []).append((game, item.number, index))
    return found


def markdown() -> str:
    """The map as a Markdown table: a rule, then the steps that play it
    (``2.3``: lesson 2, step 3)."""
    rows = ["| Rule (docs/rules.md) | Played in lesson.step |", "|---|---|"]  # i18n: not for people
    for rule, places in sorted(played().items()):
        steps = ", ".join(f"{lesson}.{step}" for _game, lesson, step in places)
        rows.append(f"| `{rule}` | {steps} |")
    return "\n".join(rows)


if __name__ == "__main__":
    print(markdown())
