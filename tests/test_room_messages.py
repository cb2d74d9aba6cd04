"""The messages of a six-card room: one schema (``golfcards.runners.room_messages``) that the server
encodes and the terminal decodes.

The wire's bytes are what the page's JavaScript reads, so the encoder is held to the text the server
sent before the schema existed, for rooms in ten known states (tests/data/sixcard_state_messages.json).
When the message changes on purpose, write the new texts with
``PYTHONPATH=src python3 -m tests.test_room_messages`` and read the difference before committing it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from golfcards.errors import GolfError
from golfcards.i18n import translator
from golfcards.runners.room_messages import (
    Act,
    ErrorMessage,
    Hello,
    Join,
    PutBot,
    Remove,
    StateMessage,
    TakeBack,
    Welcome,
    decode_client_message,
    decode_server_message,
    encode,
    read_server_message,
)
from golfcards.sixcard.actions import Flip, Swap, action_to_json
from golfcards.web.sixcard.state_message import RoomMoment
from tests.sixcard_message_states import Watcher, known_states

WIRE = Path(__file__).parent / "data" / "sixcard_state_messages.json"


def encoded_states() -> dict[str, str]:
    """Each known state's message as the server encodes it for its client."""
    texts = {}
    for state in known_states():
        moment = RoomMoment(state.room, state.public_url, state.watchers)
        texts[state.name] = encode(moment.message(state.seat, translator(state.language)))
    return texts


def test_the_state_message_keeps_its_bytes_on_the_wire():
    expected = json.loads(WIRE.read_text(encoding="utf-8"))
    encoded = encoded_states()
    assert encoded.keys() == expected.keys()
    for name, text in encoded.items():
        assert text == expected[name], name


def test_the_terminal_reads_back_what_the_server_writes():
    for state in known_states():
        moment = RoomMoment(state.room, state.public_url, state.watchers)
        message = moment.message(state.seat, translator(state.language))
        read = read_server_message(encode(message))
        assert isinstance(read, StateMessage)
        assert read == message, state.name
        assert encode(read) == encode(message)


def test_the_standard_library_writes_the_same_text_as_orjson(monkeypatch):
    import golfcards.runners.room_messages as room_messages

    fast = encoded_states()
    monkeypatch.setattr(room_messages, "orjson", None)
    assert encoded_states() == fast
    assert encode(Welcome(1, "tök")) == '{"type":"welcome","seat":1,"token":"tök"}'


def test_client_messages_round_trip_and_bad_ones_say_which_field():
    for message in (Hello("abc"), Join("Ana"), Join(None), Act(Swap(4)), PutBot(2, "strong"), Remove(1), TakeBack()):
        assert decode_client_message(json.loads(encode(message))) == message
    assert decode_client_message({"type": "hello", "token": 5}) == Hello(""), "a token that is not text holds no seat"
    for data, key in (
        ([], "room.bad_message"),
        ({"type": "dance"}, "room.bad_message"),
        ({"type": 3}, "room.bad_message"),
        ({"type": "join", "name": 7}, "room.bad_name"),
        ({"type": "bot", "seat": "1", "level": "easy"}, "room.bad_seat"),
        ({"type": "bot", "seat": True, "level": "easy"}, "room.bad_seat"),
        ({"type": "bot", "seat": 1, "level": 3}, "room.bad_level"),
        ({"type": "remove"}, "room.bad_seat"),
        ({"type": "act", "action": {"type": "fly"}}, "sixcard.bad_action"),
    ):
        with pytest.raises(GolfError) as caught:
            decode_client_message(data)
        assert caught.value.key == key, data


def test_a_server_message_is_checked_field_by_field():
    state = next(state for state in known_states() if state.name == "reveal-4")
    good = json.loads(encode(RoomMoment(state.room, None, state.watchers).message(1, translator("en"))))
    assert isinstance(decode_server_message(good), StateMessage)
    assert decode_server_message({"type": "error", "key": "room.full", "message": "Full\x07"}) == ErrorMessage(
        "room.full", "Full"
    )
    card = good["view"]["grids"][1][0] or next(code for code in good["cards"])
    for broken in (
        {**good, "seat": 5},
        {**good, "seat_states": [{}] * 5},
        {**good, "spectators": ["Zoé"] * 101},
        {**good, "cards": {card: {**good["cards"].get(card, {}), "red": "yes"}}},
        {**good, "house_rules": [{"name": "grid", "label": "Grid", "value": [6], "text": "6", "default": True}]},
        {**good, "room": {**good["room"], "players": 3}},
        {**good, "view": {**good["view"], "legal": [action_to_json(Flip(0))] * 3}},
        {"type": "welcome", "seat": 0, "token": ""},
        {"type": "welcome", "seat": 9, "token": "abc"},
        {"type": "rooms"},
    ):
        with pytest.raises(GolfError) as caught:
            decode_server_message(broken)
        assert caught.value.key == "tui.bad_message"


if __name__ == "__main__":
    WIRE.write_text(json.dumps(encoded_states(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    del Watcher
