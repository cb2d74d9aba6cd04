"""The bot protocol: one JSON view per line in, one JSON action per line out.

A bot program reads a line holding a view (:meth:`View.to_json`) each time it must act and
answers with one line holding an action (:func:`~golfcards.sixcard.actions.action_to_json`);
``docs/sixcard-protocol.md`` documents both. ``golf sixcard bot --level L`` is such a program
(:func:`answer_line` is its whole logic), and the arena plays any program given as
``cmd:COMMAND`` through a :class:`CommandPlayer`: a subprocess with a time limit per answer,
whose bad answers (timeout, exit, not JSON, not an action) raise :class:`GolfError`, which the
arena records as a fault — never a crash.

This module is an adapter (it runs processes), not part of the pure rules engine.
"""

from __future__ import annotations

import json
import os
import select
import shlex
import subprocess
import time
from typing import Any

from golfcards.errors import GolfError
from golfcards.json_input import read_json
from golfcards.sixcard.actions import Action, action_from_json, action_to_json
from golfcards.sixcard.bots import Bot, make_bot
from golfcards.sixcard.view import View

COMMAND_PREFIX = "cmd:"
DEFAULT_TIMEOUT = 5.0
MAX_RESTARTS = 3
STARTUP_GRACE = 10.0
"""Extra seconds for the first answer after a program starts (an interpreter may be slow to load)."""
MAX_LINE = 1 << 20


def encode_view(view: View) -> str:
    return json.dumps(view.to_json(), ensure_ascii=False, separators=(",", ":"))


def _json_line(line: str) -> Any:
    """One line of the protocol read as JSON; a GolfError for anything else."""
    try:
        return read_json(line)
    except ValueError as error:
        raise GolfError("sixcard.bot_not_json", f"not JSON: {line[:80]!r}", answer=line[:80]) from error


def decode_action(line: str) -> Action:
    return action_from_json(_json_line(line))


def answer_line(bot: Bot, line: str) -> str:
    """The bot program's reply to one input line: an action, or ``{"error": key, "detail": …}``."""
    try:
        view = View.from_json(_json_line(line))
        if not view.legal:
            raise GolfError("sixcard.bot_not_my_turn", "the view offers no action to take")
        reply: dict[str, Any] = action_to_json(bot.choose(view))
    except GolfError as error:
        reply = {"error": error.key, "detail": str(error)}
    return json.dumps(reply, separators=(",", ":"))


class CommandPlayer:
    """An outside program playing through the protocol (started lazily, restarted if it dies)."""

    def __init__(self, command: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        try:
            self.argv = shlex.split(command)
        except ValueError as error:
            raise GolfError("sixcard.bad_command", f"{command!r}: {error}", command=command) from error
        if not self.argv:
            raise GolfError("sixcard.bad_command", "empty command after cmd:", command=command)
        self.command = command
        self.timeout = timeout
        self.process: subprocess.Popen[bytes] | None = None
        self.restarts = 0
        self._buffer = b""
        self._fresh = False

    def _start(self) -> subprocess.Popen[bytes]:
        if self.process is not None and self.process.poll() is None:
            return self.process
        if self.process is not None:
            self.restarts += 1
        if self.restarts > MAX_RESTARTS:
            raise GolfError("sixcard.bot_died", f"{self.command!r} keeps exiting", command=self.command)
        try:
            self.process = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
            )
        except OSError as error:
            self.restarts = MAX_RESTARTS + 1
            raise GolfError("sixcard.bot_cannot_start", f"{self.command!r}: {error}", command=self.command) from error
        self._buffer = b""
        self._fresh = True
        return self.process

    def choose(self, view: View) -> Action:
        process = self._start()
        assert process.stdin is not None and process.stdout is not None
        try:
            process.stdin.write(encode_view(view).encode("utf-8") + b"\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError) as error:
            raise GolfError("sixcard.bot_died", f"{self.command!r} stopped reading", command=self.command) from error
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
    """A player from an arena spec: a bot level (``strong``) or ``cmd:COMMAND``."""
    if isinstance(spec, str) and spec.startswith(COMMAND_PREFIX):
        return CommandPlayer(spec[len(COMMAND_PREFIX) :], timeout)
    return make_bot(spec, seed)
