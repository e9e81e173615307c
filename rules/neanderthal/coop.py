"""M3-M4. "The Eve" co-operative game: the gains of a combined hunt shared out lot by lot (M3-A) and
the Hunters assimilated with a partner's Husband (M3-B); the combined test itself is in ``hunting``,
the shared victory M4 in ``scoring``.
"""

from __future__ import annotations

from rules.core import Action, Event, IllegalAction, Msg, action, msg, seat_msg

from .board import babies, card_msg, dedicated, say
from .moves import Assimilate, GiveLot, Move, Word
from .state import NeanderthalState


def _receivers(state: NeanderthalState, lot: list) -> list[Assimilate | GiveLot | Word]:
    _, kind, value, participants, cell = lot
    if kind == "d":
        return [GiveLot(s) for s in participants if any(c == value for _, c in dedicated(state.ps[s]))]
    if kind == "h":
        return [
            GiveLot(s)
            for s in participants
            if state.ps[s].tribal and any(not e.disc for e in state.ps[s].elders.values())
        ]
    if kind == "as":
        out: list[Assimilate | GiveLot | Word] = []
        for a in participants:
            if not tokens_at_camp(state, a, cell):
                continue
            for b, q in enumerate(state.ps):
                for i, w in enumerate(q.wives):
                    hs = next((s for s in participants if w.husband and state.ps[s].species == w.husband[0]), None)
                    if hs is not None and hs != a and not w.assim:
                        out.append(Assimilate(a, b, i))
        return [*out, Word("as-none")] if out else []
    return [GiveLot(s) for s in participants]


def tokens_at_camp(state: NeanderthalState, seat: int, cell: str) -> list[str]:
    return [t.split(":")[1] for t in state.camp.get(cell, []) if t.split(":")[0] == str(seat)]


def run_share(state: NeanderthalState) -> bool:
    """Hands out the lots with a single possible receiver; False while the leader chooses one."""
    while state.share:
        opts = _receivers(state, state.share[0])
        if len(opts) > 1:
            state.phase = "share"
            state.actor = state.share[0][0]
            return False
        if opts and opts[0] != Word("as-none"):
            apply_share(state, state.share[0][0], opts[0])
        else:
            lot = state.share.pop(0)
            if lot[1] in ("t", "h"):
                state.removed.append(lot[2])
    return True


def share_actions(state: NeanderthalState) -> list[Action]:
    lot = state.share[0]
    out = []
    for receiver in _receivers(state, lot):
        if isinstance(receiver, Assimilate):
            card = state.ps[receiver.board].wives[receiver.wife].card
            label = msg("neanderthal.act.assim", seat=seat_msg(receiver.seat), card=card_msg(card))
            out.append(action(id=str(receiver), style="success", label=label))
        elif isinstance(receiver, GiveLot):
            label = msg("neanderthal.act.give", what=lot_msg(lot), seat=seat_msg(receiver.to))
            out.append(action(id=str(receiver), style="primary", label=label))
        else:
            out.append(action(id=str(receiver), label=msg("neanderthal.act.no_assim"), style="danger"))
    return out


def lot_msg(lot: list) -> Msg:
    _, kind, value, _, _ = lot
    if kind == "b":
        return msg("neanderthal.lot.babies", n=value)
    if kind == "d":
        return msg("neanderthal.lot.disc", colour=msg(f"neanderthal.disc.{value}"))
    if kind == "as":
        return msg("neanderthal.lot.assim")
    return msg("neanderthal.lot.card", card=card_msg(value))


def apply_share(state: NeanderthalState, seat: int, move: Move) -> None:
    _, kind, value, _, cell = state.share.pop(0)
    if move == Word("as-none"):
        return
    if isinstance(move, Assimilate):
        a, b, i = move.seat, move.board, move.wife
        p = state.ps[a]
        tok = p.species if p.species in tokens_at_camp(state, a, cell) else p.species + "a"
        state.camp[cell].remove(f"{a}:{tok}")
        w = state.ps[b].wives[i]
        w.assim = tok
        state.last = [f"W{b}"]
        say(state, "neanderthal.ev.assim", seat=seat_msg(a), card=card_msg(w.card))
        return
    if not isinstance(move, GiveLot):
        raise IllegalAction("error.illegal_action")
    to = move.to
    p = state.ps[to]
    if kind == "b":
        got = babies(state, to, value)
        state.camp.setdefault(cell, []).extend(f"{to}:{t}" for t in p.pool)
        p.pool = []
        say(state, "neanderthal.ev.gain", seat=seat_msg(to), n=got, d=0)
    elif kind == "d":
        state.rel_q.append([to, value])
        say(state, "neanderthal.ev.gain", seat=seat_msg(to), n=0, d=1)
    elif kind == "t":
        p.trophies.append(value)
        say(state, "neanderthal.ev.trophy", seat=seat_msg(to), card=card_msg(value))
    else:
        p.hand.append(value)
        state.events.append(Event(text=msg("neanderthal.ev.hand_private", card=card_msg(value)), seats=[to]))
        say(state, "neanderthal.ev.hand", seat=seat_msg(to))
