"""Turup's lessons (RULES.md section 3)."""

from __future__ import annotations

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
    intro=N_("Turup: play one card a turn to capture cards from the pile, or trail it onto "
             "the pile. Suits never matter; the most cards won wins."),
    steps=(
        Step(
            N_("Your {c_5D} can take the {c_5H} (a match) and {c_3S} + {c_2C} (an addition "
               "to 5) in one capture. Take all three."),
            "capture 5D 3S 2C 5H",
            (Wrong("capture 5D 5H",  # i18n: not for people
                   N_("That capture is legal, but {c_3S} + {c_2C} also "
                                       "add up to 5: take them too.")),
             Wrong("trail 5D", N_("You may always trail, but your {c_5D} can win four "
                                  "cards now."))),
            then=("trail 7D",),
        ),
        Step(
            N_("Face cards have no number: a King captures only a King. Take the {c_KD} "
               "with your {c_KH}."),
            "capture KH KD",  # i18n: not for people
            (Wrong("trail KH",  # i18n: not for people
                   N_("Trailing leaves the {c_KD} for your opponent; your "
                                  "{c_KH} matches it.")),),
            then=("trail JC",),  # i18n: not for people
        ),
        Step(
            N_("Your {c_9C} captures nothing here: trail it onto the pile."),
            "trail 9C",
            (Wrong("capture 9C JC",  # i18n: not for people
                   N_("A face card is won only by a match: {c_JC} by "
                                       "another Jack."),
                   label=N_("Take {c_JC} with {c_9C}")),),
            then=("trail 2H",),
        ),
        Step(
            N_("A capture may hold matches and additions together: {c_9S} takes the {c_9C} "
               "and {c_7D} + {c_2H}. Take all three."),
            "capture 9S 9C 7D 2H",
            (Wrong("capture 9S 9C",  # i18n: not for people
                   N_("{c_7D} + {c_2H} add up to 9 too: take them with "
                                       "the match.")),
             Wrong("capture 9S 7D 2H", N_("The {c_9C} matches your {c_9S}: take it with "
                                          "the addition."))),
            then=("trail AS",),  # i18n: not for people
        ),
        Step(
            N_("Every hand was empty, so four more cards were dealt to each player. An ace "
               "is worth 1: take the {c_AS} with your {c_AD}."),
            "capture AD AS",  # i18n: not for people
            (Wrong("trail AD",  # i18n: not for people
                   N_("Your {c_AD} matches the {c_AS} on the pile: capture "
                                  "it.")),),
        ),
    ),
    summary=N_("You captured by match, by addition and by both, trailed when nothing could "
               "be taken, and saw a new deal. When the deck is empty and every hand played, "
               "the most cards won takes the round."),
    rules=("match", "addition", "both", "trailing", "dealing_again"),
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
    intro=N_("This table of four plays the Somali pack: four 36-card packs of 6 to ace, 144 "
             "cards. An ace is worth 1, so aces join additions."),
    steps=(
        Step(
            N_("{c_7C} + {c_AS} make 8: take them with your {c_8S}."),
            "capture 8S 7C AS",  # i18n: not for people
            (Wrong("trail 8S",  # i18n: not for people
                   N_("Your {c_8S} can take {c_7C} + {c_AS}: an ace counts 1.")),),
            then=("trail 9D", "capture QS QH", "trail AC"),  # i18n: not for people
        ),
        Step(
            N_("{c_9D} + {c_AC} make 10: take them with your {c_10H}."),
            "capture 10H 9D AC",  # i18n: not for people
            (Wrong("capture 6D 6H",  # i18n: not for people
                   N_("That takes one card; your {c_10H} takes two, {c_9D} + {c_AC}.")),),
            then=("trail 7D", "trail 8C", "trail KH"),  # i18n: not for people
        ),
        Step(
            N_("Only a King takes a King: capture the {c_KH} with your {c_KC}."),
            "capture KC KH",  # i18n: not for people
            (Wrong("capture 6D 6H",  # i18n: not for people
                   N_("Take the {c_KH} now, or another player's King will.")),),
            then=("trail 8D", "trail 7H", "trail JD"),  # i18n: not for people
        ),
        Step(
            N_("Your last card: {c_6D} takes the {c_6H}."),
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
    rules=("somali_pack", "counting", "rounds"),
)

LESSONS = (CAPTURES, SOMALI)
