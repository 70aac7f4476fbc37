"""A duration for every lesson and module, computed from what the lesson asks of the
learner, and shown on the course pages."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from lessons import duration
from lessons.blocks import Directive
from lessons.course import load_course

COURSE = load_course()


def block(name):
    return Directive(name=name, source=name, line=1, number=1, spec=None)


def test_reading_and_doing_both_count():
    prose = "<p>" + "word " * duration.WORDS_A_MINUTE * 2 + "</p>"
    assert duration.words("<p>The <strong>Banker’s</strong> rule</p>") == 3
    assert duration.minutes([prose]) == 2
    assert duration.minutes([prose, block("check")]) == 4  # 2 + 1.5, rounded up
    assert duration.minutes([prose, block("road"), block("road")]) == 8
    assert duration.minutes([prose, block("helplines")]) == 3
    assert duration.minutes([]) == 1  # never "0 min"


@pytest.mark.parametrize(
    ("total", "said"), [(1, "1 min"), (59, "59 min"), (60, "1 h"), (246, "4 h 6 min")]
)
def test_durations_are_said_in_hours_and_minutes(total, said):
    assert duration.spoken(total) == said


def test_every_lesson_has_a_duration_and_modules_add_them_up():
    for module in COURSE.modules:
        assert module.minutes == sum(lesson.minutes for lesson in module.lessons)
        for lesson in module.lessons:
            # A lesson with a check takes longer than its reading alone.
            reading = sum(duration.words(p) for p in lesson.parts if isinstance(p, str))
            assert lesson.minutes >= reading / duration.WORDS_A_MINUTE + 1.5 * len(lesson.checks)


@pytest.mark.django_db
def test_the_course_pages_show_them(client):
    html = client.get(reverse("lessons:index")).content.decode()
    assert f"The whole course takes about {COURSE.duration}." in html
    for module in COURSE.modules:
        assert f'<span class="duration">About {module.duration}.</span>' in html
        for lesson in module.lessons:
            title = escape(lesson.title)
            assert f'{title}</a> <span class="duration">{lesson.duration}</span>' in html
    lesson = COURSE.lessons[0]
    page = client.get(reverse("lessons:lesson", args=[lesson.module, lesson.slug]))
    assert f"· about {lesson.duration}" in page.content.decode()
