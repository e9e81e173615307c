"""The ATLANDICE board: clock track, the five regions and the Black Market, the players."""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import lru_cache

from PIL import Image

from rules.atlandice import data
from rules.core import msg, t

from .common import (
    HIGHLIGHT,
    INK,
    MUTED,
    TAB_H,
    WINNER,
    Box,
    Drawing,
    Palette,
    Parts,
    alt_text,
    canvas,
    draw_tabs,
    fit_text,
    image_cache,
    paletted_cache,
    parts_png,
    paste_image,
    player_tabs,
    put_boxed,
    rounded_rectangle,
    scores_line,
    seat_colour,
    text,
    text_width,
    winners_headline,
)

WIDTH = 1400
MARGIN = 16
RESOURCES = ("gem", "book", "food", "tool", "arm")
SECTOR_IDS = ("1", "2", "3", "4", "5", "bm")
# Resource colours (and a shape each, so that colour is never the only cue).
RES_COLOUR = {
    "gem": (142, 68, 173),
    "book": (31, 97, 141),
    "food": (30, 132, 73),
    "tool": (110, 110, 110),
    "arm": (176, 58, 46),
}
RES_SHAPE = {"gem": "diamond", "book": "square", "food": "circle", "tool": "hexagon", "arm": "triangle"}
REGION_TINT = {
    "gem": (235, 222, 242),
    "book": (219, 232, 242),
    "food": (220, 238, 225),
    "tool": (232, 232, 232),
    "arm": (244, 224, 220),
}
BM_TINT = (226, 220, 204)
BM_HEAD = (70, 60, 50)
SEA = (28, 84, 120)
CARD = (252, 250, 244)
LINE = (190, 182, 165)
WHITE = (255, 255, 255)
BM_CLOCK = 2  # the pointers printed by the Black Market (rules.atlandice.data.BM_CLOCK)
CARD_W = (1400 - 2 * 16 - 5 * 10) // 6  # a sector's card
# Where names are drawn (``named_texts`` lists every one of them with its box)
SECTOR_NAME = Box(CARD_W - 50, 19, bold=True)
TILE_TITLE = Box(CARD_W - 32, 14, bold=True)
TILE_EFFECT = Box(CARD_W - 32, 14, lines=4)


@lru_cache(maxsize=1)
def _colours() -> tuple[tuple[int, int, int], ...]:
    """The picture's flat colours, for the fixed PNG palette."""
    return (
        *RES_COLOUR.values(),
        *REGION_TINT.values(),
        BM_TINT,
        BM_HEAD,
        SEA,
        CARD,
        LINE,
        (205, 200, 190),
        (218, 213, 203),
        (230, 180, 20),
        (120, 190, 230),
        (200, 40, 80),
        (250, 240, 200),
        (120, 150, 165),
        (214, 230, 238),
        (255, 236, 160),
        (225, 225, 225),
        (0, 120, 60),
    )


TILE_VP = 3  # what a Region tile is worth at the end (rules.atlandice.data.TILE_VP)


def _name(names: list[str], seat: int | None, locale: str) -> str:
    if seat is None:
        return t(msg("atlandice.neutral"), locale)
    if seat < len(names) and names[seat]:
        return names[seat]
    return t(msg("core.seat", n=seat + 1), locale)


def _shape(
    draw: Drawing,
    cx: float,
    cy: float,
    r: float,
    shape: str,
    fill: tuple[int, int, int],
    outline: tuple[int, int, int] = WHITE,
) -> None:
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=2)
    elif shape == "square":
        rounded_rectangle(draw, (cx - r, cy - r, cx + r, cy + r), radius=3, fill=fill, outline=outline, width=2)
    elif shape == "diamond":
        draw.polygon(
            [(cx, cy - r * 1.2), (cx + r * 1.1, cy), (cx, cy + r * 1.2), (cx - r * 1.1, cy)],
            fill=fill,
            outline=outline,
            width=2,
        )
    elif shape == "triangle":
        draw.polygon(
            [(cx, cy - r * 1.15), (cx + r * 1.15, cy + r * 0.9), (cx - r * 1.15, cy + r * 0.9)],
            fill=fill,
            outline=outline,
            width=2,
        )
    else:  # hexagon
        pts = [(cx + r * 1.1 * math.cos(math.pi / 3 * i), cy + r * 1.1 * math.sin(math.pi / 3 * i)) for i in range(6)]
        draw.polygon(pts, fill=fill, outline=outline, width=2)


