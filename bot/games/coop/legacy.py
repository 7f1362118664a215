"""Stored coop logs of the old notation, in today's (issue 23).

Before, a turn that could declare (Soureh) or knock (Pariah) paused for ``declare``/``knock``
or ``end`` after the placement, and a Soureh declarer's returning turn offered ``reveal`` or
``continue`` before the draw. Now the announcement is the placement's last word
(``keep 2 declare``), ``end`` is gone (the placement ends the turn) and ``continue`` is gone
(the declarer simply draws). :func:`translate_legacy` rewrites a log; it does not replay it
(:func:`replay_legacy` does), so a log whose game the new rules play differently (a
declarer whose stock ran out as his turn came back is now revealed for at once) is caught
there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.protocol import Engine, GameError, LegacyLogError, in_todays_notation, replay
from bot.i18n import _

_PLACEMENTS = frozenset({"keep", "give", "discard", "jack", "queen", "king"})
_CALLS = ("declare", "knock")


def translate_legacy(declare_word: str, actions: Sequence[str]) -> list[str]:
    """Fold each ``declare``/``knock`` into the placement before it; drop ``end`` and
    ``continue``. A log already in the new notation comes back unchanged.

    Raises :class:`LegacyLogError` for an announcement that follows no placement, or the
    other game's word."""
    out: list[str] = []
    for index, text in enumerate(actions):
        parts = text.split()
        if not parts:
            raise LegacyLogError(_("Action {n} of the stored log is empty.", n=index + 1))
        word = parts[0].lower()
        if word in ("end", "continue") and len(parts) == 1:
            continue
        if word in _CALLS and len(parts) == 1:
            if word != declare_word:
                raise LegacyLogError(
                    _("Action {n} ({text}) is not of this game.", n=index + 1, text=repr(text))
                )
            last = out[-1].split() if out else []
            if not last or last[0].lower() not in _PLACEMENTS or last[-1].lower() in _CALLS:
                raise LegacyLogError(
                    _(
                        "Action {n} ({text}) does not follow a placement.",
                        n=index + 1,
                        text=repr(text),
                    )
                )
            out[-1] = f"{out[-1]} {word}"
            continue
        out.append(text)
    return out


def replay_legacy(
    engine: Engine[Any],
    players: int,
    seed: int,
    actions: Sequence[str],
    variant: Any | None = None,
) -> tuple[Any, list[str]]:
    """Translate a stored log and replay it: (the state, the translated log).

    Raises :class:`LegacyLogError` when the log cannot be translated or its translation is
    not a legal game under today's rules (the table must then be closed with an apology).
    """
    texts = in_todays_notation(engine, actions)
    try:
        state = replay(engine, players, seed, texts, variant)
    except GameError as exc:
        if isinstance(exc, LegacyLogError):
            raise
        raise LegacyLogError(_("The stored log no longer replays: {error}", error=exc)) from exc
    return state, texts
