"""The bot protocol: one JSON message per line in, one JSON action per line out.

Protocol 1 (the default): a bot program reads a line holding a view (:meth:`View.to_json`) each
time it must act and answers with one line holding an action
(:func:`~golfcards.sixcard.actions.action_to_json`). Protocol 2 (``golf sixcard arena --protocol 2``)
wraps every line in a typed message: a ``hello`` when the program starts, ``match_start``,
``view`` (the only one answered), ``hole_end`` and ``match_end``; ``docs/sixcard-protocol.md``
documents both. ``golf sixcard bot --level L`` speaks both (:func:`answer_line` is its whole
logic), and the arena plays any program given as ``cmd:COMMAND`` through a
:class:`CommandPlayer`: a subprocess with a time limit per answer, its standard error kept in a
log file, whose bad answers (timeout, exit, not JSON, not an action) raise :class:`GolfError`,
which the arena records as a fault (quoting the log's last lines) — never a crash.

This module is an adapter (it runs processes), not part of the pure rules engine.
"""

from __future__ import annotations

import json
import os
import select
import shlex
import subprocess
import time
from pathlib import Path
from typing import Any

from golfcards.errors import GolfError
from golfcards.json_input import read_json
from golfcards.sixcard.actions import Action, action_from_json, action_to_json
from golfcards.sixcard.bots import Bot, make_bot
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.view import RULE_FIELDS, View

COMMAND_PREFIX = "cmd:"
DEFAULT_TIMEOUT = 5.0
MAX_RESTARTS = 3
"""Restarts of a program that exited, per match (the count starts again at each match)."""
STARTUP_GRACE = 10.0
"""Extra seconds for the first answer after a program starts (an interpreter may be slow to load)."""
MAX_LINE = 1 << 20
PROTOCOLS = (1, 2)
"""Protocol 1: views only. Protocol 2: typed messages (hello, match_start, view, hole_end, match_end)."""
LOG_TAIL_LINES = 6
LOG_TAIL_BYTES = 4096
"""What a fault quotes of a program's standard error: its last lines, from the log's last bytes."""


def encode_view(view: View) -> str:
    return json.dumps(view.to_json(), ensure_ascii=False, separators=(",", ":"))


