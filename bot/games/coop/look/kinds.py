"""The coop games' own control-panel kinds (the ``<kind>`` of their custom_ids). The codes
are in messages already sent: never change one."""

from __future__ import annotations

from enum import StrEnum

from bot.render.look import StepCheck


class CoopKind(StrEnum):
    """A step of a coop game's decision."""

    KING_FIRST = "k1"  # the first face-down card of a King swap was chosen
    CALL = "call"  # the moves again, each with the declaration or knock


#: Both are steps; each compares its argument with the legal moves (a forged one leads to
#: a step with nothing to choose), so neither needs reading.
STEPS: dict[str, StepCheck] = {CoopKind.KING_FIRST: None, CoopKind.CALL: None}
