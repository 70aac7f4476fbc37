"""The shared road vectors (tests/data/road_vectors.json, written by tests/road_vectors.py),
which the device's engine is held to as well (tests/e2e/test_roads_engine.py): the Python
engine draws every vector's board; a plain second reading of the rules (tests/plain_roads.py)
draws it too; and what each hand-picked shoe is there to show is checked against figures
worked out by hand from the rules (docs/roads.md)."""

import json
import random

import pytest

from baccarat.roads.scoreboard import scoreboard
from tests import plain_roads, road_vectors

VECTORS = json.loads(road_vectors.VECTORS.read_text())
BY_NAME = {vector["name"]: vector for vector in VECTORS}


def plain(vector):
    board = plain_roads.board(
        vector["outcomes"], vector["banker_pairs"], vector["player_pairs"], vector["naturals"]
    )
    return json.loads(json.dumps(board))  # tuples as lists, as the file has them


def expected(name):
    return BY_NAME[name]["expected"]


def letters(name, road):
    return "".join("R" if m[0] == "red" else "B" for m in expected(name)["derived"][road]["marks"])


def cells(name, column):
    """(col, row) of the Big Road cells of 0-based logical column `column`."""
    return [(c[0], c[1]) for c in expected(name)["big_road"] if c[4] == column]


def first_mark(name, road):
    mark = expected(name)["derived"][road]["marks"][0]
    return mark[2], mark[3]  # 1-based column and row


def test_the_file_is_the_hand_picked_shoes():
    assert [v["name"] for v in VECTORS] == [name for name, _about, _shoe in road_vectors.SHOES]
    for (_name, _about, shoe), vector in zip(road_vectors.SHOES, VECTORS, strict=True):
        shoe = road_vectors.as_shoe(shoe)
        assert {key: vector[key] for key in shoe} == shoe


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_the_engine_draws_every_vector(vector):
    board = scoreboard(road_vectors.results(vector))
    assert json.loads(json.dumps(road_vectors.geometry(board))) == vector["expected"]


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_a_plain_second_reading_draws_every_vector(vector):
    assert plain(vector) == vector["expected"]


def test_the_second_reading_agrees_with_the_engine_on_random_shoes():
    rng = random.Random(2026)
    for _ in range(300):
        outcomes = "".join(rng.choices("BPT", weights=(46, 45, 9), k=rng.randint(0, 120)))
        vector = {"outcomes": outcomes, "banker_pairs": [], "player_pairs": [], "naturals": []}
        board = road_vectors.geometry(scoreboard(road_vectors.results(vector)))
        assert plain(vector) == json.loads(json.dumps(board)), outcomes


# --- what each shoe shows, worked out by hand from the rules -----------------------------


def test_empty_and_one_hand():
    empty = expected("empty")
    assert empty["big_road"] == [] and empty["bead_plate"] == []
    assert all(mark is None for side in empty["ask"].values() for mark in side.values())
    assert expected("one hand")["big_road"] == [[0, 0, "B", 0, 0, 0, 0]]
    assert expected("one hand")["derived"]["big_eye_boy"]["marks"] == []


def test_ties():
    # A shoe of ties: one empty cell counting them; ties first wait for the first bead.
    assert expected("one tie")["big_road"] == [[0, 0, None, 1, 0, 0, None]]
    assert expected("only ties")["big_road"] == [[0, 0, None, 3, 0, 0, None]]
    assert expected("leading ties")["big_road"] == [
        [0, 0, "P", 3, 0, 0, 3],
        [1, 0, "B", 0, 1, 0, 4],
    ]
    assert expected("leading ties")["leading_ties"] == 3
    # B T P T T P B: one tie on the Banker, two on the first Player, none on the second.
    assert expected("ties on a bead")["big_road"] == [
        [0, 0, "B", 1, 0, 0, 0],
        [1, 0, "P", 2, 1, 0, 2],
        [1, 1, "P", 0, 1, 1, 5],
        [2, 0, "B", 0, 2, 0, 6],
    ]
    # Ties keep their Bead Plate cell: hand 7 is at the top of column 2.
    assert expected("ties on a bead")["bead_plate"][6][:3] == [1, 0, "B"]


def test_flags_ride_on_their_hands():
    beads = expected("pairs and naturals")["bead_plate"]
    assert [b[3:] for b in beads] == [
        [True, False, True],
        [False, True, False],
        [True, True, False],
        [False, False, True],
        [False, False, True],
        [False, True, False],
    ]


