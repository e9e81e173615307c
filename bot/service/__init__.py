"""The games as the players see them, with no discord in sight.

``games`` (lobbies, moves, AI seats, reminders; one lock per game), ``undo`` (taking moves back),
``stats`` (results and ratings) and ``replay`` (a game's GIF). They store through ``bot.storage``
and think and draw through ``bot.workers``.
"""
