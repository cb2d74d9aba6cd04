"""``expert``: the strong bot's move choice with its own network, checked by a look one turn ahead.

In two-player games the expert judges positions as the strong bot (:mod:`.strong`) does, with its
own network (:mod:`.expert_model`, :func:`expert_net`), fitted on play against ``strong`` (under
the final turn, one fitted under it). Where that network rates another move within
:attr:`ExpertBot.within` points of its favourite, it deals the cards it cannot see at random
:attr:`~SampledSearch.samples` times (:func:`determinize`, each table consistent with its view) and
plays every close candidate on each table: its own drawn card placed by its network's one-ply
choice (:class:`ExpertGuide`), each opponent as a strong bot deciding from its own view of that
table. It values the position at its next turn by its network
(an ended hole by its result) and leaves the network's choice only for a candidate better on
average by more than a standard error, the same tables serving every candidate.

In the last two holes of a two-player match outcomes are valued by the chance of winning the match
(:func:`match_chance`), not by points. With 3–6 players it uses the strong bot's network; with
grids no network was fitted for (all but 2 × 3), it plays a search with playouts by the hand-tuned
strong player (:class:`PlayoutExpert`). Under the final turn the strong bot's choices, and so the
search's, value going out after the others' last turns (:mod:`.strong`). Budgets are counts of
samples, never a clock, so a seed gives the same choices on any machine. How it was built and
measured: ``docs/sixcard-bots.md``.
"""

from __future__ import annotations

import abc
import math
import random
from collections import Counter
from collections.abc import Sequence

from golfcards.sixcard.actions import Action, DrawStock, Swap, TakeDiscard
from golfcards.sixcard.bots import expert_model, strong
from golfcards.sixcard.bots.base import Bot, throw_away
from golfcards.sixcard.bots.heuristic import LEAVE, HeuristicStrong, Plan
from golfcards.sixcard.bots.knowledge import (
    UNKNOWN,
    Knowledge,
    column_expectation,
    deck_counts,
    index_key,
    mean_value,
    value_tables,
)
from golfcards.sixcard.bots.strong import Afterstates, StrongBot, hole_worth, value_net
from golfcards.sixcard.bots.value import ValueNet
from golfcards.sixcard.rules import DECK_SLOTS, SixCardRules
from golfcards.sixcard.state import HoleContext, HoleState, Phase
from golfcards.sixcard.view import View, view_for


def expert_net(rules: SixCardRules) -> ValueNet | None:
    """The expert's own network for these rules: fitted against ``strong`` players (two players;
    under the final turn the one fitted under it, if any), else the strong bot's (None where
    neither was fitted)."""
    strongs = value_net(rules)
    if strongs is None or rules.players != 2:
        return strongs
    own = strong.fitted_net(expert_model, "TWO_PLAYERS")
    if rules.final_turn:
        own = strong.fitted_net(expert_model, "TWO_PLAYERS_FINAL_TURN") or own
    return strongs if own is None else own


def determinize(view: View, rng: random.Random) -> HoleState:
    """A complete table consistent with ``view``: unseen cards dealt at random to the hidden places."""
    rules = view.rules
    seen = Counter(card.index for grid in view.grids for card in grid if card is not None)
    seen.update(card.index for card in view.discard)
    if view.holding is not None:
        seen[view.holding.index] += 1
    unseen: list[int] = []
    for index in rules.deck:  # with two decks a seen card is one of its two copies
        if seen[index % DECK_SLOTS]:
            seen[index % DECK_SLOTS] -= 1
        else:
            unseen.append(index)
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
    stock = unseen[: view.stock_count]
    state = HoleState(
        rules,
        grids,
        face_up,
        [card.index for card in view.discard],
        stock,
        dealer=view.dealer,
        phase=view.phase,
        current=view.current,
        holding=holding,
        reveals_left=list(view.reveals_left),
        went_out=view.went_out,
        final_turns_left=view.final_turns_left,
        turns=view.turns,
        reshuffles=view.reshuffles,
        number=rng.randrange(1 << 30),
        context=view.context,
    )
    return state


