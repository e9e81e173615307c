"""Every checkable rule: turns and Nation cards, recruitment, battles, captures, leaders, the end."""

import json

import pytest
from perg_helpers import act, all_cards, fixture, ids, make

from rules.core import GameOver, IllegalAction, NotYourTurn, missing_keys, t
from rules.pergamemnon import ENGINE, data
from rules.pergamemnon.turn import payment


# -- setup -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup(players):
    s = ENGINE.new_game(players, seed=players)
    assert len(s.row) == 2 * players and len(s.creature_deck) == 2 * players
    assert len({p.nation for p in s.nations}) == players
    for p in s.nations:
        assert len(p.hand) == (4 if p.nation == "per" else 3)
        assert len(p.hand) + len(p.deck) == 11
        assert p.charisma == (5 if p.nation == "rom" else 1)
    assert s.supply + sum(p.charisma for p in s.nations) == 21
    assert s.hidden_out == 24 - 4 * players


def test_first_player_option():
    assert ENGINE.new_game(4, seed=9, options={"first": "host"}).turn == 0
    assert {ENGINE.new_game(4, seed=k).turn for k in range(20)} == {0, 1, 2, 3}


# -- turns and Nation cards ------------------------------------------------------------------
def _four():
    return make(
        ["gre", "egy", "per", "car"], [["G6", "G3", "G4"], ["M05", "E4", "E5"], ["P1", "P2", "P3"], ["C1", "C2", "C3"]]
    )


def test_no_pass_and_attack_targets_active_nations_only():
    s = _four()
    assert "pass" not in ids(s)
    assert {i for i in ids(s) if i.startswith("atk")} == {"atk-1", "atk-2", "atk-3"}
    s.nations[2].active = False
    assert "atk-2" not in ids(s)
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, "atk-2")
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, "atk-0")


def test_after_a_defender_win_play_passes_on_from_the_defender(monkeypatch):
    """A attacks C and loses: C plays, then D (not B)."""
    weak = fixture(monkeypatch, "W1", "sw", 1)
    s = make(
        ["gre", "egy", "per", "car"],
        [[weak, "G3", "G4"], ["E1", "E4", "E5"], ["P1", "P2", "P3", "P6"], ["C1", "C2", "C3"]],
        charisma=[1, 1, 1, 0],
    )
    s = act(s, "atk-2", f"card-{weak}", "card-P1")  # helmet 2 >= sword 1, Guard counters with sword 7
    s = act(s, "yield") if s.phase == "reinforce" else s
    while s.phase in ("place", "discard"):
        s = act(s, "done" if s.phase == "discard" else "pile")
    assert s.result == "dfn" and (s.phase, s.actor) == ("turn", 2)
    assert not s.nations[0].active
    # C recruits: then D plays
    s.nations[2].hand[0] = "P0"
    rec = next(i for i in ids(s) if i.startswith("rec-"))
    s = act(s, rec)
    assert (s.phase, s.actor) == ("turn", 3)


def test_reactivation_when_only_one_nation_is_active():
    s = make(
        ["gre", "egy", "per"], [["G0", "G3", "G4"], ["E1", "E2", "E3"], ["P1", "P2", "P3", "P6"]], charisma=[1, 1, 1]
    )
    s.nations[1].active = False
    s = act(s, next(i for i in ids(s) if i.startswith("rec-")))
    assert all(p.active for p in s.nations)  # only the Persians were left: all flip back
    assert s.actor == 1


def test_two_players_have_no_nation_cards(monkeypatch):
    s = make(["gre", "rom"], [["G1", "G3", "G4"], ["R9", "R2", "R3"]])
    s = act(s, "atk-1", "card-G1", "card-R9")  # sword 9 against helmet 3: the Greeks win
    s = act(s, "yield") if s.phase == "reinforce" else s
    while s.phase in ("place", "discard"):
        s = act(s, "done" if s.phase == "discard" else "pile")
    assert s.result == "att" and all(p.active for p in s.nations)
    assert (s.phase, s.actor) == ("turn", 0) and "atk-1" in ids(s)


