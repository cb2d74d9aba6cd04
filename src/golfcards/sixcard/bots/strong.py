"""``strong``: counts cards and judges every move by what the position after it is worth.

For each move it could make, the bot describes the position that follows by a few figures
(:class:`~golfcards.sixcard.bots.outlook.Outlook`): its expected points (face-down cards valued by
the cards still unseen, with the exact odds of pairing), its face-down count, how much a later card
could still gain it, the same for the next player, and what the card it leaves on the discard would
give that player. A small fitted network (:mod:`.value`) turns them into the expected point margin
of the hole (two players) or the expected share of the win (more). So it takes the discard only
when that beats the expected worth of drawing (a one-ply expectimax over the unseen cards), keeps
pairs, 2s and Kings, charges what it throws away with the use the next player could make of it,
and values exactly a move that ends the hole by turning its last card up.

Under the final turn (``final_turn``: once a player goes out every other player has one more turn)
going out is valued after the others' last turns, each opponent's expected points lowered by what
its last card is expected to gain it (the card left on the discard for the next player, a draw for
the others), so the bot goes out only when its lead survives them; on its own last turn every move
is final and valued by its points (two players: the margin over the grid that went out, the knock
penalty included; more: the share of the win against the others' totals).

The network was fitted for 2 × 3 grids with 2 to 4 players (the hole ending at once); with other
grids the bot plays the hand-tuned :class:`~golfcards.sixcard.bots.heuristic.HeuristicStrong`. How it
was fitted: ``docs/sixcard-bots.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import NamedTuple

from golfcards.sixcard.actions import DRAW_STOCK, KNOCK_EARLY, Action, DiscardFlip, DrawStock, Flip, Swap, TakeDiscard
from golfcards.sixcard.bots import strong_model
from golfcards.sixcard.bots.base import Bot, flip_choice, throw_away
from golfcards.sixcard.bots.heuristic import HeuristicStrong
from golfcards.sixcard.bots.knowledge import UNKNOWN, Knowledge, going_out_points
from golfcards.sixcard.bots.outlook import Outlook, win_share
from golfcards.sixcard.bots.value import ValueNet
from golfcards.sixcard.rules import BLACKJACK_POINTS, FlipAfterDiscard, SixCardRules
from golfcards.sixcard.scoring import hole_breakdown
from golfcards.sixcard.state import HoleState, Phase
from golfcards.sixcard.view import View, view_for

LEAVE = -1
"""The pseudo-position of "throw the drawn card away"."""
DRAW = -2
"""The pseudo-position of "draw from the stock" among the options of a turn's start."""
LEAVE_AND_FLIP = -3
"""The pseudo-position of "throw the drawn card away and turn up a face-down card" where the rules
let a player choose to (``flip_after_discard`` ``endgame``)."""
KNOCK = -4
"""The pseudo-position of "turn up one's last one or two cards and go out" (``knock_early``)."""
FLIP_BASE = -10
"""Turning up position ``p`` as the whole turn (``flip_as_turn``) is the pseudo-position ``FLIP_BASE - p``."""

TIE_BREAK = 0.001
"""With 3–4 players, what each point of a final score costs on top of the share of the win."""


@cache
def fitted_net(model: ModuleType, name: str) -> ValueNet | None:
    """The network ``name`` of a fitted-model module (``strong_model``, ``expert_model``), built once;
    None if the module has none."""
    fitted = getattr(model, name, None)
    return None if fitted is None else ValueNet(fitted)


def value_net(rules: SixCardRules) -> ValueNet | None:
    """The fitted network for these rules (2 × 3 grids, with or without the final turn), or None
    where none was fitted (other grids)."""
    if rules.grid != 6:
        return None
    return fitted_net(strong_model, "TWO_PLAYERS" if rules.players == 2 else "MORE_PLAYERS")


class Option(NamedTuple):
    """A use of a card: its worth (higher is better), where it goes, and the figures it was judged
    by (None when the move ends the hole and is valued exactly)."""

    worth: float
    position: int
    figures: tuple[float, ...] | None


