"""The picture: a PNG of the right size at every player count, the hand only in its owner's view."""

import io

from PIL import Image

from render.pergamemnon import render
from rules.core import play
from rules.pergamemnon import ENGINE


def _midgame(players, seed, phase=None):
    state = ENGINE.new_game(players, seed)
    for _ in range(400):
        if not ENGINE.to_act(state) or (phase and state.phase == phase):
            break
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.ai_action(state, seat))
    return state


def test_render_is_pure_and_private_view_differs():
    state = ENGINE.new_game(3, seed=4)
    names = ["A", "B", "C"]
    public = render(ENGINE.view(state, None), locale="en", names=names)
    assert public == render(ENGINE.view(state, None), locale="en", names=names)
    private = render(ENGINE.view(state, 0), locale="en", names=names)
    assert private != public
    assert render(ENGINE.view(state, 1), locale="en", names=names) != private


def test_render_every_phase_and_the_end():
    seen = set()
    final, log = play(ENGINE, 4, seed=2, policy="mixed")
    state = ENGINE.new_game(4, 2)
    for seat, aid in log:
        state = ENGINE.apply(state, seat, aid)
        if state.phase not in seen:
            seen.add(state.phase)
            render(ENGINE.view(state, None), locale="en", names=["a", "b", "c", "d"])
            render(ENGINE.view(state, state.actor if state.actor >= 0 else None), locale="pt-BR", names=[])
    assert {"turn", "attack", "defend", "over"} <= seen
    png = render(ENGINE.view(final, None), locale="pt-BR", names=[])
    assert Image.open(io.BytesIO(png)).size[0] == 1500


def test_the_picture_crowns_the_creature_tiebreak_winner(monkeypatch):
    """Tied on points, «o jogador com a criatura mais poderosa (maior valor) vence»: only he is the winner."""
    from render import pergamemnon as picture
    from rules.core import Rng
    from rules.pergamemnon.state import Nation, PergState

    s = PergState(
        players=2,
        seed=0,
        rng=Rng(seed=0),
        row=[],
        creature_deck=[],
        supply=15,
        phase="over",
        actor=-1,
        nations=[
            Nation(nation="rom", hand=["R1"], secured=["M04"]),  # 1 + Minotaur 3, cost 7
            Nation(nation="car", hand=["C10"], secured=["M05"]),
        ],
    )  # 1 + Sphinx 3, cost 8
    assert ENGINE.outcome(s).winners == [1]
    v = ENGINE.view(s, None)
    assert [p.winner for p in v.nations] == [False, True]
    crowned = []
    monkeypatch.setattr(picture, "_put", lambda img, xy, text, **kw: crowned.append(text))
    render(v, locale="en", names=["Ann", "Bob"])
    assert sum("Winner" in text for text in crowned) == 1


def _game_states(players, seed):
    _, log = play(ENGINE, players, seed=seed)
    state = ENGINE.new_game(players, seed)
    states = [state]
    for seat, aid in log:
        state = ENGINE.apply(state, seat, aid)
        states.append(state)
    return states


def _drawn(monkeypatch, view, locale="en", names=None):
    """The texts the picture of ``view`` draws, each with where and in which colour."""
    from render import pergamemnon as picture

    texts = []
    monkeypatch.setattr(picture, "_put", lambda img, xy, text, **kw: texts.append((text, xy, kw.get("fill"))))
    render(view, locale=locale, names=names or [])
    return texts


def test_the_picture_keeps_its_height_through_a_whole_game():
    """A board that changed height from move to move jumped in the channel and zoomed in the replay."""
    for players in (2, 3, 4, 5):
        states = _game_states(players, 3)
        for viewer in (None, 0):
            heights = {Image.open(io.BytesIO(render(ENGINE.view(s, viewer)))).size for s in states[::6] + states[-1:]}
            assert len(heights) == 1, (players, viewer, heights)


