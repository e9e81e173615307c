"""Preparação: boards, meeples, cards, hexes, skills and intempéries."""

from __future__ import annotations

from rules.core import Rng

from . import data
from .state import Clan, EngisState


def _invalid(card: str, col: int, boards: list[dict[str, str]]) -> bool:
    """rulebook: a terrain card is invalid when a printed terrain already defends it."""
    kind, terrain = data.COLLECTIVE[card]
    if kind != "terrain":
        return False
    return any(data.ALL_HEXES[h].terrain == terrain and data.column(s) == col for b in boards for s, h in b.items())


def deal_weather(rng: Rng, cols: tuple[int, ...], boards: list[dict[str, str]]) -> list[str]:
    """designed (EQ18): swap an invalid card with another if both become valid, else redraw."""
    deck = rng.shuffled(list(data.COLLECTIVE))
    cards = [deck.pop() for _ in cols]
    for _ in range(100):
        bad = [i for i, c in enumerate(cards) if _invalid(c, cols[i], boards)]
        if not bad:
            return cards
        i = bad[0]
        for j in range(len(cards)):
            if j != i and not _invalid(cards[i], cols[j], boards) and not _invalid(cards[j], cols[i], boards):
                cards[i], cards[j] = cards[j], cards[i]
                break
        else:
            cards[i] = deck.pop()
    return cards


def setup(players: int, seed: int, options: dict[str, str], rng: Rng) -> EngisState:
    side = options.get("side", "normal")
    boards = rng.shuffled(list(range(4)))[:players]
    layouts = [data.BOARDS[side][b] for b in boards]
    hands = list(data.CARDS)
    clans = []
    for b, layout in zip(boards, layouts, strict=False):
        meeples = [s for s in sorted(layout) for _ in range(2)]  # «2 meepls em cada terreno impresso»
        clans.append(Clan(board=b, hexes=dict(layout), meeples=meeples, hand=list(hands)))
    pile = rng.shuffled(list(data.TILE_IDS))
    solo = options.get("solo", "standard") if players == 1 else "standard"
    cols = data.SOLO_LAYOUTS[solo] if players == 1 else (1, 2, 3, 4)
    weather = deal_weather(rng, cols, layouts)
    greens = rng.shuffled(list(data.INDIVIDUAL))
    per = data.SOLO_INDIVIDUAL[solo] if players == 1 else 1
    clans = [p.changed(secret=tuple(greens.pop() for _ in range(per))) for p in clans]
    copies = data.SKILL_COPIES_2 if players >= 3 else data.SKILL_COPIES_1
    state = EngisState(
        players=players,
        seed=seed,
        options=options,
        rng=rng,
        side=side,
        variant=options.get("order", "standard"),
        solo=solo,
        clans=clans,
        pile=pile,
        offer=[None] * data.OFFER_SIZE,
        weather=weather,
        weather_columns=list(cols),
        pool={s: copies for s in data.SKILLS},
        tokens=list(data.TOKENS) if players == 2 else [],
    )
    return state
