"""``golf serve``: start the web app on a local address and print it.

``--port 0`` takes any free port (the printed address tells which). Player data goes to
``--db PATH``, by default ``golfcards.sqlite3`` in the user's data directory.
"""

from __future__ import annotations

import argparse
import math
import re
import signal
import socket
import sys
import threading
from typing import Any

from golfcards.errors import GolfError
from golfcards.i18n import translator
from golfcards.i18n.console import add_database_option, add_language_option, report_error
from golfcards.runners.storage import default_db_path, shown_location
from golfcards.shuffle import ascii_number
from golfcards.web.server.forwarded import parse_networks
from golfcards.web.server.reach import Reach

HIGHEST_PORT = 65535
MAX_NEW_PLAYERS = 1_000_000
"""The most ``--new-players`` takes."""
MAX_ROOMS_PER_ADDRESS = 1000
"""The most ``--rooms-per-address`` takes: the server holds no more rooms than this in all."""
MAX_LEADERBOARD_MATCHES = 10_000
"""The most ``--leaderboard-matches`` takes."""
MAX_KEEP_DAYS = 100 * 365.0
"""The longest retention ``--keep-idle-days`` and ``--keep-unfinished-days`` take (more: this)."""


def add_parser(games: argparse._SubParsersAction) -> None:
    parser = games.add_parser("serve", help="play in the browser: start the local web app")
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1; 0.0.0.0 lets other devices of the network join)",
    )
    parser.add_argument("--port", default="8000", help="port (default 8000; 0 = any free port)")
    add_database_option(parser)
    parser.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="a page address (http://host:port) that may open rooms besides the server's own; repeatable",
    )
    parser.add_argument(
        "--away",
        type=float,
        default=None,
        metavar="SECONDS",
        help="six-card Golf: seconds a player may be away during a match before a bot plays for them (default 60)",
    )
    parser.add_argument(
        "--quick-play-wait",
        type=float,
        default=None,
        metavar="SECONDS",
        help="six-card Golf: seconds a public table waits for people before bots take its empty seats (default 10)",
    )
    parser.add_argument(
        "--keep-idle-days",
        type=float,
        default=None,
        metavar="DAYS",
        help="delete players who played nothing for this many days, with their games and records "
        "(default 365; 0 keeps them for ever)",
    )
    parser.add_argument(
        "--keep-unfinished-days",
        type=float,
        default=None,
        metavar="DAYS",
        help="delete 9-deal courses left unfinished this many days; their games stay (default 30; 0 keeps them)",
    )
    parser.add_argument(
        "--new-players",
        type=int,
        default=None,
        metavar="N",
        help="players one network (an address; an IPv6 /64) may create at once, then one every 20 seconds "
        "(default 20; raise it for a school or a proxy where many people share an address)",
    )
    parser.add_argument(
        "--rooms-per-address",
        type=int,
        default=None,
        metavar="N",
        help="six-card rooms in use one network may hold at once (default 20; raise it where many people "
        "share an address)",
    )
    parser.add_argument(
        "--leaderboard-matches",
        type=int,
        default=None,
        metavar="N",
        help="rated six-card matches a player needs at a grid size to be on its leaderboard (default 5)",
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        action="append",
        default=[],
        metavar="ADDRESSES",
        help="reverse proxies (addresses or networks, comma-separated, e.g. 127.0.0.1,::1) whose "
        "X-Forwarded-For/-Proto/-Host name the client; without it those headers are ignored",
    )
    parser.add_argument(
        "--metrics-allow-ips",
        action="append",
        default=[],
        metavar="ADDRESSES",
        help="clients (addresses or networks, comma-separated) that may read /metrics (default: loopback)",
    )
    parser.add_argument(
        "--worker-id",
        type=_worker_id,
        default=None,
        metavar="NAME",
        help="this server's name when several share one PostgreSQL database behind a proxy, in the "
        "six-card rooms' leases and the logs; unique to each (default HOST:PID)",
    )
    parser.add_argument(
        "--log-format",
        choices=("text", "json"),
        default="text",
        help="text (default): warnings and errors as plain lines; json: one JSON object a line for every "
        "event, each request among them",
    )
    add_language_option(parser)
    parser.set_defaults(handler=run_serve)


ORIGIN = re.compile(r"https?://(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?/?", re.IGNORECASE | re.ASCII)


