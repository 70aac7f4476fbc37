"""The road engine against the road rules (docs/roads.md): the worked example, every vector in
tests/data/roads-example.json, the two rules on small hand-built shoes, and property-based
invariants over random shoes."""

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.roads.scoreboard import (
    DERIVED_ROADS,
    ROWS,
    OutcomeError,
    Result,
    parse_outcomes,
    scoreboard,
)

WORKED = "PPBTBBBPPTTBPBBBBBBBPPBPB"
VECTORS = Path(__file__).parents[1] / "data" / "roads-example.json"
LETTER = {"red": "R", "blue": "B", None: None}


def one_based(cell):
    return cell.col + 1, cell.row + 1


# --- the 25-hand worked example of docs/roads.md --------------------------------------------


def test_worked_example_columns():
    board = scoreboard(WORKED)
    assert board.columns == ("PP", "BBBB", "PP", "B", "P", "BBBBBBB", "PP", "B", "P", "B")
    assert board.stats.hands == 25 and board.stats.tie == 3
    assert (board.stats.banker, board.stats.player) == (14, 8)


def test_worked_example_big_road_cells():
    board = scoreboard(WORKED)
    tied = {one_based(c): c.ties for c in board.big_road if c.ties}
    # The tie after hand 3 sits on the first Banker bead; the two after hand 9 on the
    # second Player bead of column 3.
    assert tied == {(2, 1): 1, (3, 2): 2}
    assert next(c for c in board.big_road if c.hand == 2).ties == 1  # hand 3 is index 2
    column_six = [one_based(c) for c in board.big_road if c.column == 5]
    assert column_six == [(6, 1), (6, 2), (6, 3), (6, 4), (6, 5), (6, 6), (7, 6)]
    # The PP after it still starts at the top of the column after column 6's start.
    assert [one_based(c) for c in board.big_road if c.column == 6] == [(7, 1), (7, 2)]


def test_worked_example_derived_roads_and_asks():
    board = scoreboard(WORKED)
    assert board.derived["big_eye_boy"].letters == "RBRBRBBRBRRRRRBRBBR"
    assert board.derived["small_road"].letters == "RRBBBRRRRRBBBBB"
    assert board.derived["cockroach_pig"].letters == "BBRBRRRRBBBRB"
    ask = {side: {r: LETTER[m and m.color] for r, m in marks.items()}
           for side, marks in board.ask.items()}  # fmt: skip
    assert ask["banker"] == {"big_eye_boy": "B", "small_road": "B", "cockroach_pig": "R"}
    assert ask["player"] == {"big_eye_boy": "R", "small_road": "R", "cockroach_pig": "B"}


def test_worked_example_proof_in_the_seeds_words():
    # Column 4 (the single B) starts: Big Eye Boy compares column 3 (PP) with column 2.
    board = scoreboard(WORKED)
    mark = next(m for m in board.derived["big_eye_boy"].marks if (m.column, m.row) == (4, 1))
    assert mark.proof == (
        "Column 4 starts, so Rule 1: compare column 3 (2 beads) with column 2 (4 beads). "
        "Different length → blue (≠)."
    )


# --- the vectors file ----------------------------------------------------------------------


def load_vectors():
    if not VECTORS.exists():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"{VECTORS} is absent"))]
    vectors = json.loads(VECTORS.read_text())
    return [pytest.param(v, id=v["outcomes"][:30]) for v in vectors]


@pytest.mark.parametrize("vector", load_vectors())
def test_vectors(vector):
    board = scoreboard(vector["outcomes"])
    assert list(board.columns) == vector["columns"]
    for road in DERIVED_ROADS:
        assert board.derived[road].letters == vector[road], road
    for side in ("banker", "player"):
        got = {road: LETTER[m and m.color] for road, m in board.ask[side].items()}
        want = {road: vector[f"ask_{side}"].get(road) for road in DERIVED_ROADS}
        assert got == want, side


def test_vectors_file_includes_the_worked_example():
    if not VECTORS.exists():
        pytest.skip(f"{VECTORS} is absent")
    assert WORKED in [v["outcomes"] for v in json.loads(VECTORS.read_text())]


# --- the rules on small shoes, with their proofs ---------------------------------------


def marks(outcomes, road="big_eye_boy"):
    return scoreboard(outcomes).derived[road].marks


