"""Soi computer players.

- easy: asks where the last asks shown on the table put a card, else a random ask;
- normal: remembers every public ask (the engine's public ``knowledge`` per seat: cards
  known held, cards known lacking, ranks known held) and asks for the card most likely to
  be where it asks, preferring ranks it is close to completing;
- hard: the focused player — as likely a hit as normal, but in the ranks the table already
  knows it holds, then the dearest ranks (see :func:`hard`; it beat a search, see
  :mod:`bot.games.ai`).
"""

from __future__ import annotations

import random

from bot.games.ai.explain import card_words, seat_words
from bot.games.ai.view import Info
from bot.games.cards import Card, Rank, standard_deck
from bot.games.protocol import Action
from bot.games.soi.moves import AskFor
from bot.games.soi.state import Knowledge, SoiState
from bot.games.soi.views import soi_view
from bot.i18n import N_, _

ALL = tuple(standard_deck())
#: How much a rank the table knows you hold is worth over its points (focused player).
SHOWN_BONUS = 5.0


def _value(rank: Rank) -> int:
    if rank is Rank.ACE:
        return 25
    return rank.number or 10


def history(state: SoiState, seat: int) -> tuple[Knowledge, ...]:
    """What the table knows of each seat's hand, from every ask (the players' memory)."""
    return tuple(state.knowledge(s) for s in range(state.players))


#: The hard player is a rule (``hard``): no search.
search_spec = None


def easy(info: Info, rng: random.Random) -> Action:
    """A random ask, unless one of the asks on the table shows where a wanted card is."""
    legal = {(m.seat, m.card) for m in map(AskFor.of, info.legal)}
    holder: dict[Card, int] = {}
    for ask in soi_view(info.view)["asks"]:
        card = Card.parse(ask["card"])
        if ask["hit"]:
            holder[card] = ask["asker"]
        elif holder.get(card) == ask["asked"]:
            del holder[card]
    sure = [(s, c) for c, s in holder.items() if (s, c) in legal]
    if sure:
        seat, card = sure[rng.randrange(len(sure))]
        return Action("ask", (seat, card))
    return info.legal[rng.randrange(len(info.legal))]


def _probabilities(info: Info) -> dict[tuple[int, Card], float]:
    """For every legal ask, the chance the asked seat holds the card (public knowledge)."""
    view = soi_view(info.view)
    me = info.seat
    hand = {Card.parse(t) for t in view["hand"] or ()}
    counts = [s["hand_count"] for s in view["seats"]]
    know = info.history
    laid = {r for s in view["seats"] for r in s["quads"]}
    known_at: dict[Card, int] = {}
    for s, k in enumerate(know):
        if s != me:
            for c in k.known:
                known_at[c] = s
    free = [counts[s] - len(know[s].known) if s != me else 0 for s in range(len(counts))]
    unknown = [c for c in ALL if c not in hand and c not in known_at and c.rank.value not in laid]
    out: dict[tuple[int, Card], float] = {}
    for action in info.legal:
        seat, card = action.args
        assert isinstance(seat, int) and isinstance(card, Card)
        if known_at.get(card) == seat:
            out[(seat, card)] = 1.0
            continue
        if card in known_at or card in know[seat].absent or free[seat] <= 0:
            out[(seat, card)] = 0.0
            continue
        total = sum(free[s] for s in range(len(counts)) if s != me and card not in know[s].absent)
        p = free[seat] / total if total else 0.0
        rank = card.rank
        if rank in know[seat].ranks and not any(c.rank is rank for c in know[seat].known):
            same = [c for c in unknown if c.rank is rank and c not in know[seat].absent]
            if same:
                p = max(p, 1.0 / len(same))
        out[(seat, card)] = p
    return out


def normal(info: Info, rng: random.Random) -> Action:
    """Ask for the card most likely held by the asked seat; near-complete ranks first."""
    return _ranked(info, rng, focused=False)[0]


def hard(info: Info, rng: random.Random) -> Action:
    """The focused player: as likely a hit as normal, but in ranks worth chasing.

    Among the likeliest asks it chases the rank the table already knows it holds (asking
    for it tells nobody anything new), then the dearest rank (aces 25, then 10s and
    faces). Keeping to a few known, valuable ranks beats the normal player's "the rank I
    hold most of", which spreads its asks over many ranks and shows the table each one.
    """
    return _ranked(info, rng, focused=True)[0]


#: Why the hard player chose its move, for a hint (:mod:`bot.games.ai.hint`; ``{move}`` is
#: the move in words): the rule it keeps to.
HARD_WHY = N_("The hard player {move}: keep to the ranks the table knows you hold, "
              "dearest first.")


def explain(info: Info, action: Action) -> str:
    """A move in plain words for hints and reviews (:mod:`bot.games.ai.explain`): ``asks
    {p2} for the Queen of hearts``."""
    if action.word == "ask":
        return _("asks {player} for {card}", player=seat_words(action.args[0]),
                 card=card_words(str(action.args[1])))
    return str(action)  # i18n: not for people (an unknown move keeps its notation)


def _ranked(info: Info, rng: random.Random, *, focused: bool) -> list[Action]:
    """The legal asks, best first by the normal (or the focused) player's judgement."""
    probs = _probabilities(info)
    held: dict[Rank, int] = {}
    for t in soi_view(info.view)["hand"] or ():
        rank = Card.parse(t).rank
        held[rank] = held.get(rank, 0) + 1
    shown: set[Rank] = set()
    if focused:
        mine = info.history[info.seat]
        shown = set(mine.ranks) | {c.rank for c in mine.known}
    keyed = []
    for action in info.legal:
        seat, card = action.args
        assert isinstance(seat, int) and isinstance(card, Card)
        p = probs[(seat, card)]
        rank = card.rank
        if focused:
            worth = _value(rank) + (SHOWN_BONUS if rank in shown else 0.0)
        else:
            worth = held.get(rank, 0) + _value(rank) / 100
        keyed.append(((round(p, 3), worth, rng.random()), action))
    keyed.sort(key=lambda pair: pair[0], reverse=True)
    return [action for _, action in keyed]
