"""Load on ``golf serve`` over loopback: the measurements behind the table in docs/web.md (run by hand).

    PYTHONPATH=src python bench/load.py                        # every scenario, 20 s each
    PYTHONPATH=src python bench/load.py sixcard --clients 50,200 --seconds 10
    PYTHONPATH=src python bench/load.py mixed bots slow slowloris solitaire

Each scenario starts a fresh ``golf serve`` (soft limit of 1,024 open files, as is common: the
server raises it itself), connects its clients from many loopback addresses (127.1.x.y for players,
127.2.0.x for attackers), as devices of a network would, lets them play for ``--seconds`` and stops.
Everything is bounded: at most 2,000 six-card clients, 1,100 attacking sockets, a fixed time. The
measurement starts ``--settle`` seconds (10) after the last client arrived, once the wave of every
room's first turns is over; the clients' own garbage collector is off from then until the last of
them has stopped (see :func:`quiet_collector`), and they parse their messages with orjson: they
stand for devices of their own, and their share of this machine's CPU is the benchmark's, not the
server's.

* ``sixcard``: N WebSocket clients (``--clients``, default 50, 200, 500, 1,000, 2,000) in rooms of
  4, each playing a random legal action of its own view after a think of 0.5-1.5 s whenever it is to
  act (the host starts the match and moves to the next hole). The latency of an action is the time
  from sending it to the state message that shows it.
* ``solitaire``: 50 Solitaire players, each drawing and undoing as fast as answers come.
* ``mixed``: 50 six-card clients (as above) with the 50 fast Solitaire players alongside.
* ``bots``: 50 six-card clients with 100 rooms of one player and 3 expert bots alongside.
* ``slow``: 50 six-card clients, and 20 rooms of 2 fast players (a think of 5-20 ms) watched by a
  client that never reads (a tiny receive buffer): the latency of all 90 players, and how many
  silent clients the server dropped.
* ``slowloris``: 50 six-card clients and a page loaded every 0.1 s while 1,100 sockets from 11
  other addresses send request headers one line every 2 s (and reconnect when cut off).
* ``flood``: 50 six-card clients in rooms of 2, each room with a visitor that holds its link and
  sends a burst of ``watch`` messages in one write every second (60 in half the rooms: more than
  the server keeps waiting, so it is cut off and reconnects; 30 renames in the others: carried out,
  paced); the players' latency and disconnections, and what became of the bursts.
* ``spectators``: 50 six-card clients in rooms of 2, and 300 spectators coming to one of the rooms
  during the measurement (each stays 3-8 s, leaves and comes back): the latency of that room's
  players and of all, how many spectators were let in or refused, the largest state message.
* ``workers``: the ``sixcard`` load (``--worker-clients``, default 200) through HAProxy
  (``deploy/haproxy.cfg``, Debian's ``/usr/sbin/haproxy``) in front of 1, 2 and 4 workers
  (``--workers``) sharing a throwaway PostgreSQL cluster (Debian's ``postgresql``): rooms created
  through the proxy, each room's WebSocket sent to its worker by the hash of its code. The server's
  memory and CPU are the workers' together; HAProxy's and PostgreSQL's CPU is among the others'.

The table gives errors (refused actions, failed connections, answers that never came, HTTP errors),
six-card actions per second, the median and 99th percentile of their latency (and in which seconds
the slowest 1 % were sent: a few seconds mean a stall or a burst), the server's memory
at the end, the server's CPU time per six-card action (everything it did meanwhile, divided by the
actions: a cost that does not depend much on how busy the machine is), and the CPU (in cores, out of
``os.cpu_count()``) used meanwhile by the server, by these clients, and by every other process: the
server and the clients share the machine with whatever else runs, and a latency means little
without it.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import gc
import itertools
import json
import multiprocessing
import os
import random
import re
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

import httpx2
import orjson
import psutil
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parent.parent
THINK = (0.5, 1.5)
"""Seconds a six-card client thinks before it acts (uniform)."""
FAST_THINK = (0.005, 0.02)
"""The players of the rooms with a silent seat: fast, so that what waits for it piles up quickly."""
ANSWER_LIMIT = 10.0
"""An action not answered within this many seconds counts as an error."""
ROOMS_PER_ADDRESS = 10
SETTLE = 10.0
"""Seconds from the last client's arrival to the start of the measurement. Clients arrive 100 every
0.2 s, and each room's first turns come at once (every player turns up two cards): at 2,000 clients
that wave (about 8,000 actions in 5 s, against some 500 a second later on) takes the server seconds
to work off, and is not the steady play this benchmark measures (``--settle`` to change it)."""


@dataclass
class Tally:
    """What the clients of one kind saw."""

    latencies: list[float] = field(default_factory=list)
    stamps: list[float] = field(default_factory=list)
    """When each of ``latencies`` began (``time.monotonic``)."""
    start: float = 0.0
    """When the measured window began."""
    kinds: collections.Counter[str] = field(default_factory=collections.Counter)

    @property
    def errors(self) -> int:
        return sum(self.kinds.values())

    def error(self, kind: str) -> None:
        self.kinds[kind] += 1

    def percentile(self, share: float) -> float:
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000


class Server:
    """``golf serve`` on a fresh database and a free port, with the common soft limit on open files."""

    def __init__(self, folder: Path, db: str | None = None, *options: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "PYTHONUNBUFFERED": "1"}
        db = db or str(folder / "golf.sqlite3")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "golfcards", "serve", "--port", "0", "--db", db, *options],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
            preexec_fn=lambda: resource.setrlimit(
                resource.RLIMIT_NOFILE, (1024, resource.getrlimit(resource.RLIMIT_NOFILE)[1])
            ),
        )
        assert self.process.stdout is not None
        found = re.search(r"http://[^/\s]+:(\d+)", self.process.stdout.readline())
        if not found:
            self.process.kill()
            raise SystemExit("golf serve did not start")
        self.port = int(found.group(1))
        self.url = f"http://127.0.0.1:{self.port}"
        self.ps = psutil.Process(self.process.pid)
        self._settle()

    def _settle(self) -> None:
        """Wait (at most 60 s) until the server's start-up work (the solver's warm-up) is done."""
        for _ in range(120):
            if self.ps.cpu_percent(interval=0.5) < 10:
                return

    def rss(self) -> int:
        return self.ps.memory_info().rss

    def cpu(self) -> float:
        times = self.ps.cpu_times()
        return times.user + times.system

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()


class PostgresCluster:
    """A throwaway PostgreSQL cluster from Debian's binaries, on a Unix socket in a folder of its own
    (as the tests' own; run as root, its programs run as ``postgres``)."""

    def __init__(self) -> None:
        import glob
        import pwd

        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda path: int(path.split("/")[4]))
        if not found:
            raise SystemExit("the workers scenario needs PostgreSQL (apt-get install postgresql)")
        self.bin = Path(found[-1]).parent
        self.folder = Path(tempfile.mkdtemp(prefix="golfcards-bench-pg-"))
        self.owner = "postgres" if os.geteuid() == 0 else None
        if self.owner is not None:
            os.chown(self.folder, pwd.getpwnam(self.owner).pw_uid, -1)
        self._run("initdb", "-D", str(self.folder / "data"), "-A", "trust", "-U", "postgres", "-E", "UTF8")
        options = f"-k {self.folder} -c listen_addresses='' -c max_connections=200"
        data, log = str(self.folder / "data"), str(self.folder / "log")
        self._run("pg_ctl", "-D", data, "-l", log, "-w", "-o", options, "start")
        self.url = f"postgresql://postgres@/postgres?host={self.folder}"
        postmaster = (self.folder / "data" / "postmaster.pid").read_text().split()[0]
        self.ps = psutil.Process(int(postmaster))

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bin / program), *args]
        if self.owner is not None:
            command = ["runuser", "-u", self.owner, "--", *command]
        subprocess.run(command, check=True, capture_output=True, cwd=self.folder)

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


