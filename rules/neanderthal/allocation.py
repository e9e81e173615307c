"""E1-E5. Phase 2: allocation of the unassigned tribesmen as Hunters, Elders or Suitors.

E1 skill prerequisites, E2 promotions, E3 Suitors, E4 permanent allocation (the Sultan and
near-extinction exceptions), E5 and B4 the Alpha-Hunter swap, and K2 F (the foreign Suitors).
"""

from __future__ import annotations

import functools

from rules.core import Action, IllegalAction, Msg, action, msg, seat_msg

from . import data
from .board import (
    _husband_home,
    _pack,
    card_msg,
    exp_elder,
    give_vocab,
    has_skill,
    is_alpha,
    is_refugee,
    say,
    slot_card,
    slots,
    take_foreign,
    take_vocab,
)
from .moves import (
    Hunter,
    HunterKind,
    Move,
    Promote,
    RecallElder,
    RecallHusband,
    Suitor,
    Sultan,
    SwapElder,
    SwapHusband,
    Word,
)
from .state import Elder, NeanderthalState, Player


def start_alloc(state: NeanderthalState) -> None:
    state.phase = "alloc"
    state.order_position = 0
    state.actor = state.order[0]
    state.hunters = {}
    state.suitors = {}
    for s, p in enumerate(state.tribes):
        if not any(not is_refugee(p, t) for t in p.pool) and _recallable(state, s):
            state.used.append(f"{s}:extinct")


def _recallable(state: NeanderthalState, seat: int) -> list[RecallElder | RecallHusband]:
    """Near-extinction exception (E4-B): Elders and Husbands that may come back unassigned."""
    p = state.tribes[seat]
    out: list[RecallElder | RecallHusband] = [RecallElder(r) for r in sorted(p.elders)]
    for b, q in enumerate(state.tribes):
        for i, w in enumerate(q.wives):
            if w.husband and w.husband[0] == p.species:
                out.append(RecallHusband(b, i))
    return out


def recall_actions(state: NeanderthalState, seat: int) -> list[Action]:
    if f"{seat}:extinct" not in state.used or state.used.count(f"{seat}:recall") >= 2:
        return []
    out = []
    for recall in _recallable(state, seat):
        if isinstance(recall, RecallElder):
            what = msg(f"neanderthal.rank.{recall.rank}")
        else:
            what = msg("neanderthal.place.husband", card=card_msg(state.tribes[recall.board].wives[recall.wife].card))
        out.append(
            action(id=str(recall), label=msg("neanderthal.act.recall", what=what), group=msg("neanderthal.grp.elders"))
        )
    return out


def apply_recall(state: NeanderthalState, seat: int, recall: RecallElder | RecallHusband) -> None:
    p = state.tribes[seat]
    state.used.append(f"{seat}:recall")
    if isinstance(recall, RecallElder):
        e = p.elders.pop(recall.rank)
        if e.disc:
            give_vocab(p, e.disc)
        p.pool.append(e.token)
    else:
        w = state.tribes[recall.board].wives[recall.wife]
        _husband_home(state, recall.board, w)
    say(state, "neanderthal.ev.recall", seat=seat_msg(seat))


def _hunted(state: NeanderthalState, seat: int) -> set[str]:
    """The slots where ``seat`` has Hunters."""
    mine = f"{seat}:"
    return {k for k, toks in state.hunters.items() if any(t.startswith(mine) for t in toks)}


def _prereq_sum(state: NeanderthalState, where: set[str], tracker: bool) -> dict[str, int]:
    """The free discs the hunts at ``where`` need, by colour (the Tracker's need no white disc)."""
    need = {c: 0 for c in data.COLOURS}
    for k in where:
        for c in data.BIOMES[slot_card(state, k)].prereq:
            if not (tracker and c == "W"):
                need[c] += 1
    return need


