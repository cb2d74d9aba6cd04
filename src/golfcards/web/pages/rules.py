"""The rules of both games as pages in each language, their worked examples computed by the engine.

The text follows the rules pages (seeds 000 in Catalan and 002 in Greek, word for word in those
languages); every board state, refusal and end message in it is produced by the engine and the
``golfcards.i18n`` helpers from the deal ``GO1-E-AAAAAAB``, never typed in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from golfcards.cards import parse_card, parse_cards
from golfcards.i18n import N_, Translator
from golfcards.i18n.cards import card_short
from golfcards.i18n.sixcard import score_text
from golfcards.i18n.solitaire import BLOCKED_MESSAGE, board_text, refusal_text
from golfcards.sixcard.actions import DiscardDrawn, DrawStock, Swap
from golfcards.sixcard.rules import GRID_SHAPES, MAX_HOLES, MAX_PLAYERS, MAX_RESHUFFLES, SixCardRules
from golfcards.sixcard.scoring import GridScore, grid_points, hole_points, parse_grid, score_column, score_grid
from golfcards.sixcard.state import HoleState
from golfcards.solitaire.board import POINTS_PER_CARD, Board, Touch, parse_action
from golfcards.solitaire.deal import TABLEAU_SIZE
from golfcards.web.pages.card_faces import card_json
from golfcards.web.pages.house_words import FLIP_AFTER_DISCARD, GROUPS, HINTS, LABELS
from golfcards.web.server.html import shell
from golfcards.web.server.requests import request_translator

EXAMPLE_CODE = "GO1-E-AAAAAAB"
WINNING_LINE = ("d 5 2 d 6 6 5 6 1 5 d 7 4 5 2 d 3 1 7 d 2 3 d 4 4 3 7 d d 4 d d 1 2 3 2 4 6 1 1 7 d 6 5 3 d 7").split()
"""The won line of ``GO1-E-AAAAAAB`` (``tests/data/reference-deal.json``): move 35 is its 35th action."""
BLOCKED_EXAMPLES = (31, 30, 25, 17)
"""Cards removed before a block, as in the rules pages' list."""


def example_board(actions: int) -> Board:
    """``GO1-E-AAAAAAB`` after the first ``actions`` actions of its winning line."""
    board = Board.from_code(EXAMPLE_CODE)
    for token in WINNING_LINE[:actions]:
        refusal = board.apply(parse_action(token))
        assert refusal is None, token
    return board


@dataclass(frozen=True)
class Section:
    title: str
    blocks: tuple[Callable[[Translator], str], ...]
    anchor: str | None = None
    """The section's ``id``, for sections other paragraphs link to."""


def _p(message: str, /, **params: Callable[[Translator], str]) -> Callable[[Translator], str]:
    """A paragraph: ``message`` translated, its ``{placeholders}`` filled by functions of the language."""

    def render(t: Translator) -> str:
        values = {name: value(t) for name, value in params.items()}
        return f"<p>{escape(t.gettext(message, **values))}</p>"

    return render


def _state(actions: int) -> Callable[[Translator], str]:
    """A board drawn as cards with its text line (what a screen reader hears) as the caption."""

    def render(t: Translator) -> str:
        board = example_board(actions).view()
        columns = []
        for cards in board.columns:
            faces = "".join(_mini_card(card_json(card, t)) for card in cards)
            columns.append(f'<div class="mini-column">{faces}</div>')
        discard = _mini_card(card_json(board.discard, t)) if board.discard else ""
        return (
            f'<figure class="example"><div class="mini-board" aria-hidden="true">'
            f'<div class="mini-piles"><span class="mini-stock">{escape(str(board.stock_count))}</span>'
            f'{discard}</div><div class="mini-columns">{"".join(columns)}</div></div>'
            f"<figcaption>{escape(board_text(board, t))}</figcaption></figure>"
        )

    return render


def _mini_card(card: dict[str, object], extra: str = "") -> str:
    colour = (" red" if card["red"] else "") + extra
    return f'<span class="mini-card{colour}"><b>{escape(str(card["rank"]))}</b>{escape(str(card["suit"]))}</span>'


def _refusals(t: Translator) -> str:
    board = Board.from_code(EXAMPLE_CODE)
    not_consecutive = board.why_not(Touch(1, 5))
    blocked = board.why_not(Touch(1, 4))
    assert not_consecutive is not None and blocked is not None
    items = [
        t.gettext(
            "a free card that does not fit the discard, like the 6♥ of column 1 on A♣: «{message}»;",
            message=refusal_text(not_consecutive, t),
        ),
        t.gettext(
            "a card still covered, like the 10♠ in row 4 of column 1: «{message}».", message=refusal_text(blocked, t)
        ),
    ]
    return "<ul>" + "".join(f"<li>{escape(item)}</li>" for item in items) + "</ul>"


