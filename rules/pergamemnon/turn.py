"""O jogo: a turn is a recruitment or an attack; the decisions of every phase and their effects."""

from __future__ import annotations

import functools
from itertools import combinations

from rules.core import Action, IllegalAction, Msg, action, cached_legal, msg, seat_msg

from . import battle, data
from .flow import card_msg, check_end, draw, flip_inactive, nation_msg, next_active, say, start_turn, targets
from .moves import Attack, Keep, Move, Pay, Place, PlayCard, Recruit, Yield
from .state import Nation, PergState


# -- recruitment -------------------------------------------------------------------------
def bonus(p: Nation) -> int:
    """Carthage: «necessita de menos 1 carisma»; Greeks after Agamemnon: «+1 de carisma para recrutar»."""
    if p.nation == "car" and not p.fallen:
        return 1
    if p.nation == "gre" and p.fallen:
        return -1
    return 0


def hand_charisma(p: Nation) -> int:
    """«joga a carta da sua mão que tenha o maior valor de carisma»."""
    return max((data.CARDS[c].charisma for c in p.hand), default=0)


def city_charisma(p: Nation) -> int:
    return p.charisma + sum(data.CARDS[c].charisma for c in p.city)


def affordable(state: PergState, seat: int) -> list[str]:
    p = state.nations[seat]
    if not p.charisma and not p.city:  # «Se o jogador não tiver Cartas de Carisma debaixo ... não lhe é possível»
        return []
    power = hand_charisma(p) + city_charisma(p) + bonus(p)
    return [c for c in state.row if data.CARDS[c].cost <= power]


def payments(p: Nation, cost: int) -> list[tuple[int, tuple[str, ...]]]:
    """The ways to pay ``cost``: a number of Charisma cards and captured City cards (at least one card,
    none superfluous), best first: the least overpay, then the fewest points lost (creatures under the
    City score), then the fewest cards."""
    need = cost - hand_charisma(p) - bonus(p)
    city = sorted(p.city)
    if len(city) <= 10:
        subsets = [sub for n in range(len(city) + 1) for sub in combinations(city, n)]
    else:  # never seen in play; the strongest cards first keeps the enumeration small
        strong = sorted(city, key=lambda c: (-data.CARDS[c].charisma, c))
        subsets = [tuple(strong[:i]) for i in range(len(city) + 1)]
    found = []
    for sub in subsets:
        s = sum(data.CARDS[c].charisma for c in sub)
        k = max(0, need - s)
        if not sub and k == 0:
            k = 1
        if k > p.charisma:
            continue
        n = k + len(sub)
        if n > 1 and any(s - data.CARDS[c].charisma + k >= need for c in sub):
            continue  # a card that adds nothing the rest does not already pay
        over = s + k - need
        lost = sum(data.CARDS[c].points for c in sub if data.is_creature(c))
        found.append(((over, lost, n, sub), (k, sub)))
    found.sort()
    return [choice for _, choice in found]


def payment(p: Nation, cost: int) -> tuple[int, list[str]]:
    options = payments(p, cost)
    if not options:
        raise IllegalAction("pergamemnon.err.charisma")
    k, sub = options[0]
    return k, list(sub)


def cards_msg(cards: list[str]):
    """A list of card names in one sentence."""
    if not cards:
        return msg("pergamemnon.none")
    out = card_msg(cards[0])
    for c in cards[1:]:
        out = msg("pergamemnon.join", a=out, b=card_msg(c))
    return out


def choose_recruit(state: PergState, seat: int, cid: str) -> None:
    """Several ways to pay with captured City cards: the player chooses; else it is paid at once."""
    options = payments(state.nations[seat], data.CARDS[cid].cost)[:20]
    if len(options) == 1:
        recruit(state, seat, cid, *options[0])
        return
    state.buying = cid
    state.phase = "pay"


def recruit(state: PergState, seat: int, cid: str, k: int, used: tuple[str, ...] | list[str]) -> None:
    p = state.nations[seat]
    state.buying = ""
    state.phase = "turn"
    best = max(p.hand, key=lambda c: data.CARDS[c].charisma) if p.hand else None
    p.charisma -= k
    state.supply += k  # «colocadas na pilha de Cartas de Carisma não usadas»
    for c in used:
        p.city.remove(c)
        state.box.append(c)  # «As “cartas capturadas” ... são removidas de jogo»
    p.discard.extend(p.hand)
    p.hand = []
    p.discard.append(cid)
    state.row.remove(cid)
    if state.creature_deck:  # «Tira-se imediatamente uma nova criatura do Baralho de Criaturas»
        state.row.append(state.creature_deck.pop())
    state.highlight_seat = seat
    state.highlight = [cid, *([best] if best else [])]
    state.last_battle_cards = []
    state.last_battle_sides = None
    say(
        state,
        "recruit",
        who=seat_msg(seat),
        card=card_msg(cid),
        cost=data.CARDS[cid].cost,
        hand=card_msg(best) if best else msg("pergamemnon.none"),
        k=k,
        n=len(used),
    )
    if check_end(state):
        return
    for _ in range(p.hand_size()):  # «O jogador tira 3 novas cartas do seu baralho»
        draw(state, seat)
    flip_inactive(state, seat)
    start_turn(state, next_active(state, seat))


