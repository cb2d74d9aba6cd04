"""Quick play with three ``golf serve`` workers on one PostgreSQL database behind HAProxy
(``deploy/haproxy.cfg``; the deployment of tests/test_web_workers.py): a public table formed on one
worker is listed by another and a request reaching a third is seated at it; both players then play
it through the proxy, each in their own seat."""

from __future__ import annotations

import pytest

from tests.conditions import wait_until
from tests.test_web_workers import Player, _client, deployment  # noqa: F401  (the deployment fixture)


def _drained_state(player: Player) -> dict:
    player.drain()
    assert player.state is not None
    return player.state


@pytest.mark.usefixtures("postgres_cluster")
def test_a_public_table_formed_on_one_worker_is_listed_by_another_and_joined_through_a_third(deployment):  # noqa: F811
    w1, w2, w3 = (f"http://127.0.0.1:{deployment.workers[name].port}" for name in ("w1", "w2", "w3"))
    with _client(w1) as one, _client(w2) as two, _client(w3) as three:
        ana = one.post("/api/sixcard/quick-play", json={"name": "Ana", "grid": 4, "players": 2}).json()
        listed = two.get("/api/sixcard/tables").json()["tables"]
        assert [(table["code"], table["people"]) for table in listed] == [(ana["code"], ["Ana"])]
        bea = three.post("/api/sixcard/quick-play", json={"name": "Bea", "grid": 4, "players": 2}).json()
    assert bea["code"] == ana["code"] and bea["seat"] == 1, "one table for both, across the workers"
    players = [Player(deployment.base, ana["code"], ana["token"]), Player(deployment.base, bea["code"], bea["token"])]
    try:
        wait_until(
            lambda: all(
                (state := _drained_state(player))["room"]["started"] and state["seat"] == player.seat
                for player in players
            ),
            "both players sit at the started table through the proxy",
        )
        names = [seat["name"] for seat in players[1].state["room"]["seats"]]
        assert names == ["Ana", "Bea"] and players[0].seat == 0 and players[1].seat == 1
    finally:
        for player in players:
            player.close()
