"""The house rules of Six-card Golf: one worked example per rule (the examples of
docs/sixcard-rules.md), properties over random rules and grids, refused combinations, and six
players with two decks playing a whole match."""

from __future__ import annotations

import io
import json
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from golfcards.cards import card_from_index, parse_cards
from golfcards.errors import GolfError
from golfcards.main import main
from golfcards.sixcard.actions import (
    ACTIONS,
    DISCARD_DRAWN,
    DRAW_STOCK,
    KNOCK_EARLY,
    DiscardFlip,
    Flip,
    Reveal,
    Swap,
    TakeDiscard,
    action_from_json,
    action_to_json,
)
from golfcards.sixcard.bots import make_bot
from golfcards.sixcard.bots.knowledge import ONE_EYED_KEY, Knowledge
from golfcards.sixcard.bots.outlook import Outlook
from golfcards.sixcard.codes import DealCode
from golfcards.sixcard.deal import card_at
from golfcards.sixcard.match import Match
from golfcards.sixcard.record import MatchRecord
from golfcards.sixcard.rules import HOUSE_RULE_FIELDS, FlipAfterDiscard, SixCardRules, house_rule
from golfcards.sixcard.scoring import JACK_KEY, hole_breakdown, hole_points, parse_grid, score_column, score_grid
from golfcards.sixcard.state import HoleContext, HoleState, Phase, Refusal
from golfcards.sixcard.view import View, view_for


def grid_total(text: str, **rules: object) -> int:
    parsed = SixCardRules(**rules)  # type: ignore[arg-type]
    cards, columns = parse_grid(text, parsed.decks)
    return score_grid(cards, columns, parsed).total


# --- one worked example per rule (docs/sixcard-rules.md) ------------------------------------

GRID_EXAMPLES = [
    # (rule, grid, rules, total with the rule, total without it)
    ("super_kings", "KS 5H 3C / 4D 7C 9H", {"super_kings": True}, 26, 28),
    ("tens_one", "TS 5H 3C / 4D 7C 9H", {"tens_one": True}, 29, 38),
    ("one_eyed_jacks", "JH 5H 3C / 4D 7C 9H", {"one_eyed_jacks": True}, 28, 38),
    ("one_eyed_jacks_pair", "JS 5H 3C / JC 7C 9H", {"one_eyed_jacks": True}, 24, 24),
    ("lucky_swing", "X1 5H 3C / 4D 7C 9H", {"jokers": 1, "lucky_swing": True}, 23, 26),
    ("eagle_eye_alone", "X1 5H 3C / 4D 7C 9H", {"jokers": 2, "eagle_eye": True}, 30, 26),
    ("eagle_eye_pair", "X1 5H 3C / X2 7C 9H", {"jokers": 2, "eagle_eye": True}, 20, 24),
    ("negative_pairs", "2S 5H 3C / 2D 7C 9H", {"negative_pairs": True}, 20, 24),
    ("four_of_a_kind", "9S 9H 3C / 9D 9C 4H", {"four_of_a_kind": True}, -13, 7),
    ("wolfpack", "JS JH 3C / JD JC 4H", {"wolfpack": True}, -13, 7),
    ("wolfpack_and_four", "JS JH 3C / JD JC 4H", {"wolfpack": True, "four_of_a_kind": True}, -33, 7),
    ("blackjack", "TS 5H 3C / AD 2C 4H", {"blackjack": True}, 0, 21),
]


@pytest.mark.parametrize(
    ("rule", "grid", "rules", "with_rule", "without"), GRID_EXAMPLES, ids=[e[0] for e in GRID_EXAMPLES]
)
def test_each_grid_rule_scores_its_worked_example(rule, grid, rules, with_rule, without):
    base = {"jokers": rules["jokers"]} if "jokers" in rules else {}
    assert grid_total(grid, **rules) == with_rule
    assert grid_total(grid, **base) == without