HAPROXY = "/usr/sbin/haproxy"


def haproxy_config(worker_ports: list[int], port: int) -> str:
    """deploy/haproxy.cfg's defaults, HTTPS frontend (on ``port``, without TLS) and backends, with
    ``worker_ports`` as the workers."""
    sections: dict[str, list[str]] = {}
    header = ""
    for line in (ROOT / "deploy" / "haproxy.cfg").read_text().splitlines():
        if line and not line[0].isspace() and not line.startswith("#"):
            header = line.strip()
            sections[header] = []
        elif header and line.strip() and not line.strip().startswith(("#", "server ", "log ", "bind ")):
            sections[header].append(line)
    names = [f"w{n}" for n in range(1, len(worker_ports) + 1)]
    sections["frontend https"].append(f"    bind 127.0.0.1:{port}")
    for name, worker in zip(names, worker_ports, strict=True):
        sections["backend golfcards"].append(f"    server {name} 127.0.0.1:{worker}")
        sections["backend rooms"].append(f"    server {name} 127.0.0.1:{worker} track golfcards/{name}")
    parts = ["global\n    maxconn 5000"]
    for name in ("defaults", "frontend https", "backend golfcards", "backend rooms"):
        parts.append(name + "\n" + "\n".join(sections[name]))
    return "\n\n".join(parts) + "\n"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Workers:
    """``count`` workers (``golf serve``) sharing a throwaway PostgreSQL behind HAProxy; ``port`` and
    ``url`` are the proxy's, ``rss`` and ``cpu`` the workers' together."""

    def __init__(self, folder: Path, count: int) -> None:
        self.postgres = PostgresCluster()
        self.workers: list[Server] = []
        self.proxy: subprocess.Popen | None = None
        try:
            for number in range(1, count + 1):
                self.workers.append(
                    Server(folder, self.postgres.url, "--worker-id", f"w{number}", "--forwarded-allow-ips", "127.0.0.1")
                )
            self.port = _free_port()
            config = folder / "haproxy.cfg"
            config.write_text(haproxy_config([worker.port for worker in self.workers], self.port))
            self.proxy = subprocess.Popen([HAPROXY, "-db", "-f", str(config)], stderr=subprocess.DEVNULL)
            self.url = f"http://127.0.0.1:{self.port}"
            for _ in range(600):  # until every worker is up in the proxy (its health checks)
                with contextlib.suppress(httpx2.HTTPError):
                    if all(httpx2.get(f"{self.url}/readyz").status_code == 200 for _ in range(2 * count)):
                        break
                time.sleep(0.1)
            time.sleep(3)  # two more checks: none was marked down at the start
        except BaseException:
            self.stop()
            raise

    def rss(self) -> int:
        return sum(worker.rss() for worker in self.workers)

    def cpu(self) -> float:
        return sum(worker.cpu() for worker in self.workers)

    def stop(self) -> None:
        if self.proxy is not None:
            self.proxy.terminate()
            self.proxy.wait(timeout=15)
        for worker in self.workers:
            worker.stop()
        self.postgres.stop()


