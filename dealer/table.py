"""/dealer/table/: a whole table settled, step by step. Seven seats bet, a hand is dealt
from the drill's shoe, and the learner takes the losing bets, pays the winners in the
house's order, and marks the commission box; at the shoe's end (or sooner, on request) the
boxes are settled.

The whole state lives in the session and is small: the shoe's seed, the hand's number, the
step, seven box totals and this hand's sheet (baccarat.teaching.table_settlement deals the
same table again from the seed). Each step's question is signed with the moment it was
served (dealer.scoring), so an answer is timed and cannot be replayed.
"""

from __future__ import annotations

import secrets
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from baccarat.odds.payouts import money
from baccarat.teaching import table_settlement as engine
from dealer import scoring
from dealer.catalogue import Drill, register
from dealer.drill_page import drill_response
from dealer.table_forms import LIMIT_LABEL, ActionForm, AnswerForm, limits_of

DRILL = "dealer:table"
STATE = "dealer_table"
STEPS = ("take", "pay", "box", "done", "settle", "settled")
PAGE = "dealer/table.html"

register(
    Drill(
        DRILL,
        gettext_lazy("A whole table"),
        gettext_lazy(
            "Seven seats, one hand: take the losing bets, pay the winners in the house's "
            "order, and keep the commission box."
        ),
        engine.STANDARD_SECONDS,
    )
)


def _new_shoe(policy: str) -> dict:
    return {
        "seed": secrets.token_hex(8),
        "policy": policy,
        "hand": 0,
        "step": "take",
        "boxes": {},
        "sheet": [0.0, 0, 0],  # this hand's seconds, right answers, answers
    }


def _state(request) -> dict:
    """The drill's state from the session, or a new shoe if there is none that makes sense."""
    state = request.session.get(STATE)
    try:
        valid = (
            state["policy"] in engine.POLICIES
            and state["step"] in STEPS
            and 0 <= int(state["hand"]) < 200
            and len(state["boxes"]) <= len(engine.SEATS)
        )
        engine.deal(state["seed"], int(state["hand"]), state["policy"])
    except (KeyError, TypeError, ValueError):  # TableError too: a hand past the shoe's end
        valid = False
    return state if valid else _new_shoe("box")


def _boxes(state: dict) -> dict[int, Fraction]:
    return {int(seat): Fraction(total) for seat, total in state["boxes"].items()}


def _save(request, state: dict, boxes: dict[int, Fraction] | None = None) -> None:
    if boxes is not None:
        state["boxes"] = {str(seat): str(total) for seat, total in boxes.items() if total}
    request.session[STATE] = state


def _fields(step: str, settled: engine.Settled, boxes: dict[int, Fraction]):
    """The answer form's fields for a step: the bets to tick, or the amounts to type."""
    if step == "take":
        return {"take_choices": [bet.key for bet in settled.table.bets]}
    if step == "pay":
        rows = [
            (f"pay-{line.bet.key}", _("Seat %(seat)s, %(stake)s on %(bet)s: pay")
             % {"seat": line.bet.seat, "stake": money(line.bet.stake), "bet": line.bet.label})
            for line in settled.paid
        ]  # fmt: skip
        return {"amounts": rows}
    if step == "box":
        rows = [(f"box-{seat}", _("Seat %(seat)s: into the box") % {"seat": seat})
                for seat in sorted(settled.boxed)]  # fmt: skip
        return {"amounts": rows}
    if step == "settle":
        rows = [
            (f"owed-{seat}", _("Seat %(seat)s owes") % {"seat": seat}) for seat in sorted(boxes)
        ]
        return {"amounts": rows}
    return {}


def _context(request, state, limit_form, feedback=None, notice=None, errors=None):
    table = engine.deal(state["seed"], state["hand"], state["policy"])
    settled = engine.settle_table(table)
    boxes = _boxes(state)
    step = state["step"]
    form = AnswerForm(**_fields(step, settled, boxes))
    question = {"seed": state["seed"], "hand": state["hand"], "step": step}
    seconds, right, answered = state["sheet"]
    return {
        "table": table,
        "settled": settled,
        "spots": engine.spots(table),
        "outcome": engine.outcome_sentence(table),
        "seats": engine.seat_rows(table, settled if step != "take" else None),
        "step": step,
        "form": form,
        "token": scoring.serve(DRILL, question) if step in ("take", "pay", "box", "settle") else "",
        "boxes": [(seat, money(total)) for seat, total in sorted(boxes.items())],
        "policy": state["policy"],
        "policy_name": _(engine.POLICIES[state["policy"]]),
        "policies": [(key, _(name)) for key, name in engine.POLICIES.items()],
        "limit_form": limit_form,
        "query": f"?limit={limit_form.cleaned_data['limit']}" if limit_form.seconds() else "",
        "sheet": {"seconds": round(seconds, 1), "right": right, "answered": answered},
        **scoring.status(request, DRILL, engine.STANDARD_SECONDS, limit_form.seconds()),
        "hand_number": state["hand"] + 1,
        "feedback": feedback,
        "notice": notice,
        "errors": errors or [],
    }


