"""What work beside a six-card game costs the players: a real ``golf serve`` on loopback, a six-card
table of two humans playing real actions (the probe), and around it either fast Golf Solitaire
players or rooms of expert bots (run by hand; not part of the tests).

    PYTHONPATH=src python bench/offloop.py [--seconds 30] [--solitaire 50] [--bot-rooms 100]
        [--addresses 10] [--only alone,solitaire,bots] [--src OTHER_CHECKOUT/src]
    PYTHONPATH=src python bench/offloop.py --gc [--seconds 30] [--solitaire 50]

Scenarios, each on a fresh server and database:

* ``alone``: the probe only;
* ``solitaire``: the probe and ``--solitaire`` players each sending ``d u d u …`` as fast as the
  server answers (every accepted action is a write);
* ``bots``: the probe and ``--bot-rooms`` four-seat rooms of one human and three ``expert`` bots;
  the human acts at once whenever it is its turn, so the bots never wait for it. The rooms are
  spread over ``--addresses`` loopback addresses (127.0.0.2, 127.0.0.3…), as players on a network.

The probe's action time is from sending ``act`` to receiving the state that follows it; the probe
waits 50 ms before each of its actions, as a (fast) person would. The players around it run in a
process of their own (the Solitaire players on kept-alive connections written by hand, a light
client), so that the probe times the server, not a busy client. The table gives the probe's
p50/p99, Solitaire writes per second with their p50/p99, the bot turns played, the CPU the server
(with its worker processes) used, and the machine's load average (other programs share it).

``--gc`` runs the server in the benchmark's own process instead, under the ``solitaire`` load, and
times every pause of the garbage collector (``gc.callbacks``) for three heaps: the solver compiled
and used in the server's process (as before it moved to a worker), without it, and without it
after ``gc.freeze()`` (what ``golf serve`` does).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
PROBE_PAUSE = 0.05


@dataclass
class Figures:
    probe: list[float] = field(default_factory=list)
    probe_errors: int = 0
    writes: int = 0
    write_times: list[float] = field(default_factory=list)
    write_errors: int = 0
    bot_turns: int = 0
    bot_errors: int = 0
    refused_rooms: int = 0


SOURCE = ROOT / "src"
"""The golfcards tree the server runs (``--src``: another checkout, to compare before and after)."""


def start_server(db: Path) -> tuple[subprocess.Popen[str], str]:
    env = {**os.environ, "PYTHONPATH": str(SOURCE)}
    process = subprocess.Popen(
        [sys.executable, "-m", "golfcards", "serve", "--port", "0", "--db", str(db), "--lang", "en"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    match = re.search(r"http://\S+/", process.stdout.readline())
    if match is None:
        process.kill()
        raise RuntimeError("golf serve did not start")
    return process, match.group().rstrip("/")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of ``pid`` and every process below it (Linux /proc)."""
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        times[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick
    family, todo = set(), [pid]
    while todo:
        current = todo.pop()
        family.add(current)
        todo.extend(child for child, parent in parents.items() if parent == current and child not in family)
    return sum(times.get(member, 0.0) for member in family)


async def play_seat(
    ws: Any, seat: int, stop: float, figures: Figures, *, probe: bool, leader: bool, bots: bool = False
) -> None:
    """Play ``seat`` until ``stop``: the first legal action whenever it is this seat's turn."""
    sent_at: float | None = None
    sent_sequence = -1
    last_sequence = -1
    while time.perf_counter() < stop:
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.perf_counter()))
        except TimeoutError:
            break
        message = json.loads(raw)
        if message["type"] == "error":
            if probe:
                figures.probe_errors += 1
            sent_at = None
            continue
        if message["type"] != "state" or message["seat"] != seat or message["view"] is None:
            continue
        sequence = message["sequence"]
        if bots and 0 <= last_sequence < sequence:
            figures.bot_turns += sequence - last_sequence - (sent_at is not None)  # changes not made by us
        last_sequence = sequence
        if sent_at is not None:
            mine = any(a["seat"] == seat and a["sequence"] > sent_sequence for a in message["last_actions"])
            if not mine:
                continue
            if probe:
                figures.probe.append(time.perf_counter() - sent_at)
            sent_at = None
        view = message["view"]
        if view["phase"] == "over":
            if leader:
                kind = "rematch" if message["scorecard"]["over"] else "next_hole"
                await ws.send(json.dumps({"type": kind}))
            continue
        if seat in view["to_act"] and view["legal"]:
            if probe:
                await asyncio.sleep(PROBE_PAUSE)
            sent_at, sent_sequence = time.perf_counter(), sequence
            await ws.send(json.dumps({"type": "act", "action": view["legal"][0]}))


