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
from collections.abc import Callable
from typing import TypeVar

from rules.core import Action, IllegalAction, action, cached_legal, msg, seat_msg

from . import data
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
from .moves import (
    Bid,
    Council,
    DiscardCard,
    ExtraPortal,
    FirstSuitor,
    K2Swap,
    MoreEvents,
    Move,
    NextTest,
    PayColour,
    Refugee,
    Release,
    Side,
    Target,
    Victim,
    Word,
)
from .scoring import score_all
from .state import EventIcon, NeanderthalState, Phase, Wife

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
        discards = state.rng.shuffled([c for c in state.removed if c in data.DAUGHTERS])
        state.removed = [c for c in state.removed if c not in data.DAUGHTERS]
        state.event_deck, state.event_aside = discards[: data.N2_DECK_AFTER], discards[data.N2_DECK_AFTER :]
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
    state.portals_then = {str(s): list(p.portals) for s, p in enumerate(state.tribes)}
    state.eliminated = []
    state.opportunistic_slots = []
    state.used = []
    state.losses = {}
    if is_matrix(state):
        state.artifacts_at_start = [i for i, m in enumerate(state.marks) if m == "O"]
        state.artifacts_hunted = []
    card = state.event_deck.pop(0)
    state.event_card = card
    d = data.DAUGHTERS[card]
    state.order = [s for s in (seat_of(state, c) for c in d.order) if s is not None]
    say(state, "neanderthal.ev.turn", n=state.turn, card=card_msg(card), first=seat_msg(state.order[0]))
    state.icons_to_resolve = [EventIcon(icon, n) for icon, n in d.events]
    if state.players > 1 and exp_elder(state.tribes[state.order[0]], 4):
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
    return action(id=str(Bid(n)), style="primary", label=msg("neanderthal.act.bid", n=n))


@functools.cache
def _pass_action() -> Action:
    return action(id=str(Word("pass")), label=msg("core.pass"))


# -- the choices of each decision --------------------------------------------------------------------


def _sex_actions(state: NeanderthalState, seat: int) -> list[Action]:
    sexes = data.SEX_CARDS[state.tribes[seat].sex_card]
    return [action(id=str(Side(s)), style="primary", label=msg(f"neanderthal.sex.{s}")) for s in sexes]


def _extra_actions(state: NeanderthalState, seat: int) -> list[Action]:
    p = state.tribes[seat]
    return [
        action(
            id=str(ExtraPortal(sp, c)),
            style="primary",
            label=msg(
                "neanderthal.act.extra", space=msg(f"neanderthal.portal.{sp}"), colour=msg(f"neanderthal.disc.{c}")
            ),
        )
        for sp, cols in data.PORTALS.items()
        for c in cols
        if f"{sp}-{c}" not in p.portals and p.vocab[c] > 0
    ]


def _auction_actions(state: NeanderthalState, seat: int) -> list[Action]:
    return [_bid_action(n) for n in bid_options(state, seat)[:19]] + [_pass_action()]


def _flip_actions(state: NeanderthalState, seat: int) -> list[Action]:
    other = msg(f"neanderthal.sex.{_other_side(state.tribes[seat])}")
    return [
        action(id=str(Word("flip")), style="primary", label=msg("neanderthal.act.flip", sex=other)),
        action(id=str(Word("keep")), label=msg("neanderthal.act.keep")),
    ]


def _refugee_actions(state: NeanderthalState, seat: int) -> list[Action]:
    return [
        action(id=str(Refugee(s)), label=msg("neanderthal.act.ref", seat=seat_msg(s)))
        for s in range(state.players)
        if s != seat and not lazarus(state, s)
    ]


def _answer_actions(state: NeanderthalState, seat: int) -> list[Action]:
    """Answered privately: the terms are known only to the two parties."""
    return [
        action(id=str(Word("yes")), style="success", secret=True, label=msg("neanderthal.act.yes")),
        action(id=str(Word("no")), style="danger", secret=True, label=msg("neanderthal.act.no")),
    ]


def _pay_actions(state: NeanderthalState, seat: int) -> list[Action]:
    return [
        action(
            id=str(PayColour(c)), style="primary", label=msg("neanderthal.act.pay", colour=msg(f"neanderthal.disc.{c}"))
        )
        for c in pay_options(state)
    ]


def _k2more_actions(state: NeanderthalState, seat: int) -> list[Action]:
    return [
        action(
            id=str(MoreEvents(n)),
            style="primary" if n else "danger",
            label=msg("neanderthal.act.k2more", n=n) if n else msg("neanderthal.act.k2end"),
        )
        for n in range(min(data.K2_MORE, len(state.event_aside)) + 1)
    ]


