"""F1-F3. Phase 3: negotiation, attack tests and gathering.

F1 negotiation with a Chief (withdrawal by everyone's consent, divorce), F2 attack tests in the
attack order of A3 (War Bands, jealous Husbands, the attacker's targets, the victims' losses),
F3 gathering.
"""

from __future__ import annotations

from rules.core import Action, msg, seat_msg

from . import data as D
from .board import (
    _card_of,
    _home,
    _husband_home,
    _pack,
    _side,
    babies,
    card_msg,
    exp_elder,
    give_vocab,
    has_skill,
    has_weapon,
    is_alpha,
    kill,
    say,
    seat_of,
    slot_card,
)
from .state import NeanderthalState, Wife


def _attack_order(state: NeanderthalState, sides: list[str]) -> list[str]:
    def key(s: str):
        if s == "f":
            return (1, 0, 0, 99)
        i = int(s)
        return (0, 0 if has_skill(state, i, "totem") else 1, -state.ps[i].vocab["B"], state.order.index(i))
    return sorted(sides, key=key)


def _fight_toks(state: NeanderthalState, key: str) -> tuple[list[str], tuple[int, Wife] | None]:
    """The tokens fighting on a card ("N3", or "W1-0" for a daughter) and the Husband there."""
    if key.startswith("W"):
        b, i = map(int, key[1:].split("-"))
        w = state.ps[b].wives[i]
        return state.suitors.setdefault(f"{b}-{i}", []), ((b, w) if w.husband else None)
    return state.hunters.setdefault(key, []), None


def _hside(state: NeanderthalState, husband: tuple[int, Wife] | None) -> str | None:
    if husband is None or not husband[1].husband:
        return None
    hs = seat_of(state, husband[1].husband[0])
    return "f" if hs is None else str(hs)


def _targets(state: NeanderthalState, attacker: str) -> list[str]:
    toks, husband = _fight_toks(state, state.fight_key)
    out = sorted({_side(t) for t in toks if _side(t) != attacker})
    hside = _hside(state, husband)
    if hside is not None and hside != attacker:
        out.append("h")
    return out


def _victim_kinds(state: NeanderthalState, victim: str) -> list[str]:
    toks, _ = _fight_toks(state, state.fight_key)
    kinds = []
    for t in toks:
        if _side(t) != victim:
            continue
        tok = t.split(":")[1]
        k = "a" if is_alpha(tok) else ("t" if victim == "f" or tok[0] == state.ps[int(victim)].species
                                       else f"r-{tok[0]}")
        if k not in kinds:
            kinds.append(k)
    return sorted(kinds)


def _kill_kind(state: NeanderthalState, victim: str, kind: str) -> None:
    toks, _ = _fight_toks(state, state.fight_key)
    for t in toks:
        if _side(t) != victim:
            continue
        tok = t.split(":")[1]
        k = "a" if is_alpha(tok) else ("t" if victim == "f" or tok[0] == state.ps[int(victim)].species
                                       else f"r-{tok[0]}")
        if k == kind:
            toks.remove(t)
            kill(state, tok)
            return


def _attack_roll(state: NeanderthalState, side: str) -> int:
    """F2: one die per Hunter (and the Husband); a 1 kills, a War Band kills on 1-2."""
    toks, husband = _fight_toks(state, state.fight_key)
    mine = [t for t in toks if _side(t) == side]
    p = None if side == "f" else state.ps[int(side)]
    band = side == "f" or (p is not None and has_weapon(p))
    alpha_band = p is not None and exp_elder(p, 4) and any(is_alpha(t.split(":")[1]) for t in mine)
    dice = [2 if (band or alpha_band) else 1 for _ in mine]
    if _hside(state, husband) == side:
        dice.append(2 if (side == "f" or not husband[1].hdisc) else 1)
    return sum(1 for limit in dice if state.rng.die() <= limit)


