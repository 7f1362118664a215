"""Turup's own control-panel kinds (the ``<kind>`` of its custom_ids). The codes are in
messages already sent: never change one."""

from __future__ import annotations

from enum import StrEnum

from bot.render.look import StepCheck


class TurupKind(StrEnum):
    """A step or a choice of Turup's decision."""

    CARD = "tc"  # the card to play was chosen
    PICK = "tp"  # pick the pile cards one by one
    CAPTURE = "tx"  # one of the listed captures (select value: its index)
    TAKE = "tq"  # the picked pile cards (select values: pile indexes)


#: The steps; each compares its argument (a card) with the legal moves (a forged one leads
#: to a step with nothing to choose), so neither needs reading. CAPTURE and TAKE are moves
#: (the Look's ``notations``).
STEPS: dict[str, StepCheck] = {TurupKind.CARD: None, TurupKind.PICK: None}
