"""Alt text on every registered game's pictures: in Discord's limit and the reader's
language, the table's saying whose turn it is, a seat's own cards named in the words of
his hand's picture. (What the pictures' words must not say is the views' to keep: alt text
is made from the views, which tests/conformance/test_information.py holds to the rule.)"""

from __future__ import annotations

from bot.games import registry
from bot.games.card_names import card_words
from bot.i18n import LANGUAGES, use_locale
from bot.render.alt import LIMIT
from tests.conformance.play import NAMES, sampled
from tests.helpers.pictures import hand_alt, round_end_alt, seat_alt, table_alt


def test_every_picture_has_alt_text_in_every_language(game: registry.Game,
                                                      seeds: range) -> None:
    """At states of random games, in each language: the table's, each seat's, each hand's
    and the last round's words fit 1,024 characters; the table's name the seat to act; a
    hand's name every card of it; a language other than English says them in its words."""
    engine = game.engine
    checked = 0
    for deal, state in sampled(engine, seeds, every=40):
        names = NAMES[:deal.players]
        public = engine.public_view(state)
        to_act = engine.to_act(state)
        english: dict[str, str] = {}
        for lang in LANGUAGES:
            with use_locale(lang):
                table = table_alt(public, names)
                assert len(table) <= LIMIT
                if to_act is not None:
                    assert names[to_act] in table, table
                if public.get("last_round"):
                    assert len(round_end_alt(public, names)) <= LIMIT
                for seat in range(deal.players):
                    view = engine.player_view(state, seat)
                    hand = hand_alt(view, names)
                    assert len(seat_alt(view, names)) <= LIMIT and len(hand) <= LIMIT
                    for code in engine.hidden_cards(state, seat):
                        said = (card_words(code), card_words(code, colour=True))
                        assert any(words in hand for words in said), (code, hand)
                if lang == "en":
                    english = {"table": table, "hand": hand}
                else:
                    assert table != english["table"] and hand != english["hand"], lang
        checked += 1
    assert checked >= 2
