"""The rulebook's worked examples, each from a hand-made state (4 players: Ana 0, Bruno 1,
Eric 2, Bia 3)."""

from __future__ import annotations

from atl_support import BLACK_MARKET, FRG, INN, JEW, LIB, WKS, ids, make_state, pile, play

from rules.atlandice import ENGINE

ANA, BRUNO, ERIC, BIA = 0, 1, 2, 3


def test_ana_forge_visit_with_submarine_and_a_rolled_six():
    # «Ana pega o dado de valor 5, na Forja ... ela pega uma Arma e uma Joia, porque o Submarino
    # está na Forja ... ela rola o dado e tira 6, pegando, portanto, outra Arma na Forja.»
    s = make_state(
        tiles={FRG: ["F1", "F2", "F3"]},
        regions={FRG: {"arm": 3, "gem": 1}, JEW: {"gem": 5}},
        dice={FRG: [5], JEW: [1, 1], LIB: [2, 2], INN: [3, 3, 3], WKS: [4]},
        submarine=FRG,
        rolls=(6,),
    )
    s = play(s, "visit.5")
    assert set(ids(s)) == {"res.arm", "res.gem"}
    s = play(s, "res.arm", "res.gem")  # the second resource: the Submarine's bonus
    # the F1 roll of 6 gave another Weapon (the only resource left, taken without asking)
    assert s.stocks[ANA] == pile(arm=2, gem=1)
    assert s.region_resources[FRG] == pile(arm=1)
    assert s.dice[FRG] == []
    assert ENGINE.to_act(s) == [BRUNO]


def test_forge_roll_without_bonus():
    s = make_state(
        tiles={FRG: ["F1"]}, regions={FRG: {"arm": 3}}, dice={FRG: [5], JEW: [1, 1]}, submarine=WKS, rolls=(3,)
    )
    s = play(s, "visit.5")
    assert s.stocks[ANA] == pile(arm=1)


def _library_example(visitor: int):
    # «A Biblioteca não possui nenhum recurso, mas há 1 Livro no Mercado Negro e 1 Livro na Pousada.
    # Ana tem 3 Livros, Bruno também tem 3, Eric tem apenas 1 e Bia não tem nenhum.»
    stocks = {ANA: {"book": 3}, BRUNO: {"book": 3}, ERIC: {"book": 1}, BIA: {}}
    stocks[visitor] = {"book": stocks[visitor]["book"] - 1}
    s = make_state(
        first=visitor,
        tiles={LIB: ["B3", "B1", "B2"]},
        regions={LIB: {"book": 1}, INN: {"food": 4, "book": 1}, JEW: {"gem": 3}},
        black_market={"book": 1},
        dice={LIB: [2], JEW: [1, 1, 1]},
        stocks=stocks,
    )
    return play(s, "visit.2")  # the last Book of the Library (taken without asking)


def test_library_empty_region_example():
    s = _library_example(ANA)
    # «Ana pega a peça da Biblioteca, Bruno ganha 3 Pontos de Vitória, e Eric e Bia não ganham nada.»
    assert s.tiles_won[ANA] == ["B3"]
    assert s.victory_points[BRUNO]["awards"] == 3  # tied first: 3 tokens, so no second place for Eric
    assert (
        s.victory_points[ERIC]["awards"] == 0
        and s.victory_points[BIA]["awards"] == 0
        and s.victory_points[ANA]["awards"] == 0
    )
    # «Ana, Bruno e Eric devolvem ao tabuleiro seus 7 Livros. 2 são colocados no Mercado Negro
    # (pois já havia 1 lá antes). Os 5 restantes são colocados na nova peça de Biblioteca.
    # O Livro que estava na Pousada continua lá.»
    assert all(st["book"] == 0 for st in s.stocks)
    assert s.black_market["book"] == 3
    assert s.stacks[LIB][0] == "B1"
    assert s.region_resources[LIB] == pile(book=5)
    assert s.region_resources[INN]["book"] == 1


def test_library_example_tie_tile_goes_to_one_tied_player():
    s = _library_example(BRUNO)
    holders = [p for p in range(4) if s.tiles_won[p]]
    assert holders in ([ANA], [BRUNO])
    other = ANA if holders == [BRUNO] else BRUNO
    assert s.victory_points[other]["awards"] == 3
    assert sum(v["awards"] for v in s.victory_points) == 3


