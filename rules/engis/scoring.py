"""What a territory is worth: knowledge, crafting thresholds, scoring cards, final scoring."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping

from . import data
from .state import Clan, EngisState


# --------------------------------------------------------------------------- territory
def hex_of(p: Clan, space: str) -> data.Hex | None:
    hid = p.hexes.get(space)
    return data.ALL_HEXES[hid] if hid else None


class Counts(dict[str, int]):
    """How many of each, 0 for what is absent (a ``Counter`` for reading, several times cheaper to
    build: the AI counts a territory for every choice it weighs)."""

    __slots__ = ()

    def __missing__(self, key: str) -> int:
        return 0


def _count(values) -> Counts:
    counts = Counts()
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return counts


class Territory:
    """What a player's hexes give, whatever his meeples and skills (read only).

    The legal actions, the scoring and the AI ask for these again and again while the hexes change
    ten times a game: a territory is summed up once, and kept in the memo of its ``FrozenDict`` (which
    never changes).
    """

    __slots__ = (
        "caves",
        "columns",
        "counts",
        "free",
        "icon_spaces",
        "icons",
        "know",
        "links",
        "plants",
        "reach",
        "terrain",
        "triples",
    )

    def __init__(self, hexes: Mapping[str, str]) -> None:
        all_hexes = data.ALL_HEXES
        self.terrain = {s: all_hexes[h].terrain for s, h in hexes.items()}  # space -> terrain
        self.counts = _count(self.terrain.values())  # terrain -> hexes
        self.icons = Counts()  # resource -> icons
        self.columns: dict[int, list[data.Hex]] = {}  # column -> its hexes
        know = plants = 0
        for s, hid in hexes.items():
            h = all_hexes[hid]
            resource = data.RESOURCE.get(h.terrain)
            if resource is not None:
                self.icons[resource] += h.icons
            know += h.know
            plants += h.plant
            self.columns.setdefault(data.column(s), []).append(h)
        # rulebook: the printed point, the hex icons, the five-terrains point (Conhecimento: ``triples``)
        self.know = data.PRINTED_KNOWLEDGE + know + (1 if all(self.counts[t] for t in data.BASIC) else 0)
        self.triples = sum(self.counts[t] // 3 for t in data.BASIC)
        self.plants = plants
        self.links = Counts()  # terrain -> adjacent pairs of its hexes
        for a, t in self.terrain.items():
            for b in data.ADJ[a]:
                if a < b and self.terrain.get(b) == t:
                    self.links[t] += 1
        self.free = tuple(s for s in sorted(data.SPACES) if s not in hexes and any(o in hexes for o in data.ADJ[s]))
        self.caves = [s for s, t in self.terrain.items() if t == data.CAVE]
        self.reach: dict[tuple[str, int, bool], tuple[str, ...]] = {}  # see ``reachable``
        self.icon_spaces: dict[frozenset[str], list[tuple[str, int]]] = {}  # see ``_icon_spaces``


def territory(p: Clan) -> Territory:
    """The summary of ``p``'s hexes (computed on the first question about them)."""
    hexes = p.hexes
    found: Territory | None = hexes.memo
    if found is None:
        found = hexes.memo = Territory(hexes)
    return found


def terrain_counts(p: Clan) -> Counts:
    """Hexes of each terrain (the territory's own counts: read only)."""
    return territory(p).counts


def meeples_at(p: Clan) -> Counts:
    return _count(p.meeples)


def resource_icons(p: Clan, resource: str) -> int:
    return territory(p).icons[resource]


def knowledge(p: Clan) -> int:
    """rulebook: the printed point, the hex icons, the five-terrains point, Conhecimento."""
    t = territory(p)
    return t.know + t.triples if "conhecimento" in p.skills else t.know


def passable(p: Clan, space: str) -> bool:
    """A meeple may stand on (or cross) this space: a hex, not a volcano without Resistência."""
    h = hex_of(p, space)
    return h is not None and (h.terrain != data.VOLCANO or "resistencia" in p.skills)


