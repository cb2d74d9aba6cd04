"""The rules of one Six-card Golf table: players, grid, jokers and the agreed house rules.

The defaults are the seed's game: 2 players (2–6 allowed), 6 cards in 2 rows of 3, 52 cards,
the hole ends at once when a grid is all face up, no reshuffle of the discard, 9 holes.

House rules (agree them before the deal; each is one field of :class:`SixCardRules`; the rules
page ``docs/sixcard-rules.md`` has a worked example of each):

* ``grid`` — 4 (2 rows × 2), 6 (2 × 3, the default), 8 (2 × 4) or 9 (3 × 3) cards per player.
  In 2-row grids a column is worth 0 when its two cards have the same rank; in the 3 × 3 grid a
  column is worth 0 only when all **three** cards have the same rank (two of a kind there do not
  cancel). Players turn up 2 cards at the start, 3 in the 3 × 3 grid (see ``start_face_up``).
* ``jokers`` — 0, 1 or 2 jokers added to each deck. A joker is worth −2, like a deuce. Jokers are
  not wild: a joker pairs only with a joker (a column of jokers is worth 0, as a pair of deuces
  is), never with a 2 or any other card.
* ``final_turn`` — when a player goes out, every other player gets one last turn before scoring.
* ``reshuffle_discard`` — when the stock runs out, the discard (all but its top card) is shuffled
  into a new stock. To make sure a hole ends, this happens at most :data:`MAX_RESHUFFLES` times;
  when the stock runs out after that, the hole ends as in the seed's rule.
* ``holes`` — the number of holes (deals) in a match, 9 by default.
* ``decks`` — 1 or 2 decks shuffled together (two decks: 104 cards plus the jokers of each);
  five or six players need two.
* ``start_face_up`` — cards each player turns up before the first turn: 0 to the grid's rows
  (None: the usual 2, 3 in the 3 × 3 grid).
* ``flip_as_turn`` — instead of drawing, a player may spend the whole turn turning up one of
  their face-down cards (:class:`~golfcards.sixcard.actions.Flip`).
* ``flip_after_discard`` — after throwing away a card drawn from the stock: ``never`` turn a
  card up (the seed's game), ``always`` turn one of one's face-down cards up (required), or
  ``endgame``: one may, once any grid has at most one card face down
  (:class:`~golfcards.sixcard.actions.DiscardFlip`).
* ``super_kings`` — kings are worth −2 instead of 0.
* ``tens_one`` — tens are worth 1 instead of 10.
* ``one_eyed_jacks`` — the jacks of hearts and spades are worth 0 (they still pair with any jack).
* ``lucky_swing`` — one joker in each deck, worth −5 (needs ``jokers`` = 1).
* ``eagle_eye`` — jokers are worth +2 alone and a column of jokers −4 (needs jokers; not with
  ``lucky_swing``).
* ``negative_pairs`` — a column of cards of one rank worth less than 0 keeps its value (two 2s
  make −4) instead of 0.
* ``four_of_a_kind`` — two columns of the same rank (each worth 0) take a further −20 (2-row grids).
* ``wolfpack`` — two columns of jacks take a further −20 (2-row grids; adds to ``four_of_a_kind``).
* ``blackjack`` — a grid worth exactly 21 scores 0.
* ``knock_penalty`` — whoever went out scores +10 unless their grid is strictly the lowest.
* ``knock_bonus`` — whoever went out scores −5.
* ``knock_early`` — a player with one or two cards face down may, as their whole turn, turn them
  all up and so go out (:class:`~golfcards.sixcard.actions.KnockEarly`).
* ``tied_shame`` — when several players share the hole's lowest score, each scores +5.
* ``underdog`` — the player alone furthest behind in the match when a hole starts scores −3 on it.

Combinations that cannot apply together are refused with the key ``sixcard.<reason>`` (and the
reason as a parameter), the reasons of :meth:`SixCardRules.clash`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from golfcards.errors import GolfError

GRID_SHAPES: dict[int, tuple[int, int]] = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3)}
"""Cards per grid → (rows, columns)."""
MIN_PLAYERS = 2
MAX_PLAYERS = 6
MAX_ONE_DECK_PLAYERS = 4
"""Five or six players need two decks."""
MAX_HOLES = 99
MAX_RESHUFFLES = 3
DECK_SIZE = 52
DECK_SLOTS = 54
"""Card indexes a deck occupies (52 cards and 2 jokers): the second deck's cards are ``54 + index``."""
KNOCK_PENALTY = 10
KNOCK_BONUS = -5
TIED_SHAME = 5
UNDERDOG_BONUS = -3
FOUR_OF_A_KIND_BONUS = -20
WOLFPACK_BONUS = -20
BLACKJACK_POINTS = 21
KNOCK_EARLY_MAX = 2
"""The most face-down cards a player may turn up at once to go out early."""


