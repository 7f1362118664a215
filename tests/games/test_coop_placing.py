"""What the coop moves do to a table (``bot.games.coop.placing``), on stacked Soureh deals
(RULES.md section 1): draw, keep, give and discard change the right cards, send the
replaced card to the discard pile face down or face up as the variant says, tell each seat
only what it may see, and make the declarer protected when their card is replaced."""

from __future__ import annotations

from bot.games.cards import card, cards
from bot.games.coop import placing
from bot.games.coop.rounds import PRIVATE
from bot.games.coop.soureh import ENGINE, Variant
from bot.games.coop.state import PUBLIC, CoopState, Phase
from bot.games.protocol import Event
from tests.games.test_soureh import stacked

DOWNS = ["5S 5C 6S 6C", "8S 8C 9S 9C", "7S 7C 4S 4C"]
UPS = ["2H 2D 3H 3D", "9H 9D 10H 10D", "AH 2S 3S 10C"]
STOCK = "7H 2C 6D 8D 9D 10S"


def deal(**options: object) -> CoopState:
    variant = Variant(**options) if options else None  # type: ignore[arg-type]
    return ENGINE.new_game(3, 7, variant, stacked(DOWNS, UPS, STOCK))


def drawn(st: CoopState) -> tuple[CoopState, int, list[Event]]:
    """A copy of ``st`` after the seat to act drew; that seat and the draw's events."""
    st = st.copy()
    seat = st.to_act
    assert seat is not None
    ev: list[Event] = []
    placing.do_draw(ENGINE, st, (), ev)
    return st, seat, ev


def told(ev: list[Event]) -> list[tuple[str, frozenset[int] | None, dict[str, object]]]:
    return [(e.kind, e.seats, dict(e.data)) for e in ev]


def test_a_draw_takes_the_stocks_top_card_and_only_the_drawer_sees_it() -> None:
    st = deal()
    after, seat, ev = drawn(st)
    assert after.drawn == card("7H") and after.stock_left == st.stock_left - 1
    assert after.phase is Phase.PLACE
    assert st.drawn is None and st.stock_left == 6  # the state drawn from is unchanged
    assert told(ev) == [
        ("draw", None, {"seat": seat}),
        ("drawn", PRIVATE[seat], {"card": "7H", "replaces": "draw"}),
    ]


def test_keep_replaces_a_face_down_card_which_goes_face_down_to_the_pile() -> None:
    st, seat, _ = drawn(deal())
    old = st.down[seat]
    assert old is not None
    ev: list[Event] = []
    placing.do_keep(ENGINE, st, (2,), ev)
    down = st.down[seat]
    assert down is not None and down[1] == card("7H") and down[0] == old[0]
    assert st.discard_pile == [old[1]] and st.discard_who == [seat]
    assert st.discards_seen_by(seat) == [old[1]]
    assert st.discards_seen_by((seat + 1) % 3) == []
    assert told(ev) == [
        ("keep", None, {"seat": seat, "slot": 2}),
        ("kept", PRIVATE[seat], {"seat": seat, "slot": 2, "card": "7H",
                                 "discarded": str(old[1]), "replaces": "keep"}),
    ]


def test_keep_on_an_open_pile_shows_the_replaced_card() -> None:
    st, seat, _ = drawn(deal(discards="open"))
    old = st.down[seat]
    assert old is not None
    ev: list[Event] = []
    placing.do_keep(ENGINE, st, (4,), ev)
    assert st.discard_who == [PUBLIC]
    assert ev[0].data == {"seat": seat, "slot": 4, "discarded": str(old[3])}


def test_keep_and_give_keep_the_coops_validity_up_to_date() -> None:
    st, seat, _ = drawn(deal())
    assert seat == 0 and st.valid[1] == (False, False, False, False)
    placing.do_give(ENGINE, st, (1, 1), [])  # a red 7 over a black 8: valid now
    assert st.valid[1] == (True, False, False, False)
    assert deal().valid[1] == (False, False, False, False)  # the dealt state is unchanged
    st, seat, _ = drawn(deal())
    placing.do_keep(ENGINE, st, (1,), [])  # a 7 under a red 2 stays valid
    placing.do_draw(ENGINE, st, (), [])  # (the next card, for the same seat)
    assert st.drawn == card("2C")
    placing.do_keep(ENGINE, st, (4,), [])  # a 2 under a red 3: invalid now
    assert st.valid[0] == (True, True, True, False)


def test_give_replaces_a_face_up_card_everyone_saw_go() -> None:
    st, seat, _ = drawn(deal())
    target = (seat + 1) % 3
    old_up = st.up[target]
    assert old_up is not None
    ev: list[Event] = []
    placing.do_give(ENGINE, st, (target, 3), ev)
    up = st.up[target]
    assert up is not None and up[2] == card("7H")
    assert st.discard_pile == [old_up[2]] and st.discard_who == [PUBLIC]
    assert told(ev) == [("give", None, {"seat": seat, "target": target, "slot": 3,
                                        "card": "7H", "discarded": str(old_up[2])})]
    assert st.protected is None


def test_replacing_the_declarers_card_protects_them() -> None:
    st, seat, _ = drawn(deal())
    target = (seat + 1) % 3
    st.declarer = target
    ev: list[Event] = []
    placing.do_give(ENGINE, st, (target, 1), ev)
    assert st.protected == target
    assert told(ev)[-1] == ("protect", None, {"seat": target})


def test_no_protection_with_two_players() -> None:
    st = ENGINE.new_game(2, 7, None, stacked(DOWNS[:2], UPS[:2], STOCK)).copy()
    seat = st.to_act
    assert seat is not None
    placing.do_draw(ENGINE, st, (), [])
    st.declarer = 1 - seat
    ev: list[Event] = []
    placing.do_give(ENGINE, st, (1 - seat, 1), ev)
    assert st.protected is None and [e.kind for e in ev] == ["give"]


def test_a_discard_is_face_down_unless_the_pile_is_open() -> None:
    st, seat, _ = drawn(deal())
    ev: list[Event] = []
    placing.do_discard(ENGINE, st, (), ev)
    assert st.discard_pile == [card("7H")] and st.discard_who == [seat]
    assert told(ev) == [
        ("discard", None, {"seat": seat}),
        ("discard_private", PRIVATE[seat], {"seat": seat, "card": "7H",
                                            "replaces": "discard"}),
    ]
    assert placing.hidden_discards(st)

    st, seat, _ = drawn(deal(discards="open"))
    ev = []
    placing.do_discard(ENGINE, st, (), ev)
    assert not placing.hidden_discards(st)
    assert st.discard_who == [PUBLIC]
    assert told(ev) == [("discard", None, {"seat": seat, "card": "7H"})]


def test_the_declarer_drawing_instead_of_revealing_ends_the_declaration() -> None:
    st = ENGINE.new_game(2, 7, Variant(declare="reveal"),
                         stacked(["5S 5C 6S 6C", DOWNS[1]], ["2H 2D 3H 3D", UPS[1]],
                                 STOCK + " " + " ".join(str(c) for c in cards("3C 4H 5H"))))
    declarer = st.to_act
    assert declarer is not None
    for text in ("draw", "discard declare", "draw", "discard"):
        st = ENGINE.apply(st, ENGINE.parse_action(st, text)).state
    assert st.to_act == declarer and st.phase is Phase.REVEAL
    after, seat, ev = drawn(st)
    assert seat == declarer and after.phase is Phase.PLACE and after.declarer is None
    assert [e.kind for e in ev] == ["play_on", "draw", "drawn"]
