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


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="larger run: use --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