def _port(text: str) -> int:
    """The ``--port`` value: 0 to 65535 in the ASCII digits 0-9 only (``type=int`` also took "٣",
    "8_000" and "+80")."""
    port = ascii_number(text, len(str(HIGHEST_PORT)))
    if port is None or port > HIGHEST_PORT:
        raise GolfError("serve.bad_port", f"{text!r} is not a port", port=text[:12])
    return port


WORKER_ID = re.compile(r"[A-Za-z0-9._:@-]{1,64}", re.ASCII)


def _worker_id(text: str) -> str:
    """A ``--worker-id`` value: letters, digits and ``. _ : @ -``, 64 at most."""
    if not WORKER_ID.fullmatch(text):
        raise argparse.ArgumentTypeError("letters, digits and . _ : @ - only, 64 at most")
    return text


def _origins(texts: list[str]) -> list[str]:
    """The ``--allow-origin`` values, checked: ``http(s)://host[:port]``."""
    for text in texts:
        if not ORIGIN.fullmatch(text.strip()):
            raise GolfError("serve.bad_origin", "not an origin", origin=text)
    return [text.strip() for text in texts]


def host_names(host: str, origins: list[str]) -> set[str]:
    """The names the server goes by, besides IP addresses: ``localhost``, this machine's name (and its
    ``.local`` form), the ``--host`` given and the hosts of ``--allow-origin``. Any other name in a
    request's ``Host`` is refused: a page of another site whose name was made to point here."""
    machine = socket.gethostname().lower()
    names = {"localhost", machine, f"{machine}.local", host}
    names.update(origin.split("://", 1)[1] for origin in origins)
    return names


