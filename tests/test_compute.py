"""The server's worker pool: fair between owners, bounded per owner, survives a dead worker."""

from __future__ import annotations

import asyncio
import os
import time

import pytest

from golfcards.errors import GolfError
from golfcards.runners.compute import FairPool


def pause(label: str, seconds: float) -> str:
    time.sleep(seconds)
    return label


def die() -> None:
    os._exit(3)


def test_owners_take_turns_and_each_may_queue_only_so_much():
    async def scenario() -> tuple[list[str], str]:
        pool = FairPool(1, per_owner=2)
        finished: list[str] = []

        async def job(owner: str, label: str) -> None:
            finished.append(await pool.run(owner, pause, label, 0.3))

        try:
            first = asyncio.create_task(job("many", "a1"))
            await asyncio.sleep(0.2)  # a1 runs (or the worker starts)
            waiting = [asyncio.create_task(job("many", label)) for label in ("a2", "a3")]
            await asyncio.sleep(0.05)
            with pytest.raises(GolfError) as refused:
                await pool.run("many", pause, "a4", 0.0)
            waiting.append(asyncio.create_task(job("one", "b1")))
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
