"""Seeded matches between players (bots or outside programs) and their statistics.

Matches are played in *rotation groups*: the ``n`` matches of a group deal the same cards, the
players moved one seat further each time, so every player meets every deal from every seat (and
the first player also rotates from hole to hole inside a match). Deals come from the seed alone,
so a run is repeatable whatever the number of worker processes: each group's matches are keyed by
HMAC-SHA256 of the seed and the group number (:meth:`ArenaConfig.group_key`), and every hole's deal
is derived from that key (:meth:`golfcards.sixcard.match.Match.keyed`), so the deals are not
consecutive numbers and one hole's code does not give away the next hole.

Statistics, for each player: points per hole (mean and 95 % interval), the margin per hole (own
points minus the mean of the others': negative is better), hole and match win rates with 95 %
Wilson intervals, and how long its decisions took. A shared win (equal lowest) counts as a share:
1/k of a win to each of the k players who share it, so the win rates of a table add up to 1.

Outside programs (``cmd:COMMAND``) live for the whole run: one process per player in each process
that plays (the main one, or each worker), started on its first message and told of every match
(protocol 2); its standard error goes to a log file in ``ArenaConfig.bot_logs``. The built-in bots
are made afresh for each chunk of matches, from seeds derived from the run's seed.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import multiprocessing.util
import os
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from golfcards.errors import GolfError
from golfcards.runners.bot_protocol import COMMAND_PREFIX, CommandPlayer, is_command, rules_json
from golfcards.runners.intervals import Interval, mean_interval, wilson
from golfcards.runners.workers import interruptible_pool
from golfcards.sixcard.actions import Action
from golfcards.sixcard.bots import make_bot
from golfcards.sixcard.codes import DealCode, keyed_number
from golfcards.sixcard.match import Match, winners
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.view import View, view_for

GROUPS_PER_CHUNK = 4
MAX_MATCHES = 1_000_000
"""Matches one run may play (months of play for the slower bots): the command line refuses more."""
SEED_LIMIT = 1 << 64
"""Seeds run from 0 to ``SEED_LIMIT - 1``; a run without a seed draws a secret one in that range."""
GROUP_DOMAIN = b"golfcards arena group "
"""Prefix of the message a rotation group's key is derived from."""
BOT_SEED_DOMAIN = b"golfcards arena bot seed "
"""Prefix of the message the seeds told to outside programs are derived from (not the run's seed,
which would give the deals away)."""
BOT_SEED_BITS = 53
"""Seeds told to outside programs run from 0 to 2**53 - 1: exact in any language's JSON numbers."""
TIME_BUCKETS_PER_E = 50
"""Decision times are kept as a histogram of log-spaced buckets, 50 per factor e (2 % apart):
the percentiles are that close, the count, mean and maximum exact."""


class Player(Protocol):
    """Anything that answers a view with an action (a bot, an outside program)."""

    def choose(self, view: View) -> Action: ...


@runtime_checkable
class Listener(Protocol):
    """A player told of the matches (an outside program): messages that need no reply, and the
    last lines of its standard error for the fault reports."""

    def start_match(self, message: dict[str, Any]) -> None: ...

    def notify(self, message: dict[str, Any]) -> None: ...

    def log_tail(self) -> str: ...

    @property
    def log(self) -> Path | None: ...


@dataclass(frozen=True, slots=True)
class Fault:
    """A bad answer from a player: which player, what went wrong (a message key and English detail),
    and for an outside program the log file of its standard error and that log's last lines."""

    player: int
    key: str
    detail: str
    params: tuple[tuple[str, Any], ...] = ()
    """The error's parameters (as pairs, so a fault stays hashable)."""
    log: str | None = None
    stderr: str = ""

    def to_json(self) -> dict[str, object]:
        return {"player": self.player, "key": self.key, "detail": self.detail, "log": self.log, "stderr": self.stderr}


