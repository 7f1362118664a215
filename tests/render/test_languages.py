"""Every word the presentation says goes through the catalogs (issue 21).

The catalogs are empty until translators fill them, so these tests speak a marked language
(``tests.helpers.i18n``): every catalog text comes out as ``⟦…⟧`` with its placeholders
outside, and an English word left outside the marks reached a person untranslated. Names,
option notation, card codes, mentions and timestamps are not words to translate.

Texts the engines and the table service write (recent events, an action's description)
are theirs to translate and are left out here.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator

import discord
import pytest

from bot import options
from bot.games.registry import CATALOG, game
from bot.i18n import FSI, LRI, PDI, use_locale
from bot.render.announce import (
    RATED,
    game_end_embed,
    ping_text,
    result_dm_text,
    round_end_embed,
)
from bot.render.card_text import legible, legible_suits, truncate
from bot.render.components import STEP_KINDS, Kind, Step, parse_custom_id
from bot.render.direction import cards_isolated
from bot.render.embeds import dm_text, hand_embed, last_round_embed, lobby_embed, table_embed
from bot.render.panels import panel
from bot.render.rules_text import pages_of
from bot.render.steps import describe
from bot.render.table_message import end_view, lobby_view, table_view
from bot.tables.model import Table
from cogs.rules.pages import rules_page
from cogs.settings.pages import settings_embed
from cogs.stats.pages import trend_text
from storage.guild_settings import GuildSettings
from storage.tables import TableStatus
from tests.helpers.i18n import (
    MarkedTranslations,
    english_outside_marks,
    mark,
    marked_catalogs,
    marked_language,
    without_isolates,
)
from tests.render.test_embeds import CASES, _play, _table

pytestmark = pytest.mark.slow

URL = "https://discord.com/channels/1/2/3"
SUITS = "♠♥♦♣"


# ------------------------------------------------------------------------ collecting text


def embed_texts(embed: discord.Embed) -> list[str]:
    """Every text of an embed a person reads."""
    data = embed.to_dict()
    texts = [data.get("title", ""), data.get("description", "")]
    texts += [t for f in data.get("fields", []) for t in (f["name"], f["value"])]
    texts.append((data.get("footer") or {}).get("text", ""))
    return [t for t in texts if t]


def view_texts(view: discord.ui.View) -> list[str]:
    """Every label, placeholder and option of a view's components."""
    texts: list[str] = []
    for item in view.children:
        if isinstance(item, discord.ui.Button) and item.label:
            texts.append(item.label)
        if isinstance(item, discord.ui.Select):
            texts.append(item.placeholder or "")
            for o in item.options:
                texts += [o.label, o.description or ""]
    return [t for t in texts if t]


def steps_of(view: discord.ui.View) -> Iterator[Step]:
    """The further steps a panel offers (its step buttons and selects' choices): the
    games' own steps (each game's Look's ``steps``) and the shared ones but the first."""
    steps = {k for entry in CATALOG.values() for k in entry.look.steps} | STEP_KINDS
    for item in view.children:
        parsed = parse_custom_id(getattr(item, "custom_id", "") or "")
        if parsed is None or parsed[1].kind not in steps or parsed[1].kind == Kind.ROOT:
            continue
        kind = parsed[1].kind
        if isinstance(item, discord.ui.Select):
            for o in item.options[:3]:
                yield Step(kind, o.value)
        else:
            yield Step(kind, parsed[1].arg)


def panel_texts(table: Table) -> list[str]:
    """The panel of every seat; the seat to act's every step one level deep."""
    texts: list[str] = []
    for seat in range(len(table.seats)):
        embed, view = panel(table.seen(), seat)
        texts += embed_texts(embed) + view_texts(view)
        if seat == table.to_act():
            for step in steps_of(view):
                embed, sub = panel(table.seen(), seat, step)
                texts += embed_texts(embed) + view_texts(sub)
    return texts


def table_texts(table: Table, *, board: bool = True) -> list[str]:
    """The table message, its buttons, the seats' cards and DMs, the last round, the
    round's end and the terminal board."""
    seen = table.seen()
    texts = embed_texts(table_embed(seen)) + embed_texts(table_embed(seen, text_table=True))
    texts += view_texts(table_view(seen))
    for seat in range(len(table.seats)):
        texts += embed_texts(hand_embed(seen, seat))
        texts.append(dm_text(seen, seat, "Club"))
        texts.append(ping_text(seen, seat, URL))
        if board:  # the terminal's lines (python -m bot play)
            texts += game(table.game).look.board_lines(table.player_view(seat), table.names)
    last = last_round_embed(seen)
    ended = round_end_embed(seen)
    texts += embed_texts(last) if last else []
    texts += embed_texts(ended) if ended else []
    return texts


