"""Six-card Golf bots under every house rule: the arena for each rule alone and three realistic
combinations, ``strong`` against ``normal`` and ``expert`` against ``strong`` (run by hand on an
idle machine; not part of the tests).

    PYTHONPATH=src nice python bench/sixcard_house_rules.py [--matches 200] [--workers 2] \
        [--only lucky_swing,four_of_a_kind] [--pairs strong-normal,expert-strong] [--out table.md]

Each configuration plays ``--matches`` two-player matches of 9 holes for each pair, seeded with
``--seed`` plus the configuration's number (the first row is seed + 0, so one row can be re-run
alone with ``golf sixcard arena … --seed`` as printed in its row). The table (Markdown) gives, for
the first-named bot of each pair, its share of the matches won and its margin per hole (own points
minus the opponent's; negative is better), with 95 % intervals; ``clear`` says whether the match
interval lies above one half. The rows' command lines are printed too.

Besides the levels of ``golf sixcard arena``, a pair may name ``handtuned``: the hand-tuned strong
player (:class:`~golfcards.sixcard.bots.heuristic.HeuristicStrong`) that ``strong`` plays with grids
its networks were not fitted for (``--pairs strong-handtuned``), and ``LEVEL~RULE``: a bot of that
level told the rules with the house rule ``RULE`` at its default, so that it plays as if the rule
were not in force (``--pairs strong-strong~one_eyed_jacks``: what knowing the rule is worth). Such
rows have no arena command.
"""

from __future__ import annotations

import argparse
import dataclasses
import pathlib
import sys
import time

from golfcards.runners.arena import ArenaConfig, ArenaResult, Player, run_arena
from golfcards.sixcard.actions import Action
from golfcards.sixcard.bots import make_bot
from golfcards.sixcard.bots.heuristic import HeuristicStrong
from golfcards.sixcard.rules import SixCardRules, house_rule
from golfcards.sixcard.view import View

CONFIGURATIONS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    # (name, golf sixcard arena options before --house, house rules)
    ("seed game", (), ()),
    ("two decks", (), ("decks=2",)),
    ("0 cards up at the start", (), ("start_face_up=0",)),
    ("1 card up at the start", (), ("start_face_up=1",)),
    ("flip as a turn", (), ("flip_as_turn=on",)),
    ("flip after discard: always", (), ("flip_after_discard=always",)),
    ("flip after discard: endgame", (), ("flip_after_discard=endgame",)),
    ("super kings", (), ("super_kings=on",)),
    ("tens worth 1", (), ("tens_one=on",)),
    ("one-eyed jacks", (), ("one_eyed_jacks=on",)),
    ("lucky swing", ("--jokers", "1"), ("lucky_swing=on",)),
    ("eagle eye", ("--jokers", "2"), ("eagle_eye=on",)),
    ("negative pairs keep", (), ("negative_pairs=on",)),
    ("four of a kind", (), ("four_of_a_kind=on",)),
    ("wolfpack", (), ("wolfpack=on",)),
    ("blackjack", (), ("blackjack=on",)),
    ("knock penalty", (), ("knock_penalty=on",)),
    ("knock bonus", (), ("knock_bonus=on",)),
    ("knock early", (), ("knock_early=on",)),
    ("tied shame", (), ("tied_shame=on",)),
    ("underdog", (), ("underdog=on",)),
    ("final turn", ("--final-turn",), ()),
    (
        "pub table: final turn, super kings, knock penalty",
        ("--final-turn",),
        ("super_kings=on", "knock_penalty=on"),
    ),
    (
        "jokers night: lucky swing, negative pairs, four of a kind",
        ("--jokers", "1"),
        ("lucky_swing=on", "negative_pairs=on", "four_of_a_kind=on"),
    ),
    (
        "golfgame classic: 0 up, flip endgame, knock bonus, tied shame, blackjack",
        (),
        ("start_face_up=0", "flip_after_discard=endgame", "knock_bonus=on", "tied_shame=on", "blackjack=on"),
    ),
)
PAIRS = ("strong-normal", "expert-strong")
HAND_TUNED = "handtuned"