Choices = Callable[[NeanderthalState, int], list[Action]]
CHOICES: dict[Phase, Choices] = {
    "sex": _sex_actions,
    "extra": _extra_actions,
    "auction": _auction_actions,
    "alloc": alloc_actions,
    "move": move_actions,
    "buy": buy_actions,
    "share": lambda state, seat: share_actions(state),
    "flip": _flip_actions,
    "refugee": _refugee_actions,
    "action": action_actions,
    "lose": loss_actions,
    "council": lambda state, seat: council_actions(state),
    "release": release_actions,
    "order4": lambda state, seat: order_actions(state),
    "order1": order_actions,
    "father": lambda state, seat: father_actions(state),
    "target": fight_actions,
    "victim": fight_actions,
    "negotiate": negotiation_actions,
    "answer": _answer_actions,
    "terms": terms_actions,
    "handover": handover_actions,
    "discard": discard_actions,
    "pay": _pay_actions,
    "k2swap": lambda state, seat: k2_swap_actions(state),
    "k2more": _k2more_actions,
}


@cached_legal
def legal(state: NeanderthalState, seat: int) -> list[Action]:
    if state.phase == "over" or seat != state.actor:
        return []
    return CHOICES[state.phase](state, seat)


# -- what each decision's answer does -------------------------------------------------------------------


def _sex(state: NeanderthalState, seat: int, move: Move) -> None:
    p = state.tribes[seat]
    p.sex = _as(move, Side).sex
    p.parental_discs = data.MPI[p.sex]
    for c in p.parental_discs:
        take_vocab(p, c)
    say(state, "neanderthal.ev.sex", seat=seat_msg(seat), sex=msg(f"neanderthal.sex.{p.sex}"))
    after_sex(state, seat)


def _extra(state: NeanderthalState, seat: int, move: Move) -> None:
    extra = _as(move, ExtraPortal)
    p = state.tribes[seat]
    take_vocab(p, extra.colour)
    p.portals.append(f"{extra.space}-{extra.colour}")
    say(
        state,
        "neanderthal.ev.portal",
        seat=seat_msg(seat),
        space=msg(f"neanderthal.portal.{extra.space}"),
        colour=msg(f"neanderthal.disc.{extra.colour}"),
    )
    state.phase = "sex"
    after_sex(state, seat)


def _auction(state: NeanderthalState, seat: int, move: Move) -> None:
    if move == Word("pass"):
        state.passed.append(seat)
        say(state, "neanderthal.ev.bid_pass", seat=seat_msg(seat))
    else:
        n = _as(move, Bid).n
        state.bids[str(seat)] = n
        say(state, "neanderthal.ev.bid", seat=seat_msg(seat), n=n)
    if next_bidder(state):
        _allocation(state)


def _alloc(state: NeanderthalState, seat: int, move: Move) -> None:
    if apply_alloc(state, seat, move):
        _after_alloc(state)


def _move(state: NeanderthalState, seat: int, move: Move) -> None:
    if apply_move(state, seat, move):
        phase4_start(state)  # the matrix has no phase 3 (L2, M1)
        resume(state)


def _buy(state: NeanderthalState, seat: int, move: Move) -> None:
    if apply_buy(state, seat, move):
        _allocation(state)


def _share(state: NeanderthalState, seat: int, move: Move) -> None:
    apply_share(state, seat, move)
    resume(state)


def _flip(state: NeanderthalState, seat: int, move: Move) -> None:
    p = state.tribes[seat]
    if move == Word("flip"):
        flip(p)
        say(state, "neanderthal.ev.flip", seat=seat_msg(seat), sex=msg(f"neanderthal.sex.{p.sex}"))
    state.pending.pop(0)
    if state.pending:
        state.actor = state.pending[0]
    else:
        _events(state)


def _refugee(state: NeanderthalState, seat: int, move: Move) -> None:
    """One refugee of the tribe that lost the most joins another tribe (the losing tribe chooses which)."""
    to = _as(move, Refugee).to
    giver = state.refugees_from
    sp = state.tribes[giver].species
    state.dead[sp] -= 1
    state.tribes[to].pool.append(sp)
    state.refugees -= 1
    say(state, "neanderthal.ev.refugee", seat=seat_msg(giver), n=1, to=seat_msg(to))
    if state.refugees <= 0:
        _events(state)


def _action(state: NeanderthalState, seat: int, move: Move) -> None:
    if apply_action(state, seat, move):
        start_turn(state)


def _lose(state: NeanderthalState, seat: int, move: Move) -> None:
    apply_loss(state, seat, move)
    _events(state)


def _negotiate(state: NeanderthalState, seat: int, move: Move) -> None:
    apply_negotiation(state, seat, move)
    if state.phase == "negotiate":
        resume(state)


