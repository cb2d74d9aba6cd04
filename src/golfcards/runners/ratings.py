"""Six-card ratings: OpenSkill's Plackett–Luce model, per player and per grid size.

A rating is a belief about a player's strength: ``mu`` (the estimate) and ``sigma`` (its
uncertainty); a newcomer starts at OpenSkill's default, mu 25 and sigma 25/3. Leaderboards sort by
the conservative :attr:`Rating.ordinal`, ``mu - 3 sigma``, which rises as a player both wins and
plays enough for the estimate to be trusted.

A finished match is one free-for-all table: its totals give the ranks (lower is better, equal totals
share a rank, rated as the mean over the orders that break the tie). Every seat takes part in the
update, so a win against strong players counts for more:

* a known person's seat with their rating (the default for a first match at that grid), which
  moves;
* a bot's seat with its level's measured rating (:mod:`golfcards.runners.bot_ratings`), which never
  moves, so games against bots rate people against a fixed yardstick and no bot drifts;
* a person's seat whose player is unknown (never stored, or holding two seats of one match) with
  the default rating, which is not kept.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from golfcards.runners.arena import placings
from golfcards.runners.bot_ratings import bot_rating

MODEL = PlackettLuce()
"""OpenSkill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300 (the rise of sigma before each
match, so a rating can still follow a player who improves)."""
DEFAULT_MU: float = MODEL.mu
DEFAULT_SIGMA: float = MODEL.sigma
INTERVAL_SIGMAS = 2
"""A rating is shown as mu ± 2 sigma: the strength lies in that range with about 95 % belief."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating at one grid size, after ``matches`` rated matches."""

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA
    matches: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative rating the leaderboards sort by: ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class RatedSeat:
    """A seat of a finished match as the rating sees it: a person's current rating (``rating``), or
    a bot's ``level``; neither for a person whose player is unknown."""

    rating: Rating | None = None
    level: str | None = None


def rate_match(grid: int, totals: Sequence[int], seats: Sequence[RatedSeat]) -> list[Rating | None]:
    """Each seat's new rating after a match with these ``totals`` (by seat): a :class:`Rating` for
    the seats that carry one (``matches`` one more), None for bots' and unknown players' seats."""
    if len(totals) != len(seats) or len(seats) < 2:
        raise ValueError("one total per seat, at least two seats")
    teams = []
    for seat in seats:
        if seat.rating is not None:
            mu, sigma = seat.rating.mu, seat.rating.sigma
        elif seat.level is not None:
            mu, sigma = bot_rating(seat.level, grid)
        else:
            mu, sigma = DEFAULT_MU, DEFAULT_SIGMA
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    places = placings(totals)
    orders = tie_breaks(places)
    mus = [0.0] * len(seats)
    sigmas = [0.0] * len(seats)
    for ranks in orders:
        rated = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
        for index, team in enumerate(rated):
            mus[index] += team[0].mu / len(orders)
            sigmas[index] += team[0].sigma / len(orders)
    return [
        None if seat.rating is None else Rating(mus[index], sigmas[index], seat.rating.matches + 1)
        for index, seat in enumerate(seats)
    ]


def tie_breaks(places: Sequence[int]) -> list[tuple[int, ...]]:
    """Strict rankings that break the ties of ``places`` evenly (one, without ties).

    OpenSkill's own handling of shared ranks is not monotone (at a table of five with a three-way
    shared win, its fourth gains more than the three winners), so a shared place is rated as the
    mean of the updates of orders of the players who share it, in which each of them holds each
    place of the share equally often: every order for two or three players, the rotations for
    more (a six-way tie is rated over 6 orders, not 720), so each of them fares alike, between the
    places above and below."""
    groups: dict[int, list[int]] = {}
    for index, place in enumerate(places):
        groups.setdefault(place, []).append(index)
    choices = [
        list(itertools.permutations(members))
        if len(members) <= 3
        else [tuple(members[shift:] + members[:shift]) for shift in range(len(members))]
        for _, members in sorted(groups.items())
    ]
    orders = []
    for picked in itertools.product(*choices):
        ranks = [0] * len(places)
        for rank, index in enumerate(itertools.chain.from_iterable(picked), 1):
            ranks[index] = rank
        orders.append(tuple(ranks))
    return orders
