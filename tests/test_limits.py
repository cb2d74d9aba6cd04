"""The leaky buckets every per-client limit of the server counts with."""

from __future__ import annotations

from golfcards.runners.limits import Buckets


def test_a_key_does_its_share_at_once_then_one_more_each_period():
    clock = [0.0]
    buckets = Buckets(3, 10.0, clock=lambda: clock[0])
    assert [buckets.take("a") for _ in range(4)] == [True, True, True, False]
    assert buckets.take("b"), "each key has its own share"
    clock[0] = 9.9
    assert not buckets.take("a"), "a refusal counts nothing, and the drain is not there yet"
    clock[0] = 10.0
    assert buckets.take("a") and not buckets.take("a")
    clock[0] = 100.0
    assert buckets.level("a") == 0.0 and not buckets.full("a")


def test_counting_failures_fills_a_key_without_asking():
    clock = [0.0]
    buckets = Buckets(2, 60.0, clock=lambda: clock[0])
    buckets.add("x")
    assert not buckets.full("x")
    buckets.add("x")
    assert buckets.full("x")
    buckets.add("x")  # counted even when full
    clock[0] = 60.0
    assert buckets.full("x"), "three counted, one drained: still two"
    clock[0] = 120.0
    assert not buckets.full("x")


def test_only_the_keys_used_last_are_remembered():
    buckets = Buckets(1, 3600.0, keys_kept=2, clock=lambda: 0.0)
    for key in ("a", "b"):
        assert buckets.take(key)
    assert not buckets.take("a")  # a refused key is used last too
    assert buckets.take("c")  # forgets "b", the one used longest ago
    assert not buckets.take("a"), "still remembered"
    assert buckets.take("b"), "forgotten, so forgiven"