def _score_table(t: Translator) -> str:
    rows = [
        (t.gettext("A card is removed from the tableau"), f"+{POINTS_PER_CARD}"),
        (t.gettext("A card is drawn"), "0"),
        (t.gettext("The game is blocked: for each card left on the tableau"), f"−{POINTS_PER_CARD}"),
    ]
    body = "".join(f"<tr><td>{escape(what)}</td><td class='num'>{points}</td></tr>" for what, points in rows)
    what_header, points_header = escape(t.gettext("What happens")), escape(t.gettext("Points"))
    return (
        f"<table class='score-table'><thead><tr><th scope='col'>{what_header}</th>"
        f"<th scope='col'>{points_header}</th></tr></thead><tbody>{body}</tbody></table>"
    )


def _blocked_examples(t: Translator) -> str:
    items = []
    for removed in BLOCKED_EXAMPLES:
        left = TABLEAU_SIZE - removed
        points = max(0, POINTS_PER_CARD * (removed - left))
        items.append(
            t.gettext(
                "{removed} cards removed, {left} left: {points} points;", removed=removed, left=left, points=points
            )
        )
    return "<ul>" + "".join(f"<li>{escape(item)}</li>" for item in items) + "</ul>"


def _bullets(*messages: str) -> Callable[[Translator], str]:
    def render(t: Translator) -> str:
        return "<ul>" + "".join(f"<li>{escape(t.gettext(m))}</li>" for m in messages) + "</ul>"

    return render


def _blocked_message(t: Translator) -> str:
    return t.gettext(BLOCKED_MESSAGE)


SCROLL_HINT = N_("On a small screen, scroll the layout sideways.")
VARIANTS = N_(
    "The literature also names variants: Queen on King (a Queen may be put on a King (the strict rule forbids "
    "it)); King–Ace wrap (a King may be put on an Ace and an Ace on a King); jokers (one or two jokers stand for "
    "any card); empty discard (the discard pile starts empty and you choose the first card)."
)
SEE_SOURCES = N_("See the sources.")
SOURCES_INTRO = N_("Golf has no official rulebook; the rules above follow these published descriptions:")
SOURCE_ITEM = N_("{author}, {title}: {note}.")
SOURCES: tuple[tuple[str, str, str | None, str], ...] = (
    (
        "Albert H. Morehead, Geoffrey Mott-Smith",
        "The Complete Book of Solitaire and Patience Games (1949), “Golf”",
        None,
        N_("a classic reference book of patience games, which describes Golf"),
    ),
    (
        "Wikipedia",
        "Golf (patience)",
        "https://en.wikipedia.org/wiki/Golf_(patience)",
        N_(
            "the layout, the strict rule (nothing on a King, no King–Ace wrap) and the traditional scoring over "
            "9 deals with a par of 45"
        ),
    ),
    (
        "Solitaire Laboratory",
        "Golf Solitaire and its variants",
        "http://solitairelaboratory.com/golf.html",
        N_(
            "the history of the rules (One Foundation, 1905; nothing on a King, 1931) and the King–Ace wrap that "
            "most variants adopt"
        ),
    ),
)
"""Author, title, address (None for a book), and what the app takes from it (translated)."""


def _scroll_hint(t: Translator) -> str:
    """The seeds' line for phones, whose worked layouts are wider than the screen."""
    return (
        f'<p class="scroll-hint"><span aria-hidden="true">← </span>{escape(t.gettext(SCROLL_HINT))}'
        f'<span aria-hidden="true"> →</span></p>'
    )


def _variants(t: Translator) -> str:
    """The seeds' paragraph of variants, ending with the link to the sources."""
    link = f'<a href="#sources">{escape(t.gettext(SEE_SOURCES))}</a>'
    return f"<p>{escape(t.gettext(VARIANTS))} {link}</p>"


def _sources(t: Translator) -> str:
    items = []
    for author, title, address, note in SOURCES:
        cited = f"<cite>{escape(title)}</cite>"
        if address:
            cited = f'<a href="{escape(address)}" rel="external noopener">{cited}</a>'
        template = escape(t.gettext(SOURCE_ITEM))  # the words around the parts, already HTML-safe
        items.append(f"<li>{template.format(author=escape(author), title=cited, note=escape(t.gettext(note)))}</li>")
    return f'<ul class="sources">{"".join(items)}</ul>'


