"""G0-G7. Phase 4: hunt tests and courtship.

The order of the tests (A4), hunt tests with ferocity, freezing, Alpha powers and inventions (G0,
G2), courtship (G1), success and contested cards (G3), predators and piracy (G4), trophies (G5),
hand cards (G6) and the biodiversity rule with the opportunistic hunt (G7).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from rules.core import Action, Event, action, msg, seat_msg

from . import coop, data, matrix
from .board import (
    _home,
    _once,
    alpha_power,
    babies,
    card_msg,
    draw,
    exp_elder,
    give_vocab,
    has_skill,
    is_alpha,
    kill,
    run_pending,
    say,
    slot_card,
    take_vocab,
    token_side,
)
from .matrix import is_matrix
from .moves import FirstSuitor, NextTest
from .state import BigGameKill, DiscsToFree, Lot, NeanderthalState, PendingTest


def roll_test(state: NeanderthalState, seat: int, toks: list[str], card: int) -> tuple[list[str], list[int], int]:
    """One hunt test: returns the survivors, the faces (after 3->1 changes) and the hits.  Each die
    is a Hunter's, with his own player's powers (a combined test of M3-A mixes players)."""
    b = data.BIOMES[card]
    powers: dict[int, tuple[bool, bool]] = {}
    faces, survivors = [], []
    for tagged in toks:
        side, tok = tagged.split(":")
        owner = int(side)
        p = state.tribes[owner]
        if owner not in powers:
            convert = any(
                not t.disc and data.hand_of(t.card)[0] == "I" and data.side_of(t.card)[0] == b.kind for t in p.tools
            )
            powers[owner] = (convert, exp_elder(p, 6) or has_skill(state, owner, "housewife"))
        convert, no_freeze = powers[owner]
        if is_alpha(tok) and alpha_power(p, b.kind):
            faces.append(1)
            survivors.append(tagged)
            continue
        f = state.rng.die()
        dead = (f in b.fer and not _once(state, owner, "herbal")) or (f in b.frz and not no_freeze)
        if f == 3 and (convert or (b.kind == "BIG" and _once(state, owner, "flint"))):
            faces.append(1)
        else:
            faces.append(f)
        if dead:
            kill(state, tok)
        else:
            survivors.append(tagged)
    hits = sum(1 for f in faces if f <= (2 if b.star else 1))
    return survivors, faces, hits


def _of_a_kind(faces: list[int]) -> int:
    return max((faces.count(v) for v in set(faces)), default=0)


def nearest_predators(state: NeanderthalState, slot: str) -> list[str]:
    if slot[0] == "M":
        return matrix.predators(state, slot)
    row, ice = (state.north, state.ice_north) if slot[0] == "N" else (state.south, state.ice_south)
    i = int(slot[1:])
    found = []
    for step in range(1, data.ROW_SIZE):
        for j in (i - step, i + step):
            if 0 <= j < data.ROW_SIZE and row[j] and not ice[j] and data.BIOMES[row[j]].pred:
                if _clear(ice, i, j):
                    found.append(f"{slot[0]}{j}")
        if found:
            return sorted(found, key=lambda s: data.BIOMES[slot_card(state, s)].clim)
    return []


def _clear(ice: list[bool], i: int, j: int) -> bool:
    lo, hi = sorted((i, j))
    return not any(ice[k] for k in range(lo + 1, hi))


def hunt(state: NeanderthalState, seat: int, slot: str, toks: list[str]) -> tuple[bool, list[str]]:
    """A hunt test on ``slot``; returns (success, survivors going home)."""
    ok, survivors, _ = _hunt(state, seat, slot, toks)
    return ok, survivors


def _hunt(state: NeanderthalState, seat: int, slot: str, toks: list[str]) -> tuple[bool, list[str], int]:
    """A hunt test on ``slot``: (success, survivors going home, hits).  After a successful big-game
    hunt the survivors move onto the nearest predator (G4): the kill and its trophy or hand card wait
    in ``state.kills_awaiting_predators`` until that predator's test (phase 4, step 3) settles piracy."""
    card = slot_card(state, slot)
    b = data.BIOMES[card]
    survivors, faces, hits = roll_test(state, seat, toks, card)
    ok = hits >= b.hits
    took = ""
    k = _of_a_kind(faces)
    if b.troph and k >= b.troph[1]:
        took = "troph"
    elif _hand_ok(state, seat, card, k, survivors):
        took = "hand"
    say(
        state,
        "neanderthal.ev.roll",
        seat=seat_msg(seat),
        card=card_msg(card),
        dice=" ".join(map(str, faces)) or "-",
        hits=hits,
        res=msg("neanderthal.res.ok" if ok else "neanderthal.res.fail"),
    )
    if slot[0] == "M":
        matrix.artifact(state, seat, slot, ok, faces)
    if ok and b.kind == "BIG" and survivors:
        predators = [at for at in nearest_predators(state, slot) if at not in state.eliminated]
        if predators:
            state.eliminated.append(slot)  # the first success wins the card: the others go home (G3-B)
            state.kills_awaiting_predators.append(BigGameKill(seat, slot, took, list(survivors), predators))
            _move_to(state, predators[0], survivors)
            return ok, [], hits
    if took == "hand" and not survivors:
        took = ""  # G6-C: no hand card after an annihilation
    if ok:
        _gain(state, seat, card)
        if took == "":
            state.eliminated.append(slot)
    if took:
        _take(state, seat, slot, took)
        if took == "hand" and not ok:
            state.opportunistic_slots.append(slot)  # G7: the others may hunt the replacement
    return ok, survivors, hits


