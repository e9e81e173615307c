"""What the bot says to each player of their own: their settings (/settings), their turns and reminders by
direct message, the table's clock and their absences (/away), in English and Brazilian Portuguese
(``bot.texts`` registers them with the rest)."""

from rules.core import register
from rules.core.i18n import Text

TEXTS: dict[str, tuple[Text, Text]] = {
    "cmd.settings": ("settings", "preferencias"),
    "cmd.settings.desc": (
        "How and when your turns reach you, in every game (nothing given: shows them)",
        "Como e quando suas vezes chegam a você, em todas as partidas (sem nada: mostra)",
    ),
    "cmd.settings.turns": ("turns", "vezes"),
    "cmd.settings.turns.desc": (
        "Where your turns reach you: a mention in the game's thread, a direct message, or both",
        "Onde suas vezes chegam: menção no tópico da partida, mensagem direta, ou ambos",
    ),
    "cmd.settings.quiet": ("quiet", "silencio"),
    "cmd.settings.quiet.desc": (
        "Quiet hours, as 22:00-07:00 (no ping, no reminder; they come when the hours end) or off",
        "Horas de silêncio, como 22:00-07:00 (sem menção nem lembrete; chegam quando acabam) ou off",
    ),
    "cmd.settings.zone": ("timezone", "fuso"),
    "cmd.settings.zone.desc": (
        "Your time zone for the quiet hours, as America/Sao_Paulo",
        "Seu fuso horário para as horas de silêncio, como America/Sao_Paulo",
    ),
    "cmd.settings.reminders": ("reminders", "lembretes"),
    "cmd.settings.reminders.desc": ("Reminders of a waiting turn", "Lembretes de uma vez esperando"),
    "cmd.settings.language": ("language", "idioma"),
    "cmd.settings.language.desc": (
        "The language the bot answers you in (default: Discord's)",
        "O idioma em que o bot responde a você (padrão: o do Discord)",
    ),
    "settings.turns.mention": ("a mention in the game's thread", "menção no tópico da partida"),
    "settings.turns.dm": ("a direct message", "mensagem direta"),
    "settings.turns.both": ("a mention and a direct message", "menção e mensagem direta"),
    "settings.turns.refused": (
        "{turns} — Discord refuses my direct messages to you, so: a mention",
        "{turns} — o Discord recusa minhas mensagens diretas a você, então: menção",
    ),
    "settings.on": ("on", "ligados"),
    "settings.off": ("off", "desligados"),
    "settings.language.discord": ("Discord's", "o do Discord"),
    "settings.language.en": ("English", "English"),
    "settings.language.pt-BR": ("Português (Brasil)", "Português (Brasil)"),
    "settings.title": ("Your settings, in every game", "Suas preferências, em todas as partidas"),
    "settings.line.turns": ("Turns reach you by: {value}", "Suas vezes chegam por: {value}"),
    "settings.line.quiet": ("Quiet hours: {value}", "Horas de silêncio: {value}"),
    "settings.line.zone": ("Time zone: {value}", "Fuso horário: {value}"),
    "settings.line.reminders": ("Reminders: {value}", "Lembretes: {value}"),
    "settings.line.language": ("Language: {value}", "Idioma: {value}"),
    "settings.line.away": ("Away: {value}", "Ausência: {value}"),
    "settings.quiet.none": ("none", "nenhuma"),
    "settings.quiet.hours": ("{hours} ({zone})", "{hours} ({zone})"),
    "settings.away.none": ("no", "não"),
    "settings.away.ai": ("until {until}, the AI plays your seats", "até {until}, a IA joga nos seus lugares"),
    "settings.away.pause": (
        "until {until}, the tables without a clock wait for you (the AI plays at the others)",
        "até {until}, as mesas sem relógio esperam você (nas outras, a IA joga)",
    ),
    "settings.bad_quiet": (
        "Quiet hours are written as 22:00-07:00 (or off), not {text}.",
        "Horas de silêncio se escrevem como 22:00-07:00 (ou off), não {text}.",
    ),
    "settings.bad_zone": (
        "{zone} is not a time zone; use a name such as America/Sao_Paulo or Europe/Lisbon.",
        "{zone} não é um fuso horário; use um nome como America/Sao_Paulo ou Europe/Lisbon.",
    ),
    "settings.dm_hello": (
        "Your turns in Mesa's games will reach you here.",
        "Suas vezes nas partidas do Mesa vão chegar aqui.",
    ),
    "settings.dm_closed": (
        "Discord refuses my direct messages to you (they are closed for this server), so your turns "
        "reach you by mention in the game's thread.",
        "O Discord recusa minhas mensagens diretas a você (estão fechadas para este servidor), então "
        "suas vezes chegam por menção no tópico da partida.",
    ),
    "dm.turn": ("It is your turn in {game} ({server}): {link}", "É a sua vez em {game} ({server}): {link}"),
    "dm.refused": (
        "{who}, it is your turn in {game}. Discord refused my direct message to you, so your turns "
        "reach you here by mention from now on (/settings changes it).",
        "{who}, é a sua vez em {game}. O Discord recusou minha mensagem direta a você, então suas vezes "
        "chegam aqui por menção daqui em diante (/preferencias muda isso).",
    ),
    "remind.turn": ("{who}, it is your turn in {game}.", "{who}, é a sua vez em {game}."),
    "dm.remind": (
        "Reminder: it is still your turn in {game} ({server}): {link}",
        "Lembrete: ainda é a sua vez em {game} ({server}): {link}",
    ),
    # the clock, and players away
    "lobby.clock": ("Clock", "Relógio"),
    "lobby.settings": ("Table settings", "Ajustes da mesa"),
    "lobby.settings.note": (
        "Only you see these menus; what you choose shows on the lobby.",
        "Só você vê estes menus; o que escolher aparece na mesa.",
    ),
    "lobby.ai_level_clock": ("AI strength and clock", "Força da IA e relógio"),
    "lobby.clock_off": ("No clock: the table waits", "Sem relógio: a mesa espera"),
    "lobby.clock_on": (
        "{hours} h a turn, then the AI ({level}) plays it",
        "{hours} h por vez, depois a IA ({level}) joga",
    ),
    "clock.time_up": (
        "⏱ {who}'s time was up: the AI ({level}) played this turn for them; they play their next one.",
        "⏱ O tempo de {who} acabou: a IA ({level}) fez esta jogada, e a próxima volta para {who}.",
    ),
    "clock.away_played": (
        "🏖 {who} is away until {until}: the AI plays for them.",
        "🏖 {who} está ausente até {until}: enquanto isso, a IA joga.",
    ),
    "cmd.away": ("away", "ausente"),
    "cmd.away.desc": (
        "Away until a date: the AI plays your seats (or tables without a clock wait); no date: back",
        "Ausente até uma data: a IA joga por você (ou mesas sem relógio esperam); sem data: de volta",
    ),
    "cmd.away.until": ("until", "ate"),
    "cmd.away.until.desc": (
        "The date you are back, as 2026-12-24 (your time zone, /settings)",
        "A data em que você volta, como 2026-12-24 (seu fuso, /preferencias)",
    ),
    "cmd.away.mode": ("mode", "modo"),
    "cmd.away.mode.desc": ("Who plays meanwhile", "Quem joga enquanto isso"),
    "away.mode.ai": ("the AI plays my seats", "a IA joga por mim"),
    "away.mode.pause": (
        "tables without a clock wait for me (the AI plays at the others)",
        "mesas sem relógio me esperam (nas outras, a IA joga)",
    ),
    "away.set": ("Noted: you are away.", "Anotado: você está ausente."),
    "away.table_waits": (
        "🏖 {who} is away until {until}: this table waits for their return, without reminders.",
        "🏖 {who} está ausente até {until}: esta mesa espera a volta, sem lembretes.",
    ),
    "away.back": (
        "Welcome back: your turns wait for you again.",
        "Bem-vindo de volta: suas vezes esperam por você de novo.",
    ),
    "away.bad_date": (
        "Write the date as 2026-12-24 (or 2026-12-24 18:00), not {text}.",
        "Escreva a data como 2026-12-24 (ou 2026-12-24 18:00), não {text}.",
    ),
    "away.past": ("{text} has passed already.", "{text} já passou."),
}

register(TEXTS)
