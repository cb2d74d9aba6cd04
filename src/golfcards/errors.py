"""The one error type the library raises for bad input.

Engines never build user-facing sentences: an error carries a message *key* and its
parameters, which presentation layers translate (see ``golfcards.i18n``). ``str(error)``
is an English sentence for developers and logs.
"""

from __future__ import annotations

from typing import Any


class GolfError(ValueError):
    """Bad input (a card, a code, a move, a request); ``key`` names the problem."""

    def __init__(self, key: str, detail: str, **params: Any) -> None:
        super().__init__(detail)
        self.key = key
        self.params = params

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle with the key and parameters, so an error raised in a worker process arrives whole."""
        return _rebuild, (self.key, str(self), self.params)


def _rebuild(key: str, detail: str, params: dict[str, Any]) -> GolfError:
    return GolfError(key, detail, **params)
