"""NEANDERTHAL component data.

The rulebook shows the cards only as pictures, so most card values are designed to fit every rule
and worked example of the text.  Each record carries its provenance: ``"rulebook"`` (with the
Portuguese sentence it rests on) or ``"designed"``.

Readings of open or garbled passages (the reading guide's recommendations unless the text says
otherwise):

- G4 predators: the survivors of a successful big-game hunt move onto the nearest predator and roll
  there in step 3 of A4 together with that player's Hunters already on it, fewest Hunters first
  ("Seus 8 Caçadores caçam primeiro").  The big-game Babies, discs, trophy or hand card wait until
  that test: no hit is piracy unless the predator was already eliminated (hunted or taken), in which
  case the Hunters go home without rolling and keep the kill.  Two equally near predators: the lower
  climate first, then the survivors move to the other (guide 19-22).
- G7 example (horse and wolves): a predator's own trophy or D card is taken by the matching dice of
  the test there, even when it steals the kill, as long as a Hunter survives for a hand card.
- D4-C: losing only Refugees in a chaos is a loss that allows the sexuality flip; for the Refugee
  icon (D6) only a player's own tribesmen count as his loss (``REFUGEE_LOSS_COUNTS_FOREIGNERS``).
- K2 B: when the 8 cards (and any Würm) are spent the player may add 1-3 random event cards, once;
  the English levels take 5 VP for each.  Foreign tribesmen: see ``K2_FOREIGN``.  The English
  introductory line "your alpha acts like a normal tribesman" is read as the ordinary Alpha rules.
- G1-E: a displaced ex-Husband always joins the board owner's unassigned tribesmen, a foreign one as
  a Refugee (K2 included).  I2-A: the interspecies bonus uses the father's portals at the start of
  the turn ("em um turno anterior"), all three colours if he is tribal.
- Ties between Suitors (G1-D: "o pai da filha decide") are decided by the father, one Suitor at a
  time; each player orders his own uncontested tests (A4 step 1), the players taking turns in the
  order courtships first, then biomes by slot.
- Cooling with no biome left in the North: the ice goes to an empty North slot first; only a North
  with no empty slot and no biome sends it south (D1-A "totalmente congelado",
  ``COOLING_FILLS_NORTH_GAP``).
"""

from __future__ import annotations

from typing import NamedTuple

COLOURS = ("O", "W", "B")             # orange = social, white = nature, black = technical
SPECIES = ("G", "Y", "R")             # Archaic (green), Neanderthal (yellow), Cro-Magnon (red)
DISCS_PER_COLOUR = 5                  # rulebook: "15 laranjas, 15 brancos e 15 pretos" (5 per player)
TRIBESMEN = 18                        # rulebook: "54 membros da tribo, 18 de cada cor"
START_POOL = 6                        # rulebook C: "6 membros da tribo ... não alocados"
ROW_SIZE = 6                          # rulebook C: "as 6 primeiras cartas de cada baralho"
EVENT_DECK = 10                       # rulebook C: "baralho de eventos de 10 cartas"
MAX_RANK_VOCAL = (3, 4, 5, 6)         # rulebook: vocal side shows ranks 3-6
RANKS = (1, 2, 3, 4, 5, 6)
RANK_COLOUR = {1: "O", 2: "W", 3: "B", 4: "O", 5: "W", 6: "B"}   # rulebook (elder colours)
RANK_DOMAIN = {3: "B", 4: "O", 5: "W"}  # technical / social / nature (rulebook E2, E5, I1 examples)
PORTALS = {"venus": ("O", "B"), "shaman": ("O", "W"), "bison": ("B", "W")}
# A portal space touches the domains of its two colours.
# Y: rulebook (K2 example, Neanderthal Venus black); G and R: designed.
START_PORTAL = {"G": ("bison", "W"), "Y": ("venus", "B"), "R": ("shaman", "O")}
CONVERT_AT = {1: 5, 2: 6, 3: 5}       # rulebook I1: 5 portals, 6 for solo/2 players; K2 C: 5
N1_CONVERT = 7                        # rulebook N1: "7 discos de portal"
N1_POOL = {"G": 12, "R": 4}           # rulebook N1: Arcaico 12 membros, Cro-Magnon 4
N1_DECK = ("warm", "cool", "cool", "cool", "warm", "warm", "cool", "cool", "cool", "warm")  # N1, bottom-up
N1_TRIBAL_VP = 5                      # rulebook N1: jogadores tribais +5 PV
N2_POOL = 4                           # rulebook N2: 4 membros não alocados, nenhum ancião
N2_ICE = (1, 2, 3, 4)                 # rulebook N2: as 4 cartas do meio do norte começam como gelo
N2_DECK_AFTER = 5                     # rulebook N2: pegue 5 como novo baralho
N2_DOMESTIC_VP = 5                    # rulebook N2: animais domésticos valem 5 PV
K2_POOL = 8                           # rulebook K2 A: "8 membros tribo não alocados"
K2_EVENTS = 8                         # rulebook K2 B: "8 cartas de evento/filha"
K2_DAUGHTERS = 5                      # rulebook K2 D: "até o limite de 5 filhas"
# K2 foreign tribesmen by victory level.  English K2 levels: "Introductory game. Place 18 tribesmen of a
# different color in a pile ... All dead foreign tribesmen remain in the dead pile"; "Advanced game. Place
# 8 tribesmen ... Do not use the alpha pawn".  The Portuguese K2 sets no number (designed: the whole colour,
# taken from the dead pile as D6 Refugees are, so dead foreigners come back).
K2_FOREIGN = {"pt": 18, "intro": 18, "advanced": 8}
K2_MORE = 3                           # rulebook K2 B: "adicionar de 1 a 3 cartas de evento/filha aleatórias"
K2_MORE_VP = -5                       # English K2 levels: -5 points for each event card added

