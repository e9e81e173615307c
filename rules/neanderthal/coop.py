"""M3-M4. "The Eve" co-operative game: the gains of a combined hunt shared out lot by lot (M3-A) and
the Hunters assimilated with a partner's Husband (M3-B); the combined test itself is in ``hunting``,
the shared victory M4 in ``scoring``.
"""

from __future__ import annotations

from rules.core import Action, Event, IllegalAction, Msg, action, msg, seat_msg

from .board import babies, card_msg, dedicated, say
from .moves import Assimilate, GiveLot, Move, Word
from .state import DiscsToFree, Lot, NeanderthalState


def _receivers(state: NeanderthalState, lot: Lot) -> list[Assimilate | GiveLot | Word]:
    kind, value, participants, cell = lot.kind, lot.value, lot.participants, lot.cell
    if kind == "d":
        return [GiveLot(s) for s in participants if any(c == value for _, c in dedicated(state.tribes[s]))]
    if kind == "h":
        return [
            GiveLot(s)
            for s in participants
            if state.tribes[s].tribal and any(not e.disc for e in state.tribes[s].elders.values())
        ]
    if kind == "as":
        out: list[Assimilate | GiveLot | Word] = []
        for a in participants:
            if not tokens_at_camp(state, a, cell):
                continue
            for b, q in enumerate(state.tribes):
                for i, w in enumerate(q.wives):
                    hs = next((s for s in participants if w.husband and state.tribes[s].species == w.husband[0]), None)
                    if hs is not None and hs != a and not w.assimilated:
                        out.append(Assimilate(a, b, i))
        return [*out, Word("as-none")] if out else []
    return [GiveLot(s) for s in participants]


def tokens_at_camp(state: NeanderthalState, seat: int, cell: str) -> list[str]:
    return [t.split(":")[1] for t in state.camp.get(cell, []) if t.split(":")[0] == str(seat)]


def run_share(state: NeanderthalState) -> bool:
    """Hands out the lots with a single possible receiver; False while the leader chooses one."""
    while state.lots_to_share:
        opts = _receivers(state, state.lots_to_share[0])
        if len(opts) > 1:
            state.phase = "share"
            state.actor = state.lots_to_share[0].leader
            return False
        if opts and opts[0] != Word("as-none"):
            apply_share(state, state.lots_to_share[0].leader, opts[0])
        else:
            lot = state.lots_to_share.pop(0)
            if lot.kind in ("t", "h"):
                state.removed.append(int(lot.value))
    return True


def share_actions(state: NeanderthalState) -> list[Action]:
    lot = state.lots_to_share[0]
    out = []
    for receiver in _receivers(state, lot):
        if isinstance(receiver, Assimilate):
            card = state.tribes[receiver.board].wives[receiver.wife].card
            label = msg("neanderthal.act.assim", seat=seat_msg(receiver.seat), card=card_msg(card))
            out.append(action(id=str(receiver), style="success", label=label))
        elif isinstance(receiver, GiveLot):
            label = msg("neanderthal.act.give", what=lot_msg(lot), seat=seat_msg(receiver.to))
            out.append(action(id=str(receiver), style="primary", label=label))
        else:
            out.append(action(id=str(receiver), label=msg("neanderthal.act.no_assim"), style="danger"))
    return out


def lot_msg(lot: Lot) -> Msg:
    kind, value = lot.kind, lot.value
    if kind == "b":
        return msg("neanderthal.lot.babies", n=value)
    if kind == "d":
        return msg("neanderthal.lot.disc", colour=msg(f"neanderthal.disc.{value}"))
    if kind == "as":
        return msg("neanderthal.lot.assim")
    return msg("neanderthal.lot.card", card=card_msg(value))


def apply_share(state: NeanderthalState, seat: int, move: Move) -> None:
    lot = state.lots_to_share.pop(0)
    kind, value, cell = lot.kind, lot.value, lot.cell
    if move == Word("as-none"):
        return
    if isinstance(move, Assimilate):
        a, b, i = move.seat, move.board, move.wife
        p = state.tribes[a]
        tok = p.species if p.species in tokens_at_camp(state, a, cell) else p.species + "a"
        state.camp[cell].remove(f"{a}:{tok}")
        w = state.tribes[b].wives[i]
        w.assimilated = tok
        state.last = [f"W{b}"]
        say(state, "neanderthal.ev.assim", seat=seat_msg(a), card=card_msg(w.card))
        return
    if not isinstance(move, GiveLot):
        raise IllegalAction("error.illegal_action")
    to = move.to
    p = state.tribes[to]
    if kind == "b":
        got = babies(state, to, int(value))
        state.camp.setdefault(cell, []).extend(f"{to}:{t}" for t in p.pool)
        p.pool = []
        say(state, "neanderthal.ev.gain", seat=seat_msg(to), n=got, d=0)
    elif kind == "d":
        state.releases.append(DiscsToFree(to, str(value)))
        say(state, "neanderthal.ev.gain", seat=seat_msg(to), n=0, d=1)
    elif kind == "t":
        p.trophies.append(int(value))
        say(state, "neanderthal.ev.trophy", seat=seat_msg(to), card=card_msg(int(value)))
    else:
        p.hand.append(int(value))
        state.events.append(Event(text=msg("neanderthal.ev.hand_private", card=card_msg(int(value))), seats=[to]))
        say(state, "neanderthal.ev.hand", seat=seat_msg(to))
