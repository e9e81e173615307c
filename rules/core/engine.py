"""The contract every game engine fulfils, and the checks the framework does once for all."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar, Generic, TypeVar, cast

from pydantic import BaseModel, ConfigDict, Field

from .cache import LEGAL
from .clone import clone_model
from .i18n import CATALOGUE, PLURALS
from .model import (
    ACTION_ID_RE,
    Action,
    Event,
    GameOver,
    IllegalAction,
    Msg,
    NotYourTurn,
    OptionSpec,
    Outcome,
)
from .rng import Rng


class StoredModel(BaseModel):
    """A model kept in the database as JSON: a game's state and every model inside it.

    A field's name in code may differ from its key in the stored JSON: ``wife_disc: str =
    Field("", alias="hdisc")`` reads and writes ``"hdisc"`` (the key games stored before the rename
    hold), while code builds and reads it as ``wife_disc``. So a field is renamed without touching
    stored games, replays, exported files or their fingerprints. A record inside a state (a row of
    ``[seat, kind, count]``) is a ``typing.NamedTuple``: named fields in code, the same JSON array in
    the database; of plain values, it is shared between copies of a state like a tuple.
    """

    model_config = ConfigDict(validate_by_name=True, validate_by_alias=True, serialize_by_alias=True)


class GameState(StoredModel):
    """Fields every game state has; a game's state subclasses it.

    ``step`` counts the actions applied; ``events`` are what the last action did, in words.
    The generator position is part of the state, so ``model_dump_json`` / ``model_validate_json``
    round-trips a game exactly.
    """

    game: str
    players: int
    seed: int
    options: dict[str, str] = Field(default_factory=dict)
    rng: Rng
    step: int = 0
    events: list[Event] = Field(default_factory=list)


S = TypeVar("S", bound=GameState)


class Engine(ABC, Generic[S]):
    id: ClassVar[str]
    title: ClassVar[str]  # the game's name as printed on the box
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    state_type: ClassVar[type[GameState]]
    option_specs: ClassVar[list[OptionSpec]] = []
    # Which rules a stored action log is played under: raised whenever a change makes an old log
    # replay differently (another choice offered, another result), so that a game file taken out of
    # one bot (``/game export``) is refused by a bot that would replay it into another game.
    rules_version: ClassVar[int] = 1

    # -- to implement -------------------------------------------------------------------
    @abstractmethod
    def setup(self, players: int, seed: int, options: dict[str, str], rng: Rng) -> S:
        """Builds the initial state; all randomness comes from ``rng``."""

    @abstractmethod
    def to_act(self, state: S) -> list[int]:
        """Seats that must act now (several for a simultaneous decision; empty once over)."""

    @abstractmethod
    def _legal_actions(self, state: S, seat: int) -> list[Action]:
        """The choices of ``seat`` now (empty when it does not act); ``legal_actions`` caches them."""

    @abstractmethod
    def _apply(self, state: S, seat: int, action: Action) -> None:
        """Mutates ``state`` (already a private copy) for a legal ``action``."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> BaseModel:
        """What ``seat`` may see (``None``: a spectator).  Never another seat's secrets."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Final scores once the game is over, else None."""

    @abstractmethod
    def ai_action(self, state: S, seat: int, level: str = "normal", budget: float | None = None) -> str:
        """A sensible legal action id for ``seat`` at strength ``level`` (``rules.core.search.LEVELS``),
        deterministic given the state (and, for ``strong``, the ``budget`` in seconds)."""

    @abstractmethod
    def prompt(self, state: S, seat: int) -> Msg:
        """The question ``seat`` is answering now (``Choose a die``...), put to that seat: it never names
        ``seat`` itself, since whoever shows it names the seat first ("Ana: Choose a die", the picture's
        "To play: Ana — Choose a die"); it may name the other seats (``core.seat``)."""

    @abstractmethod
    def public_prompt(self, view: BaseModel, seat: int) -> Msg:
        """The question ``seat`` is answering now as everyone else reads it: the public turn line of the
        channel's board, the spectator page and the other players' copies ("Ana: Choose a die").

        Made from ``view``, the spectator's view (``view(state, None)``), alone, so it holds nothing the
        spectators may not know (a binding trade's terms, a card in hand); it never says "you", since
        whoever reads it is not ``seat`` (``told_to_all`` gives a question its words for everyone). The
        seat's own question, ``prompt``, goes only to that seat."""

    def face_down(self, state: S) -> tuple[int, ...]:
        """How many cards each face-down pile or face-down place holds (decks dealt from during play).

        Shuffled at set-up, such piles hide what comes next without using the generator, so a
        move that changes these counts showed something new (see ``reveals``). Default: none.
        """
        return ()

    def reveals(self, before: S, after: S) -> bool:
        """Whether the move from ``before`` to ``after`` showed anyone something nobody knew.

        A die rolled or a shuffle (the generator moved) or a card drawn or turned face up (the
        face-down counts changed). Such a move can never be taken back (``/game undo``).
        """
        return after.rng.draws != before.rng.draws or self.face_down(after) != self.face_down(before)

    def rules_summary(self) -> list[Msg]:
        """A short rules summary, paragraph by paragraph."""
        return [Msg(key=f"{self.id}.rules.{i}") for i in range(1, 6)]

    # -- provided ----------------------------------------------------------------------
    def default_options(self) -> dict[str, str]:
        return {o.key: o.default for o in self.option_specs}

    def check_options(self, players: int, options: dict[str, str] | None) -> dict[str, str]:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction("error.player_count", min=self.min_players, max=self.max_players)
        merged = self.default_options()
        for key, value in (options or {}).items():
            spec = next((o for o in self.option_specs if o.key == key), None)
            if spec is None:
                raise IllegalAction("error.bad_option", option=key)
            if value not in {c for c, _ in spec.choices}:
                raise IllegalAction(
                    "error.bad_option_value", option=key, value=value, choices=", ".join(c for c, _ in spec.choices)
                )
            merged[key] = value
        return merged

    def new_game(self, players: int, seed: int, options: dict[str, str] | None = None) -> S:
        opts = self.check_options(players, options)
        return self.setup(players, seed, opts, Rng(seed=seed))

    def load(self, data: str | bytes) -> S:
        return cast(S, self.state_type.model_validate_json(data))  # state_type is S's class (a ClassVar cannot say so)

    def dump(self, state: S) -> str:
        return state.model_dump_json(by_alias=True)

    def is_over(self, state: S) -> bool:
        return not self.to_act(state)

    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """The choices of ``seat`` now (empty when it does not act).

        Computed once for a state that is not changed in between (see ``cache``): the AI's question
        and ``apply``'s check share one computation.
        """
        actions = LEGAL.get(state, seat)
        if actions is None:
            before = LEGAL.peek(state, seat)
            actions = self._legal_actions(state, seat)
            if actions and LEGAL.peek(state, seat) is before:  # else a cached_legal function stored it
                LEGAL.put(state, seat, actions)
        return list(actions)

    def _check_turn(self, state: S, seat: int) -> None:
        if self.is_over(state):
            raise GameOver("error.game_over")
        if seat not in self.to_act(state):
            raise NotYourTurn("error.not_your_turn")

    def apply(self, state: S, seat: int, action_id: str) -> S:
        """The state after ``seat`` plays ``action_id``; ``state`` itself is left untouched."""
        self._check_turn(state, seat)
        actions, new = LEGAL.take(state, seat)
        if actions is None:
            actions = self._legal_actions(state, seat)
            _, new = LEGAL.take(state, seat)  # the copy a cached_legal function may just have made
        action = _pick(actions, action_id)
        if new is None:
            new = clone_model(state, events=[])
        else:
            new.events = []
        new.step += 1
        self._apply(new, seat, action)
        return new

    def replay(self, players: int, seed: int, options: dict[str, str] | None, log: list[tuple[int, str]]) -> S:
        state = self.new_game(players, seed, options)
        for seat, action_id in log:
            state = self.apply(state, seat, action_id)
        return state

    def validate_actions(self, actions: list[Action]) -> None:
        """Checks the contract on a list of legal actions (used by the tests)."""
        ids = [a.id for a in actions]
        assert len(ids) == len(set(ids)), f"duplicate action ids: {ids}"
        for a in actions:
            assert ACTION_ID_RE.match(a.id), f"bad action id {a.id!r}"


