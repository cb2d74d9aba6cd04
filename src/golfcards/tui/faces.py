"""Cards drawn with box characters: faces, backs, empty places, in one or several lines.

A card is a box whose top edge carries its corner (``╭10♠──╮``), so a column of overlapping cards
shows every card's rank and suit. Meaning never rests on colour alone (``NO_COLOR`` turns colour
off): a hinted card has a heavy frame (``┏━┓``), a card just refused or chosen a double frame
(``╔═╗``), a card that can be played now a diamond on its top edge (``╭6♣──◆╮``) and an underlined
corner; suits carry their symbol. The colours only add to that: red suits, or four colours, and a
green edge on a card that can be played.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from golfcards.cards import AnyCard, Card, Suit
from golfcards.i18n import Translator
from golfcards.i18n.cards import rank_short

FACE = Style(color="#1c1c1c", bgcolor="#f2efe6")
BACK = Style(color="#c9d6ff", bgcolor="#27408b")
SLOT = Style(color="#7a8a7a", dim=True)
SUIT_COLOURS = {
    "classic": {Suit.CLUBS: "#1c1c1c", Suit.SPADES: "#1c1c1c", Suit.HEARTS: "#c0182b", Suit.DIAMONDS: "#c0182b"},
    "four": {Suit.CLUBS: "#1d7a2e", Suit.SPADES: "#1c1c1c", Suit.HEARTS: "#c0182b", Suit.DIAMONDS: "#1f5fbf"},
}
JOKER_COLOUR = "#7b2fa8"
FRAME_COLOURS = {"plain": None, "hint": "#b8860b", "mark": "#1f5fbf"}
PLAYABLE_COLOUR = "#1d7a2e"
PLAYABLE_MARK = "◆"
"""Drawn on the top edge of a card that can be played now (it needs no colour)."""

#                  top-left, top-right, bottom-left, bottom-right, horizontal, vertical
FRAMES: dict[str, tuple[str, str, str, str, str, str]] = {
    "plain": ("╭", "╮", "╰", "╯", "─", "│"),
    "hint": ("┏", "┓", "┗", "┛", "━", "┃"),
    "mark": ("╔", "╗", "╚", "╝", "═", "║"),
}


@dataclass(frozen=True, slots=True)
class Look:
    """How cards are drawn: the card style (``classic`` or ``four``) and the translator for corner ranks."""

    t: Translator
    style: str = "classic"


def corner(card: AnyCard, t: Translator) -> str:
    """The corner of a card: localized rank and suit symbol (``R♣`` in Catalan); ``★1`` for a joker.

    (A joker's own symbol 🃏 is two cells wide in most terminals and would break the box.)
    """
    if not isinstance(card, Card):
        return f"★{card.code[-1]}"
    return rank_short(card.rank, t) + card.suit.symbol


def ink(card: AnyCard, look: Look) -> Style:
    colour = (
        SUIT_COLOURS.get(look.style, SUIT_COLOURS["classic"])[card.suit] if isinstance(card, Card) else JOKER_COLOUR
    )
    return FACE + Style(color=colour, bold=True)


def _frame_style(frame: str, base: Style) -> Style:
    colour = FRAME_COLOURS.get(frame)
    return base + Style(color=colour, bold=True) if colour else base


def face_lines(
    card: AnyCard, look: Look, width: int, height: int, frame: str = "plain", tag: str = "", playable: bool = False
) -> list[Text]:
    """The card's ``height`` lines, ``width`` cells each: corner at top left and bottom right, suit in the middle.

    ``height`` 1 is the top edge only (a card covered by the next one); ``tag`` (a grid position)
    replaces the bottom corner; ``playable`` marks a card that can be played now (:data:`PLAYABLE_MARK`
    on the top edge, the corner underlined, a green edge unless the frame has its own colour).
    """
    tl, tr, bl, br, horizontal, vertical = FRAMES[frame]
    label = corner(card, look.t)
    inner = width - 2
    border = _frame_style(frame, FACE)
    if playable and FRAME_COLOURS.get(frame) is None:
        border = border + Style(color=PLAYABLE_COLOUR, bold=True)
    top_ink = ink(card, look) + Style(underline=True) if playable else ink(card, look)
    filler = horizontal * (inner - len(label))
    if playable and filler:
        filler = filler[:-1] + PLAYABLE_MARK
    lines = [Text.assemble((tl, border), (label, top_ink), (filler, border), (tr, border))]
    if height == 1:
        return lines
    middle_rows = height - 2
    suit = label[-1] if isinstance(card, Card) else "★"
    for row in range(middle_rows):
        text = suit.center(inner) if row == (middle_rows - 1) // 2 and height >= 3 else " " * inner
        lines.append(Text.assemble((vertical, border), (text, ink(card, look)), (vertical, border)))
    if height >= 3 and tag:
        lines.append(Text.assemble((bl + tag.center(inner, horizontal) + br, border)))
    elif height >= 3:
        lines.append(
            Text.assemble(
                (bl, border), (horizontal * (inner - len(label)), border), (label, ink(card, look)), (br, border)
            )
        )
    return lines[:height]


def back_lines(width: int, height: int, middle: str = "", frame: str = "plain", tag: str = "") -> list[Text]:
    """A face-down card (the stock, a hidden grid card).

    ``middle`` is written across it (a count), ``tag`` on its bottom edge (a grid position).
    """
    tl, tr, bl, br, horizontal, vertical = FRAMES[frame]
    inner = width - 2
    border = _frame_style(frame, BACK)
    lines = [Text.assemble((tl + horizontal * inner + tr, border))]
    for row in range(height - 2):
        text = middle.center(inner, "░") if row == (height - 3) // 2 and middle else "░" * inner
        lines.append(Text.assemble((vertical, border), (text, BACK), (vertical, border)))
    if height >= 2:
        lines.append(Text.assemble((bl + tag.center(inner, horizontal) + br, border)))
    return lines[:height]


def slot_lines(width: int, height: int, middle: str = "") -> list[Text]:
    """An empty place (an empty column, an empty discard): a dotted outline."""
    inner = width - 2
    lines = [Text("╭" + "┄" * inner + "╮", SLOT)]
    for row in range(height - 2):
        text = middle.center(inner) if row == (height - 3) // 2 and middle else " " * inner
        lines.append(Text("┆" + text + "┆", SLOT))
    if height >= 2:
        lines.append(Text("╰" + "┄" * inner + "╯", SLOT))
    return lines[:height]


def join_lines(lines: list[Text]) -> Text:
    return Text("\n").join(lines)