def test_two_decks_allow_a_card_twice_in_a_grid():
    assert grid_total("9S 9S 3C / 9H 9H 4H", decks=2, four_of_a_kind=True) == -13
    with pytest.raises(GolfError) as error:
        parse_grid("9S 9S 3C / 9S 9S 4H")
    assert error.value.key == "sixcard.duplicate_card"


GRIDS = [
    [0, 1, 2, 3, 4, 5],  # A♣ 2♣ 3♣ / 4♣ 5♣ 6♣: 5 + 3 + 9 = 17
    [13, 14, 15, 16, 17, 18],  # the same ranks in diamonds: 17
]
HOLE_EXAMPLES = [
    # (rule, rules, went out, totals before, points)
    ("knock_penalty", {"knock_penalty": True}, 0, None, (27, 17)),
    ("knock_bonus", {"knock_bonus": True}, 0, None, (12, 17)),
    ("tied_shame", {"tied_shame": True}, None, None, (22, 22)),
    ("underdog", {"underdog": True}, None, (20, 35), (17, 14)),
    ("underdog_tie", {"underdog": True}, None, (20, 20), (17, 17)),
]


@pytest.mark.parametrize(
    ("rule", "rules", "went_out", "totals", "points"), HOLE_EXAMPLES, ids=[e[0] for e in HOLE_EXAMPLES]
)
def test_each_hole_rule_scores_its_worked_example(rule, rules, went_out, totals, points):
    parsed = SixCardRules(**rules)
    assert hole_points(GRIDS, parsed, went_out, totals) == points
    assert hole_points(GRIDS, SixCardRules(), went_out, totals) == (17, 17)


def test_knock_penalty_spares_the_strictly_lowest():
    lower = [[0, 1, 2, 3, 4, 13], [13 + 1, 15, 16, 17, 18, 20]]  # 12 against 25
    assert (
        hole_points(lower, SixCardRules(knock_penalty=True), 0, None)[0]
        == hole_points(lower, SixCardRules(), 0, None)[0]
    )


def test_the_hole_state_scores_with_its_match_standing():
    state = HoleState.from_code("G6-P2-AAAAAAB-UD", HoleContext(1, 9, (0, 30)))
    plain = HoleState.from_code("G6-P2-AAAAAAB", HoleContext(1, 9, (0, 30)))
    assert state.points() == (plain.points()[0], plain.points()[1] - 3)


# --- playing rules ----------------------------------------------------------------------------


def started(code: str) -> HoleState:
    """The hole of ``code`` after every seat turned up its first face-down cards."""
    state = HoleState.from_code(code)
    while state.phase is Phase.REVEAL:
        state.apply(state.legal_actions()[0])
    return state


def test_start_face_up_zero_starts_with_the_first_turn_and_one_reveals_one():
    assert HoleState.from_code("G6-P2-AAAAAAB-U0").phase is Phase.DRAW
    state = HoleState.from_code("G6-P2-AAAAAAB-U1")
    assert state.apply(Reveal(0), 1) is None and state.apply(Reveal(0), 0) is None
    assert state.phase is Phase.DRAW and state.face_up[0].count(True) == 1


def test_flip_as_turn_is_a_whole_turn():
    state = started("G6-P2-AAAAAAB-FT")
    seat = state.current_player
    down = state.face_up[seat].index(False)
    assert Flip(down) in state.legal_actions()
    assert state.apply(Flip(down)) is None
    assert state.face_up[seat][down] and state.current_player != seat and state.phase is Phase.DRAW
    assert state.undo() is None and not state.face_up[seat][down]
    plain = started("G6-P2-AAAAAAB")
    assert plain.apply(Flip(down)) is Refusal.NOT_UNDER_THESE_RULES


def test_flip_after_discard_always_turns_a_card_up():
    state = started("G6-P2-AAAAAAB-FA")
    seat = state.current_player
    state.apply(DRAW_STOCK)
    assert state.apply(DISCARD_DRAWN) is Refusal.TURN_A_CARD_UP
    down = state.face_up[seat].index(False)
    assert state.apply(DiscardFlip(down)) is None and state.face_up[seat][down]


