"""The server's worker pool: fair between owners, bounded per owner, survives a dead worker."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from golfcards.errors import GolfError
from golfcards.runners.compute import FairPool

DEADLINE = 60.0
"""Seconds a condition may take before the test fails (it bounds a failure, never a pass)."""


def pause(label: str, seconds: float) -> str:
    time.sleep(seconds)
    return label


def held(label: str, release: str) -> str:
    """A job that runs until the test creates the file ``release`` (or the deadline passes)."""
    deadline = time.monotonic() + DEADLINE
    while not Path(release).exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    return label


async def until(condition: Callable[[], bool], what: str) -> None:
    """Let the event loop run until ``condition()`` holds."""
    deadline = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.001)


def die() -> None:
    os._exit(3)


def test_owners_take_turns_and_each_may_queue_only_so_much(tmp_path):
    release = tmp_path / "release"

    async def scenario() -> tuple[list[str], str]:
        pool = FairPool(1, per_owner=2)
        finished: list[str] = []

        async def job(owner: str, label: str) -> None:
            finished.append(await pool.run(owner, pause, label, 0.0))

        async def first_job() -> None:
            finished.append(await pool.run("many", held, "a1", str(release)))

        try:
            # Tasks start in order: a1 takes the only worker and holds it until every other job is queued.
            first = asyncio.create_task(first_job())
            waiting = [asyncio.create_task(job("many", label)) for label in ("a2", "a3")]
            await until(lambda: pool.waiting("many") == 2, "a2 and a3 wait while a1 runs")
            with pytest.raises(GolfError) as refused:
                await pool.run("many", pause, "a4", 0.0)
            waiting.append(asyncio.create_task(job("one", "b1")))
            await until(lambda: pool.waiting("one") == 1, "b1 waits")
            release.touch()
            await asyncio.gather(first, *waiting)
        finally:
            pool.close()
        return finished, refused.value.key

    finished, key = asyncio.run(scenario())
    assert key == "server.busy"
    assert finished.index("b1") < finished.index("a3"), f"the owner with one job is not last: {finished}"


def test_a_worker_that_dies_fails_its_job_and_the_next_one_runs():
    async def scenario() -> tuple[str, str]:
        pool = FairPool(1)
        try:
            with pytest.raises(GolfError) as failed:
                await pool.run("x", die)
            return failed.value.key, await pool.run("x", pause, "after", 0.0)
        finally:
            pool.close()

    assert asyncio.run(scenario()) == ("server.busy", "after")
