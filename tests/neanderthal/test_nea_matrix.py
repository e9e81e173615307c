"""L "Alien Intervention" and M "The Eve": the 4x5 matrix, on hand-built states with loaded dice, and
whole games at every player count under the contract checks."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nea_helpers import check_invariants

from rules.core import MAX_BUTTON_CHOICES, MAX_CHOICES, missing_keys, play
from rules.neanderthal import ENGINE, data, events, hunting, matrix, phases, scoring
from rules.neanderthal.state import Elder, EventIcon, Wife

N = matrix.CELLS


def _matrix(players: int = 1, seed: int = 1, **options):
    """A matrix game with every sexuality chosen, then emptied for a hand-built scene: no Hunter on
    the map, every card undiscovered."""
    state = ENGINE.new_game(players, seed, {"map": "matrix", **options})
    while state.phase == "sex":
        state = ENGINE.apply(state, state.actor, ENGINE.legal_actions(state, state.actor)[0].id)
    for p in state.tribes:
        state.dead[p.species] += sum(
            1
            for toks in state.hunters.values()
            for t in toks
            if t[0] == str(state.tribes.index(p)) and not t.endswith("a")
        )
    state.hunters, state.camp, state.losses_to_choose, state.icons_to_resolve, state.lots_to_share = {}, {}, [], [], []
    state.shown = [False] * N
    state.eliminated, state.used, state.releases = [], [], []
    if state.phase in ("buy", "lose", "flip"):  # the turn's daughter waits no more
        state.removed.append(state.event_card)
        state.phase = "action"
    return state


def _on(state, seat: int, cell: int, n: int = 1, alpha: bool = False) -> None:
    """Puts ``n`` tribesmen of ``seat`` (from the dead pile) on a cell, which is revealed."""
    sp = state.tribes[seat].species
    state.shown[cell] = True
    if alpha:
        state.dead_alpha.remove(sp)
        state.hunters.setdefault(f"M{cell}", []).append(f"{seat}:{sp}a")
        return
    state.dead[sp] -= n
    state.hunters.setdefault(f"M{cell}", []).extend([f"{seat}:{sp}"] * n)


# -- L1 setup ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3])
def test_setup_matrix_with_home_biomes(players):
    """L1: a face-down 4x5 matrix, North cards above, South below; each home biome and the cards
    sharing an edge with it are revealed, the unassigned tribesmen on it (L1-B)."""
    state = ENGINE.new_game(players, 5, {"map": "matrix", "artifacts": "3"})
    assert state.variant == ("alien" if players == 1 else "eve")
    assert state.goal == (3 if players == 1 else 0)
    assert all(c in data.NORTH for c in state.grid[:10]) and all(c in data.SOUTH for c in state.grid[10:])
    revealed = set()
    for seat, sp in enumerate(state.seats):
        home = data.HOME[sp]
        assert state.hunters[f"M{home}"] == [f"{seat}:{sp}"] * data.START_POOL and state.tribes[seat].pool == []
        revealed |= {home, *matrix.neighbours(home)}
    assert {i for i in range(N) if state.shown[i]} == revealed
    assert matrix.neighbours(7) == [2, 6, 8, 12] and matrix.neighbours(0) == [1, 5]  # edges, no diagonals
    view = ENGINE.view(state, None)
    assert [c != 0 for c in view.grid] == state.shown  # undiscovered cards stay hidden
    assert view.cells.count("u") == N - len(revealed)
    check_invariants(state)


# -- L3 events ---------------------------------------------------------------------------------------------


def _column(state, cards: dict[int, int]) -> None:
    """Puts the given biome cards on the cells, swapping them with wherever they were."""
    for i, c in cards.items():
        old = state.grid[i]
        if c in state.grid:
            j = state.grid.index(c)
            state.grid[i], state.grid[j] = c, old
            continue
        for pile in (state.deck_north, state.deck_south, state.removed):
            if c in pile:
                pile[pile.index(c)] = old
        state.grid[i] = c


def test_warming_example_the_moved_card_replaces_an_undiscovered_one():
    """L3-B example: "uma carta descoberta move-se para o norte em uma carta não descoberta ... a
    carta não descoberta é substituída pela descoberta"; the Hunters follow the moved card (L3-D)."""
    state = _matrix(seed=2)
    _column(state, {5: 5, 10: 30})  # Musk Ox undiscovered above the Hazelnut Grove (climate 2)
    _on(state, 0, 10, 2)
    top = state.deck_south[0]
    matrix.warming(state)
    assert state.grid[10] == top and state.shown[10]
    assert state.grid[5] == 30 and state.shown[5] and 5 in state.removed
    assert state.hunters == {"M5": ["0:" + state.tribes[0].species] * 2}
    check_invariants(state)


