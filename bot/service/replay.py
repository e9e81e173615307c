"""A game's replay: the seed and the moves that count, replayed and drawn as the channel saw them."""

from __future__ import annotations

from typing import Any

from render import render
from render.replay import MAX_BYTES, Progress, animate
from rules.core import Engine, GameState, RuleError, t

from .games import UserError


def states(
    engine: Engine[Any],
    players: int,
    seed: int,
    options: dict[str, str] | None,
    log: list[tuple[int, str]],
    final: str | None = None,
) -> list[GameState]:
    """Every state of the game: the set-up, then the state after each move.

    With ``final`` (the stored state), a log that no longer leads there (a game started under
    earlier rules, whose moves mean something else now) is refused with a sentence, never drawn
    or rebuilt wrongly.
    """
    state = engine.new_game(players, seed, options)
    out = [state]
    try:
        for seat, action_id in log:
            state = engine.apply(state, seat, action_id)
            out.append(state)
    except RuleError:
        raise UserError("replay.old_rules") from None
    if final is not None and engine.dump(state) != final:
        raise UserError("replay.old_rules")
    return out


def frame(engine: Engine[Any], state: GameState, *, names: list[str], locale: str) -> bytes:
    """A replay's picture of a position: the channel's board, drawn from the spectator's view alone."""
    return render(engine.id, engine.view(state, None), locale=locale, names=names)


def replay_gif(
    engine: Engine[Any],
    players: int,
    seed: int,
    options: dict[str, str] | None,
    log: list[tuple[int, str]],
    *,
    names: list[str],
    locale: str,
    title: str,
    max_bytes: int = MAX_BYTES,
    progress: Progress | None = None,
    final: str | None = None,
    **kwargs: int,  # animate's max_frames and width
) -> tuple[bytes, int]:
    """The GIF of a whole game (the spectator's view, one frame per move) and its frame count."""
    all_states = states(engine, players, seed, options, log, final)
    last = len(all_states) - 1

    drawn: dict[int, bytes] = {}  # a second try with fewer frames draws no board twice

    def picture(i: int) -> tuple[bytes, str]:
        if i not in drawn:
            drawn[i] = frame(engine, all_states[i], names=names, locale=locale)
        return drawn[i], t("replay.caption", locale, game=title, n=i, total=last)

    return animate(len(all_states), picture, max_bytes=max_bytes, progress=progress, **kwargs)