def _listening_socket(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def _shown_host(host: str) -> str:
    """The address to print: on every interface, this machine's address on its local network."""
    if host in ("0.0.0.0", "::"):
        return _network_address() or socket.gethostname()
    return f"[{host}]" if ":" in host else host


def _network_address() -> str | None:
    """The IPv4 address other devices of the network reach (no packet is sent: UDP only picks a route)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))
        return str(probe.getsockname()[0])
    except OSError:
        return None
    finally:
        probe.close()


def run_serve(args: argparse.Namespace) -> int:
    t = translator(args.lang)
    try:
        from golfcards.web.app import LOOPBACK, create_app
        from golfcards.web.server.operations import StoppingServer, configure_json_logging
        from golfcards.web.sixcard.quick_play import QUICK_PLAY_WAIT
        from golfcards.web.sixcard.room_store import default_worker_id
    except ImportError:
        print(
            t.gettext(
                "Error: {message}",
                message=t.gettext("the web app needs its extra packages: pip install 'golfcards[web]'"),
            ),
            file=sys.stderr,
        )
        return 2
    db_path = args.db or default_db_path()
    try:
        port = _port(args.port)
        origins = _origins(args.allow_origin)
        proxies = parse_networks(args.forwarded_allow_ips)
        metrics_allowed = parse_networks(args.metrics_allow_ips or LOOPBACK)
    except GolfError as error:
        return report_error(error, t)
    open_files = raise_file_limit()
    try:
        sock = _listening_socket(args.host, port)
    except OSError as error:  # busy, not allowed, no such address
        reason = getattr(error, "strerror", None) or error
        print(t.gettext("Error: {message}", message=f"{args.host}:{port}: {reason}"), file=sys.stderr)
        return 2
    address = f"http://{_shown_host(args.host)}:{sock.getsockname()[1]}"
    try:
        options: dict[str, Any] = {} if args.away is None else {"away": max(0.0, min(args.away, 86400.0))}
        for name in ("keep_idle_days", "keep_unfinished_days"):
            days = getattr(args, name)
            if days is not None:
                options[name] = max(0.0, min(days, MAX_KEEP_DAYS)) if math.isfinite(days) else 0.0
        if args.quick_play_wait is not None:
            wait = args.quick_play_wait
            options["quick_play_wait"] = max(0.0, min(wait, 3600.0)) if math.isfinite(wait) else QUICK_PLAY_WAIT
        if args.new_players is not None:
            options["new_players"] = max(1, min(args.new_players, MAX_NEW_PLAYERS))
        if args.rooms_per_address is not None:
            options["rooms_per_address"] = max(1, min(args.rooms_per_address, MAX_ROOMS_PER_ADDRESS))
        if args.leaderboard_matches is not None:
            options["leaderboard_matches"] = max(1, min(args.leaderboard_matches, MAX_LEADERBOARD_MATCHES))
        worker = args.worker_id or default_worker_id()
        app = create_app(
            db_path,
            default_language=args.lang,
            public_url=None if proxies else address,  # behind a proxy the page shows its own address
            allowed_origins=origins,
            hosts=host_names(args.host, origins),
            freeze_heap=True,
            trusted_proxies=[str(network) for network in proxies],
            metrics_allowed=[str(network) for network in metrics_allowed],
            reach=Reach.listening(args.host, sock.getsockname()[1], proxied=bool(proxies)),
            worker_id=worker,
            **options,
        )
    except GolfError as error:  # the --db file cannot be used
        sock.close()
        return report_error(error, t)
    print(t.gettext("golfcards is ready at {address} (press Ctrl+C to stop)", address=f"{address}/"), flush=True)
    print(t.gettext("Games and statistics are saved in {path}", path=shown_location(db_path)), flush=True)
    if args.log_format == "json":
        configure_json_logging(worker)
    sys.setswitchinterval(SWITCH_SECONDS)
    # uvicorn raises the signal that stopped it again once it has stopped: a SIGTERM answered by a
    # clean stop ends the process with 0, as systemd expects of a service it stopped.
    main_thread = threading.current_thread() is threading.main_thread()  # (signals are the main thread's)
    previous = signal.signal(signal.SIGTERM, lambda *_: None) if main_thread else None
    try:
        StoppingServer(server_config(app, open_files, proxies, args.log_format)).run(sockets=[sock])
    finally:
        if main_thread:
            signal.signal(signal.SIGTERM, previous)
    return 0


SWITCH_SECONDS = 0.0005
"""How long the event loop may keep the interpreter from a thread that asks for it (Python's default
is 5 ms). The rooms' writer thread asks for it again after each SQLite call: with the default, a
commit of a dozen rooms waited up to 100 ms for the busy event loop, and every player of those rooms
waited with it."""


FILES_KEPT = 64
"""Open files kept for the database, the static files and the process itself, not for connections."""


def raise_file_limit() -> int:
    """Raise the soft limit on open files to the hard one and return it: every connection is a file,
    and the common soft limit of 1,024 let 1,100 trickling sockets make every other request fail."""
    try:
        import resource
    except ImportError:  # not on this system (Windows): its own limits apply
        return 2048
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    unlimited = resource.RLIM_INFINITY
    wanted = hard if hard != unlimited else 65536
    if soft != unlimited and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            return wanted
        except (ValueError, OSError):  # a system may cap it lower (macOS: OPEN_MAX)
            pass
    return soft if soft != unlimited else 65536


STOP_SECONDS = 10
"""After SIGTERM, how long requests under way may take to finish before they are cut."""


def server_config(app: Any, open_files: int, proxies: tuple[Any, ...] = (), log_format: str = "text") -> Any:
    """uvicorn's settings for ``app``: every size bounded before anything is buffered, connections
    bounded per address and in all (within ``open_files``), headers in time.

    A client message is at most ``MAX_MESSAGE`` characters (4 bytes each at most in UTF-8): a longer
    WebSocket frame is refused from its header (close 1009) instead of read. Per-message deflate is
    off: a few kilobytes compressed would otherwise grow to a message of ``ws_max_size`` in the
    server, and a table's messages are small. uvicorn's own proxy headers are off: the app
    believes them only from ``proxies`` (:mod:`golfcards.web.server.forwarded`), which are also exempt
    from the connection cap per address (:mod:`golfcards.web.server.connections`).
    """
    import uvicorn

    from golfcards.web.server.connections import TOTAL, ConnectionLimits, protocols
    from golfcards.web.sixcard.routes import MAX_MESSAGE

    limits = ConnectionLimits(total=max(1, min(TOTAL, open_files - FILES_KEPT)), proxies=proxies)
    http, ws = protocols(limits)
    logs: dict[str, Any] = {} if log_format == "text" else {"log_config": None}
    return uvicorn.Config(
        app,
        http=http,
        ws=ws,
        ws_max_size=4 * MAX_MESSAGE,
        ws_per_message_deflate=False,
        proxy_headers=False,
        server_header=False,  # which server software answers is nobody's business (and 16 bytes an answer)
        log_level="warning",
        timeout_graceful_shutdown=STOP_SECONDS,
        **logs,
    )