def player_address(room: int) -> str:
    return f"127.1.{room // ROOMS_PER_ADDRESS // 250}.{room // ROOMS_PER_ADDRESS % 250 + 1}"


async def create_room(server: Server, address: str, body: dict) -> dict:
    # Plain HTTP on loopback: verify=False skips loading the CA bundle (275 ms a client here).
    transport = httpx2.AsyncHTTPTransport(local_address=address, verify=False)
    async with httpx2.AsyncClient(base_url=server.url, transport=transport, timeout=60) as client:
        answer = await client.post("/api/sixcard/rooms", json=body)
        answer.raise_for_status()
        return answer.json()


class SixCardClient:
    """One seat of a room, played by random legal actions after a think."""

    def __init__(
        self, server: Server, code: str, address: str, tally: Tally, token: str | None = None, think=THINK
    ) -> None:
        self.server, self.code, self.address, self.tally, self.token = server, code, address, tally, token
        self.think = think
        self.seat: int | None = None
        self.state: dict | None = None
        self.sent_at: float | None = None
        self.before: int | None = None
        self.thinking = False
        self.done_for: set[tuple[str, int]] = set()

    async def run(self, stop: asyncio.Event) -> None:
        uri = f"ws://127.0.0.1:{self.server.port}/ws/sixcard/{self.code}"
        try:
            async with connect(
                uri, local_addr=(self.address, 0), compression=None, proxy=None, open_timeout=60, ping_interval=None
            ) as ws:
                self.ws = ws
                first = {"type": "hello", "token": self.token} if self.token else {"type": "join", "name": "P"}
                await ws.send(json.dumps(first))
                reading = asyncio.ensure_future(self._read())
                stopping = asyncio.ensure_future(stop.wait())
                await asyncio.wait([reading, stopping], return_when="FIRST_COMPLETED")
                if reading.done() and not stop.is_set():
                    self.tally.error("closed by the server")
                reading.cancel()
                stopping.cancel()
        except Exception as error:  # a refused or broken connection
            self.tally.error(f"connection: {type(error).__name__}")
        if self.sent_at is not None and time.monotonic() - self.sent_at > ANSWER_LIMIT:
            self.tally.error("unanswered")

    async def _read(self) -> None:
        async for raw in self.ws:
            message = orjson.loads(raw)  # a device of its own parses its messages: here, in less of the shared CPU
            if message["type"] == "welcome":
                self.seat = message["seat"]
            elif message["type"] == "error":
                self.tally.error(message["key"])
                self.sent_at = None
            elif message["type"] == "state":
                self._on_state(message)

    def _mine(self, message: dict) -> int | None:
        return next((a["sequence"] for a in message["last_actions"] if a["seat"] == self.seat), None)

    def _on_state(self, message: dict) -> None:
        self.state = message
        if self.sent_at is not None and self._mine(message) != self.before:
            self.tally.latencies.append(time.monotonic() - self.sent_at)
            self.tally.stamps.append(self.sent_at)
            self.sent_at = None
        view = message["view"]
        if self.seat == 0:
            self._host(message)
        if view and self.seat in view["to_act"] and view["legal"] and self.sent_at is None and not self.thinking:
            self.thinking = True
            asyncio.get_running_loop().call_later(random.uniform(*self.think), self._act)

    def _host(self, message: dict) -> None:
        view, sequence = message["view"], message["sequence"]
        if view is None and all(seat["kind"] != "open" for seat in message["room"]["seats"]):
            self._once("start", sequence)
        elif view and view["phase"] == "over":
            self._once("rematch" if message["scorecard"]["over"] else "next_hole", sequence)

    def _once(self, kind: str, sequence: int) -> None:
        if (kind, sequence) not in self.done_for:
            self.done_for.add((kind, sequence))
            self._send({"type": kind})

    def _act(self) -> None:
        self.thinking = False
        state = self.state
        if state is None or self.sent_at is not None:
            return
        view = state["view"]
        if not view or self.seat not in view["to_act"] or not view["legal"]:
            return
        self.before = self._mine(state)
        self.sent_at = time.monotonic()
        action = random.choice(view["legal"])
        self._send({"type": "act", "action": action})

    def _send(self, message: dict) -> None:
        async def send() -> None:
            with contextlib.suppress(ConnectionClosed):
                await self.ws.send(json.dumps(message))

        asyncio.ensure_future(send())


