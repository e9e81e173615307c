"""Key information reads at Discord's preview: a picture scaled to 550 px wide still draws whose turn it is,
what they must do, the scores and the last move at 9 px at least (the size of their font, as recorded by
``render.common.key_texts`` while the picture is drawn)."""

import io

import pytest
from PIL import Image

from render import render
from render.common import key_texts
from rules import GAMES
from rules.core import play

PREVIEW = 550
LEAST = 9
NAMES = ["Ana", "Bia", "Caio", "Davi", "Eva"]


def drawn(game, view, locale):
    with key_texts() as texts:
        png = render(game, view, locale=locale, names=NAMES)
    return Image.open(io.BytesIO(png)).size, texts


@pytest.mark.parametrize("game", sorted(GAMES))
def test_whose_turn_what_to_do_the_scores_and_the_last_move_read_at_550_px(game):
    engine = GAMES[game]
    players = min(3, engine.max_players)
    states = []
    final, _ = play(engine, players, seed=5, policy="ai", on_step=lambda b, a, s, i: states.append(a))
    playing = [s for s in states[1:] if engine.to_act(s) and s.events]
    # (PERGAMEMNON's points are on the cards in the hands and decks: its scores show at the end)
    during = {"turn", "prompt", "last_move"} | ({"score"} if game != "pergamemnon" else set())
    for state, wanted in [(playing[len(playing) // 2], during), (final, {"score"})]:
        for seat in (None, 0):
            for locale in ("en", "pt-BR"):
                (width, height), texts = drawn(game, engine.view(state, seat), locale)
                roles = {role for k in texts for role in k.role.split()}
                assert wanted <= roles, (locale, seat, wanted - roles)
                scale = PREVIEW / width
                for k in texts:
                    assert k.size * scale >= LEAST, (k.role, k.value, k.size * scale)
                    left, top, right, bottom = k.box
                    assert 0 <= left < right <= width and 0 <= top < bottom <= height, k


def test_the_preview_check_can_fail():
    """A header at the size it had (17 px on a 1500 px picture) reads at 6 px in the preview."""
    from render import neanderthal as nea
    from render.common import put_text

    img = Image.new("RGB", (nea.WIDTH, 100))
    with key_texts() as texts:
        put_text(img, (10, 10), "To play: Ana", 17, role="turn")
    assert [k.role for k in texts] == ["turn"]
    assert texts[0].size * PREVIEW / nea.WIDTH < LEAST
