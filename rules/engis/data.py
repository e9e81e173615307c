"""ENGIS component values.

Every value is marked ``"rulebook"`` (with the sentence of 000_c910d61557542c57.txt it comes
from) or ``"designed"`` (the rulebook's pictures are missing; the values follow the evidence
collected in shared/notes/engis-data.md and can be replaced by the printed ones).

Readings of the ambiguous passages (designed, following engis-data.md):
- EQ1 the game ends after phase 3 of round 8: round-8 bid meeples stay off the boards (Caçada,
  Inimigos and the tie-break count only the meeples on the board).
- EQ2 the bid stays capped at 4 with the Neandertal meeple.
- EQ3 the five-terrains knowledge point counts the 5 basic terrains only.
- EQ4/EQ5 Água / Alimento / Mamute count meeples on hexes showing the card's icons (with Coleta,
  the converted mountains / lakes too); Destreza needs a real Lago / Savana.
- EQ6 an object's point value on the Objetos card is its cost (EM4).
- EQ7 a majority needs at least one hex of the type; ties split 5 // n.
- EQ8 the neutral player is no opponent for Tribo.
- EQ9/EQ10 with no meeple on the board, a returning (or the Neandertal) meeple goes on any hex it
  may occupy (not a volcano without Resistência); all returning meeples then share that hex
  (rulebook: «todas devem ser colocadas no mesmo hexágono»).
- EQ11 Retorno: one meeple, once a round, during the player's own phase-2 turn, before, between
  or after his actions. «A qualquer momento, durante a fase 2» loses nothing by this: once his
  turn is over nothing can change his board before phase 3, and a meeple back on the board never
  lowers his own scores.
- EQ12 actions are not interleaved: a Move covers all the meeples moved; Movimento lets a meeple
  go up to 2 spaces in its one move.
- EQ13 the three-points rule applies to every card total (Inteligência's too).
- EQ14 Inteligência: the last card is set aside unscored, one of the three cards on top of the
  discard pile (rounds 5-7) is scored again with the round-8 territory; the player may decline.
- EQ15 Conhecimento counts the printed terrains: 1 point per 3 hexes of one basic type.
- EQ16 Sobrevivência cancels the first failed intempérie (each is worth 4, so which one is moot).
- EQ17 scores may go below zero.
- EQ18 an invalid terrain intempérie is swapped with another card, else redrawn.
- EQ19 the swamp is territory (adjacency, meeples) and scores nothing.
- EQ20 Caçada: meeples in at least 3 different columns.
- EQ21 the solo layouts (standard, advanced, Era Glacial) are data (SOLO_LAYOUTS, SOLO_INDIVIDUAL).
- EQ22 the solo player buys a hex every round. Solo skills: «Quando o jogador desenvolve uma
  habilidade qualquer ... logo em seguida, ele deve anular outra» (at once, after each
  development), and «No caso raro do jogador, não ter pontos suficientes ... mesmo assim, ele
  deverá descartar uma delas»: a solo player who ends his phase-2 turn without developing (able
  or not) removes one skill then, so one skill leaves the game every round (16 skills, 8 rounds).
- EQ23 2 players: the first-player card alternates strictly (the first seat in odd rounds).
- EQ24 3 players: turn-order positions 1-3; column 4 of the boards is still checked.
- EQ25 discarded and removed hexes are out of the game for good.
- Choices the engine makes for the player, because only the score depends on them: the terrain
  of Terrenos Iguais and the group of a repeated Objetos (Inteligência) are the best-scoring ones.
- Two intempéries needing the same thing under one column need two such hexes (the Era Glacial
  example); two Inimigos would need 4 meeples.
- The turn-order variant applies to 3-4 players (2 players alternate, solo has one bidder).
"""

from __future__ import annotations

from typing import NamedTuple

# --------------------------------------------------------------------------- terrains
# rulebook: «Floresta x5, Montanha x5, Lago x5, Savana x5, Deserto x5, Caverna x4, Vulcão x3»
# plus the swamp of the reverse side: «o terreno de pântano, à direita».
FOREST, MOUNTAIN, LAKE, SAVANNA, DESERT, CAVE, VOLCANO, SWAMP = "F", "M", "L", "S", "D", "C", "V", "W"
BASIC = (FOREST, MOUNTAIN, LAKE, SAVANNA, DESERT)
ALL_TYPES = (FOREST, MOUNTAIN, LAKE, SAVANNA, DESERT, CAVE, VOLCANO)

