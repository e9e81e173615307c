"""ATLANDICE: setup, the four phases of a round, the sector effects and the scoring."""

from __future__ import annotations

from typing import ClassVar

from rules.core import (
    Action,
    Engine,
    Event,
    IllegalAction,
    Msg,
    Outcome,
    PlayerResult,
    Rng,
    action,
    msg,
)

from . import ai
from .data import (
    B1_ROLLS,
    BM,
    BM_CLOCK,
    BM_DIE,
    BM_START,
    CLOCK_END,
    CLOCK_START,
    CLOCK_TRACK,
    DICE,
    DICE_PER_PLAYER,
    DONATION_COST,
    DONATION_VP,
    F1_ROLLS,
    F3_ROLLS,
    INVENTORY_VP,
    J1_ROLLS,
    J3_ROLLS,
    MAJORITY_FIRST_VP,
    MAJORITY_SECOND_VP,
    NEUTRAL_COMPETES,
    P1_ROLLS,
    REGION_SECOND_VP,
    REGION_TIE_VP,
    RESOURCES,
    RESOURCES_PER_REGION,
    SECTOR_IDS,
    SECTORS,
    SUB_START,
    TILE_CLOCK,
    TILE_VP,
    TILES,
)
from .state import (
    AtlandiceState,
    AtlandiceView,
    Task,
    build_view,
    empty_pile,
    ranked,
    res_msg,
    sector_msg,
    tile_msg,
    who_msg,
)

RES_EMOJI = {"gem": "💎", "book": "📚", "food": "🍞", "tool": "🔧", "arm": "⚔️"}
SECTOR_EMOJI = ("1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣")

CATEGORIES = [
    "atlandice.score.tiles",
    "atlandice.score.awards",
    "atlandice.score.inventory",
    "atlandice.score.donation",
    "atlandice.score.majorities",
]
# vp keys kept in the state, by category
VP_KEYS = ("awards", "inventory", "donation")

# Task kinds whose single possible answer is played without asking.
CHOICE_KINDS = {"take", "take_region", "swap_a", "swap_r", "swap_b", "move_a", "move_b",
                "die_a", "die_b", "sub"}


def sector_id(sector: int) -> str:
    return SECTOR_IDS[sector]


def parse_sector(value: str) -> int:
    return SECTOR_IDS.index(value)


def region_total(state: AtlandiceState, region: int) -> int:
    return sum(state.region_res[region].values())


def turn_order_from(state: AtlandiceState, seat: int) -> list[int]:
    """Every participant in turn order starting at ``seat`` (the Neutral last)."""
    order = [(seat + i) % state.players for i in range(state.players)]
    if state.neutral:
        order.append(state.players)
    return order


def _emoji(action_id: str) -> str | None:
    kind, value = action_id.split(".", 1)
    if kind == "res":
        return RES_EMOJI[value]
    if kind == "sec":
        return SECTOR_EMOJI[parse_sector(value)]
    return None


