"""Turup as people see it: embed fields, round summaries, a hand, the terminal board and
the control panel's steps (the card to play, then a capture or a trail)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.games.turup.look import alt as alt_turup
from bot.games.turup.look import images, rules, words
from bot.games.turup.look.kinds import STEPS, TurupKind
from bot.games.turup.look.move_words import MOVE_WORDS
from bot.games.turup.look.option_names import OPTION_NAMES
from bot.games.turup.look.summary import round_summary
from bot.games.turup.moves import Capture
from bot.games.turup.views import TurupView, turup_view
from bot.i18n import N_, _, _n
from bot.render.card_text import card, cards, first_fitting, notation, num, seat_name, truncate
from bot.render.components import MAX_OPTIONS, Kind, Step, TableView, action_arg, option
from bot.render.look import Field, RoundOver, look
from bot.render.round_lines import by_cards
from bot.render.steps import plain_cards

if TYPE_CHECKING:
    from bot.games.protocol import Action
    from bot.seen import Seen

FIELD_VALUE = 1024


class StaleChoice(ValueError):
    """A choice that no longer matches the table (the router answers "out of date")."""


def public_fields(view: TurupView, names: Sequence[str]) -> list[Field]:
    """Each seat's hand size and cards won, and the pile."""
    fields = []
    totals = view.get("totals") or []
    for i, seat in enumerate(view.get("seats") or []):
        head = _("{name} · {total} won in all", name=seat_name(names, i),
                 total=num(totals[i] if i < len(totals) else 0))
        value = "\n".join((
            _n("Hand: {n} card", "Hand: {n} cards", int(seat.get("hand_count") or 0)),
            _("Won this round: {won}", won=num(seat.get("won", 0))),
            _("Rounds won: {rounds}", rounds=num(seat.get("round_wins", 0))),
        ))
        fields.append(Field(truncate(head, 256), value, inline=True))
    pile = view.get("pile") or []
    fields.append(
        Field(
            _n("Pile ({n} card) · deck {deck}", "Pile ({n} cards) · deck {deck}", len(pile),
               deck=num(view.get("deck", 0))),
            truncate(cards(pile), FIELD_VALUE),
        )
    )
    return fields


def round_over(view: TurupView, names: Sequence[str], low: bool) -> RoundOver | None:
    """The last round's number and who took the most cards, or ``None`` before one."""
    last = view["last_round"]
    if last is None:
        return None
    winners = by_cards(names, last.get("won") or [], last.get("winners") or [])
    return RoundOver(last.get("round"), winners)


def private_text(view: TurupView) -> str:
    """The seat's hand."""
    hand = view.get("hand") or []
    return _("Your hand: **{cards}**", cards=cards(hand)) if hand else _("Your hand is empty.")


def board_lines(view: TurupView, names: Sequence[str]) -> list[str]:
    """The seat's view for the terminal: deck, pile, seats and hand."""
    lines = [_("Deck {deck} · pile: {pile}", deck=num(view["deck"]),
               pile=plain_cards(view["pile"]))]
    for s, row in enumerate(view["seats"]):
        lines.append("  " + _("{name}: {held} in hand, won {won} this round, rounds won {rounds}",
                              name=names[s], held=num(row["hand_count"]), won=num(row["won"]),
                              rounds=num(row["round_wins"])))
    if view.get("hand") is not None:
        lines.append(_("Your hand: {cards}", cards=plain_cards(view["hand"])))
    return lines


def _played(action: Action) -> str:
    """The code of the card a capture or trail plays."""
    return str(Capture.of(action).played)


def _won(action: Action) -> int:
    """The cards a capture wins: the card played and the cards taken."""
    return 1 + len(Capture.of(action).taken)


def captures(actions: Sequence[Action], code: str) -> list[Action]:
    """The capture actions that play ``code``, biggest first, then by notation."""
    found = [a for a in actions if a.word == "capture" and _played(a) == code]
    return sorted(found, key=lambda a: (-_won(a), str(a)))


