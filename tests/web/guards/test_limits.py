"""The limits' counts (guards.allowances) and who they count: nobody's traffic resets a
client's limits, an IPv6 client is counted by its /64, a crowded floor behind one address
records every hand while one hostile client among them is held to its limits, and the
check-and-charge is atomic under parallel requests (on SQLite and PostgreSQL alike)."""

from __future__ import annotations

import threading

import pytest
from django.core.cache import cache
from django.db import close_old_connections
from django.test import Client

from guards import allowances
from guards.clients import address_key
from guards.models import Allowance
from guards.rates import Rate
from guards.throttles import address_writes, anonymous_writes, new_browsers
from tracker.models import Hand, Shoe

pytestmark = pytest.mark.django_db
MINIMAL = {"HTTP_PREFER": "return=minimal"}


def start_shoe(client, **extra) -> int:
    response = client.post(
        "/api/v1/shoes", {"name": "Table"}, content_type="application/json", **extra
    )
    assert response.status_code == 201, response.content
    return response.json()["id"]


def record(client, shoe_id, **extra):
    return client.post(
        f"/api/v1/shoes/{shoe_id}/hands",
        {"outcome": "B"},
        content_type="application/json",
        **MINIMAL,
        **extra,
    )


# --- nobody's traffic resets a client's limits -------------------------------------------


