"""How long a test waits for the bot: a wait is a guard against a hang, so it stretches with the machine's load."""

from __future__ import annotations

import os


def patience() -> float:
    """How many times longer than on an idle machine things may take now: the load per core (the one-minute
    average, at least 1). ``FAKEDISCORD_PATIENCE`` sets it instead."""
    fixed = os.environ.get("FAKEDISCORD_PATIENCE")
    if fixed:
        return max(1.0, float(fixed))
    try:
        load = os.getloadavg()[0]
    except OSError:  # no load average on this system
        return 1.0
    return max(1.0, load / (os.cpu_count() or 1))


def stretched(seconds: float) -> float:
    """``seconds`` on an idle machine, as long as it is here and now."""
    return seconds * patience()
