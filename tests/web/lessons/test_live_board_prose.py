"""Prose that describes a live board comes from the board, or it goes stale when the learner
changes the board. A lesson board
with ``next=`` says under it what one more Banker / Player would make each derived road
compare, read off the board as it stands, so it changes when the learner changes the board;
and no road lesson describes its board's columns in fixed words."""

import re
from pathlib import Path

import pytest
from django.urls import reverse
from htmx import HTMX

from baccarat.roads.scoreboard import next_hand_text, scoreboard
from lessons.course import load_course

COURSE = load_course()
RULE_1 = COURSE.lesson("big-eye-boy", "rule-1")
pytestmark = pytest.mark.django_db
CONTENT = Path(__file__).resolve().parents[3] / "lessons" / "content" / "lessons"


def url(lesson):
    return reverse("lessons:lesson", args=[lesson.module, lesson.slug])


def test_next_hand_text_reads_the_board():
    assert next_hand_text(scoreboard("BBPPB"), "P", ["big_eye_boy"]) == (
        "Add a Player now: column 4 starts, and Big Eye Boy compares column 3 (1 bead) "
        "with column 2 (2 beads)."
    )
    assert next_hand_text(scoreboard("BBPPBP"), "P", ["big_eye_boy"]) == (
        "Add a Player now: column 4 goes down to row 2, and Big Eye Boy looks at column 3, "
        "which has 1 bead."
    )
    assert next_hand_text(scoreboard("BBPBB"), "B", ["big_eye_boy", "small_road"]) == (
        "Add a Banker now: column 3 goes down to row 3: Big Eye Boy looks at column 2, which "
        "has 1 bead; Small Road looks at column 1, which has 2 beads."
    )
    assert next_hand_text(scoreboard(""), "B", ["big_eye_boy"]).endswith(
        "Big Eye Boy has not reached its starting point."
    )


def test_the_sentence_agrees_with_the_mark_the_hand_then_makes():
    for outcomes in ("BBPPB", "BBPPBP", "PBBPPB", "BPBBBPPB"):
        board = scoreboard(outcomes)
        mark = scoreboard(outcomes + "P").derived["big_eye_boy"].marks[-1]
        columns = re.findall(r"column (\d+)", next_hand_text(board, "P", ["big_eye_boy"]))
        assert [int(c) for c in columns[1:]] == [n for n, _ in mark.compared]


def test_the_rule_1_lesson_sentence_follows_the_board(client):
    html = client.get(url(RULE_1)).content.decode()
    assert "compares column 3 (1 bead) with column 2 (2 beads)" in html
    # The learner adds a Player: the board's own sentence moves on with it.
    html = client.get(url(RULE_1), {"board": "1", "r1": "BBPPBP"}, **HTMX).content.decode()
    assert 'class="road-next" data-next="P"' in html
    assert "column 4 goes down to row 2, and Big Eye Boy looks at column 3" in html
    assert "compares column 3 (1 bead) with column 2 (2 beads)" not in html


def test_road_lessons_describe_no_board_in_fixed_words():
    """The sentences that described the live board in fixed words are gone from the prose."""
    for old in (
        "compares column 3 (1 bead) with column 2",
        "Column 3 has reached row 2, so Small Road has started",
        "Column 4 has just reached row 2, so Cockroach Pig",
        "Here the Big Road has columns of 2 and 2",
    ):
        for path in CONTENT.glob("0[5-8]-*/*.md"):
            assert old not in path.read_text(), (path.name, old)
