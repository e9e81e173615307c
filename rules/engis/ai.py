"""The ENGIS AI.  Its greedy policy (``normal``) scores hexes, bids by how much the best hex beats
the others, moves meeples to raise the best card of the round, crafts and develops by value; it
reads only what its own view shows.  ``strong`` searches with it (rules.core.search) in worlds where
the hex pile, the other players' hands and discards and their secret intempéries are drawn again."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from rules.core import Rng
from rules.core.clone import clone_model
from rules.core.search import SearchHooks
from rules.core.search import choose as search_choose

from . import data, phases, scoring
from .moves import AtSpace, Buy, Count, Craft, Move, PickHex, Plain, Put, ScoreCard, Skill, parse
from .state import Clan, EngisState, Phase

if TYPE_CHECKING:
    from rules.core import Engine

# designed: actions a second of thinking lets the strong AI's simulations apply (about what one core
# of the 2-core reference machine plays in 0.8 s, measured in CPU time)
STEPS_PER_SECOND = 6800

# designed: how much the AI wants each skill (before the situational terms below)
SKILL_BASE = {
    "movimento": 2.0,
    "retorno": 1.5,
    "madeira": 2.0,
    "pedra": 2.0,
    "recursos": 2.0,
    "conhecimento": 4.0,
    "coleta": 3.0,
    "destreza": 3.0,
    "fogo": 4.0,
    "pintura": 1.0,
    "plantio": 1.5,
    "resistencia": 1.0,
    "neandertal": 5.0,
    "sobrevivencia": 4.0,
    "inteligencia": 3.0,
    "exploracao": 4.0,
}


def _rounds_left(state: EngisState) -> int:
    return data.ROUNDS - state.round + 1


def card_value(
    state: EngisState,
    seat: int,
    card: str,
    counts: scoring.Counts | None = None,
    at: scoring.Counts | None = None,
    player: Clan | None = None,
) -> float:
    """Points now, minus what waiting would add (Objetos grows with every object)."""
    pts: float = scoring.card_points(state, seat, card, counts=counts, at=at, player=player)
    if card == "objetos":
        pts -= 1.5 * (data.ROUNDS - state.round)
    return pts


def position_value(
    state: EngisState, seat: int, counts: scoring.Counts | None = None, player: Clan | None = None
) -> float:
    """``counts``: the territory's ``terrain_counts`` when the caller has them (moving meeples keeps them);
    ``player``: the seat's player with its meeples elsewhere (by default, the state's)."""
    p = state.clans[seat] if player is None else player
    if not p.hand:
        return 0.0
    if counts is None:
        counts = scoring.terrain_counts(p)
    at = scoring.meeples_at(p)
    best = max(card_value(state, seat, c, counts, at, p) for c in p.hand)
    if state.round == data.ROUNDS and p.secret:
        best -= 4 * sum(1 for c in p.secret if c in ("cacada",) and not scoring.defended_individual(p, c))
        for card, col in zip(state.weather, state.weather_columns, strict=False):
            if card == "inimigos" and not scoring.defended_collective(p, card, col):
                best -= 4
    return best


def _threats(state: EngisState, seat: int) -> dict[int, list[tuple[str, str]]]:
    """Per column, the needs (kind, terrain) of the collective intempéries ``seat`` does not meet there."""
    p = state.clans[seat]
    out: dict[int, list[tuple[str, str]]] = {}
    for card, col in zip(state.weather, state.weather_columns, strict=False):
        if not scoring.defended_collective(p, card, col):
            out.setdefault(col, []).append(data.COLLECTIVE[card])
    return out


def _hex_value(
    state: EngisState,
    seat: int,
    hid: str,
    space: str,
    counts: scoring.Counts,
    threats: dict[int, list[tuple[str, str]]],
) -> float:
    p = state.clans[seat]
    h = data.ALL_HEXES[hid]
    left = _rounds_left(state)
    v = 0.0
    v += h.icons * 1.2
    v += h.plant * (1.0 + (left * 1.0 if "plantio" in p.skills else 0.0))
    v += h.know * 2.5
    if h.terrain in data.BASIC:
        v += 0.8 * counts[h.terrain]
        if not counts[h.terrain]:
            v += 2.0
        terrain_at = scoring.territory(p).terrain
        v += 0.6 * sum(1 for o in data.ADJ[space] if terrain_at.get(o) == h.terrain)
        if h.terrain in (data.FOREST, data.MOUNTAIN):
            v += 0.8 * h.icons
    elif h.terrain == data.CAVE:
        v += 3.0 + (left if "pintura" in p.skills else 0)
    elif h.terrain == data.VOLCANO:
        v += 3.0 if "resistencia" in p.skills else -1.0
    for kind, terrain in threats.get(data.column(space), ()):
        if (kind == "terrain" and terrain == h.terrain) or (kind == "plant" and h.plant) or (kind == "know" and h.know):
            v += 4.0
    return v


def best_space(state: EngisState, seat: int, hid: str) -> tuple[float, str]:
    return _spaces(state, seat)(hid)


def _spaces(state: EngisState, seat: int) -> Callable[[str], tuple[float, str]]:
    """``best_space`` for several hexes of one territory: what the territory gives computed once."""
    p = state.clans[seat]
    counts, threats, free = scoring.terrain_counts(p), _threats(state, seat), scoring.free_spaces(p)

    def best(hid: str) -> tuple[float, str]:
        return max(((_hex_value(state, seat, hid, s, counts, threats), s) for s in free), default=(0.0, ""))

    return best


def skill_value(state: EngisState, seat: int, skill: str) -> float:
    p = state.clans[seat]
    left = _rounds_left(state)
    counts = scoring.terrain_counts(p)
    v = SKILL_BASE[skill] + data.SKILLS[skill] * 0.3
    if skill == "fogo":
        v += 3.0 * sum(1 for c in ("mamute", "abrigo") if c in p.hand)
    elif skill == "pintura":
        v += counts[data.CAVE] * left
    elif skill == "plantio":
        v += scoring.territory(p).plants * left
    elif skill == "resistencia":
        v += 3.0 * counts[data.VOLCANO]
    elif skill in ("coleta", "destreza"):
        v *= sum(1 for c in ("agua", "alimento") if c in p.hand) / 2
    elif skill == "inteligencia":
        v = v if state.round < data.ROUNDS else 0.0
    elif skill in ("madeira", "pedra", "recursos"):
        v *= max(0.2, (8 - len(p.objects)) / 8)
    elif skill == "movimento":
        v *= left / 8
    for card in p.secret:
        if card == "vulcao" and skill in ("movimento", "resistencia"):
            v += 4.0
        if card == "enxame" and skill in ("conhecimento", "fogo"):
            v += 4.0
        if card == "extincao":
            v += data.SKILLS[skill] * 0.5
    return v


def object_value(state: EngisState, seat: int, obj: str) -> float:
    p = state.clans[seat]
    o = data.OBJECTS[obj]
    v = float(o.points) + (2.0 if o.card in p.hand else 0.0)
    v += 0.5 * sum(1 for x in p.objects if data.OBJECTS[x].group == o.group)
    if (obj == "jangada" and "maremoto" in p.secret) or (obj == "roda" and "migracao" in p.secret):
        v += 4.0
    if obj in ("clava", "machadinha") and "inimigos" in state.weather:
        v += 2.0
    return v


def _best_home(state: EngisState, seat: int, spaces: list[str]) -> str:
    p = state.clans[seat]
    counts = scoring.terrain_counts(p)
    scored = []
    for s in spaces:
        with_meeple = p.changed(meeples=(*p.meeples, s))
        scored.append((position_value(state, seat, counts, with_meeple), -spaces.index(s), s))
    return max(scored)[2]


def _move_gain(
    state: EngisState, seat: int, src: str, base: float | None = None, player: Clan | None = None
) -> tuple[float, str]:
    """The best move of the meeple on ``src`` (``base``: the position's value, when known; ``player``:
    the seat's player, when not the state's)."""
    p = state.clans[seat] if player is None else player
    i = next(i for i, m in enumerate(p.meeples) if m == src and not p.moved[i])
    if base is None:
        base = position_value(state, seat, player=p)
    best = (0.0, "")
    counts = scoring.terrain_counts(p)
    before, after = p.meeples[:i], p.meeples[i + 1 :]
    for dst in phases.move_targets(p, src):
        gain = position_value(state, seat, counts, p.changed(meeples=(*before, dst, *after))) - base
        if gain > best[0] + 1e-9:
            best = (gain, dst)
    return best


def _token(state: EngisState, seat: int, moves: list[Move]) -> Move:
    return max(_moves_of(moves, Count), key=lambda m: m.n)


def _bid(state: EngisState, seat: int, moves: list[Move]) -> Move:
    own = _spaces(state, seat)
    if state.players == 1:

        def buy_value(buy: Buy) -> tuple[float, str]:
            offered = state.offer[buy.slot]
            assert offered is not None, "a legal buy names a filled slot"
            return own(offered)[0] - 1.0 * data.SOLO_PRICES[buy.slot], str(buy)

        return max(_moves_of(moves, Buy), key=buy_value)
    values = sorted((own(h)[0] for h in state.offer if h), reverse=True)
    gap = values[0] - (values[1] if len(values) > 1 else 0.0)
    target = 4 if gap >= 4 else 3 if gap >= 2.5 else 2 if gap >= 1.5 else 1 if gap >= 0.7 else 0
    return min(_moves_of(moves, Count), key=lambda m: (abs(m.n - target), -m.n))


def _take(state: EngisState, seat: int, moves: list[Move]) -> Move:
    """Leaves the meeples where they score most."""
    p = state.clans[seat]
    counts = scoring.terrain_counts(p)

    def after_take(take: AtSpace) -> tuple[float, str]:
        i = p.meeples.index(take.space)
        return position_value(state, seat, counts, p.changed(meeples=p.meeples[:i] + p.meeples[i + 1 :])), str(take)

    return max(_moves_of(moves, AtSpace), key=after_take)


def _pick(state: EngisState, seat: int, moves: list[Move]) -> Move:
    picks = _moves_of(moves, PickHex)
    if picks[0].drop:
        rival = next((s for s in range(state.players) if s != seat), seat)
        rival_best = _spaces(state, rival)
        return max(picks, key=lambda m: (rival_best(m.hex)[0], m.hex))
    own = _spaces(state, seat)
    return max(picks, key=lambda m: (own(m.hex)[0], m.hex))


def _place(state: EngisState, seat: int, moves: list[Move]) -> Move:
    return Put(best_space(state, seat, state.picked)[1])


def _act(state: EngisState, seat: int, moves: list[Move]) -> Move:
    for step in ("develop", "craft", "retorno"):
        if Plain(step) in moves:
            return Plain(step)
    if Plain("move") in moves and _any_move_gain(state, seat):
        return Plain("move")
    return Plain("end")


def _move(state: EngisState, seat: int, moves: list[Move]) -> Move:
    if not state.clans[seat].moved:
        return Plain("move-done")
    base = position_value(state, seat)
    gains = [(_move_gain(state, seat, m.space, base), m) for m in _moves_of(moves, AtSpace)]
    best = max(gains, key=lambda gain: (gain[0], str(gain[1])), default=None)
    if best is None or not best[0][1]:
        return Plain("move-done")
    return best[1]


def _move_to(state: EngisState, seat: int, moves: list[Move]) -> Move:
    _gain, dst = _move_gain(state, seat, state.moving_from)
    return AtSpace("to", dst) if dst else Plain("back")


def _craft(state: EngisState, seat: int, moves: list[Move]) -> Move:
    crafts = _moves_of(moves, Craft)
    return max(crafts, key=lambda m: (object_value(state, seat, m.obj), m.obj)) if crafts else Plain("back")


def _develop(state: EngisState, seat: int, moves: list[Move]) -> Move:
    skills = _moves_of(moves, Skill)
    return max(skills, key=lambda m: (skill_value(state, seat, m.skill), m.skill)) if skills else Plain("back")


def _discard(state: EngisState, seat: int, moves: list[Move]) -> Move:
    return min(_moves_of(moves, Skill), key=lambda m: (skill_value(state, seat, m.skill), m.skill))


def _home(state: EngisState, seat: int, moves: list[Move]) -> Move:
    return AtSpace("home", _best_home(state, seat, [m.space for m in _moves_of(moves, AtSpace)]))


def _score(state: EngisState, seat: int, moves: list[Move]) -> Move:
    def value(m: ScoreCard) -> tuple[float, str]:
        if m.intel:
            return scoring.card_points(state, seat, m.card, one_group=True), str(m)
        return card_value(state, seat, m.card), str(m)

    return max(_moves_of(moves, ScoreCard), key=value)


M = TypeVar("M")


def _moves_of(moves: list[Move], kind: type[M]) -> list[M]:
    """The moves of one kind among a decision's choices."""
    return [m for m in moves if isinstance(m, kind)]


