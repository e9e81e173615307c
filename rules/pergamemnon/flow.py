"""What happens between decisions: drawing, Nation cards, leaders, the end of the game."""

from __future__ import annotations

import functools

from rules.core import Event, Msg, msg, seat_msg

from . import data
from .state import PergState


@functools.lru_cache(maxsize=512)
def card_msg(cid: str) -> Msg:
    return msg("pergamemnon.cn." + slug(data.CARDS[cid].name))


def slug(name: str) -> str:
    return name.lower().replace(" ", "_")


@functools.lru_cache(maxsize=64)
def nation_msg(nation: str) -> Msg:
    return msg(f"pergamemnon.nation.{nation}")


def say(state: PergState, key: str, seats: list[int] | None = None, **params) -> None:
    state.events.append(Event(text=msg(f"pergamemnon.ev.{key}", **params), seats=seats))


# -- effective combat values (the City cards' drawbacks; never below 0) ----------------------
def attack_value(state: PergState, seat: int, cid: str) -> int:
    p = state.nations[seat]
    v = data.CARDS[cid].attack
    if p.nation == "car" and p.fallen:  # «o seu valor de ataque é reduzido em 1 por carta»
        v -= 1
    return max(0, v)


def defence_value(state: PergState, seat: int, cid: str, weapon: str) -> int:
    p = state.nations[seat]
    v = data.CARDS[cid].defence(weapon)
    if p.nation == "rom" and p.fallen:  # «subtrair 1 a cada valor defensivo de cada carta»
        v -= 1
    return max(0, v)


def flees(state: PergState, seat: int, cid: str, fallen: bool | None = None) -> bool:
    """A defeated card with «fuga»; after Xerxes' capture every card the Persian plays flees.

    ``fallen``: the loser's City side when the battle was decided (the cards beaten together with Xerxes are
    captured with him: his drawback starts with the next battle)."""
    p = state.nations[seat]
    return data.CARDS[cid].flee or (p.nation == "per" and (p.fallen if fallen is None else fallen))


# -- cards -------------------------------------------------------------------------------
def draw(state: PergState, seat: int) -> bool:
    p = state.nations[seat]
    if not p.deck:
        if not p.discard:
            return False
        # «Se o seu baralho se esgotar, a sua Pilha de Descarte é baralhada»
        p.deck = state.rng.shuffled(p.discard)
        p.discard = []
        say(state, "reshuffle", who=seat_msg(seat))
    p.hand.append(p.deck.pop())
    return True


def refill(state: PergState, seat: int) -> None:
    p = state.nations[seat]
    while len(p.hand) < p.hand_size() and draw(state, seat):
        pass


def gain_charisma(state: PergState, seat: int) -> None:
    """«O defensor recebe uma Carta de Carisma»: from the pile of unused ones; none when it is empty."""
    if state.supply > 0:
        state.supply -= 1
        state.nations[seat].charisma += 1
        say(state, "charisma", who=seat_msg(seat))
    else:
        say(state, "no_charisma", who=seat_msg(seat))


def seat_of(state: PergState, nation: str) -> int | None:
    return next((i for i, p in enumerate(state.nations) if p.nation == nation), None)


def leader_captured(state: PergState, cid: str) -> None:
    """«Se o Líder ... for capturado em combate, o jogador tem de virar a sua Carta de Cidade»."""
    nation = data.LEADERS.get(cid)
    if nation is None:
        return
    seat = seat_of(state, nation)
    if seat is None or state.nations[seat].fallen:
        return
    p = state.nations[seat]
    p.fallen = True
    say(state, "fallen", who=seat_msg(seat), leader=card_msg(cid))
    if nation == "egy":
        # «remover de jogo todas as suas cartas com habilidade de “fuga”»
        for zone in (p.hand, p.deck, p.discard):
            gone = [c for c in zone if data.CARDS[c].flee]
            for c in gone:
                zone.remove(c)
                state.box.append(c)
        say(state, "egypt_flee", who=seat_msg(seat))


# -- Nation cards and turns -------------------------------------------------------------------
def flip_inactive(state: PergState, seat: int) -> None:
    if not state.nation_cards():
        return
    state.nations[seat].active = False
    # «No instante em que apenas uma Carta de Nação está ativa, todas as outras ... lado ativo»
    if sum(p.active for p in state.nations) == 1:
        for p in state.nations:
            p.active = True
        say(state, "reactivate")


def next_active(state: PergState, seat: int) -> int:
    for k in range(1, state.players + 1):
        s = (seat + k) % state.players
        if state.nations[s].active:
            return s
    return seat


def targets(state: PergState, seat: int) -> list[int]:
    return [s for s in range(state.players) if s != seat and state.nations[s].active]


def end_reason(state: PergState) -> str:
    """«menos Cartas de Criatura de face para cima do que o número de jogadores» / «menos de 3»."""
    if len(state.row) < state.players:
        return "creatures"
    for p in state.nations:
        if p.available() < p.hand_size():
            return "army"
    return ""


def check_end(state: PergState) -> bool:
    reason = end_reason(state)
    if reason:
        state.phase = "over"
        state.actor = -1
        state.battle = None
        state.pending = []
        state.end_reason = reason
        short = [i for i, p in enumerate(state.nations) if p.available() < p.hand_size()]
        if reason == "army":
            say(state, "end_army", who=seat_msg(short[0]), n=state.nations[short[0]].available())
        else:
            say(state, f"end_{reason}")
        return True
    return False


def start_turn(state: PergState, seat: int) -> None:
    state.turn = seat
    state.actor = seat
    state.phase = "turn"
    state.battle = None
