"""The installed package is the product (issue 35): a wheel built from the checkout carries
the translation catalogs and the migrations and no research code, and installed without
extras (the runtime requirements only) it plays a game in Arabic from another folder."""

from __future__ import annotations

import email
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "README.md", "bot", "cogs", "storage", "bench")
PIP_ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
"""pip's environment: this checkout kept off its path (a cardroom.egg-info left there would
read as cardroom installed already)."""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A fresh venv with setuptools>=77 (the build requirement), and the wheel built in it
    from a copy of the checkout (bench included: the build must leave it out)."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "src"
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            source.mkdir(exist_ok=True)
            shutil.copy(ROOT / name, source / name)
    env_dir = tmp / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    got = subprocess.run([python, "-m", "pip", "install", "-q", "setuptools>=77"],
                         capture_output=True, text=True, timeout=300, env=PIP_ENV)
    if got.returncode != 0:
        pytest.skip(f"cannot install the build requirement: {got.stderr[-300:]}")
    subprocess.run([python, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                    "-w", tmp / "dist", source], check=True, capture_output=True, timeout=300,
                   env=PIP_ENV)
    (wheel,) = (tmp / "dist").glob("cardroom-*.whl")
    return env_dir, wheel


def test_the_wheel_holds_the_product_only(built: tuple[Path, Path]) -> None:
    """The wheel carries every language's catalog and both dialects' migrations, and no
    bench, research or test file."""
    names = zipfile.ZipFile(built[1]).namelist()
    for lang in ("ar", "el", "so"):
        assert f"bot/i18n/locales/{lang}/LC_MESSAGES/cardroom.po" in names
    for dialect in ("sqlite", "postgres"):
        migrations = sorted(ROOT.glob(f"storage/migrations/{dialect}/*.sql"))
        assert migrations
        for sql in migrations:
            assert f"storage/migrations/{dialect}/{sql.name}" in names
    tops = {name.split("/")[0] for name in names}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"bot", "cogs", "storage"}


def _runtime_site(wheel: Path, into: Path) -> Path:
    """A folder holding only the distributions the wheel's requirements without extras
    need (followed transitively), linked from this interpreter's environment."""
    site = into / "runtime-site"
    site.mkdir()
    with zipfile.ZipFile(wheel) as archive:
        (meta,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        headers = email.message_from_bytes(archive.read(meta))
    wanted = [Requirement(r) for r in headers.get_all("Requires-Dist") or []]
    seen: set[str] = set()
    while wanted:
        req = wanted.pop()
        if req.marker is not None and not req.marker.evaluate({"extra": ""}):
            continue
        key = req.name.lower().replace("_", "-")
        if key in seen:
            continue
        seen.add(key)
        dist = metadata.distribution(req.name)
        wanted.extend(Requirement(r) for r in dist.requires or [])
        base = Path(str(dist.locate_file("")))
        for top in {Path(str(f)).parts[0] for f in dist.files or []}:
            if top != ".." and not (site / top).exists() and (base / top).exists():
                (site / top).symlink_to(base / top)
    return site


def test_installed_without_extras_plays_in_arabic(built: tuple[Path, Path],
                                                  tmp_path: Path) -> None:
    """``pip install`` of the wheel with no extras, the runtime requirements only: ``python
    -m bot play soureh --lang ar`` from another folder speaks Arabic, from the installed
    package (not the checkout)."""
    env_dir, wheel = built
    python = env_dir / "bin" / "python"
    subprocess.run([python, "-m", "pip", "install", "-q", "--no-deps", "--no-index", wheel],
                   check=True, capture_output=True, timeout=300, env=PIP_ENV)
    purelib = Path(subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True).stdout.strip())
    (purelib / "cardroom-runtime.pth").write_text(f"{_runtime_site(wheel, tmp_path)}\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path)}
    where = subprocess.run([python, "-c", "import bot; print(bot.__file__)"], cwd=elsewhere,
                           env=env, capture_output=True, text=True, timeout=60)
    assert where.stdout.startswith(str(env_dir)), where.stdout + where.stderr
    played = subprocess.run([python, "-m", "bot", "play", "soureh", "--lang", "ar",
                             "--seed", "1"], cwd=elsewhere, env=env, input="quit\n",
                            capture_output=True, text=True, timeout=120)
    assert played.returncode == 0, played.stderr
    arabic = sum("\u0600" <= c <= "\u06ff" for c in played.stdout)
    assert arabic > 20, played.stdout
    assert "Type a move's number" not in played.stdout
    assert sysconfig.get_paths()["purelib"] not in where.stdout  # not this interpreter's
    assert sys.prefix not in where.stdout
