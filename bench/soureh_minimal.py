"""Soureh's rules as a minimal hand-written loop: plain ints and lists, no engine objects.

The yardstick of ``bench.engine_soureh``: the same game (rules ``final`` and ``lowest``,
threshold 100, RULES.md §1) played the same way, a uniformly random choice among the legal
actions at each decision, written as tightly as a person would in a throw-away script. A
card is an int, its rank (1 for the ace … 10) plus 16 when red; the deck is 80 cards, eight
of each rank, four red and four black. Per turn: draw; keep (4 slots), give to an
opponent's face-up slot (not his own; a face-up ace only by a 10; not a protected
declarer's), or discard; each of these also with a declaration when no declaration is
pending and the seat's four coops are valid after it (``keep 2 declare``: the rule book's
true-declarations-only notation, issue 23). After a declaration every other player takes
one more turn; the first give onto the declarer's cards protects him. A round ends then,
or when the stock runs out; each player without four valid coops scores his best pick (one
card per coop, an ace 1 or 11, the lowest total after the hundred rule); the game ends when
a total reaches 100.
"""

from __future__ import annotations

import random
import time

RED = 16
DECK = [rank + colour for rank in range(1, 11) for colour in (0, RED) for _ in range(4)]
ACE, TEN = 1, 10


def _valid(up: int, down: int) -> bool:
    u, d = up & 15, down & 15
    if u == ACE or d == ACE:
        return not (u == ACE and d == ACE)
    return d > u if up & RED else d < u


VALID = [[_valid(u, d) for d in range(32)] for u in range(32)]


def hundred(total: int) -> int:
    """A positive exact multiple of 100 loses 50."""
    return total - 50 if total > 0 and total % 100 == 0 else total


def best_total(total: int, ups: list[int], downs: list[int]) -> int:
    """The lowest total after the hundred rule over every pick of one card per coop."""
    sums = {0}
    for up, down in zip(ups, downs, strict=True):
        values = set()
        for card in (up, down):
            rank = card & 15
            values.add(rank)
            if rank == ACE:
                values.add(11)
        sums = {s + v for s in sums for v in values}
    return min(hundred(total + s) for s in sums)


def play(turns: int, players: int = 4, seed: int = 1) -> tuple[int, int, float]:
    """Random games until ``turns`` turns (draws) were played; (turns, actions, seconds)."""
    rng = random.Random(seed)
    choice = rng.choice
    valid = VALID
    n = players
    done = actions = 0
    start = time.perf_counter()
    while done < turns:
        totals = [0] * n
        dealer = n - 1
        while done < turns and max(totals) < 100:
            cards = DECK[:]
            rng.shuffle(cards)
            downs = [cards[4 * p : 4 * p + 4] for p in range(n)]
            ups = [cards[4 * (n + p) : 4 * (n + p) + 4] for p in range(n)]
            ok = [[valid[ups[p][i]][downs[p][i]] for i in range(4)] for p in range(n)]
            stock = cards[8 * n :]
            pos, seat = 0, (dealer + 1) % n
            declarer = protected = -1
            owed = 0
            while pos < len(stock) and done < turns:
                card = stock[pos]
                pos += 1
                done += 1
                ten = card & 15 == TEN
                moves: list[tuple[int, int]] = [(seat, 0), (seat, 1), (seat, 2), (seat, 3)]
                for p in range(n):
                    if p != seat and p != protected:
                        row = ups[p]
                        for i in range(4):
                            if ten or row[i] & 15 != ACE:
                                moves.append((p, i))
                moves.append((-1, 0))
                mine = ok[seat]
                if declarer < 0:
                    calls = []
                    rest = all(mine)
                    for p, i in moves:
                        if p == seat:
                            after = valid[ups[seat][i]][card] and all(
                                mine[j] for j in range(4) if j != i)
                        else:
                            after = rest
                        if after:
                            calls.append((p, i))
                    count = len(moves)
                    pick = rng.randrange(count + len(calls))
                    declaring = pick >= count
                    p, i = calls[pick - count] if declaring else moves[pick]
                else:
                    declaring = False
                    p, i = choice(moves)
                actions += 2  # the draw and the placement (which may declare)
                if p == seat:
                    downs[seat][i] = card
                    ok[seat][i] = valid[ups[seat][i]][card]
                elif p >= 0:
                    ups[p][i] = card
                    ok[p][i] = valid[card][downs[p][i]]
                    if p == declarer and protected < 0:
                        protected = p
                if declaring:
                    declarer, owed, protected = seat, n - 1, -1
                    seat = (seat + 1) % n
                    continue
                if declarer >= 0 and seat != declarer:
                    owed -= 1
                    if owed == 0:
                        break
                seat = (seat + 1) % n
            for p in range(n):
                if not all(ok[p]):
                    totals[p] = best_total(totals[p], ups[p], downs[p])
            dealer = (dealer + 1) % n
    return done, actions, time.perf_counter() - start
