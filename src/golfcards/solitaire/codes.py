"""Golf Solitaire game codes: ``GO1-E-AAAAAAB``.

Format: ``GO1-<rule>-<deal>[-<option>…]``

* rule: ``E`` Easy, ``C`` Classic, ``S`` Strict; an old ``N`` is read as Easy;
* deal: 7 letters A–Z, the base-26 deal number (``AAAAAAB`` = 1); E, C and S with the same
  letters deal the same cards;
* options, each its own dash-separated part, in this order when written:
  ``J1`` / ``J2`` (one or two jokers in the deck), ``ND`` (no discard at the start),
  ``T`` (the traditional course of 9 deals that starts with this one).

Reading is forgiving of case and surrounding spaces; codes are ASCII (no other letters or digits
are read as look-alikes); any other problem raises :class:`GolfError` whose key says what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from golfcards.errors import GolfError
from golfcards.shuffle import DEAL_COUNT, ascii_upper, letters_to_number, number_to_letters
from golfcards.solitaire.deal import Deal
from golfcards.solitaire.rules import RuleName, Rules

PREFIX = "GO1"
_RULE_BY_LETTER = {"E": RuleName.EASY, "N": RuleName.EASY, "C": RuleName.CLASSIC, "S": RuleName.STRICT}


@dataclass(frozen=True, slots=True)
class GameCode:
    """A parsed game code: the deal number, the rules, and whether it names a 9-deal course."""

    number: int
    rules: Rules = Rules()
    course: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.number < DEAL_COUNT:
            raise GolfError("code.deal_out_of_range", f"deal number {self.number} is out of range", number=self.number)

    @classmethod
    def parse(cls, text: str) -> GameCode:
        if not isinstance(text, str) or not text.strip():
            raise GolfError("code.empty", "no game code given")
        parts = [ascii_upper(part) for part in text.strip().split("-")]
        if parts[0] != PREFIX:
            raise GolfError(
                "code.bad_prefix", f"{text.strip()!r}: a game code starts with {PREFIX}-", code=text.strip()
            )
        if len(parts) < 3:
            raise GolfError("code.too_short", f"{text.strip()!r}: expected {PREFIX}-E-AAAAAAB", code=text.strip())
        rule = _rule_name(parts[1], text.strip())
        number = letters_to_number(parts[2])
        jokers, empty_discard, course = _options(parts[3:], text.strip(), course_allowed=True)
        return cls(number, Rules(rule, jokers, empty_discard), course)

    @property
    def letters(self) -> str:
        return number_to_letters(self.number)

    def __str__(self) -> str:
        rule, *options = rules_key(self.rules).split("-")
        return "-".join([PREFIX, rule, self.letters, *options, *(["T"] if self.course else [])])

    def deal(self) -> Deal:
        return Deal.from_number(self.number, self.rules.jokers, self.rules.empty_discard)

    def with_rules(self, rules: Rules) -> GameCode:
        return replace(self, rules=rules)

    def single(self) -> GameCode:
        """The code of this deal alone (without the course marker)."""
        return replace(self, course=False)

    def following(self, offset: int) -> GameCode:
        """The code ``offset`` deals further on (wrapping after ZZZZZZZ): the next deals of a course."""
        return replace(self, number=(self.number + offset) % DEAL_COUNT)


def parse_code(text: str) -> GameCode:
    return GameCode.parse(text)


def rules_key(rules: Rules) -> str:
    """The rule part of a code, the name of a rule set (statistics are kept per key): ``E``, ``C-J1``, ``E-J2-ND``."""
    parts = [rules.name.value]
    if rules.jokers:
        parts.append(f"J{rules.jokers}")
    if rules.empty_discard:
        parts.append("ND")
    return "-".join(parts)


def parse_rules_key(key: str) -> Rules:
    """Read :func:`rules_key`'s output, as a code reads it (:class:`GolfError` if it is not one)."""
    if not isinstance(key, str) or not key.strip():
        raise GolfError("code.empty", "no rules given")
    letter, *options = key.strip().upper().split("-")
    jokers, empty_discard, _ = _options(options, key.strip(), course_allowed=False)
    return Rules(_rule_name(letter, key.strip()), jokers, empty_discard)


def _rule_name(letter: str, text: str) -> RuleName:
    rule = _RULE_BY_LETTER.get(letter)
    if rule is None:
        raise GolfError(
            "code.bad_rule", f"{text!r}: the rule letter is E, C or S, not {letter!r}", code=text, rule=letter
        )
    return rule


def _options(options: list[str], text: str, *, course_allowed: bool) -> tuple[int, bool, bool]:
    """Jokers, empty discard and course from the options of ``text`` (each at most once)."""
    jokers, empty_discard, course = 0, False, False
    for option in options:
        if option in ("J1", "J2") and not jokers:
            jokers = int(option[1])
        elif option == "ND" and not empty_discard:
            empty_discard = True
        elif option == "T" and course_allowed and not course:
            course = True
        else:
            raise GolfError(
                "code.bad_option",
                f"{text!r}: unknown or repeated option {option!r} (J1, J2, ND, T)",
                code=text,
                option=option,
            )
    return jokers, empty_discard, course
