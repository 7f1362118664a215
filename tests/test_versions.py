"""The installed discord.py and SimCord are exactly the versions pinned in pyproject.toml.

SimCord patches discord.py internals, so the two are pinned together; if either drifts
(a stale environment, a loosened pin), these tests fail loudly instead of the Discord
tests failing in strange ways.
"""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"
PINNED = ("discord.py", "simcord")


def _requirements() -> list[str]:
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    requirements = list(project["dependencies"])
    for extra in project.get("optional-dependencies", {}).values():
        requirements.extend(extra)
    return requirements


def pinned_version(distribution: str) -> str:
    """The exact ``==`` version pyproject.toml pins for ``distribution``."""
    pattern = re.compile(rf"^{re.escape(distribution)}(\[[^\]]*\])?\s*==\s*([^\s;,]+)$", re.I)
    for requirement in _requirements():
        match = pattern.match(requirement.strip())
        if match:
            return match.group(2)
    raise AssertionError(f"pyproject.toml must pin {distribution} exactly (name==version)")


@pytest.mark.parametrize("distribution", PINNED)
def test_pyproject_pins_exact_version(distribution: str) -> None:
    """pyproject.toml pins the distribution with == (not a range)."""
    assert re.fullmatch(r"\d+(\.\d+)+", pinned_version(distribution))


@pytest.mark.parametrize("distribution", PINNED)
def test_installed_version_matches_pin(distribution: str) -> None:
    """The installed version equals the pin; reinstall with pip install -e '.[dev]' if not."""
    pinned = pinned_version(distribution)
    installed = metadata.version(distribution)
    assert installed == pinned, (
        f"{distribution} {installed} is installed but pyproject.toml pins {pinned}. SimCord"
        f" patches discord.py internals, so the pair must match: run pip install -e '.[dev]'."
    )


def test_discord_module_reports_the_pinned_version() -> None:
    """The imported discord package is the pinned discord.py (not another install)."""
    import discord

    assert discord.__version__ == pinned_version("discord.py")


def test_console_script_points_at_main() -> None:
    """The `cardroom` console script runs bot.__main__:main, like python -m bot."""
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    assert project["scripts"]["cardroom"] == "bot.__main__:main"