# rulebook: «floresta com dois ícones de madeira», «ícones de pedra de suas montanhas»,
# «ícones de água de seus lagos», «Se os meeples estivessem num deserto, com a carta Mamute ele
# receberia 4 pts (2 ícones + 2 meeples)», «Se os meeples estivessem na savana, com a carta
# Alimento ele receberia 3 pts (1 ícone + 2 meeples)» (and Destreza: lago / Água, savana / Alimento).
RESOURCE = {FOREST: "wood", MOUNTAIN: "stone", LAKE: "water", SAVANNA: "food", DESERT: "mammoth"}


class Hex(NamedTuple):
    terrain: str
    icons: int      # resource icons of the terrain's resource
    plant: int
    know: int


# designed (EM1): 9 resource icons per basic terrain, 8 plant icons, 8 knowledge icons.
HEXES: dict[str, Hex] = {
    "F1": Hex(FOREST, 1, 1, 0), "F2": Hex(FOREST, 1, 0, 1), "F3": Hex(FOREST, 2, 1, 0),
    "F4": Hex(FOREST, 2, 0, 0), "F5": Hex(FOREST, 3, 0, 0),
    "M1": Hex(MOUNTAIN, 1, 0, 1), "M2": Hex(MOUNTAIN, 1, 1, 0), "M3": Hex(MOUNTAIN, 2, 0, 0),
    "M4": Hex(MOUNTAIN, 2, 0, 1), "M5": Hex(MOUNTAIN, 3, 0, 0),
    "L1": Hex(LAKE, 1, 0, 1), "L2": Hex(LAKE, 1, 1, 0), "L3": Hex(LAKE, 2, 0, 0),
    "L4": Hex(LAKE, 2, 1, 0), "L5": Hex(LAKE, 3, 0, 0),
    "S1": Hex(SAVANNA, 1, 1, 0), "S2": Hex(SAVANNA, 1, 0, 1), "S3": Hex(SAVANNA, 2, 1, 0),
    "S4": Hex(SAVANNA, 2, 0, 0), "S5": Hex(SAVANNA, 3, 0, 0),
    "D1": Hex(DESERT, 1, 0, 1), "D2": Hex(DESERT, 1, 0, 0), "D3": Hex(DESERT, 2, 1, 0),
    "D4": Hex(DESERT, 2, 0, 0), "D5": Hex(DESERT, 3, 0, 0),
    "C1": Hex(CAVE, 0, 0, 1), "C2": Hex(CAVE, 0, 0, 0), "C3": Hex(CAVE, 0, 0, 0), "C4": Hex(CAVE, 0, 0, 0),
    "V1": Hex(VOLCANO, 0, 0, 1), "V2": Hex(VOLCANO, 0, 0, 0), "V3": Hex(VOLCANO, 0, 0, 0),
}
TILE_IDS = tuple(HEXES)  # the 32 hexes of the pile (rulebook: «32 hexágonos de terrenos»)

# designed (EM3): printed terrains show 1 icon of their resource, no plant or knowledge.
PRINTED: dict[str, Hex] = {f"p{t}": Hex(t, 1, 0, 0) for t in BASIC}
PRINTED["pW"] = Hex(SWAMP, 0, 0, 0)  # rulebook: «Os pântanos são improdutivos»
ALL_HEXES: dict[str, Hex] = {**HEXES, **PRINTED}

# --------------------------------------------------------------------------- the boards
# designed (EM2): 10 spaces in 4 columns of 3, 2, 3, 2; the even columns half a hex lower.
# rulebook: «há 8 espaços vazios nos tabuleiros individuais» (10 - 2 printed) and the columns
# «Esses números indicam não apenas a ordem de turnos, mas também as COLUNAS».
SPACES: dict[str, tuple[int, float]] = {
    "a1": (1, 0.0), "a2": (1, 1.0), "a3": (1, 2.0),
    "b1": (2, 0.5), "b2": (2, 1.5),
    "c1": (3, 0.0), "c2": (3, 1.0), "c3": (3, 2.0),
    "d1": (4, 0.5), "d2": (4, 1.5),
}


