"""Bots: legal answers under every rule set, sensible choices in clear spots, honest determinizations.

Strength is measured by the arena and the bench script (docs/sixcard-bots.md), not asserted here.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from golfcards.cards import parse_cards
from golfcards.errors import GolfError
from golfcards.runners.arena import ArenaConfig, run_arena
from golfcards.shuffle import DEAL_COUNT
from golfcards.sixcard.actions import DiscardDrawn, DrawStock, Swap, TakeDiscard
from golfcards.sixcard.bots import LEVELS, make_bot
from golfcards.sixcard.bots.expert import determinize, expert_net, match_chance
from golfcards.sixcard.bots.knowledge import Knowledge
from golfcards.sixcard.bots.strong import Afterstates, hole_worth, value_net
from golfcards.sixcard.codes import DealCode
from golfcards.sixcard.match import Match
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.state import HoleContext, HoleState, Phase
from golfcards.sixcard.view import view_for


def indexes(text: str) -> list[int]:
    return [card.index for card in parse_cards(text)]


def spot(
    mine: str,
    down_mine,
    theirs: str,
    down_theirs,
    discard: str,
    stock: str = "4C 5C 6C 7C",
    rules: SixCardRules = SixCardRules(),  # noqa: B008
    went_out: int | None = None,
) -> HoleState:
    """Seat 0 to play in a two-player hole (positions listed in ``down_*`` are face down); with
    ``went_out`` (under the final turn) seat 0 plays its last turn."""
    return HoleState(
        rules,
        [indexes(mine), indexes(theirs)],
        [[p not in down_mine for p in range(6)], [p not in down_theirs for p in range(6)]],
        indexes(discard),
        list(reversed(indexes(stock))),
        dealer=1,
        phase=Phase.DRAW,
        current=0,
        went_out=went_out,
        final_turns_left=0 if went_out is None else 1,
    )


@pytest.mark.parametrize("level", ["random", "easy", "normal", "strong"])
@pytest.mark.parametrize(
    "rules",
    [
        SixCardRules(),
        SixCardRules(players=4, grid=9, jokers=2, final_turn=True),
        SixCardRules(players=3, grid=4, reshuffle_discard=True),
        SixCardRules(grid=8, jokers=1),
        SixCardRules(players=3, final_turn=True, flip_as_turn=True, knock_early=True),
        SixCardRules(final_turn=True, one_eyed_jacks=True, knock_early=True, wolfpack=True, start_face_up=1),
    ],
)
def test_bots_always_answer_legally(level, rules):
    rng = random.Random(7)
    for hole in range(6):
        state = HoleState.from_code(DealCode(rng.randrange(26**7), rules))
        bots = [make_bot(level, hole * 10 + seat) for seat in range(rules.players)]
        while not state.is_terminal():
            seat = state.current_player
            action = bots[seat].choose(view_for(state, seat))
            assert state.apply(action, seat) is None


def test_the_expert_answers_legally_and_quickly_enough_to_test():
    expert = make_bot("expert", 3)
    expert.samples = 2
    state = HoleState.from_code("G6-P2-ABCDEFG")
    other = make_bot("normal", 4)
    while not state.is_terminal():
        seat = state.current_player
        bot = expert if seat == 0 else other
        assert state.apply(bot.choose(view_for(state, seat)), seat) is None


def test_a_determinization_agrees_with_the_view_it_came_from():
    rng = random.Random(11)
    state = HoleState.from_code("G6-P3-HELLOAA-J2")
    bots = [make_bot("normal", s) for s in range(3)]
    while not state.is_terminal():
        seat = state.current_player
        view = view_for(state, seat)
        guess = determinize(view, rng)
        assert view_for(guess, seat) == view
        cards = [c for g in guess.grids for c in g] + guess.discard + guess.stock
        cards += [] if guess.holding is None else [guess.holding]
        assert sorted(cards) == list(range(54)), "one whole deck"
        seen = {card.index for grid in view.grids for card in grid if card is not None}
        seen |= {card.index for card in view.discard} | ({view.holding.index} if view.holding else set())
        hidden = [
            c
            for g, flags in zip(guess.grids, guess.face_up, strict=True)
            for c, up in zip(g, flags, strict=True)
            if not up
        ]
        hidden += guess.stock + ([guess.holding] if guess.holding is not None and view.holding is None else [])
        assert sorted(hidden) == sorted(set(range(54)) - seen), "the hidden places hold exactly the unseen cards"
        others = [determinize(view, random.Random(seed)) for seed in range(3)]
        assert len({repr(other.grids) + repr(other.stock) for other in others}) > 1, (
            "the unseen cards are dealt at random"
        )
        state.apply(bots[seat].choose(view), seat)


def test_strong_takes_a_discard_that_makes_a_pair():
    state = spot("QS 4D 9C 5H 8D 7S", (3, 4, 5), "AS 2S 3S 4S 5S 6S", (2, 5), discard="QH")
    action = make_bot("strong").choose(view_for(state, 0))
    assert action == TakeDiscard(3)


def test_strong_does_not_go_out_far_behind_while_nobody_threatens():
    # Only position 5 is face down; putting the drawn card there would end the hole with ~40 points
    # against an opponent who shows 0 and has four cards face down.
    state = spot("QS JD TC 9H 8D 7S", (5,), "KS KD 2S 3S 4S 6S", (2, 3, 4, 5), discard="5D", stock="6D 4C")
    state.apply(DrawStock(), 0)
    action = make_bot("strong").choose(view_for(state, 0))
    assert action != Swap(5)


def test_strong_avoids_handing_the_next_player_a_pair():
    # Holding a 9 it cannot use well: throwing it away would give the opponent a pair of 9s under
    # their face-up 9; swapping it for the face-up 8 throws the 8 instead, which pairs nothing.
    state = spot("AS 2D 8C KH AD 3S", (4,), "9S 2S KC 4S 5S 6S", (3, 4, 5), discard="7D", stock="9D 4C")
    state.apply(DrawStock(), 0)
    action = make_bot("strong").choose(view_for(state, 0))
    assert action != DiscardDrawn()


def test_easy_beats_a_random_player_on_a_fixed_sample():
    # Deterministic: fixed deals and seeds, so it cannot flake; the real figure is in the docs.
    result = run_arena(ArenaConfig(("easy", "random"), SixCardRules(holes=3), matches=8, seed=5))
    assert result.hole_win_rate()[0].value >= 0.9


def test_the_arena_reports_progress_with_the_matches_played_so_far():
    config = ArenaConfig(("easy", "random"), SixCardRules(holes=1), matches=20, seed=5)
    seen = []
    result = run_arena(config, progress=lambda so_far, total: seen.append((so_far, total)))
    assert [so_far.matches for so_far, _ in seen] == [8, 16, 20]  # chunks of 4 rotation groups of 2
    assert {total for _, total in seen} == {20}
    assert seen[0][0].records == result.records[:8] and seen[-1][0] == result


def test_unknown_levels_are_refused():
    with pytest.raises(GolfError) as error:
        make_bot("grandmaster")
    assert error.value.key == "sixcard.bad_level"
    assert list(LEVELS) == ["random", "easy", "normal", "strong", "expert"]


def four_player_spot(mine: str, down_mine, discard: str) -> HoleState:
    """Seat 0 to play in a four-player hole; the three others show 9s and 10s with two cards down."""
    others = ["9S TD 9D TS 2C 3C", "9H TH 9C TC 2D 3D", "8S JD 8D JS 2H 3H"]
    grids = [indexes(mine), *(indexes(grid) for grid in others)]
    face_up = [[p not in down_mine for p in range(6)]] + [[p not in (4, 5) for p in range(6)]] * 3
    return HoleState(
        SixCardRules(players=4),
        grids,
        face_up,
        indexes(discard),
        list(reversed(indexes("4C 5C 6C 7C"))),
        dealer=3,
        phase=Phase.DRAW,
        current=0,
    )


def test_strong_plays_its_fitted_network_with_two_to_four_players_and_the_heuristic_otherwise():
    for players in (2, 3, 4):
        assert value_net(SixCardRules(players=players)) is not None
    assert value_net(SixCardRules(final_turn=True)) is not None
    assert value_net(SixCardRules(grid=9)) is None


FINAL_TURN = SixCardRules(final_turn=True)


def test_under_the_final_turn_strong_goes_out_only_when_its_lead_survives_the_last_turn():
    # Taking the 3 onto the last face-down card ends its grid at 12 against about 31.5. With the
    # hole ending at once that lead is sure and strong takes it; under the final turn the opponent
    # first plays a last turn (expected to gain about 7: a low card for a queen), and strong keeps
    # playing rather than go out with what is left of the lead.
    def choice(rules: SixCardRules) -> object:
        state = spot("KS 4D 9C KH 4H 5S", (5,), "QS 2D 3S 8C 7D 6S", (5,), discard="7H 3D", rules=rules)
        return make_bot("strong").choose(view_for(state, 0))

    assert choice(SixCardRules()) == TakeDiscard(5)
    assert choice(FINAL_TURN) == DrawStock()
    known = Knowledge(view_for(spot("KS 4D 9C KH 4H 5S", (5,), "QS 2D 3S 8C 7D 6S", (5,), "3D", rules=FINAL_TURN), 0))
    after = Afterstates(known, value_net(FINAL_TURN))
    # going out with 12 points: the opponent's expectation less its last turn's expected gain
    expected = after.outlook.points[1] - after.outlook.improvement[1] - 12
    assert after.final_worth(12.0) == pytest.approx(expected)
    assert after.outlook.improvement[1] > 5


def test_on_its_last_turn_strong_turns_its_last_card_up_when_that_scores_least():
    # The opponent went out with -5; strong, far behind, plays its last turn: the 9 on the discard
    # pairs its 9 over the face-down card (a grid of 0), which it takes; holding the 9 it puts it
    # there. Its last card is counted anyway, so "going out" is no longer a step to avoid.
    opponent = "2S 2D 2H KC KD AS"
    state = spot("KS 4D 9C KH 4H 5S", (5,), opponent, (), discard="7D 9H", rules=FINAL_TURN, went_out=1)
    assert make_bot("strong").choose(view_for(state, 0)) == TakeDiscard(5)
    state = spot("KS 4D 9C KH 4H 5S", (5,), opponent, (), "7D", stock="9H 4C", rules=FINAL_TURN, went_out=1)
    state.apply(DrawStock(), 0)
    assert make_bot("strong").choose(view_for(state, 0)) == Swap(5)


def test_strong_goes_out_with_four_players_when_it_surely_wins():
    # One face-down card left and a pair for it on the discard: going out scores 0 against
    # opponents who already show 38 points and more each.
    state = four_player_spot("AS 2D 5C AD 2H 4S", (2,), discard="4D")
    action = make_bot("strong").choose(view_for(state, 0))
    assert action == TakeDiscard(2)


def test_a_finished_hole_is_worth_its_margin_to_each_player():
    state = spot("AS 2D 3C AD 2H 3S", (), "KS KD 2S 3S 4S 6S", (), discard="5D")
    state.phase = Phase.OVER
    assert hole_worth(state, 0) == state.points()[1] - state.points()[0]
    assert hole_worth(state, 1) == state.points()[0] - state.points()[1]


def test_a_finished_holes_worth_counts_a_blackjack_as_the_engine_does():
    # A 3 D 4 C over 5 D 8 H, then 4 C over K S: exactly 21, which the blackjack rule scores 0.
    state = spot("AS 3D 4C 5D 8H KS", (), "KD 2S 3S 4S 6S 9S", (), discard="5C", rules=SixCardRules(blackjack=True))
    state.phase = Phase.OVER
    assert state.points()[0] == 0
    assert hole_worth(state, 0) == state.points()[1] - state.points()[0]
    assert hole_worth(state, 1) == state.points()[0] - state.points()[1]


def test_with_three_players_a_finished_holes_worth_counts_the_knock_penalty():
    # Seat 0 went out level with seat 1 (18 each): the penalty makes seat 1 the only winner.
    grids = [indexes("AS 3D 2C AD 8H 9S"), indexes("AC 3H 2S AH 8C 9C"), indexes("KS TD 9D TS 2H 3C")]
    rules = SixCardRules(players=3, knock_penalty=True)
    state = HoleState(rules, grids, [[True] * 6] * 3, indexes("5D"), [], dealer=2, phase=Phase.OVER, went_out=0)
    assert state.points() == (28, 18, 30)
    assert [hole_worth(state, seat) for seat in range(3)] == [0.0, 1.0, 0.0]


def test_the_expert_plays_the_strong_choice_at_once_when_the_network_sees_no_rival_move():
    # The pair on the discard is worth far more than anything else: no search is needed.
    state = spot("QS 4D 9C 5H 8D 7S", (3, 4, 5), "AS 2S 3S 4S 5S 6S", (2, 5), discard="QH")
    expert = make_bot("expert", 5)
    assert expert.candidates(Afterstates(Knowledge(view_for(state, 0)), expert.network(state.rules))) == [
        TakeDiscard(3)
    ]
    assert expert.choose(view_for(state, 0)) == TakeDiscard(3)


def test_the_expert_searches_close_calls_and_answers_one_of_them():
    # A middling drawn 6 with three cards face down: several placements are close for the network.
    state = spot("QS 4D 9C 5H 8D 7S", (3, 4, 5), "AS 2S 3S 4S 5S 6S", (2, 5), discard="KH", stock="6D 4C")
    state.apply(DrawStock(), 0)
    view = view_for(state, 0)
    expert = make_bot("expert", 6)
    candidates = expert.candidates(Afterstates(Knowledge(view), expert.network(state.rules)))
    assert 1 < len(candidates) <= expert.width
    assert candidates[0] == expert.guide.choose(view)
    expert.samples = 6
    assert expert.choose(view) in candidates


def test_the_expert_judges_two_player_games_by_its_own_network_fitted_against_strong():
    rules = SixCardRules()
    expert = make_bot("expert", 5)
    assert expert.network(rules) is expert_net(rules) is not value_net(rules)
    # Under the final turn, its network fitted under it.
    final_turn = SixCardRules(final_turn=True)
    assert expert.network(final_turn) is expert_net(final_turn) not in (expert_net(rules), value_net(final_turn))
    # With 3-4 players it has only the strong bot's network; under house rules none.
    assert expert.network(SixCardRules(players=3)) is value_net(SixCardRules(players=3))
    assert expert.network(SixCardRules(grid=8)) is None
    # Here the strong bot draws, while the expert's network clearly prefers the discard 3 on the 6
    # (and the expert plays that at once); with the strong bot's network drawing comes first.
    state = spot("6D 5S KH 3H QD 8H", (2, 4, 5), "JH 2S 8C TH KC 4C", (2, 3, 5), discard="7S 3S")
    view = view_for(state, 0)
    assert make_bot("strong").choose(view) == DrawStock()
    assert expert.candidates(Afterstates(Knowledge(view), expert.network(rules))) == [TakeDiscard(0)]
    assert expert.choose(view) == TakeDiscard(0)
    expert.own_network = False
    assert expert.candidates(Afterstates(Knowledge(view), expert.network(rules)))[0] == DrawStock()


def test_the_expert_plays_arena_matches_without_faults():
    result = run_arena(ArenaConfig(("expert", "normal"), SixCardRules(holes=1), matches=2, seed=3))
    assert result.matches == 2
    assert result.faults == []


def test_under_house_rules_the_expert_plays_its_playout_search_legally():
    rules = SixCardRules(players=3, grid=4, final_turn=True)
    expert = make_bot("expert", 3)
    assert value_net(rules) is None
    expert.fallback.samples = 2
    state = HoleState.from_code(DealCode(12345, rules))
    others = [make_bot("normal", 4), make_bot("normal", 5)]
    while not state.is_terminal():
        seat = state.current_player
        bot = expert if seat == 0 else others[seat - 1]
        assert state.apply(bot.choose(view_for(state, seat)), seat) is None


@pytest.mark.parametrize("players", [2, 3])
def test_under_the_final_turn_the_expert_searches_with_its_network_and_plays_legally(players):
    rules = SixCardRules(players=players, final_turn=True, flip_as_turn=True, knock_early=True, one_eyed_jacks=True)
    expert = make_bot("expert", 3)
    assert expert.network(rules) is not None
    expert.samples = 2
    state = HoleState.from_code(DealCode(54321, rules))
    others = [make_bot("strong", 4), make_bot("normal", 5)]
    while not state.is_terminal():
        seat = state.current_player
        bot = expert if seat == 0 else others[seat - 1]
        assert state.apply(bot.choose(view_for(state, seat)), seat) is None
    assert state.went_out is not None or not state.stock


def test_two_strong_bots_do_not_swap_the_discard_back_and_forth_for_ever():
    # On this deal two strong bots once took the discard in turn without end, each swap looking
    # good for what it kept from the other; a take onto a face-up card must now lower one's points.
    state = HoleState.from_code(DealCode(1007773001, SixCardRules(), dealer=0))
    bots = [make_bot("strong", 1), make_bot("strong", 2)]
    while not state.is_terminal() and state.turns < 200:
        seat = state.current_player
        state.apply(bots[seat].choose(view_for(state, seat)), seat)
    assert state.is_terminal()


def test_the_discard_is_taken_onto_a_face_up_card_only_to_lower_ones_points():
    # The discard 9 could replace the face-up 9 (no change), the Q (lower) or a face-down card.
    state = spot("9S QD 4C 5H 8D 7S", (2, 3, 4, 5), "AS 2S 3S 4S 5S 6S", (2, 5), discard="9H")
    known = Knowledge(view_for(state, 0))
    takes = Afterstates(known, value_net(state.rules)).uses(known.top, may_leave=False)
    assert sorted(option.position for option in takes) == [1, 2, 3, 4, 5]


def test_the_match_chance_prefers_safety_when_ahead_and_risk_when_behind_on_the_last_hole():
    # Ending the hole now 3 points down (nothing left face down) against playing on for an
    # expected point with 8 cards still face down.
    def safe(lead: int) -> float:
        return match_chance(-3.0, 0, 0, HoleContext(8, 9, (40, 40 + lead)))

    def risky(lead: int) -> float:
        return match_chance(1.0, 8, 0, HoleContext(8, 9, (40, 40 + lead)))

    assert safe(10) == 1.0 > risky(10)
    assert safe(-5) == 0.0 < risky(-5)
    # Before the last hole the same lead is less sure, and a tie on the last hole is half a win.
    assert 0.5 < match_chance(-3.0, 0, 0, HoleContext(5, 9, (40, 50))) < 1.0
    assert match_chance(-3.0, 0, 0, HoleContext(8, 9, (40, 43))) == 0.5


def test_the_expert_goes_out_on_the_last_hole_only_when_that_wins_the_match():
    # Taking the discard 6 onto the last face-down card ends the hole about 18 points ahead; the
    # strong bot (playing for points) draws instead, and so does the expert 25 points behind in the
    # match, but 10 points ahead it secures the match by going out. Playing for points, the
    # expert makes the same choice whatever the lead.
    def choice(lead: int, match_aware: bool = True) -> type:
        state = spot("5S 2C 3H 5D 4D 9S", (5,), "KS QD 8C 7H 6D 9S", (3, 4, 5), discard="6H", stock="QC JH 4C 5C 6C 7C")
        state.context = HoleContext(8, 9, (40, 40 + lead))
        expert = make_bot("expert", 3)
        expert.match_aware = match_aware
        return type(expert.choose(view_for(state, 0)))

    assert choice(10) is TakeDiscard
    assert choice(-25) is DrawStock
    assert choice(10, match_aware=False) is choice(-25, match_aware=False)


def _arena_json(busy: int) -> dict:
    """``golf sixcard arena`` (expert against strong, a short seeded run) while ``busy`` other
    processes keep the CPU busy."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent / "src")}
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(busy)]
    try:
        command = [sys.executable, "-m", "golfcards", "sixcard", "arena", "--players", "expert,strong"]
        command += ["--matches", "1", "--holes", "2", "--seed", "4", "--workers", "1", "--json"]
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600, check=True)
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()
    data = json.loads(done.stdout)
    data["decision_ms"] = [times["count"] for times in data["decision_ms"]]  # how long they took varies
    return data


@pytest.mark.slow
def test_an_arena_run_repeats_exactly_however_busy_the_machine():
    """The expert's search is a number of samples, not a time: the same seed gives the same
    matches on an idle machine and on one whose cores are all busy twice over."""
    quiet = _arena_json(0)
    busy = _arena_json(2 * (os.cpu_count() or 1))
    assert quiet == busy
    assert quiet["matches"] == 1 and quiet["faults"] == [0, 0]


def test_arena_holes_come_from_a_keyed_hash_of_the_seed_not_consecutive_numbers():
    config = ArenaConfig(("easy", "random"), SixCardRules(holes=9), matches=4, seed=5)
    assert config.group_key(0) == replace(config, matches=99).group_key(0), "the seed alone decides"
    assert len({config.group_key(group) for group in range(3)} | {replace(config, seed=6).group_key(0)}) == 4
    match = Match.keyed(config.rules, config.group_key(0))
    numbers = [match.code.for_hole(hole, match.key).number for hole in range(9)]
    assert all(after != (before + 1) % DEAL_COUNT for before, after in itertools.pairwise(numbers))
