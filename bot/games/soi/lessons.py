"""Soi's lessons (RULES.md section 4)."""

from __future__ import annotations

from bot.i18n import N_
from bot.learning.model import Lesson, Step, Wrong, hands_deck

# Lesson 1: asking, continuing after a card, a miss passing the turn, quadruplets.
# Seat 1 ({p1}) holds K♠ 9♦ 3♣, seat 2 ({p2}) K♥ 7♣ 5♠ 9♥, seat 3 ({p3}) 3♦ 5♦; the
# learner 7♠ 7♥ 7♦ K♣ K♦ 3♠ 9♠ 5♣. {p1} asks first, and asks the learner for K♥.
ASKING = Lesson(
    game="soi",
    number=1,
    title=N_("Asking for cards"),
    players=4,
    deck=hands_deck(
        ["7S 7H 7D KC KD 3S 9S 5C", "KS 9D 3C", "KH 7C 5S 9H", "3D 5D"],  # i18n: not for people
        [13, 13, 13, 13]),
    seed=1,  # {p1} asks first
    intro=N_("Soi: collect all four suits of a rank, a quadruplet. On your turn you ask "
             "one player for one card; you must hold a card of that rank."),
    opening=("ask 0 KH",),  # i18n: not for people
    steps=(
        Step(
            N_("{p1} asked you for {c_KH}, so they hold a King but not {c_KH}; you hold "
               "{c_KC} and {c_KD}, so theirs is {c_KS}. Ask {p1} for it."),
            "ask 1 KS",  # i18n: not for people
            (Wrong("ask 2 KS",  # i18n: not for people
                   N_("{p1} must hold a King, and the only one left is {c_KS}: "
                                  "ask them.")),),
        ),
        Step(
            N_("They had to hand it over, and you ask again. {p1} asked for {c_KH}, so they lack "
               "it: ask {p2} for {c_KH}."),
            "ask 2 KH",  # i18n: not for people
            (Wrong("ask 1 KH",  # i18n: not for people
                   N_("{p1} asked for {c_KH} themselves: they do not hold it.")),),
        ),
        Step(
            N_("Four Kings: a quadruplet, laid down at once, worth 10. You still have the "
               "turn: ask {p3} for {c_7C}."),
            "ask 3 7C",
            (Wrong("ask 3 7H",  # i18n: not for people
                   N_("You hold {c_7H} yourself: ask for a card you lack."),
                   label=N_("Ask {p3} for {c_7H}")),),
            then=("ask 0 3S", "ask 2 3C", "ask 1 5D", "ask 0 9H"),
        ),
        Step(
            N_("{p3} had no {c_7C}, so the turn passed to them; the asks went round and {p1} "
               "asked you for {c_9H}: they hold a nine. Ask them for {c_9D}."),
            "ask 1 9D",
            (Wrong("ask 1 9S",  # i18n: not for people
                   N_("You hold {c_9S} yourself: ask for a card you lack."),
                   label=N_("Ask {p1} for {c_9S}")),),
        ),
        Step(
            N_("{p3} had no {c_7C}, so {p1} or {p2} holds it. Ask {p2} for {c_7C}."),
            "ask 2 7C",
            (Wrong("ask 2 QH",  # i18n: not for people
                   N_("You hold no Queen: you may ask only for a rank you "
                                  "hold."),
                   label=N_("Ask {p2} for {c_QH}")),),
        ),
    ),
    summary=N_("Two quadruplets: Kings 10 and sevens 7. Every quadruplet scores its rank "
               "(J, Q, K 10; four aces 25). Everyone sees each ask and its answer, but the "
               "table shows only the last 3 asks (the `memory` option): remember the rest."),
    rules=("asking", "continuing", "quads"),
)


def _quads(*ranks: str) -> str:
    return " ".join(f"{rank}{suit}" for rank in ranks for suit in "SHDC")


# Lesson 2: a player out of cards, the end of the round and of the game (target 20).
# Eleven quadruplets are laid down at the deal; fives and eights are left in play: the
# learner 5♠ 8♠, {p1} 5♥, {p2} 5♦ 5♣ 8♥ 8♦ 8♣. {p2} asks first.
THE_END = Lesson(
    game="soi",
    number=2,
    title=N_("Out of cards, and the end"),
    players=3,
    variant={"target": 20},
    deck=hands_deck(
        [f"5S 8S {_quads('A', '2', '3', '4')}", f"5H {_quads('6', '7', '9', '10')}",
         f"5D 5C 8H 8D 8C {_quads('J', 'Q', 'K')}"],  # i18n: not for people
        [18, 17, 17]),
    seed=5,  # {p2} asks first
    intro=N_("Eleven quadruplets were laid down at the deal: whoever holds all four suits of "
             "a rank lays them down at once. The first player of a round is drawn at random. "
             "This game ends at 20 points."),
    opening=("ask 1 8S", "ask 0 5D"),
    steps=(
        Step(
            N_("{p1} asked you for {c_5D}: they hold a five, {c_5H} or {c_5C}. Ask them for "
               "{c_5H}."),
            "ask 1 5H",
            (Wrong("ask 1 8H",  # i18n: not for people
                   N_("{p1} asked for a five, so they hold one; nothing says they hold an "
                      "eight.")),),
        ),
        Step(
            N_("{p1} has no cards left: they are out of the round, and nobody may ask them. Ask "
               "{p2} for {c_5D}."),
            "ask 2 5D",
            (Wrong("ask 1 5D",  # i18n: not for people
                   N_("{p1} is out: only a player who still holds cards may be asked."),
                   label=N_("Ask {p1} for {c_5D}")),),
        ),
        Step(N_("Ask {p2} for {c_5C}, the last five."), "ask 2 5C"),
        Step(
            N_("Four fives laid down. Only eights are left, all with {p2}: ask them for "
               "{c_8H}."),
            "ask 2 8H",
            (Wrong("ask 2 5H",  # i18n: not for people
                   N_("The fives are laid down: ask for a rank you still hold."),
                   label=N_("Ask {p2} for {c_5H}")),),
        ),
        Step(N_("Ask them for {c_8D}."), "ask 2 8D"),
        Step(N_("And for {c_8C}: the last card in play."), "ask 2 8C"),
    ),
    summary=N_("Every card is laid down, so the round is over: each quadruplet scored its "
               "rank (four aces 25). Had a player run out on their own turn, the next player "
               "with cards would have taken it. Someone reached the target, so the game ended "
               "and the highest total won; the others are ranked by their totals."),
    rules=("outs", "scoring", "the_end", "deal_quads"),
)

LESSONS = (ASKING, THE_END)