# -- L "Alien Intervention" and M "The Eve": the 4x5 matrix -------------------------------------
# L1: "matriz de 4 fileiras com 5 cartas viradas para baixo em cada linha ... as cartas do norte
# [nas] duas fileiras superiores e as do sul [nas] duas inferiores".  Cells are numbered row by
# row: 0-4 and 5-9 North, 10-14 and 15-19 South.
GRID_ROWS, GRID_COLS = 4, 5
# L1-A: the home biomes are in a diagram missing from the text (designed, reading guide 4.4.7:
# Neanderthal (2,3), Archaic (3,1), Cro-Magnon (4,5), counted from 1).
HOME = {"Y": 1 * 5 + 2, "G": 2 * 5 + 0, "R": 3 * 5 + 4}
# L1-C: "Escolha quantos artefatos alienígenas você precisa ativar para ter sucesso: de 2 para um
# jogo fácil, até 5 para um jogo muito difícil"; L6-B names 2 biomes hunted in one turn, read as
# the easy level: the goal is that many biomes with an artifact hunted successfully in one turn.
ARTIFACTS = (2, 3, 4, 5)
ARTIFACT_FACE = 6                     # L6-A: "pelo menos uma face de dados mostrar um '6'"
# Designed readings of L and M where the text is silent:
# - L5: moving onto a card needs its skill prerequisite discs free (E1), card by card (the Hunters
#   are nomads: E1's sum over every biome hunted in the turn would pin them down).
# - L5 d: "Alocar como Marido" places a tribesman as the Husband of an experienced unmarried
#   daughter without a courtship test: an inexperienced Husband with an orange disc on his own
#   board, an experienced one on a partner's board (G1-F); never for a Promiscuous player without
#   the Piper (G1-G).  A tribesman promoted or married comes from the player's largest camp.
# - L3-E and L6-D: Hunters of a removed card or a trophy go to the adjacent revealed card with the
#   most of their tribesmen (the lowest cell on a tie); failing one, to an adjacent undiscovered
#   card, which they reveal; failing that to their largest camp.
# - L3-B: a card pushed off the edge of the matrix leaves the game and its Hunters stay on the card
#   that took its place (L3-D "os membros da tribo habitam a nova carta"); a glacial melt turns the
#   South's ice barriers into undiscovered cards, as a card moving onto ice does.
# - L3-H: each winged-eye icon kills one Hunter of each player, of his choice (the Fashion Woman
#   saves hers).  L4/M2: the Caring Woman's discount never makes a daughter free; tribal players
#   buy daughters too (D7's vocal-only rule is about bidding, and nobody bids here).
# - L6-C: after a successful big-game hunt the survivors move onto an adjacent predator (G4-A) and
#   stay there: the Hunters are nomads (L6-E), and so are Babies born of a domestic animal, who
#   join the player's largest camp.
# - M2: "Os jogadores decidem juntos": in player order each player may buy the daughter; the first
#   who does, pays.  M3-A: Hunters of several players on one card always make one combined test
#   (more dice and no fighting: pooling is never worse); each Hunter's own player's powers apply
#   to his die, and the Hunters whose dice kill them die.  The gains go, lot by lot (the Babies,
#   each freed disc, the trophy, the hand card), to the participant the first of them in player
#   order chooses.  In M the players see each other's hands (a co-operative table); the channel
#   does not.
# - M3-B/M4: "Os dois Meeples são único Marido": an assimilated pair is a Husband of both colours,
#   assimilated with the other; it leaves (divorce, a lost wife) as one.  M4 "Tornou-se tribal com
#   pelo menos 1 Ancião e 1 Alfa": the Alpha alive, wherever he is.