def placings(totals: Sequence[int]) -> tuple[int, ...]:
    """Each one's place, 1 for the lowest total; equal totals share a place (1, 1, 3)."""
    return tuple(1 + sum(other < total for other in totals) for total in totals)


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One match's points per hole, listed by player (not by seat), and the faults seen."""

    holes: tuple[tuple[int, ...], ...]
    faults: tuple[Fault, ...] = ()
    stopped: bool = False
    """Given up (a hole never ended): only its faults count, none of its holes."""
    match: int = 0
    """The match's number in the run, from 0."""
    seats: tuple[int, ...] = ()
    """Each player's seat."""
    key: bytes = b""
    """The match's key (its rotation group's, shared by the group's records)."""
    rules: SixCardRules | None = None

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(points) for points in zip(*self.holes, strict=False))

    @property
    def deals(self) -> tuple[str, ...]:
        """The deal code of each hole dealt (the stopped hole included), worked out from the key
        when asked: a long run keeps one key per rotation group, not nine codes per match."""
        if self.rules is None:
            return ()
        first = DealCode(keyed_number(self.key, 0), self.rules)
        dealt = len(self.holes) + (1 if self.stopped else 0)
        return tuple(str(first.for_hole(hole, self.key)) for hole in range(dealt))

    def to_json(self) -> dict[str, object]:
        """The match for ``--json``; every list is by player except ``deals`` (by hole)."""
        totals = self.totals or (0,) * len(self.seats)
        return {
            "match": self.match,
            "seats": list(self.seats),
            "deals": list(self.deals),
            "holes": [list(points) for points in self.holes],
            "totals": list(totals),
            "placing": list(placings(totals)),
            "stopped": self.stopped,
            "faults": [sum(f.player == p for f in self.faults) for p in range(len(self.seats))],
        }


@dataclass(frozen=True, slots=True)
class DecisionTimes:
    """How long one player took to choose its actions: count, sum, maximum (seconds) and a
    histogram of log-spaced buckets (:data:`TIME_BUCKETS_PER_E`) for the percentiles."""

    count: int = 0
    total: float = 0.0
    longest: float = 0.0
    buckets: tuple[tuple[int, int], ...] = ()
    """(bucket, count) pairs, sorted; bucket ``b`` holds times near ``exp(b / 50)`` microseconds."""

    @staticmethod
    def bucket(seconds: float) -> int:
        return round(math.log(max(seconds * 1e6, 1.0)) * TIME_BUCKETS_PER_E)

    @classmethod
    def of(cls, seconds: Sequence[float]) -> DecisionTimes:
        if not seconds:
            return cls()
        histogram = Counter(cls.bucket(s) for s in seconds)
        return cls(len(seconds), sum(seconds), max(seconds), tuple(sorted(histogram.items())))

    def __add__(self, other: DecisionTimes) -> DecisionTimes:
        histogram = Counter(dict(self.buckets))
        histogram.update(dict(other.buckets))
        return DecisionTimes(
            self.count + other.count,
            self.total + other.total,
            max(self.longest, other.longest),
            tuple(sorted(histogram.items())),
        )

    def percentile(self, fraction: float) -> float:
        """The time (seconds) that ``fraction`` of the decisions took at most, to 2 %."""
        rank = max(1, math.ceil(fraction * self.count))
        seen = 0
        for bucket, count in self.buckets:
            seen += count
            if seen >= rank:
                return min(math.exp(bucket / TIME_BUCKETS_PER_E) / 1e6, self.longest)
        return self.longest

    def to_json(self) -> dict[str, object]:
        """Milliseconds: ``count``, ``mean``, ``p50``, ``p95``, ``max``."""
        if not self.count:
            return {"count": 0, "mean": None, "p50": None, "p95": None, "max": None}
        return {
            "count": self.count,
            "mean": round(1000 * self.total / self.count, 3),
            "p50": round(1000 * self.percentile(0.5), 3),
            "p95": round(1000 * self.percentile(0.95), 3),
            "max": round(1000 * self.longest, 3),
        }


def shares(scores: Sequence[int]) -> list[float]:
    """Each player's share of the win: 1/k for each of the k lowest, 0 for the others."""
    best = winners(scores)
    return [1 / len(best) if player in best else 0.0 for player in range(len(scores))]


