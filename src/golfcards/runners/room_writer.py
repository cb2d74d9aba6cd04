"""The six-card rooms' writes, in one thread of their own, many at once (a group commit).

An action at a six-card table is written to the database before anyone is told of it. Written one
transaction at a time from the event loop's side, 2,000 players (about 500 actions a second) made
every action wait for the ones before it. A :class:`RoomWriter` instead takes every write waiting in
its queue, of every room, and commits them in one transaction (:meth:`SixCardRoomStore.write_rooms`), in the
order they were submitted: consecutive saves of one room become one save. The event loop only puts
a write in the queue and awaits its future, which is resolved once the transaction holding it has
committed (WAL with ``synchronous = NORMAL``: in the operating system's hands, so it survives
``kill -9`` of the server).

Writes of one room form a *chain* (:class:`WriteChain`): once one of them fails, the later ones of
the same chain fail too without being written, so that what is stored never skips a change. A
failed group is tried again room by room, so that one room's failure (a room another worker took,
:class:`~golfcards.runners.storage.RoomTaken`, among them) does not fail the others'.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field

from golfcards.runners.storage import RoomTaken, RoomWrite, SixCardRoomStore

logger = logging.getLogger(__name__)

MAX_GROUP = 512
"""The most writes committed in one transaction (a bound on how long one transaction takes)."""


@dataclass(eq=False)
class WriteChain:
    """The writes of one room while it stays in memory: broken once one of them failed."""

    error: BaseException | None = None


@dataclass(eq=False)
class _Job:
    write: RoomWrite
    chain: WriteChain
    future: asyncio.Future[bool]
    loop: asyncio.AbstractEventLoop
    result: bool | BaseException = field(default=False)


_STOP = object()


class RoomWriter:
    """One thread that commits the rooms' writes in groups; :meth:`submit` from the event loop."""

    def __init__(self, storage: SixCardRoomStore, max_group: int = MAX_GROUP) -> None:
        self.storage = storage
        self.max_group = max_group
        self._queue: queue.SimpleQueue[_Job | object] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._start_lock = threading.Lock()

    def submit(self, write: RoomWrite, chain: WriteChain) -> asyncio.Future[bool]:
        """Queue ``write`` (never waits); the future gives :meth:`SixCardRoomStore.write_rooms`' result once the
        write is committed, or its error (the chain's first error for a write after a failed one)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[bool] = loop.create_future()
        future.add_done_callback(_retrieve)  # a failure nobody awaits is not reported as lost
        if self._closed:
            future.set_exception(RuntimeError("the room writer is closed"))
            return future
        self._start()
        self._queue.put(_Job(write, chain, future, loop))
        return future

    def close(self) -> None:
        """Write everything submitted so far, then stop the thread (waits for it)."""
        self._closed = True
        if self._thread is not None:
            self._queue.put(_STOP)
            self._thread.join()
            self._thread = None

    def _start(self) -> None:
        with self._start_lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="golfcards-room-writer", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        stopping = False
        while not stopping:
            first = self._queue.get()
            if first is _STOP:
                return
            group: list[_Job] = [first]  # type: ignore[list-item]
            while len(group) < self.max_group:
                try:
                    job = self._queue.get_nowait()
                except queue.Empty:
                    break
                if job is _STOP:
                    stopping = True
                    break
                group.append(job)  # type: ignore[arg-type]
            self._write(group)
            _resolve(group)

    def _write(self, group: list[_Job]) -> None:
        """Each job's result: the group in one transaction, or room by room if that fails."""
        live = [job for job in group if not _refused(job)]
        if not live:
            return
        try:
            results: Sequence[bool] = self.storage.write_rooms([job.write for job in live])
        except Exception:
            by_room: dict[str, list[_Job]] = {}
            for job in live:
                by_room.setdefault(job.write.code, []).append(job)
            for jobs in by_room.values():
                self._write_alone([job for job in jobs if not _refused(job)])
            return
        for job, result in zip(live, results, strict=True):
            job.result = result

    def _write_alone(self, jobs: list[_Job]) -> None:
        if not jobs:
            return
        try:
            results = self.storage.write_rooms([job.write for job in jobs])
        except Exception as error:
            if isinstance(error, RoomTaken):  # another worker plays the room now: not a failure
                logger.info("room %s: %s", jobs[0].write.code, error)
            else:
                logger.exception("the writes of room %s failed", jobs[0].write.code)
            for job in jobs:
                job.chain.error = job.chain.error or error
                job.result = error
            return
        for job, result in zip(jobs, results, strict=True):
            job.result = result


def _refused(job: _Job) -> bool:
    """A job of a broken chain gets the chain's error and is not written."""
    if job.chain.error is None:
        return False
    job.result = job.chain.error
    return True


def _resolve(group: list[_Job]) -> None:
    """Hand the results to the event loops that wait for them (one call per loop and group)."""
    by_loop: dict[asyncio.AbstractEventLoop, list[_Job]] = {}
    for job in group:
        by_loop.setdefault(job.loop, []).append(job)
    for loop, jobs in by_loop.items():
        try:
            loop.call_soon_threadsafe(_settle, jobs)
        except RuntimeError:  # the loop is closed: nobody waits any more
            pass


def _settle(jobs: list[_Job]) -> None:
    for job in jobs:
        if job.future.done():
            continue
        if isinstance(job.result, BaseException):
            job.future.set_exception(job.result)
        else:
            job.future.set_result(job.result)


def _retrieve(future: asyncio.Future[bool]) -> None:
    if not future.cancelled():
        future.exception()