class Afterstates:
    """Values the positions after each possible move of one decision."""

    def __init__(self, known: Knowledge, net: ValueNet) -> None:
        outlook = Outlook(known)
        self.known = known
        self.outlook = outlook
        me, following = known.me, known.next_seat()
        self.me, self.following = me, following
        opponents = [seat for seat in range(known.players) if seat != me]
        self.two = known.players == 2
        fixed: tuple[float, ...] = (outlook.points[following], outlook.down[following], outlook.improvement[following])
        if not self.two:
            fixed += (
                min(outlook.points[s] for s in opponents),
                min(outlook.down[s] for s in opponents),
                min(known.stock, 30),
                known.players,
            )
        self.fixed = fixed
        self.value: Callable[[float, float, float, float], float] = net.bind(fixed)
        self.opponents = opponents
        self._distributions: list[dict[float, float]] | None = None
        self.last_turn = known.went_out is not None and known.went_out != me
        """Whether this is the bot's last turn (someone went out under the final turn): every move is final."""
        self.still_to_play: list[int] = []
        """The opponents who will still play a last turn after this bot's (its last turn, or its
        going out under the final turn), in turn order."""
        if known.final_turn:
            seat = following
            while seat != me and seat != known.went_out:
                self.still_to_play.append(seat)
                seat = known.next_seat(seat)
        mine = known.my_grid
        flip = known.rules.flip_after_discard
        always = flip is FlipAfterDiscard.ALWAYS and UNKNOWN in mine
        endgame = known.went_out is not None or any(grid.count(UNKNOWN) <= 1 for grid in known.grids)
        self.flip_may = flip is FlipAfterDiscard.ENDGAME and UNKNOWN in mine and endgame
        """Whether the rules let this bot turn a card up when it throws one away (its choice)."""
        flips = always or self.flip_may
        self.flip_on_leave = flip_choice([key == UNKNOWN for key in mine], known.columns) if flips else None
        """Where the rules make this bot turn a card up when it throws one away (None: they do not)."""

    def worth(self, points: float, down: int, improvement: float, gift: float) -> Option:
        """The worth of the position after a move (the position field is filled in by the caller)."""
        if self.last_turn:
            return Option(self.last_worth(points, down), LEAVE, None)
        if down == 0:
            return Option(self.final_worth(points, gift), LEAVE, None)
        return Option(self.value(points, down, improvement, gift), LEAVE, (points, down, improvement, gift))

    def last_gains(self, gift: float) -> list[float]:
        """For each opponent (in :attr:`opponents` order), how much its last turn is expected to
        lower its points: the better of the ``gift`` left on the discard and a draw for the next
        player, a draw for the others still to play; 0 for those who will not play again."""
        outlook = self.outlook
        gains = []
        for seat in self.opponents:
            if seat not in self.still_to_play:
                gains.append(0.0)
            elif seat == self.following:
                gains.append(max(gift, outlook.improvement[seat]))
            else:
                gains.append(outlook.improvement[seat])
        return gains

    def opponent_totals(self, gains: list[float]) -> list[dict[float, float]]:
        """Each opponent's distribution of final totals, lowered by ``gains`` (its last turn)."""
        if self._distributions is None:
            self._distributions = [self.outlook.distribution(seat) for seat in self.opponents]
        return [
            {total - gain: p for total, p in totals.items()} if gain else totals
            for totals, gain in zip(self._distributions, gains, strict=True)
        ]

    def final_worth(self, points: float, gift: float = 0.0) -> float:
        """The worth of going out with ``points`` (with more players, the share of the win,
        fewer points breaking ties: a sure win is better with fewer points for the match). Under
        the final turn the others first play their last turns (:meth:`last_gains`); otherwise the
        value is exact. ``gift`` is what the card left on the discard gives the next player."""
        rules = self.known.rules
        gains = self.last_gains(gift)
        totals = self.opponent_totals(gains) if not self.two or rules.knock_penalty else []
        scored = points
        if rules.knock_penalty or rules.knock_bonus or rules.blackjack:
            beaten = 1.0
            for chances in totals:
                beaten *= sum(p for total, p in chances.items() if total > points)
            scored = going_out_points(points, 1.0 - beaten, rules)
        if self.two:
            return self.outlook.points[self.following] - gains[0] - scored
        return win_share(points, totals) - TIE_BREAK * scored

    def last_worth(self, points: float, down: int) -> float:
        """The worth of ending one's last turn (under the final turn) with a grid of ``points``
        expected (``down`` cards still face down, counted at the end by their expectation): with
        2 players the margin over the grid that went out (its knock penalty and bonus included),
        with more the share of the win against the others' totals, those still to play lowered
        by their last turn's expected gain."""
        rules = self.known.rules
        if down == 0 and rules.blackjack and points == BLACKJACK_POINTS:
            points = 0
        if self.two:
            out = self.outlook.points[self.following]
            return going_out_points(out, 1.0 if points <= out else 0.0, rules) - points
        return win_share(points, self.opponent_totals(self.last_gains(0.0))) - TIE_BREAK * points

    def uses(self, rank: int, *, may_leave: bool) -> list[Option]:
        """Every use of a card of ``rank``: throwing a drawn card away (``may_leave``) or each
        position. The discard (``may_leave`` false) is only taken onto a face-up card when that
        lowers one's points: taking cards back and forth could otherwise go on for ever, each
        player preferring the swap for what it keeps from the other (seen between two strong bots)."""
        outlook, me, following = self.outlook, self.me, self.following
        options = []
        if may_leave and self.flip_on_leave is not None:
            options.append(self.leave_and_flip(rank, self.flip_on_leave))
        if may_leave and (self.flip_on_leave is None or self.flip_may):
            options.append(
                self.worth(outlook.points[me], outlook.down[me], outlook.improvement[me], outlook.gift(following, rank))
            )
        for position, key in enumerate(self.known.my_grid):
            points, down, improvement = outlook.after(me, position, rank)
            if not may_leave and key != UNKNOWN and points >= outlook.points[me]:
                continue
            gift = outlook.improvement[following] if key == UNKNOWN else outlook.gift(following, key)
            options.append(self.worth(points, down, improvement, gift)._replace(position=position))
        return options

    def leave_and_flip(self, rank: int, flip: int) -> Option:
        """Throwing a card of ``rank`` away where the rules then turn up the face-down card at
        ``flip``: the expected worth over what that card may be (the last one goes out)."""
        outlook, me = self.outlook, self.me
        gift = outlook.gift(self.following, rank)
        total = 0.0
        for turned in outlook.ranks:
            points, down, improvement = outlook.after(me, flip, turned)
            total += outlook.probabilities[turned] * self.worth(points, down, improvement, gift).worth
        return Option(total, LEAVE_AND_FLIP if self.flip_may else LEAVE, None)

    def draw_worth(self) -> float:
        """The expected worth of drawing: the best use of each card the stock could bring."""
        p = self.outlook.probabilities
        return sum(p[rank] * max(self.uses(rank, may_leave=True)).worth for rank in self.outlook.ranks)

    def flip_worth(self, position: int) -> float:
        """The expected worth of turning up the face-down card at ``position`` as one's whole turn
        (``flip_as_turn``), over what it may be; the discard stays for the next player."""
        outlook, me = self.outlook, self.me
        gift = outlook.gift(self.following, self.known.top)
        return sum(
            outlook.probabilities[rank] * self.worth(*outlook.after(me, position, rank), gift).worth
            for rank in outlook.ranks
        )

    def knock_worth(self) -> float:
        """The expected worth of turning up all of one's face-down cards and going out
        (``knock_early``): going out's worth over the distribution of the grid's final points."""
        outlook, me = self.outlook, self.me
        gift = outlook.gift(self.following, self.known.top)
        bonus = outlook.bonus[me]
        return sum(p * self.final_worth(total + bonus, gift) for total, p in outlook.distribution(me).items())

    def turn_options(self) -> list[Option]:
        """Every way to play the start of a turn that the rules allow: each take of the discard,
        drawing (:data:`DRAW`), and where the rules allow them, turning a card up as the whole
        turn (:data:`FLIP_BASE` − position) and going out early (:data:`KNOCK`)."""
        known = self.known
        options = [*self.uses(known.top, may_leave=False), Option(self.draw_worth(), DRAW, None)]
        legal = known.view.legal
        if known.rules.flip_as_turn:
            down = known.face_down()
            options.extend(Option(self.flip_worth(p), FLIP_BASE - p, None) for p in down if Flip(p) in legal)
        if known.rules.knock_early and KNOCK_EARLY in legal:
            options.append(Option(self.knock_worth(), KNOCK, None))
        return options

    def turn_worth(self) -> float:
        """What the position is worth at the start of one's turn: its best option."""
        return max(option.worth for option in self.turn_options())


