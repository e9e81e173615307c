"""The PERGAMEMNON engine: the contract of rules/core over the turn, battle and scoring modules."""

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
    seat_msg,
)

from . import ai, battle, data, scoring, turn
from . import texts as _texts  # noqa: F401  (registers the catalogue)
from .flow import card_msg, nation_msg
from .moves import parse
from .setup import setup as _setup
from .state import BattleResult, BattleSides, PergState, Phase


class PlayerView(BaseModel):
    seat: int
    nation: str
    active: bool
    fallen: bool
    hand_size: int
    hand_count: int
    hand: list[str] | None  # only in the owner's view
    deck_count: int
    discard: list[str]
    charisma: int
    city: list[str]
    secured: list[str]
    score: int | None = None  # once the game is over
    halves: int | None = None
    winner: bool | None = None  # once the game is over (the creature tie-break included)
    breakdown: dict[str, int] | None = None  # once the game is over: the points by source (scoring.CATEGORIES)


class BattleView(BaseModel):
    attacker: int
    defender: int
    weapon: str
    attacker_cards: list[str]  # "?" for the attacker's face-down card
    defender_cards: list[str]
    aggressor: int
    defending_cards: list[str]
    incoming_attack: int = 0  # the attack being defended against now
    incoming_weapon: str = ""  # and its weapon
    defence_total: int = 0


class PergView(BaseModel):
    game: str = "pergamemnon"
    viewer: int | None
    players: int
    phase: Phase
    actor: int
    turn: int
    nation_cards: bool
    row: list[str]
    creature_deck: int
    supply: int
    box: list[str]
    battle: BattleView | None
    buying: str
    pending: list[str]
    result: BattleResult
    winner: int
    loser: int
    end_reason: str
    highlight_seat: int
    highlight: list[str]
    last_battle_cards: list[str]
    last_battle_sides: BattleSides | None = None  # None: a battle fought before the sides were kept, or none
    events: list[Msg]
    prompt: Msg | None
    nations: list[PlayerView]


