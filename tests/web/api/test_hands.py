import itertools

import pytest

from baccarat.game.rules import banker_draws, player_draws

URL = "/api/v1/hands/resolve"


def post(client, body, **kwargs):
    return client.post(URL, body, content_type="application/json", **kwargs)


def test_contract_example(client):
    response = post(client, {"cards": ["4", "2", "4", "3"]})
    assert response.status_code == 200
    body = response.json()
    assert body["player"] == {
        "cards": ["4", "4"],
        "initial_total": 8,
        "third_card": None,
        "final_total": 8,
    }
    assert body["banker"] == {
        "cards": ["2", "3"],
        "initial_total": 5,
        "third_card": None,
        "final_total": 5,
    }
    assert body["natural"] is True
    assert (body["player_action"], body["banker_action"]) == ("natural", "natural")
    assert body["winner"] == "player" and body["needs"] is None
    assert [s["gate"] for s in body["steps"]] == ["natural", "result"]
    assert all(isinstance(s["text"], str) and s["text"] for s in body["steps"])


def test_third_card_is_a_value_and_suits_are_accepted(client):
    body = post(client, {"cards": ["Qh", "10♠", "5d", "3c", "Kd"]}).json()
    assert body["player"]["third_card"] == 0
    assert body["player"]["final_total"] == 5
    assert body["banker_action"] == "draw" and body["needs"] == "banker_third"
    assert body["winner"] is None


def test_every_opening_through_the_api(client):
    """All 100 combinations of the two two-card totals (each a different opening), checked
    for the Player's action and, when the Player stands, the Banker's."""
    for p, b in itertools.product(range(10), repeat=2):
        rank = {0: "K", 1: "A"}
        cards = [rank.get(p, str(p)), rank.get(b, str(b)), "10", "J"]
        body = post(client, {"cards": cards}).json()
        if p >= 8 or b >= 8:
            assert body["player_action"] == "natural" and body["winner"] is not None
            continue
        assert body["player_action"] == ("draw" if player_draws(p) else "stand")
        if not player_draws(p):
            assert body["banker_action"] == ("draw" if banker_draws(b, None) else "stand")


@pytest.mark.parametrize(
    "body, status, field",
    [
        ({"cards": ["4", "Z"]}, 400, "cards[1]"),
        ({"cards": ["4", "2", "4", "3", "9"]}, 400, "cards"),
        ({"cards": "4 2 4 3"}, 422, "cards"),
        ({}, 422, "cards"),
        ({"cards": [None]}, 422, "cards[0]"),
        ({"cards": ["4", True]}, 422, "cards[1]: must be a card"),
        ({"cards": [["4"]]}, 422, "cards[0]"),
        ({"cards": ["?"] * 65}, 422, "cards"),
    ],
)
def test_errors_name_the_field(client, body, status, field):
    response = post(client, body)
    assert response.status_code == status
    detail = response.json()["detail"]
    assert isinstance(detail, str) and detail.startswith(field), detail


def test_too_many_cards_explains(client):
    detail = post(client, {"cards": ["4", "2", "4", "3", "9"]}).json()["detail"]
    assert "Player has a natural 8; no third card is dealt" in detail


def test_malformed_json(client):
    response = client.post(URL, "{not json", content_type="application/json")
    assert response.status_code == 400
    assert "detail" in response.json()


def test_get_is_not_allowed(client):
    assert client.get(URL).status_code == 405


def test_openapi_and_docs(client):
    schema = client.get("/api/v1/openapi.json").json()
    assert "/api/v1/hands/resolve" in schema["paths"]
    docs = client.get("/api/v1/docs").content.decode()
    assert "cdn." not in docs and "/static/ninja/" in docs


def test_unknown_cards(client):
    body = post(client, {"cards": ["4", "7", "A", "K", "?"]}).json()
    assert body["banker_action"] == "stand" and body["player"]["third_card"] is None
    assert body["winner"] is None
    body = post(client, {"cards": ["4", "3", "A", "K", "?"]}).json()
    assert body["banker_action"] == "undecided"