def foreign(table: Table) -> list[str]:
    """The texts other layers write: the events and the legal actions' descriptions."""
    texts = list(table.recent) + [t for lines in table.private.values() for t in lines]
    if table.running:
        for action in table.engine.legal_actions(table.state):
            for a in (action, dataclasses.replace(action, call="")):
                texts += [describe(table.seen(), a), table.describe(a)]
    texts += [truncate(t, 200) for t in texts]
    texts += [line for t in texts if "\n" in t for line in t.split("\n")]  # lines apart
    texts += [legible(t) for t in texts]
    texts += [cards_isolated(legible_suits(t)) for t in texts]  # inside an Arabic line
    return sorted(set(texts), key=len, reverse=True)


def without(text: str, others: list[str]) -> str:
    for other in others:
        if other:
            text = text.replace(other, " ")
    return text


def allowed_words(table: Table) -> set[str]:
    """Names and option notation (``threshold 40``, ``discards hidden``)."""
    words = set(table.names) | {"Club"}
    for spec in options.specs(table.entry):
        words.add(spec.name)
        words.update(str(c) for c in spec.choices)
        words.add(str(spec.show(spec.default)))
        if spec.name in table.record.variant:
            words.add(str(spec.show(table.record.variant[spec.name])))
    return words


def english_left(table: Table, texts: list[str]) -> list[tuple[str, list[str]]]:
    others, allowed = foreign(table), allowed_words(table)
    left = []
    plain = [without_isolates(o) for o in others]  # an Arabic line is isolated whole
    for text in texts:
        words = english_outside_marks(without(without_isolates(text), plain), allowed)
        if words:
            left.append((text, words))
    return left


def finish(table: Table) -> None:
    _play(table, 10_000, random.Random(3))
    table.record = dataclasses.replace(table.record, status=TableStatus.FINISHED)


# ------------------------------------------------------------------- no English left


@pytest.mark.parametrize("lang", ["el", "ar"])
@pytest.mark.parametrize(("name", "players", "variant"), CASES)
def test_tables_and_panels_say_nothing_outside_the_catalogs(
    lang: str, name: str, players: int, variant: dict[str, object]
) -> None:
    """Through a random game, the table message, panels (every step), hands, DMs, pings,
    round ends, the game's end and the terminal board are all catalog texts around names,
    cards and numbers."""
    table = _table(name, players, 5, variant)
    rng = random.Random(2)
    for _ in range(12):
        with marked_language(lang):
            texts = table_texts(table) + panel_texts(table)
        assert english_left(table, texts) == []
        if table.engine.to_act(table.state) is None:
            break
        _play(table, 7, rng)
    finish(table)
    table.seats[1] = dataclasses.replace(table.seats[1], resigned=True)
    with marked_language(lang):
        texts = table_texts(table) + panel_texts(table)
        seen = table.seen()
        texts += embed_texts(game_end_embed(seen, RATED)) + view_texts(end_view(seen))
        texts.append(result_dm_text(seen, 0, URL, RATED, "Club"))
    assert english_left(table, texts) == []


@pytest.mark.parametrize("lang", ["el", "ar"])
def test_lobby_says_nothing_outside_the_catalogs(lang: str) -> None:
    """The lobby's embed and buttons, and a cancelled lobby."""
    table = _table("soureh", 3, 1, {"threshold": 40})
    table.state = None
    table.record = dataclasses.replace(table.record, status=TableStatus.LOBBY)
    table.seats[2] = dataclasses.replace(table.seats[2], user_id=None)
    with marked_language(lang):
        texts = embed_texts(lobby_embed(table.seen())) + view_texts(lobby_view(table.seen()))
    closed = dataclasses.replace(table.record, status=TableStatus.CANCELLED, end_reason="inactive")
    table.record = closed
    with marked_language(lang):
        texts += embed_texts(lobby_embed(table.seen()))
    assert english_left(table, texts) == []
    closed_words = "⟦This table was closed: nobody played for too long.⟧"
    assert any("⟦Join⟧" in t for t in texts) and any(closed_words in t for t in texts)


@pytest.mark.parametrize("lang", ["el", "ar"])
@pytest.mark.parametrize("name", sorted(CATALOG))
def test_rules_pages_are_catalog_paragraphs(lang: str, name: str) -> None:
    """Every paragraph of /rules is one catalog text, Markdown and notation inside it."""
    for page in range(len(pages_of(game(name)))):
        with marked_language(lang):
            embed, view = rules_page(game(name), page)
        texts = embed_texts(embed) + view_texts(view)
        assert [w for t in texts for w in english_outside_marks(t)] == []
        for line in without_isolates(embed.description or "").split("\n"):
            assert not line or (line.startswith("⟦") and line.endswith("⟧")), line


