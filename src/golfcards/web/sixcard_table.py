"""What every client of a six-card room is told besides the engine's view: house rules, spectators.

A visitor who holds no seat watches: they receive the spectator's view (``view_for(state, None)``)
and are listed, by the name they gave (``{"type": "watch", "name"}``) or as ``Spectator N``, to
everyone in the room. Nothing here names a card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from golfcards.i18n import N_, Translator
from golfcards.web.rooms import Room
from golfcards.web.sixcard_house import house_rules_json

SPECTATOR = N_("Spectator {number}")


class Visitor(Protocol):
    """A connection as this module needs it: the seat it holds (None: watching) and a name."""

    @property
    def seat(self) -> int | None: ...

    @property
    def name(self) -> str: ...


def spectators_json(clients: Sequence[Visitor], t: Translator) -> list[str]:
    """The names of the connections that hold no seat, in the order they came."""
    watching = [client for client in clients if client.seat is None]
    return [client.name or t.gettext(SPECTATOR, number=number) for number, client in enumerate(watching, start=1)]


def table_extras(room: Room, client: Visitor, clients: Sequence[Visitor], t: Translator) -> dict[str, Any]:
    """The keys added to ``client``'s state message: ``house_rules``, ``spectators``, ``watching``."""
    return {
        "house_rules": house_rules_json(room.rules, t),
        "spectators": spectators_json(clients, t),
        "watching": client.seat is None,
    }