def test_flip_after_discard_endgame_waits_for_the_end():
    state = started("G6-P2-AAAAAAB-FE")
    state.apply(DRAW_STOCK)
    down = state.face_up[state.current_player].index(False)
    assert state.apply(DiscardFlip(down)) is Refusal.NOT_ENDGAME_YET
    assert state.apply(DISCARD_DRAWN) is None


def test_knock_early_turns_the_last_cards_up_and_goes_out():
    state = started("G6-P2-AAAAAAB-KE")
    seat = state.current_player
    assert state.apply(KNOCK_EARLY) is Refusal.TOO_MANY_FACE_DOWN
    for position in [p for p, up in enumerate(state.face_up[seat]) if not up][:2]:
        state.face_up[seat][position] = True  # a position with two cards still face down
    assert KNOCK_EARLY in state.legal_actions()
    assert state.apply(KNOCK_EARLY) is None
    assert state.went_out == seat and state.phase is Phase.OVER


def test_new_actions_read_and_write_json():
    for action in (Flip(3), DiscardFlip(2), KNOCK_EARLY):
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


# --- refused combinations -------------------------------------------------------------------

CLASHES = [
    ({"players": 5}, "sixcard.players_need_two_decks"),
    ({"jokers": 1, "lucky_swing": True, "eagle_eye": True}, "sixcard.lucky_swing_eagle_eye"),
    ({"jokers": 2, "lucky_swing": True}, "sixcard.lucky_swing_one_joker"),
    ({"eagle_eye": True}, "sixcard.eagle_eye_needs_jokers"),
    ({"grid": 9, "four_of_a_kind": True}, "sixcard.four_of_a_kind_two_rows"),
    ({"grid": 9, "wolfpack": True}, "sixcard.four_of_a_kind_two_rows"),
    ({"grid": 4, "knock_early": True}, "sixcard.knock_early_too_few_cards"),
    ({"flip_as_turn": True, "flip_after_discard": "always"}, "sixcard.flip_always_flip_as_turn"),
    ({"decks": 3}, "sixcard.bad_decks"),
    ({"start_face_up": 3}, "sixcard.bad_start_face_up"),
    ({"flip_after_discard": "sometimes"}, "sixcard.bad_flip_after_discard"),
    ({"super_kings": 1}, "sixcard.bad_house_rule"),
]


@pytest.mark.parametrize(("changes", "key"), CLASHES)
def test_rules_that_cannot_apply_together_are_refused_with_their_reason(changes, key):
    with pytest.raises(GolfError) as error:
        SixCardRules(**changes)
    assert error.value.key == key


def test_house_rule_text_is_read_with_clear_errors():
    assert house_rule("flip-after-discard=Endgame") == ("flip_after_discard", FlipAfterDiscard.ENDGAME)
    assert house_rule("super_kings=on") == ("super_kings", True)
    for text, key in [
        ("super_kings", "sixcard.bad_house_option"),
        ("kings=on", "sixcard.unknown_house_rule"),
        ("super_kings=maybe", "sixcard.bad_house_value"),
        ("decks=٢", "sixcard.bad_house_value"),
    ]:
        with pytest.raises(GolfError) as error:
            house_rule(text)
        assert error.value.key == key


# --- properties ---------------------------------------------------------------------------


@st.composite
def house_rules(draw: st.DrawFn) -> SixCardRules:
    """Any valid rules: every field drawn, clashing combinations filtered out."""
    players = draw(st.integers(2, 6))
    fields: dict[str, object] = {
        "players": players,
        "grid": draw(st.sampled_from([4, 6, 8, 9])),
        "jokers": draw(st.integers(0, 2)),
        "decks": 2 if players > 4 else draw(st.integers(1, 2)),
        "start_face_up": draw(st.none() | st.integers(0, 2)),
        "flip_after_discard": draw(st.sampled_from(list(FlipAfterDiscard))),
        "holes": draw(st.integers(1, 3)),
    }
    for name in HOUSE_RULE_FIELDS:
        if name not in fields and name != "jokers":
            fields[name] = draw(st.booleans())
    try:
        return SixCardRules(**fields)  # type: ignore[arg-type]
    except GolfError:
        assume(False)
        raise


