"""Pariah's lessons (RULES.md section 2)."""

from __future__ import annotations

from bot.i18n import N_
from bot.learning.model import Lesson, Step, Wrong, coop_deck

# Lesson 1: face cards (Jack, Queen, King), knocking, scoring.
# Seat 0: 4♠/9♦ invalid, 7♥/10♣ valid, 8♣/3♦ valid, 5♠/K♠ invalid (a face card face down).
# Seat 1: 2♦/6♥ valid, 6♣/2♣ valid, 9♥/A♥ valid, 5♦/5♥ invalid.
FACE_CARDS = Lesson(
    game="pariah",
    number=1,
    title=N_("Face cards and knocking"),
    players=2,
    deck=coop_deck(
        downs=["9D 10C 3D KS", "6H 2C AH 5H"],
        ups=["4S 7H 8C 5S", "2D 6C 9H 5D"],
        stock=["JC", "4D", "QD", "KD", "10H", "7C", "3C", "8H", "2S", "6S", "4H"],
    ),
    intro=N_("Pariah is played like Soureh with one pack and its face cards: a face card "
             "face up makes its coop valid, a face card face down makes it invalid."),
    steps=(
        Step(N_("Draw a card."), "draw"),
        Step(
            N_("A drawn Jack may replace one of your own face-up cards. Coop 1, {c_4S} over "
               "{c_9D}, is invalid: put the Jack on it."),
            "jack 1",
            (Wrong("keep 1", N_("Face down, a Jack makes its coop invalid; face up it makes "
                                "it valid. Use the Jack's power on your face-up {c_4S}.")),
             Wrong("discard", N_("Discarding wastes the Jack: it can mend coop 1 now."))),
            then=("draw", "discard"),
        ),
        Step(N_("Draw again."), "draw"),
        Step(
            N_("A Queen is discarded for two extra turns, each with its own draw. Play the "
               "Queen."),
            "queen",
            (Wrong("keep 2", N_("Face down, the Queen would make coop 2 invalid. Discard it "
                                "for two extra turns instead.")),),
        ),
        Step(N_("Your first extra turn: draw."), "draw"),
        Step(
            N_("A King swaps any two face-down cards on the table. Your {c_KS} face down "
               "spoils coop 4: swap it with {p1}'s face-down card in coop 2, which makes "
               "their coop 2 invalid."),
            "king 0 4 1 2",
            (Wrong("discard", N_("Discarding the King leaves your {c_KS} face down in coop "
                                 "4, and that coop invalid.")),
             Wrong("keep 4", N_("Face down, the King would keep coop 4 invalid. Use its "
                                "swap instead."))),
        ),
        Step(N_("Your last extra turn: draw."), "draw"),
        Step(
            N_("All four of your coops are valid, and no extra turn is left: discard the "
               "{c_10H} and knock in the same move. {p1} then takes one last turn."),
            "discard knock",  # i18n: not for people
            (Wrong("discard", N_("Without a knock the round goes on, and {p1} may mend their "
                                 "coops. Knock while you are ahead.")),),
            then=("draw", "discard"),
        ),
    ),
    summary=N_("The round is over. Each valid coop scored both its cards (an ace 15, a face "
               "card 0) and four valid coops earned a 50 point bonus; invalid coops score "
               "nothing. The first to 200 wins."),
    rules=("face_cards", "jack", "queen", "king", "knocking", "scoring"),
)

# Lesson 2: a Queen in an extra turn, the Jack, a King swapping two of your own cards, the
# end of the game (threshold 100). Seat 0: A♠/9♦ valid, 5♣/8♥ invalid, 9♣/10♠ invalid,
# 4♥/3♦ invalid.
QUEENS = Lesson(
    game="pariah",
    number=2,
    title=N_("Extra turns and the game's end"),
    players=2,
    variant={"threshold": 100},
    deck=coop_deck(
        downs=["9D 8H 10S 3D", "2C 6D 4S 7H"],
        ups=["AS 5C 9C 4H", "3H 10C 8D KH"],
        stock=["QC", "QS", "JD", "KC", "6S", "2H", "5D", "7S", "AH", "9H", "10D"],
    ),
    intro=N_("This table ends the game at 100 points. Pariah's discards lie face up: "
             "everyone sees them. Use every face card you draw."),
    steps=(
        Step(N_("Draw a card."), "draw"),
        Step(N_("A Queen: discard it for two extra turns."), "queen",
             (Wrong("discard", N_("Discarding it as a plain card wastes its two extra "
                                  "turns.")),)),
        Step(N_("Your first extra turn: draw."), "draw"),
        Step(
            N_("Another Queen, drawn in an extra turn: it adds two more. Play it: three extra "
               "turns are now yours."),
            "queen",
            (Wrong("keep 1", N_("Face down, a Queen spoils its coop. Play it for two more "
                                "turns.")),),
        ),
        Step(N_("Draw."), "draw"),
        Step(
            N_("Coop 2, the black {c_5C} over {c_8H}, is invalid. Put the Jack on your "
               "{c_5C}: a face card face up makes the coop valid."),
            "jack 2",
            (Wrong("jack 1", N_("The Jack may replace your {c_AS}, but coop 1 is valid "
                                "and its ace scores 15. Mend coop 2.")),),
        ),
        Step(N_("Draw."), "draw"),
        Step(
            N_("Coops 3 and 4 are invalid: {c_9C} over {c_10S}, {c_4H} over {c_3D}. Swap "
               "those two face-down cards with the King, and both become valid."),
            "king 0 3 0 4",
            (Wrong("discard", N_("The King can swap your own two face-down cards: "
                                 "{c_3D} under {c_9C}, {c_10S} under {c_4H}.")),),
        ),
        Step(N_("Your last extra turn: draw."), "draw"),
        Step(
            N_("Four valid coops and no extra turn left: discard and knock."),
            "discard knock",  # i18n: not for people
            (Wrong("discard", N_("Knock now: your coops score both their cards and the "
                                 "50 bonus.")),),
            then=("draw", "discard"),
        ),
    ),
    summary=N_("Your coops scored 58 and the 50 bonus: past 100, you win. When both players "
               "pass the threshold in one round the higher total wins; on a tie another "
               "round is played. A knock gives the opponent one last turn, with any Queen "
               "turns it earns; a round also ends when the stock runs out."),
    rules=("queen_in_extra_turn", "jack", "king_own", "threshold", "stock_out"),
)

LESSONS = (FACE_CARDS, QUEENS)
