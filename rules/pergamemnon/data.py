"""PERGAMEMNON data: nations, Army cards, Creature cards, Charisma cards.

Each value is marked ``"rulebook"`` (with the Portuguese sentence it comes from) or ``"designed"``
(the card images are missing from the rulebook text; the designed values follow the nation
profiles the rulebook gives and every number it does quote).

Readings of the passages the rulebook leaves open (the design notes' PM/PQ numbers):

- PM5 first player («O jogador mais carismático começa»): the ``first`` option, random or the host.
- PQ1 after a tie or a defender's win the defender is the player on turn; play then passes clockwise from
  him to the next active Nation.
- PQ2 the engine plays the hand card with the most charisma (the whole hand is discarded anyway).
- PQ3 Charisma cards and captured cards under the City both count, and at least one of them is needed;
  when several sets of them pay the cost without a superfluous card, the player chooses (used Charisma
  cards return to the pile, used captured cards leave the game).
- The Charisma pile may run out: a defender who ties or wins then gets no card (the log says so).
- PQ4 a player's last card, even a reinforcement, may again be supported by one card (2 at most).
- PQ5 repelling a weapon with the card that launched one's own last attack, without a new card, is a tie;
  a defence that needed a new card counter-attacks with it.
- PQ6 the game ends when hand + deck + discard pile hold fewer cards than the hand size (3; Persians 4
  while Xerxes is free), checked after every recruit and after a battle's spoils are placed.
- PQ7 captured Army cards under the City do not score; captured creatures there do; captured cards on
  the discard pile score.
- PQ8 ties: the highest creature cost, then the next, and so on; still tied: a shared victory.
- PQ9 Agamemnon's ½ point goes to every scoring card with points.  The contract's score is rounded down;
  ranks follow the exact score, and the outcome's tie-break sentence says when a ½ decides a rank.
- PQ10 Persians draw 4 (setup, recruit, refill) until Xerxes is captured, then 3; extra cards stay.
- PQ11 a leader that flees or is secured is not captured.
- PQ12 the Roman and Carthaginian −1 apply to every card the player plays, never below 0.
- PQ13 a beaten Secured-points card goes under its owner's (the loser's) City.
- PQ14 the winner places each captured card with charisma when it is captured (discard pile or City);
  cards without charisma go to the discard pile.
- PQ15 the declared weapon is the weapon of the card laid face down.
- PQ16 after Xerxes' capture every card the Persian plays flees when beaten (creatures and captured cards
  too); a Secured-points card is still secured (under the Persian City), not fled.  The cards beaten in
  the battle where Xerxes is captured are captured with him: the drawback starts with the next battle.
- PQ17 when the game ends no more cards are drawn; the captured cards of the last battle are placed first.
- PQ18 Egypt takes the fleeing cards it beats onto its discard pile; its own Flee cards flee when it loses.
- Egypt after Nefertiti's capture: it loses that advantage (beaten Flee cards flee), and removes once every
  card with Flee from its hand, deck and discard pile, its creatures and captured cards included.
- PQ19 the attacker who won may attack the beaten player again only if all Nations were reactivated.
- Hidden hands: the turn's choices (the affordable creatures tell the hand's charisma), the payment and
  every hand card are private choices; the attacker's card stays face down until the defence is chosen.
"""

from __future__ import annotations

from typing import NamedTuple

