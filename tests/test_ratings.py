"""Six-card ratings: the Plackett–Luce update of a finished match, the bots' fixed measured ratings,
and the ratings stored with the match that moves them (SQLite and PostgreSQL)."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golfcards.errors import GolfError
from golfcards.runners.arena import play_match
from golfcards.runners.bot_ratings import BOT_RATINGS, bot_rating, closest_bot_level
from golfcards.runners.ratings import DEFAULT_MU, DEFAULT_SIGMA, RatedSeat, Rating, rate_match
from golfcards.runners.sixcard_records import SeatInfo, SixCardRecords
from golfcards.runners.storage import Storage
from golfcards.sixcard.bots import LEVELS, make_bot
from golfcards.sixcard.match import Match
from golfcards.sixcard.record import MatchRecord
from golfcards.sixcard.rules import SixCardRules
from tests.postgres import rows

PERSON = RatedSeat(rating=Rating())


def test_the_winner_goes_up_the_loser_down_and_both_grow_surer():
    winner, loser = rate_match(6, (10, 30), [PERSON, PERSON])
    assert winner is not None and loser is not None
    assert winner.mu > DEFAULT_MU > loser.mu
    assert winner.sigma < DEFAULT_SIGMA and loser.sigma < DEFAULT_SIGMA
    assert winner.matches == loser.matches == 1


def test_equal_totals_share_a_rank():
    first, second, third = rate_match(6, (12, 12, 40), [PERSON, PERSON, PERSON])
    assert first is not None and second is not None and third is not None
    assert first.mu == pytest.approx(second.mu)
    assert first.mu > third.mu


def test_a_shared_win_is_worth_more_than_fourth_place():
    """OpenSkill's own shared ranks give a three-way win less than the fourth's gain; ours do not."""
    rated = rate_match(6, (0, 0, 0, 1, 2), [PERSON] * 5)
    assert rated[0].mu == pytest.approx(rated[1].mu) == pytest.approx(rated[2].mu)
    assert rated[0].mu > rated[3].mu > rated[4].mu


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=-40, max_value=120), min_size=2, max_size=6), st.sampled_from([4, 6, 8, 9]))
def test_a_lower_total_never_ends_with_a_lower_rating(totals, grid):
    rated = rate_match(grid, totals, [PERSON] * len(totals))
    for a, b in zip(totals, rated, strict=True):
        for c, d in zip(totals, rated, strict=True):
            assert b is not None and d is not None
            if a < c:
                assert b.mu >= d.mu - 1e-9
            elif a == c:
                assert b.mu == pytest.approx(d.mu)
            assert b.sigma < DEFAULT_SIGMA


def test_bots_seats_are_fixed_and_a_stronger_bot_counts_for_more():
    beat_random = rate_match(6, (10, 30), [PERSON, RatedSeat(level="random")])
    beat_expert = rate_match(6, (10, 30), [PERSON, RatedSeat(level="expert")])
    lost_random = rate_match(6, (30, 10), [PERSON, RatedSeat(level="random")])
    lost_expert = rate_match(6, (30, 10), [PERSON, RatedSeat(level="expert")])
    assert beat_random[1] is None and beat_expert[1] is None, "a bot's rating is not returned: it never moves"
    assert beat_expert[0].mu > beat_random[0].mu > DEFAULT_MU
    assert DEFAULT_MU > lost_expert[0].mu > lost_random[0].mu


def test_an_unknown_persons_seat_takes_part_but_is_not_rated():
    mine, theirs = rate_match(6, (10, 30), [PERSON, RatedSeat()])
    assert theirs is None and mine is not None and mine.mu > DEFAULT_MU


def test_every_level_and_grid_is_measured_and_the_newcomer_sits_at_the_normal_bot():
    assert set(BOT_RATINGS) == {4, 6, 8, 9}
    for grid, levels in BOT_RATINGS.items():
        assert set(levels) == set(LEVELS)
        assert levels["normal"][0] == pytest.approx(DEFAULT_MU, abs=0.01)
        assert levels["random"][0] < levels["easy"][0] < levels["normal"][0]
        assert all(sigma > 0 for _, sigma in levels.values())
        assert closest_bot_level(DEFAULT_MU, grid) == "normal"
        for level, (mu, _) in levels.items():
            assert closest_bot_level(mu, grid) == level
            assert bot_rating(level, grid) == levels[level]
        assert closest_bot_level(-1000, grid) == "random"
    with pytest.raises(GolfError) as refused:
        closest_bot_level(25, 7)
    assert refused.value.key == "sixcard.bad_grid"
    with pytest.raises(GolfError):
        bot_rating("grandmaster", 6)


# --- stored with the match ---------------------------------------------------------------------


def finished_match(players: int = 2, grid: int = 4) -> MatchRecord:
    """A short match played to its end by easy bots."""
    rules = SixCardRules(players=players, grid=grid, holes=2)
    match = Match.keyed(rules, bytes(32))
    play_match([make_bot("easy", seed) for seed in range(players)], match, list(range(players)))
    return MatchRecord.from_match(match)


def people(n: int) -> list[SeatInfo]:
    return [SeatInfo("human", f"P{seat}") for seat in range(n)]


@pytest.fixture
def storage(db_location):
    storage = Storage(db_location)
    yield storage
    storage.close()


def test_a_stored_match_rates_its_two_people_once_with_history(storage, db_location):
    record = finished_match()
    records = SixCardRecords(storage)
    match_id = records.save("R1", record, people(2), {0: "alice", 1: "bob"}, {"alice", "bob"})
    ratings = {row["player"]: row for row in rows(db_location, "SELECT * FROM ratings")}
    assert set(ratings) == {"alice", "bob"}
    assert all(row["grid"] == 4 and row["matches"] == 1 for row in ratings.values())
    low, high = sorted(ratings, key=lambda player: record.totals[["alice", "bob"].index(player)])
    if record.totals[0] != record.totals[1]:
        assert ratings[low]["mu"] > DEFAULT_MU > ratings[high]["mu"]
    history = rows(db_location, "SELECT player, match, mu FROM rating_history ORDER BY player")
    assert [(row["player"], row["match"]) for row in history] == [("alice", match_id), ("bob", match_id)]
    assert [round(row["mu"], 6) for row in history] == [round(ratings[p]["mu"], 6) for p in ("alice", "bob")]
    stored = storage.player_ratings("alice")
    assert [(r.grid, r.matches) for r in stored] == [(4, 1)]
    records.save("R2", record, people(2), {0: "alice", 1: "bob"})
    assert {row["matches"] for row in rows(db_location, "SELECT matches FROM ratings")} == {2}
    assert len(storage.rating_history("alice", 10)) == 2


def test_bots_and_players_holding_two_seats_are_not_rated(storage, db_location):
    record = finished_match(players=3)
    seats = [SeatInfo("human", "A"), SeatInfo("bot", "Bot", "expert"), SeatInfo("human", "A again")]
    SixCardRecords(storage).save("R1", record, seats, {0: "alice", 2: "alice"}, {"alice"})
    assert rows(db_location, "SELECT * FROM ratings") == []
    SixCardRecords(storage).save("R2", record, seats, {0: "alice"}, {"alice"})
    assert [row["player"] for row in rows(db_location, "SELECT player FROM ratings")] == ["alice"]


def add_account(storage: Storage, player: str, name: str) -> None:
    """An account row, as the sign-up would write it (these tests need only its player and name)."""
    with storage.database.write() as db:
        db.execute(
            "INSERT INTO accounts (id, player, name, name_key, created) VALUES (?, ?, ?, ?, 0)",
            (f"account-{player}", player, name, name.casefold()),
        )


def test_the_rating_leaderboard_lists_accounts_with_enough_matches(storage, db_location):
    record = finished_match()
    records = SixCardRecords(storage)
    for _ in range(3):
        records.save("R", record, people(2), {0: "alice", 1: "bob"}, {"alice", "bob"})
    records.save("R", record, people(2), {0: "carol", 1: "dave"}, {"carol", "dave"})
    add_account(storage, "alice", "Alice")
    add_account(storage, "carol", "Carol")
    assert [leader.name for leader in storage.rating_leaders(4, 3, 10)] == ["Alice"]
    assert {leader.name for leader in storage.rating_leaders(4, 1, 10)} == {"Alice", "Carol"}
    assert storage.rating_leaders(6, 1, 10) == []
    leaders = storage.rating_leaders(4, 1, 10)
    ordinals = [leader.mu - 3 * leader.sigma for leader in leaders]
    assert ordinals == sorted(ordinals, reverse=True)


def test_the_retention_policy_forgets_a_rated_player_with_their_ratings(storage, db_location):
    record = finished_match()
    SixCardRecords(storage).save("R1", record, people(2), {0: "alice", 1: "bob"}, {"alice", "bob"})
    forgotten = storage.forget(idle_before=time.time() + 60, unfinished_before=None)
    assert forgotten.players == 2
    for table in ("ratings", "rating_history", "players", "sixcard_matches"):
        assert rows(db_location, f"SELECT * FROM {table}") == [], table
