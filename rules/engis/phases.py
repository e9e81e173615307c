"""The round: phase 1 (auction, hexes), phase 2 (actions), phase 3 (scoring card), end of round.

Every decision is a short list of actions; automatic steps (a single possible choice, the
end of a phase) run in ``_advance``-style helpers right after the action that leads to them.
"""

from __future__ import annotations

import functools

from rules.core import Action, Event, IllegalAction, Msg, action, cached_legal, msg
from rules.core import seat_msg as _core_seat_msg
from rules.core.model import Style

from . import data, scoring
from .moves import (
    AtSpace,
    Buy,
    Count,
    CountKind,
    Craft,
    Move,
    PickHex,
    Plain,
    Put,
    ScoreCard,
    Skill,
    SpaceKind,
    Step,
)
from .state import NEUTRAL, Clan, EngisState, FrozenDict

# --------------------------------------------------------------------------- labels


# Labels are frozen messages of a few dozen names: each built once (legal-action lists ask for them
# at every decision).
@functools.cache
def hex_msg(hid: str) -> Msg:
    return msg(f"engis.hex.{hid}")


@functools.cache
def terrain_msg(t: str) -> Msg:
    return msg(f"engis.terrain.{t}")


@functools.cache
def _space_msg(space: str, terrain: str | None) -> Msg:
    return msg("engis.space", space=space.upper(), terrain=terrain_msg(terrain) if terrain else msg("engis.empty"))


@functools.cache
def card_msg(card: str) -> Msg:
    return msg(f"engis.card.{card}")


@functools.cache
def skill_msg(skill: str) -> Msg:
    return msg(f"engis.skill.{skill}")


@functools.cache
def object_msg(obj: str) -> Msg:
    return msg(f"engis.object.{obj}")


def _event(state: EngisState, key: str, seats: list[int] | None = None, **params) -> None:
    state.events.append(Event(text=msg(key, **params), seats=seats))


def seat_msg(seat: int) -> Msg:
    """A player in a sentence (rules.core.seat_msg, shown as the player's name), or the neutral colour."""
    if seat == NEUTRAL:
        return msg("engis.neutral")
    return _core_seat_msg(seat)


# --------------------------------------------------------------------------- flow
def start_round(state: EngisState) -> None:
    for i, slot in enumerate(state.offer):
        if slot is None and state.pile:
            state.offer[i] = state.pile.pop()
    state.clans = [p.changed(bid=None, zero_bid_marker=False, used=(), moved=()) for p in state.clans]
    state.neutral_bid = None
    state.order, state.order_position, state.pending, state.picked, state.moving_from = [], 0, 0, "", ""
    n = state.players
    if n == 1:
        state.first, state.bid_order = 0, [0]
    elif n == 2:
        # rulebook: «um deles será o 1º jogador nas rodadas (1 - 3 - 5 - 7) e o outro nas (2 - 4 - 6 - 8)»
        state.first = (state.round - 1) % 2
        state.bid_order = [state.first, 1 - state.first]
        state.phase, state.actor = "token", state.first
        return
    elif state.round > 1 and state.variant == "reverse":
        # rulebook (variante): the 4th bids first, then the 3rd, the 2nd, the 1st.
        state.first = state.previous_order[-1]
        state.bid_order = list(reversed(state.previous_order))
    else:
        if state.round > 1:
            state.first = state.previous_order[-1]  # «Quem jogou por último ... recebe a carta»
        state.bid_order = [(state.first + i) % n for i in range(n)]
    state.phase, state.actor = "bid", state.bid_order[0]


def _taken_bids(state: EngisState) -> set[int]:
    taken = {p.bid for p in state.clans if p.bid is not None}
    if state.neutral_bid is not None:
        taken.add(state.neutral_bid)
    return taken


def legal_bids(state: EngisState, seat: int) -> list[int]:
    p = state.clans[seat]
    taken = _taken_bids(state)
    return [b for b in range(min(data.MAX_BID, len(p.meeples)) + 1) if b not in taken]


def _without(values: tuple[str, ...], value: str) -> tuple[str, ...]:
    """``values`` without the first ``value`` in it (``list.remove`` on a tuple)."""
    i = values.index(value)
    return values[:i] + values[i + 1 :]


