"""Turup's lessons (docs/rules.md, Turup). Each step's ``plays`` names the rules it plays
(``bot.learning.rulemap``)."""

from __future__ import annotations

from bot.games.cards import standard_deck
from bot.i18n import N_
from bot.learning.model import Lesson, Step, Wrong

# Lesson 1: match, addition, both, trailing, dealing again.
# The deal: the learner 5♦ K♥ 9♣ 9♠, Nikos 7♦ J♣ 2♥ A♠, the pile 3♠ 2♣ K♦ 5♥; then
# the learner A♦ 6♣ 10♥ Q♠ and Nikos 3♥ 8♠ 4♦ 6♥ at the second deal.
CAPTURES = Lesson(
    game="turup",
    number=1,
    title=N_("Capturing and trailing"),
    players=2,
    deck=("5D", "KH", "9C", "9S", "7D", "JC", "2H", "AS", "3S", "2C", "KD", "5H",
          "AD", "6C", "10H", "QS", "3H", "8S", "4D", "6H"),
    steps=(
        Step(
            N_("A capture takes a match (a card of your rank) and additions (cards adding up "
               "to your card), together; suits never matter."),
            "capture 5D 3S 2C 5H",
            (Wrong("capture 5D 5H",  # i18n: not for people
                   N_("That capture is legal, but {c_3S} + {c_2C} also "
                                       "add up to 5, and one capture may take every group.")),
             Wrong("trail 5D", N_("You may always trail, but your {c_5D} can win four "
                                  "cards now."))),
            then=("trail 7D",),
            plays=("turup/the-cards", "turup/the-deal", "turup/your-turn",
                   "turup/your-turn/capture"),
        ),
        Step(
            N_("Face cards have no number: a King is won only by a King."),
            "capture KH KD",  # i18n: not for people
            (Wrong("trail KH",  # i18n: not for people
                   N_("Trailing leaves the {c_KD} for your opponent; your "
                                  "{c_KH} matches it.")),),
            then=("trail JC",),  # i18n: not for people
            plays=("turup/your-turn/capture",),
        ),
        Step(
            N_("A card that captures nothing trails: it goes face up onto the pile. You may "
               "always trail, even when you could capture."),
            "trail 9C",
            then=("trail 2H",),
            plays=("turup/your-turn/trail",),
        ),
        Step(
            N_("Any number of groups may go together, as long as each is a match or adds up "
               "to your card."),
            "capture 9S 9C 7D 2H",
            (Wrong("capture 9S 9C",  # i18n: not for people
                   N_("{c_7D} + {c_2H} add up to 9 too, and a match and "
                                       "an addition go together in one capture.")),
             Wrong("capture 9S 7D 2H", N_("The {c_9C} matches your {c_9S}, and a match goes "
                                          "together with an addition."))),
            then=("trail AS",),  # i18n: not for people
            plays=("turup/your-turn/capture",),
        ),
        Step(
            N_("Every hand was empty, so everyone got four more cards, none to the pile. An ace "
               "is worth 1."),
            "capture AD AS",  # i18n: not for people
            (Wrong("trail AD",  # i18n: not for people
                   N_("Your {c_AD} matches the {c_AS} on the pile: an ace is "
                                  "matched like any other card.")),),
            plays=("turup/dealing-again",),
        ),
    ),
    summary=N_("You captured by match, by addition and by both, trailed when nothing could "
               "be taken, and saw a new deal. When the deck is empty and every hand played, "
               "the most cards won takes the round."),
)

