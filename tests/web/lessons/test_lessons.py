"""The lessons through the test client: the index and its progress bars, every lesson page
with every directive drawn, checks answered right and wrong (plain POSTs and htmx), road
boards grown with and without htmx, mark proofs, and "continue where you left off" on the
home page."""

import re
from collections import Counter
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from htmx import HTMX

from lessons.course import load_course
from progress.models import LessonProgress

pytestmark = pytest.mark.django_db

COURSE = load_course()
FOUNDATIONS = len(COURSE.module("foundations").lessons)
VALUES = COURSE.lesson("foundations", "card-values")  # three checks: king, ace, ten
TABLE = COURSE.lesson("foundations", "the-table")  # the course's first lesson
BEAD_PLATE = COURSE.lesson("bead-plate-and-big-road", "bead-plate")
DRAGON_TAIL = COURSE.lesson("bead-plate-and-big-road", "dragon-tail")  # two boards
DERIVED = COURSE.lesson("big-eye-boy", "derived-roads")


def url(lesson):
    return reverse("lessons:lesson", args=[lesson.module, lesson.slug])


def page(client, lesson, status=200, **params):
    response = client.get(url(lesson), params)
    assert response.status_code == status
    return response.content.decode()


def answer(client, lesson, check_id, value, attempt, **headers):
    action = reverse("lessons:check", args=[lesson.module, lesson.slug, check_id])
    return client.post(action, {"answer": value, "attempt": attempt}, **headers)


def question(lesson, check_id, attempt):
    return lesson.check(check_id).question(lesson.key, attempt)


def finish(client, lesson, **headers):
    """Answer every check of the lesson right, on its first try."""
    for check in lesson.checks:
        q = question(lesson, check.id, 0)
        answer(client, lesson, check.id, q.answer, 0, **headers)


def wrong(q):
    return next(choice.value for choice in q.choices if choice.value != q.answer)


def status(html):
    start = html.index('<section id="lesson-status"')
    return html[start : html.index("</section>", start)]


# --- /lessons/ -----------------------------------------------------------------------------------


def test_index_lists_every_module_in_order_with_its_progress(client):
    response = client.get(reverse("lessons:index"))
    assert response.status_code == 200
    html = response.content.decode()
    positions = [html.index(f'id="{module.slug}-h"') for module in COURSE.modules]
    assert positions == sorted(positions)
    for module in COURSE.modules:
        total = len(module.lessons)
        assert f"0 of {total} lesson{'s' if total > 1 else ''} complete" in html
        for lesson in module.lessons:
            assert f'href="{url(lesson)}"' in html
    assert f"<strong>0 of {len(COURSE.lessons)} lessons</strong> complete" in html
    assert 'aria-current="page"' in html  # Lessons is the current section in the nav


def test_a_first_visit_to_home_or_the_lessons_starts_no_session(client):
    for name in ("reference:home", "lessons:index"):
        response = client.get(reverse(name))
        assert response.status_code == 200
        assert "sessionid" not in response.cookies


def test_unknown_slugs_are_404(client):
    assert client.get("/lessons/no-such-module/").status_code == 404
    assert client.get("/lessons/foundations/no-such-lesson/").status_code == 404
    assert client.get("/lessons/no-such-module/card-values/").status_code == 404
    assert answer(client, VALUES, "no-such-check", "0", 0).status_code == 404
    marks = f"{url(DERIVED)}marks/"
    assert client.get(f"{marks}BPXB/big_eye_boy/0/").status_code == 404
    assert client.get(f"{marks}BPPB/big_road/0/").status_code == 404
    assert client.get(f"{marks}BPPB/big_eye_boy/9/").status_code == 404


def test_a_module_url_goes_to_its_place_on_the_index(client):
    response = client.get("/lessons/foundations/")
    assert response.status_code == 302
    assert response["Location"] == "/lessons/#foundations"


# --- every lesson, every directive ---------------------------------------------------------------


@pytest.mark.parametrize("lesson", COURSE.lessons, ids=lambda lesson: lesson.key)
def test_every_lesson_renders_every_directive(client, lesson):
    html = page(client, lesson)
    assert "{{" not in html and "}}" not in html, "a directive was left unrendered"
    assert f"<h1>{lesson.title}</h1>".replace("'", "&#x27;") in html
    counts = Counter(d.name for d in lesson.directives if d.name != "check")
    for name, count in counts.items():
        assert html.count(f'data-directive="{name}"') == count, name
    for check in lesson.checks:
        assert f'id="check-{check.id}"' in html
        assert f'id="check-{check.id}-feedback"' in html
    ids = re.findall(r'\bid="([^"]+)"', html)
    repeated = [i for i, n in Counter(ids).items() if n > 1]
    assert not repeated, f"ids used twice: {repeated}"
    assert 'id="lesson-status"' in html