async def probe_table(address: str, stop: float, figures: Figures) -> None:
    async with httpx2.AsyncClient(base_url=address, timeout=30, verify=False) as http:
        room = (await http.post("/api/sixcard/rooms", json={"players": 2, "name": "A"})).json()
    url = address.replace("http://", "ws://") + f"/ws/sixcard/{room['code']}"
    async with connect(url, max_size=None) as host, connect(url, max_size=None) as guest:
        await host.send(json.dumps({"type": "hello", "token": room["token"]}))
        await guest.send(json.dumps({"type": "join", "name": "B"}))
        await asyncio.sleep(0.5)
        await host.send(json.dumps({"type": "start"}))
        await asyncio.gather(
            play_seat(host, 0, stop, figures, probe=True, leader=True),
            play_seat(guest, 1, stop, figures, probe=True, leader=False),
        )


class KeptAlive:
    """One HTTP/1.1 connection kept open, JSON posts written by hand: a client light enough that 50
    of them in one process press the server rather than themselves."""

    def __init__(self, address: str) -> None:
        host, _, port = address.removeprefix("http://").partition(":")
        self.host, self.port = host, int(port)
        self.cookie = ""
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        async with asyncio.timeout(30):
            return await self._post(path, body)

    async def _post(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        data = json.dumps(body).encode()
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(data)}\r\n" + (f"Cookie: {self.cookie}\r\n" if self.cookie else "") + "\r\n"
        )
        self.writer.write(head.encode() + data)
        await self.writer.drain()
        status = int((await self.reader.readline()).split()[1])
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
            elif name.lower() == "set-cookie" and value.strip().startswith("golfcards_player="):
                self.cookie = value.strip().split(";")[0]
        return status, json.loads(await self.reader.readexactly(length))

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def solitaire_player(address: str, number: int, stop: float, figures: Figures) -> None:
    http = KeptAlive(address)
    try:
        try:
            await http.post("/api/solitaire/new", {"code": "GO1-E-AAAAAAB"})
        except (OSError, ValueError, IndexError, TimeoutError, asyncio.IncompleteReadError):
            figures.write_errors += 1
            return
        actions = ("d", "u")
        step = 0
        while time.perf_counter() < stop:
            began = time.perf_counter()
            try:
                status, answer = await http.post("/api/solitaire/action", {"action": actions[step % 2]})
                accepted = status == 200 and answer["outcome"]["accepted"]
            except (OSError, ValueError, IndexError, TimeoutError, asyncio.IncompleteReadError):
                accepted = False
                http.close()
                http = KeptAlive(address)
            if accepted:
                figures.writes += 1
                figures.write_times.append(time.perf_counter() - began)
            else:
                figures.write_errors += 1
            step += 1
    finally:
        http.close()


async def bot_room(address: str, number: int, addresses: int, stop: float, figures: Figures) -> None:
    local = f"127.0.0.{2 + number % addresses}"
    # Plain HTTP on loopback: verify=False skips loading the CA bundle (275 ms a client here).
    transport = httpx2.AsyncHTTPTransport(local_address=local, verify=False)
    async with httpx2.AsyncClient(base_url=address, timeout=60, transport=transport) as http:
        response = await http.post(
            "/api/sixcard/rooms", json={"players": 4, "bots": ["expert"] * 3, "start": True, "name": "H"}
        )
    if response.status_code != 200:
        figures.refused_rooms += 1
        return
    room = response.json()
    url = address.replace("http://", "ws://") + f"/ws/sixcard/{room['code']}"
    host = re.sub(r"^http://|:\d+$", "", address)
    async with connect(url, max_size=None, local_addr=(local, 0), host=host) as ws:
        await ws.send(json.dumps({"type": "hello", "token": room["token"]}))
        await play_seat(ws, 0, stop, figures, probe=False, leader=True, bots=True)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def scenario(
    name: str, address: str, args: argparse.Namespace, figures: Figures, *, probe: bool = True, load: bool = True
) -> None:
    stop = time.perf_counter() + args.seconds
    tasks = [probe_table(address, stop, figures)] if probe else []
    if not load:
        name = "alone"
    if name == "solitaire":
        tasks += [solitaire_player(address, k, stop, figures) for k in range(args.solitaire)]
    if name == "bots":
        tasks += [bot_room(address, k, args.addresses, stop, figures) for k in range(args.bot_rooms)]
    await asyncio.gather(*tasks)


