"""Rules audit of Soureh over random games: answers that ignore hidden cards, round scores
against an independent scorer, turn order after a declaration, branches that do not
interfere, and legal actions that apply (the stacked-deck rules are test_audit_soureh.py)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from bot.games.cards import Card
from bot.games.coop.soureh import ENGINE, Variant, coop_valid
from bot.games.coop.state import CoopState
from bot.games.protocol import Event, GameError
from tests.helpers.redeal import redeal


def round_end(events: list[Event]) -> Event:
    """The round_end event among ``events``."""
    return next(e for e in events if e.kind == "round_end")


def _hundred(total: int) -> int:
    return total - 50 if total > 0 and total % 100 == 0 else total


# ---------------------------------------------------------------------------- hidden cards


def coop_texts(players: int) -> list[str]:
    """Action texts worth trying in a coop game: every word with every small argument."""
    texts = ["draw", "discard declare", "knock", "reveal", "queen", "dance"]
    texts += [f"{w} {n}" for w in ("keep", "jack") for n in range(0, 6)]
    texts += [f"give {s} {n}" for s in range(players + 1) for n in range(1, 5)]
    texts += [f"king 0 {n} {players - 1} {m}" for n in range(1, 5) for m in range(1, 5)]
    return texts


def outcome(engine: Any, state: Any, text: str) -> str:
    """What parse_action answers to ``text``: the action's text or the error message."""
    try:
        return str(engine.parse_action(state, text))
    except GameError as error:
        return f"{type(error).__name__}: {error}"


def check_answers_ignore_hidden_cards(engine: Any, state: Any, seed: int, texts: list[str]) -> None:
    """Along a random game from ``state``, parse_action answers every text the same in a
    determinized state: legality and messages depend only on what the actor may see."""
    rng = random.Random(seed)
    for step in range(400):
        seat = engine.to_act(state)
        if seat is None:
            break
        if step % 7 == 0:
            other = redeal(engine, state, seat, random.Random(step))
            for text in texts:
                assert outcome(engine, state, text) == outcome(engine, other, text), text
        state = engine.apply(state, rng.choice(engine.legal_actions(state))).state


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_soureh_answers_depend_only_on_what_the_actor_sees(players: int, seed: int) -> None:
    """No Soureh error message (or legality) depends on a card hidden from the actor."""
    state = ENGINE.new_game(players, seed, Variant(declare="reveal", leave=players >= 3))
    check_answers_ignore_hidden_cards(ENGINE, state, seed, coop_texts(players))


# ---------------------------------------------------------------------------- scoring oracle


def brute_total(total: int, coops: list[tuple[Card, Card]]) -> int:
    """The lowest total after the 100 rule over every pick, ace 1 or 11 (no shortcuts)."""
    options = []
    for pair in coops:
        vals: set[int] = set()
        for c in pair:
            vals |= {1, 11} if c.rank.value == "A" else {c.order}
        options.append(vals)
    return min(
        _hundred(total + a + b + c + d)
        for a in options[0]
        for b in options[1]
        for c in options[2]
        for d in options[3]
    )


def check_round_end(prev: CoopState, events: list[Event]) -> None:
    """Re-score a round end from the state before the action, by RULES.md section 1."""
    totals = list(prev.totals)
    in_round = list(prev.in_round)
    declarer = prev.declarer
    for e in events:
        if e.kind == "leave":
            in_round[e.data["seat"]] = False
            totals = [_hundred(t + 10) if in_round[s] else t for s, t in enumerate(prev.totals)]
            assert e.data["totals"] == totals
        if e.kind == "reveal":
            declarer = e.data["seat"]
        if e.kind != "round_end":
            continue
        data = e.data
        coops = [
            None if row is None else [(Card.parse(u), Card.parse(d)) for u, d in row]
            for row in data["coops"]
        ]
        for s, row in enumerate(coops):
            if row is not None:
                assert data["valid"][s] == [coop_valid(u, d) for u, d in row]
        if data["reason"] == "reveal":
            scorers = {s for s in range(prev.n) if in_round[s] and s != declarer}
        elif data["reason"] == "last":
            scorers = {s for s in range(prev.n) if in_round[s]}
            assert len(scorers) == 1
        else:
            scorers = {s for s in range(prev.n) if in_round[s] and False in data["valid"][s]}
        for s in range(prev.n):
            row = coops[s]
            want = brute_total(totals[s], row) if s in scorers and row is not None else totals[s]
            assert data["totals"][s] == want, (s, data)
            assert (data["picks"][s] is not None) is (s in scorers)
        return


@pytest.mark.parametrize(
    ("players", "declare", "end", "leave"),
    [
        (2, "final", "lowest", False),
        (3, "reveal", "elimination", True),
        (4, "final", "elimination", True),
        (4, "reveal", "lowest", False),
    ],
)
def test_round_scores_agree_with_an_independent_scorer(
    players: int, declare: str, end: str, leave: bool
) -> None:
    """Every round end of seeded random games, re-scored from the rules, agrees."""
    rng = random.Random(players)
    rounds = 0
    for seed in range(6):
        state = ENGINE.new_game(players, seed, Variant(declare, end, 150, leave))
        while ENGINE.to_act(state) is not None:
            legal_now = ENGINE.legal_actions(state)
            wanted = [a for a in legal_now if a.call or a.word == "reveal"]
            action = wanted[0] if wanted and rng.random() < 0.8 else rng.choice(legal_now)
            t = ENGINE.apply(state, action)
            if any(e.kind == "round_end" for e in t.events):
                check_round_end(state, list(t.events))
                rounds += 1
            state = t.state
    assert rounds > 20


