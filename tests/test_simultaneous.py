"""Simultaneous secret decisions through the bot, with a three-round guessing game made for the test.

None of the rulebook games asks several players at once, but the platform offers it: every
player answers privately, in any order, and a choice made on buttons drawn before another
player's answer still counts, because it answers the same question.
"""

from __future__ import annotations

import io
import random
import sys
import types

import pytest
from PIL import Image
from pydantic import BaseModel, Field

from bot.storage import Database
from fakediscord.botkit import action_ids, board_messages, ephemeral_reply, last_board, mentioned, mesa
from rules import GAMES
from rules.core import Action, Engine, Event, GameState, Outcome, PlayerResult, Rng, msg, register, seat_msg

register(
    {
        "guess.prompt": ("Pick a number", "Escolha um número"),
        "guess.pick": ("{n}", "{n}"),
        "guess.picked": ("{who} has chosen", "{who} escolheu"),
        "guess.reveal": ("Round {round}: the target was {target}", "Rodada {round}: o alvo era {target}"),
        "guess.score": ("Points", "Pontos"),
        **{f"guess.rules.{i}": ("Pick the hidden number.", "Escolha o número escondido.") for i in range(1, 6)},
    }
)


class GuessState(GameState):
    round: int = 1
    target: int = 0
    picks: list[int | None] = Field(default_factory=list)
    points: list[int] = Field(default_factory=list)


class GuessView(BaseModel):
    round: int
    points: list[int]
    chosen: list[bool]
    mine: int | None


class Guess(Engine):
    id = "guess"
    title = "GUESS"
    min_players = 2
    max_players = 3
    state_type = GuessState

    def setup(self, players, seed, options, rng: Rng):
        return GuessState(
            game=self.id,
            players=players,
            seed=seed,
            options=options,
            rng=rng,
            target=rng.die(3),
            picks=[None] * players,
            points=[0] * players,
        )

    def to_act(self, state):
        return [] if state.round > 3 else [s for s, p in enumerate(state.picks) if p is None]

    def _legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return [Action(id=f"pick.{n}", label=msg("guess.pick", n=n), secret=True) for n in (1, 2, 3)]

    def _apply(self, state, seat, action):
        state.picks[seat] = int(action.id.split(".")[1])
        state.events.append(Event(text=msg("guess.picked", who=seat_msg(seat))))
        if None not in state.picks:
            for s, p in enumerate(state.picks):
                state.points[s] += p == state.target
            state.events.append(Event(text=msg("guess.reveal", round=state.round, target=state.target)))
            state.round += 1
            state.target = state.rng.die(3)
            state.picks = [None] * state.players

    def view(self, state, seat):
        return GuessView(
            round=state.round,
            points=state.points,
            chosen=[p is not None for p in state.picks],
            mine=state.picks[seat] if seat is not None else None,
        )

    def outcome(self, state):
        if state.round <= 3:
            return None
        best = max(state.points)
        order = sorted(range(state.players), key=lambda s: -state.points[s])
        return Outcome(
            categories=["guess.score"],
            results=[
                PlayerResult(
                    seat=s,
                    score=state.points[s],
                    breakdown={"guess.score": state.points[s]},
                    rank=1 + sum(p > state.points[s] for p in state.points),
                    winner=state.points[s] == best,
                )
                for s in order
            ],
        )

    def ai_action(self, state, seat, level="normal", budget=None):
        return "pick.2"

    def prompt(self, state, seat):
        return msg("guess.prompt")

    def public_prompt(self, view, seat):
        return msg("guess.prompt")


def _picture(view, *, locale, names) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (64, 32), (200, 200, 200)).save(out, format="PNG")
    return out.getvalue()


def _describe(view, locale, names) -> str:
    return "A guessing game"


@pytest.fixture
def guess_game(monkeypatch):
    monkeypatch.setitem(GAMES, "guess", Guess())
    monkeypatch.setitem(sys.modules, "render.guess", types.SimpleNamespace(render=_picture, describe=_describe))