HOLE_SPREAD = 12.0
"""The typical spread (standard deviation) of a hole's point margin between two good players."""


REST_SPREAD = 3.8
"""How far a hole's final margin strays from the network's estimate at a turn's start: about
this many points times the square root of the cards face down on the table (measured between two
strong bots with ``bench/sixcard_bots.py spread``: 5.7 points with 2 cards down, 10.1 with 8)."""

OPTIMISM = 0.75
"""Points per face-down card by which the strong bot's network (fitted against ``normal`` players)
overrates a turn's start against a strong player (measured with the spread: 1.9 with 2 cards down,
5.8 with 8). The expert's own network, fitted against ``strong``, is not optimistic (``spread
--own``: mean errors between −0.2 and +0.5 points at 2–7 cards down, no trend), so it gets 0."""


def rest_spread(down: int) -> float:
    """The spread of what is left of a hole's margin with ``down`` cards face down on the table."""
    return REST_SPREAD * math.sqrt(down)


def match_chance(margin: float, down: int, seat: int, context: HoleContext) -> float:
    """The chance that ``seat`` wins a two-player match (a tie counting half) when the current hole
    is expected to end ``margin`` points in its favour with ``down`` cards still face down: the lead
    after the hole is normal around its expectation, spread by what is left of this hole
    (:func:`rest_spread`) and by the holes still to come (:data:`HOLE_SPREAD` each)."""
    lead = context.totals[1 - seat] - context.totals[seat] + margin
    remaining = context.holes - context.hole - 1
    spread = math.sqrt(rest_spread(down) ** 2 + remaining * HOLE_SPREAD**2)
    if spread == 0.0:
        return 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
    return 0.5 * (1.0 + math.erf(lead / (spread * math.sqrt(2))))


def face_down(state: HoleState) -> int:
    """The cards face down on the whole table."""
    return sum(not up for flags in state.face_up for up in flags)


def expected_points(state: HoleState) -> list[float]:
    """Each grid's points with the cards that were still face down at the end valued by the odds of
    the cards unseen at that moment (not by the cards the determinization happened to put there):
    the same mean, much less noise from one sample to the next."""
    rules = state.rules
    unseen = deck_counts(rules)
    for grid, flags in zip(state.grids, state.face_up, strict=False):
        for card, up in zip(grid, flags, strict=False):
            if up:
                unseen[index_key(card, rules)] -= 1
    for card in state.discard:
        unseen[index_key(card, rules)] -= 1
    total = sum(unseen) or 1
    probabilities = [count / total for count in unseen]
    mean = mean_value(probabilities, value_tables(rules).values)
    columns = rules.columns
    points = []
    for grid, flags in zip(state.grids, state.face_up, strict=False):
        keys = [index_key(card, rules) if up else UNKNOWN for card, up in zip(grid, flags, strict=False)]
        points.append(sum(column_expectation(keys[c::columns], probabilities, mean, rules) for c in range(columns)))
    return points


def utility(points: Sequence[float], seat: int, context: HoleContext | None) -> float:
    """How good a hole's result is for ``seat`` (higher is better).

    In a two-player match this is the chance of winning the match: exact on the last hole (a tie
    is half a win), a normal approximation of the remaining holes' spread before it. Otherwise it
    is the point margin, negated: own points minus the others' mean.
    """
    others = (sum(points) - points[seat]) / (len(points) - 1)
    if context is None or len(points) != 2:
        return others - points[seat]
    lead = context.totals[1 - seat] + points[1 - seat] - context.totals[seat] - points[seat]
    remaining = context.holes - context.hole - 1
    if remaining <= 0:
        return 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
    return 0.5 * (1.0 + math.erf(lead / (HOLE_SPREAD * math.sqrt(2 * remaining))))