def phase3_start(state: NeanderthalState) -> None:
    keys = [k for k, toks in state.hunters.items() if len({_side(t) for t in toks}) > 1]
    for key, toks in state.suitors.items():
        b, i = map(int, key.split("-"))
        sides = {_side(t) for t in toks}
        hside = _hside(state, (b, state.ps[b].wives[i]))
        if len(sides | ({hside} if hside else set())) > 1:
            keys.append(f"W{key}")
    state.fights = keys
    state.fight_key = ""
    state.stage = "fight"
    state.neg_idx = 0 if state.players > 1 else len(state.order)


def _chief(state: NeanderthalState, seat: int) -> bool:
    p = state.ps[seat]
    return p.tribal and exp_elder(p, 1)


def _present(state: NeanderthalState, key: str) -> list[int]:
    """Players with tribesmen on a contested card (the Husband counts on a daughter)."""
    toks, husband = _fight_toks(state, key)
    sides = {_side(t) for t in toks}
    hside = _hside(state, husband)
    if hside:
        sides.add(hside)
    return sorted(int(x) for x in sides if x != "f")


def negotiation_actions(state: NeanderthalState, seat: int) -> list[Action]:
    out = []
    for key in state.fights:
        present = _present(state, key)
        toks, _ = _fight_toks(state, key)
        if seat not in present:
            continue
        for q in present:
            if q == seat or not (_chief(state, seat) or _chief(state, q)):
                continue
            if any(_side(t) == str(seat) for t in toks) and f"neg:wd-{key}" not in state.used:
                out.append(Action(id=f"wd-{key}", label=msg("neanderthal.act.withdraw", card=_card_of(state, key))))
            if any(_side(t) == str(q) for t in toks) and f"neg:ask-{key}-{q}" not in state.used:
                out.append(Action(id=f"ask-{key}-{q}", label=msg("neanderthal.act.ask", card=_card_of(state, key),
                                                                   seat=seat_msg(q))))
    p = state.ps[seat]
    if any(_chief(state, q) for q in range(state.players) if q != seat) or _chief(state, seat):
        for b, q in enumerate(state.ps):
            for i, w in enumerate(q.wives):
                if w.husband and w.husband[0] == p.species:
                    out.append(Action(id=f"div-{b}-{i}", label=msg("neanderthal.act.divorce", card=card_msg(w.card))))
    seen: set[str] = set()
    out = [a for a in out if not (a.id in seen or seen.add(a.id))]
    out.append(Action(id="done", label=msg("core.done"), style="danger"))
    return _pack(out)


def start_negotiation(state: NeanderthalState) -> bool:
    """Offers F1 to each player in turn order; False while someone negotiates or answers."""
    while state.neg_idx < len(state.order):
        seat = state.order[state.neg_idx]
        if len(negotiation_actions(state, seat)) > 1:
            state.phase = "negotiate"
            state.actor = seat
            return False
        state.neg_idx += 1
    return True


def apply_negotiation(state: NeanderthalState, seat: int, aid: str) -> None:
    if aid == "done":
        state.neg_idx += 1
        return
    state.used.append(f"neg:{aid}")
    if aid.startswith("div-"):
        b, i = map(int, aid[4:].split("-"))
        w = state.ps[b].wives[i]
        _husband_home(state, b, w)
        say(state, "neanderthal.ev.divorce", seat=seat_msg(seat), card=card_msg(w.card))
        return
    if aid.startswith("wd-"):
        key = aid[3:]
        state.proposal = [str(seat), key, str(seat)]
        state.answers = [q for q in _present(state, key) if q != seat]
    else:
        key, q = aid[4:].rsplit("-", 1)
        state.proposal = [str(seat), key, q]
        state.answers = [int(q)]
    say(state, "neanderthal.ev.propose", seat=seat_msg(seat), who=seat_msg(int(state.proposal[2])),
        card=_card_of(state, key))
    state.phase = "answer"
    state.actor = state.answers[0]


def apply_answer(state: NeanderthalState, seat: int, aid: str) -> None:
    say(state, "neanderthal.ev.ook" if aid == "yes" else "neanderthal.ev.ookook", seat=seat_msg(seat))
    state.answers.pop(0)
    if aid == "no":
        state.answers = []
        state.proposal = []
        return
    if state.answers:
        state.actor = state.answers[0]
        return
    _, key, who = state.proposal
    toks, _ = _fight_toks(state, key)
    for t in [t for t in toks if _side(t) == who]:
        toks.remove(t)
        _home(state, t)
    say(state, "neanderthal.ev.withdrawn", seat=seat_msg(int(who)), card=_card_of(state, key))
    state.proposal = []
    state.fights = [k for k in state.fights if len(_present(state, k)) > 1]


