"""A game's replay: the seed and the moves that count, replayed and drawn as the channel saw them."""

from __future__ import annotations

from render import render
from render.replay import MAX_BYTES, Progress, animate
from rules.core import Engine, GameState, t


def states(engine: Engine, players: int, seed: int, options: dict[str, str] | None,
           log: list[tuple[int, str]]) -> list[GameState]:
    """Every state of the game: the set-up, then the state after each move."""
    state = engine.new_game(players, seed, options)
    out = [state]
    for seat, action_id in log:
        state = engine.apply(state, seat, action_id)
        out.append(state)
    return out


def replay_gif(engine: Engine, players: int, seed: int, options: dict[str, str] | None,
               log: list[tuple[int, str]], *, names: list[str], locale: str, title: str,
               max_bytes: int = MAX_BYTES, progress: Progress | None = None, **kwargs) -> tuple[bytes, int]:
    """The GIF of a whole game (the spectator's view, one frame per move) and its frame count."""
    all_states = states(engine, players, seed, options, log)
    last = len(all_states) - 1

    drawn: dict[int, bytes] = {}  # a second try with fewer frames draws no board twice

    def picture(i: int) -> tuple[bytes, str]:
        if i not in drawn:
            drawn[i] = render(engine.id, engine.view(all_states[i], None), locale=locale, names=names)
        return drawn[i], t("replay.caption", locale, game=title, n=i, total=last)

    return animate(len(all_states), picture, max_bytes=max_bytes, progress=progress, **kwargs)
