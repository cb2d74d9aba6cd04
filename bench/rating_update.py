"""What rating a finished six-card match costs (run by hand; not part of the tests).

    PYTHONPATH=src python3 bench/rating_update.py [--repeat 200]

Prints the median time of :func:`golfcards.runners.ratings.rate_match` for tables of 2, 4 and 6
people (no tie, and every total equal: the worst case, 720 orders for six), and of storing a
finished 2-player match in a fresh SQLite file with and without its rating (the write transaction
the rating joins), with the load average at the time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from golfcards.runners.arena import play_match
from golfcards.runners.ratings import RatedSeat, Rating, rate_match
from golfcards.runners.sixcard_records import SeatInfo, SixCardRecords
from golfcards.runners.storage import Storage
from golfcards.sixcard.bots import make_bot
from golfcards.sixcard.match import Match
from golfcards.sixcard.record import MatchRecord
from golfcards.sixcard.rules import SixCardRules


class Unrated:
    """A store that stores matches without rating them (the cost of the rest, for comparison)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def save_sixcard_match(self, *args: Any, rate: Any = None) -> int:
        return self.storage.save_sixcard_match(*args[:6])


def median_ms(task: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        task()
        times.append(time.perf_counter() - started)
    return 1000 * statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    person = RatedSeat(rating=Rating())
    for players in (2, 4, 6):
        distinct = median_ms(lambda n=players: rate_match(6, list(range(n)), [person] * n), args.repeat)
        tied = median_ms(lambda n=players: rate_match(6, [0] * n, [person] * n), max(5, args.repeat // 20))
        print(f"rate_match, {players} people: {distinct:.3f} ms; all tied: {tied:.3f} ms")
    rules = SixCardRules(players=2, grid=6, holes=9)
    match = Match.keyed(rules, bytes(32))
    play_match([make_bot("easy", 1), make_bot("easy", 2)], match, [0, 1])
    record = MatchRecord.from_match(match)
    seats = [SeatInfo("human", "A"), SeatInfo("human", "B")]
    with tempfile.TemporaryDirectory() as folder:
        storage = Storage(Path(folder) / "golf.sqlite3")
        records = SixCardRecords(storage)
        players = {0: storage.new_player(), 1: storage.new_player()}
        rated = median_ms(lambda: records.save("R", record, seats, players), args.repeat)
        unrated = SixCardRecords(Unrated(storage))
        plain = median_ms(lambda: unrated.save("R", record, seats, players), args.repeat)
        storage.close()
    print(f"store a 2-player match with its ratings: {rated:.3f} ms; without rating it: {plain:.3f} ms")
    print(f"load average: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
