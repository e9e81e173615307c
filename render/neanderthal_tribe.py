"""A species' panel of the NEANDERTHAL picture: its tabs and header, then its parts (placard, elders,
daughters, tableau, final score), each drawn under the other and sized for the fullest panel."""

from __future__ import annotations

from rules.neanderthal import data

from .common import (
    INK,
    MUTED,
    WINNER,
    Tab,
    draw_tabs,
    fit_text,
    player_tabs,
    rounded_rectangle,
    text_width,
    wrap,
)
from .neanderthal_pieces import (
    DAUGHTER_COLUMN,
    DAUGHTER_GUTTER,
    DAUGHTER_LINE,
    DAUGHTER_LINES,
    ELDER,
    HEADER_H,
    LINE,
    LINE_13,
    PANEL_BG,
    PANEL_H,
    PANEL_TOP,
    SPECIES_COLOUR,
    SPECIES_MARK,
    TABLEAU,
    WHITE,
    WIDTH,
    _disc,
    _ink,
    _meeple,
    _name,
    _portals,
    _tokens_summary,
    _tr,
    put,
    token_half,
)


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


def panel_tops(y0: int) -> tuple[int, int]:
    """Where a species' panel (its top ``y0``) has its elders and its daughters (each part's title's top)."""
    elders = y0 + PANEL_TOP + PLACARD_H
    return elders, elders + ELDERS_H


def elder_boxes(x0: int, y: int, w: int) -> dict[int, tuple[int, int, int, int]]:
    """Each elder rank's box (left, top, right, bottom) in a panel ``w`` wide at ``x0`` whose elders start at
    ``y``: an Elder made of that rank goes there (``render.hits`` clicks it)."""
    bw = (w - 20) // 6
    return {r: (x0 + 10 + i * bw, y + 20, x0 + 10 + i * bw + bw - 4, y + 64) for i, r in enumerate(data.RANKS)}


def _elders(img, d, view, p, x0: int, y: int, w: int, locale: str) -> int:
    """The six elder ranks (those a vocal species cannot use greyed), then the unassigned pool."""
    put(img, (x0 + 10, y), _tr("neanderthal.ui.elders", locale), 14, fill=MUTED)
    for r, (bx, top, right, bottom) in elder_boxes(x0, y, w).items():
        usable = p.tribal or r in data.MAX_RANK_VOCAL
        d.rectangle((bx, top, right, bottom), fill=WHITE if usable else (225, 222, 215), outline=LINE)
        put(img, (bx + 4, top + 2), fit_text(_rank(r, locale), right - bx - 6, ELDER.size), ELDER.size, fill=MUTED)
        e = p.elders.get(str(r))
        if e:
            _meeple(d, img, bx + 16, top + 30, e[0][0], 1, e[0].endswith("a"))
            if e[1]:
                _disc(d, bx + 38, top + 30, e[1], 6)
                put(img, (bx + 48, top + 22), "◔", 12, fill=MUTED)
    y += 72
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


def daughter_boxes(view, p, x0: int, y: int, w: int, locale: str) -> list[tuple[int, int, int, int]]:
    """Each daughter's place (left, top, right, bottom: her name and her marks, one line or two) in a panel
    ``w`` wide at ``x0`` whose daughters start at ``y``: a Suitor sent to her goes there (``render.hits``)."""
    _, places = _daughters_layout(view, p, w, locale)
    _, column_w = _daughter_columns(w)
    boxes = []
    for column, line, two in places:
        left, top = x0 + 10 + column * (column_w + DAUGHTER_GUTTER), y + 20 + line * DAUGHTER_LINE
        boxes.append((left, top - 1, left + column_w, top + (1 + two) * DAUGHTER_LINE - 2))
    return boxes


def _daughters(img, d, view, p, x0: int, y: int, w: int, locale: str) -> int:
    """The daughters in columns (as many as the panel's width holds, of five lines at least), each in a box
    of her own: her name on the left half of a column; on the right, from its edge inwards, her Husband, her
    discs, then her Suitors (on the line under her name when they would reach it)."""
    put(img, (x0 + 10, y), _tr("neanderthal.ui.daughters", locale), 14, fill=MUTED)
    lines, places = _daughters_layout(view, p, w, locale)
    _, column_w = _daughter_columns(w)
    boxes = daughter_boxes(view, p, x0, y, w, locale)
    for wi, (wf, box, (_, _, two)) in enumerate(zip(p.wives, boxes, places, strict=True)):
        d.rectangle(box, fill=WHITE, outline=LINE)  # her place: her name and her marks together
        left, yy = box[0], box[1] + 1
        put(img, (left + 4, yy), _daughter_name(wf, column_w, locale), 14, bold=not wf.discs)
        start, my = left + column_w - 8, yy + 9 + two * DAUGHTER_LINE
        for dx, kind, c, k, alpha, r in _marks(view, p, wi, wf)[0]:
            if kind == "meeple":
                _meeple(d, img, start - dx, my, c, k, alpha)
            else:
                _disc(d, start - dx, my, c, r)
    return y + 20 + lines * DAUGHTER_LINE + 4


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
