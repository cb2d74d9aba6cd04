"""The terminal app's own small state, kept in a JSON file beside the database.

The web app keeps its player in a browser cookie and its settings in ``localStorage``; the terminal
keeps the same things here: the player id in the shared SQLite file (so statistics and courses live
beside the browser's), the interactive-rules switch, the card style, the language, the name used at
Six-card tables, the seat tokens of rooms joined (to take the seat back after a disconnect) and the
session tokens of the servers the terminal is signed in to (:mod:`golfcards.tui.account`). The file
is written readable by its owner only (0600): its tokens are worth an account.

The file is outside input like any other: anything unreadable, too big or of the wrong shape is
replaced by the defaults, never a traceback.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from golfcards.i18n import LANGUAGES
from golfcards.json_input import read_json

MAX_SETTINGS_BYTES = 64 * 1024
MAX_ROOMS = 20
MAX_SESSIONS = 20
MAX_TEXT = 200
CARD_STYLES = ("classic", "four")
"""Red and black suits, or four colours (clubs green, diamonds blue)."""


@dataclass
class Settings:
    """What the terminal remembers between runs."""

    player: str | None = None
    interactive_rules: bool = True
    card_style: str = "classic"
    language: str | None = None
    name: str = ""
    rooms: dict[str, str] = field(default_factory=dict)
    sessions: dict[str, str] = field(default_factory=dict)
    """Session tokens by server (``http://host:port``)."""

    def to_json(self) -> dict[str, object]:
        return {
            "player": self.player,
            "interactive_rules": self.interactive_rules,
            "card_style": self.card_style,
            "language": self.language,
            "name": self.name,
            "rooms": dict(list(self.rooms.items())[-MAX_ROOMS:]),
            "sessions": dict(list(self.sessions.items())[-MAX_SESSIONS:]),
        }

    @classmethod
    def from_json(cls, data: object) -> Settings:
        """Read :meth:`to_json`'s output; every field of the wrong type falls back to its default."""
        settings = cls()
        if not isinstance(data, dict):
            return settings

        def text(name: str) -> str | None:
            value = data.get(name)
            return value if isinstance(value, str) and 0 < len(value) <= MAX_TEXT else None

        settings.player = text("player")
        if isinstance(data.get("interactive_rules"), bool):
            settings.interactive_rules = data["interactive_rules"]
        if data.get("card_style") in CARD_STYLES:
            settings.card_style = data["card_style"]
        if data.get("language") in LANGUAGES:
            settings.language = data["language"]
        settings.name = text("name") or ""
        rooms = data.get("rooms")
        if isinstance(rooms, dict):
            settings.rooms = {
                key: token
                for key, token in list(rooms.items())[-MAX_ROOMS:]
                if isinstance(key, str) and isinstance(token, str) and len(key) <= MAX_TEXT and len(token) <= MAX_TEXT
            }
        sessions = data.get("sessions")
        if isinstance(sessions, dict):
            settings.sessions = {
                key: token
                for key, token in list(sessions.items())[-MAX_SESSIONS:]
                if isinstance(key, str) and isinstance(token, str) and len(key) <= MAX_TEXT and len(token) <= MAX_TEXT
            }
        return settings


def settings_path(db_path: Path) -> Path:
    """The settings file of the database ``db_path``: ``golfcards-terminal.json`` beside ``golfcards.sqlite3``."""
    return db_path.with_name(f"{db_path.stem}-terminal.json")


def load_settings(path: Path) -> Settings:
    """The settings in ``path``; the defaults if it is missing, too big or not what this app wrote."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_SETTINGS_BYTES + 1)
    except OSError:
        return Settings()
    if len(raw) > MAX_SETTINGS_BYTES:
        return Settings()
    try:
        return Settings.from_json(read_json(raw))
    except ValueError:
        return Settings()


def save_settings(path: Path, settings: Settings) -> bool:
    """Write ``settings`` whole (a temporary file readable by its owner only, then a rename); False if
    the folder is not writable."""
    temporary = path.with_name(path.name + ".tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(json.dumps(settings.to_json(), ensure_ascii=False, indent=1))
        os.replace(temporary, path)
    except OSError:
        return False
    return True
