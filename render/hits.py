"""Where a click on a picture plays a legal action: the area of the thing the action acts on (a hex, a
biome, a card, a sector, a player's panel), found by the very layout functions the picture is drawn by.

``hit_areas(game_id, view, seat, actions)`` gives, for the legal ``actions`` of ``seat`` whose thing the
picture of ``view`` shows, one ``HitArea`` each. Several actions may act on one thing (a biome a
tribesman or the Alpha may hunt on, a sector whose die goes to oneself or to the Neutral): their areas are
then the very same shape, and a click on it offers the choice between them. Areas of different shapes do
not overlap.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

Point = tuple[int, int]


@dataclass(frozen=True, slots=True)
class HitArea:
    """An action's area on the picture, in the picture's pixels: a rectangle (``coords`` its left, top,
    right and bottom, as HTML's ``<area shape="rect">``) or a polygon (``coords`` its corners' x, y in
    turn, as ``<area shape="poly">``)."""

    action: str
    shape: Literal["rect", "poly"]
    coords: tuple[int, ...]

    def points(self) -> list[Point]:
        """The corners, clockwise from the top left for a rectangle."""
        if self.shape == "rect":
            left, top, right, bottom = self.coords
            return [(left, top), (right, top), (right, bottom), (left, bottom)]
        return list(zip(self.coords[::2], self.coords[1::2], strict=True))

    def box(self) -> tuple[int, int, int, int]:
        """The smallest rectangle holding the area: left, top, right, bottom."""
        xs, ys = self.coords[::2], self.coords[1::2]
        return min(xs), min(ys), max(xs), max(ys)

    def as_json(self) -> dict[str, Any]:
        return {"action": self.action, "shape": self.shape, "coords": list(self.coords)}


def rect(action: str, box: Sequence[float]) -> HitArea:
    left, top, right, bottom = box
    return HitArea(action, "rect", (round(left), round(top), round(right), round(bottom)))


def polygon(action: str, points: Sequence[tuple[float, float]]) -> HitArea:
    return HitArea(action, "poly", tuple(round(c) for point in points for c in point))


def hit_areas(game_id: str, view: Any, seat: int, actions: Sequence[str], *, locale: str = "en") -> list[HitArea]:
    """The areas of ``seat``'s legal ``actions`` (their ids) on the picture of ``view`` (``seat``'s own
    view or the spectator's) in ``locale``: one for each action whose thing the picture shows, in the
    order of ``actions``."""
    return GAMES[game_id](view, seat, actions, locale)


def _engis(view: Any, seat: int, actions: Sequence[str], locale: str) -> list[HitArea]:
    """The offer's hexes (pick, drop, buy), the spaces of the seat's territory (put a hex, take, move or
    put a meeple), its objects (craft), the skills of the pool (develop, discard) and the cards of its hand
    (score one) where its owner's picture draws them."""
    from rules.engis import moves

    from . import engis as board
    from .engis_clan import hand_boxes, object_boxes
    from .engis_tiles import hex_points

    clan = board._layout(view.players)[1][seat]
    left, top, right = clan.area
    hand = hand_boxes(view, view.clans[seat], locale, clan.area)
    areas = []
    for action in actions:
        match moves.parse(action):
            case moves.PickHex(hid) if hid in view.offer:
                centre = board.offer_centre(view.offer.index(hid), board.TOP)
                areas.append(polygon(action, hex_points(*centre, board.OFFER_R - 2)))
            case moves.Buy(slot) if slot < len(view.offer) and view.offer[slot]:
                areas.append(polygon(action, hex_points(*board.offer_centre(slot, board.TOP), board.OFFER_R - 2)))
            case moves.Put(space) | moves.AtSpace(_, space):
                areas.append(polygon(action, hex_points(*clan.hex_centre(space), clan.r - 2)))
            case moves.Craft(obj):
                areas.append(rect(action, object_boxes(left, top, right - left)[obj]))
            case moves.Skill(skill):
                areas.append(rect(action, board.pool_box(view, skill, locale)))
            case moves.ScoreCard(card, intel=False) if card in hand:
                areas.append(rect(action, hand[card]))
    return areas


def _atlandice(view: Any, seat: int, actions: Sequence[str], locale: str) -> list[HitArea]:
    """The sectors' cards: a die taken from one (for oneself or the Neutral), a sector chosen for a task."""
    from rules.atlandice import moves

    from .atlandice import sector_box

    areas = []
    for action in actions:
        match moves.parse(action):
            case moves.Visit(sector) | moves.PickSector(sector):
                areas.append(rect(action, sector_box(sector)))
    return areas


def _pergamemnon(view: Any, seat: int, actions: Sequence[str], locale: str) -> list[HitArea]:
    """The face-up creatures (recruit), the cards of the hand in its owner's view (play, discard) and the
    players' panels (attack)."""
    from rules.pergamemnon import moves

    from . import pergamemnon as picture

    hand_y, market_y, _, panels_y, _ = picture.layout(view)
    hand = view.nations[seat].hand if picture.has_hand(view) and view.viewer == seat else None
    panels = picture.panel_boxes(view)
    areas = []
    for action in actions:
        match moves.parse(action):
            case moves.Recruit(card) if card in view.row:
                left, top = picture.market_spot(view.row.index(card), market_y)
                areas.append(rect(action, (left, top, left + picture.CARD_W - 1, top + picture.CARD_H - 1)))
            case moves.PlayCard(card) if hand is not None and card in hand:
                left, top = picture.hand_spot(hand.index(card), hand_y)
                if left + picture.CARD_W < picture.WIDTH:
                    areas.append(rect(action, (left, top, left + picture.CARD_W - 1, top + picture.CARD_H - 1)))
            case moves.Attack(target):
                left, dy, width = panels[target]
                areas.append(rect(action, (left, panels_y + dy, left + width, panels_y + dy + picture.PANEL_H)))
    return areas


def _neanderthal(view: Any, seat: int, actions: Sequence[str], locale: str) -> list[HitArea]:
    """The biomes of the rows or the matrix (a Hunter sent there, a Hunter moved to a matrix cell), the elder
    ranks of the seat's own panel (an Elder made of a tribesman or of the Alpha) and the daughters in the
    species' panels (a Suitor sent to one)."""
    from rules.neanderthal import moves

    from .neanderthal import CARD_H, CARD_W, panel_spot, slot_spot
    from .neanderthal_tribe import daughter_boxes, elder_boxes, panel_tops

    areas = []
    for action in actions:
        match moves.parse(action):
            case moves.Hunter(_, slot):
                left, top = slot_spot(slot)
            case moves.Step(_, _, to):
                left, top = slot_spot(f"M{to}")
            case moves.Promote(_, rank):
                x0, y0, w = panel_spot(view, seat)
                areas.append(rect(action, elder_boxes(x0, panel_tops(y0)[0], w)[rank]))
                continue
            case moves.Suitor(_, board, wife) if board < len(view.tribes) and wife < len(view.tribes[board].wives):
                x0, y0, w = panel_spot(view, board)
                places = daughter_boxes(view, view.tribes[board], x0, panel_tops(y0)[1], w, locale)
                areas.append(rect(action, places[wife]))
                continue
            case _:
                continue
        areas.append(rect(action, (left, top, left + CARD_W - 1, top + CARD_H - 1)))
    return areas


GAMES: dict[str, Callable[[Any, int, Sequence[str], str], list[HitArea]]] = {
    "atlandice": _atlandice,
    "engis": _engis,
    "neanderthal": _neanderthal,
    "pergamemnon": _pergamemnon,
}
