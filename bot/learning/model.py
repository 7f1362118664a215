"""Lessons as data: a lesson is a stacked deck, a seat count, a variant and a list of
steps; a step is what to say, the move to make (engine notation), wrong moves on offer
with why each is wrong, and the scripted opponents' moves that follow.

The learner always sits at engine seat 0. Texts are catalog messages (``N_``); a text may
name a card as ``{c_10H}`` (filled with the card as Discord shows it, ``10♥️``)."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.cards import Card, standard_deck

CARD_PLACEHOLDER = re.compile(r"\{c_((?:10|[2-9AJQK])[SHDC])\}")


@dataclass(frozen=True, slots=True)
class Wrong:
    """A move the game's panel offers that is not the one to make, and why (one or two
    sentences); a move the engine refuses (a Reveal while a coop is invalid) may be named
    too. Any other move is answered in general words (``bot.learning.walk.judge``)."""

    action: str
    why: str


@dataclass(frozen=True, slots=True)
class Step:
    """One decision of the learner."""

    say: str  # the idea the step is about (one or two sentences), not which button to press
    action: str  # the move to make, in engine notation
    wrong: tuple[Wrong, ...] = ()
    then: tuple[str, ...] = ()  # the scripted opponents' moves applied after it
    plays: tuple[str, ...] = ()  # the rules of docs/rules.md it plays (bot.learning.rulemap)


@dataclass(frozen=True, slots=True)
class Lesson:
    """One lesson of one game."""

    game: str
    number: int  # from 1
    title: str
    players: int
    deck: tuple[str, ...]  # top of the stock first, in the engine's dealing order
    steps: tuple[Step, ...]
    summary: str  # what the lesson taught, said at its end
    variant: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 1
    # moves before the first step: the opponents', or everyone's to start late in a round
    opening: tuple[str, ...] = ()
    totals: tuple[int, ...] = ()  # scores carried into the first deal (coop games), if any

    @property
    def version(self) -> str:
        """Six hex digits that change whenever the lesson's moves change: a button of an
        older lesson is answered as out of date, never played on a different deal."""
        moves = [self.game, str(self.players), str(self.seed), *self.deck,
                 repr(sorted(self.variant.items())), *self.opening, repr(self.totals)]
        for step in self.steps:
            moves += [step.action, *(w.action for w in step.wrong), "|", *step.then]
        return hashlib.sha1(" ".join(moves).encode()).hexdigest()[:6]


def coop_deck(downs: Sequence[str], ups: Sequence[str], stock: Sequence[str]) -> tuple[str, ...]:
    """A Soureh or Pariah deck from the table as it should lie: ``downs`` and ``ups`` one
    string of four cards per seat (slots 1 to 4), ``stock`` top first."""
    cards: list[str] = []
    for row in (*downs, *ups):
        four = row.split()
        assert len(four) == 4, row
        cards += four
    return (*cards, *stock)


def hands_deck(hands: Sequence[str], sizes: Sequence[int], spare: Sequence[str] = ()) -> tuple[
        str, ...]:
    """A Soi deck dealt round-robin from seat 0 so that each seat holds the cards named in
    ``hands`` (one string per seat), filled up to ``sizes`` with cards named nowhere
    (``spare`` first, then in the pack's order)."""
    named = [row.split() for row in hands]
    used = {c for row in named for c in row} | set(spare)
    filler = [*spare, *(str(c) for c in standard_deck() if str(c) not in used)]
    full = []
    for row, size in zip(named, sizes, strict=True):
        take = size - len(row)
        full.append(row + filler[:take])
        filler = filler[take:]
    deck = []
    for i in range(max(sizes)):
        deck += [row[i] for row in full if i < len(row)]
    return tuple(deck)


def cards_named(text: str) -> dict[str, str]:
    """The card placeholders of a text: ``{"c_10H": "10H"}``."""
    return {f"c_{code}": code for code in CARD_PLACEHOLDER.findall(text)}


def check_card(code: str) -> str:
    """A card code as the engine writes it (``10h`` -> ``10H``)."""
    return str(Card.parse(code))
