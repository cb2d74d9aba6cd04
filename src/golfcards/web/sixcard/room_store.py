"""Six-card rooms in the database: written before anyone is told of a change, loaded after a restart.

:class:`RoomStore` turns a :class:`~golfcards.web.sixcard.rooms.Room` into the rows of
:mod:`golfcards.runners.storage` (rules, seats with hashed tokens, the match's first deal code and
secret key, the match's events in order) and back. A room is loaded the first time someone asks
for its code after a restart (or after it left memory): its events are replayed through the engine,
so the seats, the hole, a card drawn and not yet placed, the scorecard and the public last actions
are exactly as before, and the deals still to come follow from the stored key as they would have.

Every change to a room happens under the room's lock, which queues its write for the rooms' writer
thread (:class:`~golfcards.runners.room_writer.RoomWriter`: the writes of many rooms, and a burst of
one room's, commit in one transaction, in the order they were made) and is released at once. No
answer, error or state message about a room goes out before every change made to it so far is
committed (:meth:`RoomStore.written`): a restart, ``SIGTERM`` or ``kill -9`` of the server loses
nothing a player was told (WAL with ``synchronous = NORMAL``: a commit is in the operating system's
hands; only a power cut or a crash of the operating system may lose the last commits). A room whose
write fails is dropped from memory, so that it is loaded again as last written; its later writes,
queued meanwhile, are not written.

Rooms do not live for ever. A room nobody is connected to is deleted (from memory and the
database) after :data:`~golfcards.web.sixcard.rooms.LOBBY_IDLE` seconds (an hour) when its match has not
started or is over, after :data:`~golfcards.web.sixcard.rooms.MATCH_IDLE` seconds (12 hours) when a match
is under way: :class:`~golfcards.web.sixcard.rooms.Rooms` forgets it and the store deletes its rows. Rooms
left in the database by a server that stopped are deleted by the same limits, counted from their
last change: :meth:`RoomStore.clean` runs when the server starts and every :data:`CLEAN_EVERY`
seconds.

Several ``golf serve`` processes (workers, each named by ``--worker-id``) may share one database,
a proxy sending each room's connections to one of them (docs/deploy.md). A worker plays a room only
while it holds the room's lease (:mod:`golfcards.runners.storage.rooms`): it takes the lease when it
loads the room, renews all of its leases every :data:`HEARTBEAT_SECONDS` (:meth:`RoomStore.heartbeat`),
and every write of a room names the lease's epoch, so that a worker that lost a room writes nothing
of it. A request for a room another worker holds waits (up to :data:`HANDOFF_SECONDS`) until that
worker hands the room over (at its next heartbeat, once what it queued is written) or its lease
lapses (:data:`LEASE_SECONDS` after its last heartbeat: it died). A worker that loses a room, or
hands it over, forgets it and closes its connections with 1012: the page and ``golf tui``
reconnect, through the proxy, to the room's new worker. A worker that stops releases its rooms.
With one worker (SQLite, the default) the leases are always its own.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import os
import socket
import time
from collections.abc import Callable
from dataclasses import asdict

from starlette.concurrency import run_in_threadpool

from golfcards.errors import GolfError
from golfcards.runners.room_writer import RoomWriter, WriteChain
from golfcards.runners.storage import Held, RoomTaken, RoomWrite, SixCardRoomStore, StoredEvent, StoredRoom
from golfcards.sixcard.actions import Action, action_from_json, action_to_json
from golfcards.sixcard.bots import make_bot
from golfcards.sixcard.codes import DealCode
from golfcards.sixcard.match import Match
from golfcards.sixcard.rules import SixCardRules
from golfcards.web.sixcard.rooms import LOBBY_IDLE, MATCH_IDLE, Room, Rooms, Seat, SeatKind, normal_code

logger = logging.getLogger(__name__)

CLEAN_EVERY = 3600.0
"""Seconds between two clean-ups of old rooms while the server runs."""
NEXT_HOLE = "next"
"""The stored event of a seat dealing the next hole."""
HEARTBEAT_SECONDS = 1.0
"""How often a worker renews its rooms' leases (and hands over the rooms other workers asked for)."""
LEASE_SECONDS = 5.0
"""How long a worker's leases last after its last heartbeat: a worker that died (``kill -9``) has
its rooms taken by the next worker asked for them that much later."""
HANDOFF_SECONDS = LEASE_SECONDS + 3 * HEARTBEAT_SECONDS
"""The longest a request for a room another worker holds waits for it (then the client is told to
reconnect): that worker's lease lapses, or it hands the room over, well within it."""
TAKE_AGAIN_SECONDS = 0.2
"""How often a request waiting for a room held elsewhere asks for it again."""


