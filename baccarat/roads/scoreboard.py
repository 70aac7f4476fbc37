"""The scoreboard roads: Bead Plate, Big Road, Big Eye Boy, Small Road, Cockroach Pig.

The rules are written out, with worked examples, in docs/roads.md. The roads record results
and predict nothing: the "ask" below previews how the *drawing rule* would mark a
hypothetical next hand; it is not a forecast, and nothing here claims it is.

Everything is computed from the list of results in one pass (O(n) in the hands), so a
page can redraw a shoe on every hand recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from baccarat.roads import sentences
from baccarat.translation import _, gettext_noop, pgettext

BANKER, PLAYER, TIE = "B", "P", "T"
OUTCOMES = (BANKER, PLAYER, TIE)
# The names below are English, marked for translation: show one with _(name).
OUTCOME_NAMES = {
    BANKER: gettext_noop("Banker"),
    PLAYER: gettext_noop("Player"),
    TIE: gettext_noop("Tie"),
}
ROWS = 6
RED, BLUE = "red", "blue"
SYMBOLS = {RED: "=", BLUE: "≠"}
LETTERS = {RED: "R", BLUE: "B"}

# The derived roads and how many columns back each one looks (k).
DERIVED_ROADS = {"big_eye_boy": 1, "small_road": 2, "cockroach_pig": 3}
ROAD_NAMES = {
    "bead_plate": gettext_noop("Bead Plate"),
    "big_road": gettext_noop("Big Road"),
    "big_eye_boy": gettext_noop("Big Eye Boy"),
    "small_road": gettext_noop("Small Road"),
    "cockroach_pig": gettext_noop("Cockroach Pig"),
}
ROAD_GLYPHS = {
    "big_eye_boy": gettext_noop("hollow circles"),
    "small_road": gettext_noop("solid dots"),
    "cockroach_pig": gettext_noop("slashes"),
}

ASK_NOTE = gettext_noop(
    "This previews the drawing rule: the mark each road would add if the next hand were "
    "Banker, or Player. It predicts nothing: the next hand is as likely as the cards left "
    "in the shoe make it, whatever the board shows."
)

WATCH_OUT = {
    1: gettext_noop(
        "Rule 1 compares the column that just finished (c−1) with column c−{back}, "
        "not the new column c."
    ),
    2: gettext_noop(
        "Under Rule 2 an empty cell is blue only when the reference column stopped exactly "
        "one row above; a column that stopped earlier gives red."
    ),
}


def road_name(key: str) -> str:
    """A road's name in the active language: "Big Eye Boy"."""
    return _(ROAD_NAMES[key])


def outcome_name(outcome: str) -> str:
    """ "Banker", "Player" or "Tie" in the active language."""
    return _(OUTCOME_NAMES[outcome])


class OutcomeError(ValueError):
    """Outcome text with a character that is not B, P or T. `position` is 1-based."""

    def __init__(self, position: int, character: str, line: int | None = None):
        self.position = position
        self.character = character
        self.line = line
        if line:
            text = _(
                "line {line}, character {position}: {character} is not an outcome; use B, P or T"
            )
        else:
            text = _("position {position}: {character} is not an outcome; use B, P or T")
        super().__init__(text.format(line=line, position=position, character=repr(character)))


@dataclass(frozen=True)
class Result:
    """One recorded hand: who won, and the optional flags."""

    outcome: str
    banker_pair: bool = False
    player_pair: bool = False
    natural: bool = False
    point: int | None = None  # the winning total, 0-9, when the hand's cards are known


def parse_outcomes(text: str, line: int | None = None) -> list[str]:
    """ "BPT b p" -> ["B", "P", "T", "B", "P"]. Case and white space are ignored; any
    other character raises OutcomeError naming its 1-based position in `text`."""
    outcomes = []
    for position, character in enumerate(text, start=1):
        if character.isspace():
            continue
        letter = character.upper()
        if letter not in OUTCOMES:
            raise OutcomeError(position, character, line)
        outcomes.append(letter)
    return outcomes


def as_results(hands: Iterable[Result | str] | str) -> list[Result]:
    if isinstance(hands, str):
        return [Result(o) for o in parse_outcomes(hands)]
    results: list[Result] = []
    for hand in hands:
        if isinstance(hand, str):
            hand = Result(hand.upper())
        if hand.outcome not in OUTCOMES:
            raise OutcomeError(len(results) + 1, hand.outcome)
        results.append(hand)
    return results


