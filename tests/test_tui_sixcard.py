"""Six-card Golf in ``golf tui``: a hole against a bot by keys, and a seat in a room of a real ``golf serve``.

Both check the hidden-information rule on what the terminal actually drew: no face-down card, no stock
card and no card someone else drew ever appears on the screen, by its corner (``9♠``) or its name.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import urllib.request

import pytest

from golfcards.cards import AnyCard, card_from_index
from golfcards.errors import GolfError
from golfcards.i18n import translator
from golfcards.i18n.cards import card_name
from golfcards.main import main
from golfcards.runners.room_messages import decode_server_message
from golfcards.sixcard.actions import Action, DiscardFlip, DrawStock, Swap, action_to_json
from golfcards.sixcard.match import Match
from golfcards.sixcard.state import HoleContext, HoleState, Phase
from golfcards.sixcard.view import View, view_for
from golfcards.tui.app import HomeScreen
from golfcards.tui.faces import corner
from golfcards.tui.frame import LeaveScreen
from golfcards.tui.remote import parse_room_url
from golfcards.tui.sixcard_screen import ScorecardScreen, SeatPanel, SixcardLobby, SixcardScreen
from golfcards.tui.sixcard_table import table_from_message
from tests.web.conftest import start_server

from .tui_helpers import make_app, pause_until, screen_text, settle

EN = translator("en")


def hidden_from(state: HoleState, seat: int) -> list[AnyCard]:
    """The cards ``seat`` may not know now (ground truth from the omniscient state)."""
    over = state.phase is Phase.OVER  # every grid is shown once the hole is over
    hidden = [
        card_from_index(card)
        for grid, flags in zip(state.grids, state.face_up, strict=True)
        for card, up in zip(grid, flags, strict=True)
        if not up and not over
    ]
    hidden += [card_from_index(card) for card in state.stock]
    if state.holding is not None and state.holder != seat:
        hidden.append(card_from_index(state.holding))
    return hidden


def assert_nothing_hidden_drawn(text: str, hidden: list[AnyCard]) -> None:
    for card in hidden:
        assert corner(card, EN) not in text, f"{card.code} is hidden but drawn"
        assert card_name(card, EN) not in text, f"{card.code} is hidden but named"


def first_face_down(view: View, seat: int) -> int:
    return next((p for p, card in enumerate(view.grids[seat]) if card is None), 0)


def test_a_hole_against_a_bot_by_keys(tmp_path):
    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="sixcard", bots=["easy"], name="Ana", code="G6-P2-AAAAAAB")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, SixcardScreen)
            match = screen.local.match
            await pilot.press("3", "3")  # the same card twice: the engine's refusal
            await settle(pilot)
            assert "That card is already face up" in screen_text(app)
            await pilot.click("#me", offset=(2, 4))  # the mouse: position 4, first card of the second row
            await settle(pilot)
            assert match.state.face_up[0][3]
            for _ in range(60):
                state = match.state
                if state.phase is Phase.OVER:
                    break
                assert screen.table.view == match.view(0), "the screen draws this seat's view_for output"
                assert_nothing_hidden_drawn(screen_text(app), hidden_from(state, 0))
                view = match.view(0)
                if view.phase is Phase.DRAW and view.my_turn:
                    await pilot.press("d")
                elif view.phase is Phase.PLACE and view.my_turn:
                    assert f"You drew {card_name(view.holding, EN)}" in " ".join(screen_text(app).split())
                    await pilot.press(str(first_face_down(view, 0) + 1))
                await settle(pilot)
            assert match.state.phase is Phase.OVER
            text = screen_text(app)
            points = match.results[0]
            assert f"Points: {points[0]}" in text and f"Points: {points[1]}" in text
            assert "Press N for the next hole." in " ".join(text.split()), "sentences wrap at the screen's edge"
            await pilot.press("c")
            assert isinstance(app.screen, ScorecardScreen)
            card = str(app.screen.query_one("#scorecard").render())
            assert card.splitlines()[1].split() == ["1", str(points[0]), str(points[1])]
            await pilot.press("escape", "n")
            await settle(pilot)
            assert "Hole 2 of 9" in screen_text(app)

    asyncio.run(play())


def test_the_lobby_starts_a_match_against_the_chosen_bots(tmp_path):
    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="sixcard", language="fr")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, SixcardLobby)
            await pilot.press(*"Zoé")
            await pilot.click("#opponents-3")
            await pilot.click("#level-strong")
            await pilot.pause()
            await pilot.click("#play")
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, SixcardScreen)
            assert screen.local.levels == ["strong"] * 3
            text = screen_text(app)
            assert "Zoé (vous)" in text and "Bot fort 4" in text
            assert len(screen.query(SeatPanel)) == 4

    asyncio.run(play())


def post(url: str, body: dict) -> dict:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A real ``golf serve`` in a subprocess on 127.0.0.1 (stopped after this file's tests)."""
    process, address = start_server(tmp_path_factory.mktemp("serve") / "serve.sqlite3")
    yield address
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