SOURCES: dict[str, str] = {
    "troops": "rulebook: «Romanos ... Tropas: Centurion, Praetorian, 2x Spearman, 2x Ballista, 2x Horseman e "
              "2x Bowman» (and likewise for every nation: 11 Army cards each)",
    "agamemnon_charisma": "rulebook: «A carta da mão (Agamemnon - Carisma 5) ... Com isto é possível recrutar o "
                          "Centaur (Custo de Carisma 6)»",
    "centaur_cost": "rulebook: «é possível recrutar o Centaur (Custo de Carisma 6)»",
    "spearman": "rulebook (battle example): «O atacante joga a carta com a lança 5 ... Dado o atacante ter escudo "
                "6 na sua primeira carta» (the Greek Spearman: spear 5, shield 6)",
    "sphinx": "rulebook (battle example): «o defensor joga a carta com a armadura 5 ... contra-ataque com o arco 5» "
              "and «contra o capacete 7 do defensor» (the Sphinx: bow 5, armour 5, helmet 7)",
    "chariot": "rulebook (battle example): «outro contra-ataque com a segunda carta (espada 9)» with «escudo ... 4 "
               "como Reforço» (the Persian Chariot: sword 9, shield 4)",
    "charisma_cards": "rulebook: «coloca-a debaixo da sua Carta de Cidade de modo a que o “1” fique visível» "
                      "(every Charisma card is worth 1)",
    "creature_count": "rulebook: «Baralham-se as 24 Cartas de Criatura e delas contam-se 4 vezes mais cartas do "
                      "que o número de jogadores»",
    "creature_row": "rulebook: «tiram-se cartas em quantidade igual ao dobro do número de jogadores»",
    "charisma_total": "rulebook: «21 Cartas de Carisma»",
    "hand": "rulebook: «cada jogador tira 3 cartas» / «O jogador Persa joga com 4 Cartas de Mão»",
    "other_values": "designed: every other weapon, defence, charisma, point and icon value (the card images are "
                    "missing); creature names other than Dryad, Orthos, Centaur, Minotaur, Sphinx and Cyclops",
    "payment": "designed: the engine pays a recruit with the strongest hand card (rulebook) plus the City cards "
               "that overpay least, then lose fewest points, then are fewest",
    "tiebreak": "designed: «a criatura mais poderosa (maior valor)» compares charisma costs, highest first",
}

CHARISMA_CARDS = 21            # rulebook: «21 Cartas de Carisma»
HAND = 3                       # rulebook: «cada jogador tira 3 cartas»
PERSIAN_HAND = 4               # rulebook: «O jogador Persa joga com 4 Cartas de Mão»
ROMAN_CHARISMA = 5             # rulebook: «O jogador Romano começa com 5 Cartas de Carisma em vez de 1»
CREATURES_PER_PLAYER = 4       # rulebook: «4 vezes mais cartas do que o número de jogadores»
ROW_PER_PLAYER = 2             # rulebook: «quantidade igual ao dobro do número de jogadores»
MAX_DEFENCE_CARDS = 2          # rulebook: «na defesa podem ser adicionadas 2 cartas no máximo»

# rulebook: «Para defender um ataque com espada, é requerido um capacete ... lança ... armadura ... arco ... escudo»
DEFENCE_OF = {"sw": "helm", "sp": "armour", "bo": "shield"}   # by weapon: sword, spear, bow

NATIONS = ("rom", "egy", "gre", "car", "per")
LEADER = {"rom": "R0", "egy": "E0", "gre": "G0", "car": "C0", "per": "P0"}   # rulebook: the leaders
PREFIX = {"rom": "R", "egy": "E", "gre": "G", "car": "C", "per": "P"}


class Card(NamedTuple):
    name: str          # the name printed on the card (rulebook), kept in both languages
    weapon: str        # sw / sp / bo
    attack: int
    helm: int
    armour: int
    shield: int
    charisma: int      # charisma value (0: none)
    points: int        # points
    flee: bool = False
    secured: bool = False
    cost: int = 0      # creatures: charisma cost
    nation: str = ""   # army cards: the nation; "" for creatures
    src: str = "designed"

    def defence(self, weapon: str) -> int:
        return getattr(self, DEFENCE_OF[weapon])