SOLITAIRE_TITLE = N_("The rules of Golf")
SOLITAIRE_RULES: tuple[Section, ...] = (
    Section(
        N_("In short"),
        (
            _p(
                N_(
                    "7 columns of 5 face-up cards, a discard pile and 16 cards to draw. The last card of each "
                    "column can be removed if its rank is next to the discard’s, one above or one below, whatever "
                    "the suit. When no card fits, you draw. You win by removing all 35 cards of the tableau."
                )
            ),
        ),
    ),
    Section(
        N_("Setting up"),
        (
            _p(
                N_(
                    "The game uses a 52-card deck without jokers. The app deals 35 cards into 7 columns of 5 cards, "
                    "all face up. It turns one card face up onto the discard pile and puts the other 16 cards, face "
                    "down, on the stock."
                )
            ),
            _state(0),
            _scroll_hint,
        ),
    ),
    Section(
        N_("Allowed moves"),
        (
            _p(
                N_(
                    "In each column only the last card (the bottom one, not covered by any other) is free. It can be "
                    "removed if its rank is exactly one above or one below the discard’s: on an 8, a 7 or a 9 can be "
                    "removed. The suit does not count. The removed card becomes the new discard and frees the card "
                    "above it in the column."
                )
            ),
            _p(
                N_(
                    "Example: at the start of the deal GO1-E-AAAAAAB the discard is A♣ and no free card is next to "
                    "it. You draw the 8♠. You remove the 9♣ of column 5 (one rank above), then the 8♣ of column 2 "
                    "(one rank below the 9♣)."
                )
            ),
            _state(3),
            _p(
                N_(
                    "Touching a card that cannot be played has no effect. With interactive rules (a setting, on by "
                    "default), the app explains the refusal:"
                )
            ),
            _refusals,
        ),
    ),
    Section(
        N_("The stock"),
        (
            _p(
                N_(
                    "Touching the stock turns its top card onto the discard, which it replaces. In the app you may "
                    "draw at any time, even while a move is possible. Each card is used only once: the stock is "
                    "never recycled. Drawing counts as a move and scores no points."
                )
            ),
        ),
    ),
    Section(
        N_("The King and the Ace"),
        (
            _p(
                N_(
                    "The New game window offers two rules. In Easy (King and Ace joined), the default rule, the King "
                    "and the Ace are consecutive: an Ace can be removed onto a King and a King onto an Ace, and a "
                    "chain can run from the Queen to the King, then to the Ace and the 2. In Classic (King and Ace "
                    "apart), the sequence stops at both ends: on a King only a Queen can be removed; on an Ace, only "
                    "a 2."
                )
            ),
            _p(
                N_(
                    "Example in Easy: at move 35 of the won game, the A♥ of column 3 is removed onto the K♣. In "
                    "Classic this move would be refused."
                )
            ),
            _state(34),
            _p(
                N_(
                    "The rule matters as much as the cards: the same deal can be won in Easy and not in Classic "
                    "(see the examples)."
                )
            ),
        ),
    ),
    Section(
        N_("The end of the game"),
        (
            _p(
                N_(
                    "The game is won as soon as the 35 cards of the tableau are removed, even if cards are left in "
                    "the stock. It is blocked when the stock is empty and no free card is next to the discard: the "
                    "app shows «{blocked}» and offers to undo or to start a new game."
                ),
                blocked=_blocked_message,
            ),
        ),
    ),
    Section(
        N_("Scoring"),
        (
            _p(N_("The score starts at 0 and never goes below zero:")),
            _score_table,
            _p(
                N_(
                    "A game won without undo is therefore always worth 350 points (35 × 10); the cards left in the "
                    "stock give no extra points. A game blocked after removing r cards is worth 10 r − 10 (35 − r), "
                    "never below zero:"
                )
            ),
            _blocked_examples,
        ),
    ),
    Section(
        N_("Undo and game code"),
        (
            _p(
                N_(
                    "The app keeps the last 100 actions, removals and draws included. Undo puts the card back in its "
                    "place, restores the score from before the move and, after a block, removes the penalty. The "
                    "move counter never decreases."
                )
            ),
            _p(
                N_(
                    "Every deal has a game code, for example GO1-E-AAAAAAB. The middle letter gives the rule: E for "
                    "Easy, C for Classic; an old code with N is read as Easy. Pasted into the New game window, the "
                    "code deals exactly the same cards again."
                )
            ),
        ),
    ),
    Section(
        N_("The app’s choices and the traditional rule"),
        (
            _p(
                N_(
                    "Golf has no official rulebook. Compared with the traditional rule called strict, the app makes "
                    "choices worth knowing:"
                )
            ),
            _bullets(
                N_(
                    "King and Ace: the strict rule does not join them; that is the app’s Classic rule. The Easy "
                    "rule, the default, joins them."
                ),
                N_(
                    "Queen on a King: the strict rule forbids putting any card on a King; the app accepts a Queen "
                    "on a King under both rules."
                ),
                N_(
                    "Drawing at any time: the strict rule allows drawing only when no move is possible; the app "
                    "lets you draw whenever you like."
                ),
                N_(
                    "Scoring: traditionally one point is counted for each card left on the tableau, over 9 deals, "
                    "with a par of 45; the app counts the points earned per game."
                ),
            ),
            _variants,
            _p(
                N_(
                    "The New game window offers the jokers, the empty discard, the strict rule and the traditional "
                    "course of 9 deals with its par of 45."
                )
            ),
        ),
    ),
    Section(N_("Sources"), (_p(SOURCES_INTRO), _sources), anchor="sources"),
)


