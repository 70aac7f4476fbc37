"""Drawing a lesson's directives as HTML: road boards the learner can grow, inline checks,
hands, tableau rows, charts. Each is a fragment of templates/lessons/directives.html, its
component ids made its own so that a lesson can show several."""

import re

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from baccarat.game.cards import parse_cards
from baccarat.game.rules import resolve
from baccarat.game.tableau import BANKER_WHEN_PLAYER_STOOD, PLAYER_RULE
from baccarat.roads.scoreboard import next_hand_text, outcome_name, road_name, scoreboard
from baccarat.teaching.charts import card_values, two_card_rows
from lessons.blocks import MAX_HANDS, Directive
from lessons.live import is_live, live_context, others
from lessons.state import HAND_KINDS, graded
from scoreboard.boards import COLOR_WORDS, scoreboard_context

FRAGMENTS = "lessons/directives.html"
OUTCOMES = re.compile(r"[BPT]*")  # matched whole (fullmatch): no trailing newline


def add_labels():
    """A road board's buttons, one sentence each (in Chinese the outcome is no word alone)."""
    return {"B": _("Add Banker"), "P": _("Add Player"), "T": _("Add Tie")}


# The shared components give their SVGs and tables fixed ids (one tracker board, one tableau
# per page). A lesson can show several, so each copy's ids get its directive's prefix.
COMPONENT_IDS = re.compile(
    r'\bid="((?:road-(?:bead_plate|big_road|big_eye_boy|small_road|cockroach_pig))'
    r'|tableau|banker-[0-7]|this-hand-cell)"'
)


# A road's scroll box is a region named after its road: with several boards on a page, each
# board's regions say which board they belong to ("Big Road, board 2").
REGION_NAMES = re.compile(r'(role="region" aria-label=")([^"]+)(")')


def own_ids(html, prefix, owner=None):
    html = COMPONENT_IDS.sub(lambda m: f'id="{prefix}-{m.group(1)}"', html)
    # "road-2" is board 2; a check's board is named after its check ("Check 3 of 5"), in the
    # page's language (never the check's id, which is the lesson file's English).
    if prefix.startswith("road-"):
        whose = _("%(region)s, board %(number)s") % {"region": "\x00", "number": prefix[5:]}
    else:
        whose = _("%(region)s, %(check)s") % {"region": "\x00", "check": owner or prefix}
    html = REGION_NAMES.sub(
        lambda m: f"{m.group(1)}{whose.replace(chr(0), m.group(2))}{m.group(3)}", html
    )
    # A derived road's marks load their proof into #proof; here, into this board's panel.
    return mark_safe(
        html.replace('data-proof-target="#proof"', f'data-proof-target="#{prefix}-proof"')
    )


def fragment(request, name, context, prefix=None):
    html = render_to_string(f"{FRAGMENTS}#{name}", context, request)
    return own_ids(html, prefix, context.get("board_name")) if prefix else mark_safe(html)


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
                notice = _(
                    "That board could not be read (use B, P and T, at most %(most)s "
                    "hands), so this is the lesson's board."
                ) % {"most": MAX_HANDS}
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
        word = COLOR_WORDS[mark.color] if mark else None
        marks.append({"key": key, "name": road_name(key), "mark": mark, "word": word})
    return {"number": last + 1, "outcome": outcome_name(outcome), "bead": bead, "marks": marks}


