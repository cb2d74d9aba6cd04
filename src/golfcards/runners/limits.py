"""How often a key (a network, an account's name) may do something: a leaky bucket per key.

Every limit of the server that counts per client is one :class:`Buckets`: new players, failed room
look-ups, new QR codes, quick-play requests and failed sign-ins.
"""

from __future__ import annotations

import time
from collections.abc import Callable

KEYS_KEPT = 65_536
"""Keys remembered by default (the one used longest ago is forgotten first, which only ever forgives)."""


class Buckets:
    """A count per key that drains: a key may do ``at_once`` things at once, then one more every
    ``seconds``. Only the ``keys_kept`` keys used last are remembered. Use from one thread (the event
    loop) only."""

    def __init__(
        self, at_once: int, seconds: float, keys_kept: int = KEYS_KEPT, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.at_once = at_once
        self.seconds = seconds
        self.keys_kept = keys_kept
        self.clock = clock
        self._spent: dict[str, tuple[float, float]] = {}  # key: (count, when), the key used last at the end

    def level(self, key: str) -> float:
        """``key``'s count now (drained since it was last counted)."""
        now = self.clock()
        spent, when = self._spent.get(key, (0.0, now))
        return max(0.0, spent - (now - when) / self.seconds)

    def full(self, key: str) -> bool:
        """Whether ``key`` may do nothing more now."""
        return self.level(key) > self.at_once - 1

    def add(self, key: str) -> None:
        """Count one thing ``key`` did (whether or not it was allowed)."""
        self._keep(key, self.level(key) + 1)

    def take(self, key: str) -> bool:
        """Count one thing ``key`` may do and say True, or say False (nothing counted) if it is full."""
        level = self.level(key)
        if level > self.at_once - 1:
            self._keep(key, level)
            return False
        self._keep(key, level + 1)
        return True

    def _keep(self, key: str, level: float) -> None:
        self._spent.pop(key, None)
        self._spent[key] = (level, self.clock())
        if len(self._spent) > self.keys_kept:
            del self._spent[next(iter(self._spent))]