def _move_to(state: NeanderthalState, pslot: str, movers: list[str]) -> None:
    """G4-A: Hunters move onto a predator card; its test comes with the other predators (A4 step 3)."""
    state.hunters.setdefault(pslot, []).extend(movers)
    if not any(test.kind == "h" and test.key == pslot for test in state.tests_to_roll):
        state.tests_to_roll.append(PendingTest("h", pslot, "2"))


def _after_predator(
    state: NeanderthalState, seat: int, pslot: str, hits: int | None, survivors: list[str]
) -> list[str]:
    """Settles the big-game kills of ``seat`` waiting on the predator at ``pslot`` after his test
    there (``hits`` None: the predator was already eliminated, so no piracy).  Returns the Hunters
    going home; those of a kill with a second, equally near predator move on to it."""
    home = list(survivors)
    waiting = state.kills_awaiting_predators
    for big_game in [k for k in waiting if k.seat == seat and k.predator_slots and k.predator_slots[0] == pslot]:
        alive = []
        for t in big_game.movers:
            if t in home:
                home.remove(t)
                alive.append(t)
        at = waiting.index(big_game)
        next_predators = [at for at in big_game.predator_slots[1:] if at not in state.eliminated]
        waiting[at] = big_game._replace(movers=alive, predator_slots=next_predators)
        if hits == 0:  # G4-B piracy: every gain of the big game is lost, the card stays
            del waiting[at]
            home += alive
            say(state, "neanderthal.ev.piracy", seat=seat_msg(seat), card=card_msg(slot_card(state, big_game.slot)))
            continue
        if next_predators and alive:
            _move_to(state, next_predators[0], alive)
            continue
        del waiting[at]
        home += alive
        _commit(state, seat, big_game.slot, big_game.taken, bool(alive))
    return home


def _commit(state: NeanderthalState, seat: int, slot: str, took: str, alive: bool) -> None:
    """The big-game kill survives its predators: Babies, discs, and the trophy or hand card."""
    if took == "hand" and not alive:
        took = ""  # G6-C: annihilation, predator attacks included
    _gain(state, seat, slot_card(state, slot))
    if took:
        _take(state, seat, slot, took)


def _hand_ok(state: NeanderthalState, seat: int, card: int, k: int, survivors: list[str]) -> bool:
    """G6: a tribal player with an experienced elder takes a D or I card into his hand when his test
    shows enough equal dice and a Hunter survives (Paintress and scenarios N1/N2 change the count)."""
    if state.sharing:  # M3-A: any participant may take it
        return any(_hand_ok_one(state, s, card, k, survivors) for s in state.sharing)
    return _hand_ok_one(state, seat, card, k, survivors)


def _hand_ok_one(state: NeanderthalState, seat: int, card: int, k: int, survivors: list[str]) -> bool:
    b = data.BIOMES[card]
    p = state.tribes[seat]
    if not (b.hand and p.tribal and any(not e.disc for e in p.elders.values()) and survivors):
        return False
    need = b.hand[1] - (1 if b.hand[0] == "D" and has_skill(state, seat, "paintress") else 0)
    if state.scenario == "hominids":
        need += 1  # N1: D and I cards need one more matching die
    elif state.scenario == "giant_wurm" and state.reshuffled:
        need -= 1  # N2: after the reshuffle, one fewer
    return k >= max(1, need)


