"""An ENGIS clan's panel: its hexes with its meeples, its objects, skills and cards."""

from __future__ import annotations

import math

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

PANEL_H = 384  # one clan
TERRITORY_W = 300  # a clan's hexes, left of its objects, skills and cards
OBJECT_PITCH = 24  # an object's line


def draw_clan(img, draw, view, pv, locale: str, names: list[str], x0: int, y0: int, w: int, parts: Parts) -> None:
    """A clan's panel; its territory and its objects are parts kept from board to board (they change when
    the clan places a hex, moves its meeples or makes an object)."""
    seat = pv.seat
    colour = seat_colour(seat)
    width = 4 if seat == view.actor and view.phase != "over" else 2
    rounded_rectangle(draw, (x0, y0, x0 + w, y0 + PANEL_H - 8), radius=12, fill=PANEL_BG, outline=colour, width=width)
    rounded_rectangle(draw, (x0, y0, x0 + w, y0 + 38), radius=12, fill=colour)
    draw.rectangle((x0, y0 + 26, x0 + w, y0 + 38), fill=colour)
    title = seat_name(names, seat, locale) + (" ★" if seat == view.first and view.players > 1 else "")
    put(img, (x0 + 14, y0 + 19), fit(title, w - 330, 20, True), 20, fill=(255, 255, 255), bold=True, anchor="lm")
    right = tr("engis.r.pts", locale, n=pv.score) + " · " + tr("engis.r.knowledge", locale, n=pv.knowledge)
    put(img, (x0 + w - 14, y0 + 19), right, 18, fill=(255, 255, 255), bold=True, anchor="rm")
    hl = set(view.highlight) if view.highlight_seat == seat else set()
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


def hex_meeples(img: Image.Image, draw: Drawing, cx: float, cy: float, r: float, colour, n: int) -> None:
    """The ``n`` meeples on the hex centred at ``cx, cy``: low on its left, beside its plant or knowledge."""
    draw_meeple(img, draw, cx - r * 0.35, cy + r * 0.52, colour, n, 12)


def _draw_territory(img, draw, pv, colour, hl: set[str], locale: str, x0: int, y0: int) -> None:
    """The clan's hexes with its meeples, the column numbers and the bid row."""
    r = 40
    bx, by = x0 + 14, y0 + 52
    for space in data.SPACES:
        cx, cy = space_centre(space, bx, by, r)
        hid = pv.hexes.get(space)
        paste_tile(img, hex_tile(hid, r, locale) if hid else empty_tile(r), cx, cy)
        if space in hl:
            draw.polygon(hex_points(cx, cy, r - 2), outline=HIGHLIGHT, width=5)
        if not hid:
            put(img, (cx, cy), space.upper(), 13, fill=(170, 160, 140), anchor="mm")
    counts: dict[str, int] = {}
    for m in pv.meeples:
        counts[m] = counts.get(m, 0) + 1
    for space, n in counts.items():
        cx, cy = space_centre(space, bx, by, r)
        hex_meeples(img, draw, cx, cy, r, colour, n)
    for col in range(1, 5):
        cx = bx + r + (col - 1) * 1.5 * r
        put(img, (cx, by + math.sqrt(3) * r * 3 + 4), str(col), 16, bold=True, fill=MUTED, anchor="mt")
    row_y = by + math.sqrt(3) * r * 3 + 28
    label = tr("engis.r.row", locale, n=pv.row)
    put(img, (bx, row_y), label, 15, fill=MUTED)
    mx = bx + length(label, 15) + 18
    for i in range(pv.row):
        draw_meeple(img, draw, mx + i * 20, row_y + 10, colour, 1, 9)
    if pv.marker:
        draw.ellipse((mx, row_y + 1, mx + 16, row_y + 17), fill=colour, outline=INK)
        put(img, (mx + 8, row_y + 9), "0", 11, fill=(255, 255, 255), bold=True, anchor="mm")


def _objects_bottom(y: int) -> int:
    return y + 22 + 4 * OBJECT_PITCH + 6


def _draw_objects(img, draw, pv, colour, hl: set[str], locale: str, x: int, y: int, width: int) -> None:
    """The eight objects, the wood group in the left column and the stone group in the right one, each
    with its cost; the clan's own in its colour (``_objects_bottom``: the y below them)."""
    put(img, (x, y), tr("engis.r.objects", locale), 15, bold=True)
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
            name = fit(tr(f"engis.object.{obj}", locale), ow - 34, 13)
            put(img, (ox + 30, oy + 11), name, 13, fill=(255, 255, 255) if have else MUTED, anchor="lm")


def _draw_skills(img, draw, pv, hl: set[str], locale: str, x: int, y: int, right: int) -> int:
    """The clan's skills as chips, a row after another. Returns the y below them."""
    put(img, (x, y), tr("engis.r.skills", locale), 15, bold=True)
    cx = x + length(tr("engis.r.skills", locale), 15, True) + 10
    cy = y - 2
    for skill in pv.skills:
        label = f"{data.SKILLS[skill]} " + tr(f"engis.skill.{skill}", locale)
        cw = length(label, 13) + 12
        if cx + cw > right:
            cx, cy = x, cy + 26
        lit = f"skill-{skill}" in hl
        chip(img, draw, cx, cy, label, fill=(226, 240, 222), size=13, outline=HIGHLIGHT if lit else None)
        cx += cw + 5
    return cy + 34


def _draw_cards(img, draw, view, pv, colour, hl: set[str], locale: str, x: int, y: float, right: int) -> None:
    """The cards played (and the hand and the secret intempérie in the owner's view), the failed ones."""
    mine = view.viewer == pv.seat
    title = (
        tr("engis.r.played", locale)
        if len(pv.played) == pv.played_count
        else tr("engis.r.played_top", locale, n=pv.played_count)
    )
    lit = {pv.played[-1]} if pv.played and "card-" + pv.played[-1] in hl else set()
    y = _card_row(img, draw, x, y, right, title, pv.played + pv.aside, (255, 255, 255), INK, lit, locale)
    if mine and pv.hand:  # an empty hand is counted, not titled over nothing
        title = tr("engis.r.hand", locale)
        y = _card_row(img, draw, x, y, right, title, pv.hand, (255, 240, 200), colour, set(), locale)
    else:
        put(img, (x, y), tr("engis.r.hand_n", locale, n=pv.hand_count), 15, fill=MUTED)
        y += 26
    if pv.secret is not None:
        secret = ", ".join(tr(f"engis.weather.{c}", locale) for c in pv.secret)
        label = tr("engis.r.secret" if mine else "engis.r.secret_of", locale, n=len(pv.secret)) + ": " + secret
        box = Box(right - x, 15, bold=True, lines=2)
        y += put_boxed(img, (x, y), label, box, fill=(150, 60, 20)) + 4
    if pv.failed is not None:
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
    cx = x + length(title, 15, True) + 10
    if not cards:  # none played yet
        put(img, (cx, y), "—", 15, fill=MUTED)
    for card in cards:
        label = tr(f"engis.card.{card}", locale)
        cw = length(label, 13) + 12
        if cx + cw > right:
            cx, y = x, y + 26
        chip(img, draw, cx, y - 2, label, fill=fill, size=13, outline=HIGHLIGHT if card in lit else None)
        cx += cw + 5
    return y + 30
