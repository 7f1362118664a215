"""One drawing of a coop (issue 37): My cards draws it as the table, the panel and the
round end do (the face-down card behind, its index showing; the face-up card in front),
and the legends are large enough to read on a phone."""

from __future__ import annotations

import io

from PIL import Image

from bot.games.coop.look import images as coop
from bot.render.images import render_hand, seat_image
from bot.render.images.canvas import GAP, HEAD_H, HEADER_H, MARGIN, PAD
from bot.render.images.samples import sample_player_view

NAMES = ["ann", "bob"]


def _view() -> dict:
    """ann's view, her face-up cards red hearts and her face-down cards black spades."""
    pv = dict(sample_player_view("soureh", 2, 0, seed=1))
    seats = [dict(s) for s in pv["seats"]]
    seats[0]["up"] = ["QH", "KH", "9H", "8H"]
    seats[0]["down"] = ["QS", "KS", "9S", "8S"]
    pv["seats"] = seats
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


def test_my_cards_puts_the_face_up_card_in_front_as_the_table_does() -> None:
    """In both pictures the lower, whole card of a coop is the face-up one (a red heart
    here), the face-down card (black spade) peeks above it."""
    pv = _view()
    hand = Image.open(io.BytesIO(render_hand(pv)))
    x, y = MARGIN + 8, HEADER_H + 8 + 30
    assert _pip(hand, x, y + coop.HAND_OVERLAP, coop.HAND_W, coop.HAND_H, _red)
    assert not _pip(hand, x, y + coop.HAND_OVERLAP, coop.HAND_W, coop.HAND_H, _black)
    seat = Image.open(io.BytesIO(seat_image(pv, NAMES)))
    box_top = HEADER_H + coop.CENTRE_H + GAP
    sx = coop._coop_x((MARGIN, box_top, MARGIN + 400, box_top + coop.PANEL_H), 0)
    sy = box_top + PAD + HEAD_H + 6 + coop.PEEK
    assert _pip(seat, sx, sy, coop.CW, coop.CH, _red)
    assert not _pip(seat, sx, sy, coop.CW, coop.CH, _black)


def test_the_card_behind_shows_its_whole_index_and_legends_read_on_a_phone() -> None:
    """The peek shows the rank and suit whole (a Q keeps its tail: about 60 of 134 px);
    legends are at least 28 px on the 960 px canvas."""
    assert coop.PEEK >= 0.44 * coop.CH
    assert coop.LEGEND >= 28
