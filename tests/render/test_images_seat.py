"""The private seat image, hidden discards, and the phone-first round-end wording."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from PIL import Image

from bot.games.coop.look.images import private_copy
from bot.games.coop.look.text import score_text
from bot.games.coop.look.words import table_words
from bot.games.coop.views import coop_view
from bot.games.registry import ENGINES
from bot.render.images.canvas import WIDTH
from bot.render.images.samples import NAMES
from tests.helpers.pictures import (
    render_round_end,
    render_table,
    sample_player_view,
    sample_round_end,
    sample_view,
    seat_image,
)


def size(data: bytes) -> tuple[int, int]:
    """Width and height of PNG bytes."""
    img = Image.open(io.BytesIO(data))
    return img.width, img.height


@pytest.mark.parametrize(("game", "players"), [("soureh", 4), ("pariah", 2), ("turup", 12),
                                               ("soi", 6)])
def test_seat_image_draws_every_game(game: str, players: int) -> None:
    """seat_image draws a player view of every game, WIDTH wide, fit for a phone."""
    w, h = size(seat_image(sample_player_view(game, players, seat=1, seed=2), NAMES))
    assert w == WIDTH and 300 < h <= WIDTH / 0.75 + 200


def test_seat_image_refuses_a_public_view() -> None:
    """A public view has no viewer: seat_image raises instead of guessing."""
    with pytest.raises(ValueError, match="player_view"):
        seat_image(sample_view("soureh", 2), NAMES)


def test_seat_image_shows_the_viewers_own_face_down_cards() -> None:
    """Changing the viewer's own face-down card changes his seat image."""
    view = sample_player_view("soureh", 4, seat=2, seed=4)
    other = copy.deepcopy(view)
    downs = other["seats"][2]["down"]
    downs[0] = "KS" if downs[0] != "KS" else "2H"
    assert seat_image(view, NAMES) != seat_image(other, NAMES)


@pytest.mark.parametrize("game", ["soureh", "pariah"])
def test_seat_image_never_shows_another_seats_hidden_card(game: str) -> None:
    """Another seat's face-down cards (even if a view carried them) and a drawn card the
    viewer does not hold never change the viewer's seat image."""
    view = sample_player_view(game, 2, seat=0, seed=6)
    view["to_act"] = 1
    leaky = copy.deepcopy(view)
    leaky["seats"][1]["down"] = ["AS", "AH", "AD", "AC"]
    leaky["seats"][1]["valid"] = [True] * 4
    leaky["drawn"] = "KH"
    assert seat_image(view, NAMES) == seat_image(leaky, NAMES)
    assert private_copy(coop_view(leaky))["seats"][1]["down"] is None
    assert leaky["seats"][1]["down"] is not None  # a copy: the view itself is unchanged


def test_seat_image_shows_the_drawn_card_to_its_holder() -> None:
    """The seat to act sees the card he drew: a different drawn card, a different image."""
    view = sample_player_view("soureh", 3, seat=1, seed=2)
    view["to_act"] = 1
    view["drawn"] = "5C"
    assert seat_image(view, NAMES) != seat_image(dict(view, drawn="5H"), NAMES)


@pytest.mark.parametrize("game", ["turup", "soi"])
def test_seat_image_shows_only_the_viewers_hand(game: str) -> None:
    """The viewer's hand is drawn (a changed card changes the image); the engine's player
    view of another seat, from the same state, gives a different picture."""
    eng = ENGINES[game]
    state = eng.new_game(players=3, seed=11)
    mine = eng.player_view(state, 0)
    theirs = eng.player_view(state, 1)
    assert seat_image(mine, NAMES) != seat_image(theirs, NAMES)
    changed = copy.deepcopy(mine)
    changed["hand"] = list(reversed(changed["hand"]))[:-1]
    assert seat_image(mine, NAMES) != seat_image(changed, NAMES)


def _coop_view(discard_top: Any, count: int) -> dict[str, Any]:
    view = sample_view("soureh", 2, seed=1)
    view["discard_top"] = discard_top
    view["discard_count"] = count
    return view


def test_hidden_discards_are_words_and_an_open_top_is_drawn() -> None:
    """A face-down discard pile is only its size, said in the table message's words (the
    picture is the same whatever the size); a face-up pile's top card is drawn."""
    hidden = render_table(_coop_view(None, 7), NAMES)
    missing = _coop_view(None, 7)
    del missing["discard_top"]
    assert render_table(missing, NAMES) == hidden
    assert render_table(_coop_view(None, 12), NAMES) == hidden
    assert hidden != render_table(_coop_view("7H", 7), NAMES)
    line = table_words("declared")(coop_view(_coop_view(None, 12)), NAMES)[0]
    assert "12" in line, line


def test_multiple_of_100_rule_is_shown() -> None:
    """Soureh's round-end words show "100 → 50" when the rule took 50 off, plain points
    else (the picture rings the cards; the numbers are words)."""
    assert "+30 · 100 → 50" in score_text(-20, 50, ["10H", "9S", "7D", "4C"])
    assert "→" not in score_text(20, 50, ["10H", "5S", "3D", "2C"])
    assert "→" not in score_text(-20, 50, None)


def test_soi_round_end_keeps_names_and_quadruplets_whole() -> None:
    """Six Soi seats at round end: wide panels, every quadruplet chip drawn (the image
    grows a row of chips rather than cutting them)."""
    view = sample_round_end("soi", 6, seed=1)
    few = size(render_round_end(view, NAMES))
    many = copy.deepcopy(view)
    many["last_round"]["quads"][0] = ["2", "3", "4", "5", "6", "7", "8", "9", "10"]
    more = size(render_round_end(many, NAMES))
    assert more[1] > few[1]
    assert few[0] / few[1] >= 0.75


PHONE = 400  # px: a phone's width, the image shown full width
LEGIBLE = 9  # px at phone width: the smallest text (legends); names and numbers are larger


@pytest.mark.parametrize(("game", "players"), [("soureh", 4), ("pariah", 2), ("turup", 12),
                                               ("soi", 6)])
def test_every_picture_fits_a_phone(game: str, players: int) -> None:
    """Table, round end and seat image at the most seats: no text below 9 px once shown
    400 px wide, and no taller than 4:3 (plus the hand strip for a seat image)."""
    from tests.helpers.pictures import canvas_for

    pictures = [
        ("table", sample_view(game, players, 1), 0),
        ("round_end", sample_round_end(game, players, 1), 0),
        ("seat", sample_player_view(game, players, 0, 1), 200),
    ]
    for kind, view, extra in pictures:
        canvas = canvas_for(kind, view, NAMES)
        assert min(canvas.text_sizes) * PHONE / canvas.width >= LEGIBLE, kind
        assert canvas.img.height <= canvas.width / 0.75 + extra, kind
