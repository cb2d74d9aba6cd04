"""Several ``golf serve`` workers on one database, each six-card room played by exactly one of them.

At the store (both engines): a room's lease is taken, asked for, handed over and taken over after a
lapse, and a worker that lost it writes nothing (fencing). Two room stores in one process: a room
asked for by another worker is handed over with everything its players were told.

The real thing on loopback (``deploy/haproxy.cfg`` in Debian's HAProxy, a throwaway PostgreSQL, three
workers): rooms created through the proxy are played to the end over WebSockets; a worker killed with
``kill -9`` in the middle of a hole has its rooms continue on another, every player in their seat and
every acknowledged action kept; a worker stopped (``SIGSTOP``) long enough to lose its rooms writes
nothing of them once it runs again, and gets them back through the proxy; a Solitaire game is played
across the workers, a repeated action applied once; the limits per address see the client behind
the proxy. Skipped only when HAProxy's or PostgreSQL's programs are missing (CI installs both).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import pytest
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from golfcards.runners.storage import Held, RoomTaken, Storage, StoredRoom
from golfcards.sixcard.rules import SixCardRules
from golfcards.web.sixcard.room_store import RoomStore
from golfcards.web.sixcard.rooms import GUESSES, HOST, Rooms
from tests.conditions import wait_until
from tests.haproxy import free_port, haproxy, has_haproxy
from tests.postgres import Cluster, rows
from tests.serving import ROOT, Server, golf_serve

needs_haproxy = pytest.mark.skipif(not has_haproxy(), reason="scripts/test.sh installs haproxy")
RESTART_CLOSE = 1012
SHORT = {"holes": 1, "grid": 4}
"""House rules of a short match (one hole of four-card grids)."""


# --- the store -----------------------------------------------------------------------------------


def _stored(code: str, sequence: int = 0) -> StoredRoom:
    return StoredRoom(code, "{}", "[]", None, None, 0, sequence, None, 1.0, 1.0 + sequence)


def test_a_lease_is_asked_for_handed_over_and_taken_after_a_lapse_and_a_stale_writer_writes_nothing(db_location):
    storage = Storage(db_location)
    try:
        assert storage.insert_room(_stored("ROOMA"), owner="a", epoch=1)
        storage.heartbeat("a", 100.0, 105.0)
        storage.heartbeat("b", 100.0, 105.0)
        assert storage.take_room("ROOMA", "b", 101.0) == Held("a"), "a live owner keeps its room"
        beat = storage.heartbeat("a", 102.0, 107.0)
        assert beat.wanted == ("ROOMA",) and not beat.lapsed, "the owner hears that b asked for it"
        storage.save_room(_stored("ROOMA", 1), [], owner="a", epoch=1)  # still a's

        assert storage.take_room("ROOMA", "b", 108.0) == 2, "a's heartbeat lapsed at 107: b takes the room"
        with pytest.raises(RoomTaken) as taken:
            storage.save_room(_stored("ROOMA", 5), [], owner="a", epoch=1)
        assert taken.value.key == "room.moved"
        assert rows(db_location, "SELECT owner, epoch, sequence FROM sixcard_rooms") == [
            {"owner": "b", "epoch": 2, "sequence": 1}
        ], "the stale write changed nothing"
        assert not storage.delete_room("ROOMA", owner="a", epoch=1), "nor deletes the room"
        assert storage.heartbeat("a", 110.0, 115.0).lapsed, "a learns that its leases lapsed"
        assert storage.holders(["ROOMA", "NONE"]) == {"ROOMA": ("b", 2)}
        with pytest.raises(RoomTaken):
            storage.save_room(_stored("ROOMA", 6), [], owner="b", epoch=1)  # an earlier epoch of b's own
        storage.save_room(_stored("ROOMA", 6), [], owner="b", epoch=2)

        storage.heartbeat("b", 111.0, 116.0)
        assert storage.take_room("ROOMA", "a", 112.0) == Held("b")
        assert storage.release_rooms("b", ["ROOMA"]) == 1, "b hands it over"
        assert storage.take_room("ROOMA", "a", 112.5) == 3, "a takes it at once"
        with pytest.raises(RoomTaken):
            storage.save_room(_stored("ROOMA", 7), [], owner="b", epoch=2)
        assert storage.take_room("MISSING", "a", 113.0) is None
        assert storage.release_rooms("a") == 1 and storage.take_room("ROOMA", "b", 113.0) == 4, "a stopped"
        storage.heartbeat("b", 113.0, 118.0)
        assert storage.take_room("ROOMA", "b", 113.5) == 5, "b again (restarted): at once, its earlier epoch fenced"
        with pytest.raises(RoomTaken):
            storage.save_room(_stored("ROOMA", 8), [], owner="b", epoch=4)
    finally:
        storage.close()


def test_a_room_asked_for_by_another_worker_is_handed_over_with_all_its_players_saw(db_location):
    """Two workers in one process: ``b`` is asked for a room ``a`` plays; ``a`` hands it over at its
    heartbeat once its queued writes are stored; ``b`` has the match as ``a`` left it, and ``a``'s
    copy writes nothing more."""
    storage = Storage(db_location)
    rules = SixCardRules(players=2, holes=1, grid=4)

    async def scenario() -> None:
        a = RoomStore(storage, Rooms(), "a")
        b = RoomStore(storage, Rooms(), "b")
        moved: list[str] = []
        a.on_moved.append(lambda room: moved.append(room.code))
        await a.heartbeat()
        await b.heartbeat()
        room = await a.create(rules, "127.0.0.2")
        async with a.lock(room):
            room.join("Ana")
            room.join("Ben")
            room.start(HOST)
            assert room.act(0, room.match.state.legal_actions(0)[0]) is None
            a.save(room)
        asking = asyncio.create_task(b.find(room.code, "127.0.0.3"))
        while rows(db_location, "SELECT wanted FROM sixcard_rooms")[0]["wanted"] != "b":
            assert not asking.done(), "b waits while a is alive"
            await asyncio.sleep(0.01)
        await a.heartbeat()  # a hands it over
        taken = await asyncio.wait_for(asking, 30)
        assert moved == [room.code] and room.moved and a.rooms.loaded(room.code) is None
        assert a.moved == {"handed_over": 1, "lost": 0}
        assert taken.sequence == room.sequence + 1, "b counts on from what a's players were told"
        assert taken.match.view(None).to_json() == room.match.view(None).to_json()
        assert [(seat.kind, seat.name) for seat in taken.seats] == [(seat.kind, seat.name) for seat in room.seats]
        async with a.lock(room):
            a.save(room)  # (a stale copy: nothing written, nothing queued)
        with pytest.raises(Exception) as refused:
            await a.written(room)
        assert getattr(refused.value, "key", None) == "room.moved"
        assert rows(db_location, "SELECT owner, epoch FROM sixcard_rooms") == [{"owner": "b", "epoch": 2}]
        a.close()
        b.close()

    try:
        asyncio.run(scenario())
    finally:
        storage.close()


# --- the real thing: HAProxy, PostgreSQL, three workers ------------------------------------------


@dataclass
class Worker:
    name: str
    port: int
    server: Server | None = None
    stack: contextlib.ExitStack = field(default_factory=contextlib.ExitStack)


@dataclass
class Deployment:
    db: str
    proxy: Any
    workers: dict[str, Worker]
    folder: Path

    @property
    def base(self) -> str:
        return self.proxy.plain

    def start(self, worker: Worker) -> None:
        """Start (or start again) ``worker`` on its port."""
        worker.stack = contextlib.ExitStack()
        worker.server = worker.stack.enter_context(
            golf_serve(
                self.db,  # type: ignore[arg-type]
                "--port",
                str(worker.port),
                "--worker-id",
                worker.name,
                "--forwarded-allow-ips",
                "127.0.0.1",
                "--log-format",
                "json",
                stderr=self.folder / f"{worker.name}-{time.monotonic_ns()}.log",
            )
        )

    def owner(self, code: str) -> str | None:
        found = rows(self.db, "SELECT owner FROM sixcard_rooms WHERE code = ?", (code,))
        return found[0]["owner"] if found else None

    def events(self, code: str) -> int:
        return len(rows(self.db, "SELECT n FROM sixcard_room_events WHERE room = ?", (code,)))


@pytest.fixture
def deployment(tmp_path: Path, postgres_cluster: Cluster) -> Iterator[Deployment]:
    if not has_haproxy():
        pytest.skip("scripts/test.sh installs haproxy")
    db = postgres_cluster.new_database()
    Storage(db).close()  # the schema, once, before three servers start at the same moment
    workers = {name: Worker(name, free_port()) for name in ("w1", "w2", "w3")}
    deployed = Deployment(db, None, workers, tmp_path)
    try:
        for worker in workers.values():
            deployed.start(worker)
        with haproxy(tmp_path, [worker.port for worker in workers.values()]) as proxy:
            deployed.proxy = proxy
            wait_until(lambda: all(_ready(deployed.base) for _ in range(6)), "the workers are ready")
            yield deployed
    finally:
        for worker in workers.values():
            if worker.server is not None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(worker.server.process.pid, signal.SIGCONT)
            worker.stack.close()


def _ready(base: str) -> bool:
    try:
        return httpx2.get(f"{base}/readyz", timeout=5).status_code == 200
    except httpx2.HTTPError:
        return False


def _client(base: str, source: str = "127.0.0.2") -> httpx2.Client:
    return httpx2.Client(base_url=base, transport=httpx2.HTTPTransport(local_address=source), timeout=30)


def _ws(base: str, code: str, source: str = "127.0.0.2") -> ClientConnection:
    return connect(
        f"{base.replace('http', 'ws', 1)}/ws/sixcard/{code}?lang=en",
        source_address=(source, 0),
        proxy=None,
        open_timeout=30,
    )


class Player:
    """One seat of a room, over its own WebSocket through ``base``; it reconnects (with its token) when
    the connection ends, as the page does."""

    def __init__(self, base: str, code: str, token: str | None = None, name: str = "") -> None:
        self.base, self.code, self.token, self.name = base, code, token, name
        self.seat: int | None = None
        self.state: dict[str, Any] | None = None
        self.ws: ClientConnection | None = None
        self.closes: list[int | None] = []
        self.sent = -1
        self.stack = contextlib.ExitStack()
        self.connect()

    def connect(self) -> None:
        deadline = time.monotonic() + 90
        while True:
            try:
                self.stack.close()
                self.ws = self.stack.enter_context(_ws(self.base, self.code))
                self.ws.send(
                    json.dumps(
                        {"type": "hello", "token": self.token} if self.token else {"type": "join", "name": self.name}
                    )
                )
                while (message := json.loads(self.ws.recv(timeout=30)))["type"] != "welcome":
                    assert message["type"] != "error", message
                    self._keep(message)
                assert self.seat in (None, message["seat"]), "a player reconnects to their own seat"
                self.seat, self.token = message["seat"], message["token"]
                return
            except (ConnectionClosed, InvalidHandshake, InvalidStatus, OSError, TimeoutError) as error:
                if isinstance(error, ConnectionClosed):
                    self.closes.append(error.rcvd.code if error.rcvd else None)
                assert time.monotonic() < deadline, f"room {self.code} did not come back: {error!r}"
                time.sleep(0.3)

    def _keep(self, message: dict[str, Any]) -> None:
        if message["type"] == "state" and (self.state is None or message["sequence"] >= self.state["sequence"]):
            self.state = message
        if message["type"] == "error":
            assert message["key"].startswith("sixcard.refusal"), message
            self.sent = -1  # (refused: it may act again on the same state)

    @property
    def answered(self) -> bool:
        """Whether the action it sent last was answered (it sees a newer state than the one it acted on)."""
        return self.state is not None and self.state["sequence"] > self.sent

    def drain(self) -> None:
        """Read every message that has come (reconnecting if the connection ended)."""
        assert self.ws is not None
        try:
            while True:
                self._keep(json.loads(self.ws.recv(timeout=0.02)))
        except TimeoutError:
            return
        except ConnectionClosed as closed:
            self.closes.append(closed.rcvd.code if closed.rcvd else None)
            self.connect()

    def play(self, rng: random.Random) -> bool:
        """Act if this seat is to act in the newest state and has not acted on it yet."""
        state = self.state
        if state is None or state["view"] is None or state["sequence"] <= self.sent:
            return False
        view = state["view"]
        if self.seat not in view["to_act"] or not view["legal"]:
            return False
        self.sent = state["sequence"]
        assert self.ws is not None
        with contextlib.suppress(ConnectionClosed):  # (read at the next drain)
            self.ws.send(json.dumps({"type": "act", "action": rng.choice(view["legal"])}))
        return True

    def close(self) -> None:
        self.stack.close()


@dataclass
class Table:
    code: str
    players: list[Player]

    def newest(self) -> dict[str, Any] | None:
        states = [player.state for player in self.players if player.state is not None]
        return max(states, key=lambda state: state["sequence"], default=None)

    def over(self) -> bool:
        state = self.newest()
        return state is not None and state["view"] is not None and state["view"]["phase"] == "over"

    def step(self, rng: random.Random) -> None:
        for player in self.players:
            player.drain()
        for player in self.players:
            player.play(rng)

    def play(self, rng: random.Random, until: Any, limit: float = 180) -> None:
        deadline = time.monotonic() + limit
        while not until():
            assert time.monotonic() < deadline, f"room {self.code} stalled at {self.newest()}"
            self.step(rng)

    def settle(self) -> None:
        """Read until every action sent was answered (none is under way), sending no more."""
        deadline = time.monotonic() + 60
        while not all(player.answered for player in self.players):
            assert time.monotonic() < deadline, f"room {self.code}: an action was never answered"
            for player in self.players:
                player.drain()

    def close(self) -> None:
        for player in self.players:
            player.close()


def _answered(deployment: Deployment, route: str) -> set[str]:
    """The workers whose logs show a request of ``route`` (a route template) answered."""
    served = set()
    for log in deployment.folder.glob("w*.log"):
        for line in log.open():
            entry = json.loads(line)
            if entry.get("event") == "request" and entry.get("route") == route:
                served.add(entry["worker"])
    return served


def _table(base: str, rules: dict[str, int] = SHORT) -> Table:
    """A room of two people created through the proxy, both seated, the match started."""
    with _client(base) as client:
        answer = client.post("/api/sixcard/rooms", json={"players": 2, "name": "Ana", "rules": rules})
    assert answer.status_code == 200, answer.text
    room = answer.json()
    ana = Player(base, room["code"], room["token"])
    ben = Player(base, room["code"], name="Ben")
    assert (ana.seat, ben.seat) == (0, 1)
    assert ana.ws is not None
    ana.ws.send(json.dumps({"type": "start"}))
    table = Table(room["code"], [ana, ben])
    table.play(random.Random(0), lambda: (table.newest() or {}).get("view") is not None)
    return table


def _acknowledged(table: Table) -> int:
    """The newest change the table was told of (stored before it was told)."""
    state = table.newest()
    assert state is not None
    return int(state["sequence"])


def test_rooms_created_through_the_proxy_are_played_to_the_end_each_by_one_worker(deployment):
    rng = random.Random(1)
    tables: list[Table] = []
    owners: dict[str, str | None] = {}
    try:
        while len(set(owners.values())) < 2:  # rooms land on several workers (the hash of their codes)
            assert len(tables) < 20
            table = _table(deployment.base)
            tables.append(table)
            owners[table.code] = deployment.owner(table.code)
        for table in tables:
            table.play(rng, table.over)
            assert deployment.owner(table.code) == owners[table.code], "one worker played it throughout"
            assert all(player.closes == [] for player in table.players), "nobody was sent away"
        code, owner = next(iter(owners.items()))
        with _client(deployment.base) as client:  # the room's page, from the room's worker too
            assert client.get(f"/sixcard/{code}").status_code == 200
        wait_until(lambda: bool(_answered(deployment, "/sixcard/{code}")), "the page's request is logged")
        assert _answered(deployment, "/sixcard/{code}") == {owner}
        for name in set(owners.values()):  # each worker names itself in its logs
            lines = [json.loads(line) for log in deployment.folder.glob(f"{name}-*.log") for line in log.open()]
            assert lines and all(line["worker"] == name for line in lines), name
    finally:
        for table in tables:
            table.close()


def test_a_worker_killed_mid_hole_has_its_rooms_continue_on_another(deployment):
    rng = random.Random(2)
    tables = [_table(deployment.base) for _ in range(3)]
    try:
        for table in tables:
            table.play(rng, lambda table=table: _acknowledged(table) > 12)
        victim = deployment.owner(tables[0].code)
        assert victim is not None
        mine = [table for table in tables if deployment.owner(table.code) == victim]
        told = {table.code: (_acknowledged(table), [player.seat for player in table.players]) for table in mine}
        server = deployment.workers[victim].server
        assert server is not None
        server.process.kill()  # kill -9 in the middle of the hole
        server.process.wait(timeout=10)
        for table in mine:
            table.play(rng, lambda table=table: _acknowledged(table) > told[table.code][0])
            sequence, seats = told[table.code]
            assert [player.seat for player in table.players] == seats, "everyone is back in their seat"
            assert all(player.closes for player in table.players), "the connections were cut"
            assert deployment.owner(table.code) not in (victim, None), "another worker plays it"
            restored = min(player.state["sequence"] for player in table.players if player.state)
            assert restored > sequence, "nothing acknowledged was lost (a restored room counts on from it)"
        for table in tables:
            table.play(rng, table.over)
    finally:
        for table in tables:
            table.close()


def test_a_stopped_worker_that_comes_back_writes_nothing_of_the_rooms_it_lost(deployment):
    rng = random.Random(3)
    # Two holes: the one-hole match could end before the other worker has taken two more actions.
    table = _table(deployment.base, {**SHORT, "holes": 2})
    later = contextlib.ExitStack()
    try:
        table.play(rng, lambda: _acknowledged(table) > 8)
        table.settle()
        owner = deployment.workers[deployment.owner(table.code) or ""]
        assert owner.server is not None
        # A connection straight to the worker (as one the proxy made before it was stopped).
        address = f"ws://127.0.0.1:{owner.port}/ws/sixcard/{table.code}?lang=en"
        stale = later.enter_context(connect(address, proxy=None, open_timeout=30))
        acting = next(player for player in table.players if player.seat in table.newest()["view"]["to_act"])
        stale.send(json.dumps({"type": "hello", "token": acting.token}))
        stale_state = None
        while stale_state is None or stale_state["seat"] != acting.seat:
            message = json.loads(stale.recv(timeout=30))
            stale_state = message if message["type"] == "state" else stale_state
        assert stale_state["sequence"] == _acknowledged(table) and stale_state["view"]["legal"]
        os.kill(owner.server.process.pid, signal.SIGSTOP)
        try:
            before = _acknowledged(table)
            table.play(rng, lambda: _acknowledged(table) > before + 2)  # on another worker
            table.settle()  # no action of the table's own under way: what is stored now stays so
            taken = deployment.owner(table.code)
            assert taken not in (owner.name, None)
            stored = deployment.events(table.code)
        finally:
            os.kill(owner.server.process.pid, signal.SIGCONT)
        view = stale_state["view"]
        with contextlib.suppress(ConnectionClosed):
            stale.send(json.dumps({"type": "act", "action": view["legal"][0]}))
        seen = []
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                seen.append(json.loads(stale.recv(timeout=30)))
        assert closed.value.rcvd is not None and closed.value.rcvd.code == RESTART_CLOSE, "told to reconnect"
        assert all(message["type"] != "state" or message["sequence"] <= stale_state["sequence"] for message in seen)
        assert deployment.events(table.code) == stored, "the stale worker wrote nothing"
        assert _metric(owner, 'golfcards_rooms_moved_total{how="lost"}') == 1.0
        # Back in the proxy, the worker is asked for the room again and gets it (handed over); its
        # players are told to reconnect, and the match goes on there to its end.
        wait_until(lambda: _watched_on(deployment, table.code, owner.name), "the room is back on its worker")
        table.play(rng, table.over)
        assert any(RESTART_CLOSE in player.closes for player in table.players), "handed over: 1012"
    finally:
        later.close()
        table.close()


def test_a_worker_id_is_a_short_name():
    """``--worker-id`` goes into the leases and every log line: letters, digits and ``. _ : @ -``."""
    for bad in ("two words", "x" * 65, "w1\n", ""):
        result = subprocess.run(
            [sys.executable, "-m", "golfcards", "serve", "--port", "0", "--worker-id", bad],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
            timeout=60,
        )
        assert result.returncode == 2 and "--worker-id" in result.stderr, bad


def _metric(worker: Worker, name: str) -> float:
    """A value of the worker's ``/metrics`` (read from loopback, as Prometheus on the machine would)."""
    text = httpx2.get(f"http://127.0.0.1:{worker.port}/metrics", timeout=30).text
    return float(next(line.split()[-1] for line in text.splitlines() if line.startswith(name + " ")))