Policy = Callable[[EngisState, int, list[Move]], Move]
# the greedy choice of each decision (``phases.legal`` gives the choices)
POLICIES: dict[Phase, Policy] = {
    "token": _token,
    "bid": _bid,
    "take": _take,
    "pick": _pick,
    "place": _place,
    "act": _act,
    "move": _move,
    "move_to": _move_to,
    "craft": _craft,
    "develop": _develop,
    "discard": _discard,
    "nea": _home,
    "retorno": _home,
    "back": _home,
    "score": _score,
}


def ai_action(state: EngisState, seat: int) -> str:
    moves = [parse(a.id) for a in phases.legal(state, seat)]
    policy = POLICIES.get(state.phase)
    return str(policy(state, seat, moves) if policy is not None else moves[0])


def _any_move_gain(state: EngisState, seat: int) -> bool:
    p = state.clans[seat]
    p = p.changed(moved=(False,) * len(p.meeples))  # as at the start of a Move
    base = position_value(state, seat, player=p)
    return any(_move_gain(state, seat, s, base, p)[1] for s in phases.movable_from(p))


def determinize(state: EngisState, seat: int, rng: Rng) -> EngisState:
    """A copy where what ``seat`` cannot see is drawn again from what its view allows."""
    world = clone_model(state)  # the players are shared (frozen): those changed below are replaced
    world.rng = Rng(seed=rng.next64())
    world.pile = rng.shuffled(sorted(world.pile))
    over = state.phase == "over"
    if over:
        return world
    own_secret = set(world.clans[seat].secret)
    unseen_secret = sorted(c for c in data.INDIVIDUAL if c not in own_secret)
    rng.shuffle(unseen_secret)
    for i, p in enumerate(world.clans):
        if i == seat:
            continue
        # hand, discards under the top card and set-aside cards: one pool dealt again by size
        hidden = p.played[:-1]
        pool = sorted(p.hand + hidden + p.aside)
        rng.shuffle(pool)
        nh, nd = len(p.hand), len(hidden)
        world.clans[i] = p.changed(
            hand=tuple(pool[:nh]),
            played=(*pool[nh : nh + nd], *p.played[-1:]),
            aside=tuple(pool[nh + nd :]),
            secret=tuple(unseen_secret.pop() for _ in p.secret),
        )
    return world


def choose(engine: Engine, state: EngisState, seat: int, level: str, budget: float | None = None) -> str:
    return search_choose(engine, state, seat, level, HOOKS, budget)


HOOKS = SearchHooks(determinize=determinize, policy=ai_action, steps_per_second=STEPS_PER_SECOND, score_scale=8.0)