def test_pager_links_the_neighbouring_lessons(client):
    html = page(client, VALUES)
    before, after = COURSE.neighbours(VALUES)
    assert f'<a href="{url(before)}" rel="prev">' in html
    assert f'<a href="{url(after)}" rel="next">' in html


# --- checks --------------------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["anonymous", "user"])
def test_a_lesson_is_completed_by_answering_its_checks(client, who):
    if who == "user":
        user = User.objects.create_user("ada", password="a long enough password 1")
        client.force_login(user)
    page(client, VALUES)

    # A wrong answer is explained, not counted, and a new question takes its place.
    first = question(VALUES, "king", 0)
    response = answer(client, VALUES, "king", wrong(first), 0)
    assert response.status_code == 302
    assert response["Location"] == f"{url(VALUES)}#check-king"
    html = page(client, VALUES)
    assert 'data-verdict="wrong"' in html
    assert f"the answer is {first.answer_label}" in html
    assert first.explanation in html
    assert "0 of 3 checks passed" in status(html)
    assert 'name="attempt" value="1"' in html
    # The feedback is shown once.
    assert 'data-verdict="wrong"' not in page(client, VALUES)

    # Right answers pass each check, and the last one completes the lesson.
    second = question(VALUES, "king", 1)
    answer(client, VALUES, "king", second.answer, 1)
    html = page(client, VALUES)
    assert 'data-verdict="right"' in html
    assert "1 of 3 checks passed" in status(html)
    for check_id in ("ace", "ten"):
        answer(client, VALUES, check_id, question(VALUES, check_id, 0).answer, 0)
    html = page(client, VALUES)
    assert "Lesson complete" in status(html)
    assert "Every check passed: lesson complete." in html
    assert html.count("<strong>Passed.</strong>") == 3
    assert 'class="check-form"' not in html

    index = client.get(reverse("lessons:index")).content.decode()
    assert f"1 of {FOUNDATIONS} lessons complete" in index
    if who == "user":
        row = LessonProgress.objects.get(user__username="ada", lesson=VALUES.key)
        assert row.completed is not None
        assert set(row.checks_passed) == {"king", "ace", "ten"}


def test_a_stale_answer_is_refused_and_not_counted(client):
    q = question(VALUES, "king", 0)
    response = answer(client, VALUES, "king", q.answer, 3)
    assert response.status_code == 400
    html = response.content.decode()
    assert "That answer was for an earlier question" in html
    assert "0 of 3 checks passed" in status(html)


def test_an_answer_that_is_not_a_choice_is_refused(client):
    response = answer(client, VALUES, "king", "eleven", 0)
    assert response.status_code == 400
    assert "Choose one of the answers; nothing was counted." in response.content.decode()
    assert "0 of 3 checks passed" in status(page(client, VALUES))


def test_checks_only_take_posts(client):
    action = reverse("lessons:check", args=[VALUES.module, VALUES.slug, "king"])
    assert client.get(action).status_code == 405