def test_warming_example_the_moved_card_pushes_a_discovered_one_north():
    """L3-B: "Se a carta tivesse sido transferida para uma carta descoberta, ela teria empurrado
    para cima e essa carta, por sua vez, teria seguido as regras de movimento"."""
    state = _matrix(seed=2)
    _column(state, {0: 2, 5: 1, 10: 30})
    _on(state, 0, 5, 3)  # Hunters on the revealed Woolly Mammoth go north with it
    state.shown[10] = True
    matrix.warming(state)
    assert state.grid[5] == 30 and state.grid[0] == 1 and 2 in state.removed
    assert state.hunters == {"M0": ["0:" + state.tribes[0].species] * 3}
    check_invariants(state)


def test_warming_example_the_moved_card_melts_an_ice_barrier():
    """L3-B: "Se a carta tivesse sido movida para uma barreira de gelo, a carta em movimento seria
    descartada e a barreira de gelo teria derretido ... e se tornado um bioma ainda não descoberto";
    its Hunters go to an adjacent revealed card (L3-E)."""
    state = _matrix(seed=2)
    _column(state, {5: 3, 10: 30, 11: 29})
    state.grid_ice[5] = True
    _on(state, 0, 10, 2)
    state.shown[11] = True
    matrix.warming(state)
    assert 30 in state.removed and state.grid[5] == 3 and not state.grid_ice[5] and not state.shown[5]
    assert state.hunters == {"M11": ["0:" + state.tribes[0].species] * 2}
    check_invariants(state)


def test_cooling_weighs_only_revealed_cards():
    """L3-C: "Considere apenas o clima das cartas reveladas"."""
    state = _matrix(seed=3)
    _column(state, {0: 14, 1: 9, 6: 1})  # the Salmon (12) is undiscovered, the Hyena (18) revealed
    state.shown[1] = state.shown[6] = True
    top = state.deck_north[0]
    matrix.cooling(state)
    assert state.grid[1] == top and state.grid_ice[1] and not state.shown[1]
    assert state.grid[6] == 9 and state.grid[11] == 1  # the Hyena pushes the Mammoth down the column


def test_a_card_pushed_off_the_matrix_leaves_and_its_hunters_stay():
    """L3-B cascade down a whole column: the last card leaves the game and its Hunters stay on the
    card that took its place (L3-D "os membros da tribo habitam a nova carta")."""
    state = _matrix(seed=3)
    _column(state, {0: 14, 5: 7, 10: 19, 15: 24})
    for i in (0, 5, 10, 15):
        state.shown[i] = True
    _on(state, 0, 15, 1)
    matrix.cooling(state)  # the Salmon (12) is the coldest revealed North card
    assert state.grid_ice[0] and [state.grid[i] for i in (5, 10, 15)] == [14, 7, 19] and 24 in state.removed
    assert state.hunters == {"M15": ["0:" + state.tribes[0].species]}
    check_invariants(state)


def test_no_revealed_card_means_no_climate_shift():
    state = _matrix(seed=3)
    grid, ice = list(state.grid), list(state.grid_ice)
    matrix.cooling(state)
    matrix.warming(state)
    assert state.grid == grid and state.grid_ice == ice  # L3-C: "ignore o evento se nenhuma carta for revelada"


def test_refuge_kills_a_hunter_of_the_players_choice():
    """L3-H: "Refúgio. Isso mata um Caçador"."""
    state = _matrix(seed=4)
    _on(state, 0, 7, 2)
    _on(state, 0, 8, 1)
    state.icons_to_resolve = [EventIcon("ref", 1)]
    assert not events.resolve_queue(state)
    assert state.phase == "lose" and {a.id for a in ENGINE.legal_actions(state, 0)} == {"lt-7", "lt-8"}
    state = ENGINE.apply(state, 0, "lt-8")
    sp = state.tribes[0].species
    assert state.hunters.get("M8", []) == [] and state.hunters["M7"] == [f"0:{sp}"] * 2


