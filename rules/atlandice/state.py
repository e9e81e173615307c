"""The ATLANDICE game state, its small helpers and the view the channel sees."""

from __future__ import annotations

import functools
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.core import GameState, Msg, StoredModel, msg

from .data import BLACK_MARKET, CLOCK_END, CLOCK_TRACK, REGIONS, RESOURCES, SECTOR_IDS, TILE_CLOCK

# A round's visits (phase 2), the Donation (phase 3 at the clock's mark), the end.
Phase = Literal["visit", "donate", "over"]
# A visit's steps b) and c) and the choices a Region's effect asks for (see effects.py), by stored name:
# - ``take``: a resource to take from ``sector`` (step b); ``effect``: the tile of ``sector`` acts (step c);
# - ``take_region``: a Region other than ``excluded`` to take a resource from (then a ``take``);
# - ``swap_a``, ``swap_r``, ``swap_b``: a swap's resource given from ``sector``, the Region to swap
#   with (``target``), the resource taken from it;
# - ``move_a``, ``move_b``: a resource of ``sector`` to move, then where to (unless ``target`` says);
# - ``die_a``, ``die_b``: the sector of a die to move, then where to;
# - ``sub``: the sector the Submarine moves to.
TaskKind = Literal[
    "take", "effect", "take_region", "swap_a", "swap_r", "swap_b", "move_a", "move_b", "die_a", "die_b", "sub"
]


class Task(StoredModel):
    """One pending step of a visit: a choice to make (or an effect to resolve).

    ``seat`` chooses, ``who`` (a participant: a seat, or the Neutral) benefits.  Never changed in
    place (a step's follow-up is a new task), so copies of a state share their tasks.
    """

    model_config = ConfigDict(frozen=True)

    kind: TaskKind
    seat: int
    who: int
    sector: int = -1
    resource: str | None = Field(None, alias="res")  # the resource chosen at a two-step task's first step
    target: int = -1
    excluded: int = Field(-1, alias="excl")  # a sector the task may not pick (its own Region)

    def chosen(self) -> str:
        """The resource chosen at the first step of a two-step task (swap_r, swap_b, move_b)."""
        if self.resource is None:
            raise ValueError(f"{self.kind}: no resource chosen yet")
        return self.resource


class AtlandiceState(GameState):
    game: str = "atlandice"
    neutral: bool = False
    first: int = 0
    round: int = 1
    clock: int = 0
    # Per region, the remaining tiles, the visible (active) one first.
    stacks: list[list[str]]
    # A region whose tile has held a resource since it was revealed (scored when it empties).
    armed: list[bool]
    region_resources: list[dict[str, int]] = Field(alias="region_res")
    black_market: dict[str, int] = Field(alias="bm")  # the resources on the Black Market
    # Dice values lying on each sector (index 5: the Black Market).
    dice: list[list[int]]
    submarine: int = Field(alias="sub")  # the sector the Submarine is in
    # Per participant (seats, then the Neutral in a 2-player game).
    stocks: list[dict[str, int]]
    victory_points: list[dict[str, int]] = Field(alias="vp")  # by source (scoring.VP_KEYS)
    tiles_won: list[list[str]]
    taken: list[int]
    gave: list[bool]
    discarded: list[str] = Field(default_factory=list)
    removed: dict[str, int] = Field(default_factory=dict)
    out: list[str] = Field(default_factory=list)
    order: list[int] = Field(default_factory=list)
    turn: int = 0
    phase: Phase = "visit"
    tasks: list[Task] = Field(default_factory=list)
    donors: list[int] = Field(default_factory=list)
    donation_pick: str | None = Field(None, alias="don_pick")  # the first resource of a donation of two
    last_seat: int | None = None
    last_sectors: list[int] = Field(default_factory=list)
    last_clock: int | None = None

    # -- helpers ------------------------------------------------------------------------------
    @property
    def participants(self) -> int:
        return len(self.stocks)

    def active_tile(self, region: int) -> str | None:
        stack = self.stacks[region]
        return stack[0] if stack else None

    def tile(self, region: int) -> str:
        """The active tile of a Region still in play (not exhausted)."""
        return self.stacks[region][0]

    def exhausted(self, region: int) -> bool:
        return not self.stacks[region]

    def pile(self, sector: int) -> dict[str, int]:
        return self.black_market if sector == BLACK_MARKET else self.region_resources[sector]

    def total_stock(self, who: int) -> int:
        return sum(self.stocks[who].values())

    def touch(self, *sectors: int) -> None:
        for s in sectors:
            if s not in self.last_sectors:
                self.last_sectors.append(s)


