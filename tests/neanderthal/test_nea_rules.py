"""The rulebook's worked examples and checkable rules, on hand-built states with loaded dice."""

from __future__ import annotations

import pytest
from nea_helpers import after_sides, check_invariants, tokens_of

from rules.core import IllegalAction
from rules.neanderthal import ENGINE, actions, allocation, auction, board, events, fights, hunting, phases, scoring
from rules.neanderthal.state import DiscsToFree, Elder, EventIcon, Tool, Wife


def _seat(state, colour):
    return board.seat_of(state, colour)


def _clear_tableau(state):
    for p in state.tribes:
        p.pool = []
        p.elders = {}
        p.wives = []
        p.tools = []
        p.vocab = {c: 5 - sum(1 for pt in p.portals if pt[-1] == c) - p.parental_discs.count(c) for c in "OWB"}
    for sp in state.seats:
        state.dead[sp] = 18
    state.dead_alpha = list(state.seats)


# -- D1 climate ------------------------------------------------------------------------------


def test_cooling_example_lowest_north_climate_moves_south():
    """D1 example: North climates 12, 23 and 27; the 12 moves south under a new ice barrier."""
    state = after_sides(3, 1)
    state.north = [14, 4, 6, 0, 0, 0]  # climates 12, 23, 27
    state.ice_north = [False] * 6
    below = state.south[0]
    top = state.deck_north[0]
    events.cooling(state)
    assert state.north[0] == top and state.ice_north[0]
    assert state.south[0] == 14 and not state.ice_south[0]
    assert below in state.removed
    # ice barriers are never displaced by a later cooling
    events.cooling(state)
    assert state.ice_north[0] and state.ice_north[1] and state.south[1] == 4


def test_cooling_fills_a_gap_of_a_north_without_biomes_before_icing_the_south():
    """D1-A: only a North "totalmente congelado" sends the ice south; a North of ice barriers and
    one empty slot (a trophy's gap) takes the new barrier in that slot (data.COOLING_FILLS_NORTH_GAP)."""
    state = after_sides(3, 1)
    state.north = [1, 2, 3, 0, 5, 6]
    state.ice_north = [True, True, True, False, True, True]
    south, top = list(state.south), state.deck_north[0]
    events.cooling(state)
    assert state.north[3] == top and all(state.ice_north) and state.south == south and not any(state.ice_south)
    events.cooling(state)  # now the North is all ice: the next barrier replaces the coldest South biome
    assert sum(state.ice_south) == 1


def test_warming_melts_the_ice_above():
    state = after_sides(3, 1)
    state.south = [30, 29, 32, 22, 24, 21]  # climates 2 (lowest) ...
    state.ice_south = [False] * 6
    state.ice_north[0] = True
    iced = state.north[0]
    top = state.deck_south[0]
    events.warming(state)
    assert state.south[0] == top
    assert state.north[0] == iced and not state.ice_north[0]  # the barrier turns face up
    assert 30 in state.removed  # the displaced biome is removed instead


# -- D3, D4, D5, D6 events ------------------------------------------------------------------


def test_elder_death_rolls_ranks(dice):
    state = after_sides(3, 1)
    s = state.order[0]
    state.tribes[s].elders["3"] = Elder(token=state.tribes[s].species, disc="B")
    state.tribes[s].vocab["B"] -= 1
    state.dead[state.tribes[s].species] -= 1
    dice += [3, 3] + [1, 2] * 2  # the first player rolls 3 twice; the others roll ranks they lack
    events.elder_death(state, 2)
    assert "3" not in state.tribes[s].elders and "6" in state.tribes[s].elders
    check_invariants(state)


def test_chaos_example_firestarter_rounds_down_and_spares_elders():
    """D4 example: 3 unassigned (Alpha included), 2 vocabulary, an experienced Firestarter: lose 1."""
    state = after_sides(3, 2)
    _clear_tableau(state)
    s = state.order[0]
    p = state.tribes[s]
    sp = p.species
    state.dead[sp] -= 2
    state.dead_alpha.remove(sp)
    p.pool = [sp, sp, sp + "a"]
    p.elders = {"6": Elder(token=sp)}
    state.dead[sp] -= 1
    p.vocab = {"O": 1, "W": 1, "B": 0}
    p.parental_discs, p.portals = "", []
    state.icons_to_resolve = [EventIcon("chaos", 1)]
    state.order = [s]
    events.resolve_queue(state)
    # he chooses which one: a tribesman or the Alpha
    assert state.phase == "lose" and state.actor == s
    assert {a.id for a in ENGINE.legal_actions(state, s)} == {"lt", "la"}
    state = ENGINE.apply(state, s, "lt")
    p = state.tribes[s]
    assert sorted(p.pool) == [sp, sp + "a"] and "6" in p.elders


def test_chaos_without_experienced_firestarter_rounds_up_and_costs_an_elder():
    state = after_sides(3, 2)
    _clear_tableau(state)
    s = state.order[0]
    p = state.tribes[s]
    sp = p.species
    p.pool = [sp] * 3
    state.dead[sp] -= 4
    p.elders = {"6": Elder(token=sp, disc="B")}
    p.vocab = {"O": 1, "W": 0, "B": 0}
    state.icons_to_resolve = [EventIcon("chaos", 1)]
    state.order = [s]
    events.resolve_queue(state)
    assert len(state.tribes[s].pool) == 1 and state.tribes[s].elders == {}
    assert state.tribes[s].vocab["B"] == 1  # the inexperienced elder's disc returns


def test_chaos_losing_only_a_refugee_is_a_loss_that_allows_the_sexuality_flip():
    """D4-C: "Se você sofrer qualquer perda durante este evento de caos, você pode virar sua carta
    de comportamento sexual" - a Refugee lost from the pool is a loss too."""
    state = after_sides(3, 2)
    _clear_tableau(state)
    s, o = state.order[0], state.order[1]
    p = state.tribes[s]
    other = state.tribes[o].species
    p.pool = [other] * 3
    state.dead[other] -= 3
    p.sex, p.parental_discs, p.sex_card = "pair", "", 39  # Pair-bonding / Promiscuous (W and B MPI discs)
    p.vocab = {"O": 0, "W": 1, "B": 1}
    state.icons_to_resolve = [EventIcon("chaos", 1)]
    state.order = [s]
    events.resolve_queue(state)
    assert p.pool == [other]
    assert state.phase == "flip" and state.actor == s


def test_chaos_immunity_when_vocabulary_covers_the_pool():
    state = after_sides(3, 2)
    s = state.order[0]
    before = list(state.tribes[s].pool)
    assert len(before) <= board.vocab_total(state.tribes[s])
    state.icons_to_resolve = [EventIcon("chaos", 1)]
    state.order = [s]
    events.resolve_queue(state)
    assert state.tribes[s].pool == before


def test_a_host_losing_only_foreign_refugees_does_not_bring_the_refugees(dice):
    """D6 "Se você teve a maior perda de membros da tribo ... pegue um membro da tribo de sua cor":
    the host lost two foreign Refugees, the other player one tribesman of his own colour, so the
    Refugee of the icon is the other player's (data.REFUGEE_LOSS_COUNTS_FOREIGNERS)."""
    state = after_sides(2, 2)
    _clear_tableau(state)
    a, b = state.order
    pa, pb = state.tribes[a], state.tribes[b]
    pa.pool = [pb.species] * 3  # three Refugees of b's colour
    pb.pool = [pb.species] * 2
    state.dead[pb.species] -= 5
    pb.wives = [Wife(card=45, husband=pa.species)]  # a's only own tribesman alive (not a Lazarus species)
    state.dead[pa.species] -= 1
    pa.vocab = {"O": 1, "W": 0, "B": 0}
    pb.vocab = {"O": 0, "W": 0, "B": 0}
    state.icons_to_resolve = [EventIcon("chaos", 1), EventIcon("ref", 1)]
    events.resolve_queue(state)
    while state.phase == "flip":
        state = ENGINE.apply(state, state.actor, "keep")
    assert state.losses == {str(a): 0, str(b): 1}
    assert pb.species in state.tribes[a].pool and state.tribes[a].pool.count(pb.species) == 2  # one Refugee came


def test_refugee_example_the_host_chooses_to_lose_his_two_refugees():
    """D6 example: the Neanderthal has 3 unassigned, two of them Cro-Magnon Refugees; chaos costs him
    two and he sends the two red ones to the dead pile."""
    state = after_sides(3, 2)
    _clear_tableau(state)
    y, r = _seat(state, "Y"), _seat(state, "R")
    assert not (y is None or r is None), "the set-up must seat both species"
    p = state.tribes[y]
    p.pool = ["Y", "R", "R"]
    state.dead["Y"] -= 1
    state.dead["R"] -= 2
    p.vocab = {"O": 1, "W": 1, "B": 0}
    state.icons_to_resolve = [EventIcon("chaos", 1)]
    state.order = [y]
    events.resolve_queue(state)
    assert state.phase == "lose" and {a.id for a in ENGINE.legal_actions(state, y)} == {"lt", "lr-R"}
    state = ENGINE.apply(state, y, "lr-R")
    state = ENGINE.apply(state, y, "lr-R")
    assert state.tribes[y].pool == ["Y"] and state.dead["R"] == 18


