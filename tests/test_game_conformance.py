"""Both engines through the one game-state protocol (:class:`golfcards.game.GameState`).

Modelled on OpenSpiel's ``random_sim_test``: thousands of random games, of every rule and variant
of both games, played only through the protocol, checking at every step that

* the game is over exactly when no action is legal (a match also waits between holes), and then
  nobody is to act;
* every legal action applies (on a clone: the original stays as it was);
* every illegal action (all other actions of the game, bad positions and seats included) is refused
  with a key, and changes nothing;
* undo restores the previous position;
* views hide what they must: re-dealing every card the viewer cannot know gives the same view;
* at the end, the returns are what the rules say (an independent scorer, written here).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

import pytest

from golfcards.cards import AnyCard, Joker, card_from_index
from golfcards.game import GameState
from golfcards.sixcard.actions import Action as SixCardAction
from golfcards.sixcard.actions import DiscardDrawn, DrawStock, Reveal, Swap, TakeDiscard
from golfcards.sixcard.codes import DealCode
from golfcards.sixcard.match import Match
from golfcards.sixcard.rules import GRID_SHAPES, SixCardRules
from golfcards.sixcard.state import HoleState
from golfcards.sixcard.view import View, view_for
from golfcards.solitaire.board import Board, Draw, Move, Refusal, Status, Take, Touch, Undo
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.deal import COLUMNS, ROWS, TABLEAU_SIZE, Deal
from golfcards.solitaire.rules import RuleName, Rules
from golfcards.solitaire.view import SolitaireView

SOLITAIRE_GAMES = 30
"""Random games per Solitaire variant (18 variants: 540 games)."""
SIXCARD_GAMES = 3
"""Random holes per six-card variant (144 variants: 432 holes; a third of them stall until the stock runs out)."""
MATCHES = 40
"""Random two-hole matches, through :class:`Match`."""
FULL_STEPS = 0.1
"""The share of steps that probe every action and every view (the others probe one illegal action)."""
UNDO_STEPS = 0.1
"""The share of other steps whose action is undone at once (and then the game goes on)."""

S = TypeVar("S", bound=GameState[Any, Any])


def check_step(
    state: S, illegal: list[Any], fingerprint: Callable[[S], Hashable], rng: random.Random, full: bool
) -> list[Any]:
    """The protocol's promises at one position; returns the legal actions.

    Every step probes an illegal action; a ``full`` step probes them all and plays every legal
    action on a clone."""
    legal: list[Any] = state.legal_actions()
    assert (state.current_player is None) == (not legal)
    if state.is_terminal():
        assert not legal
    before = fingerprint(state)
    if full:
        refused = [action for action in illegal if action not in legal]
    else:
        refused = [action for action in rng.sample(illegal, 3) if action not in legal][:1]
    for action in refused:
        assert state.apply(action) is not None, action
        assert fingerprint(state) == before, f"the refused {action!r} changed the state"
    for action in legal if full else ():
        child = state.clone()
        assert child.apply(action) is None, action
        assert fingerprint(state) == before, "playing on a clone changed the original"
    return legal


def check_undo(state: S, before: Hashable | None, position: Callable[[S], Hashable]) -> None:
    """Undoing the action just played (on a clone) gives back the position before it."""
    child = state.clone()
    assert child.undo() is None
    assert position(child) == before


# --- Golf Solitaire -------------------------------------------------------------------------------

SOLITAIRE_VARIANTS = [
    Rules(name, jokers, empty) for name in RuleName for jokers in (0, 1, 2) for empty in (False, True)
]
SOLITAIRE_ILLEGAL: list[Any] = [
    Draw(),
    *(Take(column) for column in range(0, COLUMNS + 2)),
    *(Touch(column, row) for column in range(1, COLUMNS + 1) for row in range(1, ROWS + 1)),
    Touch(COLUMNS + 1, 1),
    Touch(1, ROWS + 1),
]
"""Every action of the game: those not legal at a position must be refused (a Touch of the free card
stands for the legal Take of its column and is skipped)."""


def solitaire_fingerprint(board: Board) -> Hashable:
    return board.position(), board.moves, board.undo_available, board.status, board.score


def solitaire_position(board: Board) -> Hashable:
    """What undo restores (the move counter never goes down)."""
    return board.position(), board.status, board.score


def solitaire_illegal(board: Board) -> list[Any]:
    """The actions to probe, without the Touch that stands for a legal Take."""
    takes = {action.column for action in board.legal_actions() if isinstance(action, Take)}
    free = {column: board.heights[column - 1] for column in takes}
    return [
        action
        for action in SOLITAIRE_ILLEGAL
        if not (isinstance(action, Touch) and free.get(action.column) == action.row)
    ]


def solitaire_twin(board: Board, log: list[Move | Undo], seen: int, rng: random.Random) -> Board:
    """The same game with every stock card never drawn (``seen``: the most ever drawn) re-shuffled."""
    deal = board.deal
    rest = list(deal.stock[seen:])
    rng.shuffle(rest)
    twin = Board(Deal(deal.columns, deal.discard, deal.stock[:seen] + tuple(rest)), board.rules, code=board.code)
    for action in log:
        assert twin.apply(action) is None
    return twin


def solitaire_returns(board: Board) -> tuple[int]:
    """The rules' score: +10 a card removed; blocked, −10 a card left, never below 0."""
    left = sum(board.heights)
    if left == 0:
        return (350,)
    return (max(0, 10 * (TABLEAU_SIZE - left) - 10 * left),)