def test_starting_points():
    # Big Eye Boy starts at column 2 row 2 ...
    assert marks("BP") == ()
    first = marks("BPP")[0]
    assert (first.column, first.row) == (2, 2)
    # ... or, when column 2 has one bead, at the first bead of column 3.
    first = marks("BPB")[0]
    assert (first.column, first.row) == (3, 1)
    assert len(marks("BPB")) == 1
    # Small Road: column 3 row 2, else column 4 row 1; Cockroach Pig one further.
    assert [(m.column, m.row) for m in marks("BPBB", "small_road")] == [(3, 2)]
    assert [(m.column, m.row) for m in marks("BPBP", "small_road")] == [(4, 1)]
    assert [(m.column, m.row) for m in marks("BPBPP", "cockroach_pig")] == [(4, 2)]
    assert [(m.column, m.row) for m in marks("BPBPB", "cockroach_pig")] == [(5, 1)]
    assert marks("BPBP", "cockroach_pig") == ()


def test_rule_1_same_length_is_red():
    (mark,) = marks("BPB")  # column 3 starts; columns 2 and 1 both have 1 bead
    assert (mark.rule, mark.color, mark.compared) == (1, "red", ((2, 1), (1, 1)))
    assert mark.proof == (
        "Column 3 starts, so Rule 1: compare column 2 (1 bead) with column 1 (1 bead). "
        "Same length → red (=)."
    )


def test_rule_1_compares_the_finished_column_not_the_new_one():
    # BB P BBB P: column 4 starts; column 3 (3 beads) against column 2 (1 bead) → blue,
    # although the new column 4 and column 2 both have one bead.
    mark = marks("BBPBBBP")[-1]
    assert (mark.column, mark.row, mark.rule, mark.color) == (4, 1, 1, "blue")
    assert mark.proof == (
        "Column 4 starts, so Rule 1: compare column 3 (3 beads) with column 2 (1 bead). "
        "Different length → blue (≠)."
    )
    assert "not the new column" in mark.watch_out


def test_rule_2_bead_at_that_row_is_red():
    mark = marks("BBPP")[-1]  # column 2 row 2; column 1 has a bead at row 2
    assert (mark.rule, mark.color) == (2, "red")
    assert mark.proof == (
        "Column 2 goes down to row 2, so Rule 2: look at column 1, which has 2 beads. "
        "It has a bead at row 2 → red (=)."
    )


def test_rule_2_stopped_one_row_above_is_blue():
    mark = marks("BPP")[-1]  # column 2 row 2; column 1 stopped at row 1
    assert (mark.rule, mark.color, mark.compared) == (2, "blue", ((1, 1),))
    assert mark.proof == (
        "Column 2 goes down to row 2, so Rule 2: look at column 1, which has 1 bead. "
        "It stopped exactly one row above → blue (≠)."
    )


def test_rule_2_stopped_earlier_is_red():
    # Column 2 goes down to row 3; column 1 stopped at row 1, more than one row above.
    mark = marks("BPPP")[-1]
    assert (mark.column, mark.row, mark.rule, mark.color) == (2, 3, 2, "red")
    assert mark.proof == (
        "Column 2 goes down to row 3, so Rule 2: look at column 1, which has 1 bead. "
        "It stopped more than one row above → red (=)."
    )
    assert "stopped earlier gives red" in mark.watch_out
    # The same on the Small Road (k = 2): column 3 row 4 against column 1 (2 beads).
    mark = marks("BBPBBBB", "small_road")[-1]
    assert (mark.column, mark.row, mark.color, mark.compared) == (3, 4, "red", ((1, 2),))


def test_leading_ties_attach_to_the_first_bead():
    board = scoreboard("TTTPB")
    assert board.leading_ties == 3
    assert (board.big_road[0].outcome, board.big_road[0].ties) == ("P", 3)
    only_ties = scoreboard("TT").big_road
    assert [(c.col, c.row, c.outcome, c.ties) for c in only_ties] == [(0, 0, None, 2)]


def test_l_shaped_tail():
    # A long streak's tail along row 6, then a short one, then another long one that
    # meets the tail below and turns right above it.
    board = scoreboard("B" * 8 + "P" + "B" * 7)
    cells = {(c.column, c.depth): (c.col, c.row) for c in board.big_road}
    assert [cells[(0, d)] for d in range(8)][-3:] == [(0, 5), (1, 5), (2, 5)]
    assert cells[(1, 0)] == (1, 0)
    third = [cells[(2, d)] for d in range(7)]
    assert third[:5] == [(2, 0), (2, 1), (2, 2), (2, 3), (2, 4)]
    assert third[5:] == [(3, 4), (4, 4)]  # turned right above the tail at row 6


