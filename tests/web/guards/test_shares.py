"""Each address's share of the processor (guards.shares): an address that has used its
share is refused before its request does anything, until the share comes back; other
addresses and /healthz never notice; cheap requests are charged in batches; and one address
runs one heavy request (an import, a simulation, a password check) at a time."""

from __future__ import annotations

import pytest
from django.test import Client
from htmx import HTMX

from guards import allowances, shares
from guards.models import Allowance
from tracker.models import Shoe

pytestmark = pytest.mark.django_db
HOSTILE = "203.0.113.66"
HONEST = "198.51.100.7"


@pytest.fixture
def cost(monkeypatch):
    """Every request costs `cost[0]` milliseconds of processor time, whatever it does."""
    spent = [0.0]
    milliseconds = [0.0]

    def processor_time():
        spent[0] += milliseconds[0] / 1000  # read before and after a request: it took this
        return spent[0]

    monkeypatch.setattr(shares, "processor_time", processor_time)
    return milliseconds


@pytest.fixture
def share(settings):
    settings.ADDRESS_CPU_RATE = "250/s"


def get(path, address, **extra):
    return Client().get(path, REMOTE_ADDR=address, **extra)


def test_an_address_past_its_share_is_refused_until_it_comes_back(clock, cost, share):
    cost[0] = 600.0  # a request that took 0.6 s of a core
    assert get("/rules/", HOSTILE).status_code == 200  # within the share: served, charged
    cost[0] = 0.0  # (a refusal costs next to nothing)
    refused = get("/rules/", HOSTILE)
    assert refused.status_code == 429
    # 600 ms at 250 ms a second: 2.4 s to pay back, of which 1 s may be owed.
    assert refused["Retry-After"] == "2"
    assert "busy" in refused.content.decode()
    # Other addresses, and the load balancer's health check, never notice.
    assert get("/rules/", HONEST).status_code == 200
    assert get("/healthz", HOSTILE).status_code == 200
    clock[0] += 1.3
    assert get("/rules/", HOSTILE).status_code == 429
    clock[0] += 0.2
    assert get("/rules/", HOSTILE).status_code == 200


def test_the_api_is_refused_in_json_in_the_callers_language(clock, cost, share):
    cost[0] = 2000.0
    assert get("/api/v1/odds?decks=8", HOSTILE).status_code == 200
    cost[0] = 0.0
    refused = get("/api/v1/odds?decks=8", HOSTILE, HTTP_ACCEPT_LANGUAGE="zh-TW")
    assert refused.status_code == 429 and int(refused["Retry-After"]) == 7
    assert refused["Content-Type"].startswith("application/json")
    assert refused["Content-Language"] == "zh-Hant"
    assert "7" in refused.json()["detail"]


def test_a_refused_write_stores_nothing(clock, cost, share):
    cost[0] = 1500.0
    client = Client(REMOTE_ADDR=HOSTILE)
    assert (
        client.post("/api/v1/shoes", {"name": "a"}, content_type="application/json").status_code
        == 201
    )
    cost[0] = 0.0
    refused = client.post("/api/v1/shoes", {"name": "b"}, content_type="application/json")
    assert refused.status_code == 429
    assert list(Shoe.objects.values_list("name", flat=True)) == ["a"]


def test_cheap_requests_are_charged_together_and_add_up(clock, cost, share):
    """A page view under FLUSH_MS writes nothing at once; enough of them are charged as one,
    and then count against the share like one costly request."""
    key = f"{shares.SCOPE}:{HOSTILE}"
    cost[0] = 40.0
    for _ in range(2):
        assert get("/rules/", HOSTILE).status_code == 200
    assert not Allowance.objects.filter(key=key).exists()
    for _ in range(40):  # 1.6 s of processor time within the same instant
        get("/rules/", HOSTILE)
    assert Allowance.objects.filter(key=key).exists()
    assert get("/rules/", HOSTILE).status_code == 429


