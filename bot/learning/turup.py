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

LESSONS = (CAPTURES,)
