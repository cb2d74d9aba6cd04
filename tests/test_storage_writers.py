"""Writers of one process take turns on the storage's own lock; one that waits too long is told the
file is busy, as SQLite's busy timeout would say."""

from __future__ import annotations

import sqlite3
import threading

import pytest

from golfcards.errors import GolfError
from golfcards.runners.storage import Storage
from tests.conditions import DEADLINE, wait_until


def test_a_writer_that_waits_past_the_busy_timeout_is_told_the_file_is_busy(tmp_path):
    storage = Storage(tmp_path / "golf.sqlite3", busy_timeout=DEADLINE)
    other_program = sqlite3.connect(storage.path, isolation_level=None)
    other_program.execute("BEGIN IMMEDIATE")  # the file's write lock
    first = threading.Thread(target=storage.delete_room, args=("ABCDEFGH",))  # a write transaction
    first.start()
    try:
        wait_until(lambda: storage.writing, "the first writer holds its turn (waiting for the file)")
        storage.busy_timeout = 0.2  # the second writer's wait for its turn
        with pytest.raises(GolfError) as raised:
            storage.delete_room("ABCDEFGH")
        assert raised.value.key == "storage.busy"
    finally:
        other_program.execute("COMMIT")
        other_program.close()
        first.join()
    assert not storage.writing
    storage.delete_room("ABCDEFGH")  # the next writer goes on once the first has committed
    storage.close()