def huntable(state: NeanderthalState, seat: int) -> list[str]:
    """The slots ``seat`` may hunt now, in ``slots`` order: the prerequisites of the hunts already made are
    summed once, then each slot's own added to them."""
    where = _hunted(state, seat)
    tracker = has_skill(state, seat, "tracker")
    need = _prereq_sum(state, where, tracker)
    vocab = state.tribes[seat].vocab
    left = tuple([vocab[c] - need[c] for c in data.COLOURS])  # free discs besides the hunts already made
    if min(left) < 0:
        return []
    return [
        slot
        for slot in slots(state)
        if slot in where or _fits(left, data.BIOMES[slot_card(state, slot)].prereq, tracker)
    ]


@functools.lru_cache(maxsize=1024)
def _fits(left: tuple[int, ...], prereq: str, tracker: bool) -> bool:
    """Whether ``left`` free discs (by colour, in COLOURS order) cover a biome's prerequisite
    (the Tracker's hunts need no white disc)."""
    return all(
        left[i] >= sum(1 for x in prereq if x == c and not (tracker and c == "W")) for i, c in enumerate(data.COLOURS)
    )


def can_promote(state: NeanderthalState, seat: int, rank: int) -> bool:
    p = state.tribes[seat]
    if str(rank) in p.elders or (not p.tribal and rank not in data.MAX_RANK_VOCAL):
        return False
    if not exp_elder(p, 6) and p.vocab[data.RANK_COLOUR[rank]] <= 0:
        return False
    if not p.tribal and rank in data.RANK_DOMAIN:
        if not {"O", "W", "B"} <= _domain_colours(tuple(p.portals), data.RANK_DOMAIN[rank]):
            return False
    return True


@functools.lru_cache(maxsize=1024)
def _domain_colours(portals: tuple[str, ...], dom: str) -> frozenset[str]:
    """The disc colours of the ``portals`` ("venus-B"...) on spaces of the domain ``dom``."""
    return frozenset(pt.split("-")[1] for pt in portals if dom in data.PORTALS[pt.split("-")[0]])


def wife_slots(state: NeanderthalState) -> list[tuple[int, int]]:
    return [(b, i) for b, p in enumerate(state.tribes) for i in range(len(p.wives))]


# The labels of the allocation choices, built once each (messages are frozen): the AI asks for this
# list at every placement.
@functools.lru_cache(maxsize=64)
def _group(name: str) -> Msg:
    return msg(f"neanderthal.grp.{name}")


@functools.lru_cache(maxsize=1024)
def _hunt_label(card: int, kind: str) -> Msg:
    return msg("neanderthal.act.hunt", card=card_msg(card), who=msg(f"neanderthal.tok.{kind}"))


@functools.lru_cache(maxsize=64)
def _elder_label(rank: int, kind: str) -> Msg:
    return msg("neanderthal.act.elder", rank=msg(f"neanderthal.rank.{rank}"), who=msg(f"neanderthal.tok.{kind}"))


@functools.lru_cache(maxsize=2048)
def _suitor_label(card: int, board: int, kind: str) -> Msg:
    return msg("neanderthal.act.suitor", card=card_msg(card), seat=seat_msg(board), who=msg(f"neanderthal.tok.{kind}"))