class SampledSearch(Bot):
    """Chooses among candidate actions by their mean outcome on sampled tables (determinizations
    of the view), the first candidate (the guide's choice) unless another beats it clearly."""

    samples: int
    """Determinizations per choice: a count, so the choice depends on the seed only, not on the machine."""
    confidence = 1.0
    """Standard errors by which a candidate must beat the first one to be preferred."""

    @abc.abstractmethod
    def outcome(self, state: HoleState, me: int, view: View) -> float:
        """How good the sampled table ``state`` (just after a candidate action) is for ``me``."""

    def search(self, view: View, candidates: list[Action]) -> Action:
        me = view.viewer
        assert me is not None
        count = len(candidates)
        totals = [0.0] * count
        squares = [0.0] * count  # of the differences with the first candidate
        samples = self.samples
        for _ in range(samples):
            table = determinize(view, self.random)
            results = []
            for action in candidates:
                state = table.clone()
                state.apply(action, me)
                results.append(self.outcome(state, me, view))
            for k in range(count):
                totals[k] += results[k]
                squares[k] += (results[k] - results[0]) ** 2
        best = max(range(count), key=lambda k: totals[k])
        if best and samples > 1:
            # Leave the first candidate only for a clearly better one (paired differences).
            mean = (totals[best] - totals[0]) / samples
            variance = max(squares[best] / samples - mean * mean, 0.0) / (samples - 1)
            if mean <= self.confidence * math.sqrt(variance):
                best = 0
        return candidates[best]


