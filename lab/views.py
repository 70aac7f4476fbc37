"""The simulation lab, /lab/: chance deals whole shoes by the real rules, and the page shows
what it draws (shares, streaks, derived roads, sample shoes), how betting systems end against
it, and where the learner's own tracked shoes fall among its shoes.

A plain GET form, so every run is a URL (a run without a seed is given one and redirected to,
so any page can be dealt again). A quick run is dealt in the request; a longer one is dealt
in steps, each a POST carrying the run's signed state (lab.runs), answered by the next
step's progress bar or, at the end, by the results: any app server can answer any step. With
htmx each step triggers the next by itself; without it each step page has a Continue button.
"""

import re
from dataclasses import replace

from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import reswap, retarget

from baccarat.roads.scoreboard import DERIVED_ROADS, scoreboard
from baccarat.simulation.against_chance import REFERENCE_SHOES
from baccarat.simulation.shoes import procedure
from baccarat.teaching.lab_text import PURPOSE
from guards.budgets import simulated_shoes
from guards.shares import one_at_a_time, turn, wait_your_turn
from guards.shares import refused as too_busy
from lab import runs
from lab.form import (
    DEFAULT_RUN,
    FIELD_NAMES,
    PRESETS,
    LabForm,
    form_values,
    systems_choices,
)
from lab.results import learner_context, results_context
from scoreboard.boards import proof_context, scoreboard_context

SHOE_TEXT = re.compile(r"[BPT]{1,200}")  # a whole shoe of 8 decks is about 80 hands
FIELD_ANCHORS = {"shoes": "other", "cancelled": "lab-form"}  # where a message's link goes
MILESTONES = (0.25, 0.5, 0.75)  # shares of a long run announced as they are passed
# A budget's period in words, as the 429 page says it ("at most 200,000 shoes a minute").
PERIODS = {
    1: gettext_lazy("a second"),
    60: gettext_lazy("a minute"),
    3600: gettext_lazy("an hour"),
    86400: gettext_lazy("a day"),
}


def page_context(request, values, errors=None, **extra):
    return {
        "purpose": _(PURPOSE),
        "values": values,
        "presets": PRESETS,
        "decks_choices": range(1, 9),
        "systems_choices": systems_choices(values["systems"]),
        "errors": errors or {},
        "fields_in_error": [
            (FIELD_ANCHORS.get(key, key), FIELD_NAMES[key], message)
            for key, message in (errors or {}).items()
        ],
        "reference_shoes": f"{REFERENCE_SHOES:,}",
        **extra,
    }


def with_results(request, context, tally):
    context.update(results_context(tally))
    context.update(learner_context(request))
    return context


def refused(request, query, errors):
    context = page_context(request, form_values(query), errors)
    context["announcement"] = _("Nothing dealt: %(problems)s") % {
        "problems": " ".join(errors.values())
    }
    return render(request, "lab/lab.html", context, status=400)


def over_budget(request, shoes, came_from):
    """The 429 page when dealing `shoes` more would pass the caller's budget of simulated
    shoes (guards.budgets, shared with the API), else None; charged when it fits."""
    refused = simulated_shoes.spend(request, shoes)
    if refused is None:
        return None
    seconds = refused.retry_after
    period = PERIODS.get(refused.rate.seconds) or _("every %(seconds)s seconds") % {
        "seconds": f"{refused.rate.seconds:,}"
    }
    numbers = {
        "amount": f"{refused.rate.amount:,}",
        "period": period,
        "shoes": f"{shoes:,}",
        "left": f"{refused.left:,}",
    }
    if refused.signed_in:
        detail = _(
            "The lab deals at most %(amount)s shoes %(period)s for one account, and this "
            "needs %(shoes)s more; %(left)s are left now."
        )
    else:
        detail = _(
            "The lab deals at most %(amount)s shoes %(period)s for one address, and this "
            "needs %(shoes)s more; %(left)s are left now."
        )
    detail = detail % numbers
    context = {"detail": detail, "retry_after": seconds, "came_from": came_from}
    response = render(request, "429.html", context, status=429)
    response["Retry-After"] = str(seconds)
    return response


def progress_context(tally, announcement=""):
    run = runs.run_of(tally)
    return {
        "state": runs.sealed(tally),
        "dealt": tally.shoes,
        "asked": tally.shoes_asked,
        "dealt_text": f"{tally.shoes:,}",
        "asked_text": f"{tally.shoes_asked:,}",
        "percent": round(100 * tally.shoes / tally.shoes_asked),
        "cancel_url": f"{reverse('lab:index')}?{run.query()}&cancelled={tally.shoes}",
        "run_procedure": procedure(tally.decks),
        "announcement": announcement,
    }


