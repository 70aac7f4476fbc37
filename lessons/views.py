"""The lessons' pages: /lessons/ (modules and progress), a lesson with its live directives,
answering its inline checks, "Mark as read", and the proof behind a mark on a lesson's board.

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
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST, require_safe

from baccarat.cards import parse_cards
from baccarat.charts import card_values, tableau_rows, two_card_rows
from baccarat.roads import DERIVED_ROADS, OUTCOME_NAMES, ROAD_NAMES, scoreboard
from baccarat.rules import BANKER_WHEN_PLAYER_STOOD, PLAYER_RULE, resolve
from guards.inputs import InputError, whole_number
from hands.views import permalink
from lessons.course import MAX_HANDS, Directive, load_course
from progress.learner import SESSION_KEY, Learner
from tracker.views import scoreboard_context

FRAGMENTS = "lessons/directives.html"
ATTEMPTS_KEY = "course_attempts"  # {lesson key: {check id: wrong answers so far}}
FEEDBACK_KEY = "course_feedback"  # {lesson key: {check id, attempt, given}}, shown once
OUTCOMES = re.compile(r"[BPT]*")  # matched whole (fullmatch): no trailing newline
MAX_BOARDS = 99  # road boards one lesson may hold; ?board= is checked against it
# Kinds of question whose cards are a hand in dealing order (the others are just cards).
HAND_KINDS = {"natural", "player_rule", "banker_rule", "winner", "payout"}


def lesson_or_404(module, slug):
    lesson = load_course().lesson(module, slug)
    if lesson is None:
        raise Http404("No such lesson.")
    return lesson


def lesson_url(lesson):
    return reverse("lessons:lesson", args=[lesson.module, lesson.slug])


# --- /lessons/ -----------------------------------------------------------------------------------


def progress(done, total):
    return {"done": done, "total": total, "percent": round(100 * done / total) if total else 0}


def has_started(request):
    """Whether this visitor has any progress to read. Asking Learner would start a session
    for every first-time visitor of the home page, so an anonymous one without learner data
    in their session is answered here."""
    return request.user.is_authenticated or SESSION_KEY in request.session


def course_progress(request):
    """Every module with its lessons and how far this learner has got."""
    course = load_course()
    learner = Learner(request) if has_started(request) else None
    completed = learner.completed_lessons() if learner else set()
    modules = []
    for module in course.modules:
        lessons = [
            {"lesson": lesson, "url": lesson_url(lesson), "complete": lesson.key in completed}
            for lesson in module.lessons
        ]
        done = sum(entry["complete"] for entry in lessons)
        modules.append({"module": module, "lessons": lessons, **progress(done, len(lessons))})
    done = sum(m["done"] for m in modules)
    last = course.by_key(learner.last_lesson()) if learner else None
    return {
        "modules": modules,
        "overall": progress(done, len(course.lessons)),
        "last_lesson": last,
        "last_lesson_url": lesson_url(last) if last else None,
        "last_complete": bool(last and last.key in completed),
    }


def continue_context(request):
    """For the home page: the learner's last lesson, what comes next, and overall progress.
    Empty when they have not opened a lesson yet."""
    if not has_started(request):
        return {}
    state = course_progress(request)
    last = state["last_lesson"]
    if last is None:
        return {}
    _before, after = load_course().neighbours(last)
    next_lesson = after if state["last_complete"] else None
    module = load_course().module(last.module)
    return {
        "continue_lesson": last,
        "continue_url": state["last_lesson_url"],
        "continue_module": module,
        "continue_complete": state["last_complete"],
        "continue_next": next_lesson,
        "continue_next_url": lesson_url(next_lesson) if next_lesson else None,
        "course_overall": state["overall"],
    }


@require_safe
def index(request):
    return render(request, "lessons/index.html", course_progress(request))


@require_safe
def module_page(request, module):
    if load_course().module(module) is None:
        raise Http404("No such module.")
    return redirect(f"{reverse('lessons:index')}#{module}")


# --- the learner's checks ------------------------------------------------------------------------


def attempts_for(request, lesson):
    saved = request.session.get(ATTEMPTS_KEY)
    saved = saved.get(lesson.key, {}) if isinstance(saved, dict) else {}
    return {key: n for key, n in saved.items() if type(n) is int and n >= 0}


def save_attempt(request, lesson, check_id, attempt):
    saved = request.session.get(ATTEMPTS_KEY)
    saved = saved if isinstance(saved, dict) else {}
    saved.setdefault(lesson.key, {})[check_id] = attempt
    request.session[ATTEMPTS_KEY] = saved


def pop_feedback(request, lesson):
    saved = request.session.get(FEEDBACK_KEY)
    if not isinstance(saved, dict) or lesson.key not in saved:
        return None
    feedback = saved.pop(lesson.key)
    request.session[FEEDBACK_KEY] = saved
    return feedback if isinstance(feedback, dict) else None


def graded(lesson, check, attempt, given, complete=False):
    """What the feedback says about answer `given` to the question on try `attempt`."""
    question = check.question(lesson.key, attempt)
    choice = question.choice(given)
    if choice is None:
        return None
    walkthrough = None
    if question.kind in HAND_KINDS and question.cards:
        walkthrough = permalink([str(c) for c in parse_cards(list(question.cards))])
    return {
        "question": question,
        "given": choice,
        "right": question.is_right(given),
        "walkthrough_url": walkthrough,
        "lesson_complete": complete,
    }


class LessonState:
    """What this learner has done in this lesson, read once per request."""

    def __init__(self, request, lesson, feedback=None, notice=None):
        self.request = request
        self.lesson = lesson
        self.learner = Learner(request)
        self.passed = self.learner.passed_checks(lesson.key) & lesson.check_ids
        self.complete = lesson.key in self.learner.completed_lessons()
        self.attempts = attempts_for(request, lesson)
        self.feedback = feedback  # {"check": id, "attempt": n, "given": value, ...}
        self.notice = notice  # (check id, text): a refused answer
        self.url = lesson_url(lesson)

    def status_context(self):
        course = load_course()
        _before, after = course.neighbours(self.lesson)
        return {
            "lesson": self.lesson,
            "complete": self.complete,
            "checks_total": len(self.lesson.checks),
            "checks_passed": len(self.passed),
            "read_url": reverse("lessons:read", args=[self.lesson.module, self.lesson.slug]),
            "next_lesson": after,
            "next_url": lesson_url(after) if after else None,
        }


# --- drawing directives ---------------------------------------------------------------------------

# The shared components give their SVGs and tables fixed ids (one tracker board, one tableau
# per page). A lesson can show several, so each copy's ids get its directive's prefix.
COMPONENT_IDS = re.compile(
    r'\bid="((?:road-(?:bead_plate|big_road|big_eye_boy|small_road|cockroach_pig))'
    r'|tableau|banker-[0-7]|this-hand-cell)"'
)


def own_ids(html, prefix):
    html = COMPONENT_IDS.sub(lambda m: f'id="{prefix}-{m.group(1)}"', html)
    # A derived road's marks load their proof into #proof; here, into this board's panel.
    return mark_safe(html.replace('hx-target="#proof"', f'hx-target="#{prefix}-proof"'))


def fragment(request, name, context, prefix=None):
    html = render_to_string(f"{FRAGMENTS}#{name}", context, request)
    return own_ids(html, prefix) if prefix else mark_safe(html)


def read_boards(request, lesson):
    """Each road's outcomes: the lesson's own, or what the learner added (?r2=BPPB).
    Returns {number: (outcomes, notice or None)}."""
    boards = {}
    for directive in lesson.roads():
        name = f"r{directive.number}"
        outcomes, notice = directive.spec.outcomes, None
        if name in request.GET:
            given = request.GET[name].strip().upper()
            if not OUTCOMES.fullmatch(given) or len(given) > MAX_HANDS:
                notice = (
                    f"That board could not be read (use B, P and T, at most {MAX_HANDS} "
                    "hands), so this is the lesson's board."
                )
            else:
                outcomes = given
        boards[directive.number] = (outcomes, notice)
    return boards


def latest_marks(board, spec):
    """What the last hand added: its Big Road bead and each shown derived road's mark."""
    if not board.hands:
        return None
    last = len(board.hands) - 1
    outcome = board.hands[last].outcome
    bead = next((cell for cell in board.big_road if cell.hand == last), None)
    marks = []
    for key in spec.derived:
        mark = next((m for m in board.derived[key].marks if m.hand == last), None)
        marks.append({"key": key, "name": ROAD_NAMES[key], "mark": mark})
    return {"number": last + 1, "outcome": OUTCOME_NAMES[outcome], "bead": bead, "marks": marks}