class AtlandiceEngine(Engine[AtlandiceState]):
    id: ClassVar[str] = "atlandice"
    title: ClassVar[str] = "ATLANDICE"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    state_type: ClassVar[type] = AtlandiceState

    # -- setup ----------------------------------------------------------------------------------
    def setup(self, players: int, seed: int, options: dict[str, str], rng: Rng) -> AtlandiceState:
        neutral = players == 2
        parts = players + (1 if neutral else 0)
        per_region = RESOURCES_PER_REGION[players]
        stacks = [rng.shuffled(list(TILES[r])) for r in range(5)]
        region_res = []
        for _r, res in enumerate(RESOURCES):
            pile = empty_pile()
            pile[res] = per_region
            region_res.append(pile)
        first = rng.below(players)
        state = AtlandiceState(
            players=players, seed=seed, options=dict(options), rng=rng, neutral=neutral,
            first=first, clock=CLOCK_START, stacks=stacks, armed=[True] * 5,
            region_res=region_res, bm={r: BM_START for r in RESOURCES},
            dice=[[] for _ in range(SECTORS)], sub=SUB_START,
            stocks=[empty_pile() for _ in range(parts)],
            vp=[{k: 0 for k in VP_KEYS} for _ in range(parts)],
            tiles_won=[[] for _ in range(parts)], taken=[0] * parts, gave=[False] * players,
            removed={r: 0 for r in RESOURCES},
        )
        self._start_round(state)
        return state

    # -- round flow -----------------------------------------------------------------------------
    def _event(self, state: AtlandiceState, key: str, **params) -> None:
        state.events.append(Event(text=msg(key, **params)))

    def _start_round(self, state: AtlandiceState) -> None:
        """Phase 1: the first player rolls every die onto the sectors."""
        state.dice = [[] for _ in range(SECTORS)]
        state.taken = [0] * state.participants
        state.gave = [False] * state.players
        values = []
        for _ in range(DICE[state.players]):
            v = state.rng.die()
            values.append(v)
            state.dice[self._sector_of_value(state, v)].append(v)
        state.dice = [sorted(d) for d in state.dice]
        self._event(state, "atlandice.ev.roll", round=state.round, who=who_msg(state, state.first),
                    dice=" ".join(str(v) for v in sorted(values)))
        k = DICE_PER_PLAYER[state.players]
        state.order = [(state.first + i) % state.players for i in range(state.players)] * k
        state.turn = 0
        state.phase = "visit"
        state.tasks = []

    def _sector_of_value(self, state: AtlandiceState, value: int) -> int:
        if value == BM_DIE or state.exhausted(value - 1):
            return BM
        return value - 1

    def _visit(self, state: AtlandiceState, seat: int, sector: int, to_neutral: bool) -> None:
        """Phase 2 a): take a die from ``sector``; then b) and c) as tasks."""
        who = state.players if to_neutral else seat
        state.dice[sector].pop()
        state.taken[who] += 1
        if to_neutral:
            state.gave[seat] = True
            self._event(state, "atlandice.ev.give", who=who_msg(state, seat), sector=sector_msg(sector, "of"))
        else:
            self._event(state, "atlandice.ev.visit", who=who_msg(state, seat), sector=sector_msg(sector, "of"))
        state.touch(sector)
        state.tasks = self._visit_tasks(state, seat, who, sector)

    def _visit_tasks(self, state: AtlandiceState, seat: int, who: int, sector: int) -> list[Task]:
        tasks = [Task(kind="take", seat=seat, who=who, sector=sector)]
        if state.sub == sector:
            tasks.append(Task(kind="take", seat=seat, who=who, sector=sector))
        tasks.append(Task(kind="effect", seat=seat, who=who, sector=sector))
        return tasks

    def _run(self, state: AtlandiceState) -> None:
        """Resolves pending tasks until a real choice is needed, then moves the game on."""
        while True:
            while state.tasks:
                task = state.tasks[0]
                if task.kind == "effect":
                    state.tasks.pop(0)
                    self._effect(state, task)
                    continue
                options = self._task_options(state, task)
                if not options:
                    state.tasks.pop(0)
                    continue
                if len(options) == 1:
                    state.tasks.pop(0)
                    self._do_task(state, task, options[0][0])
                    continue
                return
            if state.phase == "visit":
                if not self._end_visit(state):
                    return
            elif state.phase == "donate":
                if not self._next_donor(state):
                    return
            else:
                return

    def _end_visit(self, state: AtlandiceState) -> bool:
        """After step c): empty regions are scored; the next visit or phase 3.  True: go on."""
        visitor = state.order[state.turn]
        while True:
            empty = [r for r in range(5)
                     if not state.exhausted(r) and state.armed[r] and region_total(state, r) == 0]
            if not empty:
                break
            self._score_region(state, empty[0], visitor)
        state.turn += 1
        if state.turn < len(state.order):
            return False  # the next visitor chooses
        return self._phase3(state)

    def _phase3(self, state: AtlandiceState) -> bool:
        """The clock moves by the pointers of the sector holding the last die."""
        if state.clock < CLOCK_END:
            sector = next(s for s in range(SECTORS) if state.dice[s])
            steps = BM_CLOCK if sector == BM else TILE_CLOCK[state.active_tile(sector)]
            before = state.clock
            state.clock = min(CLOCK_END, state.clock + steps)
            state.last_clock = state.clock
            state.touch(sector)
            self._event(state, "atlandice.ev.clock", sector=sector_msg(sector, "at"), n=state.clock - before,
                        pos=state.clock)
            mark = CLOCK_TRACK.get(state.clock)
            if mark and mark.startswith("inv."):
                self._inventory(state, mark[4:])
            elif mark == "don":
                self._event(state, "atlandice.ev.donation")
                state.phase = "donate"
                state.donors = [(state.first + i) % state.players for i in range(state.players)]
                state.don_pick = None
                return self._next_donor(state)
        return self._end_round(state)

    def _end_round(self, state: AtlandiceState) -> bool:
        if state.clock >= CLOCK_END:
            state.phase = "over"
            state.tasks = []
            self._event(state, "atlandice.ev.waves")
            return False
        state.first = (state.first + 1) % state.players
        state.round += 1
        self._start_round(state)
        return False

    # -- effects --------------------------------------------------------------------------------
    def _roll(self, state: AtlandiceState, task: Task, tile: str) -> int:
        v = state.rng.die()
        self._event(state, "atlandice.ev.effect_roll", who=who_msg(state, task.who), tile=tile_msg(tile), n=v)
        return v

    def _effect(self, state: AtlandiceState, task: Task) -> None:
        s = task.sector
        if s == BM or state.exhausted(s):
            return
        tile = state.active_tile(s)
        kind = tile if tile[0] != "O" else "O"
        push: list[Task] = []

        def t(kind: str, **kw) -> Task:
            return Task(kind=kind, seat=task.seat, who=task.who, **kw)

        if kind == "J1":
            if self._roll(state, task, tile) in J1_ROLLS:
                push.append(t("take", sector=s))
        elif kind == "J2":
            push.append(t("swap_a", sector=s))
        elif kind == "J3":
            if self._roll(state, task, tile) in J3_ROLLS:
                v = self._roll(state, task, tile)
                target = self._sector_of_value(state, v)
                self._event(state, "atlandice.ev.revisit", who=who_msg(state, task.who),
                            sector=sector_msg(target, "to"))
                state.touch(target)
                push.extend(self._visit_tasks(state, task.seat, task.who, target))
        elif kind == "B1":
            if self._roll(state, task, tile) in B1_ROLLS:
                push.append(t("take_region", excl=s))
        elif kind == "B2":
            push.append(t("move_a", sector=s, target=BM))
        elif kind == "B3":
            if self.dice_picked(state, task) == 2:
                push.append(t("take", sector=s))
        elif kind == "P1":
            if self._roll(state, task, tile) in P1_ROLLS and state.clock < CLOCK_END:
                state.clock += 1
                state.last_clock = state.clock
                self._event(state, "atlandice.ev.inn_clock", pos=state.clock)
        elif kind == "P2":
            push.append(t("move_a", sector=BM, excl=s))
        elif kind == "P3":
            push.append(t("die_a"))
        elif kind == "O":
            push.append(t("sub"))
        elif kind == "F1":
            if self._roll(state, task, tile) in F1_ROLLS:
                push.append(t("take", sector=s))
        elif kind == "F2":
            push.append(t("move_a", sector=s, excl=s))
        elif kind == "F3" and self._roll(state, task, tile) in F3_ROLLS:
            push.append(t("take", sector=BM))
        state.tasks[0:0] = push

    def dice_picked(self, state: AtlandiceState, task: Task) -> int:
        """How many dice the beneficiary has taken this round, the current one included (B3).

        A player counts every die he took, the one he gave the Neutral included («O dado que você
        der ao Jogador Neutro pode ser o primeiro, o segundo, ou o terceiro dado que você pegar»);
        the Neutral counts the dice given to it (AQ7).
        """
        if task.who >= state.players:
            return state.taken[task.who]
        return state.order[:state.turn + 1].count(task.seat)

    def _regions_except(self, state: AtlandiceState, excl: int) -> list[int]:
        return [r for r in range(5) if r != excl and not state.exhausted(r)]

    def _task_options(self, state: AtlandiceState, task: Task) -> list[tuple[str, Msg]]:
        """(action id, label) for a choice task."""
        k = task.kind

        def res_opts(sector: int, verb: str = "atlandice.act.res") -> list[tuple[str, Msg]]:
            pile = state.pile(sector)
            return [(f"res.{r}", msg(verb, res=res_msg(r), n=pile[r])) for r in RESOURCES if pile[r] > 0]

        def sec_opts(sectors: list[int]) -> list[tuple[str, Msg]]:
            return [(f"sec.{sector_id(s)}", msg("atlandice.act.sector", sector=sector_msg(s))) for s in sectors]

        if k == "take":
            return res_opts(task.sector, "atlandice.act.take")
        if k == "take_region":
            return sec_opts([r for r in self._regions_except(state, task.excl) if region_total(state, r)])
        if k == "swap_a":
            if not any(region_total(state, r) for r in self._regions_except(state, task.sector)):
                return []
            return res_opts(task.sector)
        if k == "swap_r":
            return sec_opts([r for r in self._regions_except(state, task.sector) if region_total(state, r)])
        if k == "swap_b":
            return res_opts(task.target)
        if k == "move_a":
            if task.target < 0 and not self._regions_except(state, task.excl):
                return []
            return res_opts(task.sector)
        if k == "move_b":
            return sec_opts(self._regions_except(state, task.excl))
        if k == "die_a":
            return sec_opts([s for s in range(SECTORS) if state.dice[s]])
        if k == "die_b":
            return sec_opts([s for s in range(SECTORS) if s != task.sector and (s == BM or not state.exhausted(s))])
        if k == "sub":
            return sec_opts([s for s in range(SECTORS) if s != state.sub and (s == BM or not state.exhausted(s))])
        raise AssertionError(k)

    def _give(self, state: AtlandiceState, who: int, sector: int, res: str) -> None:
        state.pile(sector)[res] -= 1
        state.stocks[who][res] += 1
        state.touch(sector)
        self._event(state, "atlandice.ev.take", who=who_msg(state, who), res=res_msg(res, 1),
                    sector=sector_msg(sector, "of"))

    def _put(self, state: AtlandiceState, sector: int, res: str, n: int = 1) -> None:
        state.pile(sector)[res] += n
        if sector != BM and n > 0:
            state.armed[sector] = True

    def _do_task(self, state: AtlandiceState, task: Task, action_id: str) -> None:
        k = task.kind
        value = action_id.split(".", 1)[1]
        follow: Task | None = None
        if k == "take":
            self._give(state, task.who, task.sector, value)
        elif k == "take_region":
            follow = task.model_copy(update={"kind": "take", "sector": parse_sector(value)})
        elif k == "swap_a":
            follow = task.model_copy(update={"kind": "swap_r", "res": value})
        elif k == "swap_r":
            follow = task.model_copy(update={"kind": "swap_b", "target": parse_sector(value)})
        elif k == "swap_b":
            a, b, j, r = task.res, value, task.sector, task.target
            state.pile(j)[a] -= 1
            state.pile(r)[b] -= 1
            self._put(state, j, b)
            self._put(state, r, a)
            state.touch(j, r)
            self._event(state, "atlandice.ev.swap", a=res_msg(a, 1), b=res_msg(b, 1), sector=sector_msg(r, "of"))
        elif k == "move_a":
            if task.target >= 0:
                self._move(state, task.sector, task.target, value)
            else:
                follow = task.model_copy(update={"kind": "move_b", "res": value})
        elif k == "move_b":
            self._move(state, task.sector, parse_sector(value), task.res)
        elif k == "die_a":
            follow = task.model_copy(update={"kind": "die_b", "sector": parse_sector(value)})
        elif k == "die_b":
            src, dst = task.sector, parse_sector(value)
            new_value = BM_DIE if dst == BM else dst + 1
            die = state.dice[src].pop()
            state.dice[dst] = sorted(state.dice[dst] + [new_value])
            state.touch(src, dst)
            self._event(state, "atlandice.ev.move_die", a=die, b=new_value, src=sector_msg(src, "at"),
                        dst=sector_msg(dst, "to"))
        elif k == "sub":
            dst = parse_sector(value)
            self._event(state, "atlandice.ev.sub", src=sector_msg(state.sub, "of"), dst=sector_msg(dst, "to"))
            state.touch(state.sub, dst)
            state.sub = dst
        else:
            raise AssertionError(k)
        if follow is not None:
            state.tasks.insert(0, follow)

    def _move(self, state: AtlandiceState, src: int, dst: int, res: str) -> None:
        state.pile(src)[res] -= 1
        self._put(state, dst, res)
        state.touch(src, dst)
        self._event(state, "atlandice.ev.move_res", res=res_msg(res, 1), src=sector_msg(src, "of"),
                    dst=sector_msg(dst, "to"))

    # -- scoring during the game ----------------------------------------------------------------
    def _score_region(self, state: AtlandiceState, r: int, visitor: int) -> None:
        res = RESOURCES[r]
        tile = state.stacks[r].pop(0)
        state.touch(r)
        counts = [state.stocks[p][res] for p in range(state.participants)]
        returned = sum(counts)
        if state.neutral and not NEUTRAL_COMPETES:
            counts[state.players] = 0
        firsts, seconds = ranked(counts)
        self._event(state, "atlandice.ev.empty", sector=sector_msg(r))
        if firsts:
            order = [p for p in turn_order_from(state, visitor) if p in firsts]
            winner = order[0]
            state.tiles_won[winner].append(tile)
            self._event(state, "atlandice.ev.tile", who=who_msg(state, winner), tile=tile_msg(tile))
            for p in order[1:]:
                state.vp[p]["awards"] += REGION_TIE_VP
                self._event(state, "atlandice.ev.vp", who=who_msg(state, p), n=REGION_TIE_VP)
            for p in seconds:
                state.vp[p]["awards"] += REGION_SECOND_VP
                self._event(state, "atlandice.ev.vp", who=who_msg(state, p), n=REGION_SECOND_VP)
        else:
            state.discarded.append(tile)
            self._event(state, "atlandice.ev.tile_lost", tile=tile_msg(tile))
        for p in range(state.participants):
            state.stocks[p][res] = 0
        if state.stacks[r]:
            to_bm = min(returned, max(0, BM_START - state.bm[res]))
            state.bm[res] += to_bm
            state.region_res[r][res] += returned - to_bm
            state.armed[r] = region_total(state, r) > 0
            self._event(state, "atlandice.ev.reveal", tile=tile_msg(state.stacks[r][0]), res=res_msg(res),
                        n=returned, bm=to_bm)
        else:
            lost = returned + state.bm[res] + sum(state.region_res[x][res] for x in range(5))
            state.bm[res] = 0
            for x in range(5):
                state.region_res[x][res] = 0
            state.removed[res] += lost
            state.out.append(res)
            state.armed[r] = False
            moved = len(state.dice[r])
            state.dice[BM] = sorted(state.dice[BM] + state.dice[r])
            state.dice[r] = []
            if state.sub == r:
                state.sub = BM
            self._event(state, "atlandice.ev.exhausted", sector=sector_msg(r, "of"), res=res_msg(res), n=lost,
                        dice=moved)

    def _inventory(self, state: AtlandiceState, what: str) -> None:
        if what == "total":
            label = msg("atlandice.inv.total")
            counts = [state.total_stock(p) for p in range(state.participants)]
        else:
            label = res_msg(what)
            counts = [0 if what in state.out else state.stocks[p][what] for p in range(state.participants)]
        top = max(counts)
        winners = [p for p, c in enumerate(counts) if c == top and top > 0]
        self._event(state, "atlandice.ev.inventory", what=label)
        for p in winners:
            state.vp[p]["inventory"] += INVENTORY_VP
            self._event(state, "atlandice.ev.vp", who=who_msg(state, p), n=INVENTORY_VP)

    # -- donation -------------------------------------------------------------------------------
    def _next_donor(self, state: AtlandiceState) -> bool:
        while state.donors and state.total_stock(state.donors[0]) < DONATION_COST:
            state.donors.pop(0)
            state.don_pick = None
        if state.donors:
            return False
        state.phase = "visit"
        return self._end_round(state)

    def _donate(self, state: AtlandiceState, seat: int, action_id: str) -> None:
        if action_id == "stop":
            if state.don_pick is None:
                state.donors.pop(0)
            state.don_pick = None
            return
        res = action_id.split(".", 1)[1]
        if state.don_pick is None:
            state.don_pick = res
            return
        a, b = state.don_pick, res
        state.don_pick = None
        for x in (a, b):
            state.stocks[seat][x] -= 1
            r = RESOURCES.index(x)
            self._put(state, r, x)
            state.touch(r)
        state.vp[seat]["donation"] += DONATION_VP
        self._event(state, "atlandice.ev.donate", who=who_msg(state, seat), a=res_msg(a, 1), b=res_msg(b, 1))

    def _donation_options(self, state: AtlandiceState, seat: int) -> list[Action]:
        stock = dict(state.stocks[seat])
        if state.don_pick is not None:
            stock[state.don_pick] -= 1
            stop = action(id="stop", label=msg("atlandice.act.cancel"), style="secondary")
        else:
            stop = action(id="stop", label=msg("atlandice.act.stop"), style="secondary")
        acts = [action(id=f"don.{r}", label=msg("atlandice.act.donate", res=res_msg(r), n=stock[r]), style="primary",
                       emoji=RES_EMOJI[r])
                for r in RESOURCES if stock[r] > 0]
        return [*acts, stop]

    # -- the contract ---------------------------------------------------------------------------
    def to_act(self, state: AtlandiceState) -> list[int]:
        if state.phase == "over":
            return []
        if state.phase == "donate":
            return [state.donors[0]]
        if state.tasks:
            return [state.tasks[0].seat]
        return [state.order[state.turn]]

    def _visit_options(self, state: AtlandiceState, seat: int) -> list[Action]:
        sectors = [s for s in range(SECTORS) if state.dice[s]]
        acts: list[Action] = []
        must_give = False
        if state.neutral and not state.gave[seat]:
            picks = state.order[:state.turn].count(seat)
            must_give = picks == DICE_PER_PLAYER[state.players] - 1
        if not must_give:
            acts += [action(id=f"visit.{sector_id(s)}", style="primary", emoji=SECTOR_EMOJI[s],
                            label=msg("atlandice.act.visit", sector=sector_msg(s), n=len(state.dice[s])))
                     for s in sectors]
        if state.neutral and not state.gave[seat]:
            acts += [action(id=f"neutral.{sector_id(s)}", style="secondary", emoji=SECTOR_EMOJI[s],
                            label=msg("atlandice.act.neutral", sector=sector_msg(s), n=len(state.dice[s])))
                     for s in sectors]
        return acts

    def _legal_actions(self, state: AtlandiceState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "donate":
            return self._donation_options(state, seat)
        if state.tasks:
            return [action(id=i, label=label, emoji=_emoji(i)) for i, label in self._task_options(state, state.tasks[0])]
        return self._visit_options(state, seat)

    def _apply(self, state: AtlandiceState, seat: int, action: Action) -> None:
        state.last_seat = seat
        state.last_sectors = []
        state.last_clock = None
        aid = action.id
        if state.phase == "donate":
            self._donate(state, seat, aid)
        elif state.tasks:
            task = state.tasks.pop(0)
            self._do_task(state, task, aid)
        else:
            kind, value = aid.split(".", 1)
            if kind not in ("visit", "neutral"):
                raise IllegalAction("error.illegal_action")
            self._visit(state, seat, parse_sector(value), kind == "neutral")
        self._run(state)

    def prompt(self, state: AtlandiceState, seat: int) -> Msg:
        if state.phase == "over":
            return msg("atlandice.prompt.over")
        if state.phase == "donate":
            if state.don_pick is not None:
                return msg("atlandice.prompt.donate2", res=res_msg(state.don_pick, 1))
            return msg("atlandice.prompt.donate")
        if state.tasks:
            task = state.tasks[0]
            params: dict = {"who": who_msg(state, task.who)}
            if task.kind in ("take", "swap_a", "move_a"):
                params["sector"] = sector_msg(task.sector, "of")
            if task.kind in ("swap_r", "swap_b", "move_b"):
                params["res"] = res_msg(task.res or RESOURCES[0], 1)
            if task.kind == "swap_b":
                params["sector"] = sector_msg(task.target, "of")
            if task.kind == "die_b":
                params["sector"] = sector_msg(task.sector, "at")
            return msg(f"atlandice.prompt.{task.kind}", **params)
        if state.neutral and not state.gave[seat]:
            return msg("atlandice.prompt.visit_neutral")
        return msg("atlandice.prompt.visit")

    def face_down(self, state: AtlandiceState) -> tuple[int, ...]:
        return tuple(len(stack) for stack in state.stacks)  # taking a tile turns the next one up

    def view(self, state: AtlandiceState, seat: int | None) -> AtlandiceView:
        # ATLANDICE has no hidden information: every seat and the channel see the same board.
        acting = self.to_act(state)
        prompt = self.prompt(state, acting[0]) if acting else None
        outcome = self.outcome(state)
        scores = winners = None
        if outcome is not None:
            by = {r.seat if r.seat is not None else state.players: r.score for r in outcome.results}
            scores = [by[p] for p in range(state.participants)]
            winners = outcome.winners
        return build_view(state, acting, prompt, [e.text for e in state.events if e.visible_to(seat)],
                          scores, winners or [])

    def final_breakdown(self, state: AtlandiceState) -> list[dict[str, int]]:
        parts = state.participants
        out = []
        majority = [0] * parts
        for res in RESOURCES:
            if res in state.out:
                continue
            firsts, seconds = ranked([state.stocks[p][res] for p in range(parts)])
            for p in firsts:
                majority[p] += MAJORITY_FIRST_VP
            for p in seconds:
                majority[p] += MAJORITY_SECOND_VP
        for p in range(parts):
            out.append({
                "atlandice.score.tiles": TILE_VP * len(state.tiles_won[p]),
                "atlandice.score.awards": state.vp[p]["awards"],
                "atlandice.score.inventory": state.vp[p]["inventory"],
                "atlandice.score.donation": state.vp[p]["donation"],
                "atlandice.score.majorities": majority[p],
            })
        return out

    def outcome(self, state: AtlandiceState) -> Outcome | None:
        if state.phase != "over":
            return None
        breakdown = self.final_breakdown(state)
        scores = [sum(b.values()) for b in breakdown]
        humans = scores[:state.players]
        best = max(humans)
        results = []
        for p, b in enumerate(breakdown):
            rank = 1 + sum(1 for s in humans if s > scores[p])
            if p < state.players:
                results.append(PlayerResult(seat=p, score=scores[p], breakdown=b, rank=rank,
                                            winner=scores[p] == best))
            else:
                results.append(PlayerResult(seat=None, name=msg("atlandice.neutral"), score=scores[p],
                                            breakdown=b, rank=rank, winner=False))
        return Outcome(results=results, categories=list(CATEGORIES))

    def ai_action(self, state: AtlandiceState, seat: int, level: str = "normal", budget: float | None = None) -> str:
        return ai.choose(self, state, seat, level, budget)


ENGINE = AtlandiceEngine()
