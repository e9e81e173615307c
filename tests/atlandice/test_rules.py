"""Every checkable rule, each from a hand-made state."""

from __future__ import annotations

import pytest
from atl_support import BLACK_MARKET, FRG, INN, JEW, LIB, WKS, ids, make_state, pile, play, totals

from rules.atlandice import ENGINE
from rules.atlandice.data import CLOCK_END, CLOCK_TRACK, TILE_CLOCK
from rules.atlandice.sectors import sector_of_value
from rules.core import IllegalAction


def test_setup_by_player_count():
    for players, per_region, dice in ((2, 7, 7), (3, 7, 7), (4, 9, 9)):
        s = ENGINE.new_game(players, seed=4)
        assert [s.region_resources[r][res] for r, res in enumerate(("gem", "book", "food", "tool", "arm"))] == [
            per_region
        ] * 5
        assert s.black_market == pile(gem=3, book=3, food=3, tool=3, arm=3)
        assert sum(len(d) for d in s.dice) == dice
        assert all(v == 6 for v in s.dice[BLACK_MARKET]) and all(v == r + 1 for r in range(5) for v in s.dice[r])
        assert s.submarine == WKS and s.clock == 0
        assert sorted(sorted(st) for st in s.stacks) == [
            ["B1", "B2", "B3"],
            ["F1", "F2", "F3"],
            ["J1", "J2", "J3"],
            ["O1", "O2", "O3"],
            ["P1", "P2", "P3"],
        ]
        assert s.participants == players + (players == 2)


def test_workshops_carry_one_two_and_three_pointers():
    assert sorted(TILE_CLOCK[t] for t in ("O1", "O2", "O3")) == [1, 2, 3]
    assert CLOCK_TRACK[3] == "don"


def test_no_visit_to_a_sector_without_dice():
    s = make_state(regions={JEW: {"gem": 3}, LIB: {"book": 3}}, dice={LIB: [2, 2]})
    assert ids(s) == ["visit.2"]
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, "visit.1")


def test_a_visit_to_a_sector_without_resources_still_applies_its_effect():
    s = make_state(tiles={WKS: ["O1"]}, regions={JEW: {"gem": 3}}, dice={WKS: [4], JEW: [1, 1]})
    s = play(s, "visit.4")
    assert s.stocks[0] == pile()
    assert ids(s)[0].startswith("sec.")  # the Submarine move


def test_workshop_moving_the_submarine_here_gives_no_extra_resource():
    s = make_state(
        tiles={WKS: ["O3"]}, regions={WKS: {"tool": 4}, JEW: {"gem": 2}}, dice={WKS: [4], JEW: [1, 1]}, submarine=LIB
    )
    s = play(s, "visit.4", "sec.4")
    assert s.submarine == WKS and s.stocks[0] == pile(tool=1)
    assert ENGINE.to_act(s) == [1]


def test_inn_clock_move_does_not_trigger_inventory():
    assert CLOCK_TRACK[2] == "inv.gem"
    s = make_state(
        clock=1,
        tiles={INN: ["P1"]},
        regions={INN: {"food": 4}, JEW: {"gem": 2}},
        dice={INN: [3], JEW: [1, 1]},
        stocks={1: {"gem": 3}},
        rolls=(4,),
    )
    s = play(s, "visit.3")
    assert s.clock == 2
    assert all(v["inventory"] == 0 for v in s.victory_points)


def test_inn_roll_of_five_leaves_the_clock():
    s = make_state(clock=1, tiles={INN: ["P1"]}, regions={INN: {"food": 4}}, dice={INN: [3], JEW: [1]}, rolls=(5,))
    assert play(s, "visit.3").clock == 1


def test_phase_three_landing_on_an_inventory_scores_ties():
    s = make_state(
        turn=7,
        tiles={LIB: ["B2"], JEW: ["J1"]},
        regions={JEW: {"gem": 5}, LIB: {"book": 2}},
        dice={LIB: [2], JEW: [1]},
        stocks={0: {"gem": 2}, 1: {"gem": 3}, 2: {"gem": 3}, 3: {"book": 9}},
    )
    # seat 3 (last visitor) takes the Jewellery die; the last die stays on the Library (B2: 2 pointers)
    s = play(s, "visit.1")
    assert s.round == 2 and s.clock == 2
    assert [v["inventory"] for v in s.victory_points] == [0, 1, 1, 0]


