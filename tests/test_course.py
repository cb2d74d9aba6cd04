"""The traditional 9-deal course: 1 point per card left, par 45."""

import pytest

from golfcards.errors import GolfError
from golfcards.solitaire import STRICT, Draw, GameCode, Status
from golfcards.solitaire.course import COURSE_DEALS, PAR, Course


def finish_by_drawing(course: Course) -> None:
    """Play a deal to its end the lazy way: draw the whole stock."""
    board = course.board
    while not board.is_terminal():
        legal = board.legal_actions()
        assert board.apply(Draw() if Draw() in legal else legal[0]) is None


def test_course_has_nine_consecutive_deals_under_its_rules():
    course = Course.from_code("GO1-S-AAAAAAB-T")
    assert [str(course.deal_code(i)) for i in (0, 1, 8)] == ["GO1-S-AAAAAAB", "GO1-S-AAAAAAC", "GO1-S-AAAAAAJ"]
    assert course.board.rules == STRICT
    assert (COURSE_DEALS, PAR) == (9, 45)


def test_running_total_against_par_and_the_end_of_the_course():
    course = Course.from_code("GO1-E-AAAAAAB-T")
    for index in range(COURSE_DEALS):
        assert course.deal_index == index
        finish_by_drawing(course)
        left = course.board.cards_left
        total_before = course.total
        course.next_deal()
        assert course.total == total_before + left
        assert course.against_par == course.total - 5 * (index + 1)
    assert course.finished
    with pytest.raises(GolfError):
        course.next_deal()


def test_a_deal_must_be_over_before_the_next():
    course = Course.from_code("GO1-E-AAAAAAB-T")
    with pytest.raises(GolfError) as caught:
        course.next_deal()
    assert caught.value.key == "course.deal_not_over"


def test_undo_out_of_a_block_before_moving_on():
    from golfcards.solitaire import parse_action
    from tests.test_solitaire_rules import SCORE_EXAMPLES

    code, line, removed, _ = SCORE_EXAMPLES[0]
    course = Course(GameCode.parse(code))
    for token in line.split():
        course.board.apply(parse_action(token))
    assert course.board.status is Status.BLOCKED
    assert course.board.undo() is None and not course.board.is_terminal()
    with pytest.raises(GolfError):
        course.next_deal()
    course.board.apply(parse_action(line.split()[-1]))
    course.next_deal()
    assert course.results == [35 - removed]
