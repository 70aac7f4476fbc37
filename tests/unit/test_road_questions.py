"""baccarat.teaching.road_questions and the two table facts without a myth: which rule decides a
derived road's next mark, where a hand goes on the Bead Plate, who the Player is and what a
spent budget means. Each answer is checked against the engine and against the road rules
(docs/roads.md) written afresh here, so a wrong engine and a wrong question both fail."""

import re
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from baccarat.odds.exact import odds_of_decks, percent
from baccarat.roads.scoreboard import DERIVED_ROADS, scoreboard
from baccarat.teaching.road_questions import case_question, plate_question
from baccarat.teaching.table_questions import ASKS, ask_question

LESSONS = Path(__file__).parents[2] / "lessons" / "content" / "lessons"
K = {"big_eye_boy": 1, "small_road": 2, "cockroach_pig": 3}  # k (docs/roads.md), written again


# --- the road rules, written a second time ---------------------------------------------


def streaks(outcomes: str) -> list[int]:
    """The Big Road's logical columns: ties take no bead, a repeat goes down, a change starts
    a new column."""
    lengths, last = [], None
    for outcome in outcomes:
        if outcome == "T":
            continue
        if outcome == last:
            lengths[-1] += 1
        else:
            lengths.append(1)
        last = outcome
    return lengths


def expected_case(road: str, side: str, outcomes: str) -> tuple[str, int, int, list[int]]:
    """The case for the bead one more `side` makes, and that bead's 1-based column and row.
    A road marks every bead from its starting point on: the bead at column k+1, row 2, or,
    when column k+1 stops at one bead, the first of column k+2; in dealing order that is
    every bead at or after (k+1, 2)."""
    lengths = streaks(outcomes + side)
    column, row, k = len(lengths), lengths[-1], K[road]
    if (column, row) < (k + 1, 2):
        return "none", column, row, lengths
    return ("rule-1" if row == 1 else "rule-2"), column, row, lengths


def beads(n: int) -> str:
    return f"{n} bead" if n == 1 else f"{n} beads"


# --- which rule decides the mark ------------------------------------------------------------

runs = st.lists(st.tuples(st.sampled_from("BPT"), st.integers(1, 9)), max_size=10).map(
    lambda parts: "".join(outcome * n for outcome, n in parts)
)
boards = st.one_of(st.text(alphabet="BPT", max_size=40), runs)


@settings(max_examples=400, deadline=None)
@given(road=st.sampled_from(tuple(DERIVED_ROADS)), side=st.sampled_from("BP"), outcomes=boards)
@example(road="big_eye_boy", side="P", outcomes="BBB")  # a new column before the start
@example(road="big_eye_boy", side="P", outcomes="BBBBBBBPPPPPP")  # down along a tail
@example(road="small_road", side="P", outcomes="BBTBBBBBPTBBTBBT")  # a tie last
@example(road="cockroach_pig", side="B", outcomes="")  # the very first bead
@example(road="cockroach_pig", side="P", outcomes="TTBBPBP")  # the start, by Rule 2
def test_the_case_is_the_engines_and_the_specs(road, side, outcomes):
    question = case_question(road, side, outcomes)
    case, column, row, lengths = expected_case(road, side, outcomes)
    k = K[road]
    # The engine's preview of the same bead agrees: no mark, or the mark's own rule.
    mark = scoreboard(outcomes).ask["banker" if side == "B" else "player"][road]
    assert question.answer == ("none" if mark is None else f"rule-{mark.rule}")
    assert question.answer == case
    assert question.kind == "derived_case" and question.skill == f"case:{road}"
    assert question.outcomes == outcomes
    assert question.choice(question.answer) is not None
    why = question.explanation
    # Which way the bead goes is read from the last Banker or Player, ties left out.
    decided = outcomes.replace("T", "")
    if not decided:
        assert "would be the first bead" in why
    else:
        assert (f"{'Banker' if side == 'B' else 'Player'} repeats" in why) == (decided[-1] == side)
        assert ("was not a tie" in why) == outcomes.endswith("T")
    if case == "rule-1":
        finished, reference = column - 1, column - 1 - k
        a, b = lengths[finished - 1], lengths[reference - 1]
        assert (
            f"Column {column} starts, so Rule 1: compare column {finished} ({beads(a)}) "
            f"with column {reference} ({beads(b)})"
        ) in why
        assert ("→ red" if a == b else "→ blue") in why
    elif case == "rule-2":
        reference = column - k
        length = lengths[reference - 1]
        assert f"goes down to row {row}, so Rule 2: look at column {reference}, " in why
        assert f"which has {beads(length)}" in why
        assert ("→ blue" if length == row - 1 else "→ red") in why
    else:
        assert f"column {column}, row {row}" in why
        assert f"starts at the bead at column {k + 1}, row 2" in why
        assert "no mark" in why and "Rule" not in why


