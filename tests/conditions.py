"""Waiting on conditions instead of durations: a polled state with a deadline that only bounds a
failure, and a slow job that lasts exactly until the test releases it."""

from __future__ import annotations

import ctypes
import os
import time
from collections.abc import Callable
from pathlib import Path

DEADLINE = 60.0
"""Seconds a condition may take before the test fails (it bounds a failure, never a pass)."""

POLLIN = 0x001


def wait_until(condition: Callable[[], object], what: str, deadline: float = DEADLINE) -> None:
    """Return once ``condition()`` is true; fail with ``what`` if it is still false after ``deadline``."""
    end = time.monotonic() + deadline
    while not condition():
        assert time.monotonic() < end, f"still not so after {deadline:g} s: {what}"
        time.sleep(0.01)


class _PollFd(ctypes.Structure):
    _fields_ = [("fd", ctypes.c_int), ("events", ctypes.c_short), ("revents", ctypes.c_short)]


def hold_the_interpreter(folder: str) -> None:
    """Mark ``started`` in ``folder``, then keep this process's interpreter lock, in one C call, until
    the test releases the hold (:meth:`Hold.release`) or :data:`DEADLINE` passes; then mark ``done``.

    This is CPU-bound work at its worst for a server, without its duration: no other thread of the
    process runs Python meanwhile (``ctypes.PyDLL`` keeps the lock during the call).
    """
    marks = Path(folder)
    fd = os.open(marks / "release", os.O_RDONLY | os.O_NONBLOCK)
    try:
        (marks / "started").touch()
        poll = _PollFd(fd, POLLIN, 0)
        ctypes.PyDLL(None).poll(ctypes.byref(poll), 1, int(DEADLINE * 1000))
        (marks / "done").touch()
    finally:
        os.close(fd)


class Hold:
    """The test's side of :func:`hold_the_interpreter` on ``folder`` (a FIFO there, which the test
    keeps open while the block runs): ``started`` and ``done`` tell where the held job is,
    :meth:`release` ends it (and every later hold on the folder at once)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.started = folder / "started"
        self.done = folder / "done"
        self._fifo = folder / "release"

    def __enter__(self) -> Hold:
        os.mkfifo(self._fifo)
        self._writer = os.open(self._fifo, os.O_RDWR)  # never blocks; a held job sees no hang-up
        return self

    def release(self) -> None:
        os.write(self._writer, b"x")

    def __exit__(self, *exc: object) -> None:
        self.release()
        os.close(self._writer)