def _take_auto(state: EngisState, seat: int) -> bool:
    """Removes bid meeples while the choice is forced; True once all are taken."""
    p = state.clans[seat]
    meeples, row = p.meeples, p.meeples_on_row
    done = True
    while state.pending > 0:
        spaces = sorted(set(meeples))
        if len(spaces) > 1 and state.pending < len(meeples):
            done = False
            break
        meeples = _without(meeples, spaces[0])
        row += 1
        state.pending -= 1
    if row != p.meeples_on_row:
        state.clans[seat] = p.changed(meeples=meeples, meeples_on_row=row)
    return done


def _take(state: EngisState, seat: int, space: str) -> None:
    p = state.clans[seat]
    state.clans[seat] = p.changed(meeples=_without(p.meeples, space), meeples_on_row=p.meeples_on_row + 1)
    state.pending -= 1
    if _take_auto(state, seat):
        _after_bid(state)


def _bid(state: EngisState, seat: int, amount: int) -> None:
    p = state.clans[seat]
    # «ele deve colocar na fileira um de seus marcadores» (a zero bid)
    state.clans[seat] = p.changed(bid=amount, zero_bid_marker=True if amount == 0 else p.zero_bid_marker)
    _event(state, "engis.ev.bid", who=seat_msg(seat), n=amount)
    state.pending = amount
    if _take_auto(state, seat):
        _after_bid(state)
    else:
        state.phase = "take"


def _buy(state: EngisState, slot: int) -> None:
    """Solo: the offer space's price in meeples buys its hex."""
    price = data.SOLO_PRICES[slot]
    hid = state.offer[slot]
    state.clans[0] = state.clans[0].changed(bid=price)
    state.picked = hid or ""
    for i, other in enumerate(state.offer):
        if i != slot and other is not None:
            state.out.append(other)
    state.offer = [None] * data.OFFER_SIZE
    state.order = [0]
    _event(state, "engis.ev.buy", who=seat_msg(0), hex=hex_msg(state.picked), n=price)
    state.pending = price
    if _take_auto(state, 0):
        _after_bid(state)
    else:
        state.phase = "take"


def _after_bid(state: EngisState) -> None:
    if state.players == 1:
        state.phase, state.actor = "place", 0
        _auto_place(state)
        return
    state.order_position += 1
    if state.order_position < len(state.bid_order):
        state.phase, state.actor = "bid", state.bid_order[state.order_position]
        return
    entries = [(p.bid or 0, s) for s, p in enumerate(state.clans)]
    if state.neutral_bid is not None:
        entries.append((state.neutral_bid, NEUTRAL))
    state.order = [s for _, s in sorted(entries, key=lambda e: -e[0])]
    order = seat_msg(state.order[-1])
    for s in reversed(state.order[:-1]):
        order = msg("core.then", a=seat_msg(s), b=order)
    _event(state, "engis.ev.order", order=order)
    state.order_position = 0
    _to_pick(state)


def _to_pick(state: EngisState) -> None:
    who = state.order[state.order_position]
    state.phase, state.actor = "pick", state.first if who == NEUTRAL else who


def _pick(state: EngisState, seat: int, hid: str) -> None:
    slot = state.offer.index(hid)
    state.offer[slot] = None
    who = state.order[state.order_position]
    if who == NEUTRAL:
        # «o jogador ativo da rodada ... faz a escolha e remove um hexágono»
        state.out.append(hid)
        _event(state, "engis.ev.drop", who=seat_msg(seat), hex=hex_msg(hid))
        _next_pick(state)
        return
    state.picked = hid
    _event(state, "engis.ev.pick", who=seat_msg(seat), hex=hex_msg(hid))
    state.phase = "place"
    _auto_place(state)


def _auto_place(state: EngisState) -> None:
    spaces = scoring.free_spaces(state.clans[state.actor])
    if len(spaces) == 1:
        _place(state, state.actor, spaces[0])


def _place(state: EngisState, seat: int, space: str) -> None:
    p = state.clans[seat]
    state.clans[seat] = p.changed(hexes=FrozenDict({**p.hexes, space: state.picked}))
    state.highlight_seat, state.highlight = seat, [space]
    _event(state, "engis.ev.place", who=seat_msg(seat), hex=hex_msg(state.picked), space=space.upper())
    state.picked = ""
    if state.players == 1:
        _to_actions(state)
        return
    _next_pick(state)


def _next_pick(state: EngisState) -> None:
    state.order_position += 1
    if state.order_position < len(state.order):
        _to_pick(state)
        return
    for i, hid in enumerate(state.offer):  # the spare: 3-player last pick, 2-player leftover
        if hid is not None:
            state.out.append(hid)
            _event(state, "engis.ev.spare", hex=hex_msg(hid))
            state.offer[i] = None
    _to_actions(state)


