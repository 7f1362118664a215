"""Alt text (issue 34): the table's alt text names every card face up on the table and
ignores hidden cards; what every game's pictures must say (in Discord's limit, in the
reader's language, a seat's own cards named) is checked on every registered game by
tests/conformance/test_alt_text.py."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.registry import ENGINES
from bot.i18n import use_locale
from bot.render.alt import LIMIT, Minor, fit
from bot.render.alt.words import card_words
from tests.helpers.pictures import hand_alt, round_end_alt, table_alt

pytestmark = pytest.mark.slow

GAMES = [("soureh", 4), ("pariah", 2), ("turup", 12), ("turup", 4), ("soi", 6), ("soi", 3)]
NAMES = [f"player{i + 1}" for i in range(12)]


def face_up(view: dict[str, Any]) -> list[tuple[str, bool]]:
    """Every card face up on the public table, with whether its colour is said."""
    if view["game"] in ("soureh", "pariah"):
        shown = [(c, True) for s in view["seats"] for c in s.get("up") or [] if c]
        if view.get("over"):
            shown += [(c, True) for s in view["seats"] for c in s.get("down") or [] if c]
        if view.get("discard_top"):
            shown.append((view["discard_top"], True))
        return shown
    if view["game"] == "turup":
        return [(c, False) for c in view["pile"]]
    return []  # Soi: only ranks (quadruplets) and counts lie on the table


def games(game: str, players: int, seeds: range) -> Any:
    """Random legal games: every state along them."""
    engine = ENGINES[game]
    for seed in seeds:
        rng = random.Random(seed)
        options = {"rounds": 1} if game == "turup" else None
        variant = engine.Variant(**options) if options else None
        state = engine.new_game(players, seed, variant, None)
        while engine.to_act(state) is not None:
            yield engine, state
            state = engine.apply(state, rng.choice(engine.legal_actions(state))).state
        yield engine, state


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_table_alt_names_every_face_up_card(game: str, players: int) -> None:
    """At every step of random games, the table's alt text names each face-up card, says
    whose turn it is, and fits 1,024 characters."""
    names = NAMES[:players]
    for engine, state in games(game, players, range(3)):
        view = engine.public_view(state)
        alt = table_alt(view, names)
        assert len(alt) <= LIMIT
        for code, colour in face_up(view):
            assert card_words(code, colour=colour) in alt, (code, alt)
        to_act = engine.to_act(state)
        if to_act is not None:
            assert names[to_act] in alt


def test_table_alt_refuses_a_player_view() -> None:
    """The table's alt text is public: it is never built from a player's view."""
    engine = ENGINES["soureh"]
    state = engine.new_game(2, 1, None, None)
    with pytest.raises(ValueError, match="public view"):
        table_alt(engine.player_view(state, 0), NAMES[:2])


def test_round_end_alt_tells_the_round() -> None:
    """The round-end picture's alt text says the round's end and every seat's points."""
    engine = ENGINES["pariah"]
    for _, state in games("pariah", 2, range(1)):
        view = engine.public_view(state)
        if view.get("last_round"):
            alt = round_end_alt(view, NAMES[:2])
            assert "Round 1 ended" in alt and len(alt) <= LIMIT
            assert all(f"{p:+d}" in alt for p in view["last_round"]["points"])
            return
    raise AssertionError("no round ended")


def test_fit_drops_minor_lines_before_cutting() -> None:
    """Too long a text drops its minor lines (counts) first; the card lines stay."""
    cards = "Pile: " + "x" * 600
    text = fit(["Title", Minor("counts " + "y" * 500), cards, Minor("more")])
    assert cards in text and "counts" not in text and len(text) <= LIMIT
    assert len(fit(["z" * 700, "w" * 700])) <= LIMIT


def test_spoken_says_card_symbols_in_words() -> None:
    """Text mode says a shown card in words (any variation selector) and a face-down card
    as a word; a number that is no card stays."""
    from bot.render.alt.words import spoken

    said = spoken("ann drew 10♦️, gave Q♠\ufe0e; 🂠 is hidden; 2 turns")
    assert said == ("ann drew the 10 of diamonds, gave the Queen of spades; a face-down card "
                    "is hidden; 2 turns")


@pytest.mark.parametrize(("game", "players"), [("soureh", 2), ("soureh", 4), ("pariah", 2),
                                               ("turup", 2), ("turup", 12), ("soi", 3)])
def test_public_alt_text_ignores_hidden_cards(game: str, players: int) -> None:
    """As the table picture (tests/render/test_images_engines.py): two real games that
    differ only in hidden cards give the same table alt text in every language, while the
    alt text of seat 0's own cards differs."""
    from tests.render.test_images_engines import twin_states

    eng, a, b = twin_states(game, players)
    names = NAMES[:players]
    for lang in ("en", "ar", "el", "so"):
        with use_locale(lang):
            assert table_alt(eng.public_view(a), names) == table_alt(eng.public_view(b), names)
            assert hand_alt(eng.player_view(a, 0), names) != hand_alt(eng.player_view(b, 0),
                                                                        names)
