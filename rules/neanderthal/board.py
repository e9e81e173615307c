"""B. Components: tribesmen, discs, the tableau and the rows of Europe (rulebook B1-B4, J1).

The vocabulary every section of the rules speaks: tokens (``"Y"`` a yellow tribesman, ``"Ya"`` the
yellow Alpha, ``"1:Y"`` one on a card for seat 1), free and dedicated discs (B3), daughters' skills
and Husbands (G1-F), the dead pile and Babies, the rows and their decks (B1, G7), the hand size (B2)
and the choices that wait for their owner whatever the phase: discards down to the hand size (B2)
and the colours of freed discs (B3, G3, H1).
"""

from __future__ import annotations

import functools

from rules.core import Action, Event, IllegalAction, Msg, action, msg

from . import data
from .moves import DiscardCard, Release, Word
from .state import NeanderthalState, Player, Wife


def say(state: NeanderthalState, key: str, **params) -> None:
    state.events.append(Event(text=msg(key, **params)))


@functools.lru_cache(maxsize=512)
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
    if state.tribes[board].sex == "pair" and not w.husband:
        return False
    return True


def has_skill(state: NeanderthalState, seat: int, skill: str) -> bool:
    sp = state.tribes[seat].species
    for b, p in enumerate(state.tribes):
        for w in p.wives:
            if data.DAUGHTERS[w.card].skill != skill or not wife_active(state, b, w):
                continue
            if b == seat or (w.husband and w.husband[0] == sp):
                return True
    return False


def alpha_power(p: Player, kind: str) -> bool:
    rank = {"BIG": 3, "CLUB": 4, "SMALL": 5}[kind]
    return exp_elder(p, rank)


def has_weapon(p: Player) -> bool:
    return any(
        not t.disc and data.BIOMES[t.card].side and data.hand_of(t.card)[0] == "I" and data.side_of(t.card)[1]
        for t in p.tools
    )


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
    p = state.tribes[seat]
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
    p = state.tribes[seat]
    for r in RELEASE_RANKS:
        e = p.elders.get(r)
        if e and e.disc == colour:
            p.elders[r] = e.model_copy(update={"disc": ""})
            give_vocab(p, colour)
            return True
    for w in p.wives:
        if w.husband_disc == colour:
            w.husband_disc = ""
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
    p = state.tribes[seat]
    e = p.elders.pop(rank)
    if e.disc:
        give_vocab(p, e.disc)
    kill(state, e.token)


def remove_wife(state: NeanderthalState, seat: int, idx: int) -> None:
    """A daughter leaves the game: her discs go back, her Husband becomes unassigned."""
    p = state.tribes[seat]
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
    if w.husband_disc:
        give_vocab(state.tribes[board], w.husband_disc)
    if hs is not None:
        state.tribes[hs].pool.append(w.husband)
    else:
        foreign_back(state, w.husband)  # the foreign species of the solitaire takes him back
    owner = seat_of(state, w.assimilated[0]) if w.assimilated else None
    if owner is not None:  # M3-B: the assimilated Hunter leaves with him
        state.tribes[owner].pool.append(w.assimilated)
    w.husband = ""
    w.husband_disc = ""
    w.assimilated = ""


def _home(state: NeanderthalState, tagged: str) -> None:
    seat, tok = tagged.split(":")
    if seat == "f":
        foreign_back(state, tok)
    else:
        state.tribes[int(seat)].pool.append(tok)


def foreign_back(state: NeanderthalState, tok: str) -> None:
    """K2: a living foreign tribesman returns to his pile (the dead pile in the Portuguese K2)."""
    if state.level == "pt":
        kill(state, tok)
    else:
        state.foreign_left += 1


def frozen(state: NeanderthalState) -> bool:
    if state.grid:  # the L/M matrix: nothing left but ice barriers and gaps
        return not any(c and not ice for c, ice in zip(state.grid, state.grid_ice, strict=True))
    north = any(c and not ice for c, ice in zip(state.north, state.ice_north, strict=True))
    south = any(c and not ice for c, ice in zip(state.south, state.ice_south, strict=True))
    return not north and not south


def draw(state: NeanderthalState, row: str) -> int:
    first, other = (state.deck_north, state.deck_south) if row == "N" else (state.deck_south, state.deck_north)
    if first:
        return first.pop(0)
    if other:
        return other.pop(0)
    return 0


def slot_card(state: NeanderthalState, slot: str) -> int:
    """The huntable card of a slot ("N3", "S0", or a matrix cell "M7"; 0 for ice, a gap or an
    undiscovered card)."""
    if slot[0] == "M":
        i = int(slot[1:])
        return state.grid[i] if state.shown[i] and not state.grid_ice[i] else 0
    row = state.north if slot[0] == "N" else state.south
    ice = state.ice_north if slot[0] == "N" else state.ice_south
    i = int(slot[1:])
    return 0 if ice[i] else row[i]