def road_context(state, directive, boards):
    spec = directive.spec
    number = directive.number
    outcomes, notice = boards[number]
    board = scoreboard(outcomes)
    marks_url = f"{state.url}marks/{outcomes or '-'}/"
    context = scoreboard_context(board, marks_url)
    context["derived"] = [entry for entry in context["derived"] if entry["key"] in spec.derived]
    context["ask"] = [row for row in context["ask"] if row["key"] in spec.derived]
    others = [
        (f"r{n}", value)
        for n, (value, _notice) in boards.items()
        if n != number and f"r{n}" in state.request.GET
    ]
    name = f"r{number}"
    full = len(outcomes) >= MAX_HANDS
    context.update(
        spec=spec,
        number=number,
        dom_id=f"road-{number}",
        param=name,
        lesson_url=state.url,
        others=others,
        current=outcomes,
        changed=outcomes != spec.outcomes,
        add=[
            {"outcome": o, "name": OUTCOME_NAMES[o], "value": outcomes + o, "css": css}
            for o, css in (("B", "banker"), ("P", "player"), ("T", "tie"))
        ]
        if not full
        else [],
        full=full,
        undo_value=outcomes[:-1] if outcomes else None,
        reset_value=spec.outcomes,
        notice=notice,
        latest=latest_marks(board, spec) if spec.derived else None,
        proofs=[
            {"key": key, "name": ROAD_NAMES[key], "marks": board.derived[key].marks}
            for key in spec.proofs
        ],
        show_bead_plate="bead_plate" in spec.show,
        show_big_road="big_road" in spec.show,
    )
    return context


