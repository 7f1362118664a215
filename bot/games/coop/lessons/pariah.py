"""Pariah's lessons (docs/rules.md, Pariah). Each step's ``plays`` names the rules it plays
(``bot.learning.rulemap``)."""

from __future__ import annotations

from bot.i18n import N_
from bot.learning.model import Lesson, Step, Wrong, coop_deck

# Lesson 1: face cards (a Queen, then a Jack and a King in its extra turns), knocking,
# scoring.
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
        stock=["QD", "JC", "KD", "4D", "10H", "7C", "3C", "8H", "2S", "6S", "4H"],
    ),
    steps=(
        Step(
            N_("A Queen is discarded for two extra turns, each with its own draw."),
            "queen",
            (Wrong("keep 2", N_("Face down, a Queen makes its coop invalid; played, it buys "
                                "two more turns.")),),
            plays=("pariah/face-cards-drawn/queen",),
        ),
        Step(
            N_("Face up, a face card makes its coop valid; face down, invalid. A drawn Jack may "
               "replace one of your own face-up cards."),
            "jack 1",
            (Wrong("keep 1", N_("Face down, a Jack makes its coop invalid; face up it makes "
                                "it valid, and a Jack may go face up in place of your {c_4S}.")),
             Wrong("discard", N_("Discarding wastes the Jack: it can mend coop 1 now."))),
            plays=("pariah/the-cards", "pariah/a-valid-coop", "pariah/face-cards-drawn",
                   "pariah/face-cards-drawn/jack"),
        ),
        Step(
            N_("A King swaps any two face-down cards on the table. Your {c_KS} face down "
               "spoils coop 4, and {p1}'s coop 2 is valid."),
            "king 0 4 1 2",
            (Wrong("discard", N_("Discarding the King leaves your {c_KS} face down in coop "
                                 "4, and that coop invalid.")),
             Wrong("keep 4", N_("Face down, the King keeps coop 4 invalid; its swap can "
                                "move your {c_KS} out."))),
            then=("draw", "discard"),
            plays=("pariah/face-cards-drawn/king",),
        ),
        Step(
            N_("A knock is made with the move that ends your turn, once no extra turn is left; "
               "{p1} then takes one last turn."),
            "discard knock",  # i18n: not for people
            (Wrong("discard", N_("Without a knock the round goes on, and {p1} may mend their "
                                 "coops while you are ahead.")),),
            then=("draw", "discard"),
            plays=("pariah/knocking", "pariah/scoring"),
        ),
    ),
    summary=N_("The round is over. Each valid coop scored both its cards (an ace 15, a face "
               "card 0) and four valid coops earned a 50 point bonus; invalid coops score "
               "nothing. The first to 200 wins."),
)

# Lesson 2: a Queen in an extra turn, the Jack, a King swapping two of your own cards, a
# last turn after the knock with Queen turns, the end of the game (threshold 100).
# Seat 0: A♠/9♦ valid, 5♣/8♥ invalid, 9♣/10♠ invalid, 4♥/3♦ invalid.
QUEENS = Lesson(
    game="pariah",
    number=2,
    title=N_("Extra turns and the game's end"),
    players=2,
    variant={"threshold": 100},
    deck=coop_deck(
        downs=["9D 8H 10S 3D", "2C 6D 4S 7H"],
        ups=["AS 5C 9C 4H", "3H 10C 8D KH"],
        stock=["QC", "QS", "JD", "KC", "6S", "QD", "2H", "5D", "7S", "AH", "9H", "10D"],
    ),
    steps=(
        Step(
            N_("Pariah's discards lie face up: everyone sees them. A Queen buys two extra "
               "turns."),
            "queen",
            (Wrong("discard", N_("Discarding it as a plain card wastes its two extra "
                                 "turns.")),),
            plays=("pariah/discards-are-face-up",),
        ),
        Step(
            N_("A Queen drawn in an extra turn adds two more."),
            "queen",
            (Wrong("keep 1", N_("Face down, a Queen makes its coop invalid; played, it buys "
                                "two more turns.")),),
            plays=("pariah/face-cards-drawn/queen",),
        ),
        Step(
            N_("Coop 2, the black {c_5C} over {c_8H}, is invalid; a face card face up makes any "
               "coop valid."),
            "jack 2",
            (Wrong("jack 1", N_("The Jack may replace your {c_AS}, but coop 1 is valid "
                                "and its ace scores 15, while coop 2 scores nothing.")),),
            plays=("pariah/face-cards-drawn/jack",),
        ),
        Step(
            N_("A King may swap two of your own face-down cards: coops 3 and 4 are both "
               "invalid now."),
            "king 0 3 0 4",
            (Wrong("discard", N_("The King can swap your own two face-down cards: "
                                 "{c_3D} under {c_9C}, {c_10S} under {c_4H}.")),),
            plays=("pariah/face-cards-drawn/king",),
        ),
        Step(
            N_("After a knock, the opponent's last turn keeps any Queen turns it earns."),
            "discard knock",  # i18n: not for people
            (Wrong("discard", N_("Your four coops are valid: knocked now, each scores "
                                 "both its cards, and the 50 bonus comes too.")),),
            then=("draw", "queen", "draw", "discard", "draw", "discard"),
            plays=("pariah/knocking/queen-turns", "pariah/winning"),
        ),
    ),
    summary=N_("Your coops scored 58 and the 50 bonus: past 100, you win. When both players "
               "pass the threshold in one round the higher total wins; on a tie another "
               "round is played. A round also ends when the stock runs out."),
)

