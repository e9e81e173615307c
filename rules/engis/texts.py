"""The ENGIS catalogue: every ``engis.*`` key in (English, Brazilian Portuguese).

In pt-BR the cards, skills, objects, terrains and intempéries keep the rulebook's Portuguese names; in
English they read in English.
"""

from __future__ import annotations

from rules.core import register
from rules.core.i18n import Text

from . import data

TERRAINS = {
    "F": ("Forest", "Floresta"),
    "M": ("Mountain", "Montanha"),
    "L": ("Lake", "Lago"),
    "S": ("Savanna", "Savana"),
    "D": ("Desert", "Deserto"),
    "C": ("Cave", "Caverna"),
    "V": ("Volcano", "Vulcão"),
    "W": ("Swamp", "Pântano"),
}
RESOURCES = {
    "wood": ("wood", "madeira"),
    "stone": ("stone", "pedra"),
    "water": ("water", "água"),
    "food": ("food", "alimento"),
    "mammoth": ("mammoth", "mamute"),
}
# (English, the rulebook's Portuguese)
CARDS = {
    "agua": ("Water", "Água"),
    "alimento": ("Food", "Alimento"),
    "mamute": ("Mammoth", "Mamute"),
    "abrigo": ("Shelter", "Abrigo"),
    "tribo": ("Tribe", "Tribo"),
    "objetos": ("Objects", "Objetos"),
    "iguais": ("Same Terrains", "Terrenos Iguais"),
    "diferentes": ("Different Terrains", "Terrenos Diferentes"),
}
SKILLS = {
    "movimento": ("Movement", "Movimento"),
    "retorno": ("Return", "Retorno"),
    "madeira": ("Woodwork", "Madeira"),
    "pedra": ("Stonework", "Pedra"),
    "recursos": ("Resources", "Recursos"),
    "conhecimento": ("Knowledge", "Conhecimento"),
    "coleta": ("Gathering", "Coleta"),
    "destreza": ("Dexterity", "Destreza"),
    "fogo": ("Fire", "Fogo"),
    "pintura": ("Painting", "Pintura"),
    "plantio": ("Planting", "Plantio"),
    "resistencia": ("Endurance", "Resistência"),
    "neandertal": ("Neanderthal", "Neandertal"),
    "sobrevivencia": ("Survival", "Sobrevivência"),
    "inteligencia": ("Intelligence", "Inteligência"),
    "exploracao": ("Exploration", "Exploração"),
}
OBJECTS = {
    "vaso": ("Pot", "Vaso"),
    "clava": ("Club", "Clava"),
    "arco": ("Bow and arrow", "Arco e flecha"),
    "jangada": ("Raft", "Jangada"),
    "lascada": ("Flint flake", "Pedra lascada"),
    "machadinha": ("Hatchet", "Machadinha"),
    "roda": ("Wheel", "Roda"),
    "pedrasfogo": ("Fire stones", "Pedras de fogo"),
}
WEATHER = {
    "avalanche": ("Avalanche", "Avalanche"),
    "terremoto": ("Earthquake", "Terremoto"),
    "predadores": ("Predators", "Predadores"),
    "fome": ("Famine", "Fome"),
    "incendio": ("Wildfire", "Incêndio"),
    "virus": ("Virus", "Vírus"),
    "serpentes": ("Snakes", "Serpentes"),
    "areia": ("Quicksand", "Areia Movediça"),
    "peste": ("Plague", "Peste"),
    "tempestade": ("Storm", "Tempestade"),
    "eraglacial": ("Ice Age", "Era Glacial"),
    "inimigos": ("Enemies", "Inimigos"),
    "maremoto": ("Tsunami", "Maremoto"),
    "migracao": ("Migration", "Migração"),
    "cacada": ("Great Hunt", "Caçada"),
    "vulcao": ("Eruption", "Vulcão"),
    "enxame": ("Swarm", "Enxame"),
    "extincao": ("Extinction", "Extinção"),
}


