"""D1-D6. Phase 1: the event card (player order A2 and the war council, cooling, warming and
glacial melt, Würm, elder death, chaos with the sexuality flip, blizzard, Refugees).

The event icons wait in ``state.icons_to_resolve``; ``resolve_queue`` runs them until a player must choose
(losses, a flip, a Refugee's host) and says when the queue is spent.
"""

from __future__ import annotations

from rules.core import Action, IllegalAction, action, msg, seat_msg

from . import data, matrix
from .board import (
    card_msg,
    draw,
    exp_elder,
    frozen,
    give_vocab,
    has_skill,
    is_refugee,
    kill,
    lazarus,
    remove_elder,
    remove_wife,
    run_pending,
    say,
    take_foreign,
    take_vocab,
    vocab_total,
)
from .matrix import is_matrix, unassigned
from .moves import Council, Lose, Move, Word
from .state import LossToChoose, NeanderthalState, Player


def council_actions(state: NeanderthalState) -> list[Action]:
    from itertools import permutations

    out = []
    for perm in permutations(sorted(state.order)):
        seats = {k: seat_msg(s) for k, s in zip("abc", perm, strict=False)}
        out.append(
            action(
                id=str(Council(perm)),
                style="primary",
                label=msg(f"neanderthal.act.order{len(perm)}", **seats),
            )
        )
    return out


def resolve_queue(state: NeanderthalState) -> bool:
    """Runs the event icons; False while a player must choose, True once the queue is spent."""
    while True:
        if state.losses_to_choose and not run_tasks(state):
            return False
        if not run_pending(state):  # a lost elder shrinks the hand
            state.stage = "events"
            return False
        if state.after == "chaos":
            state.after = ""
            state.pending = [s for s in state.order if str(s) in state.losses and can_flip(state.tribes[s])]
            if state.pending:
                state.phase = "flip"
                state.actor = state.pending[0]
                return False
        state.after = ""
        if frozen(state):
            state.frozen = True
        if not state.icons_to_resolve:
            break
        icon, n = state.icons_to_resolve.pop(0)
        if icon == "cool":
            (matrix.cooling if is_matrix(state) else cooling)(state)
        elif icon == "warm":
            (matrix.warming if is_matrix(state) else warming)(state)
        elif icon == "wurm":
            if state.event_aside:
                extra = state.event_aside.pop(state.rng.below(len(state.event_aside)))
                state.event_deck.append(extra)
                say(state, "neanderthal.ev.wurm")
        elif icon == "skull":
            elder_death(state, n)
        elif icon == "bliz":
            blizzard(state)
        elif icon == "chaos":
            chaos(state)
            state.after = "chaos"
        elif icon == "ref" and is_matrix(state):
            matrix.refuge(state, n)
        elif icon == "ref":
            if refugee(state, n):
                return False
    return True


def dependents(p: Player) -> list[Lose]:
    """The loss of every dependent (D5-A): elders, daughters not married to an experienced Husband,
    domestic animals."""
    out = [Lose("le", r) for r in sorted(p.elders)]
    out += [Lose("lw", str(i)) for i, w in enumerate(p.wives) if not w.husband or w.husband_disc]
    out += [Lose("ld", str(i)) for i, t in enumerate(p.tools) if data.hand_of(t.card)[0] == "D"]
    return out


def lose_options(state: NeanderthalState, seat: int, kind: str) -> list[Lose | Word]:
    p = state.tribes[seat]
    if kind == "pool" and is_matrix(state):
        return matrix.lose_options(state, seat)  # L3-G: the Hunters on the map
    if kind == "pool":
        out: list[Lose | Word] = []
        if p.species in p.pool:
            out.append(Word("lt"))
        if p.species + "a" in p.pool:
            out.append(Word("la"))
        out += [Lose("lr", t) for t in sorted({t for t in p.pool if is_refugee(p, t)})]
        return out
    if kind == "elder":
        return [Lose("le", r) for r in sorted(p.elders)]
    return list(dependents(p))


def run_tasks(state: NeanderthalState) -> bool:
    """Applies the pending losses; False when a player must choose one."""
    while state.losses_to_choose:
        seat, kind, n = state.losses_to_choose[0]
        opts = lose_options(state, seat, kind)
        if n <= 0 or not opts:
            state.losses_to_choose.pop(0)
            continue
        if len(opts) == 1:
            apply_loss(state, seat, opts[0])
            continue
        state.phase = "lose"
        state.actor = seat
        return False
    return True


