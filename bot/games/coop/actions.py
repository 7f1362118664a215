"""The actions of the coop games, built once and shared (``Action`` values are frozen).

Notation (seats 0-based, slots 1–4): ``draw``, ``keep N``, ``give SEAT N``, ``discard``,
``reveal``; Pariah adds ``jack N``, ``queen``, ``king S1 N1 S2 N2`` (the two positions in
ascending order). A placement may carry the turn's announcement as a last word:
``keep 2 declare`` (Soureh), ``discard knock`` (Pariah); see :func:`with_call`.
"""

from __future__ import annotations

from bot.games.cards import ALL_CARDS, Card, Rank
from bot.games.protocol import Action

MAX_SEATS = 4
SLOTS = (1, 2, 3, 4)

DRAW = Action("draw")
DISCARD = Action("discard")
REVEAL = Action("reveal")
QUEEN = Action("queen")

CALLS = ("declare", "knock")
PLACEMENTS = frozenset({"keep", "give", "discard", "jack", "queen", "king"})
LEGACY_WORDS = frozenset({"declare", "knock", "end", "continue"})

KEEP: dict[int, Action] = {n: Action("keep", (n,)) for n in SLOTS}
KEEP_ALL: tuple[Action, ...] = tuple(KEEP.values())
JACK: dict[int, Action] = {n: Action("jack", (n,)) for n in SLOTS}
JACK_ALL: tuple[Action, ...] = tuple(JACK.values())
GIVE: dict[tuple[int, int], Action] = {
    (s, n): Action("give", (s, n)) for s in range(MAX_SEATS) for n in SLOTS
}
# GIVE_ROWS[seat][mask]: the gives onto ``seat``'s face-up slots whose bit is not in mask
GIVE_ROWS: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(GIVE[(s, n)] for n in SLOTS if not mask >> (n - 1) & 1) for mask in range(16))
    for s in range(MAX_SEATS)
)
_KING: dict[tuple[int, int, int, int], Action] = {}


def king(s1: int, n1: int, s2: int, n2: int) -> Action:
    """The King swap of two face-down positions, in canonical (ascending) order."""
    if (s2, n2) < (s1, n1):
        s1, n1, s2, n2 = s2, n2, s1, n1
    key = (s1, n1, s2, n2)
    action = _KING.get(key)
    if action is None:
        action = _KING[key] = Action("king", key)
    return action


def king_all(seats: list[int]) -> list[Action]:
    """Every swap of two distinct face-down positions among ``seats``."""
    spots = [(s, n) for s in sorted(seats) for n in SLOTS]
    return [king(*a, *b) for i, a in enumerate(spots) for b in spots[i + 1 :]]


# word -> names of its integer arguments (for the "write it like this" messages)
ARGS: dict[str, tuple[str, ...]] = {
    "draw": (),
    "keep": ("slot",),
    "give": ("seat", "slot"),
    "discard": (),
    "reveal": (),
    "jack": ("slot",),
    "queen": (),
    "king": ("seat", "slot", "seat", "slot"),
}

EXAMPLES: dict[str, str] = {
    "keep": "keep 2",
    "give": "give 1 3",
    "jack": "jack 2",
    "king": "king 0 1 1 4",
}

_SIMPLE: dict[str, Action] = {a.word: a for a in (DRAW, DISCARD, REVEAL, QUEEN)}
_CALLED: dict[tuple[Action, str], Action] = {}


def with_call(action: Action, call: str) -> Action:
    """The shared placement ``action`` announcing ``call`` (``"declare"``/``"knock"``)."""
    key = (action, call)
    out = _CALLED.get(key)
    if out is None:
        out = _CALLED[key] = Action(action.word, action.args, call)
    return out


def plain(action: Action) -> Action:
    """The placement without its announcement."""
    return make(action.word, tuple(a for a in action.args if isinstance(a, int)))


def make(word: str, args: tuple[int, ...]) -> Action:
    """The shared ``Action`` for a word and its (already counted) integer arguments."""
    if not args:
        return _SIMPLE[word]
    if word == "keep":
        return KEEP.get(args[0]) or Action(word, args)
    if word == "jack":
        return JACK.get(args[0]) or Action(word, args)
    if word == "give":
        return GIVE.get((args[0], args[1])) or Action(word, args)
    if word == "king":
        return king(args[0], args[1], args[2], args[3])
    return Action(word, args)


_DISPLAY: dict[Card, str] = {}
CODE: dict[Card, str] = {c: str(c) for c in ALL_CARDS}
ACES: frozenset[Card] = frozenset(c for c in ALL_CARDS if c.rank is Rank.ACE)
TENS: frozenset[Card] = frozenset(c for c in ALL_CARDS if c.rank is Rank.TEN)


def disp(card: Card) -> str:
    """The display form of a card (``10♥``), cached."""
    text = _DISPLAY.get(card)
    if text is None:
        text = _DISPLAY[card] = card.display
    return text
