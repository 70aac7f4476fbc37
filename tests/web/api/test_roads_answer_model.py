"""POST /api/v1/roads writes its answer straight to JSON (api.renderers.json_response, as
the shoes' answers are), so the response model is checked here instead: every answer is a
RoadsOut, and the same answer ninja's validation would have given."""

import json
import random

import pytest

from api.roads import RoadsOut


@pytest.mark.parametrize("hands", [0, 1, 7, 80, 1_000])
def test_every_roads_answer_is_a_roads_out(client, hands):
    rng = random.Random(hands)
    outcomes = "".join(rng.choices("BPT", weights=[46, 45, 9], k=hands)) or "B"
    pairs = [rng.choice([None, "", "B", "P", "BP", {"banker_pair": True}]) for _ in outcomes]
    for body in ({"outcomes": outcomes}, {"outcomes": outcomes, "pairs": pairs}):
        response = client.post("/api/v1/roads", json.dumps(body), content_type="application/json")
        assert response.status_code == 200
        answer = response.json()
        assert RoadsOut.model_validate(answer).model_dump(mode="json") == answer


def test_a_road_rules_warning_is_the_marks_own(client):
    from baccarat.roads.scoreboard import Result, scoreboard

    outcomes = "BBPPBPBBPPPBPBBP" * 10
    body = json.dumps({"outcomes": outcomes})
    answer = client.post("/api/v1/roads", body, content_type="application/json").json()
    board = scoreboard([Result(outcome) for outcome in outcomes])
    for road in ("big_eye_boy", "small_road", "cockroach_pig"):
        said = [mark["watch_out"] for mark in answer[road]["marks"]]
        assert said == [mark.watch_out for mark in board.derived[road].marks]
        assert len(set(said)) == 2  # one a rule
