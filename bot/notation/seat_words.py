"""Seats as people see them, in typed moves: ``give bob 3``, ``ask bob QH``, ``give 2 3``.

The engines name a seat by its 0-based index (``give 1 3``, ``ask 1 QH``,
``king 0 1 1 4``); people see names and seats counted from 1, as in the lobby and on the
table. This module translates at the edge, both ways:

- :func:`to_engine` reads what a person typed (a player's name, case-insensitive, a
  unique start of it, or a seat number from 1) and gives the engine's notation, or raises
  :class:`SeatWordError` with an answer for the person (unknown or ambiguous name, a seat
  number out of range, a move missing its player);
- :func:`by_name` and :func:`by_number` write an engine action the way people read it:
  ``give bob 3`` for the eye, ``give 2 3`` where it must be read back unambiguously (the
  value behind an autocomplete choice).

Which arguments of a move are seats, and how to write it, is the game's to say: every
function here is handed the game's words (:class:`~bot.notation.move_words.MoveWords`,
its look's ``move_words``). Words without a seat (``draw``, ``keep 2``, ``capture 5D 2C``)
pass through unchanged.

This is the one place where engine notation and people's notation meet: ``/move``, the
console, the hint, the review and the autocomplete all go through it.

- :func:`read_move` reads a whole typed move (a notation with names or numbers from 1, a
  move's words as a panel or hint shows them, action words in the reader's language, cards
  as ``3♥``) into the engine's notation;
- :func:`move_line` writes a move as people read and type it: ``give bob 4 — put 9♦ on
  bob's coop 4`` (the notation part typed into ``/move`` plays the move);
- :func:`words_of` is a move's words without the engine's notation in front;
- :func:`with_names` fills an engine text's seat placeholders (``{p1}``) with names.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Sequence

from bot.games.cards import Card
from bot.games.protocol import MOVE_WORDS_GAP, Action, Event
from bot.i18n import _
from bot.notation.action_words import to_notation
from bot.notation.move_words import MoveWord, MoveWords
from bot.render.names import plain, shown


class SeatWordError(ValueError):
    """A typed move whose player could not be read; the message is for the person."""


def _fold(text: str) -> str:
    """A name or a typed word compared loosely: bidi controls gone (a name copied from a
    message comes with its isolate), case folded, a leading ``@`` dropped."""
    return plain(text).strip().lstrip("@").casefold()


def _roll(names: Sequence[str]) -> str:
    return ", ".join(f"{i + 1} {shown(name)}" for i, name in enumerate(names))


def _exact(span: str, names: Sequence[str]) -> list[int]:
    key = _fold(span)
    return [i for i, name in enumerate(names) if _fold(name) == key]


def _seat(tokens: list[str], at: int, needed_after: int, names: Sequence[str]) -> tuple[int, int]:
    """The seat named from ``tokens[at]`` on and how many tokens name it."""
    token = tokens[at]
    if token.isdigit() and 1 <= int(token) <= len(names):  # numbers first: always a seat
        return int(token) - 1, 1
    longest = len(tokens) - at - needed_after
    for length in range(longest, 0, -1):  # a whole name first, even one with spaces
        found = _exact(" ".join(tokens[at:at + length]), names)
        if len(found) == 1:
            return found[0], length
        if len(found) > 1:
            raise SeatWordError(_(
                "Two players are called “{name}”: write the seat number instead "
                "({roll}).", name=shown(names[found[0]]), roll=_roll(names)))
    if token.isdigit():
        raise SeatWordError(_("There is no seat {number}: seats are numbered 1 to {last} "
                              "({roll}).", number=token, last=len(names),
                              roll=_roll(names)))
    key = _fold(token)
    starts = [i for i, name in enumerate(names) if key and _fold(name).startswith(key)]
    if len(starts) == 1:
        return starts[0], 1
    if starts:
        some = " / ".join(shown(names[i]) for i in starts)
        raise SeatWordError(_("“{typed}” could be {some}: write more of the name or the seat "
                              "number ({roll}).", typed=shown(token), some=some, roll=_roll(names)))
    raise SeatWordError(_("Nobody called “{typed}” sits at this table: the players are "
                          "{roll}.", typed=shown(token), roll=_roll(names)))


def _seat_word(words: MoveWords, word: str) -> MoveWord | None:
    """The game's move word ``word`` when one of its arguments is a seat."""
    found = words.get(word)
    return found if found is not None and found.seats else None


def to_engine(words: MoveWords, text: str, names: Sequence[str]) -> str:
    """The engine's notation of a move typed with seats as people see them
    (``"give Bob 3 declare"`` -> ``"give 1 3 declare"`` when bob has seat index 1)."""
    tokens = text.split()
    if not tokens:
        return text
    word = tokens[0].lower()
    found = _seat_word(words, word)
    if found is None:
        return text
    kinds = found.seats
    out = [word]
    at = 1
    for i, kind in enumerate(kinds):
        if at >= len(tokens):
            raise SeatWordError(_(found.usage))
        if kind == "seat":
            seat, used = _seat(tokens, at, len(kinds) - i - 1, names)
            out.append(str(seat))
            at += used
        else:
            out.append(tokens[at])
            at += 1
    return " ".join([*out, *tokens[at:]])


