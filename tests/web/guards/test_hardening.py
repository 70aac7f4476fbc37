"""Regression tests for the findings of an outside probe, grouped by the rule each broke.
Others live beside the code they test: the cache folder (test_cache_folder.py), error
pages and logging (test_error_pages.py, test_error_logging.py), gunicorn's forwarded
headers and chunked bodies (test_gunicorn.py), imports (tests/web/tracker/test_exchange_limits.py),
clear_expired (test_clear_expired.py), the password-change lockout and `make serve`'s
deploy check (test_production.py)."""

import json

import pytest
from django.contrib.auth.models import User
from django.test import Client
from htmx import HTMX

from guards.throttles import anonymous_writes, signed_in_writes
from tracker.models import Hand, Shoe

pytestmark = pytest.mark.django_db

KELVIN = "\u212a"  # K KELVIN SIGN: case-folds to K
LONG_S = "\u017f"  # ſ LATIN SMALL LETTER LONG S: case-folds to S
LOOK_ALIKES = [KELVIN, f"{KELVIN}h", f"Q{LONG_S}", "Ｋ", "٣", "³", "K\u0301"]


def stored():
    return Shoe.objects.count(), Hand.objects.count()


def api_post(client, url, body, **extra):
    return client.post(url, body, content_type="application/json", **extra)


def raw_post(client, url, text, **extra):
    """A body sent exactly as written: json.dumps would not let a lone surrogate through."""
    return client.generic("POST", url, text.encode(), content_type="application/json", **extra)


def new_shoe(client):
    response = api_post(client, "/api/v1/shoes", {"name": "Table"})
    assert response.status_code == 201
    return response.json()["id"]


# --- every number is bounded by its text before it is converted -------------------


@pytest.mark.parametrize(
    "query",
    [
        {"commission": "1e-20000000"},
        {"commission": "1e-99999999"},
        {"commission": "9" * 100_000},
        {"commission": "0." + "1" * 100_000},
        {"decks": "9" * 100_000},
        {"shoe": "ranks", "K": "9" * 100_000},
    ],
)
def test_the_odds_page_refuses_huge_numbers_at_once(client, query):
    response = client.get("/odds/", query)
    assert response.status_code == 400
    assert "No odds" in response.content.decode()


@pytest.mark.parametrize("value", ["1e-20000000", "1e-300", "0.000001", "1_0", "0x1p-3"])
def test_the_odds_api_refuses_a_commission_with_too_many_digits(client, value):
    response = client.get("/api/v1/odds", {"decks": "8", "commission": value})
    assert response.status_code == 400
    assert response.json()["detail"].startswith("commission: ")


def test_a_json_commission_with_too_many_decimals_is_refused(client):
    response = raw_post(client, "/api/v1/odds", '{"values": [32,32,32,32,32,32,32,32,32,128], '
                        '"commission": 1e-300}')  # fmt: skip
    assert response.status_code == 400
    assert response.json()["detail"].startswith("commission: ")


@pytest.mark.parametrize("board", ["²", "٣", "１", "-1", "1.0", "9" * 5000, " "])
def test_a_lesson_board_number_is_ascii_digits_only(client, board):
    url = "/lessons/bead-plate-and-big-road/bead-plate/"
    response = client.get(url, {"board": board}, **HTMX)
    assert response.status_code in (400, 200)  # " " is no board at all: the page
    if board.strip():
        assert response.status_code == 400
        assert "board: give a whole number" in response.content.decode()


@pytest.mark.parametrize("step", ["²", "٣", "9" * 5000, "-1", "1e3"])
def test_a_walkthrough_step_that_is_not_ascii_digits_is_refused_at_gate_one(client, step):
    response = client.get("/hands/", {"cards": "4,A,A,3,8", "step": step})
    assert response.status_code == 400
    assert "Step: " in response.content.decode() and "Gate 1 of 6" in response.content.decode()


@pytest.mark.parametrize("change", ["²", "٣", "9" * 5000, "-1"])
def test_a_what_if_card_number_that_is_not_ascii_digits_is_named(client, change):
    response = client.get("/hands/", {"cards": "4,A,A,3,8", "change": change, "to": "7"})
    assert response.status_code == 400
    assert "What if:" in response.content.decode()


# --- a card is one of the listed ASCII ranks and suits --------------------------------


@pytest.mark.parametrize("token", LOOK_ALIKES)
def test_look_alike_cards_are_refused_by_the_resolver(client, token):
    response = api_post(client, "/api/v1/hands/resolve", {"cards": ["4", token, "4", "3"]})
    assert response.status_code == 400
    assert response.json()["detail"].startswith("cards[1]: ")


