"""The ENGIS engine: the contract of rules/core over the phases, scoring and AI modules."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel

from rules.core import (
    Action,
    Engine,
    Msg,
    OptionSpec,
    Outcome,
    PlayerResult,
    Rng,
    msg,
    public_events,
    question_in_view,
    question_seen_by,
)

from . import ai, data, phases, scoring
from . import texts as _texts  # noqa: F401  (registers the catalogue)
from .moves import parse
from .setup import setup as _setup
from .state import EngisState, Phase

CATEGORIES = [
    "engis.score.cards",
    "engis.score.crafting",
    "engis.score.skills",
    "engis.score.majorities",
    "engis.score.knowledge",
    "engis.score.intemperies",
    "engis.score.target",
]


class PlayerView(BaseModel):
    seat: int
    board: int
    hexes: dict[str, str]
    meeples: list[str]
    meeples_on_row: int
    zero_bid_marker: bool
    bid: int | None
    objects: list[str]
    skills: list[str]
    played: list[str]  # the whole pile (top last) for the owner, else only its top card
    played_count: int
    aside: list[str]  # Inteligência's unscored card: the owner's view only
    hand_count: int
    hand: list[str] | None  # only in the owner's view
    secret_count: int
    secret: list[str] | None  # only in the owner's view (everyone's once the game is over)
    score: int
    points: dict[str, int]
    knowledge: int
    wood: int  # the wood and stone icons of the clan's hexes, what it crafts with
    stone: int
    defended: list[bool]  # whether the clan's columns defend each collective intempérie (``weather``'s order)
    secret_defended: list[bool] | None  # and its own intempéries (``secret``), where these are seen
    failed: list[str] | None = None


class EngisView(BaseModel):
    game: str = "engis"
    viewer: int | None
    players: int
    side: str
    variant: str
    solo: str
    round: int
    phase: Phase
    actor: int
    offer: list[str | None]
    prices: list[int] | None
    pile: int
    out: list[str]
    first: int
    order: list[int]
    bid_order: list[int]
    neutral_bid: int | None
    tokens: list[int]
    weather: list[str]
    weather_columns: list[int]
    pool: dict[str, int]
    picked: str
    moving_from: str
    highlight_seat: int
    highlight: list[str]
    clans: list[PlayerView]
    prompt: Msg | None = None  # what the player to act is asked, as this viewer may read it (None: over)
    todo: Msg | None = None  # what the player to act must do, in short ("bid 0–4 (not 2)")
    events: list[Msg] = []  # the last move, in words


class EngisEngine(Engine[EngisState]):
    id = "engis"
    title = "ENGIS"
    min_players = 1
    max_players = 4
    state_type = EngisState
    option_specs: ClassVar[list[OptionSpec]] = [
        OptionSpec(
            key="side",
            label=msg("engis.opt.side"),
            default="normal",
            choices=[("normal", msg("engis.opt.side.normal")), ("swamp", msg("engis.opt.side.swamp"))],
        ),
        OptionSpec(
            key="order",
            label=msg("engis.opt.order"),
            default="standard",
            choices=[("standard", msg("engis.opt.order.standard")), ("reverse", msg("engis.opt.order.reverse"))],
        ),
        OptionSpec(
            key="solo",
            label=msg("engis.opt.solo"),
            default="standard",
            choices=[
                ("standard", msg("engis.opt.solo.standard")),
                ("advanced", msg("engis.opt.solo.advanced")),
                ("glacial", msg("engis.opt.solo.glacial")),
            ],
        ),
    ]

    def setup(self, players: int, seed: int, options: dict[str, str], rng: Rng) -> EngisState:
        state = _setup(players, seed, options, rng)
        phases.start_round(state)
        return state

    def to_act(self, state: EngisState) -> list[int]:
        return [] if state.phase == "over" else [state.actor]

    def _legal_actions(self, state: EngisState, seat: int) -> list[Action]:
        return phases.legal(state, seat)

    def _apply(self, state: EngisState, seat: int, action: Action) -> None:
        phases.apply(state, seat, parse(action.id))

    def ai_action(self, state: EngisState, seat: int, level: str = "normal", budget: float | None = None) -> str:
        return ai.choose(self, state, seat, level, budget)

    def prompt(self, state: EngisState, seat: int) -> Msg:
        ph = state.phase
        if ph == "bid" and state.players == 1:
            return msg("engis.prompt.buy")
        if ph == "pick" and state.order and state.order[state.order_position] < 0:
            return msg("engis.prompt.drop")
        if ph == "place":
            return msg("engis.prompt.place", hex=phases.hex_msg(state.picked))
        if ph == "move_to":
            return msg("engis.prompt.move_to", space=state.moving_from.upper())
        if ph == "develop":
            return msg("engis.prompt.develop", n=scoring.knowledge(state.clans[seat]))
        return msg(f"engis.prompt.{ph}")

    def todo(self, state: EngisState, seat: int | None) -> Msg | None:
        """What the player to act must do, in short, for the board's header: the bids left, the actions
        left, or the prompt."""
        actor, ph = state.actor, state.phase
        if ph == "over" or actor < 0:
            return None
        if ph == "bid" and state.players > 1:
            bids = phases.legal_bids(state, actor)
            low, high = min(bids), max(bids)
            skipped = [str(b) for b in range(low, high + 1) if b not in bids]
            if low == high:
                return msg("engis.todo.bid_one", n=low)
            if skipped:
                return msg("engis.todo.bid_not", low=low, high=high, skipped=", ".join(skipped))
            return msg("engis.todo.bid", low=low, high=high)
        if ph == "act":
            left = phases.menu(state, state.clans[actor])
            if not left:
                return msg("engis.todo.end")
            names = {k: msg(f"engis.act.{a}") for k, a in zip("abcd", left, strict=False)}
            return msg(f"engis.todo.act{len(names)}", **names)
        if ph == "score":
            return msg("engis.todo.score")
        return self._prompt_seen(state, seat)

    def face_down(self, state: EngisState) -> tuple[int, ...]:
        return (len(state.pile),)  # the offer is refilled from the face-down tile pile

    def view(self, state: EngisState, seat: int | None) -> EngisView:
        over = state.phase == "over"
        clans = []
        for i, p in enumerate(state.clans):
            mine = seat == i
            # rulebook: «mantendo apenas a carta do topo da pilha visível para todos»
            pile = list(p.played) if (mine or over) else p.played[-1:]
            clans.append(
                PlayerView(
                    seat=i,
                    board=p.board,
                    hexes=dict(p.hexes),
                    meeples=list(p.meeples),
                    meeples_on_row=p.meeples_on_row,
                    zero_bid_marker=p.zero_bid_marker,
                    bid=p.bid,
                    objects=list(p.objects),
                    skills=list(p.skills),
                    played=pile,
                    played_count=len(p.played),
                    aside=list(p.aside) if (mine or over) else [],
                    hand_count=len(p.hand),
                    hand=list(p.hand) if mine else None,
                    secret_count=len(p.secret),
                    secret=list(p.secret) if (mine or over) else None,
                    score=p.score,
                    points=dict(p.points),
                    knowledge=scoring.knowledge(p),
                    wood=scoring.resource_icons(p, "wood"),
                    stone=scoring.resource_icons(p, "stone"),
                    defended=scoring.collective_defences(p, state.weather, state.weather_columns),
                    secret_defended=[scoring.defended_individual(p, c) for c in p.secret] if (mine or over) else None,
                    failed=state.failed_hardships.get(str(i)) if over else None,
                )
            )
        return EngisView(
            viewer=seat,
            players=state.players,
            side=state.side,
            variant=state.variant,
            solo=state.solo,
            round=state.round,
            phase=state.phase,
            actor=state.actor,
            offer=list(state.offer),
            prices=list(data.SOLO_PRICES) if state.players == 1 else None,
            pile=len(state.pile),
            out=list(state.out),
            first=state.first,
            order=list(state.order),
            bid_order=list(state.bid_order),
            neutral_bid=state.neutral_bid,
            tokens=list(state.tokens),
            weather=list(state.weather),
            weather_columns=list(state.weather_columns),
            pool=dict(state.pool),
            picked=state.picked,
            moving_from=state.moving_from,
            highlight_seat=state.highlight_seat,
            highlight=list(state.highlight),
            clans=clans,
            prompt=None if over else self._prompt_seen(state, seat),
            todo=self.todo(state, seat),
            events=[e.text for e in public_events(state, seat)],
        )

    def _prompt_seen(self, state: EngisState, seat: int | None) -> Msg:
        """The actor's question as ``seat`` reads it: their own, put to them; for everyone else in words
        for all."""
        return question_seen_by(self.prompt(state, state.actor), state.actor, seat)

    def public_prompt(self, view: BaseModel, seat: int) -> Msg:
        return question_in_view(view, EngisView)

    def outcome(self, state: EngisState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = [p.score for p in state.clans]
        meeples = [len(p.meeples) for p in state.clans]
        results = []
        if state.players == 1:
            won = scores[0] >= data.SOLO_TARGET
            results.append(
                PlayerResult(
                    seat=0,
                    score=scores[0],
                    breakdown=dict(state.clans[0].points),
                    rank=1 if won else 2,
                    winner=won,
                    tiebreak=meeples[0],
                )
            )
            # The game itself is the opponent of a solo player: a lost game is the target's win.
            results.append(
                PlayerResult(
                    seat=None,
                    name=msg("engis.target"),
                    score=data.SOLO_TARGET,
                    breakdown={"engis.score.target": data.SOLO_TARGET},
                    rank=2 if won else 1,
                    winner=not won,
                )
            )
        else:
            keys = [(scores[i], meeples[i]) for i in range(state.players)]
            for i in range(state.players):
                rank = 1 + sum(1 for k in keys if k > keys[i])
                results.append(
                    PlayerResult(
                        seat=i,
                        score=scores[i],
                        breakdown=dict(state.clans[i].points),
                        rank=rank,
                        winner=rank == 1,
                        tiebreak=meeples[i],
                    )
                )
        if state.players == 1:
            return Outcome(results=results, categories=CATEGORIES, goal=msg("engis.r.target", n=data.SOLO_TARGET))
        return Outcome(results=results, categories=CATEGORIES, tiebreak=msg("engis.tiebreak"))


ENGINE = EngisEngine()
