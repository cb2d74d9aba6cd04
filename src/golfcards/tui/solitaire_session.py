"""The terminal player's Golf Solitaire games: the web app's runners, plus redo.

The game lives in the shared SQLite file exactly as a browser's does (code + log of accepted
actions, replayed on load), through :class:`~golfcards.runners.solitaire_games.SolitaireGames`. The
engine keeps an undo history but no redo; redo is the terminal's own: the moves undone since the
last new move, played again as ordinary moves (so they are logged and counted like any other).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from golfcards.cards import AnyCard
from golfcards.runners.solitaire_games import Game, SolitaireGames
from golfcards.runners.storage import SavedCourse, Statistics, Storage
from golfcards.solitaire.board import Action, Board, Draw, Move, Refusal, Take, Undo, parse_action
from golfcards.solitaire.codes import GameCode, rules_key
from golfcards.solitaire.hint import Hint
from golfcards.solitaire.rules import Rules
from golfcards.solitaire.solver import Verdict


def effective_moves(tokens: tuple[str, ...]) -> list[Move]:
    """The moves on the undo stack after the logged actions ``tokens`` (each ``u`` takes one back)."""
    stack: list[Move] = []
    for token in tokens:
        action = parse_action(token)
        if isinstance(action, Undo):
            if stack:
                stack.pop()
        elif isinstance(action, Draw):
            stack.append(action)
        else:
            stack.append(Take(action.column))  # an accepted touch removed that column's free card
    return stack


@dataclass(frozen=True, slots=True)
class Done:
    """What one action did: refused (and why), or accepted, with the card it moved."""

    action: Action
    refusal: Refusal | None
    card: AnyCard | None

    @property
    def accepted(self) -> bool:
        return self.refusal is None


@dataclass(frozen=True, slots=True)
class StatisticsPage:
    """What the statistics window shows: one record per rule played (the current rule first)."""

    records: tuple[Statistics, ...]
    selected: str
    course: Game | None
    finished_courses: tuple[SavedCourse, ...]


class SolitaireSession:
    """One terminal player's games in the shared database."""

    def __init__(self, storage: Storage, player: str, new_number: Callable[[], int] | None = None) -> None:
        self.storage = storage
        self.player = player
        self.games = SolitaireGames(storage, new_number)
        self.redo_stack: list[Move] = []

    @staticmethod
    def player_for(storage: Storage, known: str | None) -> str:
        """``known`` if the database has that player, else a new player (the first run, or another ``--db``)."""
        if known and len(known) <= 64 and storage.player_exists(known):
            return known
        return storage.new_player()

    def load(self) -> Game:
        return self.games.load(self.player)

    def act(self, action: Action) -> tuple[Game, Done]:
        """Apply ``action``; an accepted undo makes its move redoable, any other accepted move ends redo."""
        before = self.games.load(self.player).saved.actions if isinstance(action, Undo) else ()
        game, refusal, card = self.games.act(self.player, action)
        if refusal is None:
            if isinstance(action, Undo):
                undone = effective_moves(before)
                if undone:
                    self.redo_stack.append(undone[-1])
            else:
                self.redo_stack.clear()
        return game, Done(action, refusal, card)

    def redo(self) -> tuple[Game, Done] | None:
        """Play the last undone move again (None when there is nothing to redo)."""
        if not self.redo_stack:
            return None
        move = self.redo_stack.pop()
        game, refusal, card = self.games.act(self.player, move)
        if refusal is not None:
            self.redo_stack.clear()
        return game, Done(move, refusal, card)

    def start(self, code: GameCode) -> Game:
        self.redo_stack.clear()
        return self.games.start(self.player, code)

    def random_code(self, rules: Rules, course: bool, winnable: bool) -> GameCode:
        return self.games.random_code(rules, course, winnable)

    def next_deal(self) -> Game:
        self.redo_stack.clear()
        return self.games.next_deal(self.player)

    def hint(self) -> tuple[Game, Hint]:
        return self.games.hint(self.player)

    def still_winnable(self) -> bool | None:
        return self.games.still_winnable(self.player)

    def solution(self) -> tuple[Board, Verdict]:
        return self.games.solution(self.player)

    def statistics(self) -> StatisticsPage:
        game = self.load()
        assert game.board.code is not None
        current = rules_key(game.board.code.rules)
        keys = list(dict.fromkeys([current, *self.storage.rules_played(self.player)]))
        return StatisticsPage(
            records=tuple(self.storage.statistics(self.player, key) for key in keys),
            selected=current,
            course=game if game.course is not None else None,
            finished_courses=tuple(self.storage.finished_courses(self.player)),
        )
