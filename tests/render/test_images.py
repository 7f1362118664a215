"""Card images from hand-built views: sizes, content, colours, hidden cards, the cache."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.discord.pictures import file_name
from bot.games.cards import Suit
from bot.games.registry import ENGINES, game_names
from bot.render.images import WIDTH, ImageCache, ImageKey
from bot.render.images.canvas import seat_name
from bot.render.images.cards import card_face, suit_mask
from bot.render.images.samples import NAMES
from tests.helpers.pictures import (
    cached_hand,
    cached_round_end,
    cached_table,
    canvas_for,
    render_hand,
    render_round_end,
    render_table,
    sample_player_view,
    sample_round_end,
    sample_view,
)

GAMES = game_names()
MAX_PLAYERS = {g: ENGINES[g].max_players for g in GAMES}
MIN_PLAYERS = {"soureh": 2, "pariah": 2, "turup": 2, "soi": 3}
SIZES = [(g, n) for g in GAMES for n in sorted({MIN_PLAYERS[g], MAX_PLAYERS[g]})]


def decode(data: bytes) -> Image.Image:
    """Decode PNG bytes (and check they are a PNG)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


def colours(img: Image.Image) -> int:
    """How many distinct colours the image uses (a cheap measure of content)."""
    found = img.getcolors(maxcolors=1 << 20)
    return len(found) if found is not None else 1 << 20


def ink(sprite: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, int, int]:
    """The average colour of the saturated/dark pixels (the ink) inside ``box``."""
    raw = sprite.convert("RGB").crop(box).tobytes()
    triples = [tuple(raw[i : i + 3]) for i in range(0, len(raw), 3)]
    pixels = [p for p in triples if min(p) < 160]
    assert pixels, "no ink in the region"
    n = len(pixels)
    return (
        sum(p[0] for p in pixels) // n,
        sum(p[1] for p in pixels) // n,
        sum(p[2] for p in pixels) // n,
    )


@pytest.mark.parametrize(("game", "players"), SIZES)
def test_table_image_for_every_game_and_size(game: str, players: int) -> None:
    """render_table gives a decodable palette PNG ≤ 40 KB, WIDTH wide, at most 4:3 tall (fits
    a phone screen with the message), with rich content."""
    data = render_table(sample_view(game, players, seed=1), NAMES)
    img = decode(data)
    assert img.width == WIDTH
    assert 150 < img.height <= WIDTH / 0.75
    assert colours(img) > 100
    assert len(data) <= 40 * 1024


@pytest.mark.parametrize(("game", "players"), SIZES)
def test_hand_image_for_every_game_and_size(game: str, players: int) -> None:
    """render_hand draws a player view of every game as a WIDTH-wide PNG."""
    img = decode(render_hand(sample_player_view(game, players, seat=players - 1, seed=2)))
    assert img.width == WIDTH
    assert 120 < img.height < 1400
    assert colours(img) > 50


@pytest.mark.parametrize(("game", "players"), SIZES)
def test_round_end_image_for_every_game_and_size(game: str, players: int) -> None:
    """render_round_end draws the last round of every game as a WIDTH-wide PNG."""
    img = decode(render_round_end(sample_round_end(game, players, seed=3), NAMES))
    assert img.width == WIDTH
    assert 60 < img.height < 1400


def test_twelve_turup_seats_fit_in_a_grid() -> None:
    """Twelve Turup seats are laid out in rows of three, not one long column."""
    two = decode(render_table(sample_view("turup", 2, seed=1), NAMES))
    twelve = decode(render_table(sample_view("turup", 12, seed=1), NAMES))
    assert twelve.height < two.height + 5 * 160


def test_red_and_black_card_corners_differ() -> None:
    """A heart's corner index is drawn in red ink, a spade's in near-black ink."""
    box = (0, 0, 48, 48)
    red = ink(card_face("7H", 96, 134), box)
    black = ink(card_face("7S", 96, 134), box)
    assert red[0] > 150 and red[1] < 80
    assert max(black) < 80


def test_four_colour_changes_diamonds_and_clubs() -> None:
    """Four-colour mode draws diamonds blue and clubs green; two-colour red and black."""
    box = (0, 0, 48, 48)
    assert ink(card_face("7D", 96, 134), box)[0] > 150
    blue = ink(card_face("7D", 96, 134, True), box)
    assert blue[2] > 150 and blue[0] < 80
    green = ink(card_face("7C", 96, 134, True), box)
    assert green[1] > 90 and green[0] < 60 and green[2] < 100
    assert max(ink(card_face("7C", 96, 134), box)) < 80


def test_suits_differ_by_shape() -> None:
    """Every pair of suit shapes differs in a substantial share of pixels."""
    masks = {s: suit_mask(s, 64) for s in Suit}
    suits = list(Suit)
    for i, a in enumerate(suits):
        for b in suits[i + 1 :]:
            diff = ImageChops.difference(masks[a], masks[b]).point(lambda v: 255 if v > 128 else 0)
            changed = diff.histogram()[255]
            assert changed > 64 * 64 * 0.05, (a, b)