# -- recruitment -------------------------------------------------------------------------
def test_no_charisma_card_under_the_city_no_recruit():
    s = make(["egy", "gre"], [["E0", "E1", "E2"], ["G1", "G2", "G3"]], charisma=[0, 1])
    assert not any(i.startswith("rec-") for i in ids(s))  # Nefertiti's 7 alone is not enough
    s.nations[0].charisma = 1
    assert any(i.startswith("rec-") for i in ids(s))
    cheap = min(s.row, key=lambda c: data.CARDS[c].cost)
    dear = max(s.row, key=lambda c: data.CARDS[c].cost)
    assert f"rec-{cheap}" in ids(s)
    if data.CARDS[dear].cost > 8:
        with pytest.raises(IllegalAction):
            ENGINE.apply(s, 0, f"rec-{dear}")


def test_nation_charisma_modifiers(monkeypatch):
    m = fixture(monkeypatch, "M90", "sw", 5, cost=6, pts=2)
    s = make(["car", "gre"], [["C0", "C3", "C5"], ["G1", "G3", "G4"]], charisma=[2, 3], row=[m, "M01", "M02", "M03"])
    assert "rec-M90" in ids(s)  # Carthage: 3 + 2 + 1 >= 6
    s.nations[0].fallen = True
    assert "rec-M90" not in ids(s)  # Hannibal captured: the advantage is lost
    g = make(["gre", "car"], [["G0", "G3", "G5"], ["C1", "C2", "C3"]], charisma=[1, 1], row=[m, "M01", "M02", "M03"])
    assert "rec-M90" in ids(g)  # 5 + 1
    g.nations[0].fallen = True
    assert "rec-M90" not in ids(g)  # Agamemnon captured: +1 needed
    g.nations[0].charisma = 2
    assert "rec-M90" in ids(g)


def test_payment_uses_captured_cards_and_removes_them(monkeypatch):
    m = fixture(monkeypatch, "M90", "sw", 5, cost=8, pts=2)
    s = make(["gre", "rom"], [["G0", "G3", "G5"], ["R1", "R2", "R3"]], charisma=[1, 5], row=[m, "M01", "M02", "M03"])
    s.nations[0].city = ["R0"]  # Caesar, charisma 3, captured
    assert payment(s.nations[0], 8) == (0, ["R0"])  # 5 + 3: no Charisma card needed
    supply = s.supply
    s = act(s, "rec-M90")
    assert "R0" in s.box and s.nations[0].city == [] and s.nations[0].charisma == 1 and s.supply == supply


def test_recruit_refills_the_row_and_the_game_ends_when_too_few_creatures():
    s = make(["gre", "rom"], [["G0", "G3", "G5"], ["R1", "R2", "R3"]], row=["M01", "M02"], creature_deck=[])
    s = act(s, "rec-M01")
    assert s.phase == "over" and s.end_reason == "creatures"
    assert s.nations[0].hand == []  # the game ends at once: no new hand
    assert ENGINE.to_act(s) == [] and ENGINE.outcome(s) is not None
    with pytest.raises(GameOver):
        ENGINE.apply(s, 0, "atk-1")


# -- battles and captures ------------------------------------------------------------------
def test_the_attackers_card_is_hidden_until_the_defence(monkeypatch):
    s = make(["rom", "gre", "egy"], [["R1", "R2", "R3"], ["G1", "G2", "G3"], ["E1", "E2", "E3"]])
    s = act(s, "atk-1", "card-R1")
    for seat in (None, 1, 2):
        v = ENGINE.view(s, seat)
        assert v.battle.attacker_cards == ["?"] and v.battle.weapon == "sw"
        dumped = json.loads(v.model_dump_json())
        assert all(p["hand"] is None for p in dumped["nations"] if p["seat"] != seat)
    assert ENGINE.view(s, 0).battle.attacker_cards == ["R1"]
    assert all(a.secret for a in ENGINE.legal_actions(s, 1))
    with pytest.raises(NotYourTurn):
        ENGINE.apply(s, 0, "card-R2")
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 1, "card-R2")  # not in the defender's hand


def test_a_face_down_card_appears_in_no_other_view(monkeypatch):
    secret = fixture(monkeypatch, "ZZSECRET", "bo", 4, 1, 1, 1)
    s = make(["rom", "gre", "egy"], [[secret, "R2", "R3"], ["G1", "G2", "G3"], ["E1", "E2", "E3"]])
    assert "ZZSECRET" not in ENGINE.view(s, None).model_dump_json()
    s = act(s, "atk-1", f"card-{secret}")
    for seat in (None, 1, 2):
        assert "ZZSECRET" not in ENGINE.view(s, seat).model_dump_json()
    assert "ZZSECRET" in ENGINE.view(s, 0).model_dump_json()
    s = act(s, "card-G1")  # revealed together with the defence
    assert "ZZSECRET" in ENGINE.view(s, None).model_dump_json()


