"""Fixtures of the language tests: Discord languages under SimCord (``locales``) and a
small real catalog (``sample_catalogs``) for tests that must see translated text before
the translators have filled the shipped catalogs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

import bot.i18n
from tests.helpers.locales import locales  # noqa: F401  (a fixture)

#: A few real texts of the bot, in Arabic and Greek.
SAMPLES: dict[str, dict[str, str]] = {
    "ar": {
        "Open a card table in this channel": "افتح طاولة ورق في هذه القناة",
        "The game to play": "اللعبة التي تلعبها",
        "off": "إيقاف",
        "There is no open table in this channel. Start one with /play.":
            "لا توجد طاولة مفتوحة في هذه القناة. ابدأ واحدة بالأمر /play.",
        "Cardroom now speaks {language} to you: your panels, private answers and messages. "
        "Tables in a server speak the server's language.":
            "يتحدث Cardroom إليك الآن بـ{language}: لوحاتك وإجاباتك الخاصة ورسائلك. "
            "تتحدث الطاولات في الخادم بلغة الخادم.",
        "Table #{table} is cancelled.": "أُلغيت الطاولة رقم {table}.",
        "Only the host can start the game.": "المضيف وحده يبدأ اللعبة.",
        "Bye.": "مع السلامة.",
    },
    "el": {
        "Open a card table in this channel": "Άνοιξε ένα τραπέζι χαρτιών σε αυτό το κανάλι",
        "The game to play": "Το παιχνίδι που θα παίξεις",
        "off": "κλειστό",
        "There is no open table in this channel. Start one with /play.":
            "Δεν υπάρχει ανοιχτό τραπέζι σε αυτό το κανάλι. Άνοιξε ένα με το /play.",
        "Table #{table} is cancelled.": "Το τραπέζι #{table} ακυρώθηκε.",
        "Only the host can start the game.": "Μόνο ο οικοδεσπότης ξεκινά το παιχνίδι.",
    },
}


@pytest.fixture
def sample_catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Real ``.po`` catalogs holding :data:`SAMPLES`, in place of the shipped ones (which
    the translators fill); compiled by ``bot.i18n`` as usual."""
    for lang, texts in SAMPLES.items():
        catalog = Catalog(locale=lang, domain=bot.i18n.DOMAIN)
        for msgid, text in texts.items():
            catalog.add(msgid, text)
        path = tmp_path / lang / "LC_MESSAGES" / f"{bot.i18n.DOMAIN}.po"
        path.parent.mkdir(parents=True)
        with path.open("wb") as fh:
            write_po(fh, catalog)
    monkeypatch.setattr(bot.i18n, "LOCALES_DIR", tmp_path)
    bot.i18n.translations.cache_clear()
    yield tmp_path
    bot.i18n.translations.cache_clear()
