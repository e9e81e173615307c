"""The NEANDERTHAL picture: the event card, the North and South biome rows (or the 4x5 matrix of the L
and M variants, with its undiscovered cards, artifacts and home biomes) with the Hunters on them, one
panel per species (placard, discs, elders, daughters, tableau, hand) and a legend."""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image

from rules.neanderthal import data as D

from .common import (
    HIGHLIGHT,
    MUTED,
    Drawing,
    canvas,
    font,
    image_cache,
    paletted_cache,
    put_text,
    rounded_rectangle,
    text_width,
    to_png,
    translate,
)

WIDTH = 1500
TOP = 60
LEFT = 250
CARD_W, CARD_H = 200, 168
GAP = 8
ROWS_Y = TOP + 10
PANEL_H = 380
LEGEND_H = 56
SPECIES_COLOUR = {"G": (0, 140, 100), "Y": (200, 150, 0), "R": (200, 70, 20)}
DISC_FILL = {"O": (240, 130, 30), "W": (250, 250, 250), "B": (30, 30, 30)}
KIND_FILL = {"BIG": (226, 214, 190), "SMALL": (214, 230, 200), "CLUB": (222, 214, 232)}
ICE = (200, 225, 245)
PANEL_BG = (252, 249, 240)
LINE = (190, 182, 165)
PRED = (200, 30, 30)
HIDDEN = (110, 92, 72)  # an undiscovered card of the matrix (face down)


def _rows(view) -> int:
    return D.GRID_ROWS if view.cells else 2


def _panel_y(view) -> int:
    return ROWS_Y + _rows(view) * (CARD_H + GAP) + 30


def _tr(key: str, locale: str, **params) -> str:
    return translate(key, locale, **params)


def put(img: Image.Image, xy, value: str, size: int = 16, **style) -> None:
    put_text(img, xy, value, size, **style)


@lru_cache(maxsize=2048)
def _fit(value: str, width: float, size: int, bold: bool = False) -> str:
    f = font(size, bold)
    if f.getlength(value) <= width:
        return value
    while value and f.getlength(value + "…") > width:
        value = value[:-1]
    return value + "…"


def _dice(b: D.Biome) -> str:
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


@paletted_cache(lambda: _colours())
def _card(card: int, locale: str) -> Image.Image:
    """A biome card face (static, cached)."""
    b = D.BIOMES[card]
    img = Image.new("RGB", (CARD_W, CARD_H), KIND_FILL[b.kind])
    d = Drawing(img)
    d.rectangle((0, 0, CARD_W - 1, CARD_H - 1), outline=PRED if b.pred else (120, 110, 95), width=3 if b.pred else 1)
    put(img, (8, 6), _fit(_tr(f"neanderthal.card.{card}", locale), CARD_W - 48, 15, True), 15, bold=True)
    put(img, (CARD_W - 8, 6), str(b.clim), 15, fill=(40, 80, 160), bold=True, anchor="ra")
    kind = (
        _tr(f"neanderthal.kind.{b.kind}", locale)
        + (" ⚠" if b.pred else "")
        + ("  ◡" + _tr("neanderthal.ui.basket", locale) if b.basket else "")
    )
    put(img, (8, 26), kind, 13, fill=PRED if b.pred else MUTED)
    line = f"{_dice(b)}"
    if b.fer:
        line += "  ☠" + "".join(map(str, b.fer))
    if b.frz:
        line += "  ❄" + "".join(map(str, b.frz))
    put(img, (8, 46), line, 16, bold=True)
    x = 8
    if b.prereq:
        put(img, (x, 70), "◆", 14, fill=MUTED)
        x += 18
        for c in b.prereq:
            _disc(d, x + 7, 79, c, 7)
            x += 18
    gain = f"+{b.babies}♥" if b.babies else ""
    put(img, (max(x + 6, 70), 70), gain, 14, fill=(170, 30, 60), bold=True)
    x2 = max(x + 6, 70) + 36
    for c in b.discs:
        _disc(d, x2 + 7, 79, c, 7)
        x2 += 18
    if b.troph:
        put(img, (8, 96), f"♛{'♛' if b.troph[0] == 2 else ''} {b.troph[1]}=", 15, fill=(120, 80, 0), bold=True)
    if b.hand:
        put(img, (90, 96), f"▭{b.hand[0]} {b.hand[1]}=", 15, fill=(30, 80, 150), bold=True)
    return img


