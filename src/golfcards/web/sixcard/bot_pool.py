"""The bots of every room think in one worker process, in turns fair between the people who seated them.

A strong bot thinks for a tenth of a second or more per move. In the server's process, even in a
thread, that time is taken from everyone else (the interpreter runs one thread at a time), so a
hundred rooms of expert bots would stall every human table. Here a bot's choice is computed in a
:class:`~golfcards.runners.compute.FairPool` worker at a lower priority. The bots live in the
worker: the server sends a bot there once (pickled: an expert, with the random generators of its
sampled tables, is about 95 KB and 7 ms of the server's time each way), then only a key and the
view, and gets back the action; the bot's random choices move on in the worker, so it plays as it
would have in the server. A worker that lost the bot (it was restarted, or keeps only the
:data:`BOTS_KEPT` most recent) says so and is sent it again.

A bot's budget is a count (of samples, of searches), never a time, so that a seeded game repeats
anywhere; only the server keeps a clock. A table waits at most :data:`DECISION_CAP` seconds for a
bot's decision (its wait for the worker included): past that, the server plays the decision of a
cheaper level (:data:`CHEAPER`, chosen in the server's process in a few milliseconds) for that turn,
and says so in its log; the slow decision is dropped when it comes (a turn still waiting for the
worker is withdrawn).

The queue is fair between network addresses: each room is charged to the address that created it,
and the worker takes one bot turn per address in turn, so a guest with many rooms of bots slows
nobody else's bots more than one with a single room (how many rooms an address may hold is
:data:`golfcards.web.sixcard.rooms.ROOMS_PER_ADDRESS`).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import traceback
import weakref
from collections import OrderedDict

from golfcards.errors import GolfError
from golfcards.runners.compute import FairPool
from golfcards.sixcard.actions import Action
from golfcards.sixcard.bots import Bot, make_bot
from golfcards.sixcard.view import View
from golfcards.web.sixcard.rooms import Room

logger = logging.getLogger(__name__)

DECISION_CAP = 2.0
"""Seconds a table waits for one decision of a bot before a cheaper level decides that turn."""
CHEAPER = "normal"
"""The level that decides a turn a bot took too long for (a few milliseconds a decision)."""
WAITING_PER_ADDRESS = 64
"""Bot turns of one address that may wait for the worker (one per room at most, so never reached
within the cap of rooms per address)."""


BOTS_KEPT = 1024
"""Bots a worker keeps between their turns (the most recently used; three per room of bots)."""
_kept: OrderedDict[int, Bot] = OrderedDict()
"""In a worker: the bots it holds, by the key the server gave them."""


def think(key: int, bot: Bot | None, view: View) -> tuple[Action | None, str | None] | None:
    """In the worker: the choice of the bot ``key`` (``bot``: the bot itself, sent when the worker may
    not hold it), or None if the worker does not hold it; if the bot failed, None and the traceback
    (the server logs it and plays a legal action instead)."""
    if bot is None:
        bot = _kept.get(key)
        if bot is None:
            return None
        _kept.move_to_end(key)
    else:
        _kept[key] = bot
        while len(_kept) > BOTS_KEPT:
            _kept.popitem(last=False)
    try:
        return bot.choose(view), None
    except Exception:
        return None, traceback.format_exc()


class BotPool:
    """Where the bots of the server's rooms think: ``workers`` processes and a queue fair between
    the addresses that created the rooms."""

    def __init__(self, workers: int = 1, decision_cap: float = DECISION_CAP) -> None:
        self.pool = FairPool(workers, per_owner=WAITING_PER_ADDRESS)
        self.decision_cap = decision_cap
        self._keys: weakref.WeakKeyDictionary[Bot, int] = weakref.WeakKeyDictionary()
        """The bots sent to the worker, with their keys."""
        self._next_key = itertools.count(1)

    async def _think(self, owner: str, bot: Bot, view: View) -> tuple[Action | None, str | None]:
        """The bot's choice in the worker, sending the bot along the first time (or when the worker
        no longer holds it)."""
        key = self._keys.get(bot)
        if key is not None:
            answer = await self.pool.run(owner, think, key, None, view)
            if answer is not None:
                return answer
        key = self._keys[bot] = next(self._next_key)
        answer = await self.pool.run(owner, think, key, bot, view)
        assert answer is not None, "a worker holds a bot it was just sent"
        return answer

    async def choose(self, room: Room, seat: int, bot: Bot, view: View) -> Action | None:
        """The action the bot in ``seat`` chooses from ``view`` (None if it failed), or a cheaper
        level's if it takes longer than the decision cap."""
        if self.pool.closed:  # the server is stopping: the bots stop with it
            raise asyncio.CancelledError
        owner = room.creator or room.code
        thinking = asyncio.ensure_future(self._think(owner, bot, view))
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
            action, failure = thinking.result()
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
        return action

    def close(self) -> None:
        self.pool.close()
