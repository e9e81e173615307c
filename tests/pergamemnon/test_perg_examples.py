"""The rulebook's worked examples, from hand-built states."""

from perg_helpers import act, fixture, ids, make

from rules.pergamemnon import ENGINE, data
from rules.pergamemnon.battle import incoming
from rules.pergamemnon.scoring import breakdown, exact_halves


def test_rulebook_values_in_data():
    assert data.CARDS["G0"].name == "Agamemnon" and data.CARDS["G0"].charisma == 5
    centaur = next(c for c in data.CREATURES if data.CARDS[c].name == "Centaur")
    assert data.CARDS[centaur].cost == 6
    sphinx = data.CARDS[next(c for c in data.CREATURES if data.CARDS[c].name == "Sphinx")]
    assert (sphinx.weapon, sphinx.attack, sphinx.armour, sphinx.helm) == ("bo", 5, 5, 7)
    assert (data.CARDS["G6"].weapon, data.CARDS["G6"].attack, data.CARDS["G6"].shield) == ("sp", 5, 6)
    assert len(data.CARDS) == 5 * 11 + 24
    for nation in data.NATIONS:
        assert len(data.ARMY[nation]) == 11 and data.LEADER[nation] in data.ARMY[nation]


def test_battle_example_1_ends_in_a_tie():
    """Spear 5 against armour 5: the Sphinx counter-attacks with bow 5; the attacker's first card has
    shield 6 and repels it: a tie."""
    s = make(
        ["gre", "egy", "per"],
        [["G6", "G3", "G4"], ["M05", "E4", "E5"], ["P1", "P2", "P3"]],
        row=[c for c in data.CREATURES if c != "M05"][:6],
    )
    s = act(s, "atk-1", "card-G6")
    assert s.phase == "defend" and s.actor == 1
    s = act(s, "card-M05")
    assert s.result == "tie"
    assert "G6" in s.nations[0].discard and "M05" in s.nations[1].discard
    assert not s.nations[0].active and s.nations[1].active  # the attacker flips his Nation card
    assert s.nations[1].charisma == 2  # the defender gets a Charisma card
    assert (s.phase, s.actor) == ("turn", 1)  # and plays now
    assert len(s.nations[0].hand) == 3 and len(s.nations[1].hand) == 3


def _example_2(monkeypatch, d3_helm: int):
    a1 = fixture(monkeypatch, "A1", "sp", 5, shield=3)
    a2 = fixture(monkeypatch, "A2", "sw", 9, shield=4)
    a3 = fixture(monkeypatch, "A3", "bo", 1)
    d1 = fixture(monkeypatch, "D1", "sw", 2, armour=3)
    ds = fixture(monkeypatch, "DS", "bo", 5, helm=7, armour=5, shield=6)
    d3 = fixture(monkeypatch, "D3", "sp", 4, helm=d3_helm)
    s = make(["per", "egy", "rom"], [[a1, a2, a3], [d1, ds, d3], ["R1", "R2", "R3"]])
    s = act(s, "atk-1", "card-A1", "card-D1")
    assert (s.phase, s.actor) == ("reinforce", 1)  # armour 3 < spear 5
    s = act(s, "card-DS")  # 3 + 5 = 8: counter-attack with bow 5
    assert (s.phase, s.actor) == ("reinforce", 0)  # shield 3 < bow 5
    assert "yield" in ids(s)
    s = act(s, "card-A2")  # 3 + 4 = 7: counter-attack with sword 9
    assert (s.phase, s.actor) == ("reinforce", 1)  # against helmet 7 of the Sphinx only
    return s


def test_battle_example_2_attacker_wins(monkeypatch):
    s = _example_2(monkeypatch, d3_helm=1)
    assert set(ids(s)) == {"card-D3", "yield"}
    s = act(s, "yield")
    assert s.result == "att" and s.winner == 0
    assert {"A1", "A2", "D1", "DS"} <= set(s.nations[0].discard)  # the winner takes all the defender's cards
    assert not s.nations[1].active
    assert (s.phase, s.actor) == ("discard", 1)  # the loser may discard hand cards
    s = act(s, "card-D3")
    assert "D3" in s.nations[1].discard
    assert (s.phase, s.actor) == ("turn", 0)  # the attacker plays a new turn
    assert "atk-1" not in ids(s) and "atk-2" in ids(s)  # the beaten nation cannot be attacked
    assert len(s.nations[0].hand) == 4 and len(s.nations[1].hand) == 3


def test_battle_example_2_reinforced_reinforcement_counter_attacks(monkeypatch):
    """Reading A: the Sphinx (the defender's last card) may be supported again: 7 + 2 = 9."""
    s = _example_2(monkeypatch, d3_helm=2)
    s = act(s, "card-D3")
    assert (s.phase, s.actor) == ("reinforce", 0)  # spear 4 of D3 against A2's armour 0
    assert incoming(s) == ("sp", 4)
    s = act(s, "card-A3")  # no armour: the attacker loses
    assert s.result == "dfn" and s.winner == 1 and s.nations[1].charisma == 2
    assert not s.nations[0].active