# ---------------------------------------------------------------------------- turn order


@pytest.mark.parametrize(
    ("players", "declare", "leave"),
    [(3, "final", False), (4, "final", True), (3, "reveal", True), (4, "reveal", False)],
)
def test_turns_after_a_declaration_follow_the_rules(
    players: int, declare: str, leave: bool
) -> None:
    """Random games: after a declaration every other player in the round draws once, in
    turn order (fewer only when the stock runs out); then `final` resolves the round and
    `reveal` gives the declarer his turn back in phase reveal, spoiled coops or not."""
    rng = random.Random(players * 7)
    checked = 0
    for seed in range(8):
        state = ENGINE.new_game(players, seed, Variant(declare, "elimination", 150, leave))
        watch: tuple[int, list[int]] | None = None  # declarer, seats owed a turn
        while ENGINE.to_act(state) is not None:
            legal_now = ENGINE.legal_actions(state)
            wanted = [a for a in legal_now if a.call]
            action = wanted[0] if wanted and rng.random() < 0.7 else rng.choice(legal_now)
            t = ENGINE.apply(state, action)
            for e in t.events:
                if e.kind == "declare":
                    me = e.data["seat"]
                    owed = [(me + i) % players for i in range(1, players)]
                    watch = (me, [s for s in owed if state.in_round[s]])
                elif watch is not None and e.kind == "draw":
                    assert watch[1] and e.data["seat"] == watch[1].pop(0)
                elif watch is not None and e.kind in ("round_end", "leave"):
                    if e.kind == "leave" or e.data["reason"] != "stock":
                        assert watch[1] == [], e.kind
                    watch = None
                    checked += 1
                    break
            if watch is not None and not watch[1] and declare == "reveal":
                view = ENGINE.public_view(t.state)
                if view["to_act"] == watch[0] and view["declarer"] == watch[0]:
                    assert view["phase"] == "reveal"
                    assert not any(e.kind == "lapse" for e in t.events)
                    watch = None
                    checked += 1
            state = t.state
    assert checked > 20


# ---------------------------------------------------------------------------- branching


def full_view(engine: Any, state: Any) -> list[Any]:
    """Every seat's view plus the stock and discard pile: all of a state a caller sees."""
    views: list[Any] = [engine.player_view(state, s) for s in range(state.n)]
    return [*views, list(state.stock[state.pos :]), list(state.discard_pile)]


def check_branches_do_not_interfere(engine: Any, state: Any, seed: int) -> None:
    """Play on from one state along two branches, interleaved; each branch looks exactly
    like the same moves played from a deep copy (copy-on-write never leaks)."""
    rng = random.Random(seed)

    def step(s: Any) -> Any:
        if engine.to_act(s) is None:
            return s
        pick = random.Random(len(s.discard_pile) * 97 + s.pos).choice(engine.legal_actions(s))
        return engine.apply(s, pick).state

    for _ in range(300):
        if engine.to_act(state) is None:
            return
        legal_now = engine.legal_actions(state)
        a, b = rng.choice(legal_now), rng.choice(legal_now)
        steps = rng.randrange(1, 6)
        refs = []
        for action in (a, b):
            ref = engine.apply(copy.deepcopy(state), action).state
            for _ in range(steps):
                ref = step(ref)
            refs.append(full_view(engine, ref))
        left, right = engine.apply(state, a).state, engine.apply(state, b).state
        for _ in range(steps):
            right, left = step(right), step(left)
        assert [full_view(engine, left), full_view(engine, right)] == refs
        state = engine.apply(state, rng.choice(legal_now)).state


def test_soureh_branches_do_not_interfere() -> None:
    """Soureh states branch safely: apply never changes what another state shows."""
    check_branches_do_not_interfere(ENGINE, ENGINE.new_game(3, 4, Variant(leave=True)), 4)


# ---------------------------------------------------------------------------- one check


def accepts(engine: Any, state: Any, text: str) -> bool:
    """Does parse_action accept ``text`` in ``state``?"""
    try:
        engine.parse_action(state, text)
    except GameError:
        return False
    return True


def check_legal_equals_accepted(engine: Any, state: Any, seed: int) -> None:
    """Along a random game, the texts parse_action accepts are exactly the listed legal
    actions (among every text tried), and each accepted one applies."""
    rng = random.Random(seed)
    texts = coop_texts(state.n)
    for _ in range(400):
        if engine.to_act(state) is None:
            return
        legal_now = {str(a) for a in engine.legal_actions(state)}
        accepted = {t for t in texts if accepts(engine, state, t)}
        assert accepted == legal_now & set(texts)
        for text in accepted:
            engine.apply(state, engine.parse_action(state, text))
        state = engine.apply(state, rng.choice(engine.legal_actions(state))).state


def test_soureh_legal_actions_and_apply_agree() -> None:
    """Soureh's legal_actions lists exactly the actions parse_action and apply accept."""
    check_legal_equals_accepted(ENGINE, ENGINE.new_game(4, 9, Variant(declare="reveal")), 9)
