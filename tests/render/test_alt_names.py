"""Names in a picture's words (issue 43, point 3): alt text is plain text, so each name is
``shown(name, markdown=False)`` there (its bidi controls gone, isolated, nothing
escaped); the same words for a player who reads text are a message's text, each name
escaped once (``shown(name)``), at English and Arabic tables alike, round summaries
(built from the looks' markdown) included."""

from __future__ import annotations

import random

import pytest

from bot.games.registry import ENGINES
from bot.i18n import FSI, PDI, use_locale
from bot.render.alt import as_text
from bot.render.names import names_as, outside_names, shown
from tests.helpers.pictures import round_end_alt, seat_alt, table_alt

HOSTILE = ("[Free Nitro](https://evil.example) **b**", "mo_salah*10", "qzx\u202e",
           "\u2067cat `x`")
OVERRIDES = set("\u202a\u202b\u202c\u202d\u202e")


def _scored(game: str, players: int) -> tuple[dict[str, object], dict[str, object]]:
    """A public view and the first seat's player view after the game's first scored
    round (random legal moves)."""
    engine = ENGINES[game]
    variant = engine.Variant(rounds=1) if game == "turup" else None
    state = engine.new_game(players, 4, variant, None)
    rng = random.Random(4)
    while engine.to_act(state) is not None and not engine.public_view(state).get(
            "last_round"):
        state = engine.apply(state, rng.choice(engine.legal_actions(state))).state
    return engine.public_view(state), engine.player_view(state, 0)


def _balanced(text: str) -> bool:
    for line in text.split("\n"):
        depth = 0
        for ch in line:
            depth += ch in (FSI, "\u2066", "\u2067")
            depth -= ch == PDI
            if depth < 0:
                return False
        if depth:
            return False
    return True


@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize(("game", "players"), [("soureh", 4), ("pariah", 2),
                                               ("turup", 4), ("soi", 4)])
def test_alt_text_names_are_plain_and_text_mode_names_escaped_once(
    game: str, players: int, language: str
) -> None:
    """The table's, a seat's and the round's alt text hold each name unescaped and
    isolated, no override, every isolate closed on its line; as text mode's words each
    name is escaped once, never twice."""
    public, mine = _scored(game, players)
    names = HOSTILE[:players]
    with use_locale(language):
        alts = [table_alt(public, names), seat_alt(mine, names)]
        words = [as_text(table_alt(public, names, markdown=True)),
                 as_text(seat_alt(mine, names, markdown=True))]
        if public.get("last_round"):
            alts.append(round_end_alt(public, names))
            words.append(as_text(round_end_alt(public, names, markdown=True)))
    for alt in alts:
        assert not OVERRIDES & set(alt) and _balanced(alt), alt
        assert "\\" not in alt, alt  # plain text: nothing escaped
    said = "\n".join(alts)
    assert all(shown(n, markdown=False) in said for n in names), said
    told = "\n".join(words)
    assert all(shown(n) in told for n in names), told
    assert "[Free Nitro](" not in told and "\\\\" not in told and not OVERRIDES & set(told)


def test_the_form_is_the_callers_and_markup_around_names_goes_alone() -> None:
    """``names_as`` sets the form ``shown`` gives when not told one, only inside the block;
    ``outside_names`` changes the text around names, never a name."""
    name = "**b** `x`"
    with names_as(markdown=False):
        assert shown(name) == f"{FSI}{name}{PDI}"
        assert shown(name, markdown=True) != shown(name)
    assert shown(name) == f"{FSI}\\*\\*b\\*\\* \\`x\\`{PDI}"
    text = f"**Turn:** {shown(name, markdown=False)} `to act`"
    assert outside_names(text, lambda t: t.replace("**", "").replace("`", "")) == \
        f"Turn: {FSI}{name}{PDI} to act"
