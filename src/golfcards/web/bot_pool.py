"""The bots of every room think in one worker process, in turns fair between the people who seated them.

A strong bot thinks for a tenth of a second or more per move. In the server's process, even in a
thread, that time is taken from everyone else (the interpreter runs one thread at a time), so a
hundred rooms of expert bots would stall every human table. Here a bot's choice is computed in a
:class:`~golfcards.runners.compute.FairPool` worker at a lower priority: the server's process only
sends the bot and its view there (pickled) and gets back the action and the bot itself (whose
random choices moved on, so it plays exactly as it would have in the server).

The queue is fair between network addresses: each room is charged to the address that seated its
bots, and the worker takes one bot turn per address in turn, so a guest with a hundred rooms of
bots slows nobody else's bots more than one with a single room. An address may keep at most
:data:`MAX_BOT_ROOMS` rooms with bots going at once.
"""

from __future__ import annotations

import logging
import time
import traceback

from golfcards.errors import GolfError
from golfcards.runners.compute import FairPool
from golfcards.sixcard.actions import Action
from golfcards.sixcard.bots import Bot
from golfcards.sixcard.view import View
from golfcards.web.rooms import Room, Rooms

logger = logging.getLogger(__name__)

MAX_BOT_ROOMS = 10
"""Rooms with bots an address may have going at once (created or played in the last :data:`ACTIVE`
seconds, match not over)."""
ACTIVE = 15 * 60.0
WAITING_PER_ADDRESS = 64
"""Bot turns of one address that may wait for the worker (one per room at most)."""


def think(bot: Bot, view: View) -> tuple[Action | None, Bot, str | None]:
    """In the worker: the bot's choice and the bot after choosing; if the bot failed, None and the
    traceback (the server logs it and plays a legal action instead)."""
    try:
        return bot.choose(view), bot, None
    except Exception:
        return None, bot, traceback.format_exc()


class BotPool:
    """Where the bots of ``rooms`` think: ``workers`` processes, a fair queue, a cap per address."""

    def __init__(self, rooms: Rooms, workers: int = 1) -> None:
        self.rooms = rooms
        self.pool = FairPool(workers, per_owner=WAITING_PER_ADDRESS)
        self._owners: dict[str, tuple[str, float]] = {}
        """Room code → the address that seated its bots, and when its bots were last busy."""

    def check(self, address: str, room: Room | None = None) -> None:
        """Refuse (``room.too_many_bot_rooms``) if ``address`` may not seat bots in one more room."""
        if room is not None and self._owners.get(room.code, ("",))[0] == address:
            return
        if self._going(address) >= MAX_BOT_ROOMS:
            raise GolfError("room.too_many_bot_rooms", f"{address} has {MAX_BOT_ROOMS} rooms with bots going")

    def claim(self, room: Room, address: str) -> None:
        """``address`` seated bots in ``room``: its bots' turns are charged to that address."""
        self._owners.setdefault(room.code, (address, time.monotonic()))

    def _going(self, address: str) -> int:
        now = time.monotonic()
        going = 0
        for code, (owner, active) in list(self._owners.items()):
            try:
                room = self.rooms.get(code)
            except GolfError:  # the room was forgotten
                del self._owners[code]
                continue
            over = room.match is not None and room.match.is_over()
            if over or active < now - ACTIVE:
                del self._owners[code]
            elif owner == address:
                going += 1
        return going

    async def choose(self, room: Room, seat: int, bot: Bot, view: View) -> Action | None:
        """The action the bot in ``seat`` chooses from ``view`` (None if it failed)."""
        registered = self._owners.get(room.code)
        owner = room.code if registered is None else registered[0]
        if registered is not None:
            self._owners[room.code] = (owner, time.monotonic())
        try:
            action, thought, failure = await self.pool.run(owner, think, bot, view)
        except GolfError:
            logger.warning("too many bot turns wait for %s: the bot in seat %d of room %s", owner, seat, room.code)
            return None
        except Exception:
            logger.exception("the bot in seat %d of room %s could not think", seat, room.code)
            return None
        if failure is not None:
            logger.error("the bot in seat %d of room %s failed to choose:\n%s", seat, room.code, failure)
        if room.seats[seat].bot is bot:
            room.seats[seat].bot = thought
        return action

    def close(self) -> None:
        self.pool.close()
