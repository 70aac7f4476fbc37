"""The lessons' pages: /lessons/ (modules and progress), a lesson with its live directives,
answering its inline checks, and the proof behind a mark on a lesson's board.

Content and every figure come from lessons/course.py (and through it the engine); these
views keep the learner's state and draw it. Without JavaScript a check is a form POST and a
redirect, and a road board's buttons are a GET form on the lesson's own URL; with htmx the
same requests return just the check or the board, and the announcement goes out of band to
an aria-live region that stays in the page.
"""

import re

from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import reswap, retarget

from baccarat.roads.scoreboard import DERIVED_ROADS, scoreboard
from guards.accept_language import TAGS
from guards.inputs import InputError, whole_number
from lessons.blocks import MAX_HANDS
from lessons.continuing import course_progress
from lessons.drawing import (
    FRAGMENTS,
    OUTCOMES,
    check_context,
    fragment,
    read_boards,
    render_directive,
    road_announcement,
    road_context,
)
from lessons.live import is_live, live_context
from lessons.state import (
    FEEDBACK_KEY,
    LessonState,
    attempts_for,
    course,
    graded,
    lesson_url,
    pop_feedback,
    save_attempt,
    untranslated,
)
from progress.learner import Learner
from scoreboard.boards import proof_context, scoreboard_context

MAX_BOARDS = 99  # road boards one lesson may hold; ?board= is checked against it
LIVE_BOARD = re.compile(r"(?:hand|settle|tableau|tableau-row|session)-[0-9]{1,2}")  # ?board=hand-2


def lesson_or_404(module, slug):
    lesson = course().lesson(module, slug)
    if lesson is None:
        raise Http404("No such lesson.")
    return lesson


# --- /lessons/ -----------------------------------------------------------------------------------


@require_safe
def index(request):
    return render(request, "lessons/index.html", course_progress(request))


@require_safe
def module_page(request, module):
    if course().module(module) is None:
        raise Http404("No such module.")
    return redirect(f"{reverse('lessons:index')}#{module}")


# --- a lesson --------------------------------------------------------------------------------


def lesson_page(request, lesson, state, status=200):
    found = course()
    boards = read_boards(request, lesson)
    english = untranslated(lesson)
    parts = [
        part if isinstance(part, str) else in_page_language(render_directive(state, part, boards),
                                                            english)
        for part in lesson.parts
    ]  # fmt: skip
    before, after = found.neighbours(lesson)
    module = found.module(lesson.module)
    context = {
        "lesson": lesson,
        "module": module,
        "untranslated": english,
        "parts": [mark_safe(part) for part in parts],
        "previous": before,
        "previous_url": lesson_url(before) if before else None,
        "next": after,
        "next_url": lesson_url(after) if after else None,
        **state.status_context(),
    }
    # A board change that could not be read is shown where the board is, as a 400.
    status = 400 if state.refused and status == 200 else status
    return render(request, "lessons/lesson.html", context, status=status)


def in_page_language(html, english):
    """A board or check in a lesson whose text is English (lang="en" on the lesson's body):
    drawn in the page's language, and marked so."""
    if not english:
        return html
    tag = TAGS.get(get_language(), get_language())
    return format_html('<div class="lesson-live" lang="{}">{}</div>', tag, html)


@require_safe
def lesson(request, module, lesson):
    lesson = lesson_or_404(module, lesson)
    board = request.GET.get("board", "")
    if request.htmx and LIVE_BOARD.fullmatch(board):
        return live_response(request, lesson, board)
    if request.htmx and board:
        try:
            number = whole_number(board, field="board", low=1, high=MAX_BOARDS)
        except InputError as error:
            return HttpResponseBadRequest(str(error), content_type="text/plain; charset=utf-8")
        return board_response(request, lesson, number)
    Learner(request).visit(lesson.key)
    state = LessonState(request, lesson, feedback=pop_feedback(request, lesson))
    return lesson_page(request, lesson, state)


def board_response(request, lesson, number):
    """htmx: one road board redrawn, and what the last hand did announced in #live."""
    directive = next((d for d in lesson.roads() if d.number == number), None)
    if directive is None:
        raise Http404("No such board in this lesson.")
    state = LessonState(request, lesson)
    context = road_context(state, directive, read_boards(request, lesson))
    html = fragment(request, "road", context, f"road-{number}")
    announcement = context["notice"] or road_announcement(context)
    return board_update(html, announcement, state, f"road-{number}")


