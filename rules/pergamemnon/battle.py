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
from .state import Battle, PergState


def current(state: PergState) -> Battle:
    """The battle being fought (called only while one is)."""
    b = state.battle
    assert b is not None, "no battle is being fought"
    return b


def weapon_msg(w: str) -> Msg:
    return msg(f"pergamemnon.weapon.{w}")


def begin(state: PergState, att: int, dfn: int) -> None:
    state.battle = Battle(att=att, dfn=dfn)
    state.phase = "attack"
    state.actor = att
    state.last = []
    state.last_sides = []
    say(state, "challenge", who=seat_msg(att), target=seat_msg(dfn))


def attack_card(state: PergState, cid: str) -> None:
    """The attacker declares the weapon and lays the card face down."""
    b = current(state)
    p = state.ps[b.att]
    p.hand.remove(cid)
    b.att_cards.append(cid)
    b.weapon = data.CARDS[cid].weapon
    state.phase = "defend"
    state.actor = b.dfn
    say(state, "declare", who=seat_msg(b.att), weapon=weapon_msg(b.weapon))


def defend_card(state: PergState, cid: str) -> None:
    """The defender's card; both are revealed together."""
    b = current(state)
    state.ps[b.dfn].hand.remove(cid)
    b.dfn_cards.append(cid)
    b.revealed = True
    b.agg = b.att
    b.stack = [cid]
    b.fresh = True
    a = b.att_cards[0]
    say(state, "reveal", att=seat_msg(b.att), acard=card_msg(a), dfn=seat_msg(b.dfn), dcard=card_msg(cid))
    state.hl = [a, cid]
    resolve(state)


def cards_of(b: Battle, seat: int) -> list[str]:
    return b.att_cards if seat == b.att else b.dfn_cards


def other(b: Battle, seat: int) -> int:
    return b.dfn if seat == b.att else b.att


def incoming(state: PergState) -> tuple[str, int]:
    b = current(state)
    cid = cards_of(b, b.agg)[-1]
    return data.CARDS[cid].weapon, attack_value(state, b.agg, cid)


def defence_total(state: PergState) -> int:
    b = current(state)
    w, _ = incoming(state)
    return sum(defence_value(state, other(b, b.agg), c, w) for c in b.stack)


def can_reinforce(state: PergState) -> bool:
    b = current(state)
    y = other(b, b.agg)
    return len(b.stack) < data.MAX_DEFENCE_CARDS and bool(state.ps[y].hand)


def resolve(state: PergState) -> None:
    """Runs the exchanges until a decision is needed or the battle is over."""
    b = current(state)
    while True:
        _, atk = incoming(state)
        y = other(b, b.agg)
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
            x = b.agg
            b.agg = y
            b.stack = [cards_of(b, x)[-1]]
            b.fresh = False
            continue
        if can_reinforce(state):
            state.phase = "reinforce"
            state.actor = y
            return
        say(state, "overwhelmed", who=seat_msg(y), dfn=dfn, atk=atk)
        finish(state, b.agg)
        return


def reinforce(state: PergState, cid: str | None) -> None:
    b = current(state)
    y = other(b, b.agg)
    if cid is None:
        say(state, "yield", who=seat_msg(y))
        finish(state, b.agg)
        return
    state.ps[y].hand.remove(cid)
    cards_of(b, y).append(cid)
    b.stack.append(cid)
    b.fresh = True
    state.hl = [cid]
    say(state, "reinforce", who=seat_msg(y), card=card_msg(cid), total=defence_total(state))
    resolve(state)


def finish(state: PergState, winner: int | None) -> None:
    """The spoils, the Nation cards, the Charisma card; then the winner places captured cards."""
    b = current(state)
    state.last = b.att_cards + b.dfn_cards
    state.last_sides = [b.att, b.dfn, len(b.att_cards)]
    state.pending = []
    if winner is None:
        for s in (b.att, b.dfn):
            state.ps[s].discard.extend(cards_of(b, s))
        state.result = "tie"
        state.winner, state.loser = -1, -1
        flip_inactive(state, b.att)
        gain_charisma(state, b.dfn)
    else:
        loser = other(b, winner)
        w, lp = state.ps[winner], state.ps[loser]
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
                if c.cha > 0:
                    state.pending.append(cid)
                else:
                    w.discard.append(cid)
                leader_captured(state, cid)
        state.result = "att" if winner == b.att else "dfn"
        state.winner, state.loser = winner, loser
        flip_inactive(state, loser)
        if winner == b.dfn:
            gain_charisma(state, winner)
    say(state, f"result_{state.result}", att=seat_msg(b.att), dfn=seat_msg(b.dfn))
    after_spoils(state)


def after_spoils(state: PergState) -> None:
    if state.pending:
        state.phase = "place"
        state.actor = state.winner
        return
    if check_end(state):
        return
    if state.loser >= 0 and state.ps[state.loser].hand:
        state.phase = "discard"
        state.actor = state.loser
        return
    close(state)


def place(state: PergState, to_city: bool) -> None:
    cid = state.pending.pop(0)
    w = state.ps[state.winner]
    if to_city:
        w.city.append(cid)
    else:
        w.discard.append(cid)
    say(state, "placed_city" if to_city else "placed_pile", who=seat_msg(state.winner), card=card_msg(cid))
    state.hl = [cid]
    after_spoils(state)


def discard(state: PergState, cid: str | None) -> None:
    p = state.ps[state.loser]
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
    for s in (b.att, b.dfn):
        refill(state, s)
    nxt = b.att if state.result == "att" else b.dfn
    start_turn(state, nxt)
