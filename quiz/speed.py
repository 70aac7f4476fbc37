"""The dealer-speed drill, /quiz/speed/: as many Banker (or Player) rule questions as the
learner can answer in SPEED_SECONDS, one at a time, each graded at once; the best minute is
kept (progress.learner). The drill lives in the session, so it is the same on any app
server; each question carries an id, so a stale answer is refused with a reason.
"""

import random
import secrets
from datetime import UTC, datetime

from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from baccarat.teaching.questions import question_for_skill
from baccarat.teaching.skills import BANKER_SKILLS
from progress.learner import BEST_ACCURACY, Learner, drill_score
from quiz import reviews
from quiz.answered_once import first_answer
from quiz.guessing import READ_FLOOR_SECONDS, better_than_guessing
from quiz.questions import restored, stored, table_for
from quiz.refusals import not_a_choice, refused

SPEED_KEY = "quiz_speed"
SPEED_PAGE = "quiz/speed.html"
SPEED_SECONDS = 60
SPEED_RULES = {
    "banker": (gettext_lazy("The Banker's rule"), BANKER_SKILLS),
    "player": (gettext_lazy("The Player's rule"), [f"player:{total}" for total in range(8)]),
}


# --- the dealer-speed drill ------------------------------------------------------------------


def saved_drill(request):
    """The drill in the session: its rule, start time, counts, question on screen (with its
    id), the last answer, and the result once time is up. None if there is none, or it
    cannot be read back."""
    drill = request.session.get(SPEED_KEY)
    if (
        not isinstance(drill, dict)
        or drill.get("rule") not in SPEED_RULES
        or not isinstance(drill.get("started"), int | float)
        or not all(type(drill.get(count)) is int for count in ("answered", "right"))
    ):
        return None
    return drill


def seconds_left(drill, at):
    return SPEED_SECONDS - (at.timestamp() - drill["started"])


def speed_question(drill, at):
    skill = random.choice(SPEED_RULES[drill["rule"]][1])
    drill["question"] = stored(question_for_skill(skill, random.Random()))
    drill["id"] = secrets.token_hex(6)
    # Timed here, by the server, so a page cannot claim it was read for longer.
    drill["shown"] = at.timestamp()


def practised(request, drill):
    """Count the minute's answers towards the learner's practice, unless guessing would have
    done as well: a minute of mashing teaches nothing and must not raise mastery. Answers
    given faster than anyone can read were never kept for this (`speed_answer`). Says
    whether the minute counted."""
    answered, right = drill["answered"], drill["right"]
    chance = drill.get("chance", 0) / answered if answered else 0
    counted = better_than_guessing(right, answered, chance)
    if counted:
        learner = Learner(request)
        for skill, was_right, at in drill.get("pending", []):
            learner.review(skill, was_right, datetime.fromtimestamp(at, UTC))
    drill["pending"] = []
    return counted


def finish(request, drill, late=False):
    """Time is up: the drill's result, kept as the learner's best if it is. `late`: an answer
    came after the time limit (and was not counted)."""
    answered, right = drill["answered"], drill["right"]
    result = {
        "answered": answered,
        "right": right,
        "wrong": answered - right,
        "per_minute": round(answered * 60 / SPEED_SECONDS),
        "accuracy": round(100 * right / answered) if answered else None,
        "rule": drill["rule"],
        "late": late,
        "hasty": drill.get("hasty", 0),
        "read_floor": READ_FLOOR_SECONDS,
        "practised": practised(request, drill),
    }
    result["score"] = drill_score(result)
    result["best"] = Learner(request).offer_speed_best(result)
    drill.update(question=None, id=None, result=result)


def speed_context(request, drill, notice=None):
    at = reviews.now()
    question = restored(drill["question"]) if drill and drill.get("question") else None
    return {
        "drill": drill,
        "question": question,
        "table": table_for(question) if question else None,
        "seconds_left": max(0, seconds_left(drill, at)) if question else None,
        "seconds": SPEED_SECONDS,
        "rules": [(key, title) for key, (title, _skills) in SPEED_RULES.items()],
        "rule_title": SPEED_RULES[drill["rule"]][0] if drill else None,
        "result": drill.get("result") if drill else None,
        "last": drill.get("last") if drill else None,
        "best": best_shown(Learner(request).speed_best()),
        "best_accuracy": BEST_ACCURACY,
        "notice": notice,
    }


def best_shown(best):
    """The best minute as the page shows it; one kept before scores existed gets its score."""
    if not best:
        return None
    return {**best, "score": drill_score(best), "per_minute": round(best.get("per_minute", 0))}


def speed_response(request, drill):
    request.session[SPEED_KEY] = drill
    if not request.htmx:
        return redirect("quiz:speed")
    return render(request, f"{SPEED_PAGE}#update", speed_context(request, drill))


def running(drill):
    return drill is not None and drill.get("question") is not None


@require_safe
def speed(request):
    drill = saved_drill(request)
    if running(drill) and seconds_left(drill, reviews.now()) <= 0:
        finish(request, drill)
        request.session[SPEED_KEY] = drill
    template = f"{SPEED_PAGE}#update" if request.htmx else SPEED_PAGE
    return render(request, template, speed_context(request, drill))


@require_POST
def speed_start(request):
    rule = request.POST.get("rule")
    at = reviews.now()
    drill = {
        "rule": rule if rule in SPEED_RULES else "banker",
        "started": at.timestamp(),
        "answered": 0,
        "right": 0,
        # Answers count towards practice once the minute is up (`practised`); `chance` adds
        # up each question's odds of a guess being right, `hasty` the answers too fast to count.
        "pending": [],
        "chance": 0.0,
        "hasty": 0,
        "last": None,
        "result": None,
    }
    speed_question(drill, at)
    return speed_response(request, drill)


@require_POST
def speed_answer(request):
    drill = saved_drill(request)
    question = restored(drill["question"]) if running(drill) else None
    if question is None:
        notice = _(
            "No drill is running, so that answer was not counted. Start one when you are ready."
        )
        return refused(request, SPEED_PAGE, speed_context(request, drill, notice), "#speed")
    at = reviews.now()
    if seconds_left(drill, at) <= 0:
        finish(request, drill, late=True)
        return speed_response(request, drill)
    if request.POST.get("question") != drill["id"]:
        notice = _(
            "That answer was for a question that is no longer on screen, so it was not "
            "counted. Here is the question now."
        )
        return refused(request, SPEED_PAGE, speed_context(request, drill, notice), "#speed")
    value = request.POST.get("answer", "")
    if question.choice(value) is None:
        notice = not_a_choice(value)
        return refused(request, SPEED_PAGE, speed_context(request, drill, notice), "#speed")
    if not first_answer(request, drill["id"]):
        notice = _("That question was already answered; nothing more was counted.")
        return refused(request, SPEED_PAGE, speed_context(request, drill, notice), "#speed")
    right = question.is_right(value)
    drill["answered"] += 1
    drill["right"] += int(right)
    drill["chance"] = drill.get("chance", 0) + 1 / len(question.choices)
    if at.timestamp() - drill.get("shown", 0) < READ_FLOOR_SECONDS:
        drill["hasty"] = drill.get("hasty", 0) + 1
    else:
        drill.setdefault("pending", []).append([question.skill, right, at.timestamp()])
    drill["last"] = {
        "prompt": question.prompt,
        "given": question.choice(value).label,
        "answer": question.answer_label,
        "right": right,
        "explanation": question.explanation,
    }
    speed_question(drill, at)
    return speed_response(request, drill)