def test_blizzard_example_owner_keeps_the_daughters():
    """D5 example: 5 unassigned support 2 of 5 dependents; he loses the animal and both elders."""
    state = after_sides(3, 3)
    _clear_tableau(state)
    s = state.order[0]
    p = state.tribes[s]
    sp = p.species
    p.pool = [sp] * 5
    p.elders = {"6": Elder(token=sp), "3": Elder(token=sp)}
    state.dead[sp] -= 7
    p.wives = [Wife(card=45), Wife(card=47)]
    p.tools = [Tool(card=22)]
    state.icons_to_resolve = [EventIcon("bliz", 1)]
    state.order = [s]
    events.resolve_queue(state)
    assert state.phase == "lose"
    for aid in ("ld-0", "le-3", "le-6"):
        state = ENGINE.apply(state, s, aid)
    p = state.tribes[s]
    assert [w.card for w in p.wives] == [45, 47] and p.elders == {} and p.tools == []
    assert 22 in state.removed and state.dead[sp] == 11 + 2


def test_refugees_go_to_another_player_of_the_choosers_choice():
    state = after_sides(3, 4)
    big = state.order[1]
    state.losses = {str(big): 3, str(state.order[0]): 1}
    assert events.refugee(state, 2)
    assert state.phase == "refugee" and state.actor == big
    ids = {a.id for a in ENGINE.legal_actions(state, big)}
    assert f"ref-{big}" not in ids and len(ids) == 2
    to = next(s for s in state.order if s != big)
    species = state.tribes[big].species
    dead, pool = state.dead[species], list(state.tribes[to].pool)
    state = ENGINE.apply(state, big, f"ref-{to}")
    assert state.dead[species] == dead - 1  # one of the loser's dead ...
    assert state.tribes[to].pool == [*pool, species]  # ... joins the chosen tribe
    assert state.phase == "refugee" and state.refugees == 1  # the second is still to place


# -- D7 auction ------------------------------------------------------------------------------


def test_auction_example_tie_goes_to_the_first_player():
    """D7 example 1: Generous Woman (black or orange); Yellow and Red bid one disc; Yellow is first."""
    state = after_sides(3, 5)
    y, r = _seat(state, "Y"), _seat(state, "R")
    state.event_card = 46
    state.order = [y, r, _seat(state, "G")]
    state.tribes[state.order[2]].vocab = {"O": 0, "W": 3, "B": 0}  # green cannot bid
    state.tribes[y].vocab["O"] = 4
    state.tribes[y].vocab["B"] = 1
    auction.start_auction(state)
    assert state.actor == y
    state = ENGINE.apply(state, y, "bid-1")
    # red may only raise: matching loses the tie to the first player
    assert state.actor == r and "bid-1" not in {a.id for a in ENGINE.legal_actions(state, r)}
    vocab_r = dict(state.tribes[r].vocab)
    state = ENGINE.apply(state, r, "pass")
    # the winner chooses the colour of the disc he puts on her (black or orange)
    assert state.phase == "pay" and state.actor == y
    assert {a.id for a in ENGINE.legal_actions(state, y)} == {"pay-B", "pay-O"}
    state = ENGINE.apply(state, y, "pay-O")
    assert state.tribes[y].wives[-1] == Wife(card=46, discs="O")
    assert state.tribes[r].vocab == vocab_r and state.phase == "alloc"


def test_caring_woman_wins_auction_ties():
    state = after_sides(3, 5)
    a, b = state.order[0], state.order[1]
    state.tribes[b].wives = [Wife(card=45)]  # experienced Caring Woman
    state.tribes[b].sex = "prom"
    state.event_card = 47
    state.tribes[a].vocab["O"] = 3
    state.tribes[b].vocab["O"] = 3
    auction.start_auction(state)
    state = ENGINE.apply(state, a, "bid-1")
    assert "bid-1" in {x.id for x in ENGINE.legal_actions(state, b)}


def test_tribal_players_do_not_bid_except_harem():
    state = after_sides(3, 5)
    s = state.order[0]
    state.tribes[s].tribal = True
    state.tribes[s].sex = "pair"
    state.event_card = 47
    assert s not in auction.bidders(state)
    state.tribes[s].sex = "harem"
    assert s in auction.bidders(state) and auction.bid_value(state, s, 2) == auction.bid_value(state, state.order[1], 1)


def test_auction_example_2_tribal_harem_bids_count_half():
    """D7 example 2: Archaic bids one orange disc; a tribal Harem player wins with two if he is the
    first player, and needs three if he is the last."""
    state = after_sides(3, 5)
    state.event_card = 47  # Singer Woman: orange
    for first in (True, False):
        h = state.order[0] if first else state.order[-1]
        a = next(s for s in state.order if s != h)
        state.tribes[h].tribal, state.tribes[h].sex = True, "harem"
        state.tribes[h].vocab["O"] = 3
        state.tribes[a].tribal = False
        state.bids = {str(a): 1}
        assert min(auction.bid_options(state, h)) == (2 if first else 3)
        state.tribes[h].tribal = False


# -- E allocation ------------------------------------------------------------------------------


def _alloc_state(seed=6):
    state = after_sides(3, seed)
    while state.phase != "alloc":
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.ai_action(state, seat))
    return state


def test_warrior_needs_all_three_colours_in_the_social_domain():
    """E2 example: Venus black + Shaman white and orange allow a Warrior, with an orange disc."""
    state = _alloc_state()
    s = state.actor
    p = state.tribes[s]
    p.pool = [p.species] * 3
    state.dead[p.species] = (
        18 - 3 - len(p.elders) - sum(1 for q in state.tribes for tk in q.pool if tk == p.species) + 3
    )
    p.portals = ["venus-B"]
    p.vocab = {"O": 2, "W": 2, "B": 2}
    assert "e-4" not in {a.id for a in ENGINE.legal_actions(state, s)}
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, s, "e-4")
    p.portals = ["venus-B", "shaman-W", "shaman-O"]
    state = ENGINE.apply(state, s, "e-4")
    assert state.tribes[s].elders["4"].disc == "O" and state.tribes[s].vocab["O"] == 1


def test_experienced_firestarter_makes_promotion_free_and_experienced():
    state = _alloc_state()
    s = state.actor
    p = state.tribes[s]
    p.elders["6"] = p.elders["6"].model_copy(update={"disc": ""})
    p.portals = ["venus-B", "venus-O", "bison-W"]
    vocab = dict(p.vocab)
    state = ENGINE.apply(state, s, "e-3")
    assert state.tribes[s].elders["3"].disc == "" and state.tribes[s].vocab == vocab


def test_skill_prerequisites_add_up_over_the_biomes_hunted():
    state = _alloc_state()
    s = state.actor
    p = state.tribes[s]
    state.north = [4, 3, 12, 0, 0, 0]  # Giant Deer (W), Reindeer (W), Mountain Hare (none)
    state.ice_north = [False] * 6
    p.vocab = {"O": 0, "W": 1, "B": 0}
    ids = {a.id for a in ENGINE.legal_actions(state, s)}
    assert {"h-N0", "h-N1", "h-N2"} <= ids
    state = ENGINE.apply(state, s, "h-N0")
    ids = {a.id for a in ENGINE.legal_actions(state, s)}
    assert "h-N1" not in ids and "h-N0" in ids and "h-N2" in ids
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, s, "h-N1")


def test_refugee_needs_an_escort():
    state = _alloc_state()
    s = state.actor
    p = state.tribes[s]
    other = next(c for c in state.seats if c != p.species)
    state.dead[other] -= 1
    p.pool.append(other)
    slot = board.slots(state)[0]
    assert f"hr-{slot}" not in {a.id for a in ENGINE.legal_actions(state, s)}
    state = ENGINE.apply(state, s, f"h-{slot}")
    assert f"hr-{slot}" in {a.id for a in ENGINE.legal_actions(state, s)}


def test_out_of_turn_is_refused():
    state = _alloc_state()
    other = next(s for s in range(3) if s != state.actor)
    from rules.core import NotYourTurn

    with pytest.raises(NotYourTurn):
        ENGINE.apply(state, other, "done")


# -- G hunting ---------------------------------------------------------------------------------


def _phase4(state):
    """Phase 4 from the tests already placed (then phases 5 and 6 begin)."""
    hunting.phase4_start(state)
    phases.resume(state)


def _hunting_state(seed=7):
    state = after_sides(3, seed)
    _clear_tableau(state)
    state.hunters, state.suitors, state.eliminated, state.used = {}, {}, [], []
    return state


def test_deer_example_triples_take_the_trophy_without_success(dice):
    """G5 example: the deer needs 2 hits; 2,3,3,3 fails but triples take the trophy."""
    state = _hunting_state()
    s = state.order[0]
    sp = state.tribes[s].species
    state.north = [4, 0, 0, 0, 0, 0]
    state.ice_north = [False] * 6
    state.dead[sp] -= 5
    dice += [2, 3, 3, 3, 5]
    ok, survivors = hunting.hunt(state, s, "N0", [f"{s}:{sp}"] * 5)
    assert not ok and state.tribes[s].trophies == [4] and state.north[0] == 0
    assert len(survivors) == 5