def encode_message(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def rules_json(rules: SixCardRules) -> dict[str, Any]:
    """The rules as a view's ``rules`` field shows them (what a ``hello`` message carries)."""
    return {**{name: getattr(rules, name) for name in RULE_FIELDS}, "rows": rules.rows, "columns": rules.columns}


def _json_line(line: str) -> Any:
    """One line of the protocol read as JSON; a GolfError for anything else."""
    try:
        return read_json(line)
    except ValueError as error:
        raise GolfError("sixcard.bot_not_json", f"not JSON: {line[:80]!r}", answer=line[:80]) from error


def decode_action(line: str) -> Action:
    return action_from_json(_json_line(line))


def answer_line(bot: Bot, line: str) -> str | None:
    """The bot program's reply to one input line: an action, ``{"error": key, "detail": …}``, or
    None for a protocol 2 message that expects no reply (anything typed but ``view``).

    A line is a bare view (protocol 1) or a message ``{"type": "view", "view": {…}, …}`` (protocol 2).
    """
    try:
        data = _json_line(line)
        if isinstance(data, dict) and "type" in data:
            if data["type"] != "view":
                return None
            data = data.get("view")
        view = View.from_json(data)
        if not view.legal:
            raise GolfError("sixcard.bot_not_my_turn", "the view offers no action to take")
        reply: dict[str, Any] = action_to_json(bot.choose(view))
    except GolfError as error:
        reply = {"error": error.key, "detail": str(error)}
    return json.dumps(reply, separators=(",", ":"))


def split_player_list(text: str) -> tuple[str, ...]:
    r"""The entries of a ``--players`` list: split at each comma outside quotes, blanks dropped.

    Quotes follow the shell's rules and stay in the entry (the command is split by
    :func:`shlex.split` later): inside ``'…'`` every character is kept as is, inside ``"…"`` and
    outside quotes a backslash keeps the next character (``\,`` is a comma that does not split).
    A quote never closed is a ``sixcard.unclosed_quote`` error.
    """
    entries: list[str] = []
    current: list[str] = []
    quote: str | None = None
    opened = 0
    index = 0
    while index < len(text):
        char = text[index]
        if quote == "'":
            quote = None if char == "'" else quote
        elif char == "\\" and index + 1 < len(text):
            current.append(char)  # the backslash stays, and keeps the next character whatever it is
            index += 1
            char = text[index]
        elif char in "'\"" and quote in (None, char):
            if quote is None:
                quote, opened = char, index
            else:
                quote = None
        elif char == "," and quote is None:
            entries.append("".join(current))
            current = []
            index += 1
            continue
        current.append(char)
        index += 1
    if quote is not None:
        raise GolfError(
            "sixcard.unclosed_quote",
            f"{text!r}: the quote at character {opened + 1} is never closed",
            text=text,
            position=opened + 1,
        )
    entries.append("".join(current))
    return tuple(entry.strip() for entry in entries if entry.strip())


def log_tail(path: Path | None) -> str:
    """The last lines of a log file ("" if there is none or it is empty)."""
    if path is None:
        return ""
    try:
        with path.open("rb") as handle:
            handle.seek(0, os.SEEK_END)
            size = handle.tell()
            handle.seek(max(0, size - LOG_TAIL_BYTES))
            data = handle.read()
    except OSError:
        return ""
    lines = data.decode("utf-8", errors="replace").splitlines()
    if size > LOG_TAIL_BYTES and lines:
        lines = lines[1:]  # the first line read is probably cut
    return "\n".join(lines[-LOG_TAIL_LINES:])


class CommandPlayer:
    """An outside program playing through the protocol: started on its first message, restarted if
    it dies (at most :data:`MAX_RESTARTS` times a match), its standard error appended to ``log``
    (thrown away without one).

    With ``protocol`` 2 each start begins with a ``hello`` message (``hello`` holds its fields
    besides ``type``, ``protocol`` and ``start``), followed by the current match's ``match_start``
    when the program is restarted in a match; :meth:`notify` sends the messages that need no reply.
    """

    def __init__(
        self,
        command: str,
        timeout: float = DEFAULT_TIMEOUT,
        *,
        log: Path | None = None,
        protocol: int = 1,
        hello: dict[str, Any] | None = None,
    ) -> None:
        try:
            self.argv = shlex.split(command)
        except ValueError as error:
            raise GolfError("sixcard.bad_command", f"{command!r}: {error}", command=command) from error
        if not self.argv:
            raise GolfError("sixcard.bad_command", "empty command after cmd:", command=command)
        self.command = command
        self.timeout = timeout
        self.log = log
        self.protocol = protocol
        self.hello = dict(hello or {})
        self.process: subprocess.Popen[bytes] | None = None
        self.restarts = 0
        self.starts = 0
        self._buffer = b""
        self._fresh = False
        self._match_start: dict[str, Any] | None = None

    def _alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def _start(self) -> subprocess.Popen[bytes]:
        if self.process is not None and self.process.poll() is None:
            return self.process
        if self.process is not None:
            self.restarts += 1
        if self.restarts > MAX_RESTARTS:
            raise GolfError("sixcard.bot_died", f"{self.command!r} keeps exiting", command=self.command)
        try:
            if self.log is None:
                self.process = self._spawn(subprocess.DEVNULL)
            else:
                with self.log.open("ab") as errors:
                    errors.write(f"== golf sixcard arena: start {self.starts + 1} of {self.command}\n".encode())
                    errors.flush()
                    self.process = self._spawn(errors)
        except OSError as error:
            self.restarts = MAX_RESTARTS + 1
            raise GolfError("sixcard.bot_cannot_start", f"{self.command!r}: {error}", command=self.command) from error
        self.starts += 1
        self._buffer = b""
        self._fresh = True
        if self.protocol >= 2:
            self._send({"type": "hello", "protocol": self.protocol, **self.hello, "start": self.starts})
            if self._match_start is not None:
                self._send(self._match_start)
        return self.process

    def _spawn(self, errors: Any) -> subprocess.Popen[bytes]:
        return subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors)

    def _send(self, message: dict[str, Any]) -> None:
        process = self.process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(encode_message(message).encode("utf-8") + b"\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError) as error:
            raise GolfError("sixcard.bot_died", f"{self.command!r} stopped reading", command=self.command) from error

    def start_match(self, message: dict[str, Any]) -> None:
        """A match begins (``message`` is its ``match_start``): sent now to a running program,
        after the ``hello`` to one started later; the restarts allowed count again."""
        self.restarts = 0
        self._match_start = message
        self.notify(message)

    def notify(self, message: dict[str, Any]) -> None:
        """Send a message that needs no reply (protocol 2 only) to the program if it is running;
        one that stopped reading hears nothing (its next view reports it)."""
        if self.protocol < 2 or not self._alive():
            return
        try:
            self._send(message)
        except GolfError:
            return

    def log_tail(self) -> str:
        """The last lines of the program's standard error (see :func:`log_tail`)."""
        return log_tail(self.log)

    def choose(self, view: View) -> Action:
        process = self._start()
        assert process.stdout is not None
        if self.protocol >= 2:
            self._send({"type": "view", "match": (self._match_start or {}).get("match"), "view": view.to_json()})
        else:
            try:
                assert process.stdin is not None
                process.stdin.write(encode_view(view).encode("utf-8") + b"\n")
                process.stdin.flush()
            except (BrokenPipeError, OSError) as error:
                raise GolfError(
                    "sixcard.bot_died", f"{self.command!r} stopped reading", command=self.command
                ) from error
        return decode_action(self._read_line(process).decode("utf-8", errors="replace"))

    def _read_line(self, process: subprocess.Popen[bytes]) -> bytes:
        assert process.stdout is not None
        descriptor = process.stdout.fileno()
        deadline = time.monotonic() + self.timeout + (STARTUP_GRACE if self._fresh else 0.0)
        self._fresh = False
        while b"\n" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self._kill()
                raise GolfError("sixcard.bot_timeout", f"no answer within {self.timeout:g} s", seconds=self.timeout)
            ready, _, _ = select.select([descriptor], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(descriptor, 65536)
            if not chunk:
                raise GolfError("sixcard.bot_died", f"{self.command!r} exited", command=self.command)
            self._buffer += chunk
            if len(self._buffer) > MAX_LINE:
                self._kill()
                raise GolfError(
                    "sixcard.bot_not_json", "answer too long", answer=self._buffer[:80].decode(errors="replace")
                )
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def _kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def close(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            try:
                assert self.process.stdin is not None
                self.process.stdin.close()
                self.process.wait(timeout=2)
            except (OSError, subprocess.TimeoutExpired):
                self._kill()
        self.process = None


def make_player(spec: str, seed: int = 0, timeout: float = DEFAULT_TIMEOUT) -> Bot | CommandPlayer:
    """A player from an arena spec: a bot level (``strong``) or ``cmd:COMMAND`` (protocol 1, no log)."""
    if is_command(spec):
        return CommandPlayer(spec[len(COMMAND_PREFIX) :], timeout)
    return make_bot(spec, seed)


def is_command(spec: str) -> bool:
    """Whether an arena spec names an outside program (``cmd:COMMAND``)."""
    return isinstance(spec, str) and spec.startswith(COMMAND_PREFIX)
