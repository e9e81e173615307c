"""The ENGIS game state (a pydantic model that round-trips through JSON)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from rules.core import GameState

NEUTRAL = -1  # the neutral third colour of the 2-player game in bids and turn order


class Player(BaseModel):
    board: int  # index in data.BOARDS[side]
    hexes: dict[str, str]  # space -> hex id (printed ones included)
    meeples: list[str]  # the space of each meeple on the board
    row: int = 0  # meeples on the collective board's bid row
    marker: bool = False  # the zero-bid marker on the row
    objects: list[str] = Field(default_factory=list)
    skills: list[str] = Field(default_factory=list)
    hand: list[str] = Field(default_factory=list)  # secret: unplayed scoring cards
    played: list[str] = Field(default_factory=list)  # discard pile, top last
    aside: list[str] = Field(default_factory=list)  # set aside by Inteligência
    secret: list[str] = Field(default_factory=list)  # secret: individual intempérie(s)
    score: int = 0
    pts: dict[str, int] = Field(default_factory=dict)  # score by category
    used: list[str] = Field(default_factory=list)  # phase-2 actions used this round
    moved: list[bool] = Field(default_factory=list)  # meeples moved in the current Move
    bid: int | None = None

    def add(self, category: str, points: int) -> None:
        self.score += points
        self.pts[category] = self.pts.get(category, 0) + points


class EngisState(GameState):
    game: str = "engis"
    side: str = "normal"
    variant: str = "standard"
    solo: str = "standard"
    round: int = 1
    phase: str = "bid"
    actor: int = 0  # the seat deciding now (-1: nobody, game over)
    ps: list[Player]
    pile: list[str]
    offer: list[str | None]
    out: list[str] = Field(default_factory=list)  # discarded / removed hexes
    first: int = 0  # holder of the first-player card
    bid_order: list[int] = Field(default_factory=list)
    order: list[int] = Field(default_factory=list)  # turn order (NEUTRAL in 2-player games)
    prev_order: list[int] = Field(default_factory=list)
    cur: int = 0  # index into bid_order / order
    pending: int = 0  # meeples still to take (bid) or bring back
    picked: str = ""  # the hex chosen, waiting for its space
    src: str = ""  # the space of the meeple being moved
    neutral_bid: int | None = None
    tokens: list[int] = Field(default_factory=list)
    pool: dict[str, int] = Field(default_factory=dict)  # skill cards still available
    pool_out: list[str] = Field(default_factory=list)  # solo: skills removed from the game
    weather: list[str] = Field(default_factory=list)  # collective intempéries
    weather_cols: list[int] = Field(default_factory=list)
    hl_seat: int = -1  # the last move, for the picture
    hl: list[str] = Field(default_factory=list)
    final: dict[str, list[str]] = Field(default_factory=dict)  # per seat: failed intempéries...

    def players_order(self) -> list[int]:
        return [s for s in self.order if s >= 0]