class PlayoutExpert(SampledSearch):
    """The search for grids without a network: the hand-tuned strong player's favourite actions, each played out
    to the end of the hole by light hand-tuned strong players on sampled tables."""

    level = "expert"
    samples = 40
    width = 4
    """Candidates searched per choice: the strong bot's best ones (drawing or throwing away included)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.guide = HeuristicStrong(seed)
        self.rollout_bots = [HeuristicStrong(seed + k) for k in range(4)]
        for bot in self.rollout_bots:
            bot.gift_weight = 0.0  # a lighter strong player: about twice as many samples

    def candidates(self, view: View) -> list[Action]:
        """The strong bot's favourite actions, its own choice first, so the search spends its
        samples where it matters."""
        guide = self.guide
        known = Knowledge(view)
        plan = Plan(guide, known)
        if view.phase is Phase.PLACE:
            ranked = sorted(guide.placements(plan, known.holding, may_leave=True), reverse=True)
            return [throw_away(view) if p == LEAVE else Swap(p) for _, p in ranked[: self.width]]
        ranked = sorted(guide.placements(plan, known.top, may_leave=False), reverse=True)
        takes: list[Action] = [TakeDiscard(p) for _, p in ranked[: self.width - 1]]
        first = guide.choose(view)
        return [first, *(a for a in [DrawStock(), *takes] if a != first)][: self.width]

    def choose(self, view: View) -> Action:
        legal = view.legal
        if view.phase is Phase.REVEAL or len(legal) == 1:
            return self.guide.choose(view)
        return self.search(view, self.candidates(view))

    def outcome(self, state: HoleState, me: int, view: View) -> float:
        self.play_out(state)
        return utility(expected_points(state), me, view.context)

    def play_out(self, state: HoleState) -> None:
        bots = self.rollout_bots
        while state.phase is not Phase.OVER:
            seat = state.current
            state.apply(bots[seat].choose(view_for(state, seat)), seat)


class ExpertGuide(StrongBot):
    """The strong bot's one-ply choice judged by an expert's network."""

    def __init__(self, expert: ExpertBot, seed: int) -> None:
        super().__init__(seed)
        self.expert = expert

    def network(self, rules: SixCardRules) -> ValueNet | None:
        return self.expert.network(rules)


class ExpertBot(SampledSearch):
    level = "expert"
    within = 1.0
    """Moves the network rates within this many points (of hole margin) of the strong bot's choice
    are searched; a clearer choice is played at once."""
    width = 3
    """At most this many candidates, the strong bot's choice first."""
    late_holes = 2
    """In the last this many holes of a two-player match positions are valued by the chance of
    winning the match (before them, by points)."""
    samples = 16
    match_aware = True
    """Whether to play the last holes for the match rather than for the hole's points (False:
    the expert as first measured)."""

    own_network = True
    """Whether to judge with the network fitted against ``strong`` (:func:`expert_net`) rather than
    the strong bot's own, fitted against ``normal``."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.guide = ExpertGuide(self, seed)
        """The expert's one-ply choice (the strong bot's with :meth:`network`); it also places the
        expert's drawn card on the sampled tables."""
        self.simulated = [StrongBot(seed + k + 1) for k in range(8)]
        """The opponents on the sampled tables, by seat: strong bots."""
        self.fallback = PlayoutExpert(seed)

    def network(self, rules: SixCardRules) -> ValueNet | None:
        """The network the expert judges its own positions by (None with grids no network was fitted for)."""
        return expert_net(rules) if self.own_network else value_net(rules)

    def choose(self, view: View) -> Action:
        net = self.network(view.rules)
        if net is None:
            return self.fallback.choose(view)
        if view.phase is Phase.REVEAL or len(view.legal) == 1:
            return self.guide.choose(view)
        candidates = self.candidates(Afterstates(Knowledge(view), net))
        if len(candidates) == 1:
            return candidates[0]
        return self.search(view, candidates)

    def candidates(self, after: Afterstates) -> list[Action]:
        """The strong bot's choice and the moves its network rates close to it, best first."""
        known = after.known
        if known.phase is Phase.PLACE:
            options = after.uses(known.holding, may_leave=True)
        else:
            options = after.turn_options()
        options.sort(key=lambda option: option.worth, reverse=True)
        best = options[0].worth
        chosen = [option for option in options[: self.width] if option.worth >= best - self.within]
        if known.phase is Phase.PLACE:
            return [StrongBot.action_of(o.position, known, known.view) for o in chosen]
        return [StrongBot.turn_action(o.position) for o in chosen]

    def outcome(self, state: HoleState, me: int, view: View) -> float:
        net = self.network(view.rules)
        assert net is not None
        return self.look_ahead(state, me, net)

    def for_the_match(self, state: HoleState) -> HoleContext | None:
        """The match to value positions for (by the chance of winning it), or None to value them
        by points: only the last :attr:`late_holes` of a two-player match are played for the match.
        Before them that chance is nearly a straight line of the hole's margin, so playing for
        points (as the network does) comes to the same."""
        context = state.context
        if (
            not self.match_aware
            or context is None
            or state.players != 2
            or context.holes - context.hole > self.late_holes
        ):
            return None
        return context

    def look_ahead(self, state: HoleState, me: int, net: ValueNet) -> float:
        """Play the sampled table on to the expert's next turn (or the end of the hole) and value
        it: late in a two-player match by the chance of winning the match (:func:`match_chance`),
        the network's margin corrected for its optimism; otherwise by the network's worth itself."""
        while not state.is_terminal():
            seat = state.current
            if seat == me and state.phase is Phase.DRAW:
                worth = Afterstates(Knowledge(view_for(state, me)), net).turn_worth()
                match = self.for_the_match(state)
                if match is None:
                    return worth
                down = face_down(state)
                optimism = 0.0 if self.own_network else OPTIMISM
                return match_chance(worth - optimism * down, down, me, match)
            player = self.guide if seat == me else self.simulated[seat]
            state.apply(player.choose(view_for(state, seat)), seat)
        worth = hole_worth(state, me)
        match = self.for_the_match(state)
        if match is None:
            return worth
        return match_chance(worth, face_down(state), me, match)