def hole_worth(state: HoleState, seat: int) -> float:
    """What a finished hole gave ``seat``, on the scale of the value networks: minus the point
    margin with 2 players, the expected share of the win with more. Cards still face down at the
    end are counted by their expectation as ``seat`` saw it, which removes most of the noise; the
    rules' blackjack (a grid of exactly 21 scores 0) and the bonuses and penalties of the hole
    (:func:`hole_extras`) count as the engine counts them."""
    playing = state.clone()
    playing.phase = Phase.DRAW  # the view of a hole in play keeps face-down cards hidden
    outlook = Outlook(Knowledge(view_for(playing, seat)))
    extra = hole_extras(state)
    others = [s for s in range(state.players) if s != seat]
    if state.players == 2 and not state.rules.blackjack:
        return outlook.points[others[0]] + extra[others[0]] - outlook.points[seat] - extra[seat]
    totals = [scored_totals(outlook.distribution(s), state.rules, extra[s]) for s in range(state.players)]
    if state.players == 2:
        return expectation(totals[others[0]]) - expectation(totals[seat])
    opponents = [totals[s] for s in others]
    return sum(p * win_share(total, opponents) for total, p in totals[seat].items())


def scored_totals(grid_totals: dict[float, float], rules: SixCardRules, extra: int) -> dict[float, float]:
    """The chances of each hole score, from the chances of each grid total: a total of exactly 21
    scores 0 under the blackjack rule, and ``extra`` (the hole's bonuses and penalties) is added."""
    scored: dict[float, float] = {}
    for total, p in grid_totals.items():
        points = (0 if rules.blackjack and total == BLACKJACK_POINTS else total) + extra
        scored[points] = scored.get(points, 0.0) + p
    return scored