def test_table_shows_a_changed_face_up_card() -> None:
    """Changing a face-up card from black to red changes the table image."""
    view = sample_view("soureh", 4, seed=1)
    view["seats"][1]["up"][0] = "7S"
    other = copy.deepcopy(view)
    other["seats"][1]["up"][0] = "7H"
    assert render_table(view, NAMES) != render_table(other, NAMES)


def test_four_colour_option_changes_the_table() -> None:
    """four_colour=True changes the image of a table that shows a diamond."""
    view = sample_view("soureh", 2, seed=1)
    view["seats"][0]["up"][0] = "9D"
    assert render_table(view, NAMES) != render_table(view, NAMES, four_colour=True)


def test_public_table_is_the_same_whatever_the_face_down_cards() -> None:
    """Two coop positions that differ only in face-down cards give identical table images."""
    a = sample_player_view("soureh", 4, seat=0, seed=5)
    b = copy.deepcopy(a)
    b["seats"][0]["down"] = list(reversed(a["seats"][0]["down"]))
    assert a["seats"][0]["down"] != b["seats"][0]["down"]
    pub_a, pub_b = (_publicise(v) for v in (a, b))
    assert render_table(pub_a, NAMES) == render_table(pub_b, NAMES)
    assert render_hand(a) != render_hand(b)


def _publicise(view: dict[str, Any]) -> dict[str, Any]:
    """The public view of a hand-built player view (what VIEWS.md says the engine hides)."""
    pub = copy.deepcopy(view)
    pub["seat"] = None
    pub["drawn"] = None
    for info in pub["seats"]:
        info["down"] = None
        info["valid"] = None
    return pub


@pytest.mark.parametrize("game", GAMES)
def test_render_table_refuses_a_player_view(game: str) -> None:
    """render_table and render_round_end raise on a player view instead of drawing it."""
    view = sample_player_view(game, MIN_PLAYERS[game], seat=0, seed=1)
    with pytest.raises(ValueError, match="public"):
        render_table(view, NAMES)
    view["last_round"] = sample_round_end(game, MIN_PLAYERS[game])["last_round"]
    with pytest.raises(ValueError, match="public"):
        render_round_end(view, NAMES)


def test_hand_refuses_a_public_view() -> None:
    """render_hand needs a player view."""
    with pytest.raises(ValueError, match="player_view"):
        render_hand(sample_view("turup", 3))


def test_round_end_needs_a_scored_round() -> None:
    """render_round_end raises when last_round is null."""
    with pytest.raises(ValueError, match="last_round"):
        render_round_end(sample_view("soi", 4), NAMES)


def test_round_end_reveals_face_down_cards() -> None:
    """The coop round-end image draws the face-down cards: changing one changes the image."""
    view = sample_round_end("pariah", 2, seed=4)
    other = copy.deepcopy(view)
    pair = other["last_round"]["coops"][1][2]
    pair[1] = "KS" if pair[1] != "KS" else "2H"
    assert render_round_end(view, NAMES) != render_round_end(other, NAMES)


def test_hand_shows_the_drawn_card() -> None:
    """The coop hand image draws the drawn card."""
    view = sample_player_view("soureh", 2, seat=0, seed=1)
    view["to_act"] = 0
    view["drawn"] = "5C"
    other = dict(view, drawn="5H")
    assert render_hand(view) != render_hand(other)


def test_soi_hand_draws_every_card() -> None:
    """A big Soi hand wraps onto more rows instead of dropping cards."""
    view = sample_player_view("soi", 3, seat=0, seed=1)
    view["hand"] = ["2S", "2H", "3D"]
    small = decode(render_hand(view))
    view["hand"] = [f"{r}{s}" for r in ("2", "3", "4", "5", "6", "7", "8", "9") for s in "SH"]
    big = decode(render_hand(view))
    assert big.height > small.height


def test_themes_differ_and_unknown_theme_is_refused() -> None:
    """The light theme is a different picture; an unknown theme raises ValueError."""
    view = sample_view("turup", 4, seed=2)
    assert render_table(view, NAMES, theme="light") != render_table(view, NAMES)
    with pytest.raises(ValueError, match="theme"):
        render_table(view, NAMES, theme="neon")


def test_odd_names_and_missing_names_are_drawn() -> None:
    """Accented, non-Latin, emoji, very long and missing names never break a render."""
    names = ["Zoë Åström-Łukasiewicz of the Very Long Name", "Дмитрий", "🎲 dice", ""]
    img = decode(render_table(sample_view("soi", 6, seed=1), names))
    assert img.width == WIDTH


def test_cache_hits_without_rendering_again() -> None:
    """get_or_render calls the renderer once per key and returns the same bytes after."""
    cache = ImageCache(max_entries=4)
    calls: list[int] = []

    def render() -> bytes:
        calls.append(1)
        return b"png-1"

    key = ImageKey("t1", 3, "table", None, (False, "dark"))
    assert cache.get_or_render(key, render) == b"png-1"
    assert cache.get_or_render(key, render) == b"png-1"
    assert len(calls) == 1
    assert cache.hits == 1 and cache.misses == 1