def test_inventory_of_total_stock():
    s = make_state(
        turn=7,
        clock=10,
        tiles={WKS: ["O2"], JEW: ["J1"]},
        regions={JEW: {"gem": 5}, WKS: {"tool": 2}},
        dice={WKS: [4], JEW: [1]},
        stocks={0: {"gem": 2, "arm": 3}, 1: {"book": 4}},
        rolls=(2,),
    )
    s = play(s, "visit.1")
    assert s.clock == 12 and CLOCK_TRACK[12] == "inv.total"
    assert [v["inventory"] for v in s.victory_points] == [1, 0, 0, 0]


def test_second_place_ties_each_score_one():
    s = make_state(
        tiles={LIB: ["B2", "B1"]},
        regions={LIB: {"book": 1}, JEW: {"gem": 3}},
        dice={LIB: [2], JEW: [1]},
        stocks={0: {"book": 4}, 1: {"book": 2}, 2: {"book": 2}, 3: {}},
    )
    s = play(s, "visit.2")
    assert s.tiles_won[0] == ["B2"]
    assert [v["awards"] for v in s.victory_points] == [0, 1, 1, 0]


def test_region_award_with_one_holder_has_no_second():
    s = make_state(tiles={LIB: ["B2", "B1"]}, regions={LIB: {"book": 1}, JEW: {"gem": 3}}, dice={LIB: [2], JEW: [1]})
    s = play(s, "visit.2")
    assert s.tiles_won[0] == ["B2"] and all(v["awards"] == 0 for v in s.victory_points)
    # one Book returned: it tops up the Black Market, the new tile starts empty and is not scored
    assert s.black_market["book"] == 1 and s.region_resources[LIB] == pile() and s.stacks[LIB] == ["B1"]


def test_a_region_that_is_not_empty_is_not_scored():
    s = make_state(
        tiles={LIB: ["B3", "B1"]}, regions={LIB: {"book": 1, "arm": 1}, JEW: {"gem": 3}}, dice={LIB: [2], JEW: [1]}
    )
    s = play(s, "visit.2", "res.book")
    assert s.stacks[LIB] == ["B3", "B1"] and s.region_resources[LIB] == pile(arm=1)


def test_exhausted_stack_removes_the_resource_and_sends_its_dice_to_the_black_market():
    s = make_state(
        tiles={LIB: ["B3"]},
        regions={LIB: {"book": 1}, FRG: {"book": 1, "arm": 2}, JEW: {"gem": 3}},
        black_market={"book": 2, "gem": 1},
        dice={LIB: [2, 2], JEW: [1] * 7},
        stocks={1: {"book": 2}},
        submarine=LIB,
    )
    before = totals(s)
    s = play(s, "visit.2")
    assert s.tiles_won[1] == ["B3"]
    assert "book" in s.out and s.removed["book"] == before["book"]
    assert totals(s)["book"] == 0
    assert s.dice[LIB] == [] and s.dice[BLACK_MARKET] == [2]
    assert s.submarine == BLACK_MARKET
    assert sector_of_value(s, 2) == BLACK_MARKET
    assert "visit.2" not in ids(s)
    for _r, res in enumerate(("gem", "food", "tool", "arm")):
        assert totals(s)[res] == before[res]
    # the next rolls put every 2 on the Black Market
    while s.round == 1:
        s = play(s, ENGINE.ai_action(s, ENGINE.to_act(s)[0]))
    assert s.dice[LIB] == []


def test_removed_resource_scores_no_majority():
    s = make_state()
    s.out = ["book"]
    s.stocks[0] = pile()
    s.stocks[1] = pile(gem=2)
    s.phase = "over"
    res = ENGINE.outcome(s)
    assert res.for_seat(1).breakdown["atlandice.score.majorities"] == 3