def _gain(state: NeanderthalState, seat: int, card: int) -> None:
    b = data.BIOMES[card]
    if state.sharing:  # M3-A: the gains of a combined test are shared out
        if b.babies:
            _lot(state, "b", b.babies)
        for c in b.discs:
            _lot(state, "d", c)
        return
    n = b.babies + (1 if _once(state, seat, "midwife") else 0)
    got = babies(state, seat, n)
    if b.discs:
        state.releases.append(DiscsToFree(seat, b.discs))
    say(state, "neanderthal.ev.gain", seat=seat_msg(seat), n=got, d=len(b.discs))


def _take(state: NeanderthalState, seat: int, slot: str, how: str) -> None:
    card = slot_card(state, slot)
    p = state.tribes[seat]
    row = state.north if slot[0] == "N" else state.south
    i = int(slot[1:])
    state.eliminated.append(slot)
    if slot[0] == "M":
        matrix.take_card(state, slot, how)
    if state.sharing:
        _lot(state, "t" if how == "troph" else "h", card)
        return
    if how == "troph":
        p.trophies.append(card)
        if slot[0] != "M":
            row[i] = 0
        say(state, "neanderthal.ev.trophy", seat=seat_msg(seat), card=card_msg(card))
    else:
        p.hand.append(card)
        if slot[0] != "M":
            row[i] = draw(state, slot[0])
        state.events.append(Event(text=msg("neanderthal.ev.hand_private", card=card_msg(card)), seats=[seat]))
        say(state, "neanderthal.ev.hand", seat=seat_msg(seat))


def courtship(state: NeanderthalState, key: str, toks: list[str]) -> None:
    b, i = map(int, key.split("-"))
    board = state.tribes[b]
    w = board.wives[i]
    media = data.DAUGHTERS[w.card].media

    def order(t: str):
        s = token_side(t)
        if s == "f":
            return (1, 0, 0, 0)
        chosen = state.court[1:] if state.court[:1] == [key] else []
        first = chosen.index(s) if s in chosen else len(chosen)
        return (0, -sum(state.tribes[int(s)].vocab[c] for c in media), first, state.order.index(int(s)))

    contested = len({token_side(t) for t in toks}) > 1
    done = False
    for t in sorted(toks, key=order):
        side, tok = t.split(":")
        if done:
            _home(state, t)
            continue
        p = None if side == "f" else state.tribes[int(side)]
        auto = (
            p is not None
            and not w.discs
            and (
                has_skill(state, int(side), "singer")
                or (is_alpha(tok) and exp_elder(p, 4))
                or (int(side) == b and not contested and not w.husband)
            )
        )
        f = 0 if auto else state.rng.die()  # an automatic success needs no roll
        if f == 6:
            kill(state, tok)
            say(state, "neanderthal.ev.court_dead", card=card_msg(w.card))
            continue
        ok = (auto or f <= 2) and not w.discs
        if not ok:
            _home(state, t)
            continue
        done = True
        if p is not None and p.sex == "prom" and not has_skill(state, int(side), "piper"):
            if int(side) != b and state.dead.get(p.species, 0) > 0:
                state.dead[p.species] -= 1
                board.pool.append(p.species)
                say(state, "neanderthal.ev.court_refugee", seat=seat_msg(int(side)), card=card_msg(w.card))
            _home(state, t)
            continue
        own = p if p is not None and int(side) == b else None
        if own is not None and own.vocab["O"] <= 0:
            _home(state, t)
            continue
        if w.husband:
            # G1-E: the ex-Husband joins the board owner's unassigned tribesmen (a foreign one too)
            old, w.husband = w.husband, ""
            if w.husband_disc:
                give_vocab(board, w.husband_disc)
                w.husband_disc = ""
            board.pool.append(old)
        w.husband = tok
        if own is not None:
            take_vocab(own, "O")
            w.husband_disc = "O"
        say(
            state,
            "neanderthal.ev.married",
            card=card_msg(w.card),
            seat=seat_msg(int(side)) if side != "f" else msg("neanderthal.foreign"),
        )


