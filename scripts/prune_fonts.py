"""Delete every font file under a folder that Cardroom's font chain does not use:
``python prune_fonts.py FONTS_PY FOLDER`` (the Docker image runs it after installing Debian's
Noto fonts, of which the chain uses about a third).

The chain is read from ``bot/render/images/fonts.py`` (its ``_CHAIN`` table of file names)
without importing it, so this runs before the dependencies are installed.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

FONT_SUFFIXES = (".ttf", ".ttc", ".otf")


def chain_files(fonts_py: Path) -> set[str]:
    """The font file names ``_CHAIN`` in ``fonts_py`` names (regular and bold)."""
    tree = ast.parse(fonts_py.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(isinstance(t, ast.Name) and t.id == "_CHAIN" for t in targets):
                table = ast.literal_eval(node.value)  # type: ignore[arg-type]
                return {name for regular, bold, _index in table for name in (regular, bold)}
    raise SystemExit(f"no _CHAIN in {fonts_py}")


def prune(fonts_py: Path, folder: Path) -> tuple[int, int]:
    """Delete the unused font files; ``(kept, deleted)``."""
    keep = chain_files(fonts_py)
    kept = deleted = 0
    for path in sorted(folder.rglob("*")):
        if path.is_file() and path.suffix.lower() in FONT_SUFFIXES:
            if path.name in keep:
                kept += 1
            else:
                path.unlink()
                deleted += 1
    return kept, deleted


if __name__ == "__main__":
    kept, deleted = prune(Path(sys.argv[1]), Path(sys.argv[2]))
    print(f"fonts: kept {kept} files the chain uses, deleted {deleted}")