@settings(max_examples=150, deadline=None)
@given(rules=house_rules(), seed=st.integers(0, 2**32), went_out=st.integers(-1, 5))
def test_a_holes_points_are_the_rules_sum_for_any_grid(rules, seed, went_out):
    """The hole's points are the sum of their named parts, and a grid's part is what the
    calculator (real cards, column by column, bonuses) says of it."""
    rng = random.Random(seed)
    deck = list(rules.deck)
    rng.shuffle(deck)
    grids = [deck[s * rules.grid : (s + 1) * rules.grid] for s in range(rules.players)]
    out = went_out if 0 <= went_out < rules.players else None
    totals = tuple(rng.randrange(60) for _ in range(rules.players))
    parts = hole_breakdown(grids, rules, out, totals)
    assert hole_points(grids, rules, out, totals) == tuple(sum(p for _, p in seat) for seat in parts)
    for seat, grid in enumerate(grids):
        cards = [card_at(index) for index in grid]
        assert parts[seat][0] == ("grid", score_grid(cards, rules.columns, rules).total)


@settings(max_examples=150, deadline=None)
@given(rules=house_rules(), number=st.integers(0, 26**7 - 1), dealer=st.integers(0, 5))
def test_codes_round_trip_with_every_rule(rules, number, dealer):
    code = DealCode(number, rules, dealer % rules.players)
    again = DealCode.parse(str(code))
    assert again == code and str(again) == str(code)
    assert again.deal() == code.deal()


@settings(max_examples=40, deadline=None)
@given(rules=house_rules(), number=st.integers(0, 10_000), seed=st.integers(0, 2**16))
def test_random_legal_play_always_ends_a_hole_and_views_stay_readable(rules, number, seed):
    """Every hole ends; the actions offered are exactly the ones not refused; views read back."""
    rng = random.Random(seed)
    state = HoleState.from_code(DealCode(number, rules))
    deck = sorted(rules.deck)
    for _ in range(5000):
        if state.is_terminal():
            break
        seat = state.current_player
        view = view_for(state, seat)
        assert View.from_json(json.loads(json.dumps(view.to_json()))) == view
        legal = state.legal_actions()
        assert {action for action in ACTIONS if state.why_not(action, seat) is None} == set(legal)
        action = rng.choice(legal)
        assert state.apply(action, seat) is None
        cards = [*(c for g in state.grids for c in g), *state.discard, *state.stock]
        if state.holding is not None:
            cards.append(state.holding)
        assert sorted(cards) == deck
    assert state.is_terminal()


# --- six players, two decks -------------------------------------------------------------------


def test_six_players_with_two_decks_play_a_whole_match_with_bots():
    rules = SixCardRules(players=6, decks=2, jokers=2, holes=2, eagle_eye=True, knock_penalty=True, underdog=True)
    match = Match.keyed(rules, b"six players" * 3)
    bots = [
        make_bot(level, seat) for seat, level in enumerate(["expert", "strong", "normal", "easy", "random", "strong"])
    ]
    while not match.is_terminal():
        if match.state.is_terminal():
            assert match.next_hole() is None
            continue
        seat = match.current_player
        assert match.apply(bots[seat].choose(match.view(seat)), seat) is None
    assert len(match.results) == 2 and len(match.totals) == 6


