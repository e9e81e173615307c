"""F1-F3. Phase 3: negotiation, attack tests and gathering.

F1 negotiation with a Chief (withdrawal by everyone's consent, divorce), F2 attack tests in the
attack order of A3 (War Bands, jealous Husbands, the attacker's targets, the victims' losses),
F3 gathering.
"""

from __future__ import annotations

from rules.core import Action, Event, IllegalAction, Msg, action, msg, seat_msg

from . import data
from .board import (
    _card_of,
    _home,
    _husband_home,
    _pack,
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
    token_side,
)
from .moves import Ask, Divorce, GiveCard, Move, Target, Term, Victim, Withdraw, Word
from .state import NeanderthalState, Player, Wife


def _attack_order(state: NeanderthalState, sides: list[str]) -> list[str]:
    def key(s: str):
        if s == "f":
            return (1, 0, 0, 99)
        i = int(s)
        return (0, 0 if has_skill(state, i, "totem") else 1, -state.tribes[i].vocab["B"], state.order.index(i))

    return sorted(sides, key=key)


def fight_tokens(state: NeanderthalState, key: str) -> tuple[list[str], tuple[int, Wife] | None]:
    """The tokens fighting on a card ("N3", or "W1-0" for a daughter) and the Husband there."""
    if key.startswith("W"):
        b, i = map(int, key[1:].split("-"))
        w = state.tribes[b].wives[i]
        return state.suitors.setdefault(f"{b}-{i}", []), ((b, w) if w.husband else None)
    return state.hunters.setdefault(key, []), None


def _targeted_husband(state: NeanderthalState, key: str) -> tuple[int, Wife]:
    """The Husband a fight on ``key`` can target (the target "h" is offered only where there is one)."""
    husband = fight_tokens(state, key)[1]
    if husband is None:
        raise ValueError(f"no Husband on {key}")
    return husband


def _hside(state: NeanderthalState, husband: tuple[int, Wife] | None) -> str | None:
    if husband is None or not husband[1].husband:
        return None
    hs = seat_of(state, husband[1].husband[0])
    return "f" if hs is None else str(hs)


def _targets(state: NeanderthalState, attacker: str) -> list[str]:
    toks, husband = fight_tokens(state, state.fight_key)
    out = sorted({token_side(t) for t in toks if token_side(t) != attacker})
    hside = _hside(state, husband)
    if hside is not None and hside != attacker:
        out.append("h")
    return out


def _victim_kinds(state: NeanderthalState, victim: str) -> list[str]:
    toks, _ = fight_tokens(state, state.fight_key)
    kinds = []
    for t in toks:
        if token_side(t) != victim:
            continue
        tok = t.split(":")[1]
        k = (
            "a"
            if is_alpha(tok)
            else ("t" if victim == "f" or tok[0] == state.tribes[int(victim)].species else f"r-{tok[0]}")
        )
        if k not in kinds:
            kinds.append(k)
    return sorted(kinds)


def _kill_kind(state: NeanderthalState, victim: str, kind: str) -> None:
    toks, _ = fight_tokens(state, state.fight_key)
    for t in toks:
        if token_side(t) != victim:
            continue
        tok = t.split(":")[1]
        k = (
            "a"
            if is_alpha(tok)
            else ("t" if victim == "f" or tok[0] == state.tribes[int(victim)].species else f"r-{tok[0]}")
        )
        if k == kind:
            toks.remove(t)
            kill(state, tok)
            return


def _attack_roll(state: NeanderthalState, side: str) -> int:
    """F2: one die per Hunter (and the Husband); a 1 kills, a War Band kills on 1-2."""
    toks, husband = fight_tokens(state, state.fight_key)
    mine = [t for t in toks if token_side(t) == side]
    p = None if side == "f" else state.tribes[int(side)]
    band = side == "f" or (p is not None and has_weapon(p))
    alpha_band = p is not None and exp_elder(p, 4) and any(is_alpha(t.split(":")[1]) for t in mine)
    dice = [2 if (band or alpha_band) else 1 for _ in mine]
    if husband is not None and _hside(state, husband) == side:
        dice.append(2 if (side == "f" or not husband[1].husband_disc) else 1)
    return sum(1 for limit in dice if state.rng.die() <= limit)