@pytest.mark.parametrize("token", LOOK_ALIKES)
def test_look_alike_cards_are_refused_by_every_page_and_api(client, token):
    assert client.get("/hands/", {"cards": f"4 {token} 4 3"}).status_code == 400
    assert "is not a card" in client.get("/hands/", {"cards": f"4 {token} 4 3"}).content.decode()
    what_if = client.get("/hands/", {"cards": "4,A,A,3,8", "change": "2", "to": token})
    assert what_if.status_code == 400 and "What if: " in what_if.content.decode()
    odds = client.get("/odds/", {"shoe": "dealt", "dealt": f"Qh {token}"})
    assert odds.status_code == 400 and "is not a card" in odds.content.decode()
    shoe_id = new_shoe(client)
    before = stored()
    hand = {"outcome": "P", "cards": ["4", token, "4", "3"]}
    recorded = api_post(client, f"/api/v1/shoes/{shoe_id}/hands", hand)
    assert recorded.status_code == 400 and recorded.json()["detail"].startswith("cards[1]: ")
    imported = client.post("/tracker/import/", {"text": f"seq,outcome,cards\n1,P,4 {token} 4 3\n"})
    assert imported.status_code == 400 and "is not a card" in imported.content.decode()
    assert stored() == before


# --- lone surrogates in any JSON string -------------------------------------------------


@pytest.mark.parametrize(
    "url, body, field",
    [
        ("/api/v1/shoes", '{"name": "Ta\\ud800ble"}', "name"),
        ("/api/v1/hands/resolve", '{"cards": ["4", "\\udfff", "4", "3"]}', "cards[1]"),
        ("/api/v1/odds", '{"ranks": {"A": 4, "\\ud800": 4}}', "ranks"),
        ("/api/v1/roads", '{"outcomes": "BP\\ud83d"}', "outcomes"),
        ("/api/v1/roads", '{"outcomes": "BP", "\\ud800": 1}', "body"),
    ],
)
def test_a_lone_surrogate_is_a_400_naming_the_field(client, url, body, field):
    before = stored()
    response = raw_post(client, url, body)
    assert response.status_code == 400
    detail = response.json()["detail"]
    assert detail.startswith(f"{field}: ") and "surrogate" in detail
    assert "\\ud" in detail or "\\ud" in json.dumps(detail)  # escaped, never the raw value
    assert stored() == before


def test_a_lone_surrogate_in_a_recorded_hand_stores_nothing(client):
    shoe_id = new_shoe(client)
    before = stored()
    body = '{"outcome": "B", "cards": ["\\ud800"]}'
    response = raw_post(client, f"/api/v1/shoes/{shoe_id}/hands", body)
    assert response.status_code == 400 and response.json()["detail"].startswith("cards[0]: ")
    response = raw_post(client, f"/api/v1/shoes/{shoe_id}/hands", '{"outcome": "\\ud800"}')
    assert response.status_code == 400 and response.json()["detail"].startswith("outcome: ")
    assert stored() == before


def test_a_paired_surrogate_escape_is_a_real_character(client):
    response = raw_post(client, "/api/v1/shoes", '{"name": "Table \\ud83c\\udccf"}')
    assert response.status_code == 201
    assert Shoe.objects.get().name == "Table \U0001f0cf"


# --- NUL and control characters, the same rule on every way in --------------------------


@pytest.mark.parametrize("name", ["Ta\x00ble", "Table\x1b[31m", "Ta\x7fble", "\x00"])
def test_a_name_with_a_nul_or_control_character_is_refused_everywhere(client, name):
    assert api_post(client, "/api/v1/shoes", {"name": name}).status_code == 400
    assert client.post("/tracker/", {"name": name, "decks": "8"}).status_code == 400
    document = json.dumps({"name": name, "hands": ["B"]})
    assert client.post("/tracker/import/", {"text": document}).status_code == 400
    assert client.post("/tracker/import/", {"text": "BP", "name": name}).status_code == 400
    assert Shoe.objects.count() == 0
    shoe_id = new_shoe(client)
    assert client.post(f"/tracker/{shoe_id}/rename/", {"name": name}).status_code == 400
    assert Shoe.objects.get().name == "Table"


# --- page-form writes are throttled like the API's, and shoes are capped ---------------


@pytest.fixture
def three_writes_a_minute(monkeypatch):
    monkeypatch.setattr(anonymous_writes, "num_requests", 3)
    monkeypatch.setattr(signed_in_writes, "num_requests", 3)