@pytest.mark.parametrize("lang", ["el", "ar"])
def test_settings_say_nothing_outside_the_catalogs(lang: str) -> None:
    """Server settings: switches, timer and footer through the catalogs; options as
    notation."""
    settings = GuildSettings(guild_id=1, game_options={"pariah": {"threshold": 500}},
                             turn_timer=90)
    with marked_language(lang):
        texts = embed_texts(settings_embed(settings, CATALOG, "Club"))
    allowed = {"Club"}
    for entry_name in CATALOG:
        for spec in options.specs(CATALOG[entry_name]):
            allowed |= {spec.name, *map(str, spec.choices), str(spec.show(spec.default))}
    assert [w for t in texts for w in english_outside_marks(t, allowed)] == []


def test_english_is_unchanged_by_the_marked_catalog() -> None:
    """English never asks a catalog: the marked one changes nothing in English."""
    table = _table("turup", 3, 4, {"rounds": 1})
    plain = embed_texts(table_embed(table.seen(), text_table=True)) + panel_texts(table)
    with marked_catalogs():
        assert embed_texts(table_embed(table.seen(), text_table=True)) + panel_texts(table) == plain
    assert not any("⟦" in t or LRI in t for t in plain)  # names alone are isolated (6a)


# -------------------------------------------------------------------- right to left


def outside_isolates(text: str, opener: str) -> str:
    """The characters of ``text`` not inside an isolate opened by ``opener``."""
    out, stack = [], []
    for ch in text:
        if ch in (FSI, LRI, "\u2067"):
            stack.append(ch)
        elif ch == PDI and stack:
            stack.pop()
        elif opener not in stack:
            out.append(ch)
    return "".join(out)


def balanced(text: str) -> bool:
    """Every isolate closed, none closed twice."""
    depth = 0
    for ch in text:
        depth += ch in (FSI, LRI, "\u2067")
        depth -= ch == PDI
        if depth < 0:
            return False
    return depth == 0


@pytest.mark.parametrize(("name", "players", "variant"), CASES)
def test_arabic_isolates_names_and_cards(
    name: str, players: int, variant: dict[str, object]
) -> None:
    """In Arabic every player name sits in a first-strong isolate and every card (its
    suit) in a left-to-right isolate, in the table message, the panels and the round's
    and game's end; in Greek (left to right) the names are isolated too (names are data,
    in every language) and nothing else is."""
    table = _table(name, players, 5, variant)
    _play(table, 20, random.Random(4))

    def texts() -> list[str]:
        texts = table_texts(table, board=False) + panel_texts(table)
        return [without(t, foreign(table)) for t in texts]

    with marked_language("ar"):
        arabic = texts()
    with marked_language("el"):
        greek = texts()
    for text in arabic + greek:
        for n in table.names:
            for m in re.finditer(re.escape(n) + r"(?![0-9])", text):
                before, after = text[:m.start()], text[m.end():]
                assert before.endswith(FSI) and after.startswith(PDI), text
        assert balanced(text), text
    for text in arabic:
        assert not set(outside_isolates(text, LRI)) & set(SUITS), text
    assert not any(LRI in t for t in greek)


def test_signed_scores_and_counts_keep_their_order_in_arabic() -> None:
    """A score like ``+30 · 100 → 50`` is one left-to-right run in Arabic."""
    from bot.games.coop.look.text import score_text

    with marked_language("ar"):
        assert score_text(-9, 50, ["10H", "10D", "10S", "AH"]) == f"{LRI}+41 · 100 → 50{PDI}"
        assert score_text(-3, 5, None) == f"{LRI}-3{PDI}"
    assert score_text(-3, 5, None) == "-3"


# ------------------------------------------------------------------------- plurals


class Counting(MarkedTranslations):
    """The marked catalog, remembering which texts were asked for as plurals."""

    def __init__(self) -> None:
        super().__init__()
        self.plurals: list[str] = []

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.plurals.append(msgid2)
        return super().ngettext(msgid1, msgid2, n)