def _to_actions(state: EngisState) -> None:
    state.order_position = 0
    state.phase, state.actor = "act", state.players_order()[0]


def _next_actor(state: EngisState) -> None:
    """The next player of phase 2 or phase 3."""
    order = state.players_order()
    state.order_position += 1
    if state.order_position < len(order):
        state.actor = order[state.order_position]
        if state.phase != "score":
            state.phase = "act"
        return
    if state.phase == "score":
        _end_phase3(state)
    else:
        state.order_position = 0
        state.phase, state.actor = "score", order[0]


# --------------------------------------------------------------------------- phase 2
def can_move(p: Clan) -> bool:
    """Some meeple can reach a space: a first step onto a neighbour is enough, whatever the range."""
    return any(scoring.passable(p, o) for s in set(p.meeples) for o in data.ADJ[s])


def developable(state: EngisState, p: Clan) -> list[str]:
    k = scoring.knowledge(p)
    return [s for s, lvl in data.SKILLS.items() if lvl <= k and state.pool.get(s, 0) > 0 and s not in p.skills]


def menu(state: EngisState, p: Clan) -> list[Step]:
    out: list[Step] = []
    if "move" not in p.used and can_move(p):
        out.append("move")
    if "craft" not in p.used and scoring.craftable(p):
        out.append("craft")
    if "develop" not in p.used and developable(state, p):
        out.append("develop")
    if "retorno" in p.skills and "retorno" not in p.used and p.meeples_on_row > 0:
        out.append("retorno")
    return out


def movable_from(p: Clan) -> list[str]:
    steps = data.MOVIMENTO_RANGE if "movimento" in p.skills else 1
    out = []
    for s in sorted(set(p.meeples)):
        if any(not p.moved[i] for i, m in enumerate(p.meeples) if m == s) and scoring.reachable(p, s, steps):
            out.append(s)
    return out


def move_targets(p: Clan, src: str) -> list[str]:
    steps = data.MOVIMENTO_RANGE if "movimento" in p.skills else 1
    return scoring.reachable(p, src, steps)


def _move(state: EngisState, seat: int, src: str, dst: str) -> None:
    p = state.clans[seat]
    i = next(i for i, m in enumerate(p.meeples) if m == src and not p.moved[i])
    state.clans[seat] = p.changed(
        meeples=(*p.meeples[:i], dst, *p.meeples[i + 1 :]), moved=(*p.moved[:i], True, *p.moved[i + 1 :])
    )
    state.highlight_seat, state.highlight = seat, [src, dst]
    _event(state, "engis.ev.move", who=seat_msg(seat), src=src.upper(), dst=dst.upper())


def _craft(state: EngisState, seat: int, obj: str) -> None:
    p = state.clans[seat]
    p = state.clans[seat] = p.changed(objects=(*p.objects, obj), used=(*p.used, "craft"))
    state.highlight_seat, state.highlight = seat, [f"obj-{obj}"]
    _event(state, "engis.ev.craft", who=seat_msg(seat), obj=object_msg(obj))
    group = data.OBJECTS[obj].group
    if sum(1 for o in p.objects if data.OBJECTS[o].group == group) == 4:
        state.clans[seat] = p.scored("engis.score.crafting", data.GROUP_BONUS)
        _event(state, "engis.ev.group", who=seat_msg(seat), n=data.GROUP_BONUS)


def _develop(state: EngisState, seat: int, skill: str) -> None:
    p = state.clans[seat]
    p = state.clans[seat] = p.changed(skills=(*p.skills, skill), used=(*p.used, "develop"))
    state.pool[skill] -= 1
    state.highlight_seat, state.highlight = seat, [f"skill-{skill}"]
    _event(state, "engis.ev.develop", who=seat_msg(seat), skill=skill_msg(skill))
    if skill == "neandertal":
        # designed (EQ10): the extra meeple joins the player's pieces at once.
        spaces = scoring.placement_spaces(p)
        if len(spaces) == 1:
            _add_meeple(state, seat, spaces[0])
        else:
            state.phase = "nea"
            return
    _after_develop(state)


def _after_develop(state: EngisState) -> None:
    if state.players == 1 and any(state.pool.values()):
        state.phase = "discard"  # «logo em seguida, ele deve anular outra»
    else:
        state.phase = "act"


