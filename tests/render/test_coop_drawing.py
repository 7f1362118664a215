"""One drawing of a coop (issues 37 and 42): My cards, the panel's picture, the table and
the round end draw it one way, as the words read it ("5♥ over 3♠"): the face-up card on
top, its index showing, the face-down card under it, whole and in front."""

from __future__ import annotations

import io

from PIL import Image

from bot.games.coop.look import images as coop
from bot.render.images.canvas import MARGIN, PAD
from tests.helpers.pictures import render_hand, sample_player_view, seat_image

NAMES = ["ann", "bob"]


def _view() -> dict:
    """ann's view, her face-up cards red hearts and her face-down cards black spades."""
    pv = dict(sample_player_view("soureh", 2, 0, seed=1))
    seats = [dict(s) for s in pv["seats"]]
    seats[0]["up"] = ["QH", "KH", "9H", "8H"]
    seats[0]["down"] = ["QS", "KS", "9S", "8S"]
    pv["seats"] = seats
    pv["drawn"] = pv["discard_top"] = None
    return pv


def _red(image: Image.Image, x: int, y: int) -> bool:
    r, g, b = image.convert("RGB").getpixel((x, y))[:3]
    return r > 150 and g < 110 and b < 110


def _black(image: Image.Image, x: int, y: int) -> bool:
    r, g, b = image.convert("RGB").getpixel((x, y))[:3]
    return r < 80 and g < 80 and b < 80


def _pip(image: Image.Image, x: int, y: int, w: int, h: int, test: object) -> bool:
    """Some pixel of the card's centre pip area passes ``test``."""
    return any(test(image, x + w // 2 + dx, y + int(h * 0.62) + dy)  # type: ignore[operator]
               for dx in range(-12, 13, 3) for dy in range(-12, 13, 3))


def _index(image: Image.Image, x: int, y: int, w: int, h: int, test: object) -> bool:
    """Some pixel of the card's index (its top-left corner) passes ``test``."""
    return any(test(image, x + dx, y + dy)  # type: ignore[operator]
               for dx in range(int(w * 0.1), int(w * 0.5), 2)
               for dy in range(int(h * 0.06), int(h * 0.36), 2))


def test_my_cards_and_the_panel_put_the_face_up_card_over_the_face_down_one() -> None:
    """In My cards and in the panel's picture the top card of a coop, its index showing,
    is the face-up one (a red heart), the lower, whole card the face-down one (a black
    spade)."""
    pv = _view()
    hand = Image.open(io.BytesIO(render_hand(pv)))
    x, y = MARGIN + PAD, MARGIN + coop.NUMBERS_H
    assert _index(hand, x, y, coop.HAND_W, coop.HAND_H, _red)
    assert _pip(hand, x, y + coop.HAND_PEEK, coop.HAND_W, coop.HAND_H, _black)
    assert not _pip(hand, x, y + coop.HAND_PEEK, coop.HAND_W, coop.HAND_H, _red)
    seat = Image.open(io.BytesIO(seat_image(pv, NAMES)))
    cols = coop.columns(extra=False)
    sx, sy = cols.coop(0), MARGIN + coop.NUMBERS_H + PAD
    assert _index(seat, sx, sy, cols.w, cols.h, _red)
    assert _pip(seat, sx, sy + cols.peek, cols.w, cols.h, _black)
    assert not _pip(seat, sx, sy + cols.peek, cols.w, cols.h, _red)


def test_the_card_on_top_shows_its_whole_index() -> None:
    """The face-up card's strip shows its rank and suit whole (a Q keeps its tail)."""
    assert all(coop.peek(w) >= 0.43 * coop.card_h(w) for w in coop.WIDTHS)
    assert coop.HAND_PEEK >= 0.43 * coop.HAND_H