def _watched_on(deployment: Deployment, code: str, worker: str) -> bool:
    """A spectator's visit through the proxy; whether ``worker`` plays the room afterwards."""
    with _ws(deployment.base, code, "127.0.0.4") as ws:
        ws.send(json.dumps({"type": "watch", "name": "Eve"}))
        while json.loads(ws.recv(timeout=30))["type"] != "state":
            pass
    return deployment.owner(code) == worker


def test_a_solitaire_game_is_played_across_the_workers_and_a_repeated_action_applied_once(deployment):
    with _client(deployment.base) as client:
        game = client.post("/api/solitaire/new", json={"rule": "easy"}).json()["game"]
        assert game["moves"] == 0
        for move in range(1, 7):  # each request to the least busy worker
            answer = client.post("/api/solitaire/action", json={"action": "d", "request_id": f"draw-{move}"}).json()
            assert answer["outcome"]["accepted"] and answer["game"]["moves"] == move
        cookies = dict(client.cookies)
    wait_until(lambda: len(_answered(deployment, "/api/solitaire/action")) >= 2, "the moves went to several workers")
    for worker in deployment.workers.values():  # the same request to each worker: applied once
        with httpx2.Client(base_url=f"http://127.0.0.1:{worker.port}", cookies=cookies, timeout=30) as direct:
            answer = direct.post("/api/solitaire/action", json={"action": "d", "request_id": "draw-7"})
            assert answer.status_code == 200 and answer.json()["game"]["moves"] == 7, worker.name
    with _client(deployment.base) as client:
        client.cookies.update(cookies)
        assert client.get("/api/solitaire").json()["game"]["moves"] == 7


def _refused_with(base: str, code: str, source: str) -> int | None:
    """The close code of a look-up of room ``code`` from ``source`` (4404: not found; 4429: locked out)."""
    try:
        with _ws(base, code, source) as ws:
            ws.send(json.dumps({"type": "watch", "name": "Eve"}))
            while True:
                ws.recv(timeout=30)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else None


def test_the_limits_per_address_see_the_client_behind_the_proxy(deployment):
    """127.0.0.2 spends its room look-ups (each worker counts its own); on a code it is locked out of,
    127.0.0.3 through the same proxy is not."""
    locked = None
    for guess in range(3 * GUESSES + 1):  # one worker at least has seen more than its GUESSES
        code = f"GUESS{guess:05d}"
        if _refused_with(deployment.base, code, "127.0.0.2") == 4429:
            locked = code
            break
    assert locked is not None
    assert _refused_with(deployment.base, locked, "127.0.0.2") == 4429
    assert _refused_with(deployment.base, locked, "127.0.0.3") == 4404, "a neighbour is not held up"