def _add_meeple(state: EngisState, seat: int, space: str) -> None:
    p = state.clans[seat]
    state.clans[seat] = p.changed(meeples=(*p.meeples, space), moved=(*p.moved, True) if p.moved else p.moved)


def _discard_skill(state: EngisState, skill: str) -> None:
    state.pool[skill] -= 1
    state.skills_removed.append(skill)
    _event(state, "engis.ev.discard", skill=skill_msg(skill))
    state.phase = "act"
    p = state.clans[state.actor]
    if "end" in p.used:
        _next_actor(state)


def _retorno(state: EngisState, seat: int) -> None:
    p = state.clans[seat]
    p = state.clans[seat] = p.changed(used=(*p.used, "retorno"), meeples_on_row=p.meeples_on_row - 1)
    _event(state, "engis.ev.retorno", who=seat_msg(seat))
    spaces = scoring.placement_spaces(p)
    if len(spaces) == 1:
        _add_meeple(state, seat, spaces[0])
    else:
        state.phase = "retorno"


def _end_turn(state: EngisState, seat: int) -> None:
    p = state.clans[seat]
    p = state.clans[seat] = p.changed(used=(*p.used, "end"), moved=())
    if state.players == 1 and "develop" not in p.used and any(state.pool.values()):
        # «mesmo assim, ele deverá descartar uma delas» — designed: one skill leaves every round.
        state.phase = "discard"
        return
    _next_actor(state)


# --------------------------------------------------------------------------- phase 3
def _score_card(state: EngisState, seat: int, card: str, *, intel: bool = False) -> None:
    p = state.clans[seat]
    if intel:
        # designed (EQ14): the last card is set aside unscored; one of the three cards on top
        # of the discard pile is scored again (Objetos: one group only).
        p = state.clans[seat] = p.changed(aside=p.aside + p.hand, hand=())
        pts = scoring.card_points(state, seat, card, one_group=True)
        p = p.changed(played=(*_without(p.played, card), card))
        _event(state, "engis.ev.intel", who=seat_msg(seat), card=card_msg(card), n=pts)
    else:
        pts = scoring.card_points(state, seat, card)
        p = p.changed(hand=_without(p.hand, card), played=(*p.played, card))
        _event(state, "engis.ev.card", who=seat_msg(seat), card=card_msg(card), n=pts)
    state.clans[seat] = p.scored("engis.score.cards", pts)
    state.highlight_seat, state.highlight = seat, [f"card-{card}"]
    _next_actor(state)


def _end_phase3(state: EngisState) -> None:
    for seat, p in enumerate(state.clans):
        pts = scoring.after_phase3(p)
        if pts:
            state.clans[seat] = p.scored("engis.score.skills", pts)
            _event(state, "engis.ev.art", who=seat_msg(seat), n=pts)
    if state.round >= data.ROUNDS:
        final_scoring(state)
        return
    state.order_position = -1
    state.phase = "back"
    _next_return(state)


# --------------------------------------------------------------------------- end of round
def _next_return(state: EngisState) -> None:
    """Players bring their meeples back in turn order, choosing where when they may."""
    order = state.players_order()
    while state.order_position < len(order):
        if state.order_position >= 0:
            seat = order[state.order_position]
            if state.clans[seat].meeples_on_row > 0 and _return_auto(state, seat):
                state.actor = seat
                return
        state.order_position += 1
    _end_round(state)


def _return_auto(state: EngisState, seat: int) -> bool:
    """Brings meeples back while forced; True when a choice is needed."""
    p = state.clans[seat]
    while p.meeples_on_row > 0:
        spaces = scoring.placement_spaces(p)
        if len(spaces) > 1:
            return True
        p = state.clans[seat] = p.changed(meeples_on_row=p.meeples_on_row - 1, meeples=(*p.meeples, spaces[0]))
    return False


def _home(state: EngisState, seat: int, space: str) -> None:
    p = state.clans[seat]
    if not p.meeples:
        # «No caso do jogador retornar 4 peças (e não haver nenhuma em seu tabuleiro), todas
        # devem ser colocadas no mesmo hexágono.»
        state.clans[seat] = p.changed(meeples=p.meeples + (space,) * p.meeples_on_row, meeples_on_row=0)
    else:
        state.clans[seat] = p.changed(meeples=(*p.meeples, space), meeples_on_row=p.meeples_on_row - 1)
    _next_return(state)


