"""How a line of text is laid out, by the Unicode bidirectional algorithm as ICU's ``ubidi``
implements it (the library Chromium, and so Discord's client, lays text out with; GNU
FriBiDi 1.0 gets nested isolates wrong), and the checks that a right-to-left line reads as
its reader expects (issue 46):

- every card is one unit: its rank and suit side by side, rank first ("8♣", never "♣8",
  never "8" and "♣" at two ends of the line);
- the line reads in its logical order from right to left: each Arabic word, number, card,
  name or left-to-right isolate lies left of the one before it (Soi's ask reads question →
  card → answer, a coop line "`1` 2♥ over 9♣" reads coop, face-up card, "over", face-down
  card);
- inside a left-to-right isolate (a card run, ``+85 → 95``) the text reads left to right.

Discord lays a message out as a left-to-right paragraph, so lines are laid out with a
left-to-right base direction (a right-to-left line carries its own isolate).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import glob
import re
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

LRI, RLI, FSI, PDI = "\u2066", "\u2067", "\u2068", "\u2069"
OPENERS = (LRI, RLI, FSI)
#: Characters that take no place on the screen (bidi controls, variation selectors).
INVISIBLE = set("\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e"
                "\ufe0e\ufe0f\u200d")
CARD = re.compile(r"(?:10|[2-9AJQK])[\u2066-\u2069\ufe0e\ufe0f]*[♠♥♦♣]")
SUITS = "♠♥♦♣"
#: A coop as a line shows it, face-up/face-down ("8♣/9♦").
_PAIR = re.compile(
    rf"{CARD.pattern}[\u2066-\u2069\ufe0e\ufe0f]*/[\u2066-\u2069]*(?:{CARD.pattern}|🂠)")
PARAGRAPH_LTR = 0  # UBIDI_LTR: Discord lays a message out left to right


@cache
def _icu() -> tuple[Any, ...]:
    """ICU's ubidi functions (their names carry the library's version)."""
    found = sorted(glob.glob("/usr/lib/*/libicuuc.so.[0-9]*")
                   + glob.glob("/usr/lib/libicuuc.so.[0-9]*"))
    name = ctypes.util.find_library("icuuc") or (found[0] if found else "libicuuc.so")
    lib = ctypes.CDLL(name)
    version = re.search(r"\.so\.(\d+)", name)
    suffix = f"_{version.group(1)}" if version else ""

    def function(base: str) -> Any:
        for symbol in (f"{base}{suffix}", base):
            if hasattr(lib, symbol):
                return getattr(lib, symbol)
        raise OSError(f"{base} not in {name}")

    open_ = function("ubidi_open")
    open_.restype = ctypes.c_void_p
    set_para = function("ubidi_setPara")
    set_para.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int32, ctypes.c_uint8,
                         ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)]
    logical_map = function("ubidi_getLogicalMap")
    logical_map.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)]
    close = function("ubidi_close")
    close.argtypes = [ctypes.c_void_p]
    return open_, set_para, logical_map, close


def available() -> bool:
    """Is ICU (the bidi algorithm Chromium, and so Discord's client, lays text out with)
    on this machine?"""
    try:
        _icu()
    except OSError:
        return False
    return True


def visual_positions(line: str) -> list[int]:
    """Where each character of ``line`` (logical order) is shown, counted from the left, in
    UTF-16 units as ICU counts them (a character outside the BMP takes two)."""
    if not line:
        return []
    open_, set_para, logical_map, close = _icu()
    data = line.encode("utf-16-le")
    units = len(data) // 2
    text = ctypes.create_string_buffer(data, len(data) + 2)
    error = ctypes.c_int(0)
    bidi = open_()
    try:
        set_para(bidi, text, units, PARAGRAPH_LTR, None, ctypes.byref(error))
        places = (ctypes.c_int32 * units)()
        logical_map(bidi, places, ctypes.byref(error))
    finally:
        close(bidi)
    assert error.value <= 0, f"ubidi failed: {error.value}"
    out, at = [], 0
    for char in line:
        out.append(places[at])
        at += 2 if ord(char) > 0xFFFF else 1
    return out


def visual(line: str) -> str:
    """``line`` as shown from left to right, without its invisible characters."""
    ordered = sorted(zip(visual_positions(line), line, strict=True))
    return "".join(c for _at, c in ordered if c not in INVISIBLE)


def is_arabic(char: str) -> bool:
    return unicodedata.bidirectional(char) in ("AL", "R")


@dataclass(frozen=True, slots=True)
class Unit:
    """A stretch of a line read as one thing: an Arabic word, a number, a card, a name or a
    left-to-right isolate, a run of Latin words."""

    start: int
    end: int
    text: str
    ltr: bool  # read left to right inside (an isolate or a card or a Latin run)


def _first_strong_ltr(text: str) -> bool:
    for char in text:
        kind = unicodedata.bidirectional(char)
        if kind == "L":
            return True
        if kind in ("R", "AL"):
            return False
    return True


def _isolates(line: str) -> list[tuple[int, int, str]]:
    """The top-level isolates of ``line``: (start, end, opener), end past the PDI."""
    found: list[tuple[int, int, str]] = []
    depth, start, opener = 0, 0, ""
    for i, char in enumerate(line):
        if char in OPENERS:
            if depth == 0:
                start, opener = i, char
            depth += 1
        elif char == PDI and depth:
            depth -= 1
            if depth == 0:
                found.append((start, i + 1, opener))
    if depth:
        found.append((start, len(line), opener))
    return found


def units(line: str) -> list[Unit]:
    """The units of a right-to-left line (its outer RLI isolate, if any, looked into), in
    logical order."""
    body_start, body_end = 0, len(line)
    stripped = line.strip("*_~|> #-")
    if stripped.startswith(RLI):
        body_start = line.index(RLI) + 1
        whole = [iso for iso in _isolates(line) if iso[0] == body_start - 1]
        body_end = whole[0][1] - 1 if whole else len(line)
    out: list[Unit] = []
    i = body_start
    inner = {s: (e, o) for s, e, o in _isolates(line[body_start:body_end])}
    while i < body_end:
        rel = i - body_start
        if rel in inner:
            end, opener = inner[rel]
            text = line[i:body_start + end]
            ltr = opener == LRI or (opener == FSI and _first_strong_ltr(text))
            out.append(Unit(i, body_start + end, text, ltr))
            i = body_start + end
            continue
        char = line[i]
        if char.isspace() or char in INVISIBLE:
            i += 1
            continue
        j = i
        while j < body_end and not line[j].isspace() and (j - body_start) not in inner:
            j += 1
        token = line[i:j]
        card = CARD.search(token)
        if card:  # a bare card in a token: the card is one unit, the rest around it others
            if card.start():
                out.append(Unit(i, i + card.start(), token[:card.start()], False))
            out.append(Unit(i + card.start(), i + card.end(), card.group(0), True))
            if card.end() < len(token):
                out.append(Unit(i + card.end(), j, token[card.end():], False))
        elif any(is_arabic(c) or c.isdigit() or c.isalpha() or c in SUITS for c in token):
            latin = not any(is_arabic(c) for c in token) and any(c.isalpha() for c in token)
            if latin and out and out[-1].ltr and not any(is_arabic(c) for c in out[-1].text) \
                    and out[-1].text[:1] not in OPENERS and not CARD.search(out[-1].text):
                prev = out.pop()  # Latin words side by side read as one run
                out.append(Unit(prev.start, j, line[prev.start:j], True))
            else:
                out.append(Unit(i, j, token, latin))
        i = j
    return [u for u in out
            if any(c not in INVISIBLE and c != "\ufffc" and not c.isspace() for c in u.text)]


def _ranks(positions: list[int], line: str) -> dict[int, int]:
    """Each visible character's visual place among the line's visible ones, by its place."""
    visible = sorted(positions[k] for k in range(len(line)) if line[k] not in INVISIBLE)
    return {at: i for i, at in enumerate(visible)}


def _shown(positions: list[int], unit: Unit, line: str, rank: dict[int, int]) -> list[int]:
    """The places of ``unit``'s visible characters among the line's visible ones (digits
    and letters only in a run of Latin words, whose brackets mirror); ``rank`` is
    :func:`_ranks` of the line."""
    keep = (lambda c: c.isalnum()) if unit.ltr and unit.text[:1] not in OPENERS \
        and not CARD.search(unit.text) else (lambda c: True)
    return [rank[positions[k]] for k in range(unit.start, unit.end)
            if line[k] not in INVISIBLE and keep(line[k])]


_MARKUP = re.compile(r"\*\*|__|~~|\|\||`")
_OBJECT = re.compile(r"<(?:t:-?\d+(?::[a-zA-Z])?|@[!&]?\d+|#\d+)>")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


def as_drawn(line: str) -> str:
    """A line of Discord markdown as its reader's screen holds its characters: emphasis
    and code marks gone, a link's text for the link, a mention or a timestamp one object
    (U+FFFC)."""
    line = _LINK.sub(lambda m: m.group(1), line)
    line = _OBJECT.sub("\ufffc", line)
    return _MARKUP.sub("", line)


def problems(line: str) -> list[str]:
    """What reads wrong in a right-to-left ``line`` (empty when it reads right)."""
    return list(_problems(line))


@lru_cache(maxsize=65536)
def _problems(line: str) -> tuple[str, ...]:
    """:func:`problems`, remembered by line: a test that walks whole games meets the same
    table and panel lines at every move (tens of thousands of lines, most of them seen
    before), and the answer depends on the line alone."""
    if not any(is_arabic(c) for c in line) and RLI not in line:
        return ()
    line = as_drawn(line)
    positions = visual_positions(line)
    rank = _ranks(positions, line)
    found: list[str] = []
    shown = visual(line)
    for match in CARD.finditer(line):  # a card is one unit, rank then suit
        bare = "".join(c for c in match.group(0) if c not in INVISIBLE)
        if bare not in shown:
            found.append(f"card {bare} does not read as one unit")
    previous: tuple[Unit, int] | None = None
    for unit in units(line):
        if unit.ltr and len(_PAIR.findall(unit.text)) > 1:
            found.append(f"{unit.text!r}: coops in one left-to-right run")
        if not unit.ltr and re.search(r"(?<![0-9A-Za-z])[+\-−]\d|→", unit.text):
            found.append(f"{unit.text!r}: a sign or an arrow outside a left-to-right isolate")
        at = _shown(positions, unit, line, rank)
        if not at:
            continue
        if unit.ltr and at != sorted(at):
            found.append(f"{unit.text!r} does not read left to right")
        if unit.ltr and (unit.text[:1] in OPENERS or CARD.search(unit.text)) \
                and at != list(range(min(at), max(at) + 1)):
            found.append(f"{unit.text!r} is split")
        if previous is not None and previous[1] <= max(at):
            found.append(f"{previous[0].text!r} is not right of {unit.text!r}")
        previous = (unit, min(at))
    return tuple(found)
