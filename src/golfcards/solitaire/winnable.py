"""Random deals that are proven winnable, with no bias toward easy deals.

Rejection sampling: draw deal numbers uniformly at random, solve each one exactly (no budget, so
no deal is rejected for being hard), and keep the first winnable one. Every deal number is equally
likely to be drawn and acceptance depends only on the verdict, so every winnable deal is equally
likely to come out: the result is uniform over the winnable deals of the chosen rule. (Cutting the
search short would reject hard-but-winnable deals and bias the choice toward easy ones; that is
why the exact solver matters here.) Expected draws: 1 / (winnable share): about 1.1 in Easy,
2.2 in Classic.

With a difficulty grade (:mod:`golfcards.solitaire.difficulty`) the same holds within the grade:
acceptance depends only on the verdict and the grade, both exact, so the result is uniform over the
winnable deals of that grade (about a third of the winnable deals each, so about three times the
draws, each graded by a few dozen more solves).

The randomness comes from an explicit seed through :class:`golfcards.shuffle.SplitMix64`, so a
test (or a replayable session) gets the same deal again; interfaces pass a fresh random seed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from golfcards.shuffle import DEAL_COUNT, SplitMix64
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.difficulty import Grade, grade_of
from golfcards.solitaire.rules import Rules
from golfcards.solitaire.solver import Verdict, solve


def random_numbers(seed: int) -> Iterator[int]:
    """An endless stream of uniformly random deal numbers from ``seed``."""
    generator = SplitMix64(seed)
    while True:
        yield generator.below(DEAL_COUNT)


def winnable_deals(rules: Rules, numbers: Iterable[int]) -> Iterator[tuple[GameCode, Verdict]]:
    """The codes among ``numbers`` whose deal is winnable under ``rules``, with their verdicts."""
    for number in numbers:
        code = GameCode(number, rules)
        verdict = solve(code)
        if verdict.winnable:
            yield code, verdict


def random_winnable_code(rules: Rules, rng_seed: int, grade: Grade | None = None) -> GameCode:
    """A uniformly random winnable deal under ``rules`` (same seed, same code); with ``grade``,
    uniformly random among the winnable deals of that grade."""
    for code, _ in winnable_deals(rules, random_numbers(rng_seed)):
        if grade is None or grade_of(code) is grade:
            return code
    raise AssertionError("the stream of deal numbers is endless")  # pragma: no cover


def random_code(
    rules: Rules, number: int, *, course: bool = False, winnable: bool = False, grade: Grade | None = None
) -> GameCode:
    """The new random deal of every interface: deal ``number`` (which the caller draws uniformly), or
    with ``winnable`` a uniformly random deal proven winnable under ``rules`` (``number`` seeds the
    draw), of the difficulty ``grade`` if one is given (a grade implies winnable); ``course`` makes
    it the first deal of a 9-deal course."""
    if winnable or grade is not None:
        number = random_winnable_code(rules, number, grade).number
    return GameCode(number, rules, course=course)