async def human_rooms(
    server: Server, players: int, per_room: int, tally: Tally, first_room: int = 0
) -> list[SixCardClient]:
    """Rooms of ``per_room`` bench clients (the last one smaller if need be, 2 at least) for ``players``
    clients in all; returns the clients (not yet running)."""
    sizes = [per_room] * (players // per_room)
    if players % per_room:
        sizes.append(max(2, players % per_room))
    clients = []
    for start in range(0, len(sizes), 50):
        batch = range(first_room + start, first_room + min(len(sizes), start + 50))
        made = await asyncio.gather(
            *(create_room(server, player_address(r), {"players": sizes[r - first_room], "name": "P"}) for r in batch)
        )
        for number, room in zip(batch, made, strict=True):
            address = player_address(number)
            clients.append(SixCardClient(server, room["code"], address, tally, room["token"]))
            clients += [
                SixCardClient(server, room["code"], address, tally) for _ in range(sizes[number - first_room] - 1)
            ]
    return clients


async def solitaire_player(url: str, address: str, tally: Tally, stop: asyncio.Event) -> None:
    # Plain HTTP on loopback: verify=False skips loading the CA bundle (275 ms a client here).
    transport = httpx2.AsyncHTTPTransport(local_address=address, verify=False)
    async with httpx2.AsyncClient(base_url=url, transport=transport, timeout=60) as client:
        try:
            (await client.get("/api/solitaire")).raise_for_status()
            for action in itertools.cycle("du"):
                if stop.is_set():
                    return
                start = time.monotonic()
                answer = await client.post("/api/solitaire/action", json={"action": action})
                if answer.status_code != 200 or not answer.json()["outcome"]["accepted"]:
                    tally.error(f"HTTP {answer.status_code}")
                else:
                    tally.latencies.append(time.monotonic() - start)
                    tally.stamps.append(start)
        except httpx2.HTTPError as error:
            tally.error(type(error).__name__)


SOLITAIRE_PLAYERS = 50


def _solitaire_process(url: str, count: int, pipe: Connection) -> None:
    """In a process of its own (so that their HTTP clients do not slow the six-card clients' event
    loop, whose lag would count in every six-card latency): ``count`` fast Solitaire players until
    the pipe says stop; then it sends back each answer's (time, latency) and the errors."""

    async def run() -> None:
        tally, stop = Tally(), asyncio.Event()
        players = [
            asyncio.ensure_future(solitaire_player(url, f"127.1.250.{n + 1}", tally, stop)) for n in range(count)
        ]
        await asyncio.get_running_loop().run_in_executor(None, pipe.recv)
        stop.set()
        await asyncio.gather(*players, return_exceptions=True)
        pipe.send((tally.stamps, tally.latencies, dict(tally.kinds)))

    asyncio.run(run())


async def solitaire_players(server: Server, tally: Tally, window: Window, stop: asyncio.Event) -> None:
    """:data:`SOLITAIRE_PLAYERS` fast Solitaire players (:func:`_solitaire_process`) until ``stop``;
    their answers within the measured ``window`` go to ``tally``."""
    ours, theirs = multiprocessing.get_context("spawn").Pipe()
    process = multiprocessing.get_context("spawn").Process(
        target=_solitaire_process, args=(server.url, SOLITAIRE_PLAYERS, theirs), daemon=True
    )
    process.start()
    window.helpers.append(psutil.Process(process.pid))
    await stop.wait()
    ours.send("stop")
    stamps, latencies, kinds = await asyncio.get_running_loop().run_in_executor(None, ours.recv)
    process.join()
    tally.latencies += [latency for stamp, latency in zip(stamps, latencies, strict=True) if stamp >= window.start]
    tally.kinds.update(kinds)


async def page_loader(server: Server, tally: Tally, stop: asyncio.Event) -> None:
    async with httpx2.AsyncClient(base_url=server.url, timeout=30, verify=False) as client:
        while not stop.is_set():
            start = time.monotonic()
            try:
                answer = await client.get("/solitaire")
                if answer.status_code == 200:
                    tally.latencies.append(time.monotonic() - start)
                else:
                    tally.error(f"HTTP {answer.status_code}")
            except httpx2.HTTPError as error:
                tally.error(type(error).__name__)
            await asyncio.sleep(0.1)


async def trickler(server: Server, address: str, stop: asyncio.Event) -> None:
    """A slowloris socket: one header line every 2 s, a new connection when the server cuts it off."""
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port, local_addr=(address, 0))
        except OSError:
            await asyncio.sleep(1)
            continue
        try:
            writer.write(b"GET /solitaire HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            while not stop.is_set() and not reader.at_eof():
                writer.write(b"X-Slow: 1\r\n")
                await writer.drain()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(reader.read(4096), 2)
        except OSError:
            pass
        finally:
            writer.close()


async def silent_watcher(server: Server, code: str, address: str, stop: asyncio.Event) -> bool:
    """Watch a room and never read (a 4 KB receive buffer): every change is sent to it all the same (a
    seated client that never read would stop its table, which must wait for its turns); True if the
    server dropped it."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.bind((address, 0))
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", server.port))
    reader, writer = await asyncio.open_connection(sock=sock)
    writer.write(
        f"GET /ws/sixcard/{code} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    await reader.readuntil(b"\r\n\r\n")
    await stop.wait()
    port = sock.getsockname()[1]
    dropped = not any(
        conn.raddr and conn.raddr.port == port and conn.status == psutil.CONN_ESTABLISHED
        for conn in psutil.Process(server.process.pid).net_connections(kind="tcp")
    )
    writer.close()
    return dropped


def text_frame(text: str) -> bytes:
    """A client's text frame, masked with the key 0 (the payload as is)."""
    payload = text.encode()
    size = bytes([0x80 | len(payload)]) if len(payload) < 126 else bytes([0x80 | 126]) + len(payload).to_bytes(2, "big")
    return b"\x81" + size + b"\0\0\0\0" + payload


FLOOD_CLOSE = b"\x88\x02" + (4429).to_bytes(2, "big")
"""The server's close frame for a client that floods."""


async def flooder(
    server: Server, code: str, address: str, burst: int, counts: collections.Counter[str], stop: asyncio.Event
) -> None:
    """A visitor with the room's link: ``burst`` ``watch`` messages (each a new name) in one write every
    second, reading what comes; a new connection when the server cuts it off."""
    loop = asyncio.get_running_loop()
    number = 0
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port, local_addr=(address, 0))
        except OSError:
            await asyncio.sleep(1)
            continue
        tail = b""
        try:
            writer.write(
                f"GET /ws/sixcard/{code} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
                "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n".encode()
            )
            await reader.readuntil(b"\r\n\r\n")
            counts["connections"] += 1
            while not stop.is_set():
                frames = []
                for _ in range(burst):
                    number += 1
                    frames.append(text_frame(json.dumps({"type": "watch", "name": f"x{number}"})))
                writer.write(b"".join(frames))
                counts["bursts"] += 1
                second = loop.time() + 1
                while (left := second - loop.time()) > 0 and FLOOD_CLOSE not in tail:
                    with contextlib.suppress(TimeoutError):
                        data = await asyncio.wait_for(reader.read(65536), left)
                        if not data:
                            raise ConnectionResetError
                        tail = (tail + data)[-64:]
                if FLOOD_CLOSE in tail:
                    break
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            writer.close()
        if FLOOD_CLOSE in tail:
            counts["closed for flooding (4429)"] += 1
        elif not stop.is_set():
            counts["cut off otherwise"] += 1
        await asyncio.sleep(1)  # the next burst a second later, on a new connection


