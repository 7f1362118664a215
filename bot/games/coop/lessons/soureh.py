"""Soureh's lessons (docs/rules.md, Soureh). Each step's ``plays`` names the rules it plays
(``bot.learning.rulemap``)."""

from __future__ import annotations

from bot.i18n import N_
from bot.learning.model import Lesson, Step, Wrong, coop_deck

# Lesson 1: coops, a turn (the draw is made for you, then keep or discard), declaring under
# rule final. Seat 0 (the learner): coop 1 6♥/9♣ valid, coop 2 5♥/3♠ invalid, coop 3
# 9♠/10♥ invalid, coop 4 A♣/4♦ valid. Seat 1: 8♣/9♦ invalid, 2♥/7♠ valid, A♦/A♠
# invalid, 10♣/3♥ valid.
COOPS = Lesson(
    game="soureh",
    number=1,
    title=N_("Coops and your turn"),
    players=2,
    deck=coop_deck(
        downs=["9C 3S 10H 4D", "9D 7S AS 3H"],
        ups=["6H 5H 9S AC", "8C 2H AD 10C"],
        stock=["8C", "4S", "10D", "6S", "9D", "5C", "AD", "2S", "8H", "3D"],
    ),
    steps=(
        Step(
            N_("A coop is valid when its face-down card beats its face-up card: higher under a "
               "red card, lower under a black one. Coop 2, {c_5H} over {c_3S}, is not."),
            "keep 2",
            (Wrong("keep 1", N_("Coop 1 is already valid ({c_9C} is higher than {c_6H}); "
                                "coop 2 is the one to mend.")),
             Wrong("discard", N_("Discarding the {c_8C} leaves coop 2 invalid, and {c_8C} "
                                 "is higher than {c_5H}: it mends it."))),
            then=("draw", "discard"),
            plays=("soureh/the-cards", "soureh/the-deal", "soureh/a-valid-coop",
                   "soureh/your-turn", "soureh/your-turn/keep"),
        ),
        Step(
            N_("Under the black {c_9S} only a lower card counts. A card that helps none of "
               "your coops goes to the discard pile, face down: nobody sees it."),
            "discard",
            (Wrong("keep 3", N_("{c_10D} is higher than the black {c_9S}: coop 3 would stay "
                                "invalid.")),),
            then=("draw", "discard"),
            plays=("soureh/your-turn/discard", "soureh/the-discard-pile-is-face-down"),
        ),
        Step(
            N_("Equal values never make a valid coop: a 9 under a 9 is no better than a 10."),
            "discard",
            (Wrong("keep 3", N_("{c_9D} equals the {c_9S}, and equal values are never "
                                "valid.")),),
            then=("draw", "discard"),
            plays=("soureh/a-valid-coop",),
        ),
        Step(
            N_("A coop with exactly one ace is always valid. With four valid coops you may "
               "declare Soureh, but only as part of your move."),
            "keep 3 declare",  # i18n: not for people
            (Wrong("keep 3", N_("Kept, it makes all four coops valid, and a declaration is "
                                "made only with that move: without one, the round goes on.")),
             Wrong("discard", N_("{c_AD} mends coop 3: one ace with any other card is "
                                 "valid."))),
            then=("draw", "discard"),
            plays=("soureh/declaring-soureh", "soureh/declaring-soureh/final",
                   "soureh/scoring-a-round"),
        ),
    ),
    summary=N_("Under rule **final**, your opponent took one last turn and the round ended. "
               "You held four valid coops and scored nothing; they scored the lower card of "
               "each coop. Lowest total wins."),
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
    steps=(
        Step(
            N_("Coop 3, {c_7D} over {c_7S}, is invalid: equal values never count, and a red "
               "card wants a higher one beneath it."),
            "keep 3",
            (Wrong("discard", N_("{c_9H} mends coop 3: a red face-up card wants a higher "
                                 "card beneath it.")),),
            then=("draw", "discard"),
            plays=("soureh/a-valid-coop",),
        ),
        Step(
            N_("A card that helps none of your coops can spoil an opponent's: given, it "
               "replaces one of their face-up cards."),
            "give 1 4",
            (Wrong("keep 2", N_("{c_5D} is higher than the black {c_4C}: coop 2 would stay "
                                "invalid.")),),
            then=("draw", "discard"),
            plays=("soureh/your-turn/give",),
        ),
        Step(
            N_("A face-up ace can be replaced, but only by a 10: {p1}'s coop 1 is valid thanks "
               "to its {c_AS}."),
            "give 1 1",
            (Wrong("keep 1", N_("Your coop 1 is valid already: its ace makes it so. The 10 "
                                "can take {p1}'s ace away.")),),
            then=("draw", "discard"),
            plays=("soureh/your-turn/give",),
        ),
        Step(
            N_("{c_3H} is lower than the black {c_4C}: coop 2 would be valid, and so would all "
               "four."),
            "keep 2 declare",  # i18n: not for people
            (Wrong("give 1 3", N_("Given away, it leaves your coop 2 invalid, and with an "
                                  "invalid coop nobody may declare.")),),
            then=("draw", "discard"),
            plays=("soureh/declaring-soureh",),
        ),
    ),
    summary=N_("You gave cards to spoil your opponent's coops, and replaced their ace with a "
               "10. The discard pile is face down: nobody sees what goes there (the `discards` "
               "option can show it)."),
)

