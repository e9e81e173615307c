"""Texts shared by every engine."""

from .i18n import register

TEXTS = {
    "error.game_over": ("This game is over.", "Esta partida terminou."),
    "error.not_your_turn": ("It is not your turn.", "Não é a sua vez."),
    "error.illegal_action": ("That move is not allowed now.", "Essa jogada não é permitida agora."),
    "error.player_count": ("This game is for {min}-{max} players.", "Este jogo é para {min} a {max} jogadores."),
    "error.bad_option": ("Unknown option: {option}.", "Opção desconhecida: {option}."),
    "error.bad_option_value": (
        "The option {option} cannot be {value}; choose one of: {choices}.",
        "A opção {option} não pode ser {value}; escolha uma entre: {choices}.",
    ),
    "core.seat": ("Player {n}", "Jogador {n}"),
    "core.done": ("Done", "Concluir"),
    "core.pass": ("Pass", "Passar"),
    "core.total": ("Total", "Total"),
    "core.then": ("{a} → {b}", "{a} → {b}"),
    "core.and": ("{a} and {b}", "{a} e {b}"),
    # the outcome of a finished game, in words (on its final picture)
    "core.result.wins": ("{who} wins with {score}", "{who} vence com {score}"),
    "core.result.tied": ("{who} win, tied with {score}", "{who} vencem, empatados com {score}"),
    "core.result.won": ("Won: the goal is reached ({goal})", "Vitória: a meta foi alcançada ({goal})"),
    "core.result.lost": ("Lost: the goal is not reached ({goal})", "Derrota: a meta não foi alcançada ({goal})"),
    # the tabs that mark a player on a picture
    "core.pic.to_play": ("To play", "Vez de jogar"),
    "core.pic.last_move": ("Last move", "Última jogada"),
    "core.pic.winner": ("Winner", "Venceu"),
    # a picture's description (alt text)
    "core.alt.scores": ("Scores: {list}", "Pontuação: {list}"),
}

register(TEXTS)
