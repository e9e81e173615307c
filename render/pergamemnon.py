"""The PERGAMEMNON picture: the face-up creatures, the battle on the table, every nation's area in its
player's colour (Nation and City cards, counts, discard pile, City cards), the private hand in its owner's
view, and a legend.  A pure function of a view; every card face is drawn once and reused."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from PIL import Image

from rules.core import Msg, msg, seat_msg, t
from rules.pergamemnon import data
from rules.pergamemnon.flow import card_msg

from .common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    Box,
    Drawing,
    Palette,
    alt_text,
    canvas,
    fit_text,
    font,
    paletted_cache,
    put_boxed,
    put_text,
    rounded_rectangle,
    seat_colour,
    text_width,
    to_png,
    winners_headline,
)

WIDTH = 1500
MARGIN = 12
STATUS = Box(WIDTH - 2 * MARGIN, 25, lines=2)  # whose turn and what to do: 9 px at Discord's 550 px preview
TOP = 42 + 2 * round(STATUS.size * 1.2) + 6
EVENT_SIZE = 25  # the last move, as large
EVENT_LINE = 30
CARD_W, CARD_H = 128, 172  # creatures, battle, hand
SMALL_W, SMALL_H = 100, 138  # cards in the players' areas
PANEL_H = 192
LEGEND_H = 56
EVENTS_H = EVENT_LINE * 3 + 10  # the last move in words, three lines at most
HAND_H = CARD_H + 48
BATTLE_H = CARD_H + 48
STACK_W = SMALL_W + 12  # a card drawn in a player's area, with its gap
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
# Where names are drawn (``named_texts`` lists every one of them with its box)
CARD_NAME = Box(CARD_W - 12, 16, bold=True)
SMALL_NAME = Box(SMALL_W - 12, 12, bold=True)
COLUMNS_FROM = 4  # players from which the players' areas stand in two columns
INFO_W = 250  # a player's name, nation, counts and City, left of the area's cards
INFO_NAME = Box(INFO_W - 20, 21, bold=True)
INFO_LINE = Box(INFO_W - 20, 16, bold=True)
INFO_PARTS = Box(INFO_W - 20, 14)


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
    c = data.CARDS[cid]
    small = w < 110
    rounded_rectangle(
        d,
        (0, 0, w - 1, h - 1),
        10,
        fill=NATION_FILL[c.nation],
        outline=NATION_INK[c.nation],
        width=3 if cid in data.LEADERS else 2,
    )
    box = SMALL_NAME if small else CARD_NAME
    fs = 13 if small else 16
    name = fit_text(t(card_msg(cid), locale), box.width, box.size, True)
    d.text((w / 2, 6), name, font=font(box.size, True), fill=INK, anchor="ma")
    weapon = t(msg(f"pergamemnon.weapon.{c.weapon}"), locale)
    big = 26 if small else 34
    d.text((w / 2, 6 + fs + 6), str(c.attack), font=font(big, True), fill=WEAPON_INK[c.weapon], anchor="ma")
    d.text((w / 2, 6 + fs + 8 + big), weapon, font=font(fs - 1), fill=WEAPON_INK[c.weapon], anchor="ma")
    y = 6 + fs + 12 + big + fs
    labels = tuple(t(msg(f"pergamemnon.ui.def.{k}"), locale) for k in ("helm", "armour", "shield"))
    cw = (w - 8) / 3
    for i, (lab, val) in enumerate(zip(labels, (c.helm, c.armour, c.shield), strict=True)):
        x0 = 4 + i * cw
        rounded_rectangle(d, (x0 + 1, y, x0 + cw - 2, y + (22 if small else 28)), 5, fill=WHITE, outline=MUTED)
        d.text((x0 + cw / 2, y + (11 if small else 14)), f"{lab}{val}", font=font(fs - 1, True), fill=INK, anchor="mm")
    y += 28 if small else 36
    d.text((6, y), f"♦{c.charisma}", font=font(fs, True), fill=(150, 60, 150), anchor="la")
    d.text((w - 6, y), f"★{c.points}", font=font(fs, True), fill=(170, 120, 0), anchor="ra")
    flags = (("leader", cid in data.LEADERS), ("flee", c.flee), ("secured", c.secured))
    icons = "".join(t(msg(f"pergamemnon.ui.icon.{flag}"), locale) for flag, on in flags if on)
    bottom = h - 6
    if icons:
        d.text((6, bottom), icons, font=font(fs, True), fill=(170, 30, 30), anchor="ld")
    if c.cost:
        d.text((w - 6, bottom), f"${c.cost}", font=font(fs + 2, True), fill=(110, 60, 150), anchor="rd")
    # whose army the card is of, by its nation's initial: its tint is not the only mark
    d.text((w / 2, bottom), _nation_mark(c.nation, locale), font=font(fs, True), fill=NATION_INK[c.nation], anchor="md")
    return img


def _nation_mark(nation: str, locale: str) -> str:
    """The mark a card bears of its nation: the nation's initial (a creature's: ✦)."""
    return t(msg(f"pergamemnon.nation.{nation}"), locale)[0] if nation else "✦"


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


def panel_boxes(view) -> list[tuple[int, int, int]]:
    """The (x, y offset, width) of each player's area: one a row, or two a row from COLUMNS_FROM players."""
    if view.players < COLUMNS_FROM:
        return [(MARGIN, seat * (PANEL_H + 8), WIDTH - 2 * MARGIN) for seat in range(view.players)]
    half = (WIDTH - 2 * MARGIN - 10) // 2
    return [(MARGIN + (seat % 2) * (half + 10), (seat // 2) * (PANEL_H + 8), half) for seat in range(view.players)]


def has_hand(view) -> bool:
    """Whether the picture shows a hand: a player's own view, at every step (its height never changes)."""
    return view.viewer is not None and view.nations[view.viewer].hand is not None


def layout(view) -> tuple[int, int, int, int, int]:
    """The y of the hand (in its owner's view, at the top), the creatures, the battle and the players' areas,
    and the height: the same at every step for a player count and a kind of view, so that the board never
    jumps in the channel and a replay's frames share one size."""
    hand_y = TOP + EVENTS_H
    hand_h = HAND_H if has_hand(view) else 0
    market_y = hand_y + hand_h
    battle_y = market_y + CARD_H + 44
    panels_y = battle_y + BATTLE_H
    rows = view.players if view.players < COLUMNS_FROM else (view.players + 1) // 2
    height = panels_y + rows * (PANEL_H + 8) + LEGEND_H
    return hand_y, market_y, battle_y, panels_y, height


def _score_msg(halves: int) -> Msg:
    """A score in points ("1 pt", "20 pts", "20½ pts"), from half points."""
    return msg("pergamemnon.ui.score", n=halves // 2 if halves % 2 == 0 else f"{halves // 2}½")


def _score(p) -> Msg:
    return _score_msg(p.halves)


def headline(view, locale: str, names: list[str], *, own: bool = True) -> str:
    """The picture's status line: whom the game waits for and what is asked (in a player's own view, that it
    is their turn; ``own`` False names them all the same, as the description does), or why it ended and who
    won."""
    if view.phase == "over":
        status = (
            _t(msg("pergamemnon.ui.over"), locale) + " — " + _t(msg(f"pergamemnon.ui.end_{view.end_reason}"), locale)
        )
        winners = [p for p in view.nations if p.winner]
        if winners:
            score = _t(_score(winners[0]), locale)
            status += " — " + winners_headline([_name(names, p.seat, locale) for p in winners], score, locale)
        return status
    if own and view.viewer is not None and view.viewer == view.actor:
        status = _t(msg("pergamemnon.ui.your_turn"), locale)
    else:
        status = _t(msg("pergamemnon.ui.waiting", who=seat_msg(view.actor)), locale, names)
    if view.prompt is not None:
        status += " — " + _t(view.prompt, locale, names)
    return status


def _ink(seat: int) -> tuple[int, int, int]:
    """A seat's colour for text on the panels: darkened until it reads at 4.5:1 on them (the fifth seat's
    orange is 2.1:1 as it is)."""
    return _readable(seat_colour(seat), PANEL_BG)


@cache
def _readable(colour: tuple[int, int, int], background: tuple[int, int, int]) -> tuple[int, int, int]:
    shade = colour
    for step in range(20):
        shade = tuple(round(c * (1 - step * 0.04)) for c in colour)  # type: ignore[assignment]
        if contrast(shade, background) >= 4.5:
            break
    return shade


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG's contrast ratio of two colours (1 to 21)."""

    def luminance(colour: tuple[int, ...]) -> float:
        channels = [c / 255 for c in colour[:3]]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def render(view, *, locale: str = "en", names: list[str] | None = None) -> bytes:
    names = list(names or [])
    hand_y, market_y, battle_y, panels_y, height = layout(view)
    img, draw = canvas(WIDTH, height, _colours())
    draw.rectangle((0, 0, WIDTH, TOP - 8), fill=TITLE_BG)
    _put(img, (MARGIN, 21), "PERGAMEMNON", font=(26, True), fill=(240, 210, 140), anchor="lm")
    put_boxed(img, (MARGIN, 42), headline(view, locale, names), STATUS, fill=HIGHLIGHT, role="turn prompt")
    y = TOP
    for e in view.events[-3:]:  # the last move, in words
        line = fit_text("› " + _t(e, locale, names), WIDTH - 2 * MARGIN, EVENT_SIZE)
        put_text(img, (MARGIN, y), line, EVENT_SIZE, fill=INK, role="last_move")
        y += EVENT_LINE
    if has_hand(view):
        _hand(img, draw, view, hand_y, locale)
    _market(img, draw, view, market_y, locale)
    _battle(img, draw, view, battle_y, locale, names)
    for seat, (x, dy, w) in enumerate(panel_boxes(view)):
        _panel(img, draw, view, seat, x, panels_y + dy, w, locale, names)
    y = height - LEGEND_H
    draw.line((MARGIN, y + 4, WIDTH - MARGIN, y + 4), fill=MUTED)
    legend = fit_text(_t(msg("pergamemnon.ui.legend"), locale), WIDTH - 2 * MARGIN, 16)
    _put(img, (MARGIN, y + 14), legend, font=(16, False), fill=MUTED, anchor="la")
    return to_png(img, _colours())


def _market(img, draw, view, market_y: int, locale: str) -> None:
    """The face-up creatures, with the creature deck, the Charisma supply and the cards out of the game."""
    title = _t(msg("pergamemnon.ui.creatures", n=view.creature_deck), locale)
    _put(img, (MARGIN, market_y + 4), title, font=(18, True), fill=INK, anchor="la")
    right = _t(msg("pergamemnon.ui.supply", n=view.supply), locale) + "   "
    right += _t(msg("pergamemnon.ui.box", n=len(view.box)), locale)
    _put(img, (WIDTH - MARGIN, market_y + 4), right, font=(17, False), fill=MUTED, anchor="ra")
    for i, cid in enumerate(view.row):
        lit = cid in view.highlight or cid == view.buying
        _paste(img, draw, cid, *market_spot(i, market_y), False, locale, lit)


def market_spot(index: int, market_y: int) -> tuple[float, int]:
    """The top left of the ``index``-th face-up creature (``CARD_W`` by ``CARD_H``)."""
    gap = (WIDTH - 2 * MARGIN - 10 * CARD_W) / 9
    return MARGIN + index * (CARD_W + gap), market_y + 32


def hand_spot(index: int, hand_y: int) -> tuple[int, int]:
    """The top left of the ``index``-th card of the hand, in its owner's view (``CARD_W`` by ``CARD_H``)."""
    return MARGIN + 12 + index * (CARD_W + 14), hand_y + 30


def _hand(img, draw, view, y: int, locale: str) -> None:
    """The private hand, in its owner's view, at the top of the picture."""
    me = view.viewer
    rounded_rectangle(draw, (MARGIN, y, WIDTH - MARGIN, y + HAND_H - 8), 10, fill=PANEL_BG, outline=seat_colour(me))
    _put(img, (MARGIN + 12, y + 6), _t(msg("pergamemnon.ui.your_hand"), locale), font=(18, True), fill=_ink(me))
    for i, cid in enumerate(view.nations[me].hand):
        _paste(img, draw, cid, *hand_spot(i, y), False, locale, cid in view.highlight)


def _battle(img, draw, view, y0: int, locale: str, names: list[str]) -> None:
    """The battle on the table; else the last one, who fought it and who won; else a word that none was fought."""
    b = view.battle
    rounded_rectangle(
        draw, (MARGIN, y0, WIDTH - MARGIN, y0 + BATTLE_H - 8), 10, fill=(250, 236, 226), outline=(170, 60, 40), width=2
    )
    if b is None:
        _last_battle(img, draw, view, y0, locale, names)
        return
    title = _t(msg("pergamemnon.ui.battle", att=seat_msg(b.attacker), dfn=seat_msg(b.defender)), locale, names)
    if b.weapon:
        title += f" — {_t(msg(f'pergamemnon.weapon.{b.weapon}'), locale)}"
    if b.incoming_attack:
        weapon = msg(f"pergamemnon.weapon.{b.incoming_weapon}")
        title += " · " + _t(
            msg("pergamemnon.ui.exchange", total=b.defence_total, weapon=weapon, atk=b.incoming_attack), locale
        )
    _put(img, (MARGIN + 12, y0 + 8), title, font=(18, True), fill=INK, anchor="la")
    half = (WIDTH - 2 * MARGIN) // 2
    for k, (seat, cards) in enumerate(((b.attacker, b.attacker_cards), (b.defender, b.defender_cards))):
        x = MARGIN + 12 + k * half
        name = fit_text(_name(names, seat, locale), 150, 17, True)
        _put(img, (x, y0 + 36), name, font=(17, True), fill=_ink(seat), anchor="la")
        x += 160
        for cid in cards:
            _paste(img, draw, cid, x, y0 + 32, False, locale, cid in b.defending_cards or cid in view.highlight)
            x += CARD_W + 10


def _last_battle(img, draw, view, y0: int, locale: str, names: list[str]) -> None:
    if not view.last_battle_cards:
        _put(img, (MARGIN + 12, y0 + 8), _t(msg("pergamemnon.ui.no_battle"), locale), font=(18, True), fill=MUTED)
        return
    sides = view.last_battle_sides
    if len(sides) == 3:
        att, dfn, split = sides
        key = {"att": "last_att", "dfn": "last_dfn"}.get(view.result, "last_tie")
        title = _t(msg(f"pergamemnon.ui.{key}", att=seat_msg(att), dfn=seat_msg(dfn)), locale, names)
        owners = [att] * split + [dfn] * (len(view.last_battle_cards) - split)
    else:  # a battle fought before the sides were kept
        title, owners = _t(msg("pergamemnon.ui.last_battle"), locale), [None] * len(view.last_battle_cards)
    _put(img, (MARGIN + 12, y0 + 8), title, font=(18, True), fill=INK)
    x = MARGIN + 12
    for i, (cid, owner) in enumerate(zip(view.last_battle_cards, owners, strict=True)):
        if i and owner != owners[i - 1]:
            x += 24
        if owner is not None and (i == 0 or owner != owners[i - 1]):
            name = fit_text(_name(names, owner, locale), 2 * SMALL_W, 15, True)
            _put(img, (x, y0 + 36), name, font=(15, True), fill=_ink(owner))
        _paste(img, draw, cid, x, y0 + 56, True, locale, cid in view.highlight or cid in view.pending)
        if owner is not None:  # the owner's name on the card: its colour is not the only mark
            tab = (x + 2, y0 + 56 + SMALL_H + 2, x + SMALL_W - 2, y0 + 56 + SMALL_H + 18)
            rounded_rectangle(draw, tab, 4, fill=_ink(owner))
            owner_name = fit_text(_name(names, owner, locale), SMALL_W - 8, 12, True)
            _put(img, (x + SMALL_W / 2, tab[1] + 8), owner_name, font=(12, True), fill=WHITE, anchor="mm")
        x += SMALL_W + 10


def _city_lines(p, locale: str) -> tuple[str, str]:
    """The City's charisma, one total with its parts: the Charisma cards under it and the City cards'."""
    cards = sum(data.CARDS[c].charisma for c in p.city)
    city = _t(msg(f"pergamemnon.city.{p.nation}"), locale)
    total = _t(msg("pergamemnon.ui.city_total", city=city, n=p.charisma + cards), locale)
    return total, _t(msg("pergamemnon.ui.city_parts", tokens=p.charisma, cards=cards), locale)


def _panel(img, draw, view, seat: int, x0: int, y0: int, w: int, locale: str, names: list[str]) -> None:
    p = view.nations[seat]
    colour, ink = seat_colour(seat), _ink(seat)
    lit = seat == view.highlight_seat or seat == view.actor
    rounded_rectangle(draw, (x0, y0, x0 + w, y0 + PANEL_H), 10, fill=PANEL_BG, outline=colour, width=5 if lit else 2)
    draw.rectangle((x0 + 2, y0 + 2, x0 + 12, y0 + PANEL_H - 2), fill=colour)
    x = x0 + 22
    marker = "▶ " if seat == view.actor and view.phase != "over" else "♛ " if p.winner else ""
    name = fit_text(marker + _name(names, seat, locale), INFO_NAME.width, INFO_NAME.size, True)
    _put(img, (x, y0 + 8), name, font=(21, True), fill=ink, anchor="la")
    nation = _t(msg(f"pergamemnon.nation.{p.nation}"), locale)
    _put(img, (x, y0 + 36), nation, font=(16, True), fill=NATION_INK[p.nation], anchor="la")
    if p.winner:
        winner = _t(msg("pergamemnon.ui.winner"), locale)
        _put(img, (x + INFO_W - 24, y0 + 36), "♛ " + winner, font=(16, True), fill=INK, anchor="ra")
    wide = w > WIDTH // 2
    if p.breakdown is not None:  # the end: the points by source, then the total
        _breakdown(img, p, x, y0 + 60, locale)
        return _area(img, draw, view, p, x0, y0, w, wide, locale)
    states = []
    if view.nation_cards:
        states.append(_t(msg("pergamemnon.ui.active" if p.active else "pergamemnon.ui.inactive"), locale))
    if p.fallen:
        states.append(_t(msg("pergamemnon.ui.fallen"), locale))
    bad = p.fallen or not p.active
    _put(img, (x, y0 + 58), " · ".join(states), font=(15, True), fill=(170, 30, 30) if bad else (30, 120, 50))
    total, parts = _city_lines(p, locale)
    if not wide:  # (a wide area draws the cards these count)
        counts = "  ".join(
            [
                _t(msg("pergamemnon.ui.hand", n=p.hand_count), locale),
                _t(msg("pergamemnon.ui.deck", n=p.deck_count), locale),
                _t(msg("pergamemnon.ui.discard", n=len(p.discard)), locale),
            ]
        )
        _put(img, (x, y0 + 80), fit_text(counts, INFO_W - 20, 15), font=(15, False), fill=INK)
    _put(img, (x, y0 + 102), fit_text(total, INFO_W - 20, 16, True), font=(16, True), fill=(150, 60, 150))
    _put(img, (x, y0 + 122), fit_text(parts, INFO_W - 20, 14), font=(14, False), fill=(150, 60, 150))
    _area(img, draw, view, p, x0, y0, w, wide, locale)


def _area(img, draw, view, p, x0: int, y0: int, w: int, wide: bool, locale: str) -> None:
    cards_x = x0 + INFO_W + 10
    if wide:  # room for the Nation card, the City with its Charisma cards under it, the deck and the hand
        cards_x = _stacks(img, draw, view, p, cards_x, y0, locale)
    _area_cards(img, draw, view, p, cards_x, y0, x0 + w - 6, locale)


def _breakdown(img, p, x: int, y: int, locale: str) -> None:
    """A finished game's points of a player, by source, and the total."""
    for key, points in p.breakdown.items():
        if key == "pergamemnon.score.greek" and not points and not p.halves % 2:
            continue
        value = str(points)
        if key == "pergamemnon.score.greek":  # Agamemnon's half points, the half shown
            value = _score_number(p.halves - 2 * sum(v for k, v in p.breakdown.items() if k != key))
        label = fit_text(_t(msg(key), locale), INFO_W - 62, 14)
        _put(img, (x, y), label, font=(14, False), fill=INK)
        _put(img, (x + INFO_W - 24, y), value, font=(14, True), fill=INK, anchor="ra")
        y += 18
    total = fit_text(_t(msg("pergamemnon.ui.total"), locale) + " " + _t(_score(p), locale), INFO_W - 20, 25, True)
    put_text(img, (x, y + 2), total, 25, fill=INK, bold=True, role="score")


def _score_number(halves: int) -> str:
    return f"{halves // 2}" + ("½" if halves % 2 else "")


@paletted_cache(lambda: _colours())
def _stack_card(kind: str, label: str, value: str, nation: str, w: int, h: int, faded: bool) -> Image.Image:
    """A Nation card (its side), a City card (its charisma) or a face-down deck or hand (its count)."""
    img = Image.new("RGB", (w, h), PANEL_BG)
    d = Drawing(img)
    if kind == "back":
        rounded_rectangle(d, (0, 0, w - 1, h - 1), 10, fill=(70, 50, 40), outline=INK, width=2)
        d.text((w / 2, 10), label, font=font(14, True), fill=(230, 210, 170), anchor="ma")
        d.text((w / 2, h / 2 + 8), value, font=font(34, True), fill=(230, 210, 170), anchor="mm")
        return img
    fill = (236, 232, 224) if faded else NATION_FILL[nation]
    rounded_rectangle(d, (0, 0, w - 1, h - 1), 10, fill=fill, outline=NATION_INK[nation], width=2)
    d.text((w / 2, 8), fit_text(label, w - 10, 13, True), font=font(13, True), fill=INK, anchor="ma")
    size = 26 if kind == "city" else 15
    d.text(
        (w / 2, h / 2 + 6),
        fit_text(value, w - 10, size, True),
        font=font(size, True),
        fill=NATION_INK[nation] if kind != "city" else (150, 60, 150),
        anchor="mm",
    )
    return img


def _stacks(img, draw, view, p, x: int, y0: int, locale: str) -> int:
    """The Nation card, the City card with the Charisma cards tucked under it, the deck and the hand, as the
    table shows them (two or three players, a player's area a row); returns the x after them."""
    top = y0 + 32
    if view.nation_cards:
        side = _t(msg("pergamemnon.ui.active" if p.active else "pergamemnon.ui.inactive"), locale)
        if p.fallen:
            side = _t(msg("pergamemnon.ui.fallen"), locale)
        label = _t(msg("pergamemnon.ui.nation_card"), locale)
        card = _stack_card("nation", label, side, p.nation, SMALL_W, SMALL_H, not p.active)
        img.paste(card, (x, top))
        x += STACK_W
    cards = sum(data.CARDS[c].charisma for c in p.city)
    city = _t(msg(f"pergamemnon.city.{p.nation}"), locale)
    tucked = min(p.charisma, 4)
    city_h = SMALL_H - 8 * 4
    for i in range(tucked, 0, -1):  # the Charisma cards peek out under the City card
        rounded_rectangle(
            draw,
            (x + 4, top + city_h - 20 + i * 8, x + SMALL_W - 4, top + city_h + i * 8),
            5,
            fill=(150, 60, 150),
            outline=PANEL_BG,
        )
        _put(img, (x + SMALL_W - 10, top + city_h + i * 8 - 4), "♦", font=(9, True), fill=WHITE, anchor="rb")
    card = _stack_card("city", city, f"♦{p.charisma + cards}", p.nation, SMALL_W, city_h, False)
    img.paste(card, (x, top))
    x += STACK_W
    for key, n in (("pergamemnon.ui.deck_stack", p.deck_count), ("pergamemnon.ui.hand_stack", p.hand_count)):
        label = _t(msg(key), locale)
        layers = min(n, 3)
        for i in range(layers - 1, 0, -1):
            rounded_rectangle(
                draw,
                (x + 3 * i, top - 3 * i + 6, x + SMALL_W - 1 + 3 * i, top + SMALL_H - 3 * i),
                10,
                fill=(70, 50, 40),
                outline=PANEL_BG,
            )
        if n:
            img.paste(_stack_card("back", label, str(n), "", SMALL_W, SMALL_H - 6, False), (x, top + 6))
        else:
            rounded_rectangle(draw, (x, top + 6, x + SMALL_W - 1, top + SMALL_H), 10, outline=MUTED)
            _put(img, (x + SMALL_W / 2, top + 16), label, font=(14, True), fill=MUTED, anchor="ma")
            _put(img, (x + SMALL_W / 2, top + SMALL_H / 2 + 6), "0", font=(30, True), fill=MUTED, anchor="mm")
        x += STACK_W + 6
    return x + 6


def _shown(groups: list[list[str]], slots: int) -> list[int]:
    """How many cards of each group are shown in ``slots`` places: one for each group that has cards,
    then more in turn (the City's, the secured, the discard pile's), each within what it holds."""
    shown = [min(1, len(g)) for g in groups]
    while sum(shown) < slots and any(n < len(g) for n, g in zip(shown, groups, strict=True)):
        for i in (1, 2, 0):
            if shown[i] < len(groups[i]) and sum(shown) < slots:
                shown[i] += 1
    return shown


def _area_cards(img, draw, view, p, x: int, y0: int, right: int, locale: str) -> None:
    """The top of the discard pile, the City cards and the secured cards, as many as the area holds."""
    groups = [p.discard, p.city, p.secured]
    labels = [
        _t(msg("pergamemnon.ui.discard", n=len(p.discard)), locale),
        _t(msg("pergamemnon.ui.under_city"), locale),
        _t(msg("pergamemnon.ui.secured"), locale),
    ]
    slots = max(1, (right - x + 18) // (SMALL_W + 6 + 6))
    for cards, label, n in zip(groups, labels, _shown(groups, slots), strict=True):
        if not n:
            continue
        _put(img, (x, y0 + 8), label, font=(14, True), fill=MUTED, anchor="la")
        width = max(n * (SMALL_W + 6), text_width(label, 14, True) + 6)
        for i, cid in enumerate(cards[-n:]):
            if x + i * (SMALL_W + 6) + SMALL_W > right:
                return
            _paste(img, draw, cid, x + i * (SMALL_W + 6), y0 + 32, True, locale, cid in view.highlight)
        x += int(width) + 18


def describe(view, locale: str, names: list[str]) -> str:
    """The picture in words (its alt text): whom the game waits for or who won, each player's nation and
    City (and points once over), the battle on the table and the creatures for hire."""
    players = []
    for seat, p in enumerate(view.nations):
        nation = _t(msg(f"pergamemnon.nation.{p.nation}"), locale)
        total, _ = _city_lines(p, locale)
        name = _name(names, seat, locale)
        if p.score is not None:
            name += " " + _t(_score(p), locale)
        players.append(f"{name} ({nation}): {total}")
    parts = ["PERGAMEMNON", headline(view, locale, names, own=False), "; ".join(players)]
    if view.battle is not None:
        b = view.battle
        parts.append(
            _t(msg("pergamemnon.ui.battle", att=seat_msg(b.attacker), dfn=seat_msg(b.defender)), locale, names)
        )
    creatures = ", ".join(f"{_t(card_msg(cid), locale)} ({data.CARDS[cid].attack})" for cid in view.row)
    parts.append(_t(msg("pergamemnon.alt.creatures", list=creatures or "—"), locale))
    return alt_text(*parts)


def named_texts(locale: str) -> Iterator[tuple[str, str, Box]]:
    """Every card, nation and City name the picture draws, with the box it is drawn in."""
    for cid in data.CARDS:
        name = t(card_msg(cid), locale)
        yield f"card {cid}", name, CARD_NAME
        yield f"card {cid} in a player's area", name, SMALL_NAME
    for nation in data.PREFIX:
        yield f"nation {nation}", _t(msg(f"pergamemnon.nation.{nation}"), locale), INFO_LINE
        p = _CityOf(nation)
        total, parts = _city_lines(p, locale)
        yield f"city {nation}", total, INFO_LINE
        yield f"city {nation} charisma", parts, INFO_PARTS


class _CityOf:
    """A City holding much charisma (the widest its lines get), for ``named_texts``."""

    def __init__(self, nation: str) -> None:
        self.nation = nation
        self.charisma = 12
        self.city: list[str] = []


def palettes(locale: str) -> list[Palette]:
    """The colours a player tells apart: the nations' card tints (each card bears its nation's initial, a
    creature a ✦), and the players' names written in their colours."""
    seats = {f"seat {s + 1}": seat_colour(s) for s in range(5)}
    names = {key: f"name of {key}" for key in seats}
    marks = {nation: _nation_mark(nation, locale) for nation in NATION_FILL}
    return [Palette("nations' cards", dict(NATION_FILL), marks), Palette("players", seats, names)]


__all__ = ["describe", "headline", "named_texts", "palettes", "render"]
