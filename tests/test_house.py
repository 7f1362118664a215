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


#: The helpers that open Chromium, by module.
CHROMIUM = {"tests.helpers.preview": {"browser", "shoot"},
            "tests.helpers.panel_heights": {"Shooter", "measure_game"},
            "tests.helpers.lesson_heights": {"follow_lesson"}}


def _slow_mark(node: ast.expr) -> bool:
    """Is ``node`` ``pytest.mark.slow``, or a list holding it?"""
    if isinstance(node, ast.List | ast.Tuple):
        return any(_slow_mark(e) for e in node.elts)
    return ast.unparse(node) == "pytest.mark.slow"


def unmarked_chromium_tests(source: str) -> list[str]:
    """The tests of a module that open Chromium (through :data:`CHROMIUM`'s helpers,
    directly or through a function of the module) without being in the slow tier."""
    tree = ast.parse(source)
    if any(isinstance(n, ast.Assign) and any(getattr(t, "id", "") == "pytestmark"
                                             for t in n.targets) and _slow_mark(n.value)
           for n in tree.body):
        return []
    browsing = {a.asname or a.name for n in tree.body if isinstance(n, ast.ImportFrom)
                for a in n.names if a.name in CHROMIUM.get(n.module or "", ())}
    functions = {n.name: n for n in tree.body
                 if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
    grew = True
    while grew:  # a function of the module that calls a browsing one browses too
        grew = False
        for name, fn in functions.items():
            used = {x.id for x in ast.walk(fn) if isinstance(x, ast.Name)}
            if name not in browsing and used & browsing:
                browsing.add(name)
                grew = True
    return [name for name, fn in functions.items()
            if name.startswith("test_") and name in browsing
            and not any(_slow_mark(d) for d in fn.decorator_list)]


def test_chromium_runs_only_in_the_slow_tier() -> None:
    """The slow tier is marked in each test's own file (``pytestmark = pytest.mark.slow``
    or ``@pytest.mark.slow``), so a rename or a move keeps a test's tier; what makes a test
    slow by its kind is held here: every test that opens Chromium for a screenshot carries
    the mark. (The PostgreSQL side of the storage tests is marked by its parameter,
    ``tests.helpers.databases.BACKENDS``.)"""
    found = [f"{path.relative_to(ROOT)}::{name}"
             for folder in ("tests", "bench/tests")
             for path in sorted((ROOT / folder).rglob("test_*.py"))
             for name in unmarked_chromium_tests(path.read_text(encoding="utf-8"))]
    assert found == []


def test_the_chromium_rule_sees_an_unmarked_test() -> None:
    """The rule above can fail: a test reaching the browser through a helper of its module,
    unmarked, is found; marked on the test or on the module, it is not."""
    source = ("from tests.helpers.preview import shoot\n"
              "async def _picture(): await shoot()\n"
              "{mark}async def test_picture(): await _picture()\n"
              "def test_words(): pass\n")
    assert unmarked_chromium_tests(source.format(mark="")) == ["test_picture"]
    assert unmarked_chromium_tests(source.format(mark="@pytest.mark.slow\n")) == []
    module = "import pytest\npytestmark = [pytest.mark.slow]\n" + source.format(mark="")
    assert unmarked_chromium_tests(module) == []


def _replays_by_hand(source: str) -> list[int]:
    """Lines where ``source`` applies a move it parsed in the same breath
    (``engine.apply(state, engine.parse_action(state, text))``): a log replayed by hand."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "apply"
                and any(isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute)
                        and arg.func.attr == "parse_action" for arg in node.args)):
            found.append(node.lineno)
    return found


def test_logs_are_replayed_through_the_protocol() -> None:
    """A stored log is played again through ``protocol.replaying`` (or ``replay``), the one
    replay loop of the house: the restorer, the after-game pages and the reviews use it."""
    protocol = ROOT / "bot" / "games" / "protocol.py"
    paths = [*(ROOT / "bot").rglob("*.py"), *(ROOT / "cogs").rglob("*.py"),
             *(ROOT / "bench").rglob("*.py")]
    found = [f"{p.relative_to(ROOT)}:{n}" for p in sorted(paths) if p != protocol
             for n in _replays_by_hand(p.read_text(encoding="utf-8"))]
    assert found == []


def test_the_replay_scan_sees_a_loop_by_hand() -> None:
    """The scan above can fail: it sees a log replayed by hand."""
    assert _replays_by_hand("for t in log:\n    s = e.apply(s, e.parse_action(s, t)).state\n")
    assert not _replays_by_hand("s = e.apply(s, move).state\n")