# -- readings of D1-A and D6, kept deliberately --------------------------------------------------
# D6: "Se você teve a maior perda de membros da tribo durante o evento de caos, pegue um membro da
# tribo de sua cor do cemitério para cada ícone de 'olho com asa'".  A host who loses only foreign
# Refugees lost no tribesman of his colour, whose Refugees the icon brings back: his loss counts 0
# for the Refugee icon (it still lets him flip his sexuality card, D4-C "qualquer perda").
REFUGEE_LOSS_COUNTS_FOREIGNERS = False
# D1-A: "Se o norte estiver totalmente congelado durante o resfriamento global, coloque uma barreira
# de gelo diretamente na fileira do sul (em um espaço, se houver algum, ou substituindo o Bioma de
# menor clima no sul ...) para dar espaço a outra barreira de gelo do norte".  A North without a
# biome but with an empty slot (a trophy's gap) is not yet "totalmente congelado": the new ice
# barrier fills that gap; only a North of ice barriers alone sends it south.
COOLING_FILLS_NORTH_GAP = True

# -- sexuality --------------------------------------------------------------------------------
SEX_CARDS = {37: ("prom", "harem"), 38: ("harem", "pair"), 39: ("pair", "prom")}   # designed pairing
MPI = {"prom": "WB", "harem": "OWB", "pair": ""}   # harem: rulebook K2 example; prom: designed; pair: rulebook B3-E
VP = {  # rulebook J (the scoring table of the sexuality cards)
    "prom": {"pool": 2, "elder": 1, "husband": 1, "daughter": 1, "vocab": 1, "trophy": 3, "invention": 3,
             "alpha": 4, "domestic": 4},
    "pair": {"pool": 1, "elder": 2, "husband": 3, "daughter": 1, "vocab": 1, "trophy": 2, "invention": 3,
             "alpha": 3, "domestic": 4},
    "harem": {"pool": 1, "elder": 1, "husband": 1, "daughter": 2, "vocab": 1, "trophy": 4, "invention": 3,
              "alpha": 3, "domestic": 4},
}


class Biome(NamedTuple):
    name: str
    row: str            # N / S
    kind: str           # BIG / SMALL / CLUB
    pred: bool
    clim: int
    prereq: str         # free discs needed at allocation
    hits: int           # hit dice shown
    star: bool          # "*" dice hit on 1-2, else only 1
    fer: tuple          # ferocity faces (kill)
    frz: tuple          # freezing faces (kill)
    basket: bool
    babies: int
    discs: str          # disc colours released on success
    troph: tuple | None  # (dots, k of a kind)
    hand: tuple | None   # ("D"|"I", k of a kind)
    side: tuple | None   # D: (babies, discs); I: (kind modified 3->1, weapon)
    tag: str


