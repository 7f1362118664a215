"""Find English words the code says to people without going through the catalogs.

    python -m tests.helpers.english bot/render cogs   # list what is left, file:line text

A string literal counts as "said to people" when it reads like words: two or more words
with letters, or one capitalised word of three letters or more ("Draw"). Not counted:
docstrings (and bare string statements); ``__all__``; texts already inside ``_``, ``_n``,
``N_``, ``L_``, ``L_n``; log calls (operators read English); ``logging``/``argparse``
metavar-like tokens; SQL; and any line marked ``# i18n: not for people`` (card notation,
custom ids, file names). A file saying ``# i18n: nothing in this file is for players``
(an operator's tool) is skipped whole.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MARKERS = {"_", "_n", "N_", "L_", "L_n", "C_", "locale_str"}
LOG_METHODS = {"debug", "info", "warning", "error", "exception", "critical", "log"}
LOGGERS = {"log", "logger", "logging", "LOG"}
PRAGMA = "i18n: not for people"
FILE_PRAGMA = "i18n: nothing in this file is for players"  # operators' tools, in English
_WORD = re.compile(r"[^\W\d_]{2,}")
_SQL = re.compile(r"^\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|WITH|PRAGMA|BEGIN)\b", re.I)


@dataclass(frozen=True)
class Literal:
    path: Path
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}: {self.text!r}"


def reads_like_words(text: str) -> bool:
    if _SQL.match(text) or ("\n" in text.strip() and _SQL.search(text)):
        return False
    words = _WORD.findall(text)
    if len(words) >= 2 and " " in text.strip():
        return True
    stripped = text.strip()
    return (
        len(words) == 1
        and stripped[:1].isupper()
        and not stripped.isupper()
        and len(words[0]) >= 3
        and words[0] == stripped.rstrip(".!?:")
    )


def _call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _is_log_call(node: ast.Call) -> bool:
    func = node.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr in LOG_METHODS
        and isinstance(func.value, ast.Name | ast.Attribute)
        and (
            (isinstance(func.value, ast.Name) and func.value.id in LOGGERS)
            or (isinstance(func.value, ast.Attribute) and func.value.attr in {"log", "logger"})
        )
    )


def _docstrings(tree: ast.AST) -> set[int]:
    """Docstrings, attribute docstrings (any bare string statement: nobody is told it) and
    the names in ``__all__``."""
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            ids.add(id(node.value))
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign) else []
        value = getattr(node, "value", None)
        if value is not None and any(isinstance(t, ast.Name) and t.id == "__all__"
                                     for t in targets):
            ids.update(id(sub) for sub in ast.walk(value))
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def literals_in(path: Path) -> Iterator[Literal]:
    source = path.read_text(encoding="utf-8")
    if f"# {FILE_PRAGMA}" in source:
        return
    lines = source.splitlines()
    tree = ast.parse(source, str(path))
    skip = _docstrings(tree)
    skipped_subtrees: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and (_call_name(node) in MARKERS or _is_log_call(node)):
            for sub in ast.walk(node):
                skipped_subtrees.add(id(sub))
        if isinstance(node, ast.Subscript | ast.Compare):  # dict keys, comparisons
            for sub in ast.walk(node.slice if isinstance(node, ast.Subscript) else node):
                skipped_subtrees.add(id(sub))
    for node in ast.walk(tree):
        if id(node) in skip or id(node) in skipped_subtrees:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        elif isinstance(node, ast.JoinedStr):
            text = "".join(
                v.value if isinstance(v, ast.Constant) else "{}" for v in node.values
            )
            for v in node.values:
                skipped_subtrees.add(id(v))
        else:
            continue
        if not reads_like_words(text):
            continue
        line_text = lines[node.lineno - 1] if node.lineno <= len(lines) else ""
        end = getattr(node, "end_lineno", node.lineno) or node.lineno
        span = "\n".join(lines[node.lineno - 1 : end])
        if PRAGMA in line_text or PRAGMA in span:
            continue
        yield Literal(path, node.lineno, text)


def english_left(*targets: str) -> list[Literal]:
    found: list[Literal] = []
    for target in targets:
        base = ROOT / target
        files = [base] if base.is_file() else sorted(base.rglob("*.py"))
        for path in files:
            found.extend(literals_in(path))
    return found


if __name__ == "__main__":
    left = english_left(*(sys.argv[1:] or ["bot", "cogs"]))
    for literal in left:
        print(literal)
    print(f"{len(left)} English literal(s) outside the catalogs.")