def test_final_majorities_and_ties():
    s = make_state(3)
    s.stocks = [
        pile(gem=5, book=4, tool=1),
        pile(gem=5, book=2),
        pile(gem=3, book=2),
    ]
    s.tiles_won = [["J1"], [], ["B2", "F1"]]
    s.victory_points[1]["awards"] = 1
    s.phase = "over"
    out = ENGINE.outcome(s)
    maj = [out.for_seat(p).breakdown["atlandice.score.majorities"] for p in range(3)]
    # Jewels: 3 + 3 (tied first, no second); Books: 3 / 1 / 1; Tools: 3; Provisions: nobody
    assert maj == [9, 4, 1]
    assert [out.for_seat(p).score for p in range(3)] == [12, 5, 7]
    assert out.winners == [0]
    assert [out.for_seat(p).rank for p in range(3)] == [1, 3, 2]
    for r in out.results:
        assert sum(r.breakdown.values()) == r.score


def test_shared_victory():
    s = make_state(3)
    s.stocks = [pile(gem=2), pile(book=2), pile()]
    s.phase = "over"
    out = ENGINE.outcome(s)
    assert out.winners == [0, 1]
    assert out.for_seat(0).rank == out.for_seat(1).rank == 1


def test_game_ends_at_the_waves():
    s = make_state(
        turn=7,
        clock=CLOCK_END - 1,
        tiles={WKS: ["O2"], JEW: ["J1"]},
        regions={JEW: {"gem": 5}, WKS: {"tool": 2}},
        dice={WKS: [4], JEW: [1]},
        rolls=(2,),
    )
    assert ENGINE.outcome(s) is None
    s = play(s, "visit.1")
    assert s.clock == CLOCK_END and s.phase == "over"
    assert ENGINE.to_act(s) == [] and ENGINE.outcome(s) is not None


def test_inn_pushing_the_clock_to_the_waves_ends_after_the_round():
    s = make_state(
        turn=6,
        clock=CLOCK_END - 1,
        tiles={INN: ["P1"]},
        regions={INN: {"food": 4}, JEW: {"gem": 3}},
        dice={INN: [3], JEW: [1, 1]},
        rolls=(1, 1),
    )
    s = play(s, "visit.3")
    assert s.clock == CLOCK_END and s.phase == "visit" and ENGINE.to_act(s) == [3]
    s = play(s, "visit.1")
    assert s.phase == "over" and s.clock == CLOCK_END


def test_library_second_die_bonus():
    s = make_state(turn=4, tiles={LIB: ["B3"]}, regions={LIB: {"book": 4}}, dice={LIB: [2, 2], JEW: [1]})
    s = play(s, "visit.2")
    assert s.stocks[0] == pile(book=2)


def test_library_lucky_roll_takes_from_another_region():
    s = make_state(
        tiles={LIB: ["B1"]},
        regions={LIB: {"book": 4}, FRG: {"arm": 2}, JEW: {"gem": 1, "arm": 1}},
        dice={LIB: [2], JEW: [1]},
        rolls=(5,),
    )
    s = play(s, "visit.2")
    assert set(ids(s)) == {"sec.1", "sec.5"}  # never the Black Market nor the Library itself
    s = play(s, "sec.1", "res.arm")
    assert s.stocks[0] == pile(book=1, arm=1)


def test_library_smuggling_and_inn_supplies_and_forge_shipment():
    s = make_state(
        tiles={LIB: ["B2"], INN: ["P2"], FRG: ["F2"]},
        regions={LIB: {"book": 3, "gem": 1}, INN: {"food": 3}, FRG: {"arm": 3}},
        black_market={"tool": 1, "gem": 1},
        dice={LIB: [2], INN: [3], FRG: [5], JEW: [1, 1]},
    )
    s = play(s, "visit.2", "res.book")  # Ana: take a Book, then move the Jewel to the Black Market
    s = play(s, "res.gem")
    assert s.black_market == pile(tool=1, gem=2) and s.region_resources[LIB] == pile(book=2)
    s = play(s, "visit.3")  # Bruno: a Provision, then a resource from the Black Market to another Region
    assert set(ids(s)) == {"res.tool", "res.gem"}
    s = play(s, "res.tool")
    assert "sec.3" not in ids(s) and "sec.bm" not in ids(s)
    s = play(s, "sec.5")
    assert s.region_resources[FRG] == pile(arm=3, tool=1)
    s = play(s, "visit.5", "res.arm", "res.tool", "sec.2")  # Eric: Forge shipment of the Tool to the Library
    assert s.region_resources[LIB] == pile(book=2, tool=1) and s.region_resources[FRG] == pile(arm=2)


