"""The built-in games' move words in one vocabulary, for the tests of people's notation
that mix the games' moves (``give``, ``ask``, ``capture`` at one imaginary table); a
table reads its own game's only (``Look.move_words``)."""

from __future__ import annotations

from bot.games.coop.look.move_words import PARIAH_WORDS, SOUREH_WORDS
from bot.games.soi.look.move_words import MOVE_WORDS as SOI_WORDS
from bot.games.turup.look.move_words import MOVE_WORDS as TURUP_WORDS
from bot.notation.move_words import MoveWord, MoveWords


def merged(*vocabularies: MoveWords) -> MoveWords:
    """The words of several games, a word two of them share once."""
    seen: dict[str, MoveWord] = {}
    for words in vocabularies:
        for word in words:
            seen.setdefault(word.word, word)
    return MoveWords(tuple(seen.values()))


EVERY = merged(SOUREH_WORDS, PARIAH_WORDS, TURUP_WORDS, SOI_WORDS)