def _b(name, row, kind, pred, clim, prereq, hits, star, fer, frz, basket, babies, discs, troph, hand, side,
       tag="designed"):
    return Biome(name, row, kind, pred, clim, prereq, hits, star, tuple(fer), tuple(frz), basket, babies, discs,
                 troph, hand, side, tag)


BIOMES: dict[int, Biome] = {
    1: _b("Woolly Mammoth", "N", "BIG", False, 36, "B", 3, True, [5], [6], False, 3, "OB", (2, 4), None, None),
    2: _b("Woolly Rhinoceros", "N", "BIG", False, 33, "B", 2, False, [4, 5], [6], False, 2, "BW", (1, 3), None, None),
    3: _b("Reindeer", "N", "BIG", False, 31, "W", 2, True, [], [6], False, 2, "W", None, ("D", 3), (1, "W")),
    4: _b("Giant Deer", "N", "BIG", False, 23, "W", 2, False, [], [6], False, 2, "WO", (1, 3), None, None,
          "rulebook G5: cervos, 2 acertos, troféu com trincas; public: Irish Elk needs a white disc, frozen 6"),
    5: _b("Musk Ox", "N", "BIG", False, 35, "", 2, True, [5], [6], False, 2, "W", None, None, None),
    6: _b("Steppe Bison", "N", "BIG", False, 27, "O", 3, True, [5], [6], False, 3, "OW", (1, 3), None, None),
    7: _b("Saiga Antelope", "N", "SMALL", False, 20, "W", 1, False, [], [6], False, 1, "W", None, None, None),
    8: _b("European Cave Lion", "N", "CLUB", True, 25, "", 2, False, [3, 4, 5], [6], True, 0, "OB", (2, 4), None,
          None, "public: 1st edition card, predator, bloody 3-5, frozen 6, berries"),
    9: _b("Cave Hyena", "N", "CLUB", True, 18, "", 1, False, [5], [6], False, 0, "B", (1, 2), None, None),
    10: _b("Tyrant Sea Bear", "N", "CLUB", True, 32, "", 2, False, [4, 5], [6], True, 1, "W", (1, 3), None, None,
           "rulebook G4: bioma de coleta que mata caçadores"),
    11: _b("Willow Ptarmigan", "N", "SMALL", False, 29, "W", 1, True, [], [6], False, 1, "W", None, None, None,
           "public: 1st edition card, small game, white disc, frozen 6"),
    12: _b("Mountain Hare", "N", "SMALL", False, 26, "", 1, True, [], [6], False, 1, "W", None, None, None),
    13: _b("Arctic Fox", "N", "SMALL", False, 34, "W", 2, True, [], [6], False, 0, "WO", (1, 2), None, None),
    14: _b("Sabertooth Salmon", "N", "CLUB", False, 12, "", 1, True, [], [6], True, 1, "O", None, None, None),
    15: _b("Snowy Owl", "N", "SMALL", False, 30, "W", 2, False, [], [6], False, 0, "WO", (1, 2), None, None),
    16: _b("Birch-Tar Hafting", "N", "CLUB", False, 16, "B", 1, True, [], [6], False, 0, "B", None, ("I", 3),
          ("BIG", False)),
    17: _b("Bone Needle", "N", "CLUB", False, 28, "W", 1, True, [], [6], False, 0, "W", None, ("I", 3),
          ("SMALL", False)),
    18: _b("Wolverine", "N", "SMALL", False, 22, "", 1, False, [5], [6], False, 0, "O", (1, 2), None, None),
    19: _b("Straight-tusked Elephant", "S", "BIG", False, 9, "B", 3, False, [4, 5], [], False, 3, "OWB", (2, 4),
           None, None, "rulebook G4: No sul da Europa ... elefante (grande desafio)"),
    20: _b("Aurochs", "S", "BIG", False, 14, "O", 2, False, [5], [], False, 2, "OW", None, ("D", 3), (1, "O")),
    21: _b("Red Deer", "S", "BIG", False, 13, "W", 2, True, [], [], False, 2, "W", (1, 3), None, None),
    22: _b("Wild Boar", "S", "SMALL", False, 7, "", 1, False, [5], [], False, 1, "B", None, ("D", 2), (1, "")),
    23: _b("Horse", "S", "BIG", False, 11, "W", 2, True, [], [], False, 3, "WO", None, ("D", 3), (2, "W"),
           "rulebook: HORSE / Equus caballus mosbachensis / 11 ... 23; South, big game, D with triples"),
    24: _b("European Ass", "S", "BIG", False, 10, "", 2, True, [5], [], False, 2, "W", None, None, None),
    25: _b("Scimitar Cat", "S", "CLUB", True, 15, "", 2, False, [4, 5], [], True, 0, "BO", (1, 4), None, None,
           "rulebook G4: gato cimitarra, predador no sul, troféu com quádruplas"),
    26: _b("Wolves", "S", "CLUB", True, 17, "", 1, False, [5], [6], False, 0, "O", None, ("D", 3), (0, "O"),
           "rulebook G4/G7: lobos, predador, um acerto, um 6 congela, carta D com trincas"),
    27: _b("Cave Bear", "S", "CLUB", True, 19, "", 2, True, [3, 4, 5], [], False, 1, "B", (2, 3), None, None),
    28: _b("Honey Bees", "S", "SMALL", False, 3, "", 2, False, [6], [], False, 1, "W", None, ("D", 3), (1, ""),
           "rulebook G6: abelhas, pequeno desafio, carta D com trincas"),
    29: _b("European Rabbit", "S", "SMALL", False, 5, "", 1, True, [], [], False, 1, "", None, None, None),
    30: _b("Hazelnut Grove", "S", "CLUB", False, 2, "", 1, True, [], [], True, 1, "O", None, None, None),
    31: _b("Alpine Ibex", "S", "SMALL", False, 21, "W", 2, True, [], [6], False, 1, "W", (1, 2), None, None),
    32: _b("Beaver", "S", "SMALL", False, 8, "", 1, False, [], [], False, 1, "B", None, None, None),
    33: _b("String-Winding", "S", "CLUB", False, 6, "W", 1, True, [], [], False, 0, "W", None, ("I", 3),
           ("SMALL", False), "rulebook errata #33: invenção, trincas, 3 viram 1 no pequeno desafio"),
    34: _b("Atlatl", "S", "CLUB", False, 4, "B", 1, True, [], [], False, 0, "B", None, ("I", 3), ("BIG", True),
           "rulebook G2/G5: o atlatl transforma 3 em 1 contra os cervos"),
    35: _b("Levallois Points", "S", "CLUB", False, 1, "B", 1, False, [], [], False, 0, "B", None, ("I", 3),
           ("BIG", True)),
    36: _b("Bola", "S", "CLUB", False, 24, "W", 1, True, [], [6], False, 0, "W", None, ("I", 3), ("SMALL", False)),
}
NORTH = [i for i, b in BIOMES.items() if b.row == "N"]
SOUTH = [i for i, b in BIOMES.items() if b.row == "S"]


