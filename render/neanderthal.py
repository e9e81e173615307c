"""The NEANDERTHAL picture: the event card, the North and South biome rows (or the 4x5 matrix of the L
and M variants, with its undiscovered cards, artifacts and home biomes) with the Hunters on them, one
panel per species (placard, discs, elders, daughters, tableau, hand) and a legend.

Its measures, colours and small pieces are in ``neanderthal_pieces``, a species' panel in
``neanderthal_tribe``."""

from __future__ import annotations

from collections.abc import Iterator

from PIL import Image

from rules.core import Msg, msg, t
from rules.neanderthal import data

from .common import (
    HIGHLIGHT,
    INK,
    MUTED,
    Box,
    Drawing,
    Palette,
    alt_text,
    canvas,
    fit_text,
    goal_headline,
    image_cache,
    paste_image,
    put_boxed,
    rounded_rectangle,
    scores_line,
    text_width,
    to_png,
    winners_headline,
)
from .neanderthal_pieces import (
    CARD_H,
    CARD_KIND,
    CARD_NAME,
    CARD_W,
    DAUGHTER,
    DISC_FILL,
    ELDER,
    EVENT_ICON,
    EVENT_NAME,
    EVENT_SKILL,
    EVENT_W,
    GAP,
    HIDDEN,
    ICE,
    ICON_W,
    KIND_FILL,
    LEFT,
    LEGEND,
    LEGEND_COLUMNS,
    LEGEND_ROW,
    LINE,
    LOG,
    PRED,
    ROWS_Y,
    SIDE_LEGEND,
    SIDE_X,
    SPECIES_COLOUR,
    SPECIES_MARK,
    STATUS,
    TOP,
    WHITE,
    WIDTH,
    _card,
    _colours,
    _disc,
    _ink,
    _kind_line,
    _meeple,
    _name,
    _panel_y,
    _portals,
    _rows,
    _side_summary,
    _tr,
    put,
    token_half,
)
from .neanderthal_tribe import (
    _panel,
    _panel_h,
    _panel_w,
    _rank,
)


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
        x0, _, _ = panel_spot(view, s)
        _panel(img, d, view, p, (x0, panel_y, pw, ph), locale, names)
    return to_png(img, _colours())


def panel_spot(view, seat: int) -> tuple[int, int, int]:
    """Where ``seat``'s species' panel is: its left, its top and its width (the panels share the width)."""
    w = _panel_w(len(view.tribes))
    return 10 + seat * (w + 10), _panel_y(view), w


def _log_line(img, view, locale: str, names: list[str]) -> None:
    """What the last move did, in words, under the header."""
    said = [t(e, locale, names=[_name(names, seat, locale) for seat in range(len(view.tribes))]) for e in view.events]
    if said:
        line = fit_text("› " + " · ".join(said), LOG.width, LOG.size)
        put(img, (14, TOP + 6), line, LOG.size, role="last_move")


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
        for i in range(data.ROW_SIZE):
            slot = f"{'NS'[r]}{i}"
            x, y = slot_spot(slot)
            if ice[i]:
                _sign(img, d, x, y, "ice", locale)
            elif row[i]:
                paste_image(img, _card(row[i], locale), (x, y))
            else:
                _sign(img, d, x, y, "empty", locale)
            if slot in last:
                d.rectangle((x - 3, y - 3, x + CARD_W + 2, y + CARD_H + 2), outline=HIGHLIGHT, width=4)
            _hunters(img, d, view, slot, x, y)


def slot_spot(slot: str) -> tuple[int, int]:
    """The top left of a biome's place (``CARD_W`` by ``CARD_H``): a row's slot ``N3`` / ``S0``, a matrix
    cell ``M7``."""
    if slot[0] == "M":
        r, c = divmod(int(slot[1:]), data.GRID_COLS)
    else:
        r, c = "NS".index(slot[0]), int(slot[1:])
    return LEFT + c * (CARD_W + GAP), ROWS_Y + r * (CARD_H + GAP)


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
        x, y = slot_spot(f"M{i}")
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