def play_solitaire(state: GameState[Move, SolitaireView], board: Board, rng: random.Random) -> None:
    """One random game through the protocol (``state`` is ``board``, seen through the protocol only)."""
    log: list[Move | Undo] = []
    seen = 0
    while True:
        full = rng.random() < FULL_STEPS
        legal = check_step(board, solitaire_illegal(board), solitaire_fingerprint, rng, full)
        assert state.is_terminal() == (not legal)
        if full or not legal:
            twin = solitaire_twin(board, log, seen, rng)
            assert twin.view(0) == state.view(0) == state.view(None), "the view depends on the stock's order"
        if state.is_terminal():
            assert state.returns() == solitaire_returns(board)
            assert (board.status is Status.WON) == (state.returns() == (350,))
            return
        undo = full or rng.random() < UNDO_STEPS
        before = solitaire_position(board) if undo else None
        action = rng.choice(legal)
        assert state.apply(action) is None
        log.append(action)
        seen = max(seen, board.drawn)
        if board.status is Status.WON:  # a won game is over for good: undo is refused and changes nothing
            after = solitaire_position(board)
            assert state.undo() is Refusal.GAME_WON and solitaire_position(board) == after
        elif full:
            check_undo(board, before, solitaire_position)
        elif undo:
            assert state.undo() is None and solitaire_position(board) == before
            log.append(Undo())


@pytest.mark.parametrize("rules", SOLITAIRE_VARIANTS, ids=str)
def test_solitaire_random_games_keep_the_protocol(rules: Rules) -> None:
    rng = random.Random(f"solitaire {rules}")
    for _ in range(SOLITAIRE_GAMES):
        board = Board.from_code(GameCode(rng.randrange(26**7), rules))
        play_solitaire(board, board, rng)
    undone = Board.from_code(GameCode(1, rules))
    assert undone.undo() is not None, "nothing to undo at the start"


# --- Six-card Golf --------------------------------------------------------------------------------

SIXCARD_VARIANTS = [
    SixCardRules(players, grid, jokers, final_turn, reshuffle, holes=2)
    for players in (2, 3, 4)
    for grid in GRID_SHAPES
    for jokers in (0, 1, 2)
    for final_turn in (False, True)
    for reshuffle in (False, True)
]
VALUES = {1: 1, 2: -2, 11: 10, 12: 10, 13: 0}
"""Card values by rank where they are not the face value (A 1, 2 −2, J and Q 10, K 0; joker −2)."""


def card_points(card: AnyCard) -> int:
    return -2 if isinstance(card, Joker) else VALUES.get(card.rank, card.rank)


def grid_points(cards: list[AnyCard], columns: int) -> int:
    """A column whose cards all share a rank is worth 0 (jokers share the joker 'rank'); else its sum."""
    total = 0
    for column in range(columns):
        cells = cards[column::columns]
        ranks = {"joker" if isinstance(card, Joker) else card.rank for card in cells}
        total += 0 if len(ranks) == 1 else sum(card_points(card) for card in cells)
    return total


def sixcard_universe(rules: SixCardRules) -> list[SixCardAction]:
    positions = range(-1, rules.grid + 1)
    return [
        DrawStock(),
        DiscardDrawn(),
        *(kind(p) for kind in (Reveal, TakeDiscard, Swap) for p in positions),
    ]


def hole_fingerprint(state: HoleState) -> Hashable:
    return (
        tuple(map(tuple, state.grids)),
        tuple(map(tuple, state.face_up)),
        tuple(state.discard),
        tuple(state.stock),
        tuple(state.reveals_left),
        (state.phase, state.current, state.holding, state.went_out, state.final_turns_left, state.end),
        (state.turns, state.reshuffles),
    )


def hidden_twin(state: HoleState, viewer: int | None, rng: random.Random) -> HoleState:
    """``state`` with every card ``viewer`` cannot know (face-down cards, the stock, another's drawn card)
    dealt again at random among the same places."""
    twin = state.clone()
    over = state.is_terminal()
    slots = [(s, p) for s in range(state.players) for p in range(state.rules.grid) if not (over or state.face_up[s][p])]
    cards = [state.grids[s][p] for s, p in slots] + list(state.stock)
    holding_hidden = state.holding is not None and state.holder != viewer
    if holding_hidden:
        assert state.holding is not None
        cards.append(state.holding)
    rng.shuffle(cards)
    for s, p in slots:
        twin.grids[s][p] = cards.pop()
    if holding_hidden:
        twin.holding = cards.pop()
    twin.stock = cards
    return twin


