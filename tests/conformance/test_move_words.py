"""Each game owns its move words: every word the game's moves use in random play (a move's
first word, and the call said after it, e.g. ``keep 2 declare``) is among its look's
``move_words`` with a text every language translates, so ``/move`` reads it typed in the
reader's language and its autocomplete shows it so; and a move written with seats by
name or number from 1, as the game's words say, reads back to that move. The games are
the registry's, the fifth game (``tests/fifth_game``) among them."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from bot.games import registry
from bot.games.protocol import Action, Engine, InvalidVariant
from bot.i18n import DEFAULT, LANGUAGES, N_, translates, use_locale
from bot.notation.action_words import notation_word
from bot.notation.move_words import NO_WORDS, MoveWord, MoveWords
from bot.notation.seat_words import by_name, by_number, to_engine
from tests import fifth_game
from tests.conformance.play import MANY, NAMES, Deal, variants, walk

FEW_STEPS = 300  # the fast tier's games are cut here (every kind of move comes early)


def _deals(engine: Engine[Any], seeds: range) -> list[Deal]:
    """Every choice of every option at the smallest and the largest table, so a word some
    option alone brings (Soureh's ``reveal``) is played too."""
    found = []
    for variant in variants(engine):
        for players in sorted({engine.min_players, engine.max_players}):
            try:
                Deal(players, 0, variant).new(engine)
            except InvalidVariant:  # an option this table size does not take
                continue
            found += [Deal(players, seed, variant) for seed in seeds]
    return found


def _states(engine: Engine[Any], deal: Deal, seeds: range) -> Iterator[Any]:
    """The states a random game of ``deal`` passes with a seat to act: to its end in the
    slow tier, its first moves in the fast one."""
    for step, (state, action) in enumerate(walk(engine, deal)):
        if action is None or (seeds != MANY and step == FEW_STEPS):
            return
        yield state


def _offered(game: registry.Game, state: Any) -> list[Action]:
    """The moves a seat is offered: the legal ones and its look's beside them."""
    legal = list(game.engine.legal_actions(state))
    return legal + [a for a, _ in game.look.offered(game.engine.public_view(state), legal)]


def used_words(game: registry.Game, seeds: range) -> set[str]:
    """The words of the moves offered along random games: each move's word and call."""
    found: set[str] = set()
    for deal in _deals(game.engine, seeds):
        for state in _states(game.engine, deal, seeds):
            for offered in _offered(game, state):
                found.add(offered.word)
                if offered.call:
                    found.add(offered.call)
    return found


def missing_words(game: registry.Game, seeds: range) -> list[str]:
    """What the game's look lacks: a word its moves use without words, or words one of the
    languages does not translate."""
    missing = []
    words = game.look.move_words
    for used in sorted(used_words(game, seeds)):
        word = words.get(used)
        if word is None:
            missing.append(f"{used}: no words")
            continue
        missing += [f"{used}: no {lang} words" for lang in LANGUAGES
                    if lang != DEFAULT and not translates(word.msgid, lang)]
    return missing


def test_every_move_word_has_its_words_in_every_language(game: registry.Game,
                                                         seeds: range) -> None:
    """Every word the game's moves use has its words in the game's look, and every language
    translates them."""
    assert missing_words(game, seeds) == []


def unread_words(words: MoveWords) -> list[str]:
    """The words that, as a language says them, do not read back to themselves."""
    unread = []
    for lang in LANGUAGES:
        for word in words:
            with use_locale(lang):
                said = word.said()
            if notation_word(words, said, lang) != word.word:
                unread.append(f"{word.word}: {lang} {said!r}")
    return unread


def test_each_word_said_in_a_language_reads_back(game: registry.Game) -> None:
    """Every word of the game, as each language says it, is read back to that word: no two
    of a game's words read alike in a language (``/move`` would refuse both)."""
    assert unread_words(game.look.move_words) == []


def test_two_words_said_alike_fail() -> None:
    """Two words of one game that a language says alike are found."""
    words = MoveWords((MoveWord("play", N_("trail")), MoveWord("lay", N_("trail"))))
    assert "play: ar 'ضع'" in unread_words(words) and "lay: el 'ρίξε'" in unread_words(words)


def test_moves_written_with_seats_read_back(game: registry.Game, seeds: range) -> None:
    """Along random games, every legal move written as people read it (seats by name, by
    number from 1, as the game's words say) reads back to the engine's notation of it."""
    engine, words = game.engine, game.look.move_words
    for deal in _deals(engine, seeds)[:2 if seeds == MANY else 1]:
        names = list(NAMES[:deal.players])
        for step, state in enumerate(_states(engine, deal, seeds)):
            if step % 10:
                continue
            for legal in engine.legal_actions(state):
                for written in (by_name(words, legal, names), by_number(words, legal, names)):
                    assert to_engine(words, written, names) == str(legal), written


def test_a_move_word_without_words_fails() -> None:
    """The fifth game without its words is found: its ``play`` has none."""
    look = dataclasses.replace(fifth_game.LOOK, move_words=NO_WORDS)
    wordless = dataclasses.replace(fifth_game.GAME, look=look)
    assert missing_words(wordless, range(1)) == ["play: no words"]


def test_move_words_no_language_translates_fail() -> None:
    """A move word whose text the catalogs do not hold is found too."""
    words = MoveWords((MoveWord("play", N_("lay a card down, in words nobody translated")),))
    look = dataclasses.replace(fifth_game.LOOK, move_words=words)
    untranslated = dataclasses.replace(fifth_game.GAME, look=look)
    assert missing_words(untranslated, range(1)) == [
        f"play: no {lang} words" for lang in LANGUAGES if lang != DEFAULT]