@dataclass
class Crowd:
    """What the spectators of the ``spectators`` scenario saw."""

    counts: collections.Counter[str] = field(default_factory=collections.Counter)
    largest: int = 0
    """The longest state message a spectator received (bytes)."""


async def spectator(
    server: Server, code: str, address: str, number: int, come: float, crowd: Crowd, stop: asyncio.Event
) -> None:
    """Watch room ``code`` under a long name ``come`` seconds from now on (the first time), 3-8 s at a
    time, reading everything."""
    await asyncio.sleep(come)
    while not stop.is_set():
        uri = f"ws://127.0.0.1:{server.port}/ws/sixcard/{code}"
        try:
            async with connect(
                uri, local_addr=(address, 0), compression=None, proxy=None, open_timeout=60, ping_interval=None
            ) as ws:
                await ws.send(json.dumps({"type": "watch", "name": f"Spectator {number:03} of the crowd"}))
                stay = time.monotonic() + random.uniform(3, 8)
                admitted = False
                while not stop.is_set() and (left := stay - time.monotonic()) > 0:
                    with contextlib.suppress(TimeoutError):
                        raw = await asyncio.wait_for(ws.recv(), left)
                        if raw.startswith('{"type":"state"'):
                            crowd.largest = max(crowd.largest, len(raw.encode()))
                            admitted = True
                if admitted or not stop.is_set():
                    crowd.counts["let in" if admitted else "left unanswered"] += 1
        except ConnectionClosed as closed:
            crowd.counts["refused (4503)" if closed.rcvd and closed.rcvd.code == 4503 else "cut off"] += 1
            await asyncio.sleep(random.uniform(1, 3))
        except Exception as error:  # a refused or broken connection
            crowd.counts[f"could not connect ({type(error).__name__})"] += 1
            await asyncio.sleep(1)