@dataclass(frozen=True, slots=True)
class ArenaResult:
    """Every match played, in order; the statistics count the finished ones, faults come from all."""

    players: tuple[str, ...]
    records: tuple[MatchRecord, ...]
    decisions: tuple[DecisionTimes, ...] = ()
    """Each player's decision times (the only part of a result that differs between two runs)."""

    @property
    def finished(self) -> list[MatchRecord]:
        return [record for record in self.records if not record.stopped]

    @property
    def matches(self) -> int:
        """Finished matches (the ones the statistics count)."""
        return len(self.finished)

    @property
    def stopped(self) -> int:
        """Matches given up because a hole never ended."""
        return len(self.records) - self.matches

    @property
    def hole_points(self) -> list[tuple[int, ...]]:
        return [points for record in self.finished for points in record.holes]

    @property
    def holes(self) -> int:
        return len(self.hole_points)

    def points_per_hole(self) -> list[Interval]:
        rows = self.hole_points
        return [mean_interval([row[i] for row in rows]) for i in range(len(self.players))]

    def margin_per_hole(self) -> list[Interval]:
        """Own points minus the others' mean, per hole (negative: better than the table)."""
        rows, n = self.hole_points, len(self.players)
        return [mean_interval([row[i] - (sum(row) - row[i]) / (n - 1) for row in rows]) for i in range(n)]

    def hole_win_rate(self) -> list[Interval]:
        return self._win_rate([shares(row) for row in self.hole_points])

    def match_win_rate(self) -> list[Interval]:
        return self._win_rate([shares(record.totals) for record in self.finished])

    def _win_rate(self, rows: list[list[float]]) -> list[Interval]:
        return [wilson(sum(row[player] for row in rows), len(rows)) for player in range(len(self.players))]

    @property
    def faults(self) -> list[Fault]:
        return [fault for record in self.records for fault in record.faults]

    def to_json(self) -> dict[str, object]:
        faults = self.faults
        return {
            "players": list(self.players),
            "holes": self.holes,
            "matches": self.matches,
            "stopped_matches": self.stopped,
            "points_per_hole": [round(i.value, 3) for i in self.points_per_hole()],
            "hole_win_rate": [round(i.value, 4) for i in self.hole_win_rate()],
            "match_win_rate": [round(i.value, 4) for i in self.match_win_rate()],
            "points_per_hole_ci": [i.to_json() for i in self.points_per_hole()],
            "margin_per_hole_ci": [i.to_json() for i in self.margin_per_hole()],
            "hole_win_rate_ci": [i.to_json() for i in self.hole_win_rate()],
            "match_win_rate_ci": [i.to_json() for i in self.match_win_rate()],
            "faults": [sum(f.player == p for f in faults) for p in range(len(self.players))],
            "fault_examples": [fault.to_json() for fault in faults[:5]],
            "decision_ms": [times.to_json() for times in self.decisions],
            "match_records": [record.to_json() for record in self.records],
        }


PlayerFactory = Callable[[str, int], Player]


@dataclass(frozen=True)
class ArenaConfig:
    """What to play: player specs (bot levels or ``cmd:COMMAND``), rules, matches and the seed."""

    players: tuple[str, ...]
    rules: SixCardRules
    matches: int
    seed: int = 0
    timeout: float = 5.0
    """Seconds a ``cmd:`` player may take per answer."""
    factory: PlayerFactory | None = field(default=None, compare=False)
    bot_logs: str | None = None
    """The folder of the outside programs' standard error logs (None: thrown away)."""
    protocol: int = 1
    """The protocol spoken to outside programs: 1 (views only) or 2 (typed messages)."""

    def group_key(self, group: int) -> bytes:
        """The key of rotation group ``group``'s matches: HMAC-SHA256 of the seed (its decimal digits)
        and the group number, so a seed repeats a run and the groups' deals are unrelated."""
        message = GROUP_DOMAIN + group.to_bytes(8, "big")
        return hmac.new(str(self.seed).encode("ascii"), message, hashlib.sha256).digest()

    def bot_seed(self, player: int, match: int | None = None) -> int:
        """The seed told to player ``player`` (its ``hello``), or for match ``match`` (its
        ``match_start``): HMAC-SHA256 of the run's seed, which it does not give away."""
        message = BOT_SEED_DOMAIN + player.to_bytes(2, "big") + (b"" if match is None else match.to_bytes(8, "big"))
        digest = hmac.new(str(self.seed).encode("ascii"), message, hashlib.sha256).digest()
        return int.from_bytes(digest[:8], "big") >> (64 - BOT_SEED_BITS)

    def log_path(self, player: int, worker: str = "") -> Path | None:
        """Player ``player``'s standard error log (``player1.log``, ``player1-worker4242.log``)."""
        if self.bot_logs is None:
            return None
        return Path(self.bot_logs) / f"player{player}{worker}.log"


