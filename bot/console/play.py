"""``python -m bot play``: a full game in the terminal against computer players.

You sit at seat 1 (seats are counted from 1, as at a Discord table; the computers are
named for their seats). The board shows what your seat may see (your ``player_view``),
the legal moves are numbered and written as ``/move`` takes them, players by name (a
Soureh declaration or a Pariah knock is part of the placement: ``keep 2 declare``,
``discard knock``); type a number or the move, players by name or seat number
(:func:`bot.notation.seat_words.read_move`, the reader ``/move`` uses). Many moves (Soi's
asks, Pariah's King) are listed grouped, a line per group. ``help`` lists the moves again,
``board`` shows the table, ``rules`` the game's rules, ``quit`` (or end of input) leaves.
``--lang ar|so|el|en`` plays it in that language (English by default).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from bot.console import games
from bot.console.moves import listing
from bot.games.ai import LEVELS, choose
from bot.games.protocol import Action, Engine, Event, GameError, seen_by
from bot.games.views import GameView
from bot.games.you import second_person
from bot.i18n import DEFAULT, LANGUAGES, _, _n, current, number, use_locale
from bot.notation.move_words import MoveWords
from bot.notation.seat_words import SeatWordError, read_move
from bot.options import Optioned, OptionError, make_variant, option_name, spec
from bot.render.rules_text import rules_pages

HUMAN = 0  # the engine's seat of the person (seat 1 for people)
QUIT_WORDS = {"quit", "exit", "q"}
HELP_WORDS = {"help", "?", "moves"}
BOARD_WORDS = {"board", "table"}
RULES_WORD = "rules"


#: A terminal draws no bidi isolates (the names' FSI…PDI of the messages): they are dropped.
TERMINAL = str.maketrans("", "", "\u2066\u2067\u2068\u2069")


def seat_names(players: int) -> list[str]:
    """The names used at an offline table: "You" (seat 1), then "Computer 2", "Computer 3",
    ... named for their seats (counted from 1)."""
    return [_("You"), *(_("Computer {n}", n=number(s + 1)) for s in range(1, players))]


def render_board(view: GameView, names: Sequence[str]) -> str:
    """Your seat's view of the table, as text (the game's look draws its part)."""
    totals = ", ".join(f"{names[s]} {t}" for s, t in enumerate(view["totals"]))
    game = games.game(view["game"])
    head = _("Round {round} · totals: {totals} ({kind} {target})", round=number(view["round"]),
             totals=totals, kind=option_name(game, str(view["target_kind"])),
             target=view["target"])
    return "\n".join([head, *game.look.board_lines(view, names)])


def _render(text: str, names: Sequence[str]) -> str:
    return you_form(Event("text", text).render(names))


# "You" and a verb of the third person (an event's "{player} knocks" for the human): any
# game's verb, so no game's verbs are listed here (a new game's "bids" reads "You bid").
_YOU_VERB = re.compile(r"\bYou ([a-z]+s)\b")  # i18n: not for people
_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}
_ES = re.compile(r"(ss|sh|ch|x|z)es$")  # i18n: not for people ("passes": "pass")


def _plain(verb: str) -> str:
    """A verb of the third person in the second ("knocks": "knock")."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    return verb[:-2] if _ES.search(verb) else verb[:-1]


def you_form(text: str) -> str:
    """An event text about seat 0 in the second person ("You draw", "your slot 2", "gives
    you"), as the console names the human "You" (English only: a translation names the
    human in its own words)."""
    if current() != DEFAULT:
        return text
    you = "You"  # i18n: not for people (the English grammar below)
    text = _YOU_VERB.sub(lambda m: f"{you} {_plain(m[1])}", text)
    text = re.sub(r"\bYou's\b", "your", text)
    text = re.sub(r"(?<![.:!?] )(?<!^)\bYou\b", "you", text)
    return re.sub(r"(^|[.:!?] )(your|you)\b",  # i18n: not for people
                  lambda m: m[1] + m[2].capitalize(), text)


