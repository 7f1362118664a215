"""Right-to-left lines that read right to left wherever Discord draws them.

Discord draws a message, an embed and a label left to right: an Arabic line there is laid
out from its left edge, so a line that starts with a number, a card or a name ("`1` 2♥
فوق 9♣", "› سحب ann الورقة 5♦.") comes out in the wrong order (the slot on the left, the
card before the verb: an Arabic reader gets "9♣ over 2♥"). A mark (RLM) at the start does
not help there, since the paragraph's direction is already fixed. So in a right-to-left
language every line is put in a right-to-left isolate (RLI … PDI): inside it the line is
ordered right to left whatever the paragraph around it, and the notation inside keeps its
own left-to-right isolates (``card_text.card``, ``notation``), the names theirs
(``names.shown``).

Markdown that Discord reads only at a line's start (a quote, a heading, a list item) and
the bold or italic marks around the whole line stay outside the isolate, so they still
work; a fenced code block is left as it is.
"""

from __future__ import annotations

import re

from bot.i18n import LRI, PDI, is_rtl

RLI = "\u2067"
#: A card as text shows it ("10♦", "A♠" with its variation selector), and a run of them.
_CARD = r"(?:10|[2-9AJQK])[♠♥♦♣][\ufe0e\ufe0f]?"
#: A slash command with its arguments ("/rules game:سوره", "/move"), not inside a link.
_COMMAND = r"(?<![\w/:])/[a-z]+(?: [a-z]+(?![:\w]))?(?: [a-z_]+:[^\s·]+)*"
#: A coop, face-up over face-down ("8♣/9♦", "8♣/🂠"): one unit of its own, never joined to
#: the coops beside it, so a line of coops reads coop 1 first, right to left.
_PAIR = rf"{_CARD}/(?:{_CARD}|🂠)"
#: Points as the round lines write them: "+85", "+85 → 95", "+30 · 100 → 50".
_SCORE = r"(?<![0-9A-Za-z+\-−])(?:[+\-−]\d+(?: · \d+)?(?: → -?\d+)*|\d+(?: → -?\d+)+)(?![\w])"
_CARD_RUN = re.compile(
    rf"(?<![0-9A-Za-z]){_PAIR}(?![\w/])|(?<![0-9A-Za-z/]){_CARD}(?:[ ,]+{_CARD}(?!/))*(?![\w/])"
    rf"|{_COMMAND}|{_SCORE}")  # i18n: not for people
_ISOLATES = {"\u2066", "\u2067", "\u2068"}
_LEAD = re.compile(r"(?:(?:>>>|>|-#|#{1,3}|[-*]|\d+\.)[ \t]+)?[*_~|]*")
_TRAIL = re.compile(r"[*_~|]*$")


def _wrapped(core: str) -> bool:
    """Is ``core`` one isolate from its first character to its last?"""
    if not core.startswith(RLI) or not core.endswith(PDI):
        return False
    depth = 0
    for i, char in enumerate(core):
        if char in _ISOLATES:
            depth += 1
        elif char == PDI:
            depth -= 1
            if depth == 0:
                return i == len(core) - 1
    return False


def _set_apart(line: str, at: int) -> bool:
    """Is position ``at`` of ``line`` inside an isolate (a card's, a name's) or a code
    span already?"""
    depth = 0
    for char in line[:at]:
        if char in _ISOLATES:
            depth += 1
        elif char == PDI and depth:
            depth -= 1
    return depth > 0 or line[:at].count("`") % 2 == 1


def cards_isolated(line: str) -> str:
    """``line`` with each run of cards, each coop ("8♣/9♦"), each score ("+85 → 95") and
    each slash command not yet set apart in a left-to-right isolate (an engine's sentence
    names its cards as plain text: "… الورقة A♠." would read "♠A"; "+85 → 95" would read
    "95 → 85+"; "/rules game:سوره" would read "سوره:rules game/")."""
    out: list[str] = []
    last = 0
    for match in _CARD_RUN.finditer(line):
        if _set_apart(line, match.start()):
            continue
        out.append(line[last:match.start()])
        out.append(f"{LRI}{match.group(0)}{PDI}")
        last = match.end()
    if not out:
        return line
    out.append(line[last:])
    return "".join(out)


def line_directed(line: str) -> str:
    """One line put in a right-to-left isolate, its line-start markdown and its outer
    bold/italic marks left outside; unchanged when it already is, or is blank."""
    if not line.strip():
        return line
    match = _LEAD.match(line)
    lead = match.group(0) if match else ""
    rest = line[len(lead):]
    trail_match = _TRAIL.search(rest)
    trail = trail_match.group(0) if trail_match else ""
    core = rest[: len(rest) - len(trail)]
    if not core.strip() or _wrapped(core):
        return line
    return f"{lead}{RLI}{cards_isolated(core)}{PDI}{trail}"


def directed(text: str) -> str:
    """``text`` with every line reading right to left when the current language is written
    right to left (see the module's doc); unchanged in a left-to-right language.
    Idempotent."""
    if not text or not is_rtl():
        return text
    out: list[str] = []
    fenced = False
    for line in text.split("\n"):
        if "```" in line:
            fenced ^= line.count("```") % 2 == 1
            out.append(line)
        elif fenced:
            out.append(line)
        else:
            out.append(line_directed(line))
    return "\n".join(out)
