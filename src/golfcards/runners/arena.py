"""Seeded matches between players (bots or outside programs) and their statistics.

Matches are played in *rotation groups*: the ``n`` matches of a group deal the same cards, the
players moved one seat further each time, so every player meets every deal from every seat (and
the first player also rotates from hole to hole inside a match). Deals come from the seed alone,
so a run is repeatable whatever the number of worker processes.

Statistics, for each player: points per hole (mean and 95 % interval), the margin per hole (own
points minus the mean of the others': negative is better), hole and match win rates with 95 %
Wilson intervals. A shared win (equal lowest) counts as a share: 1/k of a win to each of the k
players who share it, so the win rates of a table add up to 1.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from golfcards.errors import GolfError
from golfcards.runners.intervals import Interval, mean_interval, wilson
from golfcards.runners.workers import interruptible_pool
from golfcards.shuffle import DEAL_COUNT
from golfcards.sixcard.actions import Action
from golfcards.sixcard.codes import DealCode
from golfcards.sixcard.match import Match, winners
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.view import View, view_for

GROUPS_PER_CHUNK = 4


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

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(points) for points in zip(*self.holes, strict=False))


def shares(scores: Sequence[int]) -> list[float]:
    """Each player's share of the win: 1/k for each of the k lowest, 0 for the others."""
    best = winners(scores)
    return [1 / len(best) if player in best else 0.0 for player in range(len(scores))]


@dataclass(frozen=True, slots=True)
class ArenaResult:
    players: tuple[str, ...]
    records: tuple[MatchRecord, ...]

    @property
    def matches(self) -> int:
        return len(self.records)

    @property
    def hole_points(self) -> list[tuple[int, ...]]:
        return [points for record in self.records for points in record.holes]

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
        won = [sum(column) for column in zip(*(shares(row) for row in self.hole_points), strict=False)]
        return [wilson(w, self.holes) for w in won]

    def match_win_rate(self) -> list[Interval]:
        won = [sum(column) for column in zip(*(shares(record.totals) for record in self.records), strict=False)]
        return [wilson(w, self.matches) for w in won]

    @property
    def faults(self) -> list[Fault]:
        return [fault for record in self.records for fault in record.faults]

    def to_json(self) -> dict[str, object]:
        faults = self.faults
        return {
            "players": list(self.players),
            "holes": self.holes,
            "matches": self.matches,
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

    def group_number(self, group: int) -> int:
        """The deal number of the first hole of rotation group ``group``."""
        return (self.seed * 1_000_003 * self.rules.holes + group * self.rules.holes) % DEAL_COUNT


MAX_HOLE_TURNS = 2000
"""Where the arena gives up on a hole. The rules end a hole only when a grid is all face up or the
stock runs out, and taking the discard uses no stock, so players who keep swapping through the
discard could play one hole for ever; ordinary holes last well under 100 turns."""


def play_match(players: Sequence[Player], code: DealCode, seating: Sequence[int]) -> MatchRecord:
    """Play one match; ``seating[i]`` is player ``i``'s seat. Bad answers are recorded as faults
    and replaced by the first legal action (drawing, discarding, the first face-down card)."""
    by_seat = {seat: player for player, seat in enumerate(seating)}
    match = Match(code)
    faults: list[Fault] = []
    while True:
        state = match.state
        while not state.is_terminal():
            if state.turns > MAX_HOLE_TURNS:
                raise GolfError(
                    "sixcard.endless_hole", f"a hole went on for more than {MAX_HOLE_TURNS} turns", turns=MAX_HOLE_TURNS
                )
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
    holes = tuple(tuple(points[seating[i]] for i in range(len(seating))) for points in match.results)
    return MatchRecord(holes, tuple(faults))


def _play_chunk(config: ArenaConfig, first_match: int, count: int) -> list[MatchRecord]:
    from golfcards.runners.bot_protocol import make_player

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
            code = DealCode(config.group_number(group), config.rules)
            seating = [(i + turn) % n for i in range(n)]
            records.append(play_match(players, code, seating))
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
