"""The lessons' questions about how the roads are drawn rather than what they draw: which
rule decides a derived road's next mark (or whether it has started at all), and where a
hand goes on the Bead Plate. The answers are the engine's own (baccarat.roads.scoreboard): a mark's
`rule`, a bead's cell. No Django.
"""

from __future__ import annotations

from baccarat.roads.scoreboard import (
    BANKER,
    DERIVED_ROADS,
    PLAYER,
    ROWS,
    TIE,
    BeadCell,
    Mark,
    Scoreboard,
    outcome_name,
    parse_outcomes,
    road_name,
    scoreboard,
)
from baccarat.teaching.definitions import starting_point
from baccarat.teaching.questions import Question, numbered
from baccarat.translation import _, gettext_noop, pgettext

NO_MARK, RULE_1, RULE_2 = "none", "rule-1", "rule-2"

# The two rules as the lessons state them, by how far back the road looks (k): "the column
# before it" for Big Eye Boy, "the column two before it" for Small Road...
_RULE_LABELS = {
    1: (
        gettext_noop(
            "Rule 1, a new column starts: compare the column that just finished with the "
            "column before it"
        ),
        gettext_noop("Rule 2, the column goes down: look at the column one to the left"),
    ),
    2: (
        gettext_noop(
            "Rule 1, a new column starts: compare the column that just finished with the "
            "column two before it"
        ),
        gettext_noop("Rule 2, the column goes down: look at the column two to the left"),
    ),
    3: (
        gettext_noop(
            "Rule 1, a new column starts: compare the column that just finished with the "
            "column three before it"
        ),
        gettext_noop("Rule 2, the column goes down: look at the column three to the left"),
    ),
}