def run_fights(state: NeanderthalState) -> bool:
    """Attack tests card by card; False while an attacker picks a target or a victim his loss."""
    while True:
        if state.fight_hits > 0:
            attacker = state.fight_order[state.fight_idx - 1]
            targets = _targets(state, attacker)
            if not targets:
                state.fight_hits = 0
                continue
            if not state.fight_target:
                if len(targets) == 1 or attacker == "f":
                    state.fight_target = targets[0]
                else:
                    state.phase = "target"
                    state.actor = int(attacker)
                    return False
            victim = state.fight_target
            if victim == "h":
                _, husband = _fight_toks(state, state.fight_key)
                b, w = husband
                if w.hdisc:
                    give_vocab(state.ps[b], w.hdisc)
                kill(state, w.husband)
                say(state, "neanderthal.ev.husband_killed", card=card_msg(w.card))
                w.husband, w.hdisc = "", ""
            else:
                kinds = _victim_kinds(state, victim)
                if len(kinds) > 1 and victim != "f":
                    state.phase = "victim"
                    state.actor = int(victim)
                    return False
                _kill_kind(state, victim, kinds[0])
            state.fight_hits -= 1
            state.fight_target = ""
            continue
        if state.fight_key and state.fight_idx < len(state.fight_order):
            side = state.fight_order[state.fight_idx]
            state.fight_idx += 1
            toks, husband = _fight_toks(state, state.fight_key)
            if any(_side(t) == side for t in toks) or _hside(state, husband) == side:
                state.fight_hits = _attack_roll(state, side)
                say(state, "neanderthal.ev.attack", seat=seat_msg(int(side)) if side != "f" else
                    msg("neanderthal.foreign"), card=_card_of(state, state.fight_key), n=state.fight_hits)
            continue
        if not state.fights:
            state.fight_key = ""
            return True
        state.fight_key = state.fights.pop(0)
        state.last = [f"W{state.fight_key[1:].split('-')[0]}" if state.fight_key.startswith("W") else state.fight_key]
        toks, husband = _fight_toks(state, state.fight_key)
        sides = {_side(t) for t in toks}
        hside = _hside(state, husband)
        state.fight_order = _attack_order(state, sorted(sides | ({hside} if hside else set())))
        state.fight_idx = 0


def fight_actions(state: NeanderthalState, seat: int) -> list[Action]:
    if state.phase == "target":
        out = []
        for t in _targets(state, str(seat)):
            if t == "h":
                _, husband = _fight_toks(state, state.fight_key)
                label = msg("neanderthal.place.husband", card=card_msg(husband[1].card))
            else:
                label = seat_msg(int(t)) if t != "f" else msg("neanderthal.foreign")
            out.append(Action(id=f"tgt-{t}", style="danger", label=msg("neanderthal.act.target", who=label)))
        return out
    return [Action(id=f"die-{k}", style="danger", label=msg(f"neanderthal.lost.l{k[0]}"))
            for k in _victim_kinds(state, str(seat))]


def gathering(state: NeanderthalState) -> None:
    for s in state.order:
        p = state.ps[s]
        mine = [sl for sl, toks in state.hunters.items() if any(_side(t) == str(s) for t in toks)]
        baskets = sum(1 for sl in mine if D.BIOMES[slot_card(state, sl)].basket)
        n = 0
        if p.sex == "prom" or has_skill(state, s, "basket"):
            n += baskets
        elif baskets and has_skill(state, s, "shell"):
            n += 1
        if has_skill(state, s, "scavenger") and any(D.BIOMES[slot_card(state, sl)].pred for sl in mine):
            n += 1
        if n:
            got = babies(state, s, n)
            say(state, "neanderthal.ev.gather", seat=seat_msg(s), n=got)
