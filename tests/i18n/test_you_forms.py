"""The console tells its human his own moves in the second person (bot.games.you): Arabic
"سحبتَ الورقة A♠." instead of "سحب أنت الورقة A♠." (the name "أنت" glued into a
third-person verb), a move done to him "لخانتك" instead of "لخانة أنت" (issue 37)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from bot.games.protocol import SaidToYou
from bot.i18n.catalogs import extract
from tests.helpers.games import every_game

ROOT = Path(__file__).resolve().parents[2]


def _said_to_you() -> dict[str, tuple[SaidToYou, ...]]:
    """Each built-in game's family package and its engines' sentences said to "you"."""
    found: dict[str, tuple[SaidToYou, ...]] = {}
    for game in every_game().values():
        package = type(game.engine).__module__.rsplit(".", 1)[0].replace(".", "/")
        found[package] = tuple(dict.fromkeys((*found.get(package, ()),
                                              *game.engine.said_to_you)))
    return found


def _table_lines(path: str) -> range:
    """The lines of ``path``'s SAID_TO_YOU table."""
    tree = ast.parse((ROOT / path).read_text())
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign) and "SAID_TO_YOU" in ast.dump(node):
            assert node.end_lineno is not None
            return range(node.lineno, node.end_lineno + 1)
    return range(0)


def test_every_second_person_text_is_an_engine_text_of_its_own_game() -> None:
    """Each text said to "you" answers, word for word, a text its own game's engine says
    outside the table of such texts (else it would never be used)."""
    messages = extract()
    for package, said_to_you in _said_to_you().items():
        table = _table_lines(f"{package}/texts.py")
        said_by_the_game = {
            m.id for m in messages for path, line in m.locations
            if path.startswith(f"{package}/")
            and not (path == f"{package}/texts.py" and line in table)}
        for said in said_to_you:
            assert said.event in said_by_the_game, (package, said.event)


def test_the_games_say_their_own_events_to_you() -> None:
    """Every built-in game family words its events in the second person; the shared
    module bot/games/you.py holds none of them (issue 44: each game owns its words)."""
    assert {package: bool(said) for package, said in _said_to_you().items()} == {
        "bot/games/coop": True, "bot/games/turup": True, "bot/games/soi": True}
    assert "N_(" not in (ROOT / "bot/games/you.py").read_text()


def test_a_second_person_text_keeps_every_other_placeholder() -> None:
    """The sentence said to "you" has the event's placeholders less the reader's own."""
    from bot.i18n.catalogs import placeholders

    for said_to_you in _said_to_you().values():
        for said in said_to_you:
            assert placeholders(said.you) == placeholders(said.event) - {said.role}, said.you


@pytest.mark.parametrize(("lang", "glued", "own"), [
    ("ar", ["سحب أنت", "احتفظ أنت", "لخانة أنت"], "سحبتَ"),
    ("el", ["(εσύ) τράβηξε", "(εσύ) κράτησε"], "Τράβηξες"),
    ("so", ["Adiga ayaa soo qaaday"], "Waxaad soo qaadatay"),
])
def test_console_says_your_moves_to_you(lang: str, glued: list[str], own: str) -> None:
    """A seeded Soureh game in the console (a real process): the person's draws and keeps
    are told to him, no "you" glued into a third-person sentence."""
    moves = "1\n" * 12 + "quit\n"
    done = subprocess.run(
        [sys.executable, "-m", "bot", "play", "soureh", "--lang", lang, "--seed", "3"],
        input=moves, capture_output=True, text=True, cwd=ROOT, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert own in done.stdout, done.stdout
    for phrase in glued:
        assert phrase not in done.stdout, (phrase, done.stdout)


def test_a_panels_own_lines_are_said_to_its_seat() -> None:
    """A seat's private lines about its own moves are in the second person in every
    language ("سحبتَ الورقة …", "You drew …"), with no own name in them."""
    from bot.i18n import use_locale
    from bot.render.panels import panel
    from tests.helpers.i18n import without_isolates
    from tests.render.test_embeds import _table

    for lang, own in (("ar", "سحبتَ الورقة"), ("el", "Τράβηξες"), ("en", "You drew")):
        table = _table("soureh", 2, 5, {})
        seat = table.to_act()
        assert seat == 0
        with use_locale(lang):
            transition = table.engine.apply(table.state, table.engine.parse_action(
                table.state, "draw"))
            table.state = transition.state
            table.record_events(transition.events)
            embed, _view = panel(table.seen(), seat)
        lines = [without_isolates(line) for line in table.private[seat]]
        assert any(own in line for line in lines), (lang, lines)
        assert not any("Player0" in line for line in lines), lines
        assert own in without_isolates(embed.description or "")