def test_starting_points():
    assert expected("no mark yet")["derived"]["big_eye_boy"]["marks"] == []
    assert first_mark("Big Eye Boy at column 2 row 2", "big_eye_boy") == (2, 2)
    assert first_mark("Big Eye Boy at column 3 row 1", "big_eye_boy") == (3, 1)
    assert first_mark("Small Road at column 3 row 2", "small_road") == (3, 2)
    assert first_mark("Small Road at column 4 row 1", "small_road") == (4, 1)
    assert expected("Small Road at column 4 row 1")["derived"]["cockroach_pig"]["marks"] == []
    assert first_mark("Cockroach Pig at column 4 row 2", "cockroach_pig") == (4, 2)
    assert first_mark("Cockroach Pig at column 5 row 1", "cockroach_pig") == (5, 1)


def test_both_rules_both_colours():
    def last(name):
        return expected(name)["derived"]["big_eye_boy"]["marks"][-1]

    # [colour, rule, column, row, compared, hand]
    assert last("Big Eye Boy at column 2 row 2") == ["blue", 2, 2, 2, [[1, 1]], 2]
    assert last("Big Eye Boy at column 3 row 1") == ["red", 1, 3, 1, [[2, 1], [1, 1]], 2]
    assert last("Rule 2 red at the row") == ["red", 2, 2, 2, [[1, 2]], 3]
    assert last("Rule 2 red above") == ["red", 2, 2, 3, [[1, 1]], 3]
    assert last("Rule 1 blue") == ["blue", 1, 4, 1, [[3, 3], [2, 1]], 6]


def test_dragon_tails():
    assert cells("dragon", 0) == [(0, r) for r in range(6)] + [(1, 5), (2, 5)]
    # The L: the third streak meets the first one's tail at row 6 and turns above it.
    assert cells("L-shape", 2) == [(2, r) for r in range(5)] + [(3, 4), (4, 4)]
    # Stairs: each long streak turns one row above the tail before it.
    assert cells("stairs", 0) == [(0, r) for r in range(6)] + [(c, 5) for c in range(1, 7)]
    assert cells("stairs", 1) == [(1, r) for r in range(5)] + [(c, 4) for c in range(2, 7)]
    assert cells("stairs", 2) == [(2, r) for r in range(4)] + [(c, 3) for c in range(3, 7)]
    assert cells("stairs", 3) == [(3, 0)]


def test_derived_roads_lay_out_as_the_big_road():
    # A long chop: every derived mark red, one column turning right at row 6. Big Eye Boy
    # marks columns 3 to 40 (38 marks), Small Road 4 to 40, Cockroach Pig 5 to 40.
    for road, count in (("big_eye_boy", 38), ("small_road", 37), ("cockroach_pig", 36)):
        laid = expected("derived dragon")["derived"][road]
        assert letters("derived dragon", road) == "R" * count
        assert [c[:2] for c in laid["cells"]] == [[0, r] for r in range(6)] + [
            [c, 5] for c in range(1, count - 5)
        ]
        assert laid["width"] == count - 5
    # A derived column met by an earlier tail turns right above it, as on the Big Road.
    small = expected("derived L-shape")["derived"]["small_road"]["cells"]
    assert any(a[4] == b[4] and a[1] == b[1] < 5 for a, b in zip(small, small[1:], strict=False))


def test_the_worked_examples():
    # The spec's worked example and docs/roads.md's table.
    assert expected("worked example")["columns"] == [
        "PP", "BBBB", "PP", "B", "P", "BBBBBBB", "PP", "B", "P", "B"
    ]  # fmt: skip
    assert letters("worked example", "big_eye_boy") == "RBRBRBBRBRRRRRBRBBR"
    assert letters("worked example", "small_road") == "RRBBBRRRRRBBBBB"
    assert letters("worked example", "cockroach_pig") == "BBRBRRRRBBBRB"
    assert cells("worked example", 5)[-2:] == [(5, 5), (6, 5)]
    ask = expected("worked example")["ask"]
    assert [ask["banker"][r][0] for r in plain_roads.BACK] == ["blue", "blue", "red"]
    assert [ask["player"][r][0] for r in plain_roads.BACK] == ["red", "red", "blue"]
    assert letters("two leading ties", "big_eye_boy") == "BBRBBBR"
    assert letters("chop", "small_road") == "RRRRRRR"
    assert letters("long streaks", "big_eye_boy") == "RRRRRRRRBRBRRRRRRB"
    assert letters("long streaks", "cockroach_pig") == ""


def test_long_shoes_are_long():
    assert len(BY_NAME["a full shoe"]["outcomes"]) == 80
    assert len(BY_NAME["a very long shoe"]["outcomes"]) == 150
    assert expected("a very long shoe")["big_road_width"] > 40