def _disc(d: Drawing, cx: float, cy: float, colour: str, r: int = 8) -> None:
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=DISC_FILL[colour], outline=(90, 90, 90))


def _meeple(d: Drawing, img: Image.Image, cx: float, cy: float, colour: str, n: int, alpha: bool = False) -> None:
    fill = SPECIES_COLOUR.get(colour, (120, 120, 120))
    r = 12 if alpha else 9
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=(30, 30, 30), width=2 if alpha else 1)
    label = ("A" if alpha else "") + (str(n) if n > 1 or not alpha else "")
    put(img, (cx, cy), label, 12, fill=(255, 255, 255), bold=True, anchor="mm")


@image_cache
def _background(locale: str, height: int, rows: int = 2) -> Image.Image:
    img, d = canvas(WIDTH, height)
    d.rectangle((0, 0, WIDTH, TOP), fill=(60, 52, 44))
    labels = ("neanderthal.ui.north", "neanderthal.ui.south")
    for r, label in enumerate(labels if rows == 2 else [labels[0]] * (rows // 2) + [labels[1]] * (rows // 2)):
        y = ROWS_Y + r * (CARD_H + GAP)
        put(img, (LEFT - 36, y + CARD_H / 2), _tr(label, locale), 12, fill=MUTED, bold=True, anchor="mm")
    put(img, (12, height - LEGEND_H + 8), _fit(_tr("neanderthal.ui.legend", locale), WIDTH - 24, 14), 14, fill=MUTED)
    return img


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


def _name(names, seat: int, locale: str) -> str:
    if names and seat < len(names) and names[seat]:
        return names[seat]
    return _tr("core.seat", locale, n=seat + 1)


def render(view, *, locale: str = "en", names: list[str] | None = None) -> bytes:
    n = len(view.ps)
    panel_y = _panel_y(view)
    height = panel_y + PANEL_H + LEGEND_H
    img = _background(locale, height, _rows(view)).copy()
    d = Drawing(img)
    last = set(view.last)

    # -- title
    title = "NEANDERTHAL · " + _tr("neanderthal.ui.turn", locale, n=view.turn, left=view.events_left)
    if view.variant == "k2":
        title += " · K2"
    elif view.variant == "alien":
        title += " · L · " + _tr("neanderthal.ui.artifacts", locale, n=view.activated, goal=view.goal)
    elif view.variant == "eve":
        title += " · M"
    elif view.scenario != "standard":
        title += " · " + _tr(f"neanderthal.opt.scenario.{view.scenario}", locale).split(" (")[0]
    put(img, (14, 16), title, 22, fill=(255, 255, 255), bold=True)
    if view.phase == "over":
        status = _tr("neanderthal.ui.over", locale)
        if view.won is not None:
            status += " · " + ("✓" if view.won else "✗")
    else:
        status = (
            _tr("neanderthal.ui.to_act", locale, seat=_name(names, view.actor, locale))
            + " · "
            + _tr(
                f"neanderthal.prompt.{view.phase}",
                locale,
                card=_tr(f"neanderthal.card.{view.fight_card or view.event_card}", locale),
                n="…",
                colour="…",
                seat="…",
                who="…",
                what="…",
            )
        )
    put(img, (WIDTH - 14, 18), _fit(status, 820, 18), 18, fill=HIGHLIGHT, anchor="ra")

    # -- event card / auction
    ex, ey = 10, ROWS_Y
    rounded_rectangle(
        d, (ex, ey, ex + LEFT - 84, ey + 2 * CARD_H + GAP), radius=8, fill=(250, 236, 240), outline=(150, 90, 110)
    )
    put(img, (ex + 8, ey + 6), _tr("neanderthal.ui.event", locale), 13, fill=MUTED)
    if view.event_card:
        dc = D.DAUGHTERS[view.event_card]
        y = ey + 26
        put(
            img,
            (ex + 8, y),
            _fit(_tr(f"neanderthal.card.{view.event_card}", locale), LEFT - 100, 16, True),
            16,
            bold=True,
        )
        y += 24
        for i, c in enumerate(dc.order):
            _meeple(d, img, ex + 18 + i * 24, y + 9, c, 1)
        y += 26
        for icon, k in dc.events:
            label = _tr(f"neanderthal.icon.{icon}", locale)
            put(img, (ex + 8, y), f"{label} ×{k}" if k > 1 else label, 14)
            y += 20
        bid = _tr("neanderthal.ui.bid", locale)
        put(img, (ex + 8, y + 4), bid, 13, fill=MUTED)
        bx = ex + 20 + text_width(bid, 13)
        for i, c in enumerate(dc.media):
            _disc(d, bx + i * 20, y + 13, c, 7)
        y += 28
        for sp, col in dc.portals:
            put(img, (ex + 8, y), _tr(f"neanderthal.portal.{sp}", locale), 13)
            _disc(d, ex + 100, y + 8, col, 7)
            y += 18
        put(img, (ex + 8, y + 4), _fit(_tr(f"neanderthal.skill.{dc.skill}", locale), LEFT - 100, 12), 12, fill=MUTED)
        y += 26
        if view.bids:
            put(img, (ex + 8, y), _tr("neanderthal.ui.bids", locale) + ":", 13, bold=True)
            y += 18
            for s, b in sorted(view.bids.items()):
                put(
                    img,
                    (ex + 8, y),
                    _fit(f"{_name(names, int(s), locale)}: {b}", LEFT - 100, 14),
                    14,
                    fill=SPECIES_COLOUR[view.ps[int(s)].species],
                    bold=True,
                )
                y += 18
    put(img, (ex + 8, ey + 2 * CARD_H + GAP - 22), f"N {view.deck_n} · S {view.deck_s}", 13, fill=MUTED)

    # -- biome rows, or the matrix
    if view.cells:
        _matrix(img, d, view, locale, last)
    for r, (row, ice) in enumerate(((view.north, view.ice_n), (view.south, view.ice_s)) if not view.cells else ()):
        y = ROWS_Y + r * (CARD_H + GAP)
        for i in range(D.ROW_SIZE):
            x = LEFT + i * (CARD_W + GAP)
            slot = f"{'NS'[r]}{i}"
            if ice[i]:
                _sign(img, d, x, y, "ice", locale)
            elif row[i]:
                img.paste(_card(row[i], locale), (x, y))
            else:
                _sign(img, d, x, y, "empty", locale)
            if slot in last:
                d.rectangle((x - 3, y - 3, x + CARD_W + 2, y + CARD_H + 2), outline=HIGHLIGHT, width=4)
            _hunters(img, d, view, slot, x, y)

    # -- player panels
    pw = (WIDTH - 20 - (n - 1) * 10) // n
    for s, p in enumerate(view.ps):
        x0 = 10 + s * (pw + 10)
        _panel(img, d, view, p, x0, panel_y, pw, locale, names, s in (view.last_seat,) and bool(last))
    return to_png(img, _colours())


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
    cx = x + 16
    for side, c, a, k in _side_summary(view.hunters.get(slot, [])):
        host = view.ps[int(side)].species if side != "f" else c
        if host != c:  # a Refugee: ringed in his host's colour
            d.ellipse((cx - 13, y + CARD_H - 33, cx + 13, y + CARD_H - 7), fill=SPECIES_COLOUR[host])
        _meeple(d, img, cx, y + CARD_H - 20, c, k, a)
        cx += 30


def _matrix(img, d, view, locale: str, last: set[str]) -> None:
    """L1: the 4x5 matrix; face-down cards are undiscovered, ice barriers lie across (L3-A), the
    artifact markers (L6-A) stay on their cells, and each species' home biome is marked."""
    homes = {cell: view.ps[s].species for s, cell in enumerate(view.homes)}
    for i, kind in enumerate(view.cells):
        r, c = divmod(i, D.GRID_COLS)
        x, y = LEFT + c * (CARD_W + GAP), ROWS_Y + r * (CARD_H + GAP)
        if kind == "c":
            img.paste(_card(view.grid[i], locale), (x, y))
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
            d.rectangle((x + CARD_W - 30, y + 26, x + CARD_W - 6, y + 44), fill=SPECIES_COLOUR[homes[i]])
            put(img, (x + CARD_W - 18, y + 35), "⌂", 14, fill=(255, 255, 255), anchor="mm")
        if f"M{i}" in last:
            d.rectangle((x - 3, y - 3, x + CARD_W + 2, y + CARD_H + 2), outline=HIGHLIGHT, width=4)
        _hunters(img, d, view, f"M{i}", x, y)


def _panel(img, d, view, p, x0: int, y0: int, w: int, locale: str, names, mine_last: bool) -> None:
    col = SPECIES_COLOUR[p.species]
    active = view.phase != "over" and view.actor == p.seat
    rounded_rectangle(
        d,
        (x0, y0, x0 + w, y0 + PANEL_H),
        radius=10,
        fill=PANEL_BG,
        outline=HIGHLIGHT if active else col,
        width=5 if active else 3,
    )
    rounded_rectangle(d, (x0, y0, x0 + w, y0 + 34), radius=10, fill=col)
    head = f"{_name(names, p.seat, locale)} · {_tr(f'neanderthal.sp.{p.species}', locale)}"
    put(img, (x0 + 10, y0 + 7), _fit(head, w - 110, 18, True), 18, fill=(255, 255, 255), bold=True)
    put(
        img,
        (x0 + w - 10, y0 + 7),
        _tr("neanderthal.ui.score", locale, n=p.score),
        18,
        fill=(255, 255, 255),
        bold=True,
        anchor="ra",
    )
    if mine_last:
        d.ellipse((x0 + w - 108, y0 + 10, x0 + w - 94, y0 + 24), fill=HIGHLIGHT, outline=(255, 255, 255))
    y = y0 + 42
    state = _tr("neanderthal.ui.tribal" if p.tribal else "neanderthal.ui.vocal", locale)
    sex = _tr(f"neanderthal.sex.{p.sex}", locale) if p.sex else "?"
    put(img, (x0 + 10, y), f"{sex} · {state}", 15, bold=True)
    x = x0 + 10 + text_width(f"{sex} · {state}", 15, True) + 12
    for c in p.mpi:
        _disc(d, x, y + 9, c, 6)
        x += 15
    y += 24
    # vocabulary
    put(img, (x0 + 10, y), _tr("neanderthal.ui.vocab", locale), 14, fill=MUTED)
    x = x0 + 120
    for c in D.COLOURS:
        _disc(d, x, y + 9, c, 9)
        put(img, (x + 13, y), str(p.vocab.get(c, 0)), 15, bold=True)
        x += 50
    y += 24
    put(img, (x0 + 10, y), _tr("neanderthal.ui.portals", locale), 14, fill=MUTED)
    x = x0 + 120
    for pt in p.portals:
        sp, c = pt.split("-")
        put(img, (x, y), _tr(f"neanderthal.portal.{sp}", locale), 13)
        _disc(d, x + 12 + text_width(_tr(f"neanderthal.portal.{sp}", locale), 13), y + 9, c, 7)
        x += 82
    y += 24
    # elders
    put(img, (x0 + 10, y), _tr("neanderthal.ui.elders", locale), 14, fill=MUTED)
    y += 20
    bw = (w - 20) // 6
    for i, r in enumerate(D.RANKS):
        bx = x0 + 10 + i * bw
        usable = p.tribal or r in D.MAX_RANK_VOCAL
        d.rectangle((bx, y, bx + bw - 4, y + 44), fill=(255, 255, 255) if usable else (225, 222, 215), outline=LINE)
        put(img, (bx + 4, y + 2), _fit(f"{r} {_tr(f'neanderthal.rank.{r}', locale)}", bw - 10, 11), 11, fill=MUTED)
        e = p.elders.get(str(r))
        if e:
            _meeple(d, img, bx + 16, y + 30, e[0][0], 1, e[0].endswith("a"))
            if e[1]:
                _disc(d, bx + 38, y + 30, e[1], 6)
                put(img, (bx + 48, y + 22), "◔", 12, fill=MUTED)
    y += 52
    # pool
    put(img, (x0 + 10, y), _tr("neanderthal.ui.pool", locale), 14, fill=MUTED)
    x = x0 + 130
    for c, a, k in _tokens_summary(p.pool):
        _meeple(d, img, x, y + 9, c, k, a)
        x += 30
    y += 26
    # daughters
    put(img, (x0 + 10, y), _tr("neanderthal.ui.daughters", locale), 14, fill=MUTED)
    y += 20
    for wi, wf in enumerate(p.wives[:5]):
        yy = y + wi * 20
        put(img, (x0 + 14, yy), _fit(_tr(f"neanderthal.card.{wf.card}", locale), w - 130, 14), 14, bold=not wf.discs)
        x = x0 + w - 110
        for c in wf.discs:
            _disc(d, x, yy + 9, c, 6)
            x += 14
        sx = x0 + w - 130
        for c, a, k in _tokens_summary([tk.split(":")[1] for tk in view.suitors.get(f"{p.seat}-{wi}", [])]):
            _meeple(d, img, sx, yy + 9, c, k, a)
            sx -= 24
        if wf.husband:
            _meeple(d, img, x0 + w - 20, yy + 9, wf.husband[0], 1, False)
            if wf.assim:  # M3-B: a Hunter assimilated with the Husband, one Husband of two meeples
                _meeple(d, img, x0 + w - 36, yy + 9, wf.assim[0], 1, False)
            if wf.hdisc:
                _disc(d, x0 + w - (54 if wf.assim else 38), yy + 9, wf.hdisc, 5)
    if len(p.wives) > 5:
        put(img, (x0 + 14, y + 100), f"+{len(p.wives) - 5}", 13, fill=MUTED)
    y += 5 * 20 + 4
    # tableau and hand
    items = [_tr(f"neanderthal.card.{c}", locale) + (" ♛♛" if D.trophy_of(c)[0] == 2 else " ♛") for c in p.trophies]
    items += [
        _tr(f"neanderthal.card.{tl.card}", locale) + (" ◔" if tl.disc else "") + f" ({D.hand_of(tl.card)[0]})"
        for tl in p.tools
    ]
    put(
        img,
        (x0 + 10, y),
        _fit(_tr("neanderthal.ui.tableau", locale) + ": " + (", ".join(items) or "—"), w - 20, 13),
        13,
    )
    y += 20
    if p.hand is not None:
        hand = ", ".join(_tr(f"neanderthal.card.{c}", locale) for c in p.hand) or "—"
        put(
            img,
            (x0 + 10, y),
            _fit(_tr("neanderthal.ui.hand", locale) + ": " + hand, w - 20, 13),
            13,
            fill=(30, 80, 150),
            bold=True,
        )
    else:
        put(img, (x0 + 10, y), _tr("neanderthal.ui.hand_n", locale, n=p.hand_count), 13, fill=MUTED)


__all__ = ["render"]
