"""Writers of one process take turns on the storage's own lock; one that waits too long is told the
file is busy, as SQLite's busy timeout would say."""

from __future__ import annotations

import threading

import pytest

from golfcards.errors import GolfError
from golfcards.runners.storage import Storage
from tests.conditions import DEADLINE


def test_a_writer_that_waits_past_the_busy_timeout_is_told_the_file_is_busy(db_location):
    storage = Storage(db_location, busy_timeout=0.2)
    writing, done = threading.Event(), threading.Event()

    def hold() -> None:
        with storage.database.write():
            writing.set()
            done.wait(DEADLINE)  # released by the test; the deadline only bounds a failure

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert writing.wait(DEADLINE)
        assert storage.writing
        with pytest.raises(GolfError) as raised:
            storage.delete_room("ABCDEFGH")  # a write transaction
        assert raised.value.key == "storage.busy"
    finally:
        done.set()
        holder.join()
    assert not storage.writing
    storage.delete_room("ABCDEFGH")  # the next writer goes on once the first has committed
    storage.close()