def test_the_arena_plays_six_players_with_two_decks_and_house_rules(capsys):
    status = main(
        [
            "sixcard",
            "arena",
            "--players",
            "strong,normal,easy,random,normal,strong",
            "--house",
            "decks=2",
            "--jokers",
            "1",
            "--house",
            "lucky_swing=on",
            "--house",
            "flip_after_discard=always",
            "--holes",
            "2",
            "--matches",
            "2",
            "--seed",
            "7",
            "--json",
        ]
    )
    out = capsys.readouterr().out
    assert status == 0 and json.loads(out)["seed"] == 7


def test_the_cli_refuses_clashing_house_rules_with_the_reason(capsys):
    status = main(["sixcard", "arena", "--players", "strong,normal", "--house", "eagle_eye=on", "--matches", "1"])
    assert status == 2 and "Eagle-eye jokers need jokers" in capsys.readouterr().err


def test_the_calculator_scores_under_house_rules(capsys):
    status = main(["sixcard", "score", "9S 9H 3C / 9D 9C 4H", "--house", "four_of_a_kind=on", "--lang", "en"])
    assert status == 0 and capsys.readouterr().out.splitlines()[-2:] == ["Four of a kind: -20", "Total: -13"]


def test_a_match_under_house_rules_is_recorded_and_replays():
    rules = SixCardRules(players=5, decks=2, start_face_up=0, flip_after_discard="always", holes=2, knock_penalty=True)
    match = Match.keyed(rules, b"record" * 6)
    bots = [make_bot("strong", seat) for seat in range(5)]
    while not match.is_terminal():
        if match.state.is_terminal():
            match.next_hole()
            continue
        seat = match.current_player
        match.apply(bots[seat].choose(match.view(seat)), seat)
    record = MatchRecord.from_json(json.loads(json.dumps(MatchRecord.from_match(match).to_json())))
    assert record.rules == rules
    assert [hole.replay(rules)[-1].points() for hole in record.holes] == match.results


# --- the bots read the rules ------------------------------------------------------------------


def with_discard_top(code: str, index: int) -> HoleState:
    """The hole of ``code`` after the reveals, with the card ``index`` moved to the discard's top."""
    state = started(code)
    for pile in (*state.grids, state.stock):
        if index in pile:
            pile[pile.index(index)] = state.discard[-1]
            state.discard[-1] = index
    return state


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_bots_value_cards_by_the_rules(level):
    """A ten on the discard (no ten face up to pair it): left for a draw when worth 10, taken when
    tens are worth 1."""
    ten = 9  # T♣
    for code, takes in (("G6-P2-AAAAAAB", False), ("G6-P2-AAAAAAB-T1", True)):
        state = with_discard_top(code, ten)
        seat = state.current_player
        view = view_for(state, seat)
        assert not any(card is not None and card.index % 13 == ten for card in view.grids[seat])
        action = make_bot(level).choose(view)
        assert isinstance(action, TakeDiscard) is takes, (code, action)


def spot(rules: SixCardRules, mine: str, down_mine, theirs: str, down_theirs, discard: str, stock: str) -> HoleState:
    """Seat 0 of two to play (positions in ``down_*`` face down); the stock's next card comes first."""
    cards = [[card.index for card in parse_cards(text)] for text in (mine, theirs, discard, stock)]
    return HoleState(
        rules,
        cards[:2],
        [[p not in down_mine for p in range(6)], [p not in down_theirs for p in range(6)]],
        cards[2],
        list(reversed(cards[3])),
        dealer=1,
        phase=Phase.DRAW,
        current=0,
    )


