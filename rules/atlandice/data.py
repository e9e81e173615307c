"""ATLANDICE components and the values the rulebook relies on without stating them.

Every value is marked ``"rulebook"`` (with the Portuguese sentence it comes from) or
``"designed"`` (chosen here because the rulebook's pictures are missing, see
``/work/shared/notes/atlandice-data.md``).
"""

from __future__ import annotations

# -- Regions, resources, sectors ---------------------------------------------------------------
# rulebook: «Separe as regiões em categorias. Faça 5 pilhas, cada uma contendo 3 regiões do mesmo
# tipo (conforme a numeração do dado).»  Region index r (0..4) is the die value r + 1.
REGIONS = ("jewellery", "library", "inn", "workshop", "forge")
# rulebook: «As Joias ficam na Joalheria ... Os Livros ficam na Biblioteca ... As Provisões ficam
# na Pousada ... As Ferramentas ficam na Oficina ... As Armas ficam na Forja»
RESOURCES = ("gem", "book", "food", "tool", "arm")
# Sector index: 0..4 the regions, 5 the Black Market.
BLACK_MARKET = 5
SECTORS = 6
# rulebook: «Os dados com o número 6 são sempre colocados próximos ao Mercado Negro»
BM_DIE = 6
# Action-id form of a sector ("1".."5", "bm") and back.
SECTOR_IDS = ("1", "2", "3", "4", "5", "bm")

# rulebook: «Número de Jogadores 2/3 4 / Número de Recursos 7 9» (per region)
RESOURCES_PER_REGION = {2: 7, 3: 7, 4: 9}
# rulebook: «Número de Jogadores 2/3 4 / Número de Dados 7 9»
DICE = {2: 7, 3: 7, 4: 9}
# rulebook: «Pegue 3 recursos de cada tipo e coloque-os no Mercado Negro»
BLACK_MARKET_START = 3
# rulebook: «Os jogadores seguem procedendo dessa forma até que cada um tenha 2 dados.»
# rulebook (2 players): «cada jogador deverá, alternadamente, pegar 3 dados»
DICE_PER_PLAYER = {2: 3, 3: 2, 4: 2}
# rulebook: «Coloque o Submarino próximo à pilha de Oficinas (número 4).»
SUBMARINE_START = 3

# -- Region tiles ----------------------------------------------------------------------------
# rulebook: «15 Peças de Regiões, divididas em 5 categorias» with three effects each, in the
# order of «Efeitos dos Setores».  Tile id = region letter + number of the effect in that order.
TILES: dict[int, tuple[str, str, str]] = {
    0: ("J1", "J2", "J3"),
    1: ("B1", "B2", "B3"),
    2: ("P1", "P2", "P3"),
    3: ("O1", "O2", "O3"),
    4: ("F1", "F2", "F3"),
}

# Clock pointers printed on each tile.
# rulebook: «Existem 3 Oficinas diferentes com 1, 2 e 3 símbolos de ponteiro»
# designed (AM2): every other region likewise has one tile with 1, 2 and 3 pointers, the n-th
# effect in the rulebook's order carrying n pointers.
TILE_CLOCK = {tile: int(tile[1]) for tiles in TILES.values() for tile in tiles}
# designed (AM3): the Black Market shows 2 pointers (the middle of the 1-3 range).
BM_CLOCK = 2

# What each effect does (the engine's switch), from «Efeitos dos Setores» (rulebook).
# J1 «Role o dado ... Se você tirar 1, 3 ou 5, pegue mais um recurso da Joalheria.»
# J2 «Troque 1 dos recursos ... que estiver na Joalheria por 1 recurso qualquer de outra Região.»
# J3 «Role o dado ... Se você tirar 6, role o dado novamente e visite o Setor correspondente»
# B1 «Role o dado ... Se você tirar 5 ou 6, pegue 1 recurso qualquer de outra Região.»
# B2 «Mova 1 recurso à sua escolha da Biblioteca para o Mercado Negro.»
# B3 «Caso este seja o segundo dado pegado nesta rodada, pegue mais 1 recurso da Biblioteca.»
# P1 «Role o dado ... Se você tirar 1, 2, 3 ou 4, mova o ponteiro do relógio 1 espaço.»
# P2 «Mova 1 recurso à sua escolha do Mercado Negro a uma outra região qualquer, que não seja a
#    Pousada.»
# P3 «Mude o valor de um dado de um dos Setores e mova-o para o novo Setor correspondente.»
# O  «Mova o Submarino do Setor onde ele se encontra para um outro Setor.»
# F1 «Role o dado ... Se você tirar 2, 4 ou 6, pegue mais um recurso da Forja.»
# F2 «Mova 1 recurso qualquer da Forja para uma outra Região.»
# F3 «Role o dado ... Se você tirar 6, pegue 1 recurso do Mercado Negro.»
J1_ROLLS = (1, 3, 5)
J3_ROLLS = (6,)
B1_ROLLS = (5, 6)
P1_ROLLS = (1, 2, 3, 4)
F1_ROLLS = (2, 4, 6)
F3_ROLLS = (6,)