def test_deer_example_with_atlatl_succeeds_and_takes_the_trophy(dice):
    state = _hunting_state()
    s = state.order[0]
    p = state.tribes[s]
    sp = p.species
    p.tools = [Tool(card=34)]  # experienced Atlatl: 3 -> 1 in big game
    state.north = [4, 0, 0, 0, 0, 0]
    state.ice_north = [False] * 6
    state.dead[sp] -= 5
    dice += [2, 3, 3, 3, 5]
    ok, _ = hunting.hunt(state, s, "N0", [f"{s}:{sp}"] * 5)
    assert ok and p.trophies == [4]
    assert sum(1 for t in p.pool if t == sp) == 2  # Giant Deer gives 2 Babies


def test_wolves_example_fewer_hunters_go_first_and_win(dice):
    """G3 example: 2 Archaic and 3 Cro-Magnon on the wolves; Archaic rolls first, one hit wins."""
    state = _hunting_state()
    g, r = _seat(state, "G"), _seat(state, "R")
    assert not (g is None or r is None), "the set-up must seat both species"
    state.south = [26, 0, 0, 0, 0, 0]
    state.ice_south = [False] * 6
    state.dead["G"] -= 2
    state.dead["R"] -= 3
    state.hunters = {"S0": [f"{r}:R"] * 3 + [f"{g}:G"] * 2}
    dice += [1, 4]
    _phase4(state)
    assert dice == []  # Cro-Magnon went home without rolling
    assert state.tribes[r].pool.count("R") == 3 and state.tribes[g].pool.count("G") == 2
    assert tokens_of(state, "G") == tokens_of(state, "R") == 19


def test_piracy_takes_back_the_big_game(dice):
    """G4: after the horse, the survivors face the nearest predator; no hit there is piracy."""
    state = _hunting_state()
    s = state.order[0]
    sp = state.tribes[s].species
    state.south = [23, 25, 0, 0, 0, 0]  # Horse, Scimitar Cat
    state.ice_south = [False] * 6
    state.dead[sp] -= 3
    dice += [1, 2, 5, 3, 3, 6]  # horse: 2 hits on * dice; the cat: no "1"
    state.hunters = {"S0": [f"{s}:{sp}"] * 3}
    _phase4(state)
    assert dice == [] and state.tribes[s].pool == [sp] * 3  # the three Hunters, no Baby
    assert state.south[0] == 23 and state.releases == []


def test_predator_hit_saves_the_kill(dice):
    state = _hunting_state()
    s = state.order[0]
    sp = state.tribes[s].species
    state.south = [23, 25, 0, 0, 0, 0]
    state.ice_south = [False] * 6
    state.dead[sp] -= 3
    dice += [1, 2, 5, 1, 3, 6]
    state.hunters = {"S0": [f"{s}:{sp}"] * 3}
    _phase4(state)
    assert dice == [] and state.tribes[s].pool.count(sp) == 6  # the three Hunters and the horse's 3 Babies


def _elephant_and_cat(state):
    """G4 example: you have 7 Hunters on the horse and 1 on the scimitar cat; the opponent has his
    Hunters on the elephant (9 here: the example's 19 add nothing but dice)."""
    a, b = state.order[0], state.order[1]
    sa, sb = state.tribes[a].species, state.tribes[b].species
    state.south = [23, 25, 19, 0, 0, 0]  # Horse, Scimitar Cat, Elephant
    state.ice_south = [False] * 6
    state.dead[sa] -= 8
    state.dead[sb] -= 9
    state.hunters = {"S0": [f"{a}:{sa}"] * 7, "S1": [f"{a}:{sa}"], "S2": [f"{b}:{sb}"] * 9}
    return a, b, sa, sb


def test_predator_example_both_big_games_meet_on_the_cat_and_two_ones_hunt_it(dice):
    """G4 example: both big-game hunts succeed, so every Hunter moves onto the cat; your 8 (fewer)
    roll first, together.  Two 1s hunt the cat: the opponent goes home without rolling and keeps
    his elephant."""
    state = _hunting_state()
    a, b, sa, sb = _elephant_and_cat(state)
    dice += [1, 2, 4, 5, 6, 4, 5]  # horse (2x*): success
    dice += [1, 1, 1, 2, 2, 2, 3, 3, 6]  # elephant (3x1): success
    dice += [1, 1, 2, 3, 6, 6, 2, 3]  # your 8 Hunters on the cat (2x1): two 1s
    _phase4(state)
    assert dice == []  # the opponent's Hunters did not roll on the cat
    assert state.tribes[a].pool.count(sa) == 8 + 3  # the horse's 3 Babies
    assert state.tribes[b].pool.count(sb) == 9 + 3  # the elephant's 3 Babies
    assert state.south == [23, 25, 19, 0, 0, 0]


def test_predator_example_one_hit_saves_the_horse_and_the_opponent_faces_the_cat(dice):
    """G4 example: with a single 1 the cat does not steal your horse but is not hunted; the
    opponent's Hunters then roll there: no hit is piracy of his elephant, and their quadruples
    still take the cat as a trophy."""
    state = _hunting_state()
    a, b, sa, sb = _elephant_and_cat(state)
    dice += [1, 2, 4, 5, 6, 4, 5]
    dice += [1, 1, 1, 2, 2, 2, 3, 3, 6]
    dice += [1, 2, 2, 3, 6, 6, 2, 3]  # your 8: one 1
    dice += [6] * 9  # his 9: no hit, quadruples
    _phase4(state)
    assert dice == []
    assert state.tribes[a].pool.count(sa) == 8 + 3
    assert state.tribes[b].pool.count(sb) == 9  # no Baby: the elephant was stolen
    assert state.tribes[b].trophies == [25] and state.south == [23, 0, 19, 0, 0, 0]


def test_ice_barrier_blocks_the_predator(dice):
    state = _hunting_state()
    s = state.order[0]
    sp = state.tribes[s].species
    state.south = [23, 30, 25, 0, 0, 0]
    state.ice_south = [False, True, False, False, False, False]
    state.dead[sp] -= 3
    dice += [1, 2, 5]
    ok, _ = hunting.hunt(state, s, "S0", [f"{s}:{sp}"] * 3)
    assert ok and dice == []


def test_ferocity_and_freezing_kill_and_firestarter_protects(dice):
    state = _hunting_state()
    s = state.order[0]
    p = state.tribes[s]
    sp = p.species
    state.north = [2, 0, 0, 0, 0, 0]  # Woolly Rhinoceros: 2x1, ferocity 4-5, freezing 6
    state.ice_north = [False] * 6
    state.dead[sp] -= 3
    dice += [4, 6, 2]
    _, survivors = hunting.hunt(state, s, "N0", [f"{s}:{sp}"] * 3)
    assert len(survivors) == 1
    p.elders = {"6": Elder(token=sp)}
    state.dead[sp] -= 1
    dice += [4, 6, 2]
    _, survivors = hunting.hunt(state, s, "N0", [f"{s}:{sp}"] * 3)
    assert len(survivors) == 2


def test_alpha_power_counts_as_a_one(dice):
    state = _hunting_state()
    s = state.order[0]
    p = state.tribes[s]
    sp = p.species
    p.elders = {"5": Elder(token=sp)}  # experienced Trapper: small game
    state.dead[sp] -= 1
    state.dead_alpha.remove(sp)
    state.south = [32, 0, 0, 0, 0, 0]  # Beaver, 1x1
    state.ice_south = [False] * 6
    ok, _ = hunting.hunt(state, s, "S0", [f"{s}:{sp}a"])
    assert ok and dice == []


def test_singer_example_promiscuous_suitor_makes_no_husband(dice):
    """G1 example: the Singer on the Neanderthal board, three Suitors; Cro-Magnon rolls first."""
    state = _hunting_state()
    y, r, g = _seat(state, "Y"), _seat(state, "R"), _seat(state, "G")
    state.tribes[y].sex = "prom"
    state.tribes[y].wives = [Wife(card=47)]
    state.tribes[r].vocab["O"] = 5
    state.tribes[y].vocab["O"] = 3
    state.tribes[g].vocab["O"] = 1
    for c in "YRG":
        state.dead[c] -= 1
    state.suitors = {f"{y}-0": [f"{y}:Y", f"{r}:R", f"{g}:G"]}
    dice += [4]  # Cro-Magnon fails; Neanderthal succeeds by Poetry, without rolling
    _phase4(state)
    assert state.tribes[y].wives[0].husband == ""
    assert state.tribes[g].pool == ["G"] and state.tribes[r].pool == ["R"] and state.tribes[y].pool == ["Y"]
    assert dice == []