def reachable(p: Clan, space: str, steps: int) -> list[str]:
    """Spaces within ``steps`` moves of ``space``, never across empty spaces or volcanoes."""
    memo = territory(p).reach
    key = (space, steps, "resistencia" in p.skills)
    found = memo.get(key)
    if found is None:
        found = memo[key] = tuple(_reachable(p, space, steps))
    return list(found)


def _reachable(p: Clan, space: str, steps: int) -> list[str]:
    seen = {space}
    frontier = [space]
    for _ in range(steps):
        nxt = []
        for s in frontier:
            for o in data.ADJ[s]:
                if o not in seen and passable(p, o):
                    seen.add(o)
                    nxt.append(o)
        frontier = nxt
    seen.discard(space)
    return sorted(seen)


def placement_spaces(p: Clan) -> list[str]:
    """Where a meeple coming back may go: with the player's other pieces, else any hex he may occupy."""
    occupied = sorted(set(p.meeples))
    if occupied:
        return occupied
    return sorted(s for s in p.hexes if passable(p, s))


def free_spaces(p: Clan) -> list[str]:
    """Empty spaces adjacent to the territory (where a new hex may go)."""
    return list(territory(p).free)


# --------------------------------------------------------------------------- crafting
def object_cost(p: Clan, obj: str) -> int:
    o = data.OBJECTS[obj]
    cost = o.cost
    skill = "madeira" if o.group == "wood" else "pedra"
    if skill in p.skills and obj not in ("vaso", "lascada"):
        cost = max(1, cost - data.DISCOUNT)
    return cost


def _affordable(p: Clan, obj: str, wood: int, stone: int) -> bool:
    o = data.OBJECTS[obj]
    have, other = (wood, stone) if o.group == "wood" else (stone, wood)
    if "recursos" in p.skills:
        have += other // 2  # rulebook: «converta dois ícones de madeira ... numa pedra»
    return have >= object_cost(p, obj)


def craftable(p: Clan) -> list[str]:
    wood, stone = resource_icons(p, "wood"), resource_icons(p, "stone")
    return [o for o in data.OBJECTS if o not in p.objects and _affordable(p, o, wood, stone)]


# --------------------------------------------------------------------------- cards
_TERRAINS_OF = {res: frozenset(t for t, r in data.RESOURCE.items() if r == res) for res in set(data.RESOURCE.values())}


# Coleta: water also from mountains, food also from lakes.
_COLETA = {"agua": data.MOUNTAIN, "alimento": data.LAKE}
_ICON_TERRAINS = {
    (card, coleta): _TERRAINS_OF[res] | ({_COLETA[card]} if coleta and card in _COLETA else set())
    for card, res in data.CARD_RESOURCE.items()
    for coleta in (False, True)
}


def _icon_card(p: Clan, card: str, at: Counts | None = None) -> int:
    """Água / Alimento / Mamute: icons, meeples on hexes showing them, Coleta, Destreza, object."""
    terrains = _ICON_TERRAINS[card, "coleta" in p.skills]
    if at is None:
        at = meeples_at(p)
    pts = 0
    for space, icons in _icon_spaces(p, terrains):
        pts += icons + at[space]
    if "destreza" in p.skills and card in ("agua", "alimento"):
        home = data.LAKE if card == "agua" else data.SAVANNA
        if any(data.ALL_HEXES[p.hexes[s]].terrain == home and data.ALL_HEXES[p.hexes[s]].icons for s in p.meeples):
            pts += data.DESTREZA_POINTS - 1
    if card == "mamute" and "fogo" in p.skills:
        pts += data.FOGO_BONUS
    return pts


def _icon_spaces(p: Clan, terrains: frozenset[str]) -> list[tuple[str, int]]:
    """The spaces of ``p``'s hexes of ``terrains`` that show icons, with their icons."""
    memo = territory(p).icon_spaces
    found = memo.get(terrains)
    if found is None:
        all_hexes = data.ALL_HEXES
        found = [
            (s, all_hexes[h].icons)
            for s, h in p.hexes.items()
            if all_hexes[h].terrain in terrains and all_hexes[h].icons
        ]
        memo[terrains] = found
    return found


