"""Determinize a coop-game state (Soureh, Pariah) for one seat, for the hard level's search.

The engine's own ``determinize`` shuffles the hidden cards in the order they lie, so two
states that differ only in hidden cards give different samples from the same ``rng``;
this one puts them in a canonical order first, so the sample (and the hard player's
choice) is a function of the seat's information and ``rng`` alone. The cards a seat
cannot see are the other seats' face-down cards, the stock, another seat's drawn card and
(face-down discard pile) the discards only another seat saw;
as a multiset they are fixed by what the seat sees, so they are gathered, put in a
canonical order (hence the result depends only on the seat's information and ``rng``),
shuffled and dealt back into the same places. A Soureh declarer declared truthfully, so
his face-down cards are then repaired by swaps until they make valid coops with the
face-up cards he declared over (his current ones while he chooses to reveal). The seed
that shuffles later rounds is replaced.
A Pariah knocker's face-down cards are repaired the same way in :data:`KNOCKER_VALID` of
the samples (a knock is usually made on four valid coops, though the rules allow any).
What a Pariah King swap taught the seat about a particular face-down card is not used.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bot.games.cards import Card
from bot.games.coop.ai.model import COOP_VALID
from bot.games.coop.state import PUBLIC, CoopState

#: Pariah: the share of samples in which an opponent who knocked holds four valid coops.
KNOCKER_VALID = 0.8


def determinize(
    game: str, state: CoopState, seat: int, rng: random.Random, *, others_down: bool = True
) -> CoopState:
    """A state ``seat`` cannot tell from ``state``: every hidden card dealt anew.

    ``others_down=False`` leaves the other seats' face-down cards as they truly are and
    deals the rest anew (``research.ceiling``: what reading the opponents perfectly is worth;
    never in play)."""
    valid = COOP_VALID[game]
    others = [s for s in range(state.n)
              if others_down and s != seat and state.down[s] is not None]
    hidden: list[Card] = []
    for s in others:
        row = state.down[s]
        assert row is not None
        hidden.extend(row)
    stock = state.stock[state.pos :]
    who = state.discard_who
    unseen_discards = [i for i in range(state.ndiscard) if who[i] != PUBLIC and who[i] != seat]
    hidden.extend(state.discard[i] for i in unseen_discards)
    hidden.extend(stock)
    drawn_hidden = state.drawn is not None and state.to_act != seat
    if drawn_hidden:
        assert state.drawn is not None
        hidden.append(state.drawn)
    hidden.sort(key=lambda c: (c.order, c.suit.value))
    rng.shuffle(hidden)
    declarer = state.declarer
    if (
        game == "soureh"
        and declarer is not None
        and declarer in others
        and state.declared_up is not None
    ):
        start = others.index(declarer) * 4
        revealing = state.phase == "reveal" and state.to_act == declarer
        ups = state.up[declarer] if revealing else state.declared_up
        _repair(hidden, start, ups, valid, rng)
    elif (
        game == "pariah"
        and declarer is not None
        and declarer in others
        and rng.random() < KNOCKER_VALID
    ):
        # a knock is usually made on four valid coops (the normal player's rule; anyone's
        # reason to end the round): most samples give the knocker valid coops
        start = others.index(declarer) * 4
        _repair(hidden, start, state.up[declarer], valid, rng)
    new = state.copy()
    downs = list(state.down)
    valids = list(state.valid)
    for i, s in enumerate(others):
        row4 = (hidden[4 * i], hidden[4 * i + 1], hidden[4 * i + 2], hidden[4 * i + 3])
        downs[s] = row4
        up = state.up[s]
        assert up is not None
        valids[s] = (
            valid(up[0], row4[0]),
            valid(up[1], row4[1]),
            valid(up[2], row4[2]),
            valid(up[3], row4[3]),
        )
    pos = 4 * len(others)
    if unseen_discards:
        pile = state.discard[: state.ndiscard]
        for i in unseen_discards:
            pile[i] = hidden[pos]
            pos += 1
        new.discard = pile
        new.discard_who = state.discard_who[: state.ndiscard]
    if drawn_hidden:
        new.drawn = hidden[pos]
        pos += 1
    new.down = downs
    new.valid = valids
    new.stock = tuple(hidden[pos:])
    new.pos = 0
    new.next_seed = rng.getrandbits(64)
    return new


def _repair(
    hidden: list[Card],
    start: int,
    ups: Any,
    valid: Callable[[Card, Card], bool],
    rng: random.Random,
) -> None:
    """Swap cards into ``hidden[start:start+4]`` until each is valid under its up card."""
    n = len(hidden)
    for slot in range(4):
        i = start + slot
        if valid(ups[slot], hidden[i]):
            continue
        offset = rng.randrange(n)
        for step in range(n):
            j = (offset + step) % n
            if start <= j < start + 4:
                continue
            if valid(ups[slot], hidden[j]):
                hidden[i], hidden[j] = hidden[j], hidden[i]
                break
