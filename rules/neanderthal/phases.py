"""The six phases of a NEANDERTHAL turn (rulebook A1, D-I) and the decisions they ask for.

Every choice the rules give a player is a decision (``state.phase``): sexuality side, war council,
chaos and blizzard losses, sexuality flip, Refugee hosts, bids and the colours paid, allocation one
tribesman at a time, negotiation and its answers, attack victims, the order of contested tests,
freed discs, discards, the species action.  Automatic steps run between decisions; a decision
inside phases 1, 3, 4 or 5 stores where play resumes (``state.stage``, ``resume``).
"""

from __future__ import annotations

from rules.core import Action, Event, IllegalAction, Msg, cached_legal, msg, seat_msg

from . import data as D
from .state import Elder, NeanderthalState, Player, Tool, Wife

# ---------------------------------------------------------------------------------- helpers


def say(state: NeanderthalState, key: str, **params) -> None:
    state.events.append(Event(text=msg(key, **params)))


def card_msg(card: int) -> Msg:
    return msg(f"neanderthal.card.{card}")


def seat_of(state: NeanderthalState, colour: str) -> int | None:
    for i, sp in enumerate(state.seats):
        if sp == colour:
            return i
    return None


def is_alpha(tok: str) -> bool:
    return tok.endswith("a")


def is_refugee(p: Player, tok: str) -> bool:
    return tok[0] != p.species


def exp_elder(p: Player, rank: int) -> bool:
    e = p.elders.get(str(rank))
    return e is not None and not e.disc


def vocab_total(p: Player) -> int:
    return sum(p.vocab.values())


def wife_active(state: NeanderthalState, board: int, w: Wife) -> bool:
    """An experienced daughter's skills work (a Pair-bonding father also needs her married)."""
    if w.discs:
        return False
    if state.ps[board].sex == "pair" and not w.husband:
        return False
    return True


def has_skill(state: NeanderthalState, seat: int, skill: str) -> bool:
    sp = state.ps[seat].species
    for b, p in enumerate(state.ps):
        for w in p.wives:
            if D.DAUGHTERS[w.card].skill != skill or not wife_active(state, b, w):
                continue
            if b == seat or (w.husband and w.husband[0] == sp):
                return True
    return False


def alpha_power(p: Player, kind: str) -> bool:
    rank = {"BIG": 3, "CLUB": 4, "SMALL": 5}[kind]
    return exp_elder(p, rank)


def has_weapon(p: Player) -> bool:
    return any(not t.disc and D.BIOMES[t.card].side and D.BIOMES[t.card].hand[0] == "I"
               and D.BIOMES[t.card].side[1] for t in p.tools)


def hand_size(p: Player) -> int:
    return sum(1 for e in p.elders.values() if not e.disc) if p.tribal else 0


def take_vocab(p: Player, colour: str) -> None:
    if p.vocab.get(colour, 0) <= 0:
        raise IllegalAction("neanderthal.err.no_disc")
    p.vocab[colour] -= 1


def give_vocab(p: Player, colour: str) -> None:
    p.vocab[colour] = p.vocab.get(colour, 0) + 1


def kill(state: NeanderthalState, tok: str) -> None:
    """A tribesman goes to the dead pile of his colour."""
    if is_alpha(tok):
        state.dead_alpha.append(tok[0])
    else:
        state.dead[tok[0]] = state.dead.get(tok[0], 0) + 1


def babies(state: NeanderthalState, seat: int, n: int) -> int:
    """Adds up to ``n`` Babies from the dead pile (the Alpha may be one of them)."""
    p = state.ps[seat]
    got = 0
    for _ in range(n):
        if state.dead.get(p.species, 0) > 0:
            state.dead[p.species] -= 1
            p.pool.append(p.species)
        elif p.species in state.dead_alpha:
            state.dead_alpha.remove(p.species)
            p.pool.append(p.species + "a")
        else:
            break
        got += 1
    return got


RELEASE_RANKS = ("6", "1", "3", "4", "5", "2")


def _release(state: NeanderthalState, seat: int, colour: str) -> bool:
    """Releases one dedicated disc of ``colour`` (an elder first, then a Husband, a daughter, a tool)."""
    p = state.ps[seat]
    for r in RELEASE_RANKS:
        e = p.elders.get(r)
        if e and e.disc == colour:
            e.disc = ""
            give_vocab(p, colour)
            return True
    for w in p.wives:
        if w.hdisc == colour:
            w.hdisc = ""
            give_vocab(p, colour)
            return True
    for w in p.wives:
        if colour in w.discs:
            w.discs = w.discs.replace(colour, "", 1)
            give_vocab(p, colour)
            return True
    for t in p.tools:
        if t.disc == colour:
            t.disc = ""
            give_vocab(p, colour)
            return True
    return False


def remove_elder(state: NeanderthalState, seat: int, rank: str) -> None:
    p = state.ps[seat]
    e = p.elders.pop(rank)
    if e.disc:
        give_vocab(p, e.disc)
    kill(state, e.token)


def remove_wife(state: NeanderthalState, seat: int, idx: int) -> None:
    """A daughter leaves the game: her discs go back, her Husband becomes unassigned."""
    p = state.ps[seat]
    w = p.wives.pop(idx)
    for c in w.discs:
        give_vocab(p, c)
    if w.husband:
        _husband_home(state, seat, w)
    state.removed.append(w.card)
    # suitor keys index wives: move the ones after idx
    new = {}
    for key, toks in state.suitors.items():
        b, i = map(int, key.split("-"))
        if b == seat and i == idx:
            for tt in toks:
                _home(state, tt)
            continue
        if b == seat and i > idx:
            i -= 1
        new[f"{b}-{i}"] = toks
    state.suitors = new


def _husband_home(state: NeanderthalState, board: int, w: Wife) -> None:
    hs = seat_of(state, w.husband[0])
    if w.hdisc:
        give_vocab(state.ps[board], w.hdisc)
    if hs is not None:
        state.ps[hs].pool.append(w.husband)
    else:
        foreign_back(state, w.husband)  # the foreign species of the solitaire takes him back
    w.husband = ""
    w.hdisc = ""


def _home(state: NeanderthalState, tagged: str) -> None:
    seat, tok = tagged.split(":")
    if seat == "f":
        foreign_back(state, tok)
    else:
        state.ps[int(seat)].pool.append(tok)


def foreign_back(state: NeanderthalState, tok: str) -> None:
    """K2: a living foreign tribesman returns to his pile (the dead pile in the Portuguese K2)."""
    if state.level == "pt":
        kill(state, tok)
    else:
        state.foreign_left += 1


def frozen(state: NeanderthalState) -> bool:
    north = any(c and not ice for c, ice in zip(state.north, state.ice_n, strict=True))
    south = any(c and not ice for c, ice in zip(state.south, state.ice_s, strict=True))
    return not north and not south


def draw(state: NeanderthalState, row: str) -> int:
    first, other = (state.deck_n, state.deck_s) if row == "N" else (state.deck_s, state.deck_n)
    if first:
        return first.pop(0)
    if other:
        return other.pop(0)
    return 0


def slot_card(state: NeanderthalState, slot: str) -> int:
    row = state.north if slot[0] == "N" else state.south
    ice = state.ice_n if slot[0] == "N" else state.ice_s
    i = int(slot[1:])
    return 0 if ice[i] else row[i]


def slots(state: NeanderthalState) -> list[str]:
    """Every slot holding a huntable (face-up) biome."""
    return [f"{r}{i}" for r in "NS" for i in range(D.ROW_SIZE) if slot_card(state, f"{r}{i}")]


# --------------------------------------------------------------------------------- phase 1

def convert_at(state: NeanderthalState) -> int:
    return D.N1_CONVERT if state.scenario == "hominids" else D.CONVERT_AT[state.players]


def start_turn(state: NeanderthalState) -> None:
    if not state.event_deck and state.scenario == "giant_wurm" and not state.reshuffled and not state.frozen:
        # N2: after the 21st card the discarded event cards are reshuffled; 5 make a new deck
        discards = state.rng.shuffled([c for c in state.removed if c in D.DAUGHTERS])
        state.removed = [c for c in state.removed if c not in D.DAUGHTERS]
        state.event_deck, state.event_aside = discards[:5], discards[5:]
        state.reshuffled = True
        if state.event_deck:
            say(state, "neanderthal.ev.reshuffle")
    if not state.event_deck and state.variant == "k2" and not state.k2_asked and state.event_aside \
            and not state.frozen:
        # K2 B: when the 8 cards (and any Würm) have run out, 1-3 random event cards may be added
        state.k2_asked = True
        state.phase = "k2more"
        state.actor = 0
        return
    if not state.event_deck or state.frozen:
        end_game(state)
        return
    state.turn += 1
    state.portals_then = {str(s): list(p.portals) for s, p in enumerate(state.ps)}
    state.elim = []
    state.opp = []
    state.used = []
    state.losses = {}
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
    resolve_queue(state)


def council_actions(state: NeanderthalState) -> list[Action]:
    from itertools import permutations
    out = []
    for perm in permutations(sorted(state.order)):
        seats = {k: seat_msg(s) for k, s in zip("abc", perm, strict=False)}
        out.append(Action(id="ord-" + "".join(map(str, perm)), style="primary",
                          label=msg(f"neanderthal.act.order{len(perm)}", **seats)))
    return out


