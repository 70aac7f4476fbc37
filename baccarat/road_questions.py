"""The lessons' questions about how the roads are drawn rather than what they draw: which
rule decides a derived road's next mark (or whether it has started at all), and where a
hand goes on the Bead Plate. The answers are the engine's own (baccarat.roads): a mark's
`rule`, a bead's cell. No Django.
"""

from __future__ import annotations

from baccarat.definitions import starting_point
from baccarat.questions import Question, numbered
from baccarat.roads import (
    BANKER,
    DERIVED_ROADS,
    OUTCOME_NAMES,
    PLAYER,
    ROAD_NAMES,
    ROWS,
    TIE,
    BeadCell,
    Mark,
    Scoreboard,
    parse_outcomes,
    scoreboard,
)

# How far back a road looks, in the lessons' words ("the column two to the left").
_HOW_FAR = {1: "one", 2: "two", 3: "three"}

NO_MARK, RULE_1, RULE_2 = "none", "rule-1", "rule-2"


def case_labels(road: str) -> dict[str, str]:
    """The three cases as the lessons state them for `road`."""
    k = DERIVED_ROADS[road]
    # Big Eye Boy's lessons say "the column before it", not "the column one before it".
    before = "the column before it" if k == 1 else f"the column {_HOW_FAR[k]} before it"
    return {
        NO_MARK: f"No mark yet: the board has not reached {ROAD_NAMES[road]}'s starting point",
        RULE_1: f"Rule 1, a new column starts: compare the column that just finished with {before}",
        RULE_2: f"Rule 2, the column goes down: look at the column {_HOW_FAR[k]} to the left",
    }


def _new_mark(road: str, hand: int, board: Scoreboard) -> Mark | None:
    """The mark the board's last hand made on `road`, if it made one: the engine's drawing,
    not a second reading of the rules."""
    marks = board.derived[road].marks
    return marks[-1] if marks and marks[-1].hand == hand else None


def case_question(road: str, side: str, outcomes: str) -> Question:
    """Which rule decides `road`'s mark if `side` ("B" or "P") wins after `outcomes`, or
    whether there is no mark yet."""
    if road not in DERIVED_ROADS:
        raise ValueError(f"{road!r} is not a derived road; use one of {', '.join(DERIVED_ROADS)}")
    if side not in (BANKER, PLAYER):
        raise ValueError(f"next={side}: a tie adds no bead, so ask about B or P")
    shown = "".join(parse_outcomes(outcomes))
    before, after = scoreboard(shown), scoreboard(shown + side)
    mark = _new_mark(road, len(shown), after)
    name, road_name = OUTCOME_NAMES[side], ROAD_NAMES[road]
    column, row = len(after.columns), len(after.columns[-1])
    # Ties take no bead, so a board ending in ties is read from its last Banker or Player.
    last = "the last result that was not a tie" if shown.endswith(TIE) else "the last result"
    if not before.columns:
        lead = f"{name} would be the first bead."
    elif before.columns[-1][0] == side:
        lead = f"{name} repeats {last}."
    else:
        lead = f"{name} differs from {last} ({OUTCOME_NAMES[before.columns[-1][0]]})."
    if mark is None:
        answer = NO_MARK
        why = (
            f"{lead} Its bead is column {column}, row {row}, and {road_name} starts at "
            f"{starting_point(road)}: this bead comes before that, so it adds no mark."
        )
    else:
        answer = RULE_1 if mark.rule == 1 else RULE_2
        why = f"{lead} {mark.proof}"
    labels = case_labels(road)
    return Question(
        "derived_case",
        f"case:{road}",
        f"If {name} wins the next hand, which rule decides {road_name}'s mark?",
        numbered(list(labels), list(labels.values())),
        answer,
        why,
        outcomes=shown,
    )


# --- the Bead Plate -----------------------------------------------------------------------


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _place(col: int, row: int) -> str:
    """A 1-based cell in the words of the choices."""
    return f"Column {col}, row {row}"


def _plate_distractors(col: int, row: int, hand: int) -> list[tuple[int, int]]:
    """Three wrong cells a learner plausibly picks, fixed by the hand alone: the plate read
    across instead of down (column and row swapped), a bead miscounted by one either way,
    then a column too far or too near, then two beads off."""

    def cell_of(n: int) -> tuple[int, int]:
        return (n - 1) // ROWS + 1, (n - 1) % ROWS + 1

    candidates = [(row, col), cell_of(hand + 1), cell_of(hand - 1), (col + 1, row),
                  (col - 1, row), cell_of(hand + 2), cell_of(hand - 2)]  # fmt: skip
    picked: list[tuple[int, int]] = []
    for cell in candidates:
        valid = cell[0] >= 1 and 1 <= cell[1] <= ROWS
        if valid and cell != (col, row) and cell not in picked:
            picked.append(cell)
    return picked[:3]


def _plate_why(hand: int, cell: BeadCell, ties: bool) -> str:
    col, row = cell.col + 1, cell.row + 1
    where = f"column {col}, row {row}"
    if hand == 1:
        return f"Hand 1 is the first bead: it goes in the top-left cell, {where}."
    full = cell.col  # whole columns of six before it
    if full == 0:
        rows = {1: "fills row 1", 2: "fill rows 1 and 2"}.get(
            cell.row, f"fill rows 1 to {cell.row}"
        )
        filled = f"{rows} of column 1"
    else:
        filled = ("fill column 1" if full == 1 else f"fill columns 1 and 2 ({ROWS} each)"
                  if full == 2 else f"fill columns 1 to {full} ({ROWS} each)")  # fmt: skip
        if cell.row:
            filled += f" and {cell.row} of column {col}"
    before = "the one before it" if hand == 2 else f"the {hand - 1} before it"
    so = (
        f"so it starts column {col} at the top: {where}"
        if cell.row == 0 and full
        else f"so {where}"
    )
    counted = " Ties take a cell like any other hand." if ties else ""
    return f"Hand {hand} is the {_ordinal(hand)} bead: {before} {filled}, {so}.{counted}"


def plate_question(hand: int, outcomes: str) -> Question:
    """Where hand number `hand` (1-based) of the shoe `outcomes` goes on the Bead Plate. The
    learner sees the board as it was before that hand; the hand may be the next one dealt
    (len(outcomes) + 1)."""
    results = "".join(parse_outcomes(outcomes))
    if not 1 <= hand <= len(results) + 1:
        raise ValueError(f"plate={hand}: the shoe has {len(results)} hands, so ask about hand "
                         f"1 to {len(results) + 1}")  # fmt: skip
    shown = results[: hand - 1]
    # Where a bead goes does not depend on who won; the next one dealt is drawn as a
    # Banker only so that the engine places it.
    outcome = results[hand - 1] if hand <= len(results) else BANKER
    cell = scoreboard(shown + outcome).bead_plate[hand - 1]
    col, row = cell.col + 1, cell.row + 1
    cells = sorted([(col, row), *_plate_distractors(col, row, hand)])
    return Question(
        "bead_plate",
        "bead_plate",
        f"Where does hand {hand} go on the Bead Plate?",
        numbered([f"{c}:{r}" for c, r in cells], [_place(c, r) for c, r in cells]),
        f"{col}:{row}",
        _plate_why(hand, cell, TIE in shown),
        outcomes=shown,
    )