async def browser_player(address: str, code: str, token: str, log: list[tuple[int, Action]], seated) -> View:
    """The room's host, speaking the page's protocol: starts once the terminal sits, then plays to the hole's end."""
    from websockets.asyncio.client import connect

    socket_url = address.replace("http://", "ws://") + f"/ws/sixcard/{code}?lang=en"
    async with connect(socket_url) as socket:
        await socket.send(json.dumps({"type": "hello", "token": token}))
        await seated.wait()
        await socket.send(json.dumps({"type": "start"}))
        acted = -1
        async for raw in socket:
            message = json.loads(raw)
            if message["type"] != "state" or message["view"] is None:
                continue
            view = View.from_json(message["view"])
            if view.phase is Phase.OVER:
                return view
            if message["sequence"] <= acted or not view.legal:
                continue
            if view.phase is Phase.REVEAL:
                if view.reveals_left[1]:  # the terminal reveals first: one order, easy to replay
                    continue
                action: Action = view.legal[0]
            elif view.phase is Phase.DRAW:
                action = DrawStock()
            else:
                action = Swap(first_face_down(view, 0))
            acted = message["sequence"]
            log.append((0, action))
            await socket.send(json.dumps({"type": "act", "action": action_to_json(action)}))
    raise AssertionError("the room closed")


def test_a_terminal_player_and_a_browser_player_at_one_table(tmp_path, served):
    room = post(f"{served}/api/sixcard/rooms", {"players": 2, "name": "Browser"})
    address = parse_room_url(f"{served}/sixcard/{room['code']}")

    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="sixcard", join=address, name="Terminal")
        log: list[tuple[int, Action]] = []
        snapshots: list[tuple[View, str]] = []
        seated = asyncio.Event()
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, SixcardScreen)
            host = asyncio.create_task(browser_player(served, room["code"], room["token"], log, seated))
            acted = -1
            for _ in range(600):
                await pilot.pause(0.05)
                table = screen.table
                if table is None:
                    continue
                if table.seat is not None and not seated.is_set():
                    # the seats list is drawn on the next refresh
                    await pause_until(pilot, lambda: "Terminal · you" in screen_text(app), "the seats list is drawn")
                    text = screen_text(app)
                    assert "1. Browser · " in text and "2. Terminal · you" in text
                    seated.set()
                view = table.view
                if view is None:
                    continue
                snapshots.append((view, screen_text(app)))
                if view.phase is Phase.OVER:
                    break
                if table.sequence <= acted or not view.legal:
                    continue
                acted = table.sequence
                if view.phase is Phase.REVEAL:
                    action: Action = view.legal[0]
                    key = str(action.position + 1)
                elif view.phase is Phase.DRAW:
                    action, key = DrawStock(), "d"
                else:
                    action = Swap(first_face_down(view, 1))
                    key = str(action.position + 1)
                log.append((1, action))
                await pilot.press(key)
            host_view = await asyncio.wait_for(host, 20)
            final = screen.table.view
            assert final.phase is Phase.OVER and host_view.points == final.points
            text = screen_text(app)
            assert f"Points: {final.points[1]}" in text and "Browser" in text
            assert app.settings.rooms[address.key], "the seat's token is kept, to sit down again"
            return final, log, snapshots

    final, log, snapshots = asyncio.run(asyncio.wait_for(play(), 90))
    # Replay the hole from its deal code (shown once it is over) to know, for every screen the
    # terminal drew, which cards it might not know then; none of them may be on that screen.
    state = HoleState.from_code(final.code, HoleContext(0, final.rules.holes, (0, 0)))
    hidden_by_view = {view_for(state, 1).to_json().__repr__(): hidden_from(state, 1)}
    for seat, action in log:
        assert state.apply(action, seat) is None
        hidden_by_view[repr(view_for(state, 1).to_json())] = hidden_from(state, 1)
    assert state.phase is Phase.OVER
    checked = 0
    for view, text in snapshots:
        hidden = hidden_by_view.get(repr(view.to_json()))
        assert hidden is not None, "every view the terminal drew is one of the hole's positions"
        assert_nothing_hidden_drawn(text, hidden)
        checked += 1
    assert checked > 5