# Each: a two-player spot for seat 0, then what strong does under the rule and without it.
# Positions are 0 1 2 over 3 4 5; a column is a card and the one below it.
RULE_CHOICES = {
    "one-eyed jacks: J♥ on the discard is a 0 to take (a jack worth 10 is left for a draw)": (
        {"one_eyed_jacks": True},
        {},
        ("QS 8D 9C 7H 5S 6S", (3, 4, 5), "AS 2S 3S 4S 5D 6D", (2, 5), "TD JH", "4C 5C"),
        None,
        DRAW_STOCK,
    ),
    "lucky swing: the −5 joker is kept rather than broken for a pair of nines": (
        {"jokers": 1, "lucky_swing": True},
        {"jokers": 1},
        ("JD 9C 7S 8S X1 6H", (5,), "JH 9H QC 8H JS 3D", (1, 2, 3), "JC KH TH 7H", "9D 4C"),
        "place",
        Swap(4),
    ),
    "eagle eye: a second joker goes on the first (a column of jokers −4), not on the 9": (
        {"jokers": 2, "eagle_eye": True},
        {"jokers": 2},
        ("X1 9D KC 3S 4H KD", (4,), "AS 2S 3S 4C 5D 6D", (2, 5), "TD X2", "4S 5C"),
        TakeDiscard(3),
        TakeDiscard(1),
    ),
    "negative pairs keep: a 2 under a 2 (−4), not on the 4": (
        {"negative_pairs": True},
        {},
        ("2S 4C KC 5D 3D KD", (), "AS 3S 8S 4S 5H 6D", (2, 5), "TD 2H", "4D 5C"),
        TakeDiscard(3),
        TakeDiscard(1),
    ),
    "four of a kind: the third 7 is taken to complete two columns of 7s (−20)": (
        {"four_of_a_kind": True},
        {},
        ("7H 7C AC 4C 7D 2S", (2,), "KD 6C TH TD 8C 9D", (5,), "6D JD 4H 7S", "8S 5C"),
        TakeDiscard(3),
        DRAW_STOCK,
    ),
    "wolfpack: the fourth jack is taken for two columns of jacks (−20)": (
        {"wolfpack": True},
        {},
        ("QD JS JC AD JD 2H", (3,), "KH 8S 5C KD 4S 2C", (3,), "6D 4D TD JH", "KS 5C"),
        TakeDiscard(5),
        DRAW_STOCK,
    ),
    "super kings: a king kept apart from the other (−2 each), not paired to 0": (
        {"super_kings": True},
        {},
        ("3D TH 4D KD KC AH", (0, 1, 3), "TD 8C 4C QC 9C AC", (2, 3, 5), "7D QD 5D JH", "KH 5C"),
        "place",
        Swap(1),
    ),
    "blackjack: going out with exactly 21 (which scores 0)": (
        {"blackjack": True},
        {},
        ("9S 2S 5S 7H 4S 7C", (3,), "TD 9D 3S 4H 3H AD", (3, 4), "KC 9C 6C 2D", "4C 5C"),
        TakeDiscard(3),
        TakeDiscard(5),
    ),
    "knock penalty: not going out 6 ahead when a low last card of theirs would undo it": (
        {"knock_penalty": True},
        {},
        ("KS 4D 9C KH 4H 5H", (5,), "9C 2D 3S AC AD 6S", (5,), "7H 3D", "4C 5C"),
        DRAW_STOCK,
        TakeDiscard(5),
    ),
    "knock bonus: going out 3 behind, the bonus makes it a win": (
        {"knock_bonus": True},
        {},
        ("KS 4D 9C KH 4H 5H", (5,), "AS 2D 3S AC 7D 6S", (5,), "7H 3D", "4C 5C"),
        TakeDiscard(5),
        DRAW_STOCK,
    ),
    "knock early: both last cards turned up at once to go out before the opponent's last card": (
        {"knock_early": True},
        {},
        ("KS 4D 9C KH 4H 5H", (2, 5), "QS JD TS QC JC 6S", (5,), "7H 8D", "4C 5C"),
        KNOCK_EARLY,
        DRAW_STOCK,
    ),
    "flip as a turn: a card turned up as the whole turn (towards going out, nothing drawn to give away)": (
        {"flip_as_turn": True},
        {},
        ("KS 4D 9C KH 4H 5H", (2, 5), "QS JD TS QC JC 6S", (5,), "7H 8D", "4C 5C"),
        Flip(2),
        DRAW_STOCK,
    ),
}


