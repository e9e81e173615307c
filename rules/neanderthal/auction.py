"""D7. The cultural auction of the turn's daughter (and K2 D, the solitaire's automatic daughter).

Each ``start``/``apply`` function says whether the auction is over (True) or waits for a player.
"""

from __future__ import annotations

from rules.core import Action, action, msg, seat_msg

from . import data
from .board import card_msg, has_skill, say, take_vocab
from .matrix import is_matrix, next_buyer, pay_colours, price
from .moves import K2Swap, Move, Word
from .state import NeanderthalState, Wife


def bidders(state: NeanderthalState) -> list[int]:
    media = data.DAUGHTERS[state.event_card].media
    out = []
    for s in state.order:
        p = state.tribes[s]
        if (not p.tribal or p.sex == "harem") and sum(p.vocab[c] for c in media) > 0:
            out.append(s)
    return out


def bid_value(state: NeanderthalState, seat: int, n: int) -> int:
    return n if state.tribes[seat].tribal else 2 * n  # a tribal Harem bid counts half


def bid_key(state: NeanderthalState, seat: int, n: int) -> tuple:
    caring = has_skill(state, seat, "caring")
    return (bid_value(state, seat, n), caring, -state.order.index(seat))


def leader(state: NeanderthalState) -> int | None:
    if not state.bids:
        return None
    return max((int(s) for s in state.bids), key=lambda s: bid_key(state, s, state.bids[str(s)]))


def start_auction(state: NeanderthalState) -> bool:
    """Puts the turn's daughter up for auction; True when it is already settled."""
    card = state.event_card
    if is_matrix(state):  # L4 / M2: the daughter is bought, not auctioned
        return not next_buyer(state, 0)
    if state.variant == "k2":
        p = state.tribes[0]
        if len(p.wives) < data.K2_DAUGHTERS:
            p.wives.append(Wife(card=card))
            say(state, "neanderthal.ev.k2_daughter", card=card_msg(card))
        elif any(not w.husband for w in p.wives):
            # K2 D: at the limit, an unmarried daughter may make room for the new one.
            state.phase = "k2swap"
            state.actor = 0
            return False
        else:
            state.removed.append(card)
        return True
    state.bids = {}
    state.passed = []
    state.order_position = -1
    if not bidders(state):
        state.removed.append(card)
        say(state, "neanderthal.ev.no_bid", card=card_msg(card))
        return True
    state.phase = "auction"
    return next_bidder(state)


def max_bid(state: NeanderthalState, seat: int) -> int:
    media = data.DAUGHTERS[state.event_card].media
    return sum(state.tribes[seat].vocab[c] for c in media)


def bid_options(state: NeanderthalState, seat: int) -> list[int]:
    """The bids ``seat`` may make: those that beat the leader's (``bid_key``)."""
    lead = leader(state)
    top = max_bid(state, seat)
    if lead is None or top < 1:
        return list(range(1, top + 1))
    beat = bid_key(state, lead, state.bids[str(lead)])
    caring, rank = has_skill(state, seat, "caring"), -state.order.index(seat)  # as bid_key weighs them
    return [n for n in range(1, top + 1) if (bid_value(state, seat, n), caring, rank) > beat]


def next_bidder(state: NeanderthalState) -> bool:
    """The next player to bid; True when the auction is over and paid."""
    order = bidders(state)
    lead = leader(state)
    n = len(order)
    start = order.index(state.actor) + 1 if state.order_position >= 0 and state.actor in order else 0
    for k in range(n):
        s = order[(start + k) % n]
        if s in state.passed or s == lead:
            continue
        if not bid_options(state, s):
            state.passed.append(s)
            continue
        state.actor = s
        state.order_position = 0
        return False
    return end_auction(state)


def end_auction(state: NeanderthalState) -> bool:
    card = state.event_card
    lead = leader(state)
    if lead is None:
        state.removed.append(card)
        say(state, "neanderthal.ev.no_bid", card=card_msg(card))
    else:
        p = state.tribes[lead]
        n = state.bids[str(lead)]
        p.wives.append(Wife(card=card))
        say(state, "neanderthal.ev.won", seat=seat_msg(lead), card=card_msg(card), n=n)
        state.last = [f"W{lead}"]
        state.to_pay = n
        state.actor = lead
        if not continue_pay(state):
            return False
    state.bids = {}
    return True


def pay_options(state: NeanderthalState) -> list[str]:
    p = state.tribes[state.actor]
    return [c for c in pay_colours(state, state.actor) if p.vocab[c] > 0]


def continue_pay(state: NeanderthalState) -> bool:
    """The winner puts the discs he bid on the daughter, choosing their colours; False while he chooses."""
    p = state.tribes[state.actor]
    while state.to_pay > 0:
        opts = pay_options(state)
        if len(opts) > 1:
            state.phase = "pay"
            return False
        take_vocab(p, opts[0])
        p.wives[-1].discs += opts[0]
        state.to_pay -= 1
    return True


def apply_pay(state: NeanderthalState, seat: int, colour: str) -> bool:
    p = state.tribes[seat]
    take_vocab(p, colour)
    p.wives[-1].discs += colour
    state.to_pay -= 1
    if not continue_pay(state):
        return False
    state.bids = {}
    return True


def k2_swap_actions(state: NeanderthalState) -> list[Action]:
    p = state.tribes[0]
    out = [
        action(
            id=str(K2Swap(i)), label=msg("neanderthal.act.k2swap", old=card_msg(w.card), new=card_msg(state.event_card))
        )
        for i, w in enumerate(p.wives)
        if not w.husband
    ]
    out.append(action(id=str(Word("keep")), label=msg("neanderthal.act.k2keep")))
    return out


def apply_buy(state: NeanderthalState, seat: int, move: Move) -> bool:
    """L4 / M2: the player buys the daughter (then pays, choosing the colours) or passes; True when
    the purchase is settled."""
    if move == Word("pass"):
        say(state, "neanderthal.ev.bid_pass", seat=seat_msg(seat))
        return not next_buyer(state, state.order_position + 1)
    n = price(state, seat)
    state.tribes[seat].wives.append(Wife(card=state.event_card))
    say(state, "neanderthal.ev.bought", seat=seat_msg(seat), card=card_msg(state.event_card), n=n)
    state.last = [f"W{seat}"]
    state.to_pay = n
    return continue_pay(state)
