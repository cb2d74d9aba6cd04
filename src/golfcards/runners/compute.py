"""Worker processes for the server's heavy work (the solver, the bots), shared fairly between owners.

CPU-bound work kept in the server's process holds the interpreter lock (the compiled solver does so
for its whole search) and fills the heap that the garbage collector walks, so it slows every request,
even from a thread. A :class:`FairPool` runs it in a few worker processes instead, at a lower
scheduling priority, so that on a busy machine the server's own process (the people) comes first.

Jobs wait in one queue per *owner* (a player, a network address…) and the pool takes them round
robin: an owner with a hundred jobs waiting gets the same share of the workers as an owner with
one, and an owner may have at most ``per_owner`` jobs waiting (``server.busy`` beyond). The pool
hands a worker at most one job at a time, so the order is decided here, not in the executor.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, TypeVar

from golfcards.errors import GolfError
from golfcards.runners.workers import ignore_interrupt

T = TypeVar("T")
NICENESS = 5
"""How much lower the workers' scheduling priority is than the server's (Unix ``nice``). Beside 100
rooms of expert bots on a busy machine, 5 gave the human table a lower p99 than 10 or 0 for as
many bot turns (docs/web.md, 2026-12-01)."""


PARENT_CHECK = 1.0
"""Seconds between a worker's checks that the process that started it is still there."""


def _watch_parent(parent: int) -> None:
    """End this worker once its parent is gone (killed with ``kill -9``, it could not stop it)."""
    while True:
        time.sleep(PARENT_CHECK)
        if os.getppid() != parent:
            os._exit(0)


def _start_worker(niceness: int, warm_up: Callable[[], object] | None) -> None:
    """A worker's initializer: leave Ctrl-C to the server, end with it, yield the CPU to it, prepare
    the work."""
    ignore_interrupt()
    threading.Thread(target=_watch_parent, args=(os.getppid(),), name="golfcards-parent", daemon=True).start()
    if niceness and hasattr(os, "nice"):
        try:
            os.nice(niceness)
        except OSError:  # not allowed here: the worker runs at the server's priority
            pass
    if warm_up is not None:
        warm_up()


@dataclass(eq=False)
class _Job:
    function: Callable[..., Any]
    args: tuple[Any, ...]
    result: asyncio.Future[Any]
    owner: str
    running: Future[Any] | None = field(default=None)


class FairPool:
    """``workers`` processes (started at the first job), jobs taken round robin between owners.

    ``warm_up`` runs once in each new worker (compile the solver, load the bots' networks) before its
    first job. Use from one event loop only. A worker that dies fails the job it ran and the pool
    starts a fresh one for the next jobs.
    """

    def __init__(
        self,
        workers: int = 1,
        *,
        per_owner: int = 8,
        warm_up: Callable[[], object] | None = None,
        niceness: int = NICENESS,
    ) -> None:
        if workers < 1 or per_owner < 1:
            raise ValueError("a pool needs at least one worker and one job per owner")
        self.workers = workers
        self.per_owner = per_owner
        self.warm_up = warm_up
        self.niceness = niceness
        self._executor: ProcessPoolExecutor | None = None
        self._waiting: OrderedDict[str, deque[_Job]] = OrderedDict()
        self._running: set[_Job] = set()
        self._closed = False

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def queued(self) -> int:
        """How many jobs of every owner wait for a worker (not counting the running ones)."""
        return sum(len(queue) for queue in self._waiting.values())

    def waiting(self, owner: str) -> int:
        """How many of ``owner``'s jobs wait for a worker (not counting the one running)."""
        return len(self._waiting.get(owner, ()))

    async def run(self, owner: str, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker, when ``owner``'s turn comes; its result or its exception.

        ``function``, its arguments and its result cross to the worker by pickling. Cancelling the
        call withdraws a job still waiting (a running one finishes, its result unused).
        """
        if self._closed:
            raise GolfError("server.busy", "the server is shutting down")
        queue = self._waiting.setdefault(owner, deque())
        if len(queue) >= self.per_owner:
            raise GolfError("server.busy", f"{owner} has {len(queue)} jobs waiting already")
        job = _Job(function, args, asyncio.get_running_loop().create_future(), owner)
        queue.append(job)
        self._dispatch()
        try:
            return await asyncio.shield(job.result)
        except asyncio.CancelledError:
            self._withdraw(job)
            raise

    def _withdraw(self, job: _Job) -> None:
        queue = self._waiting.get(job.owner)
        if queue is not None and job in queue:
            queue.remove(job)
            if not queue:
                del self._waiting[job.owner]

    def _dispatch(self) -> None:
        """Hand waiting jobs to free workers, one owner after the other."""
        while len(self._running) < self.workers and self._waiting:
            owner, queue = self._waiting.popitem(last=False)
            job = queue.popleft()
            if queue:
                self._waiting[owner] = queue  # back of the line
            if job.result.done():  # its caller went away
                continue
            self._start(job)

    def _start(self, job: _Job) -> None:
        try:
            running = self._pool().submit(job.function, *job.args)
        except (BrokenProcessPool, RuntimeError) as error:  # a dead worker, a pool shut down
            self._executor = None
            job.result.set_exception(GolfError("server.busy", f"no worker process: {error}"))
            return
        job.running = running
        self._running.add(job)
        loop = job.result.get_loop()

        def finished(done: Future[Any]) -> None:
            try:
                loop.call_soon_threadsafe(self._finished, job, done)
            except RuntimeError:  # the loop is closed: nobody waits for the result any more
                pass

        running.add_done_callback(finished)

    def _finished(self, job: _Job, done: Future[Any]) -> None:
        self._running.discard(job)
        error = None if done.cancelled() else done.exception()
        if isinstance(error, BrokenProcessPool):
            self._executor = None  # a worker died: the next job starts a fresh pool
            error = GolfError("server.busy", f"a worker process stopped: {error}")
        if not job.result.done():
            if done.cancelled():
                job.result.cancel()
            elif error is None:
                job.result.set_result(done.result())
            else:
                job.result.set_exception(error)
        if not self._closed:
            self._dispatch()

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=(self.niceness, self.warm_up),
            )
        return self._executor

    def close(self) -> None:
        """Stop the workers now (a job in progress is abandoned) and refuse further jobs."""
        self._closed = True
        for job in [*self._running, *(job for queue in self._waiting.values() for job in queue)]:
            if not job.result.done():
                job.result.set_exception(GolfError("server.busy", "the server is shutting down"))
        self._waiting.clear()
        self._running.clear()
        executor, self._executor = self._executor, None
        if executor is not None:
            for process in list((getattr(executor, "_processes", None) or {}).values()):
                process.terminate()
            executor.shutdown(wait=False, cancel_futures=True)
