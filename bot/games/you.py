"""An event told to the person it is about, in the second person: "سحبتَ الورقة A♠."
rather than a name glued into a third-person verb ("سحب أنت الورقة A♠.", the console's
human named "أنت"), in the console and in a seat's own lines on its panel.

An engine tells an event with its seats as placeholders (``{player}`` = ``{p0}``). When
the reader is the seat that acts (``{player}``) or the one acted on (``{target}``,
``{other}``), :func:`second_person` looks for the event's text said to "you" in the
catalog (``msgctxt "you"`` for the actor, ``"to you"`` for the one acted on); a language
that has it says the event that way, any other (and English, whose console turns "You
draws" into "You draw" itself) keeps the event's own text. The texts said so are listed
here (:data:`SAID_TO_YOU`): each is an engine's text, word for word.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.games.protocol import Event
from bot.i18n import C_, DEFAULT, Msg, current, translations

#: The events a person is told in the second person (the actor's, then the acted on's).
SAID_TO_YOU: tuple[Callable[[], str], ...] = (
    lambda: C_("you", "{player} drew a card."),
    lambda: C_("you", "{player} drew {card}."),
    lambda: C_("you", "{player} drew a card and kept it in slot {slot}; the face-down card it "
                      "replaces goes face down to the discard pile."),
    lambda: C_("you", "{player} drew a card and kept it in slot {slot}; the face-down {card} "
                      "goes to the discard pile."),
    lambda: C_("you", "{player} kept {card} in slot {slot}; {old} was discarded."),
    lambda: C_("you", "{player} drew a card and gave it to {target}'s slot {slot}: {card} "
                      "replaces {old}."),
    lambda: C_("you", "{player} drew a card and discarded it."),
    lambda: C_("you", "{player} drew {card} and discarded it."),
    lambda: C_("you", "{player} drew {card} and put it in place of their face-up {old} in "
                      "slot {slot}."),
    lambda: C_("you", "{player} knocked."),
    lambda: C_("you", "{player} is now protected: nobody else may replace their cards."),
    lambda: C_("you", "{player} played {card} and took {taken}"),
    lambda: C_("you", "{player} trailed {card}"),
    lambda: C_("you", "{player} asked {other} for {card} — {other} had it."),
    lambda: C_("you", "{player} asked {other} for {card} — {other} didn't have it; "
                      "{other}'s turn."),
    lambda: C_("you", "{player} has no cards left and is out of the round."),
    lambda: C_("to you", "{player} drew a card and gave it to {target}'s slot {slot}: {card} "
                         "replaces {old}."),
    lambda: C_("to you", "{player} asked {other} for {card} — {other} had it."),
    lambda: C_("to you", "{player} asked {other} for {card} — {other} didn't have it; "
                         "{other}'s turn."),
)

#: Which placeholder names the seat in each context.
_ROLES = (("you", ("player",)), ("to you", ("target", "other")))  # i18n: not for people


def _has(context: str, msgid: str) -> bool:
    catalog = getattr(translations(current()), "_catalog", None)
    return isinstance(catalog, dict) and f"{context}\x04{msgid}" in catalog


def second_person(event: Event, you: int, names: Sequence[str]) -> str | None:
    """``event`` said to seat ``you`` in the second person, its other seats named by
    ``names``; ``None`` when the event is not about ``you`` or the current language has no
    such text (then the event's own text is the one to show)."""
    text = event.text
    if current() == DEFAULT or not isinstance(text, Msg) or text.plural is not None:
        return None
    me = f"{{p{you}}}"
    for context, roles in _ROLES:
        role = next((r for r in roles if text.values.get(r) == me), None)
        if role is None or not _has(context, text.msgid):
            continue
        values = {k: str(v) if isinstance(v, Msg) else v
                  for k, v in text.values.items() if k != role}
        return Event(event.kind, C_(context, text.msgid, **values)).render(names)
    return None