# Lesson 3: option `discards: hidden` (the pile face down): a Queen shows its rank only, the
# card a keep replaces goes unseen, a knock. Seat 0: 7♥/10♣ valid, 9♣/10♠ invalid, 8♦/9♥
# valid, 3♠/2♣ valid. Seat 1: 2♦/6♥ valid, 6♣/2♥ valid, 9♠/A♥ valid, 5♦/5♥ invalid.
HIDDEN = Lesson(
    game="pariah",
    number=3,
    title=N_("A hidden discard pile"),
    players=2,
    variant={"discards": "hidden"},
    deck=coop_deck(
        downs=["10C 10S 9H 2C", "6H 2H AH 5H"],
        ups=["7H 9C 8D 3S", "2D 6C 9S 5D"],
        stock=["QH", "4D", "6S", "10D", "3C", "7S", "JS", "4H", "8S", "2S"],
    ),
    steps=(
        Step(
            N_("This table hides its discards (option `discards: hidden`): the pile lies face "
               "down, and a Queen or King on it shows its rank, never its suit."),
            "queen",
            (Wrong("keep 2", N_("Face down, a Queen makes its coop invalid; played, it buys "
                                "two more turns.")),),
            plays=("pariah/discards-are-face-up/hidden",),
        ),
        Step(
            N_("The card a keep replaces goes to the pile face down too: {p1} never sees what "
               "left your coop."),
            "keep 2",
            (Wrong("discard", N_("{c_4D} is lower than the black {c_9C}: it would make coop "
                                 "2 valid.")),),
            plays=("pariah/discards-are-face-up/hidden",),
        ),
        Step(
            N_("Your last Queen turn: all four coops are valid, and a knock now gives {p1} "
               "one last turn."),
            "discard knock",  # i18n: not for people
            (Wrong("discard", N_("Without a knock the round goes on, and {p1} may mend "
                                 "their coops while yours score now.")),),
            then=("draw", "discard"),
            plays=("pariah/knocking",),
        ),
    ),
    summary=N_("Under `discards: hidden` nobody sees a discarded card, nor the card a keep "
               "or a Jack replaces; a Queen or King shows only its rank. Pariah's default, "
               "`discards: open`, shows every discard."),
)

# Lesson 4: a tie at the threshold (200), on scores carried from earlier rounds (the learner
# 100, Nikos 162). Seat 0: 7♥/10♣, 8♦/9♥, 3♠/2♣ valid, 9♣/10♠ invalid, mended by the 4♦
# drawn: 52 and the 50 bonus. Nikos: 2♦/6♥, 6♣/2♥, 9♠/A♥ valid, 5♦/5♥ invalid: 40. Both
# end the round on 202, and another round is dealt.
TIE = Lesson(
    game="pariah",
    number=4,
    title=N_("A tie at the threshold"),
    players=2,
    totals=(100, 162),
    deck=coop_deck(
        downs=["10C 10S 9H 2C", "6H 2H AH 5H"],
        ups=["7H 9C 8D 3S", "2D 6C 9S 5D"],
        stock=["4D", "7S", "8S", "2S"],
    ),
    steps=(
        Step(
            N_("You are on 100 and {p1} on 162; this game ends at 200. When both players pass "
               "it in one round, the higher total wins."),
            "keep 2 knock",  # i18n: not for people
            (Wrong("keep 2", N_("Without a knock the round goes on, and {p1} may mend "
                                "their coops while yours score now.")),),
            then=("draw", "discard"),
            plays=("pariah/knocking", "pariah/winning", "pariah/winning/tie"),
        ),
    ),
    summary=N_("Your coops scored 52 and the 50 bonus, {p1}'s 40: both on 202. Equal totals "
               "past the threshold decide nothing, so another round is dealt, and its totals "
               "decide."),
)

LESSONS = (FACE_CARDS, QUEENS, HIDDEN, TIE)