# Army cards (rulebook: the troop list of every nation; values designed, except the ones the rulebook's
# examples give).  Tuples: name, weapon, attack, helmet, armour, shield, charisma, points, icons.
# Designed: the proposal of the design notes, then balanced by self-play of the AI (60 games per player
# count): Carthaginian shields and Slingers, Roman troops and Egyptian troops raised by 1, Persian Bowmen
# lowered by 1 (before: Carthage won 5% and Persia 53% of 5-player games; after: 18-25% each).  Every
# nation keeps the profile the rulebook gives: Romans modest, Egyptians strong helmets and shields with a
# weak armour, Greeks strong swords and a weak armour, Carthage a weak shield, Persians the highest attacks
# and a weak helmet.
_ARMIES: dict[str, list[tuple]] = {
    "rom": [
        ("Caesar", "sw", 6, 5, 5, 5, 3, 3, ""),
        ("Centurion", "sw", 5, 5, 4, 4, 2, 1, ""),
        ("Praetorian", "sp", 5, 4, 5, 4, 2, 1, ""),
        ("Spearman", "sp", 5, 4, 5, 4, 1, 0, ""), ("Spearman", "sp", 5, 4, 5, 4, 1, 0, ""),
        ("Ballista", "bo", 7, 3, 3, 3, 0, 1, ""), ("Ballista", "bo", 7, 3, 3, 3, 0, 1, ""),
        ("Horseman", "sw", 5, 4, 4, 4, 1, 0, ""), ("Horseman", "sw", 5, 4, 4, 4, 1, 0, ""),
        ("Bowman", "bo", 5, 3, 4, 5, 1, 0, ""), ("Bowman", "bo", 5, 3, 4, 5, 1, 0, ""),
    ],
    "egy": [
        ("Nefertiti", "bo", 3, 5, 3, 5, 7, 3, ""),
        ("Mummy", "sw", 4, 6, 3, 5, 0, 0, "F"), ("Mummy", "sw", 4, 6, 3, 5, 0, 0, "F"),
        ("Mummy", "sw", 4, 6, 3, 5, 0, 0, "F"),
        ("Guard", "sp", 5, 6, 3, 6, 1, 2, ""),
        ("Chariot", "bo", 5, 4, 2, 5, 1, 1, ""), ("Chariot", "bo", 5, 4, 2, 5, 1, 1, ""),
        ("Swordsman", "sw", 5, 5, 3, 4, 1, 0, ""), ("Swordsman", "sw", 5, 5, 3, 4, 1, 0, ""),
        ("Camel Rider", "sp", 4, 4, 2, 4, 1, 1, "F"),
        ("Bowman", "bo", 5, 4, 3, 5, 1, 0, ""),
    ],
    "gre": [
        ("Agamemnon", "sw", 7, 5, 3, 5, 5, 3, ""),     # charisma 5: rulebook (recruitment example)
        ("Hercules", "sw", 9, 6, 4, 6, 0, 3, "S"),
        ("Guard", "sp", 6, 5, 2, 5, 1, 1, ""),
        ("Chariot", "sw", 6, 3, 2, 3, 0, 1, ""), ("Chariot", "sw", 6, 3, 2, 3, 0, 1, ""),
        ("Chariot", "sw", 6, 3, 2, 3, 0, 1, ""),
        ("Spearman", "sp", 5, 3, 1, 6, 0, 0, ""), ("Spearman", "sp", 5, 3, 1, 6, 0, 0, ""),  # spear 5 / shield 6: rulebook
        ("Bowman", "bo", 6, 3, 1, 4, 0, 0, ""), ("Bowman", "bo", 6, 3, 1, 4, 0, 0, ""),
        ("Horseman", "sw", 6, 4, 2, 3, 1, 1, ""),
    ],
    "car": [
        ("Hannibal", "sp", 7, 5, 5, 3, 3, 3, ""),
        ("Elephant", "sp", 8, 4, 6, 2, 0, 2, ""), ("Elephant", "sp", 8, 4, 6, 2, 0, 2, ""),
        ("Elite", "sw", 6, 5, 4, 3, 1, 1, ""), ("Elite", "sw", 6, 5, 4, 3, 1, 1, ""),
        ("Spearman", "sp", 6, 3, 3, 2, 1, 0, ""), ("Spearman", "sp", 6, 3, 3, 2, 1, 0, ""),
        ("Slinger", "bo", 5, 3, 3, 2, 1, 0, "F"), ("Slinger", "bo", 5, 3, 3, 2, 1, 0, "F"),
        ("Slinger", "bo", 5, 3, 3, 2, 1, 0, "F"),
        ("Horseman", "sw", 6, 4, 3, 3, 1, 1, ""),
    ],
    "per": [
        ("Xerxes", "sw", 8, 3, 5, 5, 3, 3, ""),
        ("War Rhino", "sp", 10, 2, 6, 4, 0, 2, ""),
        ("Guard", "sw", 7, 3, 4, 5, 1, 1, ""),
        ("Horseman", "sw", 7, 2, 3, 3, 1, 1, ""),
        ("Chariot", "sw", 9, 2, 2, 4, 0, 1, ""), ("Chariot", "sw", 9, 2, 2, 4, 0, 1, ""),  # sword 9 / shield 4: rulebook
        ("Spearman", "sp", 6, 2, 3, 3, 1, 0, ""), ("Spearman", "sp", 6, 2, 3, 3, 1, 0, ""),
        ("Bowman", "bo", 5, 1, 2, 3, 1, 0, ""), ("Bowman", "bo", 5, 1, 2, 3, 1, 0, ""),
        ("Bowman", "bo", 5, 1, 2, 3, 1, 0, ""),
    ],
}

