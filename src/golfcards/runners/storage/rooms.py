"""Six-card Golf rooms, kept while they live so that a server restart ends no match: a row per room
with its rules, its seats (seat tokens only as SHA-256 hashes), the first deal code and the secret key
of its match, and a row per event of the match (an action of a seat, or the deal of the next hole)
in the order they happened. Loading a room replays its events through the engine;
:mod:`golfcards.web.sixcard.room_store` turns rooms into these rows and back.

Several ``golf serve`` processes (workers) may share the database; each room is played by one of
them at a time. A room's row holds its lease: ``owner``, the worker that plays it, and ``epoch``,
raised each time a worker takes the room (:meth:`SixCardRoomStore.take_room`). Every write of a room
names the owner and epoch its writer holds and changes nothing otherwise: a worker that lost the room
(stopped, or too slow to renew its lease, while another took it) fails with :class:`RoomTaken`
instead of writing. A worker renews its leases all at once by its heartbeat
(:meth:`SixCardRoomStore.heartbeat`: its row of ``room_workers`` is alive until a time); a room
whose owner's heartbeat has lapsed may be taken by any worker, and a room whose owner is alive is
asked for (``wanted``): the owner hands it over at its next heartbeat.

Lease times are the workers' clocks (``time.time()``): the machines of one deployment keep theirs
in step (NTP), far closer than :data:`~golfcards.web.sixcard.room_store.LEASE_SECONDS`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from golfcards.runners.storage.database import Database, Session, StorageFailure

HOLDERS_AT_ONCE = 500
"""The most room codes one query of :meth:`SixCardRoomStore.holders` names."""


class RoomTaken(StorageFailure):
    """A write of a room whose lease its writer no longer holds: another worker took the room (or it
    was deleted), and nothing was written."""

    def __init__(self, code: str, location: str) -> None:
        super().__init__("room.moved", f"room {code} is held by another worker", path=location, room=code)
        self.code = code


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
    """One write of :meth:`SixCardRoomStore.write_rooms`, by the worker ``owner`` holding the room's
    lease at ``epoch``: the room ``code``'s row ``room`` with ``events`` to append (a save), the row
    of a new room (``insert``: leased to ``owner`` at ``epoch``), the end of the lease (``release``),
    or, with ``room`` None, the room's deletion."""

    code: str
    room: StoredRoom | None = None
    events: tuple[StoredEvent, ...] = ()
    insert: bool = False
    owner: str = ""
    epoch: int = 1
    release: bool = False


@dataclass(frozen=True, slots=True)
class Heartbeat:
    """What a worker's heartbeat learnt: whether its lease had lapsed before it (another worker may
    have taken its rooms meanwhile), and the rooms it holds that other workers asked for."""

    lapsed: bool
    wanted: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Held:
    """A room another worker holds, alive: asked to hand it over (:meth:`SixCardRoomStore.take_room`)."""

    owner: str


