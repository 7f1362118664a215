"""An event told to the person it is about, in the second person: "You drew 7♦." and
"سحبتَ الورقة 7♦." rather than the reader's own name in a third-person sentence ("pso2
drew 7♦", "سحب أنت الورقة 7♦."), in the console and in a seat's own lines on its panel.

An engine tells an event with its seats as placeholders (``{player}`` = ``{p0}``). When
the reader is the seat that acts (``{player}``) or the one acted on (``{target}``,
``{other}``), :func:`second_person` says the event with the sentence of its own written
for that reader: its engine's ``said_to_you`` (each game words its own events, in its
``texts`` module, as :class:`~bot.games.protocol.SaidToYou`), each a message in every
catalog like any other, whose placeholders are the event's less the reader's (GNU
``msgfmt -c`` checks every translation against its own English, so the sentence said to
"you" has an English of its own rather than a context that drops a placeholder).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.protocol import Event, SaidToYou
from bot.i18n import Msg


def said_to(text: Msg, you: int, said_to_you: Sequence[SaidToYou]) -> Msg | None:
    """The engine text ``text`` as seat ``you`` is told it (``said_to_you``: its engine's
    sentences), ``None`` when it is not about that seat (or has no sentence of its own for
    him)."""
    me = f"{{p{you}}}"
    for said in said_to_you:
        if said.event == text.msgid and text.values.get(said.role) == me:
            values = {k: v for k, v in text.values.items() if k != said.role}
            return Msg(said.you, values)
    return None


def second_person(event: Event, you: int, names: Sequence[str],
                  said_to_you: Sequence[SaidToYou]) -> str | None:
    """``event`` said to seat ``you`` in the second person, its other seats named by
    ``names``, from its engine's sentences ``said_to_you``; ``None`` when the event is not
    about ``you`` (then the event's own text is the one to show)."""
    text = event.text
    if not isinstance(text, Msg) or text.plural is not None:
        return None
    said = said_to(text, you, said_to_you)
    return None if said is None else Event(event.kind, said).render(names)