def _token(draw: Drawing, cx: float, cy: float, res: str, r: float = 10) -> None:
    _shape(draw, cx, cy, r, RES_SHAPE[res], RES_COLOUR[res])


def _resources(
    draw: Drawing,
    x: float,
    y: float,
    counts: dict[str, int],
    width: float,
    *,
    size: int = 20,
    dim_zero: bool = True,
    out: list[str] | None = None,
) -> None:
    """The five resources as token + count in one row (``x``, ``y`` the row's top left)."""
    step = width / 5
    for i, res in enumerate(RESOURCES):
        cx = x + step * i + 14
        n = counts.get(res, 0)
        if out and res in out:
            _shape(draw, cx, y + 12, 8, RES_SHAPE[res], (205, 200, 190))
            draw.line((cx - 10, y + 22, cx + 10, y + 2), fill=MUTED, width=2)
            continue
        if n == 0 and dim_zero:
            _shape(draw, cx, y + 12, 7, RES_SHAPE[res], (218, 213, 203))
        else:
            _token(draw, cx, y + 12, res, 10)
            text(draw, (cx + 14, y + 12), str(n), size, bold=True, anchor="lm")


def _die(draw: Drawing, x: float, y: float, value: int, size: int = 28, fill: tuple[int, int, int] = WHITE) -> None:
    rounded_rectangle(draw, (x, y, x + size, y + size), radius=5, fill=fill, outline=INK, width=2)
    q = size / 4
    spots = {
        1: [(2, 2)],
        2: [(1, 1), (3, 3)],
        3: [(1, 1), (2, 2), (3, 3)],
        4: [(1, 1), (3, 1), (1, 3), (3, 3)],
        5: [(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)],
        6: [(1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)],
    }[value]
    pr = size / 11
    for sx, sy in spots:
        cx, cy = x + sx * q, y + sy * q
        draw.ellipse((cx - pr, cy - pr, cx + pr, cy + pr), fill=INK)


def _pointers(draw: Drawing, x: float, y: float, n: int, colour=INK) -> float:
    """``n`` small clock-pointer icons from (x, y) (centre line); returns the end x."""
    for i in range(n):
        cx = x + 10 + i * 22
        draw.ellipse((cx - 9, y - 9, cx + 9, y + 9), fill=WHITE, outline=colour, width=2)
        draw.line((cx, y, cx, y - 6), fill=colour, width=2)
        draw.line((cx, y, cx + 5, y + 2), fill=colour, width=2)
    return x + n * 22


def _submarine(draw: Drawing, x: float, y: float, scale: float = 1.0) -> None:
    s = scale
    body = (230, 180, 20)
    rounded_rectangle(draw, (x, y + 8 * s, x + 54 * s, y + 26 * s), radius=int(9 * s), fill=body, outline=INK, width=2)
    draw.rectangle((x + 20 * s, y, x + 34 * s, y + 10 * s), fill=body, outline=INK, width=2)
    for i in range(3):
        cx = x + (13 + 14 * i) * s
        draw.ellipse((cx - 3 * s, y + 14 * s, cx + 3 * s, y + 20 * s), fill=(120, 190, 230), outline=INK)
    draw.polygon([(x + 54 * s, y + 17 * s), (x + 62 * s, y + 9 * s), (x + 62 * s, y + 25 * s)], fill=body, outline=INK)


def _waves(draw: Drawing, cx: float, cy: float, w: float = 26, colour=SEA) -> None:
    for row in (-5, 3):
        pts = [(cx - w / 2 + i * w / 12, cy + row + 3 * math.sin(i * math.pi / 3)) for i in range(13)]
        draw.line(pts, fill=colour, width=3)