def iguais_best(p: Clan, counts: Counts | None = None, at: Counts | None = None) -> tuple[int, str]:
    t = territory(p)
    if counts is None:
        counts = t.counts
    if at is None:
        at = meeples_at(p)
    terrain = t.terrain
    on = Counts()  # meeples on each terrain
    for s, n in at.items():
        on[terrain[s]] += n
    best = (0, "")
    for k in data.BASIC:
        if not counts[k]:
            continue
        v = counts[k] + on[k] + t.links[k]
        if v > best[0]:
            best = (v, k)
    return best


def object_points(p: Clan, group: str | None = None) -> int:
    return sum(data.OBJECTS[o].points for o in p.objects if group is None or data.OBJECTS[o].group == group)


def raw_card(
    state: EngisState,
    seat: int,
    card: str,
    *,
    one_group: bool = False,
    counts: Counts | None = None,
    at: Counts | None = None,
    player: Clan | None = None,
) -> int:
    """The card's sum before the three-points rule.  ``counts`` and ``at``: the player's
    ``terrain_counts`` and ``meeples_at`` when the caller has them; ``player``: the seat's player as
    it would be after a move the AI weighs (by default, the state's)."""
    p = state.clans[seat] if player is None else player
    if card in data.CARD_RESOURCE:
        pts = _icon_card(p, card, at)
    elif card == "abrigo":
        if at is None:
            at = meeples_at(p)
        caves = territory(p).caves
        pts = data.CAVE_POINTS * len(caves) + sum(at[s] for s in caves)
        if "fogo" in p.skills:
            pts += data.FOGO_BONUS
    elif card == "tribo":
        mine = len(p.meeples)
        pts = mine + sum(1 for i, o in enumerate(state.clans) if i != seat and len(o.meeples) < mine)
        if state.players == 1:
            pts += data.SOLO_TRIBO_BONUS
    elif card == "objetos":
        if one_group:
            pts = max(object_points(p, "wood"), object_points(p, "stone"))
        else:
            pts = object_points(p)
    elif card == "iguais":
        pts = iguais_best(p, counts, at)[0]
    else:  # diferentes
        if counts is None:
            counts = terrain_counts(p)
        kinds = {t for t in data.BASIC if counts[t]}
        terrain = territory(p).terrain
        occupied = {terrain[s] for s in p.meeples} & kinds
        pts = len(kinds) + len(occupied)
    pts += data.OBJECT_BONUS * _cards_helped(tuple(p.objects))[card]
    return pts


@functools.lru_cache(maxsize=1024)
def _cards_helped(objects: tuple[str, ...]) -> Counts:
    """How many of ``objects`` add to each scoring card (a player's objects change a few times a game)."""
    return _count([data.OBJECTS[o].card for o in objects])


def card_points(
    state: EngisState,
    seat: int,
    card: str,
    *,
    one_group: bool = False,
    counts: Counts | None = None,
    at: Counts | None = None,
    player: Clan | None = None,
) -> int:
    """rulebook: the three-points rule raises any card to 3."""
    return max(
        data.MIN_CARD_POINTS, raw_card(state, seat, card, one_group=one_group, counts=counts, at=at, player=player)
    )


def after_phase3(p: Clan) -> int:
    """Pintura (1 per cave) and Plantio (1 per plant icon), after every phase 3."""
    pts = 0
    if "pintura" in p.skills:
        pts += terrain_counts(p)[data.CAVE]
    if "plantio" in p.skills:
        pts += territory(p).plants
    return pts


# --------------------------------------------------------------------------- final scoring
def majorities(state: EngisState) -> list[int]:
    n = state.players
    out = [0] * n
    counts = [terrain_counts(p) for p in state.clans]
    for t in data.BASIC:
        if n == 1:
            if counts[0][t] >= data.SOLO_MAJORITY_MIN:
                out[0] += data.MAJORITY_POINTS
            continue
        best = max(c[t] for c in counts)
        if best <= 0:
            continue
        winners = [i for i in range(n) if counts[i][t] == best]
        for i in winners:
            out[i] += data.MAJORITY_POINTS // len(winners)
    return out


