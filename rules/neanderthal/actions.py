"""H-I. Phases 5 and 6: domestic animals (H1) and the species action (I1 portal with the
conversion to tribal, I2 neolexia, I3 elder actions).
"""

from __future__ import annotations

from rules.core import Action, action, msg, seat_msg

from . import data
from .allocation import apply_swap, swap_actions
from .board import (
    _neolexia,
    _pack,
    _place_msg,
    _release,
    babies,
    card_msg,
    dedicated,
    exp_elder,
    give_vocab,
    has_skill,
    say,
    take_vocab,
    wife_active,
)
from .moves import Move, Neolexia, PlayTool, Portal, SwapElder, SwapHusband, Word
from .state import DiscsToFree, NeanderthalState, Tool


def phase5(state: NeanderthalState) -> None:
    for s in state.order:
        p = state.tribes[s]
        for t in p.tools:
            if data.hand_of(t.card)[0] == "D" and not t.disc:
                n, discs = data.side_of(t.card)
                got = babies(state, s, n)
                if discs:
                    state.releases.append(DiscsToFree(s, discs))
                say(state, "neanderthal.ev.domestic", seat=seat_msg(s), card=card_msg(t.card), n=got, d=len(discs))


def convert_at(state: NeanderthalState) -> int:
    if state.variant == "alien":
        return data.CONVERT_AT[2]  # I1: 6 portals "no jogo solo ou de 2 jogadores" (K2's 5 is K2's own)
    return data.N1_CONVERT if state.scenario == "hominids" else data.CONVERT_AT[state.players]


def start_actions(state: NeanderthalState) -> None:
    state.phase = "action"
    state.order_position = 0
    state.actor = state.order[0]


def portal_sources(state: NeanderthalState, seat: int) -> list[tuple[int, int]]:
    sp = state.tribes[seat].species
    out = []
    for b, p in enumerate(state.tribes):
        for i, w in enumerate(p.wives):
            if not wife_active(state, b, w):
                continue
            if b == seat or (w.husband and w.husband[0] == sp):
                out.append((b, i))
    return out


def neolexia_colours(state: NeanderthalState, seat: int) -> set[str]:
    p = state.tribes[seat]
    cols = {pt.split("-")[1] for pt in p.portals}
    for b, q in enumerate(state.tribes):
        if b == seat:
            continue
        for w in q.wives:
            if w.husband and w.husband[0] == p.species:
                # I2-A: the colours on the father's brain map "em um turno anterior"
                then = state.portals_then.get(str(b), q.portals)
                cols |= set(data.COLOURS) if q.tribal else {pt.split("-")[1] for pt in then}
    return cols


def action_actions(state: NeanderthalState, seat: int) -> list[Action]:
    p = state.tribes[seat]
    acts: list[Action] = []
    if not p.tribal:
        for b, i in portal_sources(state, seat):
            w = state.tribes[b].wives[i]
            for space, colour in data.DAUGHTERS[w.card].portals:
                full = len(p.portals) >= 6  # N1: the 7th disc may go on any portal
                if (f"{space}-{colour}" in p.portals and not full) or p.vocab[colour] <= 0:
                    continue
                aid = str(Portal(b, i, space, colour))
                if aid not in {a.id for a in acts}:
                    acts.append(
                        action(
                            id=aid,
                            style="primary",
                            group=msg("neanderthal.grp.portal"),
                            label=msg(
                                "neanderthal.act.portal",
                                card=card_msg(w.card),
                                space=msg(f"neanderthal.portal.{space}"),
                                colour=msg(f"neanderthal.disc.{colour}"),
                            ),
                        )
                    )
        cols = neolexia_colours(state, seat)
        for place, colour in dedicated(p):
            if colour in cols:
                acts.append(
                    action(
                        id=str(Neolexia(place)),
                        style="success",
                        group=msg("neanderthal.grp.neolexia"),
                        label=msg(
                            "neanderthal.act.neolexia",
                            place=_place_msg(p, place),
                            colour=msg(f"neanderthal.disc.{colour}"),
                        ),
                    )
                )
    else:
        chief = exp_elder(p, 1)
        for card in sorted(set(p.hand)):
            kind = data.hand_of(card)[0]
            ranks = (2,) if kind == "D" else (3, 5)
            for r in ranks:
                colour = data.RANK_COLOUR[r]
                if exp_elder(p, r) and (chief or p.vocab[colour] > 0):
                    acts.append(
                        action(
                            id=str(PlayTool(card, r)),
                            style="success",
                            secret=True,
                            group=msg("neanderthal.grp.elder"),
                            label=msg("neanderthal.act.play", card=card_msg(card), rank=msg(f"neanderthal.rank.{r}")),
                        )
                    )
                    break
    acts += swap_actions(state, seat)
    acts.append(action(id=str(Word("pass")), label=msg("core.pass"), style="danger"))
    return _pack(acts)


def apply_action(state: NeanderthalState, seat: int, move: Move) -> bool:
    """A species action (or the free Alpha swap); True when every player has acted."""
    p = state.tribes[seat]
    if move == Word("swap") or isinstance(move, SwapElder | SwapHusband):
        apply_swap(state, seat, move)  # the swap is free: the species action is still to come
        return False
    if isinstance(move, Portal):
        space, colour = move.space, move.colour
        take_vocab(p, colour)
        p.portals.append(f"{space}-{colour}")
        state.last = [f"P{seat}"]
        say(
            state,
            "neanderthal.ev.portal",
            seat=seat_msg(seat),
            space=msg(f"neanderthal.portal.{space}"),
            colour=msg(f"neanderthal.disc.{colour}"),
        )
        if len(p.portals) >= convert_at(state):
            for pt in p.portals:
                give_vocab(p, pt.split("-")[1])
            p.portals = []
            p.tribal = True
            say(state, "neanderthal.ev.tribal", seat=seat_msg(seat))
    elif isinstance(move, Neolexia):
        c = _neolexia(p, move.place)
        if has_skill(state, seat, "generous"):
            _release(state, seat, c)
        state.last = [f"E{seat}"]
        say(state, "neanderthal.ev.neolexia", seat=seat_msg(seat), colour=msg(f"neanderthal.disc.{c}"))
    elif isinstance(move, PlayTool):
        card_i = move.card
        p.hand.remove(card_i)
        disc = ""
        if not exp_elder(p, 1):
            disc = data.RANK_COLOUR[move.rank]
            take_vocab(p, disc)
        p.tools.append(Tool(card=card_i, disc=disc))
        state.last = [f"T{seat}"]
        say(state, "neanderthal.ev.play", seat=seat_msg(seat), card=card_msg(card_i))
    else:
        say(state, "neanderthal.ev.pass", seat=seat_msg(seat))
    state.order_position += 1
    if state.order_position < len(state.order):
        state.actor = state.order[state.order_position]
        return False
    return True
