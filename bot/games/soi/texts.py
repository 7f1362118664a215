"""The words of Soi's asks: the notation help, a move described, a turn passing on."""

from __future__ import annotations

from bot.games.cards import Card, show
from bot.games.protocol import Action, Event, SaidToYou, seat_ref
from bot.games.soi.state import SoiState, cards_of
from bot.i18n import L_, N_, _

ASK_HELP = N_("Write an ask as `ask SEAT CARD`, for example `ask 2 QH`.")


def describe_ask(state: SoiState, action: Action) -> str:
    """The ask in words for the asker, in the current language."""
    seat, card = action.args
    assert isinstance(seat, int) and isinstance(card, Card)
    values = {"player": seat_ref(seat), "card": card.display}
    if state.turn is not None:
        same = [c for c in cards_of(state.hands[state.turn]) if c.rank is card.rank]
        if same:
            return _(
                "ask {player} for {card} (you hold {held})",
                held=show(same),
                **values,
            )
    return _("ask {player} for {card}", **values)


def turn_moves(seat: int, to: int) -> Event:
    """``seat`` has no cards left: the turn passes to ``to``."""
    return Event(
        "turn",
        lambda: L_(
            "{player} has no cards left; {next}'s turn.", player=seat_ref(seat), next=seat_ref(to)
        ),
        data={"seat": seat, "to": to},
    )


#: Soi's events told to the seat they are about, in the second person
#: (``bot.games.you.second_person``): the actor's, then the acted on's.
SAID_TO_YOU: tuple[SaidToYou, ...] = (
    SaidToYou(N_("{player} asked {other} for {card} — {other} had it."), "player",
              N_("You asked {other} for {card} — {other} had it.")),
    SaidToYou(N_("{player} asked {other} for {card} — {other} didn't have it; "
                 "{other}'s turn."), "player",
              N_("You asked {other} for {card} — {other} didn't have it; {other}'s turn.")),
    SaidToYou(N_("{player} has no cards left and is out of the round."), "player",
              N_("You have no cards left and are out of the round.")),
    SaidToYou(N_("{player} asked {other} for {card} — {other} had it."), "other",
              N_("{player} asked you for {card} — you had it.")),
    SaidToYou(N_("{player} asked {other} for {card} — {other} didn't have it; "
                 "{other}'s turn."), "other",
              N_("{player} asked you for {card} — you didn't have it; your turn.")),
)
