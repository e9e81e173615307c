"""Bad input outside the games: ``python -m bot`` settings and help, the hours of ``/game reminders``."""

from __future__ import annotations

import gc
import math
import sys
import weakref
from pathlib import Path

import pytest
from spawned import run

from bot.__main__ import main, settle_heap
from bot.service.games import GameService, UserError
from bot.settings import VARIABLES, Settings
from bot.storage import Database, Seat

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    "name, value, expected",
    [
        ("MESA_REMINDER_DELAY", "twelve hours", "number of seconds, 0 or more"),
        ("MESA_REMINDER_DELAY", "-5", "number of seconds, 0 or more"),
        ("MESA_REMINDER_DELAY", "nan", "number of seconds, 0 or more"),
        ("MESA_REMINDER_POLL", "0", "number of seconds, more than 0"),
        ("MESA_REMINDER_MAX", "3.5", "whole number"),
        ("MESA_DEV_GUILD", "my-server", "Discord server id"),
        ("MESA_LOG_LEVEL", "loud", "DEBUG, INFO, WARNING, ERROR"),
        ("MESA_WEB_PORT", "80a", "port number from 1 to 65535"),
        ("PORT", "70000", "port number from 1 to 65535"),
        ("MESA_WEB_URL", "mesa.example.org", "an address such as https://"),
        ("MESA_WEB_PROXY", "maybe", "1 or 0"),
    ],
)
def test_a_bad_setting_names_the_variable_and_what_it_expects(monkeypatch, capsys, tmp_path, name, value, expected):
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    monkeypatch.setenv("MESA_DATABASE", str(tmp_path / "mesa.sqlite3"))
    monkeypatch.setenv(name, value)
    assert main([]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and name in lines[0] and expected in lines[0] and repr(value) in lines[0]
    assert not (tmp_path / "mesa.sqlite3").exists()


def test_good_settings_are_read(monkeypatch):
    for name, value in [
        ("MESA_REMINDER_DELAY", "90.5"),
        ("MESA_REMINDER_MAX", "2"),
        ("MESA_DEV_GUILD", " 42 "),
        ("MESA_LOG_LEVEL", "debug"),
        ("MESA_REMINDER_POLL", ""),
    ]:
        monkeypatch.setenv(name, value)
    settings = Settings.from_env()
    assert (
        settings.reminder_delay,
        settings.reminder_max,
        settings.dev_guild,
        settings.log_level,
        settings.reminder_poll,
    ) == (90.5, 2, 42, "DEBUG", 60.0)


def test_the_database_is_mesa_database_else_database_url_else_a_file(monkeypatch):
    monkeypatch.delenv("MESA_DATABASE", raising=False)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert Settings.from_env().database == "mesa.sqlite3"
    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@db.example/mesa")  # as a Procfile host sets it
    assert Settings.from_env().database == "postgres://u:p@db.example/mesa"
    monkeypatch.setenv("MESA_DATABASE", "/data/mesa.sqlite3")
    assert Settings.from_env().database == "/data/mesa.sqlite3"


@pytest.mark.parametrize(
    "count, shards, expected",
    [
        (None, None, (None, None, False)),
        ("4", None, (4, None, False)),
        ("4", "0-1,3", (4, (0, 1, 3), False)),
        ("8", " 5 ", (8, (5,), False)),
        (None, "auto", (None, None, True)),
        ("6", "AUTO", (6, None, True)),
    ],
)
def test_shard_settings_are_read(monkeypatch, count, shards, expected):
    for name, value in (("MESA_SHARD_COUNT", count), ("MESA_SHARDS", shards)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    settings = Settings.from_env()
    assert (settings.shard_count, settings.shard_ids, settings.auto_shards) == expected


@pytest.mark.parametrize(
    "count, shards, says",
    [
        (None, "0-3", "needs MESA_SHARD_COUNT"),
        ("4", "2-5", "numbered 0 to 3"),
        ("4", "three", "auto, a range like 0-3"),
        ("4", "3-1", "numbered 0 to 3"),
        ("0", "auto", "MESA_SHARD_COUNT"),
        ("many", None, "MESA_SHARD_COUNT"),
    ],
)
def test_bad_shard_settings_are_refused_in_one_line(monkeypatch, capsys, tmp_path, count, shards, says):
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    monkeypatch.setenv("MESA_DATABASE", str(tmp_path / "mesa.sqlite3"))
    for name, value in (("MESA_SHARD_COUNT", count), ("MESA_SHARDS", shards)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    assert main([]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and says in lines[0]
    assert not (tmp_path / "mesa.sqlite3").exists()


def test_help_names_the_demo_and_every_setting(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    assert "python -m bot demo" in text
    assert all(name in text for name, _, _ in VARIABLES)


def test_every_setting_the_bot_reads_is_listed_in_its_help_and_the_operators_guide():
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    read = set(re.findall(r'"((?:MESA|DISCORD)_[A-Z_]+|DATABASE_URL)"', (root / "bot" / "settings.py").read_text()))
    listed = {name for name, _, _ in VARIABLES}
    guide = (root / "docs" / "operators.md").read_text()
    assert read == listed, read ^ listed
    assert all(f"`{name}`" in guide for name in listed), [n for n in listed if f"`{n}`" not in guide]


@pytest.mark.parametrize("hours", [-1.0, 168.5, math.nan, math.inf])
async def test_reminder_hours_outside_0_to_168_are_refused(tmp_path, hours):
    db = await Database.open(tmp_path / "mesa.sqlite3")
    try:
        service = GameService(db, Settings())
        game_id = await db.create_lobby("atlandice", 1, 2, 10, "Ana", "en", {})
        await db.set_seats(game_id, [Seat(0, 10, "Ana", False), Seat(1, 11, "Bia", False)])
        await service.start(game_id, 10, None, seed=3)
        with pytest.raises(UserError) as refused:
            await service.set_reminders(game_id, 10, hours)
        assert refused.value.key == "error.reminder_hours"
        assert (await db.get_game(game_id)).reminder_delay is None
        assert (await service.set_reminders(game_id, 10, 168)).reminder_delay == 168 * 3600
    finally:
        await db.close()


ENGINES = ("rules.atlandice", "rules.engis", "rules.pergamemnon", "rules.neanderthal")


def _imported(*argv: str) -> set[str]:
    """The modules a fresh ``python -X importtime ...`` imported (it lists each on stderr)."""
    done = run([sys.executable, "-X", "importtime", *argv], cwd=ROOT, check=True, timeout=120)
    return {line.rpartition("|")[2].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}


def test_help_imports_no_engine():
    imported = _imported("-m", "bot", "--help")
    assert "rules" in imported and "bot.settings" in imported  # the list is read right
    assert not [m for m in imported if m.startswith(ENGINES)]


def test_an_engine_is_imported_on_first_use_only():
    script = "import rules; assert sorted(rules.GAMES) == sorted(rules.KNOWN_GAMES); rules.GAMES['engis'].title"
    imported = _imported("-c", script)
    assert "rules.engis.engine" in imported
    assert not [m for m in imported if m.startswith(tuple(e for e in ENGINES if e != "rules.engis"))]


def test_settle_heap_keeps_the_start_up_out_of_the_collector_and_its_garbage_out_of_the_process():
    class Node:
        other: Node

    cycle, kept = Node(), [Node()]  # garbage of the start-up (a cycle nobody holds), and what it keeps
    cycle.other = Node()
    cycle.other.other = cycle
    gone = weakref.ref(cycle)
    del cycle
    try:
        settle_heap()
        assert gone() is None  # collected before the freeze: not kept for good
        assert gc.get_freeze_count() > 0
        assert not any(o is kept for o in gc.get_objects())  # no collection looks at it any more
        made_later = [Node()]
        assert any(o is made_later for o in gc.get_objects())
    finally:
        gc.unfreeze()
    assert any(o is kept for o in gc.get_objects())
