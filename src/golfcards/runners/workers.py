"""Process pools for long batch runs (deal analysis, bot arenas) that stop at once on Ctrl-C.

Ctrl-C in a terminal interrupts the whole process group: left alone, every worker would raise
KeyboardInterrupt in the middle of its task, the pool would break, and the main process would wait
for it to shut down for ever. So the workers ignore the interrupt and the main process, which
does get it, cancels the work still queued and terminates the workers itself.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager


def ignore_interrupt() -> None:
    """A worker's initializer: leave Ctrl-C to the main process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def interruptible_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``workers`` fresh processes; leaving the block by any exception (an interrupt, a
    consumer that stops early) terminates them instead of waiting for their work.

    "spawn" starts each worker afresh, never as a fork of a process that runs threads (a progress
    bar's, a Dask client's).
    """
    pool = ProcessPoolExecutor(
        max_workers=workers, initializer=ignore_interrupt, mp_context=multiprocessing.get_context("spawn")
    )
    try:
        yield pool
    except BaseException:
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
