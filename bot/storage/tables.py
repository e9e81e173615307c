"""What every table module builds on: the database its statements run on."""

from __future__ import annotations

from .backends import Backend


class Tables:
    """A concern's statements (``games``, ``moves``, ``reminders``...), mixed into ``Database``."""

    sql: Backend