def test_inn_changes_a_die_and_moves_it():
    s = make_state(tiles={INN: ["P3"]}, regions={INN: {"food": 3}}, dice={INN: [3], JEW: [1, 1], FRG: [5]})
    s = play(s, "visit.3")
    assert set(ids(s)) == {"sec.1", "sec.5"}
    s = play(s, "sec.1")
    assert "sec.1" not in ids(s)
    s = play(s, "sec.bm")
    assert s.dice[JEW] == [1] and s.dice[BLACK_MARKET] == [6]


def test_forge_contraband_takes_from_the_black_market():
    s = make_state(
        tiles={FRG: ["F3"]}, regions={FRG: {"arm": 3}}, black_market={"book": 1}, dice={FRG: [5], JEW: [1]}, rolls=(6,)
    )
    s = play(s, "visit.5")
    assert s.stocks[0] == pile(arm=1, book=1)


def test_jewellery_lucky_roll():
    s = make_state(tiles={JEW: ["J1"]}, regions={JEW: {"gem": 3}}, dice={JEW: [1, 1]}, rolls=(5,))
    s = play(s, "visit.1")
    assert s.stocks[0] == pile(gem=2)


def test_two_players_neutral_die():
    s = ENGINE.new_game(2, seed=3)
    seat = ENGINE.to_act(s)[0]
    acts = ids(s)
    assert any(a.startswith("neutral.") for a in acts) and any(a.startswith("visit.") for a in acts)
    assert ENGINE.prompt(s, seat).key == "atlandice.prompt.visit_neutral"
    neutral = next(a for a in acts if a.startswith("neutral."))
    before = sum(s.stocks[2].values())
    s = ENGINE.apply(s, seat, neutral)
    while ENGINE.to_act(s) == [seat] and s.tasks:
        s = play(s, ENGINE.ai_action(s, seat))
    assert s.taken[2] == 1 and s.gave[seat]
    assert sum(s.stocks[2].values()) >= before  # the Neutral took the resource there (if any)
    # the other player, on his third die, must give one to the Neutral if he has not yet
    other = 1 - seat
    while not (ENGINE.to_act(s) == [other] and not s.tasks and s.order[: s.turn].count(other) == 2):
        cur = ENGINE.to_act(s)[0]
        acts = ids(s)
        pick = next((a for a in acts if a.startswith("visit.")), None) if not s.tasks else None
        s = play(s, pick or ENGINE.ai_action(s, cur))
    assert not s.gave[other]
    assert all(a.startswith("neutral.") for a in ids(s))


def test_neutral_appears_in_results_and_never_wins():
    s = make_state(2)
    s.stocks = [pile(gem=1), pile(book=1), pile(tool=5, arm=5, food=5)]
    s.phase = "over"
    out = ENGINE.outcome(s)
    neutral = [r for r in out.results if r.seat is None]
    assert len(neutral) == 1 and neutral[0].name.key == "atlandice.neutral"
    assert neutral[0].score == 9 and not neutral[0].winner
    assert out.winners == [0, 1]


def test_neutral_competes_in_region_awards():
    s = make_state(
        2,
        tiles={LIB: ["B2", "B1"]},
        regions={LIB: {"book": 1}, JEW: {"gem": 3}},
        dice={LIB: [2], JEW: [1]},
        stocks={1: {"book": 1}, 2: {"book": 3}},
    )
    s = play(s, "visit.2")
    assert s.tiles_won[2] == ["B2"]
    assert s.victory_points[0]["awards"] == 1 and s.victory_points[1]["awards"] == 1


def test_view_is_the_same_for_everyone_and_carries_the_last_move():
    s = make_state(regions={JEW: {"gem": 3}}, dice={JEW: [1, 1]})
    s = play(s, "visit.1")
    views = [ENGINE.view(s, seat).model_dump() for seat in (None, 0, 1, 2, 3)]
    assert all(v == views[0] for v in views)
    assert views[0]["last_seat"] == 0 and JEW in views[0]["last_sectors"]


