"""A game's move words: the first word of each move of its notation (``draw``, ``ask``),
with its word in the reader's language, which of its arguments are seats, how to write it
and whether it is a call said after a move (``keep 2 declare``).

Each game's look declares its own (``Look.move_words``, from the game's
``look/move_words.py``); the shared readers and writers of people's notation
(:mod:`bot.notation.action_words`, :mod:`bot.notation.seat_words`) are handed them and
hold no game's words themselves. Two games may declare the same word with the same text
(Soureh's and Pariah's ``draw``): the catalogs hold it once.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from bot.i18n import DEFAULT, _, current

#: What an argument of a move is: a seat (typed as a player's name or a number from 1,
#: the engine's index underneath) or anything else (a slot, a card), passed as typed.
ArgKind = Literal["seat", "other"]


@dataclass(frozen=True, slots=True)
class MoveWord:
    """One word of a game's notation."""

    # The word in the engine's notation (lower case), what /move plays.
    word: str
    # The word in the reader's language: an ``N_`` text of the catalogs, its translator
    # comment beside it. In English the notation word itself is shown.
    msgid: str
    # The kinds of the move's arguments in order when one of them is a seat (``give bob
    # 3``: ``("seat", "other")``); empty when no argument is a seat.
    seats: tuple[ArgKind, ...] = ()
    # How to write the move (an ``N_`` text), said when its player is missing: every word
    # with a seat has one.
    usage: str = ""
    # A call said after the move that makes it (``declare``, ``knock``), not a move itself.
    call: bool = False
    # Words a move's description puts between its arguments (``ask bob for 3♥``), left
    # out when a person types the description back.
    links: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if self.seats and not self.usage:
            wrong = f"{self.word!r} names a seat: say how to write it"  # i18n: not for people
            raise ValueError(wrong)

    def said(self) -> str:
        """The word in the current language (the notation word in English, or when the
        catalog has no translation)."""
        return self.word if current() == DEFAULT else _(self.msgid)


@dataclass(frozen=True, slots=True)
class MoveWords:
    """A game's move words (a look holds them); none: the moves are read as typed."""

    words: tuple[MoveWord, ...] = ()

    def __post_init__(self) -> None:
        seen = [w.word for w in self.words]
        if len(seen) != len(set(seen)) or any(w != w.lower() for w in seen):
            raise ValueError(f"move words twice or not lower case: {seen}")  # i18n: not for people

    def __iter__(self) -> Iterator[MoveWord]:
        return iter(self.words)

    def __contains__(self, word: object) -> bool:
        return self.get(str(word)) is not None

    def get(self, word: str) -> MoveWord | None:
        """The move word ``word`` is (any case), or ``None``."""
        key = word.lower()
        return next((w for w in self.words if w.word == key), None)

    def __add__(self, more: MoveWords) -> MoveWords:
        return MoveWords((*self.words, *more.words))


NO_WORDS = MoveWords()
