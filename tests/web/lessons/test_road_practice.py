"""The course is deep where the roads are hardest, as deep as the best course
elsewhere: enough live boards and checks, no road lesson without a check, and every rule of every
derived road practised twice over: on a check the engine grades, and on a board the learner
changes, with the line under it (``next=``) following the board.

No database and no Django: the course is read from its files, like the game it quotes.
"""

import pytest

from baccarat.roads.scoreboard import DERIVED_ROADS, ROWS, scoreboard
from lessons.course import read_course

COURSE = read_course()
ROAD_MODULES = ("bead-plate-and-big-road", "big-eye-boy", "small-road", "cockroach-pig")
ROAD_LESSONS = [lesson for lesson in COURSE.lessons if lesson.module in ROAD_MODULES]
LIVE = ("road", "hand", "tableau", "tableau-row")  # what the learner can change or step through


def count(lessons, names):
    return sum(1 for lesson in lessons for d in lesson.directives if d.name in names)


def test_the_course_has_the_live_boards_and_checks_of_the_best_one():
    # The seed course: 74 live boards, 94 checks. Floors at what the course reached.
    assert count(COURSE.lessons, LIVE) >= 60
    assert sum(len(lesson.checks) for lesson in COURSE.lessons) >= 100


def test_the_road_modules_carry_most_of_the_boards_and_checks():
    assert count(ROAD_LESSONS, ("road",)) >= 34
    assert sum(len(lesson.checks) for lesson in ROAD_LESSONS) >= 43


@pytest.mark.parametrize("lesson", ROAD_LESSONS, ids=lambda lesson: lesson.key)
def test_no_road_lesson_goes_without_a_check(lesson):
    assert lesson.checks, f"{lesson.key} has no check"


def first_mark(outcomes, road, side):
    """The question's mark, and whether it is the road's first one."""
    board = scoreboard(outcomes)
    mark = board.ask["banker" if side == "B" else "player"][road]
    return mark, not board.derived[road].marks


def practised(road):
    """Every case, tie and tail the course's graded mark checks ask about on `road`."""
    cases = set()
    for lesson in ROAD_LESSONS:
        for check in lesson.checks:
            if check.source != "mark" or check.value != road:
                continue
            mark, first = first_mark(check.outcomes, road, check.side)
            k = DERIVED_ROADS[road]
            if first:
                cases.add("start, row 2" if mark.row == 2 else "start, new column")
                assert (mark.column, mark.row) in ((k + 1, 2), (k + 2, 1))
            elif mark.rule == 1:
                cases.add(f"rule 1 {mark.color}")
            else:
                ((_, length),) = mark.compared
                if length >= mark.row:
                    cases.add("rule 2 beside")
                else:
                    cases.add(
                        "rule 2 one row above" if length == mark.row - 1 else "rule 2 earlier"
                    )
            if "T" in check.outcomes:
                cases.add("ties")
            if any(length > ROWS for _, length in mark.compared) or mark.row > ROWS:
                cases.add("tail")
    return cases


EVERY_RULE = {"start, row 2", "start, new column", "rule 1 red", "rule 1 blue",
              "rule 2 beside", "rule 2 one row above", "rule 2 earlier"}  # fmt: skip


@pytest.mark.parametrize("road", DERIVED_ROADS)
def test_every_rule_of_every_derived_road_has_a_graded_check(road):
    missing = EVERY_RULE - practised(road)
    assert not missing, f"{road}: no check practises {sorted(missing)}"


def test_ties_and_dragon_tails_are_checked_on_the_derived_roads():
    for road in ("big_eye_boy", "small_road"):
        assert {"ties", "tail"} <= practised(road), road
    assert "tail" in practised("cockroach_pig")


@pytest.mark.parametrize("road", DERIVED_ROADS)
def test_every_derived_road_has_boards_the_learner_builds_with_the_line_under_them(road):
    """A board with ``next=`` says what one more result would make the road compare, read off
    the board as the learner changes it; each road has one for Rule 1 and one for Rule 2, and
    one where the learner reaches its starting point."""
    boards = [d.spec for lesson in ROAD_LESSONS for d in lesson.roads()
              if road in d.spec.show and d.spec.next]  # fmt: skip
    rules, starts = set(), False
    for spec in boards:
        board = scoreboard(spec.outcomes)
        mark = board.ask["banker" if spec.next == "B" else "player"][road]
        if mark is None:
            starts = True  # the learner builds up to the starting point
            continue
        rules.add(mark.rule)
        starts |= not board.derived[road].marks
    assert rules == {1, 2}, f"{road}: next= boards for rules {sorted(rules)}"
    assert starts, f"{road}: no board where the learner's next result makes the first mark"


def test_a_board_for_each_road_shows_a_dragon_tail_and_one_shows_ties():
    boards = [d.spec for lesson in ROAD_LESSONS for d in lesson.roads()]
    for road in DERIVED_ROADS:
        assert any(
            road in spec.show and max(map(len, scoreboard(spec.outcomes).columns), default=0) > ROWS
            for spec in boards
        ), road
    assert any("T" in spec.outcomes and spec.derived for spec in boards)