def test_page_writes_and_api_writes_share_one_limit(client, three_writes_a_minute):
    shoe_id = new_shoe(client)  # 1: the API
    assert client.post(f"/tracker/{shoe_id}/hands/", {"outcome": "B"}).status_code == 302  # 2
    assert client.post(f"/tracker/{shoe_id}/undo/").status_code == 302  # 3
    before = stored()
    for url, data in [
        ("/tracker/", {"name": "More", "decks": "8"}),
        (f"/tracker/{shoe_id}/hands/", {"outcome": "B"}),
        (f"/tracker/{shoe_id}/undo/", {}),
        (f"/tracker/{shoe_id}/rename/", {"name": "Renamed"}),
        ("/tracker/import/", {"text": "BPBP"}),
        (f"/tracker/{shoe_id}/delete/", {}),
    ]:
        refused = client.post(url, data)
        assert refused.status_code == 429, url
        assert int(refused["Retry-After"]) > 0
        assert "Try again in" in refused.content.decode()
    assert stored() == before and Shoe.objects.get().name == "Table"
    assert api_post(client, "/api/v1/shoes", {"name": "API"}).status_code == 429
    # Reading is never throttled.
    assert client.get(f"/tracker/{shoe_id}/").status_code == 200


def test_signed_in_writes_are_counted_per_account(client, three_writes_a_minute):
    client.force_login(User.objects.create_user("ada", password="a long password 1"))
    for number in range(3):
        assert client.post("/tracker/", {"name": f"S{number}", "decks": "8"}).status_code == 302
    assert client.post("/tracker/", {"name": "S4", "decks": "8"}).status_code == 429
    assert Shoe.objects.count() == 3


def test_shoes_per_owner_are_capped_with_a_clear_message(client, settings):
    settings.MAX_SHOES_PER_OWNER = 2
    new_shoe(client)
    assert client.post("/tracker/", {"name": "Second", "decks": "8"}).status_code == 302
    refused = client.post("/tracker/", {"name": "Third", "decks": "8"})
    assert refused.status_code == 400
    assert "You keep 2 shoes, the most one person can" in refused.content.decode()
    api = api_post(client, "/api/v1/shoes", {"name": "Third"})
    assert api.status_code == 400 and "You keep 2 shoes" in api.json()["detail"]
    imported = client.post("/tracker/import/", {"text": "BPBP"})
    assert imported.status_code == 400 and "You keep 2 shoes" in imported.content.decode()
    assert Shoe.objects.count() == 2


# --- JSON only, and no cross-site writes with the session cookie -----------------------


def test_a_text_plain_body_is_a_415_and_stores_nothing(client):
    # The shape a cross-site <form enctype="text/plain"> sends.
    body = '{"name": "x", "ignore": "="}'
    for content_type in ("text/plain", "application/x-www-form-urlencoded", ""):
        response = client.generic("POST", "/api/v1/shoes", body, content_type=content_type)
        assert response.status_code == 415, content_type
        assert response.json()["detail"].startswith("Content-Type: ")
    response = client.generic(
        "POST", "/api/v1/shoes", body.encode("utf-16"),
        content_type="application/json; charset=utf-16",
    )  # fmt: skip
    assert response.status_code == 415
    assert Shoe.objects.count() == 0


def test_a_cookie_carried_write_from_another_site_is_a_403(client):
    shoe_id = new_shoe(client)  # the browser session now has its cookie
    before = stored()
    evil = {"HTTP_ORIGIN": "https://evil.example"}
    refused = api_post(client, f"/api/v1/shoes/{shoe_id}/hands", {"outcome": "B"}, **evil)
    assert refused.status_code == 403 and refused.json()["detail"].startswith("Origin: ")
    assert api_post(client, "/api/v1/shoes", {"name": "x"}, **evil).status_code == 403
    assert client.delete(f"/api/v1/shoes/{shoe_id}/hands/last", **evil).status_code == 403
    null_origin = api_post(client, "/api/v1/shoes", {"name": "x"}, HTTP_ORIGIN="null")
    assert null_origin.status_code == 403
    assert stored() == before
    # The site's own pages, and a program with no cookie, may write.
    own = {"HTTP_ORIGIN": "http://testserver"}
    assert (
        api_post(client, f"/api/v1/shoes/{shoe_id}/hands", {"outcome": "B"}, **own).status_code
        == 200
    )
    assert api_post(Client(), "/api/v1/shoes", {"name": "x"}, **evil).status_code == 201