SWAP_GRID = "9S KD 2C 9H QC 7D"
"""The guide's example grid, row by row; only the Q♣ (position 5) is face down to its owner."""
SWAP_POSITION, SWAP_CARD = 4, "KC"


def _swap_scores() -> tuple[GridScore, GridScore]:
    """The example grid scored before and after the K♣ replaces the Q♣ (by the engine's scoring)."""
    before = parse_cards(SWAP_GRID)
    after = list(before)
    after[SWAP_POSITION] = parse_card(SWAP_CARD)
    return score_grid(before, 3), score_grid(after, 3)


def _swap_text(t: Translator) -> str:
    before, after = _swap_scores()
    first, second, third = (column.points for column in before.columns)
    text = t.gettext(
        "The picture shows the values to the reader: top row 9♠, K♦, 2♣; bottom 9♥, Q♣, 7♦. Only Q♣ is still "
        "face down to the player. Without a swap, the columns would be worth {first}, {second} and {third}: "
        "total {before}. Draw K♣ and choose that position without peeking, replace Q♣ and discard it. The grid "
        "is all face up, so the hole ends at once. The columns are worth {sum} = {after}, saving {saved}. The "
        "example shows a possible advantage of swapping blind; the player did not know the queen’s value when "
        "choosing.",
        first=first,
        second=second,
        third=third,
        before=before.total,
        sum=" + ".join(str(column.points) for column in after.columns),
        after=after.total,
        saved=before.total - after.total,
    )
    return f"<p>{escape(text)}</p>"


def _swap_picture(t: Translator) -> str:
    """Both grids drawn as cards, each column's points under it (the caption says it in words)."""
    grids = []
    for score, label in zip(_swap_scores(), (t.gettext("Before the swap"), t.gettext("After the swap")), strict=True):
        cells = []
        for row in range(2):
            for column in score.columns:
                card = card_json(column.cards[row], t)
                hidden = label == t.gettext("Before the swap") and column.cards[row] == parse_card("QC")
                cells.append(_mini_card(card, " face-down-to-owner" if hidden else ""))
        points = "".join(f'<span class="column-points">{column.points}</span>' for column in score.columns)
        grids.append(
            f'<div class="mini-grid"><b>{escape(label)}</b><div class="mini-cells">{"".join(cells)}'
            f"{points}</div><span>{escape(t.gettext('Total: {total}', total=score.total))}</span></div>"
        )
    return (
        f'<figure class="example"><div class="mini-board six" aria-hidden="true">{"".join(grids)}</div>'
        f"<figcaption>{escape(t.gettext(DASHED_CAPTION))}</figcaption></figure>"
    )


# --- six-card house rules and questions: every number below is computed by the engine --------------

HOUSE_INTRO = N_(
    "The guide plays the game above; other tables agree on different rules before dealing. The app offers "
    "each of them when a room is created, with friends or against bots: everyone at the table sees them, "
    "and a rematch keeps them."
)
HOUSE_GRID = N_(
    "Grid. Besides 6 cards in 2 rows of 3, a table may deal 4 cards (2 × 2), 8 cards (2 × 4) or 9 cards "
    "(3 × 3). The stock shrinks or grows with the grids:"
)
NINE_GRID = "7S 4H QD / 7H 4C 3S / 7D 9C QH"
"""A 3 × 3 grid, row by row: three 7s cancel, two 4s over a 9 do not."""
JOKER_GRID = "X1 2S 9H / 2D 2C X2"
"""A grid with both jokers: a joker over a 2 is no pair, two 2s are, a 9 over a joker is not."""
FINAL_TURN_CODE = "G4-P3-AAAAAAB-F"
RESHUFFLE_CODE = "G6-P2-AAAAAAB-R"


