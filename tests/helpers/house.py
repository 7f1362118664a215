"""The house's figures (issue #33): the modules outside a game's own package whose code
names the game, and the import cycles between our modules at run time (grimp, the graph
import-linter uses, counting imports inside functions too); issue #44's: the modules
outside ``bot/games`` that import the registry to look a game up by name (at run time: an
annotation may name the ``Game`` record, which looks nothing up).

``python scripts/house.py`` prints them; tests/test_house_figures.py holds them to target.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("bot", "cogs", "storage")
HOMES = {"soureh": "bot/games/coop", "pariah": "bot/games/coop",
         "turup": "bot/games/turup", "soi": "bot/games/soi"}


def _documentation_lines(tree: ast.AST) -> set[int]:
    """Lines of bare string statements: docstrings, attribute docstrings."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, str):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


def code_words(path: Path) -> list[tuple[int, str]]:
    """``(line, word)`` for the names and strings of a module's code: not its comments,
    not its documentation."""
    source = path.read_text(encoding="utf-8")
    docs = _documentation_lines(ast.parse(source))
    kinds = {tokenize.NAME, tokenize.STRING}
    kinds.update(k for k in (getattr(tokenize, "FSTRING_MIDDLE", None),) if k is not None)
    return [(token.start[0], token.string)
            for token in tokenize.generate_tokens(io.StringIO(source).readline)
            if token.type in kinds and token.start[0] not in docs]


def naming(game: str) -> dict[str, list[int]]:
    """The modules of the product outside ``game``'s package whose code names it (a module
    named for it counts as line 0), with the lines."""
    pattern = re.compile(game, re.IGNORECASE)
    home = HOMES[game] + "/"
    found: dict[str, list[int]] = {}
    for folder in PRODUCT:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel.startswith(home):
                continue
            hits = [line for line, word in code_words(path) if pattern.search(word)]
            if pattern.search(path.stem):
                hits.insert(0, 0)
            if hits:
                found[rel] = hits
    return found


REGISTRY = "bot.games.registry"


def registry_importers() -> list[str]:
    """The modules of the product outside ``bot/games`` that import the registry at run
    time (inside functions too)."""
    graph = grimp.build_graph(*PRODUCT, exclude_type_checking_imports=True, cache_dir=None)
    return sorted(m for m in graph.find_modules_that_directly_import(REGISTRY)
                  if m.split(".")[0] in PRODUCT and not m.startswith("bot.games."))


def cycles() -> list[list[str]]:
    """The groups of our modules that import each other around a loop at run time
    (strongly connected components of more than one module)."""
    graph = grimp.build_graph(*PRODUCT, exclude_type_checking_imports=True, cache_dir=None)
    ours = {m for m in graph.modules if m.split(".")[0] in PRODUCT}
    edges = {m: sorted(graph.find_modules_directly_imported_by(m) & ours) for m in ours}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []
    for root in sorted(ours):  # Tarjan's algorithm, iteratively
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, child = work.pop()
            if child == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
            if child < len(edges[node]):
                work.append((node, child + 1))
                nxt = edges[node][child]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return sorted(groups)


#: The service's mutable table, which the presentation never reads (issue 44): it is given
#: a frozen ``bot.seen.Seen``.
SERVICE_TABLE = ("bot.tables.model", "bot.tables.service")
#: Presentation modules that reach the Discord side's pictures (which the service's table
#: feeds): only their own imports are counted.
FEATURE_PRESENTATION = ("cogs.lessons.panel", "cogs.lessons.screens")


def presentation(graph: grimp.ImportGraph) -> list[str]:
    """The presentation's modules: the shared one (``bot.render``), each game's look, a
    feature's pages and the lessons' panel and screens."""
    return sorted(m for m in graph.modules
                  if m == "bot.render" or m.startswith("bot.render.")
                  or (m.startswith("bot.games.") and m.split(".")[3:4] == ["look"])
                  or (m.startswith("cogs.") and m.endswith(".pages"))
                  or m in FEATURE_PRESENTATION)


def service_table_readers() -> list[tuple[str, ...]]:
    """How the presentation reaches the service's table (``bot.tables.model``) or the
    service, annotations under ``TYPE_CHECKING`` counted: a chain of imports from a module
    of the shared presentation or a game's look, or a direct import by a feature's."""
    graph = grimp.build_graph(*PRODUCT, exclude_type_checking_imports=False, cache_dir=None)
    found: list[tuple[str, ...]] = []
    for module in presentation(graph):
        for target in SERVICE_TABLE:
            if module in FEATURE_PRESENTATION:
                if target in graph.find_modules_directly_imported_by(module):
                    found.append((module, target))
            elif (chain := graph.find_shortest_chain(module, target)) is not None:
                found.append(tuple(chain))
    return found


def main() -> None:
    for game, home in HOMES.items():
        found = naming(game)
        print(f"{game}: named in {len(found)} modules outside {home}")
        for rel, lines in found.items():
            print(f"    {rel}: lines {lines[:10]}")
    importers = registry_importers()
    print(f"registry imported by {len(importers)} modules outside bot/games")
    for module in importers:
        print(f"    {module}")
    groups = cycles()
    print(f"import cycles: {len(groups)} groups, {sum(map(len, groups))} modules")
    for group in groups:
        print("    " + " ".join(group))