# Lesson 2: the Somali pack (four players, 6 to ace), aces counting 1, counting the round.
# The learner 8♠ 10♥ K♣ 6♦; Nikos 9♦ 7♦ 8♦ 9♠, Omar Q♠ 8♣ 7♥ 10♣, Farah A♣ K♥ J♦ Q♦;
# the pile A♠ 7♣ 6♥ Q♥.
SOMALI = Lesson(
    game="turup",
    number=2,
    title=N_("The Somali pack"),
    players=4,
    variant={"pack": "somali"},
    deck=("8S", "10H", "KC", "6D", "9D", "7D", "8D", "9S", "QS", "8C", "7H", "10C",
          "AC", "KH", "JD", "QD", "AS", "7C", "6H", "QH"),
    steps=(
        Step(
            N_("The Somali pack holds 6 to ace only, but an ace still counts 1 in an "
               "addition."),
            "capture 8S 7C AS",  # i18n: not for people
            (Wrong("trail 8S",  # i18n: not for people
                   N_("Your {c_8S} can take {c_7C} + {c_AS}: an ace counts 1.")),),
            then=("trail 9D", "capture QS QH", "trail AC"),  # i18n: not for people
            plays=("turup/the-cards/somali-pack",),
        ),
        Step(
            N_("Four play with the Somali pack: 144 cards, so each rank comes sixteen times. "
               "The bigger capture wins more cards."),
            "capture 10H 9D AC",  # i18n: not for people
            (Wrong("capture 6D 6H",  # i18n: not for people
                   N_("That takes one card; your {c_10H} takes two, {c_9D} + {c_AC}.")),),
            then=("trail 7D", "trail 8C", "trail KH"),  # i18n: not for people
        ),
        Step(
            N_("A King left on the pile is the next King's to take."),
            "capture KC KH",  # i18n: not for people
            (Wrong("capture 6D 6H",  # i18n: not for people
                   N_("A King left on the pile goes to the next King played, "
                      "yours or another player's.")),),
            then=("trail 8D", "trail 7H", "trail JD"),  # i18n: not for people
        ),
        Step(
            N_("In the Somali pack a 6 is the lowest number: only a match, or six aces, can "
               "take it."),
            "capture 6D 6H",
            (Wrong("trail 6D",  # i18n: not for people
                   N_("Your {c_6D} matches the {c_6H} on the pile.")),),
        ),
    ),
    summary=N_("When the deck is empty and every hand played, each player counts their cards "
               "won: the most takes the round, and cards left on the pile count for nobody. "
               "A game is three rounds (the `rounds` option); the most cards won in all wins. "
               "Five to seven players use two decks, eight to twelve three; when the deck "
               "cannot give everyone four, the rest is dealt one card at a time."),
)

# Lesson 3: five players share two decks (every card twice). The learner 7♦ 4♣ 9♥ K♠;
# Nikos 2♠ 3♥ 6♣ Q♦, Omar 8♠ 5♥ J♣ 10♣, Farah A♥ 6♦ 2♦ 9♠, Amina 5♣ 8♥ J♦ 10♠; the
# pile 7♦ 3♠ 4♥ K♦.
FIVE = Lesson(
    game="turup",
    number=3,
    title=N_("A table of five"),
    players=5,
    deck=("7D", "4C", "9H", "KS", "2S", "3H", "6C", "QD", "8S", "5H", "JC", "10C",
          "AH", "6D", "2D", "9S", "5C", "8H", "JD", "10S", "7D", "3S", "4H", "KD"),
    steps=(
        Step(
            N_("Five to seven players share two decks (104 cards), eight to twelve three: "
               "the same card can lie on the pile and in your hand."),
            "capture 7D 7D 3S 4H",  # i18n: not for people
            (Wrong("capture 7D 7D",  # i18n: not for people
                   N_("{c_3S} + {c_4H} add up to 7 too, and a match and an addition go "
                      "together in one capture.")),),
            then=("trail 2S", "trail 8S", "trail AH", "trail 5C"),  # i18n: not for people
            plays=("turup/the-cards/two-decks",),
        ),
        Step(
            N_("A King is won only by a King, whichever deck it comes from."),
            "capture KS KD",  # i18n: not for people
            (Wrong("trail KS",  # i18n: not for people
                   N_("Your {c_KS} matches the {c_KD}; left there, it goes to the next King "
                      "played.")),),
            plays=("turup/your-turn/capture",),
        ),
    ),
    summary=N_("With more players the cards run out sooner: when the deck cannot give everyone "
               "four, the rest is dealt one card at a time in turn order."),
)

