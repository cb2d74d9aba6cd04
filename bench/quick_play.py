"""What quick play costs the server: a quick-play request and the lobby's list of public tables, with
many public tables formed on another worker (read from the database) and on this one (in memory).

Usage (from the repository root)::

    PYTHONPATH=src python bench/quick_play.py --tables 200 --requests 200

Two apps share one SQLite file (two workers in one process, as tests/test_web_quick_play.py does):
the first forms ``--tables`` public tables of distinct ratings (far apart, so that none takes the
next), then the second answers ``--requests`` lobby lists (the first's tables read from their stored
rows) and ``--requests`` quick-play requests of a rating no table takes (each forms a table: the
whole matchmaking pass, the database read included). Prints the medians and 90th percentiles in
milliseconds, as the client measured them.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from starlette.testclient import TestClient

from golfcards.web.app import create_app


def _rate(app, player: str, mu: float) -> None:
    with app.state.storage.database.write() as db:
        db.execute("INSERT INTO players (id, created) VALUES (?, ?)", (player, time.time()))
        db.execute(
            "INSERT INTO ratings (player, grid, mu, sigma, matches, updated) VALUES (?, 6, ?, 1.0, 5, ?)",
            (player, mu, time.time()),
        )


def _timed(call) -> float:
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1000


def _summary(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return f"{name}: median {statistics.median(ordered):.2f} ms, p90 {p90:.2f} ms ({len(ordered)} calls)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        options = {"bot_delay": 0, "quick_play_wait": 3600.0, "new_players": 100_000, "rooms_per_address": 100_000}
        first = create_app(path, worker_id="first", **options)
        second = create_app(path, worker_id="second", **options)
        with TestClient(first) as one, TestClient(second) as two:
            for number in range(args.tables):
                player = f"former-{number}"
                _rate(first, player, 1000.0 + 100.0 * number)
                first.state.quick_play.requests._spent.clear()  # the rate limit is not what is measured
                answer = one.post(
                    "/api/sixcard/quick-play",
                    json={"grid": 6, "players": 4, "name": "A"},
                    headers={"cookie": f"golfcards_player={player}"},
                )
                assert answer.status_code == 200, answer.text
            lists = [_timed(lambda: two.get("/api/sixcard/tables").raise_for_status()) for _ in range(args.requests)]
            assert len(two.get("/api/sixcard/tables").json()["tables"]) == min(args.tables, 50)
            _rate(second, "outlier", -5000.0)
            seats = []
            for _ in range(args.requests):
                second.state.quick_play.requests._spent.clear()  # the rate limit is not what is measured
                seats.append(
                    _timed(
                        lambda: two.post(
                            "/api/sixcard/quick-play",
                            json={"grid": 6, "players": 4, "name": "B"},
                            headers={"cookie": "golfcards_player=outlier"},
                        ).raise_for_status()
                    )
                )
    print(_summary(f"GET /api/sixcard/tables, {args.tables} public tables of another worker", lists))
    print(_summary(f"POST /api/sixcard/quick-play, {args.tables}+ tables to weigh, none taking", seats))


if __name__ == "__main__":
    main()
