"""bench.screenshots: its naming, its pruning and its compaction (no browser), and the
pictures the docs show (every one exists and is one the command writes)."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from PIL import Image, ImageDraw

from bench import screenshots
from tests.helpers.lesson_heights import where

ROOT = Path(__file__).resolve().parents[2]
SHOWN = re.compile(r"(?:docs/)?(screenshots/[\w/.-]+\.png)")
SCHEME = re.compile(r"screenshots/(tables|panels|lessons|puzzles)/[a-z0-9-]+-400-(dark|light)"
                    r"-(en|ar)\.png")


def lesson_message(description: str) -> SimpleNamespace:
    embed = SimpleNamespace(description=description, footer=SimpleNamespace(text=None))
    return SimpleNamespace(embeds=[embed])


def test_a_right_to_left_lesson_step_is_named_by_its_place() -> None:
    """An Arabic lesson line starts with a directional isolate inside the bold: its place
    is still read, so the Arabic shots are named step-2, not step-1b (the old bug)."""
    arabic = lesson_message("**\u20672/4** 👉 \u0627\u062d\u062a\u0641\u0638\u2069")
    assert where(arabic) == "2/4"
    assert where(lesson_message("**3/5** 👉 Keep it")) == "3/5"


def test_prune_deletes_only_what_the_run_did_not_write(tmp_path: Path) -> None:
    kept = tmp_path / "tables" / "soi-mid-400-dark-en.png"
    old = tmp_path / "soi-mid-1000-dark.png"
    note = tmp_path / "notes.md"
    for path in (kept, old, note):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"x")
    assert screenshots.prune(tmp_path, [kept]) == [old]
    assert kept.exists() and note.exists() and not old.exists()


def test_prune_is_refused_on_part_of_a_run(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Pruning after shooting one game would delete every other game's pictures."""
    picture = tmp_path / "lessons" / "soi-1-end-400-dark-en.png"
    picture.parent.mkdir()
    picture.write_bytes(b"x")
    with pytest.raises(SystemExit):
        screenshots.main(["--games", "soi", "--prune", "--out", str(tmp_path)])
    assert "--prune needs a whole run" in capsys.readouterr().err
    assert picture.exists()


def test_compact_keeps_the_picture_and_shrinks_it(tmp_path: Path) -> None:
    path = tmp_path / "shot.png"
    picture = Image.new("RGB", (400, 300), (49, 51, 56))
    draw = ImageDraw.Draw(picture)
    for x in range(0, 400, 3):  # a smooth ramp: many colours, as anti-aliased text has
        draw.line([(x, 0), (x, 300)], fill=(x % 256, (x * 3) % 256, 120))
    draw.text((20, 20), "Keep 1 · 7♦ out", fill=(255, 255, 255))
    picture.save(path)
    before = path.stat().st_size
    screenshots.compact(path)
    with Image.open(path) as after:
        assert after.size == (400, 300)
        assert after.mode == "P"
        assert after.convert("RGB").getpixel((3, 150)) == picture.getpixel((3, 150))
    assert path.stat().st_size < before


def test_every_picture_the_docs_show_exists_under_the_commands_scheme() -> None:
    """README.md and docs/*.md show only pictures ``python -m bench.screenshots`` writes
    (``<folder>/<name>-400-<theme>-<lang>.png``), and each of them is in the tree."""
    shown = {}
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for found in SHOWN.findall(doc.read_text(encoding="utf-8")):
            shown[found] = doc.name
    assert shown, "the docs show no screenshot"
    assert [p for p in shown if not SCHEME.fullmatch(p)] == []
    assert [p for p in shown if not (ROOT / "docs" / p).is_file()] == []