def _end_round(state: EngisState) -> None:
    state.clans = [p.changed(zero_bid_marker=False) for p in state.clans]
    state.previous_order = list(state.order)
    state.round += 1
    start_round(state)


def final_scoring(state: EngisState) -> None:
    """rulebook: majorities, knowledge, Resistência and Exploração, then the intempéries."""
    maj = scoring.majorities(state)
    know = scoring.knowledge_award(state)
    for seat, p in enumerate(state.clans):
        p = p.scored("engis.score.majorities", maj[seat])
        p = p.scored("engis.score.knowledge", know[seat])
        p = state.clans[seat] = p.scored("engis.score.skills", scoring.skill_endgame(p))
        pen, failed, cancelled = scoring.weather_penalty(state, seat)
        p = state.clans[seat] = p.scored("engis.score.intemperies", pen)
        state.failed_hardships[str(seat)] = failed + ([f"!{cancelled}"] if cancelled else [])
        _event(state, "engis.ev.final", who=seat_msg(seat), n=p.score)
    state.phase, state.actor = "over", -1


# --------------------------------------------------------------------------- decisions
# The choices are frozen too, of a few hundred kinds at most: each built once, like the labels.
@functools.cache
def _plain_choice(step: Step, style: Style) -> Action:
    return action(id=str(Plain(step)), label=msg(f"engis.act.{step.replace('-', '_')}"), style=style)


@functools.cache
def _count_choice(kind: CountKind, n: int, style: Style = "primary") -> Action:
    """``token-3``, ``bid-2``."""
    return action(id=str(Count(kind, n)), label=msg(f"engis.act.{kind}", n=n), style=style)


@functools.cache
def _buy_choice(slot: int, hid: str) -> Action:
    return action(
        id=str(Buy(slot)), label=msg("engis.act.buy", hex=hex_msg(hid), n=data.SOLO_PRICES[slot]), style="primary"
    )


@functools.cache
def _space_choice(kind: SpaceKind, space: str, terrain: str | None) -> Action:
    """``take-``, ``from-``, ``to-``, ``home-``: a space named with its terrain."""
    return action(id=str(AtSpace(kind, space)), label=msg(f"engis.act.{kind}", space=_space_msg(space, terrain)))


@functools.cache
def _hex_choice(drop: bool, hid: str) -> Action:
    """``pick-`` or ``drop-``."""
    move = PickHex(hid, drop)
    return action(id=str(move), label=msg(f"engis.act.{'drop' if drop else 'pick'}", hex=hex_msg(hid)), style="primary")


@functools.cache
def _put_choice(space: str) -> Action:
    return action(id=str(Put(space)), label=msg("engis.act.put", space=space.upper(), col=data.column(space)))


@functools.cache
def _craft_choice(obj: str, cost: int) -> Action:
    return action(id=str(Craft(obj)), label=msg("engis.act.craft_obj", obj=object_msg(obj), cost=cost))


@functools.cache
def _skill_choice(skill: str) -> Action:
    return action(id=str(Skill(skill)), label=msg("engis.act.skill", skill=skill_msg(skill), n=data.SKILLS[skill]))


@functools.cache
def _discard_choice(skill: str) -> Action:
    return action(
        id=str(Skill(skill, discard=True)), label=msg("engis.act.discard", skill=skill_msg(skill)), style="danger"
    )


@functools.cache
def _card_choice(intel: bool, card: str, points: int) -> Action:
    """``card-``: a card of the hand; ``intel-``: one of the discard pile scored again."""
    return action(
        id=str(ScoreCard(card, intel)),
        label=msg(f"engis.act.{'intel' if intel else 'card'}", card=card_msg(card), n=points),
        secret=True,
        style="secondary" if intel else "primary",
    )


