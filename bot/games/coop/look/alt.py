"""Soureh's and Pariah's pictures in words: the coops (each face-up card with its colour,
which the rules of a valid coop turn on), the stock and the discard pile."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.games.coop.views import CoopSeat, CoopView, coop_view
from bot.i18n import N_, _, _n
from bot.render.alt import PARTS, AltTexts, alt_texts
from bot.render.alt.words import card_words, cards_words, name_of, plain
from bot.render.card_text import num

ROUND_REASONS = {
    "stock": N_("the stock ran out"),
    "declaration": N_("a declaration stood"),
    "failed": N_("a declaration failed in the final turns"),
    "reveal": N_("a player revealed"),
    "last": N_("one player was left"),
    "knock": N_("a knock ended it"),
}


def _coops(up: Sequence[str | None], down: Sequence[str | None],
           valid: Sequence[bool | None] | None) -> str:
    """``coop 1: the red 7 (hearts) over the black 9 (clubs), valid; coop 2: …``."""
    parts = []
    for i, code in enumerate(up):
        text = _("coop {slot}: {up} over {down}", slot=num(i + 1),
                 up=card_words(code, colour=True),
                 down=card_words(down[i] if i < len(down) else None, colour=True))
        ok = valid[i] if valid is not None and i < len(valid) else None
        if ok is not None:
            text += _(", ") + (_("valid") if ok else _("invalid"))
        parts.append(text)
    return PARTS.join(parts)


ANNOUNCED = {"declared": N_("declared"), "knocked": N_("knocked")}


def _tags(view: CoopView, s: int, seat: CoopSeat, announced: str) -> list[str]:
    tags = []
    if seat.get("in_game") is False:
        tags.append(_("out of the game"))
    elif seat.get("in_round") is False:
        tags.append(_("out of this round"))
    if seat.get("protected"):
        tags.append(_("protected"))
    if view.get("declarer") == s:
        tags.append(_(ANNOUNCED.get(announced, announced)))
    return tags


def _seat_line(view: CoopView, names: Sequence[str], s: int, seat: CoopSeat,
               shown: bool, announced: str) -> str:
    """One seat's coops: every card named when ``shown`` (his own, or a finished game),
    else the face-up cards and the count of the face-down ones."""
    name = name_of(names, s)
    up = seat.get("up")
    tags = _tags(view, s, seat, announced)
    if up is None:
        line = f"{name}: " + (_(", ").join(tags) or _("none")) + "."
        return line
    if shown and seat.get("down") is not None and view.get("over"):  # every seat's: short
        line = _("{name}, face up: {up}; face down: {down}.", name=name,
                 up=cards_words(up, colour=True),
                 down=cards_words(seat.get("down") or [], colour=True))
    elif shown and seat.get("down") is not None:
        coops = _coops(up, seat.get("down") or [], seat.get("valid"))
        line = (_("Your coops: {coops}.", coops=coops) if s == view.get("seat")
                else _("{name}: {coops}.", name=name, coops=coops))
    else:  # numbered: a give names the coop
        numbered = PARTS.join(_("coop {slot}: {card}", slot=num(i + 1),
                                card=card_words(code, colour=True))
                              for i, code in enumerate(up))
        line = _n("{name}, face up: {cards}; {n} card face down.",
                  "{name}, face up: {cards}; {n} cards face down.", len(up), name=name,
                  cards=numbered)
    if tags:
        line += " " + _(", ").join(tags) + "."
    return line


def _piles(view: CoopView) -> list[str]:
    stock = int(view.get("stock", 0) or 0)
    count = int(view.get("discard_count") or 0)
    top = view.get("discard_top")
    if not count and not top:
        pile = _("Discard: empty")
    elif view.get("discards") == "hidden":
        pile = _n("Discard: {n} card, face down", "Discard: {n} cards, face down", count)
    elif not top:
        pile = _n("Discard: {n} card", "Discard: {n} cards", count)
    else:
        pile = _n("Discard: {card} ({n} card)", "Discard: {card} ({n} cards)", count,
                  card=card_words(top, colour=True))
    return [plain(_n("Stock: **{n}** card", "Stock: **{n}** cards", stock)) + ".", pile + "."]


def _table(announced: str) -> Callable[[CoopView, Sequence[str]], list[str]]:
    def table(view: CoopView, names: Sequence[str]) -> list[str]:
        """The public table: the piles and every seat's face-up cards (every card once
        the game is over, as the public view then shows them)."""
        lines = _piles(view)
        over = bool(view.get("over"))
        for s, seat in enumerate(view.get("seats") or []):
            lines.append(_seat_line(view, names, s, seat, over, announced))
        return lines

    return table


def _seat(announced: str) -> Callable[[CoopView, Sequence[str]], list[str]]:
    def seat(view: CoopView, names: Sequence[str]) -> list[str]:
        """The table as the viewer sees it: his drawn card first (what he decides), then
        the piles, his own coops named whole, the others' face-up cards only, numbered
        (what his picture blanks, this never names)."""
        me = view.get("seat")
        lines = []
        if view.get("drawn") and view.get("to_act") == me:  # what to decide first
            lines.append(_("You drew {card}.", card=card_words(view["drawn"], colour=True)))
        lines += _piles(view)
        over = bool(view.get("over"))
        for s, row in enumerate(view.get("seats") or []):
            lines.append(_seat_line(view, names, s, row, over or s == me, announced))
        return lines

    return seat


def hand(view: CoopView, names: Sequence[str]) -> list[str]:
    """The viewer's own coops and the card he drew."""
    me = view.get("seat")
    seats = view.get("seats") or []
    if me is None or me >= len(seats):
        return []
    row = seats[me]
    up = row.get("up")
    lines = []
    if up is not None:
        lines.append(_("Your coops: {coops}.",
                       coops=_coops(up, row.get("down") or [], row.get("valid"))))
    if view.get("drawn"):
        lines.append(_("You drew {card}.", card=card_words(view["drawn"], colour=True)))
    return lines


def round_end(view: CoopView, names: Sequence[str]) -> list[str]:
    """The last scored round: why it ended, every seat's coops (all shown), picks, points."""
    last = view.get("last_round")
    if not isinstance(last, dict):
        return []
    lines = []
    why = ROUND_REASONS.get(str(last.get("reason")))
    lines.append(_("Round {round} ended: {reason}.", round=num(last.get("round", "")),
                   reason=_(why) if why else str(last.get("reason"))))
    picks = last.get("picks") or []
    points = last.get("points") or []
    valid = last.get("valid") or []
    full, short = [], []
    for s, coops in enumerate(last.get("coops") or []):
        if coops is None:
            continue
        name = name_of(names, s)
        pick = picks[s] if s < len(picks) else None
        tail = " " + _("picked {cards}", cards=cards_words(pick)) + "." if pick else ""
        if s < len(points):
            tail += f" {int(points[s]):+d}."
        full.append(_("{name}: {coops}.", name=name,
                      coops=_coops([c[0] for c in coops], [c[1] for c in coops],
                                   valid[s] if s < len(valid) else None)) + tail)
        short.append(f"{name}:{tail}")
    # every card when it fits Discord's limit; else each seat's picks and points
    return lines + (full if sum(len(x) + 1 for x in full) < ROUND_ROOM else short)


ROUND_ROOM = 760
def alt(announced: str) -> AltTexts:
    """A coop game's describers; ``announced``: what its seat with a pending call is
    ("declared" in Soureh, "knocked" in Pariah)."""
    return alt_texts(coop_view, table=_table(announced), seat=_seat(announced), hand=hand,
                     round_end=round_end)