def phase3_start(state: NeanderthalState) -> None:
    keys = [k for k, toks in state.hunters.items() if len({token_side(t) for t in toks}) > 1]
    for key, toks in state.suitors.items():
        b, i = map(int, key.split("-"))
        sides = {token_side(t) for t in toks}
        hside = _hside(state, (b, state.tribes[b].wives[i]))
        if len(sides | ({hside} if hside else set())) > 1:
            keys.append(f"W{key}")
    state.fights = keys
    state.fight_key = ""
    state.stage = "fight"
    state.next_negotiator = 0 if state.players > 1 else len(state.order)


def _chief(state: NeanderthalState, seat: int) -> bool:
    p = state.tribes[seat]
    return p.tribal and exp_elder(p, 1)


def _present(state: NeanderthalState, key: str) -> list[int]:
    """Players with tribesmen on a contested card (the Husband counts on a daughter)."""
    toks, husband = fight_tokens(state, key)
    sides = {token_side(t) for t in toks}
    hside = _hside(state, husband)
    if hside:
        sides.add(hside)
    return sorted(int(x) for x in sides if x != "f")


def negotiation_actions(state: NeanderthalState, seat: int) -> list[Action]:
    out = []
    for key in state.fights:
        present = _present(state, key)
        toks, _ = fight_tokens(state, key)
        if seat not in present:
            continue
        for q in present:
            if q == seat or not (_chief(state, seat) or _chief(state, q)):
                continue
            if any(token_side(t) == str(seat) for t in toks) and f"neg:{Withdraw(key)}" not in state.used:
                label = msg("neanderthal.act.withdraw", card=_card_of(state, key))
                out.append(action(id=str(Withdraw(key)), label=label))
            if any(token_side(t) == str(q) for t in toks) and f"neg:{Ask(key, q)}" not in state.used:
                out.append(
                    action(
                        id=str(Ask(key, q)),
                        label=msg("neanderthal.act.ask", card=_card_of(state, key), seat=seat_msg(q)),
                    )
                )
    p = state.tribes[seat]
    if any(_chief(state, q) for q in range(state.players) if q != seat) or _chief(state, seat):
        for b, other in enumerate(state.tribes):
            for i, w in enumerate(other.wives):
                if w.husband and w.husband[0] == p.species:
                    label = msg("neanderthal.act.divorce", card=card_msg(w.card))
                    out.append(action(id=str(Divorce(b, i)), label=label))
    unique: dict[str, Action] = {}  # each action once, where it first comes
    for a in out:
        unique.setdefault(a.id, a)
    out = list(unique.values())
    out.append(action(id=str(Word("done")), label=msg("core.done"), style="danger"))
    return _pack(out)


def start_negotiation(state: NeanderthalState) -> bool:
    """Offers F1 to each player in turn order; False while someone negotiates or answers."""
    while state.next_negotiator < len(state.order):
        seat = state.order[state.next_negotiator]
        if len(negotiation_actions(state, seat)) > 1:
            state.phase = "negotiate"
            state.actor = seat
            return False
        state.next_negotiator += 1
    return True


def apply_negotiation(state: NeanderthalState, seat: int, move: Move) -> None:
    if move == Word("done"):
        state.next_negotiator += 1
        return
    if not isinstance(move, Divorce | Withdraw | Ask):
        raise IllegalAction("error.illegal_action")
    state.used.append(f"neg:{move}")
    if isinstance(move, Divorce):
        w = state.tribes[move.board].wives[move.wife]
        _husband_home(state, move.board, w)
        say(state, "neanderthal.ev.divorce", seat=seat_msg(seat), card=card_msg(w.card))
        return
    key = move.key
    if isinstance(move, Withdraw):
        state.proposal = [str(seat), key, str(seat)]
        state.answers = [q for q in _present(state, key) if q != seat]
    else:
        state.proposal = [str(seat), key, str(move.seat)]
        state.answers = [move.seat]
    say(
        state,
        "neanderthal.ev.propose",
        seat=seat_msg(seat),
        who=seat_msg(int(state.proposal[2])),
        card=_card_of(state, key),
    )
    state.terms = []
    if len(terms_actions(state, seat)) > 1:  # a tribal proposer may bind the withdrawal to a trade
        state.phase = "terms"
        state.actor = seat
        return
    state.phase = "answer"
    state.actor = state.answers[0]


