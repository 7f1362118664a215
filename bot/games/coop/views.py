"""Views and action descriptions of the coop games (keys documented in ``VIEWS.md``)."""

from __future__ import annotations

import functools
import marshal
from dataclasses import fields
from typing import Any, TypedDict, TypeGuard, TypeVar, cast

from bot.games.coop.actions import CODE, disp
from bot.games.coop.state import CoopRoundEnd, CoopState, Phase
from bot.games.protocol import Action, move_words, seat_ref
from bot.games.views import GameView, WrongGame
from bot.i18n import _, _n

_Plain = TypeVar("_Plain")

#: The games these views belong to.
COOP_GAMES = ("soureh", "pariah")  # i18n: not for people


class CoopSeat(TypedDict):
    """One seat of a coop game's view (``VIEWS.md``: ``seats[i]``)."""

    up: list[str] | None
    down: list[str] | None
    valid: list[bool] | None
    protected: bool
    in_round: bool
    in_game: bool


class CoopView(GameView):
    """A Soureh or Pariah view, public or a seat's (``VIEWS.md``: Soureh and Pariah)."""

    seats: list[CoopSeat]
    stock: int
    discards: str
    discard_top: str | None
    discard_count: int
    drawn: str | None
    declarer: int | None
    final_turns: list[int]
    last_round: CoopRoundEnd | None
    variant: dict[str, object]


def is_coop_view(view: GameView) -> TypeGuard[CoopView]:
    """Is ``view`` a Soureh or Pariah view?"""
    return view["game"] in COOP_GAMES


def coop_view(view: GameView) -> CoopView:
    """``view`` read as a coop game's view (``WrongGame`` if it is another game's)."""
    if not is_coop_view(view):
        raise WrongGame(view, "Soureh or Pariah")  # i18n: not for people
    return view


def _codes(row: tuple[Any, ...] | None) -> list[str] | None:
    return None if row is None else [CODE[c] for c in row]


def build_view(game: str, st: CoopState, viewer: int | None) -> CoopView:
    """The view of ``st`` for ``viewer`` (``None``: the public view)."""
    over = st.phase is Phase.OVER
    seats: list[CoopSeat] = []
    for s in range(st.n):
        mine = viewer == s
        valid = st.valid[s]
        seats.append(
            {
                "up": _codes(st.up[s]),
                "down": _codes(st.down[s]) if (mine or over) else None,
                "valid": list(valid) if valid is not None and (mine or over) else None,
                "protected": st.protected == s,
                "in_round": st.in_round[s],
                "in_game": st.in_game[s],
            }
        )
    face_up = str(st.variant.discards) == "open"
    top = st.discard[st.ndiscard - 1] if st.ndiscard and face_up else None
    drawn = st.drawn if viewer is not None and viewer == st.to_act else None
    return {
        "game": game,
        "players": st.n,
        "seat": viewer,
        "round": st.round,
        "dealer": st.dealer,
        "to_act": st.to_act,
        "phase": str(st.phase),
        "totals": list(st.totals),
        "target": st.variant.threshold,
        "target_kind": "threshold",
        "over": over,
        "winners": list(st.winners),
        "out": [not (st.in_game[s] and st.in_round[s]) for s in range(st.n)],
        "seats": seats,
        "stock": st.stock_left,
        "discards": "open" if face_up else "hidden",
        "discard_top": None if top is None else CODE[top],
        "discard_count": st.ndiscard,
        "drawn": None if drawn is None else CODE[drawn],
        "declarer": st.declarer,
        "final_turns": list(st.pending),
        "extra_turns": st.extra,
        "last_round": _plain_copy(st.last_round),
        "variant": dict(_variant_items(st.variant)),
    }


@functools.lru_cache(maxsize=64)
def _variant_items(variant: Any) -> tuple[tuple[str, Any], ...]:
    """A variant's options as (name, value) pairs (variants are frozen: computed once)."""
    return tuple((f.name, getattr(variant, f.name)) for f in fields(variant))


def _plain_copy(value: _Plain) -> _Plain:
    """A copy of JSON-like data (dicts, lists of plain values): what a view holds.

    A ``marshal`` round trip (C code, about 4x faster than copying in Python and 6x faster
    than ``copy.deepcopy``: a view is built on every click); tuples become lists only in the
    Python fallback, taken when the data holds something ``marshal`` cannot write.
    """
    try:
        data: Any = value  # marshal's own stubs list what it writes: checked at run time
        copied: _Plain = marshal.loads(marshal.dumps(data))
    except ValueError:
        copied = _copy_in_python(value)
    return copied


def _copy_in_python(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy_in_python(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_copy_in_python(v) for v in value]
    return value


def describe(st: CoopState, action: Action, declare_word: str) -> str:
    """The action in words for the seat to act (may name that seat's own hidden cards), in
    the current language.

    Seats are named with the ``{p<seat>}`` placeholders of event texts. A placement that
    declares or knocks says so after the placement's own words.
    """
    text = _describe_plain(st, action)
    if action.call == "declare":
        return _("{move}, and declare Soureh: your four coops will be valid", move=text)
    if action.call == "knock":
        return _(
            "{move}, and knock: your opponent takes one more turn, then the round ends",
            move=text,
        )
    return text


def _describe_plain(st: CoopState, action: Action) -> str:
    word = action.word
    args = cast(tuple[int, ...], action.args)
    me = st.to_act
    drawn = disp(st.drawn) if st.drawn is not None else _("the card")
    text = str(action)
    if st.phase is Phase.REVEAL and word == "draw":
        return move_words(text, _("play on with a normal turn (your declaration ends)"))
    if me is None:
        return text
    down, up = st.down[me], st.up[me]
    if word == "draw":
        return move_words(text, _n(
            "take the top card of the stock ({n} card left)",
            "take the top card of the stock ({n} cards left)", st.stock_left,
        ))
    if word == "keep" and down is not None:
        return move_words(text, _(
            "put {card} in place of your face-down {old} in coop {slot}",
            card=drawn,
            old=disp(down[args[0] - 1]),
            slot=args[0],
        ))
    if word == "give":
        row = st.up[args[0]]
        return move_words(text, _(
            "put {card} on {player}'s coop {slot} in place of {old}",
            card=drawn,
            player=seat_ref(args[0]),
            slot=args[1],
            old=disp(row[args[1] - 1]) if row is not None else _("the card"),
        ))
    if word == "discard":
        return move_words(text, _("put {card} on the discard pile", card=drawn))
    if word == "jack" and up is not None:
        return move_words(text, _(
            "put {card} in place of your face-up {old} in coop {slot}",
            card=drawn,
            old=disp(up[args[0] - 1]),
            slot=args[0],
        ))
    if word == "queen":
        return move_words(text, _("discard {card} and take two more turns", card=drawn))
    if word == "king":
        s1, n1, s2, n2 = args
        return move_words(text, _(
            "discard {card} and swap the face-down cards of "
            "{first}'s coop {n1} and {second}'s coop {n2}",
            card=drawn,
            first=seat_ref(s1),
            n1=n1,
            second=seat_ref(s2),
            n2=n2,
        ))
    if word == "reveal":
        return move_words(text, _("reveal your coops and win the round"))
    return text