def resolve_queue(state: NeanderthalState) -> None:
    while True:
        if state.tasks and not run_tasks(state):
            return
        if not run_pending(state):  # a lost elder shrinks the hand
            state.stage = "events"
            return
        if state.after == "chaos":
            state.after = ""
            state.pending = [s for s in state.order if str(s) in state.losses and can_flip(state.ps[s])]
            if state.pending:
                state.phase = "flip"
                state.actor = state.pending[0]
                return
        state.after = ""
        if frozen(state):
            state.frozen = True
        if not state.queue:
            break
        icon, n = state.queue.pop(0)
        if icon == "cool":
            cooling(state)
        elif icon == "warm":
            warming(state)
        elif icon == "wurm":
            if state.event_aside:
                extra = state.event_aside.pop(state.rng.below(len(state.event_aside)))
                state.event_deck.append(extra)
                say(state, "neanderthal.ev.wurm")
        elif icon == "skull":
            elder_death(state, n)
        elif icon == "bliz":
            blizzard(state)
        elif icon == "chaos":
            chaos(state)
            state.after = "chaos"
        elif icon == "ref":
            if refugee(state, n):
                return
    start_auction(state)


# -- losses the owner chooses (chaos D4, blizzard D5) ------------------------------------------

def dependents(p: Player) -> list[str]:
    """Action ids of every dependent (D5-A): elders, daughters not married to an experienced Husband,
    domestic animals."""
    out = [f"le-{r}" for r in sorted(p.elders)]
    out += [f"lw-{i}" for i, w in enumerate(p.wives) if not w.husband or w.hdisc]
    out += [f"ld-{i}" for i, t in enumerate(p.tools) if D.BIOMES[t.card].hand[0] == "D"]
    return out


def lose_options(state: NeanderthalState, seat: int, kind: str) -> list[str]:
    p = state.ps[seat]
    if kind == "pool":
        out = []
        if p.species in p.pool:
            out.append("lt")
        if p.species + "a" in p.pool:
            out.append("la")
        out += sorted({f"lr-{t}" for t in p.pool if is_refugee(p, t)})
        return out
    if kind == "elder":
        return [f"le-{r}" for r in sorted(p.elders)]
    return dependents(p)


def run_tasks(state: NeanderthalState) -> bool:
    """Applies the pending losses; False when a player must choose one."""
    while state.tasks:
        seat, kind, n = state.tasks[0]
        opts = lose_options(state, seat, kind)
        if n <= 0 or not opts:
            state.tasks.pop(0)
            continue
        if len(opts) == 1:
            apply_loss(state, seat, opts[0])
            continue
        state.phase = "lose"
        state.actor = seat
        return False
    return True


def apply_loss(state: NeanderthalState, seat: int, aid: str) -> None:
    p = state.ps[seat]
    state.tasks[0][2] -= 1
    if aid in ("lt", "la") or aid.startswith("lr-"):
        tok = p.species if aid == "lt" else p.species + "a" if aid == "la" else aid[3:]
        p.pool.remove(tok)
        kill(state, tok)
        # any loss allows the sexuality flip (D4-C); a lost Refugee is not one of the player's own
        # tribesmen for the Refugee icon (D6)
        state.losses[str(seat)] = state.losses.get(str(seat), 0) + (0 if is_refugee(p, tok) else 1)
        say(state, "neanderthal.ev.lost", seat=seat_msg(seat), what=msg(f"neanderthal.lost.{aid[:2]}"))
    elif aid.startswith("le-"):
        remove_elder(state, seat, aid[3:])
        if state.tasks[0][1] == "elder":
            state.losses.setdefault(str(seat), 0)
        say(state, "neanderthal.ev.lost", seat=seat_msg(seat), what=msg(f"neanderthal.rank.{aid[3:]}"))
    elif aid.startswith("lw-"):
        card = p.wives[int(aid[3:])].card
        remove_wife(state, seat, int(aid[3:]))
        say(state, "neanderthal.ev.lost", seat=seat_msg(seat), what=card_msg(card))
    else:
        tl = p.tools.pop(int(aid[3:]))
        if tl.disc:
            give_vocab(p, tl.disc)
        state.removed.append(tl.card)
        say(state, "neanderthal.ev.lost", seat=seat_msg(seat), what=card_msg(tl.card))
    if state.tasks[0][2] <= 0:
        state.tasks.pop(0)


def loss_actions(state: NeanderthalState, seat: int) -> list[Action]:
    p = state.ps[seat]
    out = []
    for aid in lose_options(state, seat, state.tasks[0][1]):
        if aid in ("lt", "la") or aid.startswith("lr-"):
            label = msg(f"neanderthal.lost.{aid[:2]}")
        elif aid.startswith("le-"):
            label = msg(f"neanderthal.rank.{aid[3:]}")
        elif aid.startswith("lw-"):
            label = card_msg(p.wives[int(aid[3:])].card)
        else:
            label = card_msg(p.tools[int(aid[3:])].card)
        out.append(Action(id=aid, label=label, style="danger"))
    return out


def _lowest(row: list[int], ice: list[bool]) -> int | None:
    best = None
    for i, c in enumerate(row):
        if c and not ice[i] and (best is None or D.BIOMES[c].clim < D.BIOMES[row[best]].clim):
            best = i
    return best


def cooling(state: NeanderthalState) -> None:
    new = draw(state, "N")
    if not new:
        return
    j = _lowest(state.north, state.ice_n)
    if j is not None:
        moved = state.north[j]
        state.north[j], state.ice_n[j] = new, True
        if state.south[j]:
            state.removed.append(state.south[j])
        state.south[j], state.ice_s[j] = moved, False
        say(state, "neanderthal.ev.cool", card=card_msg(moved))
        state.last += [f"N{j}", f"S{j}"]
        return
    empty = [i for i, c in enumerate(state.north) if not c]
    if empty:
        state.north[empty[0]], state.ice_n[empty[0]] = new, True
        say(state, "neanderthal.ev.ice")
        return
    empty = [i for i, c in enumerate(state.south) if not c]
    j = empty[0] if empty else _lowest(state.south, state.ice_s)
    if j is None:
        state.removed.append(new)
        return
    if state.south[j]:
        state.removed.append(state.south[j])
    state.south[j], state.ice_s[j] = new, True
    say(state, "neanderthal.ev.ice")


def warming(state: NeanderthalState) -> None:
    new = draw(state, "S")
    if not new:
        return
    j = _lowest(state.south, state.ice_s)
    if j is None:
        empty = [i for i, c in enumerate(state.south) if not c]
        if not empty:
            state.removed.append(new)
        else:
            state.south[empty[0]] = new
    else:
        moved = state.south[j]
        state.south[j] = new
        state.last += [f"S{j}", f"N{j}"]
        if not state.north[j]:
            state.north[j] = moved
        elif state.ice_n[j]:
            state.ice_n[j] = False
            state.removed.append(moved)
        else:
            state.removed.append(state.north[j])
            state.north[j] = moved
        say(state, "neanderthal.ev.warm", card=card_msg(moved))
    for i in range(D.ROW_SIZE):  # glacial melt
        state.ice_s[i] = False


def elder_death(state: NeanderthalState, n: int) -> None:
    for s in state.order:
        rolled = sorted({state.rng.die() for _ in range(n)})
        for r in rolled:
            if str(r) in state.ps[s].elders:
                remove_elder(state, s, str(r))
                say(state, "neanderthal.ev.elder_dies", seat=seat_msg(s), rank=msg(f"neanderthal.rank.{r}"))


def chaos(state: NeanderthalState) -> None:
    for s in state.order:
        p = state.ps[s]
        u = len(p.pool)
        vocab = vocab_total(p) + (2 if has_skill(state, s, "laughing") else 0)
        if u <= vocab or (p.tribal and exp_elder(p, 1)):
            say(state, "neanderthal.ev.immune", seat=seat_msg(s))
            continue
        fire = exp_elder(p, 6)
        n = u // 2 if fire else (u + 1) // 2
        if has_skill(state, s, "fashion"):
            n = max(0, n - 1)
        elder = not fire and bool(p.elders)
        if n:
            state.tasks.append([s, "pool", n])
        if elder:
            state.tasks.append([s, "elder", 1])
        say(state, "neanderthal.ev.chaos", seat=seat_msg(s), n=n, e=1 if elder else 0)


def can_flip(p: Player) -> bool:
    other = _other_side(p)
    need = D.MPI[other]
    free = dict(p.vocab)
    for c in D.MPI[p.sex]:
        free[c] += 1
    return all(free[c] >= need.count(c) for c in set(need))


def _other_side(p: Player) -> str:
    a, b = D.SEX_CARDS[p.sex_card]
    return b if p.sex == a else a


def flip(p: Player) -> None:
    for c in p.mpi:
        give_vocab(p, c)
    p.sex = _other_side(p)
    p.mpi = D.MPI[p.sex]
    for c in p.mpi:
        take_vocab(p, c)


def lazarus(state: NeanderthalState, seat: int) -> bool:
    """J1: a species whose tribesmen are all dead takes no Refugees (it still bids and scores)."""
    sp = state.ps[seat].species
    return state.dead.get(sp, 0) >= D.TRIBESMEN and sp in state.dead_alpha


