"""The language core: contexts, plurals, lazy texts, fallbacks and direction."""

from __future__ import annotations

import asyncio
import string

from bot.i18n import (
    L_,
    LANGUAGES,
    L_n,
    Msg,
    _,
    _fill,
    _n,
    current,
    is_rtl,
    ltr,
    number,
    supported,
    use_locale,
)


def test_unknown_and_regional_tags_map_to_our_languages() -> None:
    assert supported("en-US") == "en"
    assert supported("ar") == "ar"
    assert supported("el") == "el"
    assert supported("so_SO") == "so"
    assert supported("pt-BR") is None
    assert supported(None) is None
    with use_locale("pt-BR") as lang:
        assert lang == "en" and current() == "en"


def test_english_plurals_and_placeholders() -> None:
    assert _n("{n} card", "{n} cards", 1) == "1 card"
    assert _n("{n} card", "{n} cards", 1200) == "1,200 cards"
    assert _("{who} drew a card.", who="ann") == "ann drew a card."
    # A seat placeholder with no value is left for the event's names.
    assert _("{p0} drew {card}.", card="5♣") == "{p0} drew 5♣."


def test_placeholders_fill_as_pythons_formatter_and_a_broken_translation_falls_back() -> None:
    values = {"who": "ann", "n": 3}
    for text in ("{who} drew {n:>3} cards.", "{who!r}: {missing:>6}", "{{literal}} {who}",
                 "{who[0]}", "no placeholder }}"):

        class Keep(dict[str, object]):
            def __missing__(self, key: str) -> str:
                return "{" + key + "}"

        assert _fill(text, text, values) == string.Formatter().vformat(text, (), Keep(values))
    # a translation whose placeholders are broken shows the English, filled
    for broken in ("{0} x", "{who", "{who.missing}", "{} x"):
        assert _fill(broken, "{who} drew.", values) == "ann drew."


def test_numbers_are_written_per_language() -> None:
    assert number(1200) == "1,200"
    with use_locale("el"):
        greek = number(1200)
    assert greek == "1.200" and number(1200) == "1,200"  # kept per language, not shared
    assert number(1.5) == "1.5" and number(2) == "2"


def test_lazy_text_speaks_the_language_current_when_shown_and_survives_json() -> None:
    msg = L_n("{n} card", "{n} cards", 3, who=L_("{p1} drew a card."))
    assert Msg.from_json(msg.to_json()) == msg
    assert str(msg) == "3 cards"
    assert msg.format(p1="bob") == "3 cards"


def test_every_language_loads_and_arabic_reads_right_to_left() -> None:
    for lang in LANGUAGES:
        with use_locale(lang):
            assert _("Take turn")  # never empty, English when untranslated
    assert is_rtl("ar") and not is_rtl("el")
    with use_locale("ar"):
        assert ltr("10♦") == "\u206610♦\u2069"
    assert ltr("10♦") == "10♦"


async def test_the_language_follows_threads_and_tasks() -> None:
    with use_locale("el"):
        assert await asyncio.to_thread(current) == "el"
        assert await asyncio.create_task(asyncio.sleep(0, current())) == "el"
    assert current() == "en"
