"""/api/v1/shoes: the caller's shoes, recording and undoing hands, isolation between
callers (404, never a hint that the shoe exists), CSRF for signed-in sessions, and
nothing stored on any error."""

import pytest
from django.test import Client
from pydantic import BaseModel

from tracker.models import Hand, Shoe

pytestmark = pytest.mark.django_db

SHOES = "/api/v1/shoes"
WORKED = "PPBTBBBPPTTBPBBBBBBBPPBPB"


def post(client, url, body, **extra):
    return client.post(url, body, content_type="application/json", **extra)


def new_shoe(client, name="Table 7", **fields):
    response = post(client, SHOES, {"name": name, **fields})
    assert response.status_code == 201, response.content
    return response.json()


def record(client, shoe_id, outcome, prefer=None, **fields):
    headers = {"Prefer": prefer} if prefer is not None else {}
    return post(client, f"{SHOES}/{shoe_id}/hands", {"outcome": outcome, **fields}, headers=headers)


def undo(client, shoe_id):
    return client.delete(f"{SHOES}/{shoe_id}/hands/last")


# --- the caller's shoes ----------------------------------------------------------------


def test_create_and_read_an_empty_shoe(client):
    shoe = new_shoe(client, "  Evening table  ")
    assert shoe["name"] == "Evening table" and shoe["decks"] == 8
    assert shoe["hands"] == 0 and shoe["history"] == [] and shoe["columns"] == []
    assert {"id", "counts", "bead_plate", "big_road", "ask", "created"} <= set(shoe)
    assert client.get(f"{SHOES}/{shoe['id']}").json() == shoe
    assert new_shoe(client, "Six decks", decks=6)["decks"] == 6


def test_list_is_the_callers_shoes_newest_first(client):
    assert client.get(SHOES).json() == []
    first = new_shoe(client, "First")
    second = new_shoe(client, "Second")
    record(client, first["id"], "B")
    record(client, first["id"], "T")
    listed = client.get(SHOES).json()
    assert [s["name"] for s in listed] == ["Second", "First"]
    assert [s["hands"] for s in listed] == [0, 2]
    assert set(listed[0]) == {"id", "name", "decks", "hands", "created"}
    assert listed[0]["id"] == second["id"]


@pytest.mark.parametrize(
    "body, status, start",
    [
        ({}, 422, "name"),
        ({"name": None}, 422, "name"),
        ({"name": 7}, 422, "name"),
        ({"name": ""}, 400, "name: give the shoe a name"),
        ({"name": "   "}, 400, "name: give the shoe a name"),
        ({"name": "x" * 101}, 400, "name: 101 characters is too long; at most 100"),
        ({"name": "x", "decks": 0}, 400, "decks: 0 is not a number of decks from 1 to 8"),
        ({"name": "x", "decks": 9}, 400, "decks: 9"),
        ({"name": "x", "decks": "8"}, 422, "decks"),
        ({"name": "x", "decks": True}, 422, "decks"),
        ({"name": "x", "decks": 6.5}, 422, "decks"),
    ],
)
def test_create_errors_name_the_field_and_store_nothing(client, body, status, start):
    response = post(client, SHOES, body)
    assert response.status_code == status, response.content
    assert response.json()["detail"].startswith(start), response.json()
    assert Shoe.objects.count() == 0


def test_name_of_100_characters_is_fine(client):
    assert new_shoe(client, "x" * 100)["name"] == "x" * 100


# --- recording and undoing -----------------------------------------------------------


def test_recording_returns_the_updated_roads_and_history_in_order(client):
    shoe_id = new_shoe(client)["id"]
    for index, outcome in enumerate(WORKED):
        response = record(client, shoe_id, outcome.lower() if index % 2 else outcome)
        assert response.status_code == 200
    body = response.json()
    roads = post(client, "/api/v1/roads", {"outcomes": WORKED}).json()
    for field in ("hands", "counts", "columns", "bead_plate", "big_road", "ask", "stats"):
        assert body[field] == roads[field], field
    for road in ("big_eye_boy", "small_road", "cockroach_pig"):
        assert body[road] == roads[road]
    assert [h["seq"] for h in body["history"]] == list(range(1, 26))
    assert "".join(h["outcome"] for h in body["history"]) == WORKED
    assert client.get(f"{SHOES}/{shoe_id}").json() == body


