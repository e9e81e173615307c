"""The rulebook's scoring examples and scoring rules."""

from engis_helpers import edit, new, territory

from rules.engis import scoring
from rules.engis.state import EngisState


def solo_board(state: EngisState, hexes: dict[str, str], meeples: list[str], seat: int = 0) -> None:
    territory(state, seat, hexes, meeples)


def test_agua_5_three_icons_two_meeples():
    # «Ele decide usar a carta Água e recebe 5 pts (3 ícones + 2 meeples).»
    s = new(4)
    territory(s, 0, {"a1": "F1", "a2": "L5", "b1": "M1"}, ["a2", "a2"])
    assert scoring.card_points(s, 0, "agua") == 5


def test_mamute_4_alimento_3_abrigo_5():
    # «Se os meeples estivessem num deserto, com a carta Mamute ele receberia 4 pts (2 ícones + 2 meeples).»
    s = new(4)
    territory(s, 0, {"a1": "F1", "a2": "D3", "b1": "M1"}, ["a2", "a2"])
    assert scoring.card_points(s, 0, "mamute") == 4
    # «Se os meeples estivessem na savana, com a carta Alimento ele receberia 3 pts (1 ícone + 2 meeples).»
    territory(s, 0, {"a1": "F1", "a2": "S1", "b1": "M1"}, ["a2", "a2"])
    assert scoring.card_points(s, 0, "alimento") == 3
    # «Se os meeples estivessem na caverna, com a carta Abrigo ele receberia 5 pts (3 pts da caverna + 2 meeples).»
    territory(s, 0, {"a1": "F1", "a2": "C2", "b1": "M1"}, ["a2", "a2"])
    assert scoring.card_points(s, 0, "abrigo") == 5


def test_icon_cards_count_every_icon_and_the_object():
    s = new(4)
    territory(s, 0, {"a1": "pL", "b1": "L3", "a2": "F1"}, ["a1", "a2"])
    # 1 + 2 icons, 1 meeple on a water hex (the one on the forest does not count)
    assert scoring.card_points(s, 0, "agua") == 4
    edit(s, 0, objects=["vaso"])
    assert scoring.card_points(s, 0, "agua") == 6


def test_tribo_9():
    # «Laranja ... marcou um total de 9 pts (4 meeples laranjas + 1 pt por cada adversário que
    # possui menos de quatro meeples + 2 pts pelo objeto fabricado machadinha)»
    s = new(4)
    territory(s, 2, {"a1": "pS", "b1": "pM"}, ["a1", "a1", "b1", "b1"])
    territory(s, 0, {"a1": "pF", "b1": "pL"}, ["a1", "a1"])
    territory(s, 1, {"b1": "pM", "c1": "pS"}, ["b1"])
    territory(s, 3, {"c1": "pD", "d1": "pF"}, [])
    edit(s, 2, objects=["machadinha"])
    assert scoring.card_points(s, 2, "tribo") == 9


def test_tribo_with_both_defence_objects():
    s = new(3)
    territory(s, 0, {"a1": "pS", "b1": "pM"}, ["a1", "a1", "b1"])
    territory(s, 1, {"a1": "pS", "b1": "pM"}, ["a1", "a1", "b1"])
    territory(s, 2, {"a1": "pS", "b1": "pM"}, ["a1", "a1"])
    edit(s, 0, objects=["clava", "machadinha"])
    assert scoring.card_points(s, 0, "tribo") == 3 + 1 + 4  # equal counts are not "fewer"


def test_terrenos_iguais_8_and_diferentes_6():
    # «recebe 8 pts (3 hexágonos de deserto + 2 meeples + 3 conexões A/B/C)»
    # «ele receberia 6 pts (5 tipos de terrenos ... + uma ocupação que seria o deserto)»
    s = new(4)
    hexes = {"a1": "D1", "a2": "D2", "b1": "D4", "c1": "F1", "c2": "M1", "d1": "S1", "b2": "L1"}
    territory(s, 0, hexes, ["a1", "b1"])
    assert scoring.iguais_best(s.clans[0]) == (8, "D")
    assert scoring.card_points(s, 0, "iguais") == 8
    assert scoring.card_points(s, 0, "diferentes") == 6


def test_iguais_and_diferentes_ignore_caves_and_volcanoes():
    s = new(4)
    territory(s, 0, {"a1": "C1", "a2": "C2", "b1": "V1", "b2": "F1"}, ["a1", "a2"])
    assert scoring.raw_card(s, 0, "iguais") == 1
    assert scoring.raw_card(s, 0, "diferentes") == 1
    edit(s, 0, objects=["jangada", "roda"])
    assert scoring.raw_card(s, 0, "iguais") == 3
    assert scoring.raw_card(s, 0, "diferentes") == 3


def test_objetos_6():
    # «Um jogador fabricou o vaso, a clava e a roda, portanto ele recebe 6 pontos.»
    s = new(4)
    edit(s, 0, objects=["vaso", "clava", "roda"])
    assert scoring.card_points(s, 0, "objetos") == 6


