"""A1. The sequence of a NEANDERTHAL turn and the dispatch of every decision.

Every choice the rules give a player is a decision (``state.phase``): sexuality side, war council,
chaos and blizzard losses, sexuality flip, Refugee hosts, bids and the colours paid, allocation one
tribesman at a time, negotiation and its answers, attack victims, the order of contested tests,
freed discs, discards, the species action.  The sections of the rules live in their own modules
(``events`` D, ``auction`` D7, ``allocation`` E, ``fights`` F, ``hunting`` G, ``actions`` H-I,
``scoring`` J over ``board`` B); this module chains them into the six phases of A1.  Automatic
steps run between decisions; a decision inside phases 1, 3, 4 or 5 stores where play resumes
(``state.stage``, ``resume``).
"""

from __future__ import annotations

import functools

from rules.core import Action, action, cached_legal, msg, seat_msg

from . import data as D
from .actions import action_actions, apply_action, neolexia_colours, phase5, start_actions
from .allocation import alloc_actions, apply_alloc, foreign_suitors, start_alloc
from .auction import (
    apply_buy,
    apply_pay,
    bid_options,
    k2_swap_actions,
    next_bidder,
    pay_options,
    start_auction,
)
from .board import (
    _neolexia,
    alpha_power,
    card_msg,
    discard_actions,
    exp_elder,
    has_skill,
    lazarus,
    release_actions,
    remove_wife,
    run_pending,
    say,
    seat_of,
    slot_card,
    take_vocab,
    token_side,
)
from .coop import apply_share, share_actions
from .events import _other_side, apply_loss, council_actions, flip, loss_actions, resolve_queue
from .fights import (
    _kill_kind,
    apply_answer,
    apply_handover,
    apply_negotiation,
    apply_terms,
    fight_actions,
    fight_tokens,
    gathering,
    handover_actions,
    negotiation_actions,
    phase3_start,
    run_fights,
    start_negotiation,
    terms_actions,
)
from .hunting import father_actions, nearest_predators, order_actions, phase4_start, run_tests
from .matrix import apply_move, buy_actions, is_matrix, move_actions, settle, start_move
from .scoring import score_all
from .state import NeanderthalState, Wife

# What other modules use: the turn, the dispatch, and the helpers the AI seats read through this
# module (``phases.slot_card`` ...).
__all__ = [
    "alpha_power",
    "apply",
    "card_msg",
    "end_game",
    "exp_elder",
    "fight_tokens",
    "has_skill",
    "legal",
    "nearest_predators",
    "neolexia_colours",
    "resume",
    "slot_card",
    "start_turn",
    "token_side",
]


def start_turn(state: NeanderthalState) -> None:
    if not state.event_deck and state.scenario == "giant_wurm" and not state.reshuffled and not state.frozen:
        # N2: after the 21st card the discarded event cards are reshuffled; 5 make a new deck
        discards = state.rng.shuffled([c for c in state.removed if c in D.DAUGHTERS])
        state.removed = [c for c in state.removed if c not in D.DAUGHTERS]
        state.event_deck, state.event_aside = discards[:5], discards[5:]
        state.reshuffled = True
        if state.event_deck:
            say(state, "neanderthal.ev.reshuffle")
    if not state.event_deck and state.variant == "k2" and not state.k2_asked and state.event_aside and not state.frozen:
        # K2 B: when the 8 cards (and any Würm) have run out, 1-3 random event cards may be added
        state.k2_asked = True
        state.phase = "k2more"
        state.actor = 0
        return
    if not state.event_deck or state.frozen or state.signal:
        end_game(state)  # J, or L6-B: the artifacts were activated during the turn that ended
        return
    state.turn += 1
    state.portals_then = {str(s): list(p.portals) for s, p in enumerate(state.ps)}
    state.elim = []
    state.opp = []
    state.used = []
    state.losses = {}
    if is_matrix(state):
        state.o_start = [i for i, m in enumerate(state.marks) if m == "O"]
        state.o_hits = []
    card = state.event_deck.pop(0)
    state.event_card = card
    d = D.DAUGHTERS[card]
    state.order = [s for s in (seat_of(state, c) for c in d.order) if s is not None]
    say(state, "neanderthal.ev.turn", n=state.turn, card=card_msg(card), first=seat_msg(state.order[0]))
    state.queue = [[icon, n] for icon, n in d.events]
    if state.players > 1 and exp_elder(state.ps[state.order[0]], 4):
        # War council (A2): a first player with a Warrior may set the player order of the turn.
        state.phase = "council"
        state.actor = state.order[0]
        return
    _events(state)


def _events(state: NeanderthalState) -> None:
    """Phase 1 goes on: the event icons (D1-D6), then the auction (D7), then allocation (E)."""
    if resolve_queue(state) and start_auction(state):
        _allocation(state)


def _allocation(state: NeanderthalState) -> None:
    """Phase 2: allocation (E), or movement and discovery on the matrix (L5, M3)."""
    if is_matrix(state):
        start_move(state)
    else:
        start_alloc(state)


