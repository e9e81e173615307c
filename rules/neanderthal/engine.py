"""The NEANDERTHAL engine: the contract of rules/core over the phase, scoring and AI modules."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel

from rules.core import Action, Engine, Msg, OptionSpec, Outcome, PlayerResult, Rng, msg, seat_msg

from . import ai, phases
from . import scoring as S
from . import texts as _texts  # noqa: F401  (registers the catalogue)
from .setup import setup as _setup
from .state import NeanderthalState, Tool, Wife


class PlayerView(BaseModel):
    seat: int
    species: str
    sex: str
    sex_card: int
    tribal: bool
    vocab: dict[str, int]
    portals: list[str]
    mpi: str
    elders: dict[str, list[str]]      # rank -> [token, disc]
    pool: list[str]
    wives: list[Wife]
    tools: list[Tool]
    trophies: list[int]
    hand_count: int
    hand: list[int] | None            # only in the owner's view
    score: int
    pts: dict[str, int]


class NeanderthalView(BaseModel):
    game: str = "neanderthal"
    viewer: int | None
    players: int
    variant: str
    scenario: str
    level: str
    turn: int
    phase: str
    actor: int
    order: list[int]
    event_card: int
    events_left: int
    north: list[int]                  # 0 = empty or face-down ice (see ice_n)
    south: list[int]
    ice_n: list[bool]
    ice_s: list[bool]
    deck_n: int
    deck_s: int
    hunters: dict[str, list[str]]
    suitors: dict[str, list[str]]
    bids: dict[str, int]
    dead: dict[str, int]
    dead_alpha: list[str]
    foreign: str
    last: list[str]
    last_seat: int
    fight_card: int = 0               # the card of the attack test being decided
    won: bool | None = None
    ps: list[PlayerView]


class NeanderthalEngine(Engine[NeanderthalState]):
    id = "neanderthal"
    title = "NEANDERTHAL"
    min_players = 1
    max_players = 3
    state_type = NeanderthalState
    option_specs: ClassVar[list[OptionSpec]] = [
        OptionSpec(key="solo", label=msg("neanderthal.opt.solo"), default="pt",
                   choices=[("pt", msg("neanderthal.opt.solo.pt")), ("intro", msg("neanderthal.opt.solo.intro")),
                            ("advanced", msg("neanderthal.opt.solo.advanced"))]),
        OptionSpec(key="scenario", label=msg("neanderthal.opt.scenario"), default="standard",
                   choices=[("standard", msg("neanderthal.opt.scenario.standard")),
                            ("hominids", msg("neanderthal.opt.scenario.hominids")),
                            ("giant_wurm", msg("neanderthal.opt.scenario.giant_wurm"))]),
    ]

    def setup(self, players: int, seed: int, options: dict[str, str], rng: Rng) -> NeanderthalState:
        return _setup(players, seed, options, rng)

    def to_act(self, state: NeanderthalState) -> list[int]:
        return [] if state.phase == "over" else [state.actor]

    def legal_actions(self, state: NeanderthalState, seat: int) -> list[Action]:
        return phases.legal(state, seat)

    def _apply(self, state: NeanderthalState, seat: int, action: Action) -> None:
        phases.apply(state, seat, action.id)

    def ai_action(self, state: NeanderthalState, seat: int, level: str = "normal",
                  budget: float | None = None) -> str:
        return ai.choose(self, state, seat, level, budget)

    def prompt(self, state: NeanderthalState, seat: int) -> Msg:
        ph = state.phase
        if ph == "auction":
            return msg("neanderthal.prompt.auction", card=phases.card_msg(state.event_card))
        if ph == "alloc":
            return msg("neanderthal.prompt.alloc", n=len(state.ps[seat].pool))
        if ph == "refugee":
            return msg("neanderthal.prompt.refugee", n=state.refugees)
        if ph == "answer":
            who = int(state.proposal[2])
            return msg("neanderthal.prompt.answer", seat=seat_msg(int(state.proposal[0])), who=seat_msg(who),
                       card=phases._card_of(state, state.proposal[1]))
        if ph in ("target", "victim"):
            return msg(f"neanderthal.prompt.{ph}", card=phases._card_of(state, state.fight_key), n=state.fight_hits)
        if ph == "release":
            return msg("neanderthal.prompt.release", colour=msg(f"neanderthal.disc.{state.rel_q[0][1][0]}"))
        if ph == "discard":
            return msg("neanderthal.prompt.discard")
        if ph == "pay":
            return msg("neanderthal.prompt.pay", n=state.to_pay)
        if ph == "k2swap":
            return msg("neanderthal.prompt.k2swap", card=phases.card_msg(state.event_card))
        if ph == "lose":
            return msg("neanderthal.prompt.lose", n=state.tasks[0][2])
        return msg(f"neanderthal.prompt.{ph}")

    def face_down(self, state: NeanderthalState) -> tuple[int, ...]:
        return (len(state.deck_n), len(state.deck_s), len(state.event_deck), len(state.event_aside),
                sum(state.ice_n), sum(state.ice_s))  # the decks and the face-down ice barriers

    def view(self, state: NeanderthalState, seat: int | None) -> NeanderthalView:
        ps = []
        for i, p in enumerate(state.ps):
            ps.append(PlayerView(
                seat=i, species=p.species, sex=p.sex, sex_card=p.sex_card, tribal=p.tribal, vocab=dict(p.vocab),
                portals=list(p.portals), mpi=p.mpi,
                elders={r: [e.token, e.disc] for r, e in p.elders.items()}, pool=list(p.pool),
                wives=[w.model_copy() for w in p.wives], tools=[t.model_copy() for t in p.tools],
                trophies=list(p.trophies), hand_count=len(p.hand),
                hand=list(p.hand) if seat == i else None,
                score=p.score if state.phase == "over" else sum(S.breakdown(state, i).values()), pts=dict(p.pts),
            ))
        won = S.k2_won(state) if state.phase == "over" and state.variant == "k2" else None
        return NeanderthalView(
            viewer=seat, players=state.players, variant=state.variant, scenario=state.scenario, level=state.level, turn=state.turn,
            phase=state.phase, actor=state.actor, order=list(state.order), event_card=state.event_card,
            events_left=len(state.event_deck),
            north=[0 if ice else c for c, ice in zip(state.north, state.ice_n, strict=True)],
            south=[0 if ice else c for c, ice in zip(state.south, state.ice_s, strict=True)],
            ice_n=list(state.ice_n), ice_s=list(state.ice_s), deck_n=len(state.deck_n), deck_s=len(state.deck_s),
            hunters={k: list(v) for k, v in state.hunters.items()},
            suitors={k: list(v) for k, v in state.suitors.items()}, bids=dict(state.bids), dead=dict(state.dead),
            dead_alpha=list(state.dead_alpha), foreign=state.foreign, last=list(state.last),
            last_seat=state.last_seat, won=won, ps=ps, fight_card=self._fight_card(state),
        )

    @staticmethod
    def _fight_card(state: NeanderthalState) -> int:
        key = state.fight_key
        if state.phase not in ("target", "victim") or not key:
            return 0
        if key.startswith("W"):
            b, i = map(int, key[1:].split("-"))
            return state.ps[b].wives[i].card
        return phases.slot_card(state, key)

    def outcome(self, state: NeanderthalState) -> Outcome | None:
        if state.phase != "over":
            return None
        cats = [f"neanderthal.score.{c}" for c in S.CATEGORIES]
        results = []
        if state.variant == "k2":
            p = state.ps[0]
            won = S.k2_won(state)
            results.append(PlayerResult(seat=0, score=p.score, breakdown=dict(p.pts), rank=1 if won else 2,
                                        winner=won))
            results.append(PlayerResult(seat=None, name=msg("neanderthal.ice_age"), score=0,
                                        breakdown={"neanderthal.score.target": 0}, rank=2 if won else 1,
                                        winner=not won))
            return Outcome(results=results, categories=[*cats, "neanderthal.score.target"],
                           tiebreak=msg("neanderthal.tiebreak"))
        scores = [p.score for p in state.ps]
        for i, p in enumerate(state.ps):
            rank = 1 + sum(1 for s in scores if s > scores[i])
            results.append(PlayerResult(seat=i, score=p.score, breakdown=dict(p.pts), rank=rank, winner=rank == 1))
        return Outcome(results=results, categories=cats, tiebreak=msg("neanderthal.tiebreak"))


ENGINE = NeanderthalEngine()
