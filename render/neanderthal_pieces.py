"""The NEANDERTHAL picture's measures, colours and small pieces: a card, a disc, a tribesman's token, the
names of the players and portals; ``render.neanderthal`` draws the board from them, ``neanderthal_tribe``
the species' panels."""

from __future__ import annotations

from functools import cache

from PIL import Image

from rules.neanderthal import data

from .common import (
    INK,
    MUTED,
    TAB_H,
    WINNER,
    Box,
    Drawing,
    fit_text,
    paletted_cache,
    put_boxed,
    put_text,
    text_width,
    translate,
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
