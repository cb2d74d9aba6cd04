"""What the review of a game over costs the server's solver (run by hand, never asserted in tests).

    python bench/review.py                 # 40 deals of each rule, a random game to its end on each
    python bench/review.py --deals 100 --rule classic

For each deal ``GO1-<rule>-…`` numbered from ``--start``, a game is played with random legal moves
(seeded by the deal number) until it ends; :func:`golfcards.solitaire.review.review` is timed on it
(the bisection over the game's positions, each an exact solve, and for a deal no play wins the
fewest cards), then :func:`~golfcards.solitaire.review.course_fewest` on a few courses. Prints the
medians, the 90th percentiles and the slowest, with the load average (the machine is shared).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from golfcards.solitaire.board import Board, Move
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.review import course_fewest, review

RULES = {"easy": "E", "classic": "C", "strict": "S"}


def played(code: GameCode) -> list[Move]:
    rng = random.Random(code.number)
    board = Board.from_code(code)
    moves: list[Move] = []
    while not board.is_terminal():
        move = rng.choice(board.legal_actions())
        board.apply(move)
        moves.append(move)
    return moves


def summary(name: str, seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return (
        f"{name}: median {statistics.median(ordered) * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms, "
        f"slowest {ordered[-1] * 1000:.0f} ms ({len(ordered)})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=40, help="deals per rule (default 40)")
    parser.add_argument("--start", type=int, default=1000, help="the first deal's number (default 1000)")
    parser.add_argument("--rule", choices=sorted(RULES), action="append", help="a rule (default: all three)")
    parser.add_argument("--courses", type=int, default=3, help="courses timed for their fewest cards (default 3)")
    args = parser.parse_args(argv)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    for rule in args.rule or list(RULES):
        kinds = {"lost": 0, "never": 0, "won": 0}
        seconds = []
        for number in range(args.start, args.start + args.deals):
            code = GameCode(number, GameCode.parse(f"GO1-{RULES[rule]}-AAAAAAB").rules)
            moves = played(code)
            began = time.perf_counter()
            looked = review(code, moves)
            seconds.append(time.perf_counter() - began)
            kinds["lost" if looked.lost else "never" if looked.fewest_left else "won"] += 1
        print(summary(f"review, {rule}", seconds), kinds)
    seconds = []
    for index in range(args.courses):
        began = time.perf_counter()
        course_fewest(GameCode(args.start + 9 * index, course=True))
        seconds.append(time.perf_counter() - began)
    print(summary("a course's fewest cards (9 deals)", seconds))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
