"""The files the image and compose are built from (issue 35): the lock pins every dependency
pyproject.toml asks for, the Dockerfile installs from it in a layer of its own, runs as a
numeric user without an anonymous volume, keeps only the fonts the chain uses; the build
context is an allow-list; .env.example names every setting and compose variable."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

from bot.settings import Settings

ROOT = Path(__file__).resolve().parent.parent


def _pins(name: str) -> dict[str, str]:
    pins = {}
    for line in (ROOT / name).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            package, version = line.split("==")
            pins[package.lower().replace("_", "-").replace(".", "-")] = version
    return pins


def _key(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def test_the_locks_pin_every_requirement() -> None:
    """requirements.lock pins each runtime requirement at a version it allows;
    requirements-dev.lock pins the same versions and each dev tool too."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    run, dev = _pins("requirements.lock"), _pins("requirements-dev.lock")
    for line in project["dependencies"]:
        req = Requirement(line)
        assert req.specifier.contains(run[_key(req.name)]), line
    for line in project["optional-dependencies"]["dev"]:
        req = Requirement(line)
        assert req.specifier.contains(dev[_key(req.name)]), line
    assert {name: dev[name] for name in run} == run


def _final_stage() -> list[str]:
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    lines = [line.strip() for line in text.splitlines()
             if line.strip() and not line.startswith("#")]
    last_from = max(i for i, line in enumerate(lines) if line.startswith("FROM "))
    return lines[last_from:]


def test_the_dockerfile_installs_the_lock_before_the_code_as_a_numeric_user() -> None:
    """Dependencies from requirements.lock in a layer copied before any code or docs; one
    install of the code; USER numeric; no VOLUME (no anonymous volumes)."""
    stage = _final_stage()
    deps = next(i for i, line in enumerate(stage) if "-r /tmp/requirements.lock" in line)
    copied_before = [line for line in stage[:deps] if line.startswith("COPY")]
    assert all("README" not in line and " bot " not in line and "pyproject" not in line
               for line in copied_before), copied_before
    assert "--no-deps" in stage[deps]
    user = [line for line in stage if line.startswith("USER ")]
    assert user and re.fullmatch(r"USER \d+(:\d+)?", user[-1]), user
    assert not [line for line in stage if line.startswith("VOLUME")]
    installs = [line for line in stage if "pip install" in line or line.startswith("COPY --from")]
    assert len([line for line in installs if "requirements.lock" not in line]) == 1, installs


def test_the_build_context_is_an_allow_list() -> None:
    """.dockerignore ignores everything, then lets in only what the build copies."""
    lines = [line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    assert lines[0] == "*"
    allowed = {line[1:].rstrip("/") for line in lines if line.startswith("!")}
    assert allowed == {"pyproject.toml", "README.md", "requirements.lock",
                       "scripts/prune_fonts.py", "bot", "cogs", "storage"}


def test_only_the_chains_fonts_are_kept(tmp_path: Path) -> None:
    """scripts/prune_fonts.py deletes every font file the chain in fonts.py does not name."""
    fonts_py = ROOT / "bot" / "render" / "images" / "fonts.py"
    folder = tmp_path / "fonts"
    (folder / "noto").mkdir(parents=True)
    names = ["DejaVuSans.ttf", "NotoSansArabic-Bold.ttf", "NotoSansCJK-Regular.ttc",
             "NotoSerifCJK-Regular.ttc", "NotoSansOldItalic-Regular.ttf", "DejaVuSerif.ttf"]
    for name in names:
        (folder / "noto" / name).write_bytes(b"font")
    (folder / "noto" / "README").write_text("not a font")
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "prune_fonts.py"),
                           str(fonts_py), str(folder)], capture_output=True, text=True,
                          check=True)
    left = sorted(p.name for p in (folder / "noto").iterdir())
    assert left == ["DejaVuSans.ttf", "NotoSansArabic-Bold.ttf", "NotoSansCJK-Regular.ttc",
                    "README"], done.stdout


def test_env_example_names_every_setting_and_compose_variable() -> None:
    """Every setting (Settings' fields) and every ${VAR} compose.yaml reads from .env is
    in .env.example; compose never pastes the password into the database URL."""
    example = (ROOT / ".env.example").read_text()
    compose = (ROOT / "compose.yaml").read_text()
    named = set(re.findall(r"^#? ?([A-Z][A-Z0-9_]+)=", example, flags=re.M))
    settings = {name.upper() for name in Settings.model_fields}
    variables = set(re.findall(r"\$\{([A-Z0-9_]+)", compose))
    assert settings | variables <= named, (settings | variables) - named
    url = re.search(r"DATABASE_URL: (\S+)", compose)
    assert url is not None and "PASSWORD" not in url.group(1) and "@" not in url.group(1)
    assert "unless-stopped" not in compose.split("  bot:")[1]
