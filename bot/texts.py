"""What the bot itself says, in English and Brazilian Portuguese."""

from rules.core import register

TEXTS = {
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
    "error.internal": (
        "Something went wrong; the game is safe. Please try again.",
        "Algo deu errado; a partida está salva. Tente de novo.",
    ),
    # board messages
    "board.turn": ("{who}: {prompt}", "{who}: {prompt}"),
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
    "undo.not_voter": (
        "Only the other players answer this request.",
        "Só os outros jogadores respondem a este pedido.",
    ),
    "undo.done": (
        "↩️ {who} took back a move ({n} taken back in all); here is the board as it was.",
        "↩️ {who} desfez uma jogada ({n} desfeitas ao todo); eis o tabuleiro como estava.",
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
        "Noted: you agree. Waiting for {n} more answer(s).",
        "Anotado: você concorda. Faltam {n} resposta(s).",
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
    "replay.progress": (
        "Drawing the replay: {done} of {total} frames…",
        "Desenhando o replay: {done} de {total} quadros…",
    ),
    "replay.done": ("Replay of {game}: {frames} frames, {size}.", "Replay de {game}: {frames} quadros, {size}."),
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
        "{games} games, {wins} wins, rating {rating} ({place} of {of})",
        "{games} partidas, {wins} vitórias, rating {rating} ({place}º de {of})",
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
        "{place}. {who} — {rating} ({games} games, {wins} wins)",
        "{place}. {who} — {rating} ({games} partidas, {wins} vitórias)",
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
    # export and import
    "cmd.export": ("export", "exportar"),
    "cmd.export.desc": (
        "This game as a file (rules version, options, seed, players, moves)",
        "Esta partida como arquivo (versão das regras, opções, semente, jogadores, jogadas)",
    ),
    "cmd.import": ("import", "importar"),
    "cmd.import.desc": (
        "Continue a game from its exported file, as a new game here (you host it)",
        "Continuar uma partida a partir do arquivo exportado, como nova partida aqui (você é o anfitrião)",
    ),
    "cmd.import.file": ("file", "arquivo"),
    "cmd.import.file.desc": ("The file /game export gave", "O arquivo que /partida exportar gerou"),
    "export.host_only": (
        "While the game runs its file shows what is still hidden, so only the host ({host}) can export it.",
        "Enquanto a partida corre, o arquivo mostra o que ainda está escondido; só o anfitrião ({host}) "
        "pode exportá-la.",
    ),
    "export.done": (
        "{game} as a file (moves: {moves}). `python -m bot replay-file` draws it; /game import continues it.",
        "{game} como arquivo (jogadas: {moves}). `python -m bot replay-file` a desenha; /partida importar a continua.",
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
    "import.done": (
        "{game} is imported (moves replayed: {moves}) and goes on in {where}.",
        "{game} foi importada (jogadas reproduzidas: {moves}) e continua em {where}.",
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
}

register(TEXTS)
