"""The words of the coop engines' refusals, in the catalogs (shown in the mover's language).

The ``Msg`` values are built once and shared (``legal_actions`` asks for them): ``str()``
one when it is shown.
"""

from __future__ import annotations

from bot.games.coop.state import Phase
from bot.games.protocol import SaidToYou
from bot.i18n import L_, N_, _

EXPECT = {
    Phase.DRAW: N_("start your turn with draw."),
    Phase.PLACE: N_("place the card you drew first: keep, give or discard it."),
    Phase.REVEAL: N_("start your turn with draw or reveal."),
}

# Why a card may not be given (``give_seat_error``, ``give_error``): built once, shared
# (``legal_actions`` asks for every seat), translated when raised.
GIVE_OWN = L_("You never replace your own face-up cards: keep replaces a face-down one.")
GIVE_OUT = L_("That player is not in this round.")
GIVE_PROTECTED = L_("That player is protected: nobody may replace their cards until their turn.")
GIVE_ACE = L_("A face-up ace can only be replaced by a 10.")
NO_REVEAL = L_("There is nothing to reveal in this game.")


def legacy_hint(word: str, verb: str, game: str) -> str:
    """Why an old-notation word (``declare``, ``knock``, ``end``, ``continue``) is refused,
    and what to write instead."""
    if word in ("declare", "knock") and word != verb:
        return _(
            "There is no {word} in {game}: {verb} with your move (discard {verb}).",
            word=word,
            game=game,
            verb=verb,
        )
    if word == "declare":
        return _(
            "Declare as part of your move: keep 2 declare, give 1 3 declare or discard declare."
        )
    if word == "knock":
        return _("Knock as part of your move: keep 2 knock, give 1 3 knock or discard knock.")
    if word == "end":
        return _(
            "There is no end any more: your move ends your turn (add {verb} to {verb}).",
            verb=verb,
        )
    return _("There is no continue any more: draw to play on instead of revealing.")


#: The coop games' events told to the seat they are about, in the second person
#: (``bot.games.you.second_person``): the actor's, then the acted on's.
SAID_TO_YOU: tuple[SaidToYou, ...] = (
    SaidToYou(N_("{player} drew a card."), "player", N_("You drew a card.")),
    SaidToYou(N_("{player} drew {card}."), "player", N_("You drew {card}.")),
    SaidToYou(N_("{player} drew a card and kept it in coop {slot}; the face-down card it "
                 "replaces goes face down to the discard pile."), "player",
              N_("You drew a card and kept it in coop {slot}; the face-down card it replaces "
                 "goes face down to the discard pile.")),
    SaidToYou(N_("{player} drew a card and kept it in coop {slot}; the face-down {card} "
                 "goes to the discard pile."), "player",
              N_("You drew a card and kept it in coop {slot}; your face-down {card} goes to "
                 "the discard pile.")),
    SaidToYou(N_("{player} kept {card} in coop {slot}; {old} was discarded."), "player",
              N_("You kept {card} in coop {slot}; {old} was discarded.")),
    SaidToYou(N_("{player} drew a card and gave it to {target}'s coop {slot}: {card} "
                 "replaces {old}."), "player",
              N_("You drew a card and gave it to {target}'s coop {slot}: {card} replaces "
                 "{old}.")),
    SaidToYou(N_("{player} drew a card and discarded it."), "player",
              N_("You drew a card and discarded it.")),
    SaidToYou(N_("{player} drew {card} and discarded it."), "player",
              N_("You drew {card} and discarded it.")),
    SaidToYou(N_("{player} drew {card} and put it in place of their face-up {old} in "
                 "coop {slot}."), "player",
              N_("You drew {card} and put it in place of your face-up {old} in coop {slot}.")),
    SaidToYou(N_("{player} knocked."), "player", N_("You knocked.")),
    SaidToYou(N_("{player} is now protected: nobody else may replace their cards."),
              "player", N_("You are now protected: nobody else may replace your cards.")),
    SaidToYou(N_("{player}'s face-down cards: {cards}"), "player",
              N_("Your face-down cards: {cards}")),
    SaidToYou(N_("{player} drew a card and gave it to {target}'s coop {slot}: {card} "
                 "replaces {old}."), "target",
              N_("{player} drew a card and gave it to your coop {slot}: {card} replaces "
                 "{old}.")),
)