def apply_loss(state: NeanderthalState, seat: int, loss: Move) -> None:
    p = state.tribes[seat]
    if not isinstance(loss, Lose | Word):
        raise IllegalAction("error.illegal_action")
    waiting = state.losses_to_choose[0]
    state.losses_to_choose[0] = waiting._replace(tribesmen=waiting.tribesmen - 1)
    kind = loss.kind if isinstance(loss, Lose) else loss.word  # lt, la (the pool's), lr, le, lw, ld
    if kind in ("lt", "la", "lr"):
        if is_matrix(state):
            tok = matrix.lose_token(state, seat, loss)
        elif isinstance(loss, Lose):
            tok = loss.what
            p.pool.remove(tok)
        else:
            tok = p.species if kind == "lt" else p.species + "a"
            p.pool.remove(tok)
        kill(state, tok)
        # any loss allows the sexuality flip (D4-C); a lost Refugee is not one of the player's own
        # tribesmen for the Refugee icon (D6)
        state.losses[str(seat)] = state.losses.get(str(seat), 0) + (
            0 if is_refugee(p, tok) and not data.REFUGEE_LOSS_COUNTS_FOREIGNERS else 1
        )
        say(state, "neanderthal.ev.lost", seat=seat_msg(seat), what=msg(f"neanderthal.lost.{kind}"))
    elif isinstance(loss, Lose) and kind == "le":
        remove_elder(state, seat, loss.what)
        if state.losses_to_choose[0].kind == "elder":
            state.losses.setdefault(str(seat), 0)
        say(state, "neanderthal.ev.lost", seat=seat_msg(seat), what=msg(f"neanderthal.rank.{loss.what}"))
    elif isinstance(loss, Lose) and kind == "lw":
        card = p.wives[int(loss.what)].card
        remove_wife(state, seat, int(loss.what))
        say(state, "neanderthal.ev.lost", seat=seat_msg(seat), what=card_msg(card))
    elif isinstance(loss, Lose):
        tl = p.tools.pop(int(loss.what))
        if tl.disc:
            give_vocab(p, tl.disc)
        state.removed.append(tl.card)
        say(state, "neanderthal.ev.lost", seat=seat_msg(seat), what=card_msg(tl.card))
    if state.losses_to_choose[0].tribesmen <= 0:
        state.losses_to_choose.pop(0)


def loss_actions(state: NeanderthalState, seat: int) -> list[Action]:
    p = state.tribes[seat]
    out = []
    for loss in lose_options(state, seat, state.losses_to_choose[0].kind):
        if isinstance(loss, Word):  # a tribesman or the Alpha of the pool
            label = msg(f"neanderthal.lost.{loss.word}")
        elif loss.kind == "lt":
            label = msg("neanderthal.lost.lt_at", card=card_msg(state.grid[int(loss.what)]))
        elif loss.kind == "lr":
            label = msg("neanderthal.lost.lr")
        elif loss.kind == "le":
            label = msg(f"neanderthal.rank.{loss.what}")
        elif loss.kind == "lw":
            label = card_msg(p.wives[int(loss.what)].card)
        else:
            label = card_msg(p.tools[int(loss.what)].card)
        out.append(action(id=str(loss), label=label, style="danger"))
    return out


def _lowest(row: list[int], ice: list[bool]) -> int | None:
    best = None
    for i, c in enumerate(row):
        if c and not ice[i] and (best is None or data.BIOMES[c].clim < data.BIOMES[row[best]].clim):
            best = i
    return best


def cooling(state: NeanderthalState) -> None:
    new = draw(state, "N")
    if not new:
        return
    j = _lowest(state.north, state.ice_north)
    if j is not None:
        moved = state.north[j]
        state.north[j], state.ice_north[j] = new, True
        if state.south[j]:
            state.removed.append(state.south[j])
        state.south[j], state.ice_south[j] = moved, False
        say(state, "neanderthal.ev.cool", card=card_msg(moved))
        state.last += [f"N{j}", f"S{j}"]
        return
    empty = [i for i, c in enumerate(state.north) if not c and data.COOLING_FILLS_NORTH_GAP]
    if empty:
        state.north[empty[0]], state.ice_north[empty[0]] = new, True
        say(state, "neanderthal.ev.ice")
        return
    empty = [i for i, c in enumerate(state.south) if not c]
    j = empty[0] if empty else _lowest(state.south, state.ice_south)
    if j is None:
        state.removed.append(new)
        return
    if state.south[j]:
        state.removed.append(state.south[j])
    state.south[j], state.ice_south[j] = new, True
    say(state, "neanderthal.ev.ice")


