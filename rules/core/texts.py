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
}

register(TEXTS)
