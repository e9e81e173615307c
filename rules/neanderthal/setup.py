"""Setup (rulebook C, C1 for two players, K2 for the solitaire, L1 for the matrix of L and M)."""

from __future__ import annotations

from rules.core import Rng

from . import data
from .matrix import setup_matrix
from .state import Elder, NeanderthalState, Player


def setup(players: int, seed: int, options: dict[str, str], rng: Rng) -> NeanderthalState:
    matrix = options.get("map", "rows") == "matrix"
    k2 = players == 1 and not matrix
    species = rng.shuffled(list(data.SPECIES))
    seats = species[:players]
    sex_cards = rng.shuffled(sorted(data.SEX_CARDS))
    events = rng.shuffled(sorted(data.DAUGHTERS))
    n_events = data.K2_EVENTS if k2 else data.EVENT_DECK
    north_deck = rng.shuffled(data.NORTH)
    south_deck = rng.shuffled(data.SOUTH)
    tribes, dead = _players(seats, sex_cards, data.K2_POOL if k2 else data.START_POOL)
    scenario = "standard" if k2 or matrix else options.get("scenario", "standard")
    if scenario == "hominids":
        events = _hominids(tribes, dead, rng)
        n_events = len(data.N1_DECK)
    elif scenario == "giant_wurm":
        _giant_wurm(tribes, dead)
        n_events = len(data.DAUGHTERS)
    foreign = species[1] if k2 else ""
    level = options.get("solo", "pt")
    foreign_left = 0
    if k2 and level == "pt":
        dead[foreign] = data.K2_FOREIGN[level]
    elif k2:
        foreign_left = data.K2_FOREIGN[level]  # a pile apart: the dead foreigners stay dead
    dead_alpha = [sp for sp in seats if not (k2 and level == "advanced")]  # K2 advanced: no Alpha
    variant = ("alien" if players == 1 else "eve") if matrix else "k2" if k2 else "standard"
    state = NeanderthalState(
        players=players,
        seed=seed,
        options=dict(options),
        rng=rng,
        variant=variant,
        level=level,
        seats=seats,
        foreign=foreign,
        foreign_left=foreign_left,
        phase="sex",
        actor=0,
        order=list(range(players)),
        tribes=tribes,
        north=north_deck[: data.ROW_SIZE],
        south=south_deck[: data.ROW_SIZE],
        ice_south=[False] * data.ROW_SIZE,
        deck_north=north_deck[data.ROW_SIZE :],
        deck_south=south_deck[data.ROW_SIZE :],
        event_deck=events[:n_events],
        event_aside=events[n_events:],
        dead=dead,
        dead_alpha=dead_alpha,
        scenario=scenario,
        ice_north=[scenario == "giant_wurm" and i in data.N2_ICE for i in range(data.ROW_SIZE)],
    )
    if matrix:
        setup_matrix(state)
        state.goal = int(options.get("artifacts", str(data.ARTIFACTS[0]))) if variant == "alien" else 0
    return state


def _players(seats: list[str], sex_cards: list[int], start: int) -> tuple[list[Player], dict[str, int]]:
    """C: each species' board (its starting portal, the Firestarter, ``start`` tribesmen) and the
    dead pile's tribesmen by colour."""
    ps = []
    dead: dict[str, int] = {}
    for i, sp in enumerate(seats):
        vocab = {c: data.DISCS_PER_COLOUR for c in data.COLOURS}
        space, colour = data.START_PORTAL[sp]
        vocab[colour] -= 1
        vocab["B"] -= 1  # under the Firestarter
        ps.append(
            Player(
                species=sp,
                sex_card=sex_cards[i],
                vocab=vocab,
                portals=[f"{space}-{colour}"],
                elders={"6": Elder(token=sp, disc="B")},
                pool=[sp] * start,
            )
        )
        dead[sp] = data.TRIBESMEN - start - 1
    return ps, dead


def _hominids(ps: list[Player], dead: dict[str, int], rng: Rng) -> list[int]:
    """N1 Hominids: the species' own starts, and the event cards (the deck built by icons first)."""
    for p in ps:
        if p.species == "G":  # no portals, 12 tribesmen
            for pt in p.portals:
                p.vocab[pt[-1]] += 1
            p.portals = []
        if p.species == "R":  # an experienced Firestarter
            p.elders["6"] = p.elders["6"].model_copy(update={"disc": ""})
            p.vocab["B"] += 1
        if p.species in data.N1_POOL:
            extra = data.N1_POOL[p.species] - len(p.pool)
            p.pool = [p.species] * data.N1_POOL[p.species]
            dead[p.species] -= extra
    by_icon = {
        icon: rng.shuffled([c for c, d in sorted(data.DAUGHTERS.items()) if (icon, 1) in d.events])
        for icon in ("warm", "cool")
    }
    deck = [by_icon[icon].pop() for icon in reversed(data.N1_DECK)]  # built from the bottom up
    return deck + rng.shuffled([c for c in sorted(data.DAUGHTERS) if c not in deck])


def _giant_wurm(ps: list[Player], dead: dict[str, int]) -> None:
    """N2 Giant Würm: no Elders, the Firestarter's disc back, a smaller pool."""
    for p in ps:
        p.elders = {}
        p.vocab["B"] += 1
        dead[p.species] += len(p.pool) - data.N2_POOL + 1
        p.pool = [p.species] * data.N2_POOL
