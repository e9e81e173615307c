"""Phase 1-3 and end-of-round rules, including the rulebook's examples and illegal moves."""

import pytest
from engis_helpers import act, edit, ids, new, phase2, phase3, territory

from rules.core import IllegalAction
from rules.engis import ENGINE, data, scoring
from rules.engis.setup import _invalid
from rules.engis.state import NEUTRAL


# --------------------------------------------------------------------------- setup
@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("side", ["normal", "swamp"])
def test_setup(players, side):
    s = new(players, seed=players * 7, side=side)
    assert len([h for h in s.offer if h]) == 4 and len(s.pile) == 28
    for p in s.clans:
        assert sorted(p.hand) == sorted(data.CARDS)
        assert len(p.hexes) == 2
        assert sorted(p.meeples) == sorted([sp for sp in p.hexes for _ in range(2)])
        assert len(p.secret) == 1
    assert len(s.weather) == 4
    layouts = [p.hexes for p in s.clans]
    assert not any(_invalid(c, col, layouts) for c, col in zip(s.weather, s.weather_columns, strict=False))
    copies = 2 if players >= 3 else 1
    assert set(s.pool.values()) == {copies} and len(s.pool) == 16


def test_side_a_printed_terrains_are_adjacent_at_the_top():
    for layout in data.BOARDS["normal"]:
        a, b = sorted(layout)
        assert b in data.ADJ[a] and all(data.SPACES[x][1] <= 0.5 for x in layout)
    for layout in data.BOARDS["swamp"]:
        assert data.SWAMP in {data.ALL_HEXES[h].terrain for h in layout.values()}


def test_every_column_has_a_space_and_boards_have_eight_empty_spaces():
    assert {data.column(s) for s in data.SPACES} == {1, 2, 3, 4}
    assert len(data.SPACES) - 2 == 8


def test_solo_advanced_and_glacial_layouts():
    s = new(1, solo="advanced")
    assert s.weather_columns == [1, 2, 2, 3, 4, 4] and len(s.clans[0].secret) == 1
    s = new(1, solo="glacial")
    assert len(s.weather) == 6 and len(s.clans[0].secret) == 2


# --------------------------------------------------------------------------- phase 1
def test_auction_example_and_turn_order():
    # Roxo (seat 0, first) bids 2; Verde 4; Laranja 0; Marrom may bid only 1 or 3, bids 1.
    s = new(4)
    s = act(s, 0, "bid-2")
    while s.phase == "take":
        s = act(s, 0, ids(s)[0])
    assert s.actor == 1
    s = act(s, 1, "bid-4")
    while s.phase == "take":
        s = act(s, 1, ids(s)[0])
    s = act(s, 2, "bid-0")
    assert s.clans[2].zero_bid_marker and s.clans[2].meeples_on_row == 0 and len(s.clans[2].meeples) == 4
    assert ids(s, 3) == ["bid-1", "bid-3"]
    s = act(s, 3, "bid-1")
    while s.phase == "take":
        s = act(s, 3, ids(s)[0])
    # (1) VERDE - (2) ROXO - (3) MARROM - (4) LARANJA
    assert s.order == [1, 0, 3, 2]
    assert [p.meeples_on_row for p in s.clans] == [2, 4, 0, 1]
    assert s.phase == "pick" and s.actor == 1


def test_equal_bid_is_illegal():
    s = new(3)
    s = act(s, 0, "bid-3")
    while s.phase == "take":
        s = act(s, 0, ids(s)[0])
    with pytest.raises(IllegalAction):
        act(s, 1, "bid-3")


def test_bid_meeples_come_from_any_hex_chosen_by_the_player():
    s = new(4)
    s = act(s, 0, "bid-1")
    spaces = sorted(s.clans[0].hexes)
    assert s.phase == "take" and ids(s) == [f"take-{sp}" for sp in spaces]
    s = act(s, 0, f"take-{spaces[1]}")
    assert s.clans[0].meeples.count(spaces[1]) == 1 and s.clans[0].meeples_on_row == 1


def _bids(s, values):
    for v in values:
        seat = s.actor
        s = act(s, seat, f"bid-{v}")
        while s.phase == "take":
            s = act(s, seat, ids(s)[0])
    return s


