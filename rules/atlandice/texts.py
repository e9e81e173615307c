"""The ATLANDICE catalogue: (English, Brazilian Portuguese), the rulebook's names in Portuguese."""

from rules.core import register
from rules.core.i18n import Text

TEXTS: dict[str, tuple[Text, Text]] = {
    "atlandice.title": ("ATLANDICE", "ATLANDICE"),
    "atlandice.neutral": ("Neutral player", "Jogador Neutro"),
    # sectors
    "atlandice.sector.1": ("Jewellery", "Joalheria"),
    "atlandice.sector.2": ("Library", "Biblioteca"),
    "atlandice.sector.3": ("Inn", "Pousada"),
    "atlandice.sector.4": ("Workshop", "Oficina"),
    "atlandice.sector.5": ("Forge", "Forja"),
    "atlandice.sector.bm": ("Black Market", "Mercado Negro"),
    # resources
    "atlandice.res.gem": ("Jewels", "Joias"),
    "atlandice.res.book": ("Books", "Livros"),
    "atlandice.res.food": ("Provisions", "Provisões"),
    "atlandice.res.tool": ("Tools", "Ferramentas"),
    "atlandice.res.arm": ("Weapons", "Armas"),
    "atlandice.of.1": ("the Jewellery", "da Joalheria"),
    "atlandice.of.2": ("the Library", "da Biblioteca"),
    "atlandice.of.3": ("the Inn", "da Pousada"),
    "atlandice.of.4": ("the Workshop", "da Oficina"),
    "atlandice.of.5": ("the Forge", "da Forja"),
    "atlandice.of.bm": ("the Black Market", "do Mercado Negro"),
    "atlandice.at.1": ("the Jewellery", "na Joalheria"),
    "atlandice.at.2": ("the Library", "na Biblioteca"),
    "atlandice.at.3": ("the Inn", "na Pousada"),
    "atlandice.at.4": ("the Workshop", "na Oficina"),
    "atlandice.at.5": ("the Forge", "na Forja"),
    "atlandice.at.bm": ("the Black Market", "no Mercado Negro"),
    "atlandice.to.1": ("the Jewellery", "a Joalheria"),
    "atlandice.to.2": ("the Library", "a Biblioteca"),
    "atlandice.to.3": ("the Inn", "a Pousada"),
    "atlandice.to.4": ("the Workshop", "a Oficina"),
    "atlandice.to.5": ("the Forge", "a Forja"),
    "atlandice.to.bm": ("the Black Market", "o Mercado Negro"),
    "atlandice.res1.gem": ("Jewel", "Joia"),
    "atlandice.res1.book": ("Book", "Livro"),
    "atlandice.res1.food": ("Provision", "Provisão"),
    "atlandice.res1.tool": ("Tool", "Ferramenta"),
    "atlandice.res1.arm": ("Weapon", "Arma"),
    # tiles (name) and their effects (one line)
    "atlandice.tile.J1": ("Jewellery (lucky roll)", "Joalheria (rolagem da sorte)"),
    "atlandice.tile.J2": ("Jewellery (exchange)", "Joalheria (troca)"),
    "atlandice.tile.J3": ("Jewellery (detour)", "Joalheria (desvio)"),
    "atlandice.tile.B1": ("Library (lucky roll)", "Biblioteca (rolagem da sorte)"),
    "atlandice.tile.B2": ("Library (smuggling)", "Biblioteca (contrabando)"),
    "atlandice.tile.B3": ("Library (second die)", "Biblioteca (segundo dado)"),
    "atlandice.tile.P1": ("Inn (hourglass)", "Pousada (ampulheta)"),
    "atlandice.tile.P2": ("Inn (supplies)", "Pousada (abastecimento)"),
    "atlandice.tile.P3": ("Inn (change a die)", "Pousada (mudar um dado)"),
    "atlandice.tile.O1": ("Workshop (1 pointer)", "Oficina (1 ponteiro)"),
    "atlandice.tile.O2": ("Workshop (2 pointers)", "Oficina (2 ponteiros)"),
    "atlandice.tile.O3": ("Workshop (3 pointers)", "Oficina (3 ponteiros)"),
    "atlandice.tile.F1": ("Forge (lucky roll)", "Forja (rolagem da sorte)"),
    "atlandice.tile.F2": ("Forge (shipment)", "Forja (remessa)"),
    "atlandice.tile.F3": ("Forge (contraband)", "Forja (contrabando)"),
    "atlandice.short.J1": ("Lucky roll", "Rolagem da sorte"),
    "atlandice.short.J2": ("Exchange", "Troca"),
    "atlandice.short.J3": ("Detour", "Desvio"),
    "atlandice.short.B1": ("Lucky roll", "Rolagem da sorte"),
    "atlandice.short.B2": ("Smuggling", "Contrabando"),
    "atlandice.short.B3": ("Second die", "Segundo dado"),
    "atlandice.short.P1": ("Hourglass", "Ampulheta"),
    "atlandice.short.P2": ("Supplies", "Abastecimento"),
    "atlandice.short.P3": ("Change a die", "Mudar um dado"),
    "atlandice.short.O1": ("1 pointer", "1 ponteiro"),
    "atlandice.short.O2": ("2 pointers", "2 ponteiros"),
    "atlandice.short.O3": ("3 pointers", "3 ponteiros"),
    "atlandice.short.F1": ("Lucky roll", "Rolagem da sorte"),
    "atlandice.short.F2": ("Shipment", "Remessa"),
    "atlandice.short.F3": ("Contraband", "Contrabando"),
    "atlandice.effect.J1": ("Roll 1, 3, 5: +1 resource here", "Role 1, 3, 5: +1 recurso daqui"),
    "atlandice.effect.J2": (
        "Swap 1 resource here with 1 of another Region",
        "Troque 1 recurso daqui por 1 de outra Região",
    ),
    "atlandice.effect.J3": ("Roll 6: roll again, visit that Sector", "Role 6: role de novo e visite o Setor"),
    "atlandice.effect.B1": ("Roll 5, 6: +1 resource of another Region", "Role 5, 6: +1 recurso de outra Região"),
    "atlandice.effect.B2": ("Move 1 resource here to the Black Market", "Mova 1 recurso daqui ao Mercado Negro"),
    "atlandice.effect.B3": ("Your 2nd die this round: +1 resource here", "Seu 2º dado na rodada: +1 recurso daqui"),
    "atlandice.effect.P1": (
        "Roll 1-4: clock +1 (no Inventory/Donation)",
        "Role 1-4: relógio +1 (sem Inventário/Doação)",
    ),
    "atlandice.effect.P2": (
        "Move 1 resource from the Black Market to another Region",
        "Mova 1 recurso do Mercado Negro a outra Região",
    ),
    "atlandice.effect.P3": ("Change a die on a Sector and move it", "Mude o valor de um dado e mova-o"),
    "atlandice.effect.O1": ("Move the Submarine to another Sector", "Mova o Submarino a outro Setor"),
    "atlandice.effect.O2": ("Move the Submarine to another Sector", "Mova o Submarino a outro Setor"),
    "atlandice.effect.O3": ("Move the Submarine to another Sector", "Mova o Submarino a outro Setor"),
    "atlandice.effect.F1": ("Roll 2, 4, 6: +1 resource here", "Role 2, 4, 6: +1 recurso daqui"),
    "atlandice.effect.F2": ("Move 1 resource here to another Region", "Mova 1 recurso daqui a outra Região"),
    "atlandice.effect.F3": ("Roll 6: +1 resource from the Black Market", "Role 6: +1 recurso do Mercado Negro"),
    "atlandice.effect.bm": ("No effect; more resources to choose from", "Sem efeito; mais recursos à escolha"),
    "atlandice.inv.total": ("total stock", "estoque total"),
    # events
    "atlandice.ev.roll": (
        "Round {round}: {who} opens the gates: {dice}.",
        "Rodada {round}: {who} abre os portões: {dice}.",
    ),
    "atlandice.ev.visit": ("{who} takes a die from {sector}.", "{who} pega um dado {sector}."),
    "atlandice.ev.give": (
        "{who} gives the Neutral player a die from {sector}.",
        "{who} dá ao Jogador Neutro um dado {sector}.",
    ),
    "atlandice.ev.take": ("{who} takes 1 {res} from {sector}.", "{who} pega 1 {res} {sector}."),
    "atlandice.ev.effect_roll": ("{who} rolls {n} for the tile {tile}.", "{who} rola {n} para a peça {tile}."),
    "atlandice.ev.revisit": ("{who} visits {sector}.", "{who} visita {sector}."),
    "atlandice.ev.inn_clock": (
        "The clock moves 1 space to {pos} (no Inventory or Donation).",
        "O relógio avança 1 espaço até {pos} (sem Inventário nem Doação).",
    ),
    "atlandice.ev.swap": (
        "Exchange at the Jewellery: 1 {a} for 1 {b} from {sector}.",
        "Troca na Joalheria: 1 {a} por 1 {b} {sector}.",
    ),
    "atlandice.ev.move_res": ("1 {res} moves from {src} to {dst}.", "1 {res} vai {src} para {dst}."),
    "atlandice.ev.move_die": (
        "A die {a} on {src} becomes {b} and moves to {dst}.",
        "Um dado {a} {src} vira {b} e vai para {dst}.",
    ),
    "atlandice.ev.sub": ("The Submarine moves from {src} to {dst}.", "O Submarino vai {src} para {dst}."),
    "atlandice.ev.empty": ("The {sector} is empty.", "A {sector} ficou vazia."),
    "atlandice.ev.tile": (
        "{who} takes the tile {tile} (3 VP at the end).",
        "{who} pega a peça {tile} (3 PV no final).",
    ),
    "atlandice.ev.tile_lost": (
        "Nobody holds its resource: the tile {tile} leaves the game.",
        "Ninguém tem o recurso: a peça {tile} sai da partida.",
    ),
    "atlandice.ev.vp": ("{who} scores {n} VP.", "{who} ganha {n} PV."),
    "atlandice.ev.reveal": (
        "New tile: {tile}. {n} {res} come back ({bm} to the Black Market).",
        "Nova peça: {tile}. Voltam {n} {res} ({bm} para o Mercado Negro).",
    ),
    "atlandice.ev.exhausted": (
        ("The stack of {sector} is exhausted: {n} {res} leave the game; {dice} dice go to the Black Market."),
        ("A pilha {sector} se esgotou: {n} {res} saem da partida; {dice} dados vão ao Mercado Negro."),
    ),
    "atlandice.ev.clock": (
        "The last die lies on {sector}: the clock moves {n} to {pos}.",
        "O último dado está {sector}: o relógio avança {n} até {pos}.",
    ),
    "atlandice.ev.inventory": ("Inventory: {what}.", "Inventário: {what}."),
    "atlandice.ev.donation": (
        "Donation: each player may give 2 resources for 1 VP.",
        "Doação: cada jogador pode dar 2 recursos por 1 PV.",
    ),
    "atlandice.ev.donate": ("{who} donates 1 {a} and 1 {b} for 1 VP.", "{who} doa 1 {a} e 1 {b} por 1 PV."),
    "atlandice.ev.waves": (
        "The clock reaches the waves: Atlantis sinks. Final count!",
        "O relógio chega às ondas: Atlântida afunda. Contagem final!",
    ),
    # actions
    "atlandice.act.visit": ("{sector} ({n})", "{sector} ({n})"),
    "atlandice.act.neutral": ("Neutral: {sector} ({n})", "Neutro: {sector} ({n})"),
    "atlandice.act.take": ("{res} ({n})", "{res} ({n})"),
    "atlandice.act.res": ("{res} ({n})", "{res} ({n})"),
    "atlandice.act.sector": ("{sector}", "{sector}"),
    "atlandice.act.donate": ("{res} ({n})", "{res} ({n})"),
    "atlandice.act.stop": ("Stop donating", "Parar de doar"),
    "atlandice.act.cancel": ("Cancel", "Cancelar"),
    # prompts
    "atlandice.prompt.visit": (
        "Choose a Sector and take one of its dice.",
        "Escolha um Setor e pegue um de seus dados.",
    ),
    "atlandice.prompt.visit_neutral": (
        ("Choose a Sector and take a die, for you or for the Neutral player (one die each round)."),
        ("Escolha um Setor e pegue um dado, para você ou para o Jogador Neutro (um dado por rodada)."),
    ),
    "atlandice.prompt.take": ("Take a resource from {sector}.", "Pegue um recurso {sector}."),
    "atlandice.prompt.take_region": (
        "From which Region do you take a resource?",
        "De qual Região você pega um recurso?",
    ),
    # a visit for the Neutral player: the visitor chooses what it takes
    "atlandice.prompt.take_for": (
        "{who} takes a resource from {sector}: which one?",
        "{who} pega um recurso {sector}: qual?",
    ),
    "atlandice.prompt.take_region_for": (
        "From which Region does {who} take a resource?",
        "De qual Região {who} pega um recurso?",
    ),
    "atlandice.prompt.swap_a": (
        "Exchange: which resource of {sector} do you swap?",
        "Troca: qual recurso {sector} você troca?",
    ),
    "atlandice.prompt.swap_r": (
        "Exchange the {res} with a resource of which Region?",
        "Trocar a peça de {res} por um recurso de qual Região?",
    ),
    "atlandice.prompt.swap_b": (
        "Exchange the {res} with which resource of {sector}?",
        "Trocar a peça de {res} por qual recurso {sector}?",
    ),
    "atlandice.prompt.move_a": ("Which resource of {sector} do you move?", "Qual recurso {sector} você move?"),
    "atlandice.prompt.move_b": ("Move the {res} to which Region?", "Mover a peça de {res} para qual Região?"),
    "atlandice.prompt.die_a": (
        "Change the value of a die: on which Sector?",
        "Mudar o valor de um dado: em qual Setor?",
    ),
    "atlandice.prompt.die_b": ("Move the die on {sector} to which Sector?", "Mover o dado {sector} para qual Setor?"),
    "atlandice.prompt.sub": ("Move the Submarine to which Sector?", "Mover o Submarino para qual Setor?"),
    "atlandice.prompt.donate": (
        "Donation: give 2 resources for 1 VP? Choose the first, or stop.",
        "Doação: dar 2 recursos por 1 PV? Escolha o primeiro ou pare.",
    ),
    "atlandice.prompt.donate2": ("Donation: {res} and which other resource?", "Doação: {res} e qual outro recurso?"),
    "atlandice.prompt.over": ("The game is over.", "A partida terminou."),
    # scores
    "atlandice.score.tiles": ("Region tiles", "Peças de Região"),
    "atlandice.score.awards": ("Region awards", "Prêmios de Região"),
    "atlandice.score.inventory": ("Inventory", "Inventário"),
    "atlandice.score.donation": ("Donation", "Doação"),
    "atlandice.score.majorities": ("Final majorities", "Maiorias finais"),
    # picture
    "atlandice.pic.round": ("Round {n}", "Rodada {n}"),
    "atlandice.pic.turn": ("To play: {who}", "Vez de: {who}"),
    "atlandice.pic.over": ("Game over", "Fim da partida"),
    "atlandice.pic.clock": ("Clock", "Relógio"),
    "atlandice.pic.stack": ({"one": "{n} left", "other": "{n} left"}, {"one": "resta {n}", "other": "restam {n}"}),
    "atlandice.pic.exhausted": ("Exhausted", "Esgotada"),
    "atlandice.pic.first": ("first player", "primeiro jogador"),
    "atlandice.pic.vp": ("{n} VP", "{n} PV"),
    "atlandice.pic.final": (
        "Tiles {tiles} · tokens {vp} · majorities {maj}",
        "Peças {tiles} · fichas {vp} · maiorias {maj}",
    ),
    "atlandice.pic.unranked": ("not ranked", "fora da classificação"),
    "atlandice.alt.position": (
        "Round {round}; the clock at {clock} of {end}; the submarine at the {sector}",
        "Rodada {round}; o relógio em {clock} de {end}; o submarino em {sector}",
    ),
    "atlandice.pic.out": ("Out of the game", "Fora da partida"),
    "atlandice.pic.legend.inv": ("Inventory", "Inventário"),
    "atlandice.pic.legend.don": ("Donation", "Doação"),
    "atlandice.pic.legend.waves": ("Waves: end", "Ondas: fim"),
    "atlandice.pic.legend.sub": ("Submarine: +1 resource", "Submarino: +1 recurso"),
    "atlandice.pic.legend.clock": ("Clock pointers", "Ponteiros do relógio"),
    "atlandice.pic.legend.last": ("Last move", "Última jogada"),
    "atlandice.pic.legend.taken": ("Dice taken this round", "Dados pegos nesta rodada"),
    "atlandice.pic.gave": ("gave a die", "deu um dado"),
    # rules summary
    "atlandice.rules.1": (
        (
            "Atlantis sinks: gather resources before the clock reaches the waves. Each round the first player "
            "rolls the dice (7 with 2-3 players, 9 with 4) onto the five Regions by value; 6s and dice of "
            "exhausted Regions go to the Black Market."
        ),
        (
            "Atlântida afunda: reúna recursos antes que o relógio chegue às ondas. A cada rodada o primeiro "
            "jogador rola os dados (7 com 2-3 jogadores, 9 com 4) nas cinco Regiões conforme o valor; os 6 e os "
            "dados de Regiões esgotadas vão ao Mercado Negro."
        ),
    ),
    "atlandice.rules.2": (
        (
            "In turn, take a die from a Sector that has dice, take one resource there (one more if the Submarine "
            "is there), then apply the Sector's effect. Each player takes 2 dice a round."
        ),
        (
            "Na sua vez, pegue um dado de um Setor que tenha dados, pegue um recurso de lá (mais um se o Submarino "
            "estiver lá) e aplique o efeito do Setor. Cada jogador pega 2 dados por rodada."
        ),
    ),
    "atlandice.rules.3": (
        (
            "When a Region runs out of resources, the player with most of its resource takes the tile (3 VP), the "
            "second gets 1 VP (tied firsts: one takes the tile, the others 3 VP). Everyone returns that resource: "
            "the Black Market up to 3, the rest on the next tile. When the stack runs out the resource leaves the "
            "game."
        ),
        (
            "Quando uma Região fica sem recursos, quem tem mais do seu recurso pega a peça (3 PV), o segundo ganha "
            "1 PV (empate no primeiro: um pega a peça, os outros 3 PV). Todos devolvem esse recurso: o Mercado "
            "Negro até 3, o resto na nova peça. Se a pilha se esgotar, o recurso sai da partida."
        ),
    ),
    "atlandice.rules.4": (
        (
            "The clock advances by the pointers of the Sector holding the last die. Inventory: the largest stock "
            "of the named resource (or in total) scores 1 VP. Donation: each player may give 2 resources for 1 VP, "
            "again and again. The game ends when the clock reaches the waves."
        ),
        (
            "O relógio avança conforme os ponteiros do Setor com o último dado. Inventário: o maior estoque do "
            "recurso indicado (ou total) ganha 1 PV. Doação: cada jogador pode dar 2 recursos por 1 PV, quantas "
            "vezes quiser. A partida acaba quando o relógio chega às ondas."
        ),
    ),
    "atlandice.rules.5": (
        (
            "Final count: for each resource, the largest stock scores 3 VP (ties: 3 each, no second), the second "
            "1 VP; tiles are worth 3 VP. Ties share the victory. With 2 players each takes 3 dice and gives one to "
            "the Neutral player, who scores but cannot win."
        ),
        (
            "Contagem final: para cada recurso, o maior estoque ganha 3 PV (empate: 3 cada, sem segundo), o "
            "segundo 1 PV; cada peça vale 3 PV. Empates dividem a vitória. Com 2 jogadores cada um pega 3 dados e "
            "dá um ao Jogador Neutro, que pontua mas não pode vencer."
        ),
    ),
}

# The questions that say "you", as everyone but the player asked reads them (``rules.core.told_to_all``).
TEXTS.update(
    {
        "atlandice.public.move_a": ("Which resource of {sector} to move?", "Qual recurso {sector} mover?"),
        "atlandice.public.swap_a": (
            "Exchange: which resource of {sector} to swap?",
            "Troca: qual recurso {sector} trocar?",
        ),
        "atlandice.public.take_region": ("From which Region to take a resource?", "De qual Região pegar um recurso?"),
        "atlandice.public.visit_neutral": (
            "Choose a Sector and take a die, to keep or for the Neutral player (one die each round).",
            "Escolha um Setor e pegue um dado, para si ou para o Jogador Neutro (um dado por rodada).",
        ),
    }
)

register(TEXTS)
