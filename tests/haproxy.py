"""A real HAProxy (Debian's) in front of one or several ``golf serve`` for the tests, configured by
``deploy/haproxy.cfg`` itself: its defaults, its HTTPS frontend (on a loopback port, without TLS; the
scheme is still set to https) and the same frontend without the scheme header, and its two backends
with the tests' workers in place of the file's."""

from __future__ import annotations

import contextlib
import re
import shutil
import socket
import subprocess
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from tests.serving import ROOT

HAPROXY = shutil.which("haproxy") or "/usr/sbin/haproxy"


def has_haproxy() -> bool:
    return Path(HAPROXY).exists()


def sections(text: str) -> dict[str, str]:
    """The sections of an HAProxy configuration by their header line (``frontend https``)."""
    found: dict[str, str] = {}
    header = ""
    for line in text.splitlines():
        if line and not line[0].isspace() and not line.startswith("#"):
            header = line.strip()
            found[header] = ""
        elif header and line.strip() and not line.strip().startswith("#"):
            found[header] += line + "\n"
    return found


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _with_servers(backend: str, lines: list[str]) -> str:
    """A backend section with its ``server`` lines replaced by ``lines``."""
    kept = [line for line in backend.splitlines() if not line.strip().startswith("server ")]
    return "\n".join(kept + lines) + "\n"


def proxy_config(server_ports: Sequence[int], plain_port: int, https_port: int) -> str:
    """deploy/haproxy.cfg for a test: worker ``wN`` on ``server_ports[N-1]``, the HTTPS frontend on
    ``https_port``, the plain one on ``plain_port``."""
    found = sections((ROOT / "deploy" / "haproxy.cfg").read_text())
    https = found["frontend https"]
    assert re.search(r"^\s*option forwardfor$", https, re.M), "the deployed proxy passes the client on"
    https = re.sub(r"^\s*bind .*$", f"    bind 127.0.0.1:{https_port}", https, flags=re.M)
    plain = re.sub(r"^\s*http-request set-header X-Forwarded-Proto.*\n", "", https, flags=re.M)
    plain = plain.replace(f"127.0.0.1:{https_port}", f"127.0.0.1:{plain_port}")
    names = [f"w{number}" for number in range(1, len(server_ports) + 1)]
    anyone = _with_servers(
        found["backend golfcards"],
        [f"    server {name} 127.0.0.1:{port}" for name, port in zip(names, server_ports, strict=True)],
    )
    rooms = _with_servers(
        found["backend rooms"],
        [
            f"    server {name} 127.0.0.1:{port} track golfcards/{name}"
            for name, port in zip(names, server_ports, strict=True)
        ],
    )
    defaults = found["defaults"].replace("log global", "")
    return (
        f"global\n    maxconn 1000\n\ndefaults\n{defaults}\nfrontend plain\n{plain}\n"
        f"frontend https\n{https}\nbackend golfcards\n{anyone}\nbackend rooms\n{rooms}"
    )


@dataclass
class Proxy:
    process: subprocess.Popen
    plain: str
    """``http://127.0.0.1:PORT`` of the proxy's plain frontend."""
    https: str
    """The frontend that tells the servers the scheme is https (TLS itself is the proxy's business)."""

    @staticmethod
    def port(address: str) -> int:
        return int(address.rsplit(":", 1)[1])


@contextlib.contextmanager
def haproxy(folder: Path, server_ports: Sequence[int]) -> Iterator[Proxy]:
    """HAProxy before the servers on ``server_ports`` until the block ends (its files in ``folder``)."""
    plain_port, https_port = free_port(), free_port()
    config = folder / "haproxy.cfg"
    config.write_text(proxy_config(server_ports, plain_port, https_port))
    check = subprocess.run([HAPROXY, "-c", "-f", str(config)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    process = subprocess.Popen([HAPROXY, "-db", "-f", str(config)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        proxy = Proxy(process, f"http://127.0.0.1:{plain_port}", f"http://127.0.0.1:{https_port}")
        for address in (proxy.plain, proxy.https):  # until it listens
            for _ in range(200):
                try:
                    socket.create_connection(("127.0.0.1", proxy.port(address)), timeout=1).close()
                    break
                except OSError:
                    assert process.poll() is None, process.stderr.read() if process.stderr else ""
                    with contextlib.suppress(subprocess.TimeoutExpired):
                        process.wait(timeout=0.05)
        yield proxy
    finally:
        process.terminate()
        process.wait(timeout=10)