def test_flags_and_cards_are_kept_normalised(client):
    shoe_id = new_shoe(client)["id"]
    body = record(
        client,
        shoe_id,
        "Banker",
        banker_pair=True,
        natural=True,
        cards=["4", "10♠", "kh", "8d"],  # Player 4, Banker 8: a Banker natural
    ).json()
    assert body["history"] == [
        {
            "seq": 1,
            "outcome": "B",
            "player_pair": False,
            "banker_pair": True,
            "natural": True,
            "cards": ["4", "Ts", "Kh", "8d"],
        }
    ]
    assert body["bead_plate"][0]["banker_pair"] and body["bead_plate"][0]["natural"]
    second = record(client, shoe_id, "P", player_pair=True).json()["history"][1]
    assert second["player_pair"] is True and second["cards"] is None


@pytest.mark.parametrize(
    "body, status, start",
    [
        ({"outcome": "X"}, 400, "outcome: 'X' is not an outcome; use B, P or T"),
        ({"outcome": ""}, 400, "outcome: ''"),
        ({"outcome": "BP"}, 400, "outcome: 'BP'"),
        ({}, 422, "outcome"),
        ({"outcome": 1}, 422, "outcome"),
        ({"outcome": "B", "player_pair": "yes"}, 422, "player_pair"),
        ({"outcome": "B", "banker_pair": 1}, 422, "banker_pair"),
        ({"outcome": "B", "natural": None}, 422, "natural"),
        ({"outcome": "B", "cards": ["4", "Z"]}, 400, "cards[1]: 'Z' is not a card"),
        ({"outcome": "B", "cards": ["4", 7]}, 422, "cards[1]"),
        ({"outcome": "B", "cards": "4 2"}, 422, "cards"),
        ({"outcome": "B", "cards": ["4", "2", "4", "3"]}, 400, "cards: these cards make Player"),
        ({"outcome": "P", "cards": ["4", "2", "4", "3", "9"]}, 400, "cards: Player has a natural"),
        ({"outcome": "P", "cards": ["?"] * 7}, 400, "cards: 7 cards; a hand has at most 6"),
        ({"outcome": "P", "cards": ["?"] * 17}, 422, "cards"),
    ],
)
def test_record_errors_name_the_field_and_store_nothing(client, body, status, start):
    shoe_id = new_shoe(client)["id"]
    record(client, shoe_id, "B")
    response = post(client, f"{SHOES}/{shoe_id}/hands", body)
    assert response.status_code == status, response.content
    assert response.json()["detail"].startswith(start), response.json()
    assert Hand.objects.count() == 1


def test_junk_json_stores_nothing(client):
    shoe_id = new_shoe(client)["id"]
    for junk in ("{not json", "[]", '"B"', "null"):
        response = client.post(f"{SHOES}/{shoe_id}/hands", junk, content_type="application/json")
        assert response.status_code in (400, 422) and "detail" in response.json()
        response = client.post(SHOES, junk, content_type="application/json")
        assert response.status_code in (400, 422) and "detail" in response.json()
    assert Hand.objects.count() == 0 and Shoe.objects.count() == 1


def test_undo_removes_the_last_hand(client):
    shoe_id = new_shoe(client)["id"]
    for outcome in "BPT":
        record(client, shoe_id, outcome)
    response = undo(client, shoe_id)
    assert response.status_code == 200
    body = response.json()
    assert [(h["seq"], h["outcome"]) for h in body["history"]] == [(1, "B"), (2, "P")]
    assert body["hands"] == 2 and body["counts"]["tie"] == 0
    # The next hand takes the freed number.
    body = record(client, shoe_id, "B").json()
    assert [(h["seq"], h["outcome"]) for h in body["history"]] == [(1, "B"), (2, "P"), (3, "B")]