def warming(state: NeanderthalState) -> None:
    new = draw(state, "S")
    if not new:
        return
    j = _lowest(state.south, state.ice_south)
    if j is None:
        empty = [i for i, c in enumerate(state.south) if not c]
        if not empty:
            state.removed.append(new)
        else:
            state.south[empty[0]] = new
    else:
        moved = state.south[j]
        state.south[j] = new
        state.last += [f"S{j}", f"N{j}"]
        if not state.north[j]:
            state.north[j] = moved
        elif state.ice_north[j]:
            state.ice_north[j] = False
            state.removed.append(moved)
        else:
            state.removed.append(state.north[j])
            state.north[j] = moved
        say(state, "neanderthal.ev.warm", card=card_msg(moved))
    for i in range(data.ROW_SIZE):  # glacial melt
        state.ice_south[i] = False


def elder_death(state: NeanderthalState, n: int) -> None:
    for s in state.order:
        rolled = sorted({state.rng.die() for _ in range(n)})
        for r in rolled:
            if str(r) in state.tribes[s].elders:
                remove_elder(state, s, str(r))
                say(state, "neanderthal.ev.elder_dies", seat=seat_msg(s), rank=msg(f"neanderthal.rank.{r}"))


def chaos(state: NeanderthalState) -> None:
    for s in state.order:
        p = state.tribes[s]
        u = unassigned(state, s)
        vocab = vocab_total(p) + (2 if has_skill(state, s, "laughing") else 0)
        if u <= vocab or (p.tribal and exp_elder(p, 1)):
            say(state, "neanderthal.ev.immune", seat=seat_msg(s))
            continue
        fire = exp_elder(p, 6)
        n = u // 2 if fire else (u + 1) // 2
        if has_skill(state, s, "fashion"):
            n = max(0, n - 1)
        elder = not fire and bool(p.elders)
        if n:
            state.losses_to_choose.append(LossToChoose(s, "pool", n))
        if elder:
            state.losses_to_choose.append(LossToChoose(s, "elder", 1))
        say(state, "neanderthal.ev.chaos", seat=seat_msg(s), n=n, e=1 if elder else 0)


def can_flip(p: Player) -> bool:
    other = _other_side(p)
    need = data.MPI[other]
    free = dict(p.vocab)
    for c in data.MPI[p.sex]:
        free[c] += 1
    return all(free[c] >= need.count(c) for c in set(need))


def _other_side(p: Player) -> str:
    a, b = data.SEX_CARDS[p.sex_card]
    return b if p.sex == a else a


def flip(p: Player) -> None:
    for c in p.parental_discs:
        give_vocab(p, c)
    p.sex = _other_side(p)
    p.parental_discs = data.MPI[p.sex]
    for c in p.parental_discs:
        take_vocab(p, c)


def refugee(state: NeanderthalState, n: int) -> bool:
    """Resolves winged-eye icons; True when a player must choose the Refugees' host."""
    if state.variant == "k2":
        if ("0" not in state.losses or state.losses["0"] == 0) and not lazarus(state, 0):
            k = take_foreign(state, n)
            state.tribes[0].pool += [state.foreign] * k
            if k:
                say(state, "neanderthal.ev.foreign_ref", n=k)
        return False
    best, most = None, 0
    for s in state.order:
        lost = state.losses.get(str(s), 0)
        if lost > most:
            best, most = s, lost
    if best is None:
        return False
    sp = state.tribes[best].species
    k = min(n, state.dead.get(sp, 0))
    if not k:
        return False
    others = [s for s in range(state.players) if s != best and not lazarus(state, s)]
    if not others:
        return False
    if len(others) == 1:
        state.dead[sp] -= k
        state.tribes[others[0]].pool += [sp] * k
        say(state, "neanderthal.ev.refugee", seat=seat_msg(best), n=k, to=seat_msg(others[0]))
        return False
    state.refugees = k
    state.refugees_from = best
    state.phase = "refugee"
    state.actor = best
    return True


def blizzard(state: NeanderthalState) -> None:
    for s in state.order:
        p = state.tribes[s]
        u = unassigned(state, s)
        support = u if has_skill(state, s, "whisperer") else u // 2
        if has_skill(state, s, "seamstress"):
            support += 1
        excess = len(dependents(p)) - support
        if excess > 0:
            state.losses_to_choose.append(LossToChoose(s, "dep", excess))
            say(state, "neanderthal.ev.blizzard", seat=seat_msg(s), n=excess)
