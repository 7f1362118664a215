"""The card images in the reader's language (issue 21): every drawn word from the catalogs,
Arabic drawn shaped and right to left with the header and seat rows mirrored, and every
cached image keyed on the language."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import pytest
from PIL import Image

from bot.games.registry import game_names
from bot.render.images import WIDTH, ImageCache
from bot.render.images import text as lines
from bot.render.images.canvas import RLM
from bot.render.images.strips import STRIPS
from bot.render.images.style import theme
from tests.games.fake_language import bare_english, speaking
from tests.helpers.pictures import (
    cached_table,
    render_hand,
    render_round_end,
    render_table,
    sample_player_view,
    sample_round_end,
    sample_view,
    seat_image,
)

GAMES = game_names()
NAMES = ["①", "②", "③", "④", "⑤", "⑥"]  # no letters: a word drawn is the layout's
PLAYERS = {"soureh": 4, "pariah": 2, "turup": 4, "soi": 4}
_PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def arabic(msgid: str) -> str:
    """A stand-in Arabic translation: Arabic words, the msgid's placeholders kept."""
    return " ".join(["نص", "بالعربية", *_PLACEHOLDER.findall(msgid)])


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


def accent_pixels(img: Image.Image, box: tuple[int, int, int, int]) -> int:
    """How many pixels in ``box`` are the accent colour (the status pill)."""
    accent = theme("dark").accent
    raw = img.crop(box).tobytes()
    return sum(
        1
        for i in range(0, len(raw), 3)
        if sum(abs(raw[i + k] - accent[k]) for k in range(3)) < 60
    )


def _all_images(game: str) -> list[bytes]:
    n = PLAYERS[game]
    view = sample_view(game, n, seed=2)
    mine = sample_player_view(game, n, 0, seed=2)
    ended = sample_round_end(game, n, seed=2)
    if "reason" in ended["last_round"]:  # the samples' reason is free text; a real one is a code
        ended["last_round"]["reason"] = "declaration"
    return [
        render_table(view, NAMES),
        render_hand(mine),
        seat_image(mine, NAMES),
        render_round_end(ended, NAMES),
    ]


@pytest.mark.parametrize("game", GAMES)
def test_every_word_drawn_comes_from_the_catalogs(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under a fake language every text the layouts draw (headers, labels, pills, legends,
    scores) is a catalog text: no English word outside the brackets."""
    _all_images(game)  # the shared palette is drawn from sample images once: not recorded
    drawn: list[str] = []
    paste = lines.paste

    def record(img: Any, x: int, y: int, text: str, *args: Any, **kwargs: Any) -> int:
        drawn.append(text)
        return paste(img, x, y, text, *args, **kwargs)

    monkeypatch.setattr(lines, "paste", record)
    with speaking(monkeypatch):
        _all_images(game)
    words = [t for t in drawn if bare_english(t)]
    assert drawn and words == []


@pytest.mark.parametrize("game", GAMES)
def test_an_arabic_table_is_drawn_right_to_left_and_mirrored(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In Arabic the seats' names stand at the right of their panels, as right-to-left
    paragraphs (in English at the left)."""
    view = sample_view(game, PLAYERS[game], seed=3)
    english = decode(render_table(view, NAMES))
    drawn: list[tuple[str, int, str]] = []
    paste = lines.paste

    def record(img: Any, x: int, y: int, text: str, *args: Any, **kwargs: Any) -> int:
        drawn.append((text, x, str(kwargs.get("anchor", "la"))))
        return paste(img, x, y, text, *args, **kwargs)

    monkeypatch.setattr(lines, "paste", record)
    STRIPS.clear()  # drawn again, not taken from the strips kept by the first render
    render_table(view, NAMES)
    names_en = [(x, a) for t, x, a in drawn if t.strip(RLM + "\u2068\u2069") in NAMES]
    drawn.clear()
    with speaking(monkeypatch, "ar", arabic):
        png = render_table(view, NAMES)
    names_ar = [(t, x, a) for t, x, a in drawn if t.strip(RLM + "\u2068\u2069") in NAMES]
    assert names_en and all(a[0] == "l" for _x, a in names_en)
    assert names_ar and all(a[0] == "r" for _t, _x, a in names_ar)
    assert min(x for _t, x, _a in names_ar) > min(x for x, _a in names_en)
    for label, _x, _a in names_ar:
        assert lines.levels(label)[0] == 1, label  # one right-to-left paragraph
    img = decode(png)
    assert img.size[0] == WIDTH and img.tobytes() != english.tobytes()


def test_arabic_and_greek_labels_have_fonts() -> None:
    """Hand-written labels of each language draw with real glyphs and shaped Arabic runs."""
    for label in ("الجولة ٢ من ٣", "Γύρος 2 από 3", "Wareegga 2 ee 3"):
        assert lines.drawable(label), label
        sprite = lines.sprite(label, 28)
        assert sprite.mask.getbbox() is not None
    runs = lines.layout("الجولة ٢", 28).runs
    assert all(run.font is not None for run in runs)
    assert any(run.level % 2 for run in runs)  # an Arabic run is laid out right to left


def test_the_image_cache_keys_on_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same table version in two languages is two cached images; asking again in
    either language is a hit."""
    cache = ImageCache()
    view = sample_view("soureh", 3, seed=4)
    english = cached_table(cache, 7, 1, view, NAMES)
    with speaking(monkeypatch, "ar", arabic):
        arabic_png = cached_table(cache, 7, 1, view, NAMES)
        assert cached_table(cache, 7, 1, view, NAMES) == arabic_png
    assert arabic_png != english and len(cache) == 2
    assert cached_table(cache, 7, 1, view, NAMES) == english and len(cache) == 2


async def test_a_render_in_a_thread_speaks_the_language_of_its_caller(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``asyncio.to_thread`` copies the current language: the thread draws in Arabic."""
    view = sample_view("turup", 3, seed=5)
    english = render_table(view, NAMES)
    with speaking(monkeypatch, "ar", arabic):
        here = render_table(view, NAMES)
        there = await asyncio.to_thread(render_table, view, NAMES)
    assert there == here != english