def test_hands_only_in_the_owners_view():
    s = ENGINE.new_game(4, seed=3)
    for seat in (None, 0, 1, 2, 3):
        v = json.loads(ENGINE.view(s, seat).model_dump_json())
        for p in v["nations"]:
            assert (p["hand"] is not None) == (p["seat"] == seat)
            assert "deck" not in p


def _win(monkeypatch, loser_nation, loser_cards, winner_nation="per", pick="pile"):
    big = fixture(monkeypatch, "BIG", "sw", 20, 20, 20, 20)
    hand2 = list(loser_cards) + [c for c in data.ARMY[loser_nation] if c not in loser_cards][: 3 - len(loser_cards)]
    s = make(
        [winner_nation, loser_nation],
        [[big, "P1", "P2", "P3"] if winner_nation == "per" else [big, *data.ARMY[winner_nation][1:3]], hand2],
    )
    s = act(s, "atk-1", f"card-{big}", f"card-{loser_cards[0]}")
    for c in loser_cards[1:]:
        s = act(s, f"card-{c}")
    if s.phase == "reinforce":
        s = act(s, "yield")
    while s.phase == "place":
        s = act(s, pick)
    return s


def test_capture_to_pile_or_city(monkeypatch):
    s = _win(monkeypatch, "rom", ["R1"], pick="city")  # Centurion, charisma 2
    assert s.nations[0].city == ["R1"] and "R1" not in s.nations[0].discard
    s = _win(monkeypatch, "rom", ["R5"])  # Ballista: no charisma, straight to the pile
    assert "R5" in s.nations[0].discard and s.phase in ("discard", "turn")


def test_flee_secured_and_egypt(monkeypatch):
    s = _win(monkeypatch, "car", ["C7"])  # a Slinger flees
    assert "C7" in s.box and "C7" not in s.nations[0].discard
    s = _win(monkeypatch, "car", ["C7"], winner_nation="egy")  # Egypt captures fleeing cards
    assert "C7" in s.nations[0].discard
    s = _win(monkeypatch, "gre", ["G1"])  # Hercules: secured under the owner's City
    assert s.nations[1].secured == ["G1"] and "G1" not in s.nations[0].discard


def test_caesar_captured(monkeypatch):
    s = _win(monkeypatch, "rom", ["R0"])
    assert s.nations[1].fallen
    from rules.pergamemnon.flow import defence_value

    assert defence_value(s, 1, "R1", "sw") == data.CARDS["R1"].helm - 1


def test_hannibal_captured(monkeypatch):
    s = _win(monkeypatch, "car", ["C0"])
    from rules.pergamemnon.flow import attack_value

    assert s.nations[1].fallen and attack_value(s, 1, "C1") == data.CARDS["C1"].attack - 1


def test_nefertiti_captured_removes_egyptian_flee_cards(monkeypatch):
    s = _win(monkeypatch, "egy", ["E0"])
    p = s.nations[1]
    assert p.fallen
    assert not any(data.CARDS[c].flee for c in [*p.hand, *p.deck, *p.discard])
    assert {"E1", "E2", "E3", "E9"} <= set(s.box)


def test_xerxes_captured(monkeypatch):
    big = fixture(monkeypatch, "BIG", "sw", 20, 20, 20, 20)
    s = make(["gre", "per"], [[big, "G2", "G3"], ["P0", "P1", "P2", "P3"]])
    s = act(s, "atk-1", f"card-{big}", "card-P0", "yield")
    while s.phase == "place":
        s = act(s, "pile")
    assert s.nations[1].fallen and s.nations[1].hand_size() == 3
    assert "P0" in s.nations[0].discard
    s = act(s, "done")
    assert len(s.nations[1].hand) == 3  # the extra card stays until played
    # from now on every Persian card flees when beaten
    s2 = make(["gre", "per"], [[big, "G2", "G3"], ["P1", "P2", "P3"]])
    s2.nations[1].fallen = True
    s2 = act(s2, "atk-1", f"card-{big}", "card-P1", "yield")
    assert "P1" in s2.box