def apply_answer(state: NeanderthalState, seat: int, move: Move) -> None:
    yes = move == Word("yes")
    if not yes and move != Word("no"):
        raise IllegalAction("error.illegal_action")
    say(state, "neanderthal.ev.ook" if yes else "neanderthal.ev.ookook", seat=seat_msg(seat))
    state.answers.pop(0)
    if not yes:
        state.answers = []
        state.proposal = []
        return
    if state.answers:
        state.actor = state.answers[0]
        return
    if state.terms and state.terms[1] in ("dh", "xh"):  # the other side chooses the hand card he gives
        state.phase = "handover"
        state.actor = int(state.terms[0])
        return
    withdraw(state)


def withdraw(state: NeanderthalState) -> None:
    """Everyone agreed: the binding trade is made, then the Hunters leave the card (F1-A)."""
    _, key, who = state.proposal
    if state.terms:
        _trade(state)
    toks, _ = fight_tokens(state, key)
    for t in [t for t in toks if token_side(t) == who]:
        toks.remove(t)
        _home(state, t)
    say(state, "neanderthal.ev.withdrawn", seat=seat_msg(int(who)), card=_card_of(state, key))
    state.proposal = []
    state.terms = []
    state.fights = [k for k in state.fights if len(_present(state, k)) > 1]


# -- F1 binding trades ("exija, troque ou ofereça cartas da mão ou cartas experientes ... ofereça ou
# exija filhas experientes não casadas para casamento"; "as cartas de mão devem ser trocadas por cartas
# de mão e cartas de tabuleiro com cartas de tabuleiro") -----------------------------------------------


def tableau_places(p: Player) -> list[str]:
    """The experienced tableau cards a player may trade: unmarried daughters, trophies, D and I cards."""
    out = [f"w{i}" for i, w in enumerate(p.wives) if not w.discs and not w.husband]
    out += [f"r{i}" for i in range(len(p.trophies))]
    out += [f"o{i}" for i, t in enumerate(p.tools) if not t.disc]
    return out


def _place_card(p: Player, place: str) -> int:
    i = int(place[1:])
    return p.wives[i].card if place[0] == "w" else p.trophies[i] if place[0] == "r" else p.tools[i].card


def _groom(state: NeanderthalState, seat: int, key: str) -> str | None:
    """A tribesman of ``seat`` on the card who may become a Husband (no Refugee, G1-G: no Promiscuous
    player without the Piper)."""
    p = state.tribes[seat]
    if p.sex == "prom" and not has_skill(state, seat, "piper"):
        return None
    toks, _ = fight_tokens(state, key)
    mine = [t.split(":")[1] for t in toks if token_side(t) == str(seat) and t.split(":")[1][0] == p.species]
    return min(mine, key=is_alpha) if mine else None


def terms_actions(state: NeanderthalState, seat: int) -> list[Action]:
    """The trade a tribal proposer binds to his proposal (one term), chosen privately."""
    out = [action(id=str(Word("tm-none")), secret=True, label=msg("neanderthal.act.no_terms"))]
    p = state.tribes[seat]
    if not p.tribal:  # the Ook rule: a vocal player only says yes or no
        return out
    _, key, who = state.proposal
    parties = [int(who)] if int(who) != seat else [q for q in _present(state, key) if q != seat]
    for q in parties:
        o = state.tribes[q]
        terms: list[tuple[Term, Msg]] = []
        for c in sorted(set(p.hand)):
            terms.append((Term(q, "gh", (str(c),)), msg("neanderthal.term.gh", card=card_msg(c))))
            if o.hand:
                terms.append((Term(q, "xh", (str(c),)), msg("neanderthal.term.xh", card=card_msg(c))))
        if o.hand:
            terms.append((Term(q, "dh"), msg("neanderthal.term.dh")))
        mine, theirs = tableau_places(p), tableau_places(o)
        terms += [(Term(q, "gt", (a,)), msg("neanderthal.term.gt", card=card_msg(_place_card(p, a)))) for a in mine]
        terms += [(Term(q, "dt", (b,)), msg("neanderthal.term.dt", card=card_msg(_place_card(o, b)))) for b in theirs]
        terms += [
            (
                Term(q, "xt", (a, b)),
                msg("neanderthal.term.xt", card=card_msg(_place_card(p, a)), other=card_msg(_place_card(o, b))),
            )
            for a in mine
            for b in theirs
        ]
        bride, groom = (q, int(who)) if int(who) == seat else (seat, int(who))
        if _groom(state, groom, key):
            terms += [
                (Term(q, "mb", (str(i),)), msg("neanderthal.term.mb", card=card_msg(state.tribes[bride].wives[i].card)))
                for i, w in enumerate(state.tribes[bride].wives)
                if not w.discs and not w.husband
            ]
        for term, label in terms:
            out.append(
                action(
                    id=str(term),
                    secret=True,
                    group=seat_msg(q),
                    label=msg("neanderthal.act.term", seat=seat_msg(q), what=label),
                )
            )
    return _pack(out)


