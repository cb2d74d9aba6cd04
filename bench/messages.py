"""The six-card room's state message: encoding and decoding it with the hand-written schema
(``golfcards.runners.room_messages``) against msgspec Structs of the same shape (run by hand).

    PYTHONPATH=src python3 bench/messages.py [--rounds 2000]
    PYTHONPATH=src:/path/to/msgspec python3 bench/messages.py   # with msgspec importable

The message is a four-player room in play, told to the seat holding a drawn card (about 5 KB). Each
figure is the median of ``--rounds`` timings of ``--batch`` calls, in µs per call, on this process's
CPU clock (``time.process_time_ns``: a busy machine slows it far less than wall time), with the load
average when it ran. Rows:

* encode: the typed message to its JSON text, the view's JSON made from the engine's ``View`` each
  time (schema: orjson over the dataclasses; msgspec: its encoder over Structs);
* decode: the JSON text to the typed message, every field checked as the terminal needs it: types,
  bounds, text without control characters, the scorecard and seats agreeing with the room's seats,
  and the view read by ``View.from_json`` (its consistency checks, which msgspec cannot express);
* decode without the view: the same, the view left out (what msgspec could replace);
* View.from_json alone: the share both decoders have in common;
* one change told to five clients: what a broadcast of the server spends on a change of the room
  (four seats and a spectator: each message built from a fresh ``RoomMoment`` and encoded).
"""

import argparse
import os
import statistics
import time
import unicodedata
from collections.abc import Callable
from typing import Annotated, Any

from golfcards.i18n import translator
from golfcards.json_input import read_json
from golfcards.runners.room_messages import StateMessage, encode, read_server_message
from golfcards.sixcard.match import Match
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.state import Phase
from golfcards.sixcard.view import View
from golfcards.web.sixcard.rooms import HOST, Room
from golfcards.web.sixcard.state_message import RoomMoment


def four_player_moment() -> tuple[RoomMoment, int]:
    """A four-player room in play (two jokers, one spectator) and the seat holding a drawn card."""
    numbers = iter(range(100, 10_000))
    room = Room("Q34TM", SixCardRules(players=4, jokers=2), lambda: next(numbers))
    room.join("Ana")
    room.join("Bo")
    room.set_bot(HOST, 2, "easy")
    room.set_bot(HOST, 3, "strong")
    room.start(HOST)
    room.match = match = Match.new(room.rules, 4242, bytes(range(32)))
    for seat in range(4):
        room.seats[seat].connections = 1 if seat < 2 else 0
    steps = 0
    while steps < 40 or match.state.holder is None:
        seat = match.state.to_act[0]
        assert match.state.phase is not Phase.OVER and room.act(seat, match.state.legal_actions(seat)[0]) is None
        steps += 1
    watchers = [_Watcher(0), _Watcher(1), _Watcher(None, "Eve")]
    assert match.state.holder is not None
    return RoomMoment(room, None, watchers), match.state.holder


def four_player_message() -> StateMessage:
    """:func:`four_player_moment`'s message to the seat holding a drawn card."""
    moment, holder = four_player_moment()
    return moment.message(holder, translator("en"))


def one_change_told(room_moment: RoomMoment) -> list[str]:
    """A change of ``room_moment``'s room told to its four seats and a spectator: a fresh moment, each
    message built and encoded, the parts they share worked out once, as a broadcast does."""
    moment = RoomMoment(room_moment.room, None, room_moment.watchers)
    t = translator("en")
    return [encode(moment.message(seat, t)) for seat in (None, 0, 1, 2, 3)]


class _Watcher:
    def __init__(self, seat: int | None, name: str = "") -> None:
        self.seat, self.name = seat, name


def timed(call: Callable[[], object], rounds: int, batch: int) -> float:
    """The median over ``rounds`` of the CPU time of ``batch`` calls, in µs per call."""
    for _ in range(batch):
        call()
    times = []
    for _ in range(rounds):
        start = time.process_time_ns()
        for _ in range(batch):
            call()
        times.append((time.process_time_ns() - start) / batch / 1000)
    return statistics.median(times)