def test_cache_evicts_the_least_recently_used() -> None:
    """Beyond max_entries the least recently used image is dropped."""
    cache = ImageCache(max_entries=2)
    k1, k2, k3 = (ImageKey("t", v, "table") for v in (1, 2, 3))
    cache.put(k1, b"1")
    cache.put(k2, b"2")
    assert cache.get(k1) == b"1"  # k1 is now the most recent
    cache.put(k3, b"3")
    assert k2 not in cache and k1 in cache and k3 in cache
    assert len(cache) == 2


def test_cache_keys_separate_seats_and_versions() -> None:
    """Different seats, versions and kinds are different cache entries."""
    cache = ImageCache()
    cache.put(ImageKey("t", 1, "hand", 0), b"a")
    assert cache.get(ImageKey("t", 1, "hand", 1)) is None
    assert cache.get(ImageKey("t", 2, "hand", 0)) is None
    assert cache.get(ImageKey("t", 1, "table", 0)) is None


def test_cache_forget_drops_one_table() -> None:
    """forget(table_id) drops that table's images and keeps the others."""
    cache = ImageCache()
    cache.put(ImageKey("a", 1, "table"), b"a1")
    cache.put(ImageKey("a", 2, "hand", 0), b"a2")
    cache.put(ImageKey("b", 1, "table"), b"b1")
    assert cache.forget("a") == 2
    assert len(cache) == 1 and ImageKey("b", 1, "table") in cache


def test_cache_refuses_zero_size() -> None:
    """An ImageCache must hold at least one entry."""
    with pytest.raises(ValueError):
        ImageCache(max_entries=0)


def test_only_missing_names_become_seat_numbers() -> None:
    """A seat without a name is "Seat N"; any named seat keeps its name, whatever its script
    (characters no font has are drawn as an initials badge, see test_images_text)."""
    names = ["\ue000\ue001\ue002", "", "Zoë", "  李小龙  "]
    assert [seat_name(names, i).strip("\u2068\u2069") for i in range(5)] == [
        "\ue000\ue001\ue002", "Seat 2", "Zoë", "李小龙", "Seat 5"
    ]


def test_cached_table_renders_once_per_version() -> None:
    """cached_table returns the stored PNG for a repeated version and renders a new one
    for a new version."""
    cache = ImageCache()
    view = sample_view("soi", 4, seed=1)
    first = cached_table(cache, "t", 1, view, NAMES)
    assert cached_table(cache, "t", 1, view, NAMES) is first
    assert first == render_table(view, NAMES)
    view2 = dict(view, to_act=(view["to_act"] + 1) % 4)
    assert cached_table(cache, "t", 2, view2, NAMES) != first
    assert len(cache) == 2


def test_cached_hand_is_per_seat() -> None:
    """cached_hand keeps one image per viewer seat, so seats never see each other's hand."""
    cache = ImageCache()
    a = cached_hand(cache, "t", 1, sample_player_view("turup", 2, seat=0, seed=1))
    b = cached_hand(cache, "t", 1, sample_player_view("turup", 2, seat=1, seed=1))
    assert a != b
    assert len(cache) == 2


def test_cached_round_end_matches_render() -> None:
    """cached_round_end gives the same picture as render_round_end."""
    cache = ImageCache()
    view = sample_round_end("soureh", 3, seed=2)
    assert cached_round_end(cache, "t", 7, view, NAMES) == render_round_end(view, NAMES)


def test_prepare_draws_the_sprites_the_table_uses() -> None:
    """After prepare(), rendering a table draws no new card face."""
    from bot.render.images.cards import card_face
    from tests.helpers.pictures import prepare

    prepare()
    before = card_face.cache_info().misses
    render_table(sample_view("soureh", 4, seed=9), NAMES)
    assert card_face.cache_info().misses == before


@pytest.mark.parametrize(("game", "players"), SIZES)
def test_the_round_end_sent_is_the_png_or_its_webp_and_at_most_40_kb(
    game: str, players: int
) -> None:
    """The round end the bot sends (``compact=True``) is the palette PNG when that is at
    most 40 KB, else the very same picture as a lossless WebP (4 Soureh seats), and is
    ≤ 40 KB however many seats."""
    view = sample_round_end(game, players, seed=3)
    png, sent = render_round_end(view, NAMES), render_round_end(view, NAMES, compact=True)
    if len(png) <= 40 * 1024:
        assert sent == png
    else:
        assert sent[:4] == b"RIFF" and sent[8:12] == b"WEBP"
    a = decode(png).convert("RGB")
    b = Image.open(io.BytesIO(sent)).convert("RGB")
    assert a.size == b.size and ImageChops.difference(a, b).getbbox() is None
    assert len(sent) <= 40 * 1024


def test_an_attachment_is_named_for_its_real_format() -> None:
    """A round end sent as WebP is attached as round.webp, a PNG keeps round.png: Discord
    shows an attachment inline by its name's extension."""
    view = sample_round_end("soureh", 4, seed=3)
    drawn = canvas_for("round_end", view, NAMES)
    assert file_name("round.png", drawn.png()) == "round.png"
    assert file_name("round.png", drawn.webp()) == "round.webp"