def knowledge_award(state: EngisState) -> list[int]:
    ks = [knowledge(p) for p in state.clans]
    if state.players == 1:
        return [data.KNOWLEDGE_POINTS if ks[0] >= data.SOLO_KNOWLEDGE_MIN else 0]
    best = max(ks)
    winners = [i for i, k in enumerate(ks) if k == best]
    return [data.KNOWLEDGE_POINTS // len(winners) if i in winners else 0 for i in range(len(ks))]


def skill_endgame(p: Clan) -> int:
    pts = 0
    counts = terrain_counts(p)
    if "resistencia" in p.skills:
        pts += data.RESISTENCIA_POINTS * counts[data.VOLCANO]
    if "exploracao" in p.skills:
        kinds = sum(1 for t in data.ALL_TYPES if counts[t])
        pts += data.EXPLORACAO.get(min(kinds, 7), 0)
    return pts


def _column_hexes(p: Clan, col: int) -> list[data.Hex]:
    return territory(p).columns.get(col, [])


def defended_collective(p: Clan, card: str, col: int, nth: int = 1) -> bool:
    """``nth``: this is the nth card of the same need under that column (Era Glacial example:
    two cave cards in one column need two caves)."""
    kind, terrain = data.COLLECTIVE[card]
    hexes = _column_hexes(p, col)
    if kind == "terrain":
        return sum(1 for h in hexes if h.terrain == terrain) >= nth
    if kind == "plant":
        return sum(1 for h in hexes if h.plant) >= nth
    if kind == "know":
        return sum(1 for h in hexes if h.know) >= nth
    meeples = sum(1 for s in p.meeples if data.column(s) == col)
    return meeples >= data.INIMIGOS_MEEPLES * nth and {"clava", "machadinha"} <= set(p.objects)


def defended_individual(p: Clan, card: str) -> bool:
    if card == "maremoto":
        return "jangada" in p.objects
    if card == "migracao":
        return "roda" in p.objects
    if card == "cacada":
        return len({data.column(s) for s in p.meeples}) >= data.CACADA_COLUMNS
    if card == "vulcao":
        return {"movimento", "resistencia"} <= set(p.skills)
    if card == "enxame":
        return {"conhecimento", "fogo"} <= set(p.skills)
    return sum(data.SKILLS[s] for s in p.skills) >= data.EXTINCAO_LEVELS


def weather_need(card: str) -> tuple[str, str]:
    return data.COLLECTIVE[card]


def collective_defences(p: Clan, weather: list[str], cols: list[int]) -> list[bool]:
    """Whether ``p`` defends each collective intempérie (``weather``, under the columns ``cols``), in that
    order: two cards of one need under one column need it twice."""
    defended = {}
    seen: Counter = Counter()
    for i in sorted(range(len(weather)), key=lambda i: cols[i]):
        need = (weather_need(weather[i]), cols[i])
        seen[need] += 1
        defended[i] = defended_collective(p, weather[i], cols[i], seen[need])
    return [defended[i] for i in range(len(weather))]


def failed_weather(state: EngisState, seat: int) -> list[str]:
    """The intempéries (collective in column order, then individual) this player fails."""
    p = state.clans[seat]
    defences = collective_defences(p, state.weather, state.weather_columns)
    by_column = sorted(zip(state.weather_columns, state.weather, defences, strict=True), key=lambda c: c[0])
    failed = [card for _, card, defended in by_column if not defended]
    failed += [card for card in p.secret if not defended_individual(p, card)]
    return failed


def weather_penalty(state: EngisState, seat: int) -> tuple[int, list[str], str]:
    failed = failed_weather(state, seat)
    cancelled = ""
    if failed and "sobrevivencia" in state.clans[seat].skills:
        cancelled = failed[0]
        failed = failed[1:]
    return -data.WEATHER_PENALTY * len(failed), failed, cancelled
