"""Six-card Golf deal codes: ``G6-P2-AAAAAAB``.

Format: ``G<grid>-P<players>-<deal>[-<option>…]``

* ``G<grid>``: cards per player, ``G6`` for the standard game, ``G4``, ``G8``, ``G9`` for the
  house-rule grids;
* ``P<players>``: 2 to 6 players;
* deal: 7 letters A–Z, the base-26 deal number (``AAAAAAB`` = 1), which seeds the shuffle (with a
  stream constant of Six-card Golf's own, so it never deals like a solitaire code);
* options, each its own dash-separated part, in this order when written:
  ``J1`` / ``J2`` (jokers in the deck), ``F`` (final turn for the others), ``R`` (reshuffle the
  discard when the stock runs out), ``U<n>`` (cards face up at the start), then the other house
  rules (:data:`FLAG_PARTS`, in that order: ``DD`` two decks, ``FT`` flip as a turn, ``FA`` / ``FE``
  flip after a discard always / in the endgame, ``SK`` super kings, ``T1`` tens worth 1, ``OJ``
  one-eyed jacks, ``LS`` lucky swing, ``EE`` eagle eye, ``NP`` negative pairs keep their value,
  ``FK`` four of a kind, ``WP`` wolfpack, ``BJ`` blackjack, ``KP`` knock penalty, ``KB`` knock
  bonus, ``KE`` knock early, ``TS`` tied shame, ``UD`` underdog), ``D<seat>`` (the dealer,
  1-based; by default the last seat, so seat 1 plays first), ``H<holes>`` (holes in the match,
  when not 9). A code without house-rule parts is the seed's game, as before they existed.

Grid, players, decks and jokers change the cards dealt; the other options change how the hole is played,
so a code re-creates the whole hole. A match started from a code plays the code itself first; every
later hole ``h`` (0-based) plays the deal :func:`keyed_number` derives from the match's secret key
(HMAC-SHA256 of the key and ``h``), the dealer moved ``h`` seats clockwise
(:meth:`DealCode.for_hole`). The code of one hole is therefore an ordinary code that re-deals that
hole and tells nothing about the next one to whoever lacks the key.
Reading is forgiving of case and spaces; codes are ASCII (no other letters or digits are read as
look-alikes); any other problem raises :class:`GolfError`.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, replace

from golfcards.errors import GolfError
from golfcards.shuffle import DEAL_COUNT, ascii_number, ascii_upper, letters_to_number, number_to_letters
from golfcards.sixcard.deal import SixCardDeal
from golfcards.sixcard.rules import GRID_SHAPES, MAX_PLAYERS, MIN_PLAYERS, FlipAfterDiscard, SixCardRules

HOLE_DOMAIN = b"golfcards six-card hole "
"""Prefix of the message a hole's deal number is derived from (so the key serves nothing else)."""


def keyed_number(key: bytes, hole: int) -> int:
    """The deal number of hole ``hole`` of a match keyed by ``key``: HMAC-SHA256(key, hole) in range.

    Without the key, the numbers of the holes seen so far say nothing about the next one.
    """
    digest = hmac.new(key, HOLE_DOMAIN + hole.to_bytes(4, "big"), hashlib.sha256).digest()
    return int.from_bytes(digest, "big") % DEAL_COUNT


FLAG_PARTS: tuple[tuple[str, str, object], ...] = (
    ("DD", "decks", 2),
    ("FT", "flip_as_turn", True),
    ("FA", "flip_after_discard", FlipAfterDiscard.ALWAYS),
    ("FE", "flip_after_discard", FlipAfterDiscard.ENDGAME),
    ("SK", "super_kings", True),
    ("T1", "tens_one", True),
    ("OJ", "one_eyed_jacks", True),
    ("LS", "lucky_swing", True),
    ("EE", "eagle_eye", True),
    ("NP", "negative_pairs", True),
    ("FK", "four_of_a_kind", True),
    ("WP", "wolfpack", True),
    ("BJ", "blackjack", True),
    ("KP", "knock_penalty", True),
    ("KB", "knock_bonus", True),
    ("KE", "knock_early", True),
    ("TS", "tied_shame", True),
    ("UD", "underdog", True),
)
"""The house rules written as one fixed part each: (part, field, value the part sets)."""
_FLAGS = {part: (name, value) for part, name, value in FLAG_PARTS}


