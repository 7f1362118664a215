"""The games' action words in the reader's language for /move (issue 21): typed words map
back to the notation, the autocomplete shows the localised move and keeps the notation."""

from __future__ import annotations

import gettext

import pytest

from bot.i18n import use_locale
from bot.notation import action_words
from tests.helpers.i18n import MarkedTranslations
from tests.helpers.move_words import EVERY as WORDS

ARABIC_WORDS = {"draw": "اسحب", "keep": "احتفظ", "declare": "أعلِن", "discard": "تخلَّص"}


class Arabic(MarkedTranslations):
    """A tiny Arabic catalog of action words, the rest marked."""

    def gettext(self, message: str) -> str:
        return ARABIC_WORDS.get(message) or super().gettext(message)


@pytest.mark.slow
def test_move_words_map_back_to_notation(monkeypatch: pytest.MonkeyPatch) -> None:
    """An action word typed in the reader's language is the notation word; notation is
    always understood; unknown words are not; the autocomplete shows the localised move
    and keeps the notation as its value."""
    import bot.i18n as i18n

    monkeypatch.setattr(i18n, "translations",
                        lambda lang: Arabic() if lang == "ar" else gettext.NullTranslations())
    assert action_words.notation_word(WORDS, "اسحب", "ar") == "draw"
    assert action_words.notation_word(WORDS, " اسحـب ", "ar") == "draw"  # tatweel typed
    assert action_words.notation_word(WORDS, "اعلن", "ar") == "declare"  # without hamza, vowels
    assert action_words.notation_word(WORDS, "DRAW", "ar") == "draw"
    assert action_words.notation_word(WORDS, "draw", None) == "draw"
    assert action_words.notation_word(WORDS, "اسحب", "el") is None
    assert action_words.notation_word(WORDS, "hello", "ar") is None
    assert action_words.to_notation(WORDS, "احتفظ 2 أعلِن", "ar") == "keep 2 declare"
    assert action_words.to_notation(WORDS, "capture 5D 2C 3S", "ar") == "capture 5D 2C 3S"
    with use_locale("ar"):
        assert action_words.localised(WORDS, "keep 2 declare") == "احتفظ 2 أعلِن"
        assert action_words.choice_label(WORDS, "draw", "⟦draw a card⟧") == "اسحب — ⟦draw a card⟧"
    assert action_words.matches(WORDS, "احت", "keep 2", "Keep the card", "ar")
    assert not action_words.matches(WORDS, "اسحب", "keep 2", "Keep the card", "ar")
    assert action_words.matches(WORDS, "اسحب", "draw", "Draw", "ar")


def test_move_words_refuse_an_ambiguous_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two action words translated alike: the typed word is refused, never guessed."""
    import bot.i18n as i18n

    class Clash(MarkedTranslations):
        def gettext(self, message: str) -> str:
            return "خذ" if message in ("keep", "capture") else super().gettext(message)

    monkeypatch.setattr(i18n, "translations", lambda lang: Clash())
    assert action_words.notation_word(WORDS, "خذ", "ar") is None


def test_english_move_labels_are_unchanged() -> None:
    """In English the autocomplete reads as before: notation, then the words."""
    assert action_words.choice_label(WORDS, "keep 2", "Keep the drawn card") == (
        "keep 2 — Keep the drawn card")
    assert action_words.choice_label(WORDS, "draw", "draw a card") == "draw a card"
    assert action_words.localised(WORDS, "keep 2 declare") == "keep 2 declare"


def test_suggestions_keep_the_notation_as_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """The autocomplete's list: every value a notation, filtered by notation, words or a
    localised word, at most 25, labels within 100 characters."""
    import bot.i18n as i18n

    offered = [("draw", "draw a card"), ("keep 2", "Keep the card in slot 2"),
               ("keep 2 declare", "Keep the card in slot 2 and declare"),
               *[(f"give 1 {s}", "Give " + "x" * 120) for s in range(1, 30)]]
    everything = action_words.suggestions(WORDS, offered, "")
    assert len(everything) == 25 and all(len(label) <= 100 for label, _ in everything)
    assert everything[:2] == [("draw a card", "draw"), ("keep 2 — Keep the card in slot 2",
                                                        "keep 2")]
    assert [v for _, v in action_words.suggestions(WORDS, offered, "KEEP")] == ["keep 2",
                                                                         "keep 2 declare"]
    monkeypatch.setattr(i18n, "translations", lambda lang: Arabic())
    with use_locale("ar"):
        arabic = action_words.suggestions(WORDS, offered, "احتفظ")
    assert [v for _, v in arabic] == ["keep 2", "keep 2 declare"]
    assert arabic[0][0].startswith("احتفظ 2 — ")