# -- decisions -----------------------------------------------------------------------------
@functools.lru_cache(maxsize=1024)
def _card_label(cid: str, key: str) -> Msg:
    c = data.CARDS[cid]
    return msg(
        key,
        card=card_msg(cid),
        weapon=msg(f"pergamemnon.weapon.{c.weapon}"),
        atk=c.attack,
        h=c.helm,
        a=c.armour,
        s=c.shield,
        cha=c.charisma,
        pts=c.points,
    )


def hand_actions(state: PergState, seat: int, key: str = "pergamemnon.act.card") -> list[Action]:
    return [_hand_action(c, key) for c in state.nations[seat].hand]


@functools.lru_cache(maxsize=1024)
def _hand_action(cid: str, key: str) -> Action:
    """A card of the hand played (a few hundred: each built once)."""
    return action(id=str(PlayCard(cid)), label=_card_label(cid, key), secret=True, style="primary")


@cached_legal
def legal(state: PergState, seat: int) -> list[Action]:
    if state.phase == "over" or seat != state.actor:
        return []
    ph = state.phase
    if ph == "turn":
        # private: the creatures a player can afford tell the charisma of his hand (and a turn offered in
        # the channel only when no recruit is possible would tell as much), so the whole choice is secret
        out = [
            action(
                id=str(Recruit(c)),
                style="success",
                secret=True,
                label=msg("pergamemnon.act.recruit", card=card_msg(c), cost=data.CARDS[c].cost),
            )
            for c in affordable(state, seat)
        ]
        out += [
            action(
                id=str(Attack(t)),
                style="danger",
                secret=True,
                label=msg("pergamemnon.act.attack", who=seat_msg(t), nation=nation_msg(state.nations[t].nation)),
            )
            for t in targets(state, seat)
        ]
        return out
    if ph in ("attack", "defend"):
        return hand_actions(state, seat)
    if ph == "reinforce":
        return [
            *hand_actions(state, seat, "pergamemnon.act.reinforce"),
            action(id=str(Yield()), label=msg("pergamemnon.act.yield"), style="danger"),
        ]
    if ph == "pay":
        p = state.nations[seat]
        return [
            action(
                id=str(Pay(k, sub)),
                style="success",
                secret=True,  # the total tells the hand card
                label=msg(
                    "pergamemnon.act.pay",
                    n=k,
                    cards=cards_msg(list(sub)),
                    total=hand_charisma(p) + bonus(p) + k + sum(data.CARDS[c].charisma for c in sub),
                ),
            )
            for k, sub in payments(p, data.CARDS[state.buying].cost)[:20]
        ]
    if ph == "place":
        cid = state.pending[0]
        return [
            action(id=str(Place(city=False)), label=msg("pergamemnon.act.pile", card=card_msg(cid)), style="primary"),
            action(
                id=str(Place(city=True)),
                label=msg("pergamemnon.act.city", card=card_msg(cid), cha=data.CARDS[cid].charisma),
            ),
        ]
    if ph == "discard":
        return [
            *hand_actions(state, seat, "pergamemnon.act.discard"),
            action(id=str(Keep()), label=msg("pergamemnon.act.keep"), style="success"),
        ]
    return []


def apply(state: PergState, seat: int, move: Move) -> None:
    """Plays ``move``, one of the choices ``legal`` offers in the current phase."""
    state.highlight_seat = seat
    match state.phase, move:
        case "turn", Recruit(card):
            choose_recruit(state, seat, card)
        case "turn", Attack(target):
            state.highlight = []
            battle.begin(state, seat, target)
        case "pay", Pay(k, cards):
            recruit(state, seat, state.buying, k, cards)
        case "attack", PlayCard(card):
            state.highlight = []
            battle.attack_card(state, card)
        case "defend", PlayCard(card):
            battle.defend_card(state, card)
        case "reinforce", PlayCard(card):
            battle.reinforce(state, card)
        case "reinforce", Yield():
            battle.reinforce(state, None)
        case "place", Place(city):
            battle.place(state, city)
        case "discard", PlayCard(card):
            battle.discard(state, card)
        case "discard", Keep():
            battle.discard(state, None)
        case _:
            raise IllegalAction("error.illegal_action")


def prompt_key(state: PergState) -> str:
    return f"pergamemnon.prompt.{state.phase}"


__all__ = ["affordable", "apply", "legal", "payment", "payments", "prompt_key", "recruit", "start_turn"]