def check_views(state: HoleState, rng: random.Random) -> None:
    for viewer in [None, *range(state.players)]:
        view: View = state.view(viewer)
        assert view == view_for(state, viewer)
        assert view_for(hidden_twin(state, viewer, rng), viewer) == view, f"seat {viewer}'s view leaks a card"


def check_sixcard_returns(state: HoleState) -> None:
    columns = state.rules.columns
    expected = tuple(-grid_points(list(state.grid_cards(seat)), columns) for seat in range(state.players))
    assert state.returns() == expected
    assert sum(state.returns()) == -sum(state.points())


def play_hole(state: HoleState, rng: random.Random, stall: float) -> None:
    """One random hole; with probability ``stall`` a turn draws and throws away (so stocks run out).

    A ``full`` step also offers every action to every seat (and to seats that do not exist)."""
    protocol: GameState[SixCardAction, View] = state  # mypy checks that a hole follows the protocol
    universe = sixcard_universe(state.rules)
    while True:
        full = rng.random() < FULL_STEPS
        assert protocol.is_terminal() == (not check_step(state, universe, hole_fingerprint, rng, full))
        if full:
            before = hole_fingerprint(state)
            for seat in range(-1, state.players + 1):
                legal = state.legal_actions(seat)
                for action in universe:
                    if action not in legal:
                        assert state.apply(action, seat) is not None, (seat, action)
                assert hole_fingerprint(state) == before, f"an action refused to seat {seat} changed the state"
        if full or state.is_terminal():
            check_views(state, rng)
        if state.is_terminal():
            check_sixcard_returns(state)
            return
        seat = rng.choice(state.to_act)
        legal = state.legal_actions(seat)
        stalling = [a for a in legal if isinstance(a, (DrawStock, DiscardDrawn))]
        if stalling and rng.random() < stall:
            action = rng.choice(stalling)
        else:  # each kind of action as likely as the others: drawing from the stock is not rare
            kind = rng.choice(sorted({type(a).__name__ for a in legal}))
            action = rng.choice([a for a in legal if type(a).__name__ == kind])
        undo = full or rng.random() < UNDO_STEPS
        before = hole_fingerprint(state) if undo else None
        assert state.apply(action, seat) is None
        if full:
            check_undo(state, before, hole_fingerprint)
        elif undo:
            assert state.undo() is None and hole_fingerprint(state) == before


@pytest.mark.parametrize("rules", SIXCARD_VARIANTS, ids=str)
def test_sixcard_random_holes_keep_the_protocol(rules: SixCardRules) -> None:
    rng = random.Random(f"six-card {rules}")
    for game in range(SIXCARD_GAMES):
        state = HoleState.from_code(DealCode(rng.randrange(26**7), rules))
        assert state.undo() is not None, "nothing to undo at the start"
        play_hole(state, rng, stall=0.9 if game % 3 == 2 else 0.0)


def match_fingerprint(match: Match) -> Hashable:
    return hole_fingerprint(match.state), tuple(match.results)


def test_random_matches_keep_the_protocol() -> None:
    """Whole matches through :class:`Match`: between holes nobody acts; returns are the negated totals."""
    rng = random.Random("matches")
    for _ in range(MATCHES):
        rules = rng.choice(SIXCARD_VARIANTS)
        match = Match(DealCode(rng.randrange(26**7), rules), rng.randbytes(32))
        protocol: GameState[SixCardAction, View] = match  # and a match too
        universe = sixcard_universe(rules)
        points: list[tuple[int, ...]] = []
        while not match.is_terminal():
            legal = check_step(match, universe, match_fingerprint, rng, rng.random() < FULL_STEPS)
            if not legal:
                assert match.state.is_terminal() and match.current_player is None
                points.append(match.state.points())
                assert match.next_hole() is None
                continue
            action = rng.choice(legal)
            ended_before = len(match.results)
            assert match.apply(action) is None
            if match.state.is_terminal():
                assert len(match.results) == ended_before + 1
                undone = match.clone()
                assert undone.undo() is None and len(undone.results) == ended_before
        points.append(match.state.points())
        assert match.results == points
        assert match.returns() == tuple(-sum(hole) for hole in zip(*points, strict=True))
        assert protocol.legal_actions() == [] and protocol.current_player is None
        assert match.next_hole() is not None


def test_the_twin_oracle_re_deals_the_hidden_cards() -> None:
    """The oracle itself: a twin re-dealt for a seat holds the same cards, in other hidden places."""
    rng = random.Random(5)
    state = HoleState.from_code(DealCode(3, SixCardRules()))
    twin = hidden_twin(state, 0, rng)
    assert sorted(twin.stock + [c for g in twin.grids for c in g]) == sorted(
        state.stock + [c for g in state.grids for c in g]
    )
    assert twin.grids != state.grids or twin.stock != state.stock
    assert card_from_index(twin.discard[-1]) == state.discard_top
