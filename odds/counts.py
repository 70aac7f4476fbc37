"""Counting systems side by side, /odds/counting/systems/: every built-in count (and one of
your own) measured over the lab's shoes against the exact edge before each hand, beside
betting with perfect knowledge; then the kept large run, and the published sources' figures
next to the explorer's.

A plain GET form, so every run is a URL. A run of a few shoes is dealt in the request; a
longer one goes on by steps, each a POST carrying the run's signed sums, answered by the
table so far (with htmx the next step asks itself; without it a Continue button does).
Every figure comes from baccarat.simulation.count_runs and count_figures.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from django.core import signing
from django.http import HttpResponseBadRequest
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from baccarat.game.cards import RANKS
from baccarat.simulation.count_figures import CLAIMS, kept, kept_rows
from baccarat.simulation.count_runs import CUT_DEPTHS, CountRun, Row
from baccarat.simulation.counting import BET_NAMES, BETS, built_in, user_count
from baccarat.teaching.count_text import explorer_answers, signed_number
from guards.budgets import simulated_shoes
from odds.count_form import DEFAULT_CUT, MAX_SHOES, TAG_FIELDS, read

SALT = "odds.counting.systems"
MAX_AGE = 60 * 60
MAX_STATE = 20_000
SHOES_A_STEP_8_DECKS = 40  # about half a second here for eight decks; more for fewer decks
COST = 350  # a shoe here, each hand's exact edge worked out, takes as long as this many lab shoes


def shoes_a_step(decks: int) -> int:
    return SHOES_A_STEP_8_DECKS * 8 // decks


def counts_for(yours) -> tuple:
    return built_in() + ((yours,) if yours else ())


def row_context(row: Row, count) -> dict:
    perfect = count is None
    return {
        "name": _("Perfect knowledge") if perfect else count.name,
        "bet": _(BET_NAMES[row.bet]),
        "tags": None if perfect else " ".join(signed_number(t, 0) for t in count.tags),
        "trigger": None if perfect else signed_number(count.trigger, 1),
        "source": None if perfect else count.source,
        "yours": not perfect and count.key == "yours",
        # A count that never reached its trigger placed no bets: no win to measure.
        "no_bets": row.bet_share == 0,
        "perfect": perfect,
        "correlation": "—"
        if row.correlation is None
        else f"{row.correlation:.3f}".replace("-", "−"),
        "positive": f"{row.positive * 100:.2f}%",
        "bet_share": f"{row.bet_share * 100:.2f}%",
        "win": signed_number(row.win_per_100, 3),
        "low": signed_number(row.low, 3),
        "high": signed_number(row.high, 3),
        "expected": signed_number(row.expected_per_100, 3),
        "covers": row.covers,
    }


def table(rows: Sequence[Row], counts: tuple) -> list[dict]:
    return [row_context(row, counts[i] if i < len(counts) else None) for i, row in enumerate(rows)]


def sealed(run: CountRun, yours) -> str:
    state = {
        "asked": [run.decks, run.cut, run.seed, run.shoes, run.done],
        "yours": [list(yours.tags), yours.bet, yours.trigger] if yours else None,
        "sums": run.sums.round(9).tolist(),
    }
    return signing.dumps(state, salt=SALT, compress=True)


def unsealed(token: str):
    """(run, your count), or None when the token is not one this page gave."""
    if not token or len(token) > MAX_STATE:
        return None
    try:
        state = signing.loads(token, salt=SALT, max_age=MAX_AGE)
        decks, cut, seed, shoes, done = state["asked"]
        yours = user_count(*state["yours"]) if state["yours"] else None
        run = CountRun(decks, cut, seed, shoes, counts_for(yours), done=done)
        sums = np.array(state["sums"], dtype=np.float64)
        if sums.shape != run.sums.shape or not 0 <= done < shoes <= MAX_SHOES:
            return None
        run.sums = sums
    except (signing.BadSignature, TypeError, ValueError, KeyError):
        return None
    return run, yours


def deal_step(request, run: CountRun):
    """Deal the next step, charged to the caller's budget of simulated shoes first; the
    refusal when it does not fit, else None."""
    step = min(shoes_a_step(run.decks), run.shoes - run.done)
    refused = simulated_shoes.spend(request, step * COST * run.decks // 8 or 1)
    if refused is not None:
        return refused
    target = run.done + step
    while run.done < target:
        run.deal(target - run.done)
    return None


def page_context(values, errors=None, **extra) -> dict:
    data = kept()
    found = explorer_answers()
    return {
        "values": values,
        "errors": errors or {},
        "decks_choices": range(1, 9),
        "cut_choices": CUT_DEPTHS,
        "bet_choices": [(bet, _(BET_NAMES[bet])) for bet in BETS],
        "tag_fields": [
            (key, "10" if rank == "T" else rank, values.get(key, ""))
            for rank, key in zip(RANKS, TAG_FIELDS, strict=True)
        ],
        "max_shoes": MAX_SHOES,
        "kept_shoes": f"{data['shoes']:,}",
        "kept_seed": data["seed"],
        "kept_decks": data["decks"],
        "kept_tables": [
            (
                cut,
                f"kept-{cut}",
                _(
                    "The kept run, cut card {cut} cards from the end: each count against the "
                    "exact edge; win and expected win per 100 hands, 1 unit a bet"
                ).format(cut=cut),
                table(kept_rows(cut), built_in()),
            )
            for cut in CUT_DEPTHS
        ],
        "claims": [
            {
                "section": claim.section,
                "says": _(claim.says),
                "figures": [(_(label), figure) for label, figure in claim.figures],
                "answer": found[claim.answer],
            }
            for claim in CLAIMS
        ],
        "default_cut": DEFAULT_CUT,
        **extra,
    }


def run_context(run: CountRun, yours) -> dict:
    return {
        "run": run,
        "rows": table(run.rows(), counts_for(yours)),
        "dealt_text": f"{run.done:,}",
        "asked_text": f"{run.shoes:,}",
        "state": None if run.finished else sealed(run, yours),
        "percent": round(100 * run.done / run.shoes),
    }


def too_busy(request, refused):
    response = render(
        request,
        "429.html",
        {
            "detail": _("Too many shoes dealt from this address just now; try again soon."),
            "retry_after": refused.retry_after,
            "came_from": request.path,
        },
        status=429,
    )
    if refused.retry_after:
        response["Retry-After"] = str(refused.retry_after)
    return response


@require_safe
def systems(request):
    asked, errors, values = read(request.GET)
    if asked is None:
        context = page_context(values, errors)
        context["announcement"] = _("Nothing dealt: {problems}").format(
            problems=" ".join(errors.values())
        )
        return render(request, "odds/counting_systems.html", context, status=400)
    run = CountRun(asked.decks, asked.cut, asked.seed, asked.shoes, counts_for(asked.yours))
    refused = deal_step(request, run)
    if refused is not None:
        return too_busy(request, refused)
    context = page_context(values, **run_context(run, asked.yours))
    return render(request, "odds/counting_systems.html", context)


@require_POST
def step(request):
    opened = unsealed(request.POST.get("state", ""))
    if opened is None:
        return HttpResponseBadRequest(
            _("state: this run's state was changed, garbled or over an hour old; start again.")
        )
    run, yours = opened
    refused = deal_step(request, run)
    if refused is not None:
        return too_busy(request, refused)
    extra = run_context(run, yours)
    if request.htmx:
        return render(request, "odds/counting_systems.html#run", extra)
    values = {"decks": str(run.decks), "cut": str(run.cut), "shoes": str(run.shoes),
              "seed": str(run.seed)}  # fmt: skip
    return render(request, "odds/counting_systems.html", page_context(values, **extra))
