"""The ENGIS game state (a pydantic model that round-trips through JSON)."""

from __future__ import annotations

from typing import Any, Literal, NoReturn, TypeVar

from pydantic import ConfigDict, Field, GetCoreSchemaHandler
from pydantic_core import core_schema

from rules.core import GameState, StoredModel

_new = object.__new__
_set = object.__setattr__

NEUTRAL = -1  # the neutral third colour of the 2-player game in bids and turn order

K = TypeVar("K")
V = TypeVar("V")


class FrozenDict(dict[K, V]):
    """A dict that refuses every change (a changed copy replaces it: ``FrozenDict({**d, k: v})``).

    Shared by the states of a game, it can never be written through; and since it never changes, what
    is derived from it may be kept with it (``memo``, see ``scoring.territory``).  Validated from and
    serialized to a JSON object as a plain dict.
    """

    __slots__ = ("memo",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.memo: Any = None

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("a FrozenDict does not change: put a changed copy in its place")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse

    def __copy__(self) -> FrozenDict[K, V]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenDict[K, V]:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (dict(self),))

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        args = getattr(source, "__args__", (Any, Any))
        return core_schema.no_info_after_validator_function(cls, handler.generate_schema(dict[args[0], args[1]]))  # type: ignore[valid-type]


class Clan(StoredModel):
    """One clan (a player's): its pieces, cards and score; frozen, so states share it.

    ``Engine.apply`` copies the state for the new one, and a frozen model is copied by reference
    (``rules.core.clone``): the players an action leaves alone are the same objects in both states. An
    action that changes a player puts a new one in its place (``changed``); its sequences are tuples and
    its dicts ``FrozenDict``, so no state can write into another's player.
    """

    model_config = ConfigDict(frozen=True)

    board: int  # index in data.BOARDS[side]
    hexes: FrozenDict[str, str]  # space -> hex id (printed ones included)
    meeples: tuple[str, ...]  # the space of each meeple on the board
    meeples_on_row: int = Field(0, alias="row")  # meeples on the collective board's bid row
    zero_bid_marker: bool = Field(False, alias="marker")  # the marker of a zero bid, on the row
    objects: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()  # secret: unplayed scoring cards
    played: tuple[str, ...] = ()  # discard pile, top last
    aside: tuple[str, ...] = ()  # set aside by Inteligência
    secret: tuple[str, ...] = ()  # secret: individual intempérie(s)
    score: int = 0
    points: FrozenDict[str, int] = Field(default_factory=FrozenDict, alias="pts")  # the score by category
    used: tuple[str, ...] = ()  # phase-2 actions used this round
    moved: tuple[bool, ...] = ()  # meeples moved in the current Move
    bid: int | None = None

    def changed(self, **values: Any) -> Clan:
        """A copy with ``values`` (of the declared types: tuples, ``FrozenDict``) in place of its own, the
        other fields shared; as ``model_copy(update=values)``, without its generic machinery."""
        new = _new(Clan)
        _set(new, "__dict__", {**self.__dict__, **values})
        _set(new, "__pydantic_fields_set__", self.__pydantic_fields_set__ | values.keys())
        _set(new, "__pydantic_extra__", None)
        _set(new, "__pydantic_private__", None)
        return new

    def scored(self, category: str, gained: int) -> Clan:
        """A copy with ``gained`` points more, in ``category`` of the breakdown."""
        points: FrozenDict[str, int] = FrozenDict({**self.points, category: self.points.get(category, 0) + gained})
        return self.changed(score=self.score + gained, points=points)


# Phase 1 (the bids: the neutral colour's token, the bids or, solo, a purchase; the hexes picked and
# placed; the meeples taken back from the board), phase 2 (a player's turn: the menu ``act``, a Move
# from one space to another, crafting, developing a skill and what a skill asks: a solo skill put
# out, a new meeple placed for Nea or Retorno), the meeples brought back at a round's end, the
# scoring cards played at the end, and the end.
Phase = Literal[
    "token", "bid", "pick", "place", "take", "act", "move", "move_to", "craft", "develop", "discard", "nea",
    "retorno", "back", "score", "over",
]  # fmt: skip


class EngisState(GameState):
    game: str = "engis"
    side: str = "normal"
    variant: str = "standard"
    solo: str = "standard"
    round: int = 1
    phase: Phase = "bid"
    actor: int = 0  # the seat deciding now (-1: nobody, game over)
    clans: list[Clan] = Field(alias="ps")  # each seat's clan: its board, meeples, cards and score
    pile: list[str]
    offer: list[str | None]
    out: list[str] = Field(default_factory=list)  # discarded / removed hexes
    first: int = 0  # holder of the first-player card
    bid_order: list[int] = Field(default_factory=list)
    order: list[int] = Field(default_factory=list)  # turn order (NEUTRAL in 2-player games)
    previous_order: list[int] = Field(default_factory=list, alias="prev_order")
    order_position: int = Field(0, alias="cur")  # who acts now, as an index into bid_order (phase 1) or order
    pending: int = 0  # meeples still to take (bid) or bring back
    picked: str = ""  # the hex chosen, waiting for its space
    moving_from: str = Field("", alias="src")  # the space of the meeple being moved
    neutral_bid: int | None = None
    tokens: list[int] = Field(default_factory=list)
    pool: dict[str, int] = Field(default_factory=dict)  # skill cards still available
    skills_removed: list[str] = Field(default_factory=list, alias="pool_out")  # solo: skills out of the game
    weather: list[str] = Field(default_factory=list)  # collective intempéries
    weather_columns: list[int] = Field(default_factory=list, alias="weather_cols")  # the column of each
    highlight_seat: int = Field(-1, alias="hl_seat")  # the last move, for the picture: whose board
    highlight: list[str] = Field(default_factory=list, alias="hl")  # and the spaces, hexes or cards it changed
    # per seat (a str key): the intempéries it failed at the end ("!<id>": the one a skill cancelled)
    failed_hardships: dict[str, list[str]] = Field(default_factory=dict, alias="final")

    def players_order(self) -> list[int]:
        return [s for s in self.order if s >= 0]