MAX_HOLE_TURNS = 2000
"""Where the arena gives up on a hole. The rules end a hole only when a grid is all face up or the
stock runs out, and taking the discard uses no stock, so players who keep swapping through the
discard could play one hole for ever; ordinary holes last well under 100 turns."""


def play_match(
    players: Sequence[Player],
    match: Match,
    seating: Sequence[int],
    number: int = 0,
    seeds: Sequence[int] = (),
    clocks: Sequence[list[float]] = (),
) -> MatchRecord:
    """Play ``match`` (number ``number`` of the run) to its end; ``seating[i]`` is player ``i``'s
    seat. Bad answers are recorded as faults and replaced by the first legal action (drawing,
    discarding, the first face-down card).

    Players that are :class:`Listener` s are told ``match_start`` (with ``seeds[i]``), the end of
    each hole (``hole_end``, with the ended hole's view for their seat) and ``match_end``. With
    ``clocks``, each decision's seconds are appended to ``clocks[i]``.

    A hole still going after :data:`MAX_HOLE_TURNS` turns stops the match: it is recorded as
    stopped, with a ``sixcard.endless_hole`` fault for each player of the table (who all kept it
    going), and the arena goes on with the next match.
    """
    by_seat = {seat: player for player, seat in enumerate(seating)}
    listeners = {index: player for index, player in enumerate(players) if isinstance(player, Listener)}
    for index, listener in listeners.items():
        seed = seeds[index] if index < len(seeds) else 0
        listener.start_match(
            {"type": "match_start", "match": number, "seat": seating[index], "seed": seed, "holes": match.rules.holes}
        )
    faults: list[Fault] = []

    def fault(index: int, key: str, detail: str, params: tuple[tuple[str, Any], ...] = ()) -> None:
        listener = listeners.get(index)
        if listener is None:
            faults.append(Fault(index, key, detail, params))
        else:
            log = None if listener.log is None else str(listener.log)
            faults.append(Fault(index, key, detail, params, log, listener.log_tail()))

    def record(stopped: bool) -> MatchRecord:
        holes = _by_player(match, seating)
        result = MatchRecord(holes, tuple(faults), stopped, number, tuple(seating), match.key, match.rules)
        totals = match.totals
        for index, listener in listeners.items():
            listener.notify(
                {
                    "type": "match_end",
                    "match": number,
                    "seat": seating[index],
                    "totals": list(totals),
                    "placing": list(placings(totals)),
                    "stopped": stopped,
                }
            )
        return result

    while True:
        state = match.state
        while not state.is_terminal():
            if state.turns > MAX_HOLE_TURNS:
                detail = f"a hole went on for more than {MAX_HOLE_TURNS} turns"
                for index in range(len(seating)):
                    fault(index, "sixcard.endless_hole", detail, (("turns", MAX_HOLE_TURNS),))
                return record(stopped=True)
            seat = state.current_player
            assert seat is not None
            view = view_for(state, seat)
            index = by_seat[seat]
            started = time.perf_counter()
            try:
                action: Action | None = players[index].choose(view)
            except GolfError as error:
                fault(index, error.key, str(error), tuple(error.params.items()))
                action = None
            if index < len(clocks):
                clocks[index].append(time.perf_counter() - started)
            if action is not None:
                refusal = match.apply(action, seat)
                if refusal is None:
                    continue
                fault(index, f"sixcard.refusal.{refusal.value}", f"{action!r} refused")
            match.apply(view.legal[0], seat)
        for index, listener in listeners.items():
            ended = view_for(state, seating[index])
            listener.notify({"type": "hole_end", "match": number, "hole": match.hole, "view": ended.to_json()})
        if match.is_terminal():
            break
        match.next_hole()
    return record(stopped=False)


def _by_player(match: Match, seating: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The points of the holes played so far, listed by player rather than by seat."""
    return tuple(tuple(points[seating[i]] for i in range(len(seating))) for points in match.results)


def outside_players(config: ArenaConfig, worker: str = "") -> dict[int, CommandPlayer]:
    """The run's outside programs (by player), for one process that plays: not started yet (each
    starts on its first message), each with its log file and its ``hello``."""
    players: dict[int, CommandPlayer] = {}
    for index, spec in enumerate(config.players):
        if config.factory is None and is_command(spec):
            hello = {
                "player": index,
                "players": list(config.players),
                "rules": rules_json(config.rules),
                "matches": config.matches,
                "seed": config.bot_seed(index),
            }
            players[index] = CommandPlayer(
                spec[len(COMMAND_PREFIX) :],
                config.timeout,
                log=config.log_path(index, worker),
                protocol=config.protocol,
                hello=hello,
            )
    return players


_WORKER_PLAYERS: dict[int, CommandPlayer] = {}
"""In a worker process: the run's outside programs, kept from chunk to chunk (a pool lives for one run)."""