@pytest.mark.slow  # thousands of requests: make test, not make test-fast
def test_ten_thousand_cookieless_reads_from_other_addresses_reset_nothing(
    client, clock, monkeypatch, settings, tmp_path
):
    """The production cache: a file cache of 300 entries, which culls when full. Between a
    client's writes, 10,000 cookie-less reads from other addresses; then the cache emptied
    outright. The client's limit holds all the same."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(tmp_path / "cache"),
        }
    }
    monkeypatch.setattr(anonymous_writes, "num_requests", 3)
    shoe_id = start_shoe(client)  # 1
    assert record(client, shoe_id).status_code == 200  # 2
    # One client whose cookies are dropped before each read: a new Client would load the
    # middleware again each time (WhiteNoise scanning every static file).
    stranger = Client()
    for number in range(10_000):
        address = f"198.51.{number // 250}.{number % 250 + 1}"
        path = "/quiz/" if number % 100 == 0 else "/healthz"  # the quiz keeps a session
        stranger.cookies.clear()
        assert stranger.get(path, REMOTE_ADDR=address).status_code == 200
    assert record(client, shoe_id).status_code == 200  # 3
    cache.clear()
    refused = record(client, shoe_id)
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    assert Hand.objects.count() == 2


def test_a_client_limit_is_not_in_the_cache(client, clock, monkeypatch):
    monkeypatch.setattr(anonymous_writes, "num_requests", 2)
    shoe_id = start_shoe(client)
    assert record(client, shoe_id).status_code == 200
    cache.clear()
    assert record(client, shoe_id).status_code == 429
    clock[0] += 30  # one write's worth comes back (2 a minute)
    assert record(client, shoe_id).status_code == 200
    assert record(client, shoe_id).status_code == 429


def test_rows_that_hold_nothing_are_swept(clock):
    rate = Rate(10, 60)
    for number in range(5):
        assert allowances.take(f"test:{number}", rate) is None
    clock[0] += 5
    assert allowances.take("test:late", rate) is None
    clock[0] += 2  # the first five are whole again; the late one is not
    assert allowances.sweep() == 5
    assert list(Allowance.objects.values_list("key", flat=True)) == ["test:late"]


def test_more_than_a_whole_allowance_never_fits(clock):
    assert allowances.take("test:big", Rate(10, 60), 11) == float("inf")
    assert not Allowance.objects.exists()


# --- IPv6 by /64 ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, key",
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"),
        ("2001:db8:1:2::1", "2001:db8:1:2::/64"),
        ("2001:DB8:1:2::ffff", "2001:db8:1:2::/64"),
        ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
        ("::ffff:203.0.113.7", "203.0.113.7"),  # IPv4 mapped into IPv6
        ("fe80::1%eth0", "fe80::/64"),
        ("not an address", "not an address"),
    ],
)
def test_addresses_as_the_limits_count_them(text, key):
    assert address_key(text) == key


def test_one_ipv6_subscriber_has_one_allowance_whatever_address_it_picks(clock, monkeypatch):
    monkeypatch.setattr(address_writes, "num_requests", 3)
    for host in range(3):
        start_shoe(Client(), REMOTE_ADDR=f"2001:db8:aa:bb::{host + 1:x}")
    refused = Client().post(
        "/api/v1/shoes",
        {"name": "More"},
        content_type="application/json",
        REMOTE_ADDR="2001:db8:aa:bb:ffff:ffff:ffff:fffe",
    )
    assert refused.status_code == 429
    start_shoe(Client(), REMOTE_ADDR="2001:db8:aa:bc::1")  # the next /64 is someone else
    assert Shoe.objects.count() == 4


# --- a crowded floor behind one address --------------------------------------------------


FLOOR = "192.0.2.50"


@pytest.fixture
def default_limits(monkeypatch, settings):
    """The write limits as configured (the suite lifts them for other tests)."""
    from guards.rates import parse_rate
    from guards.throttles import signed_in_writes

    for limit, name in [
        (anonymous_writes, "ANON_WRITE_RATE"),
        (signed_in_writes, "USER_WRITE_RATE"),
        (address_writes, "ADDRESS_WRITE_RATE"),
        (new_browsers, "NEW_BROWSER_RATE"),
    ]:
        monkeypatch.setattr(limit, "num_requests", parse_rate(getattr(settings, name), name).amount)


@pytest.mark.slow  # thousands of requests: make test, not make test-fast
def test_a_hundred_players_behind_one_address_lose_no_hand_to_a_hostile_neighbour(
    clock, default_limits
):
    """100 players at one address (a casino's Wi-Fi) each record a hand every 20 s for four
    minutes, under the default limits. Among them one hostile client writes as fast as it
    can with its session, and another drops its cookie on every write. Every honest hand is
    stored; the hostile ones are held to their limits."""
    players = [Client() for _ in range(100)]
    shoes = [start_shoe(player, REMOTE_ADDR=FLOOR) for player in players]
    hostile = Client()
    hostile_shoe = start_shoe(hostile, REMOTE_ADDR=FLOOR)
    hostile_stored = dropper_stored = 0
    honest_refused = []
    # Each 20 s: every player records once (staggered through the 20 s), and each hostile
    # client tries 40 times (two writes a second).
    for _round in range(12):
        for index, (player, shoe_id) in enumerate(zip(players, shoes, strict=True)):
            clock[0] += 0.2
            response = record(player, shoe_id, REMOTE_ADDR=FLOOR)
            if response.status_code != 200:
                honest_refused.append(response.status_code)
            if index % 5 == 0:
                for _try in range(2):
                    hostile_stored += (
                        record(hostile, hostile_shoe, REMOTE_ADDR=FLOOR).status_code == 200
                    )
                    stranger = Client()
                    created = stranger.post(
                        "/api/v1/shoes", {"name": "X"}, content_type="application/json",
                        REMOTE_ADDR=FLOOR,
                    )  # fmt: skip
                    dropper_stored += created.status_code == 201
    assert honest_refused == []
    assert Hand.objects.filter(shoe__in=shoes).count() == 100 * 12
    # Four minutes at 120 a minute, the first minute's allowance all at once.
    assert 120 <= hostile_stored <= 120 + 4 * 120
    # A new browser an address: 120 at once, then 2 a minute (less the 101 the floor's
    # players and the hostile client started with).
    assert dropper_stored <= 120 - 101 + 4 * 2 + 1


def test_dropping_the_cookie_buys_no_fresh_allowance(clock, monkeypatch):
    monkeypatch.setattr(new_browsers, "num_requests", 5)
    statuses = [
        Client().post("/api/v1/shoes", {"name": "X"}, content_type="application/json").status_code
        for _ in range(8)
    ]
    assert statuses == [201] * 5 + [429] * 3
    assert Shoe.objects.count() == 5


def test_a_refused_write_charges_no_other_limit(clock, monkeypatch):
    """The browser's own limit refuses: the address's ceiling is not charged for it."""
    monkeypatch.setattr(anonymous_writes, "num_requests", 1)
    monkeypatch.setattr(address_writes, "num_requests", 3)
    greedy = Client()
    start_shoe(greedy)
    for _ in range(5):
        assert (
            greedy.post("/api/v1/shoes", {"name": "X"}, content_type="application/json").status_code
            == 429
        )
    start_shoe(Client())
    start_shoe(Client())  # the address's third: the greedy browser's refusals cost nothing


# --- atomic under parallel requests --------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_parallel_takes_never_pass_the_limit():
    """Forty threads, each its own database connection, take from one allowance of ten
    at once: exactly ten are charged (on PostgreSQL too, in its CI run)."""
    rate = Rate(10, 3600)
    start = threading.Barrier(40)
    results = []

    def take():
        try:
            start.wait()
            results.append(allowances.take("test:parallel", rate))
        finally:
            close_old_connections()

    threads = [threading.Thread(target=take) for _ in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 40
    assert sum(result is None for result in results) == 10
    assert allowances.left("test:parallel", rate) == 0