class RuleBlind:
    """A bot that is shown every view with the house rule ``rule`` at its default value."""

    def __init__(self, bot: Player, rule: str) -> None:
        self.bot, self.rule = bot, rule

    def choose(self, view: View) -> Action:
        default = getattr(SixCardRules(), self.rule)
        return self.bot.choose(dataclasses.replace(view, rules=dataclasses.replace(view.rules, **{self.rule: default})))


def player(spec: str, seed: int) -> Player:
    """A bot level, :data:`HAND_TUNED` for the hand-tuned strong player, or ``LEVEL~RULE`` for a bot
    of that level blind to the house rule ``RULE`` (:class:`RuleBlind`)."""
    level, blind, rule = spec.partition("~")
    bot: Player = HeuristicStrong(seed) if level == HAND_TUNED else make_bot(level, seed)
    return RuleBlind(bot, rule) if blind else bot


def rules_of(options: tuple[str, ...], houses: tuple[str, ...]) -> SixCardRules:
    """The two-player rules of a configuration's arena options."""
    fields: dict[str, object] = dict(house_rule(text) for text in houses)
    if "--final-turn" in options:
        fields["final_turn"] = True
    if "--jokers" in options:
        fields["jokers"] = int(options[options.index("--jokers") + 1])
    return SixCardRules(**fields)  # type: ignore[arg-type]


def progress(result: ArenaResult, matches: int) -> None:
    """Print the first player's figures after each chunk of a row (standard error)."""
    won = result.match_win_rate()[0]
    print(
        f"    {result.matches}/{matches} matches: {100 * won.value:.1f} % [{100 * won.low:.1f}, {100 * won.high:.1f}]",
        file=sys.stderr,
        flush=True,
    )


def command(pair: str, options: tuple[str, ...], houses: tuple[str, ...], matches: int, seed: int) -> str:
    house = " ".join(f"--house {text}" for text in houses)
    parts = ["golf sixcard arena", f"--players {pair.replace('-', ',')}", *options, house]
    return " ".join(part for part in [*parts, f"--matches {matches} --seed {seed}"] if part)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seed", type=int, default=6000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--only", default="", help="comma-separated house-rule names or row numbers")
    parser.add_argument("--pairs", default=",".join(PAIRS))
    parser.add_argument("--out", type=pathlib.Path, default=None)
    parser.add_argument("--progress", action="store_true", help="print each row's figures so far on standard error")
    args = parser.parse_args(argv)
    wanted = {part.strip() for part in args.only.split(",") if part.strip()}
    lines = [
        "| # | rules | pair | seed | matches won | margin per hole | clear |",
        "|---|---|---|---|---|---|---|",
    ]
    for number, (name, options, houses) in enumerate(CONFIGURATIONS):
        names = {text.partition("=")[0] for text in houses}
        if wanted and not (wanted & names or str(number) in wanted or name in wanted):
            continue
        rules = rules_of(options, houses)
        seed = args.seed + number
        for pair in args.pairs.split(","):
            start = time.monotonic()
            config = ArenaConfig(tuple(pair.split("-")), rules, args.matches, seed, factory=player)
            result = run_arena(config, workers=args.workers, progress=progress if args.progress else None)
            won, margin = result.match_win_rate()[0], result.margin_per_hole()[0]
            clear = "yes" if won.low > 0.5 else "no"
            lines.append(
                f"| {number} | {name} | {pair.replace('-', ' vs ')} | {seed} | {100 * won.value:.1f} % "
                f"[{100 * won.low:.1f}, {100 * won.high:.1f}] | {margin.value:+.2f} "
                f"[{margin.low:+.2f}, {margin.high:+.2f}] | {clear} |"
            )
            print(lines[-1], f"({time.monotonic() - start:.0f} s)", file=sys.stderr, flush=True)
            print("   ", command(pair, options, houses, args.matches, seed), file=sys.stderr, flush=True)
    table = "\n".join(lines) + "\n"
    if args.out:
        args.out.write_text(table, encoding="utf-8")
    print(table, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