@dataclass
class Window:
    """The measured time of a scenario: when it began, and the processes of its clients besides this one."""

    start: float = float("inf")
    helpers: list[psutil.Process] = field(default_factory=list)

    def cpu(self, bench: psutil.Process) -> float:
        """CPU seconds used so far by the clients: this process and its helper processes."""
        return sum(sum(process.cpu_times()[:2]) for process in [bench, *self.helpers])


@dataclass
class Result:
    name: str
    clients: int
    sixcard: Tally
    seconds: float
    rss: int
    others: float
    server_cpu: float = 0.0
    bench_cpu: float = 0.0
    extra: str = ""
    solitaire: Tally | None = None
    lag: Tally = field(default_factory=Tally)
    """How late the clients' event loop ran a 10 ms timer: a latency includes that much of the client."""


async def loop_lag(tally: Tally, stop: asyncio.Event) -> None:
    """Time how late this event loop wakes from 10 ms sleeps until ``stop``."""
    while not stop.is_set():
        start = time.monotonic()
        await asyncio.sleep(0.01)
        tally.latencies.append(max(0.0, time.monotonic() - start - 0.01))


def quiet_collector() -> None:
    """No garbage collection in the clients while they are measured. The clients stand for devices
    of their own: with Python's default thresholds, 2,000 of them in this process paused it for
    30-75 ms twice a second (young collections walking every client's latest state), and every
    message that arrived meanwhile counted as that much slower, every action due meanwhile went out
    at once. The measured window is short and bounded, so what it allocates is kept until it ends
    (nothing is collected first either: a full collection of the clients takes a few hundred ms),
    and the collector comes back only once every client has stopped: the actions sent in the last
    second are answered after the window ends."""
    gc.freeze()
    gc.disable()


async def measure(
    server: Server,
    name: str,
    clients: list[SixCardClient],
    seconds: float,
    settle: float,
    background: list[Callable[[asyncio.Event], Awaitable[object]]],
    tally: Tally,
    window: Window,
) -> tuple[Result, list[object]]:
    """Run the background load and the clients for ``seconds`` (after they have connected)."""
    stop = asyncio.Event()
    behind = [asyncio.ensure_future(task(stop)) for task in background]
    await asyncio.sleep(1)
    running = []
    for start in range(0, len(clients), 100):  # connect in batches, as people arrive
        running += [asyncio.ensure_future(client.run(stop)) for client in clients[start : start + 100]]
        await asyncio.sleep(0.2)
    await asyncio.sleep(settle)  # every client seated, matches started, the first wave over
    quiet_collector()
    tally.latencies.clear()
    tally.stamps.clear()
    tally.start = time.monotonic()
    bench = psutil.Process()
    psutil.cpu_percent()
    server_before, bench_before = server.cpu(), window.cpu(bench)
    started = window.start = time.monotonic()
    lag = Tally()
    watching = asyncio.ensure_future(loop_lag(lag, stop))
    await asyncio.sleep(seconds)
    elapsed = time.monotonic() - started
    total = psutil.cpu_percent() / 100 * (os.cpu_count() or 1)
    server_cpu = (server.cpu() - server_before) / elapsed
    bench_cpu = (window.cpu(bench) - bench_before) / elapsed
    rss = server.rss()
    stop.set()
    results = await asyncio.gather(*running, *behind, return_exceptions=True)
    gc.unfreeze()  # only now: the actions sent in the last second are answered after the window ends
    gc.enable()
    others = max(0.0, total - server_cpu - bench_cpu)
    result = Result(name, len(clients), tally, elapsed, rss, others, server_cpu=server_cpu, bench_cpu=bench_cpu)
    await watching
    result.lag = lag
    return result, list(results[len(running) :])