class FlipAfterDiscard(enum.StrEnum):
    """Whether a player turns a card up after throwing away the card drawn from the stock."""

    NEVER = "never"
    ALWAYS = "always"
    ENDGAME = "endgame"


@dataclass(frozen=True, slots=True)
class SixCardRules:
    """Everything agreed before the deal. Immutable; compare with ``==``."""

    players: int = 2
    grid: int = 6
    jokers: int = 0
    final_turn: bool = False
    reshuffle_discard: bool = False
    holes: int = 9
    decks: int = 1
    start_face_up: int | None = None
    flip_as_turn: bool = False
    flip_after_discard: FlipAfterDiscard = FlipAfterDiscard.NEVER
    super_kings: bool = False
    tens_one: bool = False
    one_eyed_jacks: bool = False
    lucky_swing: bool = False
    eagle_eye: bool = False
    negative_pairs: bool = False
    four_of_a_kind: bool = False
    wolfpack: bool = False
    blackjack: bool = False
    knock_penalty: bool = False
    knock_bonus: bool = False
    knock_early: bool = False
    tied_shame: bool = False
    underdog: bool = False

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise GolfError("sixcard.bad_players", f"2 to 6 players, not {self.players}", players=self.players)
        if self.grid not in GRID_SHAPES:
            raise GolfError("sixcard.bad_grid", f"a grid has 4, 6, 8 or 9 cards, not {self.grid}", grid=self.grid)
        if self.jokers not in (0, 1, 2):
            raise GolfError("sixcard.bad_jokers", f"jokers must be 0, 1 or 2, not {self.jokers}", jokers=self.jokers)
        if not 1 <= self.holes <= MAX_HOLES:
            raise GolfError(
                "sixcard.bad_holes", f"a match has 1 to {MAX_HOLES} holes, not {self.holes}", holes=self.holes
            )
        if self.decks not in (1, 2):
            raise GolfError("sixcard.bad_decks", f"1 or 2 decks, not {self.decks}", decks=self.decks)
        rows = GRID_SHAPES[self.grid][0]
        if self.start_face_up is not None and not 0 <= self.start_face_up <= rows:
            raise GolfError(
                "sixcard.bad_start_face_up",
                f"0 to {rows} cards face up at the start, not {self.start_face_up}",
                count=self.start_face_up,
                most=rows,
            )
        if not isinstance(self.flip_after_discard, FlipAfterDiscard):
            try:
                object.__setattr__(self, "flip_after_discard", FlipAfterDiscard(self.flip_after_discard))
            except ValueError:
                raise GolfError(
                    "sixcard.bad_flip_after_discard",
                    f"after a discard: never, always or endgame, not {self.flip_after_discard!r}",
                    value=str(self.flip_after_discard)[:20],
                ) from None
        for name in BOOLEAN_RULES:
            if not isinstance(getattr(self, name), bool):
                raise GolfError("sixcard.bad_house_rule", f"{name} is true or false", rule=name)
        reason = self.clash()
        if reason is not None:
            raise GolfError(f"sixcard.{reason}", f"these rules cannot apply together: {reason}", reason=reason)

    def clash(self) -> str | None:
        """Why these rules cannot apply together (a reason key), or None.

        * ``players_need_two_decks`` — five or six players and one deck (not enough cards for 6 × 9);
        * ``lucky_swing_eagle_eye`` — the two give jokers different values;
        * ``lucky_swing_one_joker`` — the lucky swing is one joker per deck;
        * ``eagle_eye_needs_jokers`` — eagle eye values jokers, so the deck needs some;
        * ``four_of_a_kind_two_rows`` — four of a kind and the wolfpack count pairs of columns of
          two cards (the 3 × 3 grid cancels columns of three);
        * ``knock_early_too_few_cards`` — with two cards or fewer face down after the start, a
          player could knock on the first turn;
        * ``flip_always_flip_as_turn`` — with a card turned up after every discard, turning one up
          as a whole turn is a worse discard: the table picks one way to turn cards up.
        """
        if self.players > MAX_ONE_DECK_PLAYERS and self.decks == 1:
            return "players_need_two_decks"
        if self.lucky_swing and self.eagle_eye:
            return "lucky_swing_eagle_eye"
        if self.lucky_swing and self.jokers != 1:
            return "lucky_swing_one_joker"
        if self.eagle_eye and not self.jokers:
            return "eagle_eye_needs_jokers"
        if (self.four_of_a_kind or self.wolfpack) and self.rows != 2:
            return "four_of_a_kind_two_rows"
        if self.knock_early and self.grid - self.initial_face_up <= KNOCK_EARLY_MAX:
            return "knock_early_too_few_cards"
        if self.flip_after_discard is FlipAfterDiscard.ALWAYS and self.flip_as_turn:
            return "flip_always_flip_as_turn"
        return None

    @property
    def rows(self) -> int:
        return GRID_SHAPES[self.grid][0]

    @property
    def columns(self) -> int:
        return GRID_SHAPES[self.grid][1]

    @property
    def initial_face_up(self) -> int:
        """Cards each player turns up before the first turn: ``start_face_up``, else 2 (3 in the 3 × 3 grid)."""
        if self.start_face_up is not None:
            return self.start_face_up
        return 3 if self.rows == 3 else 2

    @property
    def deck_size(self) -> int:
        return (DECK_SIZE + self.jokers) * self.decks

    @property
    def deck(self) -> tuple[int, ...]:
        """The card indexes of the deck in new-deck order: each deck's 52 cards, then its jokers;
        the second deck's indexes are the first's plus :data:`DECK_SLOTS`."""
        one = (*range(DECK_SIZE), *range(DECK_SIZE, DECK_SIZE + self.jokers))
        return tuple(DECK_SLOTS * d + i for d in range(self.decks) for i in one)

    @property
    def stock_size(self) -> int:
        """Cards in the stock after the deal (one card starts the discard)."""
        return self.deck_size - self.players * self.grid - 1

    @property
    def house_rules(self) -> tuple[str, ...]:
        """The names of the rules in force that differ from the seed's game (fields other than
        players, grid and holes), in field order."""
        default = SixCardRules()
        return tuple(name for name in HOUSE_RULE_FIELDS if getattr(self, name) != getattr(default, name))


