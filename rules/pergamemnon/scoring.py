"""Vencedor: the points printed on a player's cards (Greek half points), the creature tie-break."""

from __future__ import annotations

from . import data
from .state import Nation

CATEGORIES = [
    "pergamemnon.score.armies",
    "pergamemnon.score.creatures",
    "pergamemnon.score.secured",
    "pergamemnon.score.greek",
]


def scoring_cards(p: Nation) -> list[str]:
    """Hand, deck, discard pile, Secured points and creatures kept under the City (not captured armies)."""
    return [*p.hand, *p.deck, *p.discard, *p.secured, *[c for c in p.city if data.is_creature(c)]]


def halves(p: Nation) -> int:
    """Agamemnon alive: «cada carta que valha pontos vale mais meio ponto» (counted in half points)."""
    if p.nation != "gre" or p.fallen:
        return 0
    return sum(1 for c in scoring_cards(p) if data.CARDS[c].points > 0)


def breakdown(p: Nation) -> dict[str, int]:
    free = [*p.hand, *p.deck, *p.discard, *[c for c in p.city if data.is_creature(c)]]
    out = {
        "pergamemnon.score.armies": sum(data.CARDS[c].points for c in free if not data.is_creature(c)),
        "pergamemnon.score.creatures": sum(data.CARDS[c].points for c in free if data.is_creature(c)),
        "pergamemnon.score.secured": sum(data.CARDS[c].points for c in p.secured),
    }
    if p.nation == "gre":
        out["pergamemnon.score.greek"] = halves(p) // 2
    return out


def exact_halves(p: Nation) -> int:
    """The exact score in half points (the Greek bonus may end in ½)."""
    base = sum(data.CARDS[c].points for c in scoring_cards(p))
    return 2 * base + halves(p)


def creature_key(p: Nation) -> tuple[int, ...]:
    """«o jogador com a criatura mais poderosa (maior valor) vence»: costs, highest first."""
    return tuple(sorted((data.CARDS[c].cost for c in scoring_cards(p) if data.is_creature(c)), reverse=True))


def tiebreak_number(p: Nation) -> int:
    key = creature_key(p)[:3]
    return sum(v * 100 ** (2 - i) for i, v in enumerate(key))