def alloc_actions(state: NeanderthalState, seat: int) -> list[Action]:
    p = state.tribes[seat]
    acts: list[Action] = []
    plain = p.species in p.pool
    alpha = p.species + "a" in p.pool
    refugee = any(is_refugee(p, t) for t in p.pool)
    g_e = _group("elders")
    hunts = huntable(state, seat) if plain or alpha else []
    for kind, ok in (("h", plain), ("ha", alpha)):
        if not ok:
            continue
        for sl in hunts:
            acts.append(_hunt_action(kind, sl, slot_card(state, sl)))
    ranks = [r for r in data.RANKS if can_promote(state, seat, r)] if plain or alpha else []
    for kind, ok in (("h", plain), ("ha", alpha)):
        if ok:
            acts += [_elder_action(kind, r) for r in ranks]
    if refugee:
        for sl in slots(state):
            if any(t.startswith(f"{seat}:") and not is_refugee(p, t.split(":")[1]) for t in state.hunters.get(sl, [])):
                acts.append(_hunt_action("hr", sl, slot_card(state, sl)))
    for kind, ok in (("s", plain), ("sa", alpha)):
        if not ok:
            continue
        n = 0
        mine = f"{seat}:"
        for b, i in wife_slots(state):
            key = f"{b}-{i}"
            if any(t.startswith(mine) for t in state.suitors.get(key, [])) or n >= 25:
                continue
            n += 1
            acts.append(_suitor_action(kind, b, i, state.tribes[b].wives[i].card))
    acts += swap_actions(state, seat, g_e)
    acts += recall_actions(state, seat)
    if p.sex == "harem":  # E4-A Sultan exception
        for i, w in enumerate(p.wives):
            if not w.husband or w.husband[0] != p.species:
                continue
            for j, x in enumerate(p.wives):
                if j != i and not x.husband and not x.discs:
                    acts.append(
                        action(
                            id=str(Sultan(i, j)),
                            group=g_e,
                            label=msg("neanderthal.act.sultan", a=card_msg(w.card), b=card_msg(x.card)),
                        )
                    )
    acts.append(_done_action())
    return _pack(acts)


# The allocation choices themselves, built once each (actions are frozen).
@functools.lru_cache(maxsize=4096)
def _hunt_action(kind: HunterKind, slot: str, card: int) -> Action:
    """A Hunter sent to ``slot`` (``kind`` h: a tribesman, ha: the Alpha, hr: a Refugee)."""
    if kind == "hr":
        return action(id=str(Hunter("hr", slot)), group=_group("hunters"), label=_hunt_label(card, kind))
    group = _group("hunters" if kind == "h" else "elders")
    return action(id=str(Hunter(kind, slot)), group=group, style="primary", label=_hunt_label(card, kind))


@functools.lru_cache(maxsize=64)
def _elder_action(kind: HunterKind, rank: int) -> Action:
    promote = Promote(kind == "ha", rank)
    return action(id=str(promote), group=_group("elders"), style="success", label=_elder_label(rank, kind))


@functools.lru_cache(maxsize=4096)
def _suitor_action(kind: str, board: int, wife: int, card: int) -> Action:
    group = _group("suitor" if kind == "s" else "suitor_alpha")
    return action(id=str(Suitor(kind == "sa", board, wife)), group=group, label=_suitor_label(card, board, kind))


@functools.cache
def _done_action() -> Action:
    return action(id=str(Word("done")), group=_group("hunters"), label=msg("core.done"), style="danger")


def swap_actions(state: NeanderthalState, seat: int, group: Msg | None = None) -> list[Action]:
    """B4 Alpha-Hunter swap (with an elder of rank 3, 4 or 5): a dead or permanently allocated Alpha
    changes places with an unassigned tribesman."""
    if state.tribes[seat].species not in state.tribes[seat].pool:
        return []
    return alpha_swaps(state, seat, group)


def alpha_swaps(state: NeanderthalState, seat: int, group: Msg | None = None) -> list[Action]:
    """The B4 swaps open to ``seat``'s Alpha, the player having an unassigned tribesman (in his pool,
    or on the matrix)."""
    p = state.tribes[seat]
    if not any(str(r) in p.elders for r in (3, 4, 5)):
        return []
    out = []
    if p.species in state.dead_alpha:
        out.append(action(id=str(Word("swap")), group=group, label=msg("neanderthal.act.swap")))
    for r, e in sorted(p.elders.items()):
        if is_alpha(e.token):
            out.append(
                action(
                    id=str(SwapElder(r)),
                    group=group,
                    label=msg("neanderthal.act.swap_from", what=msg(f"neanderthal.rank.{r}")),
                )
            )
    for b, q in enumerate(state.tribes):
        for i, w in enumerate(q.wives):
            if w.husband == p.species + "a":
                out.append(
                    action(
                        id=str(SwapHusband(b, i)),
                        group=group,
                        label=msg(
                            "neanderthal.act.swap_from", what=msg("neanderthal.place.husband", card=card_msg(w.card))
                        ),
                    )
                )
    return out


