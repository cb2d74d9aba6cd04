"""Property-based tests over random codes and random action sequences."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from golfcards.shuffle import DEAL_COUNT
from golfcards.solitaire import (
    CLASSIC,
    EASY,
    STRICT,
    Board,
    Draw,
    GameCode,
    Refusal,
    Status,
    Take,
    Touch,
    Undo,
)

rules = st.sampled_from([EASY, CLASSIC, STRICT]).flatmap(
    lambda base: st.builds(base.with_options, jokers=st.integers(0, 2), empty_discard=st.booleans())
)
codes = st.builds(GameCode, st.integers(0, DEAL_COUNT - 1), rules)
actions = st.lists(
    st.one_of(
        st.just(Draw()),
        st.just(Undo()),
        st.builds(Take, st.integers(1, 7)),
        st.builds(Touch, st.integers(1, 7), st.integers(1, 5)),
    ),
    max_size=120,
)


def all_cards(board: Board) -> Counter:
    """Every card's place: tableau, discard pile (everything played so far), stock."""
    return Counter(card for column in board.columns for card in column) + Counter(board.stock)


@settings(max_examples=150, deadline=None)
@given(codes, actions)
def test_invariants_hold_over_random_play(code, sequence):
    board = Board.from_code(code)
    deck_size = 52 + code.rules.jokers
    played: list = [] if board.discard is None else [board.discard]
    moves = 0
    for action in sequence:
        before_position, before_score = board.position(), board.score
        refusal = board.apply(action)
        if refusal is None and isinstance(action, Undo):
            played.pop()
        elif refusal is None:
            played.append(board.discard)
        if refusal is not None:
            assert board.position() == before_position and board.score == before_score
        # 52 (+ jokers) cards always accounted for: tableau + stock + every card played.
        in_play = all_cards(board) + Counter(played)
        assert sum(in_play.values()) == deck_size and len(in_play) == deck_size
        assert board.discard == (played[-1] if played else None)
        assert board.score >= 0
        assert board.moves >= moves
        moves = board.moves
        assert board.score <= 350


@settings(max_examples=150, deadline=None)
@given(codes, st.lists(st.integers(0, 8), max_size=60))
def test_undo_restores_the_exact_previous_state(code, choices):
    board = Board.from_code(code)
    for choice in choices:
        legal = board.legal_actions()
        if not legal:
            break
        before = (board.position(), board.score, board.status, board.columns, board.stock)
        moves_before = board.moves
        assert board.apply(legal[choice % len(legal)]) is None
        after = board.clone()
        if board.status is Status.WON:
            assert board.undo() is Refusal.GAME_WON, "a won game cannot be undone"
            break
        assert board.undo() is None
        assert (board.position(), board.score, board.status, board.columns, board.stock) == before
        assert board.moves == moves_before + 1, "undo never lowers the move counter"
        board = after


@settings(max_examples=100, deadline=None)
@given(codes, st.lists(st.integers(0, 8), max_size=60))
def test_status_and_score_agree(code, choices):
    board = Board.from_code(code)
    for choice in choices:
        legal = board.legal_actions()
        if not legal:
            break
        assert board.apply(legal[choice % len(legal)]) is None
    if board.status is Status.WON:
        assert board.score == 350 and board.cards_left == 0
    elif board.status is Status.BLOCKED:
        assert board.stock_count == 0 and not board.legal_actions()
        assert board.score == max(0, 10 * board.removed - 10 * board.cards_left)
    else:
        assert board.legal_actions() and board.score == 10 * board.removed