def test_undo_on_an_empty_shoe_is_refused(client):
    shoe_id = new_shoe(client)["id"]
    record(client, shoe_id, "B")
    assert undo(client, shoe_id).status_code == 200
    response = undo(client, shoe_id)
    assert response.status_code == 409
    assert response.json() == {"detail": "this shoe has no hands to undo"}


def test_hand_limit(client):
    from tracker.exchange import MAX_HANDS

    shoe_id = new_shoe(client)["id"]
    Hand.objects.bulk_create(
        Hand(shoe_id=shoe_id, seq=seq, outcome="B") for seq in range(1, MAX_HANDS + 1)
    )
    response = record(client, shoe_id, "P")
    assert response.status_code == 400 and "2,000 hands" in response.json()["detail"]
    assert Hand.objects.count() == MAX_HANDS


def test_every_shoe_answer_is_exactly_the_documented_model(client):
    # The shoe answers are written without ninja validating them (api/renderers.py): check
    # here that each one is its model, with no field missing and none extra.
    from api.shoes import ShoeOut

    def exactly(model, data):
        assert set(data) == set(model.model_fields), set(data) ^ set(model.model_fields)
        for name, field in model.model_fields.items():
            nested = field.annotation
            if isinstance(nested, type) and issubclass(nested, BaseModel) and data[name]:
                exactly(nested, data[name])
        model.model_validate(data, strict=True)

    created = post(client, SHOES, {"name": "Exact"})
    exactly(ShoeOut, created.json())
    shoe_id = created.json()["id"]
    for outcome in WORKED:
        answer = record(client, shoe_id, outcome, player_pair=outcome == "T")
    for response in (answer, client.get(f"{SHOES}/{shoe_id}"), undo(client, shoe_id)):
        assert response["Content-Type"] == "application/json"
        exactly(ShoeOut, response.json())


@pytest.mark.parametrize(
    "prefer",
    ["return=minimal", "RETURN=MINIMAL", 'return="minimal"', "wait=5, return=minimal; x=1"],
)
def test_prefer_return_minimal_answers_only_the_new_hand(client, prefer):
    shoe_id = new_shoe(client)["id"]
    record(client, shoe_id, "P")
    response = record(client, shoe_id, "b", banker_pair=True, cards=["4", "2", "9", "K"],
                      prefer=prefer)  # fmt: skip
    assert response.status_code == 200
    assert response["Preference-Applied"] == "return=minimal"
    assert "Prefer" in response["Vary"]
    hand = {"seq": 2, "outcome": "B", "player_pair": False, "banker_pair": True,
            "natural": False, "cards": ["4", "2", "9", "K"]}  # fmt: skip
    assert response.json() == {"id": shoe_id, "hands": 2, "hand": hand}
    # Stored exactly as the whole answer would have shown it.
    assert client.get(f"{SHOES}/{shoe_id}").json()["history"][1] == hand


@pytest.mark.parametrize("prefer", ["return=representation", "minimal", "respond-async", ""])
def test_any_other_preference_gets_the_whole_shoe(client, prefer):
    shoe_id = new_shoe(client)["id"]
    response = record(client, shoe_id, "T", prefer=prefer)
    assert response.status_code == 200 and "Preference-Applied" not in response
    assert response.json()["history"][0]["outcome"] == "T" and response.json()["columns"] == []


def test_errors_are_the_same_whatever_the_preference(client):
    shoe_id = new_shoe(client)["id"]
    response = record(client, shoe_id, "X", prefer="return=minimal")
    assert response.status_code == 400 and response.json()["detail"].startswith("outcome: 'X'")
    other = Client()
    response = record(other, shoe_id, "B", prefer="return=minimal")
    assert response.status_code == 404
    assert Hand.objects.count() == 0


# --- isolation ---------------------------------------------------------------------------


