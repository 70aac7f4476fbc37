"""Calling the hand (/dealer/calling/): the cards come in dealing order and the learner
makes each call a dealer makes, graded against the tableau.

The calls, the right answers and the reasons come from baccarat.teaching.calling; these
views only serve each call as a signed, timed question (dealer.scoring), mark the answer
and render the next call. Without JavaScript each call is a form POST and the page comes
back; with htmx the drill panel is swapped and the feedback goes out of band into its
aria-live region (a replaced region is not read out).
"""

import secrets

from django import forms
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_safe

from baccarat.teaching.calling import SKILLS, CalledHand, deal_for
from baccarat.teaching.felt import lay_out
from dealer import scoring, sources
from dealer.catalogue import Drill, register
from dealer.drill_page import back_to_drill, drill_response, limit_problem
from dealer.time_limit import LimitForm, limit_of
from progress.learner import Learner

DRILL = "dealer:calling"
PAGE = "dealer/calling.html"
# Three seconds a call: a dealer calls each step as the cards turn, and a call slower than
# that holds up the card that follows it (docs/dealer.md says why).
STANDARD_SECONDS = 3.0

register(
    Drill(
        DRILL,
        gettext_lazy("Calling the hand"),
        gettext_lazy(
            "The cards come in dealing order; call each step as a dealer does: the totals, "
            "the natural, who draws, who wins."
        ),
        STANDARD_SECONDS,
    )
)


class AnswerForm(forms.Form):
    question = forms.CharField(max_length=2000)
    answer = forms.CharField(max_length=40)


def new_hand(request) -> CalledHand:
    """The next hand: one that exercises the skill spaced repetition says is next."""
    skill = Learner(request).next_skills(list(SKILLS))[0]
    return deal_for(skill, secrets.randbelow(2**32))


def drill_context(request, hand, limit_form, limit, last=None, notice=None):
    call = hand.current
    fresh = 0 if hand.at == 0 else hand.calls[hand.at - 1].cards_shown
    return {
        "hand": hand,
        "call": call,
        "spots": lay_out(hand.resolution, call.cards_shown, fresh),
        "token": scoring.serve(DRILL, {"cards": hand.text(), "at": hand.at}),
        "limit_form": limit_form,
        "last": last,
        "notice": notice,
        **scoring.status(request, DRILL, STANDARD_SECONDS, limit),
        "sources": sources.page_refs("/dealer/calling/"),
    }


def respond(request, context, status=200):
    return drill_response(request, PAGE, context, status)


def refuse_limit(request, limit_form):
    """A time limit not on offer: the drill untimed, the field named, nothing counted."""
    context = drill_context(request, new_hand(request), LimitForm(), None)
    context["notice"] = limit_problem(limit_form)
    return respond(request, context, 400)


@require_safe
def calling(request):
    limit_form, limit = limit_of(request.GET)
    if not limit_form.is_valid():
        return refuse_limit(request, limit_form)
    return render(request, PAGE, drill_context(request, new_hand(request), limit_form, limit))


@require_http_methods(["GET", "HEAD", "POST"])
def answer(request):
    if request.method != "POST":
        return back_to_drill(request, "dealer:calling")
    limit_form, limit = limit_of(request.POST)
    if not limit_form.is_valid():
        return refuse_limit(request, limit_form)
    form = AnswerForm(request.POST)
    hand = None
    if form.is_valid():
        try:
            question, seconds = scoring.take(DRILL, form.cleaned_data["question"])
            hand = CalledHand.read(question["cards"], question["at"])
        except scoring.StaleQuestion as error:
            notice = str(error)
        except (KeyError, TypeError, ValueError):
            notice = _("question: this question cannot be read back.")
    else:
        notice = "; ".join(f"{name}: {' '.join(errs)}" for name, errs in form.errors.items())
    if hand is None:
        return respond(
            request,
            drill_context(request, new_hand(request), limit_form, limit, notice=notice),
            status=400,
        )
    call = hand.current
    choice = call.choice(form.cleaned_data["answer"])
    if choice is None:
        notice = _("answer: choose one of the calls shown. Nothing was counted.")
        return respond(request, drill_context(request, hand, limit_form, limit, notice=notice), 400)
    right = choice.value == call.answer
    marked = scoring.mark(request, DRILL, call.skill, right, seconds, limit, STANDARD_SECONDS)
    following = new_hand(request) if hand.last else CalledHand(hand.cards, hand.at + 1)
    last = {"call": call, "given": choice, "marked": marked, "hand_done": hand.last}
    return respond(request, drill_context(request, following, limit_form, limit, last=last))