def test_chaos_counts_the_hunters_on_the_map():
    """L3-G: "Todos os Caçadores no mapa contam como membros da tribo não alocados" for the chaos."""
    state = _matrix(seed=4)
    p = state.tribes[0]
    p.vocab = {"O": 1, "W": 1, "B": 0}
    p.parental_discs = ""
    p.portals = []
    p.elders = {}
    _on(state, 0, 7, 4)
    state.icons_to_resolve = [EventIcon("chaos", 1)]
    events.resolve_queue(state)
    assert sum(len(v) for v in state.hunters.values()) == 2  # 4 > 2 words: half of them die


# -- L4 buying a daughter -------------------------------------------------------------------------------


def test_a_daughter_costs_one_disc_more_than_the_daughters_owned():
    """L4: "pagar discos iguais à quantidade de filhas que você já tem +1"; the Caring Woman pays one
    less, the Singer Woman pays in any colour."""
    state = _matrix(seed=6)
    p = state.tribes[0]
    p.sex = "harem"
    state.event_card = 47  # the Singer, bid media orange
    p.wives = [Wife(card=41)]
    assert matrix.price(state, 0) == 2
    p.wives = [Wife(card=45), Wife(card=41)]  # the Caring Woman, experienced
    assert matrix.price(state, 0) == 2
    assert matrix.pay_colours(state, 0) == "O"
    p.wives.append(Wife(card=47 - 1))  # Generous Woman
    state.event_card = 53
    p.wives[2] = Wife(card=47)
    assert matrix.pay_colours(state, 0) == "OWB"


def test_buying_then_paying_the_colours_chosen():
    state = _matrix(seed=6)
    p = state.tribes[0]
    state.event_card = 46  # Generous Woman, black or orange
    state.removed.remove(46) if 46 in state.removed else None
    p.vocab = {"O": 3, "W": 3, "B": 3}
    p.wives = []
    assert matrix.next_buyer(state, 0) and state.phase == "buy"
    state = ENGINE.apply(state, 0, "buy")
    assert state.phase == "pay" and {a.id for a in ENGINE.legal_actions(state, 0)} == {"pay-B", "pay-O"}


# -- L5 movement ----------------------------------------------------------------------------------------------


def test_movement_to_adjacent_revealed_cards_or_own_camps_and_discovery():
    """L5-A: stay, move to an adjacent revealed card, migrate to a card with your Hunters, or become
    an Elder or a Husband; L5-B then reveals the cards next to the Hunters."""
    state = _matrix(seed=8)
    p = state.tribes[0]
    p.vocab = {"O": 5, "W": 5, "B": 5}
    _on(state, 0, 7, 2)
    state.shown[6] = state.shown[8] = True
    _on(state, 0, 17, 1)
    matrix.start_move(state)
    ids = {a.id for a in ENGINE.legal_actions(state, 0)}
    assert {"mv-7-6", "mv-7-8", "mv-7-17", "mv-17-7", "done"} <= ids
    assert "mv-7-2" not in ids and "mv-7-12" not in ids  # undiscovered cards cannot be entered
    state = ENGINE.apply(state, 0, "mv-7-8")
    ids = {a.id for a in ENGINE.legal_actions(state, 0)}
    assert "mv-8-9" not in ids  # a Hunter moves once a turn
    state.shown[9] = False
    state = ENGINE.apply(state, 0, "done")
    assert state.shown[9] and state.shown[3] and state.shown[13]  # next to the moved Hunter


# -- L6 hunting ---------------------------------------------------------------------------------------------------


def _hunt_here(state, cell: int, card: int, n: int) -> None:
    _column(state, {cell: card})
    _on(state, 0, cell, n)


def test_first_hunt_marks_an_artifact_only_with_a_success_and_a_six(dice):
    """L6-A: a success with a "6" showing finds an artifact (orange marker), any other first hunt
    leaves a black one; a card already marked keeps its marker."""
    state = _matrix(seed=9)
    _hunt_here(state, 7, 29, 2)  # European Rabbit: one hit on a "*" die
    _hunt_here(state, 8, 32, 2)  # Beaver: one hit on a "1"
    dice += [1, 6, 3, 6]
    hunting.hunt(state, 0, "M7", state.hunters["M7"])
    hunting.hunt(state, 0, "M8", state.hunters["M8"])
    assert state.marks[7] == "O" and state.marks[8] == "B"
    dice += [5, 5]
    hunting.hunt(state, 0, "M7", state.hunters["M7"])
    assert state.marks[7] == "O"