def test_singer_example_pair_bonding_father_rolls_and_makes_an_inexperienced_husband(dice):
    """G1 example, second half: were the Neanderthal Pair-bonding, the unmarried Singer's Poetry
    would be inactive; he rolls, and a 1 or 2 makes an inexperienced Husband on an orange disc."""
    state = _hunting_state()
    y, r, g = _seat(state, "Y"), _seat(state, "R"), _seat(state, "G")
    assert None not in (y, r, g), "the set-up must seat the three species"
    py = state.tribes[y]
    py.sex = "pair"
    py.wives = [Wife(card=47)]
    state.tribes[r].vocab["O"], py.vocab["O"], state.tribes[g].vocab["O"] = 5, 3, 1
    for c in "YRG":
        state.dead[c] -= 1
    state.suitors = {f"{y}-0": [f"{y}:Y", f"{r}:R", f"{g}:G"]}
    dice += [4, 2]  # Cro-Magnon fails; the Neanderthal rolls a 2
    _phase4(state)
    assert dice == []
    assert py.wives[0].husband == "Y" and py.wives[0].husband_disc == "O" and py.vocab["O"] == 2
    assert state.tribes[g].pool == ["G"] and state.tribes[r].pool == ["R"]


def test_lolita_rule_inexperienced_daughter_never_marries(dice):
    state = _hunting_state()
    a, b = state.order[0], state.order[1]
    state.tribes[b].wives = [Wife(card=45, discs="O")]
    state.tribes[a].sex = "pair"
    sp = state.tribes[a].species
    state.dead[sp] -= 1
    state.suitors = {f"{b}-0": [f"{a}:{sp}"]}
    dice += [1]
    _phase4(state)
    assert state.tribes[b].wives[0].husband == "" and state.tribes[a].pool == [sp]


def test_foreign_husband_starts_experienced_own_husband_needs_an_orange_disc(dice):
    state = _hunting_state()
    a, b = state.order[0], state.order[1]
    state.tribes[a].sex = state.tribes[b].sex = "pair"
    state.tribes[b].wives = [Wife(card=45), Wife(card=41)]
    sa, sb = state.tribes[a].species, state.tribes[b].species
    state.dead[sa] -= 1
    state.dead[sb] -= 1
    state.tribes[b].vocab["O"] = 2
    state.suitors = {f"{b}-0": [f"{a}:{sa}"], f"{b}-1": [f"{b}:{sb}"]}
    dice += [2, 5]
    _phase4(state)
    w0, w1 = state.tribes[b].wives
    assert w0.husband == sa and w0.husband_disc == ""
    # own board, uncontested and unmarried: automatic success, an inexperienced Husband
    assert w1.husband == sb and w1.husband_disc == "O" and state.tribes[b].vocab["O"] == 1


def test_attack_tests_kill_on_ones(dice):
    state = _hunting_state()
    a, b = state.order[0], state.order[1]
    sa, sb = state.tribes[a].species, state.tribes[b].species
    state.tribes[a].vocab["B"], state.tribes[b].vocab["B"] = 5, 1
    state.dead[sa] -= 2
    state.dead[sb] -= 2
    state.north = [12, 0, 0, 0, 0, 0]
    state.ice_north = [False] * 6
    state.hunters = {"N0": [f"{a}:{sa}", f"{a}:{sa}", f"{b}:{sb}", f"{b}:{sb}"]}
    dice += [1, 1]  # the player with more black discs attacks first: two kills, nobody strikes back
    fights.phase3_start(state)
    assert fights.run_fights(state)
    assert state.hunters["N0"] == [f"{a}:{sa}", f"{a}:{sa}"]
    assert dice == []


# -- I species action --------------------------------------------------------------------------


def test_neolexia_example_frees_matching_discs():
    """I2 example: Shaman portals white and orange; an inexperienced daughter with white and orange."""
    state = _alloc_state(8)
    s = state.actor
    p = state.tribes[s]
    p.portals = ["shaman-W", "shaman-O"]
    p.vocab = {"O": 1, "W": 1, "B": 3}
    p.wives = [Wife(card=41, discs="OW")]
    actions.start_actions(state)
    state.actor = s
    state.order_position = state.order.index(s)
    ids = {a.id for a in ENGINE.legal_actions(state, s)}
    assert {"nx-d0O", "nx-d0W"} <= ids
    state = ENGINE.apply(state, s, "nx-d0O")
    assert state.tribes[s].wives[0].discs == "W" and state.tribes[s].vocab["O"] == 2


def test_interspecies_neolexia_uses_the_fathers_portals_of_an_earlier_turn():
    """I2-A: "você pode executar neolexia usando uma das cores já instaladas em um turno anterior no
    mapa do cérebro do jogador que é pai da filha" - a portal he opens this turn does not count yet."""
    state = _alloc_state(8)
    s = state.actor
    f = next(q for q in state.order if q != s)
    p, father = state.tribes[s], state.tribes[f]
    p.portals = ["venus-B"]
    father.portals = ["bison-W"]
    father.tribal = False
    father.wives = [Wife(card=41, husband=p.species)]
    p.elders = {"6": Elder(token=p.species, disc="B"), "4": Elder(token=p.species, disc="O")}
    state.portals_then = {str(f): ["bison-W"]}
    father.portals.append("shaman-O")  # opened this turn
    actions.start_actions(state)
    state.actor = s
    state.order_position = state.order.index(s)
    ids = {a.id for a in ENGINE.legal_actions(state, s)}
    assert "nx-e6" in ids and "nx-e4" not in ids


def test_portal_action_and_conversion_to_tribal():
    state = _alloc_state(9)
    s = state.actor
    p = state.tribes[s]
    p.portals = ["venus-B", "venus-O", "shaman-O", "bison-B"]
    p.vocab = {"O": 1, "W": 2, "B": 1}
    p.wives = [Wife(card=44)]  # Weather Whisperer: Shaman-W, Bison-W
    p.sex = "prom"
    actions.start_actions(state)
    state.actor = s
    state.order_position = state.order.index(s)
    state = ENGINE.apply(state, s, f"po-{s}-0-shaman-W")
    q = state.tribes[s]
    assert q.tribal and q.portals == []
    assert q.vocab == {"O": 3, "W": 2, "B": 3}  # the portal discs return to the vocabulary


def test_elder_action_plays_a_card_from_hand():
    state = _alloc_state(10)
    s = state.actor
    p = state.tribes[s]
    p.tribal = True
    p.elders = {"3": Elder(token=p.species), "6": Elder(token=p.species)}
    p.hand = [34]
    actions.start_actions(state)
    state.actor = s
    state.order_position = state.order.index(s)
    act = next(a for a in ENGINE.legal_actions(state, s) if a.id == "pl-34-3")
    assert act.secret
    b = p.vocab["B"]
    state = ENGINE.apply(state, s, "pl-34-3")
    assert state.tribes[s].tools == [Tool(card=34, disc="B")] and state.tribes[s].vocab["B"] == b - 1


# -- J scoring -----------------------------------------------------------------------------------


def test_scoring_example_32_vp():
    """J example: Pair-bonding; 9 unassigned, a powered Alpha, 1 trophy, 2 daughters, 12 vocabulary
    (28 VP) and a Refugee plus a Husband on another board (4 VP): 32 VP (the Alpha's experienced
    elder scores apart)."""
    state = after_sides(3, 11)
    _clear_tableau(state)
    s, o = state.order[0], state.order[1]
    p = state.tribes[s]
    sp = p.species
    p.sex = "pair"
    p.pool = [sp] * 9 + [sp + "a"]
    p.elders = {"3": Elder(token=sp)}
    p.trophies = [21]
    p.wives = [Wife(card=45), Wife(card=46)]
    p.vocab = {"O": 4, "W": 4, "B": 4}
    state.tribes[o].pool = [sp]
    state.tribes[o].wives = [Wife(card=47, husband=sp)]
    pts = scoring.breakdown(state, s)
    assert pts["neanderthal.score.elder"] == 2
    assert sum(pts.values()) - pts["neanderthal.score.elder"] == 32


# -- K2 solitaire ------------------------------------------------------------------------------


def test_k2_setup_and_free_daughters():
    state = ENGINE.new_game(1, 3)
    p = state.tribes[0]
    assert len(p.pool) == 8 and p.elders["6"].disc == "B" and len(state.event_deck) == 8
    state = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0].id)
    while state.phase != "alloc":
        state = ENGINE.apply(state, 0, ENGINE.ai_action(state, 0))
    assert len(state.tribes[0].wives) == 1 and state.tribes[0].wives[0].discs == ""


def test_k2_may_add_one_to_three_event_cards_when_the_deck_runs_out():
    """K2 B: "Depois que estes acabarem ... você pode optar por adicionar de 1 a 3 cartas de
    evento/filha aleatórias"; the English levels take 5 VP for each card so added."""
    state = ENGINE.new_game(1, 3, {"solo": "intro"})
    state = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0].id)
    state.event_deck = []
    aside = len(state.event_aside)
    phases.start_turn(state)
    assert state.phase == "k2more" and state.actor == 0
    assert {a.id for a in ENGINE.legal_actions(state, 0)} == {"more-0", "more-1", "more-2", "more-3"}
    turn = state.turn
    state = ENGINE.apply(state, 0, "more-2")
    assert (
        state.turn == turn + 1 and len(state.event_aside) <= aside - 2 and state.k2_added == 2
    )  # (a Würm may take one more)
    assert scoring.breakdown(state, 0)["neanderthal.score.scenario"] == -10
    state.event_deck = []
    phases.start_turn(state)  # asked once only
    assert state.phase == "over"


