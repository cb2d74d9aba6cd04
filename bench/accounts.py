"""What accounts cost the server: an Argon2id hash and check (the work of every password sign-in), and
a request signed in (its session looked up before the route) against the same request under the
player cookie alone.

    python bench/accounts.py [--requests 300]

Prints the medians (milliseconds) and their ratio. Wall-clock figures on a shared machine: quote them
with the load average.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import tempfile
import time
from pathlib import Path

from starlette.testclient import TestClient

from golfcards.runners.accounts import hash_password, password_matches
from golfcards.web.app import create_app


def timed(function, count: int) -> float:
    """The median time of ``function()`` over ``count`` calls, in milliseconds."""
    times = []
    for _ in range(count):
        started = time.perf_counter()
        function()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=300)
    args = parser.parse_args(argv)
    stored = hash_password("a long enough password")
    print(f"Argon2id hash: {timed(lambda: hash_password('a long enough password'), 20):.1f} ms")
    print(f"Argon2id check: {timed(lambda: password_matches(stored, 'a long enough password'), 20):.1f} ms")
    counter = itertools.count(1000)
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Path(folder) / "golf.sqlite3", new_number=lambda: next(counter))
        with TestClient(app) as visitor, TestClient(app) as member:
            visitor.post("/api/solitaire/action", json={"action": "d"})
            member.post("/api/account/signup", json={"name": "Bench", "password": "a long enough password"})
            member.post("/api/solitaire/action", json={"action": "d"})
            for client in (visitor, member):
                timed(lambda client=client: client.get("/api/solitaire/stats"), 20)  # warm up
            cookie = timed(lambda: visitor.get("/api/solitaire/stats"), args.requests)
            session = timed(lambda: member.get("/api/solitaire/stats"), args.requests)
    print(f"GET /api/solitaire/stats, player cookie: {cookie:.2f} ms; signed in: {session:.2f} ms")
    print(f"ratio signed in / cookie: {session / cookie:.2f}; load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
