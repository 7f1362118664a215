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
               "You held four valid coops and scored nothing; they scored the lower card of "
               "each coop. Lowest total wins."),
    rules=("coops", "validity", "aces", "draw", "keep", "discard", "declaring", "final",
           "scoring"),
)

# Lesson 2: giving, aces and the 10, equal cards. Seat 0: A♥/6♣ valid, 4♣/6♦ invalid,
# 7♦/7♠ invalid (equal), 3♠/A♣ valid. Seat 1: A♠/10♥ valid, 6♥/9♦ valid, 2♣/8♥
# invalid, 9♣/4♥ valid.
GIVING = Lesson(
    game="soureh",
    number=2,
    title=N_("Giving, aces and the 10"),
    players=2,
    deck=coop_deck(
        downs=["6C 6D 7S AC", "10H 9D 8H 4H"],
        ups=["AH 4C 7D 3S", "AS 6H 2C 9C"],
        stock=["9H", "8S", "5D", "2S", "10S", "3D", "3H", "9S", "4D", "5S"],
    ),
    intro=N_("Equal cards never make a valid coop, and two aces neither; one ace with any "
             "other card does. A drawn card may also be given to an opponent."),
    steps=(
        Step(N_("Draw a card."), "draw"),
        Step(
            N_("Coop 3, {c_7D} over {c_7S}, is invalid: equal values never count. {c_9H} is "
               "higher than the red {c_7D}: keep it in coop 3."),
            "keep 3",
            (Wrong("discard", N_("{c_9H} mends coop 3: a red face-up card wants a higher "
                                 "card beneath it.")),),
            then=("draw", "discard"),
        ),
        Step(N_("Draw again."), "draw"),
        Step(
            N_("**Give** puts your card in place of an opponent's face-up card. {p1}'s coop 4 "
               "is {c_9C} over a hidden card: give them the {c_5D} there."),
            "give 1 4",
            (Wrong("give 1 1", N_("A face-up ace may be replaced only by a 10."),
                   label=N_("Give {c_5D} to {p1}'s coop 1")),
             Wrong("keep 2", N_("{c_5D} is higher than the black {c_4C}: coop 2 would stay "
                                "invalid."))),
            then=("draw", "discard"),
        ),
        Step(N_("Draw again."), "draw"),
        Step(
            N_("A 10 is the one card that may replace a face-up ace. Give the {c_10S} to "
               "{p1}'s coop 1 and their {c_AS} goes to the discard pile."),
            "give 1 1",
            (Wrong("keep 1", N_("Your coop 1 is valid already: its ace makes it so. The 10 "
                                "can take {p1}'s ace away.")),),
            then=("draw", "discard"),
        ),
        Step(N_("Draw again."), "draw"),
        Step(
            N_("{c_3H} is lower than the black {c_4C}: it mends coop 2 and all your coops are "
               "valid. Keep it in coop 2 and declare."),
            "keep 2 declare",  # i18n: not for people
            (Wrong("give 1 3", N_("Giving it away leaves your coop 2 invalid; keep it and "
                                  "declare.")),),
            then=("draw", "discard"),
        ),
    ),
    summary=N_("You gave cards to spoil your opponent's coops, and replaced their ace with a "
               "10. The discard pile is face down: nobody sees what goes there (the `discards` "
               "option can show it)."),
    rules=("give", "aces", "the_10", "equal", "discards"),
)