def expectation(chances: dict[float, float]) -> float:
    """The mean of a distribution given as value → chance."""
    return sum(value * p for value, p in chances.items())


def hole_extras(state: HoleState) -> list[int]:
    """Each seat's points for the hole beyond its grid's: the rules' bonuses and penalties of going
    out, ties and the match's standing (:func:`~golfcards.sixcard.scoring.hole_breakdown`)."""
    rules = state.rules
    if not (rules.knock_penalty or rules.knock_bonus or rules.tied_shame or rules.underdog):
        return [0] * state.players
    totals = state.context.totals if state.context is not None else None
    parts = hole_breakdown(state.grids, rules, state.went_out, totals)
    return [sum(points for name, points in seat if name != "grid") for seat in parts]


class StrongBot(Bot):
    level = "strong"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.fallback = HeuristicStrong(seed)

    def choose(self, view: View) -> Action:
        net = self.network(view.rules)
        if net is None or view.phase is Phase.REVEAL:
            return self.fallback.choose(view)
        known = Knowledge(view)
        after = self.judge(known, net)
        if known.phase is Phase.PLACE:
            option = self.pick(after.uses(known.holding, may_leave=True))
            return self.action_of(option.position, known, view)
        options = after.turn_options()
        draw = next(option for option in options if option.position == DRAW)
        best = max(options, key=lambda option: option.worth)
        if best.worth > draw.worth:
            if best.position >= 0:  # a take: the choice among takes is the bot's (a training run explores)
                best = self.pick([option for option in options if option.position >= 0])
            return self.turn_action(best.position)
        return DrawStock()

    @staticmethod
    def turn_action(position: int) -> Action:
        """The action of an option of a turn's start (:meth:`Afterstates.turn_options`)."""
        if position == DRAW:
            return DRAW_STOCK
        if position == KNOCK:
            return KNOCK_EARLY
        if position <= FLIP_BASE:
            return Flip(FLIP_BASE - position)
        return TakeDiscard(position)

    @staticmethod
    def action_of(position: int, known: Knowledge, view: View) -> Action:
        """The action of a use of the drawn card: throwing it away (turning a card up where the
        rules make or let the bot), or putting it at ``position``."""
        if position == LEAVE:
            return throw_away(view)
        if position == LEAVE_AND_FLIP:
            return DiscardFlip(flip_choice([key == UNKNOWN for key in known.my_grid], known.columns))
        return Swap(position)

    def network(self, rules: SixCardRules) -> ValueNet | None:
        """The value network this bot plays with under ``rules`` (None: play the heuristic)."""
        return value_net(rules)

    def judge(self, known: Knowledge, net: ValueNet) -> Afterstates:
        return Afterstates(known, net)

    def pick(self, options: list[Option]) -> Option:
        """The option to play (the best; a training run overrides this to explore and record)."""
        return max(options)
