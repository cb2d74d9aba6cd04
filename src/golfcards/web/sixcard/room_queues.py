"""What waits on one room connection: the messages it sent and the server has not carried out yet,
and those the server has for it and has not sent yet.

A room tells each of its clients of every change (:mod:`golfcards.web.sixcard.routes`); a client
that reads slowly, or one that sends a burst of messages, must cost that client alone.

* :class:`Outbox` keeps the answers and errors for one client in order, bounded, and only the newest
  state message of the room: an older one not yet sent is superseded, never queued beside it.
* :class:`Inbox` keeps the messages read from a client and not carried out yet, at most
  :data:`MESSAGE_BACKLOG`: a page sends one message per click and a program one per state it
  receives, so a client with more waiting sent them without waiting for answers: it floods.
* :class:`MessageBudget` paces what a client sends: :data:`MESSAGE_BURST` at once, then
  :data:`MESSAGES_PER_SECOND`; a client that sends faster is read more slowly (and floods if it
  keeps on without waiting).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

OUTBOX = 32
"""Answers and errors waiting for one client: a client this far behind is dropped (it reconnects)."""
MESSAGE_BACKLOG = 32
"""Messages of one client waiting to be carried out: one more and the client is flooding."""
MESSAGE_BURST = 50
"""Messages a client may send in a row at its own pace …"""
MESSAGES_PER_SECOND = 50.0
"""… and then this many a second (no person clicks so fast): a faster client waits between two."""


class Outbox:
    """What waits to be sent to one client: answers and errors in the order they were queued (at most
    :data:`OUTBOX`), and at most one state message, the newest. A state queued while an older one
    waits replaces it and goes after everything queued before it, so a client that reads slowly is
    sent the table as it is now, never each change it missed. Once :meth:`close` is called, what was
    queued before is sent, then the close code, and nothing queued later."""

    def __init__(self, limit: int = OUTBOX) -> None:
        self.limit = limit
        self._messages: deque[str] = deque()
        self._state: str | None = None
        self._state_after = 0
        """How many of ``_messages`` go before ``_state``."""
        self._close: int | None = None
        self._ready = asyncio.Event()

    def put(self, text: str) -> bool:
        """Queue an answer or an error; False when :attr:`limit` wait already (the client cannot keep up)."""
        if self._close is not None:
            return True
        if len(self._messages) >= self.limit:
            return False
        self._messages.append(text)
        self._ready.set()
        return True

    def put_state(self, text: str) -> None:
        """Queue the room's newest state message, in place of one not yet sent."""
        if self._close is not None:
            return
        self._state = text
        self._state_after = len(self._messages)
        self._ready.set()

    def close(self, code: int) -> None:
        """Close the connection with ``code`` once everything queued so far is sent."""
        if self._close is None:
            self._close = code
            self._ready.set()

    async def get(self) -> str | int:
        """The next text to send, or the close code once everything queued before it is sent."""
        while True:
            if self._state is not None and not self._state_after:
                text, self._state = self._state, None
                return text
            if self._messages:
                if self._state is not None:
                    self._state_after -= 1
                return self._messages.popleft()
            if self._close is not None:
                return self._close
            self._ready.clear()
            await self._ready.wait()


class Inbox:
    """The messages read from one client and not carried out yet, in order: at most ``limit``. A client
    that sends more without waiting floods: what it sent is dropped and :attr:`flooded` set."""

    def __init__(self, limit: int = MESSAGE_BACKLOG) -> None:
        self.limit = limit
        self.flooded = False
        self._ended = False
        self._messages: deque[Mapping[str, Any]] = deque()
        self._ready = asyncio.Event()

    def put(self, message: Mapping[str, Any]) -> bool:
        """Keep a message read from the client; False once it floods."""
        if self.flooded or len(self._messages) >= self.limit:
            self.flooded = True
            self._messages.clear()
        else:
            self._messages.append(message)
        self._ready.set()
        return not self.flooded

    def end(self) -> None:
        """The client is gone: the messages it sent before are still carried out."""
        self._ended = True
        self._ready.set()

    async def get(self) -> Mapping[str, Any] | None:
        """The next message to carry out; None once the client is gone or floods."""
        while True:
            if self.flooded:
                return None
            if self._messages:
                return self._messages.popleft()
            if self._ended:
                return None
            self._ready.clear()
            await self._ready.wait()


class MessageBudget:
    """The pace of one client's messages (a token bucket): :data:`MESSAGE_BURST` in a row, then
    :data:`MESSAGES_PER_SECOND`."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.tokens = float(MESSAGE_BURST)
        self.when = clock()

    async def spend(self) -> None:
        """Count one message; returns once the client's pace allows it to be carried out."""
        now = self.clock()
        self.tokens = min(float(MESSAGE_BURST), self.tokens + (now - self.when) * MESSAGES_PER_SECOND) - 1
        self.when = now
        if self.tokens < 0:
            await asyncio.sleep(-self.tokens / MESSAGES_PER_SECOND)