def refugee(state: NeanderthalState, n: int) -> bool:
    """Resolves winged-eye icons; True when a player must choose the Refugees' host."""
    if state.variant == "k2":
        if ("0" not in state.losses or state.losses["0"] == 0) and not lazarus(state, 0):
            k = take_foreign(state, n)
            state.ps[0].pool += [state.foreign] * k
            if k:
                say(state, "neanderthal.ev.foreign_ref", n=k)
        return False
    best, most = None, 0
    for s in state.order:
        lost = state.losses.get(str(s), 0)
        if lost > most:
            best, most = s, lost
    if best is None:
        return False
    sp = state.ps[best].species
    k = min(n, state.dead.get(sp, 0))
    if not k:
        return False
    others = [s for s in range(state.players) if s != best and not lazarus(state, s)]
    if not others:
        return False
    if len(others) == 1:
        state.dead[sp] -= k
        state.ps[others[0]].pool += [sp] * k
        say(state, "neanderthal.ev.refugee", seat=seat_msg(best), n=k, to=seat_msg(others[0]))
        return False
    state.refugees = k
    state.ref_from = best
    state.phase = "refugee"
    state.actor = best
    return True


def take_foreign(state: NeanderthalState, n: int) -> int:
    """K2: up to ``n`` foreign tribesmen from their pile (English levels) or the dead pile."""
    if state.level == "pt":
        k = min(n, state.dead.get(state.foreign, 0))
        state.dead[state.foreign] = state.dead.get(state.foreign, 0) - k
    else:
        k = min(n, state.foreign_left)
        state.foreign_left -= k
    return k


def blizzard(state: NeanderthalState) -> None:
    for s in state.order:
        p = state.ps[s]
        u = len(p.pool)
        support = u if has_skill(state, s, "whisperer") else u // 2
        if has_skill(state, s, "seamstress"):
            support += 1
        excess = len(dependents(p)) - support
        if excess > 0:
            state.tasks.append([s, "dep", excess])
            say(state, "neanderthal.ev.blizzard", seat=seat_msg(s), n=excess)


# ------------------------------------------------------------------------- auction (D7)

def bidders(state: NeanderthalState) -> list[int]:
    media = D.DAUGHTERS[state.event_card].media
    out = []
    for s in state.order:
        p = state.ps[s]
        if (not p.tribal or p.sex == "harem") and sum(p.vocab[c] for c in media) > 0:
            out.append(s)
    return out


def bid_value(state: NeanderthalState, seat: int, n: int) -> int:
    return n if state.ps[seat].tribal else 2 * n  # a tribal Harem bid counts half


def bid_key(state: NeanderthalState, seat: int, n: int) -> tuple:
    caring = has_skill(state, seat, "caring")
    return (bid_value(state, seat, n), caring, -state.order.index(seat))


def leader(state: NeanderthalState) -> int | None:
    if not state.bids:
        return None
    return max((int(s) for s in state.bids), key=lambda s: bid_key(state, s, state.bids[str(s)]))


def start_auction(state: NeanderthalState) -> None:
    card = state.event_card
    if state.variant == "k2":
        p = state.ps[0]
        if len(p.wives) < D.K2_DAUGHTERS:
            p.wives.append(Wife(card=card))
            say(state, "neanderthal.ev.k2_daughter", card=card_msg(card))
        elif any(not w.husband for w in p.wives):
            # K2 D: at the limit, an unmarried daughter may make room for the new one.
            state.phase = "k2swap"
            state.actor = 0
            return
        else:
            state.removed.append(card)
        start_alloc(state)
        return
    state.bids = {}
    state.out = []
    state.cur = -1
    if not bidders(state):
        state.removed.append(card)
        say(state, "neanderthal.ev.no_bid", card=card_msg(card))
        start_alloc(state)
        return
    state.phase = "auction"
    next_bidder(state)


def max_bid(state: NeanderthalState, seat: int) -> int:
    media = D.DAUGHTERS[state.event_card].media
    return sum(state.ps[seat].vocab[c] for c in media)


def bid_options(state: NeanderthalState, seat: int) -> list[int]:
    lead = leader(state)
    out = []
    for n in range(1, max_bid(state, seat) + 1):
        if lead is None or bid_key(state, seat, n) > bid_key(state, lead, state.bids[str(lead)]):
            out.append(n)
    return out


def next_bidder(state: NeanderthalState) -> None:
    order = bidders(state)
    lead = leader(state)
    n = len(order)
    start = order.index(state.actor) + 1 if state.cur >= 0 and state.actor in order else 0
    for k in range(n):
        s = order[(start + k) % n]
        if s in state.out or s == lead:
            continue
        if not bid_options(state, s):
            state.out.append(s)
            continue
        state.actor = s
        state.cur = 0
        return
    end_auction(state)


def end_auction(state: NeanderthalState) -> None:
    card = state.event_card
    lead = leader(state)
    if lead is None:
        state.removed.append(card)
        say(state, "neanderthal.ev.no_bid", card=card_msg(card))
    else:
        p = state.ps[lead]
        n = state.bids[str(lead)]
        p.wives.append(Wife(card=card))
        say(state, "neanderthal.ev.won", seat=seat_msg(lead), card=card_msg(card), n=n)
        state.last = [f"W{lead}"]
        state.to_pay = n
        state.actor = lead
        if not continue_pay(state):
            return
    state.bids = {}
    start_alloc(state)


def pay_options(state: NeanderthalState) -> list[str]:
    p = state.ps[state.actor]
    return [c for c in D.DAUGHTERS[state.event_card].media if p.vocab[c] > 0]


def continue_pay(state: NeanderthalState) -> bool:
    """The winner puts the discs he bid on the daughter, choosing their colours; False while he chooses."""
    p = state.ps[state.actor]
    while state.to_pay > 0:
        opts = pay_options(state)
        if len(opts) > 1:
            state.phase = "pay"
            return False
        take_vocab(p, opts[0])
        p.wives[-1].discs += opts[0]
        state.to_pay -= 1
    return True


def apply_pay(state: NeanderthalState, seat: int, colour: str) -> None:
    p = state.ps[seat]
    take_vocab(p, colour)
    p.wives[-1].discs += colour
    state.to_pay -= 1
    if continue_pay(state):
        state.bids = {}
        start_alloc(state)


def k2_swap_actions(state: NeanderthalState) -> list[Action]:
    p = state.ps[0]
    out = [Action(id=f"swap-{i}", label=msg("neanderthal.act.k2swap", old=card_msg(w.card),
                                            new=card_msg(state.event_card)))
           for i, w in enumerate(p.wives) if not w.husband]
    out.append(Action(id="keep", label=msg("neanderthal.act.k2keep")))
    return out


# ---------------------------------------------------------------------- allocation (E)

def start_alloc(state: NeanderthalState) -> None:
    state.phase = "alloc"
    state.cur = 0
    state.actor = state.order[0]
    state.hunters = {}
    state.suitors = {}
    for s, p in enumerate(state.ps):
        if not any(not is_refugee(p, t) for t in p.pool) and _recallable(state, s):
            state.used.append(f"{s}:extinct")


def _recallable(state: NeanderthalState, seat: int) -> list[str]:
    """Near-extinction exception (E4-B): Elders and Husbands that may come back unassigned."""
    p = state.ps[seat]
    out = [f"rc-e{r}" for r in sorted(p.elders)]
    for b, q in enumerate(state.ps):
        for i, w in enumerate(q.wives):
            if w.husband and w.husband[0] == p.species:
                out.append(f"rc-h{b}-{i}")
    return out


def recall_actions(state: NeanderthalState, seat: int) -> list[Action]:
    if f"{seat}:extinct" not in state.used or state.used.count(f"{seat}:recall") >= 2:
        return []
    out = []
    for aid in _recallable(state, seat):
        if aid.startswith("rc-e"):
            label = msg("neanderthal.act.recall", what=msg(f"neanderthal.rank.{aid[4:]}"))
        else:
            b, i = map(int, aid[4:].split("-"))
            label = msg("neanderthal.act.recall", what=msg("neanderthal.place.husband",
                                                          card=card_msg(state.ps[b].wives[i].card)))
        out.append(Action(id=aid, label=label, group=msg("neanderthal.grp.elders")))
    return out


def apply_recall(state: NeanderthalState, seat: int, aid: str) -> None:
    p = state.ps[seat]
    state.used.append(f"{seat}:recall")
    if aid.startswith("rc-e"):
        e = p.elders.pop(aid[4:])
        if e.disc:
            give_vocab(p, e.disc)
        p.pool.append(e.token)
    else:
        b, i = map(int, aid[4:].split("-"))
        w = state.ps[b].wives[i]
        _husband_home(state, b, w)
    say(state, "neanderthal.ev.recall", seat=seat_msg(seat))


def hunted_prereq(state: NeanderthalState, seat: int, extra: str | None = None) -> dict[str, int]:
    need = {c: 0 for c in D.COLOURS}
    where = {k for k, toks in state.hunters.items() if any(t.startswith(f"{seat}:") for t in toks)}
    if extra:
        where.add(extra)
    tracker = has_skill(state, seat, "tracker")
    for k in where:
        for c in D.BIOMES[slot_card(state, k)].prereq:
            if not (tracker and c == "W"):
                need[c] += 1
    return need


def can_hunt(state: NeanderthalState, seat: int, slot: str) -> bool:
    need = hunted_prereq(state, seat, slot)
    p = state.ps[seat]
    return all(p.vocab[c] >= need[c] for c in D.COLOURS)


