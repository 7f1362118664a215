"""The words of Turup's events and refusals (in the catalogs; events translated when shown)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import RANK_PLURAL, RANK_WORD, Card, show
from bot.games.protocol import SaidToYou, joined, seat_list, seat_ref
from bot.games.turup.capture import is_capture, sort_cards
from bot.i18n import L_, N_, L_n, Msg, _


def cards(n: int) -> Msg:
    """``1 card``, ``5 cards``, translated when shown."""
    return L_n("{n} card", "{n} cards", n)


def hand_text(hand: Sequence[Card]) -> Msg:
    """The cards just dealt to a seat (private)."""
    return L_("Your cards: {cards}", cards=show(sort_cards(hand)))


def redeal_text(full: bool, dealt: int, counts: Sequence[int], deck: Sequence[Card]) -> Msg:
    """A redeal told: four cards each (``full``), or the last ``dealt`` cards one by one."""
    if full:
        return L_(
            "Dealt four more cards to each player; {left} left in the deck.",
            left=cards(len(deck)),
        )
    got = ", ".join(f"{seat_ref(s)} {c}" for s, c in enumerate(counts) if c)
    return L_(
        "The last {dealt} were dealt one at a time: {got}; {left} left in the deck.",
        dealt=cards(dealt),
        got=got,
        left=cards(len(deck)),
    )


def round_end_text(number: int, won: Sequence[int], winners: Sequence[int], leftover: int) -> Msg:
    """A round's end told: cards won per seat, the pile left over, its winners."""
    counts = ", ".join(f"{seat_ref(s)} {w}" for s, w in enumerate(won))
    told: list[str | Msg] = [
        L_("Round {round} is over. Cards won: {counts}.", round=number, counts=counts)
    ]
    if leftover:
        told.append(
            L_n(
                "{n} card left on the pile counts for nobody.",
                "{n} cards left on the pile count for nobody.",
                leftover,
            )
        )
    told.append(
        L_n(
            "{names} wins the round.",
            "{names} share the round.",
            len(winners),
            names=seat_list(winners),
        )
    )
    return joined(told, " ")


def game_end_text(rounds: int, totals: Sequence[int], winners: Sequence[int]) -> Msg:
    """The game's end told: rounds played, cards won in all, its winners."""
    tally = ", ".join(f"{seat_ref(s)} {t}" for s, t in enumerate(totals))
    return joined(
        [
            L_n(
                "The game is over after {n} round.",
                "The game is over after {n} rounds.",
                rounds,
            ),
            L_("Cards won: {tally}.", tally=tally),
            L_n(
                "{names} wins.",
                "{names} share the win.",
                len(winners),
                names=seat_list(winners),
            ),
        ],
        " ",
    )


def capture_error(played: Card, taken: Sequence[Card]) -> str | None:
    """Why ``played`` may not take ``taken`` (a message for the player, in the current
    language), or ``None``.

    The verdict is ``is_capture``'s; this only finds the words for a refusal.
    """
    if is_capture(played, taken):
        return None
    if not taken:
        return _("A capture takes at least one card from the pile.")
    if played.is_face:
        for t in sort_cards(taken):
            if t.rank is not played.rank:
                return _(
                    "{card} can't take {other}: a {rank} wins only {ranks}, by a match.",
                    card=played.display,
                    other=t.display,
                    rank=str(RANK_WORD[played.rank]),
                    ranks=str(RANK_PLURAL[played.rank]),
                )
        return None
    v = played.number
    assert v is not None
    for t in sort_cards(taken):
        pair = {"card": played.display, "other": t.display}
        if t.is_face:
            return _("{card} can't take {other}: face cards are won only by a match.", **pair)
        assert t.number is not None
        if t.number > v:
            return _(
                "{card} can't take {other}: {number} is more than {v}.",
                number=t.number,
                v=v,
                **pair,
            )
    # Cards of the played rank are matches; the rest must split into additions.
    rest = sort_cards(t for t in taken if t.number != v)
    total = sum(t.number or 0 for t in rest)
    sums = {"sum": " + ".join(t.display for t in rest), "total": total, "v": v}
    if len(rest) == 1:
        return _("{sum} makes {total}, not {v}.", **sums)
    if total < 2 * v:
        return _("{sum} make {total}, not {v}.", **sums)
    if total % v:
        return _("{sum} make {total}, which does not split into sums of {v}.", **sums)
    return _("{sum} can't be split into groups that each make {v}.", **sums)


#: Turup's events told to the seat they are about, in the second person
#: (``bot.games.you.second_person``): the actor's, then the acted on's.
SAID_TO_YOU: tuple[SaidToYou, ...] = (
    SaidToYou(N_("{player} played {card} and took {taken}"), "player",
              N_("You played {card} and took {taken}")),
    SaidToYou(N_("{player} trailed {card}"), "player", N_("You trailed {card}")),
)
