"""What the bot itself says, in English and Brazilian Portuguese."""

from rules.core import register
from rules.core.i18n import Text

from . import player_texts as _player_texts  # noqa: F401  (registers the words of each player's own settings)

TEXTS: dict[str, tuple[Text, Text]] = {
    # slash commands (names must be lower-case, no spaces)
    "cmd.play": ("play", "jogar"),
    "cmd.play.desc": (
        "Open a lobby for a new game in this channel",
        "Abrir uma mesa para uma nova partida neste canal",
    ),
    "cmd.play.game": ("game", "jogo"),
    "cmd.play.game.desc": ("Which game", "Qual jogo"),
    "cmd.game": ("game", "partida"),
    "cmd.game.desc": ("The game played in this channel or thread", "A partida jogada neste canal ou tópico"),
    "cmd.board": ("board", "tabuleiro"),
    "cmd.board.desc": ("Show the current board", "Mostrar o tabuleiro atual"),
    "cmd.log": ("log", "historico"),
    "cmd.log.desc": ("The recent moves in words", "As jogadas recentes, por extenso"),
    "cmd.rules": ("rules", "regras"),
    "cmd.rules.desc": ("A short summary of the rules", "Um resumo das regras"),
    "cmd.resign": ("resign", "desistir"),
    "cmd.resign.desc": ("Leave the game; the AI takes your seat", "Sair da partida; a IA assume o seu lugar"),
    "cmd.ai": ("ai", "ia"),
    "cmd.ai.desc": ("Host: hand a stalled seat to the AI", "Anfitrião: passar um lugar parado para a IA"),
    "cmd.ai.player": ("player", "jogador"),
    "cmd.ai.player.desc": ("The player whose seat the AI takes", "O jogador cujo lugar a IA assume"),
    "cmd.end": ("end", "encerrar"),
    "cmd.end.desc": ("Host: end the game now", "Anfitrião: encerrar a partida agora"),
    "cmd.me": ("me", "eu"),
    "cmd.me.desc": ("Your private view (only you see it)", "Sua visão privada (só você vê)"),
    "cmd.reminders": ("reminders", "lembretes"),
    "cmd.reminders.desc": (
        "Host: hours before a waiting player is reminded (0: never)",
        "Anfitrião: horas até lembrar quem está demorando (0: nunca)",
    ),
    "cmd.reminders.hours": ("hours", "horas"),
    "cmd.reminders.hours.desc": (
        "Hours before the first reminder (each next one waits twice as long)",
        "Horas até o primeiro lembrete (cada seguinte espera o dobro)",
    ),
    "remind.set": (
        "Reminders in this game: after {hours} h, then twice as long each time.",
        "Lembretes nesta partida: após {hours} h, depois o dobro de cada vez.",
    ),
    "remind.off": ("No reminders in this game.", "Sem lembretes nesta partida."),
    "cmd.end.game": ("game", "partida"),
    "cmd.end.game.desc": (
        "Which of your games (default: the one in this channel)",
        "Qual das suas partidas (padrão: a deste canal)",
    ),
    "cmd.move": ("move", "mover"),
    "cmd.move.desc": (
        "Host: post your game again in a new thread here (its old thread was lost)",
        "Anfitrião: postar sua partida de novo num novo tópico aqui (o tópico antigo se perdeu)",
    ),
    "error.reminder_hours": (
        "Reminders take a number of hours from 0 to {max}.",
        "Os lembretes aceitam um número de horas de 0 a {max}.",
    ),
    "cmd.list": ("list", "lista"),
    "cmd.list.desc": ("The games running in this server", "As partidas em andamento neste servidor"),
    # lobby
    "lobby.title": ("{game} — new game", "{game} — nova partida"),
    "lobby.body": (
        "Host: {host}\nPlayers ({count}/{max}, at least {min}):\n{seats}",
        "Anfitrião: {host}\nJogadores ({count}/{max}, mínimo {min}):\n{seats}",
    ),
    "lobby.options": ("Options: {options}", "Opções: {options}"),
    "lobby.join": ("Join", "Entrar"),
    "lobby.leave": ("Leave", "Sair"),
    "lobby.add_ai": ("Add AI seat", "Adicionar IA"),
    "lobby.start": ("Start", "Começar"),
    "lobby.cancel": ("Cancel", "Cancelar"),
    "lobby.started": ("The game has started: {where}", "A partida começou: {where}"),
    "lobby.cancelled": ("This lobby was cancelled.", "Esta mesa foi cancelada."),
    "lobby.joined": ("You joined the game.", "Você entrou na partida."),
    "lobby.left": ("You left the game.", "Você saiu da partida."),
    "lobby.option_set": ("{option}: {value}", "{option}: {value}"),
    "lobby.thread_name": ("{game} #{id}", "{game} #{id}"),
    "lobby.no_thread": (
        "Threads are not allowed here, so the game is played in this channel.",
        "Tópicos não são permitidos aqui, então a partida será jogada neste canal.",
    ),
    # errors
    "error.unknown_game": ("Unknown game: {game}.", "Jogo desconhecido: {game}."),
    "error.no_game_here": (
        "There is no game in this channel. Start one with /play.",
        "Não há partida neste canal. Comece uma com /jogar.",
    ),
    "error.not_in_lobby": ("This lobby is closed.", "Esta mesa já foi fechada."),
    "error.already_joined": ("You are already in this game.", "Você já está nesta partida."),
    "error.not_joined": ("You are not in this game.", "Você não está nesta partida."),
    "error.lobby_full": ("The game is full ({max} players).", "A partida está cheia ({max} jogadores)."),
    "error.host_only": ("Only the host ({host}) can do that.", "Só o anfitrião ({host}) pode fazer isso."),
    "error.too_few": ("{game} needs at least {min} players.", "{game} precisa de pelo menos {min} jogadores."),
    "error.not_a_player": (
        "You are not playing this game — you can watch, and /game board shows the board.",
        "Você não está jogando esta partida — pode assistir, e /partida tabuleiro mostra o tabuleiro.",
    ),
    "error.waiting_for": ("It is not your turn: waiting for {who}.", "Não é a sua vez: aguardando {who}."),
    "error.stale": (
        "The board has moved on since that message; here is the current one.",
        "O tabuleiro mudou desde aquela mensagem; aqui está o atual.",
    ),
    "error.forged": ("That button does not belong to any game.", "Esse botão não pertence a nenhuma partida."),
    "error.command_value": (
        "/{command}: “{option}” takes none of the values given. Pick one that Discord offers.",
        "/{command}: “{option}” não aceita o valor dado. Escolha um dos que o Discord oferece.",
    ),
    "error.no_such_game": ("There is no game #{id}.", "Não existe a partida #{id}."),
    "error.not_running": ("This game is not running.", "Esta partida não está em andamento."),
    "error.unknown_player": ("That player is not in this game.", "Esse jogador não está nesta partida."),
    "error.channel_busy": (
        "A game is already being played in this channel.",
        "Já há uma partida sendo jogada neste canal.",
    ),
    "error.broken_game": (
        "The saved state of game #{id} cannot be read, so it is stopped; its host has been told. "
        "The other games are not affected.",
        "O estado salvo da partida #{id} não pode ser lido, então ela parou; o anfitrião foi avisado. "
        "As outras partidas não são afetadas.",
    ),
    "error.other_server": ("That game is not in this server.", "Essa partida não é deste servidor."),
    "error.restarting": (
        "The bot is restarting; please try again in a minute.",
        "O bot está reiniciando; tente de novo daqui a um minuto.",
    ),
    "error.db_away": (
        "The games' database cannot be reached right now, so this did not count. The games go on by "
        "themselves once it is back: please try again in a moment.",
        "O banco de dados das partidas não responde agora, então isto não valeu. As partidas continuam "
        "sozinhas quando ele voltar: tente de novo daqui a pouco.",
    ),
    "error.db_away_unsure": (
        "The games' database stopped answering while your move was played. Once it is back, the board "
        "shows your move, or you are told here that it did not count.",
        "O banco de dados das partidas parou de responder enquanto a sua jogada era feita. Quando ele "
        "voltar, o tabuleiro mostra a jogada, ou você fica sabendo aqui que ela não valeu.",
    ),
    "error.internal": (
        "Something went wrong; the game is safe. Please try again.",
        "Algo deu errado; a partida está salva. Tente de novo.",
    ),
    # board messages
    "board.turn": ("{who}: {prompt}", "{who}: {prompt}"),
    # a seat's deadline at a table with a clock ({when}: a Discord timestamp, in each reader's time zone)
    "board.deadline": (
        "⏰ Play by {when} ({left}), or the AI plays this turn.",
        "⏰ Jogue até {when} ({left}), ou a IA joga esta vez.",
    ),
    "board.waiting": ("Waiting for {who}.", "Aguardando {who}."),
    "board.your_move": ("Your move", "Sua jogada"),
    "board.private_choice": ("Choose privately", "Escolher em segredo"),
    "board.my_view": ("My view", "Minha visão"),
    "board.last_moves": ("Last moves", "Últimas jogadas"),
    "board.step": ("Move {n}", "Jogada {n}"),
    "board.more": ("More choices ({n})", "Mais opções ({n})"),
    "board.game_over": ("Game over", "Fim de jogo"),
    "board.winners": ("Winner: {who}", "Vencedor: {who}"),
    "board.result_line": ("{rank}. {name} — {score} ({detail})", "{rank}. {name} — {score} ({detail})"),
    "board.solo_won": ("🏆 Won: the goal is reached ({goal}).", "🏆 Vitória: a meta foi alcançada ({goal})."),
    "board.solo_lost": ("Lost: the goal is not reached ({goal}).", "Derrota: a meta não foi alcançada ({goal})."),
    "board.solo_line": ("{name} — {score} ({detail})", "{name} — {score} ({detail})"),
    "board.unranked_line": (
        "{name}, not ranked — {score} ({detail})",
        "{name}, fora da classificação — {score} ({detail})",
    ),
    "board.ended": ("The host ended this game.", "O anfitrião encerrou esta partida."),
    "board.now_ai": ("{who} is now played by the AI.", "{who} agora é jogado pela IA."),
    "board.resigned": ("{who} resigned; the AI takes the seat.", "{who} desistiu; a IA assume o lugar."),
    "board.private_title": ("Your private view", "Sua visão privada"),
    "board.your_choices": ("Your choices", "Suas opções"),
    "board.done": ("Move played.", "Jogada feita."),
    "board.played": ("{who} played.", "{who} jogou."),
    "board.thinking.one": ("{who} is thinking…", "{who} está pensando…"),
    "board.thinking.many": ("{who} are thinking…", "{who} estão pensando…"),
    "board.unposted.retry": (
        "Your move counts. The new board could not be posted yet; the bot keeps trying and "
        "will ping whoever plays next.",
        "Sua jogada valeu. O novo tabuleiro ainda não pôde ser postado; o bot continua tentando "
        "e vai chamar quem joga em seguida.",
    ),
    "board.unposted.blocked": (
        "Your move counts, but the bot may no longer write here, so the game waits. The host "
        "has been told; once the bot's permissions are back, /game board posts the board.",
        "Sua jogada valeu, mas o bot não pode mais escrever aqui, então a partida espera. O "
        "anfitrião foi avisado; quando as permissões do bot voltarem, /partida tabuleiro posta "
        "o tabuleiro.",
    ),
    "board.unposted.gone": (
        "Your move counts, but this game's thread is gone. The host can post the game again with /game move.",
        "Sua jogada valeu, mas o tópico desta partida sumiu. O anfitrião pode postar a partida de "
        "novo com /partida mover.",
    ),
    "board.click_lost": (
        "The bot restarted before your move in {game} was played, so it did not count. The board "
        "in the game's thread is the current one: please play again.",
        "O bot reiniciou antes de a sua jogada em {game} ser feita, então ela não valeu. O tabuleiro "
        "no tópico da partida é o atual: jogue de novo.",
    ),
    "board.click_lost_takeover": (
        "The bot's process that served this server stopped, or lost the games' database, before your move "
        "in {game} was played, so it did not count. The board in the game's thread is the current one: "
        "please play again.",
        "O processo do bot que atendia este servidor parou, ou perdeu o banco de dados das partidas, antes "
        "de a sua jogada em {game} ser feita, então ela não valeu. O tabuleiro no tópico da partida é o "
        "atual: jogue de novo.",
    ),
    "board.move_lost_outage": (
        "The games' database lost your move in {game} when its server stopped, so it did not count. The "
        "board in the game's thread is the current one: please play again.",
        "O banco de dados das partidas perdeu a sua jogada em {game} quando o servidor dele parou, então ela "
        "não valeu. O tabuleiro no tópico da partida é o atual: jogue de novo.",
    ),
    "board.click_lost_outage": (
        "The games' database stopped answering before your move in {game} was stored, so it did not "
        "count. The board in the game's thread is the current one: please play again.",
        "O banco de dados das partidas parou de responder antes de a sua jogada em {game} ser guardada, "
        "então ela não valeu. O tabuleiro no tópico da partida é o atual: jogue de novo.",
    ),
    "board.reposted": ("The missing board is posted again.", "O tabuleiro que faltava foi postado de novo."),
    "board.still_blocked": (
        "The bot still cannot post the board in {where}: it needs View Channel, Send Messages, "
        "Send Messages in Threads, Attach Files and Embed Links there.",
        "O bot ainda não consegue postar o tabuleiro em {where}: ele precisa de Ver canal, "
        "Enviar mensagens, Enviar mensagens em tópicos, Anexar arquivos e Inserir links lá.",
    ),
    "game.blocked": (
        "{host}, the bot may no longer write in {where}, so {game} waits. Give it back View Channel, "
        "Send Messages (in Threads), Attach Files and Embed Links there, then use /game board in {where}.",
        "{host}, o bot não pode mais escrever em {where}, então {game} está esperando. Devolva a ele "
        "Ver canal, Enviar mensagens (em tópicos), Anexar arquivos e Inserir links lá, e use "
        "/partida tabuleiro em {where}.",
    ),
    "game.abandoned": (
        "{host}, the thread (or channel) of {game} was deleted, so the game is stopped. /game move game:{id} "
        "posts it again in a new thread of the channel you use it in; /game end game:{id} ends it.",
        "{host}, o tópico (ou canal) de {game} foi apagado, então a partida parou. /partida mover partida:{id} "
        "posta a partida de novo num novo tópico do canal onde você usar o comando; "
        "/partida encerrar partida:{id} a encerra.",
    ),
    "game.broken": (
        "{host}, the saved state of {game} cannot be read, so that game is stopped (the other games go "
        "on). The bot's log says why; /game end game:{id} ends it.",
        "{host}, o estado salvo de {game} não pode ser lido, então essa partida parou (as outras "
        "continuam). O log do bot diz por quê; /partida encerrar partida:{id} a encerra.",
    ),
    "game.moved": ("{game} goes on in {where}.", "{game} continua em {where}."),
    "ai.name": ("AI {n}", "IA {n}"),
    "ai.level.easy": ("easy", "fácil"),
    "ai.level.normal": ("normal", "normal"),
    "ai.level.strong": ("strong", "forte"),
    "ai.seat": ("🤖 {name} ({level})", "🤖 {name} ({level})"),
    "lobby.ai_level": ("AI strength", "Força da IA"),
    "lobby.ai_level_choice": ("{name}: {level}", "{name}: {level}"),
    "board.ai_seats": ("AI: {seats}", "IA: {seats}"),
    "seat.you": ("you", "você"),
    # reminders
    "remind.1": ("{who}, it is your turn in {game}.", "{who}, é a sua vez em {game}."),
    "remind.2": (
        "{who}, the table is still waiting for you in {game}.",
        "{who}, a mesa ainda espera por você em {game}.",
    ),
    "remind.3": (
        "{who}, last reminder: the host can hand your seat to the AI with /game ai.",
        "{who}, último lembrete: o anfitrião pode passar seu lugar para a IA com /partida ia.",
    ),
    "remind.mute": ("Not this turn", "Não neste turno"),
    "remind.muted": ("No more reminders for this turn.", "Sem mais lembretes neste turno."),
    "remind.old": (
        "That reminder is old: the game has moved on since.",
        "Esse lembrete é antigo: a partida já seguiu.",
    ),
    "remind.not_yours": ("That reminder is for another player.", "Esse lembrete é para outro jogador."),
    # log, list, rules
    "log.title": ("{game} — recent moves", "{game} — jogadas recentes"),
    "log.empty": ("No move yet.", "Nenhuma jogada ainda."),
    "log.line": ("{n}. {what}", "{n}. {what}"),
    "list.title": ("Games in this server", "Partidas neste servidor"),
    "list.empty": ("No game running. Start one with /play.", "Nenhuma partida em andamento. Comece uma com /jogar."),
    "list.line": ("{game} #{id} in {where} — {status}", "{game} #{id} em {where} — {status}"),
    "status.lobby": ("open lobby", "mesa aberta"),
    "status.active": ("playing", "em jogo"),
    "status.abandoned": (
        "stopped: its thread was deleted (/game move or /game end)",
        "parada: o tópico foi apagado (/partida mover ou /partida encerrar)",
    ),
    # undo
    "cmd.undo": ("undo", "desfazer"),
    "cmd.undo.desc": (
        "Take back your last move (the others agree if they played since)",
        "Desfazer sua última jogada (os outros concordam se jogaram depois)",
    ),
    "undo.button": ("Undo", "Desfazer"),
    "undo.finished": ("This game is over: its moves stand.", "Esta partida acabou: as jogadas ficam."),
    "undo.nothing": ("You have no move to take back.", "Você não tem jogada para desfazer."),
    "undo.revealed": (
        "That move can't be taken back: something new was revealed since (a die, a card).",
        "Essa jogada não pode ser desfeita: algo novo foi revelado depois (um dado, uma carta).",
    ),
    "undo.not_last": (
        "That is no longer your last move; /game undo takes back your last one.",
        "Essa já não é sua última jogada; /partida desfazer desfaz a última.",
    ),
    "undo.void": (
        "That undo request is out of date: the game moved on.",
        "Esse pedido para desfazer não vale mais: a partida seguiu.",
    ),
    "undo.expired": (
        "This undo request expired: the game moved on.",
        "Este pedido para desfazer expirou: a partida seguiu.",
    ),
    "undo.not_voter": (
        "Only the other players answer this request.",
        "Só os outros jogadores respondem a este pedido.",
    ),
    "undo.done": (
        {
            "one": "↩️ {who} took back a move; here is the board as it was.",
            "other": "↩️ {who} took back a move ({n} taken back in all); here is the board as it was.",
        },
        {
            "one": "↩️ {who} desfez uma jogada; eis o tabuleiro como estava.",
            "other": "↩️ {who} desfez uma jogada ({n} desfeitas ao todo); eis o tabuleiro como estava.",
        },
    ),
    "undo.you_did": ("Taken back.", "Desfeito."),
    "undo.ask": (
        "{voters}: {who} asks to take back their last move ({n} moves would be taken back, some of "
        "them yours). Do you agree? Your answer is private.",
        "{voters}: {who} pede para desfazer sua última jogada ({n} jogadas seriam desfeitas, algumas "
        "suas). Vocês concordam? Sua resposta é privada.",
    ),
    "undo.asked": (
        "Asked {who}; your move is taken back once everyone agrees.",
        "Pedido feito a {who}; sua jogada é desfeita quando todos concordarem.",
    ),
    "undo.yes": ("Agree", "Concordo"),
    "undo.no": ("Refuse", "Recuso"),
    "undo.noted_yes": (
        {
            "one": "Noted: you agree. Waiting for {n} more answer.",
            "other": "Noted: you agree. Waiting for {n} more answers.",
        },
        {
            "one": "Anotado: você concorda. Falta {n} resposta.",
            "other": "Anotado: você concorda. Faltam {n} respostas.",
        },
    ),
    "undo.noted_no": ("Noted: you refused; the moves stand.", "Anotado: você recusou; as jogadas ficam."),
    "undo.agreed": (
        "Everyone agreed: {who}'s move was taken back.",
        "Todos concordaram: a jogada de {who} foi desfeita.",
    ),
    "undo.refused": (
        "The request to take back {who}'s move was refused; the moves stand.",
        "O pedido para desfazer a jogada de {who} foi recusado; as jogadas ficam.",
    ),
    "log.undone": ("~~{line}~~ (taken back)", "~~{line}~~ (desfeita)"),
    # replays
    "cmd.replay": ("replay", "replay"),
    "cmd.replay.desc": (
        "An animated picture of the whole game, one frame per move",
        "Uma animação da partida inteira, um quadro por jogada",
    ),
    "demo.title": ("seed {seed}", "semente {seed}"),
    "replay.caption": ("{game} — move {n} of {total}", "{game} — jogada {n} de {total}"),
    "replay.alt": (
        "Replay of {game}, a board a move ({frames}), ending on this board",
        "Replay de {game}, um tabuleiro por jogada ({frames}), terminando neste tabuleiro",
    ),
    "replay.progress": (
        {"one": "Drawing the replay: {done} of {n} frame…", "other": "Drawing the replay: {done} of {n} frames…"},
        {"one": "Desenhando o replay: {done} de {n} quadro…", "other": "Desenhando o replay: {done} de {n} quadros…"},
    ),
    "replay.done": ("Replay of {game}: {frames}, {size}.", "Replay de {game}: {frames}, {size}."),
    "count.frames": ({"one": "{n} frame", "other": "{n} frames"}, {"one": "{n} quadro", "other": "{n} quadros"}),
    "size.kb": ("{n} kB", "{n} kB"),
    "size.mb": ("{n} MB", "{n} MB"),
    "replay.old_rules": (
        "This game began under an earlier version of the rules: its moves can no longer be replayed or taken back.",
        "Esta partida começou numa versão anterior das regras: suas jogadas não podem mais ser "
        "reproduzidas nem desfeitas.",
    ),
    "replay.waiting": (
        "Another replay is being drawn; this one follows.",
        "Outro replay está sendo desenhado; este vem em seguida.",
    ),
    # stats, leaderboard, history
    "cmd.stats": ("stats", "estatisticas"),
    "cmd.stats.desc": (
        "A player's games, wins and rating on this server",
        "Partidas, vitórias e rating de um jogador neste servidor",
    ),
    "cmd.stats.player": ("player", "jogador"),
    "cmd.stats.player.desc": ("Whose stats (you if left out)", "De quem (você, se omitido)"),
    "cmd.leaderboard": ("leaderboard", "ranking"),
    "cmd.leaderboard.desc": (
        "The best rated players of a game on this server",
        "Os jogadores com melhor rating de um jogo neste servidor",
    ),
    "cmd.leaderboard.game": ("game", "jogo"),
    "cmd.leaderboard.game.desc": ("Which game", "Qual jogo"),
    "cmd.history": ("history", "passadas"),
    "cmd.history.desc": (
        "The finished games of this channel, or of a player",
        "As partidas terminadas deste canal, ou de um jogador",
    ),
    "cmd.history.player": ("player", "jogador"),
    "cmd.history.player.desc": ("Whose games (this channel's if left out)", "De quem (as deste canal, se omitido)"),
    "stats.ai": ("🤖 AI", "🤖 IA"),
    "stats.title": ("Stats on this server", "Estatísticas neste servidor"),
    "stats.line": (
        "{games}, {wins}, rating {rating} ({place} of {of})",
        "{games}, {wins}, rating {rating} ({place}º de {of})",
    ),
    "count.games": ({"one": "{n} game", "other": "{n} games"}, {"one": "{n} partida", "other": "{n} partidas"}),
    "count.wins": (
        {"=0": "no wins", "one": "{n} win", "other": "{n} wins"},
        {"=0": "nenhuma vitória", "one": "{n} vitória", "other": "{n} vitórias"},
    ),
    "stats.none": (
        "{who} has no finished game on this server yet.",
        "{who} ainda não terminou nenhuma partida neste servidor.",
    ),
    "stats.about": (
        "Rating: OpenSkill (Weng-Lin), mu − 3·sigma; it grows as results confirm a player's strength.",
        "Rating: OpenSkill (Weng-Lin), mu − 3·sigma; cresce à medida que os resultados confirmam a força do jogador.",
    ),
    "leaderboard.title": ("{game} — leaderboard", "{game} — ranking"),
    "leaderboard.line": (
        "{place}. {who} — {rating} ({games}, {wins})",
        "{place}. {who} — {rating} ({games}, {wins})",
    ),
    "leaderboard.empty": (
        "No finished {game} game on this server yet.",
        "Nenhuma partida de {game} terminada neste servidor.",
    ),
    "history.title": ("Finished games", "Partidas terminadas"),
    "history.line": (
        "**{game} #{id}** · {date} · {scores} · {where}",
        "**{game} #{id}** · {date} · {scores} · {where}",
    ),
    "history.empty": ("No finished game here yet.", "Nenhuma partida terminada aqui ainda."),
    "rules.title": ("{game} — rules in short", "{game} — resumo das regras"),
    # the spectator page in a browser
    "cmd.link": ("link", "link"),
    "cmd.link.desc": (
        "A link to watch this game live in a browser",
        "Um link para assistir a esta partida ao vivo no navegador",
    ),
    "cmd.link.reset": ("reset", "trocar"),
    "cmd.link.reset.desc": (
        "Host: make a new link; the old one stops working",
        "Anfitrião: criar um novo link; o antigo deixa de funcionar",
    ),
    "link.here": (
        "Anyone with this link can watch {game} live in a browser: {url}",
        "Quem tiver este link pode assistir a {game} ao vivo no navegador: {url}",
    ),
    "link.reset": (
        "{game} has a new spectator link; the old one no longer works: {url}",
        "{game} tem um novo link para assistir; o antigo não funciona mais: {url}",
    ),
    "link.off": (
        "This bot shows no games in the browser (its operator has not set MESA_WEB_URL).",
        "Este bot não mostra partidas no navegador (quem o hospeda não definiu MESA_WEB_URL).",
    ),
    "board.watch": ("Watch in browser", "Assistir no navegador"),
    "board.play_here": ("Play here", "Jogar aqui"),
    "board.play_here.refused": (
        "Discord could not open the game here. Its page: {url}",
        "O Discord não conseguiu abrir a partida aqui. A página dela: {url}",
    ),
    "web.title": ("{game} — Mesa", "{game} — Mesa"),
    "web.live": ("Live", "Ao vivo"),
    "web.reconnecting": ("Reconnecting…", "Reconectando…"),
    "web.gone": (
        "This link no longer works: the host made a new one.",
        "Este link não funciona mais: o anfitrião criou outro.",
    ),
    "web.too_many": (
        "Too many live views are open (from your address or on this server). Close a tab and try again in a minute.",
        "Há visualizações ao vivo demais abertas (do seu endereço ou neste servidor). Feche uma aba e tente "
        "de novo em um minuto.",
    ),
    "web.unavailable": (
        "The games cannot be read just now (their database is out of reach). This page tries again by itself.",
        "As partidas não podem ser lidas agora (o banco de dados está fora do ar). Esta página tenta de novo sozinha.",
    ),
    "web.setup": ("Set-up", "Preparação"),
    "web.step": ("Move {n} of {total}", "Jogada {n} de {total}"),
    "web.earlier": (
        "An earlier position; the game goes on — » follows it live.",
        "Uma posição anterior; a partida continua — » volta ao vivo.",
    ),
    "web.first": ("First position", "Primeira posição"),
    "web.previous": ("Previous move", "Jogada anterior"),
    "web.next": ("Next move", "Próxima jogada"),
    "web.last": ("Live position", "Posição ao vivo"),
    "web.positions": ("Earlier positions", "Posições anteriores"),
    "web.board": ("Board", "Tabuleiro"),
    "web.full": ("Open the board full size", "Abrir o tabuleiro em tamanho real"),
    "web.over": ("Game over", "Partida encerrada"),
    "web.noscript": (
        "This page follows the game live with JavaScript, which is off: reload it to see new moves.",
        "Esta página acompanha a partida ao vivo com JavaScript, que está desligado: recarregue-a para ver "
        "as novas jogadas.",
    ),
    "web.now": ("Now", "Agora"),
    "web.players": ("Players", "Jogadores"),
    "web.score": ("Score", "Pontos"),
    "web.moves": ("Moves", "Jogadas"),
    "web.no_moves": ("No move yet.", "Nenhuma jogada ainda."),
    "web.undone": ("{line} (taken back)", "{line} (desfeita)"),
    "web.acting": ("to act", "a jogar"),
    "web.footer": (
        "Watching live: the page follows the game by itself.",
        "Ao vivo: a página acompanha a partida sozinha.",
    ),
    "web.alt_last": ("Last move: {what}", "Última jogada: {what}"),
    # export and import
    "cmd.export": ("export", "exportar"),
    "cmd.export.desc": (
        "This game as a file (a running game's seed and moves sealed)",
        "Esta partida como arquivo (a semente e as jogadas lacradas enquanto ela corre)",
    ),
    "cmd.import": ("import", "importar"),
    "cmd.import.desc": (
        "Continue a game from its exported file, as a new game here (you host it)",
        "Continuar uma partida a partir do arquivo exportado, como nova partida aqui (você é o anfitrião)",
    ),
    "cmd.import.file": ("file", "arquivo"),
    "cmd.import.file.desc": ("The file /game export gave", "O arquivo que /partida exportar gerou"),
    "export.players_only": (
        "Only the players of this game can export it while it runs.",
        "Só quem joga esta partida pode exportá-la enquanto ela corre.",
    ),
    "export.done": (
        "{game} as a file (moves: {moves}). `python -m bot replay-file` draws it; /game import continues it.",
        "{game} como arquivo (jogadas: {moves}). `python -m bot replay-file` a desenha; /partida importar a continua.",
    ),
    "export.sealed": (
        "{game} as a file (moves: {moves}). While the game runs the file shows only what the channel sees: "
        "its seed and moves are sealed, and only this bot opens them again, with /game import.",
        "{game} como arquivo (jogadas: {moves}). Enquanto a partida corre, o arquivo mostra só o que o canal vê: "
        "a semente e as jogadas vão lacradas, e só este bot as abre de novo, com /partida importar.",
    ),
    "import.sealed": (
        "That file is of a game still running: its moves are sealed, and only the bot that exported it opens "
        "them (/game import there). A finished game's file holds them in the clear.",
        "Esse arquivo é de uma partida ainda em curso: as jogadas vão lacradas, e só o bot que a exportou as abre "
        "(/partida importar lá). O arquivo de uma partida terminada as traz abertas.",
    ),
    "import.other_deployment": (
        "That file was sealed by another Mesa bot: only the bot that exported it can continue the game.",
        "Esse arquivo foi lacrado por outro bot Mesa: só o bot que o exportou pode continuar a partida.",
    ),
    "import.unsealed": (
        "That file shows a running game in the clear: a running game is continued only from the sealed file "
        "/game export gives.",
        "Esse arquivo mostra uma partida em curso às claras: uma partida em curso só continua a partir do "
        "arquivo lacrado que /partida exportar gera.",
    ),
    # privacy
    "cmd.privacy": ("privacy", "privacidade"),
    "cmd.privacy.desc": ("What Mesa keeps about you", "O que o Mesa guarda sobre você"),
    "cmd.privacy.show": ("show", "mostrar"),
    "cmd.privacy.show.desc": (
        "Everything Mesa keeps about you, as a file",
        "Tudo o que o Mesa guarda sobre você, como arquivo",
    ),
    "cmd.privacy.delete": ("delete", "apagar"),
    "cmd.privacy.delete.desc": ("Delete what Mesa keeps about you", "Apagar o que o Mesa guarda sobre você"),
    "privacy.shown": (
        "Everything Mesa keeps about you: your settings, seats, moves, stats and ratings. "
        "PRIVACY.md says why and for how long; /privacy delete deletes it.",
        "Tudo o que o Mesa guarda sobre você: ajustes, lugares, jogadas, estatísticas e ratings. "
        "O PRIVACY.md diz por quê e por quanto tempo; /privacidade apagar apaga.",
    ),
    "privacy.ask": (
        "Delete what Mesa keeps about you? Your settings, absence and ratings are deleted, your name in "
        'stored games becomes "Former player" and your Discord id leaves them; the games stay and still '
        "replay, and the AI plays your seats in those still running. This cannot be undone.",
        "Apagar o que o Mesa guarda sobre você? Seus ajustes, ausência e ratings são apagados, seu nome nas "
        'partidas guardadas vira "Ex-jogador" e seu id do Discord sai delas; as partidas ficam e ainda se '
        "reproduzem, e a IA joga seus lugares nas que continuam. Não dá para desfazer.",
    ),
    "privacy.confirm": ("Delete my data", "Apagar meus dados"),
    "privacy.deleted": (
        "Done: Mesa keeps nothing about you any more. The AI now plays your seats in running games: {games}.",
        "Pronto: o Mesa não guarda mais nada sobre você. A IA joga agora seus lugares nas partidas em curso: {games}.",
    ),
    "privacy.former_player": ("Former player", "Ex-jogador"),
    "import.seat_waiting": (
        "{name} (invited: waiting for them to Join)",
        "{name} (convidado: esperando clicar em Entrar)",
    ),
    "import.lobby_note": (
        "A game continued from its file. Its other players take their seats with **Join**; nobody else can. "
        "Nobody is pinged or reminded before joining. Seats still open: {open}; **Start** gives them to the AI.",
        "Uma partida continuada a partir do arquivo. Os outros jogadores dela tomam seus lugares com **Entrar**; "
        "mais ninguém pode. Ninguém é chamado nem lembrado antes de entrar. Lugares ainda livres: {open}; "
        "**Começar** os entrega à IA.",
    ),
    "import.start_with_ai": (
        "Start (the AI takes the open seats: {open})",
        "Começar (a IA fica com os lugares livres: {open})",
    ),
    "import.not_invited": (
        "The seats of this game wait for the players of its file: you are not one of them.",
        "Os lugares desta partida esperam os jogadores do arquivo dela: você não é um deles.",
    ),
    "import.table_fixed": (
        "This game goes on from its file: its seats and options stay as they were.",
        "Esta partida continua a partir do arquivo: os lugares e as opções ficam como estavam.",
    ),
    "import.lobby_done": (
        "{game} is imported ({moves} moves) and waits in its lobby: {where}. The other players join there; "
        "**Start** when you are ready.",
        "{game} foi importada ({moves} jogadas) e espera na mesa: {where}. Os outros jogadores entram lá; "
        "**Começar** quando quiser.",
    ),
    "import.not_at_table": (
        "Only a player of that game can continue it: you held no seat in it.",
        "Só quem joga essa partida pode continuá-la: você não tinha lugar nela.",
    ),
    "import.too_big": ("That file is too big (more than {mb} MB).", "Esse arquivo é grande demais (mais de {mb} MB)."),
    "import.not_a_file": (
        "That is not a game file of this bot (/game export makes them).",
        "Isso não é um arquivo de partida deste bot (/partida exportar os cria).",
    ),
    "import.format_version": (
        "That game file is of format {theirs}; this bot reads format {ours}.",
        "Esse arquivo de partida é do formato {theirs}; este bot lê o formato {ours}.",
    ),
    "import.bad_field": (
        "That game file is damaged: its field `{field}` cannot be read.",
        "Esse arquivo de partida está danificado: o campo `{field}` não pode ser lido.",
    ),
    "import.rules_version": (
        "That file was written under {game} rules version {theirs}; this bot plays version {ours}, "
        "so its moves would not mean the same. It is refused.",
        "Esse arquivo foi escrito sob a versão {theirs} das regras de {game}; este bot joga a versão {ours}, "
        "então as jogadas não significariam o mesmo. Ele foi recusado.",
    ),
    "import.setup": ("That game cannot be set up: {why}", "Essa partida não pode ser montada: {why}"),
    "import.broken": (
        "The log breaks at move {n} (player {seat}, `{action}`): {why} Nothing was imported.",
        "O registro quebra na jogada {n} (jogador {seat}, `{action}`): {why} Nada foi importado.",
    ),
    "import.elsewhere": (
        "All {n} moves replay, but not to the position the file recorded (other rules?). Nothing was imported.",
        "As {n} jogadas se reproduzem, mas não até a posição que o arquivo registrou (outras regras?). "
        "Nada foi importado.",
    ),
    "import.over": (
        "That game is over: there is nothing to continue (`python -m bot replay-file` draws it).",
        "Essa partida acabou: não há o que continuar (`python -m bot replay-file` a desenha).",
    ),
    # forum channels
    "forum.opening": ("{game} is played in this post.", "{game} é jogada neste post."),
    "forum.tag.playing": ("playing", "em jogo"),
    "forum.tag.finished": ("finished", "terminada"),
    # rematch
    "rematch.button": ("Rematch", "Revanche"),
    "rematch.invite": (
        "🔁 Rematch of {game}, hosted by {host}: {who}, press Join to play again.",
        "🔁 Revanche de {game}, com {host} de anfitrião: {who}, apertem Entrar para jogar de novo.",
    ),
    "rematch.opened": ("The rematch lobby is open: {link}", "A mesa da revanche está aberta: {link}"),
    "rematch.open_already": (
        "A rematch lobby is open already: {link}",
        "Já há uma mesa de revanche aberta: {link}",
    ),
    "error.not_finished": ("This game is not over yet.", "Esta partida ainda não acabou."),
    # a player's games and settings, on every server
    "cmd.mygames": ("mygames", "minhaspartidas"),
    "cmd.mygames.desc": (
        "Your games on every server, where it is your turn first (also in a direct message)",
        "Suas partidas em todos os servidores, primeiro onde é a sua vez (também em mensagem direta)",
    ),
    "mygames.title": ("Your games", "Suas partidas"),
    "mygames.your_turn": ("Your turn", "Sua vez"),
    "mygames.others": ("Waiting for others", "Esperando os outros"),
    "mygames.none": (
        "You are in no running game. /play opens one.",
        "Você não está em nenhuma partida em andamento. /jogar abre uma.",
    ),
    "mygames.turn": (
        "**{game}** · {server} · your turn since {since} · [board]({link})",
        "**{game}** · {server} · sua vez desde {since} · [tabuleiro]({link})",
    ),
    "mygames.waiting": (
        "**{game}** · {server} · waiting for {who} since {since} · [board]({link})",
        "**{game}** · {server} · esperando {who} desde {since} · [tabuleiro]({link})",
    ),
}

register(TEXTS)
