"""Accounts on the web: the ``/account`` page and its JSON API.

Signing in is optional: a visitor plays under the ``golfcards_player`` cookie as before. An account
has a name and one player; signing up or signing in from a browser whose cookie names a stored player
moves that player's history (Solitaire games and statistics, courses, daily entries, six-card record)
to the account's player in the write that opens the session, so nothing played before is lost, and
the player cookie is cleared.

* ``GET  /api/account`` — ``{"signed_in": false}``, or the account: its name, whether it has a
  password, its passkeys and its signed-in devices (only the requester's own account, ever);
* ``POST /api/account/signup`` — ``{"name", "password"}``: a new account with a password;
* ``POST /api/account/signin`` — ``{"name", "password"}`` (failures limited per account and per
  network: :class:`~golfcards.runners.accounts.SignInLimits`, 429);
* ``POST /api/account/passkeys/register`` — ``{"name"}`` to sign up with a passkey, ``{}`` signed in to
  add one: the options for ``navigator.credentials.create``; ``…/register/finish`` — ``{"credential"}``;
* ``POST /api/account/passkeys/signin`` — the options for ``navigator.credentials.get`` (a discoverable
  passkey); ``…/signin/finish`` — ``{"credential"}``;
* ``POST /api/account/name`` ``{"name"}``, ``/password`` ``{"password"}``, ``/signout``,
  ``/signout-everywhere``, ``/delete`` ``{"name"}`` (the account's name typed again);
* a terminal signs in with a device code: ``POST /api/account/device`` gives it a code to show and a
  secret to poll ``/api/account/device/poll`` with; a signed-in browser types the code at ``/device``
  (``POST /api/account/device/confirm`` ``{"code"}``); the next poll gives the terminal its session
  token, once.

Every ceremony's challenge is stored on the server, expires after
:data:`~golfcards.runners.storage.accounts.CHALLENGE_SECONDS` and is taken once: a registration or an
assertion sent again is refused. The relying party is the request's host name (as a trusted proxy
names it), and the origin the browser signed must be the page's own. A new session token is made at
every sign-in (a token planted before is never promoted); the cookie is ``HttpOnly``, ``SameSite=Lax``,
``Secure`` under HTTPS. Passwords are hashed with Argon2id in a worker thread and never logged.
"""

from __future__ import annotations

import base64
import json
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import webauthn
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from golfcards.errors import GolfError
from golfcards.runners.accounts import (
    SignInLimits,
    account_name,
    check_password,
    hash_password,
    password_matches,
)
from golfcards.runners.storage import Storage, StoredPasskey
from golfcards.web.server.addresses import limit_key
from golfcards.web.server.guard import host_name
from golfcards.web.server.players import SESSION_AGE, SESSION_COOKIE, current_player, signed_in
from golfcards.web.server.requests import (
    PLAYER_COOKIE,
    client_address,
    error_response,
    field,
    json_body,
    reading,
    request_translator,
    writing,
)

T = TypeVar("T")
RP_NAME = "golfcards"
MAX_CREDENTIAL = 6 * 1024
"""A credential's JSON is at most this many characters (the request body's own limit is 8 KB)."""
REGISTER, SIGN_IN = "register", "signin"
"""The purposes of a stored challenge."""
DEVICE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""The letters of a device code (none that reads as another: no 0, O, 1, I)."""
DEVICE_CODE_LENGTH = 8
"""A device code's letters: 32⁸ ≈ 10¹², against a few tries a minute per network for 10 minutes."""
POLL_SECONDS = 2
"""How often the terminal asks whether its code was confirmed."""
PASSWORD_WORKERS = 2
"""Passwords hashed or checked at once (Argon2id takes 64 MiB and tens of milliseconds each): a flood
of sign-ins waits its turn instead of taking the server's memory."""


async def password_work(request: Request, function: Callable[..., T], *args: Any) -> T:
    """``function(*args)`` (an Argon2id hash or check) in a worker thread, at most
    :data:`PASSWORD_WORKERS` at once."""
    async with request.app.state.password_slots:
        return await run_in_threadpool(function, *args)


def _storage(request: Request) -> Storage:
    return request.app.state.storage


def _limits(request: Request) -> SignInLimits:
    return request.app.state.sign_in_limits


def _now_signed_in(request: Request) -> Any:
    session = signed_in(request)
    if session is None:
        raise GolfError("account.not_signed_in", "sign in first")
    return session


