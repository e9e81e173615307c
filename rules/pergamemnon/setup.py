"""Preparação: nations dealt, armies shuffled, hands drawn, creatures counted out."""

from __future__ import annotations

from rules.core import Rng

from . import data
from .state import Nation, PergState


def setup(players: int, seed: int, options: dict[str, str], rng: Rng) -> PergState:
    nation_ids = rng.shuffled(list(data.NATIONS))[:players]  # «Baralham-se as 5 Cartas de Nação ...»
    nations = []
    supply = data.CHARISMA_CARDS
    for nation in nation_ids:
        p = Nation(nation=nation, deck=rng.shuffled(data.ARMY[nation]))
        p.charisma = data.ROMAN_CHARISMA if nation == "rom" else 1
        supply -= p.charisma
        for _ in range(p.hand_size()):
            p.hand.append(p.deck.pop())
        nations.append(p)
    creatures = rng.shuffled(data.CREATURES)
    keep = creatures[: data.CREATURES_PER_PLAYER * players]
    row_n = data.ROW_PER_PLAYER * players
    row, creature_deck = keep[:row_n], keep[row_n:]
    first = 0 if options.get("first") == "host" else rng.below(players)
    return PergState(
        players=players,
        seed=seed,
        options=dict(options),
        rng=rng,
        nations=nations,
        row=row,
        creature_deck=creature_deck,
        supply=supply,
        hidden_out=len(creatures) - len(keep),
        turn=first,
        actor=first,
    )
