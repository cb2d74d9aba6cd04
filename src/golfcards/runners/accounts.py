"""What accounts need besides their storage: names as players see them, password hashes (Argon2id),
and the limit on failed sign-ins.

A name is NFKC-normalised and trimmed; 1 to :data:`NAME_LENGTH` characters; no control character, no
format character (bidirectional overrides and isolates, marks, zero-width joiners: they would make a
name read as another or turn the text around it), no line or paragraph separator. Two names that
differ only in case (``str.casefold``) are the same name.
"""

from __future__ import annotations

import time
import unicodedata
from collections.abc import Callable

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from golfcards.errors import GolfError
from golfcards.runners.limits import Buckets

NAME_LENGTH = 24
"""The longest name, in characters (after normalisation)."""
PASSWORD_LENGTHS = (8, 256)
"""The shortest and the longest password, in characters."""
_REFUSED_CATEGORIES = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
"""Control, format (U+200E/F, U+202A–202E, U+2066–2069…), surrogate, private-use, unassigned, and
line/paragraph separators."""


def account_name(text: object) -> tuple[str, str]:
    """The name as stored and shown, and its key (case-folded: unique among accounts); a
    ``account.bad_name`` :class:`GolfError` for anything else."""
    if not isinstance(text, str) or len(text) > 4 * NAME_LENGTH:
        raise GolfError("account.bad_name", "a name is 1-24 characters", length=NAME_LENGTH)
    name = " ".join(unicodedata.normalize("NFKC", text).split())
    if not 1 <= len(name) <= NAME_LENGTH:
        raise GolfError("account.bad_name", "a name is 1-24 characters", length=NAME_LENGTH)
    if any(unicodedata.category(character) in _REFUSED_CATEGORIES for character in name):
        raise GolfError("account.bad_name_characters", "a name has only visible characters")
    return name, unicodedata.normalize("NFKC", name.casefold())


def check_password(text: object) -> str:
    """The password if its length is within :data:`PASSWORD_LENGTHS`; ``account.bad_password`` otherwise."""
    shortest, longest = PASSWORD_LENGTHS
    if not isinstance(text, str) or not shortest <= len(text) <= longest:
        raise GolfError("account.bad_password", "a password is 8-256 characters", shortest=shortest, longest=longest)
    return text


_HASHER = PasswordHasher()  # Argon2id, argon2-cffi's recommended parameters (RFC 9106's second choice)
_NOBODY = _HASHER.hash("the password of an account that does not exist")
"""Checked when a name has no account or no password, so that an answer takes as long either way."""


def hash_password(password: str) -> str:
    """The Argon2id hash of ``password`` (tens of milliseconds of work: call it in a worker thread)."""
    return _HASHER.hash(password)


def password_matches(password_hash: str | None, password: str) -> bool:
    """Whether ``password`` is the one ``password_hash`` was made from (None: no password; the same
    work is done anyway). Call it in a worker thread."""
    try:
        return bool(_HASHER.verify(password_hash or _NOBODY, password)) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False


FAILURES_PER_ACCOUNT = 5
"""Failed sign-ins one account takes at once…"""
ACCOUNT_SECONDS = 60.0
"""…then one more every this many seconds."""
FAILURES_PER_NETWORK = 20
"""Failed sign-ins one network (any accounts: password spraying) makes at once…"""
NETWORK_SECONDS = 30.0
"""…then one more every this many seconds."""


class SignInLimits:
    """Failed sign-ins counted per account (its name key) and per network: a key that has failed its
    share lately is refused (``account.too_many_attempts``, 429) before its password is even checked.
    Use from the event loop only."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.accounts = Buckets(FAILURES_PER_ACCOUNT, ACCOUNT_SECONDS, clock=clock)
        self.networks = Buckets(FAILURES_PER_NETWORK, NETWORK_SECONDS, clock=clock)

    def check(self, name_key: str | None, network: str) -> None:
        """Raise ``account.too_many_attempts`` if the account (None: a passkey, no name) or the
        network may not try now."""
        if (name_key is not None and self.accounts.full(name_key)) or self.networks.full(network):
            raise GolfError("account.too_many_attempts", "too many failed sign-ins: wait a minute")

    def failed(self, name_key: str | None, network: str) -> None:
        """Count a failed sign-in against both."""
        if name_key is not None:
            self.accounts.add(name_key)
        self.networks.add(network)