async def test_players_answer_privately_in_any_order(fake_discord, tmp_path, guess_game):
    fake = fake_discord
    rng = random.Random(4)
    db_path = tmp_path / "mesa.sqlite3"
    async with mesa(fake, db_path, render_workers=0) as bot:  # GUESS draws in this process only
        service = bot.service
        lobby = await service.create_lobby("guess", 100, 200, 1, "Ana", "en")
        await service.join(lobby.id, 2, "Bruno")
        await service.join(lobby.id, 3, "Carla")
        await service.start(lobby.id, 1, None, then=bot.handlers.publish)
        await fake.wait_for(lambda: board_messages(fake, 200))
        for _ in range(3):
            board = last_board(fake, 200)
            assert sorted(mentioned(board)) == [1, 2, 3] and not action_ids(board)  # nothing secret in public
            me = next(c for c in board.custom_ids() if c.endswith(":~me"))
            opened = {}
            for user in (1, 2, 3):  # each opens their choices on the same board
                inter = await fake.click(user, board, me)
                opened[user] = (await fake.wait_for(lambda i=inter: [m for m in i.messages if m.custom_ids()]))[-1]
            order = rng.sample([1, 2, 3], 3)
            for n, user in enumerate(order):  # and answers in any order, on buttons now older
                before = len(board_messages(fake, 200))
                seen = fake.snapshot(opened[user])
                choice = await fake.click(user, opened[user], rng.choice(action_ids(opened[user])))
                await choice.wait_response()
                await fake.wait_for(lambda b=before: len(board_messages(fake, 200)) > b)
                if n == 0:  # a second answer to the same question is refused, and changes nothing
                    again = await fake.click_snapshot(user, seen, action_ids(seen)[0])
                    answer = (await ephemeral_reply(fake, again)).content
                    assert "moved on" in answer or "mudou" in answer  # in the clicker's language
                    assert len(board_messages(fake, 200)) == before + 1
        assert "Game over" in last_board(fake, 200).embed_texts()
        # An answer from an earlier round is refused: that question was answered.
        late = await fake.click_snapshot(1, seen, action_ids(seen)[0])
        assert (await ephemeral_reply(fake, late)).ephemeral
    db = await Database.open(db_path)
    game = await db.get_game(lobby.id)
    log = await db.action_log(lobby.id)
    await db.close()
    assert game.status == "finished" and len(log) == 9
    engine = GAMES["guess"]
    assert engine.replay(3, game.seed, {}, [(r["seat"], r["action_id"]) for r in log]) == engine.load(game.state)


async def test_a_click_is_played_on_the_game_as_it_is_when_its_turn_comes(fake_discord, tmp_path, guess_game):
    """A click's game is read with its note, before the click is acknowledged. An answer stored by this
    process in the meantime is not lost: the click is played on the game as that answer left it."""
    db_path = tmp_path / "mesa.sqlite3"
    async with mesa(fake_discord, db_path, render_workers=0) as bot:
        service = bot.service
        lobby = await service.create_lobby("guess", 100, 200, 1, "Ana", "en")
        await service.join(lobby.id, 2, "Bruno")
        await service.start(lobby.id, 1, None)
        version = (await service.load(lobby.id)).version
        noted = await service.note_click(9001, lobby.id, 1, "a-token", "en")
        assert noted.game is not None and noted.game.version == version
        await service.act(lobby.id, 2, version, "pick.1")  # Bruno answers while Ana's click is acknowledged
        await service.act(lobby.id, 1, version, "pick.2", click=9001, noted=noted)
        log = await service.db.action_log(lobby.id)
        assert [(r["seat"], r["action_id"]) for r in log] == [(1, "pick.1"), (0, "pick.2")]
        assert await service.db.take_clicks(before=float("inf")) == []  # the click was played and forgotten
