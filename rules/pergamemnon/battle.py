"""A Batalha: the attacker's card, the defence, reinforcements, counter-attacks, the spoils."""

from __future__ import annotations

from rules.core import Msg, msg, seat_msg

from . import data
from .flow import (
    attack_value,
    card_msg,
    check_end,
    defence_value,
    flees,
    flip_inactive,
    gain_charisma,
    leader_captured,
    refill,
    say,
    start_turn,
)
from .state import Battle, BattleSides, PergState


def current(state: PergState) -> Battle:
    """The battle being fought (called only while one is)."""
    b = state.battle
    assert b is not None, "no battle is being fought"
    return b


def weapon_msg(w: str) -> Msg:
    return msg(f"pergamemnon.weapon.{w}")


def begin(state: PergState, att: int, dfn: int) -> None:
    state.battle = Battle(attacker=att, defender=dfn)
    state.phase = "attack"
    state.actor = att
    state.last_battle_cards = []
    state.last_battle_sides = None
    say(state, "challenge", who=seat_msg(att), target=seat_msg(dfn))


def attack_card(state: PergState, cid: str) -> None:
    """The attacker declares the weapon and lays the card face down."""
    b = current(state)
    p = state.nations[b.attacker]
    p.hand.remove(cid)
    b.attacker_cards.append(cid)
    b.weapon = data.CARDS[cid].weapon
    state.phase = "defend"
    state.actor = b.defender
    say(state, "declare", who=seat_msg(b.attacker), weapon=weapon_msg(b.weapon))


def defend_card(state: PergState, cid: str) -> None:
    """The defender's card; both are revealed together."""
    b = current(state)
    state.nations[b.defender].hand.remove(cid)
    b.defender_cards.append(cid)
    b.revealed = True
    b.aggressor = b.attacker
    b.defending_cards = [cid]
    b.fresh = True
    a = b.attacker_cards[0]
    say(state, "reveal", att=seat_msg(b.attacker), acard=card_msg(a), dfn=seat_msg(b.defender), dcard=card_msg(cid))
    state.highlight = [a, cid]
    resolve(state)


def cards_of(b: Battle, seat: int) -> list[str]:
    return b.attacker_cards if seat == b.attacker else b.defender_cards


def other(b: Battle, seat: int) -> int:
    return b.defender if seat == b.attacker else b.attacker


def incoming(state: PergState) -> tuple[str, int]:
    b = current(state)
    cid = cards_of(b, b.aggressor)[-1]
    return data.CARDS[cid].weapon, attack_value(state, b.aggressor, cid)


def defence_total(state: PergState) -> int:
    b = current(state)
    w, _ = incoming(state)
    return sum(defence_value(state, other(b, b.aggressor), c, w) for c in b.defending_cards)


def can_reinforce(state: PergState) -> bool:
    b = current(state)
    y = other(b, b.aggressor)
    return len(b.defending_cards) < data.MAX_DEFENCE_CARDS and bool(state.nations[y].hand)


def resolve(state: PergState) -> None:
    """Runs the exchanges until a decision is needed or the battle is over."""
    b = current(state)
    while True:
        _, atk = incoming(state)
        y = other(b, b.aggressor)
        dfn = defence_total(state)
        if dfn >= atk:
            if not b.fresh:
                # «Se o atacante conseguir defender o contra-ataque com a carta que iniciou o ataque ...
                # empate» (and likewise for any card that launched its player's last attack)
                say(state, "repelled_tie", who=seat_msg(y), dfn=dfn, atk=atk)
                finish(state, None)
                return
            counter = cards_of(b, y)[-1]
            say(
                state,
                "counter",
                who=seat_msg(y),
                dfn=dfn,
                atk=atk,
                weapon=weapon_msg(data.CARDS[counter].weapon),
                value=attack_value(state, y, counter),
            )
            x = b.aggressor
            b.aggressor = y
            b.defending_cards = [cards_of(b, x)[-1]]
            b.fresh = False
            continue
        if can_reinforce(state):
            state.phase = "reinforce"
            state.actor = y
            return
        say(state, "overwhelmed", who=seat_msg(y), dfn=dfn, atk=atk)
        finish(state, b.aggressor)
        return