# Lesson 3, rule reveal: protection, reveal refused while a coop is invalid, continuing,
# and a reveal with an empty stock. Seat 0: 8♥/10♣, 3♣/2♥, A♦/5♠, 9♠/6♣, all valid.
REVEAL = Lesson(
    game="soureh",
    number=3,
    title=N_("Protection and reveal"),
    players=3,
    variant={"declare": "reveal"},
    deck=coop_deck(
        downs=["10C 2H 5S 6C", "3H 4C 9C 2S", "9H 10S 6H 7S"],
        ups=["8H 3C AD 9S", "6S 7C 4D 10D", "5H 8S AC 3D"],
        stock=["4S", "2D", "8C", "7H", "9D", "5C"],
    ),
    steps=(
        Step(
            N_("This table plays rule **reveal**: after a declaration every other player takes "
               "one turn, then the declarer may reveal their coops to win the round."),
            "discard declare",  # i18n: not for people
            (Wrong("discard", N_("Four valid coops let you declare; without a declaration "
                                 "there is nothing to reveal later.")),),
            then=("draw", "give 0 2", "draw", "discard"),
            plays=("soureh/declaring-soureh/reveal",),
        ),
        Step(
            N_("{p1} gave {c_2D} onto your coop 2, now invalid, and so made you protected: {p2} "
               "could not touch your cards. A reveal is refused while a coop is invalid."),
            "draw",
            (Wrong("reveal", N_("A reveal needs four valid coops, and your coop 2 is invalid "
                                "now: a normal turn can mend it.")),),
            plays=("soureh/declaring-soureh/reveal",),
        ),
        Step(
            N_("A new declaration starts again: the others take one more turn each. The stock "
               "will then be empty."),
            "keep 2 declare",  # i18n: not for people
            (Wrong("keep 2", N_("Kept, it makes your four coops valid again, and only a new "
                                "declaration, made with the move, can win the round.")),),
            then=("draw", "discard", "draw", "discard"),
            plays=("soureh/declaring-soureh/reveal/empty-stock",),
        ),
    ),
    summary=N_("Your turn came back with an empty stock and four valid coops, so you revealed "
               "and won the round: you score nothing, every other player scores, valid coops "
               "or not. Under rule **final**, the round instead ends after the others' last "
               "turns."),
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
    steps=(
        Step(
            N_("Two aces make a coop invalid, though one ace with any other card is valid."),
            "keep 4",
            (Wrong("discard", N_("{c_9H} mends coop 4: an ace with any other card is "
                                 "valid.")),),
            then=("draw", "discard"),
            plays=("soureh/a-valid-coop",),
        ),
        Step(
            N_("This table shows its discards face up (option `discards: open`): everyone sees "
               "what you throw away."),
            "discard",
            (Wrong("keep 3", N_("{c_5C} is lower than the red {c_6D}: coop 3 would stay "
                                "invalid.")),),
            then=("draw", "discard"),
            plays=("soureh/the-discard-pile-is-face-down",),
        ),
        Step(
            N_("When a player must draw from an empty stock, the round ends at once and is "
               "scored; this table's game ends at 20 points."),
            "discard",
            (Wrong("keep 3", N_("{c_3C} is lower than the red {c_6D}: coop 3 would stay "
                                "invalid.")),),
            then=("draw", "discard"),
            plays=("soureh/values", "soureh/scoring-a-round", "soureh/ending-the-game",
                   "soureh/ending-the-game/lowest"),
        ),
    ),
    summary=N_("The stock ran out. Whoever lacks four valid coops scores one card of each coop, "
               "the pick that totals least (an ace 1 or 11). At the threshold the lowest total "
               "wins."),
)