def test_another_visitor_gets_404_for_everything(client):
    shoe_id = new_shoe(client)["id"]
    record(client, shoe_id, "B")
    stranger = Client()
    new_shoe(stranger, "The stranger's own")  # a session of their own, with a shoe
    for response in (
        stranger.get(f"{SHOES}/{shoe_id}"),
        record(stranger, shoe_id, "P"),
        undo(stranger, shoe_id),
    ):
        assert response.status_code == 404
        assert response.json() == {"detail": f"shoe {shoe_id}: not found among your shoes"}
    assert [s["name"] for s in stranger.get(SHOES).json()] == ["The stranger's own"]
    # The same answer as for a shoe that does not exist: nothing reveals it.
    missing = stranger.get(f"{SHOES}/999999").json()
    assert missing == {"detail": "shoe 999999: not found among your shoes"}
    # And the owner's shoe is untouched.
    assert [h["outcome"] for h in client.get(f"{SHOES}/{shoe_id}").json()["history"]] == ["B"]


def test_a_caller_without_a_session_sees_nothing(client):
    shoe_id = new_shoe(client)["id"]
    fresh = Client()
    assert fresh.get(SHOES).json() == []
    assert fresh.get(f"{SHOES}/{shoe_id}").status_code == 404
    assert undo(fresh, shoe_id).status_code == 404


def test_unknown_ids(client):
    assert client.get(f"{SHOES}/0").status_code == 404
    assert client.get(f"{SHOES}/{10**30}").status_code == 404
    assert client.get(f"{SHOES}/abc").status_code == 422


def test_signed_in_users_own_their_shoes(django_user_model):
    alice, bob = Client(), Client()
    alice.force_login(django_user_model.objects.create_user("alice"))
    bob.force_login(django_user_model.objects.create_user("bob"))
    shoe_id = new_shoe(alice, "Alice's")["id"]
    assert Shoe.objects.get(pk=shoe_id).owner.username == "alice"
    record(alice, shoe_id, "B")
    assert bob.get(f"{SHOES}/{shoe_id}").status_code == 404
    assert record(bob, shoe_id, "P").status_code == 404
    assert undo(bob, shoe_id).status_code == 404
    assert bob.get(SHOES).json() == []
    assert [s["name"] for s in alice.get(SHOES).json()] == ["Alice's"]
    # An anonymous visitor never sees a user's shoe either.
    assert Client().get(f"{SHOES}/{shoe_id}").status_code == 404


# --- CSRF -------------------------------------------------------------------------------

TOKEN = "a" * 32


def test_signed_in_browser_sessions_need_the_csrf_token(django_user_model):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(django_user_model.objects.create_user("carol"))
    refused = post(browser, SHOES, {"name": "Forged"})
    assert refused.status_code == 403 and refused.json()["detail"].startswith("CSRF")
    assert Shoe.objects.count() == 0
    browser.cookies["csrftoken"] = TOKEN
    created = post(browser, SHOES, {"name": "Mine"}, HTTP_X_CSRFTOKEN=TOKEN)
    assert created.status_code == 201
    shoe_id = created.json()["id"]
    assert record(browser, shoe_id, "B").status_code == 403
    assert browser.delete(f"{SHOES}/{shoe_id}/hands/last").status_code == 403
    assert Hand.objects.count() == 0
    ok = post(browser, f"{SHOES}/{shoe_id}/hands", {"outcome": "B"}, HTTP_X_CSRFTOKEN=TOKEN)
    assert ok.status_code == 200
    ok = browser.delete(f"{SHOES}/{shoe_id}/hands/last", HTTP_X_CSRFTOKEN=TOKEN)
    assert ok.status_code == 200
    assert browser.get(f"{SHOES}/{shoe_id}").status_code == 200  # reading needs no token


def test_anonymous_callers_are_not_csrf_checked():
    # Their session cookie is SameSite=Lax: another site's POST does not carry it.
    program = Client(enforce_csrf_checks=True)
    shoe_id = new_shoe(program)["id"]
    assert record(program, shoe_id, "B").status_code == 200
    assert undo(program, shoe_id).status_code == 200
