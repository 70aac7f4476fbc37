"""The dealer school's "ready" standard."""

from baccarat.teaching.dealer_standard import (
    READ_FLOOR_SECONDS,
    READY_WINDOW,
    Answer,
    counted,
    ready,
)


def test_an_answer_before_the_question_could_be_read_does_not_count():
    assert not counted(Answer(True, READ_FLOOR_SECONDS / 2))
    assert counted(Answer(True, READ_FLOOR_SECONDS))


def test_ready_needs_a_full_window_nearly_all_right_in_time():
    good = [Answer(True, 2.0)] * READY_WINDOW
    assert ready(good, standard_seconds=3)
    assert not ready(good[:-1], standard_seconds=3)  # one answer short of the window
    assert not ready(good, standard_seconds=1.5)  # right, but slower than the standard
    one_wrong = good[:-1] + [Answer(False, 2.0)]
    assert ready(one_wrong, standard_seconds=3)  # 19 of 20
    two_wrong = good[:-2] + [Answer(False, 2.0)] * 2
    assert not ready(two_wrong, standard_seconds=3)


def test_answers_too_fast_to_read_neither_fill_nor_spoil_the_window():
    good = [Answer(True, 2.0)] * READY_WINDOW
    assert ready(good + [Answer(False, 0.1)] * 5, standard_seconds=3)
    assert not ready([Answer(True, 0.1)] * READY_WINDOW, standard_seconds=3)
