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
from golfcards.errors import GolfError
from golfcards.i18n import N_, Translator
from golfcards.i18n.errors import error_text
from golfcards.i18n.solitaire import BLOCKED_MESSAGE, board_text, refusal_text
from golfcards.sixcard.scoring import GridScore, score_grid
from golfcards.solitaire.board import POINTS_PER_CARD, Board, Touch, parse_action
from golfcards.solitaire.deal import TABLEAU_SIZE
from golfcards.web.card_faces import card_json
from golfcards.web.html import shell
from golfcards.web.requests import request_translator

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
            _p(
                N_(
                    "The literature also names variants: Queen on King (a Queen may be put on a King (the strict "
                    "rule forbids it)); King–Ace wrap (a King may be put on an Ace and an Ace on a King); jokers (one "
                    "or two jokers stand for any card); empty discard (the discard pile starts empty and you choose "
                    "the first card). The New game window offers the jokers, the empty discard, the strict rule and "
                    "the traditional course of 9 deals with its par of 45."
                )
            ),
        ),
    ),
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
    Section(N_("A swap that saves points"), (_swap_picture, _swap_text)),
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
        parts.append(f"<section><h2>{escape(t.gettext(section.title))}</h2>")
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


def message_page(t: Translator, error: GolfError, status: int) -> Response:
    """A short localized page for an address that does not exist."""
    back = t.gettext("Back to the game")
    body = f'<h1>{escape(error_text(error, t))}</h1><p><a href="/solitaire?lang={t.language}">{escape(back)}</a></p>'
    return HTMLResponse(shell(t, error_text(error, t), body, "/solitaire"), status_code=status)


def routes() -> list[Route]:
    return [
        Route("/rules", rules_index),
        Route("/rules/solitaire", solitaire_rules),
        Route("/rules/sixcard", sixcard_rules),
    ]