# --- the grids ----------------------------------------------------------------------


@dataclass(frozen=True)
class BeadCell:
    col: int
    row: int
    hand: int  # 0-based index of the hand in the shoe
    outcome: str
    banker_pair: bool
    player_pair: bool
    natural: bool
    point: int | None = None


@dataclass(frozen=True)
class BigRoadCell:
    col: int
    row: int
    outcome: str | None  # None only for ties dealt before the first Banker/Player
    ties: int
    column: int  # 0-based logical column (streak)
    depth: int  # 0-based position in that streak
    hand: int | None  # the hand that made the bead


@dataclass(frozen=True)
class Mark:
    """One derived-road mark and why it is that colour."""

    road: str
    color: str
    rule: int
    column: int  # 1-based Big Road logical column of the bead that made the mark
    row: int  # 1-based row of that bead in its column
    compared: tuple[tuple[int, int], ...]  # (1-based column, its length) that decided it
    hand: int | None  # 0-based index of the hand (None for an ask preview)

    @property
    def proof(self) -> str:
        """The sentence that decides the mark, e.g. "Column 4 starts, so Rule 1: compare
        column 3 (1 bead) with column 2 (3 beads). Different length → blue (≠)."
        Written on demand: a redrawn board needs the colours, rarely the sentences."""
        return self.proof_in(_)

    def proof_in(self, translate: Callable[[str], str]) -> str:
        """`proof`, its sentence looked up by `translate` (a caller wording thousands of
        marks at once looks each of the few sentences up once: api.roads)."""
        if self.rule == 1:
            (finished, a), (reference, b) = self.compared
            return translate(sentences.RULE_1_PROOFS[a == 1, b == 1, a == b]).format(
                column=self.column, finished=finished, a=a, reference=reference, b=b
            )
        ((reference, length),) = self.compared
        if length >= self.row:
            verdict = "red"
        elif length == self.row - 1:
            verdict = "blue"
        else:
            verdict = "above"
        return translate(sentences.RULE_2_PROOFS[verdict, length == 1]).format(
            column=self.column, row=self.row, reference=reference, length=length
        )

    @property
    def columns_compared(self) -> tuple[int, int]:
        """The two 1-based Big Road columns the proof compares: under Rule 1 the column that
        just finished and the one k further back; under Rule 2 the new bead's column and
        the one k back."""
        if self.rule == 1:
            return (self.compared[0][0], self.compared[1][0])
        return (self.column, self.compared[0][0])

    @property
    def symbol(self) -> str:
        return SYMBOLS[self.color]

    @property
    def letter(self) -> str:
        return LETTERS[self.color]

    @property
    def watch_out(self) -> str:
        return _(WATCH_OUT[self.rule]).format(back=DERIVED_ROADS[self.road] + 1)


@dataclass(frozen=True)
class DerivedCell:
    col: int
    row: int
    color: str
    mark: int  # index into the road's marks
    column: int = 0  # 0-based logical column (run of one colour) of this road
    depth: int = 0  # 0-based position in that column


@dataclass(frozen=True)
class DerivedRoad:
    key: str
    k: int
    marks: tuple[Mark, ...]
    cells: tuple[DerivedCell, ...]

    @property
    def name(self) -> str:
        return _(ROAD_NAMES[self.key])

    @property
    def glyph(self) -> str:
        return _(ROAD_GLYPHS[self.key])

    @property
    def letters(self) -> str:
        return "".join(m.letter for m in self.marks)

    @property
    def width(self) -> int:
        return max((c.col for c in self.cells), default=-1) + 1


def place_streaks(lengths: Iterable[int], rows: int = ROWS) -> list[list[tuple[int, int]]]:
    """Big-Road placement with the dragon tail: for each streak, the (col, row) of each of
    its beads. A streak goes down until the cell below is past the last row or taken,
    then turns right along its row; each new streak starts at the top of the column after
    the previous streak's start (further right if an earlier tail already holds it)."""
    taken: set[tuple[int, int]] = set()
    placed = []
    start = -1
    for length in lengths:
        start += 1
        while (start, 0) in taken:
            start += 1
        col, row = start, 0
        cells = [(col, row)]
        taken.add((col, row))
        turned = False
        for _step in range(length - 1):
            if not turned and row + 1 < rows and (col, row + 1) not in taken:
                row += 1
            else:
                turned = True
                col += 1
                while (col, row) in taken:
                    col += 1
            cells.append((col, row))
            taken.add((col, row))
        placed.append(cells)
    return placed


