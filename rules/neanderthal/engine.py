"""The NEANDERTHAL engine: the contract of rules/core over the phase, scoring and AI modules."""

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
    question_in_view,
    seat_msg,
    told_to_all,
)

from . import ai, data, phases, scoring
from . import texts as _texts  # noqa: F401  (registers the catalogue)
from .board import _card_of, card_msg, slot_card
from .coop import lot_msg
from .fights import terms_msg
from .matrix import price
from .moves import parse
from .setup import setup as _setup
from .state import NeanderthalState, Phase, Tool, Wife


class PlayerView(BaseModel):
    seat: int
    species: str
    sex: str
    sex_card: int
    tribal: bool
    vocab: dict[str, int]
    portals: list[str]
    parental_discs: str
    elders: dict[str, list[str]]  # rank -> [token, disc]
    pool: list[str]
    wives: list[Wife]
    tools: list[Tool]
    trophies: list[int]
    hand_count: int
    hand: list[int] | None  # only in the owner's view
    score: int
    points: dict[str, int]


class NeanderthalView(BaseModel):
    game: str = "neanderthal"
    viewer: int | None
    players: int
    variant: str
    scenario: str
    level: str
    turn: int
    phase: Phase
    actor: int
    order: list[int]
    event_card: int
    events_left: int
    north: list[int]  # 0 = empty or face-down ice (see ice_north)
    south: list[int]
    ice_north: list[bool]
    ice_south: list[bool]
    deck_north: int
    deck_south: int
    hunters: dict[str, list[str]]
    suitors: dict[str, list[str]]
    bids: dict[str, int]
    dead: dict[str, int]
    dead_alpha: list[str]
    foreign: str
    last: list[str]
    last_seat: int
    prompt: Msg | None = None  # what the player to act is asked, as this viewer may read it (None: over)
    events: list[Msg] = []  # what the last move did, in words, as this viewer may read it
    won: bool | None = None
    # L and M: the 4x5 matrix (cells row by row; "c" a card, "u" undiscovered, "i" ice, "e" a gap)
    grid: list[int] = []  # the revealed cards (0 elsewhere)
    cells: str = ""
    marks: list[str] = []  # L6-A artifact markers
    homes: list[int] = []
    goal: int = 0
    activated: int = 0  # L6-B: artifacts activated this turn
    signal: bool = False
    tribes: list[PlayerView]


