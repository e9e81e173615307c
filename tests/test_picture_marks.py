"""What a board marks at a glance: who plays, who moved last and what that move did, who won; ATLANDICE's won
tiles as a player reads them."""

import io
from collections import Counter

import pytest
from PIL import Image

from render import atlandice as atl
from render import lettering, render, tabs
from render import neanderthal_pieces as nea_pieces
from render.common import HIGHLIGHT, key_texts
from rules import GAMES
from rules.atlandice import data as AD
from rules.core import play, t

NAMES = ["Ana", "Bia", "Caio", "Davi"]


@pytest.fixture
def drawn_texts(monkeypatch):
    """Every text the pictures draw through ``render.lettering.put_text``, in order."""
    texts: list[str] = []
    put = lettering.put_text

    def record(img, xy, value, *args, **kwargs):
        texts.append(value)
        return put(img, xy, value, *args, **kwargs)

    monkeypatch.setattr(lettering, "put_text", record)  # (``text`` and ``put_boxed``)
    monkeypatch.setattr(tabs, "put_text", record)  # (the panels' tabs)
    monkeypatch.setattr(nea_pieces, "put_text", record)  # (NEANDERTHAL's own texts, through its ``put``)
    return texts


def _game(game, players, seed=5):
    engine = GAMES[game]
    states = []
    final, _ = play(engine, players, seed=seed, policy="ai", on_step=lambda b, a, s, i: states.append(a))
    return engine, states, final


@pytest.mark.parametrize("locale", ["en", "pt-BR"])
def test_atlandice_won_tiles_show_their_die_and_vp_never_a_code(drawn_texts, locale):
    engine, _, final = _game("atlandice", 3)
    view = engine.view(final, None)
    won = sum(len(p.tiles) for p in view.participants)
    assert won
    render("atlandice", view, locale=locale, names=NAMES[:3])
    codes = {tile for tiles in AD.TILES.values() for tile in tiles}
    assert not codes & set(drawn_texts)
    assert Counter(drawn_texts)[t("atlandice.pic.vp", locale, n=atl.TILE_VP)] >= won


def _players_band(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return image.crop((0, atl.PLAYERS_Y - atl.TAB_H - 6, image.width, atl.PLAYERS_Y + atl.PLAYER_H + 6))


def test_the_final_atlandice_board_marks_the_winner_and_no_last_move_on_a_loser(drawn_texts):
    engine, _, final = _game("atlandice", 3)
    view = engine.view(final, None)
    loser = next(p.seat for p in view.participants if p.seat is not None and p.seat not in view.winners)
    view.last_seat = loser
    png = render("atlandice", view, locale="en", names=NAMES[:3])
    assert HIGHLIGHT not in {c for _, c in _players_band(png).getcolors(1 << 20)}
    assert drawn_texts.count("♛ " + t("core.pic.winner", "en")) == len(view.winners)
    assert "● " + t("core.pic.last_move", "en") not in drawn_texts


@pytest.mark.parametrize("game", ["atlandice", "neanderthal"])
def test_a_board_in_play_tabs_who_plays_and_who_moved_last_and_says_what_the_move_did(drawn_texts, game):
    engine, states, _ = _game(game, 3)
    state = next(s for s in states[len(states) // 2 :] if engine.to_act(s) and s.events and s.last_seat is not None)
    view = engine.view(state, None)
    with key_texts() as keys:
        render(game, view, locale="pt-BR", names=NAMES[:3])
    assert drawn_texts.count("▶ " + t("core.pic.to_play", "pt-BR")) == 1
    assert drawn_texts.count("● " + t("core.pic.last_move", "pt-BR")) == 1
    assert "♛ " + t("core.pic.winner", "pt-BR") not in drawn_texts
    said = t(state.events[0].text, "pt-BR", names=NAMES[:3])
    last = [k.value for k in keys if k.role == "last_move"]
    assert last and last[0].startswith("› " + said[:20]), (last, said)


def test_the_final_neanderthal_board_tabs_the_winner_and_breaks_each_score_down(drawn_texts):
    engine, _, final = _game("neanderthal", 3)
    view = engine.view(final, None)
    render("neanderthal", view, locale="en", names=NAMES[:3])
    best = max(p.score for p in view.tribes)
    assert drawn_texts.count("♛ " + t("core.pic.winner", "en")) == sum(p.score == best for p in view.tribes)
    assert "▶ " + t("core.pic.to_play", "en") not in drawn_texts
    for p in view.tribes:  # each source that scored, with its points
        for key, points in p.points.items():
            if points:
                assert any(f"{t(key, 'en')} {points}" in text for text in drawn_texts), (key, points)