def terms_msg(state: NeanderthalState) -> Msg:
    """The proposal's trade in words (for the two parties only when it names a hand card)."""
    me, who = int(state.proposal[0]), int(state.proposal[2])
    q, kind, *args = state.terms
    p, o = state.tribes[me], state.tribes[int(q)]
    if kind in ("gh", "xh"):
        return msg(f"neanderthal.term.{kind}", card=card_msg(int(args[0])))
    if kind == "dh":
        return msg("neanderthal.term.dh")
    if kind == "gt":
        return msg("neanderthal.term.gt", card=card_msg(_place_card(p, args[0])))
    if kind == "dt":
        return msg("neanderthal.term.dt", card=card_msg(_place_card(o, args[0])))
    if kind == "xt":
        return msg(
            "neanderthal.term.xt", card=card_msg(_place_card(p, args[0])), other=card_msg(_place_card(o, args[1]))
        )
    bride = int(q) if who == me else me
    return msg("neanderthal.term.mb", card=card_msg(state.tribes[bride].wives[int(args[0])].card))


def apply_terms(state: NeanderthalState, seat: int, move: Move) -> None:
    if isinstance(move, Term):
        state.terms = [str(move.party), move.kind, *move.args]
        state.events.append(
            Event(
                text=msg("neanderthal.ev.terms_private", seat=seat_msg(seat), what=terms_msg(state)),
                seats=[seat, move.party],
            )
        )
        say(state, "neanderthal.ev.terms", seat=seat_msg(seat), who=seat_msg(move.party))
    elif move != Word("tm-none"):
        raise IllegalAction("error.illegal_action")
    state.phase = "answer"
    state.actor = state.answers[0]


def handover_actions(state: NeanderthalState, seat: int) -> list[Action]:
    return [
        action(id=str(GiveCard(c)), secret=True, label=msg("neanderthal.act.give_card", card=card_msg(c)))
        for c in sorted(set(state.tribes[seat].hand))
    ]


def _move_place(state: NeanderthalState, frm: int, to: int, place: str) -> int:
    """Moves a tableau card between boards (a daughter with the Suitors courting her)."""
    p, o = state.tribes[frm], state.tribes[to]
    i = int(place[1:])
    if place[0] == "r":
        card = p.trophies.pop(i)
        o.trophies.append(card)
        return card
    if place[0] == "o":
        tool = p.tools.pop(i)
        o.tools.append(tool)
        return tool.card
    w = p.wives.pop(i)
    o.wives.append(w)
    new_i = len(o.wives) - 1

    def rekey(b: int, j: int) -> str:
        if b == frm and j == i:
            return f"{to}-{new_i}"
        return f"{b}-{j - 1 if b == frm and j > i else j}"

    state.suitors = {rekey(*map(int, k.split("-"))): v for k, v in state.suitors.items()}
    state.fights = [f"W{rekey(*map(int, k[1:].split('-')))}" if k.startswith("W") else k for k in state.fights]
    if state.proposal and state.proposal[1].startswith("W"):
        state.proposal[1] = "W" + rekey(*map(int, state.proposal[1][1:].split("-")))
    return w.card