def test_reinforcement_only_when_short_and_at_most_two_cards(monkeypatch):
    a = fixture(monkeypatch, "A1", "sw", 6)
    d1 = fixture(monkeypatch, "D1", "sw", 1, helm=2)
    d2 = fixture(monkeypatch, "D2", "sw", 1, helm=1)
    s = make(["per", "gre"], [[a, "P1", "P2", "P3"], [d1, d2, "G3"]])
    s = act(s, "atk-1", f"card-{a}", f"card-{d1}")
    assert set(ids(s)) == {"card-D2", "card-G3", "yield"}
    s = act(s, f"card-{d2}")  # 2 + 1 < 6 and two cards already
    assert s.result == "att"


def test_army_exhaustion_ends_the_game(monkeypatch):
    big = fixture(monkeypatch, "BIG", "sw", 20, 20, 20, 20)
    s = make(["per", "gre"], [[big, "P1", "P2", "P3"], ["G2", "G3", "G4"]], decks=[data.ARMY["per"][4:], []])
    s = act(s, "atk-1", f"card-{big}", "card-G2", "yield")
    while s.phase == "place":
        s = act(s, "pile")
    assert s.phase == "over" and s.end_reason == "army"
    assert ENGINE.outcome(s).for_seat(0).winner
    end = s.events[-1].text
    assert end.key == "pergamemnon.ev.end_army" and t(end, "en", names=["Ann", "Bob"]).startswith("Bob has only 2")


def test_card_conservation_in_a_battle(monkeypatch):
    s = _four()
    before = sorted(all_cards(s))
    s = act(s, "atk-1", "card-G6")
    assert sorted(all_cards(s)) == before
    s = act(s, "card-M05")
    assert sorted(all_cards(s)) == before


# -- scoring ---------------------------------------------------------------------------------
def test_scoring_zones_and_tiebreak():
    s = make(["rom", "car"], [["R1", "R2", "R3"], ["C1", "C2", "C3"]])
    a, b = s.nations
    a.deck, a.discard, b.deck, b.discard = [], [], [], []
    a.hand, b.hand = ["R1"], ["C5"]  # 1 point and 0 points
    a.city = ["C3", "M04"]  # a captured army does not score, a creature does (3)
    b.secured = ["M05"]  # Sphinx 3, secured
    b.hand.append("C10")  # 1 point
    s.phase, s.actor = "over", -1
    o = ENGINE.outcome(s)
    assert o.for_seat(0).score == 4 and o.for_seat(1).score == 4
    assert o.for_seat(0).breakdown["pergamemnon.score.creatures"] == 3
    assert o.for_seat(1).breakdown["pergamemnon.score.secured"] == 3
    # tie on points: the most powerful creature (Sphinx cost 8 > Minotaur 7)
    assert o.winners == [1]
    b.secured = ["M04"]
    a.city = ["C3", "M05"]
    assert ENGINE.outcome(s).winners == [0]
    a.city = ["C3", "M04"]
    assert ENGINE.outcome(s).winners == [0, 1]  # still tied: a shared victory


def test_the_player_chooses_how_to_pay_with_captured_cards(monkeypatch):
    m = fixture(monkeypatch, "M90", "sw", 5, cost=8, pts=2)
    s = make(["gre", "rom"], [["G0", "G3", "G5"], ["R3", "R4", "R5"]], charisma=[1, 5], row=[m, "M01", "M02", "M03"])
    s.nations[0].city = ["R0", "R1"]  # Caesar (3) and the Centurion (2)
    s = act(s, "rec-M90")
    assert s.phase == "pay" and s.actor == 0
    assert ids(s) == ["pay-0-R0", "pay-1-R1"]  # 5 + 3, or 5 + 1 + 2; never both (superfluous)
    labels = [a.label for a in ENGINE.legal_actions(s, 0)]
    assert not missing_keys(labels)
    assert "Centurion" in t(labels[1], "en")
    supply = s.supply
    s = act(s, "pay-1-R1")
    assert s.nations[0].city == ["R0"] and s.nations[0].charisma == 0 and s.supply == supply + 1 and "R1" in s.box
    assert "M90" in s.nations[0].discard and s.phase == "turn" and s.actor == 1


