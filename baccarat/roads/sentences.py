"""The sentences baccarat.roads.scoreboard writes about a derived mark: its proof ("Column 4
starts, so Rule 1: ...") and what one more hand would make a road look at. Each case is one whole
sentence, marked for translation (baccarat.translation), rather than English pieces joined:
a column of one bead and a column of several are worded apart, so that a translation can
order its own words. Kept apart from baccarat.roads.scoreboard, which reads in one sitting.
"""

from __future__ import annotations

from typing import Protocol

from baccarat.translation import _, gettext_noop


class AskedMark(Protocol):
    """What these sentences read of a baccarat.roads.scoreboard.Mark (which imports this
    module, so it is not imported here)."""

    @property
    def rule(self) -> int: ...
    @property
    def compared(self) -> tuple[tuple[int, int], ...]: ...


# Rule 1, a new column: keyed by (the column that just finished has 1 bead, the one it is
# compared with has 1 bead, the two are as long).
RULE_1_PROOFS = {
    (True, True, True): gettext_noop(
        "Column {column} starts, so Rule 1: compare column {finished} (1 bead) with column "
        "{reference} (1 bead). Same length → red (=)."
    ),
    (False, False, True): gettext_noop(
        "Column {column} starts, so Rule 1: compare column {finished} ({a} beads) with column "
        "{reference} ({b} beads). Same length → red (=)."
    ),
    (True, False, False): gettext_noop(
        "Column {column} starts, so Rule 1: compare column {finished} (1 bead) with column "
        "{reference} ({b} beads). Different length → blue (≠)."
    ),
    (False, True, False): gettext_noop(
        "Column {column} starts, so Rule 1: compare column {finished} ({a} beads) with column "
        "{reference} (1 bead). Different length → blue (≠)."
    ),
    (False, False, False): gettext_noop(
        "Column {column} starts, so Rule 1: compare column {finished} ({a} beads) with column "
        "{reference} ({b} beads). Different length → blue (≠)."
    ),
}

# Rule 2, the column goes down: keyed by (what the reference column shows, it has 1 bead).
# "red": it reaches the new bead's row (so it has 2 beads or more); "blue": it stopped
# exactly one row above; "above": it stopped further up.
RULE_2_PROOFS = {
    ("red", False): gettext_noop(
        "Column {column} goes down to row {row}, so Rule 2: look at column {reference}, which "
        "has {length} beads. It has a bead at row {row} → red (=)."
    ),
    ("blue", True): gettext_noop(
        "Column {column} goes down to row {row}, so Rule 2: look at column {reference}, which "
        "has 1 bead. It stopped exactly one row above → blue (≠)."
    ),
    ("blue", False): gettext_noop(
        "Column {column} goes down to row {row}, so Rule 2: look at column {reference}, which "
        "has {length} beads. It stopped exactly one row above → blue (≠)."
    ),
    ("above", True): gettext_noop(
        "Column {column} goes down to row {row}, so Rule 2: look at column {reference}, which "
        "has 1 bead. It stopped more than one row above → red (=)."
    ),
    ("above", False): gettext_noop(
        "Column {column} goes down to row {row}, so Rule 2: look at column {reference}, which "
        "has {length} beads. It stopped more than one row above → red (=)."
    ),
}

# What one more hand makes a road look at (next_hand_text), the verdict left to the
# learner. A road that has not started:
ASK_NOT_STARTED = gettext_noop("{road} has not reached its starting point")
# Rule 1, keyed by (the column that just finished has 1 bead, the other has 1 bead):
ASK_RULE_1 = {
    (True, True): gettext_noop(
        "{road} compares column {finished} (1 bead) with column {reference} (1 bead)"
    ),
    (True, False): gettext_noop(
        "{road} compares column {finished} (1 bead) with column {reference} ({b} beads)"
    ),
    (False, True): gettext_noop(
        "{road} compares column {finished} ({a} beads) with column {reference} (1 bead)"
    ),
    (False, False): gettext_noop(
        "{road} compares column {finished} ({a} beads) with column {reference} ({b} beads)"
    ),
}
# Rule 2, keyed by (the column looked at has 1 bead):
ASK_RULE_2 = {
    True: gettext_noop("{road} looks at column {reference}, which has 1 bead"),
    False: gettext_noop("{road} looks at column {reference}, which has {length} beads"),
}
# The whole sentence, keyed by (where the bead goes, how many roads are told): "first"
# bead of the board, the column goes "down", a "new" column; "none", "one" ({clause}) or
# "many" ({clauses}, the roads' clauses one after another).
NEXT_HAND = {
    ("first", "none"): gettext_noop("Add a {name} now: it is the first bead, column 1, row 1."),
    ("first", "one"): gettext_noop(
        "Add a {name} now: it is the first bead, column 1, row 1, and {clause}."
    ),
    ("first", "many"): gettext_noop(
        "Add a {name} now: it is the first bead, column 1, row 1: {clauses}."
    ),
    ("down", "none"): gettext_noop("Add a {name} now: column {column} goes down to row {row}."),
    ("down", "one"): gettext_noop(
        "Add a {name} now: column {column} goes down to row {row}, and {clause}."
    ),
    ("down", "many"): gettext_noop(
        "Add a {name} now: column {column} goes down to row {row}: {clauses}."
    ),
    ("new", "none"): gettext_noop("Add a {name} now: column {column} starts."),
    ("new", "one"): gettext_noop("Add a {name} now: column {column} starts, and {clause}."),
    ("new", "many"): gettext_noop("Add a {name} now: column {column} starts: {clauses}."),
}


def ask_clause(mark: AskedMark | None, road: str) -> str:
    """What `mark` (a baccarat.roads.scoreboard.Mark, or None before the road starts) makes the road
    named `road` look at: "Big Eye Boy compares column 3 (1 bead) with column 2 (2 beads)"."""
    if mark is None:
        return _(ASK_NOT_STARTED).format(road=road)
    if mark.rule == 1:
        (finished, a), (reference, b) = mark.compared
        return _(ASK_RULE_1[a == 1, b == 1]).format(
            road=road, finished=finished, a=a, reference=reference, b=b
        )
    ((reference, length),) = mark.compared
    return _(ASK_RULE_2[length == 1]).format(road=road, reference=reference, length=length)
