"""The spectators of a six-card room: how many, and the names every client of the room is told.

A visitor who holds no seat watches: they receive the spectator's view (``view_for(state, None)``)
and are counted, and the first :data:`SPECTATORS_LISTED` of them listed, by the name they gave
(``{"type": "watch", "name"}``) or as ``Spectator N``, to everyone in the room. A room takes at most
:data:`MAX_SPECTATORS` of them. Nothing here names a card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from golfcards.i18n import N_, Translator

SPECTATOR = N_("Spectator {number}")
MAX_SPECTATORS = 100
"""Visitors without a seat one room takes: every change of the table is sent to each of them, so the
next one is refused (``room.too_many_spectators``); a player who comes to take a seat never is."""
SPECTATORS_LISTED = 20
"""Spectators named in a state message; the others are only counted (``spectator_count``)."""


class Visitor(Protocol):
    """A connection as this module needs it: the seat it holds (None: watching) and a name."""

    @property
    def seat(self) -> int | None: ...

    @property
    def name(self) -> str: ...


def spectator_names(clients: Sequence[Visitor], t: Translator) -> tuple[str, ...]:
    """The names of the first :data:`SPECTATORS_LISTED` connections that hold no seat, in the order
    they came."""
    watching = [client for client in clients if client.seat is None][:SPECTATORS_LISTED]
    return tuple(client.name or t.gettext(SPECTATOR, number=number) for number, client in enumerate(watching, start=1))


def spectator_count(clients: Sequence[Visitor]) -> int:
    """How many of ``clients`` hold no seat."""
    return sum(1 for client in clients if client.seat is None)