class PergamemnonEngine(Engine[PergState]):
    id = "pergamemnon"
    title = "PERGAMEMNON"
    min_players = 2
    max_players = 5
    state_type = PergState
    option_specs: ClassVar[list[OptionSpec]] = [
        OptionSpec(
            key="first",
            label=msg("pergamemnon.opt.first"),
            default="random",
            choices=[("random", msg("pergamemnon.opt.first.random")), ("host", msg("pergamemnon.opt.first.host"))],
        ),
    ]

    def setup(self, players: int, seed: int, options: dict[str, str], rng: Rng) -> PergState:
        return _setup(players, seed, options, rng)

    def to_act(self, state: PergState) -> list[int]:
        return [] if state.phase == "over" else [state.actor]

    def _legal_actions(self, state: PergState, seat: int) -> list[Action]:
        return turn.legal(state, seat)

    def _apply(self, state: PergState, seat: int, action: Action) -> None:
        turn.apply(state, seat, parse(action.id))

    def ai_action(self, state: PergState, seat: int, level: str = "normal", budget: float | None = None) -> str:
        return ai.choose(self, state, seat, level, budget)

    def prompt(self, state: PergState, seat: int) -> Msg:
        if state.phase == "defend":
            b = battle.current(state)
            return msg("pergamemnon.prompt.defend", who=seat_msg(b.attacker), weapon=battle.weapon_msg(b.weapon))
        if state.phase == "reinforce":
            w, atk = battle.incoming(state)
            return msg(
                "pergamemnon.prompt.reinforce", weapon=battle.weapon_msg(w), atk=atk, total=battle.defence_total(state)
            )
        if state.phase == "pay":
            # shown in the channel: not the hand card's charisma (the pay labels, private, give the totals)
            return msg("pergamemnon.prompt.pay", card=card_msg(state.buying), cost=data.CARDS[state.buying].cost)
        if state.phase == "place":
            return msg("pergamemnon.prompt.place", card=card_msg(state.pending[0]))
        if state.phase == "attack":
            b = battle.current(state)
            return msg(
                "pergamemnon.prompt.attack",
                who=seat_msg(b.defender),
                nation=nation_msg(state.nations[b.defender].nation),
            )
        return msg(turn.prompt_key(state))

    def face_down(self, state: PergState) -> tuple[int, ...]:
        return (len(state.creature_deck), *(len(p.deck) for p in state.nations))  # the creature deck and the army decks

    def view(self, state: PergState, seat: int | None) -> PergView:
        over = state.phase == "over"
        outcome = self.outcome(state) if over else None
        won = set(outcome.winners) if outcome is not None else set()
        nations = []
        for i, p in enumerate(state.nations):
            nations.append(
                PlayerView(
                    seat=i,
                    nation=p.nation,
                    active=p.active,
                    fallen=p.fallen,
                    hand_size=p.hand_size(),
                    hand_count=len(p.hand),
                    hand=list(p.hand) if (seat == i or over) else None,
                    deck_count=len(p.deck),
                    discard=list(p.discard),
                    charisma=p.charisma,
                    city=list(p.city),
                    secured=list(p.secured),
                    score=scoring.exact_halves(p) // 2 if over else None,
                    halves=scoring.exact_halves(p) if over else None,
                    winner=(i in won) if over else None,
                    breakdown=scoring.breakdown(p) if over else None,
                )
            )
        bv = None
        b = state.battle
        if b is not None and state.phase in ("attack", "defend", "reinforce"):
            attacker_cards = list(b.attacker_cards)
            if not b.revealed and seat != b.attacker:
                attacker_cards = ["?" for _ in attacker_cards]
            bv = BattleView(
                attacker=b.attacker,
                defender=b.defender,
                weapon=b.weapon,
                attacker_cards=attacker_cards,
                defender_cards=list(b.defender_cards),
                aggressor=b.aggressor,
                defending_cards=list(b.defending_cards),
            )
            if b.revealed:
                bv.incoming_weapon, bv.incoming_attack = battle.incoming(state)
                bv.defence_total = battle.defence_total(state)
        return PergView(
            viewer=seat,
            players=state.players,
            phase=state.phase,
            actor=state.actor,
            turn=state.turn,
            nation_cards=state.nation_cards(),
            row=list(state.row),
            creature_deck=len(state.creature_deck),
            supply=state.supply,
            box=list(state.box),
            battle=bv,
            buying=state.buying,
            pending=list(state.pending),
            result=state.result,
            winner=state.winner,
            loser=state.loser,
            end_reason=state.end_reason,
            highlight_seat=state.highlight_seat,
            highlight=list(state.highlight),
            last_battle_cards=list(state.last_battle_cards),
            last_battle_sides=state.last_battle_sides,
            events=[e.text for e in public_events(state, seat)],
            prompt=None if over else self._prompt_seen(state, seat),
            nations=nations,
        )

    def _prompt_seen(self, state: PergState, seat: int | None) -> Msg:
        """The actor's question as ``seat`` reads it: their own, put to them; for everyone else in words
        for all."""
        return question_seen_by(self.prompt(state, state.actor), state.actor, seat)

    def public_prompt(self, view: BaseModel, seat: int) -> Msg:
        return question_in_view(view, PergView)

    def outcome(self, state: PergState) -> Outcome | None:
        if state.phase != "over":
            return None
        keys = [(scoring.exact_halves(p), scoring.creature_key(p)) for p in state.nations]
        results = []
        for i, p in enumerate(state.nations):
            bd = scoring.breakdown(p)
            rank = 1 + sum(1 for k in keys if k > keys[i])
            results.append(
                PlayerResult(
                    seat=i,
                    score=sum(bd.values()),
                    breakdown=bd,
                    rank=rank,
                    winner=rank == 1,
                    tiebreak=scoring.tiebreak_number(p),
                )
            )
        return Outcome(results=results, categories=scoring.CATEGORIES, tiebreak=self._tiebreak(state))

    @staticmethod
    def _tiebreak(state: PergState) -> Msg:
        """Scores are shown rounded down; when Agamemnon's half point ranks a player above others with the
        same shown score, the sentence says so (with the exact score)."""
        exact = [scoring.exact_halves(p) for p in state.nations]
        for i, h in enumerate(exact):
            if h % 2 == 0:
                continue
            below = [j for j, hj in enumerate(exact) if j != i and hj // 2 == h // 2 and hj < h]
            if below:
                others = seat_msg(below[0])
                for j in below[1:]:
                    others = msg("pergamemnon.join", a=others, b=seat_msg(j))
                return msg(
                    "pergamemnon.tiebreak.half", who=seat_msg(i), exact=f"{h // 2}½", shown=h // 2, others=others
                )
        return msg("pergamemnon.tiebreak")


ENGINE = PergamemnonEngine()
