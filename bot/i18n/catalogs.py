"""Keep the gettext catalogs in step with the code.

    python -m bot.i18n.catalogs update   # extract every marked text, merge into each .po
    python -m bot.i18n.catalogs check    # list missing or broken translations (exit 1)

Extraction reads ``bot/`` and ``cogs/`` for ``_``, ``_n``, ``N_``, ``L_``, ``L_n`` and ``C_``
(see :mod:`bot.i18n`). ``update`` keeps existing translations, adds new texts untranslated
and drops texts the code no longer says. See docs/translating.md.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from bot.i18n import DEFAULT, DOMAIN, LANGUAGES, LOCALES_DIR

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("bot", "cogs")
KEYWORDS = {"_": None, "_n": (1, 2), "N_": None, "L_": None, "L_n": (1, 2), "C_": ((1, "c"), 2)}
TEMPLATE = LOCALES_DIR / f"{DOMAIN}.pot"
STAMP = datetime(2026, 11, 24, tzinfo=UTC)  # fixed: catalogs change only when texts do
BUGS = "https://github.com/cardroom/cardroom/issues"
_PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")


def po_path(lang: str) -> Path:
    return LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> Catalog:
    """Every text the code marks, with where it is said."""
    template = Catalog(
        project="Cardroom", version="1", domain=DOMAIN, creation_date=STAMP,
        copyright_holder="The Cardroom authors", msgid_bugs_address=BUGS,
    )
    for source in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
            ROOT / source, keywords=KEYWORDS, comment_tags=("Translators:",)
        ):
            template.add(
                message,
                locations=[(f"{source}/{filename}", lineno)],
                auto_comments=comments,
                context=context,
            )
    return template


def read(lang: str) -> Catalog:
    path = po_path(lang)
    if not path.exists():
        return Catalog(
            locale=lang, domain=DOMAIN, project="Cardroom", version="1",
            creation_date=STAMP, revision_date=STAMP, fuzzy=False,
            copyright_holder="The Cardroom authors", msgid_bugs_address=BUGS,
        )
    with path.open("rb") as fh:
        return read_po(fh, locale=lang, domain=DOMAIN)


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:
        write_po(fh, catalog, width=100, include_lineno=False, omit_header=False)


def update() -> None:
    """Write the template and merge it into every language's catalog."""
    template = extract()
    write(template, TEMPLATE)
    for lang in LANGUAGES:
        if lang == DEFAULT:
            continue
        catalog = read(lang)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        catalog.fuzzy = False
        catalog.revision_date = STAMP
        write(catalog, po_path(lang))


@dataclass(frozen=True)
class Problem:
    lang: str
    msgid: str
    what: str

    def __str__(self) -> str:
        return f"[{self.lang}] {self.what}: {self.msgid!r}"


def _ids(message: Message) -> list[str]:
    return list(message.id) if isinstance(message.id, tuple | list) else [message.id]


def _strings(message: Message) -> list[str]:
    string = message.string
    return list(string) if isinstance(string, tuple | list) else [string or ""]


def placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def problems(langs: Iterable[str] | None = None) -> list[Problem]:
    """What is missing or broken: untranslated, fuzzy, unknown or mismatched placeholders."""
    template = extract()
    found: list[Problem] = []
    for lang in langs or [code for code in LANGUAGES if code != DEFAULT]:
        catalog = read(lang)
        for message in template:
            if not message.id:
                continue
            first = _ids(message)[0]
            translated = catalog.get(message.id, message.context)
            if translated is None:
                found.append(Problem(lang, first, "missing"))
                continue
            if translated.fuzzy:
                found.append(Problem(lang, first, "fuzzy"))
            strings = _strings(translated)
            if not all(strings):
                found.append(Problem(lang, first, "untranslated"))
                continue
            wanted = set().union(*(placeholders(i) for i in _ids(message)))
            optional = {"n"}
            for text in strings:
                got = placeholders(text)
                if got - wanted or (wanted - optional) - got:
                    found.append(Problem(lang, first, f"placeholders {sorted(got)}"))
                    break
    return found


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "check"
    if command == "update":
        update()
        print(f"Updated {TEMPLATE.relative_to(ROOT)} and the catalogs of "
              f"{', '.join(c for c in LANGUAGES if c != DEFAULT)}.")
        return 0
    if command == "check":
        found = problems(args[1:] or None)
        for problem in found:
            print(problem)
        print(f"{len(found)} problem(s).")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
