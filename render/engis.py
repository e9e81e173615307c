"""The ENGIS picture: the collective board (offer, turn order, scores, intempéries, skills) and
every clan's hex territory with its meeples, objects, skills and cards.  A pure function of a
view; the hex tiles and the fixed frame are drawn once and reused."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from PIL import Image

from rules.core import t
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
    goal_headline,
    image_cache,
    parts_png,
    put_boxed,
    rounded_rectangle,
    scores_line,
    seat_colour,
    winners_headline,
)
from .engis_clan import AREA_W, MARK, ClanLayout, clan_layouts, draw_clan, panels_height
from .engis_tiles import (
    DARK_TERRAINS,
    HATCHED,
    KNOW,
    LINE,
    PANEL_BG,
    PLANT,
    RESOURCE_GLYPH,
    TERRAIN_FILL,
    draw_meeple,
    empty_tile,
    fit,
    hex_tile,
    length,
    paste_tile,
    put,
    put_glyph,
    seat_name,
    tile_box,
    tr,
)

WIDTH = 1500
STATUS = Box(WIDTH - 40, 25, lines=2)  # who plays and what to do: 9 px at Discord's 550 px preview
BAR = 42 + 2 * round(STATUS.size * 1.2) + 6  # the title bar: the round and phase, then the status
LAST_MOVE = 25  # the last move, under the bar, as large
TOP = BAR + LAST_MOVE + 14
BOARD_H = 300  # collective board
PICKED_R = 36  # the hex picked from the offer
OFFER_R = 44  # a hex on offer
LEGEND_H = 64
MARGIN = 10
# Where names are drawn (``named_texts`` lists every one of them with its box)
WEATHER = Box(140, 16, bold=True)  # an intempérie's name on its card
NEED = Box(116, 13)  # what defends it: a terrain, a plant, knowledge
NEED_ENEMIES = Box(140, 13, lines=2)  # or the enemies' meeples and weapons
POOL_SKILL = Box(124, 13)  # a skill still available, with its copies
OBJECT = Box(AREA_W / 2 - 6 - 34, 13)
CHIP = Box(AREA_W - 12, 13)  # a skill or a card as a chip


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
    return tr(key, locale)


def _winners(view) -> list[int]:
    """The winners of a finished game: the highest score, then the most meeples; alone, the target."""
    if view.phase != "over":
        return []
    keys = {pv.seat: (pv.score, len(pv.meeples)) for pv in view.clans}
    best = max(keys.values())
    if view.players == 1 and best[0] < data.SOLO_TARGET:
        return []
    return [s for s, k in keys.items() if k == best]


def headline(view, locale: str, names: list[str]) -> str:
    """The picture's status line: the round, its phase, who plays and what to do, or who won."""
    return "  ·  ".join([_round_line(view, locale), _status(view, locale, names)])


def _round_line(view, locale: str) -> str:
    status = [tr("engis.r.round", locale, n=view.round)]
    if view.phase != "over":
        status.append(_phase_label(view, locale))
    return "  ·  ".join(status)


def _status(view, locale: str, names: list[str]) -> str:
    """Who plays and what they must do ("Ana: bid 0–4 (not 2)"), or who won."""
    if view.phase == "over" and view.players == 1:
        score = tr("engis.r.solo_score", locale, n=view.clans[0].score, target=data.SOLO_TARGET)
        return goal_headline(bool(_winners(view)), score, locale)
    if view.phase == "over":
        winners = _winners(view)
        score = tr("engis.r.pts", locale, n=view.clans[winners[0]].score)
        return winners_headline([seat_name(names, s, locale) for s in winners], score, locale)
    if view.actor < 0:
        return ""
    who = seat_name(names, view.actor, locale)
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

    weather = view.model_dump_json(include={"weather", "weather_columns", "pool"})
    parts.draw(
        img,
        (912, y0 + 6, WIDTH - 16, y0 + BOARD_H - 14),
        ("engis weather", weather, locale),
        weather_and_pool,
        PANEL_BG,
    )