def test_cards_beaten_with_xerxes_are_captured_with_him(monkeypatch):
    """Xerxes' drawback («passam a ter a habilidade de “fuga” quando perdem uma batalha») starts after his
    capture: the cards beaten in the same battle are captured with him, whatever their order."""
    big = fixture(monkeypatch, "BIG", "sw", 20, 20, 20, 20)
    s = make(["gre", "per"], [[big, "G2", "G3"], ["P0", "P2", "P3", "P6"]])
    s = act(s, "atk-1", f"card-{big}", "card-P0", "card-P2")  # Xerxes first, the Guard as reinforcement
    assert s.phase == "place" and s.pending == ["P0", "P2"]
    s = act(s, "pile", "pile")
    assert {"P0", "P2"} <= set(s.nations[0].discard) and "P2" not in s.box
    assert s.nations[1].fallen


def test_turn_and_payment_choices_are_private(monkeypatch):
    """The creatures a player can afford, and the pay labels, tell the hand's charisma (Nefertiti's 7): the
    turn's choices are offered privately, and the channel's prompt does not show the hand card's value."""
    m = fixture(monkeypatch, "M90", "sw", 5, cost=8, pts=2)
    s = make(["egy", "rom"], [["E0", "E4", "E5"], ["R3", "R4", "R5"]], charisma=[1, 5], row=[m, "M01", "M02", "M03"])
    assert "rec-M90" in ids(s)  # 7 + 1: only with Nefertiti in hand
    assert all(a.secret for a in ENGINE.legal_actions(s, 0))
    s.nations[0].city = ["R1"]  # the Centurion, charisma 2
    s.nations[0].charisma = 2
    s = act(s, "rec-M90")
    assert s.phase == "pay"
    assert all(a.secret for a in ENGINE.legal_actions(s, 0))
    public = ENGINE.view(s, None)
    assert "7" not in t(public.prompt, "en") and "7" not in t(ENGINE.prompt(s, 0), "en")
    assert "E0" not in public.model_dump_json()


def test_egypt_after_nefertiti(monkeypatch):
    """The City flipped, Egypt loses its advantage (a beaten Slinger flees), and the removal took every Flee
    card it held, captured ones and creatures included («todas as suas cartas com habilidade de “fuga”»)."""
    s = _win(monkeypatch, "egy", ["E0"])
    assert s.nations[1].fallen
    big = fixture(monkeypatch, "BIG", "sw", 20, 20, 20, 20)
    s = make(["egy", "car"], [[big, "E4", "E5"], ["C7", "C1", "C2"]])
    s.nations[0].fallen = True
    s = act(s, "atk-1", f"card-{big}", "card-C7", "yield")
    assert "C7" in s.box and "C7" not in s.nations[0].discard
    s = make(["gre", "egy"], [[big, "G2", "G3"], ["E0", "E4", "E5"]])
    s.nations[1].discard = ["C8", "M01"]  # a captured Slinger and a Dryad, both with Flee
    s = act(s, "atk-1", f"card-{big}", "card-E0", "yield", "pile")
    assert s.nations[1].fallen and {"C8", "M01"} <= set(s.box)


def test_four_players_end_when_a_recruit_leaves_three_creatures():
    """«num jogo de 4 jogadores quando só existem 4 criaturas e uma delas é recrutada»."""
    s = make(
        ["gre", "rom", "egy", "car"],
        [["G0", "G3", "G5"], ["R1", "R2", "R3"], ["E1", "E2", "E3"], ["C1", "C2", "C3"]],
        row=["M01", "M02", "M03", "M04"],
        creature_deck=[],
    )
    s = act(s, "rec-M01")
    assert s.phase == "over" and s.end_reason == "creatures" and len(s.row) == 3


def test_a_persian_secured_card_stays_secured_after_xerxes(monkeypatch):
    """Xerxes' Flee protects the Persian cards from capture; a Secured-points card keeps its points under
    the Persian City instead of fleeing to the box."""
    big = fixture(monkeypatch, "BIG", "sw", 20, 20, 20, 20)
    s = make(["gre", "per"], [[big, "G2", "G3"], ["M05", "P1", "P2"]])
    s.nations[1].fallen = True
    s = act(s, "atk-1", f"card-{big}", "card-M05", "yield")
    assert s.nations[1].secured == ["M05"] and "M05" not in s.box
