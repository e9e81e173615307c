"""Helpers: hand-built NEANDERTHAL states and conservation checks."""

from __future__ import annotations

from rules.neanderthal import ENGINE, data
from rules.neanderthal.state import NeanderthalState


def new(players: int = 3, seed: int = 1, options: dict | None = None) -> NeanderthalState:
    return ENGINE.new_game(players, seed, options)


def after_sides(players: int = 3, seed: int = 1, sides: str = "first") -> NeanderthalState:
    """A game past the sexuality choice (each seat takes the first side offered)."""
    state = new(players, seed)
    while state.phase == "sex":
        acts = ENGINE.legal_actions(state, state.actor)
        state = ENGINE.apply(state, state.actor, acts[0].id)
    return state


def tokens_of(state: NeanderthalState, colour: str) -> int:
    """Every tribesman (Alpha included) of ``colour`` wherever he is."""
    n = state.dead.get(colour, 0) + state.dead_alpha.count(colour)
    for p in state.tribes:
        n += sum(1 for t in p.pool if t[0] == colour)
        n += sum(1 for e in p.elders.values() if e.token[0] == colour)
        n += sum(1 for w in p.wives if w.husband and w.husband[0] == colour)
        n += sum(1 for w in p.wives if w.assimilated and w.assimilated[0] == colour)
    for toks in list(state.hunters.values()) + list(state.suitors.values()) + list(state.camp.values()):
        n += sum(1 for t in toks if t.split(":")[1][0] == colour)
    return n


def discs_of(state: NeanderthalState, seat: int) -> dict[str, int]:
    p = state.tribes[seat]
    out = dict(p.vocab)
    for pt in p.portals:
        out[pt[-1]] += 1
    for c in p.parental_discs:
        out[c] += 1
    for e in p.elders.values():
        if e.disc:
            out[e.disc] += 1
    for w in p.wives:
        for c in w.discs + w.husband_disc:
            out[c] += 1
    for t in p.tools:
        if t.disc:
            out[t.disc] += 1
    return out


def cards_everywhere(state: NeanderthalState) -> list[int]:
    cards = (
        [c for c in state.north + state.south + state.grid if c] + state.deck_north + state.deck_south + state.removed
    )
    cards += state.event_deck + state.event_aside
    # M3-A: a card waiting for its receiver
    cards += [int(lot.value) for lot in state.lots_to_share if lot.kind in ("t", "h")]
    for p in state.tribes:
        cards += [w.card for w in p.wives] + [t.card for t in p.tools] + p.trophies + p.hand
    return cards


def check_invariants(state: NeanderthalState) -> None:
    for sp in state.seats:
        alpha = 0 if state.variant == "k2" and state.level == "advanced" else 1  # K2 advanced: no Alpha
        assert tokens_of(state, sp) == data.TRIBESMEN + alpha, sp
    if state.foreign:
        assert tokens_of(state, state.foreign) + state.foreign_left == data.K2_FOREIGN[state.level]
    for s in range(state.players):
        assert discs_of(state, s) == {c: data.DISCS_PER_COLOUR for c in data.COLOURS}
        assert all(v >= 0 for v in state.tribes[s].vocab.values())
    cards = cards_everywhere(state)
    biomes = [c for c in cards if c in data.BIOMES]
    assert sorted(biomes) == sorted(data.BIOMES), "biome cards lost or duplicated"
    daughters = sorted(c for c in cards if c in data.DAUGHTERS)
    waiting = state.phase in ("flip", "refugee", "auction", "lose", "council", "k2swap", "buy")
    # a hand discard or a disc release asked for among the events (an Elder died) comes before the auction
    interrupted = state.stage == "events" and state.phase in ("discard", "release")
    if waiting or interrupted:  # the event card waits to be auctioned
        daughters = sorted([*daughters, state.event_card])
    assert daughters == sorted(data.DAUGHTERS), "daughter cards lost or duplicated"