def _artifact_turn_state(dice):
    state = _matrix(seed=9)
    p = state.tribes[0]
    p.vocab = {"O": 5, "W": 5, "B": 5}
    for cell, card in ((7, 29), (8, 32), (12, 30)):
        _hunt_here(state, cell, card, 1)
    state.marks[7] = state.marks[8] = "O"
    state.event_deck = state.event_deck[:2]
    phases.start_turn(state)
    state.used.append(f"turn:{state.turn}")
    while state.phase != "move":
        state = ENGINE.apply(state, state.actor, ENGINE.ai_action(state, state.actor))
    return state


def test_two_artifacts_hunted_in_one_turn_end_the_game_with_the_win(dice):
    """L6-B: "Se você, durante um mesmo turno, caçar com sucesso 2 biomas que tinham discos laranja
    no começo deste turno, o jogo termina ao final do turno" (2 artifacts: the easy level)."""
    state = _artifact_turn_state(dice)
    state = ENGINE.apply(state, 0, "done")
    assert state.phase == "order1"
    dice += [1, 1, 4]
    while state.phase == "order1":
        state = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0].id)
    assert state.signal and sorted(state.artifacts_hunted) == [7, 8]
    turn = state.turn
    while state.phase != "over":
        state = ENGINE.apply(state, state.actor, ENGINE.ai_action(state, state.actor))
    assert state.turn == turn and ENGINE.outcome(state).for_seat(0).winner  # it ended with that turn


def test_one_artifact_is_not_enough_and_three_are_needed_at_level_three(dice):
    state = _artifact_turn_state(dice)
    state.goal = 3
    state = ENGINE.apply(state, 0, "done")
    dice += [1, 1, 4]
    while state.phase == "order1":
        state = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0].id)
    assert len(state.artifacts_hunted) == 2 and not state.signal


def test_predator_on_an_adjacent_card_attacks_after_a_big_game_success(dice):
    """L6-C: "Predadores atacam após caçadas bem-sucedidas se estiverem em qualquer carta revelada
    adjacente"; no hit there is piracy (G4-B)."""
    state = _matrix(seed=10)
    _hunt_here(state, 7, 24, 2)  # European Ass: big game, 2 "*" hits
    _column(state, {12: 25})  # Scimitar Cat below it, revealed
    state.shown[12] = True
    hunting.phase4_start(state)
    dice += [1, 2, 3, 4]  # the ass is killed; at the cat: no hit (4 is ferocity: one dies)
    phases.resume(state)
    assert state.hunters == {"M12": ["0:" + state.tribes[0].species]}
    assert any(e.text.key == "neanderthal.ev.piracy" for e in state.events)


def test_a_trophy_card_leaves_a_gap_and_its_hunters_move_next_door(dice):
    """L6-D: "Se um bioma é tomado como troféu, realoque quaisquer Caçadores para um bioma adjacente e
    revelado"; the artifact marker stays in the emptied space.  L6-E: the Babies stay on the card."""
    state = _matrix(seed=11)
    _hunt_here(state, 7, 13, 3)  # Arctic Fox: 2 "*" hits, trophy with doubles
    _column(state, {8: 12})
    state.shown[8] = True
    state.marks[7] = "O"
    hunting.phase4_start(state)
    dice += [1, 1, 5]
    phases.resume(state)
    sp = state.tribes[0].species
    assert state.grid[7] == 0 and state.marks[7] == "O" and 13 in state.tribes[0].trophies
    assert state.hunters == {"M8": [f"0:{sp}"] * 3}


def test_babies_are_born_on_the_hunted_card(dice):
    state = _matrix(seed=11)
    _hunt_here(state, 7, 29, 1)  # European Rabbit: 1 Baby
    hunting.phase4_start(state)
    dice += [1]
    phases.resume(state)
    assert state.hunters == {"M7": [f"0:{state.tribes[0].species}"] * 2}


# -- M co-operative game -------------------------------------------------------------------------------