# -- Clock -----------------------------------------------------------------------------------
# rulebook: «mova o ponteiro do relógio para a primeira posição (marcada com uma seta)» and
# «se o ponteiro chegar ao último espaço, indicado pelo símbolo de ondas».
# designed (AM1): 15 positions 0..14; the special spaces below; all others blank.
CLOCK_START = 0
CLOCK_END = 14
# "inv.<resource>" / "inv.total": Inventory; "don": Donation.
CLOCK_TRACK: dict[int, str] = {
    2: "inv.gem",
    3: "don",
    4: "inv.book",
    6: "inv.food",
    7: "don",
    8: "inv.tool",
    10: "inv.arm",
    11: "don",
    12: "inv.total",
}

# -- Scoring ---------------------------------------------------------------------------------
# rulebook: «A peça vale 3 pontos no final da partida.»
TILE_VP = 3
# rulebook: «Dê ao jogador com o segundo maior estoque do recurso relacionado 1 Ponto de Vitória.»
REGION_SECOND_VP = 1
# rulebook: «dê a um jogador a peça da região e aos outros empatados 3 fichas de 1 Ponto de Vitória»
REGION_TIE_VP = 3
# rulebook: «Cada jogador que tiver o maior estoque ... ganha 3 Pontos de Vitória ... Todos os
# jogadores em segundo lugar ganham 1 Ponto de Vitória.»
MAJORITY_FIRST_VP = 3
MAJORITY_SECOND_VP = 1
# rulebook: «O jogador que tiver o maior estoque ... ganha 1 Ponto de Vitória.»
INVENTORY_VP = 1
# rulebook: «pode gastar 2 recursos quaisquer para ganhar 1 Ponto de Vitória»
DONATION_COST = 2
DONATION_VP = 1

# -- Readings of ambiguous passages (designed, from the notes' recommendations) ----------------
# AQ1 returned resources top the Black Market up to BLACK_MARKET_START of that resource, the rest go to the
#     new tile (the rulebook's example: «2 são colocados no Mercado Negro (pois já havia 1 lá)»).
# AQ2 of the players tied for first, the first in turn order from the visiting player takes the tile.
# AQ3 a stock of zero never places (first, second, Inventory, majorities).
# AQ4 a tile is scored only when it loses its last resource; a tile revealed empty waits.
# AQ5 empty = no resource of any type on the tile.
# AQ6 the Jewellery re-roll visit takes no die: resource (+ Submarine bonus) and effect there.
# AQ7 the Library "second die" counts the dice the visitor took this round, the current one included:
#     with 2 players a human's count includes the die he gave the Neutral (rulebook: «O dado que você
#     der ao Jogador Neutro pode ser o primeiro, o segundo, ou o terceiro dado que você pegar»); the
#     Neutral counts the dice given to it.
# AQ8 a clock pushed to the waves by an Inn ends the game after phase 3 of that round.
# AQ9 several empty regions after a visit are scored in region order 1 -> 5.
# AQ10 the Neutral competes in every stock comparison (awards, Inventory, majorities).
NEUTRAL_COMPETES = True
# AQ11 the human who gives the Neutral its die makes the Neutral's choices.
# AQ12 "Região" never includes the Black Market; the Submarine ("Setor") may go there.
# AQ13 an Inn die change moves a die lying on a sector to another sector (a region whose stack
#     is exhausted is not a target; the Black Market means the value 6).
# AQ14 donated resources go to the active tile of their own region.
# Rulebook: the effects are mandatory when they can be done («c) Por fim, deve-se ativar o efeito
#     do Setor escolhido»).  Designed: a choice with a single possible answer (a resource take with
#     one type on offer, say) is made without asking.
# Designed: when a stack runs out, the dice lying on that region go to the Black Market at once
#     and so does the Submarine if it was there (the sector no longer exists).
# Designed: when nobody holds the resource of an emptied region, its tile leaves the game.
