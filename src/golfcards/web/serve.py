"""``golf serve``: start the web app on a local address and print it.

``--port 0`` takes any free port (the printed address tells which). Player data goes to
``--db PATH``, by default ``golfcards.sqlite3`` in the user's data directory.
"""

from __future__ import annotations

import argparse
import gc
import socket
import sys
from pathlib import Path

from golfcards.errors import GolfError
from golfcards.i18n import translator
from golfcards.i18n.console import add_language_option, report_error


def default_db_path() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("golfcards", appauthor=False)) / "golfcards.sqlite3"


def add_parser(games: argparse._SubParsersAction) -> None:
    parser = games.add_parser("serve", help="play in the browser: start the local web app")
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1; 0.0.0.0 lets other devices of the network join)",
    )
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 = any free port)")
    parser.add_argument(
        "--db", type=Path, default=None, help=f"SQLite file for games and statistics (default {default_db_path()})"
    )
    add_language_option(parser)
    parser.set_defaults(handler=run_serve)


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
        import uvicorn

        from golfcards.web.app import create_app
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
        sock = _listening_socket(args.host, args.port)
    except (OSError, OverflowError) as error:  # busy, not allowed, no such address; a port above 65535
        reason = getattr(error, "strerror", None) or error
        print(t.gettext("Error: {message}", message=f"{args.host}:{args.port}: {reason}"), file=sys.stderr)
        return 2
    address = f"http://{_shown_host(args.host)}:{sock.getsockname()[1]}"
    try:
        app = create_app(db_path, default_language=args.lang, public_url=address)
    except GolfError as error:  # the --db file cannot be used
        sock.close()
        return report_error(error, t)
    print(t.gettext("golfcards is ready at {address} (press Ctrl+C to stop)", address=f"{address}/"), flush=True)
    print(t.gettext("Games and statistics are saved in {path}", path=str(db_path)), flush=True)
    # Everything made so far (modules, routes, the app) lives as long as the server: frozen, the
    # garbage collector never walks it again, so its pauses stay short (docs/web.md has the figures).
    gc.collect()
    gc.freeze()
    config = uvicorn.Config(app, log_level="warning")
    uvicorn.Server(config).run(sockets=[sock])
    return 0