def test_hex_must_be_adjacent_and_cannot_be_refused():
    s = _bids(new(4), [4, 3, 2, 1])
    seat = s.actor
    assert all(i.startswith("pick-") for i in ids(s))  # no "pass"
    s = act(s, seat, ids(s)[0])
    assert s.phase == "place"
    free = set(scoring.free_spaces(s.clans[seat]))
    offered = {i.split("-")[1] for i in ids(s)}
    assert offered == free
    far = next(sp for sp in data.SPACES if sp not in free and sp not in s.clans[seat].hexes)
    with pytest.raises(IllegalAction):
        act(s, seat, f"put-{far}")


def test_first_round_valid_spaces_board_one():
    s = new(4)
    edit(s, 0, hexes={"a1": "pF", "b1": "pL"})
    assert scoring.free_spaces(s.clans[0]) == ["a2", "b2", "c1", "c2"]


def test_three_players_last_player_discards_the_spare():
    s = _bids(new(3), [2, 1, 0])
    offer = [h for h in s.offer if h]
    for _ in range(3):
        seat = s.actor
        s = act(s, seat, ids(s)[0])
        if s.phase == "place":
            s = act(s, seat, ids(s)[0])
    assert s.phase == "act"
    assert len(s.out) == 1 and s.out[0] in offer and all(h is None for h in s.offer)


def test_two_player_example():
    # Verde (first) takes token 2 for the neutral player, bids 3; Roxo may bid 0, 1 or 4 and bids 0.
    s = new(2)
    assert s.phase == "token" and s.actor == 0
    assert ids(s) == ["token-0", "token-1", "token-2", "token-3", "token-4"]
    s = act(s, 0, "token-2")
    assert s.tokens == [0, 1, 1, 2, 3, 3, 4]
    s = _bids(s, [3])
    assert ids(s, 1) == ["bid-0", "bid-1", "bid-4"]
    s = act(s, 1, "bid-0")
    assert s.order == [0, NEUTRAL, 1]
    a, b, c, d = s.offer
    s = act(s, 0, f"pick-{b}")  # 1st Verde takes B
    s = act(s, 0, ids(s)[0])
    assert s.actor == 0 and ids(s)[0].startswith("drop-")  # Verde removes C for the neutral
    s = act(s, 0, f"drop-{c}")
    assert s.actor == 1
    s = act(s, 1, f"pick-{a}")  # Roxo takes A; D is removed
    s = act(s, 1, ids(s)[0])
    assert s.out == [c, d]
    assert s.phase == "act"


def test_two_player_first_player_alternates():
    s = new(2)
    firsts = []
    while s.phase != "over":
        if s.phase == "token":
            firsts.append(s.actor)
        s = act(s, s.actor, ENGINE.ai_action(s, s.actor))
    assert firsts == [0, 1, 0, 1, 0, 1, 0, 1]
    assert s.tokens == []  # each of the 8 tokens used once


def test_solo_buy_example():
    # «Ele aloca 2 meeples na ficha 2, pega o lago e descarta os outros três hexágonos»
    s = new(1)
    assert ids(s) == ["buy-1", "buy-2", "buy-3", "buy-4"]  # no zero bid in solo
    second = s.offer[1]
    others = [h for i, h in enumerate(s.offer) if i != 1]
    s = act(s, 0, "buy-2")
    while s.phase == "take":
        s = act(s, 0, ids(s)[0])
    assert s.clans[0].meeples_on_row == 2 and s.picked == second
    assert sorted(s.out) == sorted(others)
    s = act(s, 0, ids(s)[0])
    assert second in s.clans[0].hexes.values() and s.phase == "act"


def test_first_player_card_passes_to_last_in_turn_order():
    s = new(4)
    while s.round == 1:
        s = act(s, s.actor, ENGINE.ai_action(s, s.actor))
    assert s.first == s.previous_order[-1]
    assert s.bid_order == [(s.first + i) % 4 for i in range(4)]


def test_turn_order_variant_reverses_the_bidding():
    s = new(4, order="reverse")
    while s.round == 1:
        s = act(s, s.actor, ENGINE.ai_action(s, s.actor))
    assert s.first == s.previous_order[-1]
    assert s.bid_order == list(reversed(s.previous_order))