# --- derived marks ----------------------------------------------------------------------


def derived_mark(
    road: str, lengths: list[int], column: int, row: int, hand: int | None
) -> Mark | None:
    """The mark `road` adds for the bead at 1-based (column, row) of the Big Road, where
    `lengths` are the logical columns' lengths up to and including that bead. None before
    the road's starting point."""
    k = DERIVED_ROADS[road]
    if column < k + 1 or (column == k + 1 and row < 2):
        return None
    if row == 1:
        # Rule 1: the column that just finished against the one k further back.
        finished, reference = column - 1, column - 1 - k
        a, b = lengths[finished - 1], lengths[reference - 1]
        color = RED if a == b else BLUE
        return Mark(road, color, 1, column, row, ((finished, a), (reference, b)), hand)
    # Rule 2: red if column c-k reaches this row, or stopped more than one row above.
    reference = column - k
    length = lengths[reference - 1]
    color = BLUE if length == row - 1 else RED
    return Mark(road, color, 2, column, row, ((reference, length),), hand)


def count_derived_marks(lengths: np.ndarray, number: np.ndarray, back: int) -> tuple[int, int]:
    """(red, blue): every mark the derived road looking `back` columns back (DERIVED_ROADS)
    draws, counted at once for many shoes from their logical columns alone, as
    derived_mark's two rules read them: `lengths` every column's length, shoe after shoe,
    and `number` each column's 0-based number in its shoe (numpy arrays). For the lab's
    thousands of shoes; the tests hold it equal to derived_mark, mark by mark.

    Rule 1, a column's first bead, from column k+2 on: the column just finished against the
    one k before it, red when as long. Rule 2, its later beads, from column k+1 on: column
    c-k reaching the bead's row is red, stopping exactly one row above is blue, stopping
    earlier is red; so a column of n beads adds n-1 marks, of which one is blue exactly when
    column c-k is shorter than n."""
    index = np.arange(len(lengths))
    new_column = index[number >= back + 1]
    same = lengths[new_column - 1] == lengths[new_column - 1 - back]
    going_down = index[number >= back]
    blue_below = lengths[going_down - back] < lengths[going_down]
    down_marks = int((lengths[going_down] - 1).sum())
    blue = int((~same).sum() + blue_below.sum())
    red = int(same.sum()) + down_marks - int(blue_below.sum())
    return red, blue


def _derived_road(road: str, marks: list[Mark]) -> DerivedRoad:
    streaks: list[list[int]] = []
    for index, mark in enumerate(marks):
        if streaks and marks[streaks[-1][-1]].color == mark.color:
            streaks[-1].append(index)
        else:
            streaks.append([index])
    cells = []
    placed = place_streaks(len(s) for s in streaks)
    for column, (streak, positions) in enumerate(zip(streaks, placed, strict=True)):
        for depth, (index, (col, row)) in enumerate(zip(streak, positions, strict=True)):
            cells.append(DerivedCell(col, row, marks[index].color, index, column, depth))
    return DerivedRoad(road, DERIVED_ROADS[road], tuple(marks), tuple(cells))


# --- statistics ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Stats:
    hands: int
    banker: int
    player: int
    tie: int
    banker_pairs: int
    player_pairs: int
    naturals: int
    current_streak: tuple[str, int] | None  # (outcome, length) of the last Big Road column
    longest_banker: int
    longest_player: int

    def share(self, count: int) -> float:
        return count / self.hands if self.hands else 0.0


# --- the whole board ---------------------------------------------------------------------


@dataclass(frozen=True)
class Scoreboard:
    hands: tuple[Result, ...]
    bead_plate: tuple[BeadCell, ...]
    columns: tuple[str, ...]
    big_road: tuple[BigRoadCell, ...]
    derived: dict[str, DerivedRoad]
    ask: dict[str, dict[str, Mark | None]]
    stats: Stats
    leading_ties: int = 0

    @property
    def bead_plate_width(self) -> int:
        return (len(self.hands) + ROWS - 1) // ROWS

    @property
    def big_road_width(self) -> int:
        return max((c.col for c in self.big_road), default=-1) + 1


def _ask(lengths: list[int], last: str | None, outcome: str) -> dict[str, Mark | None]:
    """The mark each derived road would add if the next hand were `outcome`."""
    if last is None:
        return dict.fromkeys(DERIVED_ROADS)
    if outcome == last:
        trial = [*lengths[:-1], lengths[-1] + 1]
        column, row = len(trial), trial[-1]
    else:
        trial = [*lengths, 1]
        column, row = len(trial), 1
    return {road: derived_mark(road, trial, column, row, None) for road in DERIVED_ROADS}


