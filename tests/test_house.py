"""The house keeps its shape: no game-name switches outside the games,
short modules, and table-service classes composed rather than stacked."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME_NAME = re.compile(r"""(==|!=|\bin)\s*\(?\s*["'](soureh|pariah|turup|soi)["']""")
NOT_OURS: tuple[str, ...] = ()
MAX_LINES = 500


def _sources() -> list[Path]:
    paths = [*(ROOT / "bot").rglob("*.py"), *(ROOT / "cogs").rglob("*.py")]
    return sorted(p for p in paths
                  if not str(p.relative_to(ROOT)).startswith(("bot/games/", *NOT_OURS)))


def test_no_comparison_with_a_game_name_outside_the_games() -> None:
    """Outside bot/games nothing compares against a game's name (the registry is the only
    list of games)."""
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in _sources()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if GAME_NAME.search(line)
    ]
    assert found == []


def test_the_pattern_finds_a_comparison() -> None:
    """The scan above can fail: it sees the comparisons it forbids."""
    assert GAME_NAME.search('if game == "soi":')
    assert GAME_NAME.search("if game in ('soureh', 'pariah'):")
    assert not GAME_NAME.search('CATALOG["soi"]')


def _every_module() -> list[Path]:
    """Every Python file of ours: the product, its tests, the benchmarks and research."""
    folders = ("bot", "cogs", "storage", "tests", "bench", "research")
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py"))


def test_modules_are_short() -> None:
    """No module of ours (bot, cogs, storage, tests, bench, research) is over 500 lines."""
    long = [f"{p.relative_to(ROOT)}: {n}" for p in _every_module()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES]
    assert long == []


def _imported(path: Path) -> set[str]:
    """The top-level packages ``path`` imports."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


def test_research_stays_out_of_the_product_and_the_tests() -> None:
    """Neither the product nor the tests import research/ (tests run it as a process)."""
    folders = ("bot", "cogs", "storage", "tests", "bench")
    found = [str(p.relative_to(ROOT)) for folder in folders
             for p in (ROOT / folder).rglob("*.py")
             if "research" in p.read_text(encoding="utf-8") and "research" in _imported(p)]
    assert found == []


def test_bench_stays_out_of_the_product_and_the_tests() -> None:
    """Neither the product nor the tests import bench/: bench's own tests live in
    bench/tests, and what a test and a benchmark both need is in tests/helpers (bench
    imports those helpers, e.g. ``tests.helpers.panel_heights``, never the other way round)."""
    found = [str(p.relative_to(ROOT)) for folder in ("bot", "cogs", "storage", "tests")
             for p in (ROOT / folder).rglob("*.py")
             if "bench" in _imported(p)]
    assert found == []


def test_the_import_scan_sees_an_import_anywhere(tmp_path: Path) -> None:
    """The scan above can fail: it sees ``from bench…`` and ``import bench`` at the top
    and inside a function, and nothing in a mere mention."""
    seen = tmp_path / "seen.py"
    seen.write_text("from bench.taps import panel_of\n", encoding="utf-8")
    inside = tmp_path / "inside.py"
    inside.write_text("def f():\n    import bench.run\n", encoding="utf-8")
    mention = tmp_path / "mention.py"
    mention.write_text('"""python -m bench.taps"""\nbench = 1\n', encoding="utf-8")
    assert "bench" in _imported(seen) and "bench" in _imported(inside)
    assert "bench" not in _imported(mention)


def test_tools_do_not_rewrite_the_bots_modules() -> None:
    """bench/ and research/ set no attribute of a module of the bot: the computer players'
    numbers are parameters (TurupParams, CoopParams) a tool passes, not globals it rewrites."""
    rewrites = re.compile(r"setattr\(\s*(MODULES|turup|coop|ai|module)\b|"
                          r"^\s*(turup|coop|ai_module)\.[A-Z_]+\s*(,|=[^=])", re.M)
    found = [str(p.relative_to(ROOT)) for folder in ("bench", "research")
             for p in (ROOT / folder).rglob("*.py")
             if rewrites.search(p.read_text(encoding="utf-8"))]
    assert found == []


def test_table_classes_inherit_at_most_one_level() -> None:
    """No class in bot/tables inherits from a project class that itself inherits from one."""
    bases: dict[str, list[str]] = {}
    for path in (ROOT / "bot" / "tables").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = [b.id for b in node.bases if isinstance(b, ast.Name)]
    deep = [name for name, parents in bases.items()
            if any(bases.get(parent) and any(g in bases for g in bases[parent])
                   for parent in parents if parent in bases)]
    assert deep == []


def test_every_slow_test_named_still_exists() -> None:
    """Each file and test that tests/helpers/tiers.py names as slow is still there, so a
    rename cannot quietly move a slow test into the fast tier."""
    from tests.helpers.tiers import SLOW

    missing = []
    for entry in SLOW:
        path, _, name = entry.partition("::")
        file = ROOT / path
        if not file.is_file():
            missing.append(entry)
            continue
        tree = ast.parse(file.read_text(encoding="utf-8"))
        names = {node.name for node in ast.walk(tree)
                 if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}
        if name and name not in names:
            missing.append(entry)
    assert missing == []