def test_q_in_a_room_says_a_bot_plays_the_seat_meanwhile(tmp_path, served):
    from websockets.asyncio.client import connect

    room = post(f"{served}/api/sixcard/rooms", {"players": 2, "name": "Browser"})
    address = parse_room_url(f"{served}/sixcard/{room['code']}")
    seated, done = asyncio.Event(), asyncio.Event()

    async def host() -> None:
        socket_url = served.replace("http://", "ws://") + f"/ws/sixcard/{room['code']}?lang=en"
        async with connect(socket_url) as socket:
            await socket.send(json.dumps({"type": "hello", "token": room["token"]}))
            await seated.wait()
            await socket.send(json.dumps({"type": "start"}))
            await done.wait()

    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="sixcard", join=address, name="Terminal")
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            task = asyncio.create_task(host())
            await pause_until(pilot, lambda: screen.table is not None and screen.table.seat is not None, "seated")
            seated.set()
            await pause_until(pilot, lambda: screen.table.started, "the host started the match")
            await pilot.press("q")
            assert isinstance(app.screen, LeaveScreen)
            text = " ".join(screen_text(app).replace("│", " ").split())
            assert "Leave the match?" in text and "a bot plays your seat. Open the same room link again" in text
            await pilot.press("escape")
            assert app.screen is screen
            await pilot.press("q", "y")
            assert isinstance(app.screen, HomeScreen)
            done.set()
            await asyncio.wait_for(task, 20)

    asyncio.run(asyncio.wait_for(play(), 60))


def test_a_state_message_is_checked_before_it_is_drawn():
    good = {
        "type": "state",
        "seat": 1,
        "room": {
            "code": "ABCDE",
            "holes": 9,
            "host": False,
            "link": None,
            "seats": [
                {"name": "Ana\x1b[31m", "kind": "human", "connected": True, "you": False},
                {"name": "Bo", "kind": "human", "connected": True, "you": True},
            ],
        },
        "view": None,
        "last_actions": [],
        "scorecard": None,
        "sequence": 3,
    }
    table = table_from_message(decode_server_message(good))
    assert table.seats[0].name == "Ana[31m", "control characters never reach the terminal"
    assert table.spectators == 0, "a server that counts no spectators"
    busy = decode_server_message({**good, "spectator_count": 130, "spectators": ["Zoe"] * 20})
    assert table_from_message(busy).spectators == 130
    for broken in (
        [],
        {**good, "seat": 7},
        {**good, "seat": True},
        {**good, "room": {**good["room"], "seats": good["room"]["seats"] * 4}},
        {**good, "view": {"grids": "nope"}},
        {**good, "scorecard": {"results": [[1, 2]] * 200, "totals": [0, 0], "over": False}},
        {**good, "seat": 2},
        {**good, "scorecard": {"results": [[1, 2]], "totals": [3], "over": False}},
        {**good, "scorecard": {"results": [[1, 2]], "totals": [], "over": False}},
        {**good, "scorecard": {"results": [[1]], "totals": [1, 2], "over": False}},
        {**good, "scorecard": {"results": [[1, 2]] * 10, "totals": [10, 20], "over": False}},
        {**good, "last_actions": [{"seat": 9, "position": 0, "sequence": 1, "text": "x"}]},
        {**good, "spectator_count": -1},
        {**good, "spectator_count": "many"},
    ):
        with pytest.raises(GolfError) as caught:
            decode_server_message(broken)
        assert caught.value.key == "tui.bad_message"