def _adjacent(a: str, b: str) -> bool:
    (ca, ya), (cb, yb) = SPACES[a], SPACES[b]
    return (ca == cb and abs(ya - yb) == 1.0) or (abs(ca - cb) == 1 and abs(ya - yb) == 0.5)


ADJ: dict[str, tuple[str, ...]] = {
    s: tuple(o for o in SPACES if o != s and _adjacent(s, o)) for s in SPACES
}


def column(space: str) -> int:
    return SPACES[space][0]


# designed (EM3). rulebook (side A): «o lado que possui 2 terrenos impressos adjacentes na
# parte superior»; (side B): «2 meeples no terreno à esquerda e os outros 2 no terreno de
# pântano, à direita».
BOARDS: dict[str, list[dict[str, str]]] = {
    "normal": [
        {"a1": "pF", "b1": "pL"},
        {"b1": "pM", "c1": "pS"},
        {"c1": "pD", "d1": "pF"},
        {"a1": "pS", "b1": "pM"},
    ],
    "swamp": [
        {"a2": "pD", "d1": "pW"},
        {"a2": "pL", "d1": "pW"},
        {"a2": "pS", "d1": "pW"},
        {"a2": "pF", "d1": "pW"},
    ],
}
# rulebook: «No início do jogo os jogadores já possuem 1 pt de conhecimento impresso».
PRINTED_KNOWLEDGE = 1

# --------------------------------------------------------------------------- objects


class Obj(NamedTuple):
    group: str   # "wood" or "stone"
    cost: int
    points: int
    card: str    # the scoring card it adds 2 points to


# designed (EM4): point value = cost; rulebook for the bonuses: «ÁGUA - objeto VASO,
# ALIMENTO - objeto PEDRA LASCADA, MAMUTE - objeto ARCO E FLECHA», «fabricado as pedras que
# produzem fogo, ele recebe mais 2 pontos», «fabricado a clava ... a machadinha», jangada
# (Terrenos Iguais), roda (Terrenos Diferentes).
OBJECTS: dict[str, Obj] = {
    "vaso": Obj("wood", 1, 1, "agua"),
    "clava": Obj("wood", 2, 2, "tribo"),
    "arco": Obj("wood", 3, 3, "mamute"),
    "jangada": Obj("wood", 4, 4, "iguais"),
    "lascada": Obj("stone", 1, 1, "alimento"),
    "machadinha": Obj("stone", 2, 2, "tribo"),
    "roda": Obj("stone", 3, 3, "diferentes"),
    "pedrasfogo": Obj("stone", 4, 4, "abrigo"),
}
OBJECT_BONUS = 2  # rulebook: «há um objeto relacionado que aumenta 2 pontos a soma final»
GROUP_BONUS = 4   # rulebook: «fabrica o 4º objeto do mesmo grupo ... recebe 4 pontos»
# designed (EM6): Madeira / Pedra lower the cost by 1 (not Vaso / Pedra lascada), minimum 1.
DISCOUNT = 1

# --------------------------------------------------------------------------- scoring cards
# rulebook: «uma de cada tipo: (Água - Alimento - Mamute - Abrigo - Tribo - Objetos -
# Terrenos Iguais e Terrenos Diferentes)»
CARDS = ("agua", "alimento", "mamute", "abrigo", "tribo", "objetos", "iguais", "diferentes")
# rulebook: «1 ponto por cada ícone mostrado na carta (água, alimento ou mamute)»
CARD_RESOURCE = {"agua": "water", "alimento": "food", "mamute": "mammoth"}
MIN_CARD_POINTS = 3  # rulebook: «REGRA dos TRÊS PONTOS ... mesmo assim o jogador deve receber 3»
CAVE_POINTS = 3      # rulebook: «3 pontos por hexágono de caverna»
FOGO_BONUS = 3       # rulebook: «ele recebe 3 pontos adicionais em cada uma delas»
DESTREZA_POINTS = 3  # rulebook: «3 pontos por um meeple seu num hexágono de lago»
SOLO_TRIBO_BONUS = 2  # rulebook: «1 ponto por meeple em seu tabuleiro individual + 2 pontos»

