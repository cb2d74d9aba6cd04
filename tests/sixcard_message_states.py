"""Six-card rooms in known states, for the tests of the room's messages (and their bytes on the wire).

Each state is a room played deterministically (a fixed deal and key, the first legal action of the
seat to act), the client it is told to (a seat, or None: a spectator), its language, and the names
of the room's spectators.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass

from golfcards.sixcard.match import Match
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.state import Phase
from golfcards.web.sixcard.rooms import HOST, Room

KEY = bytes(range(32))


@dataclass(frozen=True)
class Watcher:
    """A connection as the state message counts it: its seat (None: watching) and the name it gave."""

    seat: int | None
    name: str = ""


@dataclass(frozen=True)
class KnownState:
    name: str
    room: Room
    seat: int | None
    language: str
    watchers: tuple[Watcher, ...]
    public_url: str | None = None


def _room(players: int, holes: int = 2, **rules: object) -> Room:
    numbers = iter(range(100, 10_000))
    room = Room("Q34TM", SixCardRules(players=players, holes=holes, **rules), lambda: next(numbers))  # type: ignore[arg-type]
    room.join("Ana")
    return room


def _started(room: Room, number: int = 4242) -> Room:
    room.start(HOST)
    room.match = Match.new(room.rules, number, KEY)
    return room


def _play(room: Room, steps: int, *, until: Phase | None = None) -> Room:
    """The first legal action of the first seat to act, ``steps`` times (or until the phase ``until``)."""
    for _ in range(steps):
        match = room.match
        assert match is not None
        if until is not None and match.state.phase is until:
            break
        if match.state.phase is Phase.OVER:
            if match.is_terminal():
                break
            assert room.next_hole(HOST) is None
            continue
        seat = match.state.to_act[0]
        assert room.act(seat, match.state.legal_actions(seat)[0]) is None
    return room


def known_states() -> Iterator[KnownState]:
    """Rooms before the match, while cards are turned up, in play, at a hole's end, at the match's end."""
    waiting = _room(3)
    waiting.set_bot(HOST, 1, "normal")
    yield KnownState("waiting-host", waiting, 0, "en", (Watcher(0), Watcher(None, "Zoé")), "https://golf.example")
    yield KnownState("waiting-spectator", waiting, None, "ca", (Watcher(0), Watcher(None)))

    seated = _room(2)
    seated.join("Bo")
    yield KnownState("seated-guest", seated, 1, "de", (Watcher(0), Watcher(1)))

    revealing = _room(4, jokers=2)
    revealing.join("Bo")
    revealing.set_bot(HOST, 2, "easy")
    revealing.set_bot(HOST, 3, "strong")
    _started(revealing)
    revealing.seats[0].connections = 1
    yield KnownState("reveal-4", revealing, 1, "fr", (Watcher(0), Watcher(1), Watcher(None, "Eve")))

    playing = dataclasses.replace(revealing, seats=[dataclasses.replace(seat) for seat in revealing.seats])
    playing.last = dict(revealing.last)
    _play(playing, 40)
    while (
        playing.match is not None and playing.match.state.holder is None and playing.match.state.phase is not Phase.OVER
    ):
        _play(playing, 1)
    holder = playing.match.state.holder if playing.match is not None else None
    yield KnownState("playing-4-holder", playing, holder, "es", (Watcher(0), Watcher(None, "Eve"), Watcher(None)))
    yield KnownState("playing-4-spectator", playing, None, "el", (Watcher(0), Watcher(None, "Eve")))

    away = _room(3)
    away.join("Bo")
    away.set_bot(HOST, 2, "normal")
    _started(away, 77)
    away.seats[0].connections = 1
    away.stand_in(1)
    _play(away, 9)
    yield KnownState("stand-in-host", away, 0, "pt", (Watcher(0),))
    yield KnownState("stand-in-player", away, 1, "en", (Watcher(0), Watcher(1)))

    over = _room(2, holes=2, final_turn=False)
    over.set_bot(HOST, 1, "easy")
    _started(over, 9)
    _play(over, 400, until=Phase.OVER)
    yield KnownState("hole-over", over, 0, "en", (Watcher(0),))

    ended = _room(2, holes=1)
    ended.set_bot(HOST, 1, "easy")
    _started(ended, 31)
    _play(ended, 400)
    yield KnownState("match-over", ended, 0, "fr", (Watcher(0), Watcher(None, "Zoé")))