@pytest.mark.slow  # thousands of requests: make test, not make test-fast
def test_a_crowded_floor_stays_within_the_share(clock, share, settings):
    """A hundred players behind one address, each recording a hand every 20 s from the
    tracker's page (the answer redraws their roads): every request is served, each costing
    what it costs on this machine. (About 100 ms of processor time a second in all, measured
    on a 2-core machine: 40% of the share.)"""
    # What a worker pays once (the engine's first full-shoe odds, the templates' first
    # compile), gunicorn.conf.py's when_ready pays before any request: so does a first
    # visitor here, with the share off, as no one's.
    settings.ADDRESS_CPU_RATE = "off"
    first = Client(REMOTE_ADDR=HONEST)
    made = first.post("/api/v1/shoes", {"name": "warm"}, content_type="application/json")
    first.post(f"/tracker/{made.json()['id']}/hands/", {"outcome": "B"}, **HTMX)
    settings.ADDRESS_CPU_RATE = "250/s"
    players = [Client(REMOTE_ADDR=HOSTILE) for _ in range(100)]
    shoes = []
    for player in players:
        clock[0] += 0.2
        response = player.post("/api/v1/shoes", {"name": "floor"}, content_type="application/json")
        assert response.status_code == 201, response.content
        shoes.append(response.json()["id"])
    for _round in range(3):
        for player, shoe in zip(players, shoes, strict=True):
            clock[0] += 0.2  # 100 players in 20 s
            recorded = player.post(f"/tracker/{shoe}/hands/", {"outcome": "P"}, **HTMX)
            assert recorded.status_code == 200, recorded.content


# --- one heavy request at a time -----------------------------------------------------------


def hold_turn(address=HOSTILE):
    until = allowances.hold(f"turn:address:{address}", shares.LONGEST_TURN)
    assert until is not None
    return until


def test_a_second_heavy_request_from_the_address_waits_its_turn(clock):
    until = hold_turn()  # an import, say, still being read
    client = Client(REMOTE_ADDR=HOSTILE)
    client.get("/tracker/import/")
    token = client.cookies["csrftoken"].value
    form = {"csrfmiddlewaretoken": token, "name": "Imported", "decks": "8", "text": "BPBB"}
    refused = client.post("/tracker/import/", form)
    assert refused.status_code == 429 and refused["Retry-After"] == "1"
    simulated = client.post("/api/v1/simulations", {"shoes": 10}, content_type="application/json")
    assert simulated.status_code == 429 and "detail" in simulated.json()
    assert not Shoe.objects.exists()
    # Another address is not held up, nor a light request of this one.
    assert (
        Client(REMOTE_ADDR=HONEST)
        .post("/api/v1/simulations", {"shoes": 10}, content_type="application/json")
        .status_code
        == 200
    )
    assert client.get("/tracker/import/").status_code == 200
    allowances.let_go(f"turn:address:{HOSTILE}", until)
    assert client.post("/tracker/import/", form).status_code == 302
    assert Shoe.objects.get().hands.count() == 4
    # The turn was given back after the import: the next heavy request is served.
    assert (
        client.post(
            "/api/v1/simulations", {"shoes": 10}, content_type="application/json"
        ).status_code
        == 200
    )


def test_a_password_check_waits_its_turn(clock):
    hold_turn()
    client = Client(REMOTE_ADDR=HOSTILE)
    client.get("/accounts/login/")
    form = {
        "csrfmiddlewaretoken": client.cookies["csrftoken"].value,
        "username": "nobody",
        "password": "not this",
    }
    assert client.post("/accounts/login/", form).status_code == 429
    assert client.post("/accounts/signup/", form).status_code == 429


def test_a_turn_is_one_at_a_time_and_ends_by_itself(clock):
    key = "turn:address:192.0.2.9"
    first = allowances.hold(key, 60)
    assert first is not None
    assert allowances.hold(key, 60) is None
    clock[0] += 61  # its worker was killed mid-request: the turn ends by itself
    second = allowances.hold(key, 60)
    assert second is not None
    allowances.let_go(key, first)  # the first holder's late let-go frees nothing of the second's
    assert allowances.hold(key, 60) is None
    allowances.let_go(key, second)
    assert allowances.hold(key, 60) is not None


@pytest.mark.parametrize("saying", [shares.busy, shares.wait_your_turn])
def test_the_wait_is_said_in_the_right_number(saying):
    assert saying(1).endswith(" in 1 second.")
    assert saying(3).endswith(" in 3 seconds.")
    assert saying(1_200).endswith(" in 1,200 seconds.")