def _show(request, context, status=200):
    return drill_response(request, PAGE, context, status, target="#table-drill")


def _refuse(request, state, limit_form, errors):
    """Bad input: the step as it was, each field's problem named, nothing counted."""
    notice = _("Nothing was counted: %(problems)s") % {"problems": " ".join(errors)}
    context = _context(request, state, limit_form, notice=notice, errors=errors)
    return _show(request, context, status=400)


@require_http_methods(["GET", "HEAD", "POST"])
def table(request):
    limit_form = limits_of(request.GET)
    state = _state(request)
    if not limit_form.is_valid():
        errors = [f"{LIMIT_LABEL}: {e}" for e in limit_form.errors.get("limit", [])]
        return _refuse(request, state, limits_of({}), errors)
    if request.method != "POST":
        _save(request, state)
        return _show(request, _context(request, state, limit_form))
    action_form = ActionForm(request.POST)
    if not action_form.is_valid():
        errors = [f"{name}: {' '.join(e)}" for name, e in action_form.errors.items()]
        return _refuse(request, state, limit_form, errors)
    action = action_form.cleaned_data["action"]
    if action == "answer":
        return _answer(request, state, limit_form)
    policy = action_form.cleaned_data["policy"]
    if action == "new":
        if not policy:
            return _refuse(request, state, limit_form, [_("policy: choose a house policy.")])
        state = _new_shoe(policy)
    elif action == "next":
        if state["step"] not in ("done", "settled"):
            return _refuse(request, state, limit_form, [_("action: settle this hand first.")])
        state = _next_hand(state)
    else:  # settle the boxes now
        if state["step"] != "done" or not state["boxes"]:
            problem = _("action: the box can be settled between hands, when it holds something.")
            return _refuse(request, state, limit_form, [problem])
        state["step"] = "settle"
    _save(request, state)
    return _show(request, _context(request, state, limit_form))


def _next_hand(state: dict) -> dict:
    table = engine.deal(state["seed"], state["hand"], state["policy"])
    if table.shoe_ends:
        if state["boxes"] and state["step"] == "done":
            return {**state, "step": "settle"}
        return _new_shoe(state["policy"])
    return {**state, "hand": state["hand"] + 1, "step": "take", "sheet": [0.0, 0, 0]}


def _answer(request, state, limit_form):
    step = state["step"]
    try:
        question, seconds = scoring.take(DRILL, request.POST.get("question", ""))
    except scoring.StaleQuestion as error:
        return _refuse(request, state, limit_form, [str(error)])
    here = {"seed": state["seed"], "hand": state["hand"], "step": step}
    if question != here:
        problem = _("question: this step was already answered, or belongs to another hand.")
        return _refuse(request, state, limit_form, [problem])
    table = engine.deal(state["seed"], state["hand"], state["policy"])
    settled = engine.settle_table(table)
    boxes = _boxes(state)
    form = AnswerForm(request.POST, **_fields(step, settled, boxes))
    if not form.is_valid():
        return _refuse(request, state, limit_form, form.problems())
    graded = engine.grade(step, settled, boxes, form.cleaned_data)
    limit = limit_form.seconds()
    marks = [
        scoring.mark(request, DRILL, skill, ok, seconds, limit, engine.STANDARD_SECONDS)
        for skill, ok in graded.skills
    ]
    # The hand's sheet counts what the worked answer shows, line by line (each bet taken,
    # left or paid, each box entry), so its figures can be checked against the page.
    state["sheet"] = [
        state["sheet"][0] + seconds,
        state["sheet"][1] + sum(ok for _sentence, ok in graded.lines),
        state["sheet"][2] + len(graded.lines),
    ]
    state["step"] = graded.next_step(step, settled)
    if step == "box":
        boxes = engine.add_to_boxes(boxes, settled)
    elif step == "settle":
        boxes = {}
    _save(request, state, boxes)
    feedback = {
        "right": graded.right,
        "lines": graded.lines,
        "seconds": round(seconds, 1),
        "counted": all(m.counted for m in marks),
        "late": graded.right and limit is not None and seconds > limit,
    }
    return _show(request, _context(request, state, limit_form, feedback=feedback))
