"""A room written by the room store and restored is the same room: every seat's message (hence its
view, which ``view_for`` alone builds) equal, and no message of a restored room carrying a card its
receiver may not know (``knowable`` of the view tests), in random rooms of every house rule played
by random legal actions, with the round trip made at random moments (mid-turn included)."""

from __future__ import annotations

import dataclasses
import json
import random
import secrets

from golfcards.i18n import translator
from golfcards.runners.room_messages import encode
from golfcards.runners.storage import StoredEvent, StoredRoom
from golfcards.sixcard.actions import ACTIONS, Swap, action_number
from golfcards.sixcard.state import Phase
from golfcards.web.sixcard.room_store import restore, room_rows
from golfcards.web.sixcard.rooms import HOST, Room, RoomLog
from golfcards.web.sixcard.state_message import message_for
from tests.test_sixcard_view import knowable, random_rules
from tests.test_web_sixcard import CARD_CODE


def stored_rows(room: Room) -> tuple[StoredRoom, list[StoredEvent]]:
    """The room's row and every event of its match, as the store writes them for a new room."""
    over = room.match is not None and room.match.is_terminal()
    return room_rows(room, 1.0, 1.0 if over else None)


def round_trip(room: Room) -> Room:
    """The room as the store writes it, read back (as after a restart)."""
    stored, events = stored_rows(room)
    return restore(stored, events, lambda: secrets.randbelow(1000))


def test_restored_rooms_show_every_seat_the_same_and_leak_nothing():
    rng = random.Random(20261201)
    t = translator("en")
    checked = 0
    for game in range(40):
        rules = dataclasses.replace(random_rules(rng), holes=rng.randint(1, 3))
        room = Room("ABCDE", rules, lambda: rng.randrange(10**6))
        room.join("Ana")
        for seat in range(1, rules.players):
            room.set_bot(HOST, seat, "easy") if rng.random() < 0.5 else room.join(f"P{seat}")
        room.start(HOST)
        for _ in range(rng.randint(0, 400)):
            match = room.match
            if match.is_terminal():
                break
            if match.state.phase is Phase.OVER:
                assert room.next_hole(HOST) is None
                continue
            seat = rng.choice(match.state.to_act)
            assert room.act(seat, rng.choice(match.state.legal_actions(seat))) is None
        again = round_trip(room)
        assert again.match.key == room.match.key and again.match.hole == room.match.hole
        assert again.match.results == room.match.results
        for seat in [None, *range(rules.players)]:
            before, after = message_for(room, seat, t), message_for(again, seat, t)
            assert dataclasses.replace(after, sequence=0) == dataclasses.replace(before, sequence=0), (game, seat)
            allowed = knowable(again.match.state, seat)
            assert set(CARD_CODE.findall(encode(after))) <= allowed, (game, seat)
            checked += 1
    assert checked > 100


def test_a_rooms_log_gives_back_every_event_as_it_was_kept():
    """A room's log keeps its events as numbers: every action of the game, and the next hole's
    deal, come back as they went in, from any event on."""
    log = RoomLog()
    events = [(seat % 4, action, 10 + seat) for seat, action in enumerate(ACTIONS)]
    events.insert(5, (2, None, 99))
    for event in events:
        log.append(*event)
    assert len(log) == len(events) and log.since(0) == events and log.since(7) == events[7:]
    assert log.since(len(events)) == []
    assert [ACTIONS[action_number(action)] for action in ACTIONS] == list(ACTIONS)
    assert action_number(Swap(8)) == 28, "the seed game's actions keep their numbers; the house rules' come after"


def test_removed_players_are_kept_and_rooms_stored_before_them_still_load():
    """The seats' player ids and the removed players are stored as hashes and come back; a room
    stored with the seats alone (before removed players were kept) loads with nobody removed."""
    room = Room("ABCDE", dataclasses.replace(random_rules(random.Random(7)), players=3), lambda: 5)
    room.join("Ana", "ana-browser")
    room.join("Bea", "bea-browser")
    room.remove(HOST, 1)
    stored, events = stored_rows(room)
    assert "bea-browser" not in stored.seats and "ana-browser" not in stored.seats
    again = restore(stored, events, lambda: 5)
    assert again.removed == room.removed and len(again.removed) == 1
    assert again.seats[0].players == room.seats[0].players
    older = dataclasses.replace(stored, seats=json.dumps(json.loads(stored.seats)["seats"]))
    assert restore(older, events, lambda: 5).removed == []