def run(name: str, args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        process, address = start_server(Path(folder) / "bench.sqlite3")
        try:
            time.sleep(1.0)
            figures = Figures()
            cpu_before, load_before, began = cpu_seconds(process.pid), os.getloadavg()[0], time.perf_counter()
            # The players around the probe run in a process of their own, so that the probe's times
            # are the server's, not those of a busy client.
            players = subprocess.Popen(
                [sys.executable, __file__, "--load", address, "--what", name, *forwarded(args)],
                stdout=subprocess.PIPE,
                text=True,
            )
            asyncio.run(asyncio.wait_for(scenario(name, address, args, figures, load=False), args.seconds + 90))
            output, _ = players.communicate(timeout=args.seconds + 120)
            loaded = json.loads(output.strip().splitlines()[-1])
            figures.writes, figures.write_errors = loaded["writes"], loaded["write_errors"]
            figures.bot_turns, figures.refused_rooms = loaded["bot_turns"], loaded["refused_rooms"]
            elapsed = time.perf_counter() - began
            cpu = (cpu_seconds(process.pid) - cpu_before) / elapsed
            load = os.getloadavg()[0]
        finally:
            process.kill()
            process.wait()
    return {
        "scenario": name,
        "probe actions": len(figures.probe),
        "probe errors": figures.probe_errors,
        "probe p50 ms": 1000 * statistics.median(figures.probe) if figures.probe else float("nan"),
        "probe p99 ms": 1000 * percentile(figures.probe, 0.99),
        "solitaire writes/s": figures.writes / elapsed,
        "write p50 ms": loaded["write p50 ms"] or float("nan"),
        "write p99 ms": loaded["write p99 ms"] or float("nan"),
        "write errors": figures.write_errors,
        "bot turns/s": figures.bot_turns / elapsed,
        "refused rooms": figures.refused_rooms,
        "server CPU (cores)": cpu,
        "load before/after": f"{load_before:.1f}/{load:.1f}",
    }


GC_VARIANTS = {
    "solver tables in the server": (True, False),
    "no solver, no freeze": (False, False),
    "no solver, gc.freeze()": (False, True),
}


def garbage_collection(variant: str, args: argparse.Namespace) -> dict[str, Any]:
    """The server in this process, the ``solitaire`` scenario from a child process; every pause
    of the garbage collector timed with ``gc.callbacks``."""
    import gc
    import socket
    import threading

    import uvicorn

    from golfcards.solitaire.rules import EASY
    from golfcards.solitaire.solver import warm_up
    from golfcards.solitaire.winnable import random_winnable_code
    from golfcards.web.app import create_app

    solver_here, freeze = GC_VARIANTS[variant]
    pauses: list[tuple[int, float]] = []
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Path(folder) / "bench.sqlite3")
        if solver_here:  # as the server was: the solver compiled and used in its own process
            warm_up()
            for seed in range(20):
                random_winnable_code(EASY, seed)
        gc.collect()
        if freeze:
            gc.freeze()
        began: list[float] = []

        def timing(phase: str, info: dict[str, int]) -> None:
            if phase == "start":
                began.append(time.perf_counter())
            elif began:
                pauses.append((info["generation"], time.perf_counter() - began.pop()))

        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        sock.listen(128)
        address = f"http://127.0.0.1:{sock.getsockname()[1]}"
        server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
        load = subprocess.Popen(
            [sys.executable, __file__, "--load", address, "--what", f"{args.gc_load}+probe", *forwarded(args)],
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        )

        def stop_when_done() -> None:
            try:
                load.wait(timeout=args.seconds + 120)
            except subprocess.TimeoutExpired:
                load.kill()
            server.should_exit = True

        threading.Thread(target=stop_when_done, daemon=True).start()
        gc.callbacks.append(timing)
        try:
            server.run(sockets=[sock])
        finally:
            gc.callbacks.remove(timing)
            gc.unfreeze()
        assert load.stdout is not None
        figures = json.loads(load.stdout.read())
    full = [seconds for generation, seconds in pauses if generation == 2]
    every = [seconds for _, seconds in pauses]
    return {
        "server's heap": variant,
        "collections": len(pauses),
        "full collections": len(full),
        "longest pause ms": 1000 * max(every, default=0.0),
        "p99 pause ms": 1000 * percentile(every, 0.99),
        "pauses ms/s": 1000 * sum(every) / args.seconds,
        "probe p99 ms": figures["probe p99 ms"],
        "solitaire writes/s": figures["solitaire writes/s"],
        "load before/after": figures["load before/after"],
    }