@require_safe
def index(request):
    if not request.GET:
        # The form starts without a seed (a new one each run); the results below it are
        # the default run's, whose seed they state.
        context = page_context(request, form_values(run=replace(DEFAULT_RUN, seed=None)))
        return render(request, "lab/lab.html", with_results(request, context, runs.default_run()))
    form = LabForm(request.GET)
    if not form.is_valid():
        return refused(request, request.GET, form.messages())
    run, cancelled = form.cleaned_data["run"], form.cleaned_data["cancelled"]
    if run.seed is None or request.GET.get("shoes") == "other" or "other" in request.GET:
        if run.seed is None:
            run = run.with_new_seed()
        return redirect(f"{reverse('lab:index')}?{run.query()}")
    context = page_context(request, form_values(run=run))
    if cancelled is not None:
        context["cancelled"] = {"dealt": f"{cancelled:,}", "asked": f"{run.shoes:,}"}
        context["announcement"] = _(
            "Run cancelled after %(dealt)s of %(asked)s shoes; the form is as you left it."
        ) % {"dealt": f"{cancelled:,}", "asked": f"{run.shoes:,}"}
        return render(request, "lab/lab.html", context)
    if runs.at_once(run):
        with turn(request) as mine:
            if not mine:
                return too_busy(request, 1, wait_your_turn)
            too_many = over_budget(request, run.shoes, reverse("lab:index"))
            if too_many is not None:
                return too_many
            tally = runs.dealt_at_once(run)
        context["announcement"] = _("Dealt %(shoes)s shoes; the results follow the form.") % {
            "shoes": f"{run.shoes:,}"
        }
        return render(request, "lab/lab.html", with_results(request, context, tally))
    tally = runs.new_tally(run)
    context["progress"] = progress_context(tally)
    context["announcement"] = _("Dealing %(shoes)s shoes; this takes a few seconds.") % {
        "shoes": f"{run.shoes:,}"
    }
    return render(request, "lab/lab.html", context)


@require_POST
@one_at_a_time()
def step(request):
    """Deal the next part of a long run: about half a second with htmx, longer without."""
    try:
        tally = runs.unsealed(request.POST.get("state", ""))
    except runs.StateRefused as error:
        fresh = form_values(run=replace(DEFAULT_RUN, seed=None))
        context = page_context(request, fresh, step_error=str(error))
        context["announcement"] = str(error)
        if request.htmx:
            response = render(request, "lab/lab.html#run", context, status=400)
            retarget(response, "#lab-run")
            reswap(response, "outerHTML")
            return response
        return render(request, "lab/lab.html", context, status=400)
    before = tally.shoes / tally.shoes_asked
    seconds = runs.STEP_SECONDS if request.htmx else runs.STEP_SECONDS_NO_SCRIPT
    most, shoes = runs.step_shoes(tally, seconds)
    too_many = over_budget(request, shoes, f"{reverse('lab:index')}?{runs.run_of(tally).query()}")
    if too_many is not None:
        return too_many
    runs.deal_for(tally, seconds, most)
    after = tally.shoes / tally.shoes_asked
    run = runs.run_of(tally)
    context = page_context(request, form_values(run=run))
    if tally.done:
        with_results(request, context, tally)
        context["announcement"] = _("Done: %(shoes)s shoes dealt. The results follow the form.") % {
            "shoes": f"{tally.shoes:,}"
        }
    else:
        passed = [m for m in MILESTONES if before < m <= after]
        announcement = (
            _("Dealt %(dealt)s of %(asked)s shoes.")
            % {"dealt": f"{tally.shoes:,}", "asked": f"{tally.shoes_asked:,}"}
            if passed
            else ""
        )
        context["progress"] = progress_context(tally, announcement)
        context["announcement"] = announcement
    template = "lab/lab.html#run" if request.htmx else "lab/lab.html"
    return render(request, template, context)


@require_safe
def marks(request, outcomes, road, index):
    """The proof of one derived mark on a sample shoe's board (the board is in the URL)."""
    if not SHOE_TEXT.fullmatch(outcomes) or road not in DERIVED_ROADS:
        raise Http404("No such board.")
    board = scoreboard(outcomes)
    proof = proof_context(board, road, index)
    if proof is None:
        raise Http404("That road has no such mark.")
    context = {**scoreboard_context(proof["then"], ""), **proof}  # the board at the mark
    return render(request, "lab/mark.html", context)
