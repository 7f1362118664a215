"""Soi's lessons (docs/rules.md, Soi). Each step's ``plays`` names the rules it plays
(``bot.learning.rulemap``)."""

from __future__ import annotations

from bot.i18n import N_
from bot.learning.model import Lesson, Step, Wrong, hands_deck


def _quads(*ranks: str) -> str:
    return " ".join(f"{rank}{suit}" for rank in ranks for suit in "SHDC")

# Lesson 1: asking, continuing after a card, a miss passing the turn, quadruplets.
# Seat 1 ({p1}) holds K♠ 9♦ 9♣ 3♣ 3♦, seat 2 ({p2}) K♥ 7♣ 9♥ 3♠ 3♥; the learner 7♠ 7♥
# 7♦ K♣ K♦ 9♠. The rest of the pack fills the hands as quadruplets, laid down at the deal:
# the learner holds six cards (one row of the picture, one select per opponent: a phone's
# screen, issue 46). {p1} asks first, and asks the learner for K♥.
ASKING = Lesson(
    game="soi",
    number=1,
    title=N_("Asking for cards"),
    players=3,
    deck=hands_deck(
        [f"7S 7H 7D KC KD 9S {_quads('2', '4', '5')}",  # i18n: not for people
         f"KS 9D 9C 3C 3D {_quads('6', '8', '10')}",  # i18n: not for people
         f"KH 7C 9H 3S 3H {_quads('J', 'Q', 'A')}"],  # i18n: not for people
        [18, 17, 17]),
    seed=7,  # {p1} asks first
    opening=("ask 0 KH",),  # i18n: not for people
    steps=(
        Step(
            N_("An ask tells everyone something: {p1} asked you for {c_KH}, so they hold a "
               "King, and not {c_KH}."),
            "ask 1 KS",  # i18n: not for people
            (Wrong("ask 2 KS",  # i18n: not for people
                   N_("{p1}'s ask showed they hold a King, and the only King "
                                  "you lack besides {c_KH} is {c_KS}.")),),
            plays=("soi/the-deal", "soi/the-goal", "soi/your-turn"),
        ),
        Step(
            N_("A card handed over keeps the turn yours. {p1} lacks {c_KH}, so someone else "
               "holds it."),
            "ask 2 KH",  # i18n: not for people
            (Wrong("ask 1 KH",  # i18n: not for people
                   N_("{p1} asked for {c_KH} themselves: they do not hold it.")),),
            plays=("soi/your-turn",),
        ),
        Step(
            N_("Four Kings: a quadruplet, laid down. No ask has shown {c_7C}, and a miss "
               "passes the turn."),
            "ask 1 7C",
            then=("ask 0 9H",),
            plays=("soi/your-turn", "soi/what-everyone-sees"),
        ),
        Step(
            N_("{p1} asked you for {c_9H} in their turn: they hold a nine."),
            "ask 1 9D",
            (Wrong("ask 2 9D",  # i18n: not for people
                   N_("{p1} asked for a nine, so they hold one; nothing says {p2} does.")),),
            plays=("soi/what-everyone-sees",),
        ),
        Step(
            N_("{p1} had no {c_7C} when you asked, so {p2} holds it."),
            "ask 2 7C",
            (Wrong("ask 1 7C",  # i18n: not for people
                   N_("{p1} had no {c_7C} when you asked, and has asked for no seven "
                      "since.")),),
            plays=("soi/scoring",),
        ),
    ),
    summary=N_("Your asks made two quadruplets: Kings 10 and sevens 7. Every quadruplet "
               "scores its rank (J, Q, K 10; four aces 25). Everyone sees each ask and its "
               "answer, but the table shows only the last 3 asks (the `memory` option): "
               "remember the rest."),
)


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
    opening=("ask 1 8S", "ask 0 5D"),
    steps=(
        Step(
            N_("The first player of each round is drawn at random: this time {p2}. {p1} then "
               "asked you for {c_5D}, so they hold a five."),
            "ask 1 5H",
            (Wrong("ask 1 8H",  # i18n: not for people
                   N_("{p1} asked for a five, so they hold one; nothing says they hold an "
                      "eight.")),),
            plays=("soi/the-deal/random-first-player", "soi/the-goal"),
        ),
        Step(
            N_("{p1} has no cards left: they are out of the round, and nobody may ask them."),
            "ask 2 5D",
            plays=("soi/your-turn",),
        ),
        Step(N_("A card handed over keeps the turn yours, until the rank is complete."),
             "ask 2 5C", plays=("soi/the-goal",)),
        Step(
            N_("Four fives laid down. Only eights are left, all with {p2}."),
            "ask 2 8H",
            plays=("soi/scoring",),
        ),
        Step(N_("The round ends when every card has been laid down."), "ask 2 8D",
             plays=("soi/scoring",)),
        Step(N_("This game ends at 20 points: the round in which someone reaches the target is "
                "the last."), "ask 2 8C", plays=("soi/scoring",)),
    ),
    summary=N_("Every card is laid down, so the round is over: each quadruplet scored its "
               "rank (four aces 25). Had a player run out on their own turn, the next player "
               "with cards would have taken it. Someone reached the target, so the game ended "
               "and the highest total won; the others are ranked by their totals."),
)