def _after_alloc(state: NeanderthalState) -> None:
    if state.variant == "k2":
        foreign_suitors(state)
    phase3_start(state)
    resume(state)


def resume(state: NeanderthalState) -> None:
    """Carries on phases 4-5 (or the events) after a player's choice inside them."""
    if state.stage == "events":
        state.stage = ""
        _events(state)
        return
    if state.stage == "fight":
        if not start_negotiation(state) or not run_fights(state):
            return
        gathering(state)
        phase4_start(state)
    if state.stage == "hunt":
        if not run_tests(state):
            return
        phase5(state)
        state.stage = "p5"
    if state.stage == "p5":
        if not run_pending(state):
            return
        state.stage = ""
        start_actions(state)


@functools.lru_cache(maxsize=64)
def _bid_action(n: int) -> Action:
    return action(id=f"bid-{n}", style="primary", label=msg("neanderthal.act.bid", n=n))


@functools.cache
def _pass_action() -> Action:
    return action(id="pass", label=msg("core.pass"))


@cached_legal
def legal(state: NeanderthalState, seat: int) -> list[Action]:
    if state.phase == "over" or seat != state.actor:
        return []
    ph = state.phase
    p = state.ps[seat]
    if ph == "sex":
        return [
            action(id=f"side-{s}", style="primary", label=msg(f"neanderthal.sex.{s}")) for s in D.SEX_CARDS[p.sex_card]
        ]
    if ph == "extra":
        return [
            action(
                id=f"xp-{sp}-{c}",
                style="primary",
                label=msg(
                    "neanderthal.act.extra", space=msg(f"neanderthal.portal.{sp}"), colour=msg(f"neanderthal.disc.{c}")
                ),
            )
            for sp, cols in D.PORTALS.items()
            for c in cols
            if f"{sp}-{c}" not in p.portals and p.vocab[c] > 0
        ]
    if ph == "auction":
        return [_bid_action(n) for n in bid_options(state, seat)[:19]] + [_pass_action()]
    if ph == "alloc":
        return alloc_actions(state, seat)
    if ph == "move":
        return move_actions(state, seat)
    if ph == "buy":
        return buy_actions(state, seat)
    if ph == "share":
        return share_actions(state)
    if ph == "flip":
        return [
            action(
                id="flip",
                style="primary",
                label=msg("neanderthal.act.flip", sex=msg(f"neanderthal.sex.{_other_side(p)}")),
            ),
            action(id="keep", label=msg("neanderthal.act.keep")),
        ]
    if ph == "refugee":
        return [
            action(id=f"ref-{s}", label=msg("neanderthal.act.ref", seat=seat_msg(s)))
            for s in range(state.players)
            if s != seat and not lazarus(state, s)
        ]
    if ph == "action":
        return action_actions(state, seat)
    if ph == "lose":
        return loss_actions(state, seat)
    if ph == "council":
        return council_actions(state)
    if ph == "release":
        return release_actions(state, seat)
    if ph == "order4":
        return order_actions(state)
    if ph == "order1":
        return order_actions(state, seat)
    if ph == "father":
        return father_actions(state)
    if ph in ("target", "victim"):
        return fight_actions(state, seat)
    if ph == "negotiate":
        return negotiation_actions(state, seat)
    if ph == "answer":  # answered privately: the terms are known only to the two parties
        return [
            action(id="yes", style="success", secret=True, label=msg("neanderthal.act.yes")),
            action(id="no", style="danger", secret=True, label=msg("neanderthal.act.no")),
        ]
    if ph == "terms":
        return terms_actions(state, seat)
    if ph == "handover":
        return handover_actions(state, seat)
    if ph == "discard":
        return discard_actions(state, seat)
    if ph == "pay":
        return [
            action(
                id=f"pay-{c}", style="primary", label=msg("neanderthal.act.pay", colour=msg(f"neanderthal.disc.{c}"))
            )
            for c in pay_options(state)
        ]
    if ph == "k2swap":
        return k2_swap_actions(state)
    if ph == "k2more":
        return [
            action(
                id=f"more-{n}",
                style="primary" if n else "danger",
                label=msg("neanderthal.act.k2more", n=n) if n else msg("neanderthal.act.k2end"),
            )
            for n in range(min(D.K2_MORE, len(state.event_aside)) + 1)
        ]
    return []