def _draw_offer(img, draw, view, locale: str, y0: int) -> None:
    """The hexes on offer (with their prices), the one picked, the pile and the discarded hexes."""
    put(img, (30, y0 + 12), tr("engis.r.offer", locale), 18, bold=True)
    r = OFFER_R
    for i, hid in enumerate(view.offer):
        cx, cy = offer_centre(i, y0)
        paste_tile(img, hex_tile(hid, r, locale) if hid else empty_tile(r), cx, cy)
        label = "ABCD"[i]
        if view.prices:
            label += f" · {view.prices[i]}"
        put(img, (cx, cy + r + 6), label, 16, bold=True, anchor="mt")
    if view.picked:
        put(img, (26, y0 + 210), "→", 22, bold=True, anchor="lm")
        paste_tile(img, hex_tile(view.picked, PICKED_R, locale), 40 + PICKED_R, y0 + 210)
    info = [tr("engis.r.pile", locale, n=view.pile), tr("engis.r.out", locale, n=len(view.out))]
    if view.players == 2:
        info.append(tr("engis.r.tokens", locale) + ": " + " ".join(str(x) for x in view.tokens))
        if view.neutral_bid is not None:
            info.append(tr("engis.neutral", locale) + f": {view.neutral_bid}")
    for i, line in enumerate(info):
        put(img, (135, y0 + 188 + i * 20), line, 15, fill=MUTED)
    counts: dict[str, int] = {}  # the discarded hexes, by terrain (they stay in view of everyone)
    for hid in view.out:
        terrain = data.ALL_HEXES[hid].terrain
        counts[terrain] = counts.get(terrain, 0) + 1
    tx = 135 + length(info[1], 15) + 12
    for terrain in (kind for kind in data.ALL_TYPES if kind in counts):
        rounded_rectangle(draw, (tx, y0 + 210, tx + 16, y0 + 226), radius=3, fill=TERRAIN_FILL[terrain])
        ink = (255, 255, 255) if terrain in DARK_TERRAINS else INK
        put(img, (tx + 8, y0 + 218), tr(f"engis.terrain.{terrain}", locale)[0], 11, fill=ink, bold=True, anchor="mm")
        put(img, (tx + 19, y0 + 209), str(counts[terrain]), 14, fill=MUTED)
        tx += 36


def _draw_order(img, draw, view, locale: str, names: list[str], y0: int) -> None:
    """The turn order with bids and scores (once over, by rank with the winners crowned)."""
    x = 470
    put(img, (x, y0 + 12), tr("engis.r.order", locale), 18, bold=True)
    put(img, (x + 414, y0 + 16), tr("engis.r.score_col", locale), 14, bold=True, fill=MUTED, anchor="ra")
    order = view.order or view.bid_order
    winners = set(_winners(view))
    if view.phase == "over":
        keys = {pv.seat: (pv.score, len(pv.meeples)) for pv in view.clans}
        order = sorted(keys, key=lambda s: keys[s], reverse=True)
    rows = list(order) + [s for s in range(view.players) if s not in order]
    for i, seat in enumerate(rows):
        y = y0 + 44 + i * 34
        if seat < 0:
            colour, name, score, bid = (120, 120, 120), tr("engis.neutral", locale), "", view.neutral_bid
        else:
            pv = view.clans[seat]
            colour, name, score, bid = seat_colour(seat), seat_name(names, seat, locale), str(pv.score), pv.bid
        if seat == view.actor and view.phase != "over":
            rounded_rectangle(draw, (x - 6, y - 4, x + 420, y + 26), radius=6, fill=(255, 236, 170))
        pos = "♛" if view.phase == "over" and seat in winners else f"{i + 1}." if view.order else "·"
        put(img, (x, y), pos, 18, bold=True)
        draw.ellipse((x + 28, y + 2, x + 46, y + 20), fill=colour)
        star = " ★" if seat == view.first and view.players > 1 else ""
        room = 205 - (length(star, 18, True) if star else 0)  # the star after the name, clear of the bid
        put(img, (x + 54, y), fit(name, room, 18, True) + star, 18, fill=colour, bold=True)
        if bid is not None:
            put(img, (x + 268, y), tr("engis.r.bid", locale, n=bid), 16, fill=MUTED)
        put(img, (x + 414, y - 3), score, 25, bold=True, anchor="ra", role="score")
    foot = (x, y0 + 44 + 4 * 34 + 6)
    if view.players == 1:
        put(img, foot, tr("engis.r.target", locale, n=data.SOLO_TARGET), 16, bold=True, fill=(150, 60, 20))
    else:
        put(img, foot, "★ " + tr("engis.r.first", locale), 14, fill=MUTED)


def _need(kind: str, terrain: str, locale: str) -> str:
    """What defends an intempérie: a terrain, a plant, knowledge, or the enemies' meeples and weapons."""
    if kind == "terrain":
        return tr(f"engis.terrain.{terrain}", locale)
    if kind in ("plant", "know"):
        return tr(f"engis.r.{kind}", locale)
    return tr("engis.r.need_enemies", locale)


