"""The PERGAMEMNON picture: the face-up creatures, the battle on the table, every nation's area in its
player's colour (Nation and City cards, counts, discard pile, City cards), the private hand in its owner's
view, and a legend.  A pure function of a view; every card face is drawn once and reused."""

from __future__ import annotations

from functools import cache

from PIL import Image

from rules.core import Msg, msg, seat_msg, t
from rules.pergamemnon import data as D
from rules.pergamemnon.flow import card_msg

from .common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    Drawing,
    canvas,
    fit_text,
    font,
    paletted_cache,
    put_text,
    rounded_rectangle,
    seat_colour,
    to_png,
)

WIDTH = 1500
MARGIN = 12
TOP = 60
EVENT_LINE = 22
CARD_W, CARD_H = 128, 172  # creatures, battle, hand
SMALL_W, SMALL_H = 92, 138  # cards in the players' areas
PANEL_H = 192
LEGEND_H = 56
WHITE = (255, 255, 255)
TITLE_BG = (58, 40, 30)
PANEL_BG = (252, 249, 240)
NATION_FILL = {  # rulebook: Romanos (vermelhos), Egipcíos (amarelos), Gregos (cinzentos), azuis, verdes
    "rom": (246, 214, 208),
    "egy": (250, 238, 190),
    "gre": (226, 226, 228),
    "car": (208, 222, 246),
    "per": (210, 236, 212),
    "": (232, 218, 246),
}
NATION_INK = {
    "rom": (170, 30, 30),
    "egy": (170, 130, 0),
    "gre": (90, 90, 96),
    "car": (30, 70, 170),
    "per": (30, 120, 50),
    "": (110, 60, 150),
}
WEAPON_INK = {"sw": (150, 30, 30), "sp": (30, 80, 150), "bo": (30, 120, 50)}


def _t(m: Msg | str, locale: str, names=None) -> str:
    return t(m, locale, names=names)


@cache
def _colours() -> tuple[tuple[int, int, int], ...]:
    """The picture's flat colours, for the fixed PNG palette."""
    return (
        PANEL_BG,
        WHITE,
        TITLE_BG,
        (240, 210, 140),
        (250, 236, 226),
        (170, 60, 40),
        (70, 50, 40),
        (230, 210, 170),
        (150, 60, 150),
        (170, 120, 0),
        (110, 60, 150),
        *NATION_FILL.values(),
        *NATION_INK.values(),
        *WEAPON_INK.values(),
    )


