"""``normal``: a solid threshold/greedy player, and ``easy``, its timid little sibling.

Both look only at their own face-up cards and the card in hand (no counting, no thought of the
opponents, no timing of the end):

* a card that makes a column cancel goes there;
* a card clearly lower than one of its face-up cards replaces the highest of those;
* a low card goes onto a face-down card;
* the discard is taken only for such a use, and only when low enough (``normal``) or only for a
  pair (``easy``); otherwise the bot draws, and throws away a drawn card it has no use for.

``easy`` is weaker by design: it never takes the discard except for a pair, replaces a face-up
card only by a much lower one, and turns up its first cards in one column (it sees fewer pairing chances).
"""

from __future__ import annotations

from golfcards.sixcard.actions import Action, DrawStock, Reveal, Swap, TakeDiscard
from golfcards.sixcard.bots.base import Bot, throw_away
from golfcards.sixcard.bots.knowledge import UNKNOWN, Knowledge
from golfcards.sixcard.state import Phase
from golfcards.sixcard.view import View

FACE_DOWN_GUESS = 5.5
"""What a face-down card is taken to be worth (about the average card) by these simple players."""


class ThresholdBot(Bot):
    """Greedy placement with fixed thresholds (the parameters set the level)."""

    level = "normal"
    take_at_most = 3
    """Take the discard to place it when it is worth at most this (pairs are always taken)."""
    place_blind_at_most = 5
    """Put a drawn card onto a face-down card when it is worth at most this."""
    replace_margin = 3
    """Replace a face-up card only by a card worth at least this much less."""
    reveal_same_column = False

    def choose(self, view: View) -> Action:
        known = Knowledge(view)
        if known.phase is Phase.REVEAL:
            return Reveal(self._reveal(known))
        if known.phase is Phase.DRAW:
            target = self.target(known, known.top, taking=True)
            return DrawStock() if target is None else TakeDiscard(target)
        target = self.target(known, known.holding, taking=False)
        return throw_away(view) if target is None else Swap(target)

    def _reveal(self, known: Knowledge) -> int:
        down = known.face_down()
        up = [p for p in range(known.size) if p not in down]
        if self.reveal_same_column and up:
            partners = [p for p in known.column_of(up[0]) if p in down]
            if partners:
                return partners[0]
        used_columns = {p % known.columns for p in up}
        fresh = [p for p in down if p % known.columns not in used_columns]
        return (fresh or down)[0]

    def target(self, known: Knowledge, card: int, *, taking: bool) -> int | None:
        """Where ``card`` should go in the bot's grid, or None to leave it."""
        grid = known.my_grid
        values = known.tables.values
        value = values[card]
        pair = self._pair_target(known, card)
        if pair is not None:
            return pair
        if taking and value > self.take_at_most:
            return None
        single = [p for p, key in enumerate(grid) if key != UNKNOWN and not self._cancelled(known, p)]
        if single:
            worst = max(single, key=lambda p: values[grid[p]])
            if values[grid[worst]] >= value + self.replace_margin:
                return worst
        down = known.face_down()
        if down and value <= self.place_blind_at_most:
            return down[0]
        return None

    def _pair_target(self, known: Knowledge, card: int) -> int | None:
        """The position where ``card`` makes its column cancel (the costliest such card to replace)."""
        grid, matches = known.my_grid, known.tables.matches
        best, best_worth = None, float("-inf")
        for p, key in enumerate(grid):
            if matches(key, card) or any(not matches(grid[o], card) for o in known.column_of(p) if o != p):
                continue
            worth = FACE_DOWN_GUESS if key == UNKNOWN else known.tables.values[key]
            if worth > best_worth:
                best, best_worth = p, worth
        return best

    @staticmethod
    def _cancelled(known: Knowledge, position: int) -> bool:
        keys = [known.my_grid[p] for p in known.column_of(position)]
        return all(known.tables.matches(key, keys[0]) for key in keys)


class NormalBot(ThresholdBot):
    level = "normal"


class EasyBot(ThresholdBot):
    level = "easy"
    take_at_most = -99
    place_blind_at_most = 4
    replace_margin = 5
    reveal_same_column = True