def reinforce(state: PergState, cid: str | None) -> None:
    b = current(state)
    y = other(b, b.aggressor)
    if cid is None:
        say(state, "yield", who=seat_msg(y))
        finish(state, b.aggressor)
        return
    state.nations[y].hand.remove(cid)
    cards_of(b, y).append(cid)
    b.defending_cards.append(cid)
    b.fresh = True
    state.highlight = [cid]
    say(state, "reinforce", who=seat_msg(y), card=card_msg(cid), total=defence_total(state))
    resolve(state)


def finish(state: PergState, winner: int | None) -> None:
    """The spoils, the Nation cards, the Charisma card; then the winner places captured cards."""
    b = current(state)
    state.last_battle_cards = b.attacker_cards + b.defender_cards
    state.last_battle_sides = BattleSides(b.attacker, b.defender, len(b.attacker_cards))
    state.pending = []
    if winner is None:
        for s in (b.attacker, b.defender):
            state.nations[s].discard.extend(cards_of(b, s))
        state.result = "tie"
        state.winner, state.loser = -1, -1
        flip_inactive(state, b.attacker)
        gain_charisma(state, b.defender)
    else:
        loser = other(b, winner)
        w, lp = state.nations[winner], state.nations[loser]
        w.discard.extend(cards_of(b, winner))
        egypt_takes = w.nation == "egy" and not w.fallen
        was_fallen = lp.fallen  # the City sides when the battle was decided
        for cid in cards_of(b, loser):
            c = data.CARDS[cid]
            if c.secured:
                lp.secured.append(cid)  # «colocadas completamente debaixo da sua Carta de Cidade»
                say(state, "secured", card=card_msg(cid), who=seat_msg(loser))
            elif flees(state, loser, cid, was_fallen):
                if egypt_takes:  # «O jogador Egipcío captura ... “fuga” ... Pilha de Descarte»
                    w.discard.append(cid)
                    say(state, "captured", who=seat_msg(winner), card=card_msg(cid))
                    leader_captured(state, cid)
                else:
                    state.box.append(cid)  # «são devolvidas à caixa do jogo»
                    say(state, "fled", card=card_msg(cid))
            else:
                say(state, "captured", who=seat_msg(winner), card=card_msg(cid))
                if c.charisma > 0:
                    state.pending.append(cid)
                else:
                    w.discard.append(cid)
                leader_captured(state, cid)
        state.result = "att" if winner == b.attacker else "dfn"
        state.winner, state.loser = winner, loser
        flip_inactive(state, loser)
        if winner == b.defender:
            gain_charisma(state, winner)
    say(state, f"result_{state.result}", att=seat_msg(b.attacker), dfn=seat_msg(b.defender))
    after_spoils(state)


def after_spoils(state: PergState) -> None:
    if state.pending:
        state.phase = "place"
        state.actor = state.winner
        return
    if check_end(state):
        return
    if state.loser >= 0 and state.nations[state.loser].hand:
        state.phase = "discard"
        state.actor = state.loser
        return
    close(state)


def place(state: PergState, to_city: bool) -> None:
    cid = state.pending.pop(0)
    w = state.nations[state.winner]
    if to_city:
        w.city.append(cid)
    else:
        w.discard.append(cid)
    say(state, "placed_city" if to_city else "placed_pile", who=seat_msg(state.winner), card=card_msg(cid))
    state.highlight = [cid]
    after_spoils(state)


def discard(state: PergState, cid: str | None) -> None:
    p = state.nations[state.loser]
    if cid is None:
        close(state)
        return
    p.hand.remove(cid)
    p.discard.append(cid)
    say(state, "discard", who=seat_msg(state.loser), card=card_msg(cid))
    if not p.hand:
        close(state)


def close(state: PergState) -> None:
    """«Imediatamente depois de uma batalha, ambos ... tiram cartas ... até terem 3 cartas na mão»."""
    b = current(state)
    for s in (b.attacker, b.defender):
        refill(state, s)
    nxt = b.attacker if state.result == "att" else b.defender
    start_turn(state, nxt)
