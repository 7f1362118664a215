"""The console's list of moves: every legal move numbered, a line each when they are few,
else grouped (a line per group, e.g. Soi's asks of one player, Pariah's Kings from one
slot), so a list never takes more than :data:`MAX_LINES` lines of choices.

Moves are written as ``/move`` takes them (:func:`bot.notation.seat_words.by_name`): players
by name, cards as the terminal shows them (``3♥``)."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.cards import Card
from bot.games.protocol import Action
from bot.notation.move_words import MoveWords
from bot.notation.seat_words import by_name, parts_by_name, words_of

ONE_A_LINE = 20  # this many moves or fewer: a line each, with their words
MAX_LINES = 24
WIDTH = 100


@dataclass(frozen=True, slots=True)
class Listing:
    """The lines to print and the moves in the order of their numbers."""

    lines: list[str]
    numbered: list[Action]


def shown_part(part: str) -> str:
    """A card code as the terminal shows it (``3H`` -> ``3♥``); anything else as it is."""
    try:
        return Card.parse(part).display if part[:1].isalnum() and len(part) <= 3 else part
    except ValueError:
        return part


def listing(game_words: MoveWords, words: Sequence[tuple[Action, str]],
            names: Sequence[str]) -> Listing:
    """The moves (each with its words, seats named) as numbered lines (``game_words``: the
    game's move words, which say where a move names a seat)."""
    if len(words) <= ONE_A_LINE:
        lines = []
        for i, (action, described) in enumerate(words, start=1):
            typed = by_name(game_words, action, names)
            said = words_of(described)
            text = typed if not said or said == str(action) else f"{typed} — {said}"
            lines.append(f"  {i:>2}. {text}")
        return Listing(lines, [a for a, _ in words])
    groups: dict[str, list[tuple[Action, str]]] = {}
    for action, _ in words:
        parts = [shown_part(p) for p in parts_by_name(game_words, action, [n for n in names])]
        size = _head_size(game_words, action, len(parts))
        head, rest = " ".join(parts[:size]), " ".join(parts[size:])
        if action.call:
            rest = f"{rest} {action.call}".strip()
        groups.setdefault(head, []).append((action, rest))
    return _grouped(groups)


def _head_size(game_words: MoveWords, action: Action, parts: int) -> int:
    """How many of a move's parts head its group: up to its last seat when it names two
    (a Pariah King: ``king ann 1``, one group per first card), else the word and its first
    argument (``give bob``, ``ask bob``)."""
    word = game_words.get(action.word)
    seats = [i for i, kind in enumerate(word.seats) if kind == "seat"] if word else []
    if len(seats) > 1:
        return 1 + seats[-1]
    return 2 if parts > 2 else 1


def _grouped(groups: dict[str, list[tuple[Action, str]]]) -> Listing:
    numbered = [action for members in groups.values() for action, _ in members]
    width = WIDTH
    lines = _wrapped(groups, width)
    while len(lines) > MAX_LINES and width < 400:  # long groups: wider lines, fewer of them
        width += 50
        lines = _wrapped(groups, width)
    return Listing(lines, numbered)


def _wrapped(groups: dict[str, list[tuple[Action, str]]], width: int) -> list[str]:
    """Each group on its line(s), its items numbered in order and never cut in two (the
    no-break spaces inside an item are plain spaces once wrapped)."""
    lines: list[str] = []
    at = 0
    for head, members in groups.items():
        items = []
        for _, rest in members:
            at += 1
            items.append(f"{at}) {rest or head}".replace(" ", NBSP))
        wrapped = textwrap.wrap(f"{head}: " + "   ".join(items), width=width,
                                initial_indent="  ", subsequent_indent="      ")
        lines.extend(line.replace(NBSP, " ") for line in wrapped)
    return lines


NBSP = "\u00a0"