@pytest.mark.parametrize(
    "road,side,outcomes,answer",
    [
        ("big_eye_boy", "P", "BBB", "none"),  # column 2 starts: not yet
        ("big_eye_boy", "B", "BBB", "none"),  # column 1 goes down: never marked
        ("big_eye_boy", "P", "BP", "rule-2"),  # column 2, row 2: the start itself
        ("big_eye_boy", "B", "BP", "rule-1"),  # column 3 after a one-bead column 2
        ("small_road", "B", "BPB", "rule-2"),
        ("small_road", "P", "BPB", "rule-1"),
        ("small_road", "P", "BBPP", "none"),
        ("cockroach_pig", "B", "BBPB", "none"),
        ("cockroach_pig", "P", "BPBP", "rule-2"),
        ("cockroach_pig", "B", "BPBP", "rule-1"),
        ("cockroach_pig", "P", "PBBBBBBBBPBPT", "rule-2"),  # a tie last changes nothing
    ],
)
def test_cases_worked_by_hand(road, side, outcomes, answer):
    assert case_question(road, side, outcomes).answer == answer


@pytest.mark.parametrize("road", DERIVED_ROADS)
def test_the_three_cases_are_labelled_in_the_roads_own_words(road):
    question = case_question(road, "B", "BPBPBP")
    labels = [c.label for c in question.choices]
    assert [c.value for c in question.choices] == ["none", "rule-1", "rule-2"]
    assert [c.key for c in question.choices] == ["1", "2", "3"]
    assert len(set(labels)) == 3
    far = {1: "one", 2: "two", 3: "three"}[K[road]]
    assert "starting point" in labels[0]
    assert labels[1].startswith("Rule 1, a new column starts: compare the column that just")
    assert labels[1].endswith("before it") and (K[road] == 1 or f"column {far} before" in labels[1])
    assert labels[2] == f"Rule 2, the column goes down: look at the column {far} to the left"


@pytest.mark.parametrize("side", ["T", "t", "X", ""])
def test_a_tie_or_nonsense_as_the_next_hand_is_refused(side):
    with pytest.raises(ValueError):
        case_question("big_eye_boy", side, "BPB")


def test_an_unknown_road_is_refused():
    with pytest.raises(ValueError):
        case_question("big_road", "B", "BPB")


# --- the Bead Plate ---------------------------------------------------------------------------

SHOE = ("BPPBTBBPBPTPBBBPT" * 6)[:100]


def cell(hand: int) -> tuple[int, int]:
    """The Bead Plate: six rows down, then the next column to the right."""
    return (hand - 1) // 6 + 1, (hand - 1) % 6 + 1