def test_counts_go_through_plural_forms(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cards in a hand, in the pile and in the stock, points and extra turns are asked of
    the catalog as plurals (Arabic has six forms), never "1 cards"."""
    import bot.i18n as i18n

    counting = Counting()
    monkeypatch.setattr(i18n, "translations", lambda lang: counting)
    turup = {"game": "turup", "seats": [{"hand_count": 1, "won": 0, "round_wins": 0}],
             "pile": ["5H", "6H"], "totals": [3], "deck": 1}
    coop = {"game": "soureh", "seats": [{"up": None}], "totals": [1], "stock": 3,
            "discard_count": 2, "discards": "hidden"}
    with use_locale("ar"):
        turup_fields = game("turup").look.public_fields(turup, ["ann"])
        coop_fields = game("soureh").look.public_fields(coop, ["ann"])
        trend = trend_text(4, 1)
    assert {"Hand: {n} cards", "Pile ({n} cards) · deck {deck}", "{name} · {n} pts",
            "Stock: **{n}** cards", "Discard: {n} cards, face down",
            "{arrow} {change} over the last {n} games"} <= set(counting.plurals)
    assert "⟦Hand: ⟧1⟦ card⟧" in turup_fields[0].value
    assert turup_fields[1].name == "⟦Pile (⟧2⟦ cards) · deck ⟧1"
    assert coop_fields[0].name.startswith("\u2068ann\u2069⟦ · ⟧1⟦ pt⟧")
    assert trend == "▲⟦ ⟧4⟦ over the last game⟧"


def test_the_marked_catalog_keeps_placeholders_outside() -> None:
    """The helper itself: placeholders (with format specs) stay fillable."""
    assert mark("{who} drew {n:>2} cards.") == "{who}⟦ drew ⟧{n:>2}⟦ cards.⟧"
    assert mark("Take turn") == "⟦Take turn⟧"
    assert english_outside_marks("⟦Hand: ⟧1⟦ card⟧ · Player0 left", {"Player0"}) == ["left"]


# ------------------------------------------------------------------------ /rules paging


class _Response:
    def __init__(self) -> None:
        self.embed: discord.Embed | None = None

    async def edit_message(self, *, embed: discord.Embed, view: discord.ui.View) -> None:
        self.embed = embed


class _Interaction:
    """What a rules button's callback uses of an interaction: its response."""

    def __init__(self) -> None:
        self.response = _Response()
        self.client = _bot_with_games()


def _bot_with_games() -> object:
    """A bot whose app holds every registered game (what ``app_of`` reads a button's game
    from), not logged in."""
    from types import SimpleNamespace

    import discord

    from bot.discord.parts import AppBot
    from tests.helpers.games import every_game

    bot = AppBot(command_prefix="!", intents=discord.Intents.none())
    bot._app = SimpleNamespace(games=every_game())  # type: ignore[assignment]
    return bot


async def test_rules_pages_turn_in_the_language_they_were_shown_in() -> None:
    """A rules page's buttons carry its language, so the next page is in it too, whatever
    language is current when the click arrives; English buttons keep their old ids."""
    from cogs.rules.buttons import RulesButton

    with marked_language("el"):
        _, view = rules_page(game("soureh"), 0)
    ids = [getattr(item, "custom_id", "") for item in view.children]
    assert ids == ["crr:soureh:0:el", "crr:soureh:1:el"]
    _, english = rules_page(game("soureh"), 0)
    assert [getattr(item, "custom_id", "") for item in english.children] == [
        "crr:soureh:0", "crr:soureh:1"]
    template = RulesButton.__discord_ui_compiled_template__
    match = template.fullmatch(ids[1])
    assert match is not None
    button = await RulesButton.from_custom_id(None, view.children[1], match)  # type: ignore[arg-type]
    assert button.lang == "el"
    interaction = _Interaction()
    with marked_catalogs():  # the click arrives with no language set: English current
        await button.clicked(interaction)  # type: ignore[arg-type]
    assert interaction.response.embed is not None
    assert (interaction.response.embed.footer.text or "").startswith("⟦Page ⟧2")
    old = template.fullmatch("crr:soureh:1")
    assert old is not None and (await RulesButton.from_custom_id(
        None, view.children[1], old)).lang == "en"  # type: ignore[arg-type]


def test_cached_card_displays_follow_the_language() -> None:
    """Cards are parsed once (a cache), but the direction is the current language's: the
    same card is isolated in Arabic and plain in English, in either order."""
    from bot.render.card_text import card, cards

    assert card("10D") == "10♦️"
    with use_locale("ar"):
        assert card("10D") == f"{LRI}10♦️{PDI}"
        assert cards(["10D", None]) == f"{LRI}10♦️ 🂠{PDI}"
    assert card("10D") == "10♦️" and cards(["10D"]) == "10♦️"


def test_every_game_title_is_marked_for_the_catalogs() -> None:
    """The games' names are translated where shown, so each is marked for extraction."""
    from bot.i18n.catalogs import TEMPLATE

    template = TEMPLATE.read_text(encoding="utf-8")
    for entry in CATALOG.values():
        assert f'msgid "{entry.title}"' in template, entry.name


def test_option_descriptions_can_be_said_in_a_language() -> None:
    """A /play or /settings parameter's description is English for discord.py and carries
    its parameter, so a translator can say it in any language from catalog texts."""
    from bot.discord.choices import play_parameters, settings_parameters

    for parameter in play_parameters(CATALOG) + settings_parameters(CATALOG):
        localisable = parameter.localisable()
        assert localisable.message == parameter.description()
        assert localisable.extras["parameter"] is parameter
        with marked_language("el"):
            greek = parameter.description()
        assert english_outside_marks(greek) == [], greek
