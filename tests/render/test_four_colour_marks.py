"""Colour is never the only carrier (issue 34): in the four-colour deck a red card
(hearts, diamonds: the coop rules turn on red and black) carries a dot, a black one none;
the two-colour deck is unchanged."""

from __future__ import annotations

import pytest

from bot.render.images.cards import card_face

W, H = 84, 118
DOT = (int(W * 0.13), int(H - W * 0.13))


def is_red(pixel: tuple[int, ...]) -> bool:
    return pixel[0] > 150 and pixel[1] < 80 and pixel[2] < 80


@pytest.mark.parametrize("rank", ["A", "7", "10", "K"])
def test_four_colour_red_cards_carry_a_dot(rank: str) -> None:
    """7♦ (blue) and 7♥ show the red dot; 7♣ and 7♠ do not; nor does the two-colour deck."""
    for suit in "DH":
        assert is_red(card_face(rank + suit, W, H, True).getpixel(DOT))
        assert not is_red(card_face(rank + suit, W, H, False).getpixel(DOT))
    for suit in "CS":
        assert not is_red(card_face(rank + suit, W, H, True).getpixel(DOT))
