"""Each game owns its option words: every option of a game (a field of its engine's
``Variant``) has its name in words in the game's look (``Look.option_names``), said in
every language, no two of the game's options alike; every choice has its label, which
every language translates. /play's and /settings' errors, a table's options, /settings'
page and the console say them. The games are the registry's, the fifth game
(``tests/fifth_game``) among them."""

from __future__ import annotations

import dataclasses

import pytest

from bot.games import registry
from bot.games.variants import option_fields
from bot.i18n import DEFAULT, LANGUAGES, translates, use_locale
from bot.options import MissingOptionWords, specs
from tests import fifth_game


def missing_words(game: registry.Game) -> list[str]:
    """What the game's look lacks: an option without its name in words, a name one of the
    languages does not say (it says the English), two options said alike in a language, a
    choice without its label or with a label a language does not translate."""
    missing = []
    names = game.look.option_names
    fields = option_fields(game.engine.Variant)
    for field in fields:
        say = names.get(field.name)
        if say is None:
            missing.append(f"{field.name}: no words")
            continue
        with use_locale(DEFAULT):
            english = say()
        for lang in LANGUAGES:
            if lang == DEFAULT:
                continue
            with use_locale(lang):
                if say() == english:
                    missing.append(f"{field.name}: no {lang} words")
        if len(field.labels) != len(field.choices):
            missing.append(f"{field.name}: a choice without its label")
        missing += [f"{field.name} {label}: no {lang} words" for label in field.labels
                    for lang in LANGUAGES if lang != DEFAULT and not translates(label, lang)]
    said = [field.name for field in fields if field.name in names]
    for lang in LANGUAGES:
        with use_locale(lang):
            words = [names[name]() for name in said]
        if len(set(words)) != len(words):
            missing.append(f"two options said alike in {lang}: {words}")
    return missing


def test_every_option_has_its_words_in_every_language(game: registry.Game) -> None:
    """Every option of the game has its name in words in the game's look, every language
    says it, and every choice has a label every language translates."""
    assert missing_words(game) == []


def test_an_option_without_words_fails() -> None:
    """The fifth game without its option words is found (its ``rounds`` has none), and the
    shared code that names the options refuses rather than saying the field's name."""
    look = dataclasses.replace(fifth_game.LOOK, option_names={})
    wordless = dataclasses.replace(fifth_game.GAME, look=look)
    assert missing_words(wordless) == ["rounds: no words"]
    with pytest.raises(MissingOptionWords):
        specs(wordless)


def test_option_words_no_language_translates_fail() -> None:
    """An option name the catalogs do not hold (said in English in every language) is
    found, and so are two options a language says alike."""
    look = dataclasses.replace(fifth_game.LOOK, option_names={"rounds": lambda: "rounds"})
    untranslated = dataclasses.replace(fifth_game.GAME, look=look)
    assert missing_words(untranslated) == [
        f"rounds: no {lang} words" for lang in LANGUAGES if lang != DEFAULT]
    turup = registry.game("turup")
    alike = {name: turup.look.option_names["rounds"] for name in turup.look.option_names}
    twice = dataclasses.replace(
        turup, look=dataclasses.replace(fifth_game.LOOK, option_names=alike))
    assert [m for m in missing_words(twice) if m.startswith("two options said alike in ar")]