# Lesson 3, rule reveal: protection, reveal refused while a coop is invalid, continuing.
# Seat 0: 8♥/10♣, 3♣/2♥, A♦/5♠, 9♠/6♣, all valid.
REVEAL = Lesson(
    game="soureh",
    number=3,
    title=N_("Protection and reveal"),
    players=3,
    variant={"declare": "reveal"},
    deck=coop_deck(
        downs=["10C 2H 5S 6C", "3H 4C 9C 2S", "9H 10S 6H 7S"],
        ups=["8H 3C AD 9S", "6S 7C 4D 10D", "5H 8S AC 3D"],
        stock=["4S", "2D", "8C", "7H", "9D", "5C", "6D", "4H", "10H", "2C"],
    ),
    intro=N_("This table plays rule **reveal**: after a declaration every other player "
             "takes one turn, and then the declarer may reveal their coops to win the round."),
    steps=(
        Step(N_("Draw a card."), "draw"),
        Step(
            N_("Your four coops are valid already. Discard the {c_4S} and declare in the same "
               "move."),
            "discard declare",  # i18n: not for people
            (Wrong("discard", N_("With four valid coops, declare: the others then get one "
                                 "turn each before you may reveal.")),),
            then=("draw", "give 0 2", "draw", "discard"),
        ),
        Step(
            N_("{p1} gave {c_2D} onto your coop 2, now invalid over {c_2H}, and so made you "
               "protected: {p2} could not touch your cards. You cannot reveal now: draw and "
               "play on."),
            "draw",
            (Wrong("reveal", N_("Your coop 2 is invalid, so you may not reveal. Draw and mend "
                                "it."),
                   label=N_("Reveal")),),
        ),
        Step(
            N_("{c_7H} is higher than the red {c_2D}: keep it in coop 2, and declare again."),
            "keep 2 declare",  # i18n: not for people
            (Wrong("keep 2", N_("Keep it, and declare with the move: your four coops are "
                                "valid again.")),),
            then=("draw", "discard", "draw", "discard"),
        ),
        Step(
            N_("Your turn came back and your coops are still valid. Reveal them to win the "
               "round."),
            "reveal",
            (Wrong("draw", N_("Drawing means playing on; with four valid coops, reveal.")),),
        ),
    ),
    summary=N_("You revealed and won the round: you score nothing, and every other player "
               "scores, valid coops or not. A declarer may reveal even when the stock is empty. "
               "Under rule **final**, the round instead ends after the others' last turns."),
    rules=("protection", "reveal", "declaring"),
)

# Lesson 4: a round that ends with the stock, scoring, the end of the game (threshold 20,
# discards open). Seat 0: 2♥/5♦ valid, 8♣/3♥ valid, 6♦/4♠ invalid, A♠/A♥ invalid.
SCORING = Lesson(
    game="soureh",
    number=4,
    title=N_("Scoring and the end"),
    players=2,
    variant={"threshold": 20, "discards": "open"},
    deck=coop_deck(
        downs=["5D 3H 4S AH", "9D 6S 10D 9C"],
        ups=["2H 8C 6D AS", "7C 8D 10H 9S"],
        stock=["9H", "4C", "5C", "3S", "3C", "2D"],
    ),
    intro=N_("This table ends the game at 20 points and shows its discards face up. The "
             "stock holds only six cards."),
    steps=(
        Step(N_("Draw a card."), "draw"),
        Step(
            N_("Two aces make an invalid coop, but an ace with any other card is valid. Keep "
               "the {c_9H} in coop 4."),
            "keep 4",
            (Wrong("discard", N_("{c_9H} mends coop 4: an ace with any other card is "
                                 "valid.")),),
            then=("draw", "discard"),
        ),
        Step(N_("Draw again."), "draw"),
        Step(
            N_("Coop 3 needs a card higher than the red {c_6D}; {c_5C} is not. Discard it."),
            "discard",
            (Wrong("keep 3", N_("{c_5C} is lower than the red {c_6D}: coop 3 would stay "
                                "invalid.")),),
            then=("draw", "discard"),
        ),
        Step(N_("The stock is nearly out. Draw."), "draw"),
        Step(
            N_("{c_3C} does not mend coop 3 either: discard it. When a player must draw from "
               "an empty stock, the round ends."),
            "discard",
            (Wrong("keep 3", N_("{c_3C} is lower than the red {c_6D}: coop 3 would stay "
                                "invalid.")),),
            then=("draw", "discard"),
        ),
    ),
    summary=N_("The stock ran out. Whoever lacks four valid coops scores one card of each coop, "
               "the pick that totals least (an ace 1 or 11); a total that lands on a multiple "
               "of 100 drops by 50. At the threshold the lowest total wins; under `end: "
               "elimination` those past it leave and the last one wins; with `leave`, a "
               "winning declarer leaves the round and the others add 10."),
    rules=("scoring", "multiple_of_100", "stock_out", "ending", "elimination", "leave",
           "discards_open"),
)

LESSONS = (COOPS, GIVING, REVEAL, SCORING)
