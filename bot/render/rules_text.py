"""The rules of each game as short pages for ``/rules`` (distilled from RULES.md), each
paragraph one text of the catalogs (its Markdown and notation inside it)."""

from __future__ import annotations

import discord

from bot.i18n import N_, _
from bot.render.card_text import legible_embed, num
from bot.render.embeds import COLOURS, title_of

# An empty line between paragraphs (never looked up: the empty msgid is the header).
BLANK = ""

RULES: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "soureh": (
        (N_("The table"), (
            N_(
                "2–4 players; **lowest score wins**. Deck: two decks, A–10 only (80 "
                "cards)."
            ),
            N_(
                "Each player has four **coops** (slots 1–4): a face-down card only its "
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
                "slot 3; `give 2 3` names seat 2) — a face-up ace can only be replaced by a "
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
    ),
    "pariah": (
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
                "(`king ann 1 bob 4`: ann's slot 1 with bob's slot 4)."
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
    ),
    "turup": (
        (N_("The table"), (
            N_(
                "2–12 players; **most cards won wins**. One deck for 2–4 players, two for "
                "5–7, three for 8–12; or, for four players, the **Somali pack** (**pack: "
                "somali**: four 36-card packs, 6 to ace, 144 cards). Four cards to each "
                "hand, four face up to the pile."
            ),
            N_("On your turn play one card:"),
            N_(
                "• **capture** — take pile cards that split into groups, each a card of "
                "the same rank or number cards adding up to your card (`capture 5D 2C 3S`: "
                "play 5♦, take 2♣ and 3♠); aces are 1, J Q K capture only by rank;"
            ),
            N_("• **trail** — put it on the pile (`trail 9C`), always allowed."),
        )),
        (N_("Rounds"), (
            N_(
                "When every hand is empty, four more cards go to each player. When the "
                "deck and the hands are empty, each player counts their cards won; cards "
                "left on the pile count for nobody."
            ),
            N_(
                "A game is `rounds` rounds (default 3); the cards won add up over the "
                "rounds and the highest total wins."
            ),
        )),
    ),
    "soi": (
        (N_("The table"), (
            N_("3–6 players; **highest score wins**. One 52-card deck, all dealt."),
            N_(
                "Collect all four suits of a rank — a **quadruplet** — and lay it down at "
                "once."
            ),
            N_(
                "On your turn ask another player who still has cards for one card (`ask bob "
                "QH`: ask bob for Q♥). You must hold a card of that rank and not the "
                "card itself. If they have it they hand it over and you ask again; if not, "
                "the turn passes to them."
            ),
        )),
        (N_("Scoring"), (
            N_(
                "A player with no cards is out of the round; the round ends when every "
                "card is laid down. A quadruplet scores its rank: 2–10 their number, J Q K "
                "10, four aces 25."
            ),
            N_(
                "The game ends after the round in which someone reaches the `target` "
                "(default 200); the highest total wins."
            ),
            N_(
                "**memory: on** (default) — the table shows only the last 3 asks; **off** "
                "— every ask of the round."
            ),
        )),
    ),
}


def page_text(game: str, page: int) -> tuple[str, str]:
    """A page's heading and text in the reader's language."""
    heading, paragraphs = RULES[game][page]
    return _(heading), "\n".join(_(p) if p else BLANK for p in paragraphs)


def rules_page(game: str, page: int) -> tuple[discord.Embed, discord.ui.View]:
    """One page of a game's rules with Previous / Next buttons."""
    from bot.render.components import RulesButton

    pages = RULES[game]
    page = max(0, min(page, len(pages) - 1))
    heading, text = page_text(game, page)
    embed = discord.Embed(
        title=f"{title_of(game)} — {heading}", description=text,
        colour=COLOURS.get(game, 0x555555),
    )
    embed.set_footer(text=_("Page {page} of {pages} · play with /play", page=num(page + 1),
                            pages=num(len(pages))))
    legible_embed(embed)
    view = discord.ui.View(timeout=None)
    view.add_item(RulesButton(game, page - 1 if page else 0, label=_("Previous"),
                              disabled=page == 0))
    last = page == len(pages) - 1
    view.add_item(RulesButton(game, page + 1 if not last else page, label=_("Next"),
                              disabled=last))
    return embed, view


def rules_pages(game: str) -> list[tuple[str, str]]:
    """The pages of a game's rules (heading, text), in the reader's language."""
    return [page_text(game, page) for page in range(len(RULES[game]))]