def forwarded(args: argparse.Namespace) -> list[str]:
    """The options a load process needs."""
    return [
        "--seconds",
        str(args.seconds),
        "--solitaire",
        str(args.solitaire),
        "--bot-rooms",
        str(args.bot_rooms),
        "--addresses",
        str(args.addresses),
    ]


def load_only(address: str, args: argparse.Namespace) -> None:
    """The players around the probe (``--what``: a scenario; ``solitaire+probe`` runs the probe too)."""
    figures = Figures()
    load_before, began = os.getloadavg()[0], time.perf_counter()
    name = args.what.removesuffix("+probe")
    with contextlib.suppress(TimeoutError):  # a stuck client: report what was measured
        asyncio.run(
            asyncio.wait_for(
                scenario(name, address, args, figures, probe=args.what.endswith("+probe")), args.seconds + 90
            )
        )
    elapsed = time.perf_counter() - began
    print(
        json.dumps(
            {
                "writes": figures.writes,
                "write_errors": figures.write_errors,
                "write p50 ms": 1000 * statistics.median(figures.write_times) if figures.write_times else None,
                "write p99 ms": 1000 * percentile(figures.write_times, 0.99) if figures.write_times else None,
                "bot_turns": figures.bot_turns,
                "refused_rooms": figures.refused_rooms,
                "probe p99 ms": 1000 * percentile(figures.probe, 0.99),
                "solitaire writes/s": figures.writes / elapsed,
                "load before/after": f"{load_before:.1f}/{os.getloadavg()[0]:.1f}",
            }
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--solitaire", type=int, default=50)
    parser.add_argument("--bot-rooms", type=int, default=100)
    parser.add_argument("--addresses", type=int, default=10)
    parser.add_argument("--only", default="alone,solitaire,bots")
    parser.add_argument("--gc", action="store_true", help="time the garbage collector's pauses instead")
    parser.add_argument("--load", help=argparse.SUPPRESS)
    parser.add_argument("--what", default="solitaire", help=argparse.SUPPRESS)
    parser.add_argument("--gc-variant", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--gc-load", default="solitaire", choices=["solitaire", "bots"], help="the load of --gc")
    parser.add_argument("--src", type=Path, default=None, help="the golfcards source tree to serve (default: this one)")
    args = parser.parse_args()
    if args.src is not None:
        global SOURCE
        SOURCE = args.src.resolve()
    if not 1 <= args.addresses <= 250 or args.seconds <= 0 or args.seconds > 600:
        parser.error("--addresses is 1-250, --seconds at most 600")
    if args.load:
        load_only(args.load, args)
        return
    if args.gc_variant is not None:  # one heap, in a fresh process
        print(json.dumps(garbage_collection(list(GC_VARIANTS)[args.gc_variant], args)))
        return
    if args.gc:
        rows = []
        for number in range(len(GC_VARIANTS)):
            command = [sys.executable, __file__, "--gc-variant", str(number), "--seconds", str(args.seconds)]
            command += ["--solitaire", str(args.solitaire), "--gc-load", args.gc_load]
            done = subprocess.run(command, capture_output=True, text=True, check=True)
            rows.append(json.loads(done.stdout.strip().splitlines()[-1]))
    else:
        rows = [run(name, args) for name in args.only.split(",")]
    keys = list(rows[0])
    print("| " + " | ".join(keys) + " |")
    print("|" + "---|" * len(keys))
    for row in rows:
        cells = [f"{value:.1f}" if isinstance(value, float) else str(value) for value in row.values()]
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
