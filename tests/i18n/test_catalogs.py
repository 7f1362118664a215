"""Every catalog complete: each text the code marks is translated in every language,
with the same placeholders (``python -m bot.i18n.catalogs check`` lists what is not), and
the extractor finds every text the code marks (Babel's misses a call nested in another's
arguments or inside an f-string: such a text would stay English in every language)."""

from __future__ import annotations

import ast

import pytest

from bot.i18n import DEFAULT, LANGUAGES
from bot.i18n.catalogs import KEYWORDS, ROOT, SOURCES, extract, problems

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != DEFAULT])
def test_catalog_is_complete(lang: str) -> None:
    found = problems([lang])
    assert not found, f"{len(found)} problem(s), e.g.:\n" + "\n".join(map(str, found[:20]))


def marked_in_code() -> dict[str, str]:
    """Every constant text passed to a marking function, with where it is."""
    marked: dict[str, str] = {}
    for source in SOURCES:
        for path in sorted((ROOT / source).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id in KEYWORDS and node.args):
                    continue
                spec = KEYWORDS[node.func.id]
                # a keyword whose spec names a context ((1, "c"), 2) gives its text second
                at = 1 if isinstance(spec, tuple) and isinstance(spec[0], tuple) else 0
                if len(node.args) <= at:
                    continue
                first = node.args[at]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    where = f"{path.relative_to(ROOT)}:{node.lineno}"
                    marked.setdefault(first.value, where)
    return marked


def test_the_extractor_finds_every_marked_text() -> None:
    found = {m.id[0] if isinstance(m.id, tuple) else m.id for m in extract() if m.id}
    missed = {text: where for text, where in marked_in_code().items() if text not in found}
    assert not missed, "marked but not extracted (take the call out of the other call or "\
        "f-string into a variable):\n" + "\n".join(f"{w}: {t!r}" for t, w in missed.items())