def case_labels(road: str) -> dict[str, str]:
    """The three cases as the lessons state them for `road`."""
    rule_1, rule_2 = _RULE_LABELS[DERIVED_ROADS[road]]
    return {
        NO_MARK: _("No mark yet: the board has not reached {road}'s starting point").format(
            road=road_name(road)
        ),
        RULE_1: _(rule_1),
        RULE_2: _(rule_2),
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
    name, title = outcome_name(side), road_name(road)
    column, row = len(after.columns), len(after.columns[-1])
    # Ties take no bead, so a board ending in ties is read from its last Banker or Player.
    tied = shown.endswith(TIE)
    if not before.columns:
        lead = _("{name} would be the first bead.")
    elif before.columns[-1][0] == side:
        lead = (_("{name} repeats the last result that was not a tie.") if tied
                else _("{name} repeats the last result."))  # fmt: skip
    else:
        lead = (_("{name} differs from the last result that was not a tie ({previous}).") if tied
                else _("{name} differs from the last result ({previous})."))  # fmt: skip
    previous = outcome_name(before.columns[-1][0]) if before.columns else ""
    lead = lead.format(name=name, previous=previous)
    if mark is None:
        answer = NO_MARK
        why = _(
            "{lead} Its bead is column {column}, row {row}, and {road} starts at {start}: this "
            "bead comes before that, so it adds no mark."
        ).format(lead=lead, column=column, row=row, road=title, start=starting_point(road))
    else:
        answer = RULE_1 if mark.rule == 1 else RULE_2
        why = pgettext("two sentences, one after the other", "{first} {second}").format(
            first=lead, second=mark.proof
        )
    labels = case_labels(road)
    return Question(
        "derived_case",
        f"case:{road}",
        _("If {name} wins the next hand, which rule decides {road}'s mark?").format(
            name=name, road=title
        ),
        numbered(list(labels), list(labels.values())),
        answer,
        why,
        outcomes=shown,
    )


# --- the Bead Plate -----------------------------------------------------------------------


def _ordinal(n: int) -> str:
    """ "1st", "2nd", "11th" in the active language."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        text = pgettext("an ordinal number: a bead's place in the shoe", "{n}th")
    elif n % 10 == 1:
        text = pgettext("an ordinal number: a bead's place in the shoe", "{n}st")
    elif n % 10 == 2:
        text = pgettext("an ordinal number: a bead's place in the shoe", "{n}nd")
    else:
        text = pgettext("an ordinal number: a bead's place in the shoe", "{n}rd")
    return text.format(n=n)


def _place(col: int, row: int) -> str:
    """A 1-based cell in the words of the choices."""
    return _("Column {column}, row {row}").format(column=col, row=row)


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


# Why a hand goes where it does on the Bead Plate, once it is not the first: keyed by
# (whole columns before it: 0, 1, 2 or "more"; the beads before it in its own column). With
# no whole column before it the key's second part is that count (1, 2 or "more"); after
# whole columns it is whether it starts its column (0) or goes below others ("below").
_PLATE_WHY = {
    (0, 1): gettext_noop(
        "Hand {hand} is the {ordinal} bead: the one before it fills row 1 of column 1, so "
        "column {column}, row {row}."
    ),
    (0, 2): gettext_noop(
        "Hand {hand} is the {ordinal} bead: the {before} before it fill rows 1 and 2 of column "
        "1, so column {column}, row {row}."
    ),
    (0, "more"): gettext_noop(
        "Hand {hand} is the {ordinal} bead: the {before} before it fill rows 1 to {rows} of "
        "column 1, so column {column}, row {row}."
    ),
    (1, 0): gettext_noop(
        "Hand {hand} is the {ordinal} bead: the {before} before it fill column 1, so it starts "
        "column {column} at the top: column {column}, row {row}."
    ),
    (1, "below"): gettext_noop(
        "Hand {hand} is the {ordinal} bead: the {before} before it fill column 1 and {rows} of "
        "column {column}, so column {column}, row {row}."
    ),
    (2, 0): gettext_noop(
        "Hand {hand} is the {ordinal} bead: the {before} before it fill columns 1 and 2 "
        "({per} each), so it starts column {column} at the top: column {column}, row {row}."
    ),
    (2, "below"): gettext_noop(
        "Hand {hand} is the {ordinal} bead: the {before} before it fill columns 1 and 2 "
        "({per} each) and {rows} of column {column}, so column {column}, row {row}."
    ),
    ("more", 0): gettext_noop(
        "Hand {hand} is the {ordinal} bead: the {before} before it fill columns 1 to {full} "
        "({per} each), so it starts column {column} at the top: column {column}, row {row}."
    ),
    ("more", "below"): gettext_noop(
        "Hand {hand} is the {ordinal} bead: the {before} before it fill columns 1 to {full} "
        "({per} each) and {rows} of column {column}, so column {column}, row {row}."
    ),
}


def _plate_why(hand: int, cell: BeadCell, ties: bool) -> str:
    col, row = cell.col + 1, cell.row + 1
    if hand == 1:
        return _(
            "Hand 1 is the first bead: it goes in the top-left cell, column {column}, row {row}."
        ).format(column=col, row=row)
    full = cell.col  # whole columns of six before it
    key: tuple[int | str, int | str]
    if full == 0:
        key = (0, cell.row if cell.row < 3 else "more")
    else:
        key = (full if full < 3 else "more", "below" if cell.row else 0)
    why = _(_PLATE_WHY[key]).format(
        hand=hand, ordinal=_ordinal(hand), before=hand - 1, rows=cell.row, column=col, row=row,
        full=full, per=ROWS,
    )  # fmt: skip
    if not ties:
        return why
    return pgettext("two sentences, one after the other", "{first} {second}").format(
        first=why, second=_("Ties take a cell like any other hand.")
    )


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
        _("Where does hand {hand} go on the Bead Plate?").format(hand=hand),
        numbered([f"{c}:{r}" for c, r in cells], [_place(c, r) for c, r in cells]),
        f"{col}:{row}",
        _plate_why(hand, cell, TIE in shown),
        outcomes=shown,
    )
