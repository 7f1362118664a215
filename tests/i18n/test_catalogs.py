"""Every catalog complete: each text the code marks is translated in every language,
with the same placeholders (``python -m bot.i18n.catalogs check`` lists what is not)."""

from __future__ import annotations

import pytest

from bot.i18n import DEFAULT, LANGUAGES
from bot.i18n.catalogs import problems


@pytest.mark.xfail(reason="filled by the translators", strict=False)
@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != DEFAULT])
def test_catalog_is_complete(lang: str) -> None:
    found = problems([lang])
    assert not found, f"{len(found)} problem(s), e.g.:\n" + "\n".join(map(str, found[:20]))
