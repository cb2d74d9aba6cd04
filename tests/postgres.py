"""A throwaway PostgreSQL cluster for the tests, from Debian's binaries, and a database per test.

The cluster lives in a temporary folder and listens only on a Unix socket there; it starts at the
first test that asks for it and stops when the session ends. Run as root, its files belong to the
``postgres`` user and its programs run through ``runuser``. Tests skip only when the binaries (the
``postgresql`` package) or psycopg are missing; ``scripts/test.sh`` installs both.

``db_location`` (parametrized over ``sqlite`` and ``postgresql``) is what a test passes to
``Storage``, ``create_app`` or ``golf serve --db``; :func:`rows` reads either engine.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import sqlite3
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

ENGINES = ("sqlite", "postgresql")


def postgres_bin() -> Path | None:
    """The newest installed PostgreSQL's programs folder, if any."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda path: int(path.split("/")[4]))
    return Path(found[-1]).parent if found else None


class Cluster:
    """A running throwaway cluster; :meth:`new_database` gives a fresh database's URL."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin_dir = bin_dir
        self.folder = Path(tempfile.mkdtemp(prefix="golfcards-pg-"))
        self.owner = "postgres" if os.geteuid() == 0 else None
        if self.owner is not None:
            os.chown(self.folder, pwd.getpwnam(self.owner).pw_uid, -1)
        self._numbers = itertools.count(1)
        self._run("initdb", "-D", str(self.folder / "data"), "-A", "trust", "-U", "postgres", "-E", "UTF8")
        options = f"-k {self.folder} -c listen_addresses='' -c max_connections=200"
        self._run(
            "pg_ctl", "-D", str(self.folder / "data"), "-l", str(self.folder / "log"), "-w", "-o", options, "start"
        )

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bin_dir / program), *args]
        if self.owner is not None:
            command = ["runuser", "-u", self.owner, "--", *command]
        subprocess.run(command, check=True, capture_output=True, cwd=self.folder)

    def url(self, database: str) -> str:
        return f"postgresql://postgres@/{database}?host={self.folder}"

    def new_database(self) -> str:
        """A new empty database's URL."""
        import psycopg

        name = f"golf_{next(self._numbers)}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    bin_dir = postgres_bin()
    if bin_dir is None:
        pytest.skip("PostgreSQL's binaries are missing (apt-get install postgresql)")
    pytest.importorskip("psycopg", reason="psycopg is missing (pip install 'golfcards[postgres]')")
    cluster = Cluster(bin_dir)
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(params=ENGINES)
def db_location(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """A fresh database of each engine: a SQLite file's path, or a new PostgreSQL database's URL."""
    if request.param == "sqlite":
        return tmp_path / "golf.sqlite3"
    cluster: Cluster = request.getfixturevalue("postgres_cluster")
    return cluster.new_database()


def rows(location: str | Path, sql: str, parameters: Sequence[object] = ()) -> list[dict[str, Any]]:
    """The rows of ``sql`` (``?`` parameters) read straight from the database at ``location``."""
    if str(location).startswith("postgresql://"):
        import psycopg
        from psycopg.rows import dict_row

        with psycopg.connect(str(location), autocommit=True, row_factory=dict_row) as connection:
            return list(connection.execute(sql.replace("?", "%s"), tuple(parameters)).fetchall())
    connection = sqlite3.connect(location)
    try:
        connection.row_factory = sqlite3.Row
        return [dict(row) for row in connection.execute(sql, tuple(parameters)).fetchall()]
    finally:
        connection.close()


class _Writer:
    """Statements written straight into a database, committed together (a test's set-up)."""

    def __init__(self, connection: Any, placeholder: str) -> None:
        self.connection = connection
        self.placeholder = placeholder

    def execute(self, sql: str, parameters: Sequence[object] = ()) -> None:
        self.connection.cursor().execute(sql.replace("?", self.placeholder), tuple(parameters))

    def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        self.connection.cursor().executemany(sql.replace("?", self.placeholder), [tuple(row) for row in rows])


@contextlib.contextmanager
def writing(location: str | Path) -> Iterator[_Writer]:
    """Write rows straight into the database at ``location`` (``?`` parameters), committed at the end."""
    if str(location).startswith("postgresql://"):
        import psycopg

        with psycopg.connect(str(location)) as connection:
            yield _Writer(connection, "%s")
        return
    connection = sqlite3.connect(location)
    try:
        with connection:
            yield _Writer(connection, "?")
    finally:
        connection.close()