def _save_rooms(db: Session, saves: Sequence[RoomWrite], location: str) -> None:
    """Consecutive saves of one room as one: the last row, the events of its match from all of them
    (the first of equal numbers kept, as saving them one by one would); :class:`RoomTaken` if the
    writer's lease is gone."""
    if not saves:
        return
    last = saves[-1]
    room = last.room
    assert room is not None
    saved = db.execute(
        "UPDATE sixcard_rooms SET rules = ?, seats = ?, match_code = ?, match_key = ?, serial = ?, "
        "sequence = ?, finished = ?, updated = ? WHERE code = ? AND owner = ? AND epoch = ?",
        (*_room_values(room)[1:8], room.updated, room.code, last.owner, last.epoch),
    )
    if saved.rowcount != 1:
        raise RoomTaken(room.code, location)
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

    def insert_room(self, room: StoredRoom, owner: str = "", epoch: int = 1) -> bool:
        """Store a new room leased to ``owner`` at ``epoch``; False (nothing written) if a room with
        its code exists already."""
        return bool(self.write_rooms([RoomWrite(room.code, room, insert=True, owner=owner, epoch=epoch)])[0])

    def save_room(self, room: StoredRoom, events: Sequence[StoredEvent], owner: str = "", epoch: int = 1) -> None:
        """Write the room's row and append ``events``, at once (one transaction): events of an earlier
        match (``serial``) are dropped, an event already stored is kept as it is. :class:`RoomTaken`
        unless ``owner`` holds the room's lease at ``epoch``."""
        self.write_rooms([RoomWrite(room.code, room, tuple(events), owner=owner, epoch=epoch)])

    def delete_room(self, code: str, owner: str = "", epoch: int = 1) -> bool:
        """Delete the room if ``owner`` holds its lease at ``epoch`` (``""``: nobody holds it)."""
        return self.write_rooms([RoomWrite(code, owner=owner, epoch=epoch)])[0]

    def write_rooms(self, writes: Sequence[RoomWrite]) -> list[bool]:
        """Carry out ``writes`` in their order, in one transaction (a group commit): for each, True,
        or False for an insert whose code is taken, a deletion or a release of a lease not held.
        Consecutive saves of one room become one save (its last row, the events of all), which
        stores the same as saving them one by one. A save by a writer that no longer holds the
        room's lease raises :class:`RoomTaken` (nothing of the transaction is written)."""
        location = self.database.location
        with self.database.write(exclusive=False) as db:
            results: list[bool] = []
            pending: dict[str, list[RoomWrite]] = {}  # saves of each room not yet written, in order
            for write in writes:
                if write.room is not None and not write.insert:
                    pending.setdefault(write.code, []).append(write)
                    results.append(True)
                    continue
                _save_rooms(db, pending.pop(write.code, []), location)
                if write.release:
                    released = db.execute(
                        "UPDATE sixcard_rooms SET owner = NULL, wanted = NULL "
                        "WHERE code = ? AND owner = ? AND epoch = ?",
                        (write.code, write.owner, write.epoch),
                    )
                    results.append(released.rowcount == 1)
                elif write.room is None:
                    holder = "owner = ?" if write.owner else "owner IS NULL AND ? = ''"
                    deleted = db.execute(
                        f"DELETE FROM sixcard_rooms WHERE code = ? AND {holder} AND epoch = ?",
                        (write.code, write.owner, write.epoch),
                    )
                    if deleted.rowcount == 1:
                        db.execute("DELETE FROM sixcard_room_events WHERE room = ?", (write.code,))
                    results.append(deleted.rowcount == 1)
                else:
                    inserted = db.execute(
                        "INSERT INTO sixcard_rooms (code, rules, seats, match_code, match_key, serial, "
                        "sequence, finished, created, updated, owner, epoch) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                        (*_room_values(write.room), write.owner, write.epoch),
                    )
                    results.append(inserted.rowcount == 1)
            for saves in pending.values():
                _save_rooms(db, saves, location)
        return results

    def take_room(self, code: str, worker: str, now: float) -> int | Held | None:
        """Take the room ``code``'s lease for ``worker``: the new epoch its writes must name, once no
        live worker holds it (none, or the owner's heartbeat lapsed before ``now``, or the owner is
        ``worker`` itself: an earlier process of that id, which loses it). A room held by a live
        worker is asked for (:class:`Held`: the owner hands it over at its next heartbeat; ask again).
        None: no such room."""
        with self.database.read() as db:  # (a code nobody has costs no write)
            row = db.execute(
                "SELECT r.owner, r.epoch, r.wanted, w.alive_until FROM sixcard_rooms r "
                "LEFT JOIN room_workers w ON w.id = r.owner WHERE r.code = ?",
                (code,),
            ).fetchone()
        if row is None:
            return None
        owner, epoch, alive_until = row["owner"], int(row["epoch"]), row["alive_until"]
        if owner is not None and owner != worker and alive_until is not None and alive_until >= now:
            if row["wanted"] != worker:
                with self.database.write(exclusive=False) as db:
                    asking = "UPDATE sixcard_rooms SET wanted = ? WHERE code = ? AND epoch = ?"
                    db.execute(asking, (worker, code, epoch))
            return Held(owner)
        with self.database.write(exclusive=False) as db:
            taken = db.execute(
                "UPDATE sixcard_rooms SET owner = ?, epoch = ?, wanted = NULL WHERE code = ? AND epoch = ?",
                (worker, epoch + 1, code, epoch),
            ).rowcount
        if taken != 1:  # another worker took it (or it was deleted) meanwhile: ask again
            return Held(owner or "")
        return epoch + 1

    def heartbeat(self, worker: str, now: float, alive_until: float) -> Heartbeat:
        """Renew ``worker``'s leases until ``alive_until``; whether they had lapsed before ``now``,
        and the rooms it holds that another worker asked for."""
        with self.database.write(exclusive=False) as db:
            row = db.execute("SELECT alive_until FROM room_workers WHERE id = ?", (worker,)).fetchone()
            lapsed = row is not None and float(row["alive_until"]) < now
            db.execute(
                "INSERT INTO room_workers (id, alive_until) VALUES (?, ?) "
                "ON CONFLICT (id) DO UPDATE SET alive_until = excluded.alive_until",
                (worker, alive_until),
            )
            wanted = db.execute(
                "SELECT code FROM sixcard_rooms WHERE owner = ? AND wanted IS NOT NULL AND wanted <> owner",
                (worker,),
            ).fetchall()
        return Heartbeat(lapsed, tuple(row["code"] for row in wanted))

    def holders(self, codes: Sequence[str]) -> dict[str, tuple[str | None, int]]:
        """The owner and epoch of each of the rooms ``codes`` that exists."""
        found: dict[str, tuple[str | None, int]] = {}
        with self.database.read() as db:
            for start in range(0, len(codes), HOLDERS_AT_ONCE):
                batch = list(codes[start : start + HOLDERS_AT_ONCE])
                marks = ", ".join("?" * len(batch))
                for row in db.execute(f"SELECT code, owner, epoch FROM sixcard_rooms WHERE code IN ({marks})", batch):
                    found[row["code"]] = (row["owner"], int(row["epoch"]))
        return found

    def release_rooms(self, worker: str, codes: Sequence[str] | None = None) -> int:
        """End ``worker``'s leases of ``codes`` (None: of every room it holds, and its heartbeat: the
        worker stops), whatever their epoch: for rooms it does not play (not in its memory). How many."""
        with self.database.write(exclusive=False) as db:
            if codes is None:
                released = db.execute(
                    "UPDATE sixcard_rooms SET owner = NULL, wanted = NULL WHERE owner = ?", (worker,)
                ).rowcount
                db.execute("DELETE FROM room_workers WHERE id = ?", (worker,))
                return released
            released = 0
            for code in codes:
                released += db.execute(
                    "UPDATE sixcard_rooms SET owner = NULL, wanted = NULL WHERE code = ? AND owner = ?", (code, worker)
                ).rowcount
        return released

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

    def old_rooms(self, idle_before: float, playing_before: float, now: float) -> list[tuple[str, str | None, int]]:
        """The rooms last written before ``idle_before`` whose match has not started or is over, and
        those with a match under way last written before ``playing_before``, that no live worker
        holds at ``now``: their codes, owners and epochs (what their deletion must name)."""
        with self.database.read() as db:
            rows = db.execute(
                "SELECT r.code, r.owner, r.epoch FROM sixcard_rooms r LEFT JOIN room_workers w ON w.id = r.owner "
                "WHERE r.updated < CASE WHEN r.match_code IS NOT NULL AND r.finished IS NULL THEN ? ELSE ? END "
                "AND (w.alive_until IS NULL OR w.alive_until < ?)",
                (playing_before, idle_before, now),
            ).fetchall()
        return [(row["code"], row["owner"], int(row["epoch"])) for row in rows]