def _pick(actions: list[Action], action_id: str) -> Action:
    for action in actions:
        if action.id == action_id:
            return action
    raise IllegalAction("error.illegal_action")


def told_to_all(question: Msg) -> Msg:
    """A seat's question (``<game>.prompt.<kind>``) as everyone else reads it: its ``<game>.public.<kind>``
    text where the catalogue has one (a question that says "you" has one, with the same parameters), else
    the question itself."""
    public = question.key.replace(".prompt.", ".public.", 1)
    if public != question.key and (public in CATALOGUE or public in PLURALS):
        return Msg(key=public, params=question.params)
    return question


def question_seen_by(question: Msg, actor: int, seat: int | None) -> Msg:
    """The actor's question as ``seat`` reads it: their own, put to them; for everyone else in words for all."""
    return question if seat == actor else told_to_all(question)


def question_in_view(view: BaseModel, kind: type[BaseModel]) -> Msg:
    """The question a spectator's view (of type ``kind``) holds: what ``Engine.public_prompt`` gives."""
    prompt = getattr(view, "prompt", None)
    if not isinstance(view, kind) or getattr(view, "viewer", None) is not None or not isinstance(prompt, Msg):
        raise ValueError("a public question is read from the spectator's view of a game under way")
    return prompt


def public_events(state: GameState, seat: int | None) -> list[Event]:
    return [e for e in state.events if e.visible_to(seat)]
