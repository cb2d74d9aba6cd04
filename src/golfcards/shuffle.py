"""Deterministic shuffles and the base-26 deal numbers that name them.

A game code must deal the same cards forever, on every platform and Python version, so
golfcards does not use :mod:`random`. A deal number (and a per-game *stream* constant) seeds
SplitMix64, a 64-bit generator defined by a few integer operations; a Fisher–Yates shuffle
draws its indexes from it by rejection sampling, so there is no modulo bias.

Deal numbers are written as 7 letters ``A``–``Z`` in base 26, ``A`` = 0: ``AAAAAAB`` is deal 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from golfcards.errors import GolfError

T = TypeVar("T")

MASK64 = (1 << 64) - 1
DEAL_LETTERS = 7
DEAL_COUNT: int = 26**DEAL_LETTERS
"""Deal numbers run from 0 (``AAAAAAA``) to ``DEAL_COUNT - 1`` (``ZZZZZZZ``)."""


class SplitMix64:
    """Steele, Lea and Flood's SplitMix64: tiny, fast, fully specified, good statistics."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in ``[0, bound)`` (rejection sampling: unbiased)."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            value = self.next64()
            if value < limit:
                return value % bound


def permutation(size: int, seed: int) -> list[int]:
    """The Fisher–Yates shuffle of ``range(size)`` driven by ``SplitMix64(seed)``."""
    order = list(range(size))
    generator = SplitMix64(seed)
    for i in range(size - 1, 0, -1):
        j = generator.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def shuffled(items: Sequence[T], seed: int) -> list[T]:
    """``items`` reordered by :func:`permutation`: item ``permutation[k]`` goes to place ``k``."""
    return [items[i] for i in permutation(len(items), seed)]


def deal_seed(stream: int, number: int) -> int:
    """The generator seed of deal ``number`` in a game's ``stream`` (one stream per deck kind)."""
    return (stream << 40) ^ number


def ascii_upper(text: str) -> str:
    """``text`` upper-cased if it is all ASCII, else unchanged, so it matches no part of a code.

    Game codes are ASCII: ``str.upper`` would turn ``ß`` into ``SS`` and ``ſ`` into ``S``.
    """
    return text.upper() if text.isascii() else text


def ascii_number(text: str, digits: int) -> int | None:
    """The number written by 1 to ``digits`` ASCII digits ``0``–``9``, or None for anything else
    (``"３"``, ``"³"`` and ``"٣"`` are digits to :meth:`str.isdigit`, not here)."""
    if 1 <= len(text) <= digits and all("0" <= ch <= "9" for ch in text):
        return int(text)
    return None


def letters_to_number(letters: str) -> int:
    """``AAAAAAB`` → 1. Exactly 7 ASCII letters A–Z (any case).

    Anything else is refused *before* upper-casing: ``"ß".upper()`` is ``"SS"`` and ``"ſ".upper()``
    is ``"S"``, so upper-casing first would read ``AAAAAß`` as the deal ``AAAAASS``.
    """
    text = letters.strip()
    if len(text) != DEAL_LETTERS or not all("A" <= ch <= "Z" or "a" <= ch <= "z" for ch in text):
        shown = letters[:40]
        raise GolfError("code.bad_deal_letters", f"{shown!r}: a deal is {DEAL_LETTERS} letters A to Z", letters=shown)
    text = text.upper()
    number = 0
    for ch in text:
        number = number * 26 + (ord(ch) - ord("A"))
    return number


def number_to_letters(number: int) -> str:
    """1 → ``AAAAAAB``."""
    if not 0 <= number < DEAL_COUNT:
        raise GolfError("code.deal_out_of_range", f"deal number {number} is outside 0..{DEAL_COUNT - 1}", number=number)
    letters = []
    for _ in range(DEAL_LETTERS):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))