def test_jewellery_detour_to_an_exhausted_region_visits_the_black_market():
    s = make_state(
        tiles={JEW: ["J3"], LIB: []},
        regions={JEW: {"gem": 3}},
        black_market={"food": 1},
        dice={JEW: [1, 1]},
        rolls=(6, 2),
    )
    s.out = ["book"]
    s = play(s, "visit.1")
    assert s.stocks[0] == pile(gem=1, food=1)
    assert s.black_market == pile()


def test_jewellery_detour_applies_the_new_sector_effect_and_its_submarine():
    s = make_state(
        tiles={JEW: ["J3"], FRG: ["F1"]},
        regions={JEW: {"gem": 3}, FRG: {"arm": 5}},
        dice={JEW: [1, 1]},
        submarine=FRG,
        rolls=(6, 5, 2),
    )
    s = play(s, "visit.1")
    # the Jewel, then at the Forge a Weapon, the Submarine's Weapon and the F1 roll of 2's Weapon
    assert s.stocks[0] == pile(gem=1, arm=3)
    assert s.dice[FRG] == []


def test_inn_die_change_decides_where_the_last_die_lies():
    s = make_state(
        turn=6,
        tiles={INN: ["P3"], WKS: ["O3"], JEW: ["J2"]},
        regions={INN: {"food": 3}, JEW: {"gem": 3}, WKS: {"tool": 3}},
        dice={INN: [3], JEW: [1, 1]},
    )
    s = play(s, "visit.3")  # only the Jewellery has dice left: that die is the one to change
    assert ids(s) == ["sec.2", "sec.3", "sec.4", "sec.5", "sec.bm"]
    s = play(s, "sec.4")  # it becomes a 4 on the Workshop
    assert s.dice[JEW] == [1] and s.dice[WKS] == [4]
    s = play(s, "visit.1", "sec.4")  # J2: the Jewel swaps with a Tool of the Workshop
    assert s.region_resources[WKS] == pile(tool=2, gem=1)
    assert s.round == 2 and s.clock == 3  # the last die lay on the Workshop (3 pointers)


def test_neutral_library_second_die():
    s = make_state(
        2, turn=1, tiles={LIB: ["B3"]}, regions={LIB: {"book": 5}, JEW: {"gem": 3}}, dice={LIB: [2], JEW: [1] * 5}
    )
    s.taken = [1, 0, 1]  # seat 0 already gave the Neutral its first die this round
    s.gave = [True, False]
    s = play(s, "neutral.2")
    assert s.stocks[2] == pile(book=2)
    assert s.gave == [True, True]


def test_library_second_die_counts_the_die_given_to_the_neutral():
    # «O dado que você der ao Jogador Neutro pode ser o primeiro, o segundo, ou o terceiro dado que
    # você pegar»: the die given away is one of the dice a player takes, so after giving his first die
    # to the Neutral, the next die he takes is his second («Caso este seja o segundo dado pegado nesta
    # rodada, pegue mais 1 recurso da Biblioteca»).
    s = make_state(
        2, turn=2, tiles={LIB: ["B3"]}, regions={LIB: {"book": 5}, JEW: {"gem": 3}}, dice={LIB: [2], JEW: [1] * 4}
    )
    s.taken = [0, 1, 1]  # seat 0 gave its first die to the Neutral, seat 1 took one for itself
    s.gave = [True, False]
    s = play(s, "visit.2")
    assert s.stocks[0] == pile(book=2)


def test_library_third_die_is_not_the_second():
    # a human's third die, with only one of his own before it (the other given), gets no bonus
    s = make_state(
        2, turn=4, tiles={LIB: ["B3"]}, regions={LIB: {"book": 5}, JEW: {"gem": 3}}, dice={LIB: [2], JEW: [1] * 2}
    )
    s.taken = [1, 2, 1]
    s.gave = [True, False]
    s = play(s, "visit.2")
    assert s.stocks[0] == pile(book=1)