def test_parse_outcomes_names_the_position():
    assert parse_outcomes(" b p\tT ") == ["B", "P", "T"]
    with pytest.raises(OutcomeError) as caught:
        parse_outcomes("BPTBX")
    assert (caught.value.position, caught.value.character) == (5, "X")
    assert str(caught.value) == "position 5: 'X' is not an outcome; use B, P or T"
    assert str(OutcomeError(5, "X", 2)).startswith("line 2, character 5: ")


# --- properties ------------------------------------------------------------------------------

outcome_text = st.text(alphabet="BPT", max_size=150)
# Streaks of varied lengths, so the derived roads have columns to compare.
streaky = st.lists(st.tuples(st.sampled_from("BPT"), st.integers(1, 9)), max_size=40).map(
    lambda runs: "".join(letter * n for letter, n in runs)
)
shoes = st.one_of(outcome_text, streaky)


def eligible_beads(columns, k):
    """Big Road beads (1-based column, row) from road k's starting point on."""
    beads = [(c, r) for c, column in enumerate(columns, 1) for r in range(1, len(column) + 1)]
    if len(columns) >= k + 1 and len(columns[k]) >= 2:
        start = (k + 1, 2)
    elif len(columns) >= k + 2:
        start = (k + 2, 1)
    else:
        return []
    return beads[beads.index(start) :]


@given(shoes)
@settings(max_examples=300)
def test_each_bead_from_the_starting_point_adds_one_mark(outcomes):
    board = scoreboard(outcomes)
    for road, k in DERIVED_ROADS.items():
        marks = board.derived[road].marks
        assert [(m.column, m.row) for m in marks] == eligible_beads(board.columns, k)
        assert all(m.color in ("red", "blue") and m.rule == (1 if m.row == 1 else 2)
                   for m in marks)  # fmt: skip


@given(shoes, st.data())
@settings(max_examples=200)
def test_ties_never_change_a_derived_road(outcomes, data):
    before = scoreboard(outcomes)
    with_ties = outcomes
    for _ in range(data.draw(st.integers(1, 5))):
        at = data.draw(st.integers(0, len(with_ties)))
        with_ties = with_ties[:at] + "T" + with_ties[at:]
    after = scoreboard(with_ties)
    assert after.columns == before.columns
    for road in DERIVED_ROADS:
        assert after.derived[road].letters == before.derived[road].letters
        assert [c.color for c in after.derived[road].cells] == [
            c.color for c in before.derived[road].cells
        ]
    for side in ("banker", "player"):
        assert {r: m and m.color for r, m in after.ask[side].items()} == {
            r: m and m.color for r, m in before.ask[side].items()
        }


@given(shoes)
@settings(max_examples=300)
def test_asks_are_absent_or_opposite_and_preview_the_next_mark(outcomes):
    board = scoreboard(outcomes)
    for road in DERIVED_ROADS:
        banker, player = board.ask["banker"][road], board.ask["player"][road]
        assert (banker is None) == (player is None)
        if banker is not None:
            assert {banker.color, player.color} == {"red", "blue"}
        # The ask is exactly the mark the road adds if that hand comes next.
        for side, letter in (("banker", "B"), ("player", "P")):
            ask = board.ask[side][road]
            before = board.derived[road].marks
            after = scoreboard(outcomes + letter).derived[road].marks
            if ask is None:
                assert after == before
            else:
                assert len(after) == len(before) + 1
                assert (after[-1].color, after[-1].proof) == (ask.color, ask.proof)


def assert_grid(cells):
    positions = [(c.col, c.row) for c in cells]
    assert len(positions) == len(set(positions)), "two cells share a place"
    assert all(0 <= row < ROWS and col >= 0 for col, row in positions)


