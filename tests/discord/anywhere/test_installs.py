"""Where the synced slash commands are offered (issue 45): /play, the personal commands and
the rankings in both installs and every context; the server's settings and the typed table
commands (they answer in a server's channel) in servers only."""

from __future__ import annotations

from typing import Any

ANYWHERE = {"play", "learn", "puzzle", "rules", "display", "language", "stats", "help",
            "notify", "leaderboard", "history"}
SERVER_ONLY = {"settings", "move", "hand", "table", "resign", "cancel"}


def _synced(env: Any) -> dict[str, dict[str, Any]]:
    """The commands of the newest global sync, by name."""
    puts = [r for r in env.backend.http_requests
            if r.method == "PUT" and r.path.endswith("/commands")]
    assert puts, "the commands were never synced"
    return {c["name"]: c for c in puts[-1].json}


async def test_every_command_declares_its_installs_and_contexts(world: dict[str, Any]) -> None:
    """No synced command is left to Discord's defaults, and each is in one of the lists."""
    synced = _synced(world["env"])
    assert set(synced) == ANYWHERE | SERVER_ONLY
    for name, command in synced.items():
        assert command.get("integration_types") is not None, name
        assert command.get("contexts") is not None, name


async def test_personal_commands_are_offered_everywhere(world: dict[str, Any]) -> None:
    """Both installs (server 0, user 1); server 0, bot DM 1 and private channels 2."""
    synced = _synced(world["env"])
    for name in ANYWHERE:
        assert sorted(synced[name]["integration_types"]) == [0, 1], name
        assert sorted(synced[name]["contexts"]) == [0, 1, 2], name


async def test_table_and_moderator_commands_stay_in_servers(world: dict[str, Any]) -> None:
    """The server install only, in a server's channels only."""
    synced = _synced(world["env"])
    for name in SERVER_ONLY:
        assert synced[name]["integration_types"] == [0], name
        assert synced[name]["contexts"] == [0], name
