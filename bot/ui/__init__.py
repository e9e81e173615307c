"""Where a click enters: the Discord-facing parts of the bot.

``commands`` (slash commands) and ``components`` (buttons and menus rebuilt from their custom_id)
hand every interaction to ``handlers``; ``presenter`` turns a game into a message, ``boards`` posts
it (and keeps the outbox of boards a failure left behind), ``reminders`` pings whoever must act,
and the ``*_ui`` modules are ``/game undo``, ``/game replay`` and the statistics. They reach the
bot's services through ``ports``, and the games through ``bot.service``.
"""
