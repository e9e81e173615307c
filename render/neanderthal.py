"""The NEANDERTHAL picture: the event card, the North and South biome rows (or the 4x5 matrix of the L
and M variants, with its undiscovered cards, artifacts and home biomes) with the Hunters on them, one
panel per species (placard, discs, elders, daughters, tableau, hand) and a legend."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from PIL import Image

from rules.core import Msg, msg, t
from rules.neanderthal import data

from .common import (
    HIGHLIGHT,
    INK,
    MUTED,
    TAB_H,
    WINNER,
    Box,
    Drawing,
    Palette,
    Tab,
    alt_text,
    canvas,
    draw_tabs,
    fit_text,
    goal_headline,
    image_cache,
    paletted_cache,
    paste_image,
    player_tabs,
    put_boxed,
    put_text,
    rounded_rectangle,
    scores_line,
    text_width,
    to_png,
    translate,
    winners_headline,
    wrap,
)

WIDTH = 1500
# The title line, then the status line (who plays and what they are asked, or who won: two lines at most,
# the size a 550 px preview still reads at 9 px), then what the last move did, on a line of its own
STATUS = Box(WIDTH - 28, 25, lines=2)
TOP = 42 + 2 * round(STATUS.size * 1.2) + 6
LOG = Box(WIDTH - 28, 25)
LOG_H = 40
LEFT = 250
CARD_W, CARD_H = 200, 168
GAP = 8
ROWS_Y = TOP + LOG_H + 6
PANEL_H = 412  # a species' panel at its smallest: it grows with what a player holds (``_panel_h``)
ICON_W = 62  # a legend sign's width, before its words
LEGEND_ROW = 24  # a line of the legend under the panels (the rows map), four entries a line
LEGEND_COLUMNS = 4
# The species apart by lightness too (light yellow, mid green, dark red: CIEDE2000 over 23 between any two
# under simulated deuteranopia and protanopia), and by the letter on each token: the initial of their name in
# both languages (Archaic man / Homem Arcaico, Neanderthal / Neandertal, Cro-Magnon)
SPECIES_COLOUR = {"G": (20, 150, 110), "Y": (245, 205, 50), "R": (130, 25, 25)}
SPECIES_MARK = {"G": "A", "Y": "N", "R": "C"}
ALPHA_MARK = "α"
DISC_FILL = {"O": (240, 130, 30), "W": (250, 250, 250), "B": (30, 30, 30)}
KIND_FILL = {"BIG": (226, 214, 190), "SMALL": (214, 230, 200), "CLUB": (222, 214, 232)}
ICE = (200, 225, 245)
PANEL_BG = (252, 249, 240)
LINE = (190, 182, 165)
PRED = (200, 30, 30)
HIDDEN = (110, 92, 72)  # an undiscovered card of the matrix (face down)
WHITE = (255, 255, 255)

# Where names are drawn (``named_texts`` lists every one of them with its box)
EVENT_W = LEFT - 84  # the event card's panel
CARD_NAME = Box(CARD_W - 48, 15, bold=True, lines=2)
CARD_KIND = Box(CARD_W - 16, 13)
EVENT_NAME = Box(EVENT_W - 16, 15, bold=True, lines=2)
EVENT_ICON = Box(EVENT_W - 16, 13)
EVENT_SKILL = Box(EVENT_W - 16, 12, lines=4)
NARROWEST = (WIDTH - 20 - 2 * 10) // 3  # a species' panel at three players
ELDER_W = (NARROWEST - 20) // 6
ELDER = Box(ELDER_W - 10, 10)
DAUGHTER = Box(NARROWEST // 2 - 24, 14, bold=True)
DAUGHTER_COLUMN = NARROWEST - 20  # a column of daughters in a panel (a wider panel holds several)
DAUGHTER_GUTTER = 40
DAUGHTER_LINE = 20
DAUGHTER_LINES = 5  # the lines a column of daughters keeps, however few she are
TABLEAU = Box(NARROWEST - 20, 13, lines=2)  # two lines kept, more taken when a tableau is long
LINE_13 = round(13 * 1.2)  # a line of the tableau and of the hand
HEADER_H = 44  # a species' panel's header
PANEL_TOP = HEADER_H + 10  # under it
LEGEND = Box((WIDTH - 24) // LEGEND_COLUMNS - ICON_W - 10, 14)
# the matrix's legend, in the column right of its five columns of cards
SIDE_X = LEFT + data.GRID_COLS * (CARD_W + GAP) + 6
SIDE_LEGEND = Box(WIDTH - SIDE_X - 8 - ICON_W, 13, lines=3)


def _rows(view) -> int:
    return data.GRID_ROWS if view.cells else 2


def _panel_y(view) -> int:
    return ROWS_Y + _rows(view) * (CARD_H + GAP) + TAB_H + 10


def _tr(key: str, locale: str, **params) -> str:
    return translate(key, locale, **params)


def put(img: Image.Image, xy, value: str, size: int = 16, **style) -> None:
    put_text(img, xy, value, size, **style)


def _dice(b: data.Biome) -> str:
    return f"{b.hits}×{'*' if b.star else '1'}"


@cache
def _colours() -> tuple[tuple[int, int, int], ...]:
    """The picture's flat colours, for the fixed PNG palette."""
    return (
        PANEL_BG,
        LINE,
        ICE,
        PRED,
        HIDDEN,
        WINNER,
        (70, 58, 45),
        (240, 230, 215),
        (60, 52, 44),
        (250, 236, 240),
        (150, 90, 110),
        (120, 110, 95),
        (40, 80, 160),
        (170, 30, 60),
        (120, 80, 0),
        (30, 80, 150),
        (60, 100, 150),
        (120, 160, 200),
        (225, 222, 215),
        (90, 90, 90),
        (30, 30, 30),
        *SPECIES_COLOUR.values(),
        *DISC_FILL.values(),
        *KIND_FILL.values(),
    )