def _parts(words: MoveWords, action: Action, seat_text: Sequence[str]) -> list[str]:
    found = _seat_word(words, action.word)
    kinds = found.seats if found is not None else ()
    if not kinds or len(kinds) != len(action.args):
        return [action.word, *(str(a) for a in action.args)]
    parts = [action.word]
    for kind, arg in zip(kinds, action.args, strict=True):
        parts.append(seat_text[arg] if kind == "seat" and isinstance(arg, int)
                     and 0 <= arg < len(seat_text) else str(arg))
    return parts


def _written(words: MoveWords, action: Action, seat_text: Sequence[str]) -> str:
    return " ".join([*_parts(words, action, seat_text),
                     *([action.call] if action.call else [])])


def by_number(words: MoveWords, action: Action, names: Sequence[str]) -> str:
    """The action with seats counted from 1 (``give 2 3``): what :func:`to_engine` reads
    back to the same action, whatever the names."""
    return _written(words, action, [str(i + 1) for i in range(len(names))])


def by_name(words: MoveWords, action: Action, names: Sequence[str]) -> str:
    """The action with each seat as its player's name (``give bob 3``), or its number from 1
    when the name would not read back to that seat (shared, or a number itself) or would
    end the code span it is shown in (a backtick). The name is isolated, its bidi
    controls gone (``shown`` for a label: it goes in code spans and autocomplete labels,
    never markdown); :func:`to_engine` reads it back."""
    return _written(words, action, _seat_texts(names))


def parts_by_name(words: MoveWords, action: Action, names: Sequence[str]) -> list[str]:
    """:func:`by_name` in parts: the word, then each argument (a seat as one part, even a
    name of several words); the closing call (``declare``) is not among them."""
    return _parts(words, action, _seat_texts(names))


def _seat_texts(names: Sequence[str]) -> list[str]:
    texts = []
    for i, name in enumerate(names):
        try:
            reads_back = bool(name.strip()) and _seat(name.split(), 0, 0, names) == (
                i, len(name.split()))
        except SeatWordError:
            reads_back = False
        readable = reads_back and not name.isdigit() and not set(name) & UNREADABLE
        texts.append(shown(name, markdown=False) if readable else str(i + 1))
    return texts


# ---------------------------------------------------------------- whole moves


_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f`*")  # text/emoji presentation, markdown
#: A name holding one of these is written by its seat number: the reader drops markdown
#: and cuts a line at its dash, so the name would not read back.
UNREADABLE = frozenset("`*—")


def _cards_as_codes(tokens: list[str]) -> list[str]:
    """Cards typed with suit symbols (``3♥``) as notation codes (``3H``)."""
    out = []
    for token in tokens:
        if any(symbol in token for symbol in "♠♥♦♣"):
            with contextlib.suppress(ValueError):
                token = str(Card.parse(token))
        out.append(token)
    return out


def _plain(typed: str) -> str:
    """The notation part of a typed line: markdown and presentation selectors dropped, and
    the words after the dash (a hint's or a list's explanation) left out."""
    text = " ".join(typed.translate(_SELECTORS).split())
    return text.split(MOVE_WORDS_GAP.strip(), 1)[0].strip()


def read_move(words: MoveWords, typed: str, names: Sequence[str],
              legal: Iterable[tuple[Action, str]] = (), lang: str | None = None) -> str:
    """The engine's notation of a move a person typed, as ``/move`` and the console read
    it: a move's words exactly as offered (``legal``: each legal action and its words),
    or a notation with seats by name or number from 1, the game's ``words`` in ``lang``,
    cards as codes or with suit symbols, and what a hint shows after the move's notation
    (``give bob 4 — put 9♦ …``) left out. Raises :class:`SeatWordError` when a player
    cannot be read; anything else the engine reads and answers."""
    offered = list(legal)
    wanted = " ".join(typed.translate(_SELECTORS).split()).casefold()
    for action, said in offered:  # a move's words as the panel or hint wrote them
        offered_words = " ".join(said.translate(_SELECTORS).split()).casefold()
        if wanted and wanted in (offered_words, words_of(offered_words)):
            return str(action)
    text = to_notation(words, _plain(typed), lang)
    tokens = _cards_as_codes(text.split())
    first = words.get(tokens[0]) if tokens else None
    if first is not None and first.links:  # "ask bob for 3♥": the words of an ask
        tokens = [t for i, t in enumerate(tokens) if i == 0 or t.lower() not in first.links]
    return to_engine(words, " ".join(tokens), names)


def words_of(described: str) -> str:
    """A move's words without the engine's notation the engine writes in front of them
    (``give 1 4 — put 9♦ on …`` -> ``put 9♦ on …``)."""
    return described.split(MOVE_WORDS_GAP, 1)[-1]


def move_line(words: MoveWords, action: Action, described: str, names: Sequence[str]) -> str:
    """A move as people read and type it: its notation with seats by name (or number from
    1), then its words (``described``: the engine's description, seats filled in)."""
    typed = by_name(words, action, names)
    said = words_of(described)
    if not said or said == str(action):
        return typed
    return f"{typed}{MOVE_WORDS_GAP}{said}"


_SEAT_REF = re.compile(r"\{p(\d+)\}")


def with_names(text: str, names: Sequence[str]) -> str:
    """An engine text with its seat placeholders (``{p1}``) as names (seats without a name
    as "Seat 2")."""
    return Event("text", text).render(names) if _SEAT_REF.search(text) else text
