"""Shoe procedure (/dealer/procedure/): the burn, the cut card and the last hand, and
what the rules say when a card comes out that should not have, written out with sources,
and a drill under it.

The questions, answers and reasons come from baccarat.teaching.shoe_procedure; each is
served signed and timed (dealer.scoring). Without JavaScript each answer is a form POST
and the page comes back; with htmx the drill is swapped and the feedback goes out of band.
"""

import secrets

from django import forms
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_safe

from baccarat.teaching.shoe_procedure import SKILLS, AnswerError, for_skill, grade, question
from baccarat.teaching.shoe_procedure import reference as procedure_reference
from dealer import scoring, sources
from dealer.catalogue import Drill, register
from dealer.drill_page import back_to_drill, drill_response, limit_problem
from dealer.time_limit import LimitForm, limit_of
from progress.learner import Learner

DRILL = "dealer:procedure"
PAGE = "dealer/procedure.html"
# Five seconds: reading a situation and recalling the rule takes longer than a call, and a
# dealer who has to look it up stops the game (docs/dealer.md says why).
STANDARD_SECONDS = 5.0

register(
    Drill(
        DRILL,
        gettext_lazy("Shoe procedure"),
        gettext_lazy(
            "The burn, the cut card and the last hand, and what the rules say when a card "
            "comes out that should not have."
        ),
        STANDARD_SECONDS,
    )
)


class AnswerForm(forms.Form):
    question = forms.CharField(max_length=2000)
    answer = forms.CharField(max_length=40, strip=False)


def next_question(request):
    skill = Learner(request).next_skills(list(SKILLS))[0]
    return for_skill(skill, secrets.randbelow(2**32))


def drill_context(request, q, limit_form, limit, last=None, notice=None):
    return {
        "q": q,
        "token": scoring.serve(DRILL, {"kind": q.kind, "case": q.case}),
        "rules": sources.rules_with_refs(procedure_reference(), "/dealer/procedure/"),
        "limit_form": limit_form,
        "last": last,
        "notice": notice,
        **scoring.status(request, DRILL, STANDARD_SECONDS, limit),
    }


def respond(request, context, status=200):
    return drill_response(request, PAGE, context, status)


def refuse_limit(request, limit_form):
    """A time limit not on offer: the drill untimed, the field named, nothing counted."""
    context = drill_context(request, next_question(request), LimitForm(), None)
    context["notice"] = limit_problem(limit_form)
    return respond(request, context, 400)


@require_safe
def procedure(request):
    limit_form, limit = limit_of(request.GET)
    if not limit_form.is_valid():
        return refuse_limit(request, limit_form)
    return render(request, PAGE, drill_context(request, next_question(request), limit_form, limit))


@require_http_methods(["GET", "HEAD", "POST"])
def answer(request):
    if request.method != "POST":
        return back_to_drill(request, "dealer:procedure")
    limit_form, limit = limit_of(request.POST)
    if not limit_form.is_valid():
        return refuse_limit(request, limit_form)
    form = AnswerForm(request.POST)
    q = None
    if form.is_valid():
        try:
            served, seconds = scoring.take(DRILL, form.cleaned_data["question"])
            q = question(served["kind"], served["case"])
        except scoring.StaleQuestion as error:
            notice = str(error)
        except (KeyError, TypeError, ValueError, IndexError):
            notice = _("question: this question cannot be read back.")
    else:
        notice = "; ".join(f"{name}: {' '.join(errs)}" for name, errs in form.errors.items())
    if q is None:
        context = drill_context(request, next_question(request), limit_form, limit, notice=notice)
        return respond(request, context, 400)
    try:
        right = grade(q, form.cleaned_data["answer"])
    except AnswerError as error:
        notice = _("%(error)s Nothing was counted.") % {"error": error}
        return respond(request, drill_context(request, q, limit_form, limit, notice=notice), 400)
    marked = scoring.mark(request, DRILL, q.skill, right, seconds, limit, STANDARD_SECONDS)
    last = {"q": q, "given": form.cleaned_data["answer"], "marked": marked}
    return respond(request, drill_context(request, next_question(request), limit_form, limit, last))
