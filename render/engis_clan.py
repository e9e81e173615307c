"""An ENGIS clan's panel: its hexes with its meeples, its objects, skills and cards."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image

from rules.engis import data

from .common import HIGHLIGHT, INK, MUTED, Box, Drawing, Parts, put_boxed, rounded_rectangle, seat_colour
from .engis_tiles import (
    LINE,
    PANEL_BG,
    RESOURCE_GLYPH,
    chip,
    draw_meeple,
    empty_tile,
    fit,
    hex_points,
    hex_tile,
    length,
    paste_tile,
    put,
    seat_name,
    space_centre,
    tr,
)

WIDTH = 1500  # the picture's
MARGIN = 10
OBJECT_PITCH = 24  # an object's line
PENALTY = data.WEATHER_PENALTY  # points lost per hardship not defended
SOURCES = ("cards", "crafting", "skills", "majorities", "knowledge")  # of points, but the hardships
COUNT_SIZE = MARK_SIZE = 25  # a hex's meeple count, a column's ✓ or ✗: 9 px at Discord's 550 px preview
MARK = {True: ("✓", (30, 130, 60)), False: ("✗", (190, 40, 30))}  # a column defends its hardship, or not


@dataclass(frozen=True)
class ClanLayout:
    """Where a clan's panel stands: its box, its hexes' radius and origin, and the area of its objects,
    skills and cards (left, top, right). With three clans each has a column, its hexes above the rest;
    else two clans a row (one alone: the whole width), the hexes left of the rest."""

    x: int
    y: int
    w: int
    h: int
    r: int
    grid: tuple[float, float]
    area: tuple[int, int, int]

    def hex_centre(self, space: str) -> tuple[float, float]:
        """The centre of the hex of ``space`` on the picture (every drawing of a clan's hex goes by it)."""
        return space_centre(space, self.grid[0], self.grid[1], self.r)

    @property
    def grid_bottom(self) -> float:
        return self.grid[1] + math.sqrt(3) * self.r * 3


WIDE_R, TALL_R = 56, 66  # the hexes' radius left of the rest, or above it
WIDE_H, TALL_H = 490, 860  # a panel's height
WIDE_TERRITORY = round(6.5 * WIDE_R) + 28  # a clan's hexes (with their margins), left of the rest
AREA_W = (WIDTH - 3 * MARGIN) // 2 - WIDE_TERRITORY - 10  # the narrowest area of objects, skills and cards


def clan_layouts(players: int, top: int) -> list[ClanLayout]:
    """Each clan's panel, the first one's top at ``top``."""
    if players == 3:
        w = (WIDTH - 4 * MARGIN) // 3
        grid_w = 6.5 * TALL_R
        out = []
        for i in range(3):
            x = MARGIN + i * (w + MARGIN)
            grid = (x + (w - grid_w) / 2, top + 50)
            area_top = round(grid[1] + math.sqrt(3) * TALL_R * 3) + 70
            out.append(ClanLayout(x, top, w, TALL_H, TALL_R, grid, (x + 14, area_top, x + w - 12)))
        return out
    w = WIDTH - 2 * MARGIN if players == 1 else (WIDTH - 3 * MARGIN) // 2
    out = []
    for i in range(players):
        x, y = MARGIN + (i % 2) * (w + MARGIN), top + (i // 2) * WIDE_H
        out.append(ClanLayout(x, y, w, WIDE_H, WIDE_R, (x + 14, y + 50), (x + WIDE_TERRITORY, y + 50, x + w - 10)))
    return out


def panels_height(players: int) -> int:
    """The height of the clans' panels, all rows."""
    return TALL_H if players == 3 else WIDE_H * (1 if players <= 2 else 2)


def draw_clan(img, draw, view, pv, locale: str, names: list[str], box: ClanLayout, parts: Parts) -> None:
    """A clan's panel; its territory and its objects are parts kept from board to board (they change when
    the clan places a hex, moves its meeples or makes an object)."""
    seat, x0, y0, w = pv.seat, box.x, box.y, box.w
    colour = seat_colour(seat)
    width = 4 if seat == view.actor and view.phase != "over" else 2
    rounded_rectangle(draw, (x0, y0, x0 + w, y0 + box.h - 8), radius=12, fill=PANEL_BG, outline=colour, width=width)
    rounded_rectangle(draw, (x0, y0, x0 + w, y0 + 38), radius=12, fill=colour)
    draw.rectangle((x0, y0 + 26, x0 + w, y0 + 38), fill=colour)
    right = tr("engis.r.pts", locale, n=pv.score) + " · " + tr("engis.r.knowledge", locale, n=pv.knowledge)
    put(img, (x0 + w - 14, y0 + 19), right, 18, fill=(255, 255, 255), bold=True, anchor="rm")
    title = seat_name(names, seat, locale) + (" ★" if seat == view.first and view.players > 1 else "")
    room = w - 40 - length(right, 18, True)
    put(img, (x0 + 14, y0 + 19), fit(title, room, 20, True), 20, fill=(255, 255, 255), bold=True, anchor="lm")
    hl = set(view.highlight) if view.highlight_seat == seat else set()
    territory = pv.model_dump_json(include={"hexes", "meeples", "meeples_on_row", "zero_bid_marker", "defended"})
    left, top = round(box.grid[0]) - 4, y0 + 44
    parts.draw(
        img,
        (left, top, round(box.grid[0] + 6.5 * box.r) + 4, round(box.grid_bottom) + 66),
        ("engis territory", territory, tuple(view.weather_columns), seat, tuple(sorted(hl & set(data.SPACES))), locale),
        lambda: _draw_territory(img, draw, pv, view.weather_columns, colour, hl, locale, box),
        PANEL_BG,
    )
    x, y, area_right = box.area
    objects_w = area_right - x
    bottom = _objects_bottom(y)
    parts.draw(
        img,
        (x - 2, y - 4, x + objects_w + 2, bottom - 4),
        (
            "engis objects",
            pv.model_dump_json(include={"objects", "wood", "stone"}),
            seat,
            tuple(sorted(o for o in hl if o.startswith("obj-"))),
            locale,
        ),
        lambda: _draw_objects(img, draw, pv, colour, hl, locale, x, y, objects_w),
        PANEL_BG,
    )
    y = _draw_skills(img, draw, pv, hl, locale, x, bottom, area_right)
    _draw_cards(img, draw, view, pv, colour, hl, locale, x, y, area_right)


def hex_meeples(img: Image.Image, draw: Drawing, cx: float, cy: float, r: float, colour, n: int) -> None:
    """The ``n`` meeples on the hex centred at ``cx, cy``: low on its left, beside its plant or knowledge, their
    count large enough to read at Discord's preview."""
    draw_meeple(img, draw, cx - r * 0.3, cy + r * 0.48, colour, n, round(r * 0.32), COUNT_SIZE)


def _draw_territory(img, draw, pv, cols: list[int], colour, hl: set[str], locale: str, box: ClanLayout) -> None:
    """The clan's hexes with its meeples, under each column its number and whether it defends that column's
    hardships (✓ or ✗), then the bid row."""
    r = box.r
    for space in data.SPACES:
        cx, cy = box.hex_centre(space)
        hid = pv.hexes.get(space)
        paste_tile(img, hex_tile(hid, r, locale) if hid else empty_tile(r), cx, cy)
        if space in hl:
            draw.polygon(hex_points(cx, cy, r - 2), outline=HIGHLIGHT, width=5)
        if not hid:
            put(img, (cx, cy), space.upper(), 15, fill=(170, 160, 140), anchor="mm")
    counts: dict[str, int] = {}
    for m in pv.meeples:
        counts[m] = counts.get(m, 0) + 1
    for space, n in counts.items():
        cx, cy = box.hex_centre(space)
        hex_meeples(img, draw, cx, cy, r, colour, n)
    y = box.grid_bottom + 6
    for col in range(1, 5):
        marks = [MARK[ok] for ok, c in zip(pv.defended, cols, strict=True) if c == col]
        cx = box.grid[0] + r + (col - 1) * 1.5 * r - 13 * len(marks)
        put(img, (cx, y), str(col), MARK_SIZE, bold=True, fill=MUTED, anchor="mt")
        for i, (mark, ink) in enumerate(marks):
            put(img, (cx + 12 + 26 * i, y), mark, MARK_SIZE, bold=True, fill=ink, anchor="lt", role="defence")
    _draw_bid_row(img, draw, pv, colour, locale, box.grid[0], y + 36)


def _draw_bid_row(img, draw, pv, colour, locale: str, x: float, y: float) -> None:
    """The meeples on the clan's bid row (or its marker at 0)."""
    label = tr("engis.r.row", locale, n=pv.meeples_on_row)
    put(img, (x, y), label, 16, fill=MUTED)
    mx = x + length(label, 16) + 18
    for i in range(pv.meeples_on_row):
        draw_meeple(img, draw, mx + i * 22, y + 11, colour, 1, 10)
    if pv.zero_bid_marker:
        draw.ellipse((mx, y + 1, mx + 18, y + 19), fill=colour, outline=INK)
        put(img, (mx + 9, y + 10), "0", 12, fill=(255, 255, 255), bold=True, anchor="mm")


def _objects_bottom(y: int) -> int:
    return y + 22 + 4 * OBJECT_PITCH + 6


def _draw_objects(img, draw, pv, colour, hl: set[str], locale: str, x: int, y: int, width: int) -> None:
    """The eight objects, the wood group in the left column and the stone group in the right one, each
    with its cost; the clan's own in its colour (``_objects_bottom``: the y below them)."""
    put(img, (x, y), tr("engis.r.objects", locale), 15, bold=True)
    rx: float = x + width
    for group in ("stone", "wood"):  # what the clan crafts with, right of the title
        glyph, gcolour = RESOURCE_GLYPH[group]
        label = f"{getattr(pv, group)} " + tr(f"engis.res.{group}", locale)
        put(img, (rx, y - 1), label, 16, bold=True, anchor="ra")
        rx -= length(label, 16, True) + 4
        put(img, (rx - 9, y + 9), glyph, 18, fill=gcolour, anchor="mm", stroke=1, stroke_fill=(255, 255, 255))
        rx -= 30
    ow = width / 2 - 6
    for obj, (ox, oy, right, bottom) in object_boxes(x, y, width).items():
        glyph, gcolour = RESOURCE_GLYPH[data.OBJECTS[obj].group]
        have, lit = obj in pv.objects, f"obj-{obj}" in hl
        rounded_rectangle(
            draw,
            (ox, oy, right, bottom),
            radius=5,
            fill=colour if have else (238, 234, 224),
            outline=HIGHLIGHT if lit else LINE,
            width=4 if lit else 1,
        )
        ink = (255, 255, 255) if have else gcolour
        put(img, (ox + 5, oy + 11), glyph + str(data.OBJECTS[obj].cost), 13, fill=ink, bold=True, anchor="lm")
        name = fit(tr(f"engis.object.{obj}", locale), ow - 34, 13)
        put(img, (ox + 30, oy + 11), name, 13, fill=(255, 255, 255) if have else MUTED, anchor="lm")


def object_boxes(x: float, y: float, width: float) -> dict[str, tuple[float, float, float, float]]:
    """The box of each object under the title written at ``x, y``, ``width`` wide (left, top, right, bottom):
    the wood group in the left column and the stone group in the right one."""
    ow = width / 2 - 6
    boxes = {}
    for gi, group in enumerate(("wood", "stone")):
        for i, obj in enumerate(o for o, ob in data.OBJECTS.items() if ob.group == group):
            ox, oy = x + gi * (ow + 6), y + 22 + i * OBJECT_PITCH
            boxes[obj] = (ox, oy, ox + ow, oy + OBJECT_PITCH - 3)
    return boxes


def _draw_skills(img, draw, pv, hl: set[str], locale: str, x: int, y: int, right: int) -> int:
    """The clan's skills as chips, a row after another. Returns the y below them."""
    put(img, (x, y), tr("engis.r.skills", locale), 15, bold=True)
    spots, below = skill_spots(pv, locale, x, y, right)
    for skill, cx, cy, label in spots:
        lit = f"skill-{skill}" in hl
        chip(img, draw, cx, cy, label, fill=(226, 240, 222), size=13, outline=HIGHLIGHT if lit else None)
    return below


Spot = tuple[str, float, float, str]  # a chip's thing (a skill, a card), its left, its top and its label


def _chip_spots(x, y, right, title: str, labels: list[tuple[str, str]]) -> tuple[list[Spot], float]:
    """Where a titled row of chips puts each, wrapping at ``right``; and the y of the row's last line."""
    cx, spots = x + length(title, 15, True) + 10, []
    for key, label in labels:
        cw = length(label, 13) + 12
        if cx + cw > right:
            cx, y = x, y + 26
        spots.append((key, cx, y, label))
        cx += cw + 5
    return spots, y


def skill_spots(pv, locale: str, x, y, right) -> tuple[list[Spot], int]:
    """Where the clan's skills are drawn below ``y``; and the y below them."""
    labels = [(skill, f"{data.SKILLS[skill]} " + tr(f"engis.skill.{skill}", locale)) for skill in pv.skills]
    spots, last = _chip_spots(x, y - 2, right, tr("engis.r.skills", locale), labels)
    return spots, round(last) + 34  # (whole pixels: a row starts at a whole y)


def hand_boxes(view, pv, locale: str, area: tuple[int, int, int]) -> dict[str, tuple[float, float, float, float]]:
    """The boxes (left, top, right, bottom) of the cards of the clan's hand where its owner's picture draws
    them, in the panel's ``area`` (its left, top and right); none where the picture shows no hand."""
    if view.viewer != pv.seat or not pv.hand:
        return {}
    x, top, right = area
    y: float = skill_spots(pv, locale, x, _objects_bottom(top), right)[1]
    y = _card_row_spots(x, y, right, _played_title(pv, locale), pv.played + pv.aside, locale)[1]
    spots = _card_row_spots(x, y, right, tr("engis.r.hand", locale), pv.hand, locale)[0]
    return {card: (cx, cy, cx + length(label, 13) + 14, cy + 23) for card, cx, cy, label in spots}


def _card_row_spots(x, y, right, title: str, cards: list[str], locale: str) -> tuple[list[Spot], float]:
    """Where a row of cards puts each chip; and the y below the row."""
    spots, last = _chip_spots(x, y, right, title, [(card, tr(f"engis.card.{card}", locale)) for card in cards])
    return [(card, cx, cy - 2, label) for card, cx, cy, label in spots], last + 30


def _played_title(pv, locale: str) -> str:
    if len(pv.played) == pv.played_count:
        return tr("engis.r.played", locale)
    return tr("engis.r.played_top", locale, n=pv.played_count)


def _draw_cards(img, draw, view, pv, colour, hl: set[str], locale: str, x: int, y: float, right: int) -> None:
    """The cards played (and the hand and the secret intempérie in the owner's view), the failed ones."""
    mine = view.viewer == pv.seat
    title = _played_title(pv, locale)
    lit = {pv.played[-1]} if pv.played and "card-" + pv.played[-1] in hl else set()
    y = _card_row(img, draw, x, y, right, title, pv.played + pv.aside, (255, 255, 255), INK, lit, locale)
    if mine and pv.hand:  # an empty hand is counted, not titled over nothing
        title = tr("engis.r.hand", locale)
        y = _card_row(img, draw, x, y, right, title, pv.hand, (255, 240, 200), colour, set(), locale)
    elif view.phase != "over":
        put(img, (x, y), tr("engis.r.hand_n", locale, n=pv.hand_count), 15, fill=MUTED)
        y += 26
    if pv.secret is not None:
        marks = pv.secret_defended or [None] * len(pv.secret)
        secret = ", ".join(
            tr(f"engis.weather.{c}", locale) + (" " + MARK[ok][0] if ok is not None else "")
            for c, ok in zip(pv.secret, marks, strict=True)
        )
        label = tr("engis.r.secret" if mine else "engis.r.secret_of", locale, n=len(pv.secret)) + ": " + secret
        box = Box(right - x, 15, bold=True, lines=2)
        y += put_boxed(img, (x, y), label, box, fill=(150, 60, 20)) + 4
    if pv.failed is not None:
        _draw_breakdown(img, pv, locale, x, y, right)


def breakdown(pv, locale: str) -> str:
    """A finished clan's score by source, the hardships last, −4 each one failed."""
    failed = [c for c in pv.failed if not c.startswith("!")]
    parts = [tr(f"engis.r.src.{key}", locale) + f" {pv.points.get(f'engis.score.{key}', 0)}" for key in SOURCES]
    penalty = tr("engis.r.src.intemperies", locale) + f" {pv.points.get('engis.score.intemperies', 0)}"
    if failed:
        penalty += " (" + tr("engis.r.penalty", locale, n=len(failed), each=PENALTY) + ")"
    return " · ".join([*parts, penalty]).replace("-", "−")


def _draw_breakdown(img, pv, locale: str, x: float, y: float, right: float) -> None:
    """The end's score by source, the hardships failed (and the one Survival cancelled)."""
    y += put_boxed(img, (x, y), breakdown(pv, locale), Box(right - x, 15, bold=True, lines=3)) + 2
    failed = [c for c in pv.failed if not c.startswith("!")]
    names_failed = ", ".join(tr(f"engis.weather.{c}", locale) for c in failed) or "—"
    line = tr("engis.r.failed", locale, list=names_failed)
    saved = [c[1:] for c in pv.failed if c.startswith("!")]
    if saved:
        line += " · " + tr("engis.skill.sobrevivencia", locale) + ": " + tr(f"engis.weather.{saved[0]}", locale)
    put_boxed(img, (x, y), line, Box(right - x, 14, lines=2), fill=(170, 40, 30))


def _card_row(img, draw, x, y, right, title, cards, fill, ink, lit, locale) -> float:
    """A title and a wrapped row of card chips; returns the y below it."""
    put(img, (x, y), title, 15, bold=True, fill=ink)
    if not cards:  # none played yet
        put(img, (x + length(title, 15, True) + 10, y), "—", 15, fill=MUTED)
    spots, below = _card_row_spots(x, y, right, title, cards, locale)
    for card, cx, cy, label in spots:
        chip(img, draw, cx, cy, label, fill=fill, size=13, outline=HIGHLIGHT if card in lit else None)
    return below