async def _merged(request: Request) -> str | None:
    """The browser's cookie player to join the account, if it is a stored player of no account."""
    if signed_in(request) is not None:
        return None
    player = current_player(request)
    if player is None:
        return None
    storage = _storage(request)
    stored = await reading(request, storage.player_exists, player)
    return player if stored and not await reading(request, storage.is_account_player, player) else None


def device_name(user_agent: str) -> str:
    """A short name for the device a browser runs on (from its User-Agent): "Firefox · Android"."""
    text = user_agent[:512]
    browsers = (("Edg/", "Edge"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Safari/", "Safari"))
    systems = (
        ("Android", "Android"),
        ("iPhone", "iPhone"),
        ("iPad", "iPad"),
        ("Windows", "Windows"),
        ("Mac OS", "macOS"),
        ("CrOS", "ChromeOS"),
        ("Linux", "Linux"),
    )
    browser = next((name for mark, name in browsers if mark in text), "")
    system = next((name for mark, name in systems if mark in text), "")
    if not browser and not system:
        return text[:40].split("/")[0].strip() or "?"
    return " · ".join(part for part in (browser, system) if part)


def _signed_in_response(request: Request, token: str, body: dict[str, Any], player: str) -> Response:
    """The answer to a sign-in to the account of ``player``: the new session's cookie set, the player
    cookie cleared (its player joined the account). A visitor's room connections open now hold their
    seats for the account from now on (``app.state.on_sign_in``: the six-card recorder)."""
    visitor = None if signed_in(request) is not None else current_player(request)
    if visitor is not None and visitor != player:
        for listener in request.app.state.on_sign_in:
            listener(visitor, player)
    response = JSONResponse(body)
    response.set_cookie(SESSION_COOKIE, token, max_age=SESSION_AGE, httponly=True, samesite="lax", path="/")
    response.delete_cookie(PLAYER_COOKIE, httponly=True, samesite="lax")
    return response


async def _open_session(request: Request, account_id: str) -> str:
    """A new session for a sign-in (the browser's cookie player joins the account); a session the
    browser held already ends: one device, one session."""
    merged = await _merged(request)
    device = device_name(request.headers.get("user-agent", ""))
    storage = _storage(request)
    held = signed_in(request)
    if held is not None:
        await writing(request, storage.close_session, held.account, held.session)
    return await writing(request, storage.open_session, account_id, device, merged)


Handler = Callable[[Request], Awaitable[Response]]


def _answering(handler: Handler) -> Handler:
    """Turn the GolfErrors of ``handler`` into localized 4xx/5xx answers."""

    async def endpoint(request: Request) -> Response:
        try:
            return await handler(request)
        except GolfError as error:
            status = 404 if error.key == "request.not_found" else None
            return error_response(error, request_translator(request), status)

    return endpoint


# --- reading ------------------------------------------------------------------------------------


async def account_json(request: Request) -> Response:
    """The requester's own account (never anyone else's: it comes from their session only)."""
    session = signed_in(request)
    if session is None:
        return JSONResponse({"signed_in": False}, headers={"Cache-Control": "no-store"})
    storage = _storage(request)

    def read() -> dict[str, Any]:
        return {
            "signed_in": True,
            "name": session.name,
            "password": storage.password_hash(session.account) is not None,
            "passkeys": [
                {"id": key.id, "device": key.device, "created": key.created, "used": key.used}
                for key in storage.passkeys(session.account)
            ],
            "sessions": [
                {"id": row.id, "device": row.device, "created": row.created, "current": row.id == session.session}
                for row in storage.sessions(session.account)
            ],
        }

    return JSONResponse(await reading(request, read), headers={"Cache-Control": "no-store"})


# --- passwords ----------------------------------------------------------------------------------


async def sign_up(request: Request) -> Response:
    data = await json_body(request)
    name, key = account_name(data.get("name"))
    password = check_password(data.get("password"))
    password_hash = await password_work(request, hash_password, password)
    storage = _storage(request)
    account = await writing(request, storage.create_account, name, key, await _merged(request))
    await writing(request, storage.set_password_hash, account.id, password_hash)
    token = await writing(request, storage.open_session, account.id, device_name(request.headers.get("user-agent", "")))
    return _signed_in_response(request, token, {"signed_in": True, "name": account.name}, account.player)


async def sign_in(request: Request) -> Response:
    data = await json_body(request)
    name_text = field(data, "name", str)
    password = field(data, "password", str)
    if len(password) > 1024:
        raise GolfError("account.wrong_password", "wrong name or password")
    try:
        _name, key = account_name(name_text)
    except GolfError:
        raise GolfError("account.wrong_password", "wrong name or password") from None
    network = limit_key(client_address(request))
    limits = _limits(request)
    limits.check(key, network)
    storage = _storage(request)
    account = await reading(request, storage.account_named, key)
    stored_hash = None if account is None else await reading(request, storage.password_hash, account.id)
    if account is None or not await password_work(request, password_matches, stored_hash, password):
        limits.failed(key, network)
        raise GolfError("account.wrong_password", "wrong name or password")
    token = await _open_session(request, account.id)
    return _signed_in_response(request, token, {"signed_in": True, "name": account.name}, account.player)


async def set_password(request: Request) -> Response:
    session = _now_signed_in(request)
    data = await json_body(request)
    password = check_password(data.get("password"))
    password_hash = await password_work(request, hash_password, password)
    await writing(request, _storage(request).set_password_hash, session.account, password_hash)
    return JSONResponse({"ok": True})


# --- passkeys -----------------------------------------------------------------------------------


def relying_party(request: Request) -> tuple[str, str]:
    """The relying party's id (the host name the page was opened at, as a trusted proxy names it)
    and the origin a browser signs (the page's scheme and host)."""
    host = request.headers.get("host", "")
    scheme = "https" if request.url.scheme in ("https", "wss") else "http"
    return host_name(host), f"{scheme}://{host.strip().lower()}"


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _credential(data: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The credential the browser sent, and the challenge its client data names (the stored one it
    answers); a ``account.passkey_refused`` error for anything malformed."""
    credential = data.get("credential")
    if not isinstance(credential, dict) or len(json.dumps(credential)) > MAX_CREDENTIAL:
        raise GolfError("account.passkey_refused", "no credential")
    try:
        client_data = credential["response"]["clientDataJSON"]
        decoded = json.loads(base64.urlsafe_b64decode(client_data + "=" * (-len(client_data) % 4)))
        challenge = decoded["challenge"]
    except (KeyError, TypeError, ValueError):
        raise GolfError("account.passkey_refused", "unreadable client data") from None
    if not isinstance(challenge, str) or not 0 < len(challenge) <= 128:
        raise GolfError("account.passkey_refused", "no challenge")
    return credential, challenge


async def register_options(request: Request) -> Response:
    """Options to make a passkey: for a new account named ``name``, or (signed in) for this account."""
    storage = _storage(request)
    session = signed_in(request)
    rp_id, _origin = relying_party(request)
    if session is not None:
        account_id, name = session.account, session.name
        existing = await reading(request, storage.passkeys, account_id)
        pending_name = None
    else:
        data = await json_body(request)
        name, key = account_name(data.get("name"))
        if await reading(request, storage.account_named, key) is not None:
            raise GolfError("account.name_taken", "an account has this name", name=name)
        account_id, existing, pending_name = "", [], name
    options = webauthn.generate_registration_options(
        rp_id=rp_id,
        rp_name=RP_NAME,
        user_name=name,
        user_id=account_id.encode() if account_id else None,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            require_resident_key=True,
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
        exclude_credentials=[PublicKeyCredentialDescriptor(id=webauthn.base64url_to_bytes(key.id)) for key in existing],
    )
    await writing(
        request, storage.add_challenge, _b64url(options.challenge), REGISTER, account_id or None, pending_name
    )
    return JSONResponse(json.loads(webauthn.options_to_json(options)), headers={"Cache-Control": "no-store"})


async def register_finish(request: Request) -> Response:
    """Check the new passkey against its stored challenge (taken once); store it, for the account
    that asked or for a new account (then signed in)."""
    storage = _storage(request)
    credential, challenge = _credential(await json_body(request))
    taken = await writing(request, storage.take_challenge, challenge, REGISTER)
    if taken is None:
        raise GolfError("account.passkey_refused", "no such challenge (expired or answered)")
    rp_id, origin = relying_party(request)
    try:
        verified = webauthn.verify_registration_response(
            credential=credential,
            expected_challenge=webauthn.base64url_to_bytes(challenge),
            expected_rp_id=rp_id,
            expected_origin=origin,
        )
    except (WebAuthnException, ValueError, KeyError, TypeError) as error:
        raise GolfError("account.passkey_refused", f"registration refused: {error}") from None
    session = signed_in(request)
    device = device_name(request.headers.get("user-agent", ""))
    if taken.account is not None:
        if session is None or session.account != taken.account:
            raise GolfError("account.passkey_refused", "the challenge was for another account")
        account_id, name, token, player = taken.account, session.name, None, session.player
    else:
        name, key = account_name(taken.name)
        account = await writing(request, storage.create_account, name, key, await _merged(request))
        account_id, player = account.id, account.player
        token = await writing(request, storage.open_session, account_id, device)
    passkey = StoredPasskey(
        _b64url(verified.credential_id),
        account_id,
        verified.credential_public_key,
        verified.sign_count,
        "",
        device,
        time.time(),
        None,
    )
    if not await writing(request, storage.add_passkey, passkey):
        raise GolfError("account.passkey_refused", "this passkey is registered already")
    body = {"signed_in": True, "name": name}
    return JSONResponse(body) if token is None else _signed_in_response(request, token, body, player)


async def sign_in_options(request: Request) -> Response:
    """Options to sign in with a passkey the browser finds itself (a discoverable credential)."""
    rp_id, _origin = relying_party(request)
    options = webauthn.generate_authentication_options(
        rp_id=rp_id, user_verification=UserVerificationRequirement.PREFERRED
    )
    await writing(request, _storage(request).add_challenge, _b64url(options.challenge), SIGN_IN)
    return JSONResponse(json.loads(webauthn.options_to_json(options)), headers={"Cache-Control": "no-store"})


async def sign_in_finish(request: Request) -> Response:
    storage = _storage(request)
    credential, challenge = _credential(await json_body(request))
    network = limit_key(client_address(request))
    limits = _limits(request)
    limits.check(None, network)
    if await writing(request, storage.take_challenge, challenge, SIGN_IN) is None:
        limits.failed(None, network)
        raise GolfError("account.passkey_refused", "no such challenge (expired or answered)")
    credential_id = credential.get("id")
    passkey = await reading(request, storage.passkey, credential_id) if isinstance(credential_id, str) else None
    if passkey is None:
        limits.failed(None, network)
        raise GolfError("account.passkey_refused", "no such passkey")
    rp_id, origin = relying_party(request)
    try:
        verified = webauthn.verify_authentication_response(
            credential=credential,
            expected_challenge=webauthn.base64url_to_bytes(challenge),
            expected_rp_id=rp_id,
            expected_origin=origin,
            credential_public_key=passkey.public_key,
            credential_current_sign_count=passkey.sign_count,
        )
    except (WebAuthnException, ValueError, KeyError, TypeError) as error:
        limits.failed(None, network)
        raise GolfError("account.passkey_refused", f"assertion refused: {error}") from None
    if not await writing(request, storage.passkey_used, passkey.id, passkey.sign_count, verified.new_sign_count):
        raise GolfError("account.passkey_refused", "the passkey was used at the same moment")
    account = await reading(request, storage.account, passkey.account)
    if account is None:
        raise GolfError("account.passkey_refused", "the account is gone")
    token = await _open_session(request, account.id)
    return _signed_in_response(request, token, {"signed_in": True, "name": account.name}, account.player)


async def delete_passkey(request: Request) -> Response:
    session = _now_signed_in(request)
    data = await json_body(request)
    credential_id = field(data, "id", str)
    if not await writing(request, _storage(request).delete_passkey, session.account, credential_id[:512]):
        raise GolfError("request.not_found", "no such passkey")
    return JSONResponse({"ok": True})


# --- the account --------------------------------------------------------------------------------


async def rename(request: Request) -> Response:
    session = _now_signed_in(request)
    data = await json_body(request)
    name, key = account_name(data.get("name"))
    await writing(request, _storage(request).rename_account, session.account, name, key)
    return JSONResponse({"signed_in": True, "name": name})


def _signed_out(body: dict[str, Any]) -> Response:
    response = JSONResponse(body)
    response.delete_cookie(SESSION_COOKIE, httponly=True, samesite="lax")
    response.delete_cookie(PLAYER_COOKIE, httponly=True, samesite="lax")
    return response


async def sign_out(request: Request) -> Response:
    session = signed_in(request)
    if session is not None:
        await writing(request, _storage(request).close_session, session.account, session.session)
    return _signed_out({"signed_in": False})


async def sign_out_everywhere(request: Request) -> Response:
    session = _now_signed_in(request)
    await writing(request, _storage(request).close_sessions, session.account)
    return _signed_out({"signed_in": False})


async def end_session(request: Request) -> Response:
    """End one signed-in device of the account (``{"id"}``, from the list)."""
    session = _now_signed_in(request)
    data = await json_body(request)
    session_id = field(data, "id", str)
    if not await writing(request, _storage(request).close_session, session.account, session_id[:64]):
        raise GolfError("request.not_found", "no such session")
    return JSONResponse({"ok": True})


async def delete_account(request: Request) -> Response:
    """Delete the account with everything played under it, once its name is typed again."""
    session = _now_signed_in(request)
    data = await json_body(request)
    typed = field(data, "name", str)
    if typed[:200].strip().casefold() != session.name.casefold():
        raise GolfError("account.confirm_name", "type the account's name to delete it")
    await writing(request, _storage(request).delete_account, session.account)
    return _signed_out({"signed_in": False, "deleted": True})


# --- a terminal signing in with a device code -----------------------------------------------------


def device_code_text(code: str) -> str:
    """A device code as shown and typed: ``ABCD-EFGH``."""
    half = DEVICE_CODE_LENGTH // 2
    return f"{code[:half]}-{code[half:]}"


async def device_start(request: Request) -> Response:
    """A terminal starts signing in: a code to show (typed at ``/device`` in a signed-in browser) and
    a secret to poll with. Codes made count against the network like new players."""
    request.app.state.new_players.admit(client_address(request))
    data = await json_body(request)
    device = " ".join(str(field(data, "device", str, "golf tui"))[:40].split()) or "golf tui"
    device = "".join(character for character in device if character.isprintable())
    code = "".join(secrets.choice(DEVICE_LETTERS) for _ in range(DEVICE_CODE_LENGTH))
    poll = secrets.token_urlsafe(32)
    await writing(request, _storage(request).start_device, code, poll, device)
    body = {"code": device_code_text(code), "poll": poll, "url": "/device", "interval": POLL_SECONDS}
    return JSONResponse(body, headers={"Cache-Control": "no-store"})


async def device_poll(request: Request) -> Response:
    """The terminal asks: 202 while its code waits, its session token once confirmed (given once)."""
    data = await json_body(request)
    poll = field(data, "poll", str)
    token = await writing(request, _storage(request).device_session, poll[:64])
    if token is None:
        raise GolfError("account.device_expired", "no such device code, or it expired")
    if not token:
        return JSONResponse({"pending": True}, status_code=202, headers={"Cache-Control": "no-store"})
    return JSONResponse({"token": token, "cookie": SESSION_COOKIE}, headers={"Cache-Control": "no-store"})


async def device_confirm(request: Request) -> Response:
    """A signed-in browser confirms the code its terminal shows (failures count like failed sign-ins)."""
    session = _now_signed_in(request)
    data = await json_body(request)
    code = re.sub(r"[\s-]", "", field(data, "code", str)[:40]).upper()
    network = limit_key(client_address(request))
    limits = _limits(request)
    limits.check(None, network)
    confirmed = (
        len(code) == DEVICE_CODE_LENGTH
        and set(code) <= set(DEVICE_LETTERS)
        and await writing(request, _storage(request).confirm_device, code, session.account)
    )
    if not confirmed:
        limits.failed(None, network)
        raise GolfError("account.device_unknown", "no terminal waits for this code")
    return JSONResponse({"ok": True})


def routes(static: Path) -> list[Route]:
    """The account page and its API."""

    def page(request: Request) -> Response:
        return FileResponse(static / "account.html", headers={"Cache-Control": "no-cache"})

    post = [
        ("/api/account/signup", sign_up),
        ("/api/account/signin", sign_in),
        ("/api/account/password", set_password),
        ("/api/account/passkeys/register", register_options),
        ("/api/account/passkeys/register/finish", register_finish),
        ("/api/account/passkeys/signin", sign_in_options),
        ("/api/account/passkeys/signin/finish", sign_in_finish),
        ("/api/account/passkeys/delete", delete_passkey),
        ("/api/account/name", rename),
        ("/api/account/signout", sign_out),
        ("/api/account/signout-everywhere", sign_out_everywhere),
        ("/api/account/sessions/end", end_session),
        ("/api/account/delete", delete_account),
        ("/api/account/device", device_start),
        ("/api/account/device/poll", device_poll),
        ("/api/account/device/confirm", device_confirm),
    ]
    return [
        Route("/account", page),
        Route("/device", page),
        Route("/api/account", _answering(account_json)),
        *(Route(path, _answering(handler), methods=["POST"]) for path, handler in post),
    ]