def room_state(match: Match, seat: int, totals: list[int]) -> dict:
    """A room's state message for ``seat`` of a two-seat room playing ``match``, with ``totals`` as its scorecard's."""
    return {
        "type": "state",
        "seat": seat,
        "room": {
            "code": "ABCDE",
            "holes": match.rules.holes,
            "host": False,
            "link": None,
            "seats": [
                {"name": name, "kind": "human", "connected": True, "you": number == seat}
                for number, name in enumerate(["Ana", "Bo"])
            ],
        },
        "view": match.view(seat).to_json(),
        "last_actions": [],
        "scorecard": {"results": [list(points) for points in match.results], "totals": totals, "over": False},
        "sequence": 1,
    }


def test_a_scorecard_shorter_than_the_seats_is_explained_not_drawn(tmp_path):
    """A fake room, over a real WebSocket, sends a good state in the second hole and then one whose totals
    miss a seat: the app keeps the good table and says it cannot read the message (it crashed drawing it)."""
    from websockets.asyncio.server import serve

    match = Match.from_code("G6-P2-AAAAAAC", b"k" * 32)
    while match.state.phase is not Phase.OVER:
        seat = match.state.to_act[0]
        assert match.apply(match.state.legal_actions(seat)[0], seat) is None
    assert match.next_hole() is None
    totals = list(match.totals)
    messages = [room_state(match, 1, totals), room_state(match, 1, totals[:1])]

    async def room(socket) -> None:
        await socket.recv()  # the terminal takes a seat
        for message in messages:
            await socket.send(json.dumps(message))
        await socket.wait_closed()

    async def play() -> tuple[str, str, tuple[int, ...]]:
        async with serve(room, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            address = parse_room_url(f"http://127.0.0.1:{port}/sixcard/ABCDE")
            app = make_app(tmp_path / "golf.sqlite3", start="sixcard", join=address, language="en")
            async with app.run_test(size=(80, 24)) as pilot:
                screen = app.screen
                assert isinstance(screen, SixcardScreen)
                unreadable = "The server sent a message this app cannot read."
                await pause_until(pilot, lambda: str(screen.query_one("#status").render()) == unreadable, unreadable)
                status = str(screen.query_one("#status").render())
                await pilot.pause()
                assert screen.table is not None
                return status, screen_text(app), screen.table.totals

    status, text, shown = asyncio.run(asyncio.wait_for(play(), 60))
    assert status == "The server sent a message this app cannot read."
    assert shown == tuple(totals), "the last good table stays"
    assert f"Total: {totals[1]}" in text


@pytest.mark.parametrize(("key", "close"), [("room.too_many_tries", 4429), ("room.too_many_spectators", 4503)])
def test_a_room_that_says_why_it_is_closed_is_not_tried_again(tmp_path, key, close):
    """A room that refuses the terminal with a reason (too many codes tried from its network, no room
    for one more spectator) is asked once: the app shows the reason and does not reconnect."""
    from websockets.asyncio.server import serve

    connections = []
    reason = "Refused: the server said why."

    async def room(socket) -> None:
        connections.append(socket)
        await socket.recv()  # the terminal's join
        await socket.send(json.dumps({"type": "error", "key": key, "message": reason}))
        await socket.close(code=close)

    async def play() -> str:
        async with serve(room, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            address = parse_room_url(f"http://127.0.0.1:{port}/sixcard/ABCDE")
            app = make_app(tmp_path / "golf.sqlite3", start="sixcard", join=address, language="en")
            async with app.run_test(size=(80, 24)) as pilot:
                for _ in range(200):
                    await pilot.pause(0.05)
                    if reason in screen_text(app):
                        break
                await pilot.pause(1.5)  # the first reconnection would come after 0.3 s
                return screen_text(app)

    text = asyncio.run(asyncio.wait_for(play(), 60))
    assert reason in text
    assert len(connections) == 1


@pytest.mark.parametrize(
    ("text", "base", "code"),
    [
        ("http://192.168.1.5:8000/sixcard/q34tm", "http://192.168.1.5:8000", "Q34TM"),
        ("ws://localhost:9/ws/sixcard/ABCDE?lang=ca", "http://localhost:9", "ABCDE"),
        ("https://golf.example/sixcard/ABCDE/", "https://golf.example", "ABCDE"),
    ],
)
def test_room_links(text, base, code):
    address = parse_room_url(text)
    assert (address.base, address.code) == (base, code)
    assert address.socket_url("ca").endswith(f"/ws/sixcard/{code}?lang=ca")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "sixcard/ABCDE",
        "ftp://h/sixcard/ABCDE",
        "http://h/solitaire",
        "http://h/sixcard/AB-CD",
        "http://h:99999/sixcard/A",
    ],
)
def test_bad_room_links(text):
    with pytest.raises(GolfError):
        parse_room_url(text)


