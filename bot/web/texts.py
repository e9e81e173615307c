"""The words of playing from a game's page: signing in, the player's own view, the controls (English, then
Brazilian Portuguese)."""

from __future__ import annotations

from rules.core.i18n import Text, register

TEXTS: dict[str, tuple[Text, Text]] = {
    "web.signin": ("Sign in with Discord to play", "Entrar com o Discord para jogar"),
    "web.signout": ("Sign out", "Sair"),
    "web.signed_in": ("Signed in as {name}", "Conectado como {name}"),
    "web.signin.bad_page": (
        "A sign-in starts from a game's page.",
        "O acesso começa na página de uma partida.",
    ),
    "web.signin.expired": (
        "This sign-in is too old or was not started here: go back to the game's page and sign in again.",
        "Este acesso é antigo demais ou não começou aqui: volte à página da partida e entre de novo.",
    ),
    "web.signin.failed": (
        "Discord did not confirm the sign-in. Go back to the game's page and try again.",
        "O Discord não confirmou o acesso. Volte à página da partida e tente de novo.",
    ),
    "web.refused.cross_site": (
        "This request came from another site and was refused.",
        "Este pedido veio de outro site e foi recusado.",
    ),
    "web.refused.signed_out": (
        "Sign in on the game's page to play.",
        "Entre na página da partida para jogar.",
    ),
    "web.refused.ended": (
        "You signed out, so this sign-in has ended: sign in again on the game's page to play.",
        "Você saiu, então este acesso terminou: entre de novo na página da partida para jogar.",
    ),
    "web.refused.token": (
        "This form is out of date: reload the game's page and try again.",
        "Este formulário está desatualizado: recarregue a página da partida e tente de novo.",
    ),
    "web.your_view": ("Your view", "Sua visão"),
    "web.your_choices": ("Your move", "Sua jogada"),
    "web.not_your_turn": ("Not your turn: {who}", "Não é sua vez: {who}"),
    "web.spectating": (
        "You are signed in but not seated at this game: you see what everyone sees.",
        "Você entrou, mas não está sentado nesta partida: você vê o que todos veem.",
    ),
    "web.play": ("Play", "Jogar"),
    "web.spot_choices": ("On this place of the board:", "Neste lugar do tabuleiro:"),
    "web.spot_close": ("Close", "Fechar"),
    "web.undo": ("Ask to take back my last move", "Pedir para desfazer minha última jogada"),
    "web.resign": ("Resign (the AI plays my seat)", "Desistir (a IA joga por mim)"),
    "web.resign_confirm": ("I am sure", "Tenho certeza"),
    "web.sending": ("Sending…", "Enviando…"),
    "web.moved_on": (
        "The board moved on before your move arrived: here is the current one.",
        "O tabuleiro avançou antes da sua jogada chegar: aqui está o atual.",
    ),
    "web.played": ("Played.", "Jogada feita."),
    "web.undo_in_discord": (
        "Taking this move back needs the other players' agreement: ask for it in Discord with /game undo.",
        "Desfazer esta jogada precisa do acordo dos outros jogadores: peça no Discord com /partida desfazer.",
    ),
    "web.undo_asked": (
        "Asked: the other players answer in the channel.",
        "Pedido feito: os outros jogadores respondem no canal.",
    ),
}

register(TEXTS)