# --------------------------------------------------------------------------- phase 2
def test_move_one_step_never_across_empty_spaces_or_volcanoes():
    s = new(4)
    territory(s, 0, {"a1": "pF", "b1": "pL", "c1": "V1", "d1": "S1", "a3": "M1"}, ["a1", "b1"])
    phase2(s, 0)
    s = act(s, 0, "move")
    assert ids(s) == ["from-a1", "from-b1", "move-done"]
    s = act(s, 0, "from-b1")
    assert ids(s) == ["to-a1", "back"]  # not the volcano c1, not d1 beyond it
    with pytest.raises(IllegalAction):
        act(s, 0, "to-d1")
    s = act(s, 0, "back")
    s = act(s, 0, "from-a1")
    with pytest.raises(IllegalAction):  # a3 is two steps away across the empty a2
        act(s, 0, "to-a3")
    s = act(s, 0, "to-b1")
    # each meeple moves once: the moved one is not offered again
    assert ids(s) == ["from-b1", "move-done"]
    s = act(s, 0, "from-b1")
    s = act(s, 0, "to-a1")
    assert s.phase == "act" and "move" not in ids(s)


def test_resistencia_crosses_volcanoes_and_movimento_two_steps():
    s = new(4)
    territory(s, 0, {"a1": "pF", "b1": "pL", "c1": "V1", "d1": "S1"}, ["b1"])
    edit(s, 0, skills=["resistencia"])
    phase2(s, 0)
    s = act(s, 0, "move")
    s = act(s, 0, "from-b1")
    assert ids(s) == ["to-a1", "to-c1", "back"]
    edit(s, 0, skills=["resistencia", "movimento"])
    assert ids(s) == ["to-a1", "to-c1", "to-d1", "back"]


def test_craft_threshold_nothing_spent_and_once_a_round():
    # «Agora ele possui um total de 3 ícones. Assim, ele pode fabricar o VASO ou o ARCO E FLECHA ou a CLAVA.»
    s = new(4)
    territory(s, 0, {"c1": "pD", "d1": "pF", "c2": "F3"}, ["c1"])
    phase2(s, 0)
    s = act(s, 0, "craft")
    assert ids(s) == ["craft-vaso", "craft-clava", "craft-arco", "back"]
    s = act(s, 0, "craft-arco")
    assert s.clans[0].objects == ("arco",) and scoring.resource_icons(s.clans[0], "wood") == 3
    assert "craft" not in ids(s)
    with pytest.raises(IllegalAction):
        act(s, 0, "craft")
    assert scoring.card_points(s, 0, "mamute") == 1 + 1 + 2  # the bow adds 2 to Mamute


def test_madeira_pedra_discounts_and_recursos():
    s = new(4)
    p = edit(s, 0, hexes={"a1": "pF", "b1": "M3"})
    assert scoring.craftable(p) == ["vaso", "lascada", "machadinha"]
    p = edit(s, 0, skills=["madeira"])
    assert scoring.object_cost(p, "clava") == 1 and scoring.object_cost(p, "vaso") == 1
    assert "clava" in scoring.craftable(p) and "arco" not in scoring.craftable(p)
    p = edit(s, 0, skills=["pedra"])
    assert scoring.object_cost(p, "roda") == 2 and scoring.object_cost(p, "lascada") == 1
    p = edit(s, 0, skills=["recursos"])
    assert "clava" in scoring.craftable(p)  # 1 wood + (2 stone -> 1 wood)
    p = edit(s, 0, hexes={"a1": "F5", "b1": "F1"})  # 4 wood -> 2 stone
    assert "machadinha" in scoring.craftable(p) and "roda" not in scoring.craftable(p)


def test_fourth_object_of_a_group_gives_four_points():
    s = new(4)
    territory(s, 0, {"a1": "F5", "b1": "F1"}, ["a1"])
    edit(s, 0, objects=["vaso", "clava", "arco"])
    phase2(s, 0)
    s = act(s, 0, "craft")
    s = act(s, 0, "craft-jangada")
    assert s.clans[0].score == 4 and s.clans[0].points == {"engis.score.crafting": 4}


