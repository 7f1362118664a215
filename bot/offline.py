"""``python -m bot play``: a full game in the terminal against computer players.

You sit at seat 0. The board shows what your seat may see (your ``player_view``), the
legal moves are numbered and written in the same notation as the bot (a Soureh
declaration or a Pariah knock is part of the placement: ``keep 2 declare``,
``discard knock``); type a number or the notation. ``quit`` (or end of input) leaves the
game. ``--lang ar|so|el|en`` plays it in that language (English by default).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from bot import catalog
from bot.games import ENGINES, GAME_NAMES
from bot.games.ai import LEVELS, choose
from bot.games.protocol import Action, Engine, Event, GameError, seen_by
from bot.games.views import GameView
from bot.i18n import DEFAULT, LANGUAGES, _, _n, current, number, use_locale
from bot.render.action_words import to_notation
from bot.simulate import parse_variant

HUMAN = 0
MAX_LISTED = 120
QUIT_WORDS = {"quit", "exit", "q"}
HELP_WORDS = {"help", "?", "moves", "board"}


def seat_names(players: int) -> list[str]:
    """The names used at an offline table: "You" then "Computer 1", "Computer 2", ..."""
    return [_("You"), *(_("Computer {n}", n=number(s)) for s in range(1, players))]


def render_board(view: GameView, names: Sequence[str]) -> str:
    """Your seat's view of the table, as text (the game's look draws its part)."""
    totals = ", ".join(f"{names[s]} {t}" for s, t in enumerate(view["totals"]))
    head = _("Round {round} · totals: {totals} ({kind} {target})", round=number(view["round"]),
             totals=totals, kind=_(str(view["target_kind"])), target=view["target"])
    return "\n".join([head, *catalog.game(view["game"]).look.board_lines(view, names)])


def _render(text: str, names: Sequence[str]) -> str:
    return you_form(Event("text", text).render(names))


_VERBS = ("draws", "knocks", "takes", "declares", "reveals", "leaves", "wins", "asks",
          "plays", "trails", "captures", "keeps", "gives", "discards", "scores", "gets",
          "lays", "swaps", "uses", "makes", "passes")
_YOU_VERB = re.compile(rf"\bYou ({'|'.join(_VERBS)}|has|is)\b")  # i18n: not for people
_IRREGULAR = {"has": "have", "is": "are"}


def you_form(text: str) -> str:
    """An event text about seat 0 in the second person ("You draw", "your slot 2", "gives
    you"), as the console names the human "You" (English only: a translation names the
    human in its own words)."""
    if current() != DEFAULT:
        return text
    you = "You"  # i18n: not for people (the English grammar below)
    text = _YOU_VERB.sub(lambda m: f"{you} {_IRREGULAR.get(m[1], m[1][:-1])}", text)
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
    """Play one game with the human at seat 0; return the exit status."""
    names = seat_names(players)
    state = engine.new_game(players, seed, variant)
    rng = random.Random(seed)

    def say(text: str = "") -> None:
        stdout.write(text + "\n")

    say(_n("{game}: you (seat 0) against {n} {level} computer player(s).",
           "{game}: you (seat 0) against {n} {level} computer player(s).", players - 1,
           game=_(engine.title), level=_(level)))
    say(_("Seed {seed}. Type a move's number or its notation; 'help' lists them, 'quit' "
          "leaves.", seed=seed))
    shown = True
    while (seat := engine.to_act(state)) is not None:
        if seat != HUMAN:
            action = choose(engine, state, seat, level, rng)
        else:
            if shown:
                say()
                say(render_board(engine.player_view(state, HUMAN), names))
            shown = True
            legal = offered_moves(engine, state)
            _list_moves(engine, state, legal, names, say)
            chosen = _ask(engine, state, legal, stdin, stdout)
            if chosen is None:
                say(_("Bye."))
                return 0
            if isinstance(chosen, str):
                say(chosen)
                shown = False
                continue
            action = chosen
        transition = engine.apply(state, action)
        for event in seen_by(transition.events, HUMAN):
            say(you_form(event.render(names)))
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


def offered_moves(engine: Engine[Any], state: Any) -> list[Action]:
    """The moves to list: the legal ones, and in a coop game's ``reveal`` phase both draw
    and reveal every time (a reveal refused while a coop is invalid is explained), as on
    the bot's panel."""
    legal = list(engine.legal_actions(state))
    phase = engine.public_view(state).get("phase")
    if phase == "reveal" and not any(a.word == "reveal" for a in legal):
        legal.append(Action("reveal"))
    return legal


def _list_moves(
    engine: Engine[Any], state: Any, legal: Sequence[Action], names: Sequence[str], say: Any
) -> None:
    say(_("Your moves:"))
    for i, action in enumerate(legal[:MAX_LISTED], start=1):
        text = _render(engine.describe(state, action), names)
        if not text.startswith(str(action)):
            text = f"{action} — {text}" if text else str(action)
        say(f"  {i:>2}. {text}")
    if len(legal) > MAX_LISTED:
        say("  " + _n("... and {n} more: type the notation.",
                      "... and {n} more: type the notation.", len(legal) - MAX_LISTED))


def _ask(
    engine: Engine[Any], state: Any, legal: Sequence[Action], stdin: TextIO, stdout: TextIO
) -> Action | str | None:
    """Read one move: an Action, a message to show (and ask again), or None to stop."""
    stdout.write("> ")
    stdout.flush()
    line = stdin.readline()
    if not line:
        return None
    text = line.strip()
    if text.lower() in QUIT_WORDS:
        return None
    if not text or text.lower() in HELP_WORDS:
        return _("Type a move's number or its notation (e.g. as listed), or 'quit'.")
    if text.isdigit():
        number = int(text)
        if not 1 <= number <= len(legal):
            return _("There is no move {number}: pick 1 to {last}.", number=number,
                     last=len(legal))
        text = str(legal[number - 1])
    try:  # the action words may be typed in the console's language, as /move takes them
        return engine.parse_action(state, to_notation(text, current()))
    except GameError as exc:
        return str(exc)


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
    parser.add_argument("game", choices=GAME_NAMES)
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


def _run(args: argparse.Namespace, stdin: TextIO | None, stdout: TextIO | None) -> int:
    engine = ENGINES[args.game]
    players = args.players
    if players is None:
        players = catalog.game(args.game).default_players
    if not engine.min_players <= players <= engine.max_players:
        print(
            _("{game} takes {low}–{high} players.", game=_(engine.title),
              low=engine.min_players, high=engine.max_players),
            file=sys.stderr,
        )
        return 2
    try:
        variant = parse_variant(engine, args.variant)
    except (ValueError, GameError) as exc:
        print(str(exc), file=sys.stderr)
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
    """Run ``play`` on its own (tests, ``python -m bot.offline``)."""
    parser = argparse.ArgumentParser(prog="cardroom play")  # i18n: not for people
    _arguments(parser)
    return run(parser.parse_args(argv), stdin, stdout)


if __name__ == "__main__":
    raise SystemExit(main())
