"""The tabs standing on a player's panel: who won, who is to play, who moved last."""

from __future__ import annotations

from .colours import HIGHLIGHT, INK
from .drawing import Drawing, rounded_rectangle
from .lettering import put_text, text_width
from .wording import translate

# A tab standing on a panel's top edge (``draw_tabs``): its words, fill and ink
Tab = tuple[str, tuple[int, int, int], tuple[int, int, int]]
TAB_H = 30
WINNER = (0, 110, 60)


def player_tabs(locale: str, *, won: bool = False, to_play: bool = False, last: bool = False) -> list[Tab]:
    """The tabs that mark a player's panel: "♛ Winner" (green), "▶ To play" (yellow on ink), "● Last move"
    (ink on yellow), those that hold in that order."""
    tabs: list[Tab] = []
    if won:
        tabs.append(("♛ " + translate("core.pic.winner", locale), WINNER, (255, 255, 255)))
    if to_play:
        tabs.append(("▶ " + translate("core.pic.to_play", locale), INK, HIGHLIGHT))
    if last:
        tabs.append(("● " + translate("core.pic.last_move", locale), HIGHLIGHT, INK))
    return tabs


def draw_tabs(draw: Drawing, tabs: list[Tab], x0: float, y0: float, size: int = 18) -> None:
    """``tabs`` standing on the top edge ``y0`` of a panel, from ``x0`` rightwards (the panel, drawn after,
    covers their foot)."""
    x = x0
    for words, fill, ink in tabs:
        w = text_width(words, size, True) + 24
        rounded_rectangle(draw, (x, y0 - TAB_H, x + w, y0 + 8), radius=8, fill=fill, outline=INK, width=2)
        put_text(draw.image, (x + 12, y0 - TAB_H / 2 + 1), words, size, fill=ink, bold=True, anchor="lm")
        x += w + 8