def _donation(draw: Drawing, cx: float, cy: float, r: float = 11, colour=(200, 40, 80)) -> None:
    """A heart."""
    draw.ellipse((cx - r, cy - r * 0.8, cx, cy + r * 0.2), fill=colour)
    draw.ellipse((cx, cy - r * 0.8, cx + r, cy + r * 0.2), fill=colour)
    draw.polygon([(cx - r, cy - r * 0.25), (cx + r, cy - r * 0.25), (cx, cy + r)], fill=colour)


def _inventory(draw: Drawing, cx: float, cy: float, what: str) -> None:
    """A scroll (the Inventory) with the resource it counts, or a Σ for the total stock."""
    rounded_rectangle(draw, (cx - 13, cy - 13, cx + 13, cy + 13), radius=4, fill=(250, 240, 200), outline=INK, width=2)
    if what == "total":
        text(draw, (cx, cy + 1), "Σ", 18, bold=True, anchor="mm")
    else:
        _token(draw, cx, cy, what, 8)


# The header: the title and round, then the status line (who plays and what they are asked, or who won),
# then what the last move did on a line under it, both at the size a 550 px preview still reads at 9 px
HEADER_H = 92
STATUS_SIZE = 24
LOG_Y = HEADER_H + 8
CLOCK_Y = LOG_Y + 42
CARD_H, PLAYER_H = 300, 128
SECTORS_Y = CLOCK_Y + 100
PLAYERS_Y = SECTORS_Y + CARD_H + 16 + TAB_H
LEGEND_Y = PLAYERS_Y + PLAYER_H + 18
HEIGHT = LEGEND_Y + 60


def _clock_geometry(clock_end: int) -> tuple[float, float, float]:
    x0, x1 = MARGIN + 110, WIDTH - MARGIN - 10
    return x0, x1, (x1 - x0) / (clock_end + 1)


def _clock_icon(draw, i: int, cx: float, cy: float, mark: str | None, clock_end: int) -> None:
    if i == 0:
        draw.polygon(
            [
                (cx - 12, cy - 8),
                (cx + 4, cy - 8),
                (cx + 4, cy - 15),
                (cx + 16, cy),
                (cx + 4, cy + 15),
                (cx + 4, cy + 8),
                (cx - 12, cy + 8),
            ],
            fill=MUTED,
        )
    elif i == clock_end:
        _waves(draw, cx, cy)
    elif mark == "don":
        _donation(draw, cx, cy)
    elif mark and mark.startswith("inv."):
        _inventory(draw, cx, cy, mark[4:])
    else:
        draw.ellipse((cx - 4, cy - 4, cx + 4, cy + 4), fill=(120, 150, 165))
    text(draw, (cx, cy + 25), str(i), 13, fill=MUTED, anchor="mm")


def _clock_static(draw, track: dict[int, str], clock_end: int, locale: str) -> None:
    y = CLOCK_Y
    text(draw, (MARGIN, y), t(msg("atlandice.pic.clock"), locale), 20, bold=True)
    x0, x1, step = _clock_geometry(clock_end)
    cy = y + 34
    rounded_rectangle(draw, (x0 - 8, cy - 30, x1 + 2, cy + 42), radius=16, fill=(214, 230, 238), outline=LINE, width=2)
    for i in range(clock_end + 1):
        _clock_icon(draw, i, x0 + step * i + step / 2, cy, track.get(i), clock_end)


def _clock_hand(draw, view) -> None:
    track = {int(k): v for k, v in view.track.items()}
    x0, _, step = _clock_geometry(view.clock_end)
    cy = CLOCK_Y + 34
    i = view.clock
    cx = x0 + step * i + step / 2
    fill = HIGHLIGHT if view.last_clock == view.clock else (255, 236, 160)
    rounded_rectangle(
        draw, (cx - step / 2 + 3, cy - 27, cx + step / 2 - 3, cy + 39), radius=10, fill=fill, outline=INK, width=3
    )
    _clock_icon(draw, i, cx, cy, track.get(i), view.clock_end)
    text(draw, (cx, cy + 25), str(i), 13, bold=True, anchor="mm")  # its number in ink, inside the box
    draw.polygon([(cx - 10, cy - 40), (cx + 10, cy - 40), (cx, cy - 28)], fill=INK)