def scoreboard(hands: Iterable[Result | str] | str) -> Scoreboard:
    """Every road, mark, proof and count for a shoe's results in dealing order."""
    results = as_results(hands)
    bead_plate = tuple(
        BeadCell(
            i // ROWS, i % ROWS, i, h.outcome, h.banker_pair, h.player_pair, h.natural, h.point
        )
        for i, h in enumerate(results)
    )

    # Logical columns: (outcome, [hand index per bead], [ties per bead]).
    streaks: list[tuple[str, list[int], list[int]]] = []
    leading_ties = 0
    lengths: list[int] = []
    marks: dict[str, list[Mark]] = {road: [] for road in DERIVED_ROADS}
    longest = {BANKER: 0, PLAYER: 0}
    for index, hand in enumerate(results):
        if hand.outcome == TIE:
            if streaks:
                streaks[-1][2][-1] += 1
            else:
                leading_ties += 1
            continue
        if streaks and streaks[-1][0] == hand.outcome:
            streaks[-1][1].append(index)
            streaks[-1][2].append(0)
            lengths[-1] += 1
        else:
            # Ties before the first bead stay with it.
            first_ties = leading_ties if not streaks else 0
            streaks.append((hand.outcome, [index], [first_ties]))
            lengths.append(1)
        longest[hand.outcome] = max(longest[hand.outcome], lengths[-1])
        for road in DERIVED_ROADS:
            mark = derived_mark(road, lengths, len(lengths), lengths[-1], index)
            if mark:
                marks[road].append(mark)

    big_road = []
    for number, ((outcome, beads, ties), cells) in enumerate(
        zip(streaks, place_streaks(lengths), strict=True)
    ):
        for depth, ((col, row), bead, tie_count) in enumerate(zip(cells, beads, ties, strict=True)):
            big_road.append(BigRoadCell(col, row, outcome, tie_count, number, depth, bead))
    if not streaks and leading_ties:
        big_road.append(BigRoadCell(0, 0, None, leading_ties, 0, 0, None))

    last = streaks[-1][0] if streaks else None
    stats = Stats(
        hands=len(results),
        banker=sum(h.outcome == BANKER for h in results),
        player=sum(h.outcome == PLAYER for h in results),
        tie=sum(h.outcome == TIE for h in results),
        banker_pairs=sum(h.banker_pair for h in results),
        player_pairs=sum(h.player_pair for h in results),
        naturals=sum(h.natural for h in results),
        current_streak=(streaks[-1][0], lengths[-1]) if streaks else None,
        longest_banker=longest[BANKER],
        longest_player=longest[PLAYER],
    )
    return Scoreboard(
        hands=tuple(results),
        bead_plate=bead_plate,
        columns=tuple(outcome * len(beads) for outcome, beads, _ties in streaks),
        big_road=tuple(big_road),
        derived={road: _derived_road(road, marks[road]) for road in DERIVED_ROADS},
        ask={
            "banker": _ask(lengths, last, BANKER),
            "player": _ask(lengths, last, PLAYER),
        },
        stats=stats,
        leading_ties=leading_ties,
    )


def next_hand_text(board: Scoreboard, outcome: str, roads: Iterable[str]) -> str:
    """What one more `outcome` would make each road look at, read off this board, the
    verdict left to the learner: "Add a Player now: column 4 starts, and Big Eye Boy
    compares column 3 (1 bead) with column 2 (2 beads)." """
    lengths = [len(column) for column in board.columns]
    if not lengths:
        where, column, row = "first", 1, 1
    elif board.columns[-1][0] == outcome:
        where, column, row = "down", len(lengths), lengths[-1] + 1
    else:
        where, column, row = "new", len(lengths) + 1, 1
    side = "banker" if outcome == BANKER else "player"
    clauses = [sentences.ask_clause(board.ask[side][road], road_name(road)) for road in roads]
    told = "none" if not clauses else "one" if len(clauses) == 1 else "many"
    return _(sentences.NEXT_HAND[where, told]).format(
        name=outcome_name(outcome),
        column=column,
        row=row,
        clause=clauses[0] if clauses else "",
        clauses=pgettext("between the clauses of a sentence", "; ").join(clauses),
    )
