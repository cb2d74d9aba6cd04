"""``expert``: determinized Monte Carlo search over the hidden cards.

At each choice the expert deals the cards it cannot see — the face-down cards of every grid and
the stock — at random from the unseen ones (a *determinization* consistent with its view), plays
each candidate action on that table and lets the rest of the hole be played out by fast policy
bots (each seat deciding from its own view of the simulated table, so the simulated players cannot
peek either). The same determinizations are used for every candidate (common random numbers), and
the candidate with the best mean outcome is chosen. Outcomes are point margins (own points minus
the others' mean), so the search plays for the match, not just the hole.

It stops when its time budget for the move is spent (well under half a second) or after a maximum
number of samples; choices with a single legal action and the opening reveals are left to the
strong bot.
"""

from __future__ import annotations

import random
import time
from typing import Sequence

from golfcards.sixcard.actions import Action, DiscardDrawn, DrawStock, Swap, TakeDiscard
from golfcards.sixcard.bots.base import Bot
from golfcards.sixcard.bots.knowledge import Knowledge
from golfcards.sixcard.bots.strong import LEAVE, Plan, StrongBot
from golfcards.sixcard.state import HoleState, Phase
from golfcards.sixcard.view import View, view_for


def determinize(view: View, rng: random.Random) -> HoleState:
    """A complete table consistent with ``view``: unseen cards dealt at random to the hidden places."""
    rules = view.rules
    seen = {card.index for grid in view.grids for card in grid if card is not None}
    seen.update(card.index for card in view.discard)
    if view.holding is not None:
        seen.add(view.holding.index)
    unseen = [i for i in range(rules.deck_size) if i not in seen]
    rng.shuffle(unseen)
    grids, face_up = [], []
    for grid in view.grids:
        cells = []
        for card in grid:
            cells.append(unseen.pop() if card is None else card.index)
        grids.append(cells)
        face_up.append([card is not None for card in grid])
    holding = None
    if view.holder is not None:
        holding = view.holding.index if view.holding is not None else unseen.pop()
    stock = unseen[:view.stock_count]
    state = HoleState(rules, grids, face_up, [card.index for card in view.discard], stock,
                      dealer=view.dealer, phase=view.phase, current=view.current, holding=holding,
                      reveals_left=list(view.reveals_left), went_out=view.went_out,
                      final_turns_left=view.final_turns_left, turns=view.turns,
                      reshuffles=view.reshuffles, number=rng.randrange(1 << 30), context=view.context)
    return state


def margin(points: Sequence[int], seat: int) -> float:
    """Own points minus the others' mean (lower is better)."""
    others = (sum(points) - points[seat]) / (len(points) - 1)
    return points[seat] - others


class ExpertBot(Bot):
    level = "expert"
    budget = 0.3
    """Seconds of search per move at most."""
    max_samples = 400
    min_samples = 24

    width = 4
    """Candidates searched per choice: the strong bot's best ones (drawing or throwing away included)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.guide = StrongBot(seed)
        self.rollout_bots: list[Bot] = [StrongBot(seed + k) for k in range(4)]

    def candidates(self, view: View) -> list[Action]:
        """The strong bot's favourite actions, so the search spends its samples where it matters."""
        guide = self.guide
        known = Knowledge(view)
        plan = Plan(guide, known)
        if view.phase is Phase.PLACE:
            ranked = sorted(guide.placements(plan, known.holding, may_leave=True), reverse=True)
            return [DiscardDrawn() if p == LEAVE else Swap(p) for _, p in ranked[:self.width]]
        ranked = sorted(guide.placements(plan, known.top, may_leave=False), reverse=True)
        return [DrawStock(), *(TakeDiscard(p) for _, p in ranked[:self.width - 1])]

    def choose(self, view: View) -> Action:
        legal = view.legal
        if view.phase is Phase.REVEAL or len(legal) == 1:
            return self.guide.choose(view)
        candidates = self.candidates(view)
        me = view.viewer
        assert me is not None
        totals = [0.0] * len(candidates)
        deadline = time.perf_counter() + self.budget
        samples = 0
        while samples < self.max_samples and (samples < self.min_samples or time.perf_counter() < deadline):
            table = determinize(view, self.random)
            for k, action in enumerate(candidates):
                state = table.clone()
                state.apply(me, action)
                self.play_out(state)
                totals[k] += margin(state.points(), me)
            samples += 1
        best = min(range(len(candidates)), key=lambda k: totals[k])
        return candidates[best]

    def play_out(self, state: HoleState) -> None:
        bots = self.rollout_bots
        while state.phase is not Phase.OVER:
            seat = state.current
            state.apply(seat, bots[seat].choose(view_for(state, seat)))
