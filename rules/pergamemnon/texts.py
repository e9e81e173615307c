"""The PERGAMEMNON catalogue: every ``pergamemnon.*`` key in (English, Brazilian Portuguese).

Card names: in English the names printed on the cards (the rulebook lists them so); in pt-BR their
Portuguese names.
"""

from __future__ import annotations

from rules.core import register
from rules.core.i18n import Text

from . import data

NATIONS = {
    "rom": ("Romans", "Romanos"),
    "egy": ("Egyptians", "Egípcios"),
    "gre": ("Greeks", "Gregos"),
    "car": ("Carthaginians", "Cartagineses"),
    "per": ("Persians", "Persas"),
}
CITIES = {
    "rom": ("Rome", "Roma"),
    "egy": ("Thebes", "Tebas"),
    "gre": ("Athens", "Atenas"),
    "car": ("Carthage", "Cartago"),
    "per": ("Babylon", "Babilônia"),
}
# The cards' names in pt-BR, by their printed (English) name.
CARD_NAMES_PT = {
    "Caesar": "César",
    "Centurion": "Centurião",
    "Praetorian": "Pretoriano",
    "Spearman": "Lanceiro",
    "Ballista": "Balista",
    "Horseman": "Cavaleiro",
    "Bowman": "Arqueiro",
    "Nefertiti": "Nefertiti",
    "Mummy": "Múmia",
    "Guard": "Guarda",
    "Chariot": "Biga",
    "Swordsman": "Espadachim",
    "Camel Rider": "Cameleiro",
    "Agamemnon": "Agamêmnon",
    "Hercules": "Hércules",
    "Hannibal": "Aníbal",
    "Elephant": "Elefante",
    "Elite": "Elite",
    "Slinger": "Fundeiro",
    "Xerxes": "Xerxes",
    "War Rhino": "Rinoceronte",
    "Dryad": "Dríade",
    "Orthos": "Ortro",
    "Centaur": "Centauro",
    "Minotaur": "Minotauro",
    "Sphinx": "Esfinge",
    "Cyclops": "Ciclope",
    "Satyr": "Sátiro",
    "Harpy": "Harpia",
    "Siren": "Sereia",
    "Pegasus": "Pégaso",
    "Griffin": "Grifo",
    "Medusa": "Medusa",
    "Basilisk": "Basilisco",
    "Manticore": "Mantícora",
    "Cerberus": "Cérbero",
    "Chimera": "Quimera",
    "Phoenix": "Fênix",
    "Scylla": "Cila",
    "Hydra": "Hidra",
    "Talos": "Talos",
    "Charybdis": "Caríbdis",
    "Typhon": "Tifão",
    "Titan": "Titã",
    "Kraken": "Kraken",
}