@pytest.mark.parametrize("name", list(RULE_CHOICES))
def test_strong_makes_the_play_only_its_house_rule_makes_right(name):
    with_rule, without_rule, (mine, down_mine, theirs, down_theirs, discard, stock), chosen, otherwise = RULE_CHOICES[
        name
    ]

    def choice(fields: dict) -> object:
        state = spot(SixCardRules(**fields), mine, down_mine, theirs, down_theirs, discard, stock)
        if chosen == "place":  # the decision is where the drawn card goes
            state.apply(DRAW_STOCK, 0)
        return make_bot("strong").choose(view_for(state, 0))

    assert choice(without_rule) == otherwise
    if chosen == "place":
        assert choice(with_rule) != otherwise
    elif chosen is None:
        assert isinstance(choice(with_rule), TakeDiscard)
    else:
        assert choice(with_rule) == chosen


def test_normal_values_a_one_eyed_jack_as_0_and_pairs_it_with_any_jack():
    one_eyed = SixCardRules(one_eyed_jacks=True)
    state = spot(one_eyed, "QS 8D 9C 7H 5S 6S", (3, 4, 5), "AS 2S 3S 4S 5D 6D", (2, 5), "TD JH", "4C 5C")
    assert isinstance(make_bot("normal").choose(view_for(state, 0)), TakeDiscard)
    state = spot(SixCardRules(), "QS 8D 9C 7H 5S 6S", (3, 4, 5), "AS 2S 3S 4S 5D 6D", (2, 5), "TD JH", "4C 5C")
    assert make_bot("normal").choose(view_for(state, 0)) == DRAW_STOCK
    # J♠ (one-eyed) on the discard pairs the J♦ face up over a face-down card
    state = spot(one_eyed, "JD 8D 9C 7H 5S 6S", (3,), "AS 2S 3S 4S 5D 6D", (2, 5), "TD JS", "4C 5C")
    assert make_bot("normal").choose(view_for(state, 0)) == TakeDiscard(3)


def test_the_bots_count_one_eyed_jacks_apart_and_a_hidden_card_by_exact_odds():
    """Under the one-eyed jacks the expected points of a column over a face-down card are the
    average of its exact points over the unseen cards (a one-eyed jack counted 0, pairing any jack)."""
    rules = SixCardRules(one_eyed_jacks=True)
    state = spot(rules, "JD JH 9C 7H 5S 6S", (3, 4), "AS 2S 8S 4S 5D 6D", (0, 5), "TD QC", "4C 5C")
    known = Knowledge(view_for(state, 0))
    assert known.unseen[ONE_EYED_KEY] == 1 and known.unseen[JACK_KEY] == 1  # J♠ and J♣ are unseen
    outlook = Outlook(known)
    seen = [state.grids[0][p] for p in (0, 1, 2, 5)] + [state.grids[1][p] for p in (1, 2, 3, 4)]
    unseen = [card for card in range(52) if card not in {*seen, *state.discard}]
    for column in (0, 1):  # J♦ (10) over a face-down card, J♥ (0) over a face-down card
        top = state.grids[0][column]
        exact = sum(grid_points_of_column(top, card, rules) for card in unseen) / len(unseen)
        assert outlook.column_points[0][column] == pytest.approx(exact)


def grid_points_of_column(top: int, bottom: int, rules: SixCardRules) -> int:
    return score_column([card_from_index(top), card_from_index(bottom)], rules).points


def test_the_terminal_play_throws_away_and_turns_a_card_up(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n2\nd\nx\nx 3\nq\n"))
    main(["sixcard", "play", "--code", "G6-P2-AAAAAAB-FA", "--bots", "easy", "--lang", "en"])
    out = " ".join(capsys.readouterr().out.split())
    assert "After throwing the card away, turn up one of your face-down cards" in out  # a plain x is refused
    assert "Player 1 throws the drawn card away (6 of diamonds) and turns up position 3: 7 of spades" in out