def _kind_line(b: data.Biome, locale: str) -> str:
    return (
        _tr(f"neanderthal.kind.{b.kind}", locale)
        + (" ⚠" if b.pred else "")
        + ("  ◡" + _tr("neanderthal.ui.basket", locale) if b.basket else "")
    )


@paletted_cache(lambda: _colours())
def _card(card: int, locale: str) -> Image.Image:
    """A biome card face (static, cached): its name on up to two lines, then its kind, dice, ferocity
    and freezing, prerequisites, gains, trophy and hand values."""
    b = data.BIOMES[card]
    img = Image.new("RGB", (CARD_W, CARD_H), KIND_FILL[b.kind])
    d = Drawing(img)
    d.rectangle((0, 0, CARD_W - 1, CARD_H - 1), outline=PRED if b.pred else (120, 110, 95), width=3 if b.pred else 1)
    put_boxed(img, (8, 5), _tr(f"neanderthal.card.{card}", locale), CARD_NAME, leading=1.15)
    put(img, (CARD_W - 8, 6), str(b.clim), 15, fill=(40, 80, 160), bold=True, anchor="ra")
    put(img, (8, 42), fit_text(_kind_line(b, locale), CARD_KIND.width, 13), 13, fill=PRED if b.pred else MUTED)
    line = f"{_dice(b)}"
    if b.fer:
        line += "  ☠" + "".join(map(str, b.fer))
    if b.frz:
        line += "  ❄" + "".join(map(str, b.frz))
    put(img, (8, 60), line, 16, bold=True)
    x = 8
    if b.prereq:
        put(img, (x, 84), "◆", 14, fill=MUTED)
        x += 18
        for c in b.prereq:
            _disc(d, x + 7, 93, c, 7)
            x += 18
    gain = f"+{b.babies}♥" if b.babies else ""
    put(img, (max(x + 6, 70), 84), gain, 14, fill=(170, 30, 60), bold=True)
    x2 = max(x + 6, 70) + 36
    for c in b.discs:
        _disc(d, x2 + 7, 93, c, 7)
        x2 += 18
    if b.troph:
        put(img, (8, 108), f"♛{'♛' if b.troph[0] == 2 else ''} {b.troph[1]}=", 15, fill=(120, 80, 0), bold=True)
    if b.hand:
        put(img, (90, 108), f"▭{b.hand[0]} {b.hand[1]}=", 15, fill=(30, 80, 150), bold=True)
    return img


def _disc(d: Drawing, cx: float, cy: float, colour: str, r: int = 8) -> None:
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=DISC_FILL[colour], outline=(90, 90, 90))


def _luminance(colour: tuple[int, ...]) -> float:
    """WCAG's relative luminance of an sRGB colour."""
    lin = [c / 12.92 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 * 255 for c in colour[:3]]
    return (0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]) / 255


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG's contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _token_label(colour: str, n: int, alpha: bool) -> tuple[str, int]:
    """A token's label and its size: the species' letter, the Alpha's "α", how many meeples when more than
    one ("N", "Nα", "C3")."""
    label = SPECIES_MARK.get(colour, "") + (ALPHA_MARK if alpha else "") + (str(n) if n > 1 else "")
    return label, 12 if len(label) == 1 else 11


def token_half(colour: str, n: int, alpha: bool = False) -> float:
    """Half the width of a token (``_meeple``)."""
    label, size = _token_label(colour, n, alpha)
    return max(12 if alpha else 9, text_width(label, size, True) / 2 + 4)