@image_cache
def _static(locale: str, track: tuple[tuple[int, str], ...], clock_end: int) -> Image.Image:
    """What every picture shares: the header bar, the clock track without its hand, the legend."""
    image, draw = canvas(WIDTH, HEIGHT, _colours())
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=SEA)
    text(draw, (MARGIN, 24), "ATLANDICE", 28, fill=WHITE, bold=True, anchor="lm")
    _clock_static(draw, dict(track), clock_end, locale)
    draw.line((MARGIN, LEGEND_Y - 6, WIDTH - MARGIN, LEGEND_Y - 6), fill=LINE, width=1)
    _legend(draw, locale, LEGEND_Y)
    return image


@paletted_cache(lambda: _colours())
def _card_base(
    sector: int,
    resource: str | None,
    tile: str | None,
    clocks: int,
    exhausted: bool,
    left: int | None,
    touched: bool,
    locale: str,
    w: int,
    h: int,
) -> Image.Image:
    """The unchanging part of a sector card (frame, title, visible tile), with a 5 px margin."""
    image, draw = canvas(w + 10, h + 10)
    x, y = 5, 5
    is_bm = sector == 5
    if is_bm:
        tint, head = BM_TINT, BM_HEAD
    else:
        assert resource is not None, "every sector but the Black Market has a resource"
        tint = REGION_TINT[resource] if not exhausted else (225, 225, 225)
        head = RES_COLOUR[resource] if not exhausted else MUTED
    if touched:
        rounded_rectangle(draw, (x - 5, y - 5, x + w + 4, y + h + 4), radius=16, fill=HIGHLIGHT)
    rounded_rectangle(draw, (x, y, x + w, y + h), radius=12, fill=tint, outline=LINE, width=2)
    rounded_rectangle(draw, (x, y, x + w, y + 40), radius=12, fill=head)
    draw.rectangle((x, y + 28, x + w, y + 40), fill=head)
    name = t(msg(f"atlandice.sector.{SECTOR_IDS[sector]}"), locale)
    _die(draw, x + 8, y + 7, 6 if is_bm else sector + 1, 26)
    text(draw, (x + 42, y + 20), fit_text(name, SECTOR_NAME.width, 19, True), 19, fill=WHITE, bold=True, anchor="lm")
    ty = y + 48
    if exhausted:
        text(
            draw,
            (x + w / 2, ty + 40),
            t(msg("atlandice.pic.exhausted"), locale),
            20,
            fill=MUTED,
            bold=True,
            anchor="mm",
        )
    else:
        rounded_rectangle(draw, (x + 8, ty, x + w - 8, ty + 112), radius=8, fill=CARD, outline=LINE)
        if is_bm:
            title, effect = "", t(msg("atlandice.effect.bm"), locale)
        else:
            title = t(msg(f"atlandice.short.{tile}"), locale)
            effect = t(msg(f"atlandice.effect.{tile}"), locale)
        ey = ty + 8
        if title:
            text(draw, (x + 16, ey), fit_text(title, TILE_TITLE.width, 14, True), 14, bold=True)
            ey += 20
        put_boxed(image, (x + 16, ey), effect, TILE_EFFECT, leading=18 / 14)
        _pointers(draw, x + 14, ty + 96, clocks)
        if left is not None:
            text(
                draw, (x + w - 16, ty + 96), t(msg("atlandice.pic.stack", n=left), locale), 13, fill=MUTED, anchor="rm"
            )
    rounded_rectangle(draw, (x + 8, ty + 122, x + w - 8, ty + 152), radius=8, fill=WHITE, outline=LINE)
    return image


