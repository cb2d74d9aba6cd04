"""Property tests over random Six-card Golf holes: cards are conserved, legality is exact,
refused actions change nothing, every hole ends, views survive JSON."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from golfcards.sixcard.actions import (
    DiscardDrawn,
    DrawStock,
    Reveal,
    Swap,
    TakeDiscard,
    action_from_json,
    action_to_json,
)
from golfcards.sixcard.codes import DealCode
from golfcards.sixcard.rules import MAX_RESHUFFLES, SixCardRules
from golfcards.sixcard.state import HoleState
from golfcards.sixcard.view import View, view_for

rules_strategy = st.builds(
    SixCardRules,
    players=st.integers(2, 4),
    grid=st.sampled_from([4, 6, 8, 9]),
    jokers=st.integers(0, 2),
    final_turn=st.booleans(),
    reshuffle_discard=st.booleans(),
)


def all_cards(state: HoleState) -> Counter:
    cards = Counter(card for grid in state.grids for card in grid)
    cards.update(state.discard)
    cards.update(state.stock)
    if state.holding is not None:
        cards[state.holding] += 1
    return cards


def snapshot(state: HoleState) -> tuple:
    return (
        repr(state.grids),
        repr(state.face_up),
        tuple(state.discard),
        tuple(state.stock),
        state.phase,
        state.current,
        state.holding,
        tuple(state.reveals_left),
        state.turns,
    )


def any_action(rng: random.Random, size: int):
    kind = rng.randrange(5)
    position = rng.randrange(-1, size + 2)
    return [Reveal(position), DrawStock(), TakeDiscard(position), Swap(position), DiscardDrawn()][kind]


@settings(max_examples=120, deadline=None)
@given(rules=rules_strategy, number=st.integers(0, 26**7 - 1), seed=st.integers(0, 2**32))
def test_random_holes_keep_every_rule(rules, number, seed):
    rng = random.Random(seed)
    state = HoleState.from_code(DealCode(number, rules))
    deck = Counter(range(rules.deck_size))
    limit = (rules.stock_size + 1) * (MAX_RESHUFFLES + 1) * 2 + rules.players * rules.grid
    for _ in range(limit):
        if state.is_terminal():
            break
        # A random action from a random seat: accepted exactly when it is legal; if refused, nothing moves.
        seat = rng.randrange(rules.players)
        probe = any_action(rng, rules.grid)
        before = snapshot(state)
        legal = probe in state.legal_actions(seat)
        refusal = state.apply(probe, seat)
        assert (refusal is None) == legal
        if refusal is not None:
            assert snapshot(state) == before
        else:
            assert all_cards(state) == deck
            continue
        seat = state.current_player
        actions = state.legal_actions()
        assert actions and all(state.why_not(action, seat) is None for action in actions)
        face_up_before = [sum(flags) for flags in state.face_up]
        assert state.apply(rng.choice(actions)) is None
        assert all_cards(state) == deck
        assert all(sum(flags) >= before for flags, before in zip(state.face_up, face_up_before, strict=False))
    assert state.is_terminal()
    assert state.legal_actions() == [] and state.current_player is None
    went_out = state.went_out
    if went_out is not None:
        assert all(state.face_up[went_out])
    else:
        assert state.stock_count == 0


@settings(max_examples=40, deadline=None)
@given(rules=rules_strategy, number=st.integers(0, 26**7 - 1), seed=st.integers(0, 2**32))
def test_views_and_actions_survive_json(rules, number, seed):
    rng = random.Random(seed)
    state = HoleState.from_code(DealCode(number, rules))
    while True:
        for viewer in [None, *range(rules.players)]:
            view = view_for(state, viewer)
            assert View.from_json(view.to_json()) == view
            for action in view.legal:
                assert action_from_json(action_to_json(action)) is action, "one object per action, made once"
        if state.is_terminal():
            break
        assert state.apply(rng.choice(state.legal_actions())) is None
