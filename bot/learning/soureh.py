"""Soureh's lessons (RULES.md section 1)."""

from __future__ import annotations

from bot.i18n import N_
from bot.learning.model import Lesson, Step, Wrong, coop_deck

# Lesson 1: coops, a turn (draw, then keep or discard), declaring under rule final.
# Seat 0 (the learner): coop 1 6♥/9♣ valid, coop 2 5♥/3♠ invalid, coop 3 9♠/10♥
# invalid, coop 4 A♣/4♦ valid. Seat 1: 8♣/9♦ invalid, 2♥/7♠ valid, A♦/A♠ invalid,
# 10♣/3♥ valid.
COOPS = Lesson(
    game="soureh",
    number=1,
    title=N_("Coops and your turn"),
    players=2,
    deck=coop_deck(
        downs=["9C 3S 10H 4D", "9D 7S AS 3H"],
        ups=["6H 5H 9S AC", "8C 2H AD 10C"],
        stock=["8C", "4S", "10D", "6S", "2D", "5C", "9H", "2S", "8H", "3D"],
    ),
    intro=N_("Soureh: your four coops each pair a face-up card with a face-down card that "
             "only you see. Make all four valid, then declare."),
    steps=(
        Step(N_("Your turn starts with a draw from the stock. Press **Draw**."), "draw"),
        Step(
            N_("A coop with a red face-up card is valid when its face-down card is higher: "
               "coop 2, {c_5H} over {c_3S}, is not. Keep the {c_8C} in coop 2."),
            "keep 2",
            (Wrong("keep 1", N_("Coop 1 is already valid ({c_9C} is higher than {c_6H}); "
                                "coop 2 is the one to mend.")),
             Wrong("discard", N_("Discarding the {c_8C} leaves coop 2 invalid, and {c_8C} "
                                 "is higher than {c_5H}: it mends it."))),
            then=("draw", "discard"),
        ),
        Step(N_("Your opponent drew and discarded. Draw again."), "draw"),
        Step(
            N_("Coop 3 has the black {c_9S} face up: it needs a lower card beneath it. "
               "{c_10D} fits none of your coops: discard it."),
            "discard",
            (Wrong("keep 3", N_("{c_10D} is higher than the black {c_9S}: coop 3 would stay "
                                "invalid.")),),
            then=("draw", "discard"),
        ),
        Step(N_("Draw again."), "draw"),
        Step(
            N_("{c_2D} is lower than the black {c_9S}, so it mends coop 3 and all four coops "
               "are valid. Keep it in coop 3 and declare Soureh in the same move."),
            "keep 3 declare",  # i18n: not for people
            (Wrong("keep 3", N_("Keeping it is right, but you may declare only as part of "
                                "the move: with four valid coops, declare now.")),
             Wrong("discard", N_("{c_2D} is what coop 3 needs: lower than the black {c_9S}."))),
            then=("draw", "discard"),
        ),
    ),
    summary=N_("Under rule **final**, your opponent took one last turn and the round ended. "
               "You held four valid coops and scored nothing; he scored the lower card of "
               "each coop. Lowest total wins."),
    rules=("coops", "validity", "aces", "draw", "keep", "discard", "declaring", "final",
           "scoring"),
)

LESSONS = (COOPS,)