def default_worker_id() -> str:
    """``host:pid``: the worker's name in the leases and the logs unless ``--worker-id`` gives one."""
    return f"{socket.gethostname()}:{os.getpid()}"


class DamagedRoom(ValueError):
    """A stored room that cannot be replayed (its events do not follow the rules)."""


def seats_json(room: Room) -> str:
    """The seats as stored, with the players the host removed: never a token or a player id, only
    their hashes (``{"seats": [...], "removed": [...]}``, and ``"public": {"forming_since"}`` for a
    quick-play table; a room stored before removed players were kept has the list of seats alone)."""
    seats = [
        {
            "kind": seat.kind.value,
            "name": seat.name,
            "token_hash": seat.token_hash,
            "level": seat.level,
            "stand_in": seat.stand_in,
            "players": list(seat.players),
            "filled": seat.filled,
            "joins_at_hole": seat.joins_at_hole,
            "arrived_at_hole": seat.arrived_at_hole,
            "rating": None if seat.rating is None else list(seat.rating),
        }
        for seat in room.seats
    ]
    kept: dict[str, object] = {"seats": seats, "removed": room.removed}
    if room.public:  # what the lobby lists of a table another worker plays (no card)
        kept["public"] = {"forming_since": room.forming_since, "hole": None if room.match is None else room.match.hole}
    return json.dumps(kept)


async def _until_done(future: asyncio.Future[bool]) -> None:
    """Wait until ``future`` is done, whatever its outcome, and never cancel it (as ``asyncio.wait``
    does, at a fraction of its cost: each action of a table waits so)."""
    if future.done():
        return
    waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def wake(_: object) -> None:
        if not waiter.done():
            waiter.set_result(None)

    future.add_done_callback(wake)
    await waiter


@functools.lru_cache(maxsize=1024)
def rules_text(rules: SixCardRules) -> str:
    """The house rules as stored (kept: a room is saved after every action, its rules never change)."""
    return json.dumps(asdict(rules))


@functools.lru_cache(maxsize=1024)
def code_text(code: DealCode) -> str:
    """A match's first deal code as stored (kept, as :func:`rules_text`)."""
    return str(code)


def event_text(action: Action | None) -> str:
    return NEXT_HOLE if action is None else json.dumps(action_to_json(action))


def room_rows(
    room: Room, now: float, finished: float | None = None, first_event: int = 0
) -> tuple[StoredRoom, list[StoredEvent]]:
    """The room as the database keeps it: its row, written at ``now`` (its match over since
    ``finished``, or None), and the events of its match from number ``first_event`` on. From the row
    and every event, :func:`restore` gives the room back."""
    match = room.match
    events = [
        StoredEvent(n, seat, event_text(action), sequence)
        for n, (seat, action, sequence) in enumerate(room.log.since(first_event), start=first_event)
    ]
    stored = StoredRoom(
        code=room.code,
        rules=rules_text(room.rules),
        seats=seats_json(room),
        match_code=None if match is None else code_text(match.code),
        match_key=None if match is None else match.key,
        serial=room.serial,
        sequence=room.sequence,
        finished=finished,
        created=room.created,
        updated=now,
    )
    return stored, events