def test_the_command_refuses_a_bad_link_and_bad_bots_in_the_chosen_language(tmp_path, capsys):
    assert main(["tui", "--join", "not a link", "--lang", "es", "--db", str(tmp_path / "g.sqlite3")]) == 2
    error = capsys.readouterr().err
    assert error.startswith("Error") and "http://192.168.1.5:8000/sixcard/Q34TM" in error
    assert main(["tui", "sixcard", "--bots", "strong,wizard", "--db", str(tmp_path / "g.sqlite3")]) == 2
    assert "wizard" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("size", "code", "compact", "side"),
    [
        ((80, 24), "G9-P3-AAAAAAB", True, False),
        ((80, 24), "G6-P4-AAAAAAB", False, False),
        ((130, 40), "G9-P3-AAAAAAB", False, True),
    ],
)
def test_the_table_fits_the_terminal(tmp_path, size, code, compact, side):
    """3 × 3 grids take one line a card in 80 × 24; a wide terminal shows the scorecard beside the table."""

    async def play():
        players = int(code[4])
        app = make_app(tmp_path / "golf.sqlite3", start="sixcard", bots=["easy"] * (players - 1), code=code)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            screen = app.screen
            assert screen.compact is compact
            assert screen.max_scroll_y == 0, "nothing is out of sight"
            assert screen.query_one("#me").region.bottom <= size[1] - 2
            assert screen.query_one("#side-scorecard").display is side

    asyncio.run(play())


def test_an_unknown_room_and_an_unreachable_server_are_explained(tmp_path, served, monkeypatch):
    import golfcards.tui.remote as remote

    monkeypatch.setattr(remote, "RECONNECT_TRIES", 1)

    async def play(link: str, language: str) -> str:
        """The status line once the app has heard back from the room (or given up)."""
        address = parse_room_url(link)
        app = make_app(tmp_path / "golf.sqlite3", start="sixcard", join=address, language=language)
        connecting = translator(language).gettext("Connecting to {address}…", address=address.key)
        async with app.run_test() as pilot:
            await pause_until(pilot, lambda: str(app.screen.query_one("#status").render()) != connecting, "heard back")
            return str(app.screen.query_one("#status").render())

    unknown = asyncio.run(play(f"{served}/sixcard/ZZZZZ", "ca"))
    assert unknown == translator("ca").gettext("There is no room with that code") != "There is no room with that code"
    closed = asyncio.run(play("http://127.0.0.1:9/sixcard/ABCDE", "en"))
    assert closed == "The connection to the room was lost."


