"""What the coop moves do to a table: draw, keep, give and discard (the engine checks
them first, :mod:`bot.games.coop.engine`). Each takes the game's rules (its valid table,
its announcement word) and the state, and appends what the table is told to ``ev``.
"""

from __future__ import annotations

from typing import Any

from bot.games.cards import Card
from bot.games.coop import actions as A
from bot.games.coop.actions import CODE, disp
from bot.games.coop.rounds import PRIVATE, Args, CoopRules, Events
from bot.games.coop.state import PUBLIC, CoopState, Phase
from bot.games.protocol import Event, Told, seat_ref
from bot.i18n import L_

# Events that recur are built once and shared: treat an event's ``data`` as read-only.
_DRAW_EVENTS = tuple(
    Event("draw", L_("{player} drew a card.", player=seat_ref(s)), None, {"seat": s})
    for s in range(A.MAX_SEATS)
)
_DRAWN: dict[tuple[int, Card], Event] = {}


def do_draw(rules: CoopRules, st: CoopState, args: Args, ev: Events) -> None:
    """The seat to act draws the stock's next card (a pending reveal given up first)."""
    seat = st.to_act
    assert seat is not None
    if st.phase is Phase.REVEAL:
        rules.end_declaration(st)
        ev.append(
            Event(
                "play_on",
                lambda: L_(
                    "{player} draws instead of revealing: their declaration is over.",
                    player=seat_ref(seat),
                ),
                None,
                {"seat": seat},
            )
        )
    card = st.stock[st.pos]
    st.pos += 1
    st.drawn = card
    st.phase = Phase.PLACE
    ev.append(_DRAW_EVENTS[seat])
    private = _DRAWN.get((seat, card))
    if private is None:
        private = _DRAWN[(seat, card)] = Event(
            "drawn",
            L_("{player} drew {card}.", player=seat_ref(seat), card=disp(card)),
            PRIVATE[seat],
            {"card": CODE[card], "replaces": "draw"},
        )
    ev.append(private)

def hidden_discards(st: CoopState) -> bool:
    """Is the discard pile face down (variant ``discards=hidden``)?"""
    return str(st.variant.discards) == "hidden"

def discard_private(
    st: CoopState, seat: int, card: Card, ev: Events, public: Event, text: Told
) -> None:
    """Put a card only ``seat`` has seen on the pile and tell the table ``public``: the
    card is named publicly only when the pile is face up; ``seat`` is always told."""
    if hidden_discards(st):
        st.push_discard(card, seat)
        ev.append(public)
        data = {**public.data, "card": CODE[card], "replaces": public.kind}
        ev.append(Event(f"{public.kind}_private", text, PRIVATE[seat], data))
    else:
        st.push_discard(card, PUBLIC)
        ev.append(Event(public.kind, text, None, {**public.data, "card": CODE[card]}))

def do_keep(rules: CoopRules, st: CoopState, args: Args, ev: Events) -> None:
    """The drawn card replaces a face-down card of the seat's own; that one is discarded."""
    seat = st.to_act
    drawn = st.drawn
    assert seat is not None and drawn is not None
    slot = args[0]
    up = st.up[seat]
    assert up is not None
    old = st.set_down(seat, slot - 1, drawn, rules.valid_table[(up[slot - 1], drawn)])
    hidden = hidden_discards(st)
    st.push_discard(old, seat if hidden else PUBLIC)
    who = seat_ref(seat)
    if hidden:
        text: Told = lambda: L_(  # noqa: E731 (built only if read)
            "{player} drew a card and kept it in coop {slot}; "
            "the face-down card it replaces goes face down to the discard pile.",
            player=who,
            slot=slot,
        )
        data: dict[str, Any] = {"seat": seat, "slot": slot}
    else:
        text = lambda: L_(  # noqa: E731
            "{player} drew a card and kept it in coop {slot}; "
            "the face-down {card} goes to the discard pile.",
            player=who,
            slot=slot,
            card=disp(old),
        )
        data = {"seat": seat, "slot": slot, "discarded": CODE[old]}
    ev.append(Event("keep", text, None, data))
    ev.append(
        Event(
            "kept",
            lambda: L_(
                "{player} kept {card} in coop {slot}; {old} was discarded.",
                player=who,
                card=disp(drawn),
                slot=slot,
                old=disp(old),
            ),
            PRIVATE[seat],
            # tells the keeper the public keep in full: he is shown this one only
            {"seat": seat, "slot": slot, "card": CODE[drawn], "discarded": CODE[old],
             "replaces": "keep"},
        )
    )

def do_give(rules: CoopRules, st: CoopState, args: Args, ev: Events) -> None:
    """The drawn card replaces a face-up card of a seat's; that one is discarded."""
    seat = st.to_act
    drawn = st.drawn
    assert seat is not None and drawn is not None
    target, slot = args
    down = st.down[target]
    assert down is not None
    old = st.set_up(target, slot - 1, drawn, rules.valid_table[(drawn, down[slot - 1])])
    st.push_discard(old, PUBLIC)  # it was face up: everyone saw it go
    ev.append(
        Event(
            "give",
            lambda: L_(
                "{player} drew a card and gave it to {target}'s coop {slot}: "
                "{card} replaces {old}.",
                player=seat_ref(seat),
                target=seat_ref(target),
                slot=slot,
                card=disp(drawn),
                old=disp(old),
            ),
            None,
            {
                "seat": seat,
                "target": target,
                "slot": slot,
                "card": CODE[drawn],
                "discarded": CODE[old],
            },
        )
    )
    # with two players nobody else could replace the declarer's cards: no protection
    if (target == st.declarer and st.protected is None and rules.declare_word == "declare"
            and st.n > 2):
        st.protected = target
        ev.append(
            Event(
                "protect",
                lambda: L_(
                    "{player} is now protected: nobody else may replace their cards.",
                    player=seat_ref(target),
                ),
                None,
                {"seat": target},
            )
        )

def do_discard(rules: CoopRules, st: CoopState, args: Args, ev: Events) -> None:
    """The drawn card goes to the discard pile."""
    seat, drawn = st.to_act, st.drawn
    assert seat is not None and drawn is not None
    who = seat_ref(seat)
    public = Event(
        "discard",
        lambda: L_("{player} drew a card and discarded it.", player=who),
        None,
        {"seat": seat},
    )
    text = lambda: L_("{player} drew {card} and discarded it.", player=who, card=disp(drawn))  # noqa: E731
    discard_private(st, seat, drawn, ev, public, text)
