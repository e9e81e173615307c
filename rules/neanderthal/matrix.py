"""L1-L7 and M1-M3. The 4x5 matrix of the "Alien Intervention" solitaire (L) and of "The Eve"
co-operative game (M): undiscovered cards, cascading climate shifts, nomad Hunters who move and
discover, alien artifacts, the daughters bought for discs, combined hunts and assimilated Husbands.

The matrix replaces the two rows of Europe: cells 0-9 are the North, 10-19 the South (slots
``"M0"`` .. ``"M19"``).  Tribesmen never go home: the unassigned ones are the Hunters on the map
(L1-B, L3-G, L6-E), so a token that joins a player's unassigned tribesmen (a Baby, a Husband back
from his wife) is settled onto his largest camp.
"""

from __future__ import annotations

from rules.core import Action, IllegalAction, action, msg, seat_msg

from . import data
from .allocation import alpha_swaps, can_promote, swap_alpha_back
from .board import (
    _pack,
    card_msg,
    draw,
    exp_elder,
    has_skill,
    kill,
    say,
    take_vocab,
)
from .moves import Lose, MarryHusband, Move, Promote, Step, SwapElder, SwapHusband, Word
from .state import Elder, LossToChoose, NeanderthalState

CELLS = data.GRID_ROWS * data.GRID_COLS
NORTH_CELLS = range(0, CELLS // 2)
SOUTH_CELLS = range(CELLS // 2, CELLS)


def is_matrix(state: NeanderthalState) -> bool:
    return state.variant in ("alien", "eve")


def neighbours(i: int) -> list[int]:
    """L1 note: adjacent means sharing an edge (diagonals are not adjacent)."""
    r, c = divmod(i, data.GRID_COLS)
    out = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        if 0 <= r + dr < data.GRID_ROWS and 0 <= c + dc < data.GRID_COLS:
            out.append((r + dr) * data.GRID_COLS + c + dc)
    return out


def cell_card(state: NeanderthalState, i: int) -> int:
    """The huntable card of a cell: revealed and not an ice barrier (0 otherwise)."""
    return state.grid[i] if state.shown[i] and not state.grid_ice[i] else 0


def undiscovered(state: NeanderthalState, i: int) -> bool:
    return bool(state.grid[i]) and not state.shown[i] and not state.grid_ice[i]


def row_of(i: int) -> str:
    return "N" if i in NORTH_CELLS else "S"


def setup_matrix(state: NeanderthalState) -> None:
    """L1: 20 face-down cards, North above South; each home biome and its neighbours revealed, with
    the unassigned tribesmen on it (L1-B)."""
    half = CELLS // 2
    north_cards, south_cards = state.north + state.deck_north, state.south + state.deck_south
    state.grid = north_cards[:half] + south_cards[:half]
    state.deck_north, state.deck_south = north_cards[half:], south_cards[half:]
    state.north, state.south, state.ice_north, state.ice_south = [], [], [], []
    state.shown = [False] * CELLS
    state.grid_ice = [False] * CELLS
    state.marks = [""] * CELLS
    state.homes = [data.HOME[sp] for sp in state.seats]
    for seat, home in enumerate(state.homes):
        for i in (home, *neighbours(home)):
            state.shown[i] = True
        p = state.tribes[seat]
        state.hunters.setdefault(f"M{home}", []).extend(f"{seat}:{t}" for t in p.pool)
        p.pool = []


# -- tokens on the map -----------------------------------------------------------------------------


def tokens_at(state: NeanderthalState, seat: int, i: int) -> list[str]:
    return [t.split(":")[1] for t in state.hunters.get(f"M{i}", []) if t.split(":")[0] == str(seat)]


def on_map(state: NeanderthalState, seat: int) -> int:
    return sum(1 for toks in state.hunters.values() for t in toks if t.split(":")[0] == str(seat))


def unassigned(state: NeanderthalState, seat: int) -> int:
    """L3-G: every Hunter on the map counts as an unassigned tribesman."""
    return len(state.tribes[seat].pool) + (on_map(state, seat) if is_matrix(state) else 0)


def camp_of(state: NeanderthalState, seat: int) -> int | None:
    """The player's largest camp (lowest cell on a tie), else his home, else the first huntable card."""
    best = None
    for i in range(CELLS):
        n = len(tokens_at(state, seat, i))
        if n and cell_card(state, i) and (best is None or n > len(tokens_at(state, seat, best))):
            best = i
    if best is not None:
        return best
    if cell_card(state, state.homes[seat]):
        return state.homes[seat]
    return next((i for i in range(CELLS) if cell_card(state, i)), None)


def settle(state: NeanderthalState) -> None:
    """Tokens that joined a player's unassigned tribesmen go onto the map (his largest camp)."""
    for seat, p in enumerate(state.tribes):
        if not p.pool:
            continue
        i = camp_of(state, seat)
        if i is None:
            continue  # a frozen Europe: the game is about to end
        state.hunters.setdefault(f"M{i}", []).extend(f"{seat}:{t}" for t in p.pool)
        p.pool = []


def relocate(state: NeanderthalState, origin: int, tagged: list[str]) -> None:
    """L3-E, L6-D: Hunters whose card left go to an adjacent revealed card (the one with most of
    their tribesmen), else an adjacent undiscovered one they reveal, else their largest camp."""
    for seat in sorted({t.split(":")[0] for t in tagged}):
        mine = [t for t in tagged if t.split(":")[0] == seat]
        near = [j for j in neighbours(origin) if cell_card(state, j)]
        to: int | None
        if near:
            to = max(near, key=lambda j: (len(tokens_at(state, int(seat), j)), -j))
        else:
            hidden = [j for j in neighbours(origin) if undiscovered(state, j)]
            if hidden:
                to = hidden[0]
                state.shown[to] = True
            else:
                to = camp_of(state, int(seat))
        if to is None:
            for t in mine:
                kill(state, t.split(":")[1])
            continue
        state.hunters.setdefault(f"M{to}", []).extend(mine)
        state.last.append(f"M{to}")


# -- L3 events: cascading shifts ---------------------------------------------------------------------


def _push(state: NeanderthalState, card: int, toks: list[str], i: int, step: int) -> None:
    """L3-B: ``card`` (with its Hunters, L3-D) moves into cell ``i``: it fills a gap, replaces an
    undiscovered card, melts an ice barrier and leaves the game, or pushes a revealed card on."""
    origin = i - step
    if not state.grid[i]:
        state.grid[i], state.shown[i] = card, True
    elif state.grid_ice[i]:
        state.grid_ice[i] = False  # the barrier melts into an undiscovered card
        state.removed.append(card)
        if toks:
            relocate(state, origin, toks)
        return
    elif not state.shown[i]:
        state.removed.append(state.grid[i])
        state.grid[i], state.shown[i] = card, True
    else:
        old, otoks = state.grid[i], state.hunters.pop(f"M{i}", [])
        state.grid[i] = card
        if 0 <= i + step < CELLS:
            _push(state, old, otoks, i + step, step)
        else:  # pushed off the matrix: the card leaves, its Hunters stay on the new one
            state.removed.append(old)
            toks = otoks + toks
    if toks:
        state.hunters.setdefault(f"M{i}", []).extend(toks)
    state.last.append(f"M{i}")


def _lowest(state: NeanderthalState, cells: range) -> int | None:
    """L3-C: the lowest climate among the revealed cards only."""
    best = None
    for i in cells:
        if cell_card(state, i) and (
            best is None or data.BIOMES[state.grid[i]].clim < data.BIOMES[state.grid[best]].clim
        ):
            best = i
    return best


def cooling(state: NeanderthalState) -> None:
    j = _lowest(state, NORTH_CELLS)
    if j is None:
        return  # L3-C: no revealed card in the North, the event is ignored
    new = draw(state, "N")
    if not new:
        return
    moved, toks = state.grid[j], state.hunters.pop(f"M{j}", [])
    state.grid[j], state.grid_ice[j], state.shown[j] = new, True, False
    state.last.append(f"M{j}")
    say(state, "neanderthal.ev.cool", card=card_msg(moved))
    _push(state, moved, toks, j + data.GRID_COLS, data.GRID_COLS)


def warming(state: NeanderthalState) -> None:
    j = _lowest(state, SOUTH_CELLS)
    if j is None:
        return  # L3-C: no revealed card in the South, the event is ignored
    new = draw(state, "S")
    if new:
        moved, toks = state.grid[j], state.hunters.pop(f"M{j}", [])
        state.grid[j], state.shown[j] = new, True
        state.last.append(f"M{j}")
        say(state, "neanderthal.ev.warm", card=card_msg(moved))
        _push(state, moved, toks, j - data.GRID_COLS, -data.GRID_COLS)
    for i in SOUTH_CELLS:  # glacial melt: the barriers become undiscovered cards (L3-B)
        if state.grid_ice[i]:
            state.grid_ice[i] = False


def frozen(state: NeanderthalState) -> bool:
    """No card left but ice barriers and gaps."""
    return not any(state.grid[i] and not state.grid_ice[i] for i in range(CELLS))


# -- L3-G/H: losses on the map ----------------------------------------------------------------------


def lose_options(state: NeanderthalState, seat: int) -> list[Lose | Word]:
    p = state.tribes[seat]
    out: list[Lose | Word] = [Lose("lt", str(i)) for i in range(CELLS) if p.species in tokens_at(state, seat, i)]
    if any(p.species + "a" in tokens_at(state, seat, i) for i in range(CELLS)):
        out.append(Word("la"))
    return out


def lose_token(state: NeanderthalState, seat: int, loss: Lose | Word) -> str:
    """Removes the chosen Hunter from the map (``lt-<cell>``, or the Alpha) and returns his token."""
    p = state.tribes[seat]
    if isinstance(loss, Lose):
        tok, key = p.species, f"M{loss.what}"
    else:
        tok = p.species + "a"
        key = next(k for k, toks in state.hunters.items() if f"{seat}:{tok}" in toks)
    state.hunters[key].remove(f"{seat}:{tok}")
    return tok


def refuge(state: NeanderthalState, n: int) -> None:
    """L3-H: "Refúgio. Isso mata um Caçador" (the Fashion Woman saves them)."""
    for s in state.order:
        if not has_skill(state, s, "fashion") and on_map(state, s):
            state.losses_to_choose.append(LossToChoose(s, "pool", n))
            say(state, "neanderthal.ev.refuge", seat=seat_msg(s), n=n)


# -- L4 / M2: buying the daughter ----------------------------------------------------------------------


def price(state: NeanderthalState, seat: int) -> int:
    """L4: "pagar discos iguais à quantidade de filhas que você já tem +1" (Caring Woman: one less)."""
    n = len(state.tribes[seat].wives) + 1
    if has_skill(state, seat, "caring"):
        n = max(1, n - 1)
    return n


def pay_colours(state: NeanderthalState, seat: int) -> str:
    """The colours a daughter may be paid in: her bid media (the Singer Woman: any colour)."""
    if is_matrix(state) and has_skill(state, seat, "singer"):
        return "".join(data.COLOURS)
    return data.DAUGHTERS[state.event_card].media


def can_buy(state: NeanderthalState, seat: int) -> bool:
    p = state.tribes[seat]
    return sum(p.vocab[c] for c in pay_colours(state, seat)) >= price(state, seat)


def buy_actions(state: NeanderthalState, seat: int) -> list[Action]:
    return [
        action(
            id=str(Word("buy")),
            style="primary",
            label=msg("neanderthal.act.buy", card=card_msg(state.event_card), n=price(state, seat)),
        ),
        action(id=str(Word("pass")), label=msg("core.pass")),
    ]


def next_buyer(state: NeanderthalState, start: int) -> bool:
    """The next player in order who can pay for the daughter; False when nobody can."""
    for k in range(start, len(state.order)):
        if can_buy(state, state.order[k]):
            state.phase = "buy"
            state.order_position = k
            state.actor = state.order[k]
            return True
    state.removed.append(state.event_card)
    say(state, "neanderthal.ev.no_bid", card=card_msg(state.event_card))
    return False


# -- L5 / M3: movement, allocation and discovery ------------------------------------------------------


def start_move(state: NeanderthalState) -> None:
    state.phase = "move"
    state.order_position = 0
    state.actor = state.order[0]
    state.moved = {}


def _free(state: NeanderthalState, seat: int, i: int, alpha: bool) -> int:
    """Tribesmen (or the Alpha) on cell ``i`` who have not moved this turn."""
    p = state.tribes[seat]
    tok = p.species + ("a" if alpha else "")
    here = tokens_at(state, seat, i).count(tok)
    return here - state.moved.get(f"{seat}:{i}{':a' if alpha else ''}", 0)


def _may_enter(state: NeanderthalState, seat: int, i: int) -> bool:
    p = state.tribes[seat]
    tracker = has_skill(state, seat, "tracker")
    need = data.BIOMES[state.grid[i]].prereq
    return all(p.vocab[c] >= need.count(c) for c in set(need) if not (tracker and c == "W"))


def destinations(state: NeanderthalState, seat: int, i: int) -> list[int]:
    """L5-A b/c: an adjacent revealed card, or any card where the player has Hunters."""
    out = []
    for j in range(CELLS):
        if j == i or not cell_card(state, j) or not _may_enter(state, seat, j):
            continue
        if j in neighbours(i) or tokens_at(state, seat, j):
            out.append(j)
    return out


def _take_tribesman(state: NeanderthalState, seat: int) -> str | None:
    """A plain tribesman for a permanent post: from the largest camp, one who has not moved first."""
    p = state.tribes[seat]
    cells = [i for i in range(CELLS) if p.species in tokens_at(state, seat, i)]
    if not cells:
        return None
    i = max(cells, key=lambda i: (_free(state, seat, i, False) > 0, len(tokens_at(state, seat, i)), -i))
    state.hunters[f"M{i}"].remove(f"{seat}:{p.species}")
    return f"M{i}"


def _alpha_cell(state: NeanderthalState, seat: int) -> int | None:
    tok = f"{seat}:{state.tribes[seat].species}a"
    return next((int(k[1:]) for k, toks in state.hunters.items() if tok in toks), None)


def husband_slots(state: NeanderthalState, seat: int) -> list[tuple[int, int]]:
    """Experienced unmarried daughters the player may give a Husband (L5-A d)."""
    p = state.tribes[seat]
    if p.sex == "prom" and not has_skill(state, seat, "piper"):
        return []
    out = []
    for b, q in enumerate(state.tribes):
        for i, w in enumerate(q.wives):
            if w.husband or w.discs or (b == seat and p.vocab["O"] <= 0):
                continue
            out.append((b, i))
    return out


def move_actions(state: NeanderthalState, seat: int) -> list[Action]:
    p = state.tribes[seat]
    acts: list[Action] = []
    for alpha in (False, True):
        for i in range(CELLS):
            if _free(state, seat, i, alpha) <= 0:
                continue
            grp = msg("neanderthal.grp.from", card=card_msg(state.grid[i]))
            for j in destinations(state, seat, i):
                acts.append(
                    action(
                        id=str(Step(alpha, i, j)),
                        group=grp,
                        style="primary",
                        label=msg(
                            "neanderthal.act.move",
                            who=msg(f"neanderthal.tok.{'ha' if alpha else 'h'}"),
                            a=card_msg(state.grid[i]),
                            b=card_msg(state.grid[j]),
                        ),
                    )
                )
    plain = any(p.species in tokens_at(state, seat, i) for i in range(CELLS))
    alpha_at = _alpha_cell(state, seat)
    g_e = msg("neanderthal.grp.elders")
    for kind, ok in (("e", plain), ("ea", alpha_at is not None)):
        if not ok:
            continue
        for r in data.RANKS:
            if can_promote(state, seat, r):
                acts.append(
                    action(
                        id=str(Promote(kind == "ea", r)),
                        group=g_e,
                        style="success",
                        label=msg(
                            "neanderthal.act.elder",
                            rank=msg(f"neanderthal.rank.{r}"),
                            who=msg(f"neanderthal.tok.{'ha' if kind == 'ea' else 'h'}"),
                        ),
                    )
                )
    for kind, ok in (("hb", plain), ("hba", alpha_at is not None)):
        if not ok:
            continue
        for b, i in husband_slots(state, seat):
            acts.append(
                action(
                    id=str(MarryHusband(kind == "hba", b, i)),
                    group=g_e,
                    label=msg(
                        "neanderthal.act.husband",
                        card=card_msg(state.tribes[b].wives[i].card),
                        seat=seat_msg(b),
                        who=msg(f"neanderthal.tok.{'ha' if kind == 'hba' else 'h'}"),
                    ),
                )
            )
    if plain:  # B4 Alpha-Hunter swap
        acts += alpha_swaps(state, seat, g_e)
    acts.append(action(id=str(Word("done")), group=g_e, label=msg("core.done"), style="danger"))
    return _pack(acts)


def apply_move(state: NeanderthalState, seat: int, move: Move) -> bool:
    """One move or post; True when the last player is done (the cards next to Hunters are then
    revealed, L5-B)."""
    p = state.tribes[seat]
    if move == Word("done"):
        say(state, "neanderthal.ev.alloc_done", seat=seat_msg(seat))
        state.order_position += 1
        if state.order_position < len(state.order):
            state.actor = state.order[state.order_position]
            return False
        discover(state)
        return True
    if isinstance(move, Step):
        i, j = move.frm, move.to
        tok = p.species + ("a" if move.alpha else "")
        state.hunters[f"M{i}"].remove(f"{seat}:{tok}")
        state.hunters.setdefault(f"M{j}", []).append(f"{seat}:{tok}")
        key = f"{seat}:{j}{':a' if move.alpha else ''}"
        state.moved[key] = state.moved.get(key, 0) + 1
        state.last = [f"M{i}", f"M{j}"]
        say(state, "neanderthal.ev.move", seat=seat_msg(seat), a=card_msg(state.grid[i]), b=card_msg(state.grid[j]))
        return False
    if isinstance(move, Promote | MarryHusband):
        if move.alpha:
            tok = p.species + "a"
            cell = _alpha_cell(state, seat)
            state.hunters[f"M{cell}"].remove(f"{seat}:{tok}")
        else:
            tok = p.species
            _take_tribesman(state, seat)
        if isinstance(move, Promote):
            disc = ""
            if not exp_elder(p, 6):
                disc = data.RANK_COLOUR[move.rank]
                take_vocab(p, disc)
            p.elders[str(move.rank)] = Elder(token=tok, disc=disc)
            state.last = [f"E{seat}"]
            say(state, "neanderthal.ev.promote", seat=seat_msg(seat), rank=msg(f"neanderthal.rank.{move.rank}"))
        else:
            b, i = move.board, move.wife
            w = state.tribes[b].wives[i]
            w.husband = tok
            if b == seat:  # G1-F: inexperienced on his own board, with an orange disc under him
                take_vocab(p, "O")
                w.husband_disc = "O"
            state.last = [f"W{b}"]
            say(state, "neanderthal.ev.married", card=card_msg(w.card), seat=seat_msg(seat))
        return False
    # B4 Alpha-Hunter swap: the Alpha takes the place of a tribesman of the largest camp
    place = _take_tribesman(state, seat)
    if place is None:  # offered only with a tribesman on the map
        return False
    if not (move == Word("swap") or isinstance(move, SwapElder | SwapHusband)):
        raise IllegalAction("error.illegal_action")
    swap_alpha_back(state, seat, move)
    state.hunters[place].append(f"{seat}:{p.species}a")
    say(state, "neanderthal.ev.swap", seat=seat_msg(seat))
    return False


def discover(state: NeanderthalState) -> None:
    """L5-B: the undiscovered cards next to any card with Hunters are revealed."""
    for key, toks in list(state.hunters.items()):
        if not toks:
            continue
        for j in neighbours(int(key[1:])):
            if undiscovered(state, j):
                state.shown[j] = True
                state.last.append(f"M{j}")
                say(state, "neanderthal.ev.discover", card=card_msg(state.grid[j]))


# -- L6: hunting on the matrix ---------------------------------------------------------------------------


def predators(state: NeanderthalState, slot: str) -> list[str]:
    """L6-C: the predators on any adjacent revealed card, lower climate first."""
    found = [f"M{j}" for j in neighbours(int(slot[1:])) if cell_card(state, j) and data.BIOMES[state.grid[j]].pred]
    return sorted(found, key=lambda s: data.BIOMES[state.grid[int(s[1:])]].clim)


def artifact(state: NeanderthalState, seat: int, slot: str, ok: bool, faces: list[int]) -> None:
    """L6-A the first hunt on a cell marks it; L6-B activating enough artifacts in one turn."""
    if state.variant != "alien":
        return
    i = int(slot[1:])
    if not state.marks[i]:
        state.marks[i] = "O" if ok and data.ARTIFACT_FACE in faces else "B"
        say(
            state,
            "neanderthal.ev.artifact" if state.marks[i] == "O" else "neanderthal.ev.no_artifact",
            card=card_msg(state.grid[i]),
        )
    elif ok and i in state.artifacts_at_start and i not in state.artifacts_hunted:
        state.artifacts_hunted.append(i)
        say(
            state,
            "neanderthal.ev.activated",
            card=card_msg(state.grid[i]),
            n=len(state.artifacts_hunted),
            goal=state.goal,
        )
        if len(state.artifacts_hunted) >= state.goal and not state.signal:
            state.signal = True
            say(state, "neanderthal.ev.signal", seat=seat_msg(seat))


def take_card(state: NeanderthalState, slot: str, how: str) -> int:
    """G5 a trophy leaves a gap; G6/G7 a hand card is replaced from its deck, face up."""
    i = int(slot[1:])
    card = state.grid[i]
    if how == "troph":
        state.grid[i] = 0
    else:
        state.grid[i] = draw(state, row_of(i))
        state.shown[i] = bool(state.grid[i])
    return card


def end_tests(state: NeanderthalState) -> None:
    """After phase 4 the Hunters stay where they are (L6-E); those on a card that left as a trophy
    move to an adjacent card (L6-D)."""
    state.hunters = {k: v for k, v in state.camp.items() if v}
    state.camp = {}
    for key in sorted(state.hunters, key=lambda k: int(k[1:])):
        if not cell_card(state, int(key[1:])):
            relocate(state, int(key[1:]), state.hunters.pop(key))
    settle(state)