def _hex_label(hid: str, lang: int) -> str:
    h = data.ALL_HEXES[hid]
    name = TERRAINS[h.terrain][lang]
    num = hid[1:] if hid[0] != "p" else ("impresso" if lang else "printed")
    parts = []
    if h.icons:
        parts.append(f"{h.icons} {RESOURCES[data.RESOURCE[h.terrain]][lang]}")
    if h.plant:
        parts.append("planta" if lang else "plant")
    if h.know:
        parts.append("conhecimento" if lang else "knowledge")
    return f"{name} {num}" + (f" ({', '.join(parts)})" if parts else "")


TEXTS: dict[str, tuple[Text, Text]] = {
    "engis.empty": ("empty", "vazio"),
    "engis.space": ("{space} · {terrain}", "{space} · {terrain}"),
    "engis.neutral": ("Neutral", "Neutro"),
    "engis.target": ("95-point target", "Meta de 95 pontos"),
    "engis.tiebreak": ("Ties: most meeples on the board", "Empate: mais meeples no tabuleiro"),
    # options
    "engis.opt.side": ("Board side", "Lado dos tabuleiros"),
    "engis.opt.side.normal": ("Basic side", "Lado básico"),
    "engis.opt.side.swamp": ("Swamp side", "Lado do pântano"),
    "engis.opt.order": ("Turn order", "Ordem de turnos"),
    "engis.opt.order.standard": ("Clockwise bids", "Lances em sentido horário"),
    "engis.opt.order.reverse": ("Variant: last bids first", "Variante: o último dá o 1º lance"),
    "engis.opt.solo": ("Solo mode", "Modo solo"),
    "engis.opt.solo.standard": ("Standard", "Padrão"),
    "engis.opt.solo.advanced": ("Advanced (6 hardships)", "Avançado (6 intempéries)"),
    "engis.opt.solo.glacial": ("Ice Age", "Era Glacial"),
    # score categories
    "engis.score.cards": ("Scoring cards", "Cartas de pontuação"),
    "engis.score.crafting": ("Object groups", "Grupos de objetos"),
    "engis.score.skills": ("Skills", "Habilidades"),
    "engis.score.majorities": ("Terrain majorities", "Maiorias nos terrenos"),
    "engis.score.knowledge": ("Knowledge", "Conhecimento"),
    "engis.score.intemperies": ("Hardships", "Intempéries"),
    "engis.score.target": ("Target", "Meta"),
    # actions
    "engis.act.token": ("Neutral bids {n}", "Neutro oferece {n}"),
    "engis.act.bid": ("Bid {n}", "Lance {n}"),
    "engis.act.buy": ("{hex} for {n}", "{hex} por {n}"),
    "engis.act.take": ("Take from {space}", "Retirar de {space}"),
    "engis.act.pick": ("{hex}", "{hex}"),
    "engis.act.drop": ("Remove {hex}", "Remover {hex}"),
    "engis.act.put": ("{space} (column {col})", "{space} (coluna {col})"),
    "engis.act.move": ("Move", "Mover"),
    "engis.act.craft": ("Craft", "Fabricar"),
    "engis.act.develop": ("Develop", "Desenvolver"),
    "engis.act.retorno": ("Return", "Retorno"),
    "engis.act.end": ("End turn", "Encerrar o turno"),
    "engis.act.from": ("Meeple on {space}", "Meeple em {space}"),
    "engis.act.to": ("To {space}", "Para {space}"),
    "engis.act.move_done": ("Done moving", "Fim do movimento"),
    "engis.act.back": ("Back", "Voltar"),
    "engis.act.craft_obj": ("{obj} ({cost})", "{obj} ({cost})"),
    "engis.act.skill": ("{skill} (level {n})", "{skill} (nível {n})"),
    "engis.act.discard": ("Discard {skill}", "Descartar {skill}"),
    "engis.act.home": ("{space}", "{space}"),
    "engis.act.card": ("{card}: {n} pts", "{card}: {n} pts"),
    "engis.act.intel": ("Intelligence: {card} again, {n} pts", "Inteligência: {card} de novo, {n} pts"),
    # prompts
    "engis.prompt.token": ("Choose the neutral player's token", "Escolha a ficha do jogador neutro"),
    "engis.prompt.bid": ("Your bid (never equal to an earlier one)", "Seu lance (nunca igual a um anterior)"),
    "engis.prompt.buy": ("Buy a hex: its price in meeples", "Compre um hexágono: o preço em meeples"),
    "engis.prompt.take": ("Take a bid meeple from which hex?", "Retirar o meeple do lance de qual hexágono?"),
    "engis.prompt.pick": ("Choose a hex from the offer", "Escolha um hexágono da oferta"),
    "engis.prompt.drop": ("Remove a hex for the neutral player", "Remova um hexágono pelo jogador neutro"),
    "engis.prompt.place": (
        "Place {hex} on an empty space next to your territory",
        "Coloque {hex} num espaço vazio adjacente ao seu território",
    ),
    "engis.prompt.act": ("Phase 2: choose an action (each once)", "Fase 2: escolha uma ação (cada uma uma vez)"),
    "engis.prompt.move": ("Move: choose a meeple, or finish", "Mover: escolha um meeple, ou termine"),
    "engis.prompt.move_to": ("Move the meeple from {space} to", "Mover o meeple de {space} para"),
    "engis.prompt.craft": ("Craft one object", "Fabrique um objeto"),
    "engis.prompt.develop": ("Develop one skill (knowledge {n})", "Desenvolva uma habilidade (conhecimento {n})"),
    "engis.prompt.discard": ("Solo: discard a skill from the game", "Solo: descarte uma habilidade do jogo"),
    "engis.prompt.nea": ("Place the Neanderthal meeple", "Coloque o meeple Neandertal"),
    "engis.prompt.retorno": ("Place the returning meeple", "Coloque o meeple que retorna"),
    "engis.prompt.back": ("Bring a meeple back to", "Traga um meeple de volta para"),
    "engis.prompt.score": ("Phase 3: play a scoring card", "Fase 3: use uma carta de pontuação"),
    "engis.prompt.over": ("The game is over", "A partida terminou"),
    # events
    "engis.ev.token": ("{who} gives the neutral player token {n}", "{who} dá ao neutro a ficha {n}"),
    "engis.ev.bid": ("{who} bids {n}", "{who} oferece {n}"),
    "engis.ev.buy": ("{who} buys {hex} for {n} meeples", "{who} compra {hex} por {n} meeples"),
    "engis.ev.order": ("Turn order: {order}", "Ordem de turnos: {order}"),
    "engis.ev.pick": ("{who} takes {hex}", "{who} pega {hex}"),
    "engis.ev.drop": ("{who} removes {hex} for the neutral player", "{who} remove {hex} pelo neutro"),
    "engis.ev.place": ("{who} places {hex} on {space}", "{who} coloca {hex} em {space}"),
    "engis.ev.spare": ("{hex} is discarded", "{hex} é descartado"),
    "engis.ev.move": ("{who} moves a meeple {src} → {dst}", "{who} move um meeple {src} → {dst}"),
    "engis.ev.craft": ("{who} crafts {obj}", "{who} fabrica {obj}"),
    "engis.ev.group": ("{who} completes an object group: +{n}", "{who} completa um grupo de objetos: +{n}"),
    "engis.ev.develop": ("{who} develops {skill}", "{who} desenvolve {skill}"),
    "engis.ev.discard": ("{skill} leaves the game", "{skill} sai do jogo"),
    "engis.ev.retorno": ("{who} brings a meeple back (Return)", "{who} traz um meeple de volta (Retorno)"),
    "engis.ev.card": ("{who} plays {card}: {n} pts", "{who} usa {card}: {n} pts"),
    "engis.ev.intel": (
        "{who} scores {card} again (Intelligence): {n} pts",
        "{who} pontua {card} de novo (Inteligência): {n} pts",
    ),
    "engis.ev.art": ("{who} scores {n} with Painting / Planting", "{who} marca {n} com Pintura / Plantio"),
    "engis.ev.final": ("{who} ends with {n} points", "{who} termina com {n} pontos"),
    # picture
    "engis.r.round": ("Round {n}/8", "Rodada {n}/8"),
    "engis.r.pts": ({"one": "{n} pt", "other": "{n} pts"}, {"one": "{n} pt", "other": "{n} pts"}),
    "engis.r.score_col": ("Score", "Pontos"),
    "engis.todo.bid": ("bid {low}–{high}", "lance de {low} a {high}"),
    "engis.todo.bid_not": ("bid {low}–{high} (not {skipped})", "lance de {low} a {high} (exceto {skipped})"),
    "engis.todo.bid_one": ("bid {n}", "lance {n}"),
    "engis.todo.act1": ("actions left: {a}", "ações restantes: {a}"),
    "engis.todo.act2": ("actions left: {a} · {b}", "ações restantes: {a} · {b}"),
    "engis.todo.act3": ("actions left: {a} · {b} · {c}", "ações restantes: {a} · {b} · {c}"),
    "engis.todo.act4": ("actions left: {a} · {b} · {c} · {d}", "ações restantes: {a} · {b} · {c} · {d}"),
    "engis.todo.end": ("no action left: end the turn", "nenhuma ação restante: encerrar o turno"),
    "engis.todo.score": ("play a scoring card", "jogar uma carta de pontuação"),
    "engis.r.solo_score": ("{n} of {target} points", "{n} de {target} pontos"),
    "engis.alt.weather": ("Hardships by column: {list}", "Intempéries por coluna: {list}"),
    "engis.alt.undefended": ("Columns not defended: {list}", "Colunas sem defesa: {list}"),
    "engis.r.offer": ("Offer", "Oferta"),
    "engis.r.order": ("Turn order", "Ordem de turnos"),
    "engis.r.bids": ("Bids", "Lances"),
    "engis.r.pile": ("Pile: {n}", "Pilha: {n}"),
    "engis.r.out": ("Discarded: {n}", "Descartados: {n}"),
    "engis.r.weather": ("Hardships (column)", "Intempéries (coluna)"),
    "engis.r.knowledge": ("Knowledge {n}", "Conhecimento {n}"),
    "engis.r.objects": ("Objects", "Objetos"),
    "engis.r.skills": ("Skills", "Habilidades"),
    "engis.r.played": ("Played", "Usadas"),
    "engis.r.played_top": ("Played {n}, on top", "Usadas {n}, no topo"),
    "engis.r.hand": ("Your hand", "Sua mão"),
    "engis.r.hand_n": ("Cards in hand: {n}", "Cartas na mão: {n}"),
    "engis.r.secret": (
        {"one": "Your secret hardship", "other": "Your secret hardships"},
        {"one": "Sua intempérie secreta", "other": "Suas intempéries secretas"},
    ),
    "engis.r.secret_of": (
        {"one": "Individual hardship", "other": "Individual hardships"},
        {"one": "Intempérie individual", "other": "Intempéries individuais"},
    ),
    "engis.r.row": ("Bid row: {n}", "Fileira: {n}"),
    "engis.r.first": ("1st player", "1º jogador"),
    "engis.r.tokens": ("Tokens left", "Fichas restantes"),
    "engis.r.pool": ("Skills available", "Habilidades disponíveis"),
    "engis.r.legend": ("Legend", "Legenda"),
    "engis.r.plant": ("plant", "planta"),
    "engis.r.know": ("knowledge", "conhecimento"),
    "engis.r.meeple": ("meeple", "meeple"),
    "engis.r.last": ("last move", "última jogada"),
    "engis.r.failed": ("Failed: {list}", "Não defendidas: {list}"),
    "engis.r.src.cards": ("Cards", "Cartas"),  # the sources of points, short, in a clan's breakdown
    "engis.r.src.crafting": ("Objects", "Objetos"),
    "engis.r.src.skills": ("Skills", "Habilidades"),
    "engis.r.src.majorities": ("Majorities", "Maiorias"),
    "engis.r.src.knowledge": ("Knowledge", "Conhecimento"),
    "engis.r.src.intemperies": ("Hardships", "Intempéries"),
    "engis.r.penalty": ("{n} × −{each}", "{n} × −{each}"),
    "engis.r.defended": ("column defends its hardship, or not", "a coluna defende sua intempérie, ou não"),
    "engis.r.over": ("Game over", "Fim de jogo"),
    "engis.r.turn": ("Turn: {who}", "Vez de: {who}"),
    "engis.r.bid": ("bid {n}", "lance {n}"),
    "engis.r.target": ("Solo: reach {n} points to win", "Solo: alcance {n} pontos para vencer"),
    "engis.r.phase1": ("Phase 1: expand", "Fase 1: expandir"),
    "engis.r.phase2": ("Phase 2: actions", "Fase 2: ações"),
    "engis.r.phase3": ("Phase 3: scoring", "Fase 3: pontuação"),
    "engis.r.phase_end": ("End of round", "Fim da rodada"),
    "engis.r.need_enemies": ("2 meeples + Club + Hatchet", "2 meeples + Clava + Machadinha"),
    # rules summary
    "engis.rules.1": (
        (
            "ENGIS: 8 rounds of three phases. Each round every clan adds one terrain hex to its board; "
            "after round 8 the highest score wins (ties: most meeples on the board)."
        ),
        (
            "ENGIS: 8 rodadas de três fases. A cada rodada cada clã acrescenta um hexágono de terreno ao "
            "seu tabuleiro; após a 8ª rodada vence a maior pontuação (empate: mais meeples no tabuleiro)."
        ),
    ),
    "engis.rules.2": (
        (
            "Phase 1: bid 0-4 meeples, never equal to an earlier bid; the highest bid picks first and places "
            "the hex next to its territory. Bid meeples come back at the end of the round, onto hexes that "
            "already hold your meeples."
        ),
        (
            "Fase 1: ofereça de 0 a 4 meeples, nunca igual a um lance anterior; o maior lance escolhe primeiro "
            "e coloca o hexágono adjacente ao território. Os meeples do lance voltam no fim da rodada, para "
            "hexágonos que já têm seus meeples."
        ),
    ),
    "engis.rules.3": (
        (
            "Phase 2: up to three different actions. Move (each meeple one step, never across empty spaces "
            "or volcanoes); Craft one object (you only need the wood or stone icons; the 4th object of a group "
            "gives 4 points); Develop one skill whose level is at most your knowledge."
        ),
        (
            "Fase 2: até três ações diferentes. Mover (cada meeple um passo, nunca atravessando espaços vazios "
            "ou vulcões); Fabricar um objeto (basta ter os ícones de madeira ou pedra; o 4º objeto de um grupo "
            "dá 4 pontos); Desenvolver uma habilidade de nível até o seu conhecimento."
        ),
    ),
    "engis.rules.4": (
        (
            "Phase 3: play one of your 8 scoring cards (Water, Food, Mammoth, Shelter, Tribe, Objects, "
            "Same Terrains, Different Terrains); crafted objects add 2 points to their card and a card "
            "always scores at least 3."
        ),
        (
            "Fase 3: use uma das suas 8 cartas de pontuação (Água, Alimento, Mamute, Abrigo, Tribo, Objetos, "
            "Terrenos Iguais, Terrenos Diferentes); objetos fabricados somam 2 pontos à sua carta e uma carta "
            "sempre vale pelo menos 3."
        ),
    ),
    "engis.rules.5": (
        (
            "End of game: 5 points for each terrain majority and for the most knowledge, Endurance and "
            "Exploration, then -4 for each hardship (4 collective, 1 secret) you did not defend. "
            "Solo: reach 95 points."
        ),
        (
            "Fim do jogo: 5 pontos por maioria em cada terreno e pelo maior conhecimento, Resistência e "
            "Exploração, depois -4 por intempérie (4 coletivas, 1 secreta) não defendida. "
            "Solo: alcance 95 pontos."
        ),
    ),
}

for _t, (_en, _pt) in TERRAINS.items():
    TEXTS[f"engis.terrain.{_t}"] = (_en, _pt)
for _r, (_en, _pt) in RESOURCES.items():
    TEXTS[f"engis.res.{_r}"] = (_en, _pt)
for _h in data.ALL_HEXES:
    TEXTS[f"engis.hex.{_h}"] = (_hex_label(_h, 0), _hex_label(_h, 1))
for _group, _names in (("card", CARDS), ("skill", SKILLS), ("object", OBJECTS), ("weather", WEATHER)):
    for _k, (_en, _pt) in _names.items():
        TEXTS[f"engis.{_group}.{_k}"] = (_en, _pt)

# The questions that say "you", as everyone but the player asked reads them (``rules.core.told_to_all``).
TEXTS.update(
    {
        "engis.public.bid": ("Bid (never equal to an earlier one)", "Lance (nunca igual a um anterior)"),
        "engis.public.place": (
            "Place {hex} on an empty space next to the clan's territory",
            "Coloque {hex} num espaço vazio adjacente ao território do clã",
        ),
    }
)

register(TEXTS)
