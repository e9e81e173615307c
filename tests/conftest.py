import os

import pytest
from pg_fixtures import (  # noqa: F401  (a real PostgreSQL)
    database_target,
    empty_database_target,
    empty_postgres_url,
    postgres_server,
    postgres_url,
)

from fakediscord.fixtures import fake_discord  # noqa: F401  (the loopback fake Discord)


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", default=False, help="also run the larger random-game runs")


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: two workers more than the cores (at most twice as many). Much of a test's time is spent
    waiting (the bot for the fake Discord, a bot process for its timers, a page for Chromium), and a worker
    waiting leaves its core to another: on 2 cores the default run took 5 min 37 s with 2 workers and
    4 min 35 s with 4 (one run each, the machine otherwise idle)."""
    cores = os.cpu_count() or 1
    return min(2 * cores, cores + 2)


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="larger run: use --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