def test_the_lobby_explains_a_bad_room_link(tmp_path):
    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="sixcard", language="pt")
        async with app.run_test() as pilot:
            await settle(pilot)
            app.screen.query_one("#room-link").value = "sala 5"
            await pilot.click("#join")
            return str(app.screen.query_one("#lobby-error").render())

    assert asyncio.run(play()) == "sala 5: uma ligação de sala é como http://192.168.1.5:8000/sixcard/Q34TM"


def test_a_one_hole_match_its_winner_and_a_rematch(tmp_path):
    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="sixcard", bots=["random"], code="G6-P2-AAAAAAC-H1")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = app.screen
            await pilot.press("1", "2")
            for _ in range(60):
                match = screen.local.match
                if match.state.phase is Phase.OVER:
                    break
                view = match.view(0)
                if view.my_turn:
                    key = "d" if view.phase is Phase.DRAW else str(first_face_down(view, 0) + 1)
                    await pilot.press(key)
                await settle(pilot)
            first = screen.local.match
            assert first.is_terminal()
            text = " ".join(screen_text(app).split())
            assert ("wins the match!" in text or "Shared win:" in text) and "Press M for a rematch." in text
            await pilot.press("n")  # the match is over: no next hole
            assert "The match is over" in screen_text(app)
            await pilot.press("m")
            await settle(pilot)
            assert screen.local.match is not first and not screen.local.match.results
            assert "Hole 1 of 1" in screen_text(app)

    asyncio.run(play())


def test_a_room_message_after_the_player_left_the_table_is_ignored(tmp_path):
    """The room's connection may still report (an error, its end) while the player leaves the table:
    nothing is drawn and nothing fails (it raised NoMatches for the status line that had gone)."""

    async def play() -> None:
        address = parse_room_url("http://127.0.0.1:9/sixcard/ABCDE")
        app = make_app(tmp_path / "golf.sqlite3", start="sixcard", join=address, language="en")
        async with app.run_test() as pilot:
            await settle(pilot)
            table = app.screen
            assert isinstance(table, SixcardScreen)
            await pilot.press("q")
            await settle(pilot)
            assert app.screen is not table
            table.on_remote_error("room.not_found", "There is no room with that code")
            table.on_remote_error("tui.connection_lost", "")

    asyncio.run(play())


def test_the_lobby_sets_house_rules_and_refuses_clashing_ones(tmp_path):
    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="sixcard", language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            house = app.screen.query_one("#house")
            house.value = "eagle_eye=on"  # no jokers: refused with the reason
            await pilot.click("#play")
            await settle(pilot)
            assert isinstance(app.screen, SixcardLobby)
            assert "Eagle-eye jokers need jokers in the deck" in screen_text(app)
            house.value = "super_kings=on, knock-penalty=on flip_after_discard=always"
            house.focus()  # Enter in the field plays (a second click at once on Play is a double click)
            await pilot.press("enter")
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, SixcardScreen)
            rules = screen.local.match.rules
            assert rules.super_kings and rules.knock_penalty and rules.flip_after_discard == "always"

    asyncio.run(play())


def test_keys_play_the_house_rules_actions(tmp_path):
    """``x`` then a position throws the drawn card away and turns that card up, where the house
    rules turn a card up after every discard."""

    async def play():
        code = "G6-P2-AAAAAAB-FA"
        app = make_app(tmp_path / "golf.sqlite3", start="sixcard", bots=["easy"], name="Ana", code=code)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = app.screen
            match = screen.local.match
            await pilot.press("1", "2")
            await settle(pilot)
            for _ in range(20):
                view = match.view(0)
                if view.phase is Phase.DRAW and view.my_turn:
                    break
                await settle(pilot)
            await pilot.press("d")
            await settle(pilot)
            view = match.view(0)
            assert view.phase is Phase.PLACE
            down = first_face_down(view, 0)
            await pilot.press("x")
            await settle(pilot)
            assert "choose the face-down card to turn up" in " ".join(screen_text(app).split())
            await pilot.press(str(down + 1))
            await settle(pilot)
            assert (0, DiscardFlip(down)) in match.state.history
            assert match.state.face_up[0][down]

    asyncio.run(play())
