"""Absent players at a six-card table: the time away, the stand-in bot, and what the page is told.

A player is *away* when their seat has no open connection while a match is played (a room loaded
after a restart, or a table everyone left, counts its absent players away from the moment someone
sits at it again). When a seat has been away for
the server's time away (:data:`AWAY_SECONDS` by default, ``golf serve --away SECONDS``) and another
player is at the table waiting, a bot (:data:`~golfcards.web.sixcard.rooms.STAND_IN_LEVEL`) plays for the
absent player; the host may ask for it at once. The player's link still holds the seat: back at the
table, they take it back. The clock lives here, in the server, never in the engine.
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Awaitable, Callable

from golfcards.i18n import N_
from golfcards.web.sixcard.rooms import Room

AWAY_SECONDS = 60.0
"""How long a player may be away during a match before a bot plays for them."""

STAND_IN_NOTICE = N_("A bot is playing for you while you were away. Take your seat back to play again.")
"""Told to a player whose seat a stand-in plays (the state message's ``stand_in_notice``, or
:data:`ARRIVAL_NOTICE` when the player took a quick-play bot's seat during a hole and the bot plays it
out: the message's ``joins_next_hole``); each seat's ``away`` and ``stand_in`` flags, and what the host
may do to it, are its ``seat_states`` (:func:`golfcards.web.sixcard.state_message.seat_flags`)."""
ARRIVAL_NOTICE = N_("This seat is yours from the next hole on: until it is dealt, its bot plays the hole.")


class AwayWatch:
    """Notes when each seat went away and calls ``due(room, seat)`` once it has been away long enough
    and someone else is at the table. It holds something only for seats away while someone else is
    at the table: a seat that is back, taken or freed, and a room nobody sits at any more (which is
    how every room ends), are forgotten with their clocks."""

    def __init__(self, away: float, due: Callable[[Room, int], Awaitable[None]]) -> None:
        self.away = away
        self.due = due
        self._since: dict[tuple[str, int], float] = {}
        self._timers: dict[tuple[str, int], asyncio.Task[None]] = {}

    def __len__(self) -> int:
        """The seats whose time away is counted or whose clock runs."""
        return len(self._since.keys() | self._timers.keys())

    def update(self, room: Room) -> None:
        """Call after any change of who is connected or seated: starts or forgets the seats' clocks."""
        now = time.monotonic()
        if not any(holder.connections for holder in room.seats):
            self.forget(room.code)  # nobody at the table: the clocks start again when someone comes
            return
        for seat in range(len(room.seats)):
            key = (room.code, seat)
            if not room.is_away(seat):
                self._stop(key)
                continue
            self._since.setdefault(key, now)
            running = self._timers.get(key)
            if running is None or running.done():
                timer = self._timers[key] = asyncio.create_task(self._wait(room, seat))
                timer.add_done_callback(functools.partial(self._ended, key))

    async def _wait(self, room: Room, seat: int) -> None:
        key = (room.code, seat)
        while self._since.get(key) is not None:
            left = self._since[key] + self.away - time.monotonic()
            if left > 0:
                await asyncio.sleep(left)
                continue
            self._since.pop(key, None)
            if room.is_away(seat) and any(holder.connections for holder in room.seats):
                await self.due(room, seat)

    def _ended(self, key: tuple[str, int], timer: asyncio.Task[None]) -> None:
        if self._timers.get(key) is timer:
            del self._timers[key]

    def _stop(self, key: tuple[str, int]) -> None:
        self._since.pop(key, None)
        timer = self._timers.pop(key, None)
        if timer is not None and timer is not asyncio.current_task():  # (a clock's due call may get here)
            timer.cancel()

    def close(self) -> None:
        """Stop every clock (the server is stopping)."""
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        self._since.clear()

    def forget(self, code: str) -> None:
        """Stop and forget the clocks of the room ``code``."""
        for key in [key for key in self._since.keys() | self._timers.keys() if key[0] == code]:
            self._stop(key)
