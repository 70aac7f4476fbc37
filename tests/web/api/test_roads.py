"""POST /api/v1/roads against its contract (docs/api.md) and the road rules' worked example
(docs/roads.md)."""

import pytest

WORKED = "PPBTBBBPPTTBPBBBBBBBPPBPB"
URL = "/api/v1/roads"
DERIVED = ("big_eye_boy", "small_road", "cockroach_pig")


def post(client, body):
    return client.post(URL, body, content_type="application/json")


def letters(road):
    return "".join("R" if m["color"] == "red" else "B" for m in road["marks"])


def test_contract_fields_for_the_worked_example(client):
    response = post(client, {"outcomes": WORKED})
    assert response.status_code == 200
    body = response.json()
    assert body["hands"] == 25
    assert body["counts"] == {"banker": 14, "player": 8, "tie": 3}
    assert body["columns"] == ["PP", "BBBB", "PP", "B", "P", "BBBBBBB", "PP", "B", "P", "B"]
    assert len(body["bead_plate"]) == 25
    assert body["bead_plate"][0] == {
        "col": 0,
        "row": 0,
        "outcome": "P",
        "banker_pair": False,
        "player_pair": False,
        "natural": False,
        "hand": 0,
    }
    assert body["bead_plate"][6]["col"] == 1 and body["bead_plate"][6]["row"] == 0
    cells = {(c["col"], c["row"]): c for c in body["big_road"]}
    assert {k in cells[(0, 0)] for k in ("col", "row", "outcome", "ties")} == {True}
    assert (cells[(1, 0)]["outcome"], cells[(1, 0)]["ties"]) == ("B", 1)
    assert (cells[(2, 1)]["outcome"], cells[(2, 1)]["ties"]) == ("P", 2)
    assert cells[(6, 5)]["outcome"] == "B"  # the seventh Banker's dragon tail
    assert letters(body["big_eye_boy"]) == "RBRBRBBRBRRRRRBRBBR"
    assert letters(body["small_road"]) == "RRBBBRRRRRBBBBB"
    assert letters(body["cockroach_pig"]) == "BBRBRRRRBBBRB"
    for road in DERIVED:
        for mark in body[road]["marks"]:
            assert mark["color"] in ("red", "blue") and mark["rule"] in (1, 2)
            assert mark["proof"].startswith(f"Column {mark['column']} ")
            assert mark["symbol"] == ("=" if mark["color"] == "red" else "≠")
            assert mark["watch_out"]
        assert len(body[road]["cells"]) == len(body[road]["marks"])
        assert all(set(c) >= {"col", "row", "color"} for c in body[road]["cells"])
        assert all(0 <= c["row"] <= 5 for c in body[road]["cells"])
    assert body["ask"] == {
        "banker": {"big_eye_boy": "blue", "small_road": "blue", "cockroach_pig": "red"},
        "player": {"big_eye_boy": "red", "small_road": "red", "cockroach_pig": "blue"},
    }
    assert body["stats"]["current_streak"] == {"outcome": "B", "length": 1}
    assert body["stats"]["longest_banker"] == 7


def test_case_and_white_space_ignored(client):
    spaced = " ".join(WORKED.lower()[i : i + 5] for i in range(0, 25, 5)) + "\n"
    assert post(client, {"outcomes": spaced}).json() == post(client, {"outcomes": WORKED}).json()


def test_empty_and_tie_only_shoes(client):
    body = post(client, {"outcomes": ""}).json()
    assert body["hands"] == 0 and body["columns"] == [] and body["big_road"] == []
    assert body["ask"]["banker"] == {r: None for r in DERIVED}
    body = post(client, {"outcomes": "TT"}).json()
    assert body["big_road"] == [
        {"col": 0, "row": 0, "outcome": None, "ties": 2, "column": 0, "depth": 0, "hand": None}
    ]


def test_ask_is_null_before_a_road_starts(client):
    body = post(client, {"outcomes": "BP"}).json()
    assert body["ask"]["banker"] == {
        "big_eye_boy": "red",
        "small_road": None,
        "cockroach_pig": None,
    }
    assert body["ask"]["player"] == {
        "big_eye_boy": "blue",
        "small_road": None,
        "cockroach_pig": None,
    }


def test_pairs_in_every_form(client):
    pairs = [
        {"banker_pair": True, "player_pair": False},
        {"banker": False, "player": True},
        "BP",
        "p",
        "",
        None,
    ]
    body = post(client, {"outcomes": "B P T\nBPB", "pairs": pairs}).json()
    flags = [(b["banker_pair"], b["player_pair"]) for b in body["bead_plate"]]
    assert flags == [
        (True, False),
        (False, True),
        (True, True),
        (False, True),
        (False, False),
        (False, False),
    ]
    assert body["stats"]["banker_pairs"] == 2 and body["stats"]["player_pairs"] == 3


@pytest.mark.parametrize(
    "body, status, start",
    [
        ({"outcomes": "BPTBX"}, 400, "outcomes: position 5: 'X' is not an outcome; use B, P or T"),
        ({"outcomes": "BP TB,"}, 400, "outcomes: position 6: ',' is not an outcome"),
        ({"outcomes": "BPT", "pairs": ["", ""]}, 400, "pairs: 2 entries for 3 hands"),
        ({"outcomes": "B P", "pairs": [None]}, 400, "pairs: 1 entry for 2 hands"),
        ({"outcomes": "BP", "pairs": ["", "X"]}, 400, "pairs[1]: character 1, 'X'"),
        ({"outcomes": "B", "pairs": [{"tie": True}]}, 400, "pairs[0]: unknown key 'tie'"),
        ({"outcomes": "B", "pairs": [{"banker": 1}]}, 400, "pairs[0].banker: must be true"),
        ({"outcomes": "B", "pairs": [5]}, 400, "pairs[0]: 5 is not a pair entry"),
        ({"outcomes": "B", "pairs": "B"}, 422, "pairs"),
        ({}, 422, "outcomes"),
        ({"outcomes": None}, 422, "outcomes"),
        ({"outcomes": ["B", "P"]}, 422, "outcomes"),
        ({"outcomes": 12}, 422, "outcomes"),
        ({"outcomes": "B" * 1001}, 400, "outcomes: 1,001 hands is too many; the limit is 1,000"),
        ({"outcomes": " " * 20_001}, 400, "outcomes: 20,001 characters is too long"),
    ],
)
def test_errors_name_the_field(client, body, status, start):
    response = post(client, body)
    assert response.status_code == status, response.content
    detail = response.json()["detail"]
    assert isinstance(detail, str) and detail.startswith(start), detail


def test_a_thousand_hands_is_fine(client):
    assert post(client, {"outcomes": "BPT" * 333 + "B"}).json()["hands"] == 1000


def test_junk_json(client):
    response = client.post(URL, "{not json", content_type="application/json")
    assert response.status_code == 400 and "detail" in response.json()
    response = client.post(URL, '["BPT"]', content_type="application/json")
    assert response.status_code in (400, 422) and "detail" in response.json()


@pytest.mark.django_db
def test_nothing_is_stored(client):
    from tracker.models import Hand, Shoe

    post(client, {"outcomes": WORKED})
    assert Shoe.objects.count() == 0 and Hand.objects.count() == 0


def test_get_not_allowed_and_documented(client):
    assert client.get(URL).status_code == 405
    schema = client.get("/api/v1/openapi.json").json()
    assert "/api/v1/roads" in schema["paths"]
    assert "/api/v1/shoes/{shoe_id}/hands/last" in schema["paths"]