def can_promote(state: NeanderthalState, seat: int, rank: int) -> bool:
    p = state.ps[seat]
    if str(rank) in p.elders or (not p.tribal and rank not in D.MAX_RANK_VOCAL):
        return False
    if not exp_elder(p, 6) and p.vocab[D.RANK_COLOUR[rank]] <= 0:
        return False
    if not p.tribal and rank in D.RANK_DOMAIN:
        dom = D.RANK_DOMAIN[rank]
        colours = {pt.split("-")[1] for pt in p.portals if dom in D.PORTALS[pt.split("-")[0]]}
        if not {"O", "W", "B"} <= colours:
            return False
    return True


def wife_slots(state: NeanderthalState) -> list[tuple[int, int]]:
    return [(b, i) for b, p in enumerate(state.ps) for i in range(len(p.wives))]


def alloc_actions(state: NeanderthalState, seat: int) -> list[Action]:
    p = state.ps[seat]
    acts: list[Action] = []
    plain = p.species in p.pool
    alpha = p.species + "a" in p.pool
    refugee = any(is_refugee(p, t) for t in p.pool)
    g_h, g_e, g_s, g_sa = (msg("neanderthal.grp.hunters"), msg("neanderthal.grp.elders"),
                           msg("neanderthal.grp.suitor"), msg("neanderthal.grp.suitor_alpha"))
    huntable = [sl for sl in slots(state) if can_hunt(state, seat, sl)]
    for kind, ok, grp in (("h", plain, g_h), ("ha", alpha, g_e)):
        if not ok:
            continue
        for sl in huntable:
            acts.append(Action(id=f"{kind}-{sl}", group=grp, style="primary",
                               label=msg("neanderthal.act.hunt", card=card_msg(slot_card(state, sl)),
                                         who=msg(f"neanderthal.tok.{kind}"))))
    for kind, ok in (("h", plain), ("ha", alpha)):
        if not ok:
            continue
        for r in D.RANKS:
            if can_promote(state, seat, r):
                acts.append(Action(id=f"e{kind[1:]}-{r}", group=g_e, style="success",
                                   label=msg("neanderthal.act.elder", rank=msg(f"neanderthal.rank.{r}"),
                                             who=msg(f"neanderthal.tok.{kind}"))))
    if refugee:
        for sl in slots(state):
            if any(t.startswith(f"{seat}:") and not is_refugee(p, t.split(":")[1])
                   for t in state.hunters.get(sl, [])):
                acts.append(Action(id=f"hr-{sl}", group=g_h,
                                   label=msg("neanderthal.act.hunt", card=card_msg(slot_card(state, sl)),
                                             who=msg("neanderthal.tok.hr"))))
    for kind, ok, grp in (("s", plain, g_s), ("sa", alpha, g_sa)):
        if not ok:
            continue
        n = 0
        for b, i in wife_slots(state):
            key = f"{b}-{i}"
            if any(t.startswith(f"{seat}:") for t in state.suitors.get(key, [])) or n >= 25:
                continue
            n += 1
            acts.append(Action(id=f"{kind}-{key}", group=grp,
                               label=msg("neanderthal.act.suitor", card=card_msg(state.ps[b].wives[i].card),
                                         seat=seat_msg(b), who=msg(f"neanderthal.tok.{kind}"))))
    acts += swap_actions(state, seat, g_e)
    acts += recall_actions(state, seat)
    if p.sex == "harem":  # E4-A Sultan exception
        for i, w in enumerate(p.wives):
            if not w.husband or w.husband[0] != p.species:
                continue
            for j, x in enumerate(p.wives):
                if j != i and not x.husband and not x.discs:
                    acts.append(Action(id=f"sul-{i}-{j}", group=g_e, label=msg(
                        "neanderthal.act.sultan", a=card_msg(w.card), b=card_msg(x.card))))
    acts.append(Action(id="done", group=g_h, label=msg("core.done"), style="danger"))
    return _pack(acts)