def test_recruitment_example_agamemnon_and_the_centaur():
    centaur = next(c for c in data.CREATURES if data.CARDS[c].name == "Centaur")
    row = [
        centaur,
        *[c for c in data.CREATURES if c != centaur and data.CARDS[c].cost >= 10][:2],
        *[c for c in data.CREATURES if c != centaur and 8 <= data.CARDS[c].cost < 10][:3],
    ]
    cdeck = [c for c in data.CREATURES if c not in row][:6]
    s = make(
        ["gre", "egy", "per"],
        [["G0", "G3", "G6"], ["E1", "E2", "E3"], ["P1", "P2", "P3"]],
        charisma=[2, 1, 1],
        row=row,
        creature_deck=cdeck,
    )
    assert f"rec-{centaur}" in ids(s)
    assert not any(i.startswith("rec-") and i != f"rec-{centaur}" for i in ids(s))  # 5 + 2 = 7 < 8
    supply = s.supply
    s = act(s, f"rec-{centaur}")
    p = s.nations[0]
    assert p.charisma == 1 and s.supply == supply + 1  # 5 + 1 = 6: one Charisma card is enough
    assert set(p.discard) == {"G0", "G3", "G6", centaur}  # the creature and the whole hand
    assert len(p.hand) == 3 and centaur not in s.row and len(s.row) == 6 and len(s.creature_deck) == 5
    assert not p.active and (s.phase, s.actor) == ("turn", 1)


def test_greek_half_points_example():
    """«7 cartas com pontos dão ao jogador mais 3,5 pontos»."""
    s = make(["gre", "rom"], [["G0", "G1", "G2"], ["R1", "R2", "R3"]])
    p = s.nations[0]
    p.deck = ["G3", "G4", "G5", "G10"]  # 3 + 3 + 1 + 1 + 1 + 1 + 1 points on 7 cards
    p.discard = ["G6", "G7", "G8"]  # no points
    assert exact_halves(p) == 2 * 11 + 7  # 11 + 3.5
    assert breakdown(p)["pergamemnon.score.greek"] == 3
    p.fallen = True
    assert exact_halves(p) == 22


def test_half_point_wins_over_the_floor():
    s = make(["gre", "rom"], [["G3", "G4", "G5"], ["R0", "R1", "R2"]])
    g, r = s.nations
    g.deck, g.discard, r.deck, r.discard = [], [], [], []
    r.hand = ["R0", "R1"]  # Romans: 3 + 1 = 4
    g.hand = ["G1", "G3"]  # Hercules 3 + Chariot 1 = 4, +1 (two cards): 5
    s.phase, s.actor = "over", -1
    o = ENGINE.outcome(s)
    assert o.for_seat(0).score == 5 and o.for_seat(1).score == 4 and o.winners == [0]
    g.hand = ["G3", "G4", "G10"]  # 3 points on 3 cards: 4.5 against 4, shown as 4
    o = ENGINE.outcome(s)
    assert o.for_seat(0).score == 4 and o.for_seat(1).score == 4
    assert o.winners == [0] and o.for_seat(1).rank == 2
    assert o.for_seat(0).breakdown == {
        "pergamemnon.score.armies": 3,
        "pergamemnon.score.creatures": 0,
        "pergamemnon.score.secured": 0,
        "pergamemnon.score.greek": 1,
    }


def test_a_deciding_half_point_is_told():
    """Scores are shown rounded down; when Agamemnon's ½ decides a rank, the outcome says so by name."""
    from rules.core import t

    s = make(["rom", "gre"], [["R0", "R1", "R2"], ["G3", "G4", "G10"]])
    r, g = s.nations
    g.deck, g.discard, r.deck, r.discard = [], [], [], []
    r.hand = ["R0", "R1"]  # 4
    s.phase, s.actor = "over", -1  # the Greeks: 3 points on 3 cards, 4½
    o = ENGINE.outcome(s)
    assert o.for_seat(1).score == o.for_seat(0).score == 4 and o.winners == [1]
    text = t(o.tiebreak, "en", names=["Ann", "Bob"])
    assert "Bob" in text and "4½" in text and "Ann" in text
    assert "4½" in t(o.tiebreak, "pt", names=["Ann", "Bob"])
    g.hand, g.fallen = ["G1", "G2"], True  # Agamemnon lost: 4 against 4, still tied on creatures (none)
    o = ENGINE.outcome(s)
    assert o.tiebreak.key == "pergamemnon.tiebreak" and o.winners == [0, 1]


def test_tie_with_an_empty_charisma_supply():
    """No Charisma card is left in the pile: the defender gets none, and the log says so."""
    s = make(
        ["gre", "egy", "per"],
        [["G6", "G3", "G4"], ["M05", "E4", "E5"], ["P1", "P2", "P3"]],
        row=[c for c in data.CREATURES if c != "M05"][:6],
        supply=0,
    )
    s = act(s, "atk-1", "card-G6", "card-M05")
    assert s.result == "tie" and s.nations[1].charisma == 1 and s.supply == 0
    keys = [e.text.key for e in s.events]
    assert "pergamemnon.ev.no_charisma" in keys and "pergamemnon.ev.charisma" not in keys