AlphaSwap = Word | SwapElder | SwapHusband  # the Alpha from the dead pile ("swap"), an Elder, a Husband


def swap_alpha_back(state: NeanderthalState, seat: int, swap: AlphaSwap) -> None:
    """B4: the Alpha comes back from where ``swap`` says, a tribesman going there in his place."""
    p = state.tribes[seat]
    if isinstance(swap, SwapElder):
        p.elders[swap.rank] = p.elders[swap.rank].model_copy(update={"token": p.species})
    elif isinstance(swap, SwapHusband):
        state.tribes[swap.board].wives[swap.wife].husband = p.species
    else:
        state.dead[p.species] += 1
        state.dead_alpha.remove(p.species)


def apply_swap(state: NeanderthalState, seat: int, swap: AlphaSwap) -> None:
    p = state.tribes[seat]
    p.pool.remove(p.species)
    swap_alpha_back(state, seat, swap)
    p.pool.append(p.species + "a")
    say(state, "neanderthal.ev.swap", seat=seat_msg(seat))


def apply_alloc(state: NeanderthalState, seat: int, move: Move) -> bool:
    """One allocation; True when the last player is done."""
    p = state.tribes[seat]
    if move == Word("done"):
        say(state, "neanderthal.ev.alloc_done", seat=seat_msg(seat))
        state.order_position += 1
        if state.order_position < len(state.order):
            state.actor = state.order[state.order_position]
            return False
        return True
    if isinstance(move, RecallElder | RecallHusband):
        apply_recall(state, seat, move)
        return False
    if isinstance(move, Sultan):
        i, j = move.frm, move.to
        w, x = p.wives[i], p.wives[j]
        x.husband, x.husband_disc, w.husband, w.husband_disc = w.husband, w.husband_disc, "", ""
        for key in list(state.suitors):
            if key == f"{seat}-{j}" and not state.suitors[key]:
                del state.suitors[key]
        say(state, "neanderthal.ev.sultan", seat=seat_msg(seat), card=card_msg(x.card))
        return False
    if move == Word("swap") or isinstance(move, SwapElder | SwapHusband):
        apply_swap(state, seat, move)
        return False
    if isinstance(move, Hunter):
        tok = next(t for t in p.pool if is_refugee(p, t)) if move.kind == "hr" else _token(p, move.kind == "ha")
        p.pool.remove(tok)
        state.hunters.setdefault(move.slot, []).append(f"{seat}:{tok}")
        state.last = [move.slot]
        say(state, "neanderthal.ev.hunter", seat=seat_msg(seat), card=card_msg(slot_card(state, move.slot)))
    elif isinstance(move, Promote):
        tok = _token(p, move.alpha)
        p.pool.remove(tok)
        disc = ""
        if not exp_elder(p, 6):
            disc = data.RANK_COLOUR[move.rank]
            take_vocab(p, disc)
        p.elders[str(move.rank)] = Elder(token=tok, disc=disc)
        state.last = [f"E{seat}"]
        say(state, "neanderthal.ev.promote", seat=seat_msg(seat), rank=msg(f"neanderthal.rank.{move.rank}"))
    elif isinstance(move, Suitor):
        tok = _token(p, move.alpha)
        p.pool.remove(tok)
        state.suitors.setdefault(f"{move.board}-{move.wife}", []).append(f"{seat}:{tok}")
        state.last = [f"W{move.board}"]
        card = state.tribes[move.board].wives[move.wife].card
        say(state, "neanderthal.ev.suitor", seat=seat_msg(seat), card=card_msg(card))
    else:
        raise IllegalAction("error.illegal_action")
    return False


def _token(p: Player, alpha: bool) -> str:
    return p.species + "a" if alpha else p.species


def foreign_suitors(state: NeanderthalState) -> None:
    """K2 F: the foreign species courts each experienced daughter not married to a foreigner."""
    for i, w in enumerate(state.tribes[0].wives):
        if not w.discs and (not w.husband or w.husband[0] != state.foreign) and take_foreign(state, 1):
            state.suitors.setdefault(f"0-{i}", []).append(f"f:{state.foreign}")