def play(
    engine: Engine[Any],
    players: int,
    level: str,
    seed: int,
    variant: Any | None,
    stdin: TextIO,
    stdout: TextIO,
) -> int:
    """Play one game with the human at seat 1 (the engine's seat 0); return the exit
    status."""
    names = seat_names(players)
    state = engine.new_game(players, seed, variant)
    rng = random.Random(seed)

    def say(text: str = "") -> None:
        stdout.write(text.translate(TERMINAL) + "\n")

    say(_n("{game}: you (seat 1) against {n} {level} computer player(s).",
           "{game}: you (seat 1) against {n} {level} computer player(s).", players - 1,
           game=_(engine.title), level=_(level)))
    say(_("Seed {seed}. Type a move's number or the move (players by name or seat number); "
          "'help' lists your moves, 'board' shows the table, 'rules' the rules, 'quit' "
          "leaves.", seed=seed))
    while (seat := engine.to_act(state)) is not None:
        if seat != HUMAN:
            action = choose(engine, state, seat, level, rng)
        else:
            say()
            say(render_board(engine.player_view(state, HUMAN), names))
            chosen = _turn(engine, state, names, stdin, stdout, say)
            if chosen is None:
                say(_("Bye."))
                return 0
            action = chosen
        transition = engine.apply(state, action)
        for event in seen_by(transition.events, HUMAN):
            say(you_form(second_person(event, HUMAN, names, engine.said_to_you)
                         or event.render(names)))
        state = transition.state
    say()
    totals = engine.totals(state)
    say(_("Final totals: {totals}",
          totals=", ".join(f"{names[s]} {t}" for s, t in enumerate(totals))))
    winners = engine.winners(state)
    if not winners:
        say(_("No winner."))
    elif len(winners) == 1:
        say(_("Winner: {name}", name=names[winners[0]]))
    else:
        say(_("Winner: {names} and {last}", names=" and ".join(names[s] for s in winners[:-1]),
              last=names[winners[-1]]))
    return 0


def _turn(engine: Engine[Any], state: Any, names: Sequence[str], stdin: TextIO,
          stdout: TextIO, say: Any) -> Action | None:
    """The person's move: the moves listed once, then read until one is legal (each bad
    input answered in one line, the list shown again only on ``help``); ``None``: leave."""
    legal = offered_moves(engine, state)
    words = [(a, _render(engine.describe(state, a), names)) for a in legal]
    game_words = games.game(engine.name).look.move_words
    listed = listing(game_words, words, names)
    say(_("Your moves:"))
    for line in listed.lines:
        say(line)
    while True:
        read = _ask(engine, game_words, state, listed.numbered, words, names, stdin, stdout)
        if read is None:
            return None
        if isinstance(read, Action):
            return read
        if read == "help":
            say(_("Your moves:"))
            for line in listed.lines:
                say(line)
        elif read == "board":
            say(render_board(engine.player_view(state, HUMAN), names))
        else:
            say(read)


def offered_moves(engine: Engine[Any], state: Any) -> list[Action]:
    """The moves to list: the legal ones, and those the game's look offers beside them (a
    coop declarer's reveal turn: Draw and Reveal every time, a reveal refused while a coop
    is invalid explained), as on the bot's panel."""
    legal = list(engine.legal_actions(state))
    look = games.game(engine.name).look
    return legal + [action for action, _words in look.offered(engine.public_view(state), legal)]


def _ask(
    engine: Engine[Any], game_words: MoveWords, state: Any, numbered: Sequence[Action],
    words: Sequence[tuple[Action, str]], names: Sequence[str], stdin: TextIO, stdout: TextIO,
) -> Action | str | None:
    """Read one line: an Action, ``"help"`` or ``"board"``, a one-line answer to show (and
    ask again), or None to stop."""
    stdout.write("> ")
    stdout.flush()
    line = stdin.readline()
    if not line:
        return None
    text = line.strip()
    lowered = text.lower()
    if lowered in QUIT_WORDS:
        return None
    if not text:
        return _("Type a move's number or the move as listed; 'help' lists your moves.")
    if lowered in HELP_WORDS:
        return "help"
    if lowered in BOARD_WORDS:
        return "board"
    if lowered.split()[0] == RULES_WORD:
        return rules_text(engine.name, lowered.split()[1:])
    if text.isdigit():
        number = int(text)
        if not 1 <= number <= len(numbered):
            return _("There is no move {number}: pick 1 to {last}.", number=number,
                     last=len(numbered))
        return numbered[number - 1]
    try:  # read as /move reads it: names or numbers from 1, words in the console's language
        return engine.parse_action(state, read_move(game_words, text, names, words, current()))
    except (GameError, SeatWordError) as exc:
        return one_line(str(exc))


