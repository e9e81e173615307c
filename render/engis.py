"""The ENGIS picture: the collective board (offer, turn order, scores, intempéries, skills) and
every clan's hex territory with its meeples, objects, skills and cards.  A pure function of a
view; the hex tiles and the fixed frame are drawn once and reused."""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import lru_cache

from PIL import Image

from rules.core import Msg, seat_msg, t
from rules.engis import data

from .common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    Box,
    Drawing,
    Palette,
    Parts,
    alt_text,
    canvas,
    fit_text,
    font,
    goal_headline,
    image_cache,
    parts_png,
    paste_image,
    put_boxed,
    put_text,
    rounded_rectangle,
    scores_line,
    seat_colour,
    translate,
    winners_headline,
)

WIDTH = 1500
STATUS = Box(WIDTH - 40, 25, lines=2)  # who plays and what to do: 9 px at Discord's 550 px preview
BAR = 42 + 2 * round(STATUS.size * 1.2) + 6  # the title bar: the round and phase, then the status
LAST_MOVE = 25  # the last move, under the bar, as large
TOP = BAR + LAST_MOVE + 14
BOARD_H = 300  # collective board
PANEL_H = 384  # one clan
TERRITORY_W = 300  # a clan's hexes, left of its objects, skills and cards
OBJECT_PITCH = 24  # an object's line
PICKED_R = 36  # the hex picked from the offer
LEGEND_H = 64
MARGIN = 10
# Where names are drawn (``named_texts`` lists every one of them with its box)
WEATHER = Box(140, 16, bold=True)  # an intempérie's name on its card
NEED = Box(116, 13)  # what defends it: a terrain, a plant, knowledge
NEED_ENEMIES = Box(140, 13, lines=2)  # or the enemies' meeples and weapons
POOL_SKILL = Box(124, 13)  # a skill still available, with its copies
AREA_W = (WIDTH - 3 * MARGIN) // 2 - TERRITORY_W - 10  # right of a clan's hexes, at two clans a row
OBJECT = Box(AREA_W / 2 - 6 - 34, 13)
CHIP = Box(AREA_W - 12, 13)  # a skill or a card as a chip


def _tile_box(r: int) -> Box:
    """A terrain's name on a hex tile of radius ``r``."""
    return Box(1.44 * r, max(9, int(r * 0.25)), bold=True)


TERRAIN_FILL = {
    "F": (46, 125, 62),
    "M": (128, 124, 118),
    "L": (64, 138, 206),
    "S": (180, 196, 84),
    "D": (233, 204, 146),
    "C": (92, 70, 56),
    "V": (176, 52, 38),
    "W": (104, 120, 92),
}
HATCHED = {"V": (120, 30, 20)}  # terrains drawn with stripes: Volcano (blocks movement), apart from Forest
DARK_TERRAINS = {"F", "M", "L", "C", "V", "W"}
RESOURCE_GLYPH = {
    "wood": ("■", (120, 70, 28)),
    "stone": ("▲", (60, 60, 66)),
    "water": ("●", (22, 70, 170)),
    "food": ("♦", (226, 112, 20)),
    "mammoth": ("▼", (96, 52, 34)),
}
PLANT = ("♣", (26, 150, 52))
KNOW = ("★", (250, 200, 20))
PANEL_BG = (252, 249, 240)
LINE = (200, 192, 175)


put = put_text


def _tr(key: str, locale: str, **params) -> str:
    return translate(key, locale, **params)


