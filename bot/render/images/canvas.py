"""A drawing surface with the pieces every layout shares: text, panels, pills, cards, PNG."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.registry import ENGINES
from bot.games.views import GameView
from bot.i18n import N_, _, _n, is_rtl
from bot.render.images import text as lines
from bot.render.images.cards import card_back, card_chip, card_face, paste_card, rank_chip
from bot.render.images.palette import quantize
from bot.render.images.phone import Drawn, noted
from bot.render.images.png import palette_png
from bot.render.images.style import RGB, Theme, fit, text_width
from bot.render.names import plain

WIDTH = 624  # shown at most 312 px wide on a 400-px phone: at half size (phone.py)
MARGIN = 10
GAP = 8
PAD = 10
TEXT_PX = 24  # the text a picture draws (names, slot numbers): 12 px on a phone
NAME_PX = 26  # a seat's name
WEBP_METHOD = 2  # lossless WebP effort: a Soureh round end 31 KB in ~25 ms (PNG: 43 KB)
WEBP_EFFORT = 50
PICTURE_BYTES = 40 * 1024  # the most a picture should upload (issue 17)
RLM = "\u200f"  # starts a label in a right-to-left language: the whole label reads RTL


class Canvas:
    """An opaque felt image of a fixed size with helpers to draw the table on it."""

    def __init__(self, height: int, theme: Theme, four_colour: bool, width: int = WIDTH) -> None:
        self.theme = theme
        self.four_colour = four_colour
        self.img = Image.new("RGB", (width, height), theme.felt)
        self.draw = ImageDraw.Draw(self.img)
        self.width = width
        self.emoji = False  # colour emoji were drawn: the image needs its own palette
        self.drawn = noted(Drawn(width))  # the text sizes and cards drawn (phone.py)
        self.draw.rectangle((0, 0, width - 1, height - 1), outline=theme.felt_edge, width=6)

    @property
    def text_sizes(self) -> set[int]:
        """Every text size drawn (canvas pixels)."""
        return self.drawn.text_sizes

    def text(
        self,
        x: int,
        y: int,
        text: str,
        size: int,
        colour: RGB | None = None,
        *,
        bold: bool = False,
        max_width: int | None = None,
        anchor: str = "la",
    ) -> int:
        """Draw ``text`` (cut to ``max_width``, and never past the image's margins) and
        return its width. In a right-to-left language the label is one right-to-left
        paragraph, whatever script it starts with (a name, a number, card notation)."""
        if is_rtl() and not text.startswith(RLM):
            text = RLM + text
        room = self._room(x, anchor)
        if max_width is None or max_width > room:
            max_width = room if text_width(text, size, bold) > room else max_width
        shown = fit(text, size, max_width, bold) if max_width is not None else text
        fill = colour if colour is not None else self.theme.text
        self.drawn.text_sizes.add(size)
        if lines.sprite(shown, size, bold).colour is not None:
            self.emoji = True
        return lines.paste(self.img, x, y, shown, size, fill, bold=bold, anchor=anchor)

    def _room(self, x: int, anchor: str) -> int:
        """The widest text that fits between ``x`` (as ``anchor`` places it) and the image's
        edges (its frame's inner side)."""
        left, right = x - 6, self.width - 6 - x
        room = left if anchor[0] == "r" else 2 * min(left, right) if anchor[0] == "m" else right
        return max(1, room)

    def pill_width(self, text: str, size: int, *, arrow: bool = False) -> int:
        """The width :meth:`pill` will take."""
        return text_width(text, size, True) + (int(size * 0.7) + 6 if arrow else 0) + 20

    def panel(self, box: tuple[int, int, int, int], *, highlight: bool, out: bool) -> None:
        """A seat panel; gold-rimmed when it is that seat's turn, greyed when out."""
        t = self.theme
        fill = t.panel_out if out else t.panel
        border = t.accent if highlight else t.panel_border
        width = 5 if highlight else 2
        self.draw.rounded_rectangle(box, radius=14, fill=fill, outline=border, width=width)

    def pill(
        self, x: int, y: int, text: str, size: int, bg: RGB, fg: RGB, *, arrow: bool = False
    ) -> int:
        """A rounded label at (x, y); with ``arrow`` a play triangle before the text.
        Returns its width."""
        tw = text_width(text, size, True)
        h = size + 12
        aw = int(size * 0.7) + 6 if arrow else 0
        w = tw + aw + 20
        self.draw.rounded_rectangle((x, y, x + w, y + h), radius=h // 2, fill=bg)
        if arrow:
            ax = x + 11
            ay = y + h // 2
            half = int(size * 0.38)
            self.draw.polygon(
                [(ax, ay - half), (ax + int(size * 0.66), ay), (ax, ay + half)], fill=fg
            )
        self.text(x + 10 + aw, y + h // 2, text, size, fg, bold=True, anchor="lm")
        return w

    def card(self, x: int, y: int, code: str | None, w: int, h: int) -> None:
        """A card face (``code``) or, for ``None``, its back."""
        sprite = card_back(w, h) if code is None else card_face(code, w, h, self.four_colour)
        (self.drawn.backs if code is None else self.drawn.faces).append(w)
        paste_card(self.img, sprite, x, y)

    def card_top(self, x: int, y: int, code: str, w: int, h: int, shown_h: int) -> None:
        """The top ``shown_h`` pixels of the face of ``code`` (w x h): a card whose lower
        part another card covers."""
        sprite = card_face(code, w, h, self.four_colour).crop((0, 0, w, min(h, shown_h)))
        self.drawn.faces.append(w)
        paste_card(self.img, sprite, x, y)

    def empty_slot(self, x: int, y: int, w: int, h: int) -> None:
        """The outline where a pile would be when it is empty."""
        self.draw.rounded_rectangle(
            (x, y, x + w, y + h), radius=max(3, w // 10), outline=self.theme.panel_border, width=3
        )

    def stack(self, x: int, y: int, count: int, w: int, h: int) -> None:
        """A face-down pile: up to three offset backs, or an empty slot."""
        if count <= 0:
            self.empty_slot(x, y, w, h)
            return
        layers = min(3, (count + 9) // 10)
        for i in range(layers - 1, -1, -1):
            self.card(x + i * 3, y - i * 3, None, w, h)

    def chip(self, x: int, y: int, code: str, h: int) -> int:
        """A small inline card at (x, y); returns its width."""
        sprite = card_chip(code, h, self.four_colour)
        self.drawn.text_sizes.add(int(h * 0.72))  # its rank, as card_chip draws it
        self.img.paste(sprite, (x, y), sprite)
        return sprite.width

    def quad(self, x: int, y: int, rank: str, h: int) -> int:
        """A laid-down quadruplet chip; returns its width."""
        sprite = rank_chip(rank, h, self.four_colour)
        self.drawn.text_sizes.add(int(h * 0.6))  # its rank, as rank_chip draws it
        self.img.paste(sprite, (x, y), sprite)
        return sprite.width

    def ring(self, x: int, y: int, w: int, h: int, colour: RGB) -> None:
        """A coloured frame around a card (a picked card at round end)."""
        r = max(3, w // 10)
        self.draw.rounded_rectangle((x - 4, y - 4, x + w + 4, y + h + 4), r + 4, None, colour, 4)

    def mark(self, x: int, y: int, size: int, ok: bool) -> None:
        """A tick (valid) or a cross (invalid) of ``size`` pixels at (x, y)."""
        t = self.theme
        width = max(3, size // 6)
        if ok:
            pts = [
                (x, y + size * 0.55),
                (x + size * 0.38, y + size * 0.9),
                (x + size, y + size * 0.1),
            ]
            self.draw.line(pts, fill=t.good, width=width, joint="curve")
        else:
            self.draw.line((x, y, x + size, y + size), fill=t.bad, width=width)
            self.draw.line((x, y + size, x + size, y), fill=t.bad, width=width)

    def webp(self) -> bytes:
        """The same 256-colour picture as ``png`` (pixel for pixel), as a lossless WebP."""
        return encode(self.img, theme=None if self.emoji else self.theme,
                      four_colour=self.four_colour, fmt="WEBP")

    def compact(self) -> bytes:
        """``png``, or the ``webp`` of its pixels (a quarter fewer bytes for eight times the
        CPU) when the PNG is over :data:`PICTURE_BYTES` (a round end of 4 Soureh seats)."""
        png = self.png()
        return png if len(png) <= PICTURE_BYTES else self.webp()

    def png(self) -> bytes:
        """The image as a palette PNG (256 colours, no dithering): a quarter of the bytes
        of an RGB PNG and faster to encode, with no visible difference on our flat card art
        (see docs/images/). The palette is the theme's shared one (``palette.py``) unless
        colour emoji were drawn."""
        return encode(self.img, theme=None if self.emoji else self.theme,
                      four_colour=self.four_colour)

def encode(
    img: Image.Image, palette: bool = True, theme: Theme | None = None, four_colour: bool = False,
    fmt: str = "PNG",
) -> bytes:
    """PNG bytes of ``img``: a palette PNG (the shared palette of ``theme``, or the image's
    own when ``theme`` is ``None``), or with ``palette=False`` the RGB PNG the images used
    before (for comparisons and the benchmark). ``fmt="WEBP"``: the palette picture as a
    lossless WebP instead (the same pixels)."""
    buf = io.BytesIO()
    if palette and fmt == "WEBP":
        quantize(img, theme, four_colour).save(buf, "WEBP", lossless=True, method=WEBP_METHOD,
                                               quality=WEBP_EFFORT)
    elif palette:
        return palette_png(quantize(img, theme, four_colour))
    else:
        img.save(buf, "PNG", compress_level=3)
    return buf.getvalue()


def seat_name(names: Sequence[str], seat: int) -> str:
    """The display name of ``seat`` (drawn in any script; characters no font has become
    an initials badge); "Seat N" only for a seat without a name. The name is a bidi
    isolate, so an Arabic name does not turn the sentence it is in around; the bidi
    controls a name holds are dropped (names are data)."""
    name = " ".join(plain(names[seat]).split()) if 0 <= seat < len(names) else ""
    return lines.isolate(name or _("Seat {n}", n=seat + 1))


def target_text(view: GameView) -> str:
    """The game's goal in a few words ("threshold 100", "target 200", "3 rounds"); round
    numbers are in the title only, so the two never disagree."""
    kind = view.get("target_kind")
    target = view.get("target")
    if kind == "rounds" and isinstance(target, int):
        return _n("{n} round", "{n} rounds", target)
    if kind == "threshold":
        return _("threshold {target}", target=target)
    return _("target {target}", target=target)


def round_title(view: GameView) -> str:
    """ "round 2", or "round 2 of 3" when the game lasts a number of rounds."""
    if view.get("target_kind") == "rounds":
        return _("round {round} of {rounds}", round=view.get("round"), rounds=view.get("target"))
    return _("round {round}", round=view.get("round"))


def game_title(view: GameView) -> str:
    """The game's name, as the current language writes it."""
    game = str(view.get("game"))
    engine = ENGINES.get(game)
    return _(engine.title) if engine is not None else game.title()


def and_list(names: Sequence[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cy" in the current language."""
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


_YOUR_PHASES = {
    "draw": N_("Your turn: draw a card"),
    "place": N_("Your turn: place the drawn card"),
    "reveal": N_("Your turn: reveal or draw"),
    "play": N_("Your turn: play a card"),
    "ask": N_("Your turn: ask for a card"),
}


def called(view: GameView, name: str) -> str:
    """ "Ann declared" or "Ann knocked": the pending declarer, in the game's own word."""
    word = getattr(ENGINES[str(view["game"])], "declare_word", "declare")
    if word == "knock":
        return _("{name} knocked", name=name)
    return _("{name} declared", name=name)


def called_pill(view: GameView) -> str:
    """The pill on the pending declarer's panel: "declared" or "knocked"."""
    word = getattr(ENGINES[str(view["game"])], "declare_word", "declare")
    return _("knocked") if word == "knock" else _("declared")


def _extra(view: GameView, text: str) -> str:
    extra = view.get("extra_turns", 0)
    if not extra:
        return text
    return _n("{text} · {n} extra turn", "{text} · {n} extra turns", extra, text=text)


def your_turn_text(view: GameView) -> str | None:
    """ "Your turn: ..." for a player view whose seat is to act, else ``None``."""
    if view.get("over") or view.get("to_act") is None or view.get("to_act") != view.get("seat"):
        return None
    doing = _YOUR_PHASES.get(str(view.get("phase")), N_("Your turn: your decision"))
    return _extra(view, _(doing))


_PHASES = {
    "draw": N_("{name} to draw"),
    "place": N_("{name} places the drawn card"),
    "reveal": N_("{name} reveals or draws"),
    "play": N_("{name} to play"),
    "ask": N_("{name} to ask"),
}


def status_text(view: GameView, names: Sequence[str]) -> str:
    """Whose turn it is and what they decide, or who won."""
    seat = view["to_act"]
    if view["over"] or seat is None:
        return game_over_text(view, names)
    doing = _PHASES.get(str(view.get("phase")), N_("{name} to act"))
    return _extra(view, _(doing, name=seat_name(names, seat)))


def game_over_text(view: GameView, names: Sequence[str]) -> str:
    """ "Ann won the game", "Ann and Bob won the game" or "Game over · no winner"."""
    winners = [seat_name(names, s) for s in view["winners"]]
    if not winners:
        return _("Game over · no winner")
    return _("{names} won the game", names=and_list(winners))


def table_header(canvas: Canvas, view: GameView, names: Sequence[str]) -> None:
    """The header of a table image: the round and whose turn; in a seat image (a player
    view) "your seat" and, on the viewer's turn, what he decides."""
    if view.get("seat") is None:
        header(canvas, view, round_title(view), status_text(view, names))
        return
    status = your_turn_text(view) or status_text(view, names)
    header(canvas, view, _("your seat · {round}", round=round_title(view)), status)


def round_end_number(view: GameView, scored: int | None = None) -> int | None:
    """Which round ``last_round`` is: ``scored``, the number the game's view gives it, when
    it gives one; else the view's round (the game is over) or the one before it (the next
    round was dealt)."""
    if scored is not None:
        return scored
    current = view["round"]
    number = current if view["over"] else current - 1
    return number if number >= 1 else None


def round_end_title(view: GameView, scored: int | None = None) -> str:
    """ "end of round 2" ("final round 3" once the game is over), or "end of the round"
    (``scored``: the last round's number, when the game's view gives it)."""
    number = round_end_number(view, scored)
    if view.get("over"):
        if number is None:
            return _("the final round")
        return _("final round {round}", round=number)
    return _("end of round {round}", round=number) if number is not None else _("end of the round")


def game_won_text(view: GameView, names: Sequence[str]) -> str | None:
    """ "Alice won the game" once it is over (``None`` while it goes on)."""
    if not view.get("over"):
        return None
    return game_over_text(view, names)


HEADER_H = 108
HEAD_H = 40  # a seat panel's first row: name, pills, score


def header(
    canvas: Canvas, view: GameView, title: str, status: str | None, *, turn: bool = True
) -> None:
    """Title, goal and the status pill across the top of the image (with a play arrow
    when ``turn`` and the game is still on)."""
    t = canvas.theme
    heading = _("{game} · {title}", game=game_title(view), title=title)
    goal = target_text(view)
    left, right = MARGIN + 4, canvas.width - MARGIN - 4
    rtl = is_rtl()  # mirrored: the title at the right, the goal at the left
    gw = canvas.text(
        left if rtl else right, 20, goal, 26, t.muted, anchor="la" if rtl else "ra", max_width=300
    )
    room = canvas.width - 2 * MARGIN - 8 - gw - 24
    canvas.text(
        right if rtl else left,
        16,
        heading,
        34,
        bold=True,
        max_width=room,
        anchor="ra" if rtl else "la",
    )
    if status:
        arrow = turn and not bool(view.get("over"))
        shown = fit(status, 26, canvas.width - 80, True)
        x = canvas.width - MARGIN - canvas.pill_width(shown, 26, arrow=arrow) if rtl else MARGIN
        canvas.pill(x, 58, shown, 26, t.accent, t.accent_text, arrow=arrow)


def grid(players: int, columns: int, top: int, panel_h: int) -> list[tuple[int, int, int, int]]:
    """Panel boxes for ``players`` seats in ``columns`` columns, starting at ``top``."""
    pw = (WIDTH - 2 * MARGIN - (columns - 1) * GAP) // columns
    boxes = []
    for seat in range(players):
        row, col = divmod(seat, columns)
        x = MARGIN + col * (pw + GAP)
        y = top + row * (panel_h + GAP)
        boxes.append((x, y, x + pw, y + panel_h))
    return boxes


def grid_height(players: int, columns: int, panel_h: int) -> int:
    """Total height of the seat grid."""
    rows = (players + columns - 1) // columns
    return rows * panel_h + (rows - 1) * GAP


def columns_for(players: int) -> int:
    """Seat panels per row in Turup and Soi: two up to four players, three beyond."""
    return 2 if players <= 4 else 3


def no_round_scored() -> ValueError:
    """The error of a round-end picture asked for before any round was scored."""
    return ValueError("no round has been scored yet (last_round is null)")  # i18n: not for people


def round_end_layout(
    view: GameView, theme: Theme, four_colour: bool, panel_h: int, columns: int = 0
) -> tuple[Canvas, list[tuple[int, int, int, int]]]:
    """A round-end image's canvas and one panel box per seat (``columns`` per row, by
    default as many as the table has)."""
    n = view["players"]
    cols = columns or columns_for(n)
    height = HEADER_H + 8 + grid_height(n, cols, panel_h) + MARGIN
    canvas = Canvas(height, theme, four_colour)
    return canvas, grid(n, cols, HEADER_H + 8, panel_h)


def seat_head(
    canvas: Canvas,
    box: tuple[int, int, int, int],
    name: str,
    right: str,
    pills: Sequence[Pill] = (),
) -> None:
    """The first row of a seat panel: name, pills (e.g. "to act"), a score at the right
    (mirrored in a right-to-left language). ``pills`` come most important first; those
    that do not fit are left out."""
    x0, y0, x1 = box[:3]
    t = canvas.theme
    rtl = is_rtl()
    rw = canvas.text(
        x0 + PAD if rtl else x1 - PAD,
        y0 + PAD + 2,
        right,
        28,
        t.text,
        bold=True,
        anchor="la" if rtl else "ra",
    )
    shown = list(pills)
    while True:
        pill_w = sum(text_width(p[0], 22, True) + 26 for p in shown)
        room = x1 - x0 - 2 * PAD - rw - pill_w - 12
        if room >= 120 or not shown:
            break
        shown.pop()  # pills come most important first: drop from the end
    if rtl:
        x = x1 - PAD
        x -= canvas.text(x, y0 + PAD, name, 30, bold=True, max_width=max(60, room), anchor="ra")
        for text, bg, fg in shown:
            x -= canvas.pill_width(text, 22) + 10
            canvas.pill(x + 4, y0 + PAD + 1, text, 22, bg, fg)
        return
    x = x0 + PAD
    x += canvas.text(x, y0 + PAD, name, 30, bold=True, max_width=max(60, room)) + 10
    for text, bg, fg in shown:
        x += canvas.pill(x, y0 + PAD + 1, text, 22, bg, fg) + 6


Pill = tuple[str, RGB, RGB]


def turn_pills(canvas: Canvas, view: GameView, seat: int) -> list[Pill]:
    """ "to act" for the seat to act, "winner" for each winner once the game is over."""
    t = canvas.theme
    if view.get("over"):
        winners = view.get("winners") or []
        return [(_("winner"), t.accent, t.accent_text)] if seat in winners else []
    if view.get("to_act") == seat:
        return [(_("to act"), t.accent, t.accent_text)]
    return []


def flow(
    groups: Sequence[Sequence[str]], w: int, step: int, gap: int, max_width: int
) -> list[list[tuple[int, str]]]:
    """Lay card groups out in rows: cards in a group overlap by ``step``; a group never
    splits across rows unless it alone is wider than a row. Returns rows of (x, code)."""
    rows: list[list[tuple[int, str]]] = [[]]
    x = 0
    for group in groups:
        width = w + step * (len(group) - 1)
        if rows[-1] and x + width > max_width:
            rows.append([])
            x = 0
        for code in group:
            if rows[-1] and x + w > max_width:
                rows.append([])
                x = 0
            rows[-1].append((x, code))
            x += step
        x += w - step + gap
    return rows