TEXTS: dict[str, tuple[Text, Text]] = {
    "pergamemnon.weapon.sw": ("sword", "espada"),
    "pergamemnon.weapon.sp": ("spear", "lança"),
    "pergamemnon.weapon.bo": ("bow", "arco"),
    "pergamemnon.none": ("no card", "nenhuma carta"),
    "pergamemnon.opt.first": ("First player", "Primeiro jogador"),
    "pergamemnon.opt.first.random": ("Drawn at random", "Sorteado"),
    "pergamemnon.opt.first.host": ("The host (the most charismatic)", "O anfitrião (o mais carismático)"),
    "pergamemnon.tiebreak": (
        "Ties: the exact score (Greek half points), then the most powerful creature (highest charisma cost).",
        "Empates: a pontuação exata (meios pontos gregos), depois a criatura mais poderosa (maior custo de carisma).",
    ),
    "pergamemnon.tiebreak.half": (
        "Scores are shown rounded down: {who} has {exact} points (Agamemnon's half "
        "points), so the half point ranks {who} above {others} ({shown}).",
        "As pontuações aparecem arredondadas para baixo: {who} tem {exact} pontos (meios "
        "pontos de Agamêmnon), e o meio ponto coloca {who} à frente de {others} "
        "({shown}).",
    ),
    "pergamemnon.score.armies": ("Armies", "Exércitos"),
    "pergamemnon.score.creatures": ("Creatures", "Criaturas"),
    "pergamemnon.score.secured": ("Secured points", "Pontos assegurados"),
    "pergamemnon.score.greek": ("Agamemnon's half points", "Meios pontos de Agamêmnon"),
    "pergamemnon.err.charisma": ("Not enough charisma.", "Carisma insuficiente."),
    # actions
    "pergamemnon.act.card": ("{card}: {weapon} {atk} · H{h} A{a} S{s}", "{card}: {weapon} {atk} · C{h} A{a} E{s}"),
    "pergamemnon.act.reinforce": ("Reinforce: {card} (H{h} A{a} S{s})", "Reforço: {card} (C{h} A{a} E{s})"),
    "pergamemnon.act.discard": ("Discard {card}", "Descartar {card}"),
    "pergamemnon.act.keep": ("Keep the rest", "Manter as demais"),
    "pergamemnon.act.recruit": ("Recruit {card} (cost {cost})", "Recrutar {card} (custo {cost})"),
    "pergamemnon.act.attack": ("Attack {who} ({nation})", "Atacar {who} ({nation})"),
    "pergamemnon.act.yield": ("No reinforcement (lose)", "Sem reforço (perder)"),
    "pergamemnon.act.pay": (
        {"one": "Pay {total}: {n} Charisma card + {cards}", "other": "Pay {total}: {n} Charisma cards + {cards}"},
        {
            "one": "Pagar {total}: {n} Carta de Carisma + {cards}",
            "other": "Pagar {total}: {n} Cartas de Carisma + {cards}",
        },
    ),
    "pergamemnon.join": ("{a}, {b}", "{a}, {b}"),
    "pergamemnon.prompt.pay": (
        "Recruit {card} (cost {cost}): choose the City cards to pay with, added to "
        "the hand card with the most charisma.",
        "Recrutar {card} (custo {cost}): escolha as cartas da Cidade para pagar, junto com "
        "a carta da mão de maior carisma.",
    ),
    "pergamemnon.act.pile": ("{card} → discard pile", "{card} → pilha de descarte"),
    "pergamemnon.act.city": ("{card} → under the City (charisma {cha})", "{card} → debaixo da Cidade (carisma {cha})"),
    # prompts
    "pergamemnon.prompt.turn": ("Recruit a creature or attack a player.", "Recrute uma criatura ou ataque um jogador."),
    "pergamemnon.prompt.attack": (
        "Attack {who} ({nation}): lay a card face down; its weapon is announced.",
        "Atacar {who} ({nation}): jogue uma carta de face para baixo; a arma é anunciada.",
    ),
    "pergamemnon.prompt.defend": (
        "{who} attacks you with a {weapon}: choose your defending card.",
        "{who} ataca você com {weapon}: escolha sua carta de defesa.",
    ),
    "pergamemnon.prompt.reinforce": (
        "Defence {total} against {weapon} {atk}: add a reinforcement card?",
        "Defesa {total} contra {weapon} {atk}: adicionar uma carta de reforço?",
    ),
    "pergamemnon.prompt.place": (
        "Captured {card}: to your discard pile or under your City for its charisma?",
        "{card} capturado: para a pilha de descarte ou debaixo da Cidade pelo carisma?",
    ),
    "pergamemnon.prompt.discard": (
        "You lost: discard any hand cards before drawing back up.",
        "Você perdeu: descarte cartas da mão antes de completar a mão.",
    ),
    "pergamemnon.prompt.over": ("The game is over.", "O jogo terminou."),
    # the same, as everyone else reads them (the channel's picture speaks of the player to act)
    "pergamemnon.public.defend": (
        "{who} attacks with a {weapon}: a defending card to choose.",
        "{who} ataca com {weapon}: escolher a carta de defesa.",
    ),
    "pergamemnon.public.place": (
        "captured {card}: to the discard pile or under the City for its charisma?",
        "capturou {card}: para a pilha de descarte ou debaixo da Cidade pelo carisma?",
    ),
    "pergamemnon.public.discard": (
        "lost the battle: may discard hand cards before drawing back up.",
        "perdeu a batalha: pode descartar cartas da mão antes de completar a mão.",
    ),
    # events
    "pergamemnon.ev.reshuffle": (
        "{who} shuffles the discard pile into a new deck.",
        "{who} embaralha a pilha de descarte em um novo baralho.",
    ),
    "pergamemnon.ev.charisma": ("{who} gains a Charisma card.", "{who} recebe uma Carta de Carisma."),
    "pergamemnon.ev.no_charisma": (
        "No Charisma card is left in the pile: {who} gets none.",
        "Não há mais Cartas de Carisma na pilha: {who} não recebe nenhuma.",
    ),
    "pergamemnon.ev.fallen": (
        "{leader} is captured: {who} flips the City card.",
        "{leader} foi capturado: {who} vira a Carta de Cidade.",
    ),
    "pergamemnon.ev.egypt_flee": (
        "{who} removes every card with Flee from the game.",
        "{who} remove de jogo todas as cartas com Fuga.",
    ),
    "pergamemnon.ev.reactivate": (
        "Only one Nation card was active: all are active again.",
        "Só uma Carta de Nação estava ativa: todas voltam ao lado ativo.",
    ),
    "pergamemnon.ev.end_creatures": (
        "Fewer creatures on the table than players: the game ends.",
        "Menos criaturas na mesa do que jogadores: o jogo termina.",
    ),
    "pergamemnon.ev.end_army": (
        "{who} has only {n} cards left to draw and hold: the game ends.",
        "{who} só tem {n} cartas para comprar e ter na mão: o jogo termina.",
    ),
    "pergamemnon.ev.challenge": ("{who} attacks {target}.", "{who} ataca {target}."),
    "pergamemnon.ev.declare": (
        "{who} attacks with a {weapon} (card face down).",
        "{who} ataca com {weapon} (carta de face para baixo).",
    ),
    "pergamemnon.ev.reveal": (
        "Revealed: {att} {acard} against {dfn} {dcard}.",
        "Reveladas: {att} {acard} contra {dfn} {dcard}.",
    ),
    "pergamemnon.ev.repelled_tie": (
        "{who} repels it ({dfn} against {atk}) with the attacking card: a tie.",
        "{who} defende ({dfn} contra {atk}) com a carta que atacou: empate.",
    ),
    "pergamemnon.ev.counter": (
        "{who} defends ({dfn} against {atk}) and counter-attacks: {weapon} {value}.",
        "{who} defende ({dfn} contra {atk}) e contra-ataca: {weapon} {value}.",
    ),
    "pergamemnon.ev.overwhelmed": (
        "{who} cannot hold ({dfn} against {atk}).",
        "{who} não resiste ({dfn} contra {atk}).",
    ),
    "pergamemnon.ev.yield": ("{who} adds no reinforcement.", "{who} não adiciona reforço."),
    "pergamemnon.ev.reinforce": (
        "{who} reinforces with {card}: defence {total}.",
        "{who} reforça com {card}: defesa {total}.",
    ),
    "pergamemnon.ev.secured": (
        "{card} of {who} is secured under the City.",
        "{card} de {who} fica assegurado debaixo da Cidade.",
    ),
    "pergamemnon.ev.fled": ("{card} flees back to the box.", "{card} foge para a caixa."),
    "pergamemnon.ev.captured": ("{who} captures {card}.", "{who} captura {card}."),
    "pergamemnon.ev.result_tie": (
        "Tie: {att} flips the Nation card; {dfn} plays.",
        "Empate: {att} vira a Carta de Nação; {dfn} joga.",
    ),
    "pergamemnon.ev.result_att": (
        "{att} wins the battle against {dfn} and plays again.",
        "{att} vence a batalha contra {dfn} e joga de novo.",
    ),
    "pergamemnon.ev.result_dfn": ("{dfn} repels {att} and plays now.", "{dfn} repele {att} e joga agora."),
    "pergamemnon.ev.placed_city": ("{who} puts {card} under the City.", "{who} coloca {card} debaixo da Cidade."),
    "pergamemnon.ev.placed_pile": (
        "{who} puts {card} on the discard pile.",
        "{who} coloca {card} na pilha de descarte.",
    ),
    "pergamemnon.ev.discard": ("{who} discards {card}.", "{who} descarta {card}."),
    "pergamemnon.ev.recruit": (
        "{who} recruits {card} (cost {cost}) with {hand}; Charisma cards: {k}, captured cards: {n}.",
        "{who} recruta {card} (custo {cost}) com {hand}; Cartas de Carisma: {k}, cartas capturadas: {n}.",
    ),
    # picture
    "pergamemnon.ui.creatures": ("Creatures ({n} in the deck)", "Criaturas ({n} no baralho)"),
    "pergamemnon.ui.supply": ("Charisma cards left: {n}", "Cartas de Carisma livres: {n}"),
    "pergamemnon.ui.box": ("Out of the game: {n}", "Fora de jogo: {n}"),
    "pergamemnon.ui.turn": ("Turn: {who}", "Vez de: {who}"),
    "pergamemnon.ui.waiting": ("Waiting for {who}", "Aguardando {who}"),
    "pergamemnon.ui.over": ("Game over", "Fim do jogo"),
    "pergamemnon.ui.deck": ("Deck {n}", "Baralho {n}"),
    "pergamemnon.ui.hand": ("Hand {n}", "Mão {n}"),
    "pergamemnon.ui.discard": ("Discard {n}", "Descarte {n}"),
    "pergamemnon.ui.city_total": ("{city}: {n} charisma", "{city}: {n} de carisma"),
    "pergamemnon.ui.city_parts": ("♦×{tokens} + {cards} on City cards", "♦×{tokens} + {cards} nas cartas da Cidade"),
    "pergamemnon.ui.under_city": ("Under the City", "Sob a Cidade"),
    "pergamemnon.alt.creatures": ("Creatures for hire (attack): {list}", "Criaturas à venda (ataque): {list}"),
    "pergamemnon.ui.active": ("active", "ativa"),
    "pergamemnon.ui.inactive": ("inactive", "inativa"),
    "pergamemnon.ui.fallen": ("leader captured", "líder capturado"),
    "pergamemnon.ui.score": ({"one": "{n} pt", "other": "{n} pts"}, {"one": "{n} pt", "other": "{n} pts"}),
    "pergamemnon.ui.your_turn": ("Your turn", "Sua vez"),
    "pergamemnon.ui.no_battle": ("No battle yet", "Nenhuma batalha ainda"),
    "pergamemnon.ui.last_att": (
        "Last battle: {att} attacked {dfn}, {att} won",
        "Última batalha: {att} atacou {dfn}, {att} venceu",
    ),
    "pergamemnon.ui.last_dfn": (
        "Last battle: {att} attacked {dfn}, {dfn} won",
        "Última batalha: {att} atacou {dfn}, {dfn} venceu",
    ),
    "pergamemnon.ui.last_tie": (
        "Last battle: {att} attacked {dfn}, a tie",
        "Última batalha: {att} atacou {dfn}, empate",
    ),
    "pergamemnon.ui.nation_card": ("Nation", "Nação"),
    "pergamemnon.ui.city_card": ("City", "Cidade"),
    "pergamemnon.ui.deck_stack": ("Deck", "Baralho"),
    "pergamemnon.ui.hand_stack": ("Hand", "Mão"),
    "pergamemnon.ui.total": ("Total", "Total"),
    "pergamemnon.ui.icon.leader": ("L", "L"),
    "pergamemnon.ui.icon.flee": ("F", "F"),
    "pergamemnon.ui.icon.secured": ("S", "P"),
    "pergamemnon.ui.battle": ("Battle: {att} attacks {dfn}", "Batalha: {att} ataca {dfn}"),
    "pergamemnon.ui.exchange": ("defence {total} against {weapon} {atk}", "defesa {total} contra {weapon} {atk}"),
    "pergamemnon.ui.last_battle": ("Last battle", "Última batalha"),
    "pergamemnon.ui.your_hand": ("Your hand", "Sua mão"),
    "pergamemnon.ui.secured": ("Secured", "Assegurados"),
    "pergamemnon.ui.def.helm": ("H", "C"),
    "pergamemnon.ui.def.armour": ("A", "A"),
    "pergamemnon.ui.def.shield": ("S", "E"),
    "pergamemnon.ui.legend": (
        "Weapon and attack on top; H/A/S = helmet vs sword, armour vs spear, shield vs bow; "
        "♦ charisma, ★ points, F flee, S secured, L leader, $ cost.",
        "Arma e ataque em cima; C/A/E = capacete contra espada, armadura contra lança, "
        "escudo contra arco; ♦ carisma, ★ pontos, F fuga, P ponto assegurado, L líder, $ custo.",
    ),
    "pergamemnon.ui.end_creatures": ("too few creatures left", "restam poucas criaturas"),
    "pergamemnon.ui.end_army": ("a nation ran out of cards", "uma nação ficou sem cartas"),
    "pergamemnon.ui.winner": ("Winner", "Vencedor"),
    # rules
    "pergamemnon.rules.1": (
        "Each player leads a nation: 11 Army cards shuffled into a deck, 3 cards in hand (Persians 4), a City "
        "card and 1 Charisma card under it (Romans 5). Creatures are dealt face up: twice the number of players.",
        "Cada jogador lidera uma nação: 11 Cartas de Exército em um baralho, 3 cartas na mão (Persas 4), uma Carta "
        "de Cidade e 1 Carta de Carisma debaixo dela (Romanos 5). Criaturas de face para cima: o dobro dos "
        "jogadores.",
    ),
    "pergamemnon.rules.2": (
        "On your turn recruit or attack. Recruit: your hand card with the most charisma plus at least one card "
        "under your City pay the cost; the creature and your whole hand go to your discard pile, you draw a new "
        "hand and flip your Nation card to inactive. Inactive nations neither play nor can be attacked; when only "
        "one is active, all become active again.",
        "No seu turno recrute ou ataque. Recrutar: a carta da mão com mais carisma e pelo menos uma carta debaixo "
        "da Cidade pagam o custo; a criatura e toda a mão vão para a pilha de descarte, compra uma nova mão e vira a "
        "Carta de Nação. Nações inativas não jogam nem são atacadas; com uma só ativa, todas voltam a ativas.",
    ),
    "pergamemnon.rules.3": (
        "Battle: the attacker announces a weapon and lays a card face down; the defender lays a card; both are "
        "revealed. Sword needs helmet, spear armour, bow shield, of at least the same value. A short defence may "
        "add one reinforcement card (2 cards at most). A successful defence counter-attacks with the last card "
        "played; repelling with the card that attacked ends in a tie.",
        "Batalha: o atacante anuncia a arma e joga uma carta de face para baixo; o defensor joga uma carta; ambas "
        "são reveladas. Espada pede capacete, lança armadura, arco escudo, com pelo menos o mesmo valor. Uma "
        "defesa curta pode adicionar uma carta de reforço (2 no máximo). Defender contra-ataca com a última carta; "
        "defender com a carta que atacou é empate.",
    ),
    "pergamemnon.rules.4": (
        "The winner captures the loser's cards (to the discard pile, or under the City for charisma); Flee cards "
        "go back to the box, Secured cards under their owner's City. The loser flips the Nation card. An attacker "
        "who wins plays again; on a tie or a defender's win the defender gets a Charisma card and plays. Losing "
        "your leader flips your City to its drawback.",
        "O vencedor captura as cartas do perdedor (para o descarte, ou debaixo da Cidade pelo carisma); cartas "
        "com Fuga voltam à caixa, as de Pontos Assegurados ficam debaixo da Cidade do dono. O perdedor vira a "
        "Carta de Nação. O atacante vencedor joga de novo; no empate ou vitória do defensor, este recebe uma Carta "
        "de Carisma e joga. Perder o líder vira a Cidade.",
    ),
    "pergamemnon.rules.5": (
        "The game ends when fewer creatures than players lie face up, or a nation has fewer than 3 cards "
        "(Persians 4). Points on every card you own count (not captured armies under the City); Greeks with "
        "Agamemnon get +½ per scoring card. Ties: the most powerful creature.",
        "O jogo termina quando há menos criaturas na mesa do que jogadores, ou uma nação tem menos de 3 cartas "
        "(Persas 4). Contam os pontos de todas as suas cartas (não os exércitos capturados debaixo da Cidade); os "
        "Gregos com Agamêmnon ganham +½ por carta com pontos. Empate: a criatura mais poderosa.",
    ),
}

for _k, (_en, _pt) in NATIONS.items():
    TEXTS[f"pergamemnon.nation.{_k}"] = (_en, _pt)
for _k, (_en, _pt) in CITIES.items():
    TEXTS[f"pergamemnon.city.{_k}"] = (_en, _pt)
for _c in data.CARDS.values():
    TEXTS["pergamemnon.cn." + _c.name.lower().replace(" ", "_")] = (_c.name, CARD_NAMES_PT[_c.name])

register(TEXTS)
