"""The shared road vectors (tests/data/road_vectors.json): hand-picked shoes, one or more for
every rule in docs/roads.md, each with the whole board both engines must draw from it, the
Python one (baccarat/roads/scoreboard.py) and the device's (static/js/roads/engine.js).

    PYTHONPATH=. .venv/bin/python tests/road_vectors.py

writes the file again from the Python engine. It is not trusted for that: the tests hold
every vector to a plain second reading of the rules (tests/plain_roads.py) and a few to
figures worked out by hand from the spec (tests/unit/test_road_vectors.py)."""

import json
import random
from pathlib import Path

VECTORS = Path(__file__).parent / "data" / "road_vectors.json"


def long_shoe(hands, seed):
    """A shoe of `hands` hands with a real shoe's shares (Banker 45.9%, Player 44.6%, Tie
    9.5%) and the pairs and naturals now and then, the same every time."""
    rng = random.Random(seed)
    outcomes = "".join(rng.choices("BPT", weights=(459, 446, 95), k=hands))
    return {
        "outcomes": outcomes,
        "banker_pairs": [i for i in range(hands) if rng.random() < 0.075],
        "player_pairs": [i for i in range(hands) if rng.random() < 0.075],
        "naturals": [i for i in range(hands) if rng.random() < 0.34],
    }


# (name, what it shows, outcomes or a shoe with its flags as 0-based hand indices).
SHOES = [
    ("empty", "no hand: every road empty, no ask", ""),
    ("one hand", "one Banker: column 1 row 1, no derived mark", "B"),
    ("one tie", "a shoe of one tie: an empty first cell with its tie", "T"),
    ("only ties", "three ties and no bead: one cell counting 3", "TTT"),
    ("leading ties", "three ties wait on the first cell and belong to the first bead", "TTTPB"),
    ("ties on a bead", "a tie on a bead, then two ties in a row on the next one", "BTPTTPB"),
    (
        "pairs and naturals",
        "the flags ride on their hands, a tie's too; they move no bead",
        {
            "outcomes": "BPTBBP",
            "banker_pairs": [0, 2],
            "player_pairs": [1, 2, 5],
            "naturals": [0, 3, 4],
        },
    ),
    ("no mark yet", "Big Eye Boy needs column 2 row 2 or column 3", "BP"),
    ("Big Eye Boy at column 2 row 2", "Rule 2: column 1 stopped one row above: blue", "BPP"),
    ("Big Eye Boy at column 3 row 1", "column 2 has one bead; Rule 1, 1 against 1: red", "BPB"),
    ("Rule 2 red at the row", "column 2 row 2; column 1 reaches row 2: red", "BBPP"),
    ("Rule 2 red above", "column 2 row 3; column 1 stopped two rows above: red", "BPPP"),
    (
        "Rule 1 blue",
        "column 4 starts: column 3 (3) against column 2 (1), not the new column: blue",
        "BBPBBBP",
    ),
    ("Small Road at column 3 row 2", "its first mark at column 3 row 2", "BPBB"),
    ("Small Road at column 4 row 1", "column 3 has one bead: its first mark at column 4", "BPBP"),
    ("Cockroach Pig at column 4 row 2", "its first mark at column 4 row 2", "BPBPP"),
    ("Cockroach Pig at column 5 row 1", "column 4 has one bead: column 5 row 1", "BPBPB"),
    ("dragon", "eight Bankers: rows 1 to 6, then right along row 6", "BBBBBBBB"),
    (
        "L-shape",
        "a tail along row 6; the third streak turns right above it",
        "B" * 8 + "P" + "B" * 7,
    ),
    (
        "stairs",
        "three long streaks, each turning right one row above the tail before it",
        "B" * 12 + "P" * 10 + "B" * 8 + "P",
    ),
    (
        "worked example",
        "docs/roads.md's 25-hand shoe (the spec's worked example)",
        "PPBTBBBPPTTBPBBBBBBBPPBPB",
    ),
    ("two leading ties", "roads-example.json's second shoe", "TTBPPBBBPBTP"),
    ("chop", "columns of one bead: every mark red", "BP" * 5),
    (
        "derived dragon",
        "a long chop: each derived road a red dragon turning right at row 6",
        "BP" * 20,
    ),
    (
        "long streaks",
        "9 P, 11 B, 7 P, 1 B: Cockroach Pig not started",
        "PPPPPPPPPBBBBBBBBBBBPPPPPPPB",
    ),
    (
        "derived L-shape",
        "Small Road's tail is met by a later column, which turns right above it",
        "PBTPBPPPPTPPPPTPPPPBBTPBPPPPBBBBPBPPPBPPB",
    ),
    ("a full shoe", "80 hands as a shoe deals them, flags and all", long_shoe(80, seed=80)),
    ("a very long shoe", "150 hands: long roads, many columns", long_shoe(150, seed=150)),
]