def empty_pile() -> dict[str, int]:
    return {r: 0 for r in RESOURCES}


# Names are frozen messages of a few dozen kinds: each built once (every decision's labels ask for them).
@functools.cache
def sector_msg(sector: int, form: str = "sector") -> Msg:
    """A sector's name; ``form`` "of" / "at" / "to" carries the Portuguese article (da, na, a...)."""
    return msg(f"atlandice.{form}.{SECTOR_IDS[sector]}")


def resource_msg(res: str, count: int = 2) -> Msg:
    """A resource's name, singular for ``count`` 1."""
    return _resource_msg(res, count == 1)


@functools.cache
def _resource_msg(res: str, one: bool) -> Msg:
    return msg(f"atlandice.{'res1' if one else 'res'}.{res}")


def ranked(counts: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Participants first and second by ``counts`` (a zero never places; a tie for first has no second)."""
    return _ranked(tuple(counts))


@functools.lru_cache(maxsize=4096)
def _ranked(counts: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    top = max(counts, default=0)
    if top <= 0:
        return (), ()
    firsts = tuple(p for p, c in enumerate(counts) if c == top)
    if len(firsts) > 1:
        return firsts, ()
    second = max((c for c in counts if c < top), default=0)
    if second <= 0:
        return firsts, ()
    return firsts, tuple(p for p, c in enumerate(counts) if c == second)


@functools.cache
def tile_msg(tile: str) -> Msg:
    return msg(f"atlandice.tile.{tile}")


def who_msg(state: AtlandiceState, who: int) -> Msg:
    return _who_msg(-1 if who >= state.players else who)


@functools.cache
def _who_msg(who: int) -> Msg:
    return msg("atlandice.neutral") if who < 0 else msg("core.seat", n=who + 1)


# -- the view ---------------------------------------------------------------------------------
class RegionView(BaseModel):
    index: int
    name: str
    resource: str
    tile: str | None
    tile_clock: int | None
    stack_left: int
    resources: dict[str, int]
    dice: list[int]
    exhausted: bool


class ParticipantView(BaseModel):
    seat: int | None
    stock: dict[str, int]
    victory_points: int
    tiles: list[str]
    dice_taken: int
    gave_neutral: bool = False


class AtlandiceView(BaseModel):
    game: str = "atlandice"
    players: int
    neutral: bool
    round: int
    first: int
    clock: int
    clock_end: int
    track: dict[int, str]
    regions: list[RegionView]
    black_market: dict[str, int]
    black_market_dice: list[int]
    submarine: int
    participants: list[ParticipantView]
    out: list[str]
    removed: dict[str, int]
    phase: Phase
    to_act: list[int]
    prompt: Msg | None
    last_seat: int | None
    last_sectors: list[int]
    last_clock: int | None
    events: list[Msg]
    scores: list[int] | None = None
    winners: list[int] = Field(default_factory=list)


def build_view(
    state: AtlandiceState,
    to_act: list[int],
    prompt: Msg | None,
    events: list[Msg],
    scores: list[int] | None,
    winners: list[int],
) -> AtlandiceView:
    regions = []
    for r, name in enumerate(REGIONS):
        tile = state.active_tile(r)
        regions.append(
            RegionView(
                index=r,
                name=name,
                resource=RESOURCES[r],
                tile=tile,
                tile_clock=TILE_CLOCK[tile] if tile else None,
                stack_left=len(state.stacks[r]),
                resources=dict(state.region_resources[r]),
                dice=list(state.dice[r]),
                exhausted=state.exhausted(r),
            )
        )
    parts = []
    for p in range(state.participants):
        parts.append(
            ParticipantView(
                seat=p if p < state.players else None,
                stock=dict(state.stocks[p]),
                victory_points=sum(state.victory_points[p].values()),
                tiles=list(state.tiles_won[p]),
                dice_taken=state.taken[p],
                gave_neutral=state.gave[p] if p < len(state.gave) else False,
            )
        )
    return AtlandiceView(
        players=state.players,
        neutral=state.neutral,
        round=state.round,
        first=state.first,
        clock=state.clock,
        clock_end=CLOCK_END,
        track=dict(CLOCK_TRACK),
        regions=regions,
        black_market=dict(state.black_market),
        black_market_dice=list(state.dice[BLACK_MARKET]),
        submarine=state.submarine,
        participants=parts,
        out=list(state.out),
        removed=dict(state.removed),
        phase=state.phase,
        to_act=to_act,
        prompt=prompt,
        last_seat=state.last_seat,
        last_sectors=list(state.last_sectors),
        last_clock=state.last_clock,
        events=events,
        scores=scores,
        winners=winners,
    )
