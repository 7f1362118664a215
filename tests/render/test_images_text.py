"""Names in any script in the card images: font fallback, bidi order, Arabic shaping,
emoji, an initials badge without the fonts, cutting by width."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from bot.render.images import fonts, text
from tests.helpers.fonts import ARABIC as ARABIC_FONT
from tests.helpers.fonts import CJK, DEJAVU, EMOJI, needs_fonts
from tests.helpers.pictures import render_round_end, render_table, sample_round_end, sample_view

ARABIC = "محمد علي"
NAMES = ["李小龙", "🐉DragonLady🐉", ARABIC, "Αλέξανδρος", "Zoë", "Seraphina"]
#: The fonts each name of NAMES needs (DejaVu draws the table's Latin and Greek).
FONTS_OF = {"李小龙": (CJK,), "🐉DragonLady🐉": (DEJAVU, EMOJI), ARABIC: (ARABIC_FONT,)}


@pytest.mark.parametrize("name", NAMES)
def test_every_script_has_a_font(name: str) -> None:
    """Latin, Greek, Arabic, CJK and emoji names are drawn with real glyphs, no badge."""
    needs_fonts(*FONTS_OF.get(name, (DEJAVU,)))
    line = text.layout(name, 28, True)
    assert all(run.font is not None for run in line.runs), line.runs
    assert "?" not in "".join(run.text for run in line.runs)


def test_scripts_use_their_own_fonts() -> None:
    """CJK goes to Noto Sans CJK, Arabic to Noto Sans Arabic, emoji to Noto Color Emoji."""
    needs_fonts(DEJAVU, CJK, ARABIC_FONT, EMOJI)
    used = {
        name: {Path(r.font.path).name for r in text.layout(name, 28).runs if r.font}
        for name in ("李小龙", ARABIC, "🐉")
    }
    assert used["李小龙"] == {"NotoSansCJK-Regular.ttc"}
    assert used[ARABIC] == {"NotoSansArabic-Regular.ttf"}
    assert used["🐉"] == {"NotoColorEmoji.ttf"}


def test_emoji_are_drawn_in_colour() -> None:
    """An emoji name leaves a colour layer with saturated pixels in its sprite."""
    needs_fonts(EMOJI)
    sprite = text.sprite("🐉", 28)
    assert sprite.colour is not None
    r, g, _, a = sprite.colour.split()
    assert a.getextrema()[1] > 200
    assert ImageChops.difference(r, g).getextrema()[1] > 60


def test_arabic_is_right_to_left_and_joined() -> None:
    """An Arabic name is one right-to-left run, and Raqm's shaped drawing matches HarfBuzz's
    joined forms: narrower than the same letters drawn one by one (isolated forms)."""
    needs_fonts(ARABIC_FONT)
    if not text.RAQM:
        pytest.skip("Pillow has no Raqm layout here")
    line = text.layout(ARABIC, 40)
    assert [r.level % 2 for r in line.runs] == [1]
    face = fonts.face(line.runs[0].font, 40)  # type: ignore[arg-type]
    isolated = sum(face.getlength(ch) for ch in ARABIC)
    assert line.width < isolated * 0.98
    joined = _draw(ARABIC, face, "rtl")
    by_letter = _draw_letters(ARABIC, face)
    assert ImageChops.difference(joined, by_letter).getbbox() is not None


def test_arabic_reads_right_to_left_on_the_image() -> None:
    """The first letter of an Arabic word is drawn at the right end of the word."""
    needs_fonts(ARABIC_FONT)
    mim = text.sprite("م", 40).mask.getbbox()
    word = text.sprite("مل", 40).mask  # mim then lam: mim must end up on the right
    assert mim is not None
    right = word.crop((word.width // 2, 0, word.width, word.height))
    left = word.crop((0, 0, word.width // 2, word.height))
    # lam is a tall stroke, mim is round and low: the tall ink is on the left half
    assert _top(left) < _top(right)


def _top(img: Image.Image) -> int:
    box = img.getbbox()
    return box[1] if box else 10_000


def _draw(s: str, face: ImageFont.FreeTypeFont, direction: str) -> Image.Image:
    img = Image.new("L", (400, 80))
    ImageDraw.Draw(img).text((10, 60), s, font=face, fill=255, anchor="ls", direction=direction)
    return img


def _draw_letters(s: str, face: ImageFont.FreeTypeFont) -> Image.Image:
    img = Image.new("L", (400, 80))
    x = 390.0
    for ch in s:
        x -= face.getlength(ch)
        ImageDraw.Draw(img).text((x, 60), ch, font=face, fill=255, anchor="ls")
    return img


def test_bidi_levels_of_mixed_lines() -> None:
    """A Latin line keeps an Arabic name's words in right-to-left order; an isolated Arabic
    name at the start of an English sentence does not turn the sentence around."""
    para, lv = text.levels("Bob علي")
    assert para == 0 and lv[:4] == [0, 0, 0, 0] and set(lv[4:]) == {1}
    line = text.layout(text.isolate(ARABIC) + " asked Bob", 24)
    assert line.runs[-1].text.endswith("asked Bob")
    assert line.runs[0].level % 2 == 1
    assert text.visual_order([0, 1, 1, 0]) == [0, 2, 1, 3]


def test_names_are_cut_by_width_not_characters() -> None:
    """fit() cuts wide CJK names after fewer characters than narrow Latin ones, never
    inside an emoji sequence, and keeps a fitting name whole."""
    needs_fonts(DEJAVU, CJK, EMOJI)
    assert text.fit("Zoë", 28, 300) == "Zoë"
    cjk = text.fit("李小龙李小龙李小龙", 28, 120)
    latin = text.fit("iiiiiiiiiiiiiiiiiiiiiiiii", 28, 120)
    assert cjk.endswith("…") and latin.endswith("…")
    assert len(cjk) < len(latin)
    assert text.width(cjk, 28) <= 120
    family = "👨\u200d👩\u200d👧" * 6
    cut = text.fit(family, 28, 90)
    assert cut.endswith("…") and not cut[:-1].endswith("\u200d")


@pytest.fixture
def no_noto(tmp_path: Path) -> Iterator[None]:
    """The font chain of a machine with DejaVu Sans only (no Noto fonts installed)."""
    dejavu = Path("/usr/share/fonts/truetype/dejavu")
    if not (dejavu / "DejaVuSans.ttf").exists():
        pytest.skip("DejaVu Sans is not installed")
    old = text.use_chain(fonts.FontChain([dejavu]))
    try:
        yield
    finally:
        text.use_chain(old)


def test_without_the_fonts_a_name_becomes_an_initials_badge(no_noto: None) -> None:
    """Without Noto, CJK and emoji become a badge (no font, so no "?" and no box), with
    Latin initials read from the Unicode names where the letters have them."""
    runs = text.layout("李小龙", 28).runs
    assert [r.font for r in runs] == [None]
    assert text.initials("Ωmega βeta") == "OB"
    assert text.initials("李小龙") == ""
    dragon = text.layout("🐉DragonLady🐉", 28).runs
    assert [r.text for r in dragon if r.font is not None] == ["DragonLady"]
    assert all("?" not in r.text for r in dragon)


def test_badge_is_drawn_with_ink(no_noto: None) -> None:
    """The placeholder badge is a visible shape, even for a name with no initials."""
    mask = text.sprite("李小龙", 28).mask
    assert mask.getbbox() is not None
    assert sum(mask.histogram()[200:]) > 100


def test_images_draw_every_name_without_the_fonts(no_noto: None) -> None:
    """A whole table and round end still render with names no font has."""
    assert render_table(sample_view("soi", 6, seed=1), NAMES)[:4] == b"\x89PNG"
    assert render_round_end(sample_round_end("soi", 6, seed=1), NAMES)[:4] == b"\x89PNG"


def test_named_players_never_show_as_seat_numbers() -> None:
    """A table with a name in every script differs from one with "Seat N" names."""
    view = sample_view("turup", 6, seed=1)
    seats = [f"Seat {i + 1}" for i in range(6)]
    assert render_table(view, NAMES) != render_table(view, seats)


def test_arabic_glyph_run_matches_its_joined_reference() -> None:
    """"محمد" drawn by the text module has the shape of its contextual presentation forms
    (final dal, medial mim, medial hah, initial mim, laid out left to right) and not of
    the isolated letters: the same height, about the same width."""
    needs_fonts(ARABIC_FONT)
    if not text.RAQM:
        pytest.skip("Pillow has no Raqm layout here")
    mask = text.sprite("محمد", 40).mask
    shaped = mask.crop(mask.getbbox())
    face = fonts.face(text.layout("محمد", 40).runs[0].font, 40)  # type: ignore[arg-type]
    joined = _ink("\ufeaa\ufee4\ufea4\ufee3", face)
    isolated = _ink("\ufea9\ufee1\ufea1\ufee1", face)
    assert abs(shaped.height - joined.height) <= 2
    assert abs(shaped.width - joined.width) <= joined.width * 0.1
    assert abs(shaped.height - isolated.height) > 5


def _ink(s: str, face: ImageFont.FreeTypeFont) -> Image.Image:
    img = Image.new("L", (400, 100))
    ImageDraw.Draw(img).text((10, 70), s, font=face, fill=255, anchor="ls", direction="ltr")
    return img.crop(img.getbbox())


@pytest.mark.parametrize("line", ["Seraphina 42", ARABIC, "🐉DragonLady🐉", "", " ", "10♥ Q♠"])
@pytest.mark.parametrize("anchor", ["la", "mm", "rs"])
def test_pasting_the_inked_box_equals_the_whole_mask(line: str, anchor: str) -> None:
    """``text.paste`` pastes only the inked part of a line's mask (the padding is blank):
    the picture is the same, pixel for pixel, as Pillow's fill through the whole mask,
    also where the line runs off the image's edge."""
    for x, y in ((200, 40), (-30, 2), (395, 78)):
        ours = Image.new("RGB", (400, 80), (20, 90, 50))
        reference = ours.copy()
        width = text.paste(ours, x, y, line, 24, (240, 200, 60), bold=True, anchor=anchor)
        s = text.sprite(line, 24, True)
        left = x - (s.width if anchor[0] == "r" else s.width // 2 if anchor[0] == "m" else 0)
        v = anchor[1]
        top = y - (s.ascent + s.descent) // 2 if v == "m" else y - s.ascent if v == "s" else y
        px, py = left - text.pad(24), top - s.top
        box = (px, py, px + s.mask.width, py + s.mask.height)
        reference.paste((240, 200, 60), box, s.mask)
        if s.colour is not None:
            reference.paste(s.colour, (px, py), s.colour)
        assert width == s.width
        assert ImageChops.difference(ours, reference).getbbox() is None
        if line.strip():
            assert s.ink is not None and s.ink.size < s.mask.size