def test_k2_choosing_no_extra_card_ends_the_game():
    state = ENGINE.new_game(1, 3)
    state = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0].id)
    state.event_deck = []
    phases.start_turn(state)
    state = ENGINE.apply(state, 0, "more-0")
    assert state.phase == "over" and scoring.breakdown(state, 0)["neanderthal.score.scenario"] == 0


@pytest.mark.parametrize(("level", "supply", "alpha"), [("pt", 18, True), ("intro", 18, True), ("advanced", 8, False)])
def test_k2_foreign_tribesmen_by_level(level, supply, alpha):
    """K2 (English levels): "Introductory game. Place 18 tribesmen of a different color in a pile
    near your placard. All dead foreign tribesmen remain in the dead pile." - "Advanced game. Place
    8 tribesmen ... Do not use the alpha pawn."  The Portuguese K2 sets no limit: the foreign
    Refugees come from the dead pile as in D6."""
    state = ENGINE.new_game(1, 3, {"solo": level})
    f = state.foreign
    sp = state.tribes[0].species
    assert (sp in state.dead_alpha) == alpha
    if level == "pt":
        assert state.dead[f] == supply and state.foreign_left == 0
        return
    assert state.foreign_left == supply and state.dead.get(f, 0) == 0
    state = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0].id)
    state.losses = {}
    events.refugee(state, 2)  # no tribesman lost: two foreign tribesmen join
    assert state.tribes[0].pool.count(f) == 2 and state.foreign_left == supply - 2
    board.kill(state, f)  # a dead foreigner stays dead
    state.tribes[0].pool.remove(f)
    events.refugee(state, 1)
    assert state.foreign_left == supply - 3 and state.dead[f] == 1
    check_invariants(state)


def test_k2_foreign_ex_husband_joins_the_pool_and_a_failed_foreign_suitor_goes_back(dice):
    """G1-E: "Um Pretendente bem-sucedido devolve o ex-Marido (se houver) para os membros da tribo não
    alocados de qualquer jogador que possua o tabuleiro" - a foreign ex-Husband too.  A foreign
    Suitor who fails goes back to his pile alive (English levels)."""
    state = ENGINE.new_game(1, 3, {"solo": "intro"})
    state = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0].id)
    p = state.tribes[0]
    f, sp = state.foreign, p.species
    left = state.foreign_left
    p.wives = [Wife(card=45, husband=f), Wife(card=46)]
    state.foreign_left -= 2
    state.dead[sp] -= 1
    state.suitors = {"0-0": [f"0:{sp}"], "0-1": [f"f:{f}"]}
    o = p.vocab["O"]
    dice += [1, 4]  # own Suitor wins the foreign-married daughter; the foreign Suitor fails
    hunting.courtship(state, "0-0", state.suitors.pop("0-0"))
    hunting.courtship(state, "0-1", state.suitors.pop("0-1"))
    assert p.wives[0].husband == sp and p.wives[0].husband_disc == "O" and p.vocab["O"] == o - 1
    assert f in p.pool and p.wives[1].husband == ""
    assert state.foreign_left == left - 1 and state.dead.get(f, 0) == 0


def test_k2_victory_levels():
    state = ENGINE.new_game(1, 3)
    p = state.tribes[0]
    p.tribal = True
    p.trophies = [21, 31, 13, 15]
    p.wives = []
    state.level = "intro"
    assert scoring.k2_won(state)
    state.level = "pt"
    p.score = 60
    assert not scoring.k2_won(state)  # more than 4 trophies needed
    p.trophies.append(18)
    assert scoring.k2_won(state)


def test_war_council_sets_the_player_order():
    state = after_sides(3, 12)
    y = _seat(state, "Y")
    p = state.tribes[y]
    p.elders["4"] = Elder(token="Y")
    state.dead["Y"] -= 1
    state.event_deck.insert(0, 43)  # Totem Woman: Yellow first
    state.phase = "action"
    phases.start_turn(state)
    assert state.phase == "council" and state.actor == y
    ids = [a.id for a in ENGINE.legal_actions(state, y)]
    assert len(ids) == 6
    order = [s for s in range(3) if s != y] + [y]
    state = ENGINE.apply(state, y, "ord-" + "".join(map(str, order)))
    assert state.order == order


def test_near_extinction_calls_back_an_elder():
    state = _alloc_state(13)
    s = state.order[0]
    p = state.tribes[s]
    state.dead[p.species] += sum(1 for t in p.pool if t == p.species)
    p.pool = [t for t in p.pool if t != p.species]
    allocation.start_alloc(state)
    ids = {a.id for a in ENGINE.legal_actions(state, s)}
    assert "rc-e6" in ids
    state = ENGINE.apply(state, s, "rc-e6")
    assert p.species in state.tribes[s].pool and "6" not in state.tribes[s].elders
    check_invariants(state)


def test_k2_daughter_limit_allows_a_swap():
    state = ENGINE.new_game(1, 3)
    state = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0].id)
    while state.phase != "alloc":
        state = ENGINE.apply(state, 0, ENGINE.ai_action(state, 0))
    p = state.tribes[0]
    p.wives = [Wife(card=c) for c in (40, 41, 42, 43, 44)]
    p.wives[0].husband = state.foreign
    state.dead[state.foreign] -= 1  # the Portuguese K2: the foreigners come from the dead pile
    state.event_card = 45
    auction.start_auction(state)
    assert state.phase == "k2swap"
    ids = {a.id for a in ENGINE.legal_actions(state, 0)}
    assert "swap-0" not in ids and {"swap-1", "keep"} <= ids
    state = ENGINE.apply(state, 0, "swap-1")
    assert [w.card for w in state.tribes[0].wives] == [40, 42, 43, 44, 45] and 41 in state.removed


def test_success_lets_the_owner_choose_which_disc_to_free(dice):
    state = _hunting_state()
    s = state.order[0]
    p = state.tribes[s]
    sp = p.species
    p.elders = {"6": Elder(token=sp, disc="B"), "3": Elder(token=sp, disc="B")}
    p.vocab["B"] -= 2
    state.dead[sp] -= 3
    state.south = [32, 0, 0, 0, 0, 0]  # Beaver: 1x1, a Baby and a black disc
    state.ice_south = [False] * 6
    state.hunters = {"S0": [f"{s}:{sp}"]}
    dice += [1]
    _phase4(state)
    assert state.phase == "release" and state.actor == s
    assert {a.id for a in ENGINE.legal_actions(state, s)} == {"rel-e3", "rel-e6", "rel-none"}
    state = ENGINE.apply(state, s, "rel-e3")
    assert state.tribes[s].elders["3"].disc == "" and state.tribes[s].elders["6"].disc == "B"
    assert state.phase == "action"


def test_hand_over_its_size_is_discarded_by_choice():
    state = _hunting_state()
    s = state.order[0]
    p = state.tribes[s]
    p.tribal = True
    p.elders = {"3": Elder(token=p.species)}
    state.dead[p.species] -= 1
    p.hand = [34, 16]
    state.stage = "p5"
    phases.resume(state)
    assert state.phase == "discard" and state.actor == s
    acts = ENGINE.legal_actions(state, s)
    assert {a.id for a in acts} == {"dis-16", "dis-34"} and all(a.secret for a in acts)
    state = ENGINE.apply(state, s, "dis-16")
    assert state.tribes[s].hand == [34] and 16 in state.removed and state.phase == "action"


def test_opportunistic_hunt_of_the_replacement(dice):
    """G7: the card went to a hand after a failed hunt; the others may hunt its replacement."""
    state = _hunting_state()
    a, b = state.order[0], state.order[1]
    pa, pb = state.tribes[a], state.tribes[b]
    pa.tribal = True
    pa.elders = {"6": Elder(token=pa.species)}
    state.dead[pa.species] -= 4
    state.dead[pb.species] -= 3
    state.south = [28, 0, 0, 0, 0, 0]  # Honey Bees: 2x1, D card with triples
    state.ice_south = [False] * 6
    state.deck_south.insert(0, 32)  # the replacement: Beaver, 1x1
    state.hunters = {"S0": [f"{a}:{pa.species}"] * 3 + [f"{b}:{pb.species}"] * 3}
    dice += [3, 3, 3, 1, 4, 4]  # a: fails, takes the bees into hand; b: hunts the beaver
    hunting.phase4_start(state)
    hunting.run_test(state, "h", "S0")
    assert pa.hand == [28] and state.south[0] == 32
    assert dice == [] and state.releases == [DiscsToFree(b, "B")]


