"""Six-card Golf rooms, kept while they live so that a server restart ends no match: a row per room
with its rules, its seats (seat tokens only as SHA-256 hashes), the first deal code and the secret key
of its match, and a row per event of the match (an action of a seat, or the deal of the next hole)
in the order they happened. Loading a room replays its events through the engine;
:mod:`golfcards.web.sixcard.room_store` turns rooms into these rows and back."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from golfcards.runners.storage.database import Database, Session


@dataclass(frozen=True, slots=True)
class StoredRoom:
    """A six-card room as stored: rules and seats as JSON texts, its match's first code and key."""

    code: str
    rules: str
    seats: str
    match_code: str | None
    match_key: bytes | None
    serial: int
    sequence: int
    finished: float | None
    created: float
    updated: float


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """Event ``n`` of a room's match: ``seat``'s action as JSON, or ``"next"`` (the next hole dealt),
    and the room's change counter after it (what the table was told)."""

    n: int
    seat: int
    event: str
    sequence: int


@dataclass(frozen=True, slots=True)
class RoomWrite:
    """One write of :meth:`SixCardRoomStore.write_rooms`: the room ``code``'s row ``room`` with ``events`` to
    append (a save), the row of a new room (``insert``), or, with ``room`` None, the room's deletion."""

    code: str
    room: StoredRoom | None = None
    events: tuple[StoredEvent, ...] = ()
    insert: bool = False


def _save_rooms(db: Session, saves: Sequence[RoomWrite]) -> None:
    """Consecutive saves of one room as one: the last row, the events of its match from all of them
    (the first of equal numbers kept, as saving them one by one would)."""
    if not saves:
        return
    room = saves[-1].room
    assert room is not None
    db.execute(
        "UPDATE sixcard_rooms SET rules = ?, seats = ?, match_code = ?, match_key = ?, serial = ?, "
        "sequence = ?, finished = ?, updated = ? WHERE code = ?",
        (*_room_values(room)[1:8], room.updated, room.code),
    )
    db.execute("DELETE FROM sixcard_room_events WHERE room = ? AND serial < ?", (room.code, room.serial))
    db.executemany(
        "INSERT INTO sixcard_room_events (room, serial, n, seat, event, sequence) VALUES (?, ?, ?, ?, ?, ?) "
        "ON CONFLICT DO NOTHING",
        [
            (room.code, room.serial, event.n, event.seat, event.event, event.sequence)
            for save in saves
            if save.room is not None and save.room.serial == room.serial
            for event in save.events
        ],
    )


def _room_values(room: StoredRoom) -> tuple[object, ...]:
    return (
        room.code,
        room.rules,
        room.seats,
        room.match_code,
        room.match_key,
        room.serial,
        room.sequence,
        room.finished,
        room.created,
        room.updated,
    )


class SixCardRoomStore:
    """The rows of the six-card rooms that live, and the events of their matches."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def insert_room(self, room: StoredRoom) -> bool:
        """Store a new room; False (nothing written) if a room with its code exists already."""
        return bool(self.write_rooms([RoomWrite(room.code, room, insert=True)])[0])

    def save_room(self, room: StoredRoom, events: Sequence[StoredEvent]) -> None:
        """Write the room's row and append ``events``, at once (one transaction): events of an earlier
        match (``serial``) are dropped, an event already stored is kept as it is."""
        self.write_rooms([RoomWrite(room.code, room, tuple(events))])

    def delete_room(self, code: str) -> None:
        self.write_rooms([RoomWrite(code)])

    def write_rooms(self, writes: Sequence[RoomWrite]) -> list[bool]:
        """Carry out ``writes`` in their order, in one transaction (a group commit): for each, True,
        or False for an insert whose code is taken. Consecutive saves of one room become one save
        (its last row, the events of all), which stores the same as saving them one by one."""
        with self.database.write() as db:
            results: list[bool] = []
            pending: dict[str, list[RoomWrite]] = {}  # saves of each room not yet written, in order
            for write in writes:
                if write.room is not None and not write.insert:
                    pending.setdefault(write.code, []).append(write)
                    results.append(True)
                    continue
                _save_rooms(db, pending.pop(write.code, []))
                if write.room is None:
                    db.execute("DELETE FROM sixcard_room_events WHERE room = ?", (write.code,))
                    db.execute("DELETE FROM sixcard_rooms WHERE code = ?", (write.code,))
                    results.append(True)
                else:
                    inserted = db.execute(
                        "INSERT INTO sixcard_rooms (code, rules, seats, match_code, match_key, serial, "
                        "sequence, finished, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                        "ON CONFLICT DO NOTHING",
                        _room_values(write.room),
                    )
                    results.append(inserted.rowcount == 1)
            for saves in pending.values():
                _save_rooms(db, saves)
        return results

    def load_room(self, code: str) -> tuple[StoredRoom, list[StoredEvent]] | None:
        """A stored room and the events of its current match in order, or None."""
        with self.database.read() as db:
            row = db.execute("SELECT * FROM sixcard_rooms WHERE code = ?", (code,)).fetchone()
            if row is None:
                return None
            events = db.execute(
                "SELECT n, seat, event, sequence FROM sixcard_room_events WHERE room = ? AND serial = ? ORDER BY n",
                (code, row["serial"]),
            ).fetchall()
        room = StoredRoom(
            code=row["code"],
            rules=row["rules"],
            seats=row["seats"],
            match_code=row["match_code"],
            match_key=None if row["match_key"] is None else bytes(row["match_key"]),
            serial=int(row["serial"]),
            sequence=int(row["sequence"]),
            finished=row["finished"],
            created=float(row["created"]),
            updated=float(row["updated"]),
        )
        return room, [StoredEvent(int(e["n"]), int(e["seat"]), e["event"], int(e["sequence"])) for e in events]

    def old_rooms(self, idle_before: float, playing_before: float) -> list[str]:
        """Codes of the rooms last written before ``idle_before`` whose match has not started or is over,
        and of those with a match under way last written before ``playing_before``."""
        with self.database.read() as db:
            rows = db.execute(
                "SELECT code FROM sixcard_rooms WHERE updated < CASE "
                "WHEN match_code IS NOT NULL AND finished IS NULL THEN ? ELSE ? END",
                (playing_before, idle_before),
            ).fetchall()
        return [row["code"] for row in rows]