def test_combined_hunt_shares_the_gains_and_assimilates_a_husband(dice):
    """M3-A: two players pool their Hunters for one test and share its gains as they wish; M3-B: a
    survivor of one is assimilated with the other's Husband."""
    state = _matrix(players=2, seed=12)
    a, b = state.order[0], state.order[1]
    pa, pb = state.tribes[a], state.tribes[b]
    _column(state, {7: 29})  # European Rabbit: 1 Baby, no disc
    _on(state, a, 7, 1)
    _on(state, b, 7, 1)
    pb.wives = [Wife(card=state.event_aside.pop(), husband=pa.species)]  # a's Husband on b's board
    state.dead[pa.species] -= 1
    hunting.phase4_start(state)
    dice += [1, 5]
    phases.resume(state)
    assert state.phase == "share" and state.actor == a
    assert {x.id for x in ENGINE.legal_actions(state, a)} == {f"to-{a}", f"to-{b}"}
    state = ENGINE.apply(state, a, f"to-{b}")  # the Baby goes to b, from b's dead pile
    assert state.phase == "share"
    assert {x.id for x in ENGINE.legal_actions(state, a)} == {f"as-{b}-{b}-0", "as-none"}
    state = ENGINE.apply(state, a, f"as-{b}-{b}-0")
    w = state.tribes[b].wives[0]
    assert w.husband == pa.species and w.assimilated == pb.species
    assert sorted(state.hunters["M7"]) == sorted([f"{a}:{pa.species}", f"{b}:{pb.species}"])
    check_invariants(state)


def test_eve_victory_needs_every_player_tribal_with_two_husbands_assimilated_with_each_other():
    """M4: tribal with an Elder and an Alpha, and 2 experienced Husbands, one assimilated with each
    other player."""
    state = _matrix(players=2, seed=13)
    a, b = 0, 1
    pa, pb = state.tribes[a], state.tribes[b]
    for p in (pa, pb):
        p.tribal = True
        p.elders = {"1": Elder(token=p.species)}
        state.dead_alpha.remove(p.species)
        p.pool.append(p.species + "a")
    # b's two Husbands on a's board, one assimilated with a Hunter of a (the pair is a Husband of both)
    pa.wives = [Wife(card=45, husband=pb.species, assimilated=pa.species), Wife(card=46, husband=pb.species)]
    assert scoring.eve_goals(state, b) and not scoring.eve_goals(state, a)
    pb.wives = [Wife(card=47, husband=pa.species, husband_disc="O")]  # inexperienced: not yet
    assert not scoring.eve_goals(state, a) and not scoring.solo_won(state)
    pb.wives[-1].husband_disc = ""
    assert scoring.eve_goals(state, a) and scoring.solo_won(state)


# -- whole games -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3])
@pytest.mark.parametrize("policy", ["ai", "random"])
def test_matrix_games_end_replay_and_keep_their_invariants(players, policy):
    options = {"map": "matrix", "artifacts": "2"}
    for seed in range(2):

        def on_step(before, after, seat, aid):
            check_invariants(after)
            assert ENGINE.load(ENGINE.dump(after)) == after
            texts = [e.text for e in after.events]
            for s in ENGINE.to_act(after):
                acts = ENGINE.legal_actions(after, s)
                assert acts and len(acts) <= MAX_CHOICES
                ENGINE.validate_actions(acts)
                groups = Counter(a.group.key if a.group else None for a in acts)
                assert len(acts) <= MAX_BUTTON_CHOICES or sum(-(-n // 25) for n in groups.values()) <= 4
                texts += [ENGINE.prompt(after, s), *(a.label for a in acts)]
            assert not missing_keys(texts), missing_keys(texts)
            for viewer in [None, *range(players)]:
                v = ENGINE.view(after, viewer)
                for pv in v.tribes:  # M: partners see each other's hands; the channel never does
                    assert pv.hand is None or pv.seat == viewer or (after.variant == "eve" and viewer is not None)
                assert all(v.grid[i] == 0 for i in range(N) if not after.shown[i] or after.grid_ice[i])

        final, log = play(ENGINE, players, seed, options, policy=policy, on_step=on_step)
        out = ENGINE.outcome(final)
        assert out is not None and ENGINE.replay(players, seed, options, log) == final
        assert len({r.winner for r in out.results if r.seat is not None}) == 1  # one fate for all


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 3), seed=st.integers(0, 10_000), artifacts=st.sampled_from(data.ARTIFACTS))
def test_random_matrix_games_keep_their_invariants(players, seed, artifacts):
    def on_step(before, after, seat, aid):
        check_invariants(after)

    final, _ = play(
        ENGINE, players, seed, {"map": "matrix", "artifacts": str(artifacts)}, policy="random", on_step=on_step
    )
    assert ENGINE.to_act(final) == [] and final.goal == (artifacts if players == 1 else 0)


@pytest.mark.slow
def test_many_matrix_games():
    for players in (1, 2, 3):
        for seed in range(40):
            play(
                ENGINE,
                players,
                2000 + seed,
                {"map": "matrix"},
                policy="mixed",
                on_step=lambda b, a, s, i: check_invariants(a),
            )