def slots(state: NeanderthalState) -> list[str]:
    """Every slot holding a huntable (face-up) biome (``slot_card`` not 0)."""
    grid = state.grid
    if grid:
        shown, gice = state.shown, state.grid_ice
        return [_cell_name(i) for i in range(len(grid)) if shown[i] and not gice[i] and grid[i]]
    north, south, ice_n, ice_s = state.north, state.south, state.ice_north, state.ice_south
    return [_ROW_SLOTS["N"][i] for i in range(data.ROW_SIZE) if not ice_n[i] and north[i]] + [
        _ROW_SLOTS["S"][i] for i in range(data.ROW_SIZE) if not ice_s[i] and south[i]
    ]


_ROW_SLOTS = {r: [f"{r}{i}" for i in range(data.ROW_SIZE)] for r in "NS"}


@functools.cache
def _cell_name(i: int) -> str:
    return f"M{i}"


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


def lazarus(state: NeanderthalState, seat: int) -> bool:
    """J1: a species whose tribesmen are all dead takes no Refugees (it still bids and scores)."""
    sp = state.tribes[seat].species
    return state.dead.get(sp, 0) >= data.TRIBESMEN and sp in state.dead_alpha


def take_foreign(state: NeanderthalState, n: int) -> int:
    """K2: up to ``n`` foreign tribesmen from their pile (English levels) or the dead pile."""
    if state.level == "pt":
        k = min(n, state.dead.get(state.foreign, 0))
        state.dead[state.foreign] = state.dead.get(state.foreign, 0) - k
    else:
        k = min(n, state.foreign_left)
        state.foreign_left -= k
    return k


def token_side(tagged: str) -> str:
    return tagged.split(":")[0]


def _card_of(state: NeanderthalState, key: str) -> Msg:
    if key.startswith("W"):
        b, i = map(int, key[1:].split("-"))
        return card_msg(state.tribes[b].wives[i].card)
    return card_msg(slot_card(state, key))


def _once(state: NeanderthalState, seat: int, skill: str) -> bool:
    key = f"{seat}:{skill}"
    if key in state.used or not has_skill(state, seat, skill):
        return False
    state.used.append(key)
    return True


def dedicated(p: Player) -> list[tuple[str, str]]:
    """(place id, colour) of every disc neolexia may release."""
    out = []
    for r, e in sorted(p.elders.items()):
        if e.disc:
            out.append((f"e{r}", e.disc))
    for i, w in enumerate(p.wives):
        for c in sorted(set(w.discs)):
            out.append((f"d{i}{c}", c))
        if w.husband_disc:
            out.append((f"h{i}", w.husband_disc))
    for i, t in enumerate(p.tools):
        if t.disc:
            out.append((f"t{i}", t.disc))
    return out


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
        c = p.elders[place[1:]].disc
        p.elders[place[1:]] = p.elders[place[1:]].model_copy(update={"disc": ""})
    elif place[0] == "d":
        w = p.wives[int(place[1:-1])]
        c = place[-1]
        w.discs = w.discs.replace(c, "", 1)
    elif place[0] == "h":
        w = p.wives[int(place[1:])]
        c, w.husband_disc = w.husband_disc, ""
    else:
        t = p.tools[int(place[1:])]
        c, t.disc = t.disc, ""
    give_vocab(p, c)
    return c


def run_pending(state: NeanderthalState) -> bool:
    """Hand discards (G6, B2) and disc releases (G3, H1) waiting for their owner's choice."""
    for s in state.order:
        p = state.tribes[s]
        if len(p.hand) > hand_size(p):
            state.phase = "discard"
            state.actor = s
            return False
    while state.releases:
        seat, colours = state.releases[0]
        if not colours:
            state.releases.pop(0)
            continue
        opts = [pl for pl, c in dedicated(state.tribes[seat]) if c == colours[0]]
        if not opts:
            state.releases[0] = state.releases[0]._replace(colours=colours[1:])
            continue
        if len(opts) == 1:
            _neolexia(state.tribes[seat], opts[0])
            state.releases[0] = state.releases[0]._replace(colours=colours[1:])
            continue
        state.phase = "release"
        state.actor = seat
        return False
    return True


def release_actions(state: NeanderthalState, seat: int) -> list[Action]:
    p = state.tribes[seat]
    colour = state.releases[0].colours[0]
    out = [
        action(
            id=str(Release(pl)),
            style="success",
            label=msg("neanderthal.act.neolexia", place=_place_msg(p, pl), colour=msg(f"neanderthal.disc.{colour}")),
        )
        for pl, c in dedicated(p)
        if c == colour
    ]
    out.append(action(id=str(Word("rel-none")), label=msg("neanderthal.act.keep_disc")))
    return out


def discard_actions(state: NeanderthalState, seat: int) -> list[Action]:
    return [
        action(id=str(DiscardCard(c)), secret=True, label=msg("neanderthal.act.discard", card=card_msg(c)))
        for c in sorted(set(state.tribes[seat].hand))
    ]