def _close_all(players: dict[int, CommandPlayer]) -> None:
    for player in players.values():
        player.close()


def _worker_players(config: ArenaConfig) -> dict[int, CommandPlayer]:
    """The outside programs of this worker process, made at its first chunk and closed when it exits."""
    if not _WORKER_PLAYERS:
        _WORKER_PLAYERS.update(outside_players(config, f"-worker{os.getpid()}"))
        multiprocessing.util.Finalize(None, _close_all, args=(_WORKER_PLAYERS,), exitpriority=10)
    return _WORKER_PLAYERS


Chunk = tuple[list[MatchRecord], list[DecisionTimes]]


def _play_chunk(
    config: ArenaConfig, first_match: int, count: int, outside: dict[int, CommandPlayer] | None = None
) -> Chunk:
    """Play matches ``first_match`` … ``first_match + count - 1``: their records and each player's
    decision times. ``outside`` holds the outside programs (default: this worker process's)."""
    n = config.rules.players
    seeds = [config.seed * 7919 + first_match * 31 + i for i in range(n)]
    if outside is None:
        outside = _worker_players(config)
    players: list[Player] = []
    for index, (spec, seed) in enumerate(zip(config.players, seeds, strict=False)):
        if index in outside:
            players.append(outside[index])
        elif config.factory is not None:
            players.append(config.factory(spec, seed))
        else:
            players.append(make_bot(spec, seed))
    clocks: list[list[float]] = [[] for _ in range(n)]
    records = []
    keys: dict[int, bytes] = {}
    for m in range(first_match, first_match + count):
        group, turn = divmod(m, n)
        seating = [(i + turn) % n for i in range(n)]
        bot_seeds = [config.bot_seed(i, m) for i in range(n)]
        key = keys.setdefault(group, config.group_key(group))
        match = Match.keyed(config.rules, key)
        records.append(play_match(players, match, seating, m, bot_seeds, clocks))
    return records, [DecisionTimes.of(seconds) for seconds in clocks]


def _add_times(so_far: list[DecisionTimes], more: list[DecisionTimes]) -> list[DecisionTimes]:
    return [a + b for a, b in zip(so_far, more, strict=True)]


def run_arena(
    config: ArenaConfig, workers: int = 1, progress: Callable[[ArenaResult, int], None] | None = None
) -> ArenaResult:
    """Play ``config.matches`` matches, in chunks over ``workers`` processes; same result for any count
    (decision times aside, and outside programs that remember earlier matches aside: with several
    workers each worker's programs see only its chunks).

    ``progress`` is called after each chunk with the result so far (its matches in order) and the
    number of matches to play.
    """
    if len(config.players) != config.rules.players:
        raise GolfError(
            "sixcard.arena_players",
            "the arena needs one player per seat",
            players=len(config.players),
            seats=config.rules.players,
        )
    chunk = GROUPS_PER_CHUNK * config.rules.players
    starts = list(range(0, config.matches, chunk))
    jobs = [(start, min(chunk, config.matches - start)) for start in starts]
    records: list[MatchRecord] = []
    times = [DecisionTimes() for _ in config.players]

    def so_far() -> ArenaResult:
        return ArenaResult(tuple(config.players), tuple(records), tuple(times))

    if workers <= 1 or len(jobs) == 1:
        outside = outside_players(config)
        try:
            for start, count in jobs:
                chunk_records, chunk_times = _play_chunk(config, start, count, outside)
                records.extend(chunk_records)
                times = _add_times(times, chunk_times)
                if progress:
                    progress(so_far(), config.matches)
        finally:
            _close_all(outside)
    else:
        with interruptible_pool(workers) as pool:
            futures = [pool.submit(_play_chunk, config, start, count) for start, count in jobs]
            for future in futures:
                chunk_records, chunk_times = future.result()
                records.extend(chunk_records)
                times = _add_times(times, chunk_times)
                if progress:
                    progress(so_far(), config.matches)
    return so_far()