# Creature cards: name, cost, weapon, attack, helmet, armour, shield, charisma, points, icons.
# Centaur's cost 6 and the Sphinx's bow 5 / armour 5 / helmet 7 are rulebook values; the rest designed.
_CREATURES: list[tuple] = [
    ("Dryad", 4, "bo", 4, 3, 3, 4, 2, 1, "F"),
    ("Orthos", 5, "sp", 6, 4, 4, 3, 1, 2, ""),
    ("Centaur", 6, "bo", 6, 4, 4, 5, 2, 2, ""),
    ("Minotaur", 7, "sw", 7, 5, 6, 4, 1, 3, ""),
    ("Sphinx", 8, "bo", 5, 7, 5, 6, 3, 3, "S"),
    ("Cyclops", 10, "sw", 10, 6, 7, 5, 1, 4, ""),
    ("Satyr", 4, "sw", 5, 3, 3, 3, 1, 1, "F"),
    ("Harpy", 4, "sp", 5, 3, 3, 3, 1, 1, ""),
    ("Siren", 5, "sw", 6, 4, 3, 4, 1, 2, ""),
    ("Pegasus", 5, "bo", 6, 3, 4, 4, 2, 1, "F"),
    ("Griffin", 5, "sp", 6, 4, 4, 3, 1, 2, ""),
    ("Medusa", 6, "sw", 7, 4, 5, 4, 2, 2, ""),
    ("Basilisk", 6, "sp", 7, 5, 4, 4, 1, 2, "S"),
    ("Manticore", 6, "bo", 7, 4, 4, 5, 2, 2, ""),
    ("Cerberus", 7, "sw", 8, 5, 5, 5, 2, 3, ""),
    ("Chimera", 7, "sp", 8, 5, 6, 4, 1, 3, ""),
    ("Phoenix", 7, "bo", 8, 4, 5, 6, 2, 3, "F"),
    ("Scylla", 8, "sw", 9, 6, 5, 5, 2, 3, ""),
    ("Hydra", 8, "sp", 9, 5, 6, 5, 2, 3, ""),
    ("Talos", 9, "sw", 10, 6, 6, 6, 2, 4, "S"),
    ("Charybdis", 9, "bo", 10, 6, 5, 7, 3, 4, ""),
    ("Typhon", 10, "sp", 10, 7, 7, 6, 2, 4, ""),
    ("Titan", 11, "sw", 11, 7, 7, 7, 3, 5, ""),
    ("Kraken", 11, "bo", 11, 7, 6, 8, 3, 5, "S"),
]

CARDS: dict[str, Card] = {}
ARMY: dict[str, list[str]] = {}
for _nation, _rows in _ARMIES.items():
    ARMY[_nation] = []
    for _i, (_n, _w, _a, _h, _ar, _s, _c, _p, _icons) in enumerate(_rows):
        _cid = f"{PREFIX[_nation]}{_i}"
        _src = "designed"
        if _cid == "G0":
            _src = "rulebook: charisma 5, " + SOURCES["agamemnon_charisma"] + "; other values designed"
        elif _cid in ("G6", "G7"):
            _src = "rulebook: spear 5 / shield 6, " + SOURCES["spearman"] + "; other values designed"
        elif _cid in ("P4", "P5"):
            _src = "rulebook: sword 9 / shield 4, " + SOURCES["chariot"] + "; other values designed"
        CARDS[_cid] = Card(_n, _w, _a, _h, _ar, _s, _c, _p, "F" in _icons, "S" in _icons, 0, _nation, _src)
        ARMY[_nation].append(_cid)
CREATURES: list[str] = []
for _i, (_n, _cost, _w, _a, _h, _ar, _s, _c, _p, _icons) in enumerate(_CREATURES):
    _cid = f"M{_i + 1:02d}"
    _src = "designed"
    if _n == "Centaur":
        _src = "rulebook: cost 6, " + SOURCES["centaur_cost"] + "; other values designed"
    elif _n == "Sphinx":
        _src = "rulebook: bow 5, armour 5, helmet 7, " + SOURCES["sphinx"] + "; other values designed"
    CARDS[_cid] = Card(_n, _w, _a, _h, _ar, _s, _c, _p, "F" in _icons, "S" in _icons, _cost, "", _src)
    CREATURES.append(_cid)

LEADERS = {cid: nation for nation, cid in LEADER.items()}


def card(cid: str) -> Card:
    return CARDS[cid]


def is_creature(cid: str) -> bool:
    return cid.startswith("M")