def _ink(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    """White or ink, whichever reads better on ``fill``."""
    return max((WHITE, INK), key=lambda c: contrast(c, fill))


def _meeple(d: Drawing, img: Image.Image, cx: float, cy: float, colour: str, n: int, alpha: bool = False) -> None:
    """A token of ``n`` meeples of a species (the Alpha larger, with "α"): a disc, or a pill as wide as its
    label, the species' letter and its number in white or ink, whichever reads better on its colour."""
    fill = SPECIES_COLOUR.get(colour, (120, 120, 120))
    r = 12 if alpha else 9
    label, size = _token_label(colour, n, alpha)
    half = token_half(colour, n, alpha)
    d.rounded_rectangle(
        (cx - half, cy - r, cx + half, cy + r), r, fill=fill, outline=(30, 30, 30), width=2 if alpha else 1
    )
    put(img, (cx, cy), label, size, fill=_ink(fill), bold=True, anchor="mm")


def _row_labels(rows: int, locale: str) -> list[str]:
    """The rows of Europe (North, South), or the matrix's four: North 1 and 2, South 3 and 4."""
    north, south = _tr("neanderthal.ui.north", locale), _tr("neanderthal.ui.south", locale)
    if rows == 2:
        return [north, south]
    sides = [north] * (rows // 2) + [south] * (rows - rows // 2)
    return [_tr("neanderthal.ui.row", locale, side=side, n=i + 1) for i, side in enumerate(sides)]


@image_cache
def _background(locale: str, height: int, rows: int = 2) -> Image.Image:
    img, d = canvas(WIDTH, height, _colours())
    d.rectangle((0, 0, WIDTH, TOP), fill=(60, 52, 44))
    for r, label in enumerate(_row_labels(rows, locale)):
        y = ROWS_Y + r * (CARD_H + GAP)
        put(img, (LEFT - 36, y + CARD_H / 2), label, 12, fill=MUTED, bold=True, anchor="mm")
    if rows == 2:
        top = height - legend_h(rows) + 6
        d.line((12, top - 4, WIDTH - 12, top - 4), fill=LINE)
        column = (WIDTH - 24) // LEGEND_COLUMNS
        for i, (key, sign) in enumerate(LEGEND_SIGNS):
            x, y = 12 + (i % LEGEND_COLUMNS) * column, top + (i // LEGEND_COLUMNS) * LEGEND_ROW
            sign(img, d, x, y + 10)
            put(img, (x + ICON_W, y + 10), fit_text(_tr(key, locale), LEGEND.width, 14), 14, fill=INK, anchor="lm")
    else:
        _side_legend(img, d, locale)
    return img


def legend_h(rows: int) -> int:
    """The legend's height under the panels: its lines on the rows map, nothing on the matrix (its legend
    lies right of the cards)."""
    return 12 + -(-len(LEGEND_SIGNS) // LEGEND_COLUMNS) * LEGEND_ROW if rows == 2 else 12


def _side_legend(img, d, locale: str) -> int:
    """The legend in the column right of the matrix, an entry under the other; where it ends."""
    y = ROWS_Y
    for key, sign in LEGEND_SIGNS:
        sign(img, d, SIDE_X, y + 10)
        y += max(LEGEND_ROW, put_boxed(img, (SIDE_X + ICON_W, y + 2), _tr(key, locale), SIDE_LEGEND, leading=1.15) + 8)
    return y


def _glyphs(value: str, fill=INK, size: int = 15):
    """A legend sign drawn as a card prints it: ``value`` in ``fill``, bold."""

    def sign(img, d, x: int, cy: float) -> None:
        put(img, (x + 2, cy), value, size, fill=fill, bold=True, anchor="lm")

    return sign


def _framed(fill, outline, mark: str = "", ink=INK):
    """A legend sign of a small card's frame (a predator's red frame, an ice barrier, the last move's)."""

    def sign(img, d, x: int, cy: float) -> None:
        d.rectangle((x + 2, cy - 9, x + 44, cy + 9), fill=fill, outline=outline, width=3)
        put(img, (x + 23, cy), mark, 12, fill=ink, bold=True, anchor="mm")

    return sign


def _token_sign(n: int, alpha: bool):
    def sign(img, d, x: int, cy: float) -> None:
        _meeple(d, img, x + 2 + token_half("Y", n, alpha), cy, "Y", n, alpha)

    return sign


def _discs_sign(lead: str, lead_fill, colours: str):
    def sign(img, d, x: int, cy: float) -> None:
        put(img, (x + 2, cy), lead, 14, fill=lead_fill, bold=True, anchor="lm")
        for i, c in enumerate(colours):
            _disc(d, x + 10 + text_width(lead, 14, True) + i * 16, cy, c, 7)

    return sign


def _home_sign(img, d, x: int, cy: float) -> None:
    d.rectangle((x + 2, cy - 9, x + 36, cy + 9), fill=SPECIES_COLOUR["Y"], outline=INK)
    put(img, (x + 19, cy), "⌂" + SPECIES_MARK["Y"], 14, fill=_ink(SPECIES_COLOUR["Y"]), bold=True, anchor="mm")


def _artifact_sign(img, d, x: int, cy: float) -> None:
    put(img, (x + 2, cy), "✦", 16, fill=(240, 130, 30), anchor="lm")
    _disc(d, x + 28, cy, "O", 9)


def _inexperienced_sign(img, d, x: int, cy: float) -> None:
    _meeple(d, img, x + 11, cy, "Y", 1)
    _disc(d, x + 31, cy, "W", 6)
    put(img, (x + 39, cy), "◔", 12, fill=MUTED, anchor="lm")


# The legend: what each sign means, drawn as the board draws it
LEGEND_SIGNS = (
    ("neanderthal.legend.climate", _glyphs("32", (40, 80, 160))),
    ("neanderthal.legend.dice", _glyphs("2×1", size=16)),
    ("neanderthal.legend.star", _glyphs("1×*", size=16)),
    ("neanderthal.legend.ferocity", _glyphs("☠45", size=16)),
    ("neanderthal.legend.freezing", _glyphs("❄6", size=16)),
    ("neanderthal.legend.predator", _framed(KIND_FILL["CLUB"], PRED, "⚠", PRED)),
    ("neanderthal.legend.basket", _glyphs("◡", MUTED)),
    ("neanderthal.legend.prereq", _discs_sign("◆", MUTED, "OW")),
    ("neanderthal.legend.babies", _discs_sign("+1♥", (170, 30, 60), "O")),
    ("neanderthal.legend.trophy", _glyphs("♛ 3=", (120, 80, 0))),
    ("neanderthal.legend.hand", _glyphs("▭D 3=", (30, 80, 150))),
    ("neanderthal.legend.inexperienced", _inexperienced_sign),
    ("neanderthal.legend.token", _token_sign(3, False)),
    ("neanderthal.legend.alpha", _token_sign(1, True)),
    ("neanderthal.legend.home", _home_sign),
    ("neanderthal.legend.artifact", _artifact_sign),
    ("neanderthal.legend.ice", _framed(ICE, (120, 160, 200), "❄", (60, 100, 150))),
    ("neanderthal.legend.last", _framed(None, HIGHLIGHT)),
)


def _tokens_summary(tokens: list[str]) -> list[tuple[str, bool, int]]:
    out: dict[tuple[str, bool], int] = {}
    for tok in tokens:
        k = (tok[0], tok.endswith("a"))
        out[k] = out.get(k, 0) + 1
    return [(c, a, n) for (c, a), n in sorted(out.items())]


def _side_summary(tagged: list[str]) -> list[tuple[str, str, bool, int]]:
    out: dict[tuple[str, str, bool], int] = {}
    for tk in tagged:
        side, tok = tk.split(":")
        k = (side, tok[0], tok.endswith("a"))
        out[k] = out.get(k, 0) + 1
    return [(sd, c, a, n) for (sd, c, a), n in sorted(out.items())]


def _portals(portals: list[str]) -> list[tuple[str, list[str]]]:
    """Portal discs grouped by portal, in the order they are first met: ("venus", ["O", "B"])."""
    grouped: dict[str, list[str]] = {}
    for portal in portals:
        space, colour = portal.split("-")
        grouped.setdefault(space, []).append(colour)
    return list(grouped.items())


def _name(names, seat: int, locale: str) -> str:
    if names and seat < len(names) and names[seat]:
        return names[seat]
    return _tr("core.seat", locale, n=seat + 1)


def _goal(view) -> Msg:
    """A solo or co-op game's goal (as the engine's outcome states it)."""
    if view.variant == "alien":
        return msg("neanderthal.goal.alien", n=view.goal)
    if view.variant == "eve":
        return msg("neanderthal.goal.eve")
    return msg(f"neanderthal.opt.solo.{view.level}")


def headline(view, locale: str, names: list[str]) -> str:
    """The picture's status line: who plays and what is asked, or how the game ended."""
    if view.phase == "over" and view.won is not None:
        return goal_headline(view.won, translate_msg(_goal(view), locale), locale)
    if view.phase == "over":
        best = max(p.score for p in view.tribes)
        winners = [_name(names, p.seat, locale) for p in view.tribes if p.score == best]
        return winners_headline(winners, _tr("neanderthal.ui.score", locale, n=best), locale)
    prompt = t(view.prompt, locale, names=[_name(names, seat, locale) for seat in range(len(view.tribes))])
    return _tr("neanderthal.ui.to_act", locale, seat=_name(names, view.actor, locale)) + " · " + prompt


def translate_msg(message: Msg, locale: str) -> str:
    return _tr(message.key, locale, **message.params)


def _title(view, locale: str) -> str:
    title = "NEANDERTHAL · " + _tr(
        "neanderthal.ui.turn", locale, n=view.turn, left=msg("neanderthal.ui.events_left", n=view.events_left)
    )
    if view.variant == "k2":
        return title + " · K2"
    if view.variant == "alien":
        return title + " · L · " + _tr("neanderthal.ui.artifacts", locale, n=view.activated, goal=view.goal)
    if view.variant == "eve":
        return title + " · M"
    if view.scenario != "standard":
        return title + " · " + _tr(f"neanderthal.opt.scenario.{view.scenario}", locale).split(" (")[0]
    return title


def render(view, *, locale: str = "en", names: list[str] | None = None) -> bytes:
    names = names or []
    n = len(view.tribes)
    panel_y = _panel_y(view)
    pw = _panel_w(n)
    ph = _panel_h(view, pw, locale)
    img = _background(locale, panel_y + ph + legend_h(_rows(view)), _rows(view)).copy()
    d = Drawing(img)
    last = set(view.last)
    put(img, (14, 10), _title(view, locale), 22, fill=WHITE, bold=True)
    put_boxed(img, (14, 42), headline(view, locale, names), STATUS, fill=HIGHLIGHT, role="turn prompt")
    _log_line(img, view, locale, names)
    _event_panel(img, d, view, locale, names)
    if view.cells:
        _matrix(img, d, view, locale, last)
    else:
        _biome_rows(img, d, view, locale, last)
    for s, p in enumerate(view.tribes):
        x0 = 10 + s * (pw + 10)
        _panel(img, d, view, p, (x0, panel_y, pw, ph), locale, names)
    return to_png(img, _colours())


def _log_line(img, view, locale: str, names: list[str]) -> None:
    """What the last move did, in words, under the header."""
    said = [t(e, locale, names=[_name(names, seat, locale) for seat in range(len(view.tribes))]) for e in view.events]
    if said:
        line = fit_text("› " + " · ".join(said), LOG.width, LOG.size)
        put(img, (14, TOP + 6), line, LOG.size, role="last_move")


def _tabs(view, p, locale: str) -> list[Tab]:
    """The tabs over a species' panel: winner, to play, last move."""
    over = view.phase == "over"
    return player_tabs(
        locale,
        won=over and view.won is None and p.score == max(q.score for q in view.tribes),
        to_play=not over and view.actor == p.seat,
        last=not over and view.last_seat == p.seat and bool(view.last or view.events),
    )


def _panel_w(players: int) -> int:
    """The width of a species' panel: the players' panels share the picture's width."""
    return (WIDTH - 20 - (players - 1) * 10) // players


def _panel_h(view, w: int, locale: str) -> int:
    """The height of the species' panels: what the fullest one needs, and ``PANEL_H`` at least."""
    fixed = PANEL_TOP + PLACARD_H + ELDERS_H + 8
    return max(
        PANEL_H,
        *(
            fixed + _daughters_h(view, p, w, locale) + _tableau_h(p, w, locale) + _breakdown_h(view, p, w, locale)
            for p in view.tribes
        ),
    )


def _breakdown_h(view, p, w: int, locale: str) -> int:
    lines = len(_breakdown_lines(view, p, w, locale))
    return lines and 14 + lines * round(BREAKDOWN * 1.25)


def _event_panel(img, d, view, locale: str, names: list[str]) -> None:
    """The event card being auctioned as a daughter: her name, the order of her events, her events,
    what a bid is paid in, her portals, her skill and the bids so far."""
    ex, ey = 10, ROWS_Y
    height = _rows(view) * (CARD_H + GAP) - GAP
    rounded_rectangle(d, (ex, ey, ex + EVENT_W, ey + height), radius=8, fill=(250, 236, 240), outline=(150, 90, 110))
    put(img, (ex + 8, ey + 6), _tr("neanderthal.ui.event", locale), 13, fill=MUTED)
    if view.event_card:
        dc = data.DAUGHTERS[view.event_card]
        y = ey + 24 + put_boxed(img, (ex + 8, ey + 24), _tr(f"neanderthal.card.{view.event_card}", locale), EVENT_NAME)
        for i, c in enumerate(dc.order):
            _meeple(d, img, ex + 18 + i * 24, y + 11, c, 1)
        y += 26
        for icon, k in dc.events:
            label = _tr(f"neanderthal.icon.{icon}", locale)
            label = fit_text(f"{label} ×{k}" if k > 1 else label, EVENT_ICON.width, EVENT_ICON.size)
            put(img, (ex + 8, y), label, EVENT_ICON.size)
            y += 19
        bid = _tr("neanderthal.ui.bid", locale)
        put(img, (ex + 8, y + 4), bid, 13, fill=MUTED)
        bx = ex + 20 + text_width(bid, 13)
        for i, c in enumerate(dc.media):
            _disc(d, bx + i * 20, y + 13, c, 7)
        y += 28
        for space, colours in _portals([f"{sp}-{col}" for sp, col in dc.portals]):
            label = _tr(f"neanderthal.portal.{space}", locale)
            put(img, (ex + 8, y), label, 13)
            for i, col in enumerate(colours):
                _disc(d, ex + 20 + text_width(label, 13) + i * 17, y + 8, col, 7)
            y += 18
        y += 4 + put_boxed(img, (ex + 8, y + 4), _tr(f"neanderthal.skill.{dc.skill}", locale), EVENT_SKILL, fill=MUTED)
        _bids(img, view, locale, names, ex + 8, y + 6)
    put(img, (ex + 8, ey + height - 22), f"N {view.deck_north} · S {view.deck_south}", 13, fill=MUTED)


def _bids(img, view, locale: str, names: list[str], x: int, y: float) -> None:
    if not view.bids:
        return
    put(img, (x, y), _tr("neanderthal.ui.bids", locale) + ":", 13, bold=True)
    for s, b in sorted(view.bids.items()):
        y += 18
        species = view.tribes[int(s)].species
        _meeple(Drawing(img), img, x + 9, y + 8, species, 1)
        put(img, (x + 24, y), fit_text(f"{_name(names, int(s), locale)}: {b}", EVENT_W - 40, 14), 14, bold=True)


def _biome_rows(img, d, view, locale: str, last: set[str]) -> None:
    for r, (row, ice) in enumerate(((view.north, view.ice_north), (view.south, view.ice_south))):
        y = ROWS_Y + r * (CARD_H + GAP)
        for i in range(data.ROW_SIZE):
            x = LEFT + i * (CARD_W + GAP)
            slot = f"{'NS'[r]}{i}"
            if ice[i]:
                _sign(img, d, x, y, "ice", locale)
            elif row[i]:
                paste_image(img, _card(row[i], locale), (x, y))
            else:
                _sign(img, d, x, y, "empty", locale)
            if slot in last:
                d.rectangle((x - 3, y - 3, x + CARD_W + 2, y + CARD_H + 2), outline=HIGHLIGHT, width=4)
            _hunters(img, d, view, slot, x, y)


# what stands in a card's place: (fill, outline, caption mark, caption, font size, ink)
SIGNS = {
    "ice": (ICE, (120, 160, 200), "❄ ", "neanderthal.ui.ice", 15, (60, 100, 150)),
    "empty": (None, LINE, "", "neanderthal.ui.empty", 14, MUTED),
    "undiscovered": (HIDDEN, (70, 58, 45), "? ", "neanderthal.ui.undiscovered", 15, (240, 230, 215)),
}


def _sign(img, d, x: int, y: int, kind: str, locale: str, inset: int = 0) -> None:
    """A card's place without a card: an ice barrier (lying across the place on the matrix:
    ``inset``), an empty slot or an undiscovered card, captioned in its middle."""
    fill, outline, mark, key, size, ink = SIGNS[kind]
    d.rectangle((x, y + inset, x + CARD_W - 1, y + CARD_H - 1 - inset), fill=fill, outline=outline)
    put(img, (x + CARD_W / 2, y + CARD_H / 2), mark + _tr(key, locale), size, fill=ink, anchor="mm")


def _hunters(img, d, view, slot: str, x: int, y: int) -> None:
    left: float = x + 6
    for side, c, a, k in _side_summary(view.hunters.get(slot, [])):
        host = view.tribes[int(side)].species if side != "f" else c
        half = token_half(c, k, a)
        cx = left + half + 5
        if host != c:  # a Refugee: ringed in his host's colour
            ring = (cx - half - 4, y + CARD_H - 33, cx + half + 4, y + CARD_H - 7)
            d.rounded_rectangle(ring, 13, fill=SPECIES_COLOUR[host], outline=INK)
        _meeple(d, img, cx, y + CARD_H - 20, c, k, a)
        left = cx + half + 8


def _matrix(img, d, view, locale: str, last: set[str]) -> None:
    """L1: the 4x5 matrix; face-down cards are undiscovered, ice barriers lie across (L3-A), the
    artifact markers (L6-A) stay on their cells, and each species' home biome is marked."""
    homes = {cell: view.tribes[s].species for s, cell in enumerate(view.homes)}
    for i, kind in enumerate(view.cells):
        r, c = divmod(i, data.GRID_COLS)
        x, y = LEFT + c * (CARD_W + GAP), ROWS_Y + r * (CARD_H + GAP)
        if kind == "c":
            paste_image(img, _card(view.grid[i], locale), (x, y))
        elif kind == "u":
            _sign(img, d, x, y, "undiscovered", locale)
        elif kind == "i":
            _sign(img, d, x, y, "ice", locale, inset=30)
        else:
            _sign(img, d, x, y, "empty", locale)
        if view.marks and view.marks[i]:
            _disc(d, x + CARD_W - 16, y + CARD_H - 20, "O" if view.marks[i] == "O" else "B", 9)
            if view.marks[i] == "O":
                put(img, (x + CARD_W - 30, y + CARD_H - 20), "✦", 16, fill=(240, 130, 30), anchor="rm")
        if i in homes:
            fill = SPECIES_COLOUR[homes[i]]
            d.rectangle((x + CARD_W - 40, y + 44, x + CARD_W - 6, y + 62), fill=fill, outline=INK)
            put(
                img,
                (x + CARD_W - 23, y + 53),
                "⌂" + SPECIES_MARK[homes[i]],
                14,
                fill=_ink(fill),
                bold=True,
                anchor="mm",
            )
        if f"M{i}" in last:
            d.rectangle((x - 3, y - 3, x + CARD_W + 2, y + CARD_H + 2), outline=HIGHLIGHT, width=4)
        _hunters(img, d, view, f"M{i}", x, y)


def _panel(img, d, view, p, box: tuple[int, int, int, int], locale: str, names) -> None:
    """A species' panel (``box``: its left, top, width and height): its tabs (to play, last move, winner),
    its header (the species' token, the player and species, the score), then its parts."""
    x0, y0, w, h = box
    col = SPECIES_COLOUR[p.species]
    tabs = _tabs(view, p, locale)
    draw_tabs(d, tabs, x0 + 14, y0)
    outline, width = col, 3
    if tabs and tabs[0][1] in (INK, WINNER):  # to play, or won: a dark frame
        outline, width = tabs[0][1], 6
    rounded_rectangle(d, (x0, y0, x0 + w, y0 + h), radius=10, fill=PANEL_BG, outline=outline, width=width)
    rounded_rectangle(d, (x0, y0, x0 + w, y0 + HEADER_H), radius=10, fill=col, outline=outline, width=width)
    d.rectangle((x0 + width, y0 + HEADER_H - 12, x0 + w - width, y0 + HEADER_H - 1), fill=col)
    ink = _ink(col)
    cy = y0 + HEADER_H / 2
    d.ellipse((x0 + 10, cy - 14, x0 + 38, cy + 14), fill=col, outline=ink, width=2)
    put(img, (x0 + 24, cy), SPECIES_MARK[p.species], 17, fill=ink, bold=True, anchor="mm")
    score = _tr("neanderthal.ui.score", locale, n=p.score)
    score_w = text_width(score, 26, True)
    head = f"{_name(names, p.seat, locale)} · {_tr(f'neanderthal.sp.{p.species}', locale)}"
    put(img, (x0 + 46, cy), fit_text(head, w - score_w - 70, 20, True), 20, fill=ink, bold=True, anchor="lm")
    put(img, (x0 + w - 12, cy), score, 26, fill=ink, bold=True, anchor="rm", role="score")
    y = y0 + PANEL_TOP
    for part in PANEL_PARTS:
        y = part(img, d, view, p, x0, y, w, locale)


PLACARD_H = 72


def _placard(img, d, view, p, x0: int, y: int, w: int, locale: str) -> int:
    """Sexuality and state with the discs on the placard, the vocabulary and the portals."""
    state = _tr("neanderthal.ui.tribal" if p.tribal else "neanderthal.ui.vocal", locale)
    sex = _tr(f"neanderthal.sex.{p.sex}", locale) if p.sex else "?"
    put(img, (x0 + 10, y), f"{sex} · {state}", 15, bold=True)
    x = x0 + 10 + text_width(f"{sex} · {state}", 15, True) + 12
    for c in p.parental_discs:
        _disc(d, x, y + 9, c, 6)
        x += 15
    y += 24
    put(img, (x0 + 10, y), _tr("neanderthal.ui.vocab", locale), 14, fill=MUTED)
    x = x0 + 120
    for c in data.COLOURS:
        _disc(d, x, y + 9, c, 9)
        put(img, (x + 13, y), str(p.vocab.get(c, 0)), 15, bold=True)
        x += 50
    y += 24
    put(img, (x0 + 10, y), _tr("neanderthal.ui.portals", locale), 14, fill=MUTED)
    x = x0 + 120
    for space, colours in _portals(p.portals):
        label = _tr(f"neanderthal.portal.{space}", locale)
        put(img, (x, y), label, 13)
        x += text_width(label, 13) + 12
        for c in colours:
            _disc(d, x, y + 9, c, 7)
            x += 17
        x += 10
    return y + 24


ELDERS_H = 98


def _elders(img, d, view, p, x0: int, y: int, w: int, locale: str) -> int:
    """The six elder ranks (those a vocal species cannot use greyed), then the unassigned pool."""
    put(img, (x0 + 10, y), _tr("neanderthal.ui.elders", locale), 14, fill=MUTED)
    y += 20
    bw = (w - 20) // 6
    for i, r in enumerate(data.RANKS):
        bx = x0 + 10 + i * bw
        usable = p.tribal or r in data.MAX_RANK_VOCAL
        d.rectangle((bx, y, bx + bw - 4, y + 44), fill=WHITE if usable else (225, 222, 215), outline=LINE)
        put(img, (bx + 4, y + 2), fit_text(_rank(r, locale), bw - 10, ELDER.size), ELDER.size, fill=MUTED)
        e = p.elders.get(str(r))
        if e:
            _meeple(d, img, bx + 16, y + 30, e[0][0], 1, e[0].endswith("a"))
            if e[1]:
                _disc(d, bx + 38, y + 30, e[1], 6)
                put(img, (bx + 48, y + 22), "◔", 12, fill=MUTED)
    y += 52
    put(img, (x0 + 10, y), _tr("neanderthal.ui.pool", locale), 14, fill=MUTED)
    x: float = x0 + 130
    for c, a, k in _tokens_summary(p.pool):
        half = token_half(c, k, a)
        _meeple(d, img, x + half - 9, y + 9, c, k, a)
        x += 2 * half + 10
    return y + 26


def _rank(r: int, locale: str) -> str:
    return f"{r} {_tr(f'neanderthal.rank.{r}', locale)}"


# A mark beside a daughter: (its offset leftwards from where her marks start, "meeple" or "disc", colour,
# count, Alpha, radius)
Mark = tuple[int, str, str, int, bool, int]


def _marks(view, p, wi: int, wf) -> tuple[list[Mark], int]:
    """A daughter's marks from the right, inwards: her Husband (and the Hunter assimilated with him, and
    the disc under him), her discs, then her Suitors; and how far leftwards they reach."""
    marks: list[Mark] = []
    x = 0
    if wf.husband:
        marks.append((x, "meeple", wf.husband[0], 1, False, 9))
        x += 16
        if wf.assimilated:  # M3-B: a Hunter assimilated with the Husband, one Husband of two meeples
            marks.append((x, "meeple", wf.assimilated[0], 1, False, 9))
            x += 16
        if wf.husband_disc:
            marks.append((x, "disc", wf.husband_disc, 1, False, 5))
            x += 12
        x += 10
    for c in reversed(wf.discs):
        marks.append((x, "disc", c, 1, False, 6))
        x += 14
    x += 8
    for c, a, k in _tokens_summary([tk.split(":")[1] for tk in view.suitors.get(f"{p.seat}-{wi}", [])]):
        half = round(token_half(c, k, a))
        marks.append((x + half - 9, "meeple", c, k, a, half))
        x += 2 * half + 6
    return marks, max((dx + r for dx, *_, r in marks), default=0)


def _daughter_columns(w: int) -> tuple[int, int]:
    """How many columns of daughters a panel ``w`` wide holds, and their width (``DAUGHTER_GUTTER`` apart)."""
    columns = max(1, (w - 20 + DAUGHTER_GUTTER) // (DAUGHTER_COLUMN + DAUGHTER_GUTTER))
    return columns, (w - 20 - (columns - 1) * DAUGHTER_GUTTER) // columns


def _daughter_name(wf, column_w: int, locale: str) -> str:
    return fit_text(_tr(f"neanderthal.card.{wf.card}", locale), column_w // 2 - 14, 14, not wf.discs)


def _daughters_layout(view, p, w: int, locale: str) -> tuple[int, list[tuple[int, int, bool]]]:
    """Where each daughter goes: (column, line, her marks on a line of their own under her name when they
    would reach her name), and the lines a column holds (``DAUGHTER_LINES`` at least), the columns filled
    in turn."""
    columns, column_w = _daughter_columns(w)
    tall = []
    for wi, wf in enumerate(p.wives):
        name_w = text_width(_daughter_name(wf, column_w, locale), 14, not wf.discs)
        tall.append(4 + name_w + 10 > column_w - 8 - _marks(view, p, wi, wf)[1])
    lines = max(DAUGHTER_LINES, -(-(len(tall) + sum(tall)) // columns))
    while True:
        places, column, line = [], 0, 0
        for two in tall:
            if line + 1 + two > lines:
                column, line = column + 1, 0
            places.append((column, line, two))
            line += 1 + two
        if column < columns:
            return lines, places
        lines += 1


def _daughters_h(view, p, w: int, locale: str) -> int:
    return 20 + _daughters_layout(view, p, w, locale)[0] * DAUGHTER_LINE + 4


def _daughters(img, d, view, p, x0: int, y: int, w: int, locale: str) -> int:
    """The daughters in columns (as many as the panel's width holds, of five lines at least): her name on
    the left half of a column; on the right, from its edge inwards, her Husband, her discs, then her
    Suitors (on the line under her name when they would reach it)."""
    put(img, (x0 + 10, y), _tr("neanderthal.ui.daughters", locale), 14, fill=MUTED)
    y += 20
    lines, places = _daughters_layout(view, p, w, locale)
    _, column_w = _daughter_columns(w)
    for wi, (wf, (column, line, two)) in enumerate(zip(p.wives, places, strict=True)):
        left = x0 + 10 + column * (column_w + DAUGHTER_GUTTER)
        yy = y + line * DAUGHTER_LINE
        put(img, (left + 4, yy), _daughter_name(wf, column_w, locale), 14, bold=not wf.discs)
        start, my = left + column_w - 8, yy + 9 + two * DAUGHTER_LINE
        for dx, kind, c, k, alpha, r in _marks(view, p, wi, wf)[0]:
            if kind == "meeple":
                _meeple(d, img, start - dx, my, c, k, alpha)
            else:
                _disc(d, start - dx, my, c, r)
    return y + lines * DAUGHTER_LINE + 4


def _tableau_items(p, locale: str) -> list[str]:
    items = [_tr(f"neanderthal.card.{c}", locale) + (" ♛♛" if data.trophy_of(c)[0] == 2 else " ♛") for c in p.trophies]
    items += [
        _tr(f"neanderthal.card.{tl.card}", locale) + (" ◔" if tl.disc else "") + f" ({data.hand_of(tl.card)[0]})"
        for tl in p.tools
    ]
    return items


def _tableau_texts(p, w: int, locale: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The lines of the tableau (trophies, domestic animals and inventions), and of the hand: its cards in
    its owner's view, else how many; as many lines as they take."""
    items = ", ".join(_tableau_items(p, locale)) or "—"
    tableau = wrap(_tr("neanderthal.ui.tableau", locale) + ": " + items, w - 20, TABLEAU.size)
    if p.hand is None:
        return tableau, (_tr("neanderthal.ui.hand_n", locale, n=p.hand_count),)
    hand = ", ".join(_tr(f"neanderthal.card.{c}", locale) for c in p.hand) or "—"
    return tableau, wrap(_tr("neanderthal.ui.hand", locale) + ": " + hand, w - 20, TABLEAU.size, True)


def _tableau_h(p, w: int, locale: str) -> int:
    tableau, hand = _tableau_texts(p, w, locale)
    return max(len(tableau), TABLEAU.lines) * LINE_13 + 4 + max(len(hand), TABLEAU.lines) * LINE_13


def _tableau(img, d, view, p, x0: int, y: int, w: int, locale: str) -> int:
    """Trophies, domestic animals (D) and inventions (I), then the hand, each on as many lines as it takes."""
    tableau, hand = _tableau_texts(p, w, locale)
    for line in tableau:
        put(img, (x0 + 10, y), line, TABLEAU.size)
        y += LINE_13
    y += 4
    for line in hand:
        if p.hand is None:
            put(img, (x0 + 10, y), line, TABLEAU.size, fill=MUTED)
        else:
            put(img, (x0 + 10, y), line, TABLEAU.size, fill=(30, 80, 150), bold=True)
        y += LINE_13
    return y


BREAKDOWN = 16  # the size of the final score's breakdown


def _breakdown_lines(view, p, w: int, locale: str) -> tuple[str, ...]:
    """Once the game is over, the score by source ("Elders 6 · Daughters 4 · …", the sources that scored)."""
    if view.phase != "over" or not p.points:
        return ()
    lines: list[str] = []
    for part in [f"{_tr(k, locale)} {v}" for k, v in p.points.items() if v] or ["—"]:  # a source whole on its line
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and text_width(joined, BREAKDOWN, True) <= w - 20:
            lines[-1] = joined
        else:
            lines.append(part)
    return tuple(lines)


def _breakdown(img, d, view, p, x0: int, y: int, w: int, locale: str) -> int:
    """The final score's breakdown, on a ruled-off band at the panel's foot."""
    lines = _breakdown_lines(view, p, w, locale)
    if not lines:
        return y
    d.line((x0 + 10, y + 4, x0 + w - 10, y + 4), fill=LINE, width=2)
    y += 10
    for line in lines:
        put(img, (x0 + 10, y), line, BREAKDOWN, fill=WINNER, bold=True)
        y += round(BREAKDOWN * 1.25)
    return y


# A species' panel, part after part: each draws from its top and returns where the next one starts.
PANEL_PARTS = (_placard, _elders, _daughters, _tableau, _breakdown)


def palettes(locale: str) -> list[Palette]:
    """The colours a player tells apart: the species' tokens (each with its letter) among the discs they lie
    beside (plain), and the kinds of biome (named on each card)."""
    tokens = {f"species {c}": colour for c, colour in SPECIES_COLOUR.items()}
    discs = {f"disc {c}": colour for c, colour in DISC_FILL.items()}
    marks = {f"species {c}": mark for c, mark in SPECIES_MARK.items()}
    kinds = {kind: _tr(f"neanderthal.kind.{kind}", locale) for kind in KIND_FILL}
    return [Palette("tokens and discs", tokens | discs, marks), Palette("biome kinds", dict(KIND_FILL), kinds)]


def describe(view, locale: str, names: list[str]) -> str:
    """The picture in words (its alt text): the turn, who plays or how the game ended, the points, the
    event card and the biomes in play."""
    scores = [(_name(names, p.seat, locale), _tr("neanderthal.ui.score", locale, n=p.score)) for p in view.tribes]
    parts = [_title(view, locale), headline(view, locale, names), scores_line(scores, locale)]
    if view.event_card:
        parts.append(_tr("neanderthal.alt.event", locale, card=_tr(f"neanderthal.card.{view.event_card}", locale)))
    cards = [c for c in (view.grid if view.cells else [*view.north, *view.south]) if c]
    biomes = ", ".join(_tr(f"neanderthal.card.{c}", locale) for c in cards)
    parts.append(_tr("neanderthal.alt.biomes", locale, list=biomes or "—"))
    return alt_text(*parts)


def named_texts(locale: str) -> Iterator[tuple[str, str, Box]]:
    """Every card, event, skill and rank name the picture draws, with the box it is drawn in."""
    for card, b in data.BIOMES.items():
        yield f"card {card}", _tr(f"neanderthal.card.{card}", locale), CARD_NAME
        yield f"card {card} kind", _kind_line(b, locale), CARD_KIND
    for card, dc in data.DAUGHTERS.items():
        yield f"daughter {card}", _tr(f"neanderthal.card.{card}", locale), EVENT_NAME
        yield f"daughter {card} in a panel", _tr(f"neanderthal.card.{card}", locale), DAUGHTER
        yield f"skill {dc.skill}", _tr(f"neanderthal.skill.{dc.skill}", locale), EVENT_SKILL
        for icon, k in dc.events:
            label = _tr(f"neanderthal.icon.{icon}", locale)
            yield f"event {icon}", f"{label} ×{k}" if k > 1 else label, EVENT_ICON
    for r in data.RANKS:
        yield f"rank {r}", _rank(r, locale), ELDER
    for key, _ in LEGEND_SIGNS:
        yield key, _tr(key, locale), LEGEND
        yield f"{key} beside the matrix", _tr(key, locale), SIDE_LEGEND
    for rows in (2, data.GRID_ROWS):
        for label in _row_labels(rows, locale):
            yield "row", label, Box(2 * 36 - 8, 12, bold=True)


__all__ = ["describe", "headline", "named_texts", "palettes", "render"]
