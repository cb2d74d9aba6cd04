"""Hidden information: no view ever shows a card its viewer may not know."""

from __future__ import annotations

import random

import pytest

from golfcards.cards import card_from_index, parse_card
from golfcards.errors import GolfError
from golfcards.sixcard.actions import DrawStock
from golfcards.sixcard.bots import make_bot
from golfcards.sixcard.codes import DealCode
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.state import HoleState
from golfcards.sixcard.view import view_for, views_for


def card_codes(value) -> set[str]:
    """Every card identity written anywhere in a JSON value."""
    found: set[str] = set()
    if isinstance(value, dict):
        for item in value.values():
            found |= card_codes(item)
    elif isinstance(value, list):
        for item in value:
            found |= card_codes(item)
    elif isinstance(value, str):
        try:
            found.add(parse_card(value).code)
        except GolfError:
            pass
    return found


def knowable(state: HoleState, viewer: int | None) -> set[str]:
    """What ``viewer`` may know now, worked out from the rules independently of the view code."""
    if state.is_terminal():
        return {card_from_index(i).code for grid in state.grids for i in grid} | {
            card_from_index(i).code for i in state.discard
        }
    known = {card_from_index(i).code for i in state.discard}
    for grid, flags in zip(state.grids, state.face_up, strict=False):
        known |= {card_from_index(i).code for i, up in zip(grid, flags, strict=False) if up}
    if state.holding is not None and viewer == state.current:
        known.add(card_from_index(state.holding).code)
    return known


def random_rules(rng: random.Random) -> SixCardRules:
    return SixCardRules(
        players=rng.randint(2, 4),
        grid=rng.choice([4, 6, 8, 9]),
        jokers=rng.randint(0, 2),
        final_turn=rng.random() < 0.3,
        reshuffle_discard=rng.random() < 0.3,
    )


def test_no_view_ever_leaks_a_hidden_card():
    rng = random.Random(20240601)
    checked = 0
    for game in range(150):
        rules = random_rules(rng) if game % 3 else SixCardRules(players=rng.randint(2, 4))
        state = HoleState.from_code(DealCode(rng.randrange(26**7), rules))
        bots = {
            seat: make_bot(rng.choice(["random", "easy", "normal", "strong"]), game * 4 + seat)
            for seat in range(rules.players)
        }
        while True:
            for viewer in [None, *range(rules.players)]:
                view = view_for(state, viewer)
                data = view.to_json()
                leaked = card_codes(data) - knowable(state, viewer)
                assert not leaked, (viewer, leaked)
                if not state.is_terminal():
                    assert data["code"] is None  # the code would re-deal everything
                    for _seat, (grid, flags) in enumerate(zip(view.grids, state.face_up, strict=False)):
                        assert [card is not None for card in grid] == flags  # face down, even to the owner
                    drew = state.holding is not None and viewer == state.current
                    assert (view.holding is not None) == drew
                checked += 1
            if state.is_terminal():
                break
            seat = state.current_player
            state.apply(bots[seat].choose(view_for(state, seat)), seat)
    assert checked > 5000


def test_the_drawn_card_is_seen_by_the_drawer_only_until_placed():
    state = HoleState.from_code("G6-P3-AAAAAAB")
    while state.to_act and state.phase.value == "reveal":
        seat = state.current_player
        state.apply(state.legal_actions()[0], seat)
    drawer = state.current_player
    card = card_from_index(state.stock[-1])
    state.apply(DrawStock(), drawer)
    assert view_for(state, drawer).holding == card
    for viewer in [None, *(s for s in range(3) if s != drawer)]:
        view = view_for(state, viewer)
        assert view.holding is None and view.holder == drawer
        assert card.code not in card_codes(view.to_json())
    state.apply(state.legal_actions()[0], drawer)  # thrown away: now everybody sees it
    assert all(view_for(state, v).discard_top == card for v in (None, 0, 1, 2))


def test_a_finished_hole_shows_everything_and_its_code():
    state = HoleState.from_code("G6-P2-AAAAAAB")
    while not state.is_terminal():
        assert state.apply(state.legal_actions()[0]) is None
    view = view_for(state, None)
    assert all(card is not None for grid in view.grids for card in grid)
    assert view.code == "G6-P2-AAAAAAB" and view.points == state.points()


def test_views_for_a_seat_that_is_not_there_are_refused():
    state = HoleState.from_code("G6-P2-AAAAAAB")
    with pytest.raises(GolfError) as error:
        view_for(state, 2)
    assert error.value.key == "sixcard.no_such_seat"


def test_the_views_of_a_whole_table_are_each_viewers_own():
    """Views built together share what everyone sees alike, and nothing else: each equals the view
    built for that viewer alone, the drawn card only in its holder's, and a wrong seat is refused."""
    rng = random.Random(7)
    for _ in range(30):
        state = HoleState.from_code(DealCode(rng.randrange(26**7), SixCardRules(players=3)))
        for _ in range(rng.randrange(40)):
            if state.is_terminal():
                break
            seat = state.to_act[0]
            state.apply(rng.choice(state.legal_actions(seat)), seat)
        views = views_for(state, (None, 0, 1, 2, 1))
        assert list(views) == [None, 0, 1, 2]
        for viewer, view in views.items():
            assert view == view_for(state, viewer) and view.viewer == viewer
            assert view.holding is None or viewer == state.holder
        assert views[None].legal == ()
    with pytest.raises(GolfError) as error:
        views_for(state, (0, 3))
    assert error.value.key == "sixcard.no_such_seat"