@dataclass(frozen=True, slots=True)
class DealCode:
    """A parsed deal code: the deal number, the rules and the dealer's seat (0-based)."""

    number: int
    rules: SixCardRules = SixCardRules()
    dealer: int | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.number < DEAL_COUNT:
            raise GolfError("code.deal_out_of_range", f"deal number {self.number} is out of range", number=self.number)
        if self.dealer is None:
            object.__setattr__(self, "dealer", self.rules.players - 1)
        elif not 0 <= self.dealer < self.rules.players:
            raise GolfError(
                "sixcard.bad_dealer", f"dealer seat {self.dealer + 1} is not at the table", seat=self.dealer + 1
            )

    @classmethod
    def parse(cls, text: str) -> DealCode:
        if not isinstance(text, str) or not text.strip():
            raise GolfError("code.empty", "no game code given")
        code = text.strip()
        parts = [ascii_upper(part) for part in code.split("-")]
        grid = ascii_number(parts[0][1:], 1)
        if not parts[0].startswith("G") or grid not in GRID_SHAPES:
            raise GolfError("sixcard.bad_code_prefix", f"{code!r}: a deal code starts with G4, G6, G8 or G9", code=code)
        players = ascii_number(parts[1][1:], 1) if len(parts) >= 3 and parts[1].startswith("P") else None
        if players is None:
            raise GolfError("sixcard.code_too_short", f"{code!r}: expected G6-P2-AAAAAAB", code=code)
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise GolfError("sixcard.bad_players", f"2 to 6 players, not {players}", players=players)
        number = letters_to_number(parts[2])
        options: dict[str, object] = {}
        dealer = None
        for option in parts[3:]:
            key, value = option[:1], ascii_number(option[1:], 2)
            if option in ("J1", "J2") and "jokers" not in options:
                options["jokers"] = value
            elif option == "F" and "final_turn" not in options:
                options["final_turn"] = True
            elif option == "R" and "reshuffle_discard" not in options:
                options["reshuffle_discard"] = True
            elif option in _FLAGS and _FLAGS[option][0] not in options:
                options[_FLAGS[option][0]] = _FLAGS[option][1]
            elif key == "U" and value is not None and "start_face_up" not in options and len(option) == 2:
                options["start_face_up"] = value
            elif key == "D" and value is not None and dealer is None and 1 <= value <= players:
                dealer = value - 1
            elif key == "H" and value is not None and "holes" not in options and 1 <= value <= 99:
                options["holes"] = value
            else:
                raise GolfError(
                    "sixcard.bad_code_option",
                    f"{code!r}: unknown or repeated option {option!r} (J1, J2, F, R, DD, U0-U3, FT, FA, FE, SK, T1, "
                    "OJ, LS, EE, NP, FK, WP, BJ, KP, KB, KE, TS, UD, D1-D6, H1-H99)",
                    code=code,
                    option=option,
                )
        rules = SixCardRules(players=players, grid=grid, **options)  # type: ignore[arg-type]
        return cls(number, rules, dealer)

    @property
    def letters(self) -> str:
        return number_to_letters(self.number)

    @property
    def first_player(self) -> int:
        """The seat left of the dealer, who plays first."""
        assert self.dealer is not None
        return (self.dealer + 1) % self.rules.players

    def __str__(self) -> str:
        rules = self.rules
        parts = [f"G{rules.grid}", f"P{rules.players}", self.letters]
        if rules.jokers:
            parts.append(f"J{rules.jokers}")
        if rules.final_turn:
            parts.append("F")
        if rules.reshuffle_discard:
            parts.append("R")
        if rules.start_face_up is not None:
            parts.append(f"U{rules.start_face_up}")
        parts.extend(part for part, name, value in FLAG_PARTS if getattr(rules, name) == value)
        if self.dealer != rules.players - 1:
            parts.append(f"D{self.dealer + 1}")  # type: ignore[operator]
        if rules.holes != 9:
            parts.append(f"H{rules.holes}")
        return "-".join(parts)

    def deal(self) -> SixCardDeal:
        return SixCardDeal.from_number(self.number, self.rules)

    def for_hole(self, hole: int, key: bytes) -> DealCode:
        """The code of hole ``hole`` (0-based) of the match that starts with this code and is keyed
        by ``key``: this code for hole 0, then :func:`keyed_number`; the dealer moves one seat a hole."""
        assert self.dealer is not None
        number = self.number if hole == 0 else keyed_number(key, hole)
        return replace(self, number=number, dealer=(self.dealer + hole) % self.rules.players)