def test_clock_example_three_pointers_to_a_donation():
    # «depois do turno da Ana resta apenas 1 dado na Oficina. Portanto, o ponteiro avança 3
    # espaços ... O relógio, após o movimento, aponta para um símbolo de Doação»
    s = make_state(
        first=BRUNO,
        turn=7,
        tiles={WKS: ["O3", "O1", "O2"], FRG: ["F3"]},
        regions={FRG: {"arm": 3}, WKS: {"tool": 5}},
        dice={FRG: [5], WKS: [4]},
        stocks={p: {"gem": 1, "book": 1} for p in range(4)},
        rolls=(1,),
    )
    assert ENGINE.to_act(s) == [ANA]
    s = play(s, "visit.5")
    assert s.clock == 3
    assert s.phase == "donate"
    assert ENGINE.to_act(s) == [BRUNO]  # in turn order from the first player
    assert set(ids(s)) == {"don.gem", "don.book", "stop"}
    s = play(s, "don.gem")
    assert set(ids(s)) == {"don.book", "stop"}
    s = play(s, "don.book")
    assert s.victory_points[BRUNO]["donation"] == 1
    assert s.region_resources[JEW]["gem"] == 1 and s.region_resources[LIB]["book"] == 1  # back to their regions
    assert ENGINE.to_act(s) == [ERIC]  # Bruno has no 2 resources left
    s = play(s, "stop", "don.gem", "stop", "stop")  # Eric stops; Bia picks, cancels, stops
    assert ENGINE.to_act(s) == [ANA]
    s = play(s, "stop")
    assert s.phase == "visit" and s.round == 2 and s.first == ERIC
    assert s.victory_points[BIA]["donation"] == 0 and s.stocks[BIA] == pile(gem=1, book=1)


def test_jewellery_exchange_example():
    # «Ana pegou um dado de valor 1 na Joalheria. Ela pega, primeiro, 1 Joia da Região. Depois, ela
    # troca 1 Joia que estava na Joalheria por uma Arma da Forja.»
    s = make_state(
        tiles={JEW: ["J2"]},
        regions={JEW: {"gem": 3}, FRG: {"arm": 2, "tool": 1}, LIB: {"book": 2}},
        dice={JEW: [1], LIB: [2, 2]},
    )
    s = play(s, "visit.1")  # only Jewels there: taken and the Jewel to swap chosen without asking
    assert s.stocks[ANA] == pile(gem=1)
    assert set(ids(s)) == {"sec.2", "sec.5"}
    s = play(s, "sec.5")
    assert set(ids(s)) == {"res.arm", "res.tool"}
    s = play(s, "res.arm")
    assert s.region_resources[JEW] == pile(gem=1, arm=1)
    assert s.region_resources[FRG] == pile(arm=1, tool=1, gem=1)


def test_bruno_double_six_visits_the_black_market():
    # «Bruno pegou um dado de valor 1 na Joalheria. Ele pega 1 Livro que estava na Região. Depois, ele
    # rola o dado e tira 6. Ele rola novamente o dado e tira de novo 6. Assim, ele visita o Mercado
    # Negro e pega mais 1 Livro. Não há efeito especial no Mercado Negro.»
    s = make_state(
        first=BRUNO,
        tiles={JEW: ["J3"]},
        regions={JEW: {"gem": 3, "book": 1}},
        black_market={"book": 2, "arm": 1},
        dice={JEW: [1], LIB: [2, 2]},
        rolls=(6, 6),
    )
    s = play(s, "visit.1", "res.book")
    assert ENGINE.to_act(s) == [BRUNO]
    assert set(ids(s)) == {"res.book", "res.arm"}  # the Black Market, without a die
    s = play(s, "res.book")
    assert s.stocks[BRUNO] == pile(book=2)
    assert s.black_market == pile(book=1, arm=1)
    assert s.dice[BLACK_MARKET] == [] and s.dice[JEW] == []
    assert ENGINE.to_act(s) == [ERIC]


def test_eric_moves_the_submarine():
    # «Eric pegou um dado de valor 4 na Oficina. Ele pega 1 Ferramenta que estava na região e depois
    # move o Submarino da Biblioteca para o Mercado Negro.»
    s = make_state(
        first=ERIC, tiles={WKS: ["O2"]}, regions={WKS: {"tool": 4}}, dice={WKS: [4], JEW: [1, 1]}, submarine=LIB
    )
    s = play(s, "visit.4")
    assert s.stocks[ERIC] == pile(tool=1)
    assert set(ids(s)) == {"sec.1", "sec.3", "sec.4", "sec.5", "sec.bm"}
    s = play(s, "sec.bm")
    assert s.submarine == BLACK_MARKET