def _hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A flat-topped hexagon."""
    return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(0, 360, 60)]


def _glyph(img: Image.Image, xy, glyph: str, colour, size: int) -> None:
    put(img, xy, glyph, size, fill=colour, anchor="mm", stroke=max(1, size // 9))


@image_cache
def _tile(hid: str, r: int, locale: str) -> Image.Image:
    """One hex tile (terrain colour, name, icons), drawn at 3x and reduced for smooth edges."""
    k = 3
    size = (int(2 * r * k) + 2, int(math.sqrt(3) * r * k) + 2)
    img = Image.new("RGBA", size, (0, 0, 0, 0))
    d = Drawing(img)
    cx, cy = size[0] / 2, size[1] / 2
    h = data.ALL_HEXES[hid]
    d.polygon(_hex_points(cx, cy, r * k - 1), fill=TERRAIN_FILL[h.terrain], outline=(40, 36, 30), width=2 * k)
    if h.terrain in HATCHED:  # a pattern besides the colour and the name: a volcano blocks movement
        _hatch(img, _hex_points(cx, cy, r * k - 2 * k), HATCHED[h.terrain], 3 * k)
    ink = (255, 255, 255) if h.terrain in DARK_TERRAINS else INK
    name = t(Msg(key=f"engis.terrain.{h.terrain}"), locale)
    box = _tile_box(r)
    fs = box.size * k
    d.text((cx, cy - r * k * 0.48), fit_text(name, box.width * k, fs, True), font=font(fs, True), fill=ink, anchor="mm")
    resource = data.RESOURCE.get(h.terrain)
    gs = int(r * 0.42) * k
    if resource and h.icons:
        glyph, colour = RESOURCE_GLYPH[resource]
        step = gs * 0.95
        x0 = cx - step * (h.icons - 1) / 2
        for i in range(h.icons):
            d.text(
                (x0 + i * step, cy - r * k * 0.08),
                glyph,
                font=font(gs),
                fill=colour,
                anchor="mm",
                stroke_width=k,
                stroke_fill=(255, 255, 255),
            )
    extras = [g for g, n in ((PLANT, h.plant), (KNOW, h.know)) if n]
    for i, (glyph, colour) in enumerate(extras):  # right of the middle: a meeple stands on the left
        x = cx + r * k * 0.18 + (i - (len(extras) - 1) / 2) * gs * 1.1
        d.text(
            (x, cy + r * k * 0.45),
            glyph,
            font=font(gs),
            fill=colour,
            anchor="mm",
            stroke_width=k,
            stroke_fill=(30, 30, 30),
        )
    if hid.startswith("p"):
        d.text((cx + r * k * 0.62, cy + r * k * 0.40), "•", font=font(fs), fill=ink, anchor="mm")
    return img.resize((size[0] // k, size[1] // k), Image.Resampling.LANCZOS)


def _hatch(img: Image.Image, polygon: list[tuple[float, float]], colour: tuple[int, int, int], width: int) -> None:
    """Diagonal stripes of ``colour`` inside ``polygon`` (Volcano's pattern, told from Forest without colour)."""
    mask = Image.new("L", img.size, 0)
    Drawing(mask).polygon(polygon, fill=255)
    stripes = Image.new("L", img.size, 0)
    sd = Drawing(stripes)
    step = width * 4
    for x in range(-img.height, img.width, step):
        sd.line((x, img.height, x + img.height, 0), fill=255, width=width)
    img.paste(colour, (0, 0), Image.composite(stripes, mask, mask).point(lambda v: 255 if v == 255 else 0))


@image_cache
def _empty_tile(r: int) -> Image.Image:
    k = 3
    size = (int(2 * r * k) + 2, int(math.sqrt(3) * r * k) + 2)
    img = Image.new("RGBA", size, (0, 0, 0, 0))
    d = Drawing(img)
    d.polygon(
        _hex_points(size[0] / 2, size[1] / 2, r * k - 2), fill=(236, 230, 214), outline=(180, 170, 150), width=2 * k
    )
    return img.resize((size[0] // k, size[1] // k), Image.Resampling.LANCZOS)


def _paste_tile(img: Image.Image, tile: Image.Image, cx: float, cy: float) -> None:
    paste_image(img, tile, (int(cx - tile.width / 2), int(cy - tile.height / 2)), tile)


def _space_centre(space: str, x0: float, y0: float, r: float) -> tuple[float, float]:
    col, y = data.SPACES[space]
    return x0 + r + (col - 1) * 1.5 * r, y0 + math.sqrt(3) * r * (y + 0.5)


def _meeple(img: Image.Image, draw: Drawing, cx: float, cy: float, colour, n: int, size: int = 11) -> None:
    """A pawn (head and body), the number of meeples on its body when more than one."""
    draw.ellipse(
        (cx - size * 0.45, cy - size * 1.25, cx + size * 0.45, cy - size * 0.35),
        fill=colour,
        outline=(255, 255, 255),
        width=2,
    )
    rounded_rectangle(
        draw,
        (cx - size * 0.8, cy - size * 0.45, cx + size * 0.8, cy + size * 0.75),
        radius=size // 2,
        fill=colour,
        outline=(255, 255, 255),
        width=2,
    )
    if n > 1:
        put(
            img,
            (cx, cy + size * 0.17),
            str(n),
            size,
            bold=True,
            fill=(255, 255, 255),
            anchor="mm",
            stroke=2,
            stroke_fill=(20, 20, 20),
        )


@image_cache
def _chip_image(
    label: str, fill: tuple, ink: tuple, size: int, width: float | None, outline: tuple | None, bold: bool
) -> Image.Image:
    w = int(width or (_length(label, size, bold) + 14))
    img = Image.new("RGBA", (w + 1, size + 11), (0, 0, 0, 0))
    d = Drawing(img)
    rounded_rectangle(d, (0, 0, w, size + 10), radius=6, fill=fill, outline=outline or LINE, width=3 if outline else 1)
    label = _fit(label, w - 10, size, bold)
    put(img, (w / 2, (size + 10) / 2), label, size, fill=ink, bold=bold, anchor="mm")
    return img


def _chip(img, draw, x, y, label, *, fill, ink=INK, size=15, width=None, outline=None, bold=False) -> float:
    chip = _chip_image(label, tuple(fill), tuple(ink), size, width, tuple(outline) if outline else None, bold)
    paste_image(img, chip, (int(x), int(y)), chip)
    return chip.width - 1


@lru_cache(maxsize=2048)
def _length(value: str, size: int, bold: bool = False) -> float:
    return font(size, bold).getlength(value)


@lru_cache(maxsize=2048)
def _fit(value: str, width: float, size: int, bold: bool = False) -> str:
    return fit_text(value, width, size, bold)


def _phase_label(view, locale: str) -> str:
    ph = view.phase
    if ph in ("token", "bid", "take", "pick", "place"):
        key = "engis.r.phase1"
    elif ph == "score":
        key = "engis.r.phase3"
    elif ph == "back":
        key = "engis.r.phase_end"
    elif ph == "over":
        key = "engis.r.over"
    else:
        key = "engis.r.phase2"
    return _tr(key, locale)


def _name(names: list[str], seat: int, locale: str) -> str:
    return t(seat_msg(seat), locale, names=names)


def _winners(view) -> list[int]:
    """The winners of a finished game: the highest score, then the most meeples; alone, the target."""
    if view.phase != "over":
        return []
    keys = {pv.seat: (pv.score, len(pv.meeples)) for pv in view.ps}
    best = max(keys.values())
    if view.players == 1 and best[0] < data.SOLO_TARGET:
        return []
    return [s for s, k in keys.items() if k == best]


def headline(view, locale: str, names: list[str]) -> str:
    """The picture's status line: the round, its phase, who plays and what to do, or who won."""
    return "  ·  ".join([_round_line(view, locale), _status(view, locale, names)])


def _round_line(view, locale: str) -> str:
    status = [_tr("engis.r.round", locale, n=view.round)]
    if view.phase != "over":
        status.append(_phase_label(view, locale))
    return "  ·  ".join(status)


def _status(view, locale: str, names: list[str]) -> str:
    """Who plays and what they must do ("Ana: bid 0–4 (not 2)"), or who won."""
    if view.phase == "over" and view.players == 1:
        score = _tr("engis.r.solo_score", locale, n=view.ps[0].score, target=data.SOLO_TARGET)
        return goal_headline(bool(_winners(view)), score, locale)
    if view.phase == "over":
        winners = _winners(view)
        score = _tr("engis.r.pts", locale, n=view.ps[winners[0]].score)
        return winners_headline([_name(names, s, locale) for s in winners], score, locale)
    if view.actor < 0:
        return ""
    who = _name(names, view.actor, locale)
    return who + ": " + t(view.todo, locale, names=names) if view.todo is not None else who


# --------------------------------------------------------------------------- collective board
def _draw_collective(img, draw, view, locale: str, names: list[str], y0: int, parts: Parts) -> None:
    """The collective board: the offer (left of the turn order), and the intempéries with the skills still
    to develop (right of it), are parts kept from board to board."""
    rounded_rectangle(
        draw, (MARGIN, y0, WIDTH - MARGIN, y0 + BOARD_H - 8), radius=12, fill=PANEL_BG, outline=LINE, width=2
    )
    offer = view.model_dump_json(
        include={"offer", "prices", "picked", "pile", "out", "players", "tokens", "neutral_bid"}
    )
    parts.draw(
        img,
        (20, y0 + 6, 464, y0 + BOARD_H - 14),
        ("engis offer", offer, locale),
        lambda: _draw_offer(img, draw, view, locale, y0),
        PANEL_BG,
    )
    _draw_order(img, draw, view, locale, names, y0)

    def weather_and_pool() -> None:
        _draw_weather(img, draw, view, locale, y0)
        _draw_pool(img, view, locale, y0)

    weather = view.model_dump_json(include={"weather", "weather_cols", "pool"})
    parts.draw(
        img,
        (912, y0 + 6, WIDTH - 16, y0 + BOARD_H - 14),
        ("engis weather", weather, locale),
        weather_and_pool,
        PANEL_BG,
    )


def _draw_offer(img, draw, view, locale: str, y0: int) -> None:
    """The hexes on offer (with their prices), the one picked, the pile and the discarded hexes."""
    put(img, (30, y0 + 12), _tr("engis.r.offer", locale), 18, bold=True)
    r = 44
    for i, hid in enumerate(view.offer):
        cx, cy = 30 + r + i * (2 * r + 14), y0 + 40 + r
        _paste_tile(img, _tile(hid, r, locale) if hid else _empty_tile(r), cx, cy)
        label = "ABCD"[i]
        if view.prices:
            label += f" · {view.prices[i]}"
        put(img, (cx, cy + r + 6), label, 16, bold=True, anchor="mt")
    if view.picked:
        put(img, (26, y0 + 210), "→", 22, bold=True, anchor="lm")
        _paste_tile(img, _tile(view.picked, PICKED_R, locale), 40 + PICKED_R, y0 + 210)
    info = [_tr("engis.r.pile", locale, n=view.pile), _tr("engis.r.out", locale, n=len(view.out))]
    if view.players == 2:
        info.append(_tr("engis.r.tokens", locale) + ": " + " ".join(str(x) for x in view.tokens))
        if view.neutral_bid is not None:
            info.append(_tr("engis.neutral", locale) + f": {view.neutral_bid}")
    for i, line in enumerate(info):
        put(img, (135, y0 + 188 + i * 20), line, 15, fill=MUTED)
    counts: dict[str, int] = {}  # the discarded hexes, by terrain (they stay in view of everyone)
    for hid in view.out:
        terrain = data.ALL_HEXES[hid].terrain
        counts[terrain] = counts.get(terrain, 0) + 1
    tx = 135 + _length(info[1], 15) + 12
    for terrain in (kind for kind in data.ALL_TYPES if kind in counts):
        rounded_rectangle(draw, (tx, y0 + 210, tx + 16, y0 + 226), radius=3, fill=TERRAIN_FILL[terrain])
        ink = (255, 255, 255) if terrain in DARK_TERRAINS else INK
        put(img, (tx + 8, y0 + 218), _tr(f"engis.terrain.{terrain}", locale)[0], 11, fill=ink, bold=True, anchor="mm")
        put(img, (tx + 19, y0 + 209), str(counts[terrain]), 14, fill=MUTED)
        tx += 36


def _draw_order(img, draw, view, locale: str, names: list[str], y0: int) -> None:
    """The turn order with bids and scores (once over, by rank with the winners crowned)."""
    x = 470
    put(img, (x, y0 + 12), _tr("engis.r.order", locale), 18, bold=True)
    put(img, (x + 414, y0 + 16), _tr("engis.r.score_col", locale), 14, bold=True, fill=MUTED, anchor="ra")
    order = view.order or view.bid_order
    winners = set(_winners(view))
    if view.phase == "over":
        keys = {pv.seat: (pv.score, len(pv.meeples)) for pv in view.ps}
        order = sorted(keys, key=lambda s: keys[s], reverse=True)
    rows = list(order) + [s for s in range(view.players) if s not in order]
    for i, seat in enumerate(rows):
        y = y0 + 44 + i * 34
        if seat < 0:
            colour, name, score, bid = (120, 120, 120), _tr("engis.neutral", locale), "", view.neutral_bid
        else:
            pv = view.ps[seat]
            colour, name, score, bid = seat_colour(seat), _name(names, seat, locale), str(pv.score), pv.bid
        if seat == view.actor and view.phase != "over":
            rounded_rectangle(draw, (x - 6, y - 4, x + 420, y + 26), radius=6, fill=(255, 236, 170))
        pos = "♛" if view.phase == "over" and seat in winners else f"{i + 1}." if view.order else "·"
        put(img, (x, y), pos, 18, bold=True)
        draw.ellipse((x + 28, y + 2, x + 46, y + 20), fill=colour)
        star = " ★" if seat == view.first and view.players > 1 else ""
        room = 205 - (_length(star, 18, True) if star else 0)  # the star after the name, clear of the bid
        put(img, (x + 54, y), _fit(name, room, 18, True) + star, 18, fill=colour, bold=True)
        if bid is not None:
            put(img, (x + 268, y), _tr("engis.r.bid", locale, n=bid), 16, fill=MUTED)
        put(img, (x + 414, y - 3), score, 25, bold=True, anchor="ra", role="score")
    foot = (x, y0 + 44 + 4 * 34 + 6)
    if view.players == 1:
        put(img, foot, _tr("engis.r.target", locale, n=data.SOLO_TARGET), 16, bold=True, fill=(150, 60, 20))
    else:
        put(img, foot, "★ " + _tr("engis.r.first", locale), 14, fill=MUTED)


def _need(kind: str, terrain: str, locale: str) -> str:
    """What defends an intempérie: a terrain, a plant, knowledge, or the enemies' meeples and weapons."""
    if kind == "terrain":
        return _tr(f"engis.terrain.{terrain}", locale)
    if kind in ("plant", "know"):
        return _tr(f"engis.r.{kind}", locale)
    return _tr("engis.r.need_enemies", locale)


def _draw_weather(img, draw, view, locale: str, y0: int) -> None:
    """The collective intempéries, by column: each card's name and what defends it."""
    x = 920
    put(img, (x, y0 + 12), _tr("engis.r.weather", locale), 18, bold=True)
    for i, (card, col) in enumerate(sorted(zip(view.weather, view.weather_cols, strict=False), key=lambda c: c[1])):
        cx = x + (i % 3) * 186
        cy = y0 + 42 + (i // 3) * 74
        rounded_rectangle(
            draw, (cx, cy, cx + 178, cy + 66), radius=8, fill=(255, 246, 200), outline=(200, 170, 60), width=2
        )
        put(img, (cx + 8, cy + 6), str(col), 24, bold=True, fill=(160, 120, 20))
        put_boxed(img, (cx + 32, cy + 6), _tr(f"engis.weather.{card}", locale), WEATHER)
        kind, terrain = data.COLLECTIVE[card]
        if kind == "terrain":
            rounded_rectangle(draw, (cx + 32, cy + 32, cx + 50, cy + 50), radius=3, fill=TERRAIN_FILL[terrain])
        elif kind in ("plant", "know"):
            glyph, colour = PLANT if kind == "plant" else KNOW
            _glyph(img, (cx + 41, cy + 42), glyph, colour, 18)
        if kind == "enemies":
            put_boxed(img, (cx + 32, cy + 31), _need(kind, terrain, locale), NEED_ENEMIES)
        else:
            put_boxed(img, (cx + 56, cy + 34), _need(kind, terrain, locale), NEED)


def _draw_pool(img, view, locale: str, y0: int) -> None:
    """The skills still to develop, by level, with how many copies are left."""
    x, y = 920, y0 + 196
    put(img, (x, y), _tr("engis.r.pool", locale), 16, bold=True)
    for i, (skill, level) in enumerate(data.SKILLS.items()):
        n = view.pool.get(skill, 0)
        cx = x + (i % 4) * 140
        cy = y + 22 + (i // 4) * 17
        colour = INK if n else (180, 175, 165)
        label = _tr(f"engis.skill.{skill}", locale) + (f" ×{n}" if n > 1 else "")
        put(img, (cx, cy), f"{level}", 13, bold=True, fill=(40, 140, 60) if n else colour)
        put(img, (cx + 12, cy), _fit(label, POOL_SKILL.width, 13), 13, fill=colour)


# --------------------------------------------------------------------------- a clan
def _draw_player(img, draw, view, pv, locale: str, names: list[str], x0: int, y0: int, w: int, parts: Parts) -> None:
    """A clan's panel; its territory and its objects are parts kept from board to board (they change when
    the clan places a hex, moves its meeples or makes an object)."""
    seat = pv.seat
    colour = seat_colour(seat)
    width = 4 if seat == view.actor and view.phase != "over" else 2
    rounded_rectangle(draw, (x0, y0, x0 + w, y0 + PANEL_H - 8), radius=12, fill=PANEL_BG, outline=colour, width=width)
    rounded_rectangle(draw, (x0, y0, x0 + w, y0 + 38), radius=12, fill=colour)
    draw.rectangle((x0, y0 + 26, x0 + w, y0 + 38), fill=colour)
    title = _name(names, seat, locale) + (" ★" if seat == view.first and view.players > 1 else "")
    put(img, (x0 + 14, y0 + 19), _fit(title, w - 330, 20, True), 20, fill=(255, 255, 255), bold=True, anchor="lm")
    right = _tr("engis.r.pts", locale, n=pv.score) + " · " + _tr("engis.r.knowledge", locale, n=pv.knowledge)
    put(img, (x0 + w - 14, y0 + 19), right, 18, fill=(255, 255, 255), bold=True, anchor="rm")
    hl = set(view.hl) if view.hl_seat == seat else set()
    territory = pv.model_dump_json(include={"hexes", "meeples", "row", "marker"})
    parts.draw(
        img,
        (x0 + 12, y0 + 46, x0 + TERRITORY_W - 4, y0 + 316),
        ("engis territory", territory, seat, tuple(sorted(hl & set(data.SPACES))), locale),
        lambda: _draw_territory(img, draw, pv, colour, hl, locale, x0, y0),
        PANEL_BG,
    )
    x = x0 + TERRITORY_W
    objects_w = w - TERRITORY_W - 10
    y = _objects_bottom(y0 + 50)
    parts.draw(
        img,
        (x - 2, y0 + 46, x + objects_w + 2, y - 4),
        ("engis objects", tuple(pv.objects), seat, tuple(sorted(o for o in hl if o.startswith("obj-"))), locale),
        lambda: _draw_objects(img, draw, pv, colour, hl, locale, x, y0 + 50, objects_w),
        PANEL_BG,
    )
    y = _draw_skills(img, draw, pv, hl, locale, x, y, x0 + w - 10)
    _draw_cards(img, draw, view, pv, colour, hl, locale, x, y, x0 + w - 10)


def _hex_meeples(img: Image.Image, draw: Drawing, cx: float, cy: float, r: float, colour, n: int) -> None:
    """The ``n`` meeples on the hex centred at ``cx, cy``: low on its left, beside its plant or knowledge."""
    _meeple(img, draw, cx - r * 0.35, cy + r * 0.52, colour, n, 12)


def _draw_territory(img, draw, pv, colour, hl: set[str], locale: str, x0: int, y0: int) -> None:
    """The clan's hexes with its meeples, the column numbers and the bid row."""
    r = 40
    bx, by = x0 + 14, y0 + 52
    for space in data.SPACES:
        cx, cy = _space_centre(space, bx, by, r)
        hid = pv.hexes.get(space)
        _paste_tile(img, _tile(hid, r, locale) if hid else _empty_tile(r), cx, cy)
        if space in hl:
            draw.polygon(_hex_points(cx, cy, r - 2), outline=HIGHLIGHT, width=5)
        if not hid:
            put(img, (cx, cy), space.upper(), 13, fill=(170, 160, 140), anchor="mm")
    counts: dict[str, int] = {}
    for m in pv.meeples:
        counts[m] = counts.get(m, 0) + 1
    for space, n in counts.items():
        cx, cy = _space_centre(space, bx, by, r)
        _hex_meeples(img, draw, cx, cy, r, colour, n)
    for col in range(1, 5):
        cx = bx + r + (col - 1) * 1.5 * r
        put(img, (cx, by + math.sqrt(3) * r * 3 + 4), str(col), 16, bold=True, fill=MUTED, anchor="mt")
    row_y = by + math.sqrt(3) * r * 3 + 28
    label = _tr("engis.r.row", locale, n=pv.row)
    put(img, (bx, row_y), label, 15, fill=MUTED)
    mx = bx + _length(label, 15) + 18
    for i in range(pv.row):
        _meeple(img, draw, mx + i * 20, row_y + 10, colour, 1, 9)
    if pv.marker:
        draw.ellipse((mx, row_y + 1, mx + 16, row_y + 17), fill=colour, outline=INK)
        put(img, (mx + 8, row_y + 9), "0", 11, fill=(255, 255, 255), bold=True, anchor="mm")


def _objects_bottom(y: int) -> int:
    return y + 22 + 4 * OBJECT_PITCH + 6


def _draw_objects(img, draw, pv, colour, hl: set[str], locale: str, x: int, y: int, width: int) -> None:
    """The eight objects, the wood group in the left column and the stone group in the right one, each
    with its cost; the clan's own in its colour (``_objects_bottom``: the y below them)."""
    put(img, (x, y), _tr("engis.r.objects", locale), 15, bold=True)
    ow = width / 2 - 6
    for gi, group in enumerate(("wood", "stone")):
        glyph, gcolour = RESOURCE_GLYPH[group]
        for i, obj in enumerate(o for o, ob in data.OBJECTS.items() if ob.group == group):
            ox, oy = x + gi * (ow + 6), y + 22 + i * OBJECT_PITCH
            have, lit = obj in pv.objects, f"obj-{obj}" in hl
            rounded_rectangle(
                draw,
                (ox, oy, ox + ow, oy + OBJECT_PITCH - 3),
                radius=5,
                fill=colour if have else (238, 234, 224),
                outline=HIGHLIGHT if lit else LINE,
                width=4 if lit else 1,
            )
            ink = (255, 255, 255) if have else gcolour
            put(img, (ox + 5, oy + 11), glyph + str(data.OBJECTS[obj].cost), 13, fill=ink, bold=True, anchor="lm")
            name = _fit(_tr(f"engis.object.{obj}", locale), ow - 34, 13)
            put(img, (ox + 30, oy + 11), name, 13, fill=(255, 255, 255) if have else MUTED, anchor="lm")


def _draw_skills(img, draw, pv, hl: set[str], locale: str, x: int, y: int, right: int) -> int:
    """The clan's skills as chips, a row after another. Returns the y below them."""
    put(img, (x, y), _tr("engis.r.skills", locale), 15, bold=True)
    cx = x + _length(_tr("engis.r.skills", locale), 15, True) + 10
    cy = y - 2
    for skill in pv.skills:
        label = f"{data.SKILLS[skill]} " + _tr(f"engis.skill.{skill}", locale)
        cw = _length(label, 13) + 12
        if cx + cw > right:
            cx, cy = x, cy + 26
        lit = f"skill-{skill}" in hl
        _chip(img, draw, cx, cy, label, fill=(226, 240, 222), size=13, outline=HIGHLIGHT if lit else None)
        cx += cw + 5
    return cy + 34


def _draw_cards(img, draw, view, pv, colour, hl: set[str], locale: str, x: int, y: float, right: int) -> None:
    """The cards played (and the hand and the secret intempérie in the owner's view), the failed ones."""
    mine = view.viewer == pv.seat
    title = (
        _tr("engis.r.played", locale)
        if len(pv.played) == pv.played_count
        else _tr("engis.r.played_top", locale, n=pv.played_count)
    )
    lit = {pv.played[-1]} if pv.played and "card-" + pv.played[-1] in hl else set()
    y = _card_row(img, draw, x, y, right, title, pv.played + pv.aside, (255, 255, 255), INK, lit, locale)
    if mine and pv.hand:  # an empty hand is counted, not titled over nothing
        title = _tr("engis.r.hand", locale)
        y = _card_row(img, draw, x, y, right, title, pv.hand, (255, 240, 200), colour, set(), locale)
    else:
        put(img, (x, y), _tr("engis.r.hand_n", locale, n=pv.hand_count), 15, fill=MUTED)
        y += 26
    if pv.secret is not None:
        secret = ", ".join(_tr(f"engis.weather.{c}", locale) for c in pv.secret)
        label = _tr("engis.r.secret" if mine else "engis.r.secret_of", locale, n=len(pv.secret)) + ": " + secret
        box = Box(right - x, 15, bold=True, lines=2)
        y += put_boxed(img, (x, y), label, box, fill=(150, 60, 20)) + 4
    if pv.failed is not None:
        failed = [c for c in pv.failed if not c.startswith("!")]
        names_failed = ", ".join(_tr(f"engis.weather.{c}", locale) for c in failed) or "—"
        line = _tr("engis.r.failed", locale, list=names_failed)
        saved = [c[1:] for c in pv.failed if c.startswith("!")]
        if saved:
            line += " · " + _tr("engis.skill.sobrevivencia", locale) + ": " + _tr(f"engis.weather.{saved[0]}", locale)
        put_boxed(img, (x, y), line, Box(right - x, 14, lines=2), fill=(170, 40, 30))


def _card_row(img, draw, x, y, right, title, cards, fill, ink, lit, locale) -> float:
    """A title and a wrapped row of card chips; returns the y below it."""
    put(img, (x, y), title, 15, bold=True, fill=ink)
    cx = x + _length(title, 15, True) + 10
    if not cards:  # none played yet
        put(img, (cx, y), "—", 15, fill=MUTED)
    for card in cards:
        label = _tr(f"engis.card.{card}", locale)
        cw = _length(label, 13) + 12
        if cx + cw > right:
            cx, y = x, y + 26
        _chip(img, draw, cx, y - 2, label, fill=fill, size=13, outline=HIGHLIGHT if card in lit else None)
        cx += cw + 5
    return y + 30


# --------------------------------------------------------------------------- legend
def _draw_legend(img, draw, locale: str, y0: int) -> None:
    x: float = MARGIN + 10
    title = _tr("engis.r.legend", locale) + ":"
    put(img, (x, y0 + 6), title, 15, bold=True)
    x += _length(title, 15, True) + 12
    for terrain in ("F", "M", "L", "S", "D", "C", "V", "W"):
        rounded_rectangle(draw, (x, y0 + 6, x + 18, y0 + 24), radius=4, fill=TERRAIN_FILL[terrain])
        if terrain in HATCHED:
            for dx in (4, 10, 16):
                draw.line((x + dx - 4, y0 + 22, x + dx + 2, y0 + 8), fill=HATCHED[terrain], width=2)
        label = _tr(f"engis.terrain.{terrain}", locale)
        put(img, (x + 24, y0 + 6), label, 14)
        x += 34 + _length(label, 14)
    x = MARGIN + 90
    y = y0 + 34
    for res in ("wood", "stone", "water", "food", "mammoth"):
        glyph, colour = RESOURCE_GLYPH[res]
        _glyph(img, (x + 8, y + 9), glyph, colour, 18)
        label = _tr(f"engis.res.{res}", locale)
        put(img, (x + 22, y), label, 14)
        x += 40 + _length(label, 14)
    for (glyph, colour), key in ((PLANT, "engis.r.plant"), (KNOW, "engis.r.know")):
        _glyph(img, (x + 8, y + 9), glyph, colour, 18)
        label = _tr(key, locale)
        put(img, (x + 22, y), label, 14)
        x += 40 + _length(label, 14)
    _meeple(img, draw, x + 10, y + 10, (90, 90, 90), 1, 9)
    put(img, (x + 24, y), _tr("engis.r.meeple", locale), 14)
    x += 40 + _length(_tr("engis.r.meeple", locale), 14)
    draw.rectangle((x, y + 2, x + 18, y + 18), outline=HIGHLIGHT, width=4)
    put(img, (x + 26, y), _tr("engis.r.last", locale), 14)


# --------------------------------------------------------------------------- entry point
def _layout(players: int) -> tuple[int, list[tuple[int, int, int]]]:
    """Height and the (x, y, width) of each clan's panel."""
    y = TOP + BOARD_H
    half = (WIDTH - 3 * MARGIN) // 2
    if players == 1:
        boxes = [(MARGIN, y, WIDTH - 2 * MARGIN)]
    else:
        boxes = [(MARGIN + (i % 2) * (half + MARGIN), y + (i // 2) * PANEL_H, half) for i in range(players)]
    rows = 1 if players <= 2 else 2
    return y + rows * PANEL_H + LEGEND_H, boxes


@lru_cache(maxsize=1)
def _colours() -> tuple[tuple[int, int, int], ...]:
    """The picture's flat colours, for the fixed PNG palette."""
    return (
        PANEL_BG,
        LINE,
        (236, 230, 214),
        (180, 170, 150),
        (58, 44, 32),
        (246, 214, 140),
        (255, 246, 200),
        (200, 170, 60),
        (160, 120, 20),
        (226, 240, 222),
        (255, 240, 200),
        (238, 234, 224),
        (255, 236, 170),
        (150, 60, 20),
        (170, 40, 30),
        (40, 140, 60),
        (180, 175, 165),
        (230, 220, 200),
        (40, 36, 30),
        (20, 20, 20),
        PLANT[1],
        KNOW[1],
        *TERRAIN_FILL.values(),
        *HATCHED.values(),
        *(c for _, c in RESOURCE_GLYPH.values()),
    )


@image_cache
def _frame(players: int) -> Image.Image:
    height, _ = _layout(players)
    img, draw = canvas(WIDTH, height, _colours())
    draw.rectangle((0, 0, WIDTH, BAR - 6), fill=(58, 44, 32))
    put(img, (MARGIN + 10, 21), "ENGIS", 30, bold=True, fill=(246, 214, 140), anchor="lm")
    return img


def render(view, *, locale: str = "en", names: list[str] | None = None) -> bytes:
    return parts_png(lambda parts: _board(view, locale, list(names or []), parts), _colours())


def _board(view, locale: str, names: list[str], parts: Parts) -> Image.Image:
    img = _frame(view.players).copy()
    draw = Drawing(img)
    height, boxes = _layout(view.players)
    put(img, (150, 21), _round_line(view, locale), 22, fill=(255, 255, 255), bold=True, anchor="lm")
    put_boxed(img, (MARGIN + 10, 42), _status(view, locale, names), STATUS, fill=(255, 196, 0), role="turn prompt")
    side = _tr(f"engis.opt.side.{view.side}", locale)
    if view.players == 1:
        side += " · " + _tr(f"engis.opt.solo.{view.solo}", locale)
    put(img, (WIDTH - MARGIN - 10, 21), side, 16, fill=(230, 220, 200), anchor="rm")
    if view.events:  # the last move, in words
        line = _fit("› " + t(view.events[-1], locale, names=names), WIDTH - 2 * MARGIN - 20, LAST_MOVE)
        put(img, (MARGIN + 10, BAR + 4), line, LAST_MOVE, role="last_move")
    _draw_collective(img, draw, view, locale, names, TOP, parts)
    for pv, (x, y, w) in zip(view.ps, boxes, strict=False):
        _draw_player(img, draw, view, pv, locale, names, x, y, w, parts)
    y = height - LEGEND_H + 4
    parts.draw(img, (0, y, WIDTH, height), ("engis legend", locale), lambda: _draw_legend(img, draw, locale, y))
    return img


def describe(view, locale: str, names: list[str]) -> str:
    """The picture in words (its alt text): the round and who plays, or who won; the points; the
    intempéries by column."""
    scores = [(_name(names, pv.seat, locale), _tr("engis.r.pts", locale, n=pv.score)) for pv in view.ps]
    cards = sorted(zip(view.weather, view.weather_cols, strict=False), key=lambda c: c[1])
    weather = ", ".join(f"{col} {_tr(f'engis.weather.{card}', locale)}" for card, col in cards)
    position = _tr("engis.alt.weather", locale, list=weather) if weather else ""
    return alt_text("ENGIS", headline(view, locale, names), scores_line(scores, locale), position)


def named_texts(locale: str) -> Iterator[tuple[str, str, Box]]:
    """Every terrain, intempérie, skill, object and card name the picture draws, with its box."""
    for terrain in TERRAIN_FILL:
        for r in (PICKED_R, 40, 44):
            yield f"terrain {terrain} on a hex", _tr(f"engis.terrain.{terrain}", locale), _tile_box(r)
    for card in (*data.COLLECTIVE, *data.INDIVIDUAL):
        yield f"intempérie {card}", _tr(f"engis.weather.{card}", locale), WEATHER
    for card, (kind, terrain) in data.COLLECTIVE.items():
        yield f"defence of {card}", _need(kind, terrain, locale), NEED_ENEMIES if kind == "enemies" else NEED
    for skill, level in data.SKILLS.items():
        yield f"skill {skill}", _tr(f"engis.skill.{skill}", locale) + " ×2", POOL_SKILL
        yield f"skill {skill} chip", f"{level} " + _tr(f"engis.skill.{skill}", locale), CHIP
    for obj in data.OBJECTS:
        yield f"object {obj}", _tr(f"engis.object.{obj}", locale), OBJECT
    for card in data.CARDS:
        yield f"card {card}", _tr(f"engis.card.{card}", locale), CHIP


def palettes(locale: str) -> list[Palette]:
    """The colours a player tells apart: the terrains (named on each hex, and by their initial on the
    discarded hexes' swatches), and the clans' meeples (on the hexes of their clan's own panel, under its
    name)."""
    seats = {f"seat {s + 1}": seat_colour(s) for s in range(4)}
    terrains = {k: _tr(f"engis.terrain.{k}", locale) for k in TERRAIN_FILL}
    panels = {key: f"on the hexes of the panel named for {key}" for key in seats}  # a clan's meeples stay home
    return [Palette("terrains", dict(TERRAIN_FILL), terrains), Palette("clans' meeples", seats, panels)]


__all__ = ["BACKGROUND", "headline", "named_texts", "palettes", "render"]
