"""Form widgets whose state shows without colour.

Textual draws a checkbox's X and a radio button's dot whether they are on or off and tells them
apart by colour alone, which ``NO_COLOR`` (and a screen reader's text) loses. These draw the mark
only when the box is ticked or the option chosen.
"""

from __future__ import annotations

from textual.widgets import Checkbox, RadioButton


class Tick(Checkbox):
    """A checkbox that shows ``X`` when ticked and a blank when not."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 - Textual's name for the mark
        return "X" if self.value else " "


class Choice(RadioButton):
    """A radio button that shows ``●`` when chosen and a blank when not."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 - Textual's name for the mark
        return "●" if self.value else " "