@paletted_cache(lambda: _colours())
def _card(cid: str, w: int, h: int, locale: str) -> Image.Image:
    """One card face (or a face-down back for "?")."""
    img = Image.new("RGB", (w, h), BACKGROUND)
    d = Drawing(img)
    if cid == "?":
        rounded_rectangle(d, (0, 0, w - 1, h - 1), 10, fill=(70, 50, 40), outline=INK, width=2)
        d.text((w / 2, h / 2), "?", font=font(h // 3, True), fill=(230, 210, 170), anchor="mm")
        return img
    c = D.CARDS[cid]
    small = w < 110
    rounded_rectangle(
        d,
        (0, 0, w - 1, h - 1),
        10,
        fill=NATION_FILL[c.nation],
        outline=NATION_INK[c.nation],
        width=3 if cid in D.LEADERS else 2,
    )
    fs = 13 if small else 16
    name = fit_text(t(card_msg(cid), locale), w - 12, fs, True)
    d.text((w / 2, 6), name, font=font(fs, True), fill=INK, anchor="ma")
    weapon = t(msg(f"pergamemnon.weapon.{c.weapon}"), locale)
    big = 26 if small else 34
    d.text((w / 2, 6 + fs + 6), str(c.atk), font=font(big, True), fill=WEAPON_INK[c.weapon], anchor="ma")
    d.text((w / 2, 6 + fs + 8 + big), weapon, font=font(fs - 1), fill=WEAPON_INK[c.weapon], anchor="ma")
    y = 6 + fs + 12 + big + fs
    labels = tuple(t(msg(f"pergamemnon.ui.def.{k}"), locale) for k in ("helm", "armour", "shield"))
    cw = (w - 8) / 3
    for i, (lab, val) in enumerate(zip(labels, (c.helm, c.armour, c.shield), strict=True)):
        x0 = 4 + i * cw
        rounded_rectangle(d, (x0 + 1, y, x0 + cw - 2, y + (22 if small else 28)), 5, fill=WHITE, outline=MUTED)
        d.text((x0 + cw / 2, y + (11 if small else 14)), f"{lab}{val}", font=font(fs - 1, True), fill=INK, anchor="mm")
    y += 28 if small else 36
    d.text((6, y), f"♦{c.cha}", font=font(fs, True), fill=(150, 60, 150), anchor="la")
    d.text((w - 6, y), f"★{c.pts}", font=font(fs, True), fill=(170, 120, 0), anchor="ra")
    icons = ("L" if cid in D.LEADERS else "") + ("F" if c.flee else "") + ("S" if c.secured else "")
    bottom = h - 6
    if icons:
        d.text((6, bottom), icons, font=font(fs, True), fill=(170, 30, 30), anchor="ld")
    if c.cost:
        d.text((w - 6, bottom), f"${c.cost}", font=font(fs + 2, True), fill=(110, 60, 150), anchor="rd")
    return img


def _put(img: Image.Image, xy, value: str, *, font, fill=INK, anchor: str = "la") -> None:
    """Pastes a cached text stamp; ``font`` is (size, bold)."""
    size, bold = font
    put_text(img, xy, value, size, fill=fill, bold=bold, anchor=anchor)


def _paste(
    img: Image.Image,
    draw: Drawing,
    cid: str,
    x: float,
    y: float,
    small: bool,
    locale: str,
    hl: bool = False,
) -> None:
    w, h = (SMALL_W, SMALL_H) if small else (CARD_W, CARD_H)
    if hl:
        rounded_rectangle(draw, (x - 5, y - 5, x + w + 4, y + h + 4), 12, fill=HIGHLIGHT)
    img.paste(_card(cid, w, h, locale), (int(x), int(y)))


def _name(names: list[str], seat: int, locale: str) -> str:
    return _t(seat_msg(seat), locale, names)


def _layout(view) -> tuple[int, int, int, int, int]:
    events_h = EVENT_LINE * min(4, max(1, len(view.events))) + 12
    market_y = TOP + events_h
    battle_y = market_y + CARD_H + 44
    battle_h = CARD_H + 48 if view.battle is not None else SMALL_H + 52 if view.last else 0
    panels_y = battle_y + battle_h
    me = view.viewer
    hand_h = CARD_H + 48 if me is not None and view.ps[me].hand is not None and view.phase != "over" else 0
    height = panels_y + view.players * (PANEL_H + 8) + hand_h + LEGEND_H
    return market_y, battle_y, panels_y, hand_h, height


def render(view, *, locale: str = "en", names: list[str] | None = None) -> bytes:
    names = list(names or [])
    market_y, battle_y, panels_y, hand_h, height = _layout(view)
    img, draw = canvas(WIDTH, height)
    # title and status
    draw.rectangle((0, 0, WIDTH, TOP - 8), fill=TITLE_BG)
    _put(img, (MARGIN, (TOP - 8) / 2), "PERGAMEMNON", font=(26, True), fill=(240, 210, 140), anchor="lm")
    if view.phase == "over":
        status = (
            _t(msg("pergamemnon.ui.over"), locale) + " — " + _t(msg(f"pergamemnon.ui.end_{view.end_reason}"), locale)
        )
    else:
        status = _t(msg("pergamemnon.ui.waiting", who=seat_msg(view.actor)), locale, names)
        if view.prompt is not None:
            status += " — " + _t(view.prompt, locale, names)
    _put(img, (260, (TOP - 8) / 2), fit_text(status, WIDTH - 270, 19, True), font=(19, True), fill=WHITE, anchor="lm")
    # the last move, in words
    y = TOP
    for e in view.events[-4:]:
        _put(
            img,
            (MARGIN, y),
            fit_text("› " + _t(e, locale, names), WIDTH - 2 * MARGIN, 17),
            font=(17, False),
            fill=INK,
            anchor="la",
        )
        y += EVENT_LINE
    # market
    _put(
        img,
        (MARGIN, market_y + 4),
        _t(msg("pergamemnon.ui.creatures", n=view.cdeck), locale),
        font=(18, True),
        fill=INK,
        anchor="la",
    )
    right = (
        _t(msg("pergamemnon.ui.supply", n=view.supply), locale)
        + "   "
        + _t(msg("pergamemnon.ui.box", n=len(view.box)), locale)
    )
    _put(img, (WIDTH - MARGIN, market_y + 4), right, font=(17, False), fill=MUTED, anchor="ra")
    gap = (WIDTH - 2 * MARGIN - 10 * CARD_W) / 9
    for i, cid in enumerate(view.row):
        _paste(
            img,
            draw,
            cid,
            MARGIN + i * (CARD_W + gap),
            market_y + 32,
            False,
            locale,
            cid in view.hl or cid == view.buying,
        )
    # battle (current, or the last one)
    if view.battle is not None or view.last:
        _battle(img, draw, view, battle_y, locale, names)
    # players
    for seat in range(view.players):
        _panel(img, draw, view, seat, panels_y + seat * (PANEL_H + 8), locale, names)
    # private hand
    y = panels_y + view.players * (PANEL_H + 8)
    if hand_h:
        me = view.viewer
        _put(
            img,
            (MARGIN, y + 6),
            _t(msg("pergamemnon.ui.your_hand"), locale),
            font=(18, True),
            fill=seat_colour(me),
            anchor="la",
        )
        for i, cid in enumerate(view.ps[me].hand):
            _paste(img, draw, cid, MARGIN + i * (CARD_W + 14), y + 32, False, locale, cid in view.hl)
        y += hand_h
    # legend
    draw.line((MARGIN, y + 4, WIDTH - MARGIN, y + 4), fill=MUTED)
    _put(
        img,
        (MARGIN, y + 14),
        fit_text(_t(msg("pergamemnon.ui.legend"), locale), WIDTH - 2 * MARGIN, 16),
        font=(16, False),
        fill=MUTED,
        anchor="la",
    )
    return to_png(img, _colours())


def _battle(img, draw, view, y0: int, locale: str, names: list[str]) -> None:
    b = view.battle
    h = CARD_H + 40 if b is not None else SMALL_H + 44
    rounded_rectangle(
        draw, (MARGIN, y0, WIDTH - MARGIN, y0 + h), 10, fill=(250, 236, 226), outline=(170, 60, 40), width=2
    )
    if b is None:
        _put(
            img,
            (MARGIN + 12, y0 + 8),
            _t(msg("pergamemnon.ui.last_battle"), locale),
            font=(18, True),
            fill=INK,
            anchor="la",
        )
        x = MARGIN + 12
        for cid in view.last:
            _paste(img, draw, cid, x, y0 + 32, True, locale, cid in view.hl or cid in view.pending)
            x += SMALL_W + 10
        return
    title = _t(msg("pergamemnon.ui.battle", att=seat_msg(b.att), dfn=seat_msg(b.dfn)), locale, names)
    if b.weapon:
        title += f" — {_t(msg(f'pergamemnon.weapon.{b.weapon}'), locale)}"
    if b.atk:
        title += "   " + _t(
            msg(
                "pergamemnon.ui.exchange", total=b.dfn_total, weapon=msg(f"pergamemnon.weapon.{b.in_weapon}"), atk=b.atk
            ),
            locale,
        )
    _put(img, (MARGIN + 12, y0 + 8), title, font=(18, True), fill=INK, anchor="la")
    half = (WIDTH - 2 * MARGIN) // 2
    for k, (seat, cards) in enumerate(((b.att, b.att_cards), (b.dfn, b.dfn_cards))):
        x = MARGIN + 12 + k * half
        _put(
            img,
            (x, y0 + 36),
            fit_text(_name(names, seat, locale), 150, 17, True),
            font=(17, True),
            fill=seat_colour(seat),
            anchor="la",
        )
        x += 160
        for cid in cards:
            _paste(img, draw, cid, x, y0 + 32, False, locale, cid in b.stack or cid in view.hl)
            x += CARD_W + 10


def _panel(img, draw, view, seat: int, y0: int, locale: str, names: list[str]) -> None:
    p = view.ps[seat]
    colour = seat_colour(seat)
    lit = seat == view.hl_seat or seat == view.actor
    rounded_rectangle(
        draw, (MARGIN, y0, WIDTH - MARGIN, y0 + PANEL_H), 10, fill=PANEL_BG, outline=colour, width=5 if lit else 2
    )
    draw.rectangle((MARGIN + 2, y0 + 2, MARGIN + 12, y0 + PANEL_H - 2), fill=colour)
    x = MARGIN + 22
    marker = "▶ " if seat == view.actor and view.phase != "over" else ""
    _put(
        img,
        (x, y0 + 10),
        fit_text(marker + _name(names, seat, locale), 290, 21, True),
        font=(21, True),
        fill=colour,
        anchor="la",
    )
    nation = _t(msg(f"pergamemnon.nation.{p.nation}"), locale) + " · " + _t(msg(f"pergamemnon.city.{p.nation}"), locale)
    _put(img, (x, y0 + 40), nation, font=(17, True), fill=NATION_INK[p.nation], anchor="la")
    states = []
    if view.nation_cards:
        states.append(_t(msg("pergamemnon.ui.active" if p.active else "pergamemnon.ui.inactive"), locale))
    if p.fallen:
        states.append(_t(msg("pergamemnon.ui.fallen"), locale))
    _put(
        img,
        (x, y0 + 64),
        " · ".join(states),
        font=(16, True),
        fill=(170, 30, 30) if (p.fallen or not p.active) else (30, 120, 50),
        anchor="la",
    )
    counts = "  ".join(
        [
            _t(msg("pergamemnon.ui.hand", n=p.hand_count), locale),
            _t(msg("pergamemnon.ui.deck", n=p.deck_count), locale),
            _t(msg("pergamemnon.ui.discard", n=len(p.discard)), locale),
        ]
    )
    _put(img, (x, y0 + 90), counts, font=(16, False), fill=INK, anchor="la")
    city = p.cha + sum(D.CARDS[c].cha for c in p.city)
    _put(
        img,
        (x, y0 + 114),
        _t(msg("pergamemnon.ui.city", n=city), locale) + f"  (♦×{p.cha})",
        font=(16, False),
        fill=(150, 60, 150),
        anchor="la",
    )
    if p.score is not None:
        score = f"{p.halves // 2}" + ("½" if p.halves % 2 else "")
        won = view.phase == "over" and bool(p.winner)
        label = _t(msg("pergamemnon.ui.score", n=score), locale)
        if won:
            label += "  — " + _t(msg("pergamemnon.ui.winner"), locale)
        _put(img, (x, y0 + 140), label, font=(20, True), fill=INK, anchor="la")
    # cards: discard pile (top last), captured City cards, secured
    x = MARGIN + 330
    groups = [
        (_t(msg("pergamemnon.ui.discard", n=len(p.discard)), locale), p.discard[-5:]),
        (_t(msg("pergamemnon.ui.city", n=sum(D.CARDS[c].cha for c in p.city)), locale), p.city[-4:]),
        (_t(msg("pergamemnon.ui.secured"), locale), p.secured[-3:]),
    ]
    for label, cards in groups:
        if not cards:
            continue
        _put(
            img,
            (x, y0 + 8),
            fit_text(label, max(len(cards) * (SMALL_W + 6), 190), 15, True),
            font=(15, True),
            fill=MUTED,
            anchor="la",
        )
        for cid in cards:
            if x + SMALL_W > WIDTH - MARGIN - 6:
                return
            _paste(img, draw, cid, x, y0 + 32, True, locale, cid in view.hl)
            x += SMALL_W + 6
        x += 18