def test_first_player_orders_the_contested_tests(dice):
    """A4: uncontested tests first; the first player chooses the order of the contested ones."""
    state = _hunting_state()
    a, b = state.order[0], state.order[1]
    sa, sb = state.tribes[a].species, state.tribes[b].species
    state.dead[sa] -= 3
    state.dead[sb] -= 2
    state.south = [32, 29, 22, 0, 0, 0]  # Beaver, Rabbit, Wild Boar
    state.ice_south = [False] * 6
    state.hunters = {"S0": [f"{a}:{sa}", f"{b}:{sb}"], "S1": [f"{a}:{sa}", f"{b}:{sb}"], "S2": [f"{a}:{sa}"]}
    dice += [5]  # the uncontested boar rolls first, without asking
    hunting.phase4_start(state)
    phases.resume(state)
    assert state.phase == "order4" and state.actor == a and dice == []
    assert {x.id for x in ENGINE.legal_actions(state, a)} == {"next-h-S0", "next-h-S1"}
    dice += [5, 5, 5, 5]  # S1 (fewest Hunters tie: table order), then S0
    state = ENGINE.apply(state, a, "next-h-S1")
    assert dice == [] and state.phase == "action"


def test_a_player_orders_his_own_uncontested_tests(dice):
    """A4 step 1: "jogador rola em cada Corte ou Bioma ... sem disputa na ordem que quiser"."""
    state = _hunting_state()
    a = state.order[0]
    sa = state.tribes[a].species
    state.dead[sa] -= 2
    state.south = [32, 29, 22, 0, 0, 0]  # Beaver, Rabbit, Wild Boar
    state.ice_south = [False] * 6
    state.hunters = {"S0": [f"{a}:{sa}"], "S2": [f"{a}:{sa}"]}
    hunting.phase4_start(state)
    phases.resume(state)
    assert state.phase == "order1" and state.actor == a
    assert [x.id for x in ENGINE.legal_actions(state, a)] == ["next-h-S0", "next-h-S2"]
    dice += [5, 5]  # the boar first (his choice), then the beaver: the last test needs no choice
    state = ENGINE.apply(state, a, "next-h-S2")
    rolls = [e.text.params["card"].key for e in state.events if e.text.key == "neanderthal.ev.roll"]
    assert rolls == ["neanderthal.card.22", "neanderthal.card.32"] and dice == []


def test_the_father_chooses_between_tied_suitors(dice):
    """G1-D: Suitors roll in the order of their vocabulary in the daughter's bid media; "Se
    empatado, o pai da filha decide entre eles"."""
    state = _hunting_state()
    y, r, g = _seat(state, "Y"), _seat(state, "R"), _seat(state, "G")
    state.tribes[y].wives = [Wife(card=47)]  # the Singer on the Neanderthal board (bid media orange)
    state.tribes[y].sex = "pair"  # her Poetry is off while unmarried: every Suitor rolls
    state.tribes[r].vocab["O"] = state.tribes[g].vocab["O"] = 2
    state.tribes[r].sex = state.tribes[g].sex = "pair"  # a Promiscuous Suitor would make no Husband
    for c in "RG":
        state.dead[c] -= 1
    state.order = [r, g, y]
    state.suitors = {f"{y}-0": [f"{r}:R", f"{g}:G"]}
    hunting.phase4_start(state)
    phases.resume(state)
    assert state.phase == "father" and state.actor == y
    assert {x.id for x in ENGINE.legal_actions(state, y)} == {f"first-{r}", f"first-{g}"}
    dice += [2]  # the Archaic, chosen by the father against the player order, rolls first and wins
    state = ENGINE.apply(state, y, f"first-{g}")
    assert state.tribes[y].wives[0].husband == "G" and state.tribes[r].pool == ["R"] and dice == []


def test_no_choice_for_the_father_when_the_vocabulary_decides(dice):
    state = _hunting_state()
    y, r, g = _seat(state, "Y"), _seat(state, "R"), _seat(state, "G")
    state.tribes[y].wives = [Wife(card=47)]
    state.tribes[y].sex = "pair"
    state.tribes[r].vocab["O"], state.tribes[g].vocab["O"] = 3, 2
    state.tribes[r].sex = state.tribes[g].sex = "pair"  # a Promiscuous Suitor would make no Husband
    for c in "RG":
        state.dead[c] -= 1
    state.suitors = {f"{y}-0": [f"{r}:R", f"{g}:G"]}
    dice += [2]  # the Cro-Magnon has more orange words: he rolls first and wins
    _phase4(state)
    assert state.tribes[y].wives[0].husband == "R" and dice == []


def test_sultan_moves_a_husband_between_his_daughters():
    state = _alloc_state(14)
    s = state.actor
    p = state.tribes[s]
    p.sex = "harem"
    p.parental_discs = ""
    p.wives = [Wife(card=45, husband=p.species, husband_disc="O"), Wife(card=46), Wife(card=47, discs="O")]
    p.vocab["O"] -= 2
    state.dead[p.species] -= 1
    ids = {a.id for a in ENGINE.legal_actions(state, s)}
    assert "sul-0-1" in ids and "sul-0-2" not in ids  # only to experienced unmarried daughters
    state = ENGINE.apply(state, s, "sul-0-1")
    w = state.tribes[s].wives
    assert w[0].husband == "" and w[1].husband == p.species and w[1].husband_disc == "O"