BOOLEAN_RULES: tuple[str, ...] = (
    "final_turn",
    "reshuffle_discard",
    "flip_as_turn",
    "super_kings",
    "tens_one",
    "one_eyed_jacks",
    "lucky_swing",
    "eagle_eye",
    "negative_pairs",
    "four_of_a_kind",
    "wolfpack",
    "blackjack",
    "knock_penalty",
    "knock_bonus",
    "knock_early",
    "tied_shame",
    "underdog",
)
"""The house rules that are on or off."""
HOUSE_RULE_FIELDS: tuple[str, ...] = (
    "jokers",
    "final_turn",
    "reshuffle_discard",
    "decks",
    "start_face_up",
    "flip_as_turn",
    "flip_after_discard",
    *BOOLEAN_RULES[3:],
)
"""Every field of :class:`SixCardRules` but players, grid and holes, in order."""

_ON = {"on": True, "yes": True, "true": True, "1": True, "off": False, "no": False, "false": False, "0": False}
_NUMBERS = {"jokers", "decks", "start_face_up"}


def house_rule(assignment: str) -> tuple[str, object]:
    """Read one house rule from ``NAME=VALUE`` text (``super_kings=on``, ``flip_after_discard=endgame``,
    ``start_face_up=1``; ``-`` may stand for ``_``): the field's name and value.

    Raises :class:`GolfError`: ``sixcard.bad_house_option`` (no ``=``), ``sixcard.unknown_house_rule``
    or ``sixcard.bad_house_value``. The rules check the combination when they are made."""
    name, equals, value = assignment.partition("=")
    name, value = name.strip().lower().replace("-", "_"), value.strip().lower()
    if not equals or not name or not value:
        raise GolfError("sixcard.bad_house_option", f"{assignment!r}: a house rule is NAME=VALUE", text=assignment[:40])
    if name not in HOUSE_RULE_FIELDS:
        raise GolfError(
            "sixcard.unknown_house_rule",
            f"{name!r} is not a house rule",
            name=name[:40],
            names=", ".join(HOUSE_RULE_FIELDS),
        )
    parsed: object
    if name in _NUMBERS:
        parsed = int(value) if value.isascii() and value.isdigit() and len(value) <= 2 else None
    elif name == "flip_after_discard":
        parsed = FlipAfterDiscard(value) if value in set(FlipAfterDiscard) else None
    else:
        parsed = _ON.get(value)
    if parsed is None:
        raise GolfError("sixcard.bad_house_value", f"{name}={value}: not a value", name=name, value=value[:20])
    return name, parsed