def road_announcement(context):
    board = context["board"]
    if not board.hands:
        return "The board is empty."
    latest = latest_marks(board, context["spec"])
    last = board.hands[-1].outcome
    words = [f"Hand {len(board.hands)}: {OUTCOME_NAMES[last]}."]
    if last == "T":
        words.append("A tie takes no Big Road cell and makes no derived mark.")
    elif latest:
        bead = latest["bead"]
        words.append(f"Big Road column {bead.col + 1}, row {bead.row + 1}.")
        for entry in latest["marks"]:
            mark = entry["mark"]
            if mark is None:
                words.append(f"{entry['name']}: no mark yet.")
            else:
                words.append(f"{entry['name']}: {mark.color} ({mark.symbol}).")
    return " ".join(words)


def check_context(state, directive):
    check = directive.spec
    checks = state.lesson.checks
    attempt = state.attempts.get(check.id, 0)
    question = check.question(state.lesson.key, attempt)
    feedback = None
    if state.feedback and state.feedback.get("check") == check.id:
        feedback = graded(
            state.lesson,
            check,
            state.feedback.get("attempt", 0),
            state.feedback.get("given"),
            state.feedback.get("lesson_complete", False),
        )
    notice = state.notice[1] if state.notice and state.notice[0] == check.id else None
    context = {
        "check": check,
        "number": next(i for i, c in enumerate(checks, 1) if c.id == check.id),
        "total": len(checks),
        "question": question,
        "attempt": attempt,
        "passed": check.id in state.passed,
        "feedback": feedback,
        "notice": notice,
        "dom_id": f"check-{check.id}",
        "action": reverse(
            "lessons:check", args=[state.lesson.module, state.lesson.slug, check.id]
        ),
        "hand": None,
        "cards": None,
    }
    if question.cards and question.kind in HAND_KINDS:
        context["hand"] = resolve(list(question.cards))
    elif question.cards:
        context["cards"] = parse_cards(list(question.cards))
    if question.outcomes:
        context.update(scoreboard_context(scoreboard(question.outcomes), ""))
    return context


def hand_context(directive, dom_id):
    spec = directive.spec
    banker = spec.gates[4]
    return {
        "spec": spec,
        "resolution": spec.resolution,
        "gates": spec.gates,
        "walkthrough_url": permalink(list(spec.cards)),
        "tableau": tableau_rows(),
        "banker_gate": banker,
        "dom_id": dom_id,
    }