def restore(stored: StoredRoom, events: list[StoredEvent], new_number: Callable[[], int]) -> Room:
    """The room as it was: seats, match and events replayed through the engine. Raises DamagedRoom."""
    try:
        rules = SixCardRules(**json.loads(stored.rules))
        kept = json.loads(stored.seats)
        if isinstance(kept, list):
            kept = {"seats": kept, "removed": []}
        seats = [_seat(data, new_number) for data in kept["seats"]]
        removed = [str(hashed) for hashed in kept["removed"]]
        if len(seats) != rules.players:
            raise DamagedRoom(f"{len(seats)} seats for {rules.players} players")
        room = Room(
            stored.code, rules, new_number, seats=seats, created=stored.created, serial=stored.serial, removed=removed
        )
        public = kept.get("public")
        if isinstance(public, dict):
            room.public = True
            since = public.get("forming_since")
            room.forming_since = float(since) if isinstance(since, (int, float)) else None
        if stored.match_code is not None:
            if stored.match_key is None:
                raise DamagedRoom("a match without its key")
            room.match = Match(DealCode.parse(stored.match_code), stored.match_key)
            if room.match.rules != rules:
                raise DamagedRoom("the match's rules differ from the room's")
        for event in events:
            _replay(room, event)
    except (GolfError, ValueError, KeyError, TypeError) as error:
        raise DamagedRoom(f"room {stored.code}: {error}") from error
    room.sequence = max(room.sequence, stored.sequence) + 1
    return room


def _seat(data: dict[str, object], new_number: Callable[[], int]) -> Seat:
    kind = SeatKind(data["kind"])
    level = data.get("level")
    seat = Seat(kind, str(data.get("name") or ""), data.get("token_hash"), level)  # type: ignore[arg-type]
    seat.stand_in = bool(data.get("stand_in")) and kind is SeatKind.HUMAN
    players = data.get("players")
    seat.players = tuple(str(hashed) for hashed in players) if isinstance(players, list) else ()
    seat.filled = bool(data.get("filled")) and kind is SeatKind.BOT
    joins = data.get("joins_at_hole")
    seat.joins_at_hole = joins if isinstance(joins, int) and seat.stand_in else None
    arrived = data.get("arrived_at_hole")
    seat.arrived_at_hole = arrived if isinstance(arrived, int) and kind is SeatKind.HUMAN else None
    rating = data.get("rating")
    if isinstance(rating, list) and len(rating) == 2:
        seat.rating = (float(rating[0]), float(rating[1]))
    if kind is SeatKind.BOT or seat.stand_in:
        seat.bot = make_bot(str(level), new_number())
    return seat


def _replay(room: Room, event: StoredEvent) -> None:
    match = room.match
    if match is None:
        raise DamagedRoom("events without a match")
    room.sequence = event.sequence - 1  # the public last actions keep the numbers the table saw
    if event.event == NEXT_HOLE:
        refusal = match.next_hole()
        if refusal is None:
            room.sequence += 1
            room.log.append(event.seat, None, room.sequence)
    else:
        refusal = room.act(event.seat, action_from_json(json.loads(event.event)))
    if refusal is not None:
        raise DamagedRoom(f"event {event.n} refused: {refusal.value}")


