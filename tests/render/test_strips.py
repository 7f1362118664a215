"""Pictures drawn as strips, kept by what each shows (bot/render/images/strips.py, issue 42):
a picture built from kept strips is the picture drawn whole, pixel for pixel."""

from __future__ import annotations

import io
import random
import zlib

import pytest
from PIL import Image

from bot.games.registry import ENGINES
from bot.i18n import use_locale
from bot.render.images.canvas import encode
from bot.render.images.samples import NAMES
from bot.render.images.strips import STRIPS, StripCache, Strips, adler32_combine
from tests.helpers.pictures import canvas_for

PLAYS = [("soureh", 4), ("soureh", 2), ("pariah", 2), ("turup", 12), ("turup", 3), ("soi", 6),
         ("soi", 3)]


def pixels(png: bytes) -> bytes:
    return Image.open(io.BytesIO(png)).convert("RGB").tobytes()


def test_adler32_combine_is_zlibs() -> None:
    rng = random.Random(1)
    for _ in range(50):
        a = rng.randbytes(rng.randrange(0, 200_000))
        b = rng.randbytes(rng.choice([0, 1, 65_521, 65_522, rng.randrange(0, 200_000)]))
        assert adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)


@pytest.mark.parametrize(("game", "players"), PLAYS)
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_kept_strips_make_the_picture_drawn_whole(game: str, players: int, lang: str) -> None:
    """Along a seeded game, each table and seat picture built from the strips kept so far
    (most of them drawn for an earlier move or the other kind of picture) has the pixels of
    the same picture drawn whole on one canvas, and decodes as a plain palette PNG; a
    strip keyed by less than it shows (the turn, a card, the theme) would differ."""
    eng = ENGINES[game]
    rng = random.Random(players)
    state = eng.new_game(players=players, seed=players)
    names = NAMES[:players]
    kept = 0
    with use_locale(lang):
        for step in range(14):
            seat = eng.to_act(state)
            if seat is None:
                break
            theme = ("dark", "light")[step % 2 if step < 6 else 0]
            four = step % 3 == 0
            for kind, view in (("table", eng.public_view(state)),
                               ("seat", eng.player_view(state, seat))):
                picture = canvas_for(kind, view, names, theme=theme, four_colour=four)
                assert isinstance(picture, Strips)
                hits = STRIPS.hits
                png = picture.png()
                kept += STRIPS.hits - hits
                decoded = Image.open(io.BytesIO(png))
                assert decoded.mode == "P" and decoded.size == (picture.width, picture.height)
                whole = canvas_for(kind, view, names, theme=theme, four_colour=four)
                assert pixels(png) == pixels(encode(whole.img, theme=whole.theme,
                                                    four_colour=four)), (kind, step)
                assert picture.drawn.text_sizes == whole.drawn.text_sizes
                assert sorted(picture.drawn.faces) == sorted(whole.drawn.faces)
            state = eng.apply(state, rng.choice(eng.legal_actions(state))).state
    assert kept > 0  # the kept strips were used, not only drawn


def test_a_picture_again_draws_nothing() -> None:
    """The same table again is every strip taken as kept: no strip drawn, the same bytes."""
    eng = ENGINES["turup"]
    view = eng.public_view(eng.new_game(players=12, seed=3))
    first = canvas_for("table", view, NAMES)
    png = first.png()
    drawn: list[int] = []
    again = canvas_for("table", view, NAMES)
    assert isinstance(again, Strips)
    again.strips = [type(s)(s.height, lambda c, *a, _d=s.draw: (drawn.append(1), _d(c, *a)),
                            s.args) for s in again.strips]
    # a wrapped function is another key: drawn; the original keys are all kept
    misses = STRIPS.misses
    assert canvas_for("table", view, NAMES).png() == png
    assert STRIPS.misses == misses
    assert again.png() == png and len(drawn) == len(again.strips)


def test_the_kept_strips_stay_under_their_bytes() -> None:
    """The least recently used strips go once the deflated bytes pass the bound; the one
    just used stays."""
    cache = StripCache(max_bytes=60_000)
    eng = ENGINES["soureh"]
    state = eng.new_game(players=4, seed=1)
    rng = random.Random(1)
    for _ in range(12):
        if eng.to_act(state) is None:
            break
        picture = canvas_for("table", eng.public_view(state), NAMES[:4])
        assert isinstance(picture, Strips)
        picture.cache = cache
        picture.png()
        assert cache.size <= cache.max_bytes
        state = eng.apply(state, rng.choice(eng.legal_actions(state))).state
    assert cache.misses > len(cache)  # some were dropped


def test_a_strip_is_at_least_a_pixel_tall() -> None:
    picture = canvas_for("table", ENGINES["soi"].public_view(ENGINES["soi"].new_game(
        players=3, seed=1)), NAMES[:3])
    assert isinstance(picture, Strips)
    with pytest.raises(ValueError):
        picture.add(0, lambda canvas: None)
    with pytest.raises(ValueError):
        picture.at(3)  # no strip starts there