def panel_steps(
    table: Seen, step: Step, actions: list[Action], view: TableView, pv: TurupView
) -> str:
    """Every capture and trail as a choice of its own; with too many, the card to play
    first, then its captures (a list, or pile cards picked one by one) or a trail."""
    if step.kind in (TurupKind.CARD, TurupKind.PICK):
        code = step.arg
        trail = next((a for a in actions if a.word == "trail" and _played(a) == code), None)
        found = captures(actions, code)
        if step.kind == TurupKind.PICK:
            pile = turup_view(table.public_view())["pile"]
            options = [option(card(c), str(i), _("pile card {n}", n=num(i + 1)))
                       for i, c in enumerate(pile[:MAX_OPTIONS])]
            view.select(TurupKind.TAKE, options, arg=code, max_values=len(options),
                        placeholder=_("Cards to take with {card}", card=card(code)))
            view.button(TurupKind.CARD, _("Back"), arg=code, row=1)
            return _("Pick the pile cards to take with {card}.", card=card(code))
        if found:
            limit = MAX_OPTIONS if len(found) <= MAX_OPTIONS else MAX_OPTIONS - 1
            options = [
                option(_("Take {cards}", cards=cards([str(c) for c in Capture.of(a).taken])),
                       str(i), _n("{n} card won", "{n} cards won", _won(a)))
                for i, a in enumerate(found[:limit])
            ]
            view.select(TurupKind.CAPTURE, options, arg=code,
                        placeholder=_("Capture with {card}…", card=card(code)))
            if len(found) > limit:
                view.button(TurupKind.PICK, _("Pick cards…"), arg=code, row=1)
        if trail is not None:
            view.button(Kind.ACT, _("Trail {card}", card=card(code)), arg=action_arg(str(trail)),
                        row=1)
        view.button(Kind.ROOT, _("Back"), row=1)
        return (_("Capture with {card} or trail it.", card=card(code)) if found
                else _("{card} captures nothing here: trail it.", card=card(code)))
    moves = one_step_moves(actions)
    if moves is not None:
        for n, start in enumerate(range(0, len(moves), MAX_OPTIONS)):
            chunk = moves[start:start + MAX_OPTIONS]
            options = [option(move_label(a), str(a)) for a in chunk]
            view.select(Kind.ACT, options, arg=f"m{n}", row=n,
                        placeholder=_("Choose your move…") if n == 0 else _("More moves…"))
        return _("Choose your move: a capture or a trail.")
    codes: list[str] = []
    for a in actions:
        code = _played(a)
        if code not in codes:
            codes.append(code)
    options = []
    for code in codes[:MAX_OPTIONS]:
        n = len(captures(actions, code))
        options.append(option(card(code), code,
                              _n("{n} capture", "{n} captures", n) if n else _("trail only")))
    view.select(TurupKind.CARD, options, placeholder=_("Choose a card to play…"))
    return _("Choose the card to play.")


# The root panel lists every move in up to this many selects; with more moves, the card
# to play comes first.
ONE_STEP_SELECTS = 4


def one_step_moves(actions: Sequence[Action]) -> list[Action] | None:
    """Every move in panel order (per card: its captures biggest first, then its trail), or
    ``None`` when they do not fit the root panel's selects (or a notation would not fit a
    select option's value)."""
    if len(actions) > ONE_STEP_SELECTS * MAX_OPTIONS or any(len(str(a)) > 100 for a in actions):
        return None
    codes: list[str] = []
    for a in actions:
        if _played(a) not in codes:
            codes.append(_played(a))
    ordered: list[Action] = []
    for code in codes:
        ordered.extend(captures(actions, code))
        ordered.extend(a for a in actions if a.word == "trail" and _played(a) == code)
    return ordered


def move_label(action: Action) -> str:
    """"8♣ takes 5♦ + 3♠" or "Trail 8♣"; a capture of many cards that would not fit one
    line of a phone's button (``LABEL_LINE``) closes up its pluses ("10♠ takes
    A♦+3♠+3♦+3♣+10♦+10♣")."""
    move = Capture.of(action)
    if move.trail:
        return _("Trail {card}", card=card(str(move.played)))
    played = card(str(move.played))
    return first_fitting([
        _("{card} takes {taken}", card=played,
          taken=notation(plus.join(card(str(c)) for c in move.taken)))
        for plus in (" + ", "+")])


def button_label(view: TurupView, action: Action, names: Sequence[str]) -> str:
    """A move as the panel words it: "8♣ takes 5♦ + 3♠" or "Trail 8♣"."""
    return move_label(action)


def _capture(table: Seen, kind: str, arg: str, values: list[str]) -> str:
    """A listed capture, chosen by its index."""
    found = captures(table.legal(), arg)
    index = int(values[0])
    if not 0 <= index < len(found):
        raise StaleChoice(index)
    return str(found[index])


def _take(table: Seen, kind: str, arg: str, values: list[str]) -> str:
    """A capture of the pile cards picked by their indexes."""
    pile = turup_view(table.public_view())["pile"]
    taken = [pile[int(v)] for v in sorted(values, key=int) if int(v) < len(pile)]
    return " ".join(["capture", arg, *taken])


#: The table message's turn line (Turup's one phase with a seat to act).
TURNS = {"play": N_("**Turn:** {who} to play a card")}

TURUP = look(
    turup_view, colour=0xC62828, public_fields=public_fields, round_summary=round_summary,
    round_over=round_over, private_text=private_text, board_lines=board_lines,
    panel_steps=panel_steps,
    pictures=images.PICTURES, turns=TURNS, rules=rules.RULES, option_words=rules.options,
    steps=STEPS, notations={TurupKind.CAPTURE: _capture, TurupKind.TAKE: _take},
    alt=alt_turup.ALT,
    round_picture=False,
    table_words=words.table_words,
    move_label=button_label,
    move_words=MOVE_WORDS,
    option_names=OPTION_NAMES,
)