def apply(state: NeanderthalState, seat: int, aid: str) -> None:
    state.last = []
    state.last_seat = seat
    ph = state.phase
    p = state.ps[seat]
    if ph == "sex":
        p.sex = aid[5:]
        p.mpi = D.MPI[p.sex]
        for c in p.mpi:
            take_vocab(p, c)
        say(state, "neanderthal.ev.sex", seat=seat_msg(seat), sex=msg(f"neanderthal.sex.{p.sex}"))
        after_sex(state, seat)
    elif ph == "extra":
        _, sp, c = aid.split("-")
        take_vocab(p, c)
        p.portals.append(f"{sp}-{c}")
        say(
            state,
            "neanderthal.ev.portal",
            seat=seat_msg(seat),
            space=msg(f"neanderthal.portal.{sp}"),
            colour=msg(f"neanderthal.disc.{c}"),
        )
        state.phase = "sex"
        after_sex(state, seat)
    elif ph == "auction":
        if aid == "pass":
            state.out.append(seat)
            say(state, "neanderthal.ev.bid_pass", seat=seat_msg(seat))
        else:
            state.bids[str(seat)] = int(aid[4:])
            say(state, "neanderthal.ev.bid", seat=seat_msg(seat), n=int(aid[4:]))
        if next_bidder(state):
            _allocation(state)
    elif ph == "alloc":
        if apply_alloc(state, seat, aid):
            _after_alloc(state)
    elif ph == "move":
        if apply_move(state, seat, aid):
            phase4_start(state)  # the matrix has no phase 3 (L2, M1)
            resume(state)
    elif ph == "buy":
        if apply_buy(state, seat, aid):
            _allocation(state)
    elif ph == "share":
        apply_share(state, seat, aid)
        resume(state)
    elif ph == "flip":
        if aid == "flip":
            flip(p)
            say(state, "neanderthal.ev.flip", seat=seat_msg(seat), sex=msg(f"neanderthal.sex.{p.sex}"))
        state.pending.pop(0)
        if state.pending:
            state.actor = state.pending[0]
        else:
            _events(state)
    elif ph == "refugee":
        to = int(aid[4:])
        sp = p.species
        state.dead[sp] -= 1
        state.ps[to].pool.append(sp)
        state.refugees -= 1
        say(state, "neanderthal.ev.refugee", seat=seat_msg(seat), n=1, to=seat_msg(to))
        if state.refugees <= 0:
            _events(state)
    elif ph == "action":
        if apply_action(state, seat, aid):
            start_turn(state)
    elif ph == "lose":
        apply_loss(state, seat, aid)
        _events(state)
    elif ph == "negotiate":
        apply_negotiation(state, seat, aid)
        if state.phase == "negotiate":
            resume(state)
    elif ph == "answer":
        apply_answer(state, seat, aid)
        if not state.answers and state.phase == "answer":
            resume(state)
    elif ph == "terms":
        apply_terms(state, seat, aid)
    elif ph == "handover":
        apply_handover(state, seat, aid)
        resume(state)
    elif ph == "target":
        state.fight_target = aid[4:]
        resume(state)
    elif ph == "victim":
        _kill_kind(state, state.fight_target, aid[4:])
        state.fight_hits -= 1
        state.fight_target = ""
        resume(state)
    elif ph in ("order4", "order1"):
        state.pick = aid[5:]
        resume(state)
    elif ph == "father":
        state.court.append(aid[6:])
        say(state, "neanderthal.ev.first", seat=seat_msg(seat), who=seat_msg(int(aid[6:])))
        resume(state)
    elif ph == "release":
        colours = state.rel_q[0][1]
        if aid != "rel-none":
            c = _neolexia(p, aid[4:])
            say(state, "neanderthal.ev.release", seat=seat_msg(seat), colour=msg(f"neanderthal.disc.{c}"))
        state.rel_q[0][1] = colours[1:]
        resume(state)
    elif ph == "discard":
        p.hand.remove(int(aid[4:]))
        state.removed.append(int(aid[4:]))
        say(state, "neanderthal.ev.discard", seat=seat_msg(seat))
        resume(state)
    elif ph == "pay":
        if apply_pay(state, seat, aid[4:]):
            _allocation(state)
    elif ph == "k2swap":
        if aid == "keep":
            state.removed.append(state.event_card)
        else:
            remove_wife(state, 0, int(aid[5:]))
            p.wives.append(Wife(card=state.event_card))
            say(state, "neanderthal.ev.k2_daughter", card=card_msg(state.event_card))
        start_alloc(state)
    elif ph == "k2more":
        n = int(aid[5:])
        for _ in range(n):
            state.event_deck.append(state.event_aside.pop(state.rng.below(len(state.event_aside))))
        state.k2_added = n
        if n:
            say(state, "neanderthal.ev.k2more", n=n)
        start_turn(state)
    elif ph == "council":
        state.order = [int(c) for c in aid[4:]]
        say(state, "neanderthal.ev.council", seat=seat_msg(seat), first=seat_msg(state.order[0]))
        _events(state)
    _settled(state)


def _settled(state: NeanderthalState) -> None:
    if is_matrix(state):
        settle(state)


def after_sex(state: NeanderthalState, seat: int) -> None:
    """Next seat's setup choice (N1: Cro-Magnon also picks an extra portal), then the first turn."""
    p = state.ps[seat]
    if state.scenario == "hominids" and p.species == "R" and state.phase == "sex" and f"{seat}:extra" not in state.used:
        state.used.append(f"{seat}:extra")
        state.phase = "extra"
        return
    if seat + 1 < state.players:
        state.actor = seat + 1
    else:
        state.used = []
        start_turn(state)


def end_game(state: NeanderthalState) -> None:
    state.phase = "over"
    state.actor = -1
    score_all(state)
    say(state, "neanderthal.ev.over")