# --- the smaller ones ----------------------------------------------------------------


def test_an_empty_card_list_is_no_cards(client):
    shoe_id = new_shoe(client)
    response = api_post(client, f"/api/v1/shoes/{shoe_id}/hands", {"outcome": "B", "cards": []})
    assert response.status_code == 200
    assert Hand.objects.get().cards is None
    assert response.json()["history"][0]["cards"] is None


@pytest.mark.parametrize(
    "body, words",
    [
        ("[" * 50_000, "nest too deeply"),
        ('{"cards": ' + "[" * 40 + "]" * 40 + "}", "nest too deeply"),
        ('{"cards": ["4", NaN]}', "NaN is not a JSON number"),
        ('{"values": [1e999]}', "too large"),
        ('{"values": [' + "1" * 5000 + "]}", "too long"),
        ('{"cards": ["4"', "not valid JSON"),
        (b'{"cards": ["\xff"]}', "not UTF-8"),
    ],
)
def test_a_body_json_cannot_read_is_a_400_saying_why(client, body, words):
    text = body if isinstance(body, bytes) else body.encode()
    response = client.generic(
        "POST", "/api/v1/hands/resolve", text, content_type="application/json"
    )
    assert response.status_code == 400
    assert words in response.json()["detail"]


def test_the_write_limits_are_the_documented_ones():
    from django.conf import settings

    from guards.rates import Rate, parse_rate

    assert settings.ANON_WRITE_RATE == "120/min" and settings.USER_WRITE_RATE == "600/min"
    assert settings.ADDRESS_WRITE_RATE == "600/min"
    assert settings.NEW_BROWSER_RATE == "120/hour"
    assert parse_rate(settings.ANON_WRITE_RATE, "x") == Rate(120, 60)
    assert parse_rate(settings.NEW_BROWSER_RATE, "x") == Rate(120, 3600)
    # A crowded floor behind one address: 100 players, a hand every 20 s each.
    assert 100 * 3 < parse_rate(settings.ADDRESS_WRITE_RATE, "x").amount
    assert settings.MAX_SHOES_PER_OWNER == 500


@pytest.mark.parametrize("token", ["%00", "a%00b", "%F0%9F%83%8F", "x" * 65, "a.b"])
def test_a_share_link_that_cannot_be_a_token_is_a_404(client, token):
    new_shoe(client)
    assert client.get(f"/tracker/shared/{token}/").status_code == 404
    assert client.get(f"/tracker/shared/{token}/marks/big_eye_boy/0/").status_code == 404


@pytest.mark.parametrize("key", ['"\\000abcdefghijk"', "abc", "A" * 32, "x" * 41, "é" * 32])
def test_a_session_cookie_django_could_not_have_made_is_no_session(client, key):
    client.cookies["sessionid"] = key
    assert client.get("/tracker/").status_code == 200
    assert client.get("/quiz/").status_code == 200
    created = api_post(client, "/api/v1/shoes", {"name": "Fresh"})
    assert created.status_code == 201  # a new session, not the one the cookie named


@pytest.mark.parametrize(
    "name, words",
    [
        ("\u202eelbaT", "bidirectional control"),
        ("Table \u2066x\u2069", "bidirectional control"),
        ("\u200b\u200d", "no visible character"),
        ("\u0301\u00a0", "no visible character"),
    ],
)
def test_a_name_that_would_display_misleadingly_or_not_at_all_is_refused(client, name, words):
    refused = api_post(client, "/api/v1/shoes", {"name": name})
    assert refused.status_code == 400 and words in refused.json()["detail"]
    form = client.post("/tracker/", {"name": name, "decks": "8"})
    assert form.status_code == 400 and words in form.content.decode()
    assert Shoe.objects.count() == 0
    # Joiners inside visible text stay: an emoji family is one name.
    family = "Table \U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert api_post(client, "/api/v1/shoes", {"name": family}).status_code == 201


def test_the_429_page_leads_back_to_the_page_the_write_came_from(client, three_writes_a_minute):
    shoe_id = new_shoe(client)
    for _write in range(2):
        client.post(f"/tracker/{shoe_id}/hands/", {"outcome": "B"})
    page = f"http://testserver/tracker/{shoe_id}/"
    refused = client.post(f"/tracker/{shoe_id}/hands/", {"outcome": "B"}, HTTP_REFERER=page)
    assert refused.status_code == 429
    assert f'<a href="/tracker/{shoe_id}/">Back to the page you came from</a>' in (
        refused.content.decode()
    )
