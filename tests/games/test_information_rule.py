"""The information rule (DESIGN.md), checked as a property for all four games.

Two games that differ only in cards hidden from the table, played with the same public
moves, must look identical to the table: the same public view, ``to_act``, phase and public
events at every step. Each pair is dealt from one shuffled deck and the same deck with two
hidden cards swapped (between two seats' face-down cards or hands, or between a hidden
card and the stock); both games then play the same move, drawn at random from the moves
legal in both. A pair is compared until one of the swapped cards is shown by the rules
(given face up, played, asked for, revealed, a face-up discard, a round end): from then on
the table may tell them apart. The alt text of the public pictures is compared too: it
obeys the rule exactly as the pictures do.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from bot.games.cards import Card, standard_deck
from bot.games.protocol import Engine, Event
from bot.games.registry import ENGINES
from bot.games.turup.state import pack_cards
from tests.helpers.pictures import round_end_alt, table_alt

Revealed = Callable[[Any, Sequence[Event], frozenset[str]], bool]
"""Has one of the swapped cards (codes) been shown to the table by ``state``/events?"""

ENDS = frozenset({"round_end", "game_end", "game_over", "reveal"})


def public(events: Sequence[Event]) -> list[tuple[str, str, str]]:
    """The public events, comparable."""
    return [
        (e.kind, str(e.text), json.dumps(dict(e.data), sort_keys=True, default=str))
        for e in events
        if e.public
    ]


NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "jay", "kim", "lee")


def table_sees(engine: Engine[Any], state: Any) -> str:
    """Everything the table sees of a state: public view (phase included), to_act, and the
    alt text of its public pictures (the table, the last round), which a screen reader
    reads to anyone at the table."""
    view = engine.public_view(state)
    names = NAMES[: view["players"]]
    alt = [table_alt(view, names), round_end_alt(view, names) if view.get("last_round") else ""]
    return json.dumps([view, engine.to_act(state), alt], sort_keys=True, default=str)


def play_pair(
    engine: Engine[Any],
    a: Any,
    b: Any,
    swapped: frozenset[str],
    revealed: Revealed,
    rng: random.Random,
    max_steps: int = 400,
) -> int:
    """Play the same moves in ``a`` and ``b`` and assert the table cannot tell them apart
    until a swapped card is shown; return the number of steps compared."""
    for step in range(max_steps):
        assert table_sees(engine, a) == table_sees(engine, b), f"step {step}"
        if engine.to_act(a) is None:
            return step
        in_b = {str(x) for x in engine.legal_actions(b)}
        common = sorted(t for t in (str(x) for x in engine.legal_actions(a)) if t in in_b)
        if not common:  # the mover's own hidden cards differ in every move: no common move
            return step
        calls = [t for t in common if t.endswith(("declare", "knock")) or t == "reveal"]
        text = rng.choice(calls) if calls and rng.random() < 0.5 else rng.choice(common)
        ta = engine.apply(a, engine.parse_action(a, text))
        tb = engine.apply(b, engine.parse_action(b, text))
        if any(e.kind in ENDS for e in (*ta.events, *tb.events)):
            return step
        if revealed(ta.state, ta.events, swapped) or revealed(tb.state, tb.events, swapped):
            return step
        assert public(ta.events) == public(tb.events), f"step {step}: {text}"
        a, b = ta.state, tb.state
    return max_steps


def swap(deck: list[Card], i: int, j: int) -> list[Card]:
    """The deck with positions ``i`` and ``j`` swapped."""
    out = list(deck)
    out[i], out[j] = out[j], out[i]
    return out


def distinct_pair(
    deck: list[Card], rng: random.Random, first: Sequence[int], second: Sequence[int]
) -> tuple[int, int]:
    """Two positions, one from each range, holding different cards."""
    for _ in range(200):
        i, j = rng.choice(first), rng.choice(second)
        if i != j and deck[i] != deck[j]:
            return i, j
    raise AssertionError("no two different cards to swap")


# ---------------------------------------------------------------------------- coop games


def coop_revealed(state: Any, events: Sequence[Event], swapped: frozenset[str]) -> bool:
    """A swapped card is face up, or on the discard pile face up."""
    shown = {str(c) for row in state.up if row is not None for c in row}
    who = getattr(state, "discard_who", None)
    for i in range(state.ndiscard):
        if who is None or who[i] == -1:
            shown.add(str(state.discard[i]))
    return bool(shown & swapped)


def coop_pair(game: str, players: int, seed: int, variant: Any) -> tuple[Any, Any, frozenset[str]]:
    """Two games of ``game`` whose decks differ by a swap of two hidden cards."""
    engine = ENGINES[game]
    rng = random.Random(seed)
    deck = list(engine.full_deck)  # type: ignore[attr-defined]
    rng.shuffle(deck)
    downs = range(4 * players)
    stock = range(8 * players + 1, len(deck))
    if rng.random() < 0.5:  # two seats' face-down cards
        i, j = distinct_pair(deck, rng, range(4), range(4, 4 * players))
    else:  # a face-down card and a card deeper in the stock
        i, j = distinct_pair(deck, rng, downs, stock)
    other = swap(deck, i, j)
    a = engine.new_game(players, seed, variant, deck)
    b = engine.new_game(players, seed, variant, other)
    return a, b, frozenset({str(deck[i]), str(deck[j])})


SOUREH_VARIANTS = [
    {"declare": "final"},
    {"declare": "reveal"},
    {"declare": "final", "discards": "open"},
    {"declare": "reveal", "leave": True},
]


@pytest.mark.parametrize("options", SOUREH_VARIANTS, ids=lambda o: "-".join(map(str, o.values())))
def test_soureh_flow_tells_nothing_hidden(options: dict[str, Any]) -> None:
    """Soureh: pairs differing in hidden cards look the same to the table, step by step."""
    engine = ENGINES["soureh"]
    compared = 0
    for seed in range(60):
        players = 2 + seed % 3
        if options.get("leave") and players < 3:
            players = 3
        a, b, swapped = coop_pair("soureh", players, seed, engine.Variant(**options))
        compared += play_pair(engine, a, b, swapped, coop_revealed, random.Random(seed))
    assert compared > 400


@pytest.mark.parametrize("discards", ["open", "hidden"])
def test_pariah_flow_tells_nothing_hidden(discards: str) -> None:
    """Pariah: pairs differing in hidden cards look the same to the table, step by step."""
    engine = ENGINES["pariah"]
    compared = 0
    for seed in range(150):
        variant = engine.Variant(discards=discards)
        a, b, swapped = coop_pair("pariah", 2, seed, variant)
        compared += play_pair(engine, a, b, swapped, coop_revealed, random.Random(seed))
    assert compared > 400


# ---------------------------------------------------------------------------- Turup


def turup_revealed(state: Any, events: Sequence[Event], swapped: frozenset[str]) -> bool:
    """A swapped card was played: it lies on the pile or in a won pile."""
    shown = {str(c) for c in state.pile} | {str(c) for won in state.won for c in won}
    return bool(shown & swapped)


@pytest.mark.parametrize(("players", "pack"), [(2, "standard"), (3, "standard"), (4, "somali")])
def test_turup_flow_tells_nothing_hidden(players: int, pack: str) -> None:
    """Turup: hands swapped between seats (or with the deck) look the same to the table."""
    engine = ENGINES["turup"]
    compared = 0
    for seed in range(40):
        rng = random.Random(seed)
        deck = pack_cards(players, pack)
        rng.shuffle(deck)
        hands = range(4 * players)
        if rng.random() < 0.5:
            i, j = distinct_pair(deck, rng, range(4), range(4, 4 * players))
        else:
            i, j = distinct_pair(deck, rng, hands, range(4 * players + 4, len(deck)))
        variant = engine.Variant(rounds=1, pack=pack)
        a = engine.new_game(players, seed, variant, deck)
        b = engine.new_game(players, seed, variant, swap(deck, i, j))
        swapped = frozenset({str(deck[i]), str(deck[j])})
        compared += play_pair(engine, a, b, swapped, turup_revealed, rng)
    assert compared > 150


# ---------------------------------------------------------------------------- Soi


def soi_revealed(state: Any, events: Sequence[Event], swapped: frozenset[str]) -> bool:
    """A swapped card was asked for, or its rank laid down."""
    ranks = {code[:-1] for code in swapped}
    for e in events:
        if e.kind == "ask" and e.data.get("card") in swapped:
            return True
        if e.kind == "quad" and e.data.get("rank") in ranks:
            return True
    return False


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_soi_flow_tells_nothing_hidden(players: int) -> None:
    """Soi: cards swapped between two hands look the same to the table until asked for."""
    engine = ENGINES["soi"]
    compared = 0
    for seed in range(40):
        rng = random.Random(seed)
        deck = standard_deck()
        rng.shuffle(deck)
        mine = [p for p in range(len(deck)) if p % players == 0]
        theirs = [p for p in range(len(deck)) if p % players == 1]
        i, j = distinct_pair(deck, rng, mine, theirs)
        a = engine.new_game(players, seed, None, deck)
        b = engine.new_game(players, seed, None, swap(deck, i, j))
        if table_sees(engine, a) != table_sees(engine, b):
            continue  # the swap made (or broke) a quadruplet at the deal: shown at once
        swapped = frozenset({str(deck[i]), str(deck[j])})
        compared += play_pair(engine, a, b, swapped, soi_revealed, rng)
    assert compared > 100
