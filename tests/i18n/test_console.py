"""The console game speaks the language ``--lang`` names (python -m bot play ... --lang)."""

from __future__ import annotations

import io
from typing import Any

import pytest

from bot.console.play import main
from bot.i18n import _, _n, use_locale
from tests.i18n.conftest import SAMPLES


def _play(lang: str) -> list[str]:
    out = io.StringIO()
    assert main(["soureh", "--seed", "3", "--lang", lang], io.StringIO("quit\n"), out) == 0
    return out.getvalue().splitlines()


@pytest.mark.parametrize("lang", ["en", "ar", "so", "el"])
def test_console_greets_and_leaves_in_the_language(lang: str) -> None:
    lines = _play(lang)
    with use_locale(lang):
        first = _n("{game}: you (seat 1) against {n} {level} computer player(s).",
                   "{game}: you (seat 1) against {n} {level} computer player(s).", 1,
                   game=_("Soureh"), level=_("normal"))
        bye = _("Bye.")
    assert lines[0] == first and lines[-1].endswith(bye)


def test_console_uses_the_catalog(sample_catalogs: Any) -> None:
    """With a real Arabic catalog the console says goodbye in Arabic, in English without."""
    assert _play("ar")[-1].endswith(SAMPLES["ar"]["Bye."])
    assert _play("en")[-1].endswith("Bye.")


def test_unknown_language_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["soureh", "--lang", "fr"], io.StringIO(""), io.StringIO())
    assert "--lang" in capsys.readouterr().err