async def workers_scenario(workers: int, clients: int, seconds: float, settle: float = SETTLE) -> Result:
    """The ``sixcard`` load through HAProxy in front of ``workers`` workers on PostgreSQL."""
    with tempfile.TemporaryDirectory() as folder:
        cluster = Workers(Path(folder), workers)
        try:
            result = await _scenario(cluster, "sixcard", clients, seconds, settle)  # type: ignore[arg-type]
        finally:
            cluster.stop()
    result.name = f"workers: {workers}"
    return result


async def scenario(name: str, count: int, seconds: float, settle: float = SETTLE) -> Result:
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder))
        try:
            return await _scenario(server, name, count, seconds, settle)
        finally:
            server.stop()


async def _scenario(server: Server, name: str, count: int, seconds: float, settle: float) -> Result:
    tally, window = Tally(), Window()
    background: list[Callable[[asyncio.Event], Awaitable[object]]] = []
    solitaire = Tally()
    if name == "solitaire":
        background = [lambda stop: solitaire_players(server, solitaire, window, stop)]
        result, _ = await measure(server, name, [], seconds, settle, background, tally, window)
        result.solitaire = solitaire
        return result
    clients = await human_rooms(server, count, 4 if name == "sixcard" else 2, tally)
    if name == "mixed":
        background = [lambda stop: solitaire_players(server, solitaire, window, stop)]
    elif name == "bots":
        bot_tally = Tally()
        for start in range(0, 100, 25):
            made = await asyncio.gather(
                *(
                    create_room(
                        server,
                        player_address(1000 + r),
                        {"players": 4, "name": "H", "bots": ["expert"] * 3, "start": True},
                    )
                    for r in range(start, start + 25)
                )
            )
            for r, room in zip(range(start, start + 25), made, strict=True):
                client = SixCardClient(server, room["code"], player_address(1000 + r), bot_tally, room["token"])
                background.append(client.run)
    elif name == "slow":
        slow_rooms = await human_rooms(server, 40, 2, tally, first_room=500)
        for client in slow_rooms:
            client.think = FAST_THINK  # many messages for the silent seat: its buffers fill in seconds
        clients += slow_rooms
        codes = list(dict.fromkeys(client.code for client in slow_rooms))
        background = [
            lambda stop, code=code, n=n: silent_watcher(server, code, player_address(500 + n), stop)
            for n, code in enumerate(codes)
        ]
    elif name == "flood":
        counts: collections.Counter[str] = collections.Counter()
        codes = list(dict.fromkeys(client.code for client in clients))
        background = [
            lambda stop, code=code, n=n: flooder(
                server, code, f"127.2.0.{n // 50 + 2}", 60 - 30 * (n % 2), counts, stop
            )
            for n, code in enumerate(codes)
        ]
    elif name == "spectators":
        crowd = Crowd()
        watched = clients[0].code
        watched_tally = Tally()
        for client in clients:
            if client.code == watched:
                client.tally = watched_tally
        come = 1.5 + settle  # after the players have come and settled: during the measurement, in 1.5 s
        background = [
            lambda stop, n=n: spectator(server, watched, f"127.3.{n // 100}.1", n, come + n * 0.005, crowd, stop)
            for n in range(300)
        ]
    elif name == "slowloris":
        loader = Tally()
        background = [
            lambda stop, a=attacker: trickler(server, f"127.2.0.{a // 100 + 2}", stop) for attacker in range(1100)
        ]
        background.append(lambda stop: page_loader(server, loader, stop))
    result, outcomes = await measure(server, name, clients, seconds, settle, background, tally, window)
    if name in ("mixed", "solitaire"):
        result.solitaire = solitaire
    if name == "slow":
        dropped = sum(1 for outcome in outcomes if outcome is True)
        result.extra = f"{dropped} of {len(outcomes)} silent clients dropped"
    if name == "flood":
        result.extra = "floods: " + ", ".join(f"{n} {kind}" for kind, n in counts.most_common())
    if name == "spectators":
        own = Tally(start=tally.start, kinds=watched_tally.kinds)
        for stamp, latency in zip(watched_tally.stamps, watched_tally.latencies, strict=True):
            if stamp >= tally.start:
                own.stamps.append(stamp)
                own.latencies.append(latency)
        closed = own.kinds.get("closed by the server", 0)
        result.extra = (
            f"the watched room's players: {len(own.latencies)} actions, p99 {own.percentile(0.99):.0f} ms, "
            f"{closed} cut off; spectators: "
            + ", ".join(f"{n} {kind}" for kind, n in crowd.counts.most_common())
            + f"; largest state {crowd.largest:,} bytes"
        )
        result.sixcard.latencies += own.latencies
        result.sixcard.stamps += own.stamps
        result.sixcard.kinds.update(own.kinds)
    if name == "slowloris":
        result.extra = (
            f"page loads: {len(loader.latencies)} ok, {loader.errors} failed, p99 {loader.percentile(0.99):.0f} ms"
        )
    return result