def _grid_table(t: Translator) -> str:
    """Each grid's shape, cards turned up first and stock sizes, from :class:`SixCardRules`."""
    head = [
        t.gettext("Grid"),
        t.gettext("Rows × columns"),
        t.gettext("Cards turned up first"),
        *(t.gettext("Stock with {players} players", players=players) for players in (2, 4)),
    ]
    rows = []
    for grid in GRID_SHAPES:
        rules = SixCardRules(grid=grid)
        cells = [
            f"{rules.rows} × {rules.columns}",
            str(rules.initial_face_up),
            *(str(SixCardRules(players=players, grid=grid).stock_size) for players in (2, 4)),
        ]
        row_head = escape(t.gettext("{cards} cards", cards=grid))
        rows.append(f'<tr><th scope="row">{row_head}</th>{"".join(f"<td>{cell}</td>" for cell in cells)}</tr>')
    header = "".join(f'<th scope="col">{escape(text)}</th>' for text in head)
    return (
        # A region that scrolls on a phone: focusable and named, so the keyboard can scroll it.
        f'<div class="scroll-x" role="region" tabindex="0" aria-label="{escape(head[0])}">'
        f'<table class="course-table house-grids"><thead><tr>{header}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def _grid_picture(text: str) -> Callable[[Translator], str]:
    """A grid drawn as cards with each column's points under it; the caption scores it in words."""

    def render(t: Translator) -> str:
        cards, columns = parse_grid(text)
        score = score_grid(cards, columns)
        faces = "".join(_mini_card(card_json(card, t)) for card in cards)
        points = "".join(f'<span class="column-points">{_number(column.points)}</span>' for column in score.columns)
        caption = " · ".join(score_text(score, t))
        return (
            f'<figure class="example"><div class="mini-board six" aria-hidden="true"><div class="mini-grid">'
            f'<div class="mini-cells cols-{columns}">{faces}{points}</div></div></div>'
            f"<figcaption>{escape(caption)}</figcaption></figure>"
        )

    return render


def _nine_grid_text(t: Translator) -> str:
    cards, columns = parse_grid(NINE_GRID)
    score = score_grid(cards, columns)
    text = t.gettext(
        "In two-row grids a column of two equal ranks is worth 0, as in the guide. In the 3 × 3 grid each "
        "player turns up {up} cards at the start, and a column is worth 0 only when all three cards share a "
        "rank. In this grid the three 7s are worth {first}, but the two 4s over a 9 are worth {second}: two "
        "of a kind do not cancel. Total: {total}.",
        up=SixCardRules(grid=9).initial_face_up,
        first=score.columns[0].points,
        second=score.columns[1].points,
        total=score.total,
    )
    return f"<p>{escape(text)}</p>"


def _number(value: int) -> str:
    """A number as the prose writes it: negative with a true minus sign (−4)."""
    return f"−{-value}" if value < 0 else str(value)


def _jokers_text(t: Translator) -> str:
    cards, columns = parse_grid(JOKER_GRID)
    first, second, third = (column.points for column in score_grid(cards, columns).columns)
    text = t.gettext(
        "Jokers. One or two jokers join the deck. A joker is worth −2, like a 2, but it is not wild: it pairs "
        "only with the other joker. In this grid a joker over a 2 is worth {first} (no pair), the two 2s are "
        "worth {second} and the 9 over the other joker {third}: total {total}.",
        first=_number(first),
        second=_number(second),
        third=_number(third),
        total=_number(first + second + third),
    )
    return f"<p>{escape(text)}</p>"


def _final_turn_example() -> tuple[int, int, int]:
    """The final-turn deal played by the engine: everyone turns up their first cards, then the first
    player swaps a drawn card into each face-down place while the others throw theirs away.
    Returns (players, the turn the first player went out on, the hole's last turn)."""
    state = HoleState.from_code(FINAL_TURN_CODE)
    while state.to_act and state.phase.value == "reveal":
        state.apply(state.legal_actions()[0])
    first = state.current_player
    went_out_turn = 0
    while (seat := state.current_player) is not None:
        state.apply(DrawStock())
        down = [position for position, up in enumerate(state.face_up[seat]) if not up]
        state.apply(Swap(down[0]) if seat == first and down else DiscardDrawn())
        if state.went_out is not None and not went_out_turn:
            went_out_turn = state.turns
    return state.players, went_out_turn, state.turns


def _final_turn_text(t: Translator) -> str:
    players, went_out, last = _final_turn_example()
    text = t.gettext(
        "Final turn. When someone goes out, each other player plays one more turn, then the hole is scored. "
        "In the deal {code}, played by the app with {players} players, the first player goes out on turn "
        "{turn}; the {others} others each play once more, and the hole ends after turn {last}.",
        code=FINAL_TURN_CODE,
        players=players,
        turn=went_out,
        others=players - 1,
        last=last,
    )
    return f"<p>{escape(text)}</p>"


def _reshuffle_example() -> tuple[int, int]:
    """The reshuffle deal played by the engine with every drawn card thrown away, up to the first
    reshuffle: the turns it took and the size of the new stock."""
    state = HoleState.from_code(RESHUFFLE_CODE)
    while state.phase.value == "reveal":
        state.apply(state.legal_actions()[0])
    while not state.reshuffles:
        state.apply(DrawStock())
        state.apply(DiscardDrawn())
    return state.turns, state.stock_count


def _reshuffle_text(t: Translator) -> str:
    turns, cards = _reshuffle_example()
    text = t.gettext(
        "Reshuffle. When the stock runs out, the discard under its top card is shuffled into a new stock, at "
        "most {times} times in a hole; when the stock runs out after that, the hole ends as in the guide. In "
        "the deal {code}, if every player throws the drawn card away, the stock runs out after {turns} turns "
        "and the {cards} cards under the top of the discard become the new stock.",
        times=MAX_RESHUFFLES,
        code=RESHUFFLE_CODE,
        turns=turns,
        cards=cards,
    )
    return f"<p>{escape(text)}</p>"


def _holes_text(t: Translator) -> str:
    text = t.gettext(
        "Holes. A match has from 1 to {most} holes (9 in the guide); the scorecard adds them up and the lowest "
        "total wins.",
        most=MAX_HOLES,
    )
    return f"<p>{escape(text)}</p>"


MORE_HOUSE_RULES = N_(
    "The app offers more house rules, each one set in the room's form and listed at the table. The examples "
    "are scored by the app; a grid is written top row / bottom row."
)
EXPLAINED_ABOVE = frozenset({"grid", "holes", "jokers", "final_turn", "reshuffle_discard"})
"""The rules the paragraphs above explain one by one."""
GRID_EXAMPLE = N_("Example: {grid} scores {sum}; without this rule, {without}.")
HOLE_EXAMPLE = N_(
    "Example: two grids are worth {first} and {second} and the first player went out: the hole scores "
    "{first_score} and {second_score}."
)
UNDERDOG_EXAMPLE = N_(
    "Example: with totals of {first_total} and {second_total} before the hole and grids worth {first} and "
    "{second}, the hole scores {first_score} and {second_score}."
)
DECKS_EXAMPLE = N_("With {players} players and two decks, {stock} cards are left in the stock after the deal.")
GRID_EXAMPLES: dict[str, tuple[str, dict[str, object]]] = {
    "super_kings": ("KS 5H KD / KH 7C 9H", {}),
    "tens_one": ("TS 5H 3C / 4D 7C 9H", {}),
    "one_eyed_jacks": ("JH 5H 3C / 4D 7C 9H", {}),
    "lucky_swing": ("X1 5H 3C / 4D 7C 9H", {"jokers": 1}),
    "eagle_eye": ("X1 5H 3C / X2 7C 9H", {"jokers": 2}),
    "negative_pairs": ("2S 5H 3C / 2D 7C 9H", {}),
    "four_of_a_kind": ("9S 9H 3C / 9D 9C 4H", {}),
    "wolfpack": ("JS JH 3C / JD JC 4H", {}),
    "blackjack": ("TS 5H 3C / AD 2C 4H", {}),
}
"""Each card-value rule's example grid, with what the rule needs besides (scored with and without it)."""
HOLE_GRIDS = ("AC 2C 3C / 4C 5C 6C", "AD 2D 3D / 4D 5D 6D")
"""Two grids of equal worth for the rules that score a hole (the first player went out)."""
UNDERDOG_TOTALS = (20, 35)


def _sum_text(score: GridScore) -> str:
    """``0 + 12 + 7 = 19``: a grid's columns, then its bonuses, then the total (``= 21 → 0`` for blackjack)."""
    terms = [column.points for column in score.columns] + [points for _, points in score.bonuses]
    text = _number(terms[0]) + "".join(f" − {-term}" if term < 0 else f" + {term}" for term in terms[1:])
    plain = sum(terms)
    return f"{text} = {_number(plain)}" + (f" → {_number(score.total)}" if score.blackjack else "")


def _grid_words(text: str, t: Translator) -> str:
    """A grid written with the language's short card names, rows separated by ``/``."""
    return " / ".join(" ".join(card_short(card, t) for card in parse_cards(row)) for row in text.split("/"))


def grid_example(name: str) -> tuple[str, GridScore, int]:
    """The example of a card-value rule: its grid, scored under the rule, and its total without it."""
    text, needs = GRID_EXAMPLES[name]
    cards, columns = parse_grid(text)
    with_rule = SixCardRules(**{name: True, **needs})  # type: ignore[arg-type]
    without = SixCardRules(**needs)  # type: ignore[arg-type]
    return text, score_grid(cards, columns, with_rule), score_grid(cards, columns, without).total


def hole_example(name: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The example of a rule that scores a hole: both grids' points, and the hole's points under it."""
    grids = [[card.index for card in parse_grid(text)[0]] for text in HOLE_GRIDS]
    rules = SixCardRules(**{name: True})  # type: ignore[arg-type]
    totals = UNDERDOG_TOTALS if name == "underdog" else None
    return tuple(grid_points(grid, rules) for grid in grids), hole_points(grids, rules, 0, totals)


def _example(name: str, t: Translator) -> str:
    if name in GRID_EXAMPLES:
        text, score, without = grid_example(name)
        return t.gettext(GRID_EXAMPLE, grid=_grid_words(text, t), sum=_sum_text(score), without=_number(without))
    if name in ("knock_penalty", "knock_bonus", "tied_shame", "underdog"):
        (first, second), (first_score, second_score) = hole_example(name)
        numbers = {"first": first, "second": second, "first_score": first_score, "second_score": second_score}
        if name == "underdog":
            totals = dict(zip(("first_total", "second_total"), UNDERDOG_TOTALS, strict=True))
            return t.gettext(UNDERDOG_EXAMPLE, **totals, **{k: _number(v) for k, v in numbers.items()})
        return t.gettext(HOLE_EXAMPLE, **{k: _number(v) for k, v in numbers.items()})
    if name == "decks":
        stock = SixCardRules(players=MAX_PLAYERS, decks=2).stock_size
        return t.gettext(DECKS_EXAMPLE, players=MAX_PLAYERS, stock=stock)
    if name == "flip_after_discard":
        return " · ".join(t.gettext(text) for text in FLIP_AFTER_DISCARD.values())
    return ""


def _more_house_rules(t: Translator) -> str:
    """Every other house rule, group by group: its name, its one-sentence hint, and an example."""
    parts = [f"<p>{escape(t.gettext(MORE_HOUSE_RULES))}</p>"]
    for group, title, names in GROUPS:
        items = []
        for name in names:
            if name in EXPLAINED_ABOVE:
                continue
            text = " ".join(part for part in (t.gettext(HINTS[name]), _example(name, t)) if part)
            items.append(f'<p id="rule-{name}"><b>{escape(t.gettext(LABELS[name]))}.</b> {escape(text)}</p>')
        parts.append(f'<h3 id="rules-{group}">{escape(t.gettext(title))}</h3>{"".join(items)}')
    return f'<div class="more-house-rules">{"".join(parts)}</div>'


def _pair_of_twos() -> dict[str, int]:
    return {
        "pair": score_column(parse_cards("2C 2H")).points,
        "mixed": score_column(parse_cards("2C 3H")).points,
    }


FAQ: tuple[tuple[str, str], ...] = (
    (
        N_("May I look at my own face-down cards?"),
        N_(
            "No. Nobody looks at a face-down card, not even its owner; the app does not show it to you either "
            "until it is turned up or the hole ends."
        ),
    ),
    (
        N_("Is a pair of 2s worth −4?"),
        N_(
            "No: a column whose cards share a rank is worth 0, and a pair of 2s is no exception. 2♣ over 2♥ "
            "scores {pair}, while 2♣ over 3♥ scores {mixed}."
        ),
    ),
    (
        N_("Do equal cards in a row or on a diagonal cancel?"),
        N_(
            "No. Only the vertical columns count: in the swap example above, the two 9s cancel because they share "
            "a column."
        ),
    ),
    (
        N_("May I turn up a face-down card instead of drawing?"),
        N_(
            "No. Every turn you draw from the stock or take the discard; throwing a drawn card away neither lets "
            "you nor makes you turn up a card."
        ),
    ),
    (
        N_("What happens when the stock runs out?"),
        N_(
            "Once the turn that took its last card is over, the hole ends and every grid is scored. The discard "
            "is not reshuffled, unless the table chose that house rule."
        ),
    ),
    (
        N_("Who starts the next hole?"),
        N_("The dealer moves one seat clockwise each hole, and the player to the dealer’s left starts."),
    ),
    (
        N_("What if two players have the same lowest total?"),
        N_("They share the win."),
    ),
    (
        N_("Can I watch a match, or see one again?"),
        N_(
            "Whoever opens a room whose seats are all taken watches, and sees only what every spectator may see. "
            "Once a match is over, its players find it in their record, where it can be replayed hole by hole "
            "with every card shown."
        ),
    ),
)
"""Questions and answers of the six-card page; ``{pair}`` and ``{mixed}`` are scored by the engine."""


def _faq(t: Translator) -> str:
    numbers = _pair_of_twos()
    parts = []
    for question, answer in FAQ:
        text = t.gettext(answer, **numbers) if "{pair}" in answer else t.gettext(answer)
        parts.append(f"<h3>{escape(t.gettext(question))}</h3><p>{escape(text)}</p>")
    return f'<div class="faq">{"".join(parts)}</div>'


DASHED_CAPTION = N_("Dashed: the card its owner has not seen.")
SIXCARD_TITLE = N_("Six-card Golf and its variants")
SIXCARD_RULES: tuple[Section, ...] = (
    Section(
        N_("Six-card Golf"),
        (
            _p(
                N_(
                    "Card Golf turns a small hidden grid into a contest for the lowest score. It combines memory, swaps "
                    "and choosing when to finish; it is different from Golf Solitaire. This guide chooses the six-card "
                    "version with negative deuces and an immediate end of the hole. Other tables use bigger grids, "
                    "jokers or an extra final turn; agree on those differences before dealing. The sporting name "
                    "reflects the search for few points and the division of the match into holes. Neither an inventor "
                    "nor an exact date of origin is established for this set of rules."
                )
            ),
        ),
    ),
    Section(
        N_("Dealing and setting up the table"),
        (
            _p(
                N_(
                    "For 2–4 people use 52 ordinary cards without jokers and paper for the results. Deal 6 face-down "
                    "cards to each person, in 2 rows of 3. Each chooses any 2 of their cards to turn up; the others may "
                    "not be peeked at. Keep the positions: the vertical columns count for the score. The undealt cards "
                    "form the closed stock; turn up the top one to start the discard. With 4 people there are 24 cards "
                    "in the grids, 1 on the discard and 27 in the stock. The person to the dealer’s left starts; turns "
                    "and the next dealer move clockwise."
                )
            ),
        ),
    ),
    Section(
        N_("Draw, swap or reject"),
        (
            _p(
                N_(
                    "Take the top card of the stock in secret or pick up the visible top of the discard. The card from "
                    "the discard must replace one of your grid. The card from the stock can replace any card, face "
                    "down or face up, or be rejected straight onto the discard. Choose the position without peeking "
                    "underneath, place the new card face up and discard the replaced one face up too. Never move cards "
                    "between positions. In this version, rejecting a drawn card does not oblige you to reveal another "
                    "card. Nor may you just turn up a face-down card instead of drawing. Only the top of the discard is "
                    "available; earlier cards are not taken back."
                )
            ),
        ),
    ),
    Section(
        N_("Values and vertical pairs"),
        (
            _p(
                N_(
                    "Values: A = 1; 2 = −2; 3–10 = face value; J and Q = 10; K = 0. Before adding single cards, check "
                    "each vertical column. If the ranks are equal, the whole column is worth 0, whatever the suits. A "
                    "pair of deuces also cancels: it is not worth −4. Equal cards in the same row or on a diagonal do "
                    "not cancel. Leave pairs in place until the scoring; they are not removed during play. Low single "
                    "cards help, but pairing a high card already in the column can save more points than a low draw "
                    "without a match."
                )
            ),
        ),
    ),
    Section(
        N_("Ending a hole and the match"),
        (
            _p(
                N_(
                    "As soon as someone’s grid is entirely face up after a turn, stop at once. There are no extra turns. "
                    "Reveal the other grids, add up the columns and write down the results. Play 9 deals, shuffling "
                    "everything between them; the lowest total wins, with a shared win in case of a tie. For an "
                    "exhausted stock we adopt an agreement: once the last draw is resolved, if no grid has finished the "
                    "hole, stop and score. The discard is not reshuffled under this agreement. It is a practical limit, "
                    "not a universal rule. A final turn for the opponents or reusing the discard belongs to another "
                    "agreed version."
                )
            ),
        ),
    ),
    Section(N_("A swap that saves points"), (_swap_picture, _swap_text, _scroll_hint)),
    Section(
        N_("House rules"),
        (
            _p(HOUSE_INTRO),
            _p(HOUSE_GRID),
            _grid_table,
            _nine_grid_text,
            _grid_picture(NINE_GRID),
            _jokers_text,
            _grid_picture(JOKER_GRID),
            _final_turn_text,
            _reshuffle_text,
            _holes_text,
            _more_house_rules,
        ),
        anchor="house-rules",
    ),
    Section(N_("Frequently asked questions"), (_faq,), anchor="faq"),
)


RULES_PAGES = (
    ("/rules/solitaire", N_("Golf Solitaire"), SOLITAIRE_TITLE),
    ("/rules/sixcard", N_("Six-card Golf"), SIXCARD_TITLE),
)


def render_rules(t: Translator, title: str, sections: tuple[Section, ...]) -> str:
    links = []
    for href, label, page_title in RULES_PAGES:
        current = ' aria-current="page"' if page_title == title else ""
        links.append(f'<a href="{href}?lang={t.language}"{current}>{escape(t.gettext(label))}</a>')
    parts = [f'<nav class="rules-switch">{"".join(links)}</nav>', f"<h1>{escape(t.gettext(title))}</h1>"]
    for section in sections:
        anchor = f' id="{section.anchor}"' if section.anchor else ""
        parts.append(f"<section{anchor}><h2>{escape(t.gettext(section.title))}</h2>")
        for block in section.blocks:
            parts.append(block(t))
        parts.append("</section>")
    return "\n".join(parts)


async def solitaire_rules(request: Request) -> Response:
    t = request_translator(request)
    body = render_rules(t, SOLITAIRE_TITLE, SOLITAIRE_RULES)
    return HTMLResponse(shell(t, t.gettext(SOLITAIRE_TITLE), body, "/rules/solitaire"))


async def sixcard_rules(request: Request) -> Response:
    t = request_translator(request)
    body = render_rules(t, SIXCARD_TITLE, SIXCARD_RULES)
    return HTMLResponse(shell(t, t.gettext(SIXCARD_TITLE), body, "/rules/sixcard"))


async def rules_index(request: Request) -> Response:
    query = f"?{request.url.query}" if request.url.query else ""
    return RedirectResponse(f"/rules/solitaire{query}", status_code=307)


def routes() -> list[Route]:
    return [
        Route("/rules", rules_index),
        Route("/rules/solitaire", solitaire_rules),
        Route("/rules/sixcard", sixcard_rules),
    ]