# --------------------------------------------------------------------------- skills
# designed (EM5) levels; rulebook: «a habilidade FOGO (nível 3)», levels «de 1 a 5».
SKILLS: dict[str, int] = {
    "movimento": 1, "retorno": 1, "madeira": 1, "pedra": 1,
    "recursos": 2, "conhecimento": 2, "coleta": 2, "destreza": 2,
    "fogo": 3, "pintura": 3, "plantio": 3, "resistencia": 3,
    "neandertal": 4, "sobrevivencia": 4,
    "inteligencia": 5, "exploracao": 5,
}
# rulebook: «32 cartas de habilidades»; «Em partidas com 2 jogadores e no modo solo, apenas
# uma carta de cada habilidade é usada.»
SKILL_COPIES_2 = 2  # rulebook (3-4 players): «32 cartas de habilidades» = 16 skills x 2
SKILL_COPIES_1 = 1  # 1-2 players
MOVIMENTO_RANGE = 2       # rulebook: «Permite fazer até 2 movimentos»
RESISTENCIA_POINTS = 3    # rulebook: «3 pontos por cada vulcão»
EXPLORACAO = {6: 5, 7: 8}  # rulebook: «pelo menos 6 tipos diferentes ... 5 pontos ... 7 tipos ... 8»
MAX_BID = 4               # rulebook: «oferece de 0 a 4 meeples»; designed (EQ2): Neandertal keeps the cap
MEEPLES = 4               # rulebook: «04 meepls»
ROUNDS = 8                # rulebook: «Uma partida de Engis dura sempre 8 rodadas»

# --------------------------------------------------------------------------- final scoring
MAJORITY_POINTS = 5       # rulebook: «recebe 5 pontos (cavernas e vulcões não contam)»
KNOWLEDGE_POINTS = 5      # rulebook: «O jogador com mais pontos de conhecimento recebe 5 pontos»
SOLO_MAJORITY_MIN = 3     # rulebook: «pelo menos 3 hexágonos do mesmo tipo»
SOLO_KNOWLEDGE_MIN = 7    # rulebook: «pelo menos, 7 pontos de conhecimento»
SOLO_TARGET = 95          # rulebook: «o jogador precisa alcançar um mínimo de 95 pontos»
WEATHER_PENALTY = 4       # rulebook: «ele perde 4 pontos»

# --------------------------------------------------------------------------- intempéries
# rulebook: «12 são coletivas ... e 6 são individuais»; kinds from the card texts;
# designed (EM7) the terrain of each terrain card.
COLLECTIVE: dict[str, tuple[str, str]] = {
    "avalanche": ("terrain", FOREST), "terremoto": ("terrain", DESERT),
    "predadores": ("terrain", MOUNTAIN), "fome": ("terrain", SAVANNA),
    "incendio": ("terrain", LAKE),
    "virus": ("plant", ""), "serpentes": ("plant", ""),
    "areia": ("know", ""), "peste": ("know", ""),
    "tempestade": ("terrain", CAVE), "eraglacial": ("terrain", CAVE),
    "inimigos": ("enemies", ""),
}
INDIVIDUAL = ("maremoto", "migracao", "cacada", "vulcao", "enxame", "extincao")
EXTINCAO_LEVELS = 15  # rulebook: «deve ser no mínimo 15»
INIMIGOS_MEEPLES = 2  # rulebook: «pelo menos 2 meeples ... a clava e a machadinha»
CACADA_COLUMNS = 3    # rulebook: «pelo menos 3 meeples ... um em cada coluna»
# rulebook: «Coloque uma carta a mais na coluna 2 e outra na coluna 4»; designed (EM10):
# Era Glacial uses the same six columns plus two individual cards.
SOLO_LAYOUTS = {"standard": (1, 2, 3, 4), "advanced": (1, 2, 2, 3, 4, 4), "glacial": (1, 2, 2, 3, 4, 4)}
# rulebook: «e mais a carta individual, num total de sete» (advanced), «e mais duas intempéries
# individuais nas mãos do jogador solo» (Era Glacial).
SOLO_INDIVIDUAL = {"standard": 1, "advanced": 1, "glacial": 2}

# --------------------------------------------------------------------------- tokens
# designed (EM8): the 8 numbered tokens of the 2-player game.
TOKENS = (0, 1, 1, 2, 2, 3, 3, 4)
# designed (EM9): solo price of offer spaces 1-4.
SOLO_PRICES = (1, 2, 3, 4)
OFFER_SIZE = 4  # rulebook: «Compre quatro hexágonos do topo»