def slowest_seconds(tally: Tally, seconds: float) -> str:
    """In how many of the measured seconds the slowest 1 % of six-card actions were sent: a few means
    bursts (a stall, a wave of actions at once), many means a server slow throughout."""
    limit = tally.percentile(0.99) / 1000
    pairs = zip(tally.stamps, tally.latencies, strict=True)
    slow = sorted({int(stamp - tally.start) for stamp, latency in pairs if latency >= limit})
    return f"slowest 1 % sent in {len(slow)} of {seconds:.0f} s ({', '.join(map(str, slow))})"


def row(result: Result) -> str:
    six = result.sixcard
    rate = len(six.latencies) / result.seconds if result.seconds else 0
    cells = [
        result.name,
        f"{result.clients:,}",
        str(six.errors + (result.solitaire.errors if result.solitaire else 0)),
        f"{rate:,.0f}",
        f"{six.percentile(0.5):.1f}",
        f"{six.percentile(0.99):.1f}",
        f"{result.rss / 2**20:.0f}",
        f"{result.server_cpu / rate * 1000:.1f}" if rate and result.name != "solitaire" else "",
        f"{result.server_cpu:.2f}",
        f"{result.bench_cpu:.2f}",
        f"{result.others:.2f}",
    ]
    if result.solitaire is not None:
        sol = result.solitaire
        cells.append(
            f"Solitaire: {len(sol.latencies) / result.seconds:,.0f}/s, p50 {sol.percentile(0.5):.1f} ms, "
            f"p99 {sol.percentile(0.99):.1f} ms"
        )
    else:
        cells.append(result.extra)
    if result.lag.latencies:
        lag = f"clients' loop lag p50 {result.lag.percentile(0.5):.1f} ms, p99 {result.lag.percentile(0.99):.1f} ms"
        cells[-1] = "; ".join(filter(None, [cells[-1], lag]))
    if six.latencies and six.stamps:
        cells[-1] = "; ".join(filter(None, [cells[-1], slowest_seconds(six, result.seconds)]))
    kinds = six.kinds + (result.solitaire.kinds if result.solitaire else collections.Counter())
    if kinds:
        cells[-1] = "; ".join(filter(None, [cells[-1], ", ".join(f"{n} {k}" for k, n in kinds.most_common())]))
    return "| " + " | ".join(cells) + " |"


SCENARIOS = ("sixcard", "solitaire", "mixed", "bots", "slow", "slowloris", "flood", "spectators", "workers")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenarios", nargs="*", default=list(SCENARIOS), help=f"some of: {' '.join(SCENARIOS)}")
    parser.add_argument("--clients", default="50,200,500,1000,2000", help="six-card clients of 'sixcard'")
    parser.add_argument("--seconds", type=float, default=20.0, help="time measured per scenario (at most 120)")
    parser.add_argument("--workers", default="1,2,4", help="workers behind the proxy in 'workers' (at most 8)")
    parser.add_argument("--worker-clients", type=int, default=200, help="six-card clients of 'workers'")
    parser.add_argument(
        "--settle", type=float, default=SETTLE, help="seconds from the last arrival to the measurement (at most 120)"
    )
    args = parser.parse_args()
    unknown = set(args.scenarios) - set(SCENARIOS)
    if unknown:
        parser.error(f"unknown scenarios: {' '.join(sorted(unknown))}")
    seconds = min(max(args.seconds, 1.0), 120.0)
    settle = min(max(args.settle, 0.0), 120.0)
    counts = [min(int(n), 2000) for n in args.clients.split(",")]
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    print(f"{os.cpu_count()} cores, load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(
        "| scenario | six-card clients | errors | six-card actions/s | p50 ms | p99 ms | server MB "
        "| server CPU ms per action | server CPU | clients' CPU | others' CPU | notes |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name in args.scenarios:
        if name == "workers":
            for workers in [min(max(int(n), 1), 8) for n in args.workers.split(",")]:
                clients = min(max(args.worker_clients, 2), 2000)
                print(row(asyncio.run(workers_scenario(workers, clients, seconds, settle))), flush=True)
            continue
        for count in counts if name == "sixcard" else ([0] if name == "solitaire" else [50]):
            result = asyncio.run(scenario(name, count, seconds, settle))
            print(row(result), flush=True)
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