def phase4_start(state: NeanderthalState) -> None:
    tests = []
    for key in list(state.suitors):
        contested = len({token_side(t) for t in state.suitors[key]}) > 1
        tests.append((1 if contested else 0, 0, "c", key))
    for sl, toks in state.hunters.items():
        if not toks:
            continue
        contested = len({token_side(t) for t in toks}) > 1
        pred = data.BIOMES[slot_card(state, sl)].pred
        tests.append((2 if pred else (1 if contested else 0), 1, "h", sl))
    state.tests_to_roll = [PendingTest(kind, key, str(cat)) for cat, _, kind, key in sorted(tests)]
    state.stage = "hunt"


def run_test(state: NeanderthalState, kind: str, key: str) -> None:
    if kind == "c":
        toks = state.suitors.pop(key, [])
        if toks:
            courtship(state, key, toks)
        return
    toks = state.hunters.pop(key, [])
    if is_matrix(state):  # L6-E: the Hunters stay on the card, and the Babies are born there

        def home(t: str) -> None:
            state.camp.setdefault(key, []).append(t)
    else:
        home = partial(_home, state)
    _hunt_card(state, key, toks, home)
    if is_matrix(state):
        for s, p in enumerate(state.tribes):
            state.camp.setdefault(key, []).extend(f"{s}:{t}" for t in p.pool)
            p.pool = []


def _hunt_card(state: NeanderthalState, key: str, toks: list[str], home: Callable[[str], None]) -> None:
    """The hunt tests of every player on a card, fewest Hunters first (A4)."""
    if not toks or not slot_card(state, key):
        for s in sorted({token_side(t) for t in toks}):
            for t in _after_predator(state, int(s), key, None, [t for t in toks if token_side(t) == s]):
                home(t)
        return
    if state.variant == "eve" and len({token_side(t) for t in toks}) > 1:
        _combined(state, key, toks, home)
        return
    sides = sorted(
        {token_side(t) for t in toks},
        key=lambda s: (
            0 if has_skill(state, int(s), "totem") else 1,
            sum(1 for t in toks if token_side(t) == s),
            state.order.index(int(s)),
        ),
    )
    for s in sides:
        group = [t for t in toks if token_side(t) == s]
        gone = key in state.eliminated  # a predator already hunted or taken steals nothing (G4-B)
        if key in state.opportunistic_slots and _opportunistic(state, int(s), key):
            state.opportunistic_slots.remove(key)
            state.eliminated.remove(key)
            say(state, "neanderthal.ev.opportunistic", seat=seat_msg(int(s)), card=card_msg(slot_card(state, key)))
        if key in state.eliminated or not slot_card(state, key):
            for t in _after_predator(state, int(s), key, None, group):
                home(t)
            continue
        _, survivors, hits = _hunt(state, int(s), key, group)
        for t in _after_predator(state, int(s), key, None if gone else hits, survivors):
            home(t)


def _combined(state: NeanderthalState, key: str, toks: list[str], home: Callable[[str], None]) -> None:
    """M3-A: the Hunters of several players on a card make one combined test (no fighting); its
    gains are shared out lot by lot (``state.lots_to_share``), then M3-B may assimilate a survivor with a
    partner's Husband (not after a predator's test)."""
    sides = sorted({token_side(t) for t in toks}, key=lambda s: state.order.index(int(s)))
    gone = key in state.eliminated
    if gone:
        for s in sides:
            for t in _after_predator(state, int(s), key, None, [t for t in toks if token_side(t) == s]):
                home(t)
        return
    predator = data.BIOMES[slot_card(state, key)].pred
    state.sharing = [int(s) for s in sides]
    state.sharing_at = key
    _, survivors, hits = _hunt(state, int(sides[0]), key, toks)
    for s in sides:
        for t in _after_predator(state, int(s), key, hits, [t for t in survivors if token_side(t) == s]):
            home(t)
    state.sharing = []
    if not predator:
        state.lots_to_share.append(Lot(int(sides[0]), "as", "", [int(s) for s in sides], key))


def _lot(state: NeanderthalState, kind: str, value: str | int) -> None:
    """A gain of a combined test waiting for its receiver."""
    state.lots_to_share.append(Lot(state.sharing[0], kind, value, list(state.sharing), state.sharing_at))