def _answer(state: NeanderthalState, seat: int, move: Move) -> None:
    apply_answer(state, seat, move)
    if not state.answers and state.phase == "answer":
        resume(state)


def _handover(state: NeanderthalState, seat: int, move: Move) -> None:
    apply_handover(state, seat, move)
    resume(state)


def _target(state: NeanderthalState, seat: int, move: Move) -> None:
    state.fight_target = _as(move, Target).side
    resume(state)


def _victim(state: NeanderthalState, seat: int, move: Move) -> None:
    _kill_kind(state, state.fight_target, _as(move, Victim).kind)
    state.fight_hits -= 1
    state.fight_target = ""
    resume(state)


def _order(state: NeanderthalState, seat: int, move: Move) -> None:
    test = _as(move, NextTest)
    state.test_picked = f"{test.kind}-{test.key}"
    resume(state)


def _father(state: NeanderthalState, seat: int, move: Move) -> None:
    side = _as(move, FirstSuitor).side
    state.court.append(side)
    say(state, "neanderthal.ev.first", seat=seat_msg(seat), who=seat_msg(int(side)))
    resume(state)


def _release(state: NeanderthalState, seat: int, move: Move) -> None:
    colours = state.releases[0].colours
    if move != Word("rel-none"):
        c = _neolexia(state.tribes[seat], _as(move, Release).place)
        say(state, "neanderthal.ev.release", seat=seat_msg(seat), colour=msg(f"neanderthal.disc.{c}"))
    state.releases[0] = state.releases[0]._replace(colours=colours[1:])
    resume(state)


def _discard(state: NeanderthalState, seat: int, move: Move) -> None:
    card = _as(move, DiscardCard).card
    state.tribes[seat].hand.remove(card)
    state.removed.append(card)
    say(state, "neanderthal.ev.discard", seat=seat_msg(seat))
    resume(state)


def _pay(state: NeanderthalState, seat: int, move: Move) -> None:
    if apply_pay(state, seat, _as(move, PayColour).colour):
        _allocation(state)


def _k2swap(state: NeanderthalState, seat: int, move: Move) -> None:
    if move == Word("keep"):
        state.removed.append(state.event_card)
    else:
        remove_wife(state, 0, _as(move, K2Swap).wife)
        state.tribes[seat].wives.append(Wife(card=state.event_card))
        say(state, "neanderthal.ev.k2_daughter", card=card_msg(state.event_card))
    start_alloc(state)


def _k2more(state: NeanderthalState, seat: int, move: Move) -> None:
    n = _as(move, MoreEvents).n
    for _ in range(n):
        state.event_deck.append(state.event_aside.pop(state.rng.below(len(state.event_aside))))
    state.k2_added = n
    if n:
        say(state, "neanderthal.ev.k2more", n=n)
    start_turn(state)


def _council(state: NeanderthalState, seat: int, move: Move) -> None:
    state.order = list(_as(move, Council).order)
    say(state, "neanderthal.ev.council", seat=seat_msg(seat), first=seat_msg(state.order[0]))
    _events(state)


Handler = Callable[[NeanderthalState, int, Move], None]
HANDLERS: dict[Phase, Handler] = {
    "sex": _sex,
    "extra": _extra,
    "auction": _auction,
    "alloc": _alloc,
    "move": _move,
    "buy": _buy,
    "share": _share,
    "flip": _flip,
    "refugee": _refugee,
    "action": _action,
    "lose": _lose,
    "negotiate": _negotiate,
    "answer": _answer,
    "terms": apply_terms,
    "handover": _handover,
    "target": _target,
    "victim": _victim,
    "order4": _order,
    "order1": _order,
    "father": _father,
    "release": _release,
    "discard": _discard,
    "pay": _pay,
    "k2swap": _k2swap,
    "k2more": _k2more,
    "council": _council,
}

M = TypeVar("M")


def _as(move: Move, kind: type[M]) -> M:
    """``move`` as the kind of move the decision asks for (``IllegalAction`` for another)."""
    if not isinstance(move, kind):
        raise IllegalAction("error.illegal_action")
    return move


def apply(state: NeanderthalState, seat: int, move: Move) -> None:
    """Plays ``move``, one of the choices ``legal`` offers for the decision at hand."""
    state.last = []
    state.last_seat = seat
    handler = HANDLERS.get(state.phase)  # "over" has no decision
    if handler is None:
        raise IllegalAction("error.illegal_action")
    handler(state, seat, move)
    _settled(state)


def _settled(state: NeanderthalState) -> None:
    if is_matrix(state):
        settle(state)


def after_sex(state: NeanderthalState, seat: int) -> None:
    """Next seat's setup choice (N1: Cro-Magnon also picks an extra portal), then the first turn."""
    p = state.tribes[seat]
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