def trophy_of(card: int) -> tuple:
    """The trophy value (dots, k of a kind) of a card won as a trophy (only cards with one are)."""
    troph = BIOMES[card].troph
    if troph is None:
        raise ValueError(f"biome {card} is no trophy")
    return troph


def hand_of(card: int) -> tuple:
    """The hand value ("D" | "I", k of a kind) of a card kept in hand or as a tool (only cards with one are)."""
    hand = BIOMES[card].hand
    if hand is None:
        raise ValueError(f"biome {card} has no hand value")
    return hand


def side_of(card: int) -> tuple:
    """What a tool gives: D (babies, discs); I (kind modified 3->1, weapon)."""
    side = BIOMES[card].side
    if side is None:
        raise ValueError(f"biome {card} is no tool")
    return side


class Daughter(NamedTuple):
    name: str
    media: str          # bid media colours
    portals: tuple      # (space, colour) pairs
    skill: str          # skill id (see texts)
    order: str          # first-player colour order, left to right
    events: tuple       # (icon, count) in resolution order
    tag: str


def _d(name, media, portals, skill, order, events, tag="designed"):
    ps = tuple((p[:-1], p[-1]) for p in portals)
    return Daughter(name, media, ps, skill, order, tuple(events), tag)


DAUGHTERS: dict[int, Daughter] = {
    40: _d("Paintress", "W", ["bisonW", "venusB"], "paintress", "YRG", [("cool", 1), ("skull", 1)],
           "rulebook errata: #40 Pintora, Sussurradora de animais, fase 4"),
    41: _d("Scavenger Woman", "OW", ["shamanW"], "scavenger", "RGY", [("bliz", 1)],
           "rulebook errata: #41 Armazenamento de comida, fase 3"),
    42: _d("Laughing Woman", "O", ["venusO", "shamanO"], "laughing", "GYR", [("chaos", 1), ("ref", 1)],
           "rulebook errata: #42 Piadas, fase 1"),
    43: _d("Totem Woman", "WB", ["bisonB"], "totem", "YGR", [("warm", 1)],
           "rulebook A3/A4: a Mulher Totem ataca e caça primeiro"),
    44: _d("Weather Whisperer", "W", ["shamanW", "bisonW"], "whisperer", "RYG", [("skull", 1), ("bliz", 1)],
           "rulebook errata: #44 Carregadora de brasas, fase 1"),
    45: _d("Caring Woman", "OW", ["venusO"], "caring", "GRY", [("cool", 1), ("wurm", 1)],
           "rulebook D7: a Mulher Carinhosa vence empates"),
    46: _d("Generous Woman", "BO", ["venusB", "shamanO"], "generous", "YRG", [("chaos", 1), ("bliz", 1)],
           "rulebook D7 example: Mulher Generosa, mídia preto ou laranja"),
    47: _d("Singer Woman", "O", ["venusO", "shamanO"], "singer", "RGY", [("cool", 1), ("skull", 2)],
           "rulebook G1: Mulher Cantora, Poesia, mídia laranja"),
    48: _d("Fashion Woman", "OW", ["shamanO"], "fashion", "GYR", [("wurm", 1), ("chaos", 1), ("ref", 2)],
           "rulebook L4: Mulher da Moda"),
    49: _d("Basket Weaver", "W", ["shamanW"], "basket", "YGR", [("warm", 1), ("bliz", 1)],
           "rulebook errata: #49 Forrageamento, fase 3"),
    50: _d("Piper", "O", ["venusO", "bisonB"], "piper", "RYG", [("cool", 1)],
           "rulebook errata: #50 Música, fase 4; D4: flautista permite maridos"),
    51: _d("Flintworker Woman", "B", ["venusB", "bisonB"], "flint", "GRY", [("wurm", 1), ("skull", 1)]),
    52: _d("Midwife", "OW", ["shamanO", "shamanW"], "midwife", "YRG", [("cool", 1), ("chaos", 1), ("ref", 1)]),
    53: _d("Storyteller", "OB", ["venusO", "venusB"], "story", "RGY", [("warm", 1), ("skull", 1)]),
    54: _d("Herbalist", "W", ["bisonW"], "herbal", "GYR", [("cool", 1), ("bliz", 1)]),
    55: _d("Housewife", "OW", ["shamanO"], "housewife", "YGR", [("wurm", 1), ("chaos", 1)],
           "rulebook errata: #55 Lareira, fase 4"),
    56: _d("Dancer", "O", ["venusO", "shamanW"], "dancer", "RYG", [("cool", 1), ("skull", 1)]),
    57: _d("Tracker Woman", "WB", ["bisonW", "bisonB"], "tracker", "GRY", [("warm", 1), ("chaos", 1), ("ref", 1)]),
    58: _d("Seamstress", "WB", ["bisonB", "shamanW"], "seamstress", "YRG", [("wurm", 1), ("skull", 2), ("bliz", 1)]),
    59: _d("Venus Carver", "B", ["venusB"], "carver", "RGY", [("cool", 1), ("chaos", 1)]),
    60: _d("Shell Collector", "OW", ["shamanO", "bisonW"], "shell", "GYR", [("warm", 1), ("skull", 1)]),
}