def test_develop_up_to_knowledge_once_a_round_one_copy():
    # «o jogador possui um total de 4 pontos de conhecimento ... escolhe a habilidade FOGO (nível 3)»
    s = new(4)
    territory(s, 0, {"a1": "pF", "b1": "pL", "a2": "M1", "b2": "S2", "c1": "D2"}, ["a1"])
    assert scoring.knowledge(s.clans[0]) == 4
    edit(s, 0, skills=["movimento"])
    phase2(s, 0)
    s = act(s, 0, "develop")
    offered = {i.split("-")[1] for i in ids(s) if i.startswith("skill-")}
    assert "skill-fogo" in ids(s) and "movimento" not in offered
    assert not offered & {"inteligencia", "exploracao"}
    with pytest.raises(IllegalAction):
        act(s, 0, "skill-inteligencia")  # above the knowledge
    with pytest.raises(IllegalAction):
        act(s, 0, "skill-movimento")  # a second copy
    s = act(s, 0, "skill-fogo")
    assert s.pool["fogo"] == 1 and "develop" not in ids(s)


def test_skill_copies_run_out():
    s = new(4)
    s.pool["movimento"] = 0
    phase2(s, 0)
    s = act(s, 0, "develop")
    assert "skill-movimento" not in ids(s)


def test_three_different_actions_then_end():
    s = new(4)
    territory(s, 0, {"a1": "pF", "b1": "pL"}, ["a1", "a1", "b1", "b1"])
    phase2(s, 0)
    assert ids(s) == ["move", "craft", "develop", "end"]
    s = act(s, 0, "craft")
    s = act(s, 0, "craft-vaso")
    s = act(s, 0, "develop")
    s = act(s, 0, "skill-retorno")
    s = act(s, 0, "move")
    s = act(s, 0, "move-done")
    assert ids(s) == ["end"]
    s = act(s, 0, "end")
    assert s.actor == 1 and s.phase == "act"


def test_neandertal_gives_a_fifth_meeple_and_bid_stays_capped():
    s = new(4)
    territory(s, 0, {"a1": "pF", "b1": "pL", "a2": "M1", "b2": "S2", "c1": "D2"}, ["a1", "b1"])
    s.pool["neandertal"] = 2
    phase2(s, 0)
    s = act(s, 0, "develop")
    s = act(s, 0, "skill-neandertal")
    assert s.phase == "nea" and ids(s) == ["home-a1", "home-b1"]
    s = act(s, 0, "home-b1")
    assert sorted(s.clans[0].meeples) == ["a1", "b1", "b1"]
    edit(s, 0, meeples=["a1"] * 5)
    s.phase, s.actor, s.bid_order, s.order_position = "bid", 0, [0, 1, 2, 3], 0
    for seat in range(4):
        edit(s, seat, bid=None)
    assert ids(s) == ["bid-0", "bid-1", "bid-2", "bid-3", "bid-4"]


def test_retorno_brings_a_bid_meeple_back():
    s = new(4)
    territory(s, 0, {"a1": "pF", "b1": "pL"}, ["a1", "b1"])
    edit(s, 0, meeples_on_row=2, skills=["retorno"])
    phase2(s, 0)
    assert "retorno" in ids(s)
    s = act(s, 0, "retorno")
    s = act(s, 0, "home-a1")
    assert s.clans[0].meeples_on_row == 1 and s.clans[0].meeples.count("a1") == 2
    assert "retorno" not in ids(s)


def test_solo_discards_a_skill_after_developing():
    s = new(1)
    phase2(s, 0)
    s = act(s, 0, "develop")
    s = act(s, 0, "skill-movimento")
    assert s.phase == "discard" and "discard-movimento" not in ids(s)
    s = act(s, 0, "discard-retorno")
    assert s.pool["retorno"] == 0 and s.skills_removed == ["retorno"] and s.phase == "act"


def test_solo_discards_a_skill_even_without_enough_knowledge():
    # «No caso raro do jogador, não ter pontos suficientes de conhecimento para desenvolver uma nova
    # habilidade, dentre as disponíveis, mesmo assim, ele deverá descartar uma delas»
    s = new(1)
    for skill in ("movimento", "retorno", "madeira", "pedra"):
        s.pool[skill] = 0
    phase2(s, 0)
    assert scoring.knowledge(s.clans[0]) == 1 and "develop" not in ids(s)
    s = act(s, 0, "end")
    assert s.phase == "discard" and s.actor == 0
    assert ids(s) == [f"discard-{k}" for k, n in s.pool.items() if n]
    s = act(s, 0, "discard-fogo")
    assert s.pool["fogo"] == 0 and s.skills_removed == ["fogo"] and s.phase == "score"