@cached_legal
def legal(state: EngisState, seat: int) -> list[Action]:
    if state.phase == "over" or seat != state.actor:
        return []
    p = state.clans[seat]
    ph = state.phase
    if ph == "token":
        return [_count_choice("token", v, "secondary") for v in sorted(set(state.tokens))]
    if ph == "bid":
        if state.players == 1:
            return [
                _buy_choice(i, h)
                for i, h in enumerate(state.offer)
                if h is not None and data.SOLO_PRICES[i] <= len(p.meeples)
            ]
        return [_count_choice("bid", b) for b in legal_bids(state, seat)]
    if ph == "pick":
        drop = state.order[state.order_position] == NEUTRAL
        return [_hex_choice(drop, h) for h in state.offer if h is not None]
    if ph == "place":
        return [_put_choice(s) for s in scoring.free_spaces(p)]
    if ph == "act":
        return [*(_plain_choice(a, "primary") for a in menu(state, p)), _plain_choice("end", "success")]
    if ph == "craft":
        return [
            *(_craft_choice(o, scoring.object_cost(p, o)) for o in scoring.craftable(p)),
            _plain_choice("back", "danger"),
        ]
    if ph == "develop":
        return [*(_skill_choice(s) for s in developable(state, p)), _plain_choice("back", "danger")]
    if ph == "discard":
        return [_discard_choice(s) for s, n in state.pool.items() if n > 0]
    if ph == "score":
        acts = [_card_choice(False, c, scoring.card_points(state, seat, c)) for c in p.hand]
        if state.round == data.ROUNDS and "inteligencia" in p.skills:
            acts += [_card_choice(True, c, scoring.card_points(state, seat, c, one_group=True)) for c in p.played[-3:]]
        return acts
    terrain = scoring.territory(p).terrain
    if ph == "take":
        return [_space_choice("take", s, terrain.get(s)) for s in sorted(set(p.meeples))]
    if ph == "move":
        return [
            *(_space_choice("from", s, terrain.get(s)) for s in movable_from(p)),
            _plain_choice("move-done", "success"),
        ]
    if ph == "move_to":
        return [
            *(_space_choice("to", s, terrain.get(s)) for s in move_targets(p, state.moving_from)),
            _plain_choice("back", "danger"),
        ]
    if ph in ("nea", "retorno", "back"):
        return [_space_choice("home", s, terrain.get(s)) for s in scoring.placement_spaces(p)]
    return []


def _moving_on(state: EngisState, seat: int) -> None:
    """After a meeple moved (or the choice of where to was left): the next meeple, or the Move is over."""
    state.moving_from, state.phase = "", "move"
    if not movable_from(state.clans[seat]):
        state.phase = "act"


def apply(state: EngisState, seat: int, move: Move) -> None:
    """Plays ``move``, one of the choices ``legal`` offers in the current phase."""
    p = state.clans[seat]
    match state.phase, move:
        case "token", Count("token", n):
            state.neutral_bid = n
            state.tokens.remove(n)  # «após usadas essas fichas são removidas do jogo»
            _event(state, "engis.ev.token", who=seat_msg(seat), n=n)
            state.phase, state.actor = "bid", state.bid_order[0]
        case "bid", Buy(slot):
            _buy(state, slot)
        case "bid", Count("bid", n):
            _bid(state, seat, n)
        case "take", AtSpace("take", space):
            _take(state, seat, space)
        case "pick", PickHex(hid):
            _pick(state, seat, hid)
        case "place", Put(space):
            _place(state, seat, space)
        case "act", Plain("move"):
            state.clans[seat] = p.changed(used=(*p.used, "move"), moved=(False,) * len(p.meeples))
            state.phase = "move"
        case "act", Plain("craft" | "develop" as step):
            state.phase = step
        case "act", Plain("retorno"):
            _retorno(state, seat)
        case "act", Plain("end"):
            _end_turn(state, seat)
        case "move", Plain("move-done"):
            state.phase = "act"
        case "move", AtSpace("from", space):
            state.moving_from, state.phase = space, "move_to"
        case "move_to", AtSpace("to", space):
            _move(state, seat, state.moving_from, space)
            _moving_on(state, seat)
        case "move_to", Plain("back"):
            _moving_on(state, seat)
        case "craft" | "develop", Plain("back"):
            state.phase = "act"
        case "craft", Craft(obj):
            state.phase = "act"
            _craft(state, seat, obj)
        case "develop", Skill(skill, discard=False):
            state.phase = "act"
            _develop(state, seat, skill)
        case "discard", Skill(skill, discard=True):
            _discard_skill(state, skill)
        case "nea", AtSpace("home", space):
            _add_meeple(state, seat, space)
            _after_develop(state)
        case "retorno", AtSpace("home", space):
            _add_meeple(state, seat, space)
            state.phase = "act"
        case "back", AtSpace("home", space):
            _home(state, seat, space)
        case "score", ScoreCard(card, intel):
            _score_card(state, seat, card, intel=intel)
        case _:
            raise IllegalAction("error.illegal_action")