class RoomStore:
    """The rooms' persistence and their locks (one :class:`asyncio.Lock` per room)."""

    def __init__(self, storage: SixCardRoomStore, rooms: Rooms, worker: str | None = None) -> None:
        self.storage = storage
        self.rooms = rooms
        self.worker = worker or default_worker_id()
        """This worker's id in the rooms' leases."""
        self.writer = RoomWriter(storage)
        self._locks: dict[str, asyncio.Lock] = {}
        self._chains: dict[str, WriteChain] = {}
        self._last: dict[str, tuple[Room, asyncio.Future[bool]]] = {}
        """Per room: the copy in memory and the future of its latest queued write (done once that and
        every earlier one is)."""
        self._saved: dict[str, tuple[int, int]] = {}
        """Per room: the match serial and how many of its events are in the database."""
        self._finished: dict[str, float] = {}
        self._epochs: dict[str, int] = {}
        """Per room in memory: the epoch of its lease, which each of its writes names."""
        self._loading: dict[str, asyncio.Task[Room | None]] = {}
        self.on_load: list[Callable[[Room], None]] = []
        """Called with each room loaded from the database (the match recorder's)."""
        self.on_moved: list[Callable[[Room], None]] = []
        """Called with each room this worker handed over or lost (the tables close its connections)."""
        self.moved = {"handed_over": 0, "lost": 0}
        """Rooms this worker handed over when asked, and rooms it found taken (its lease had lapsed)."""

    def lock(self, room: Room) -> asyncio.Lock:
        """Held while a room changes and its write is queued (:meth:`save`)."""
        return self._locks.setdefault(room.code, asyncio.Lock())

    def close(self) -> None:
        """Write everything queued and release this worker's leases (the server is stopping): other
        workers take its rooms at once."""
        self.writer.close()
        try:
            self.storage.release_rooms(self.worker)
        except GolfError as error:  # they lapse by themselves
            logger.warning("the rooms' leases could not be released: %s", error)

    def _row(self, room: Room, now: float) -> tuple[StoredRoom, list[StoredEvent]]:
        """The room as rows, taken on the event loop (the room may change once the lock is released):
        the events of its match not yet written."""
        match = room.match
        finished = None
        if match is not None and match.is_terminal():
            finished = self._finished.setdefault(room.code, now)
        else:
            self._finished.pop(room.code, None)
        serial, count = self._saved.get(room.code, (room.serial, 0))
        if serial != room.serial:
            count = 0
        return room_rows(room, now, finished, count)

    async def create(self, rules: SixCardRules, creator: str, player: str | None = None) -> Room:
        """A new room for the address ``creator`` and the browser whose player id is ``player`` with a
        code no stored room has, written before it is handed out (:meth:`Rooms.create` may refuse it)."""
        while True:
            room = self.rooms.create(rules, creator, player)
            await self.delete_gone()
            stored, _ = self._row(room, time.time())
            chain = self._chains[room.code] = WriteChain()
            if await self._submit(RoomWrite(room.code, stored, insert=True, owner=self.worker, epoch=1), chain):
                self._saved[room.code] = (room.serial, 0)
                self._epochs[room.code] = 1
                return room
            self.rooms.forget(room.code)  # a stored room (not in memory now) has that code
            self._chains.pop(room.code, None)

    def save(self, room: Room) -> None:
        """Queue the write of the room's changes (call under :meth:`lock`, right after the change, so
        that the writes keep the order of the changes); :meth:`written` waits for it. Nothing more of
        a room whose write failed is written."""
        if room.write_failed:
            return
        stored, events = self._row(room, time.time())
        chain = self._chains.setdefault(room.code, WriteChain())
        epoch = self._epochs.get(room.code, 0)
        future = self.writer.submit(RoomWrite(room.code, stored, tuple(events), owner=self.worker, epoch=epoch), chain)
        self._last[room.code] = (room, future)
        self._saved[room.code] = (room.serial, len(room.log))
        future.add_done_callback(functools.partial(self._done, room, chain))

    def _done(self, room: Room, chain: WriteChain, future: asyncio.Future[bool]) -> None:
        """A queued write of ``room`` is over (called once or twice: see :meth:`written`)."""
        if self._last.get(room.code, (None, None))[1] is future:
            del self._last[room.code]
        error = future.exception()
        if error is None or room.write_failed:
            return
        if isinstance(error, RoomTaken):  # another worker took the room: it plays it from now on
            self._lose(room)
            return
        # A full disk, a removed file…: nothing of it is acknowledged, and the room is loaded again
        # as last written when someone asks for it (a newer copy may have been loaded meanwhile).
        logger.error("room %s could not be written: %s", room.code, error)
        room.write_failed = True
        if self.rooms.loaded(room.code) is room:
            self.rooms.forget(room.code)
        if self._chains.get(room.code) is chain:
            del self._chains[room.code]
            self._saved.pop(room.code, None)
            self._epochs.pop(room.code, None)

    def _lose(self, room: Room, handed_over: bool = False) -> None:
        """``room`` is another worker's now: out of memory, nothing more of it written, its
        connections told to reconnect (:attr:`on_moved`)."""
        if room.moved:
            return
        room.moved = room.write_failed = True
        if not handed_over:
            self.moved["lost"] += 1
        logger.info(
            "room %s is played by another worker now",
            room.code,
            extra={"event": "room.moved", "fields": {"room": room.code, "worker": self.worker}},
        )
        if self.rooms.loaded(room.code) is room:
            self.rooms.forget(room.code)
            for kept in (self._chains, self._saved, self._epochs, self._finished, self._last, self._locks):
                kept.pop(room.code, None)
        for hook in self.on_moved:
            hook(room)

    async def written(self, room: Room) -> None:
        """Return once every change made to the room so far is committed; ``storage.write_failed`` if
        one of them could not be written (the room is then dropped from memory)."""
        while not room.write_failed:
            latest, future = self._last.get(room.code, (None, None))
            if latest is not room or future is None:
                break
            if future.done():  # (its callback may not have run yet)
                self._done(room, self._chains.get(room.code) or WriteChain(), future)
            else:
                await _until_done(future)
        if room.moved:
            raise GolfError("room.moved", "another worker plays the room now")
        if room.write_failed:
            raise GolfError("storage.write_failed", "the room could not be written")

    async def _submit(self, write: RoomWrite, chain: WriteChain) -> bool:
        try:
            return await asyncio.shield(self.writer.submit(write, chain))
        except Exception as error:
            logger.exception("room %s could not be written", write.code)
            raise GolfError("storage.write_failed", str(error)) from error

    async def find(self, code: object, address: str, token: object = None) -> Room:
        """The room with this code, from memory or loaded from the database, for a client at
        ``address``: ``room.not_found`` if none. An address's failed look-ups are rate-limited
        (:class:`~golfcards.web.sixcard.rooms.Guesses`): once it has spent them, only a client that shows the
        ``token`` of a seat of the room opens it, and every other look-up, of a room that exists or
        not, is refused alike (``room.too_many_tries``): the address may go on playing, not guessing."""
        guessing = self.rooms.guesses.allowed(address)
        room = None
        if guessing or (isinstance(token, str) and token):
            room = await self._room(code)
        if not guessing and (room is None or room.seat_of(token) is None):
            self.rooms.guesses.failed(address)
            raise GolfError("room.too_many_tries", "too many room codes tried")
        if room is None:
            self.rooms.guesses.failed(address)
            raise GolfError("room.not_found", "no room with that code", code=str(code)[:12])
        return room

    async def load(self, code: str) -> Room | None:
        """The room with this code, from memory or loaded (its lease taken), for the server's own use
        (quick play seating someone at a public table): no client's look-up is counted; None if there
        is none; ``room.moved`` if another worker keeps it."""
        return await self._room(code)

    async def _room(self, code: object) -> Room | None:
        """The room with this code, from memory or loaded from the database (one load of a code at a
        time), or None; ``room.moved`` if another worker kept it longer than :data:`HANDOFF_SECONDS`."""
        room = self.rooms.loaded(code)
        if room is not None:
            return room
        normal = normal_code(code)
        if normal is None:
            return None
        loading = self._loading.get(normal)
        if loading is None:
            loading = self._loading[normal] = asyncio.create_task(self._take(normal))
            loading.add_done_callback(functools.partial(self._loaded, normal))
        return await asyncio.shield(loading)  # a client that leaves meanwhile stops no load

    def _loaded(self, code: str, task: asyncio.Task[Room | None]) -> None:
        if self._loading.get(code) is task:
            del self._loading[code]

    async def _take(self, code: str) -> Room | None:
        """Take the room's lease and load it, waiting while another live worker holds it."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + HANDOFF_SECONDS
        while isinstance(loaded := await run_in_threadpool(self._load, code), Held):
            if loop.time() >= deadline:
                raise GolfError("room.moved", f"worker {loaded.owner} keeps the room")
            await asyncio.sleep(TAKE_AGAIN_SECONDS)
        if loaded is None:
            return None
        room, finished, epoch = loaded
        kept = self.rooms.add(room)
        await self.delete_gone()
        if kept is room:
            self._saved[room.code] = (room.serial, len(room.log))
            self._chains[room.code] = WriteChain()
            self._epochs[room.code] = epoch
            if finished is not None:
                self._finished[room.code] = finished
            for hook in self.on_load:
                hook(room)
        return kept

    def _load(self, code: str) -> tuple[Room, float | None, int] | Held | None:
        """The room with its lease taken: the room, when its match finished, the lease's epoch; or
        :class:`Held` by another live worker; or None (no such room, or it cannot be replayed)."""
        epoch = self.storage.take_room(code, self.worker, time.time())
        if epoch is None or isinstance(epoch, Held):
            return epoch
        found = self.storage.load_room(code)
        if found is None:
            return None
        try:
            return restore(*found, self.rooms.new_number), found[0].finished, epoch
        except DamagedRoom:
            logger.exception("room %s cannot be loaded", code)
            return None

    # --- leases -------------------------------------------------------------------------------

    async def heartbeat(self) -> None:
        """Renew this worker's leases; hand over the rooms other workers asked for; after a lapse
        (the worker was stopped or starved longer than :data:`LEASE_SECONDS`), drop the rooms other
        workers took meanwhile. A storage failure is raised (the next heartbeat tries again)."""
        now = time.time()
        beat = await run_in_threadpool(self.storage.heartbeat, self.worker, now, now + LEASE_SECONDS)
        elsewhere = []
        for code in beat.wanted:
            room = self.rooms.loaded(code)
            if room is None:
                elsewhere.append(code)
            else:
                await self.hand_over(room)
        if elsewhere:  # held by this worker's id but not in its memory (an earlier process's, or dropped)
            await run_in_threadpool(self.storage.release_rooms, self.worker, elsewhere)
        if beat.lapsed:
            await self._drop_taken()

    async def hand_over(self, room: Room) -> None:
        """Release ``room``'s lease once every change queued for it is written, and forget it here:
        its connections are told to reconnect (to the worker that asked for it)."""
        async with self.lock(room):
            if self.rooms.loaded(room.code) is not room or room.write_failed:
                return
            chain = self._chains.get(room.code) or WriteChain()
            epoch = self._epochs.get(room.code, 0)
            release = self.writer.submit(RoomWrite(room.code, owner=self.worker, epoch=epoch, release=True), chain)
            await _until_done(release)  # (after the room's queued writes: their players are answered)
            if not release.cancelled() and release.exception() is None:
                self.moved["handed_over"] += 1
                logger.info(
                    "room %s handed over",
                    room.code,
                    extra={"event": "room.handed_over", "fields": {"room": room.code, "worker": self.worker}},
                )
            self._lose(room, handed_over=True)

    async def _drop_taken(self) -> None:
        """Forget the rooms in memory whose lease another worker holds now."""
        rooms = self.rooms.in_memory()
        holders = await run_in_threadpool(self.storage.holders, [room.code for room in rooms])
        for room in rooms:
            if holders.get(room.code) != (self.worker, self._epochs.get(room.code)) and not room.moved:
                self._lose(room)

    async def delete_gone(self) -> None:
        """Delete from the database the rooms :class:`Rooms` forgot for good (idle too long)."""
        while self.rooms.gone:
            code = self.rooms.gone.pop()
            await self._delete(code)

    async def _delete(self, code: str, owner: str | None = None, epoch: int | None = None) -> None:
        """Delete the room, if its lease is this worker's (or ``owner``'s at ``epoch``: a room nobody
        plays)."""
        self._chains.pop(code, None)
        if epoch is None:
            owner, epoch = self.worker, self._epochs.pop(code, 0)
        write = RoomWrite(code, owner=owner or "", epoch=epoch)
        await self._submit(write, WriteChain())  # after the room's queued writes
        self._locks.pop(code, None)
        self._saved.pop(code, None)
        self._finished.pop(code, None)

    async def clean(self) -> list[str]:
        """Delete the stored rooms not in memory that nobody changed for too long (see the module's
        docstring); rooms in memory are the business of :class:`Rooms`."""
        now = time.time()
        old = await run_in_threadpool(self.storage.old_rooms, now - LOBBY_IDLE, now - MATCH_IDLE, now)
        deleted = []
        for code, owner, epoch in old:
            if self.rooms.loaded(code) is None:
                await self._delete(code, owner, epoch)
                deleted.append(code)
        await self.delete_gone()
        return deleted
