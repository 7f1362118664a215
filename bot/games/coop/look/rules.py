"""Soureh's and Pariah's rules pages for ``/rules`` (distilled from RULES.md, each paragraph
one text of the catalogs) and their options in plain words for the table message's footer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import N_, _
from bot.render.card_text import num
from bot.render.look import BLANK, RulesPage

SOUREH_RULES: tuple[RulesPage, ...] = (
    (N_("The table"), (
        N_(
            "2–4 players; **lowest score wins**. Deck: two decks, A–10 only (80 "
            "cards)."
        ),
        N_(
            "Each player has four **coops** (numbered 1 to 4): a face-down card only its "
            "owner may look at, with a face-up card in front of it. The rest is the stock; "
            "beside it the discard pile, **face down**: nobody sees what is discarded, "
            "only how many cards the pile holds (option **discards: open** turns it "
            "face up)."
        ),
        BLANK,
        N_("**Values:** 2–10 their number; an ace is 1 or 11, as its owner prefers."),
        N_(
            "**A valid coop** (face-up U over face-down D): two aces — invalid; "
            "exactly one ace — valid; U red — valid if D is higher; U black — valid if "
            "D is lower. Equal values are never valid."
        ),
        N_("**Red** cards are hearts ♥ and diamonds ♦ (in the four-colour deck diamonds "
           "are blue: a red card has a dot in its lower corner); **black** cards are "
           "spades ♠ and clubs ♣."),
    )),
    (N_("A turn"), (
        N_("Draw the top card of the stock (`draw`), then one of:"),
        N_("• **keep** it in place of one of your face-down cards (`keep 2`);"),
        N_(
            "• **give** it in place of an opponent's face-up card (`give bob 3`: bob's "
            "coop 3; `give 2 3` names seat 2) — a face-up ace can only be replaced by a "
            "10, and a protected player's cards cannot be replaced;"
        ),
        N_("• **discard** it (`discard`)."),
        N_(
            "The replaced card goes to the discard pile (a card you `give` away was "
            "face up, so everyone saw it). If the stock is empty when you must draw, "
            "the round ends."
        ),
    )),
    (N_("Declaring and scoring"), (
        N_(
            "You **declare** with the move that places your card, when all four of "
            "your coops will be valid after it: `keep 2 declare`, `give bob 3 declare`, "
            "`discard declare`. The table never waits for you to decide, so nobody "
            "learns whether you could have declared. Only one declaration at a time. "
            "The first player who then replaces one of the declarer's cards makes them "
            "**protected**."
        ),
        N_(
            "**declare: final** (default) — everyone else has one more turn, then the "
            "round ends; players without four valid coops score."
        ),
        N_(
            "**declare: reveal** — when the turn comes back, the declarer either "
            "`reveal`s (only with four valid coops; they score nothing, everyone else "
            "scores) or `draw`s and plays on. With the stock empty they reveal if "
            "they can, otherwise the round ends."
        ),
        N_(
            "A scoring player adds one card from each coop (the bot picks the lowest "
            "result); a total that lands on a positive multiple of 100 drops by 50."
        ),
    )),
    (N_("Ending the game"), (
        N_(
            "**end: lowest** (default) — once someone reaches the `threshold` (default "
            "100), the lowest total wins."
        ),
        N_(
            "**end: elimination** — players who reach the threshold leave; the last "
            "one standing wins."
        ),
        N_(
            "**leave** (3–4 players) — while three or more are in the round, a "
            "successful declarer leaves it, everyone still in it adds 10, and the "
            "round goes on; with two left a declaration ends the round as usual."
        ),
    )),
    (N_("What changed"), (
        N_(
            "• Declaring is part of your move (`keep 2 declare`): there is no "
            "`declare`/`end` step after your turn any more."
        ),
        N_(
            "• Under **reveal** your returning turn always offers `draw` or `reveal`; "
            "`continue` is gone (draw instead) and nobody is told if your declaration "
            "was spoiled."
        ),
        N_("• The discard pile is face down by default (**discards: hidden**)."),
        N_("• **leave** stops once two players are left in the round."),
    )),
)

PARIAH_RULES: tuple[RulesPage, ...] = (
    (N_("The table"), (
        N_(
            "Exactly 2 players; **highest score wins**. One 52-card deck. Same table "
            "and turns as Soureh (`draw`, then `keep`, `give` or `discard`)."
        ),
        N_(
            "**A valid coop:** a face card face-down is invalid; otherwise a face card "
            "face-up is valid; otherwise Soureh's rules apply."
        ),
    )),
    (N_("Face cards drawn"), (
        N_("A drawn face card may also be used for its own action:"),
        N_("• **Jack** — replace one of your own face-up cards (`jack 2`);"),
        N_("• **Queen** — discard it and take two more turns (`queen`);"),
        N_(
            "• **King** — discard it and swap any two face-down cards on the table "
            "(`king ann 1 bob 4`: ann's coop 1 with bob's coop 4)."
        ),
    )),
    (N_("Knocking and scoring"), (
        N_(
            "On a turn with no Queen turns left you may **knock** with the move that "
            "ends it: `keep 2 knock`, `discard knock`, `jack 1 knock`, `king ann 1 bob 4 "
            "knock`. There is no separate knock-or-end step. The opponent has one more "
            "turn (with any Queen turns it earns) and the round ends. An empty stock "
            "ends it too."
        ),
        N_(
            "Each **valid** coop scores both its cards: 2–10 their number, ace 15, J Q "
            "K 0; four valid coops add a 50 point bonus."
        ),
        N_(
            "The first to reach the `threshold` (default 200) wins; if both do, the "
            "higher total wins (a tie plays another round)."
        ),
        N_(
            "Discards are face up (**discards: open**, default); **discards: hidden** "
            "turns the pile face down."
        ),
    )),
)


def soureh_options(v: Mapping[str, Any]) -> list[str]:
    """The options in plain words (the footer\'s first parts)."""
    n = num(v["threshold"])
    parts = [_("Lowest total wins · ends at {n}", n=n) if str(v["end"]) == "lowest"
             else _("Out at {n} · the last one left wins", n=n)]
    parts.append(_("a declaration gives everyone one more turn")
                 if str(v["declare"]) == "final"
                 else _("a declarer may reveal their coops and win"))
    if v["leave"]:
        parts.append(_("a winning declarer leaves the round"))
    parts.append(_discards(v))
    return parts


def _discards(v: Mapping[str, Any]) -> str:
    return _("discards face down") if str(v["discards"]) == "hidden" else _("discards face up")


def pariah_options(v: Mapping[str, Any]) -> list[str]:
    """The options in plain words (the footer\'s first parts)."""
    return [_("First to {n} wins", n=num(v["threshold"])), _discards(v)]