def live_response(request, lesson, dom_id):
    """htmx: one hand, settled bet or tableau redrawn (?board=hand-2)."""
    directive = next(
        (d for d in lesson.directives if is_live(d.name) and f"{d.name}-{d.number}" == dom_id),
        None,
    )
    if directive is None:
        raise Http404("No such board in this lesson.")
    state = LessonState(request, lesson)
    context = live_context(state, directive)
    html = fragment(request, directive.name.replace("-", "_"), context, dom_id)
    return board_update(html, context["live"].announcement, state, dom_id)


def board_update(html, announcement, state, dom_id):
    """A redrawn board and its announcement in #live; a refused change is a 400 that htmx
    swaps in all the same (its responseHandling, base.html), so the notice is seen where the
    board is."""
    live = render_to_string(f"{FRAGMENTS}#live", {"announcement": announcement})
    response = HttpResponse(html + live, status=400 if state.refused else 200)
    if state.refused:
        retarget(response, f"#{dom_id}")
        reswap(response, "outerHTML")
    return response


@require_POST
def answer_check(request, module, lesson, check):
    lesson = lesson_or_404(module, lesson)
    found = lesson.check(check)
    if found is None:
        raise Http404("No such check in this lesson.")
    check = found
    attempts = attempts_for(request, lesson)
    attempt = attempts.get(check.id, 0)
    # Each answer names the try it answers, so a second tab or a double click can never
    # answer the question that happens to be showing now.
    if request.POST.get("attempt") != str(attempt):
        return refused(
            request,
            lesson,
            check,
            _(
                "That answer was for an earlier question, so it was not counted. "
                "Here is the question now."
            ),
        )
    given = request.POST.get("answer", "")
    feedback = graded(lesson, check, attempt, given)
    if feedback is None:
        return refused(request, lesson, check, _("Choose one of the answers; nothing was counted."))
    complete = False
    learner = Learner(request)
    if feedback["right"]:
        complete = learner.pass_check(lesson.key, check.id, lesson.check_ids)
    else:
        save_attempt(request, lesson, check.id, attempt + 1)
    saved = {"check": check.id, "attempt": attempt, "given": given, "lesson_complete": complete}
    if not request.htmx:
        stored = request.session.get(FEEDBACK_KEY)
        stored = stored if isinstance(stored, dict) else {}
        stored[lesson.key] = saved
        request.session[FEEDBACK_KEY] = stored
        return redirect(f"{lesson_url(lesson)}#check-{check.id}")
    return check_response(request, lesson, check, LessonState(request, lesson, feedback=saved))


def check_response(request, lesson, check, state, status=200):
    """htmx: the check's panel, its feedback out of band (the live region itself stays in
    the page, so it is read out), and the lesson's status out of band."""
    directive = next(d for d in lesson.directives if d.name == "check" and d.spec.id == check.id)
    context = check_context(state, directive)
    context.update(state.status_context(), oob=True)
    html = fragment(request, "check_update", context, context["dom_id"])
    response = HttpResponse(html, status=status)
    if status != 200:
        # htmx swaps a refusal marked like this instead of dropping it (base.html's htmx-config).
        retarget(response, f"#check-{check.id}-panel")
        reswap(response, "outerHTML")
    return response


def refused(request, lesson, check, notice):
    state = LessonState(request, lesson, notice=(check.id, notice))
    if request.htmx:
        return check_response(request, lesson, check, state, status=400)
    return lesson_page(request, lesson, state, status=400)


@require_POST
def mark_read(request, module, lesson):
    """Lessons used to be finished with "Mark as read"; now every lesson ends with checks.
    A form posted from an old page goes to the lesson's status, which says what is left."""
    lesson = lesson_or_404(module, lesson)
    return redirect(f"{lesson_url(lesson)}#lesson-status")


@require_safe
def mark(request, module, lesson, outcomes, road, index):
    """The proof of one derived mark on a lesson's board (the board is in the URL)."""
    lesson = lesson_or_404(module, lesson)
    if not OUTCOMES.fullmatch(outcomes) or len(outcomes) > MAX_HANDS or road not in DERIVED_ROADS:
        raise Http404("No such board.")
    board = scoreboard(outcomes)
    proof = proof_context(board, road, index)
    if proof is None:
        raise Http404("That road has no such mark.")
    if request.htmx:
        return render(request, "tracker/mark.html#proof", proof)
    context = {
        **scoreboard_context(proof["then"], ""),  # the board as it was at the mark
        **proof,
        "lesson": lesson,
        "lesson_url": lesson_url(lesson),
    }
    return render(request, "lessons/mark.html", context)
