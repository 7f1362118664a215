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

Words without a seat (``draw``, ``keep 2``, ``capture 5D 2C``) pass through unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.protocol import Action
from bot.i18n import N_, _
from bot.render.names import plain, shown

# word -> the kinds of its arguments in order: "seat" or "other" (a slot or a card)
SEAT_ARGS: dict[str, tuple[str, ...]] = {
    "give": ("seat", "other"),
    "king": ("seat", "other", "seat", "other"),
    "ask": ("seat", "other"),
}

USAGE: dict[str, str] = {
    "give": N_("Write give like this: `give bob 3` (a player's name or seat number, then "
               "the slot)."),
    "king": N_("Write king like this: `king ann 1 bob 4` (a player and a slot, twice)."),
    "ask": N_("Write an ask like this: `ask bob QH` (a player's name or seat number, then "
              "the card)."),
}


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


def to_engine(text: str, names: Sequence[str]) -> str:
    """The engine's notation of a move typed with seats as people see them
    (``"give Bob 3 declare"`` -> ``"give 1 3 declare"`` when bob has seat index 1)."""
    tokens = text.split()
    if not tokens:
        return text
    word = tokens[0].lower()
    kinds = SEAT_ARGS.get(word)
    if kinds is None:
        return text
    out = [word]
    at = 1
    for i, kind in enumerate(kinds):
        if at >= len(tokens):
            raise SeatWordError(_(USAGE[word]))
        if kind == "seat":
            seat, used = _seat(tokens, at, len(kinds) - i - 1, names)
            out.append(str(seat))
            at += used
        else:
            out.append(tokens[at])
            at += 1
    return " ".join([*out, *tokens[at:]])


def _written(action: Action, seat_text: Sequence[str]) -> str:
    kinds = SEAT_ARGS.get(action.word)
    if kinds is None or len(kinds) != len(action.args):
        return str(action)
    parts = [action.word]
    for kind, arg in zip(kinds, action.args, strict=True):
        parts.append(seat_text[arg] if kind == "seat" and isinstance(arg, int)
                     and 0 <= arg < len(seat_text) else str(arg))
    if action.call:
        parts.append(action.call)
    return " ".join(parts)


def by_number(action: Action, names: Sequence[str]) -> str:
    """The action with seats counted from 1 (``give 2 3``): what :func:`to_engine` reads
    back to the same action, whatever the names."""
    return _written(action, [str(i + 1) for i in range(len(names))])


def by_name(action: Action, names: Sequence[str]) -> str:
    """The action with each seat as its player's name (``give bob 3``), or its number from 1
    when the name would not read back to that seat (shared, or a number itself) or would
    end the code span it is shown in (a backtick). The name is isolated, its bidi
    controls gone (``shown`` for a label: it goes in code spans and autocomplete labels,
    never markdown); :func:`to_engine` reads it back."""
    texts = []
    for i, name in enumerate(names):
        try:
            reads_back = bool(name.strip()) and _seat(name.split(), 0, 0, names) == (
                i, len(name.split()))
        except SeatWordError:
            reads_back = False
        readable = reads_back and not name.isdigit() and "`" not in name
        texts.append(shown(name, markdown=False) if readable else str(i + 1))
    return _written(action, texts)
