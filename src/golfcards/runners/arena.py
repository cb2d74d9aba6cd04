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
Wilson intervals. A shared win (equal lowest) counts as a share: 1/k of a win to each of the k
players who share it, so the win rates of a table add up to 1.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from golfcards.errors import GolfError
from golfcards.runners.bot_protocol import make_player
from golfcards.runners.intervals import Interval, mean_interval, wilson
from golfcards.runners.workers import interruptible_pool
from golfcards.sixcard.actions import Action
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


class Player(Protocol):
    """Anything that answers a view with an action (a bot, an outside program)."""

    def choose(self, view: View) -> Action: ...


@dataclass(frozen=True, slots=True)
class Fault:
    """A bad answer from a player: which player, what went wrong (a message key and English detail)."""

    player: int
    key: str
    detail: str
    params: tuple[tuple[str, Any], ...] = ()
    """The error's parameters (as pairs, so a fault stays hashable)."""


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One match's points per hole, listed by player (not by seat), and the faults seen."""

    holes: tuple[tuple[int, ...], ...]
    faults: tuple[Fault, ...] = ()
    stopped: bool = False
    """Given up (a hole never ended): only its faults count, none of its holes."""

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(points) for points in zip(*self.holes, strict=False))


def shares(scores: Sequence[int]) -> list[float]:
    """Each player's share of the win: 1/k for each of the k lowest, 0 for the others."""
    best = winners(scores)
    return [1 / len(best) if player in best else 0.0 for player in range(len(scores))]


@dataclass(frozen=True, slots=True)
class ArenaResult:
    """Every match played, in order; the statistics count the finished ones, faults come from all."""

    players: tuple[str, ...]
    records: tuple[MatchRecord, ...]

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
            "fault_examples": [{"player": f.player, "key": f.key, "detail": f.detail} for f in faults[:5]],
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

    def group_key(self, group: int) -> bytes:
        """The key of rotation group ``group``'s matches: HMAC-SHA256 of the seed (its decimal digits)
        and the group number, so a seed repeats a run and the groups' deals are unrelated."""
        message = GROUP_DOMAIN + group.to_bytes(8, "big")
        return hmac.new(str(self.seed).encode("ascii"), message, hashlib.sha256).digest()


MAX_HOLE_TURNS = 2000
"""Where the arena gives up on a hole. The rules end a hole only when a grid is all face up or the
stock runs out, and taking the discard uses no stock, so players who keep swapping through the
discard could play one hole for ever; ordinary holes last well under 100 turns."""


def play_match(players: Sequence[Player], match: Match, seating: Sequence[int]) -> MatchRecord:
    """Play ``match`` to its end; ``seating[i]`` is player ``i``'s seat. Bad answers are recorded as
    faults and replaced by the first legal action (drawing, discarding, the first face-down card).

    A hole still going after :data:`MAX_HOLE_TURNS` turns stops the match: it is recorded as
    stopped, with a ``sixcard.endless_hole`` fault for each player of the table (who all kept it
    going), and the arena goes on with the next match.
    """
    by_seat = {seat: player for player, seat in enumerate(seating)}
    faults: list[Fault] = []
    while True:
        state = match.state
        while not state.is_terminal():
            if state.turns > MAX_HOLE_TURNS:
                detail = f"a hole went on for more than {MAX_HOLE_TURNS} turns"
                endless = (("turns", MAX_HOLE_TURNS),)
                faults.extend(Fault(index, "sixcard.endless_hole", detail, endless) for index in range(len(seating)))
                return MatchRecord(_by_player(match, seating), tuple(faults), stopped=True)
            seat = state.current_player
            assert seat is not None
            view = view_for(state, seat)
            index = by_seat[seat]
            try:
                action: Action | None = players[index].choose(view)
            except GolfError as error:
                faults.append(Fault(index, error.key, str(error), tuple(error.params.items())))
                action = None
            if action is not None:
                refusal = match.apply(action, seat)
                if refusal is None:
                    continue
                faults.append(Fault(index, f"sixcard.refusal.{refusal.value}", f"{action!r} refused"))
            match.apply(view.legal[0], seat)
        if match.is_terminal():
            break
        match.next_hole()
    return MatchRecord(_by_player(match, seating), tuple(faults))


def _by_player(match: Match, seating: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The points of the holes played so far, listed by player rather than by seat."""
    return tuple(tuple(points[seating[i]] for i in range(len(seating))) for points in match.results)


def _play_chunk(config: ArenaConfig, first_match: int, count: int) -> list[MatchRecord]:
    n = config.rules.players
    seeds = [config.seed * 7919 + first_match * 31 + i for i in range(n)]
    players: list[Player]
    if config.factory is None:
        players = [make_player(spec, seed, config.timeout) for spec, seed in zip(config.players, seeds, strict=False)]
    else:
        players = [config.factory(spec, seed) for spec, seed in zip(config.players, seeds, strict=False)]
    try:
        records = []
        for m in range(first_match, first_match + count):
            group, turn = divmod(m, n)
            seating = [(i + turn) % n for i in range(n)]
            records.append(play_match(players, Match.keyed(config.rules, config.group_key(group)), seating))
        return records
    finally:
        for player in players:
            close = getattr(player, "close", None)
            if close is not None:
                close()


def run_arena(
    config: ArenaConfig, workers: int = 1, progress: Callable[[ArenaResult, int], None] | None = None
) -> ArenaResult:
    """Play ``config.matches`` matches, in chunks over ``workers`` processes; same result for any count.

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
    if workers <= 1 or len(jobs) == 1:
        for start, count in jobs:
            records.extend(_play_chunk(config, start, count))
            if progress:
                progress(ArenaResult(tuple(config.players), tuple(records)), config.matches)
    else:
        with interruptible_pool(workers) as pool:
            futures = [pool.submit(_play_chunk, config, start, count) for start, count in jobs]
            for future in futures:
                records.extend(future.result())
                if progress:
                    progress(ArenaResult(tuple(config.players), tuple(records)), config.matches)
    return ArenaResult(tuple(config.players), tuple(records))
