"""The AI's choices for the effects that change the board, each from a hand-made state."""

from __future__ import annotations

from atl_support import FRG, INN, JEW, LIB, WKS, make_state, pile, play

from rules.atlandice import ENGINE


def ai_until_next_visit(state):
    """The AI plays the pending effect choices of the current visit."""
    while state.tasks:
        seat = ENGINE.to_act(state)[0]
        state = play(state, ENGINE.ai_action(state, seat))
    return state


def test_inn_die_change_takes_the_die_the_next_player_wants_away():
    # seat 1 (next) would take a Weapon at the Forge for the majority; seat 0 changes that die
    s = make_state(
        tiles={INN: ["P3"]},
        regions={INN: {"food": 3}, FRG: {"arm": 2}, LIB: {"book": 1}},
        dice={INN: [3], FRG: [5], LIB: [2, 2]},
        stocks={0: {"arm": 2}, 1: {"arm": 2}, 2: {"book": 5}},
    )
    s = ai_until_next_visit(play(s, "visit.3"))
    assert s.dice[FRG] == []
    assert ENGINE.to_act(s) == [1]


def test_inn_die_change_as_last_visitor_avoids_an_inventory_it_loses():
    # the last visit: the remaining die decides the clock; from 0, 2 pointers (the Jewellery's J2, the
    # Black Market) land on the Jewels' Inventory that seat 1 wins
    s = make_state(
        turn=7,
        tiles={INN: ["P3"], LIB: ["B2"], JEW: ["J2"], WKS: ["O3"]},
        regions={INN: {"food": 3}, LIB: {"book": 2}, WKS: {"tool": 2}},
        dice={INN: [3], LIB: [2]},
        stocks={1: {"gem": 3}},
    )
    s = ai_until_next_visit(play(s, "visit.3"))
    assert s.clock in (1, 3, 4) and s.victory_points[1]["inventory"] == 0


def test_jewellery_exchange_sends_the_contested_jewel_where_no_die_lies():
    # seat 1, next, would take a Jewel for the majority; the exchange puts it on a Region without dice
    s = make_state(
        tiles={JEW: ["J2"]},
        regions={JEW: {"gem": 2}, LIB: {"book": 2}, FRG: {"arm": 2}},
        dice={JEW: [1, 1], LIB: [2]},
        stocks={0: {"gem": 2}, 1: {"gem": 3, "book": 5}, 2: {"arm": 5}},
    )
    s = ai_until_next_visit(play(s, "visit.1"))
    assert s.region_resources[JEW] == pile(arm=1)
    assert s.region_resources[FRG] == pile(arm=1, gem=1)


def test_supplies_go_where_the_next_player_cannot_use_them():
    # a Jewel from the Black Market would give seat 1 (next) the Jewel majority on a Region with a die
    s = make_state(
        tiles={INN: ["P2"]},
        regions={INN: {"food": 3}, FRG: {"arm": 3}, JEW: {"tool": 1}},
        black_market={"gem": 1},
        dice={INN: [3], FRG: [5], JEW: [1]},
        stocks={0: {"gem": 2}, 1: {"gem": 2}, 2: {"arm": 5, "tool": 3}},
    )
    s = ai_until_next_visit(play(s, "visit.3"))
    assert s.black_market["gem"] == 0 and s.region_resources[JEW]["gem"] == 0 and s.region_resources[FRG]["gem"] == 0


def test_forge_shipment_feeds_no_opponent():
    # the Forge's Weapon goes to a Region without dice rather than onto the next player's die
    s = make_state(
        tiles={FRG: ["F2"]},
        regions={FRG: {"arm": 3}, JEW: {"gem": 3}, WKS: {"tool": 3}},
        dice={FRG: [5], JEW: [1]},
        stocks={0: {"arm": 1}, 1: {"arm": 2}, 2: {"gem": 5}},
    )
    s = ai_until_next_visit(play(s, "visit.5"))
    assert s.region_resources[FRG] == pile(arm=1) and s.region_resources[JEW]["arm"] == 0


def test_submarine_leaves_the_next_players_best_sector():
    # the Submarine would give seat 1 a second Jewel at the Jewellery: it goes elsewhere
    s = make_state(
        tiles={WKS: ["O1"]},
        regions={WKS: {"tool": 3}, JEW: {"gem": 4}},
        dice={WKS: [4], JEW: [1]},
        submarine=LIB,
        stocks={1: {"gem": 2}, 0: {"gem": 3}},
    )
    s = ai_until_next_visit(play(s, "visit.4"))
    assert s.submarine not in (LIB, JEW)


def _variants(state):
    """The state, and copies that differ in one thing a board's worth depends on."""
    yield state
    changes = [
        lambda v: setattr(v, "turn", max(0, v.turn - 1)),  # another next visitor
        lambda v: setattr(v, "stacks", [s[1:] + s[:1] for s in v.stacks]),  # other tiles on top
        lambda v: v.tiles_won[0].append("J1"),  # other points won
        lambda v: v.stocks[-1].update(gem=v.stocks[-1]["gem"] + 1),  # another stock
        lambda v: v.out.append("book") if "book" not in v.out else v.out.remove("book"),  # out of play
    ]
    for change in changes:
        copy = state.model_copy(deep=True)
        change(copy)
        yield copy


def test_boards_kept_from_earlier_decisions_are_worth_what_the_board_is_worth_now():
    # the AI keeps a board's worth for the next decisions (the second step of a choice): whatever
    # was weighed before (other positions, seats, tiles, stocks...), a board must be worth what it
    # is worth with nothing kept, and each choice of whole games must stay the same
    from rules.atlandice import ai
    from rules.core import play as play_game

    states = []
    for players in (2, 3, 4):
        play_game(ENGINE, players, seed=11, policy="ai", on_step=lambda b, after, s, a: states.append(after))
    states = [s for s in states if not ENGINE.is_over(s)]
    boards = 0
    for state in states:
        if state.tasks:
            for variant in _variants(state):
                for seat in range(state.players):
                    warm = ai.Board(variant, seat)
                    warm.score(warm.piles())  # the next visitor's answers, kept
                    answers = dict(warm.cache)
                    kept = dict(ai._decision.boards)
                    ai._decision.boards.clear()
                    cold = ai.Board(variant, seat)
                    assert (warm.base, warm.gains) == (cold.base, cold.gains)
                    for (sector, pile, n), worth in answers.items():
                        assert cold.next is not None and cold._sector(cold.next, sector, pile, n) == worth
                    ai._decision.boards = kept
                    boards += 1
        seat = ENGINE.to_act(state)[0]
        choice = ENGINE.ai_action(state, seat)
        kept = dict(ai._decision.boards)
        ai._decision.boards.clear()
        assert ENGINE.ai_action(state, seat) == choice
        ai._decision.boards = kept
    assert boards > 500