def test_a_crowded_allocation_still_fits_four_menus():
    state = _alloc_state(15)
    s = state.actor
    p = state.tribes[s]
    p.tribal = True
    p.sex = "harem"
    p.elders = {}
    p.vocab = {"O": 9, "W": 9, "B": 9}
    state.dead_alpha.remove(p.species)
    p.pool += [p.species + "a"]
    p.wives = [Wife(card=40 + i, husband=p.species if i < 4 else "") for i in range(8)]
    acts = ENGINE.legal_actions(state, s)
    assert len(acts) > 50
    ENGINE.validate_actions(acts)
    from collections import Counter

    groups = Counter(a.group.key if a.group else None for a in acts)
    assert sum(-(-n // 25) for n in groups.values()) <= 4 and len(acts) <= 100


def test_attacker_splits_kills_and_victims_choose(dice):
    """F2: the attacker chooses whom his kills strike; each victim chooses which of his Hunters dies."""
    state = _hunting_state()
    a, b, c = state.order
    sa, sb, sc = (state.tribes[x].species for x in (a, b, c))
    state.tribes[a].vocab["B"], state.tribes[b].vocab["B"], state.tribes[c].vocab["B"] = 5, 2, 1
    state.dead[sa] -= 1
    state.dead[sb] -= 1
    state.dead[sc] -= 1
    state.dead_alpha.remove(sb)
    state.north = [12, 0, 0, 0, 0, 0]
    state.ice_north = [False] * 6
    state.hunters = {"N0": [f"{a}:{sa}", f"{b}:{sb}", f"{b}:{sb}a", f"{c}:{sc}"]}
    state.phase = "alloc"
    dice += [1]  # a: one kill
    fights.phase3_start(state)
    assert not fights.run_fights(state)
    assert state.phase == "target" and state.actor == a
    assert {x.id for x in ENGINE.legal_actions(state, a)} == {f"tgt-{b}", f"tgt-{c}"}
    state = ENGINE.apply(state, a, f"tgt-{b}")
    assert state.phase == "victim" and state.actor == b
    assert {x.id for x in ENGINE.legal_actions(state, b)} == {"die-a", "die-t"}
    dice += [4, 4]  # then b (his Alpha) and c attack without a kill
    state.fights = []
    state.stage = "fight-test"  # stop after the attack tests
    state = ENGINE.apply(state, b, "die-t")
    assert fights.run_fights(state) and dice == []
    assert sorted(state.hunters["N0"]) == sorted([f"{a}:{sa}", f"{b}:{sb}a", f"{c}:{sc}"])


def test_jealous_husband_fights_the_suitors(dice):
    state = _hunting_state()
    a, b = state.order[0], state.order[1]
    sa, sb = state.tribes[a].species, state.tribes[b].species
    state.tribes[b].wives = [Wife(card=45, husband=sb)]  # experienced Husband: a War Band
    state.tribes[a].vocab["B"], state.tribes[b].vocab["B"] = 1, 4
    state.dead[sa] -= 1
    state.dead[sb] -= 1
    state.suitors = {f"{b}-0": [f"{a}:{sa}"]}
    dice += [2]  # the Husband attacks first (more black discs) and kills on 1-2
    fights.phase3_start(state)
    assert fights.run_fights(state)
    assert state.suitors[f"{b}-0"] == [] and state.tribes[b].wives[0].husband == sb


def test_alpha_hunter_swap_from_an_elder_rank():
    state = _alloc_state(16)
    s = state.actor
    p = state.tribes[s]
    sp = p.species
    state.dead_alpha.remove(sp)
    p.elders["3"] = Elder(token=sp + "a", disc="B")
    p.vocab["B"] -= 1
    if sp not in p.pool:
        p.pool.append(sp)
        state.dead[sp] -= 1
    ids = {a.id for a in ENGINE.legal_actions(state, s)}
    assert "swape-3" in ids and "swap" not in ids
    state = ENGINE.apply(state, s, "swape-3")
    q = state.tribes[s]
    assert q.elders["3"] == Elder(token=sp, disc="B") and sp + "a" in q.pool
    check_invariants(state)


def _negotiation_state(_dice):
    state = _hunting_state()
    a, b = state.order[0], state.order[1]
    sa, sb = state.tribes[a].species, state.tribes[b].species
    state.tribes[a].tribal = True
    state.tribes[a].elders = {"1": Elder(token=sa)}  # an experienced Chief
    state.dead[sa] -= 3
    state.dead[sb] -= 2
    state.north = [12, 0, 0, 0, 0, 0]
    state.ice_north = [False] * 6
    state.hunters = {"N0": [f"{a}:{sa}", f"{a}:{sa}", f"{b}:{sb}", f"{b}:{sb}"]}
    state.phase = "alloc"
    fights.phase3_start(state)
    phases.resume(state)
    return state, a, b, sa, sb


def test_negotiation_peaceful_withdrawal(dice):
    """F1: with a Chief, a player may ask another to leave a contested card; the vocal one says ook."""
    state, a, b, _, sb = _negotiation_state(dice)
    assert state.phase == "negotiate" and state.actor == a
    ids = {x.id for x in ENGINE.legal_actions(state, a)}
    assert {"wd-N0", f"ask-N0-{b}", "done"} <= ids
    state = ENGINE.apply(state, a, f"ask-N0-{b}")
    assert state.phase == "answer" and state.actor == b
    assert {x.id for x in ENGINE.legal_actions(state, b)} == {"yes", "no"}
    dice += [5, 5]  # a hunts the hare alone (no attack test any more)
    state = ENGINE.apply(state, b, "yes")
    # b's hunters went home without an attack test; nothing is left to negotiate
    assert state.tribes[b].pool.count(sb) == 2 and dice == [] and state.phase == "action"


def _trade_state(dice):
    state, a, b, sa, sb = _negotiation_state(dice)
    pb = state.tribes[b]
    pb.tribal = True
    pb.elders = {"1": Elder(token=sb)}  # hand size 1 each
    state.dead[sb] -= 1
    return state, a, b, sa, sb


def test_binding_trade_hand_card_for_hand_card_chosen_privately(dice):
    """F1: a proposal to leave peacefully may "trocar cartas da mão"; "as cartas de mão devem ser
    trocadas por cartas de mão": the proposal, the answer and the card handed over are private
    choices, the trade is public but the cards stay between the two."""
    state, a, b, _, sb = _trade_state(dice)
    state.tribes[a].hand, state.tribes[b].hand = [23], [26]
    state = ENGINE.apply(state, a, f"ask-N0-{b}")
    assert state.phase == "terms" and state.actor == a
    acts = ENGINE.legal_actions(state, a)
    assert all(x.secret for x in acts)
    ids = {x.id for x in acts}
    assert {"tm-none", f"tm-{b}-gh23", f"tm-{b}-xh23", f"tm-{b}-dh"} <= ids
    assert not [i for i in ids if "xh" in i and "." in i]  # never a hand card for a tableau card
    state = ENGINE.apply(state, a, f"tm-{b}-xh23")
    private = [e for e in state.events if e.text.key == "neanderthal.ev.terms_private"]
    assert private and private[0].seats == [a, b]
    assert state.phase == "answer" and state.actor == b
    assert all(x.secret for x in ENGINE.legal_actions(state, b))
    state = ENGINE.apply(state, b, "yes")
    assert state.phase == "handover" and state.actor == b
    assert [x.id for x in ENGINE.legal_actions(state, b)] == ["give-26"]
    dice += [5, 5]  # a hunts the hare alone
    state = ENGINE.apply(state, b, "give-26")
    assert state.tribes[a].hand == [26] and state.tribes[b].hand == [23]
    assert state.tribes[b].pool.count(sb) == 2 and dice == []
    assert any(e.text.key == "neanderthal.ev.traded_hand" and e.seats is None for e in state.events)
    assert all(e.seats == [a, b] for e in state.events if e.text.key == "neanderthal.ev.traded_private")


def test_a_binding_trade_names_its_hand_card_in_the_views_of_its_two_parties_alone(dice):
    """The view carries the question being answered (the picture's status line): the channel and the third
    player read the proposal, only its two parties read its terms, which name a card in hand."""
    state, a, b, _, _ = _trade_state(dice)
    state.tribes[a].hand, state.tribes[b].hand = [23], [26]
    state = ENGINE.apply(state, a, f"ask-N0-{b}")
    state = ENGINE.apply(state, a, f"tm-{b}-gh23")
    assert state.phase == "answer" and state.actor == b
    third = ({0, 1, 2} - {a, b}).pop()
    for seat in (a, b):
        assert ENGINE.view(state, seat).prompt == ENGINE.prompt(state, b)
        assert "neanderthal.card.23" in ENGINE.view(state, seat).model_dump_json()
    for seat in (None, third):
        prompt = ENGINE.view(state, seat).prompt
        assert prompt.key == "neanderthal.prompt.answer"
        assert prompt.params["card"] == ENGINE.prompt(state, b).params["card"]
        assert "neanderthal.card.23" not in ENGINE.view(state, seat).model_dump_json()


def test_binding_trade_tableau_card_for_tableau_card(dice):
    """F1: "cartas de tabuleiro com cartas de tabuleiro": a trophy for an experienced unmarried daughter."""
    state, a, b, _, _ = _trade_state(dice)
    state.tribes[a].trophies = [4]
    state.tribes[b].wives = [Wife(card=45)]
    state = ENGINE.apply(state, a, f"ask-N0-{b}")
    assert f"tm-{b}-xtr0.w0" in {x.id for x in ENGINE.legal_actions(state, a)}
    state = ENGINE.apply(state, a, f"tm-{b}-xtr0.w0")
    dice += [5, 5]
    state = ENGINE.apply(state, b, "yes")
    assert (
        state.tribes[a].wives == [Wife(card=45)] and state.tribes[b].trophies == [4] and state.tribes[a].trophies == []
    )


def test_binding_trade_refused_changes_nothing(dice):
    state, a, b, _, _ = _trade_state(dice)
    state.tribes[a].trophies = [4]
    state = ENGINE.apply(state, a, f"ask-N0-{b}")
    state = ENGINE.apply(state, a, f"tm-{b}-gtr0")
    state = ENGINE.apply(state, b, "no")
    assert state.tribes[a].trophies == [4] and state.tribes[b].trophies == [] and state.phase == "negotiate"


def test_binding_marriage_the_withdrawing_hunter_marries_a_foreign_bride(dice):
    """F1: "ofereça ou exija filhas experientes não casadas para casamento (permitindo que um Caçador
    seja promovido a um Marido experiente em um tabuleiro estrangeiro...)"; F1-A "ou então case-o com
    uma noiva estrangeira"."""
    state, a, b, _, sb = _trade_state(dice)
    state.tribes[b].sex = "pair"
    state.tribes[a].wives = [Wife(card=47)]
    state = ENGINE.apply(state, a, f"ask-N0-{b}")
    state = ENGINE.apply(state, a, f"tm-{b}-mb0")
    dice += [5, 5]
    state = ENGINE.apply(state, b, "yes")
    w = state.tribes[a].wives[0]
    assert w.husband == sb and w.husband_disc == ""  # experienced at once on a foreign board
    assert state.tribes[b].pool.count(sb) == 1  # the other Hunter just went home


def test_a_vocal_proposer_binds_no_trade(dice):
    """F1-C, the Ook rule: a vocal player says nothing but yes or no."""
    state, a, b, _, _ = _negotiation_state(dice)
    state = ENGINE.apply(state, a, "done")
    state.tribes[b].trophies = [4]
    state.tribes[a].trophies = [2]
    state = ENGINE.apply(state, b, "wd-N0")
    assert state.phase == "answer" and state.actor == a


def test_negotiation_refused_means_attack_tests(dice):
    state, a, b, _, _ = _negotiation_state(dice)
    state = ENGINE.apply(state, a, "wd-N0")
    assert state.actor == b
    state = ENGINE.apply(state, b, "no")
    assert state.phase == "negotiate" and state.actor == a
    assert "wd-N0" not in {x.id for x in ENGINE.legal_actions(state, a)}
    state = ENGINE.apply(state, a, "done")
    assert state.phase == "negotiate" and state.actor == b  # b may negotiate with a's Chief too
    dice += [6, 6, 6, 6, 5, 5, 5, 5]  # attack tests without kills, then a and b fail on the hare
    state = ENGINE.apply(state, b, "done")
    assert dice == [] and state.phase == "action"


def test_lazarus_species_takes_no_refugees():
    state = after_sides(3, 4)
    big, dead_one, other = state.order
    p = state.tribes[dead_one]
    sp = p.species
    p.pool, p.elders = [], {}
    p.vocab = {c: 5 - sum(1 for pt in p.portals if pt[-1] == c) - p.parental_discs.count(c) for c in "OWB"}
    state.dead[sp] = 18
    assert board.lazarus(state, dead_one)
    state.losses = {str(big): 3}
    before = len(state.tribes[other].pool)
    assert not events.refugee(state, 1)  # a single possible host needs no choice
    assert len(state.tribes[other].pool) == before + 1 and state.tribes[dead_one].pool == []


def test_no_hand_card_when_the_predator_kills_every_hunter(dice):
    """G4/G6-C: the horse's triples give no hand card when the wolves kill every Hunter (no hit:
    piracy, and an annihilation)."""
    state = _hunting_state()
    s = state.order[0]
    p = state.tribes[s]
    sp = p.species
    p.tribal = True
    p.elders = {"6": Elder(token=sp, disc="B")}  # inexperienced: no protection from freezing
    p.elders["3"] = Elder(token=sp)  # one experienced elder: a hand is possible
    p.vocab["B"] -= 1
    state.dead[sp] -= 5
    state.south = [23, 26, 0, 0, 0, 0]  # Horse (D, triples), Wolves (freezing 6)
    state.ice_south = [False] * 6
    dice += [2, 2, 2, 6, 6, 6]  # horse: success with triples; wolves: all three frozen
    state.hunters = {"S0": [f"{s}:{sp}"] * 3}
    _phase4(state)
    assert dice == [] and p.pool == [] and p.hand == [] and state.south[0] == 23


def test_horse_and_wolves_example_piracy_but_the_wolves_go_to_hand(dice):
    """G7 example: three Hunters succeed on the horse and face the wolves; all three roll a 6, which
    the experienced Firestarter saves from freezing.  No hit: the wolves steal the horse (no Babies,
    no discs), but the triples rolled with surviving Hunters put the wolf card in the hand, and its
    slot is refilled."""
    state = _hunting_state()
    s = state.order[0]
    p = state.tribes[s]
    sp = p.species
    p.tribal = True
    p.elders = {"6": Elder(token=sp)}  # experienced Firestarter
    state.dead[sp] -= 4
    state.south = [23, 26, 0, 0, 0, 0]  # Horse, Wolves
    state.ice_south = [False] * 6
    state.deck_south.insert(0, 32)  # the replacement: Beaver
    dice += [1, 2, 5, 6, 6, 6]  # horse: success; wolves: no hit, triples
    state.hunters = {"S0": [f"{s}:{sp}"] * 3}
    _phase4(state)
    assert dice == [] and p.pool == [sp] * 3 and state.releases == []  # no Baby, no disc
    assert p.hand == [26] and state.south == [23, 32, 0, 0, 0, 0]


def test_a_predator_taken_into_a_hand_is_eliminated_for_the_other_kills(dice):
    """G4-B/G7: the first group on the wolves takes them into hand; the wolves are eliminated, so the
    other player's big-game kill is safe even if his opportunistic hunt of the replacement misses."""
    state = _hunting_state()
    a, b = state.order[0], state.order[1]
    pa, pb = state.tribes[a], state.tribes[b]
    sa, sb = pa.species, pb.species
    pa.tribal = True
    pa.elders = {"6": Elder(token=sa)}
    state.dead[sa] -= 4
    state.dead[sb] -= 4
    state.south = [23, 26, 24, 0, 0, 0]  # Horse, Wolves, European Ass
    state.ice_south = [False] * 6
    state.deck_south.insert(0, 32)  # the replacement: Beaver
    state.hunters = {"S0": [f"{a}:{sa}"] * 3, "S2": [f"{b}:{sb}"] * 4}
    dice += [1, 2, 5]  # horse: success
    dice += [1, 2, 3, 4]  # ass: success
    dice += [6, 6, 6]  # a on the wolves: no hit (piracy of the horse), triples: hand
    dice += [2, 3, 4, 6]  # b hunts the beaver instead, and misses
    _phase4(state)
    assert dice == [] and pa.hand == [26] and pa.pool == [sa] * 3
    assert pb.pool.count(sb) == 4 + 2  # the ass's 2 Babies are safe


def test_bees_example_alpha_trapper_and_two_ones_take_the_bees_into_hand(dice):
    """G6 example: an Alpha with a Trapper and two Hunters on the bees; both roll 1 and the Alpha
    counts as a 1 in small game: success, and the triples put the bees in the hand; the slot is
    refilled (G7)."""
    state = _hunting_state()
    s = state.order[0]
    p = state.tribes[s]
    sp = p.species
    p.tribal = True
    p.elders = {"5": Elder(token=sp)}  # experienced Trapper
    state.dead[sp] -= 3
    state.dead_alpha.remove(sp)
    state.south = [28, 0, 0, 0, 0, 0]  # Honey Bees: small game, D card with triples
    state.ice_south = [False] * 6
    state.deck_south.insert(0, 32)
    state.hunters = {"S0": [f"{s}:{sp}a", f"{s}:{sp}", f"{s}:{sp}"]}
    dice += [1, 1]
    _phase4(state)
    assert dice == [] and p.hand == [28] and state.south[0] == 32
    assert p.pool.count(sp) == 2 + 1 and f"{sp}a" in p.pool  # the bees' Baby


def test_string_winding_example_turns_threes_into_ones_in_small_game_only(dice):
    """G2 example: an experienced String-Winding (dart-point modifier) makes every rolled 3 a 1 in
    small-game hunts, and not in big game."""
    state = _hunting_state()
    s = state.order[0]
    p = state.tribes[s]
    sp = p.species
    p.tools = [Tool(card=33)]
    state.dead[sp] -= 2
    state.south = [32, 21, 0, 0, 0, 0]  # Beaver (small, 1x1), Red Deer (big, 2x*)
    state.ice_south = [False] * 6
    dice += [3]
    ok, _ = hunting.hunt(state, s, "S0", [f"{s}:{sp}"])
    assert ok
    dice += [3, 3]
    ok, _ = hunting.hunt(state, s, "S1", [f"{s}:{sp}"] * 2)
    assert not ok and dice == []


def test_warrior_alpha_example_kills_the_husband_and_courts(dice):
    """F2/G1 example: a Promiscuous Neanderthal with a Warrior sends his Alpha to court a married
    Cro-Magnon daughter.  The Husband (more black discs) attacks first and misses; the Alpha, a War
    Band, rolls a 2 and kills him; in phase 4 the Alpha courts without rolling and, Promiscuous,
    leaves a Refugee Baby."""
    state = _hunting_state()
    y, r = _seat(state, "Y"), _seat(state, "R")
    assert not (y is None or r is None), "the set-up must seat both species"
    py, pr = state.tribes[y], state.tribes[r]
    py.sex, pr.sex = "prom", "pair"
    py.elders = {"4": Elder(token="Y")}  # experienced Warrior
    state.dead["Y"] -= 1
    state.dead_alpha.remove("Y")
    pr.wives = [Wife(card=45, husband="R")]  # experienced Husband on his own board
    state.dead["R"] -= 1
    pr.vocab["B"], py.vocab["B"] = 5, 1
    state.suitors = {f"{r}-0": [f"{y}:Ya"]}
    state.phase = "alloc"
    dice += [3, 2]  # the Husband misses (War Band: 1-2), the Alpha kills
    fights.phase3_start(state)
    assert fights.run_fights(state) and pr.wives[0].husband == ""
    dead_r = state.dead["R"]
    hunting.phase4_start(state)
    phases.resume(state)
    assert dice == []  # the Alpha Warrior courts without rolling
    assert pr.wives[0].husband == ""  # Promiscuous: no Husband...
    assert pr.pool.count("Y") == 1 and state.dead["Y"] == 16  # ...but a Yellow Refugee Baby
    assert "Ya" in py.pool and state.dead["R"] == dead_r


def test_gathering_example_baby_kept_even_if_the_bear_kills_everyone(dice):
    """F3 example: Promiscuous Hunters on the Tyrant Sea Bear (a basket) gather a Baby in phase 3."""
    state = _hunting_state()
    s = state.order[0]
    p = state.tribes[s]
    sp = p.species
    p.sex = "prom"
    state.north = [10, 0, 0, 0, 0, 0]
    state.ice_north = [False] * 6
    state.dead[sp] -= 2
    state.hunters = {"N0": [f"{s}:{sp}"] * 2}
    state.phase = "alloc"
    fights.phase3_start(state)
    dice += [4, 5]  # the bear's ferocity kills both Hunters
    phases.resume(state)
    assert p.pool == [sp]  # the gathered Baby
    assert dice == []


def test_fog_of_love_example_old_husband_becomes_a_refugee(dice):
    """G1 example (reading A): an Archaic daughter married to a Neanderthal is courted by Archaic and
    Cro-Magnon; Archaic succeeds first: the Neanderthal ex-husband joins the Archaic pool as a
    Refugee and Cro-Magnon goes home."""
    state = _hunting_state()
    g, y, r = _seat(state, "G"), _seat(state, "Y"), _seat(state, "R")
    assert None not in (g, y, r), "the set-up must seat the three species"
    pg = state.tribes[g]
    pg.sex = "pair"
    pg.wives = [Wife(card=45, husband="Y")]
    state.dead["Y"] -= 1
    state.dead["G"] -= 1
    state.dead["R"] -= 1
    pg.vocab["O"], state.tribes[r].vocab["O"] = 4, 1  # Archaic has more orange: rolls first
    state.suitors = {f"{g}-0": [f"{g}:G", f"{r}:R"]}
    dice += [2]
    hunting.courtship(state, f"{g}-0", state.suitors.pop(f"{g}-0"))
    w = pg.wives[0]
    assert w.husband == "G" and w.husband_disc == "O"
    assert "Y" in pg.pool and state.tribes[r].pool == ["R"]