def _sector_card(image, draw, view, locale: str, x: int, y: int, w: int, h: int, sector: int) -> None:
    if sector == 5:
        region = None
        res_here, dice = view.black_market, view.black_market_dice
        base = _card_base(5, None, None, BM_CLOCK, False, None, 5 in view.last_sectors, locale, w, h)
    else:
        region = view.regions[sector]
        res_here, dice = region.resources, region.dice
        base = _card_base(
            sector,
            region.resource,
            region.tile,
            region.tile_clock or 0,
            region.exhausted,
            region.stack_left,
            sector in view.last_sectors,
            locale,
            w,
            h,
        )
    paste_image(image, base, (x - 5, y - 5))
    ry = y + 48 + 122
    _resources(draw, x + 12, ry + 3, res_here, w - 20, size=17, out=view.out)
    dy = ry + 38
    per_row = 6 if len(dice) > 8 else 4
    for i, v in enumerate(dice):
        _die(draw, x + 10 + (i % per_row) * 31, dy + (i // per_row) * 31, v, 27)
    if view.submarine == sector:
        _submarine(draw, x + w - 72, y + h - 34)


def _player_card(
    draw, view, locale: str, names: list[str], x: float, y: float, w: float, h: float, part_index: int
) -> None:
    part = view.participants[part_index]
    seat = part.seat
    colour = seat_colour(seat)
    over = view.scores is not None
    acting = seat is not None and seat in view.to_act and not over
    won = over and seat is not None and seat in view.winners
    last = not over and view.last_seat is not None and seat == view.last_seat
    draw_tabs(draw, player_tabs(locale, won=won, to_play=acting, last=last), x + 12, y)
    if last:
        rounded_rectangle(draw, (x - 5, y - 5, x + w + 5, y + h + 5), radius=16, fill=HIGHLIGHT)
    outline, width = (WINNER, 6) if won else (INK, 5) if acting else (colour, 2)
    rounded_rectangle(draw, (x, y, x + w, y + h), radius=12, fill=CARD, outline=outline, width=width)
    rounded_rectangle(draw, (x, y, x + w, y + 38), radius=12, fill=colour, outline=outline, width=width)
    draw.rectangle((x + width, y + 24, x + w - width, y + 38), fill=colour)
    # during the game the tokens won so far; once over, the final score
    vp_text = t(msg("atlandice.pic.vp", n=view.scores[part_index] if over else part.victory_points), locale)
    text(draw, (x + w - 12, y + 20), vp_text, STATUS_SIZE, fill=WHITE, bold=True, anchor="rm", role="score")
    name_w = w - 36 - text_width(vp_text, STATUS_SIZE, True)
    text(
        draw,
        (x + 12, y + 20),
        fit_text(_name(names, seat, locale), name_w, 20, True),
        20,
        fill=WHITE,
        bold=True,
        anchor="lm",
    )
    iy = y + 46
    _resources(draw, x + 10, iy, part.stock, w - 20, size=18, out=view.out)
    iy += 34
    dice = 0 if over else part.dice_taken
    _tiles_won(draw, locale, part.tiles, x + 12, iy, w - 24 - 20 * dice)
    # dice taken this round, first player, gift to the Neutral
    bx = x + w - 12
    for _ in range(dice):
        bx -= 20
        _taken_box(draw, bx, iy + 3)
    foot = []
    if seat is not None and seat == view.first and not over:
        foot.append(t(msg("atlandice.pic.first"), locale))
    if view.neutral and seat is not None and part.gave_neutral and not over:
        foot.append(t(msg("atlandice.pic.gave"), locale))
    if over:
        tiles = TILE_VP * len(part.tiles)
        foot.append(
            t(
                msg(
                    "atlandice.pic.final",
                    tiles=tiles,
                    vp=part.victory_points,
                    maj=view.scores[part_index] - tiles - part.victory_points,
                ),
                locale,
            )
        )
    fy = y + h - 16
    if foot:
        text(draw, (x + 12, fy), fit_text(" · ".join(foot), w - 24, 15), 15, fill=MUTED, anchor="lm")
    if seat is None and over:  # the Neutral player scores, but is not ranked among the players
        text(draw, (x + w - 12, fy), t(msg("atlandice.pic.unranked"), locale), 15, fill=MUTED, anchor="rm")


def _tiles_won(draw, locale: str, tiles: list[str], x: float, y: float, room: float) -> None:
    """The Region tiles a player won, a badge each in its resource's colour: the Region's die face and the
    tile's VP (the die alone where ``room`` holds no more)."""
    if not tiles:
        text(draw, (x, y + 11), "—", 14, fill=MUTED, anchor="lm")
        return
    vp = t(msg("atlandice.pic.vp", n=TILE_VP), locale)
    full = 34 + text_width(vp, 14, True)
    wide = len(tiles) * (full + 6) <= room
    for tile in tiles:
        region = next(r for r, row in data.TILES.items() if tile in row)
        badge = full if wide else 30
        rounded_rectangle(draw, (x, y - 2, x + badge, y + 24), radius=6, fill=RES_COLOUR[RESOURCES[region]])
        _die(draw, x + 4, y + 2, region + 1, 18)
        if wide:
            text(draw, (x + 27, y + 11), vp, 14, fill=WHITE, bold=True, anchor="lm")
        x += badge + 6


def _taken_box(draw, x: float, y: float) -> None:
    rounded_rectangle(draw, (x, y, x + 16, y + 16), radius=3, fill=WHITE, outline=INK, width=2)


def _legend(draw, locale: str, y: float) -> None:
    x: float = MARGIN
    for res in RESOURCES:
        _token(draw, x + 10, y + 12, res, 9)
        label = t(msg(f"atlandice.res.{res}"), locale)
        text(draw, (x + 24, y + 12), label, 15, anchor="lm")
        x += 34 + text_width(label, 15) + 12
    x += 10
    _inventory(draw, x + 14, y + 12, "total")
    label = t(msg("atlandice.pic.legend.inv"), locale)
    text(draw, (x + 32, y + 12), label, 15, anchor="lm")
    x += 40 + text_width(label, 15) + 12
    _donation(draw, x + 10, y + 12, 9)
    label = t(msg("atlandice.pic.legend.don"), locale)
    text(draw, (x + 24, y + 12), label, 15, anchor="lm")
    x += 32 + text_width(label, 15) + 12
    _waves(draw, x + 12, y + 12, 22)
    label = t(msg("atlandice.pic.legend.waves"), locale)
    text(draw, (x + 28, y + 12), label, 15, anchor="lm")
    x += 36 + text_width(label, 15) + 12
    y2 = y + 30
    x = MARGIN
    _submarine(draw, x, y2 - 2, 0.6)
    label = t(msg("atlandice.pic.legend.sub"), locale)
    text(draw, (x + 44, y2 + 10), label, 15, anchor="lm")
    x += 54 + text_width(label, 15) + 16
    _pointers(draw, x, y2 + 10, 1)
    label = t(msg("atlandice.pic.legend.clock"), locale)
    text(draw, (x + 26, y2 + 10), label, 15, anchor="lm")
    x += 36 + text_width(label, 15) + 16
    rounded_rectangle(draw, (x, y2, x + 24, y2 + 20), radius=5, fill=HIGHLIGHT)
    label = t(msg("atlandice.pic.legend.last"), locale)
    text(draw, (x + 32, y2 + 10), label, 15, anchor="lm")
    x += 40 + text_width(label, 15) + 16
    _taken_box(draw, x, y2 + 2)
    label = t(msg("atlandice.pic.legend.taken"), locale)
    text(draw, (x + 24, y2 + 10), label, 15, anchor="lm")


def headline(view, locale: str, names: list[str]) -> str:
    """The picture's status line: who plays and what is asked (the players named), or who won."""
    if view.phase == "over":
        seats = [p.seat for p in view.participants]
        best = max((view.scores[seats.index(s)] for s in view.winners), default=0)
        winners = [_name(names, s, locale) for s in view.winners]
        score = t(msg("atlandice.pic.vp", n=best), locale)
        return t(msg("atlandice.pic.over"), locale) + " — " + winners_headline(winners, score, locale)
    if not view.to_act:
        return ""
    status = t(msg("atlandice.pic.turn", who=_name(names, view.to_act[0], locale)), locale)
    if view.prompt is not None:
        status += " — " + t(view.prompt, locale, names=names)
    return status


def describe(view, locale: str, names: list[str]) -> str:
    """The picture in words (its alt text): who plays or who won, the points, the clock and the submarine."""
    over = view.scores is not None
    scores = [
        (
            _name(names, p.seat, locale),
            t(msg("atlandice.pic.vp", n=view.scores[i] if over else p.victory_points), locale),
        )
        for i, p in enumerate(view.participants)
    ]
    sector = t(msg(f"atlandice.sector.{SECTOR_IDS[view.submarine]}"), locale)
    position = t(
        msg("atlandice.alt.position", round=view.round, clock=view.clock, end=view.clock_end, sector=sector), locale
    )
    return alt_text("ATLANDICE", headline(view, locale, names), scores_line(scores, locale), position)


def palettes(locale: str) -> list[Palette]:
    """The colours a player tells apart: the resources (each with its shape) and the players' cards (each
    with its player's name, the Neutral's too)."""
    seats = {f"seat {s + 1}": seat_colour(s) for s in range(4)} | {"neutral": seat_colour(None)}
    names = {key: f"name of {key}" for key in seats}
    return [Palette("resources", dict(RES_COLOUR), dict(RES_SHAPE)), Palette("players", seats, names)]


def named_texts(locale: str) -> Iterator[tuple[str, str, Box]]:
    """Every sector, tile and effect name the picture draws, with the box it is drawn in."""
    for sector in SECTOR_IDS:
        yield f"sector {sector}", t(msg(f"atlandice.sector.{sector}"), locale), SECTOR_NAME
    yield "Black Market", t(msg("atlandice.effect.bm"), locale), TILE_EFFECT
    for tiles in data.TILES.values():
        for tile in tiles:
            yield f"tile {tile}", t(msg(f"atlandice.short.{tile}"), locale), TILE_TITLE
            yield f"tile {tile} effect", t(msg(f"atlandice.effect.{tile}"), locale), TILE_EFFECT


def render(view, *, locale: str = "en", names: list[str] | None = None) -> bytes:
    return parts_png(lambda kept: _board(view, locale, names or [], kept), _colours())


def _board(view, locale: str, names: list[str], kept: Parts) -> Image.Image:
    parts = len(view.participants)
    track = tuple(sorted((int(k), v) for k, v in view.track.items()))
    image = _static(locale, track, view.clock_end).copy()
    draw = Drawing(image)
    # header
    text(draw, (MARGIN + 200, 24), t(msg("atlandice.pic.round", n=view.round), locale), 20, fill=WHITE, anchor="lm")
    status = fit_text(headline(view, locale, names), WIDTH - MARGIN * 2, STATUS_SIZE, True)
    text(draw, (MARGIN, 66), status, STATUS_SIZE, fill=HIGHLIGHT, bold=True, anchor="lm", role="turn prompt")
    said = [t(e, locale, names=names) for e in view.events]
    if said:
        line = fit_text("› " + " · ".join(said), WIDTH - MARGIN * 2, STATUS_SIZE)
        text(draw, (MARGIN, LOG_Y), line, STATUS_SIZE, role="last_move")
    _clock_hand(draw, view)
    # sectors
    for sector in range(6):
        x, y, _, _ = sector_box(sector)
        _sector_part(kept, image, draw, view, locale, x, y, sector)
    # participants
    pw = (WIDTH - 2 * MARGIN - (parts - 1) * 14) / parts
    for i in range(parts):
        _player_card(draw, view, locale, names, MARGIN + i * (pw + 14), PLAYERS_Y, pw, PLAYER_H, i)
    return image


def sector_box(sector: int) -> tuple[int, int, int, int]:
    """The card of a sector (0-4 the Regions, 5 the Black Market): its left, top, right and bottom."""
    x = MARGIN + sector * (CARD_W + 10)
    return x, SECTORS_Y, x + CARD_W, SECTORS_Y + CARD_H


def _sector_part(parts: Parts, image, draw, view, locale: str, x: int, y: int, sector: int) -> None:
    """A sector's card, a part kept from board to board (it changes when its dice or resources do)."""
    if sector == 5:
        key = view.model_dump_json(include={"black_market", "black_market_dice"})
    else:
        key = view.regions[sector].model_dump_json()
    parts.draw(
        image,
        (x - 5, y - 5, x + CARD_W + 5, y + CARD_H + 5),
        ("atlandice sector", key, sector in view.last_sectors, tuple(view.out), view.submarine == sector, locale),
        lambda: _sector_card(image, draw, view, locale, x, y, CARD_W, CARD_H, sector),
    )
