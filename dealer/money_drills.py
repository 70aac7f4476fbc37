"""The two money drills' one view: the commission drill and the payout drill ask a question,
take a typed amount, and answer with the worked answer, the time taken and the session's
speed and accuracy. Each drill is a `MoneyDrill` (dealer/commission.py,
dealer/payouts.py); the questions, answers and sentences are the engine's
(baccarat.teaching.dealer_commission, dealer_payouts).

GET shows a question for the chooser in the query string. POST answers it: the question
comes back signed (dealer.scoring), so it cannot be altered, and an answer sent twice (a
reload, a double click) is refused with 409 and counted once. Without JavaScript the POST
returns the whole page; with htmx the panel, and the feedback is filled into its aria-live
region out of band.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from django.shortcuts import render
from django.utils.translation import gettext as _

from baccarat.teaching.dealer_commission import BadQuestion, dollars
from dealer import scoring, sources
from dealer.answers import ANY, Answer, Chooser
from dealer.drill_page import drill_response
from dealer.time_limit import seconds as limit_seconds
from progress.learner import Learner

PAGE = "dealer/money_drill.html"
ANSWERED_KEY = "dealer_drills_answered"
KEPT_ANSWERED = 30  # signatures of answered questions kept, to refuse the same one twice


@dataclass(frozen=True)
class MoneyDrill:
    name: str  # the scoring's drill key and URL name: "dealer:commission"
    title: str
    lead: str
    choice_label: str
    chooser: type[Chooser]
    choices: Callable[[], list[tuple[str, str]]]  # (key, name) in the active language
    skills: Callable[[dict], list[tuple[str, str]]]  # (skill, choice key) for a chooser
    new: Callable[[str, dict, random.Random], object]  # a question for a choice
    restore: Callable[[dict], object]
    standard: float
    sources: Callable[[object], tuple[str, ...]]  # a question's policy or pay table's sources


def _chooser(drill: MoneyDrill, data) -> Chooser:
    return drill.chooser(data, choices=drill.choices())


def _pick(request, drill: MoneyDrill, settings: dict):
    """The question to ask: the chosen policy or pay table, or under "any" the skill spaced
    repetition says is next."""
    rng = random.Random()
    if settings["choice"] != ANY:
        return drill.new(settings["choice"], settings, rng)
    skills = drill.skills(settings)
    following = dict(skills)
    chosen = Learner(request).next_skills([skill for skill, _choice in skills])
    return drill.new(following[chosen[0]], settings, rng)


def _answered_before(request, token: str) -> bool:
    """Was this question answered already? Remember it if not."""
    signature = token.rsplit(":", 1)[-1]
    seen = request.session.get(ANSWERED_KEY, [])
    if signature in seen:
        return True
    request.session[ANSWERED_KEY] = [*seen[-(KEPT_ANSWERED - 1) :], signature]
    return False


def _context(request, drill: MoneyDrill, chooser, settings, question, **extra) -> dict:
    context = {
        "drill": drill,
        "chooser": chooser,
        "settings": settings,
        "question": question,
        **_cited(sources.refs(drill.sources(question)) if question else []),
        "token": extra.pop("token", None)
        or (scoring.serve(drill.name, question.data) if question else ""),
        "answer_form": extra.pop("answer_form", None) or Answer(),
        **scoring.status(request, drill.name, drill.standard, limit_seconds(settings["limit"])),
    }
    context.update(extra)
    return context


def _cited(refs) -> dict:
    """The sources found, and whether a part of the rule has none (said after them, so the
    line does not read as if the found source were missing)."""
    return {"cited": [ref for ref in refs if ref], "uncited": None in refs}


def _refuse(request, context, status: int):
    return drill_response(request, PAGE, context, status)


def page(request, drill: MoneyDrill):
    source = request.POST if request.method == "POST" else request.GET
    chooser = _chooser(drill, source)
    if not chooser.is_valid():
        blank = _chooser(drill, None)
        fallback = {
            "choice": ANY,
            "limit": "",
            **({"mode": "take"} if "mode" in blank.fields else {}),
        }
        context = _context(request, drill, blank, fallback, None)
        context["notice"] = " ".join(
            f"{chooser.fields[name].label}: {e}" if name in chooser.fields else str(e)
            for name, errors in chooser.errors.items()
            for e in errors
        )
        return _refuse(request, context, 400)
    settings = chooser.cleaned_data
    if request.method != "POST":
        question = _pick(request, drill, settings)
        return render(request, PAGE, _context(request, drill, chooser, settings, question))
    return _answer(request, drill, chooser, settings)


def _answer(request, drill: MoneyDrill, chooser, settings):
    form = Answer(request.POST)
    valid = form.is_valid()
    token = request.POST.get("question", "")
    try:
        data, seconds = scoring.take(drill.name, token)
        question = drill.restore(data)
    except (scoring.StaleQuestion, BadQuestion):
        context = _context(request, drill, chooser, settings, _pick(request, drill, settings))
        context["notice"] = _(
            "question: this question was altered or is too old, so nothing was counted. "
            "Here is a new one."
        )
        return _refuse(request, context, 400)
    if not valid:
        # The same question again, served anew: the learner corrects the amount.
        context = _context(
            request, drill, chooser, settings, question, answer_form=form, token=token
        )
        context["notice"] = " ".join(str(e) for e in form.errors.get("amount", []))
        context["notice"] = context["notice"] or _("question: this question is missing.")
        return _refuse(request, context, 400)
    if _answered_before(request, token):
        context = _context(request, drill, chooser, settings, _pick(request, drill, settings))
        context["notice"] = _("That question was answered already, so it was counted once.")
        return _refuse(request, context, 409)
    typed = form.cleaned_data["amount"]
    right = question.right(typed)
    limit = limit_seconds(settings["limit"])
    marked = scoring.mark(
        request, drill.name, question.skill, right, seconds, limit, drill.standard
    )
    last = {
        "prompt": question.prompt,
        "typed": dollars(typed),
        "answers": [dollars(a) for a in question.answers],
        "worked": question.worked,
        "marked": marked,
    }
    context = _context(
        request, drill, chooser, settings, _pick(request, drill, settings), last=last
    )
    return drill_response(request, PAGE, context)
