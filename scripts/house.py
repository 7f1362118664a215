"""The house's figures (issue #33): modules naming each game outside its package, and
import cycles at run time. ``python scripts/house.py`` prints them; tests/test_house.py
asserts them."""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = ("bot", "cogs", "storage")
GAMES = {"soureh": "bot/games/coop", "pariah": "bot/games/coop",
         "turup": "bot/games/turup", "soi": "bot/games/soi"}


def _docstring_lines(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            lines.update(range(body[0].lineno, (body[0].end_lineno or body[0].lineno) + 1))
    return lines


def code_words(path: Path) -> list[tuple[int, str]]:
    """The names and strings of a module's code (not its comments or docstrings)."""
    source = path.read_text(encoding="utf-8")
    docs = _docstring_lines(ast.parse(source))
    words: list[tuple[int, str]] = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if (token.type in (tokenize.NAME, tokenize.STRING) and token.start[0] not in docs) or (token.type == tokenize.FSTRING_MIDDLE if hasattr(tokenize, "FSTRING_MIDDLE") else False):
            words.append((token.start[0], token.string))
    return words


def naming(game: str) -> dict[str, list[int]]:
    """Modules outside the game's own package whose code names ``game``."""
    pattern = re.compile(game, re.IGNORECASE)
    home = GAMES[game]
    found: dict[str, list[int]] = {}
    for folder in PRODUCT:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = str(path.relative_to(ROOT))
            if rel.startswith(home + "/"):
                continue
            hits = [n for n, word in code_words(path) if pattern.search(word)]
            if pattern.search(path.stem):
                hits.insert(0, 0)
            if hits:
                found[rel] = hits
    return found


def cycles() -> list[list[str]]:
    """Strongly connected groups (more than one module) of the run-time import graph."""
    import grimp

    graph = grimp.build_graph(*PRODUCT, exclude_type_checking_imports=True)
    modules = sorted(m for m in graph.modules if m.split(".")[0] in PRODUCT)
    edges = {m: sorted(i for i in graph.find_modules_directly_imported_by(m) if i in graph.modules
                       and i.split(".")[0] in PRODUCT) for m in modules}
    # Tarjan
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for m in modules:
        if m not in index:
            visit(m)
    return out


def main() -> None:
    for game in GAMES:
        found = naming(game)
        print(f"{game}: {len(found)} modules outside {GAMES[game]}")
        for rel, lines in found.items():
            print(f"    {rel}: {lines[:8]}")
    groups = cycles()
    print(f"cycles: {len(groups)} groups, {sum(map(len, groups))} modules")
    for group in groups:
        print("   ", " ".join(group))


if __name__ == "__main__":
    main()