@pytest.mark.parametrize("hand", range(1, len(SHOE) + 2))
def test_each_hand_of_a_shoe_lands_where_the_spec_says(hand):
    question = plate_question(hand, SHOE)
    col, row = cell(hand)
    assert question.answer == f"{col}:{row}"
    assert question.answer_label == f"Column {col}, row {row}"
    assert question.kind == "bead_plate" and question.prompt.startswith(f"Where does hand {hand} ")
    # The learner sees the board before that hand, and not the hand itself.
    assert question.outcomes == SHOE[: hand - 1]
    assert len(scoreboard(question.outcomes).bead_plate) == hand - 1
    # Four different cells, real ones, three of them wrong; the same four every time.
    cells = [tuple(int(x) for x in c.value.split(":")) for c in question.choices]
    assert len(cells) == 4 and len(set(cells)) == 4
    assert len({c.label for c in question.choices}) == 4
    assert all(c >= 1 and 1 <= r <= 6 for c, r in cells)
    assert [c.label for c in question.choices] == [f"Column {c}, row {r}" for c, r in cells]
    assert question == plate_question(hand, SHOE)
    # The working: what fills the cells before it.
    why = question.explanation
    assert why.startswith(f"Hand {hand} is the ") and f"column {col}, row {row}." in why
    before, full, rest = hand - 1, (hand - 1) // 6, (hand - 1) % 6
    if before > 1:
        assert f"the {before} before it" in why
    if full >= 3:
        assert f"columns 1 to {full} (6 each)" in why
    if full and rest:
        assert f"and {rest} of column {col}" in why
    assert ("Ties take a cell" in why) == ("T" in SHOE[: hand - 1])


def test_the_cell_does_not_depend_on_who_won():
    for hand in range(1, 40):
        assert plate_question(hand, "B" * 40).answer == plate_question(hand, "T" * 40).answer


def test_the_brief_example_reads_as_written():
    why = plate_question(14, SHOE).explanation
    assert why.startswith(
        "Hand 14 is the 14th bead: the 13 before it fill columns 1 and 2 (6 each) and 1 of "
        "column 3, so column 3, row 2."
    )


@pytest.mark.parametrize("hand,outcomes", [(0, "BPB"), (-1, "BPB"), (5, "BPB"), (2, "")])
def test_a_hand_outside_the_shoe_is_refused(hand, outcomes):
    with pytest.raises(ValueError):
        plate_question(hand, outcomes)


# --- the two table facts ------------------------------------------------------------------


@pytest.mark.parametrize(
    "ask,right",
    [
        ("fact:the-player", "One of the two hands dealt each round"),
        ("fact:budget-gone", "Stop: the budget was the price of the evening"),
    ],
)
def test_each_new_fact_has_exactly_one_right_answer(ask, right):
    assert ask in ASKS
    question = ask_question(ask)
    assert question.kind == "table_fact" and question.skill == ask
    assert sum(question.is_right(c.value) for c in question.choices) == 1
    assert len({c.value for c in question.choices}) == len(question.choices) == 4
    assert len({c.label for c in question.choices}) == 4
    assert question.answer_label == right


def test_the_player_is_a_hand_and_the_budget_answer_quotes_the_edges():
    assert "“Player” is not you" in ask_question("fact:the-player").explanation
    edges = odds_of_decks(8).edges
    why = ask_question("fact:budget-gone").explanation
    assert percent(edges["banker"].per_unit) in why
    assert percent(edges["tie_8_to_1"].per_unit) in why
    assert "record of the past" in why


# --- the lessons' checks of these kinds -----------------------------------------------------

CHECK = re.compile(r"^\{\{ check (\S+) (case|plate|ask)=(\S+)(.*) \}\}$", re.M)
# Each check the lessons ask with these kinds, and its answer worked by hand from docs/roads.md.
LESSON_CHECKS = {
    "rule-1-not-yet": "none",
    "rule-2-tail-case": "rule-2",
    "small-tie-last-case": "rule-1",
    "pig-start-case": "rule-2",
    "three-roads-case": "none",
    "plate-new-column": "3:1",
    "who-is-the-player": "hand",
    "punto-banco-player": "hand",
    "budget-gone": "stop",
}


def lesson_checks():
    for path in sorted(LESSONS.glob("*/*.md")):
        for match in CHECK.finditer(path.read_text()):
            check_id, source, value, rest = match.groups()
            if source == "ask" and not value.startswith(("fact:the-player", "fact:budget")):
                continue
            options = dict(part.split("=", 1) for part in rest.split())
            yield check_id, source, value, options


def test_the_lessons_ask_these_questions_and_the_answers_are_as_worked():
    found = {}
    for check_id, source, value, options in lesson_checks():
        if source == "case":
            question = case_question(value, options["next"], options["outcomes"])
        elif source == "plate":
            question = plate_question(int(value), options["outcomes"])
        else:
            question = ask_question(value)
        found[check_id] = question.answer
    assert found == LESSON_CHECKS
