"""Counts in sentences take the plural form their number needs, in every language (issue 46:
"1 rounds", "(3 left)", "12 points" in a singular text reads wrong, and Arabic has six
forms): a count in a sentence goes through ``_n``/``L_n`` (ngettext), never into a singular
text's placeholder. The check reads every text of the template catalog."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from bot.i18n import _n, use_locale
from bot.i18n.catalogs import TEMPLATE

#: Nouns that are counted (English plural, as a singular text would write them after a
#: number): a placeholder right before one of them is a count.
COUNTED = ("points", "cards", "rounds", "players", "turns", "deals", "games", "moves",
           "decisions", "coops", "asks", "decks", "seats", "wins", "lessons", "puzzles")
#: Placeholders that name someone or something, never a number ("{dealer} deals", "{game}
#: games", "a {rank} wins").
NAMED = {"dealer", "player", "game", "rank", "name", "names", "who", "other", "next", "card"}
_COUNT = re.compile(rf"(?<![–\-])(?<!\bto )\{{(\w+)\}} (?:{'|'.join(COUNTED)})\b"
                    r"|\(\{(\w+)\} left\)")


def counts_in(text: str) -> list[str]:
    """The placeholders of ``text`` that count a noun ("{points} points", "({left} left)");
    a range's end ("{low}–{high} players", "{low} to {high} players") is not one."""
    return [a or b for a, b in _COUNT.findall(text) if (a or b) not in NAMED]


def test_the_scan_finds_a_count_in_a_singular_text() -> None:
    """What the check looks for, and what it leaves."""
    assert counts_in("take the top card of the stock ({left} left)") == ["left"]
    assert counts_in("Over {deals} sampled deals it did {points} points better") == ["points"]
    assert counts_in("The game is over after {rounds} rounds.") == ["rounds"]
    assert counts_in("{game} takes {low}–{high} players.") == []
    assert counts_in("Soi is played by {low} to {high} players.") == []
    assert counts_in("{p0} asked {p1} for {c_KH}") == []


def test_no_count_in_a_singular_text() -> None:
    """No singular text counts a noun through a placeholder; a plural text counts only
    its own ``{n}``."""
    with TEMPLATE.open("rb") as fh:
        catalog = read_po(fh)
    found = []
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            found += [(message.id[1], name) for name in counts_in(message.id[1]) if name != "n"]
        else:
            found += [(message.id, name) for name in counts_in(message.id)]
    assert found == []


def test_arabic_counts_take_their_six_forms() -> None:
    """The catalogs' Plural-Forms at work: Arabic says 1, 2, 3–10 and 11–99 points each
    its own way; English "1 point", "2 points"."""
    with use_locale("ar"):
        forms = [_n("{n} point", "{n} points", n) for n in (0, 1, 2, 3, 11, 100)]
    assert len(set(f.split(" ", 1)[-1] for f in forms)) >= 4, forms
    with use_locale("en"):
        assert [_n("{n} point", "{n} points", n) for n in (1, 2)] == ["1 point", "2 points"]