def _trade(state: NeanderthalState) -> None:
    """Makes the agreed trade; hand cards stay secret between the two (the trade itself is public)."""
    me, who = int(state.proposal[0]), int(state.proposal[2])
    party, kind, *args = state.terms
    q = int(party)
    p, o = state.tribes[me], state.tribes[q]
    hand_cards: list[int] = []
    if kind in ("gh", "xh"):
        c = int(args[0])
        p.hand.remove(c)
        o.hand.append(c)
        hand_cards.append(c)
    if kind in ("dh", "xh"):
        c = int(args[-1])
        o.hand.remove(c)
        p.hand.append(c)
        hand_cards.append(c)
    for c in hand_cards:
        state.events.append(Event(text=msg("neanderthal.ev.traded_private", card=card_msg(c)), seats=[me, q]))
    if hand_cards:
        say(state, "neanderthal.ev.traded_hand", seat=seat_msg(me), who=seat_msg(q), n=len(hand_cards))
    if kind in ("gt", "dt", "xt"):
        cards = []
        if kind == "xt":  # the other's card first: the proposer's indexes stay valid
            cards.append(_move_place(state, q, me, args[1]))
            cards.append(_move_place(state, me, q, args[0]))
        elif kind == "gt":
            cards.append(_move_place(state, me, q, args[0]))
        else:
            cards.append(_move_place(state, q, me, args[0]))
        for c in cards:
            say(state, "neanderthal.ev.traded", seat=seat_msg(me), who=seat_msg(q), card=card_msg(c))
    if kind == "mb":  # the withdrawing Hunter marries the bride, an experienced Husband (G1)
        bride = q if who == me else me
        key = state.proposal[1]
        tok = _groom(state, who, key)
        if tok is None:  # offered only with a groom; nothing changed since
            return
        toks, _ = fight_tokens(state, key)
        toks.remove(f"{who}:{tok}")
        w = state.tribes[bride].wives[int(args[0])]
        w.husband = tok
        say(state, "neanderthal.ev.married", card=card_msg(w.card), seat=seat_msg(who))


def apply_handover(state: NeanderthalState, seat: int, move: Move) -> None:
    if not isinstance(move, GiveCard):
        raise IllegalAction("error.illegal_action")
    state.terms.append(str(move.card))
    withdraw(state)


def run_fights(state: NeanderthalState) -> bool:
    """Attack tests card by card; False while an attacker picks a target or a victim his loss."""
    while True:
        if state.fight_hits > 0:
            attacker = state.fight_order[state.next_attacker - 1]
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
                b, w = _targeted_husband(state, state.fight_key)
                if w.husband_disc:
                    give_vocab(state.tribes[b], w.husband_disc)
                kill(state, w.husband)
                say(state, "neanderthal.ev.husband_killed", card=card_msg(w.card))
                w.husband, w.husband_disc = "", ""
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
        if state.fight_key and state.next_attacker < len(state.fight_order):
            side = state.fight_order[state.next_attacker]
            state.next_attacker += 1
            toks, husband = fight_tokens(state, state.fight_key)
            if any(token_side(t) == side for t in toks) or _hside(state, husband) == side:
                state.fight_hits = _attack_roll(state, side)
                say(
                    state,
                    "neanderthal.ev.attack",
                    seat=seat_msg(int(side)) if side != "f" else msg("neanderthal.foreign"),
                    card=_card_of(state, state.fight_key),
                    n=state.fight_hits,
                )
            continue
        if not state.fights:
            state.fight_key = ""
            return True
        state.fight_key = state.fights.pop(0)
        state.last = [f"W{state.fight_key[1:].split('-')[0]}" if state.fight_key.startswith("W") else state.fight_key]
        toks, husband = fight_tokens(state, state.fight_key)
        sides = {token_side(t) for t in toks}
        hside = _hside(state, husband)
        state.fight_order = _attack_order(state, sorted(sides | ({hside} if hside else set())))
        state.next_attacker = 0


def fight_actions(state: NeanderthalState, seat: int) -> list[Action]:
    if state.phase == "target":
        out = []
        for t in _targets(state, str(seat)):
            if t == "h":
                _, husband = _targeted_husband(state, state.fight_key)
                label = msg("neanderthal.place.husband", card=card_msg(husband.card))
            else:
                label = seat_msg(int(t)) if t != "f" else msg("neanderthal.foreign")
            out.append(action(id=str(Target(t)), style="danger", label=msg("neanderthal.act.target", who=label)))
        return out
    return [
        action(id=str(Victim(k)), style="danger", label=msg(f"neanderthal.lost.l{k[0]}"))
        for k in _victim_kinds(state, str(seat))
    ]


def gathering(state: NeanderthalState) -> None:
    for s in state.order:
        p = state.tribes[s]
        mine = [sl for sl, toks in state.hunters.items() if any(token_side(t) == str(s) for t in toks)]
        baskets = sum(1 for sl in mine if data.BIOMES[slot_card(state, sl)].basket)
        n = 0
        if p.sex == "prom" or has_skill(state, s, "basket"):
            n += baskets
        elif baskets and has_skill(state, s, "shell"):
            n += 1
        if has_skill(state, s, "scavenger") and any(data.BIOMES[slot_card(state, sl)].pred for sl in mine):
            n += 1
        if n:
            got = babies(state, s, n)
            say(state, "neanderthal.ev.gather", seat=seat_msg(s), n=got)