def test_three_points_rule():
    # «O jogador não possui nenhum ícone de água em seu tabuleiro mas fabricou o vaso ... recebe 3 pontos.»
    s = new(4)
    territory(s, 0, {"a1": "pF", "b1": "pM"}, ["a1"])
    edit(s, 0, objects=["vaso"])
    assert scoring.raw_card(s, 0, "agua") == 2
    assert scoring.card_points(s, 0, "agua") == 3


def test_fogo_adds_three_to_mamute_and_abrigo():
    s = new(4)
    territory(s, 0, {"a1": "D3", "a2": "C1"}, ["a2"])
    edit(s, 0, skills=["fogo"])
    assert scoring.card_points(s, 0, "mamute") == 2 + 3
    assert scoring.card_points(s, 0, "abrigo") == 3 + 1 + 3
    edit(s, 0, objects=["pedrasfogo", "arco"])
    assert scoring.card_points(s, 0, "abrigo") == 3 + 1 + 3 + 2
    assert scoring.card_points(s, 0, "mamute") == 2 + 3 + 2


def test_coleta_converts_icons_and_counts_meeples():
    s = new(4)
    territory(s, 0, {"a1": "L3", "a2": "M4", "b1": "S1"}, ["a2", "a1"])
    assert scoring.raw_card(s, 0, "agua") == 2 + 1
    edit(s, 0, skills=["coleta"])
    assert scoring.raw_card(s, 0, "agua") == 2 + 1 + 2 + 1  # mountain stone counts as water
    assert scoring.raw_card(s, 0, "alimento") == 1 + 2 + 1  # lake water counts as food


def test_destreza_one_meeple_worth_three():
    s = new(4)
    territory(s, 0, {"a1": "L3", "a2": "S1"}, ["a1", "a1", "a2"])
    edit(s, 0, skills=["destreza"])
    assert scoring.raw_card(s, 0, "agua") == 2 + 3 + 1  # only ONE meeple is worth 3
    assert scoring.raw_card(s, 0, "alimento") == 1 + 3


def test_knowledge_sources():
    s = new(4)
    p = edit(s, 0, hexes={"a1": "pF", "b1": "pL"})
    assert scoring.knowledge(p) == 1  # printed point
    p = edit(s, 0, hexes={**p.hexes, **{"a2": "M1", "b2": "S2"}})
    assert scoring.knowledge(p) == 3  # + 2 icons
    p = edit(s, 0, hexes={**p.hexes, **{"c1": "D2"}})
    assert scoring.knowledge(p) == 4  # + the five basic terrains
    p = edit(s, 0, hexes={**p.hexes, **{"c2": "F1", "c3": "F3"}})
    assert scoring.knowledge(p) == 4
    p = edit(s, 0, skills=["conhecimento"])
    assert scoring.knowledge(p) == 5  # 3 forests (printed one included)


def test_pintura_and_plantio_after_phase3():
    s = new(4)
    p = edit(s, 0, hexes={"a1": "C1", "a2": "C2", "b1": "F1", "b2": "S3"}, skills=["pintura", "plantio"])
    assert scoring.after_phase3(p) == 2 + 2


def test_resistencia_and_exploracao():
    s = new(4)
    p = edit(
        s, 0, hexes={"a1": "F1", "a2": "M1", "a3": "L1", "b1": "S1", "b2": "D1", "c1": "C1", "c2": "V1", "c3": "V2"}
    )
    p = edit(s, 0, skills=["resistencia", "exploracao"])
    assert scoring.skill_endgame(p) == 2 * 3 + 8
    p = edit(s, 0, hexes={k: v for k, v in p.hexes.items() if k != "c1"})
    assert scoring.skill_endgame(p) == 2 * 3 + 5
    p = edit(s, 0, hexes={k: v for k, v in p.hexes.items() if k != "a1"})
    assert scoring.skill_endgame(p) == 2 * 3


def test_majorities_ties_split_rounded_down_and_need_a_hex():
    s = new(3)
    for seat in range(3):
        edit(s, seat, hexes={"a1": "C1"})
    edit(s, 0, hexes={**s.clans[0].hexes, **{"a2": "F1"}})
    edit(s, 1, hexes={**s.clans[1].hexes, **{"a2": "F3", "b1": "F4", "b2": "L1"}})
    edit(s, 2, hexes={**s.clans[2].hexes, **{"a2": "F5", "b1": "pF", "b2": "L2"}})
    # forest: 1 and 2 tie at 2 -> 2 each; lake: 1 and 2 tie at 1 -> 2 each; nobody has M/S/D
    assert scoring.majorities(s) == [0, 4, 4]


def test_knowledge_award_ties():
    s = new(3)
    for seat, hexes in enumerate([{"a1": "M1"}, {"a1": "L1"}, {"a1": "F1"}]):
        edit(s, seat, hexes=hexes)
    assert scoring.knowledge_award(s) == [2, 2, 0]


