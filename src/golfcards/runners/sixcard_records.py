"""Six-card Golf records in the SQLite store: finished matches, statistics, history, replays.

Only a finished match is ever stored: :meth:`SixCardRecords.save` takes a
:class:`~golfcards.sixcard.record.MatchRecord`, which exists only once a match is over, so no
stored data (and no replay made from it) can show a card of a match still being played. A
player is the browser's player id (the cookie Solitaire uses); each seat held by a known player
gets a result row, which is what the statistics read. Every method does blocking file work:
servers call them off the event loop.

Statistics, per grid size (points depend on the grid): matches, wins (a shared win counts),
average points per hole, best (lowest) hole; and per bot level met at the table: matches, wins.

Saving a match also rates it (:mod:`golfcards.runners.ratings`), in the same write: the ratings at
the match's grid of the stored players who held one seat each move, bots' seats count with their
levels' fixed measured ratings, and other people's seats with the default rating.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from golfcards.errors import GolfError
from golfcards.runners.ratings import RatedSeat, Rating, rate_match
from golfcards.runners.storage import SixCardMatchStore, SixCardResultRow, StoredRating, StoredSixCardMatch
from golfcards.sixcard.record import MatchRecord
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.view import RULE_FIELDS

HISTORY_PAGE = 20
"""Matches per page of a player's history."""


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sat in a seat when the match ended: ``kind`` is ``human`` or ``bot``."""

    kind: str
    name: str
    level: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "level": self.level}

    @classmethod
    def from_json(cls, data: Any) -> SeatInfo:
        return cls(str(data["kind"]), str(data["name"]), None if data.get("level") is None else str(data["level"]))


@dataclass(frozen=True, slots=True)
class GridStatistics:
    """A player's six-card record with one grid size."""

    grid: int
    matches: int
    wins: int
    holes: int
    points: int
    best_hole: int

    @property
    def average_per_hole(self) -> float:
        return self.points / self.holes


@dataclass(frozen=True, slots=True)
class BotRecord:
    """A player's matches against a bot level (a match with two bots of a level counts once)."""

    level: str
    matches: int
    wins: int


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """A stored match as a history line: when, the asking player's seat, the seats, rules, scores."""

    id: int
    finished: float
    seat: int
    seats: tuple[SeatInfo, ...]
    code: str
    rules: SixCardRules
    results: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]


class SixCardRecords:
    """The six-card part of the store."""

    def __init__(self, storage: SixCardMatchStore) -> None:
        self.storage = storage

    def save(
        self,
        room: str,
        record: MatchRecord,
        seats: Sequence[SeatInfo],
        players: dict[int, str],
        new_players: Collection[str] = (),
    ) -> int:
        """Store a finished match; ``players`` maps seats to player ids (unknown ids are skipped, but
        those of ``new_players`` are stored now: their first finished match)."""
        if len(seats) != record.rules.players:
            raise GolfError("sixcard.bad_record", "one seat per player", hole=-1)
        totals, winners = record.totals, record.winners()
        bots = json.dumps(sorted({seat.level for seat in seats if seat.kind == "bot" and seat.level}))
        rows = [
            SixCardResultRow(
                seat=seat,
                player=player,
                grid=record.rules.grid,
                holes=len(record.holes),
                points=totals[seat],
                best_hole=min(points[seat] for points in record.results),
                won=seat in winners,
                bots=bots,
            )
            for seat, player in sorted(players.items())
            if 0 <= seat < record.rules.players
        ]
        summary = {
            "code": record.code,
            "rules": {name: getattr(record.rules, name) for name in RULE_FIELDS},
            "results": [list(points) for points in record.results],
            "totals": list(totals),
            "winners": list(winners),
        }

        def rate(current: dict[int, StoredRating | None]) -> dict[int, StoredRating]:
            """The new ratings of the rated seats (``current``), every seat of the table taking part."""
            rated = []
            for seat, info in enumerate(seats):
                if seat in current:
                    stored = current[seat]
                    rated.append(RatedSeat(rating=Rating() if stored is None else Rating(*stored)))
                elif info.kind == "bot" and info.level:
                    rated.append(RatedSeat(level=info.level))
                else:
                    rated.append(RatedSeat())
            new = rate_match(record.rules.grid, totals, rated)
            return {seat: (r.mu, r.sigma, r.matches) for seat, r in enumerate(new) if r is not None}

        return self.storage.save_sixcard_match(
            room,
            json.dumps([seat.to_json() for seat in seats]),
            json.dumps(summary),
            json.dumps(record.to_json()),
            rows,
            new_players,
            rate,
        )

    def statistics(self, player: str) -> tuple[list[GridStatistics], list[BotRecord]]:
        """The player's record per grid size (most played first) and per bot level met."""
        rows = self.storage.sixcard_results(player)
        grids: dict[int, list[SixCardResultRow]] = {}
        levels: dict[str, list[bool]] = {}
        for row in rows:
            grids.setdefault(row.grid, []).append(row)
            for level in json.loads(row.bots):
                levels.setdefault(level, []).append(row.won)
        per_grid = [
            GridStatistics(
                grid=grid,
                matches=len(results),
                wins=sum(result.won for result in results),
                holes=sum(result.holes for result in results),
                points=sum(result.points for result in results),
                best_hole=min(result.best_hole for result in results),
            )
            for grid, results in sorted(grids.items(), key=lambda item: (-len(item[1]), item[0]))
        ]
        per_level = [BotRecord(level, len(won), sum(won)) for level, won in levels.items()]
        return per_grid, per_level

    def history(self, player: str, before: int | None = None, limit: int = HISTORY_PAGE) -> list[MatchSummary]:
        """The player's finished matches, newest first (those with an id below ``before``)."""
        return [_summary(stored) for stored in self.storage.sixcard_matches(player, limit, before)]

    def match(self, match_id: int, player: str) -> tuple[MatchSummary, MatchRecord] | None:
        """A finished match the player took part in, with its whole record; None for any other."""
        stored = self.storage.sixcard_match(match_id, player)
        if stored is None or stored.record is None:
            return None
        return _summary(stored), MatchRecord.from_json(json.loads(stored.record))


def _summary(stored: StoredSixCardMatch) -> MatchSummary:
    summary = json.loads(stored.summary)
    return MatchSummary(
        id=stored.id,
        finished=stored.finished,
        seat=stored.seat,
        seats=tuple(SeatInfo.from_json(seat) for seat in json.loads(stored.seats)),
        code=summary["code"],
        rules=SixCardRules(**{name: summary["rules"][name] for name in RULE_FIELDS}),
        results=tuple(tuple(points) for points in summary["results"]),
        totals=tuple(summary["totals"]),
        winners=tuple(summary["winners"]),
    )
