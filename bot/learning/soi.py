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
            N_("{p1} asked you for {c_KH}, so he holds a King, but not {c_KH}. You hold "
               "{c_KC} and {c_KD}: his must be {c_KS}. Ask {p1} for it."),
            "ask 1 KS",  # i18n: not for people
            (Wrong("ask 2 KS",  # i18n: not for people
                   N_("{p1} must hold a King, and the only one left is {c_KS}: "
                                  "ask him.")),),
        ),
        Step(
            N_("He had to hand it over, and you ask again. {p1} asked for {c_KH}, so he lacks "
               "it: ask {p2} for {c_KH}."),
            "ask 2 KH",  # i18n: not for people
            (Wrong("ask 1 KH",  # i18n: not for people
                   N_("{p1} asked for {c_KH} himself: he does not hold it.")),),
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
            N_("{p3} had no {c_7C}, so the turn passed to him; the asks went round and {p1} "
               "asked you for {c_9H}: he holds a nine. Ask him for {c_9D}."),
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
               "(J, Q, K 10; four aces 25); the round ends when every card is laid down, "
               "and the game at 200."),
    rules=("asking", "continuing", "quads"),
)

LESSONS = (ASKING,)