def one_line(text: str) -> str:
    """An answer on one line (an engine's refusal may hold a line break)."""
    return " ".join(text.split())


def rules_text(game: str, args: Sequence[str]) -> str:
    """A page of the game's rules (the ``/rules`` pages), ``rules 2`` for the second."""
    pages = rules_pages(games.game(game))
    page = int(args[0]) if args and args[0].isdigit() else 1
    if not 1 <= page <= len(pages):
        return _("There is no page {number}: pick 1 to {last}.", number=page, last=len(pages))
    heading, text = pages[page - 1]
    foot = _("Rules page {page} of {pages}: 'rules {next}' shows the next one.", page=page,
             pages=len(pages), next=page % len(pages) + 1)
    plain = re.sub(r"\*\*|__|`", "", text)
    return f"{heading}\n{plain}\n{foot}"


def add_parser(subparsers: Any) -> None:
    """Add the ``play`` subcommand to ``python -m bot``."""
    parser = subparsers.add_parser(
        "play",
        help="play a game in the terminal against computer players "
             "(no Discord needed)",  # i18n: not for people
        description="Play a game in the terminal against computer players.",  # i18n: not for people
    )
    _arguments(parser)
    parser.set_defaults(func=run)


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=games.names())
    # the command line's help stays English (like every operator text)
    parser.add_argument("--players", type=int, default=None,
                        help="seats, you included")  # i18n: not for people
    parser.add_argument("--level", choices=LEVELS, default="normal",
                        help="computer level")  # i18n: not for people
    parser.add_argument("--seed", type=int, default=None,
                        help="deal seed (default: random)")  # i18n: not for people
    parser.add_argument(
        "--variant", action="append", default=[], metavar="KEY=VALUE",
        help="a table option")  # i18n: not for people
    parser.add_argument("--lang", choices=tuple(LANGUAGES), default=DEFAULT,
                        help="the language of the game: " + ", ".join(  # i18n: not for people
                            f"{code} ({name})" for code, name in LANGUAGES.items()))


def run(args: argparse.Namespace, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run the ``play`` subcommand, in the language ``--lang`` chose."""
    with use_locale(getattr(args, "lang", DEFAULT)):
        return _run(args, stdin, stdout)


def console_variant(game: Optioned, items: Sequence[str]) -> Any | None:
    """The ``--variant key=value`` options as the engine's ``Variant`` (``None``: none),
    checked as ``/play`` checks them; :class:`OptionError` names the option at fault."""
    if not items:
        return None
    options: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(_("--variant {item}: write an option as key=value, e.g. "
                                "threshold=50.", item=item))
        try:
            spec(game, key.strip()).validate(value.strip())
        except OptionError as exc:
            raise OptionError(_("--variant {item}: {problem}", item=item,
                                problem=str(exc))) from None
        options[key.strip()] = value.strip()
    return make_variant(game, options)


def _run(args: argparse.Namespace, stdin: TextIO | None, stdout: TextIO | None) -> int:
    engine = games.engine(args.game)
    players = args.players
    if players is None:
        players = games.game(args.game).default_players
    if not engine.min_players <= players <= engine.max_players:
        print(
            _("{game} takes {low}–{high} players.", game=_(engine.title),
              low=engine.min_players, high=engine.max_players),
            file=sys.stderr,
        )
        return 2
    try:
        variant = console_variant(games.game(args.game), args.variant)
    except OptionError as exc:
        print(one_line(str(exc)), file=sys.stderr)
        return 2
    try:
        engine.new_game(players, 0, variant)  # a variant the player count forbids
    except GameError as exc:
        print(_("--variant {item}: {problem}", item=" ".join(args.variant),
                problem=one_line(str(exc))), file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    try:
        return play(
            engine,
            players,
            args.level,
            seed,
            variant,
            stdin or sys.stdin,
            stdout or sys.stdout,
        )
    except KeyboardInterrupt:
        (stdout or sys.stdout).write("\n" + _("Bye.") + "\n")
        return 0


def main(
    argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Run ``play`` on its own (tests, ``python -m bot.console.play``)."""
    parser = argparse.ArgumentParser(prog="cardroom play")  # i18n: not for people
    _arguments(parser)
    return run(parser.parse_args(argv), stdin, stdout)


if __name__ == "__main__":
    raise SystemExit(main())