# Lesson 4: eight players share three decks (every card three times). The learner 7♦ K♠
# 5♣ 9♥; Nikos 2♠ 3♥ 6♣ Q♦, Omar 8♠ 5♥ J♣ 10♣, Farah A♥ 6♦ 2♦ 9♠, Amina 5♠ 8♥ J♦ 10♠,
# Yusuf 4♣ 4♦ Q♥ 2♣, Elena 6♠ 8♣ 10♦ A♣, Hodan 3♣ J♥ 9♦ Q♠; the pile 7♦ 7♦ 3♠ 4♥.
EIGHT = Lesson(
    game="turup",
    number=4,
    title=N_("A table of eight"),
    players=8,
    deck=("7D", "KS", "5C", "9H", "2S", "3H", "6C", "QD", "8S", "5H", "JC", "10C",
          "AH", "6D", "2D", "9S", "5S", "8H", "JD", "10S", "4C", "4D", "QH", "2C",
          "6S", "8C", "10D", "AC", "3C", "JH", "9D", "QS", "7D", "7D", "3S", "4H"),
    steps=(
        Step(
            N_("Eight to twelve players share three decks (156 cards): the same card can be "
               "in your hand and twice on the pile, and each copy is a match of its own."),
            "capture 7D 7D 7D 3S 4H",  # i18n: not for people
            (Wrong("capture 7D 7D",  # i18n: not for people
                   N_("Each {c_7D} on the pile is a match of its own, and {c_3S} + {c_4H} "
                      "add up to 7: one capture takes every group.")),
             Wrong("trail 7D",  # i18n: not for people
                   N_("A trail leaves five cards to the seven players after you.")),),
            then=("trail 2S", "trail 8S", "trail 9S", "trail 5S", "trail 4C", "trail 6S",
                  "trail 9D"),  # i18n: not for people
            plays=("turup/the-cards/three-decks",),
        ),
        Step(
            N_("Seven players trailed since your turn: at a big table the pile fills fast, "
               "and one card can take several groups."),
            "capture 9H 9S 9D 5S 4C",  # i18n: not for people
            (Wrong("capture 9H 9S",  # i18n: not for people
                   N_("{c_9D} is a match too, and {c_5S} + {c_4C} add up to 9: a capture "
                      "takes every group it can.")),
             Wrong("capture 5C 5S",  # i18n: not for people
                   N_("Your {c_5C} takes one card; your {c_9H} can take four.")),),
            plays=("turup/your-turn/capture",),
        ),
    ),
    summary=N_("At five to seven players the game uses two decks, at eight to twelve three. "
               "With more players the cards run out sooner: when the deck cannot give "
               "everyone four, the rest is dealt one card at a time in turn order."),
)


def _last_deal() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Six players' round played up to its last deal: the deck (top first) and the moves.

    Two decks, 104 cards: four deals of 24 and the pile's 4 leave 4 cards, dealt one at a
    time to the learner, Nikos, Omar and Farah. Before that every move pairs up: a trail
    taken at once by the next player's match (the same card of the other deck), so the pile
    keeps the dealt 4♠ 5♦ K♣ (and 2♦, which the learner's first move takes); the learner
    takes Hodan's… Amina's last trail with the short deal's 9♥."""
    learner_final, base = "9H", ["2D", "4S", "5D", "KC"]
    pairs = [str(c) for c in standard_deck() if str(c) not in {learner_final, *base}]
    moves = ["capture 2D 2D"]
    cards = ["2D"]  # the card each move plays, in turn order (seat = index mod 6)
    for code in pairs:  # 47 pairs: seats 1, 3 and 5 trail, the next seat takes it
        moves += [f"trail {code}", f"capture {code} {code}"]
        cards += [code, code]
    moves.append(f"trail {learner_final}")
    cards.append(learner_final)
    deck: list[str] = []
    for deal in range(4):
        for seat in range(6):
            deck += [cards[i] for i in range(deal * 24, deal * 24 + 24) if i % 6 == seat]
        if deal == 0:
            deck += base
    deck += [learner_final, "4S", "5D", "KC"]  # the short deal: one each to seats 0 to 3
    return tuple(deck), tuple(moves)


_LAST_DECK, _LAST_MOVES = _last_deal()

# Lesson 5: the short last deal and the end of a round (and of a one-round game).
LAST_DEAL = Lesson(
    game="turup",
    number=5,
    title=N_("The last deal"),
    players=6,
    variant={"rounds": 1},
    deck=_LAST_DECK,
    opening=_LAST_MOVES,
    steps=(
        Step(
            N_("Late in the round the deck held four cards, too few for four each: they were "
               "dealt one at a time, so you, {p1}, {p2} and {p3} hold one. This card is your "
               "last."),
            "capture 9H 9H 4S 5D",  # i18n: not for people
            (Wrong("capture 9H 9H",  # i18n: not for people
                   N_("{c_4S} + {c_5D} add up to 9 too, and every card won counts at the "
                      "round's end.")),
             Wrong("trail 9H",  # i18n: not for people
                   N_("A trail with your last card wins nothing, and what is left on the "
                      "pile at the end counts for nobody."))),
            then=("trail 4S", "trail 5D", "capture KC KC"),  # i18n: not for people
            plays=("turup/dealing-again", "turup/dealing-again/short-last-deal",
                   "turup/end-of-a-round", "turup/the-game"),
        ),
    ),
    summary=N_("Every hand is played and the deck is empty, so the cards won are counted: the "
               "most takes the round, and the cards left on the pile count for nobody. This "
               "table played one round (option `rounds`, three by default); over several "
               "rounds the cards won are added up."),
)

LESSONS = (CAPTURES, SOMALI, FIVE, EIGHT, LAST_DEAL)