def road_context(state, directive, boards):
    spec = directive.spec
    number = directive.number
    outcomes, notice = boards[number]
    board = scoreboard(outcomes)
    marks_url = f"{state.url}marks/{outcomes or '-'}/"
    context = scoreboard_context(board, marks_url)
    context["derived"] = [entry for entry in context["derived"] if entry["key"] in spec.derived]
    context["ask"] = [row for row in context["ask"] if row["key"] in spec.derived]
    name = f"r{number}"
    if notice:
        state.refused = True
    full = len(outcomes) >= MAX_HANDS
    labels = add_labels()
    context.update(
        spec=spec,
        number=number,
        dom_id=f"road-{number}",
        param=name,
        lesson_url=state.url,
        others=others(state.request, lambda param: param == name),
        current=outcomes,
        changed=outcomes != spec.outcomes,
        add=[
            {"outcome": o, "label": labels[o], "value": outcomes + o, "css": css}
            for o, css in (("B", "banker"), ("P", "player"), ("T", "tie"))
        ]
        if not full
        else [],
        full=full,
        undo_value=outcomes[:-1] if outcomes else None,
        reset_value=spec.outcomes,
        notice=notice,
        latest=latest_marks(board, spec) if spec.derived else None,
        next_text=next_hand_text(board, spec.next, spec.derived) if spec.next else None,
        proofs=[
            {
                "key": key,
                "name": road_name(key),
                "marks": [
                    {
                        "color": mark.color,
                        "symbol": mark.symbol,
                        "proof": mark.proof,
                        "word": COLOR_WORDS[mark.color],
                    }
                    for mark in board.derived[key].marks
                ],
            }
            for key in spec.proofs
        ],
        show_bead_plate="bead_plate" in spec.show,
        show_big_road="big_road" in spec.show,
    )
    return context


def road_announcement(context):
    board = context["board"]
    if not board.hands:
        return _("The board is empty.")
    latest = latest_marks(board, context["spec"])
    last = board.hands[-1].outcome
    words = [
        _("Hand %(number)s: %(outcome)s.")
        % {"number": len(board.hands), "outcome": outcome_name(last)}
    ]
    if last == "T":
        words.append(_("A tie takes no Big Road cell and makes no derived mark."))
    elif latest:
        bead = latest["bead"]
        words.append(
            _("Big Road column %(column)s, row %(row)s.")
            % {"column": bead.col + 1, "row": bead.row + 1}
        )
        for entry in latest["marks"]:
            mark = entry["mark"]
            if mark is None:
                words.append(_("%(road)s: no mark yet.") % {"road": entry["name"]})
            else:
                words.append(
                    _("%(road)s: %(color)s (%(symbol)s).")
                    % {"road": entry["name"], "color": entry["word"], "symbol": mark.symbol}
                )
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
    number = next(i for i, c in enumerate(checks, 1) if c.id == check.id)
    context = {
        "check": check,
        "number": number,
        "total": len(checks),
        "board_name": _("Check %(number)s of %(total)s") % {"number": number, "total": len(checks)},
        "question": question,
        "attempt": attempt,
        "passed": check.id in state.passed,
        "feedback": feedback,
        "notice": notice,
        "dom_id": f"check-{check.id}",
        "action": reverse("lessons:check", args=[state.lesson.module, state.lesson.slug, check.id]),
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


def render_directive(state, directive: Directive, boards):
    name = directive.name
    spec = directive.spec
    dom_id = f"{name}-{directive.number}"
    if name == "road":
        return fragment(state.request, "road", road_context(state, directive, boards), dom_id)
    if name == "check":
        context = check_context(state, directive)
        return fragment(state.request, "check", context, context["dom_id"])
    if is_live(name):
        partial = name.replace("-", "_")
        return fragment(state.request, partial, live_context(state, directive), dom_id)
    if name in ("rule", "value", "total", "edge", "chance", "expected-loss"):
        return fragment(state.request, "engine_text", {"spec": spec, "name": name})
    if name == "chart":
        context = {"spec": spec}
        if spec.kind == "values":
            context["card_values"] = card_values()
        else:
            rule = PLAYER_RULE if spec.kind == "player" else BANKER_WHEN_PLAYER_STOOD
            context["rows"] = two_card_rows(rule)
        return fragment(state.request, "chart", context)
    return fragment(state.request, name.replace("-", "_"), {"spec": spec})
