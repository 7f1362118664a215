"""Every catalog passes GNU ``msgfmt -c``, the check translation tools run (issue 46: the
"you" sentences were contexts that dropped a placeholder, 19 fatal errors a catalog)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from bot.i18n import DEFAULT, LANGUAGES
from bot.i18n.catalogs import TEMPLATE, po_path

MSGFMT = shutil.which("msgfmt")


@pytest.mark.skipif(MSGFMT is None, reason="GNU gettext's msgfmt is not installed")
@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != DEFAULT])
def test_msgfmt_check_passes(lang: str) -> None:
    """``msgfmt -c`` finds no error in the language's catalog."""
    assert MSGFMT is not None
    done = subprocess.run([MSGFMT, "-c", "-o", "/dev/null", str(po_path(lang))],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


@pytest.mark.skipif(MSGFMT is None, reason="GNU gettext's msgfmt is not installed")
def test_msgfmt_check_passes_on_the_template() -> None:
    """``msgfmt -c`` finds no error in the template every catalog is made from."""
    assert MSGFMT is not None
    done = subprocess.run([MSGFMT, "-c", "-o", "/dev/null", str(TEMPLATE)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