# Lesson 3: the `memory` option (the table shows the last 3 asks). The learner 6♠ 6♥ 8♠
# 8♥ 9♠ 9♥, {p1} 6♦ 6♣ 9♦ Q♣ Q♦, {p2} 8♣ 8♦ 9♣ Q♠ Q♥; the rest as quadruplets laid down
# at the deal. {p2} asks first: {p1} for 8♠ (so {p2} holds an eight); then {p1} asks {p2}
# for Q♠ (yes) and the learner for 9♣ (no). Two asks of the learner later, {p2}'s first
# ask is off the table, and the learner's third ask needs it.
MEMORY = Lesson(
    game="soi",
    number=3,
    title=N_("Remember the asks"),
    players=3,
    deck=hands_deck(
        [f"6S 6H 8S 8H 9S 9H {_quads('A', '2', '3')}",  # i18n: not for people
         f"6D 6C 9D QC QD {_quads('4', '5', '7')}",  # i18n: not for people
         f"8C 8D 9C QS QH {_quads('10', 'J', 'K')}"],  # i18n: not for people
        [18, 17, 17]),
    seed=5,  # {p2} asks first
    opening=("ask 1 8S", "ask 2 QS", "ask 0 9C"),  # i18n: not for people
    steps=(
        Step(
            N_("This table shows only the last 3 asks (option `memory`): each new ask pushes "
               "the oldest off, so read them while you can."),
            "ask 1 9D",  # i18n: not for people
            (Wrong("ask 2 9D",  # i18n: not for people
                   N_("{p1} asked you for a nine they lack, so they hold another one; "
                      "nothing says {p2} holds {c_9D}.")),),
            plays=("soi/what-everyone-sees",),
        ),
        Step(
            N_("A card that neither you nor {p1} holds can only be with {p2}."),
            "ask 2 9C",  # i18n: not for people
            (Wrong("ask 1 9C",  # i18n: not for people
                   N_("{p1} asked you for {c_9C}: they do not hold it.")),),
            plays=("soi/your-turn",),
        ),
        Step(
            N_("{p2}'s first ask is off the table now, but what it told you is still true."),
            "ask 2 8C",  # i18n: not for people
            (Wrong("ask 1 8C",  # i18n: not for people
                   N_("{p2} asked {p1} for {c_8S} at the start, so {p2} holds an eight; "
                      "nothing ever said {p1} does.")),),
            plays=("soi/what-everyone-sees/memory",),
        ),
    ),
    summary=N_("With `memory` on (the default) the table keeps only the last 3 asks, and a "
               "good player remembers the rest; with `memory: off` it shows every ask of the "
               "round."),
)

LESSONS = (ASKING, THE_END, MEMORY)
