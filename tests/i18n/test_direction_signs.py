"""Direction signs read right in Arabic (issue 46: "Language → العربية", an arrow that
points back at the setting once the line runs right to left): each arrow or pointing hand
in a line points from what comes before it to what comes after it, as the reader reads —
the line laid out by ICU's bidi algorithm as Chromium, and so Discord, lays it out
(tests/helpers/bidi.py). An arrow inside a left-to-right run (a score, "+30 → 100") reads
left to right with it."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from bot.i18n import FSI, LANGUAGES, PDI, use_locale
from bot.learning.catalog import lessons, position
from bot.render.card_text import legible
from cogs.lessons.screens import step_embed
from cogs.settings.cog import apply_changes
from storage.guild_settings import GuildSettings
from tests.helpers.bidi import INVISIBLE, as_drawn, available, visual_positions
from tests.helpers.games import every_game

pytestmark = pytest.mark.skipif(not available(), reason="no ICU")

#: The signs that point one way, and the way: +1 right, -1 left (none of them is mirrored
#: by the bidi algorithm, unlike "›" or "«").
SIGNS = {"→": 1, "➡": 1, "👉": 1, "⟶": 1, "←": -1, "⬅": -1, "👈": -1, "⟵": -1}
_FIELD = re.compile(r"(?<!\{)\{[A-Za-z_][A-Za-z0-9_]*\}")


def wrong_way(line: str) -> list[str]:
    """The signs of ``line`` that do not point from the text before them to the text after
    them, as the line is shown."""
    line = as_drawn(line)
    at = visual_positions(line)
    seen = [i for i, c in enumerate(line) if c not in INVISIBLE and not c.isspace()]
    found = []
    for i, char in enumerate(line):
        if char not in SIGNS:
            continue
        before = [j for j in seen if j < i]
        after = [j for j in seen if j > i]
        if not before or not after:
            continue
        way = SIGNS[char]
        here, last, next_ = at[i], at[before[-1]], at[after[0]]
        if not (way * (next_ - here) > 0 and way * (here - last) > 0):
            found.append(f"{char} in {line!r}")
    return found


#: A word of each language, as a field of its lines holds one (a setting's value, a
#: language's name).
WORDS = {"ar": "العربية", "so": "Soomaali", "el": "Ελληνικά"}
NAME = FSI + "ana" + PDI  # a name as bot.render.names.shown sets it apart


#: Fields that hold points or a count (a score's "+30 → 100" is one left-to-right unit).
NUMBERS = {"{points}": "+30", "{reached}": "100", "{total}": "50", "{n}": "3",
           "{number}": "2", "{slot}": "2", "{threshold}": "100"}


def _filled(field: str, value: str) -> str:
    return NUMBERS.get(field, value)


def catalog_lines(lang: str) -> list[str]:
    """Every translation of ``lang`` holding a sign, its fields filled with a word of the
    language, a name and a number in turn, as a line of that language shows it."""
    with open(f"bot/i18n/locales/{lang}/LC_MESSAGES/cardroom.po", encoding="utf-8") as po:
        catalog = read_po(po)
    lines = []
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            if not text or not any(s in text for s in SIGNS):
                continue
            for value in (WORDS[lang], NAME, "200"):
                filled = _FIELD.sub(lambda m, v=value: _filled(m[0], v), text)
                with use_locale(lang):
                    lines += legible(filled).split("\n")
    return lines


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_every_sign_of_a_catalog_points_onward(lang: str) -> None:
    """Each translation with an arrow, its fields filled with a word, a name or a
    number."""
    lines = catalog_lines(lang)
    assert lines or lang != "ar"
    assert [p for line in lines for p in wrong_way(line)] == []


def test_the_settings_lines_point_onward_in_arabic() -> None:
    """/settings set in Arabic: every line it answers ("اللغة ← العربية", "الحد في سوره ←
    200"), whatever the language chosen."""
    current = GuildSettings(guild_id=1)
    given = [{"language": code} for code in LANGUAGES] + [
        {"hints": "off"}, {"soureh_threshold": 200}, {"soureh_declare": "reveal"},
        {"turup_pack": "somali"}, {"soi_memory": False}, {"images": False}]
    checked = 0
    with use_locale("ar"):
        for change in given:
            _new, lines = apply_changes(current, change, every_game())
            for line in legible("\n".join(f"• {line}" for line in lines)).split("\n"):
                assert wrong_way(line) == [], line
                checked += "←" in line or "→" in line
    assert checked == len(given)


def test_a_lesson_line_points_at_its_words_in_arabic() -> None:
    """A lesson step's line, "1/4 👉 the idea", points from the step's place to the idea
    in Arabic too (👉 is no arrow the bidi algorithm turns: right to left it pointed back
    at "1/4")."""
    pos = position(lessons()["soureh"][0], 0)
    for lang in LANGUAGES:
        with use_locale(lang):
            embed, _view = step_embed(pos, "ana")
        line = (embed.description or "").split("\n")[0]
        assert any(s in line for s in SIGNS), line
        assert wrong_way(line) == [], (lang, line)