def _draw_weather(img, draw, view, locale: str, y0: int) -> None:
    """The collective intempéries, by column: each card's name and what defends it."""
    x = 920
    put(img, (x, y0 + 12), tr("engis.r.weather", locale), 18, bold=True)
    for i, (card, col) in enumerate(sorted(zip(view.weather, view.weather_columns, strict=False), key=lambda c: c[1])):
        cx = x + (i % 3) * 186
        cy = y0 + 42 + (i // 3) * 74
        rounded_rectangle(
            draw, (cx, cy, cx + 178, cy + 66), radius=8, fill=(255, 246, 200), outline=(200, 170, 60), width=2
        )
        put(img, (cx + 8, cy + 6), str(col), 24, bold=True, fill=(160, 120, 20))
        put_boxed(img, (cx + 32, cy + 6), tr(f"engis.weather.{card}", locale), WEATHER)
        kind, terrain = data.COLLECTIVE[card]
        if kind == "terrain":
            rounded_rectangle(draw, (cx + 32, cy + 32, cx + 50, cy + 50), radius=3, fill=TERRAIN_FILL[terrain])
        elif kind in ("plant", "know"):
            glyph, colour = PLANT if kind == "plant" else KNOW
            put_glyph(img, (cx + 41, cy + 42), glyph, colour, 18)
        if kind == "enemies":
            put_boxed(img, (cx + 32, cy + 31), _need(kind, terrain, locale), NEED_ENEMIES)
        else:
            put_boxed(img, (cx + 56, cy + 34), _need(kind, terrain, locale), NEED)


def _draw_pool(img, view, locale: str, y0: int) -> None:
    """The skills still to develop, by level, with how many copies are left."""
    put(img, (920, y0 + 196), tr("engis.r.pool", locale), 16, bold=True)
    for i, (skill, level) in enumerate(data.SKILLS.items()):
        n = view.pool.get(skill, 0)
        cx, cy = pool_spot(i, y0)
        colour = INK if n else (180, 175, 165)
        put(img, (cx, cy), f"{level}", 13, bold=True, fill=(40, 140, 60) if n else colour)
        put(img, (cx + 12, cy), _pool_label(skill, n, locale), 13, fill=colour)


def offer_centre(slot: int, y0: int) -> tuple[float, float]:
    """The centre of the hex of an offer slot, on the collective board drawn from ``y0``."""
    return 30 + OFFER_R + slot * (2 * OFFER_R + 14), y0 + 40 + OFFER_R


def pool_spot(index: int, y0: int) -> tuple[int, int]:
    """Where the ``index``-th skill of the pool (in ``data.SKILLS``' order) is written (left, top), on the
    collective board drawn from ``y0``."""
    return 920 + (index % 4) * 140, y0 + 218 + (index // 4) * 17


def _pool_label(skill: str, copies: int, locale: str) -> str:
    label = tr(f"engis.skill.{skill}", locale) + (f" ×{copies}" if copies > 1 else "")
    return fit(label, POOL_SKILL.width, 13)


def pool_box(view, skill: str, locale: str) -> tuple[float, float, float, float]:
    """The box of a skill of the pool, its level and its name (left, top, right, bottom)."""
    left, top = pool_spot(list(data.SKILLS).index(skill), TOP)
    right = left + 12 + length(_pool_label(skill, view.pool.get(skill, 0), locale), 13)
    return left - 2, top - 1, right + 2, top + 15


# --------------------------------------------------------------------------- legend
def _draw_legend(img, draw, locale: str, y0: int) -> None:
    x: float = MARGIN + 10
    title = tr("engis.r.legend", locale) + ":"
    put(img, (x, y0 + 6), title, 15, bold=True)
    x += length(title, 15, True) + 12
    for terrain in ("F", "M", "L", "S", "D", "C", "V", "W"):
        rounded_rectangle(draw, (x, y0 + 6, x + 18, y0 + 24), radius=4, fill=TERRAIN_FILL[terrain])
        if terrain in HATCHED:
            for dx in (4, 10, 16):
                draw.line((x + dx - 4, y0 + 22, x + dx + 2, y0 + 8), fill=HATCHED[terrain], width=2)
        label = tr(f"engis.terrain.{terrain}", locale)
        put(img, (x + 24, y0 + 6), label, 14)
        x += 34 + length(label, 14)
    for ok in (True, False):  # under a clan's columns
        put(img, (x, y0 + 4), MARK[ok][0], 17, bold=True, fill=MARK[ok][1])
        x += 20
    put(img, (x + 4, y0 + 6), tr("engis.r.defended", locale), 14)
    x = MARGIN + 90
    y = y0 + 34
    for res in ("wood", "stone", "water", "food", "mammoth"):
        glyph, colour = RESOURCE_GLYPH[res]
        put_glyph(img, (x + 8, y + 9), glyph, colour, 18)
        label = tr(f"engis.res.{res}", locale)
        put(img, (x + 22, y), label, 14)
        x += 40 + length(label, 14)
    for (glyph, colour), key in ((PLANT, "engis.r.plant"), (KNOW, "engis.r.know")):
        put_glyph(img, (x + 8, y + 9), glyph, colour, 18)
        label = tr(key, locale)
        put(img, (x + 22, y), label, 14)
        x += 40 + length(label, 14)
    draw_meeple(img, draw, x + 10, y + 10, (90, 90, 90), 1, 9)
    put(img, (x + 24, y), tr("engis.r.meeple", locale), 14)
    x += 40 + length(tr("engis.r.meeple", locale), 14)
    draw.rectangle((x, y + 2, x + 18, y + 18), outline=HIGHLIGHT, width=4)
    put(img, (x + 26, y), tr("engis.r.last", locale), 14)


# --------------------------------------------------------------------------- entry point
def _layout(players: int) -> tuple[int, list[ClanLayout]]:
    """Height and each clan's panel."""
    top = TOP + BOARD_H
    return top + panels_height(players) + LEGEND_H, clan_layouts(players, top)


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
    side = tr(f"engis.opt.side.{view.side}", locale)
    if view.players == 1:
        side += " · " + tr(f"engis.opt.solo.{view.solo}", locale)
    put(img, (WIDTH - MARGIN - 10, 21), side, 16, fill=(230, 220, 200), anchor="rm")
    if view.events:  # the last move, in words
        line = fit("› " + t(view.events[-1], locale, names=names), WIDTH - 2 * MARGIN - 20, LAST_MOVE)
        put(img, (MARGIN + 10, BAR + 4), line, LAST_MOVE, role="last_move")
    _draw_collective(img, draw, view, locale, names, TOP, parts)
    for pv, box in zip(view.clans, boxes, strict=False):
        draw_clan(img, draw, view, pv, locale, names, box, parts)
    y = height - LEGEND_H + 4
    parts.draw(img, (0, y, WIDTH, height), ("engis legend", locale), lambda: _draw_legend(img, draw, locale, y))
    return img


def describe(view, locale: str, names: list[str]) -> str:
    """The picture in words (its alt text): the round and who plays, or who won; the points; the
    intempéries by column."""
    scores = [(seat_name(names, pv.seat, locale), tr("engis.r.pts", locale, n=pv.score)) for pv in view.clans]
    cards = sorted(zip(view.weather, view.weather_columns, strict=False), key=lambda c: c[1])
    weather = ", ".join(f"{col} {tr(f'engis.weather.{card}', locale)}" for card, col in cards)
    position = tr("engis.alt.weather", locale, list=weather) if weather else ""
    return alt_text(
        "ENGIS", headline(view, locale, names), scores_line(scores, locale), position, _open(view, locale, names)
    )


def _open(view, locale: str, names: list[str]) -> str:
    """The columns each clan leaves open to their hardship (the ✗ under its hexes), in words."""
    clans = []
    for pv in view.clans:
        columns = sorted({col for ok, col in zip(pv.defended, view.weather_columns, strict=True) if not ok})
        if columns:
            clans.append(seat_name(names, pv.seat, locale) + " " + ", ".join(map(str, columns)))
    return tr("engis.alt.undefended", locale, list="; ".join(clans)) if clans else ""


def named_texts(locale: str) -> Iterator[tuple[str, str, Box]]:
    """Every terrain, intempérie, skill, object and card name the picture draws, with its box."""
    for terrain in TERRAIN_FILL:
        for r in (PICKED_R, 40, 44):
            yield f"terrain {terrain} on a hex", tr(f"engis.terrain.{terrain}", locale), tile_box(r)
    for card in (*data.COLLECTIVE, *data.INDIVIDUAL):
        yield f"intempérie {card}", tr(f"engis.weather.{card}", locale), WEATHER
    for card, (kind, terrain) in data.COLLECTIVE.items():
        yield f"defence of {card}", _need(kind, terrain, locale), NEED_ENEMIES if kind == "enemies" else NEED
    for skill, level in data.SKILLS.items():
        yield f"skill {skill}", tr(f"engis.skill.{skill}", locale) + " ×2", POOL_SKILL
        yield f"skill {skill} chip", f"{level} " + tr(f"engis.skill.{skill}", locale), CHIP
    for obj in data.OBJECTS:
        yield f"object {obj}", tr(f"engis.object.{obj}", locale), OBJECT
    for card in data.CARDS:
        yield f"card {card}", tr(f"engis.card.{card}", locale), CHIP


def palettes(locale: str) -> list[Palette]:
    """The colours a player tells apart: the terrains (named on each hex, and by their initial on the
    discarded hexes' swatches), and the clans' meeples (on the hexes of their clan's own panel, under its
    name)."""
    seats = {f"seat {s + 1}": seat_colour(s) for s in range(4)}
    terrains = {k: tr(f"engis.terrain.{k}", locale) for k in TERRAIN_FILL}
    panels = {key: f"on the hexes of the panel named for {key}" for key in seats}  # a clan's meeples stay home
    return [Palette("terrains", dict(TERRAIN_FILL), terrains), Palette("clans' meeples", seats, panels)]


__all__ = ["BACKGROUND", "headline", "named_texts", "palettes", "render"]
