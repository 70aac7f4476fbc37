"""Rules the lessons quote stand on their own: a tableau row says when it applies, and a
derived road's columns are counted as the engine counts them for that road.

No database and no Django: the course is read from its files, like the game it quotes.
"""

from __future__ import annotations

import re
from html import unescape

from baccarat.game.tableau import TABLEAU, tableau_row_claim, tableau_row_rule
from baccarat.roads.scoreboard import DERIVED_ROADS, ROWS, road_name, scoreboard
from lessons.course import read_course

COURSE = read_course()


def every_lesson_prose():
    """Each lesson as a reader reads it: its HTML without tags (inline directives already
    filled in by the engine) and the engine's rule boxes, white space made single."""
    for module in COURSE.modules:
        for lesson in module.lessons:
            html = " ".join(
                part if isinstance(part, str) else getattr(part.spec, "text", "")
                for part in lesson.parts
            )
            yield lesson.slug, " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_every_tableau_row_quoted_in_a_lesson_says_the_player_drew():
    quoted = 0
    for slug, text in every_lesson_prose():
        for b in range(len(TABLEAU)):
            bare, claim = tableau_row_rule(b), tableau_row_claim(b)
            quoted += text.count(bare)
            assert text.count(bare) == text.count(claim), (slug, bare)
    assert quoted >= 7  # the Banker rule's lessons quote rows 0 to 6


def test_the_derived_roads_lesson_counts_each_roads_columns_as_the_engine_does():
    text = dict(every_lesson_prose())["derived-roads"]
    assert "the two columns before it are" not in text  # true of Big Eye Boy only
    for road, back in DERIVED_ROADS.items():
        sentence = (
            f"{road_name(road)}: a bead that starts column c compares column c−1, which just "
            f"finished, with column c−{back + 1}; a bead further down column c looks at "
            f"column c−{back}"
        )
        assert sentence in text
        # and the engine's own proofs name those columns: a Rule 1 mark on a board of
        # one-bead columns compares column c−1 with c−(k+1)
        outcomes = "BP" * (back + 1)
        mark = scoreboard(outcomes).ask["banker"][road]
        column = len(outcomes) + 1
        assert mark.rule == 1
        assert mark.columns_compared == (column - 1, column - back - 1)


def test_the_dragon_tail_lesson_shows_a_column_turning_right_above_an_earlier_tail():
    """A column turns right where the cell below is past the last row *or taken*: the lesson
    says both, and one of its boards shows the second kind as the engine places it."""
    lesson = COURSE.lesson("bead-plate-and-big-road", "dragon-tail")
    assert "along the bottom, which" not in lesson.summary
    assert "above an earlier tail" in lesson.summary
    shown = [d.spec for d in lesson.directives if d.name == "road"]
    early_turns = []
    for spec in shown:
        cells = scoreboard(spec.outcomes).big_road
        for i, (before, after) in enumerate(zip(cells, cells[1:], strict=False)):
            turned = after.column == before.column and after.col != before.col
            if turned and before.row < ROWS - 1:
                placed = {(cell.col, cell.row) for cell in cells[: i + 1]}
                assert (before.col, before.row + 1) in placed  # a mark was in its way
                early_turns.append((before.col, before.row))
    assert early_turns, "no board shows a column turning right above a mark in its way"
