"""Bots: legal answers under every rule set, sensible choices in clear spots, honest determinizations.

Strength is measured by the arena and the bench script (docs/sixcard-bots.md), not asserted here.
"""

from __future__ import annotations

import random

import pytest

from golfcards.cards import parse_cards
from golfcards.errors import GolfError
from golfcards.sixcard.actions import DiscardDrawn, DrawStock, Swap, TakeDiscard
from golfcards.sixcard.arena import ArenaConfig, run_arena
from golfcards.sixcard.bots import LEVELS, make_bot
from golfcards.sixcard.bots.expert import determinize
from golfcards.sixcard.codes import DealCode
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.state import HoleState, Phase
from golfcards.sixcard.view import view_for


def indexes(text: str) -> list[int]:
    return [card.index for card in parse_cards(text)]


def spot(mine: str, down_mine, theirs: str, down_theirs, discard: str, stock: str = "4C 5C 6C 7C") -> HoleState:
    """Seat 0 to play in a two-player hole (positions listed in ``down_*`` are face down)."""
    return HoleState(SixCardRules(), [indexes(mine), indexes(theirs)],
                     [[p not in down_mine for p in range(6)], [p not in down_theirs for p in range(6)]],
                     indexes(discard), list(reversed(indexes(stock))), dealer=1, phase=Phase.DRAW, current=0)


@pytest.mark.parametrize("level", ["random", "easy", "normal", "strong"])
@pytest.mark.parametrize("rules", [SixCardRules(), SixCardRules(players=4, grid=9, jokers=2, final_turn=True),
                                   SixCardRules(players=3, grid=4, reshuffle_discard=True),
                                   SixCardRules(grid=8, jokers=1)])
def test_bots_always_answer_legally(level, rules):
    rng = random.Random(7)
    for hole in range(6):
        state = HoleState.from_code(DealCode(rng.randrange(26**7), rules))
        bots = [make_bot(level, hole * 10 + seat) for seat in range(rules.players)]
        while not state.is_terminal():
            seat = state.current_player
            action = bots[seat].choose(view_for(state, seat))
            assert state.apply(seat, action) is None


def test_the_expert_answers_legally_and_quickly_enough_to_test():
    expert = make_bot("expert", 3)
    expert.budget, expert.min_samples = 0.01, 2
    state = HoleState.from_code("G6-P2-ABCDEFG")
    other = make_bot("normal", 4)
    while not state.is_terminal():
        seat = state.current_player
        bot = expert if seat == 0 else other
        assert state.apply(seat, bot.choose(view_for(state, seat))) is None


def test_a_determinization_agrees_with_the_view_it_came_from():
    rng = random.Random(11)
    state = HoleState.from_code("G6-P3-HELLOAA-J2")
    bots = [make_bot("normal", s) for s in range(3)]
    while not state.is_terminal():
        seat = state.current_player
        view = view_for(state, seat)
        guess = determinize(view, rng)
        assert view_for(guess, seat) == view
        assert sorted(c for g in guess.grids for c in g) + sorted(guess.discard + guess.stock) != []
        cards = [c for g in guess.grids for c in g] + guess.discard + guess.stock
        cards += [] if guess.holding is None else [guess.holding]
        assert sorted(cards) == list(range(54))
        state.apply(seat, bots[seat].choose(view))


def test_strong_takes_a_discard_that_makes_a_pair():
    state = spot("QS 4D 9C 5H 8D 7S", (3, 4, 5), "AS 2S 3S 4S 5S 6S", (2, 5), discard="QH")
    action = make_bot("strong").choose(view_for(state, 0))
    assert action == TakeDiscard(3)


def test_strong_does_not_go_out_far_behind_while_nobody_threatens():
    # Only position 5 is face down; putting the drawn card there would end the hole with ~40 points
    # against an opponent who shows 0 and has four cards face down.
    state = spot("QS JD TC 9H 8D 7S", (5,), "KS KD 2S 3S 4S 6S", (2, 3, 4, 5), discard="5D", stock="6D 4C")
    state.apply(0, DrawStock())
    action = make_bot("strong").choose(view_for(state, 0))
    assert action != Swap(5)


def test_strong_avoids_handing_the_next_player_a_pair():
    # Holding a 9 it cannot use well: throwing it away would give the opponent a pair of 9s under
    # their face-up 9; swapping it for the face-up 8 throws the 8 instead, which pairs nothing.
    state = spot("AS 2D 8C KH AD 3S", (4,), "9S 2S KC 4S 5S 6S", (3, 4, 5), discard="7D", stock="9D 4C")
    state.apply(0, DrawStock())
    action = make_bot("strong").choose(view_for(state, 0))
    assert action != DiscardDrawn()


def test_easy_beats_a_random_player_on_a_fixed_sample():
    # Deterministic: fixed deals and seeds, so it cannot flake; the real figure is in the docs.
    result = run_arena(ArenaConfig(("easy", "random"), SixCardRules(holes=3), matches=8, seed=5))
    assert result.hole_win_rate()[0].value >= 0.9


def test_unknown_levels_are_refused():
    with pytest.raises(GolfError) as error:
        make_bot("grandmaster")
    assert error.value.key == "sixcard.bad_level"
    assert list(LEVELS) == ["random", "easy", "normal", "strong", "expert"]
