"""What "Review my game" shows: one page per decision the hard player would have changed.

Each page puts the two moves side by side (the move played, the hard player's move, how
much better it did on the same sampled deals) over the reviewing seat's own picture of that
moment (``seat.png`` drawn from his player view then, attached by the caller). Built from
:class:`~bot.games.ai.review.Decision` records only: the reviewing seat's information.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.games.ai.review import Decision
from bot.i18n import _, _n
from bot.notation.seat_words import with_names
from bot.render.card_text import legible, num, truncate
from bot.render.components import Kind
from bot.render.embeds import title_of
from bot.render.table_message import pager_view

if TYPE_CHECKING:
    from bot.games.registry import Game

REVIEW_PNG = "review.png"


def review_embed(game: Game, table_id: int, decisions: Sequence[Decision], page: int,
                 *, examined: int, by_computer: int = 0,
                 names: Sequence[str] = ()) -> discord.Embed:
    """Page ``page`` of a review (``examined``: the seat's decisions looked at;
    ``by_computer``: the seat's decisions a computer made for its person, not reviewed;
    ``names``: the seats' names, for the moves' words). Every page opens with the whole
    review in one line."""
    colour = game.colour
    title = _("{game} table #{table} — your review", game=title_of(game), table=table_id)
    skipped = _n("A computer made {n} of your decisions for you (your time ran out); it "
                 "is not reviewed.", "A computer made {n} of your decisions for you (your "
                 "time ran out); they are not reviewed.", by_computer) if by_computer else ""
    if not decisions:
        if examined:
            text = _n("The hard player looked at your one decision and would not have "
                      "changed it by a clear margin. Well played!",
                      "The hard player looked at your {n} decisions and would not have "
                      "changed any of them by a clear margin. Well played!", examined)
        else:
            text = _("You made no decision of your own in this game (a computer made them, "
                     "or every move was forced), so there is nothing to review.")
        text = f"{text}\n{skipped}" if skipped else text
        return discord.Embed(title=title, description=text, colour=colour)
    decision = decisions[page]
    lines = [
        summary(decisions, examined),
        "",
        _n("Decision {page} of {pages} where the hard player would have chosen differently "
           "(your one decision), round {round}.",
           "Decision {page} of {pages} where the hard player would have chosen differently "
           "(of your {n} decisions), round {round}.", examined, page=page + 1,
           pages=len(decisions), round=decision.round),
    ]
    if decision.margin is not None:
        lines.append(_n("Played out many times from that moment, its move won {n} point "
                        "in 100 of the deal more than yours.",
                        "Played out many times from that moment, its move won {n} points "
                        "in 100 of the deal more than yours.", round(decision.margin * 100)))
    else:
        lines.append(_("Its rule: keep to the ranks the table knows you hold, dearest "
                       "first."))
    lines.append(_("The picture shows the table as you saw it then."))
    if skipped:
        lines.append(skipped)
    embed = discord.Embed(title=title, description=truncate(legible("\n".join(lines)), 4096),
                          colour=colour)
    embed.add_field(name=_("You played"), value=_cap(decision.played_words, names),
                    inline=True)
    embed.add_field(name=_("The hard player"), value=_cap(decision.suggested_words, names),
                    inline=True)
    return embed


def summary(decisions: Sequence[Decision], examined: int) -> str:
    """The review in one line: how many decisions, how many the hard player would change
    and in which rounds."""
    rounds = _(", ").join(num(r) for r in sorted({d.round for d in decisions}))
    return _n("**In short:** of your {n} decision, the hard player would change {changed} "
              "(rounds {rounds}); the pages below show each one.",
              "**In short:** of your {n} decisions, the hard player would change {changed} "
              "(rounds {rounds}); the pages below show each one.", examined,
              changed=num(len(decisions)), rounds=rounds)


def _cap(words: str, names: Sequence[str]) -> str:
    text = truncate(legible(with_names(words, names)), 1024) or "—"
    return text[:1].upper() + text[1:]


def review_view(table_id: int, version: int, page: int, pages: int) -> discord.ui.View:
    """Previous / Next decision (the review is private: these only page it)."""
    return pager_view(Kind.REVIEW, table_id, version, page, pages)