@given(shoes)
@settings(max_examples=300)
def test_display_cells_never_overlap(outcomes):
    board = scoreboard(outcomes)
    assert_grid(board.bead_plate)
    assert [(c.col, c.row) for c in board.bead_plate] == [
        (i // ROWS, i % ROWS) for i in range(len(outcomes))
    ]
    assert_grid(board.big_road)
    for road in DERIVED_ROADS:
        derived = board.derived[road]
        assert_grid(derived.cells)
        assert [c.mark for c in derived.cells] == list(range(len(derived.marks)))
        assert [c.color for c in derived.cells] == [m.color for m in derived.marks]


@given(shoes)
@settings(max_examples=300)
def test_logical_columns_rebuild_the_outcomes(outcomes):
    board = scoreboard(outcomes)
    assert "".join(board.columns) == outcomes.replace("T", "")
    for column in board.columns:
        assert column and set(column) in ({"B"}, {"P"})
    for left, right in zip(board.columns, board.columns[1:], strict=False):
        assert left[0] != right[0], "a new column means a different result"
    # The display cells carry the same streaks, in order, with every tie counted.
    assert "".join(c.outcome for c in board.big_road if c.outcome) == outcomes.replace("T", "")
    assert sum(c.ties for c in board.big_road) == outcomes.count("T")


@given(shoes)
@settings(max_examples=200)
def test_proofs_name_the_columns_and_lengths_compared(outcomes):
    board = scoreboard(outcomes)
    lengths = [len(column) for column in board.columns]
    for road in DERIVED_ROADS:
        for mark in board.derived[road].marks:
            assert mark.proof.startswith(f"Column {mark.column} ")
            assert f"Rule {mark.rule}" in mark.proof
            for column, length in mark.compared:
                assert length == lengths[column - 1], "the length is that column's"
                words = f"{length} bead" if length == 1 else f"{length} beads"
                assert re.search(rf"column {column}\b[^.]*?\b{words}\b", mark.proof), mark.proof
            verdict = "→ red (=)." if mark.color == "red" else "→ blue (≠)."
            assert mark.proof.endswith(verdict)


@given(shoes)
@settings(max_examples=200)
def test_the_columns_a_proof_compares_are_both_named_in_it(outcomes):
    board = scoreboard(outcomes)
    for road, k in DERIVED_ROADS.items():
        for mark in board.derived[road].marks:
            first, second = mark.columns_compared
            # Rule 1: the finished column and the one k before it; Rule 2: the new bead's
            # column and the one k before it. Either way k + 1 apart or k apart.
            if mark.rule == 1:
                assert (first, second) == (mark.column - 1, mark.column - 1 - k)
            else:
                assert (first, second) == (mark.column, mark.column - k)
            assert 1 <= second < first <= len(board.columns)
            assert f"column {second}" in mark.proof.lower()
            assert f"column {first}" in mark.proof.lower()


@given(shoes)
@settings(max_examples=200)
def test_derived_columns_are_runs_of_one_colour(outcomes):
    board = scoreboard(outcomes)
    for road in DERIVED_ROADS:
        cells = board.derived[road].cells
        runs = []
        for cell in cells:
            if cell.depth == 0:
                runs.append([])
            runs[-1].append(cell)
            assert cell.column == len(runs) - 1 and cell.depth == len(runs[-1]) - 1
        for run in runs:
            assert len({cell.color for cell in run}) == 1
        for left, right in zip(runs, runs[1:], strict=False):
            assert left[0].color != right[0].color, "a new column means the other colour"


@given(st.lists(st.integers(1, 40), min_size=1, max_size=12))
@settings(max_examples=300)
def test_dragon_tails_stay_on_the_board(lengths):
    outcomes = "".join(("B" if i % 2 == 0 else "P") * n for i, n in enumerate(lengths))
    board = scoreboard(outcomes)
    assert [len(c) for c in board.columns] == lengths
    assert_grid(board.big_road)
    for road in DERIVED_ROADS:
        assert_grid(board.derived[road].cells)
    for column in range(len(lengths)):
        cells = [c for c in board.big_road if c.column == column]
        # Down first, then only right: never back up, never left.
        for a, b in zip(cells, cells[1:], strict=False):
            assert (b.col, b.row) in ((a.col, a.row + 1),) or (b.row == a.row and b.col > a.col)


@given(st.integers(1, 6), shoes)
def test_leading_ties_stay_with_the_first_bead(ties, outcomes):
    board = scoreboard("T" * ties + outcomes.lstrip("T"))
    first = board.big_road[0]
    assert (first.col, first.row) == (0, 0)
    assert first.ties >= ties
    assert first.outcome == (outcomes.replace("T", "")[:1] or None)


@given(st.lists(st.tuples(st.sampled_from("BPT"), st.booleans(), st.booleans(), st.booleans())))
def test_bead_plate_keeps_every_hand_and_its_flags(hands):
    results = [Result(o, bp, pp, n) for o, bp, pp, n in hands]
    board = scoreboard(results)
    assert [(b.outcome, b.banker_pair, b.player_pair, b.natural) for b in board.bead_plate] == [
        tuple(h) for h in hands
    ]
    assert board.stats.banker_pairs == sum(h[1] for h in hands)