def test_a_seats_own_view_shows_its_hand_at_the_top_and_says_your_turn(monkeypatch):
    from render.pergamemnon import headline

    states = _game_states(3, 5)
    state = next(s for s in states[10:] if s.phase == "turn")
    me = state.actor
    names = ["Ana", "Bia", "Caio"]
    texts = _drawn(monkeypatch, ENGINE.view(state, me), names=names)
    y = {text: xy[1] for text, xy, _ in texts}
    creatures = next(v for k, v in y.items() if k.startswith("Creatures"))
    assert y["Your hand"] < creatures
    status = headline(ENGINE.view(state, me), "en", names)
    assert status.startswith("Your turn") and f"Waiting for {names[me]}" not in status
    assert headline(ENGINE.view(state, (me + 1) % 3), "en", names).startswith(f"Waiting for {names[me]}")


def test_the_channel_picture_speaks_of_the_player_to_act_in_the_third_person():
    from render.pergamemnon import headline

    seen = set()
    for state in _game_states(3, 2) + _game_states(2, 4):
        if state.phase == "over":
            continue
        public = headline(ENGINE.view(state, None), "en", ["Ana", "Bia", "Caio"])
        assert " you" not in public.lower() and "your" not in public.lower(), public
        seen.add(state.phase)
    assert {"defend", "discard", "place"} <= seen


def test_scores_say_pt_for_one_point_and_pts_for_more():
    from render.pergamemnon import _score_msg
    from rules.core import t

    assert t(_score_msg(2), "en") == "1 pt" and t(_score_msg(40), "en") == "20 pts"
    assert t(_score_msg(41), "en") == "20½ pts" and t(_score_msg(2), "pt-BR") == "1 pt"


def test_the_legend_names_each_card_mark_by_the_letter_drawn_on_the_cards():
    """The pt-BR legend read "S assegurado": the letter a secured card bears names its word in each language."""
    from rules.core import msg, t

    for locale in ("en", "pt-BR"):
        legend = t(msg("pergamemnon.ui.legend"), locale)
        for flag in ("leader", "flee", "secured"):
            letter = t(msg(f"pergamemnon.ui.icon.{flag}"), locale)
            words = [w for w in legend.split(", ") if w.startswith(letter + " ")]
            assert words and words[0][2].upper() == letter, (locale, flag, legend)


def test_every_seats_name_reads_on_its_panel(monkeypatch):
    """The fifth seat's orange on cream read 2.1:1; names are drawn in a shade that reads 4.5:1."""
    from render.pergamemnon import PANEL_BG, contrast

    state = ENGINE.new_game(5, 1)
    names = ["Ana", "Bia", "Caio", "Dani", "Eva"]
    texts = _drawn(monkeypatch, ENGINE.view(state, None), names=names)
    for name in names:
        fills = [fill for text, _, fill in texts if text.endswith(name)]
        assert fills and all(contrast(fill, PANEL_BG) >= 4.5 for fill in fills), (name, fills)


def test_the_last_battle_says_who_fought_who_won_and_whose_each_card_was(monkeypatch):
    names = ["Ana", "Bia", "Caio"]
    for state in _game_states(3, 6):
        view = ENGINE.view(state, None)
        if view.battle is None and view.last_battle_cards and view.result in ("att", "dfn"):
            break
    att, dfn, split = view.last_battle_sides
    won = att if view.result == "att" else dfn
    texts = [text for text, _, _ in _drawn(monkeypatch, view, names=names)]
    title = next(text for text in texts if text.startswith("Last battle"))
    assert names[att] in title and names[dfn] in title and title.endswith(f"{names[won]} won")
    assert texts.count(names[att]) >= split + 1 and texts.count(names[dfn]) >= len(view.last_battle_cards) - split + 1


def test_the_end_shows_each_players_points_by_source(monkeypatch):
    final = _game_states(3, 8)[-1]
    view = ENGINE.view(final, None)
    texts = [text for text, _, _ in _drawn(monkeypatch, view, names=["Ana", "Bia", "Caio"])]
    assert texts.count("Armies") == 3 and texts.count("Creatures") == 3 and texts.count("Secured points") == 3
    from render.common import key_texts

    with key_texts() as keys:
        render(view, locale="en", names=["Ana", "Bia", "Caio"])
    scores = [k.value for k in keys if k.role == "score"]
    for p in view.nations:
        assert any(text.startswith(f"Total {p.halves // 2}") for text in scores), scores
    assert not any("pts — Winner" in text for text in texts)
