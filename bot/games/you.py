"""An event told to the person it is about, in the second person: "You drew 7♦." and
"سحبتَ الورقة 7♦." rather than the reader's own name in a third-person sentence ("pso2
drew 7♦", "سحب أنت الورقة 7♦."), in the console and in a seat's own lines on its panel.

An engine tells an event with its seats as placeholders (``{player}`` = ``{p0}``). When
the reader is the seat that acts (``{player}``) or the one acted on (``{target}``,
``{other}``), :func:`second_person` says the event with the sentence of its own written
for that reader (:data:`SAID_TO_YOU`): a message in every catalog like any other, whose
placeholders are the event's less the reader's (GNU ``msgfmt -c`` checks every
translation against its own English, so the sentence said to "you" has an English of its
own rather than a context that drops a placeholder).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.protocol import Event
from bot.i18n import N_, Msg


@dataclass(frozen=True, slots=True)
class SaidToYou:
    """An engine's event text (``event``), and how it reads to the seat in ``role``."""

    event: str
    role: str
    you: str


#: The events a person is told in the second person: the actor's, then the acted on's.
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
    SaidToYou(N_("{player} played {card} and took {taken}"), "player",
              N_("You played {card} and took {taken}")),
    SaidToYou(N_("{player} trailed {card}"), "player", N_("You trailed {card}")),
    SaidToYou(N_("{player} asked {other} for {card} — {other} had it."), "player",
              N_("You asked {other} for {card} — {other} had it.")),
    SaidToYou(N_("{player} asked {other} for {card} — {other} didn't have it; "
                 "{other}'s turn."), "player",
              N_("You asked {other} for {card} — {other} didn't have it; {other}'s turn.")),
    SaidToYou(N_("{player} has no cards left and is out of the round."), "player",
              N_("You have no cards left and are out of the round.")),
    SaidToYou(N_("{player}'s face-down cards: {cards}"), "player",
              N_("Your face-down cards: {cards}")),
    SaidToYou(N_("{player} drew a card and gave it to {target}'s coop {slot}: {card} "
                 "replaces {old}."), "target",
              N_("{player} drew a card and gave it to your coop {slot}: {card} replaces "
                 "{old}.")),
    SaidToYou(N_("{player} asked {other} for {card} — {other} had it."), "other",
              N_("{player} asked you for {card} — you had it.")),
    SaidToYou(N_("{player} asked {other} for {card} — {other} didn't have it; "
                 "{other}'s turn."), "other",
              N_("{player} asked you for {card} — you didn't have it; your turn.")),
)

_BY_EVENT: dict[str, tuple[SaidToYou, ...]] = {}
for _said in SAID_TO_YOU:
    _BY_EVENT[_said.event] = (*_BY_EVENT.get(_said.event, ()), _said)


def said_to(text: Msg, you: int) -> Msg | None:
    """The engine text ``text`` as seat ``you`` is told it, ``None`` when it is not about
    that seat (or has no sentence of its own for him)."""
    me = f"{{p{you}}}"
    for said in _BY_EVENT.get(text.msgid, ()):
        if text.values.get(said.role) == me:
            values = {k: v for k, v in text.values.items() if k != said.role}
            return Msg(said.you, values)
    return None


def second_person(event: Event, you: int, names: Sequence[str]) -> str | None:
    """``event`` said to seat ``you`` in the second person, its other seats named by
    ``names``; ``None`` when the event is not about ``you`` (then the event's own text is
    the one to show)."""
    text = event.text
    if not isinstance(text, Msg) or text.plural is not None:
        return None
    said = said_to(text, you)
    return None if said is None else Event(event.kind, said).render(names)