class NeanderthalEngine(Engine[NeanderthalState]):
    id = "neanderthal"
    title = "NEANDERTHAL"
    min_players = 1
    max_players = 3
    state_type = NeanderthalState
    option_specs: ClassVar[list[OptionSpec]] = [
        OptionSpec(
            key="solo",
            label=msg("neanderthal.opt.solo"),
            default="pt",
            choices=[
                ("pt", msg("neanderthal.opt.solo.pt")),
                ("intro", msg("neanderthal.opt.solo.intro")),
                ("advanced", msg("neanderthal.opt.solo.advanced")),
            ],
        ),
        OptionSpec(
            key="scenario",
            label=msg("neanderthal.opt.scenario"),
            default="standard",
            choices=[
                ("standard", msg("neanderthal.opt.scenario.standard")),
                ("hominids", msg("neanderthal.opt.scenario.hominids")),
                ("giant_wurm", msg("neanderthal.opt.scenario.giant_wurm")),
            ],
        ),
        OptionSpec(
            key="map",
            label=msg("neanderthal.opt.map"),
            default="rows",
            choices=[("rows", msg("neanderthal.opt.map.rows")), ("matrix", msg("neanderthal.opt.map.matrix"))],
        ),
        OptionSpec(
            key="artifacts",
            label=msg("neanderthal.opt.artifacts"),
            default=str(data.ARTIFACTS[0]),
            choices=[(str(n), msg("neanderthal.opt.artifacts.n", n=n)) for n in data.ARTIFACTS],
        ),
    ]

    def setup(self, players: int, seed: int, options: dict[str, str], rng: Rng) -> NeanderthalState:
        return _setup(players, seed, options, rng)

    def to_act(self, state: NeanderthalState) -> list[int]:
        return [] if state.phase == "over" else [state.actor]

    def _legal_actions(self, state: NeanderthalState, seat: int) -> list[Action]:
        return phases.legal(state, seat)

    def _apply(self, state: NeanderthalState, seat: int, action: Action) -> None:
        phases.apply(state, seat, parse(action.id))

    def ai_action(self, state: NeanderthalState, seat: int, level: str = "normal", budget: float | None = None) -> str:
        return ai.choose(self, state, seat, level, budget)

    def prompt(self, state: NeanderthalState, seat: int) -> Msg:
        ph = state.phase
        if ph == "auction":
            return msg("neanderthal.prompt.auction", card=card_msg(state.event_card))
        if ph == "alloc":
            return msg("neanderthal.prompt.alloc", n=len(state.tribes[seat].pool))
        if ph == "share":
            return msg("neanderthal.prompt.share", what=lot_msg(state.lots_to_share[0]))
        if ph == "buy":
            return msg("neanderthal.prompt.buy", card=card_msg(state.event_card), n=price(state, seat))
        if ph == "refugee":
            return msg("neanderthal.prompt.refugee", n=state.refugees)
        if ph == "terms":
            return msg(
                "neanderthal.prompt.terms",
                who=seat_msg(int(state.proposal[2])),
                card=_card_of(state, state.proposal[1]),
            )
        if ph == "handover":
            return msg("neanderthal.prompt.handover", seat=seat_msg(int(state.proposal[0])))
        if ph == "answer":
            return _answer_msg(state, bool(state.terms) and seat == int(state.terms[0]))
        if ph in ("target", "victim"):
            return msg(f"neanderthal.prompt.{ph}", card=_card_of(state, state.fight_key), n=state.fight_hits)
        if ph == "father":
            b, i = map(int, state.court[0].split("-"))
            return msg("neanderthal.prompt.father", card=card_msg(state.tribes[b].wives[i].card))
        if ph == "release":
            return msg("neanderthal.prompt.release", colour=msg(f"neanderthal.disc.{state.releases[0].colours[0]}"))
        if ph == "discard":
            return msg("neanderthal.prompt.discard")
        if ph == "pay":
            return msg("neanderthal.prompt.pay", n=state.to_pay)
        if ph == "k2swap":
            return msg("neanderthal.prompt.k2swap", card=card_msg(state.event_card))
        if ph == "lose":
            return msg("neanderthal.prompt.lose", n=state.losses_to_choose[0].tribesmen)
        return msg(f"neanderthal.prompt.{ph}")

    def face_down(self, state: NeanderthalState) -> tuple[int, ...]:
        return (
            len(state.deck_north),
            len(state.deck_south),
            len(state.event_deck),
            len(state.event_aside),
            sum(state.ice_north),
            sum(state.ice_south),
        )  # the decks and the face-down ice barriers

    def view(self, state: NeanderthalState, seat: int | None) -> NeanderthalView:
        tribes = []
        for i, p in enumerate(state.tribes):
            tribes.append(
                PlayerView(
                    seat=i,
                    species=p.species,
                    sex=p.sex,
                    sex_card=p.sex_card,
                    tribal=p.tribal,
                    vocab=dict(p.vocab),
                    portals=list(p.portals),
                    parental_discs=p.parental_discs,
                    elders={r: [e.token, e.disc] for r, e in p.elders.items()},
                    pool=list(p.pool),
                    wives=[w.model_copy() for w in p.wives],
                    tools=[t.model_copy() for t in p.tools],
                    trophies=list(p.trophies),
                    hand_count=len(p.hand),
                    hand=list(p.hand) if seat == i or (seat is not None and state.variant == "eve") else None,
                    score=p.score if state.phase == "over" else sum(scoring.breakdown(state, i).values()),
                    points=dict(p.points),
                )
            )
        won = scoring.solo_won(state) if state.phase == "over" and state.variant in ("k2", "alien", "eve") else None
        return NeanderthalView(
            viewer=seat,
            players=state.players,
            variant=state.variant,
            scenario=state.scenario,
            level=state.level,
            turn=state.turn,
            phase=state.phase,
            actor=state.actor,
            order=list(state.order),
            event_card=state.event_card,
            events_left=len(state.event_deck),
            north=[0 if ice else c for c, ice in zip(state.north, state.ice_north, strict=True)],
            south=[0 if ice else c for c, ice in zip(state.south, state.ice_south, strict=True)],
            ice_north=list(state.ice_north),
            ice_south=list(state.ice_south),
            deck_north=len(state.deck_north),
            deck_south=len(state.deck_south),
            hunters={k: list(v) for k, v in state.hunters.items()},
            suitors={k: list(v) for k, v in state.suitors.items()},
            bids=dict(state.bids),
            dead=dict(state.dead),
            dead_alpha=list(state.dead_alpha),
            foreign=state.foreign,
            last=list(state.last),
            last_seat=state.last_seat,
            won=won,
            tribes=tribes,
            prompt=self._prompt_seen(state, seat),
            events=[e.text for e in state.events if e.visible_to(seat)],
            grid=[slot_card(state, f"M{i}") for i in range(len(state.grid))],
            cells="".join(self._cell(state, i) for i in range(len(state.grid))),
            marks=list(state.marks),
            homes=list(state.homes),
            goal=state.goal,
            activated=len(state.artifacts_hunted),
            signal=state.signal,
        )

    @staticmethod
    def _cell(state: NeanderthalState, i: int) -> str:
        if state.grid_ice[i]:
            return "i"
        if not state.grid[i]:
            return "e"
        return "c" if state.shown[i] else "u"

    def _prompt_seen(self, state: NeanderthalState, seat: int | None) -> Msg | None:
        """The actor's question as ``seat`` reads it: the actor's own, put to them; to everyone else in words
        for all (``told_to_all``), a proposal's binding terms only for its two parties (they may name a card
        in hand), the others reading the proposal alone."""
        if state.phase == "over":
            return None
        if seat == state.actor:
            return self.prompt(state, seat)
        if state.phase == "answer" and state.terms and seat not in (int(state.proposal[0]), int(state.terms[0])):
            return told_to_all(_answer_msg(state, terms=False))
        return told_to_all(self.prompt(state, state.actor))

    def public_prompt(self, view: BaseModel, seat: int) -> Msg:
        return question_in_view(view, NeanderthalView)

    def outcome(self, state: NeanderthalState) -> Outcome | None:
        if state.phase != "over":
            return None
        cats = [f"neanderthal.score.{c}" for c in scoring.CATEGORIES]
        results = []
        if state.variant in ("k2", "alien", "eve"):  # against the game: K2 G, L7, M4 (shared)
            won = scoring.solo_won(state)
            for i, p in enumerate(state.tribes):
                results.append(
                    PlayerResult(seat=i, score=p.score, breakdown=dict(p.points), rank=1 if won else 2, winner=won)
                )
            results.append(
                PlayerResult(
                    seat=None,
                    name=msg("neanderthal.ice_age"),
                    score=0,
                    breakdown={"neanderthal.score.target": 0},
                    rank=2 if won else 1,
                    winner=not won,
                )
            )
            goal = (
                msg("neanderthal.goal.alien", n=state.goal)
                if state.variant == "alien"
                else msg("neanderthal.goal.eve")
                if state.variant == "eve"
                else msg(f"neanderthal.opt.solo.{state.level}")
            )
            return Outcome(results=results, categories=[*cats, "neanderthal.score.target"], goal=goal)
        scores = [p.score for p in state.tribes]
        for i, p in enumerate(state.tribes):
            rank = 1 + sum(1 for s in scores if s > scores[i])
            results.append(PlayerResult(seat=i, score=p.score, breakdown=dict(p.points), rank=rank, winner=rank == 1))
        return Outcome(results=results, categories=cats, tiebreak=msg("neanderthal.tiebreak"))


def _answer_msg(state: NeanderthalState, terms: bool) -> Msg:
    """A proposal to leave a card peacefully, with its binding trade (``terms``) or without."""
    params = {
        "seat": seat_msg(int(state.proposal[0])),
        "who": seat_msg(int(state.proposal[2])),
        "card": _card_of(state, state.proposal[1]),
    }
    if terms:
        return msg("neanderthal.prompt.answer_terms", **params, what=terms_msg(state))
    return msg("neanderthal.prompt.answer", **params)


ENGINE = NeanderthalEngine()