# --------------------------------------------------------------------------- phase 3
def test_scoring_card_choice_is_secret_and_card_leaves_the_hand():
    s = new(4)
    phase3(s, 0)
    actions = ENGINE.legal_actions(s, 0)
    assert len(actions) == 8 and all(a.secret for a in actions)
    s = act(s, 0, "card-tribo")
    assert "tribo" not in s.clans[0].hand and s.clans[0].played == ("tribo",)
    assert s.clans[0].points["engis.score.cards"] >= 3
    assert "card-tribo" not in ids(s, s.actor) or s.actor != 0


def test_inteligencia_in_the_last_round():
    s = new(4)
    p = edit(
        s,
        0,
        hand=["tribo"],
        played=["agua", "alimento", "mamute", "abrigo", "objetos", "iguais", "diferentes"],
        skills=["inteligencia"],
        objects=["vaso", "clava", "lascada", "machadinha", "roda"],
    )
    s.round = 8
    phase3(s, 0)
    assert ids(s) == ["card-tribo", "intel-objetos", "intel-iguais", "intel-diferentes"]
    s = act(s, 0, "intel-objetos")
    # one group only: stone 1 + 2 + 3 = 6 beats wood 1 + 2 = 3
    assert p.hand == ("tribo",) and s.clans[0].points["engis.score.cards"] == 6
    assert s.clans[0].aside == ("tribo",) and s.clans[0].hand == ()


# --------------------------------------------------------------------------- end of round
def _to_returns(s, seat, meeples, row):
    edit(s, seat, meeples=list(meeples), meeples_on_row=row)
    s.order = [seat] + [x for x in range(s.players) if x != seat]
    for x in range(s.players):
        if x != seat:
            edit(s, x, meeples_on_row=0)
    from rules.engis.phases import _next_return

    s.phase, s.order_position = "back", -1
    _next_return(s)
    return s


def test_returning_meeples_example_1_forced():
    # «Roxo deve retornar 3 peças ... Como há um meeple no hex. A, as peças são obrigatoriamente colocadas»
    s = new(4)
    territory(s, 0, {"a1": "pF", "b1": "pL", "a2": "F1"}, [])
    s = _to_returns(s, 0, ["a2"], 3)
    assert s.clans[0].meeples == ("a2",) * 4 and s.round == 2


def test_returning_meeples_example_2_choice():
    # «Ele pode colocar as peças retornadas no hex. A, ou no hex. B, ou uma em cada»
    s = new(4)
    territory(s, 0, {"a1": "pF", "b1": "pL", "a2": "F1"}, [])
    s = _to_returns(s, 0, ["a1", "a2"], 2)
    assert s.phase == "back" and s.actor == 0 and ids(s) == ["home-a1", "home-a2"]
    s = act(s, 0, "home-a1")
    s = act(s, 0, "home-a2")
    assert sorted(s.clans[0].meeples) == ["a1", "a1", "a2", "a2"] and s.round == 2


def test_returning_four_meeples_all_on_the_same_hex():
    s = new(4)
    territory(s, 0, {"a1": "pF", "b1": "pL", "a2": "V1"}, [])
    s = _to_returns(s, 0, [], 4)
    assert ids(s) == ["home-a1", "home-b1"]  # not the volcano
    s = act(s, 0, "home-b1")
    assert s.clans[0].meeples == ("b1",) * 4


def test_round_eight_bid_meeples_stay_off_the_board():
    from rules.core import play

    final, _ = play(ENGINE, 4, seed=5)
    bids = [p.bid or 0 for p in final.clans]
    for p, b in zip(final.clans, bids, strict=False):
        extra = 1 if "neandertal" in p.skills else 0
        retorno = 1 if "retorno" in p.used else 0
        assert len(p.meeples) + p.meeples_on_row == 4 + extra
        assert p.meeples_on_row == b - retorno


def test_game_ends_after_round_eight():
    from rules.core import play

    final, _ = play(ENGINE, 3, seed=9)
    assert final.phase == "over" and final.round == 8
    assert all(len(p.hexes) == 10 for p in final.clans)
    assert ENGINE.to_act(final) == []
