"""The bots of every room think in one worker process, in turns fair between the people who seated them.

A strong bot thinks for a tenth of a second or more per move. In the server's process, even in a
thread, that time is taken from everyone else (the interpreter runs one thread at a time), so a
hundred rooms of expert bots would stall every human table. Here a bot's choice is computed in a
:class:`~golfcards.runners.compute.FairPool` worker at a lower priority: the server's process only
sends the bot and its view there (pickled) and gets back the action and the bot itself (whose
random choices moved on, so it plays exactly as it would have in the server).

A bot's budget is a count (of samples, of searches), never a time, so that a seeded game repeats
anywhere; only the server keeps a clock. A table waits at most :data:`DECISION_CAP` seconds for a
bot's decision (its wait for the worker included): past that, the server plays the decision of a
cheaper level (:data:`CHEAPER`, chosen in the server's process in a few milliseconds) for that turn,
and says so in its log; the slow decision is dropped when it comes (a turn still waiting for the
worker is withdrawn).

The queue is fair between network addresses: each room is charged to the address that created it,
and the worker takes one bot turn per address in turn, so a guest with many rooms of bots slows
nobody else's bots more than one with a single room (how many rooms an address may hold is
:data:`golfcards.web.rooms.ROOMS_PER_ADDRESS`).
"""

from __future__ import annotations

import asyncio
import logging
import traceback

from golfcards.errors import GolfError
from golfcards.runners.compute import FairPool
from golfcards.sixcard.actions import Action
from golfcards.sixcard.bots import Bot, make_bot
from golfcards.sixcard.view import View
from golfcards.web.rooms import Room

logger = logging.getLogger(__name__)

DECISION_CAP = 2.0
"""Seconds a table waits for one decision of a bot before a cheaper level decides that turn."""
CHEAPER = "normal"
"""The level that decides a turn a bot took too long for (a few milliseconds a decision)."""
WAITING_PER_ADDRESS = 64
"""Bot turns of one address that may wait for the worker (one per room at most, so never reached
within the cap of rooms per address)."""


def think(bot: Bot, view: View) -> tuple[Action | None, Bot, str | None]:
    """In the worker: the bot's choice and the bot after choosing; if the bot failed, None and the
    traceback (the server logs it and plays a legal action instead)."""
    try:
        return bot.choose(view), bot, None
    except Exception:
        return None, bot, traceback.format_exc()


class BotPool:
    """Where the bots of the server's rooms think: ``workers`` processes and a queue fair between
    the addresses that created the rooms."""

    def __init__(self, workers: int = 1, decision_cap: float = DECISION_CAP) -> None:
        self.pool = FairPool(workers, per_owner=WAITING_PER_ADDRESS)
        self.decision_cap = decision_cap

    async def choose(self, room: Room, seat: int, bot: Bot, view: View) -> Action | None:
        """The action the bot in ``seat`` chooses from ``view`` (None if it failed), or a cheaper
        level's if it takes longer than the decision cap."""
        if self.pool.closed:  # the server is stopping: the bots stop with it
            raise asyncio.CancelledError
        owner = room.creator or room.code
        thinking = asyncio.ensure_future(self.pool.run(owner, think, bot, view))
        try:
            done, _ = await asyncio.wait([thinking], timeout=self.decision_cap)
        except asyncio.CancelledError:
            thinking.cancel()
            raise
        if not done:
            thinking.cancel()  # withdrawn if still waiting; if running, its result is dropped
            logger.warning(
                "the %s bot in seat %d of room %s took longer than %.1f s: the %s level decided this turn",
                bot.level,
                seat,
                room.code,
                self.decision_cap,
                CHEAPER,
            )
            return make_bot(CHEAPER, room.new_number()).choose(view)
        try:
            action, thought, failure = thinking.result()
        except GolfError as error:  # too many turns of that address wait, or the worker stopped
            if self.pool.closed:
                raise asyncio.CancelledError from None
            logger.warning("the bot in seat %d of room %s could not think: %s", seat, room.code, error)
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