def render_directive(state, directive: Directive, boards):
    name = directive.name
    spec = directive.spec
    dom_id = f"{name}-{directive.number}"
    if name == "road":
        return fragment(state.request, "road", road_context(state, directive, boards), dom_id)
    if name == "check":
        context = check_context(state, directive)
        return fragment(state.request, "check", context, context["dom_id"])
    if name == "hand":
        return fragment(state.request, "hand", hand_context(directive, dom_id), dom_id)
    if name in ("rule", "value", "total", "edge", "chance", "expected-loss"):
        return fragment(state.request, "engine_text", {"spec": spec, "name": name})
    if name == "tableau-row":
        context = {"spec": spec, "row": tableau_rows()[spec.row]}
        return fragment(state.request, "tableau_row", context)
    if name == "tableau":
        context = {"spec": spec, "tableau": tableau_rows()}
        return fragment(state.request, "tableau", context, dom_id)
    if name == "chart":
        context = {"spec": spec}
        if spec.kind == "values":
            context["card_values"] = card_values()
        else:
            rule = PLAYER_RULE if spec.kind == "player" else BANKER_WHEN_PLAYER_STOOD
            context["rows"] = two_card_rows(rule)
        return fragment(state.request, "chart", context)
    if name == "settle":
        return fragment(state.request, "settle", {"spec": spec}, dom_id)
    return fragment(state.request, name.replace("-", "_"), {"spec": spec})


# --- a lesson --------------------------------------------------------------------------------


def lesson_page(request, lesson, state, status=200):
    course = load_course()
    boards = read_boards(request, lesson)
    parts = [
        part if isinstance(part, str) else render_directive(state, part, boards)
        for part in lesson.parts
    ]
    before, after = course.neighbours(lesson)
    module = course.module(lesson.module)
    context = {
        "lesson": lesson,
        "module": module,
        "parts": [mark_safe(part) for part in parts],
        "previous": before,
        "previous_url": lesson_url(before) if before else None,
        "next": after,
        "next_url": lesson_url(after) if after else None,
        **state.status_context(),
    }
    return render(request, "lessons/lesson.html", context, status=status)


@require_safe
def lesson(request, module, lesson):
    lesson = lesson_or_404(module, lesson)
    board = request.GET.get("board", "")
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
    live = render_to_string(
        f"{FRAGMENTS}#live", {"announcement": context["notice"] or road_announcement(context)}
    )
    return HttpResponse(html + live)


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
            "That answer was for an earlier question, so it was not counted. "
            "Here is the question now.",
        )
    given = request.POST.get("answer", "")
    feedback = graded(lesson, check, attempt, given)
    if feedback is None:
        return refused(request, lesson, check, "Choose one of the answers; nothing was counted.")
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
        # static/js/course.js swaps a refusal marked like this instead of dropping it.
        response["HX-Retarget"] = f"#check-{check.id}-panel"
        response["HX-Reswap"] = "outerHTML"
    return response


def refused(request, lesson, check, notice):
    state = LessonState(request, lesson, notice=(check.id, notice))
    if request.htmx:
        return check_response(request, lesson, check, state, status=400)
    return lesson_page(request, lesson, state, status=400)


@require_POST
def mark_read(request, module, lesson):
    lesson = lesson_or_404(module, lesson)
    if lesson.checks:
        state = LessonState(request, lesson)
        if request.htmx:
            return HttpResponse(status=400)
        return lesson_page(request, lesson, state, status=400)
    Learner(request).complete(lesson.key)
    if not request.htmx:
        return redirect(f"{lesson_url(lesson)}#lesson-status")
    state = LessonState(request, lesson)
    html = render_to_string(f"{FRAGMENTS}#status", state.status_context(), request)
    live = render_to_string(f"{FRAGMENTS}#live", {"announcement": "Lesson complete."})
    return HttpResponse(html + live)


@require_safe
def mark(request, module, lesson, outcomes, road, index):
    """The proof of one derived mark on a lesson's board (the board is in the URL)."""
    lesson = lesson_or_404(module, lesson)
    if not OUTCOMES.fullmatch(outcomes) or len(outcomes) > MAX_HANDS or road not in DERIVED_ROADS:
        raise Http404("No such board.")
    derived = scoreboard(outcomes).derived[road]
    marks = derived.marks
    if index >= len(marks):
        raise Http404("That road has no such mark.")
    context = {
        "lesson": lesson,
        "lesson_url": lesson_url(lesson),
        "road": derived,
        "mark": marks[index],
        "number": index + 1,
    }
    template = "tracker/mark.html#proof" if request.htmx else "lessons/mark.html"
    return render(request, template, context)
