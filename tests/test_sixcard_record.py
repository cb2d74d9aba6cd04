"""Match records: kept only once a match is over, replayed exactly by the engine, refused if damaged."""

from __future__ import annotations

import json
import random

import pytest

from golfcards.errors import GolfError
from golfcards.sixcard.bots import make_bot
from golfcards.sixcard.codes import DealCode
from golfcards.sixcard.match import Match
from golfcards.sixcard.record import MatchRecord
from golfcards.sixcard.rules import SixCardRules

KEY = bytes(range(32))


def play(match: Match, seed: int, stop_before_end: bool = False) -> None:
    """Bots play every seat to the end of the match (or up to its very last action)."""
    bots = [make_bot("easy", seed + seat) for seat in range(match.rules.players)]
    while True:
        state = match.state
        if state.is_terminal():
            if match.is_terminal():
                return
            assert match.next_hole() is None
            continue
        seat = state.current_player
        action = bots[seat].choose(match.view(seat))
        if stop_before_end and match.hole == match.rules.holes - 1:
            probe = state.clone()
            probe.apply(action, seat)
            if probe.is_terminal():
                return
        assert match.apply(action, seat) is None


@pytest.mark.parametrize(
    "rules",
    [
        SixCardRules(players=3, grid=4, jokers=2, holes=3),
        SixCardRules(players=2, grid=9, final_turn=True, reshuffle_discard=True, holes=2),
        SixCardRules(players=4, grid=8, jokers=1, reshuffle_discard=True, holes=2),
        SixCardRules(players=2, holes=1),
    ],
)
def test_a_record_replays_every_hole_exactly(rules):
    match = Match(DealCode(4242, rules), KEY)
    play(match, 11)
    record = MatchRecord.from_match(match)
    again = MatchRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert again == record
    assert again.results == tuple(match.results) and again.totals == match.totals
    assert again.winners() == match.winners()
    for hole, (dealt, ended) in zip(again.holes, match.played, strict=True):
        states = hole.replay(rules)
        assert [grid for grid in states[0].grids] == dealt.grids
        assert states[-1].grids == ended.grids and states[-1].discard == ended.discard
        assert states[-1].points() == ended.points() and len(states) == len(ended.history) + 1
        assert hole.code == str(match.code.for_hole(hole.hole, KEY))


def test_a_match_in_progress_has_no_record():
    match = Match(DealCode(99, SixCardRules(holes=2)), KEY)
    with pytest.raises(GolfError) as error:
        MatchRecord.from_match(match)
    assert error.value.key == "sixcard.match_not_over"
    play(match, 3, stop_before_end=True)
    assert not match.is_terminal()
    with pytest.raises(GolfError) as error:
        MatchRecord.from_match(match)
    assert error.value.key == "sixcard.match_not_over"


def test_a_damaged_record_is_refused():
    match = Match(DealCode(5, SixCardRules(holes=1)), KEY)
    play(match, 1)
    data = MatchRecord.from_match(match).to_json()
    for hole in (
        dict(data["holes"][0], points=[p + 1 for p in data["holes"][0]["points"]]),
        dict(data["holes"][0], actions=[[0, {"type": "reveal", "position": 99}]]),
    ):
        record = MatchRecord.from_json(dict(data, holes=[hole]))
        with pytest.raises(GolfError) as error:
            record.holes[0].replay(record.rules)
        assert error.value.key == "sixcard.bad_record"
    rng = random.Random(7)
    for damage in ("version", "rules", "holes", "actions", "points"):
        broken = json.loads(json.dumps(data))
        if damage == "version":
            broken["version"] = 99
        elif damage == "rules":
            broken["rules"]["grid"] = 7
        elif damage == "holes":
            broken["holes"] = []
        elif damage == "actions":
            broken["holes"][0]["actions"][rng.randrange(3)] = [0, {"type": "fly"}]
        else:
            broken["holes"][0]["points"] = [True, "x"]
        with pytest.raises(GolfError) as error:
            MatchRecord.from_json(broken)
        assert error.value.key == "sixcard.bad_record", damage


def test_undoing_the_end_of_a_hole_takes_it_out_of_the_record_and_clones_keep_their_own():
    match = Match(DealCode(8, SixCardRules(holes=2)), KEY)
    while not match.state.is_terminal():
        match.apply(match.legal_actions()[0])
    assert len(match.played) == 1 and match.played[0][1] is match.state
    copy = match.clone()
    assert copy.played[0][1] is copy.state and copy.played[0][1] is not match.state
    assert match.undo() is None
    assert match.played == [] and match.results == []
    assert len(copy.played) == 1 and copy.played[0][1].is_terminal(), "the clone keeps its finished hole"