def _pack(acts: list[Action]) -> list[Action]:
    """Keeps a long decision within 4 menus of 25: if the named groups do not fit, the choices are
    cut into numbered menus in their order."""
    if len(acts) <= 20:
        return acts
    sizes: dict[str, int] = {}
    for a in acts:
        k = a.group.key if a.group else ""
        sizes[k] = sizes.get(k, 0) + 1
    if sum(-(-n // 25) for n in sizes.values()) <= 4:
        return acts
    if len(acts) > 100:
        acts = [*acts[:99], acts[-1]]  # the last choice (done / pass) stays
    return [a.model_copy(update={"group": msg("neanderthal.grp.more", n=i // 25 + 1)}) for i, a in enumerate(acts)]


def swap_actions(state: NeanderthalState, seat: int, group: Msg | None = None) -> list[Action]:
    """B4 Alpha-Hunter swap (with an elder of rank 3, 4 or 5): a dead or permanently allocated Alpha
    changes places with an unassigned tribesman."""
    p = state.ps[seat]
    if p.species not in p.pool or not any(str(r) in p.elders for r in (3, 4, 5)):
        return []
    out = []
    if p.species in state.dead_alpha:
        out.append(Action(id="swap", group=group, label=msg("neanderthal.act.swap")))
    for r, e in sorted(p.elders.items()):
        if is_alpha(e.token):
            out.append(Action(id=f"swape-{r}", group=group, label=msg(
                "neanderthal.act.swap_from", what=msg(f"neanderthal.rank.{r}"))))
    for b, q in enumerate(state.ps):
        for i, w in enumerate(q.wives):
            if w.husband == p.species + "a":
                out.append(Action(id=f"swaph-{b}-{i}", group=group, label=msg(
                    "neanderthal.act.swap_from", what=msg("neanderthal.place.husband", card=card_msg(w.card)))))
    return out


def apply_swap(state: NeanderthalState, seat: int, aid: str) -> None:
    p = state.ps[seat]
    p.pool.remove(p.species)
    if aid == "swap":
        state.dead[p.species] += 1
        state.dead_alpha.remove(p.species)
    elif aid.startswith("swape-"):
        p.elders[aid[6:]].token = p.species
    else:
        b, i = map(int, aid[6:].split("-"))
        state.ps[b].wives[i].husband = p.species
    p.pool.append(p.species + "a")
    say(state, "neanderthal.ev.swap", seat=seat_msg(seat))


def apply_alloc(state: NeanderthalState, seat: int, aid: str) -> None:
    p = state.ps[seat]
    if aid == "done":
        say(state, "neanderthal.ev.alloc_done", seat=seat_msg(seat))
        state.cur += 1
        if state.cur < len(state.order):
            state.actor = state.order[state.cur]
        else:
            after_alloc(state)
        return
    if aid.startswith("rc-"):
        apply_recall(state, seat, aid)
        return
    if aid.startswith("sul-"):
        i, j = map(int, aid[4:].split("-"))
        w, x = p.wives[i], p.wives[j]
        x.husband, x.hdisc, w.husband, w.hdisc = w.husband, w.hdisc, "", ""
        for key in list(state.suitors):
            if key == f"{seat}-{j}" and not state.suitors[key]:
                del state.suitors[key]
        say(state, "neanderthal.ev.sultan", seat=seat_msg(seat), card=card_msg(x.card))
        return
    if aid.startswith("swap"):
        apply_swap(state, seat, aid)
        return
    kind, where = aid.split("-", 1)
    if kind in ("h", "e", "s"):
        tok = p.species
    elif kind in ("ha", "ea", "sa"):
        tok = p.species + "a"
    else:
        tok = next(t for t in p.pool if is_refugee(p, t))
    p.pool.remove(tok)
    if kind[0] == "h":
        state.hunters.setdefault(where, []).append(f"{seat}:{tok}")
        state.last = [where]
        say(state, "neanderthal.ev.hunter", seat=seat_msg(seat), card=card_msg(slot_card(state, where)))
    elif kind[0] == "e":
        rank = int(where)
        disc = ""
        if not exp_elder(p, 6):
            disc = D.RANK_COLOUR[rank]
            take_vocab(p, disc)
        p.elders[where] = Elder(token=tok, disc=disc)
        state.last = [f"E{seat}"]
        say(state, "neanderthal.ev.promote", seat=seat_msg(seat), rank=msg(f"neanderthal.rank.{rank}"))
    else:
        state.suitors.setdefault(where, []).append(f"{seat}:{tok}")
        b, i = map(int, where.split("-"))
        state.last = [f"W{b}"]
        say(state, "neanderthal.ev.suitor", seat=seat_msg(seat), card=card_msg(state.ps[b].wives[i].card))


def after_alloc(state: NeanderthalState) -> None:
    if state.variant == "k2":
        for i, w in enumerate(state.ps[0].wives):
            if not w.discs and (not w.husband or w.husband[0] != state.foreign) and take_foreign(state, 1):
                state.suitors.setdefault(f"0-{i}", []).append(f"f:{state.foreign}")
    phase3_start(state)
    resume(state)


# --------------------------------------------------------------------------- phase 3 (F)

def _side(tagged: str) -> str:
    return tagged.split(":")[0]


def _attack_order(state: NeanderthalState, sides: list[str]) -> list[str]:
    def key(s: str):
        if s == "f":
            return (1, 0, 0, 99)
        i = int(s)
        return (0, 0 if has_skill(state, i, "totem") else 1, -state.ps[i].vocab["B"], state.order.index(i))
    return sorted(sides, key=key)


def _fight_toks(state: NeanderthalState, key: str) -> tuple[list[str], tuple[int, Wife] | None]:
    """The tokens fighting on a card ("N3", or "W1-0" for a daughter) and the Husband there."""
    if key.startswith("W"):
        b, i = map(int, key[1:].split("-"))
        w = state.ps[b].wives[i]
        return state.suitors.setdefault(f"{b}-{i}", []), ((b, w) if w.husband else None)
    return state.hunters.setdefault(key, []), None


def _hside(state: NeanderthalState, husband: tuple[int, Wife] | None) -> str | None:
    if husband is None or not husband[1].husband:
        return None
    hs = seat_of(state, husband[1].husband[0])
    return "f" if hs is None else str(hs)


def _card_of(state: NeanderthalState, key: str) -> Msg:
    if key.startswith("W"):
        b, i = map(int, key[1:].split("-"))
        return card_msg(state.ps[b].wives[i].card)
    return card_msg(slot_card(state, key))


def _targets(state: NeanderthalState, attacker: str) -> list[str]:
    toks, husband = _fight_toks(state, state.fight_key)
    out = sorted({_side(t) for t in toks if _side(t) != attacker})
    hside = _hside(state, husband)
    if hside is not None and hside != attacker:
        out.append("h")
    return out


def _victim_kinds(state: NeanderthalState, victim: str) -> list[str]:
    toks, _ = _fight_toks(state, state.fight_key)
    kinds = []
    for t in toks:
        if _side(t) != victim:
            continue
        tok = t.split(":")[1]
        k = "a" if is_alpha(tok) else ("t" if victim == "f" or tok[0] == state.ps[int(victim)].species
                                       else f"r-{tok[0]}")
        if k not in kinds:
            kinds.append(k)
    return sorted(kinds)


def _kill_kind(state: NeanderthalState, victim: str, kind: str) -> None:
    toks, _ = _fight_toks(state, state.fight_key)
    for t in toks:
        if _side(t) != victim:
            continue
        tok = t.split(":")[1]
        k = "a" if is_alpha(tok) else ("t" if victim == "f" or tok[0] == state.ps[int(victim)].species
                                       else f"r-{tok[0]}")
        if k == kind:
            toks.remove(t)
            kill(state, tok)
            return


def _attack_roll(state: NeanderthalState, side: str) -> int:
    """F2: one die per Hunter (and the Husband); a 1 kills, a War Band kills on 1-2."""
    toks, husband = _fight_toks(state, state.fight_key)
    mine = [t for t in toks if _side(t) == side]
    p = None if side == "f" else state.ps[int(side)]
    band = side == "f" or (p is not None and has_weapon(p))
    alpha_band = p is not None and exp_elder(p, 4) and any(is_alpha(t.split(":")[1]) for t in mine)
    dice = [2 if (band or alpha_band) else 1 for _ in mine]
    if _hside(state, husband) == side:
        dice.append(2 if (side == "f" or not husband[1].hdisc) else 1)
    return sum(1 for limit in dice if state.rng.die() <= limit)


def phase3_start(state: NeanderthalState) -> None:
    keys = [k for k, toks in state.hunters.items() if len({_side(t) for t in toks}) > 1]
    for key, toks in state.suitors.items():
        b, i = map(int, key.split("-"))
        sides = {_side(t) for t in toks}
        hside = _hside(state, (b, state.ps[b].wives[i]))
        if len(sides | ({hside} if hside else set())) > 1:
            keys.append(f"W{key}")
    state.fights = keys
    state.fight_key = ""
    state.stage = "fight"
    state.neg_idx = 0 if state.players > 1 else len(state.order)


# -- F1 negotiation: peaceful withdrawals and divorce ------------------------------------------

def _chief(state: NeanderthalState, seat: int) -> bool:
    p = state.ps[seat]
    return p.tribal and exp_elder(p, 1)


def _present(state: NeanderthalState, key: str) -> list[int]:
    """Players with tribesmen on a contested card (the Husband counts on a daughter)."""
    toks, husband = _fight_toks(state, key)
    sides = {_side(t) for t in toks}
    hside = _hside(state, husband)
    if hside:
        sides.add(hside)
    return sorted(int(x) for x in sides if x != "f")


def negotiation_actions(state: NeanderthalState, seat: int) -> list[Action]:
    out = []
    for key in state.fights:
        present = _present(state, key)
        toks, _ = _fight_toks(state, key)
        if seat not in present:
            continue
        for q in present:
            if q == seat or not (_chief(state, seat) or _chief(state, q)):
                continue
            if any(_side(t) == str(seat) for t in toks) and f"neg:wd-{key}" not in state.used:
                out.append(Action(id=f"wd-{key}", label=msg("neanderthal.act.withdraw", card=_card_of(state, key))))
            if any(_side(t) == str(q) for t in toks) and f"neg:ask-{key}-{q}" not in state.used:
                out.append(Action(id=f"ask-{key}-{q}", label=msg("neanderthal.act.ask", card=_card_of(state, key),
                                                                   seat=seat_msg(q))))
    p = state.ps[seat]
    if any(_chief(state, q) for q in range(state.players) if q != seat) or _chief(state, seat):
        for b, q in enumerate(state.ps):
            for i, w in enumerate(q.wives):
                if w.husband and w.husband[0] == p.species:
                    out.append(Action(id=f"div-{b}-{i}", label=msg("neanderthal.act.divorce", card=card_msg(w.card))))
    seen: set[str] = set()
    out = [a for a in out if not (a.id in seen or seen.add(a.id))]
    out.append(Action(id="done", label=msg("core.done"), style="danger"))
    return _pack(out)


def start_negotiation(state: NeanderthalState) -> bool:
    """Offers F1 to each player in turn order; False while someone negotiates or answers."""
    while state.neg_idx < len(state.order):
        seat = state.order[state.neg_idx]
        if len(negotiation_actions(state, seat)) > 1:
            state.phase = "negotiate"
            state.actor = seat
            return False
        state.neg_idx += 1
    return True


def apply_negotiation(state: NeanderthalState, seat: int, aid: str) -> None:
    if aid == "done":
        state.neg_idx += 1
        return
    state.used.append(f"neg:{aid}")
    if aid.startswith("div-"):
        b, i = map(int, aid[4:].split("-"))
        w = state.ps[b].wives[i]
        _husband_home(state, b, w)
        say(state, "neanderthal.ev.divorce", seat=seat_msg(seat), card=card_msg(w.card))
        return
    if aid.startswith("wd-"):
        key = aid[3:]
        state.proposal = [str(seat), key, str(seat)]
        state.answers = [q for q in _present(state, key) if q != seat]
    else:
        key, q = aid[4:].rsplit("-", 1)
        state.proposal = [str(seat), key, q]
        state.answers = [int(q)]
    say(state, "neanderthal.ev.propose", seat=seat_msg(seat), who=seat_msg(int(state.proposal[2])),
        card=_card_of(state, key))
    state.phase = "answer"
    state.actor = state.answers[0]


def apply_answer(state: NeanderthalState, seat: int, aid: str) -> None:
    say(state, "neanderthal.ev.ook" if aid == "yes" else "neanderthal.ev.ookook", seat=seat_msg(seat))
    state.answers.pop(0)
    if aid == "no":
        state.answers = []
        state.proposal = []
        return
    if state.answers:
        state.actor = state.answers[0]
        return
    _, key, who = state.proposal
    toks, _ = _fight_toks(state, key)
    for t in [t for t in toks if _side(t) == who]:
        toks.remove(t)
        _home(state, t)
    say(state, "neanderthal.ev.withdrawn", seat=seat_msg(int(who)), card=_card_of(state, key))
    state.proposal = []
    state.fights = [k for k in state.fights if len(_present(state, k)) > 1]


def run_fights(state: NeanderthalState) -> bool:
    """Attack tests card by card; False while an attacker picks a target or a victim his loss."""
    while True:
        if state.fight_hits > 0:
            attacker = state.fight_order[state.fight_idx - 1]
            targets = _targets(state, attacker)
            if not targets:
                state.fight_hits = 0
                continue
            if not state.fight_target:
                if len(targets) == 1 or attacker == "f":
                    state.fight_target = targets[0]
                else:
                    state.phase = "target"
                    state.actor = int(attacker)
                    return False
            victim = state.fight_target
            if victim == "h":
                _, husband = _fight_toks(state, state.fight_key)
                b, w = husband
                if w.hdisc:
                    give_vocab(state.ps[b], w.hdisc)
                kill(state, w.husband)
                say(state, "neanderthal.ev.husband_killed", card=card_msg(w.card))
                w.husband, w.hdisc = "", ""
            else:
                kinds = _victim_kinds(state, victim)
                if len(kinds) > 1 and victim != "f":
                    state.phase = "victim"
                    state.actor = int(victim)
                    return False
                _kill_kind(state, victim, kinds[0])
            state.fight_hits -= 1
            state.fight_target = ""
            continue
        if state.fight_key and state.fight_idx < len(state.fight_order):
            side = state.fight_order[state.fight_idx]
            state.fight_idx += 1
            toks, husband = _fight_toks(state, state.fight_key)
            if any(_side(t) == side for t in toks) or _hside(state, husband) == side:
                state.fight_hits = _attack_roll(state, side)
                say(state, "neanderthal.ev.attack", seat=seat_msg(int(side)) if side != "f" else
                    msg("neanderthal.foreign"), card=_card_of(state, state.fight_key), n=state.fight_hits)
            continue
        if not state.fights:
            state.fight_key = ""
            return True
        state.fight_key = state.fights.pop(0)
        state.last = [f"W{state.fight_key[1:].split('-')[0]}" if state.fight_key.startswith("W") else state.fight_key]
        toks, husband = _fight_toks(state, state.fight_key)
        sides = {_side(t) for t in toks}
        hside = _hside(state, husband)
        state.fight_order = _attack_order(state, sorted(sides | ({hside} if hside else set())))
        state.fight_idx = 0


def fight_actions(state: NeanderthalState, seat: int) -> list[Action]:
    if state.phase == "target":
        out = []
        for t in _targets(state, str(seat)):
            if t == "h":
                _, husband = _fight_toks(state, state.fight_key)
                label = msg("neanderthal.place.husband", card=card_msg(husband[1].card))
            else:
                label = seat_msg(int(t)) if t != "f" else msg("neanderthal.foreign")
            out.append(Action(id=f"tgt-{t}", style="danger", label=msg("neanderthal.act.target", who=label)))
        return out
    return [Action(id=f"die-{k}", style="danger", label=msg(f"neanderthal.lost.l{k[0]}"))
            for k in _victim_kinds(state, str(seat))]


def gathering(state: NeanderthalState) -> None:
    for s in state.order:
        p = state.ps[s]
        mine = [sl for sl, toks in state.hunters.items() if any(_side(t) == str(s) for t in toks)]
        baskets = sum(1 for sl in mine if D.BIOMES[slot_card(state, sl)].basket)
        n = 0
        if p.sex == "prom" or has_skill(state, s, "basket"):
            n += baskets
        elif baskets and has_skill(state, s, "shell"):
            n += 1
        if has_skill(state, s, "scavenger") and any(D.BIOMES[slot_card(state, sl)].pred for sl in mine):
            n += 1
        if n:
            got = babies(state, s, n)
            say(state, "neanderthal.ev.gather", seat=seat_msg(s), n=got)


# --------------------------------------------------------------------------- phase 4 (G)

def _once(state: NeanderthalState, seat: int, skill: str) -> bool:
    key = f"{seat}:{skill}"
    if key in state.used or not has_skill(state, seat, skill):
        return False
    state.used.append(key)
    return True


def roll_test(state: NeanderthalState, seat: int, toks: list[str], card: int) -> tuple[list[str], list[int], int]:
    """One hunt test: returns the survivors, the faces (after 3->1 changes) and the hits."""
    b = D.BIOMES[card]
    p = state.ps[seat]
    convert = any(not t.disc and D.BIOMES[t.card].hand[0] == "I" and D.BIOMES[t.card].side[0] == b.kind
                  for t in p.tools)
    no_freeze = exp_elder(p, 6) or has_skill(state, seat, "housewife")
    faces, survivors = [], []
    for tagged in toks:
        tok = tagged.split(":")[1]
        if is_alpha(tok) and alpha_power(p, b.kind):
            faces.append(1)
            survivors.append(tagged)
            continue
        f = state.rng.die()
        dead = (f in b.fer and not _once(state, seat, "herbal")) or (f in b.frz and not no_freeze)
        if f == 3 and (convert or (b.kind == "BIG" and _once(state, seat, "flint"))):
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


def _nearest_predators(state: NeanderthalState, slot: str) -> list[str]:
    row, ice = (state.north, state.ice_n) if slot[0] == "N" else (state.south, state.ice_s)
    i = int(slot[1:])
    found = []
    for step in range(1, D.ROW_SIZE):
        for j in (i - step, i + step):
            if 0 <= j < D.ROW_SIZE and row[j] and not ice[j] and D.BIOMES[row[j]].pred:
                if _clear(ice, i, j):
                    found.append(f"{slot[0]}{j}")
        if found:
            return sorted(found, key=lambda s: D.BIOMES[slot_card(state, s)].clim)
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
    in ``state.pend`` until that predator's test (phase 4, step 3) settles piracy."""
    card = slot_card(state, slot)
    b = D.BIOMES[card]
    survivors, faces, hits = roll_test(state, seat, toks, card)
    ok = hits >= b.hits
    took = ""
    k = _of_a_kind(faces)
    if b.troph and k >= b.troph[1]:
        took = "troph"
    elif _hand_ok(state, seat, card, k, survivors):
        took = "hand"
    say(state, "neanderthal.ev.roll", seat=seat_msg(seat), card=card_msg(card),
        dice=" ".join(map(str, faces)) or "-", hits=hits,
        res=msg("neanderthal.res.ok" if ok else "neanderthal.res.fail"))
    if ok and b.kind == "BIG" and survivors:
        preds = [ps for ps in _nearest_predators(state, slot) if ps not in state.elim]
        if preds:
            state.elim.append(slot)  # the first success wins the card: the others go home (G3-B)
            state.pend.append([seat, slot, took, list(survivors), preds])
            _move_to(state, preds[0], survivors)
            return ok, [], hits
    if took == "hand" and not survivors:
        took = ""  # G6-C: no hand card after an annihilation
    if ok:
        _gain(state, seat, card)
        if took == "":
            state.elim.append(slot)
    if took:
        _take(state, seat, slot, took)
        if took == "hand" and not ok:
            state.opp.append(slot)  # G7: the others may hunt the replacement
    return ok, survivors, hits


def _move_to(state: NeanderthalState, pslot: str, movers: list[str]) -> None:
    """G4-A: Hunters move onto a predator card; its test comes with the other predators (A4 step 3)."""
    state.hunters.setdefault(pslot, []).extend(movers)
    if not any(t[0] == "h" and t[1] == pslot for t in state.tests):
        state.tests.append(["h", pslot, "2"])


def _after_predator(state: NeanderthalState, seat: int, pslot: str, hits: int | None,
                    survivors: list[str]) -> list[str]:
    """Settles the big-game kills of ``seat`` waiting on the predator at ``pslot`` after his test
    there (``hits`` None: the predator was already eliminated, so no piracy).  Returns the Hunters
    going home; those of a kill with a second, equally near predator move on to it."""
    home = list(survivors)
    for entry in [e for e in state.pend if e[0] == seat and e[4] and e[4][0] == pslot]:
        _, slot, took, movers, preds = entry
        alive = []
        for t in movers:
            if t in home:
                home.remove(t)
                alive.append(t)
        entry[3] = alive
        entry[4] = [ps for ps in preds[1:] if ps not in state.elim]
        if hits == 0:  # G4-B piracy: every gain of the big game is lost, the card stays
            state.pend.remove(entry)
            home += alive
            say(state, "neanderthal.ev.piracy", seat=seat_msg(seat), card=card_msg(slot_card(state, slot)))
            continue
        if entry[4] and alive:
            _move_to(state, entry[4][0], alive)
            continue
        state.pend.remove(entry)
        home += alive
        _commit(state, seat, slot, took, bool(alive))
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
    b = D.BIOMES[card]
    p = state.ps[seat]
    if not (b.hand and p.tribal and any(not e.disc for e in p.elders.values()) and survivors):
        return False
    need = b.hand[1] - (1 if b.hand[0] == "D" and has_skill(state, seat, "paintress") else 0)
    if state.scenario == "hominids":
        need += 1  # N1: D and I cards need one more matching die
    elif state.scenario == "giant_wurm" and state.reshuffled:
        need -= 1  # N2: after the reshuffle, one fewer
    return k >= max(1, need)


def _gain(state: NeanderthalState, seat: int, card: int) -> None:
    b = D.BIOMES[card]
    n = b.babies + (1 if _once(state, seat, "midwife") else 0)
    got = babies(state, seat, n)
    if b.discs:
        state.rel_q.append([seat, b.discs])
    say(state, "neanderthal.ev.gain", seat=seat_msg(seat), n=got, d=len(b.discs))


def _take(state: NeanderthalState, seat: int, slot: str, how: str) -> None:
    card = slot_card(state, slot)
    p = state.ps[seat]
    row = state.north if slot[0] == "N" else state.south
    i = int(slot[1:])
    state.elim.append(slot)
    if how == "troph":
        p.trophies.append(card)
        row[i] = 0
        say(state, "neanderthal.ev.trophy", seat=seat_msg(seat), card=card_msg(card))
    else:
        p.hand.append(card)
        row[i] = draw(state, slot[0])
        state.events.append(Event(text=msg("neanderthal.ev.hand_private", card=card_msg(card)), seats=[seat]))
        say(state, "neanderthal.ev.hand", seat=seat_msg(seat))


def courtship(state: NeanderthalState, key: str, toks: list[str]) -> None:
    b, i = map(int, key.split("-"))
    board = state.ps[b]
    w = board.wives[i]
    media = D.DAUGHTERS[w.card].media

    def order(t: str):
        s = _side(t)
        if s == "f":
            return (1, 0, 0)
        return (0, -sum(state.ps[int(s)].vocab[c] for c in media), state.order.index(int(s)))
    contested = len({_side(t) for t in toks}) > 1
    done = False
    for t in sorted(toks, key=order):
        side, tok = t.split(":")
        if done:
            _home(state, t)
            continue
        p = None if side == "f" else state.ps[int(side)]
        auto = p is not None and not w.discs and (
            has_skill(state, int(side), "singer")
            or (is_alpha(tok) and exp_elder(p, 4))
            or (int(side) == b and not contested and not w.husband))
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
        own = p is not None and int(side) == b
        if own and p.vocab["O"] <= 0:
            _home(state, t)
            continue
        if w.husband:
            # G1-E: the ex-Husband joins the board owner's unassigned tribesmen (a foreign one too)
            old, w.husband = w.husband, ""
            if w.hdisc:
                give_vocab(board, w.hdisc)
                w.hdisc = ""
            board.pool.append(old)
        w.husband = tok
        if own:
            take_vocab(p, "O")
            w.hdisc = "O"
        say(state, "neanderthal.ev.married", card=card_msg(w.card),
            seat=seat_msg(int(side)) if side != "f" else msg("neanderthal.foreign"))


def phase4_start(state: NeanderthalState) -> None:
    tests = []
    for key in list(state.suitors):
        contested = len({_side(t) for t in state.suitors[key]}) > 1
        tests.append((1 if contested else 0, 0, "c", key))
    for sl, toks in state.hunters.items():
        if not toks:
            continue
        contested = len({_side(t) for t in toks}) > 1
        pred = D.BIOMES[slot_card(state, sl)].pred
        tests.append((2 if pred else (1 if contested else 0), 1, "h", sl))
    state.tests = [[kind, key, str(cat)] for cat, _, kind, key in sorted(tests)]
    state.stage = "hunt"


def run_test(state: NeanderthalState, kind: str, key: str) -> None:
    if kind == "c":
        toks = state.suitors.pop(key, [])
        if toks:
            courtship(state, key, toks)
        return
    toks = state.hunters.pop(key, [])
    if not toks or not slot_card(state, key):
        for s in sorted({_side(t) for t in toks}):
            for t in _after_predator(state, int(s), key, None, [t for t in toks if _side(t) == s]):
                _home(state, t)
        return
    sides = sorted({_side(t) for t in toks},
                   key=lambda s: (0 if has_skill(state, int(s), "totem") else 1,
                                  sum(1 for t in toks if _side(t) == s), state.order.index(int(s))))
    for s in sides:
        group = [t for t in toks if _side(t) == s]
        gone = key in state.elim  # a predator already hunted or taken steals nothing (G4-B)
        if key in state.opp and _opportunistic(state, int(s), key):
            state.opp.remove(key)
            state.elim.remove(key)
            say(state, "neanderthal.ev.opportunistic", seat=seat_msg(int(s)), card=card_msg(slot_card(state, key)))
        if key in state.elim or not slot_card(state, key):
            for t in _after_predator(state, int(s), key, None, group):
                _home(state, t)
            continue
        _, survivors, hits = _hunt(state, int(s), key, group)
        for t in _after_predator(state, int(s), key, None if gone else hits, survivors):
            _home(state, t)


def _opportunistic(state: NeanderthalState, seat: int, slot: str) -> bool:
    """G7: a replacement card may be hunted if it is no (still inactive) predator and the skill
    prerequisites are met."""
    card = slot_card(state, slot)
    if not card or D.BIOMES[card].pred:
        return False
    p = state.ps[seat]
    return all(p.vocab[c] >= D.BIOMES[card].prereq.count(c) for c in D.COLOURS)


def resume(state: NeanderthalState) -> None:
    """Carries on phases 4-5 (or the events) after a player's choice inside them."""
    if state.stage == "events":
        state.stage = ""
        resolve_queue(state)
        return
    if state.stage == "fight":
        if not start_negotiation(state) or not run_fights(state):
            return
        gathering(state)
        phase4_start(state)
    if state.stage == "hunt":
        while True:
            if not run_pending(state):
                return
            if not state.tests:
                break
            cat = state.tests[0][2]
            same = [t for t in state.tests if t[2] == cat]
            if cat != "0" and len(same) > 1 and state.players > 1 and not state.pick:
                # A4: the first player chooses the order of contested and predator tests
                state.phase = "order4"
                state.actor = state.order[0]
                return
            if state.pick:
                i = next(i for i, t in enumerate(state.tests) if f"{t[0]}-{t[1]}" == state.pick)
                state.pick = ""
                kind, key, _ = state.tests.pop(i)
            else:
                kind, key, _ = state.tests.pop(0)
            run_test(state, kind, key)
        for toks in state.suitors.values():
            for t in toks:
                _home(state, t)
        state.suitors = {}
        state.hunters = {}
        phase5(state)
        state.stage = "p5"
    if state.stage == "p5":
        if not run_pending(state):
            return
        state.stage = ""
        start_actions(state)


def run_pending(state: NeanderthalState) -> bool:
    """Hand discards (G6, B2) and disc releases (G3, H1) waiting for their owner's choice."""
    for s in state.order:
        p = state.ps[s]
        if len(p.hand) > hand_size(p):
            state.phase = "discard"
            state.actor = s
            return False
    while state.rel_q:
        seat, colours = state.rel_q[0]
        if not colours:
            state.rel_q.pop(0)
            continue
        opts = [pl for pl, c in dedicated(state.ps[seat]) if c == colours[0]]
        if not opts:
            state.rel_q[0][1] = colours[1:]
            continue
        if len(opts) == 1:
            _neolexia(state.ps[seat], opts[0])
            state.rel_q[0][1] = colours[1:]
            continue
        state.phase = "release"
        state.actor = seat
        return False
    return True


def order4_actions(state: NeanderthalState) -> list[Action]:
    cat = state.tests[0][2]
    out = []
    for kind, key, c in state.tests:
        if c != cat:
            continue
        if kind == "c":
            b, i = map(int, key.split("-"))
            label = msg("neanderthal.act.next_court", card=card_msg(state.ps[b].wives[i].card))
        else:
            label = msg("neanderthal.act.next_hunt", card=card_msg(slot_card(state, key)))
        out.append(Action(id=f"next-{kind}-{key}", style="primary", label=label))
    return out


def release_actions(state: NeanderthalState, seat: int) -> list[Action]:
    p = state.ps[seat]
    colour = state.rel_q[0][1][0]
    out = [Action(id=f"rel-{pl}", style="success",
                  label=msg("neanderthal.act.neolexia", place=_place_msg(p, pl), colour=msg(f"neanderthal.disc.{colour}")))
           for pl, c in dedicated(p) if c == colour]
    out.append(Action(id="rel-none", label=msg("neanderthal.act.keep_disc")))
    return out


def discard_actions(state: NeanderthalState, seat: int) -> list[Action]:
    return [Action(id=f"dis-{c}", secret=True, label=msg("neanderthal.act.discard", card=card_msg(c)))
            for c in sorted(set(state.ps[seat].hand))]


# --------------------------------------------------------------------------- phase 5 (H)

def phase5(state: NeanderthalState) -> None:
    for s in state.order:
        p = state.ps[s]
        for t in p.tools:
            b = D.BIOMES[t.card]
            if b.hand[0] == "D" and not t.disc:
                n, discs = b.side
                got = babies(state, s, n)
                if discs:
                    state.rel_q.append([s, discs])
                say(state, "neanderthal.ev.domestic", seat=seat_msg(s), card=card_msg(t.card), n=got, d=len(discs))


# --------------------------------------------------------------------------- phase 6 (I)

def start_actions(state: NeanderthalState) -> None:
    state.phase = "action"
    state.cur = 0
    state.actor = state.order[0]


def portal_sources(state: NeanderthalState, seat: int) -> list[tuple[int, int]]:
    sp = state.ps[seat].species
    out = []
    for b, p in enumerate(state.ps):
        for i, w in enumerate(p.wives):
            if not wife_active(state, b, w):
                continue
            if b == seat or (w.husband and w.husband[0] == sp):
                out.append((b, i))
    return out


def neolexia_colours(state: NeanderthalState, seat: int) -> set[str]:
    p = state.ps[seat]
    cols = {pt.split("-")[1] for pt in p.portals}
    for b, q in enumerate(state.ps):
        if b == seat:
            continue
        for w in q.wives:
            if w.husband and w.husband[0] == p.species:
                # I2-A: the colours on the father's brain map "em um turno anterior"
                then = state.portals_then.get(str(b), q.portals)
                cols |= set(D.COLOURS) if q.tribal else {pt.split("-")[1] for pt in then}
    return cols


def dedicated(p: Player) -> list[tuple[str, str]]:
    """(place id, colour) of every disc neolexia may release."""
    out = []
    for r, e in sorted(p.elders.items()):
        if e.disc:
            out.append((f"e{r}", e.disc))
    for i, w in enumerate(p.wives):
        for c in sorted(set(w.discs)):
            out.append((f"d{i}{c}", c))
        if w.hdisc:
            out.append((f"h{i}", w.hdisc))
    for i, t in enumerate(p.tools):
        if t.disc:
            out.append((f"t{i}", t.disc))
    return out


def action_actions(state: NeanderthalState, seat: int) -> list[Action]:
    p = state.ps[seat]
    acts: list[Action] = []
    if not p.tribal:
        for b, i in portal_sources(state, seat):
            w = state.ps[b].wives[i]
            for space, colour in D.DAUGHTERS[w.card].portals:
                full = len(p.portals) >= 6  # N1: the 7th disc may go on any portal
                if (f"{space}-{colour}" in p.portals and not full) or p.vocab[colour] <= 0:
                    continue
                aid = f"po-{b}-{i}-{space}-{colour}"
                if aid not in {a.id for a in acts}:
                    acts.append(Action(id=aid, style="primary", group=msg("neanderthal.grp.portal"),
                                       label=msg("neanderthal.act.portal", card=card_msg(w.card),
                                                 space=msg(f"neanderthal.portal.{space}"),
                                                 colour=msg(f"neanderthal.disc.{colour}"))))
        cols = neolexia_colours(state, seat)
        for place, colour in dedicated(p):
            if colour in cols:
                acts.append(Action(id=f"nx-{place}", style="success", group=msg("neanderthal.grp.neolexia"),
                                   label=msg("neanderthal.act.neolexia", place=_place_msg(p, place),
                                             colour=msg(f"neanderthal.disc.{colour}"))))
    else:
        chief = exp_elder(p, 1)
        for card in sorted(set(p.hand)):
            kind = D.BIOMES[card].hand[0]
            ranks = (2,) if kind == "D" else (3, 5)
            for r in ranks:
                colour = D.RANK_COLOUR[r]
                if exp_elder(p, r) and (chief or p.vocab[colour] > 0):
                    acts.append(Action(id=f"pl-{card}-{r}", style="success", secret=True,
                                       group=msg("neanderthal.grp.elder"),
                                       label=msg("neanderthal.act.play", card=card_msg(card),
                                                 rank=msg(f"neanderthal.rank.{r}"))))
                    break
    acts += swap_actions(state, seat)
    acts.append(Action(id="pass", label=msg("core.pass"), style="danger"))
    return _pack(acts)


def _place_msg(p: Player, place: str) -> Msg:
    if place[0] == "e":
        return msg(f"neanderthal.rank.{place[1:]}")
    if place[0] == "d":
        return card_msg(p.wives[int(place[1:-1])].card)
    if place[0] == "h":
        return msg("neanderthal.place.husband", card=card_msg(p.wives[int(place[1:])].card))
    return card_msg(p.tools[int(place[1:])].card)


def _neolexia(p: Player, place: str) -> str:
    if place[0] == "e":
        e = p.elders[place[1:]]
        c, e.disc = e.disc, ""
    elif place[0] == "d":
        w = p.wives[int(place[1:-1])]
        c = place[-1]
        w.discs = w.discs.replace(c, "", 1)
    elif place[0] == "h":
        w = p.wives[int(place[1:])]
        c, w.hdisc = w.hdisc, ""
    else:
        t = p.tools[int(place[1:])]
        c, t.disc = t.disc, ""
    give_vocab(p, c)
    return c


def apply_action(state: NeanderthalState, seat: int, aid: str) -> None:
    p = state.ps[seat]
    if aid.startswith("swap"):  # the swap is free: the species action is still to come
        apply_swap(state, seat, aid)
        return
    if aid.startswith("po-"):
        _, _b, _i, space, colour = aid.split("-")
        take_vocab(p, colour)
        p.portals.append(f"{space}-{colour}")
        state.last = [f"P{seat}"]
        say(state, "neanderthal.ev.portal", seat=seat_msg(seat), space=msg(f"neanderthal.portal.{space}"),
            colour=msg(f"neanderthal.disc.{colour}"))
        if len(p.portals) >= convert_at(state):
            for pt in p.portals:
                give_vocab(p, pt.split("-")[1])
            p.portals = []
            p.tribal = True
            say(state, "neanderthal.ev.tribal", seat=seat_msg(seat))
    elif aid.startswith("nx-"):
        c = _neolexia(p, aid[3:])
        if has_skill(state, seat, "generous"):
            _release(state, seat, c)
        state.last = [f"E{seat}"]
        say(state, "neanderthal.ev.neolexia", seat=seat_msg(seat), colour=msg(f"neanderthal.disc.{c}"))
    elif aid.startswith("pl-"):
        _, card, r = aid.split("-")
        card_i = int(card)
        p.hand.remove(card_i)
        disc = ""
        if not exp_elder(p, 1):
            disc = D.RANK_COLOUR[int(r)]
            take_vocab(p, disc)
        p.tools.append(Tool(card=card_i, disc=disc))
        state.last = [f"T{seat}"]
        say(state, "neanderthal.ev.play", seat=seat_msg(seat), card=card_msg(card_i))
    else:
        say(state, "neanderthal.ev.pass", seat=seat_msg(seat))
    state.cur += 1
    if state.cur < len(state.order):
        state.actor = state.order[state.cur]
    else:
        start_turn(state)


# ------------------------------------------------------------------------------ dispatch

@cached_legal
def legal(state: NeanderthalState, seat: int) -> list[Action]:
    if state.phase == "over" or seat != state.actor:
        return []
    ph = state.phase
    p = state.ps[seat]
    if ph == "sex":
        return [Action(id=f"side-{s}", style="primary", label=msg(f"neanderthal.sex.{s}"))
                for s in D.SEX_CARDS[p.sex_card]]
    if ph == "extra":
        return [Action(id=f"xp-{sp}-{c}", style="primary", label=msg(
            "neanderthal.act.extra", space=msg(f"neanderthal.portal.{sp}"), colour=msg(f"neanderthal.disc.{c}")))
            for sp, cols in D.PORTALS.items() for c in cols if f"{sp}-{c}" not in p.portals and p.vocab[c] > 0]
    if ph == "auction":
        return [Action(id=f"bid-{n}", style="primary", label=msg("neanderthal.act.bid", n=n))
                for n in bid_options(state, seat)[:19]] + [Action(id="pass", label=msg("core.pass"))]
    if ph == "alloc":
        return alloc_actions(state, seat)
    if ph == "flip":
        return [Action(id="flip", style="primary", label=msg("neanderthal.act.flip", sex=msg(
            f"neanderthal.sex.{_other_side(p)}"))), Action(id="keep", label=msg("neanderthal.act.keep"))]
    if ph == "refugee":
        return [Action(id=f"ref-{s}", label=msg("neanderthal.act.ref", seat=seat_msg(s)))
                for s in range(state.players) if s != seat and not lazarus(state, s)]
    if ph == "action":
        return action_actions(state, seat)
    if ph == "lose":
        return loss_actions(state, seat)
    if ph == "council":
        return council_actions(state)
    if ph == "release":
        return release_actions(state, seat)
    if ph == "order4":
        return order4_actions(state)
    if ph in ("target", "victim"):
        return fight_actions(state, seat)
    if ph == "negotiate":
        return negotiation_actions(state, seat)
    if ph == "answer":
        return [Action(id="yes", style="success", label=msg("neanderthal.act.yes")),
                Action(id="no", style="danger", label=msg("neanderthal.act.no"))]
    if ph == "discard":
        return discard_actions(state, seat)
    if ph == "pay":
        return [Action(id=f"pay-{c}", style="primary", label=msg("neanderthal.act.pay", colour=msg(
            f"neanderthal.disc.{c}"))) for c in pay_options(state)]
    if ph == "k2swap":
        return k2_swap_actions(state)
    if ph == "k2more":
        return [Action(id=f"more-{n}", style="primary" if n else "danger",
                       label=msg("neanderthal.act.k2more", n=n) if n else msg("neanderthal.act.k2end"))
                for n in range(min(D.K2_MORE, len(state.event_aside)) + 1)]
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
        say(state, "neanderthal.ev.portal", seat=seat_msg(seat), space=msg(f"neanderthal.portal.{sp}"),
            colour=msg(f"neanderthal.disc.{c}"))
        state.phase = "sex"
        after_sex(state, seat)
    elif ph == "auction":
        if aid == "pass":
            state.out.append(seat)
            say(state, "neanderthal.ev.bid_pass", seat=seat_msg(seat))
        else:
            state.bids[str(seat)] = int(aid[4:])
            say(state, "neanderthal.ev.bid", seat=seat_msg(seat), n=int(aid[4:]))
        next_bidder(state)
    elif ph == "alloc":
        apply_alloc(state, seat, aid)
    elif ph == "flip":
        if aid == "flip":
            flip(p)
            say(state, "neanderthal.ev.flip", seat=seat_msg(seat), sex=msg(f"neanderthal.sex.{p.sex}"))
        state.pending.pop(0)
        if state.pending:
            state.actor = state.pending[0]
        else:
            resolve_queue(state)
    elif ph == "refugee":
        to = int(aid[4:])
        sp = p.species
        state.dead[sp] -= 1
        state.ps[to].pool.append(sp)
        state.refugees -= 1
        say(state, "neanderthal.ev.refugee", seat=seat_msg(seat), n=1, to=seat_msg(to))
        if state.refugees <= 0:
            resolve_queue(state)
    elif ph == "action":
        apply_action(state, seat, aid)
    elif ph == "lose":
        apply_loss(state, seat, aid)
        resolve_queue(state)
    elif ph == "negotiate":
        apply_negotiation(state, seat, aid)
        if state.phase == "negotiate":
            resume(state)
    elif ph == "answer":
        apply_answer(state, seat, aid)
        if not state.answers:
            resume(state)
    elif ph == "target":
        state.fight_target = aid[4:]
        resume(state)
    elif ph == "victim":
        _kill_kind(state, state.fight_target, aid[4:])
        state.fight_hits -= 1
        state.fight_target = ""
        resume(state)
    elif ph == "order4":
        state.pick = aid[5:]
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
        apply_pay(state, seat, aid[4:])
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
        resolve_queue(state)


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
    from .scoring import score_all
    state.phase = "over"
    state.actor = -1
    score_all(state)
    say(state, "neanderthal.ev.over")