def as_shoe(shoe):
    if isinstance(shoe, str):
        shoe = {"outcomes": shoe}
    return {
        "outcomes": shoe["outcomes"],
        "banker_pairs": shoe.get("banker_pairs", []),
        "player_pairs": shoe.get("player_pairs", []),
        "naturals": shoe.get("naturals", []),
    }


def hands(shoe):
    """A vector's hands as board-hands lists them: {outcome, player_pair, banker_pair,
    natural, point}."""
    return [
        {
            "outcome": outcome,
            "player_pair": index in shoe["player_pairs"],
            "banker_pair": index in shoe["banker_pairs"],
            "natural": index in shoe["naturals"],
            "point": None,
        }
        for index, outcome in enumerate(shoe["outcomes"])
    ]


def results(shoe):
    from baccarat.roads.scoreboard import Result

    return [
        Result(h["outcome"], h["banker_pair"], h["player_pair"], h["natural"]) for h in hands(shoe)
    ]


def marked(mark):
    if mark is None:
        return None
    return [mark.color, mark.rule, mark.column, mark.row, [list(c) for c in mark.compared]]


def geometry(board):
    """The whole board as a vector states it (lists, so that both engines' JSON compare):
    columns; bead cells [col, row, outcome, banker pair, player pair, natural]; Big Road
    cells [col, row, outcome, ties, column, depth, hand]; each derived road's marks [colour,
    rule, column, row, compared, hand] and cells [col, row, colour, mark, column, depth];
    the asks; the widths. Rows, columns and hands are 0-based, except a mark's column, row
    and compared columns, 1-based as its proof says them."""
    return {
        "columns": list(board.columns),
        "leading_ties": board.leading_ties,
        "bead_plate": [
            [b.col, b.row, b.outcome, b.banker_pair, b.player_pair, b.natural]
            for b in board.bead_plate
        ],
        "bead_plate_width": board.bead_plate_width,
        "big_road": [
            [c.col, c.row, c.outcome, c.ties, c.column, c.depth, c.hand] for c in board.big_road
        ],
        "big_road_width": board.big_road_width,
        "derived": {
            key: {
                "marks": [[*marked(m), m.hand] for m in road.marks],
                "cells": [[c.col, c.row, c.color, c.mark, c.column, c.depth] for c in road.cells],
                "width": road.width,
            }
            for key, road in board.derived.items()
        },
        "ask": {
            side: {road: marked(mark) for road, mark in marks.items()}
            for side, marks in board.ask.items()
        },
    }


def write():
    from baccarat.roads.scoreboard import scoreboard

    vectors = []
    for name, about, shoe in SHOES:
        shoe = as_shoe(shoe)
        vectors.append(
            {"name": name, "about": about, **shoe, "expected": geometry(scoreboard(results(shoe)))}
        )
    VECTORS.write_text(readable(vectors))


def compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def readable(vectors):
    """JSON with a line for each part of a vector (each derived road's marks and cells on
    their own), so that a change to one rule shows as a change to a few lines."""
    blocks = []
    for vector in vectors:
        lines = [f"  {compact(k)}: {compact(v)}" for k, v in vector.items() if k != "expected"]
        expected = []
        for key, value in vector["expected"].items():
            if key == "derived":
                roads = [
                    f"      {compact(road)}: {{\n"
                    + ",\n".join(f"        {compact(k)}: {compact(v)}" for k, v in parts.items())
                    + "\n      }"
                    for road, parts in value.items()
                ]
                expected.append('    "derived": {\n' + ",\n".join(roads) + "\n    }")
            else:
                expected.append(f"    {compact(key)}: {compact(value)}")
        lines.append('  "expected": {\n' + ",\n".join(expected) + "\n  }")
        blocks.append(" {\n" + ",\n".join(lines) + "\n }")
    return "[\n" + ",\n".join(blocks) + "\n]\n"


if __name__ == "__main__":
    write()