def msgspec_calls(message: StateMessage, text: str) -> dict[str, Callable[[], object]]:
    """The same message as msgspec Structs: its encoder and its validating decoder (with the checks
    Structs cannot state — texts cleaned, seats and scorecard agreeing — done after it)."""
    import msgspec
    from msgspec import Meta, Struct

    Seat = Annotated[int, Meta(ge=0, le=5)]
    Points = Annotated[int, Meta(ge=-999, le=999)]
    Total = Annotated[int, Meta(ge=-99_999, le=99_999)]

    class RoomSeat(Struct, frozen=True):
        name: str
        kind: str
        level: str | None = None
        connected: bool = False
        you: bool = False

    class RoomFacts(Struct, frozen=True):
        code: Annotated[str, Meta(max_length=12)]
        link: str | None
        players: Annotated[int, Meta(ge=2, le=6)]
        holes: Annotated[int, Meta(ge=1, le=99)]
        started: bool
        host: bool
        seats: Annotated[tuple[RoomSeat, ...], Meta(min_length=2, max_length=6)]

    class SeenAction(Struct, frozen=True):
        seat: Seat
        kind: str
        position: Annotated[int, Meta(ge=0, le=8)] | None
        card: str | None
        thrown: str | None
        sequence: Annotated[int, Meta(ge=0)]
        hole: int
        text: str

    class Scorecard(Struct, frozen=True):
        results: Annotated[tuple[tuple[Points, ...], ...], Meta(max_length=99)]
        totals: tuple[Total, ...]
        over: bool
        winners: tuple[Seat, ...] = ()

    class CardFace(Struct, frozen=True):
        code: str
        name: str
        rank: str
        suit: str
        red: bool
        joker: bool

    class HouseRule(Struct, frozen=True):
        name: str
        label: str
        value: bool | int | str | None
        text: str
        default: bool

    class SeatFlags(Struct, frozen=True):
        away: bool = False
        stand_in: bool = False
        can_stand_in: bool = False
        can_remove: bool = False

    class State(Struct, frozen=True, tag="state", tag_field="type"):
        seat: Seat | None
        room: RoomFacts
        view: dict[str, Any] | None = None
        last_actions: Annotated[tuple[SeenAction, ...], Meta(max_length=6)] = ()
        scorecard: Scorecard | None = None
        status: str = ""
        sequence: Annotated[int, Meta(ge=0)] = 0
        hole_scores: tuple[dict[str, Any], ...] | None = None
        cards: dict[str, CardFace] = {}
        house_rules: tuple[HouseRule, ...] = ()
        spectators: Annotated[tuple[str, ...], Meta(max_length=100)] = ()
        spectator_count: Annotated[int, Meta(ge=0)] = 0
        watching: bool = False
        seat_states: tuple[SeatFlags, ...] = ()
        stand_in_notice: str | None = None

    def clean(value: str, limit: int = 300) -> str:
        if value.isprintable():
            return value[:limit]
        return "".join(ch for ch in value if unicodedata.category(ch)[0] != "C")[:limit]

    def checked(state: State) -> tuple[State, list[str]]:
        """The checks across fields and the texts cleaned (what the hand-written decoder also does)."""
        players = len(state.room.seats)
        if state.seat is not None and state.seat >= players:
            raise ValueError("seat")
        if state.scorecard is not None and (
            len(state.scorecard.totals) != players or any(len(row) != players for row in state.scorecard.results)
        ):
            raise ValueError("scorecard")
        if any(seen.seat >= players for seen in state.last_actions):
            raise ValueError("last action")
        texts = [clean(seat.name, 40) for seat in state.room.seats]
        texts += [clean(seen.text) for seen in state.last_actions] + [clean(state.status)]
        texts += [clean(face.name, 60) for face in state.cards.values()]
        texts += [clean(name, 40) for name in state.spectators]
        texts += [clean(rule.label, 80) + clean(rule.text, 120) for rule in state.house_rules]
        return state, texts

    wire = read_json(text)
    struct = msgspec.convert(wire, State)
    view = message.view
    assert view is not None
    encoder, decoder = msgspec.json.Encoder(), msgspec.json.Decoder(State)
    without_view = encode_without_view(text)
    return {
        "encode": lambda: encoder.encode(msgspec.structs.replace(struct, view=view.to_json())),
        "decode": lambda: View.from_json(checked(decoder.decode(text))[0].view),
        "decode without the view": lambda: checked(decoder.decode(without_view)),
    }


def encode_without_view(text: str) -> str:
    data = read_json(text)
    data["view"] = None
    import json

    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=20)
    options = parser.parse_args()
    message = four_player_message()
    text = encode(message)
    without_view = encode_without_view(text)
    view_json = read_json(text)["view"]
    rows: dict[str, dict[str, float]] = {
        "encode": {"schema": timed(lambda: encode(message), options.rounds, options.batch)},
        "decode": {"schema": timed(lambda: read_server_message(text), options.rounds, options.batch)},
        "decode without the view": {
            "schema": timed(lambda: read_server_message(without_view), options.rounds, options.batch)
        },
        "View.from_json alone": {"schema": timed(lambda: View.from_json(view_json), options.rounds, options.batch)},
    }
    moment, _ = four_player_moment()
    rows["one change, five clients"] = {"schema": timed(lambda: one_change_told(moment), options.rounds, options.batch)}
    try:
        calls = msgspec_calls(message, text)
    except ImportError:
        calls = {}
    for name, call in calls.items():
        rows[name]["msgspec"] = timed(call, options.rounds, options.batch)
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"state message: {len(text.encode())} bytes, 4 players; medians in µs per call (CPU); load {load}")
    print(f"{'':28}{'schema':>10}{'msgspec':>10}")
    for name, figures in rows.items():
        msgspec_figure = f"{figures['msgspec']:>10.1f}" if "msgspec" in figures else f"{'—':>10}"
        print(f"{name:28}{figures['schema']:>10.1f}{msgspec_figure}")


if __name__ == "__main__":
    main()
