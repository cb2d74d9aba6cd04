"""Observations and action numbers for learning agents: pure functions of a player's view.

Every tensor here is computed from a view only — six-card's :class:`~golfcards.sixcard.view.View`
(built by :func:`~golfcards.sixcard.view.view_for`) or Solitaire's
:class:`~golfcards.solitaire.view.SolitaireView` — never from a state, so nothing a player may not
see can reach an agent. The layouts are documented in ``docs/rl.md``; their sizes depend only on
the table's rules (players and grid), so one agent trains on one shape.

Cards are encoded by *rank key* (:mod:`golfcards.sixcard.scoring`: 0 = Ace … 12 = King, 13 = joker):
suits never matter to either game's score or legality.

Six-card actions are the engine's own numbering (:data:`golfcards.sixcard.actions.ACTIONS`, as
OpenSpiel numbers actions): 0 draw, 1 discard the drawn card, 2–10 reveal position 0–8, 11–19 take
the discard into position 0–8, 20–28 swap the drawn card into position 0–8, then the house rules'
actions: 29–37 turn position 0–8 up as the turn, 38–46 throw the drawn card away and turn position
0–8 up, 47 knock early. Solitaire's are 0 draw, 1–7 take the free card of that column.

Under ``one_eyed_jacks`` the rank key does not tell J♥ J♠ from the other jacks: an agent sees the
rule among the environment's parameters, not in the observation.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from golfcards.cards import AnyCard, Card, Joker
from golfcards.sixcard.actions import ACTIONS, Action, action_number
from golfcards.sixcard.rules import MAX_RESHUFFLES, SixCardRules
from golfcards.sixcard.scoring import JOKER_KEY, RANK_KEYS, rank_key
from golfcards.sixcard.state import Phase
from golfcards.sixcard.view import View
from golfcards.solitaire.board import Draw, Move, Take
from golfcards.solitaire.deal import COLUMNS, ROWS, TABLEAU_SIZE
from golfcards.solitaire.rules import Rules
from golfcards.solitaire.view import SolitaireView

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

SIXCARD_ACTIONS = len(ACTIONS)
"""Size of six-card's action space (48): every action of the largest grid and of every house rule,
masked by the rules."""
CARD_SLOT = RANK_KEYS + 1
"""A grid or hand slot: a rank key (14), or the last entry for face down / empty."""
PHASES = (Phase.REVEAL, Phase.DRAW, Phase.PLACE, Phase.OVER)
TOTAL_SCALE = 100.0
"""Match totals are divided by this and clipped to [−1, 1]."""


def sixcard_observation_size(rules: SixCardRules) -> int:
    """Length of :func:`sixcard_observation` for tables of ``rules``."""
    players = rules.players
    return (
        players * rules.grid * CARD_SLOT  # grids
        + CARD_SLOT  # the card I hold
        + RANK_KEYS  # the discard's top
        + RANK_KEYS  # unseen cards of each rank
        + 2  # discard and stock sizes
        + len(PHASES)
        + players  # who holds a drawn card
        + players  # reveals left
        + players  # who went out
        + 2  # final turns left, reshuffles
        + 1  # hole of the match
        + players  # match totals
    )


def sixcard_observation(view: View) -> Vector:
    """``view`` (a seat's own) as a flat float32 vector in [−1, 1]; seats listed from the viewer on."""
    assert view.viewer is not None, "an observation is a seat's"
    rules, players, me = view.rules, view.rules.players, view.viewer
    seats = [(me + k) % players for k in range(players)]
    parts: list[Vector] = []
    for seat in seats:
        parts.append(_slots([None if card is None else rank_key(card) for card in view.grids[seat]]))
    parts.append(_slots([None if view.holding is None else rank_key(view.holding)]))
    parts.append(_one_hot(rank_key(view.discard[-1]), RANK_KEYS))
    per_rank = 4.0 * rules.decks
    unseen = [per_rank] * JOKER_KEY + [float(rules.jokers * rules.decks)]
    seen: list[AnyCard] = [card for grid in view.grids for card in grid if card is not None]
    seen += view.discard
    if view.holding is not None:
        seen.append(view.holding)
    for card in seen:
        unseen[rank_key(card)] -= 1
    parts.append(np.array(unseen, np.float32) / np.float32(per_rank))
    parts.append(np.array([len(view.discard), view.stock_count], np.float32) / np.float32(rules.deck_size))
    parts.append(_one_hot(PHASES.index(view.phase), len(PHASES)))
    parts.append(_relative_one_hot(view.holder, seats))
    reveals = np.array([view.reveals_left[seat] for seat in seats], np.float32)
    parts.append(reveals / np.float32(max(1, rules.initial_face_up)))
    parts.append(_relative_one_hot(view.went_out, seats))
    parts.append(np.array([view.final_turns_left / max(1, players - 1), view.reshuffles / MAX_RESHUFFLES], np.float32))
    context = view.context
    parts.append(np.array([0.0 if context is None else context.hole / context.holes], np.float32))
    totals = [0] * players if context is None else [context.totals[seat] for seat in seats]
    parts.append(np.clip(np.array(totals, np.float32) / TOTAL_SCALE, -1, 1))
    return np.concatenate(parts)


def sixcard_action_mask(view: View) -> Mask:
    """1 for each action number ``view``'s viewer may play now, 0 for the others."""
    mask = np.zeros(SIXCARD_ACTIONS, np.int8)
    for action in view.legal:
        mask[action_number(action)] = 1
    return mask


def sixcard_action(number: int) -> Action:
    """The engine's action numbered ``number`` (IndexError outside 0–28)."""
    if not 0 <= number < SIXCARD_ACTIONS:
        raise IndexError(f"a six-card action number is 0 to {SIXCARD_ACTIONS - 1}, not {number}")
    return ACTIONS[number]


SOLITAIRE_ACTIONS = COLUMNS + 1
"""Solitaire's action space (8): 0 draw, 1–7 take that column's free card."""


def solitaire_observation_size() -> int:
    """Length of :func:`solitaire_observation` (the same for every rule set)."""
    return TABLEAU_SIZE * CARD_SLOT + COLUMNS * CARD_SLOT + CARD_SLOT + 1


def solitaire_observation(view: SolitaireView) -> Vector:
    """``view`` as a flat float32 vector in [0, 1]: every tableau slot, the free cards, the
    discard and the stock's size (never its order)."""
    parts: list[Vector] = []
    for column in view.columns:
        keys: list[int | None] = [_solitaire_key(card) for card in column]
        parts.append(_slots(keys + [None] * (ROWS - len(column))))
    parts.append(_slots([None if not column else _solitaire_key(column[-1]) for column in view.columns]))
    parts.append(_slots([None if view.discard is None else _solitaire_key(view.discard)]))
    parts.append(np.array([view.stock_count / _stock_size(view.rules)], np.float32))
    return np.concatenate(parts)


def solitaire_action_mask(view: SolitaireView) -> Mask:
    mask = np.zeros(SOLITAIRE_ACTIONS, np.int8)
    for move in view.legal:
        mask[solitaire_number(move)] = 1
    return mask


def solitaire_move(number: int) -> Move:
    """The move numbered ``number``: 0 draw, 1–7 take (IndexError otherwise)."""
    if not 0 <= number < SOLITAIRE_ACTIONS:
        raise IndexError(f"a solitaire action number is 0 to {COLUMNS}, not {number}")
    return Draw() if number == 0 else Take(number)


def solitaire_number(move: Move) -> int:
    return 0 if isinstance(move, Draw) else move.column


def _stock_size(rules: Rules) -> int:
    return 52 + rules.jokers - TABLEAU_SIZE - (0 if rules.empty_discard else 1)


def _solitaire_key(card: AnyCard) -> int:
    if isinstance(card, Joker):
        return JOKER_KEY
    assert isinstance(card, Card)
    return rank_key(card)


def _slots(keys: list[int | None]) -> Vector:
    """Each slot one-hot over :data:`CARD_SLOT` entries (None: the last one)."""
    out = np.zeros((len(keys), CARD_SLOT), np.float32)
    for slot, key in enumerate(keys):
        out[slot, RANK_KEYS if key is None else key] = 1
    return out.reshape(-1)


def _one_hot(index: int, size: int) -> Vector:
    out = np.zeros(size, np.float32)
    out[index] = 1
    return out


def _relative_one_hot(seat: int | None, seats: list[int]) -> Vector:
    out = np.zeros(len(seats), np.float32)
    if seat is not None:
        out[seats.index(seat)] = 1
    return out