def _opportunistic(state: NeanderthalState, seat: int, slot: str) -> bool:
    """G7: a replacement card may be hunted if it is no (still inactive) predator and the skill
    prerequisites are met."""
    card = slot_card(state, slot)
    if not card or data.BIOMES[card].pred:
        return False
    p = state.tribes[seat]
    return all(p.vocab[c] >= data.BIOMES[card].prereq.count(c) for c in data.COLOURS)


def _owner(state: NeanderthalState, test: PendingTest) -> int | None:
    """The player who alone has tribesmen on an uncontested test (None for the foreign species)."""
    toks = state.suitors.get(test.key, []) if test.kind == "c" else state.hunters.get(test.key, [])
    sides = {token_side(t) for t in toks}
    if len(sides) != 1 or "f" in sides:
        return None
    return int(sides.pop())


def order_actions(state: NeanderthalState, owner: int | None = None) -> list[Action]:
    """The tests of the current step of A4 that may be rolled next (``owner``: only his own)."""
    step = state.tests_to_roll[0].step
    out = []
    for test in state.tests_to_roll:
        kind, key = test.kind, test.key
        if test.step != step or (owner is not None and _owner(state, test) != owner):
            continue
        if kind == "c":
            b, i = map(int, key.split("-"))
            label = msg("neanderthal.act.next_court", card=card_msg(state.tribes[b].wives[i].card))
        else:
            label = msg("neanderthal.act.next_hunt", card=card_msg(slot_card(state, key)))
        out.append(action(id=str(NextTest(kind, key)), style="primary", label=label))
    return out


def court_ties(state: NeanderthalState, key: str) -> list[str]:
    """G1-D "Se empatado, o pai da filha decide entre eles": the Suitors (by side) tied on the
    vocabulary in the daughter's bid media whose order the father has still to decide."""
    b, i = map(int, key.split("-"))
    media = data.DAUGHTERS[state.tribes[b].wives[i].card].media
    chosen = state.court[1:] if state.court[:1] == [key] else []
    sides = sorted({token_side(t) for t in state.suitors.get(key, [])} - {"f"} - set(chosen))
    by_words: dict[int, list[str]] = {}
    for side in sides:
        by_words.setdefault(sum(state.tribes[int(side)].vocab[c] for c in media), []).append(side)
    for words in sorted(by_words, reverse=True):
        if len(by_words[words]) > 1:
            return by_words[words]
    return []


def father_actions(state: NeanderthalState) -> list[Action]:
    return [
        action(id=str(FirstSuitor(side)), style="primary", label=msg("neanderthal.act.first", seat=seat_msg(int(side))))
        for side in court_ties(state, state.court[0])
    ]


def run_tests(state: NeanderthalState) -> bool:
    """Rolls the phase-4 tests in the order of A4; False while a player chooses (the order of his
    own tests, of the contested ones, a father the order of tied Suitors, a freed disc, a discard),
    True once every test is done and the cards are empty."""
    while True:
        if not coop.run_share(state) or not run_pending(state):
            return False
        if not state.tests_to_roll:
            break
        step = state.tests_to_roll[0].step
        same = [t for t in state.tests_to_roll if t.step == step]
        if not state.test_picked:
            owner = _owner(state, same[0])
            if step == "0" and owner is not None and sum(1 for t in same if _owner(state, t) == owner) > 1:
                # A4 step 1: "jogador rola em cada Corte ou Bioma ... sem disputa na ordem que quiser"
                state.phase = "order1"
                state.actor = owner
                return False
            if step != "0" and len(same) > 1 and state.players > 1:
                # A4: the first player chooses the order of contested and predator tests
                state.phase = "order4"
                state.actor = state.order[0]
                return False
        i = next((i for i, t in enumerate(state.tests_to_roll) if f"{t.kind}-{t.key}" == state.test_picked), 0)
        kind, key = state.tests_to_roll[i].kind, state.tests_to_roll[i].key
        if kind == "c" and court_ties(state, key):
            if state.court[:1] != [key]:
                state.court = [key]
            state.phase = "father"
            state.actor = int(key.split("-")[0])
            return False
        state.test_picked = ""
        state.tests_to_roll.pop(i)
        run_test(state, kind, key)
        state.court = []
    for toks in state.suitors.values():
        for t in toks:
            _home(state, t)
    state.suitors = {}
    state.hunters = {}
    if is_matrix(state):
        matrix.end_tests(state)
    return True