# Lesson 5: options leave and end: elimination, and the multiple-of-100 rule, on scores
# carried from earlier rounds (the learner 40, Nikos 95, Omar 90). Seat 0: 6♥/9♣, 5♥/8♣,
# 9♠/3♦ valid, 4♣/10♦ invalid; the 2♣ drawn mends coop 4. Round 2 is dealt by the engine
# from the seed.
PLAYING_ON = Lesson(
    game="soureh",
    number=5,
    title=N_("Leaving, elimination and 100"),
    players=3,
    variant={"end": "elimination", "leave": True},
    seed=7,
    totals=(40, 95, 90),
    deck=coop_deck(
        downs=["9C 8C 3D 10D", "7S 2D 6C 4H", "9D 3S 5C 2H"],
        ups=["6H 5H 9S 4C", "8H 3C 7D AC", "2S 10C 7H 6S"],
        stock=["2C", "10S", "9H", "4D", "5D", "8S", "AD", "3H"],
    ),
    steps=(
        Step(
            N_("With option `leave`, a declarer who still holds four valid coops leaves the "
               "round and the others add 10. {p2} is on 90: a total of exactly 100 drops to "
               "50."),
            "keep 4 declare",  # i18n: not for people
            (Wrong("keep 4", N_("With four valid coops a declaration wins: under `leave` the "
                                "winner leaves the round and the others add 10.")),),
            then=("draw", "discard") * 8,
            plays=("soureh/option-leave", "soureh/scoring-a-round/multiple-of-100"),
        ),
        Step(
            N_("Under `end: elimination`, {p1} passed 100 and left the game; the others play "
               "on, and the last one standing wins."),
            "keep 2",
            (Wrong("discard", N_("{c_AC} makes any of your coops valid: one ace with any other "
                                 "card is.")),),
            plays=("soureh/ending-the-game/elimination",),
        ),
    ),
    summary=N_("A player past the threshold leaves the game and the others play on; the last "
               "one standing wins. If the last players all leave in one round, the lowest "
               "total among them wins."),
)

# Lesson 6: equal lowest totals share the win (rule end: lowest), on scores carried from
# earlier rounds (the learner 60, Nikos 45, Omar 95). Seat 0 as in lesson 5: 6♥/9♣, 5♥/8♣,
# 9♠/3♦ valid, 4♣/10♦ invalid, mended by the 2♣ drawn. Nikos: 2♠/5♥ and 3♣/4♦ invalid,
# 7♦/9♠ and 3♥/8♠ valid, his lower cards 15. Omar: 8♠/9♥ invalid, his lower cards 30:
# 125 ends the game, and the learner and Nikos share the lowest total, 60.
SHARED = Lesson(
    game="soureh",
    number=6,
    title=N_("A shared win"),
    players=3,
    seed=7,
    totals=(60, 45, 95),
    deck=coop_deck(
        downs=["9C 8C 3D 10D", "5H 4D 9S 8S", "9H 10S 6D 8D"],
        ups=["6H 5H 9S 4C", "2S 3C 7D 3H", "8S 9D 10C 7H"],
        stock=["2C", "4S", "5D", "7C", "6S"],
    ),
    steps=(
        Step(
            N_("{p2} is on 95, so this round takes them past 100 and ends the game: the lowest "
               "total wins. You are on 60 and {p1} on 45; four valid coops add nothing to "
               "yours."),
            "keep 4 declare",  # i18n: not for people
            (Wrong("keep 4", N_("Without a declaration the round goes on: declared now, your "
                                "four valid coops score nothing and the round ends after the "
                                "others' last turns.")),),
            then=("draw", "discard", "draw", "discard"),
            plays=("soureh/ending-the-game/lowest", "soureh/ending-the-game/lowest/shared-win"),
        ),
    ),
    summary=N_("{p2} passed 100 and the game ended. {p1} scored 15 and, like you, finished on "
               "60: equal lowest totals share the win."),
)

LESSONS = (COOPS, GIVING, REVEAL, SCORING, PLAYING_ON, SHARED)