def test_htmx_answer_returns_the_check_with_feedback_and_status_out_of_band(client):
    q = question(VALUES, "ace", 0)
    response = answer(client, VALUES, "ace", q.answer, 0, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html
    assert html.lstrip().startswith('<div id="check-ace-panel"')
    assert '<div id="check-ace-feedback" hx-swap-oob="innerHTML">' in html
    assert 'data-verdict="right"' in html and q.explanation in html
    assert 'id="lesson-status"' in html and 'hx-swap-oob="true"' in html
    assert "1 of 3 checks passed" in html


def test_htmx_wrong_answer_shows_the_next_question(client):
    q = question(VALUES, "ten", 0)
    html = answer(client, VALUES, "ten", wrong(q), 0, **HTMX).content.decode()
    assert 'data-verdict="wrong"' in html
    assert 'name="attempt" value="1"' in html
    assert question(VALUES, "ten", 1).prompt in html


def test_htmx_refusal_is_retargeted_to_the_check(client):
    response = answer(client, VALUES, "king", "0", 7, **HTMX)
    assert response.status_code == 400
    assert response["HX-Retarget"] == "#check-king-panel"
    assert "That answer was for an earlier question" in response.content.decode()


# --- completing a lesson -------------------------------------------------------------------------


def test_every_lesson_ends_with_a_check_and_completes_when_they_pass(client):
    assert all(lesson.checks for lesson in COURSE.lessons)
    html = page(client, TABLE)
    assert f"0 of {len(TABLE.checks)} check" in status(html)
    finish(client, TABLE)
    html = page(client, TABLE)
    assert "Lesson complete" in status(html)
    after = COURSE.neighbours(TABLE)[1]
    assert f'Next: <a href="{url(after)}">' in status(html)


def test_an_old_mark_as_read_form_goes_to_the_lessons_status_and_changes_nothing(client):
    response = client.post(reverse("lessons:read", args=[TABLE.module, TABLE.slug]))
    assert response.status_code == 302
    assert response["Location"] == f"{url(TABLE)}#lesson-status"
    assert "Lesson complete" not in status(page(client, TABLE))


def test_a_lesson_without_a_check_is_a_content_error(tmp_path):
    from lessons.course import read_lesson
    from lessons.markdown import ContentError

    path = tmp_path / "01-reading.md"
    path.write_text("---\ntitle: Reading\nsummary: Only words.\n---\n\nSome text.\n")
    with pytest.raises(ContentError, match="at least one"):
        read_lesson(path, "module", 1)


def test_progress_bars_in_words_and_bars(client):
    finish(client, TABLE)
    html = client.get(reverse("lessons:index")).content.decode()
    total = len(COURSE.lessons)
    assert f"1 of {FOUNDATIONS} lessons complete" in html
    assert f'<progress class="progress-bar" max="{FOUNDATIONS}" value="1"' in html
    assert f"<strong>1 of {total} lessons</strong> complete" in html
    assert f'<progress class="progress-bar" max="{total}" value="1"' in html
    assert f'aria-label="Lessons complete: 1 of {total}"' in html
    entry = html[html.index(f'data-lesson="{TABLE.key}"') :]
    assert "Completed" in entry[: entry.index("</li>")]


# --- home: continue where you left off -----------------------------------------------------------


def test_home_offers_to_continue_where_you_left_off(client):
    home = client.get(reverse("reference:home")).content.decode()
    assert "Continue where you left off" not in home
    page(client, TABLE)
    home = client.get(reverse("reference:home")).content.decode()
    assert "Continue where you left off" not in home  # a look alone keeps nothing
    # A check passed elsewhere starts the session; from then on the lesson read is kept.
    other = next(lesson for lesson in COURSE.lessons if lesson != TABLE and len(lesson.checks) > 1)
    first = other.checks[0]
    answer(client, other, first.id, question(other, first.id, 0).answer, 0)
    page(client, TABLE)
    home = client.get(reverse("reference:home")).content.decode()
    assert "Continue where you left off" in home
    assert f'<a href="{url(TABLE)}">{TABLE.title}</a>' in home
    assert f"0 of {len(COURSE.lessons)} lessons complete" in home
    # Once it is complete the home page offers the next unfinished lesson, not the last seen.
    finish(client, TABLE)
    home = client.get(reverse("reference:home")).content.decode()
    after = COURSE.neighbours(TABLE)[1]
    assert "Your next lesson" in home and "Continue where you left off" not in home
    assert f'<a href="{url(after)}">{after.title}</a>' in home
    assert f"1 of {len(COURSE.lessons)} lessons complete" in home


def test_the_next_unfinished_lesson_skips_the_ones_done_and_wraps():
    from lessons.continuing import next_unfinished

    lessons = list(COURSE.lessons)
    keys = [lesson.key for lesson in lessons]
    first, second, third = lessons[:3]
    assert next_unfinished(lessons, set(), None) == first
    assert next_unfinished(lessons, set(), third) == third  # opened, not finished
    assert next_unfinished(lessons, {first.key, second.key}, first) == third
    # After the last lesson, back to the first one left undone.
    done = set(keys) - {second.key}
    assert next_unfinished(lessons, done, lessons[-1]) == second
    assert next_unfinished(lessons, set(keys), lessons[5]) is None


# --- road boards ---------------------------------------------------------------------------------


def board(html, number):
    start = html.index(f'<section class="lesson-road" id="road-{number}"')
    return html[start : html.index("</section>", start)]


def test_add_banker_without_javascript(client):
    outcomes = BEAD_PLATE.roads()[0].spec.outcomes
    html = page(client, BEAD_PLATE)
    first = board(html, 1)
    assert f'data-outcomes="{outcomes}"' in first
    assert f'<button type="submit" name="r1" value="{outcomes}B" class="banker"' in first
    assert f'action="{url(BEAD_PLATE)}#road-1"' in first

    html = page(client, BEAD_PLATE, board="1", r1=outcomes + "B")
    grown = board(html, 1)
    assert f'data-outcomes="{outcomes}B"' in grown
    assert f"Bead Plate, {len(outcomes) + 1} hands" in grown
    assert f'value="{outcomes}BB"' in grown  # the next Add Banker
    assert f'name="r1" value="{outcomes}"' in grown  # Remove last
    assert "<html" in html  # the whole page, as a plain GET form submission gets


def test_add_banker_with_htmx_swaps_just_the_board(client):
    outcomes = BEAD_PLATE.roads()[0].spec.outcomes
    response = client.get(url(BEAD_PLATE), {"board": "1", "r1": outcomes + "B"}, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html
    assert html.lstrip().startswith('<section class="lesson-road" id="road-1"')
    assert f'data-outcomes="{outcomes}B"' in html
    assert f'hx-get="{url(BEAD_PLATE)}" hx-target="#road-1"' in html
    assert '<div hx-swap-oob="innerHTML:#live">' in html
    assert f"Hand {len(outcomes) + 1}: Banker." in html


def test_a_board_announces_the_marks_the_last_hand_made(client):
    road = DERIVED.roads()[0]
    outcomes = road.spec.outcomes + "P"
    html = client.get(url(DERIVED), {"board": "1", "r1": outcomes}, **HTMX).content.decode()
    from baccarat.roads.scoreboard import scoreboard

    marks = scoreboard(outcomes)
    last = len(outcomes) - 1
    for key in ("big_eye_boy", "small_road", "cockroach_pig"):
        mark = next(m for m in marks.derived[key].marks if m.hand == last)
        assert mark.proof in html


def test_each_board_keeps_the_others_state(client):
    one, two = (d.spec.outcomes for d in DRAGON_TAIL.roads())
    html = page(client, DRAGON_TAIL, board="2", r1=one + "P", r2=two + "P")
    assert f'data-outcomes="{one}P"' in board(html, 1)
    second = board(html, 2)
    assert f'data-outcomes="{two}P"' in second
    assert f'<input type="hidden" name="r1" value="{one}P">' in second


def test_a_board_that_cannot_be_read_falls_back_to_the_lessons(client):
    outcomes = BEAD_PLATE.roads()[0].spec.outcomes
    # Bad input is a 400, and the page still shows the lesson with the notice at the board.
    html = page(client, BEAD_PLATE, status=400, r1="BPXZ")
    first = board(html, 1)
    assert "That board could not be read" in first
    assert f'data-outcomes="{outcomes}"' in first
    assert "could not be read" in board(page(client, BEAD_PLATE, status=400, r1="B" * 101), 1)


def test_an_emptied_board_is_empty_not_the_lessons(client):
    html = page(client, BEAD_PLATE, r1="")
    assert 'data-outcomes=""' in board(html, 1)
    assert "Bead Plate, 0 hands" in html


def test_a_mark_on_a_lesson_board_opens_its_proof(client):
    html = page(client, DERIVED)
    first = board(html, 1)
    # The component's marks load their proof into this board's own panel.
    assert 'data-proof-target="#road-1-proof"' in first and 'id="road-1-proof"' in first
    href = re.search(r'<a href="([^"]+/marks/[^"]+)"', first).group(1)
    from baccarat.roads.scoreboard import scoreboard

    outcomes, road, index = href.rstrip("/").split("/")[-3:]
    mark = scoreboard(outcomes).derived[road].marks[int(index)]
    full = client.get(href)
    assert full.status_code == 200
    assert mark.proof in full.content.decode()
    assert f'href="{url(DERIVED)}"' in full.content.decode()
    partial = client.get(href, **HTMX).content.decode()
    assert "<html" not in partial and mark.proof in partial


def test_finishing_a_lesson_and_a_module_says_what_was_learned(client):
    from django.contrib.auth.models import AnonymousUser
    from django.test import RequestFactory

    from progress.learner import Learner

    module = COURSE.module("play-responsibly")
    *earlier, last = module.lessons
    request = RequestFactory().get("/")
    request.session, request.user = client.session, AnonymousUser()
    for lesson in earlier:
        Learner(request).pass_check(lesson.key, "done", {"done"})
    request.session.save()
    *first_checks, last_check = last.checks
    for check in first_checks:
        answer(client, last, check.id, question(last, check.id, 0).answer, 0)
    right = question(last, last_check.id, 0).answer
    response = answer(client, last, last_check.id, right, 0, **HTMX)
    html = unescape(response.content.decode())
    assert f"What you learned: {last.summary}" in unescape(re.sub(r"</?strong>", "", html))
    assert f"You have finished the module “{module.title}”." in html
    assert module.summary in html
    # A lesson finished in a module not yet done says what it taught, not the module.
    first = COURSE.module("player-rule").lessons[0]
    Learner(request).pass_check(first.key, "x", {"x"})
    request.session.save()
    html = unescape(client.get(url(first)).content.decode())
    assert "What you learned:" in html and "You have finished the module" not in html
    nxt = COURSE.neighbours(first)[1]
    assert f'Next: <a href="{url(nxt)}">{nxt.title}</a>' in html
