"""The spectator pages in a browser: a page per game at ``/g/<token>``, live, served by aiohttp.

It shows what the game's channel shows (``bot.service.spectate``) and nothing more; it imports
nothing of discord or of ``bot.ui``. It runs inside the bot's process (``MESA_WEB_PORT``) or as a
process of its own beside the bot (``python -m bot web``), reading the same database.
"""

from .changes import Changes, stored
from .server import SECURITY_HEADERS, WebServer, negotiate

__all__ = ["SECURITY_HEADERS", "Changes", "WebServer", "negotiate", "stored"]