def test_solo_final_majorities_and_knowledge():
    # «Como ele possui pelo menos 3 hexágonos do mesmo tipo (floresta e deserto), ele recebe 10 pontos»
    s = new(1)
    edit(s, 0, hexes={"a1": "pF", "a2": "F1", "a3": "F2", "b1": "D1", "b2": "D2", "c1": "D3", "c2": "L1"})
    assert scoring.majorities(s) == [10]
    assert scoring.knowledge(s.clans[0]) == 1 + 3
    assert scoring.knowledge_award(s) == [0]
    edit(s, 0, hexes={**s.clans[0].hexes, **{"c3": "M1", "d1": "S2", "d2": "C1"}})
    assert scoring.knowledge(s.clans[0]) == 1 + 6 + 1
    assert scoring.knowledge_award(s) == [5]


def test_solo_tribo_7():
    # «O jogador tem 3 meeples em seu tabuleiro e fabricou a clava. Ele recebe um total de 7 pontos»
    s = new(1)
    territory(s, 0, {"a2": "pF", "d1": "pW"}, ["a2", "a2", "d1"])
    edit(s, 0, objects=["clava"])
    assert scoring.card_points(s, 0, "tribo") == 7


def test_two_player_tribo_only_counts_the_opponent():
    s = new(2)
    territory(s, 0, {"a1": "pF", "b1": "pL"}, ["a1", "a1", "b1"])
    territory(s, 1, {"a1": "pF", "b1": "pL"}, ["a1"])
    assert scoring.card_points(s, 0, "tribo") == 3 + 1


def test_collective_intemperies():
    s = new(4)
    p = edit(s, 0, hexes={"a1": "pF", "b1": "pL", "c1": "F2", "c2": "C1", "d1": "S1", "b2": "M2"}, meeples=["c1", "c2"])
    assert scoring.defended_collective(p, "avalanche", 3)  # forest in column 3
    assert not scoring.defended_collective(p, "avalanche", 4)
    assert scoring.defended_collective(p, "virus", 4)  # S1 has a plant, column 4
    assert scoring.defended_collective(p, "serpentes", 2)  # M2 plant, column 2
    assert scoring.defended_collective(p, "peste", 3)  # F2 knowledge, C1 knowledge
    assert not scoring.defended_collective(p, "areia", 1)
    assert scoring.defended_collective(p, "tempestade", 3)
    assert not scoring.defended_collective(p, "eraglacial", 3, nth=2)  # two cave cards need two caves
    assert not scoring.defended_collective(p, "inimigos", 3)  # no clava / machadinha
    p = edit(s, 0, objects=["clava", "machadinha"])
    assert scoring.defended_collective(p, "inimigos", 3)
    p = edit(s, 0, meeples=["c1"])
    assert not scoring.defended_collective(p, "inimigos", 3)


def test_individual_intemperies():
    s = new(4)
    p = edit(s, 0, hexes={"a1": "pF", "b1": "pL", "c1": "F2"}, meeples=["a1", "b1", "c1"])
    assert not scoring.defended_individual(p, "maremoto")
    p = edit(s, 0, objects=["jangada", "roda"])
    assert scoring.defended_individual(p, "maremoto") and scoring.defended_individual(p, "migracao")
    assert scoring.defended_individual(p, "cacada")
    p = edit(s, 0, meeples=["a1", "a1", "b1"])
    assert not scoring.defended_individual(p, "cacada")
    p = edit(s, 0, skills=["movimento", "conhecimento"])
    assert not scoring.defended_individual(p, "vulcao") and not scoring.defended_individual(p, "enxame")
    p = edit(s, 0, skills=[*p.skills, "resistencia", "fogo"])
    assert scoring.defended_individual(p, "vulcao") and scoring.defended_individual(p, "enxame")
    assert not scoring.defended_individual(p, "extincao")  # 1 + 2 + 3 + 3 = 9
    p = edit(s, 0, skills=[*p.skills, "inteligencia", "exploracao"])
    assert scoring.defended_individual(p, "extincao")


def test_weather_penalty_in_column_order_and_sobrevivencia():
    s = new(4)
    s.weather, s.weather_columns = ["tempestade", "inimigos", "virus", "avalanche"], [1, 2, 3, 4]
    s.clans[0]
    edit(s, 0, hexes={"a1": "pF", "b1": "pL"}, meeples=["a1"], secret=["maremoto"])
    pen, failed, cancelled = scoring.weather_penalty(s, 0)
    assert failed == ["tempestade", "inimigos", "virus", "avalanche", "maremoto"] and pen == -20
    edit(s, 0, skills=["sobrevivencia"])
    pen, failed, cancelled = scoring.weather_penalty(s, 0)
    assert cancelled == "tempestade" and pen == -16


def test_era_glacial_two_cave_cards_in_one_column():
    # «Se a carta Era Glacial tivesse caído na coluna 4, onde está a carta Tempestade, o jogador solo
    # precisaria ter duas cavernas nessa coluna, para não perder 8 pontos!»
    s = new(1, solo="glacial")
    s.weather, s.weather_columns = ["tempestade", "eraglacial"], [4, 4]
    s.clans[0]
    edit(s, 0, secret=[], hexes={"a2": "pF", "d1": "pW"})
    assert scoring.weather_penalty(s, 0)[0] == -8
    edit(s, 0, hexes={"a2": "pF", "d1": "C1", "d2": "C2"})
    assert scoring.weather_penalty(s, 0)[0] == 0
