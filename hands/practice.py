"""The practice dealer's pages: deal a hand, answer each gate before it is revealed, and keep
a running score for the session.

The questions, the right answers and every explanation come from baccarat.teaching.practice, which
reads them off the hand's resolution; these views only keep the table in the session and
render it. Without JavaScript every answer is a plain POST and a redirect; with htmx the
same POST returns the practice panel, and the feedback goes out of band into its
aria-live region so the region itself is never replaced (a replaced region is not read out).
"""

from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import reswap, retarget

from baccarat.game.cards import parse_cards
from baccarat.teaching.practice import AnswerError, PracticeHand, Score, deal, grade
from baccarat.teaching.practice_chances import chances_held_back, chances_seen, newly_seen

SESSION_KEY = "practice"
PAGE = "hands/practice.html"


def saved_table(request):
    """This visitor's practice table, as kept in the session: the hand's number, its cards
    (as text), the answers given so far, the score tally, and what was last done."""
    saved = request.session.get(SESSION_KEY)
    saved = saved if isinstance(saved, dict) else {}
    return {
        "number": saved.get("number", 0) if type(saved.get("number")) is int else 0,
        "cards": list(saved.get("cards") or []),
        "answers": list(saved.get("answers") or []),
        "score": Score.from_tally(saved.get("score")).tally(),
        "said": saved.get("said"),
    }


def hand_in_play(table):
    """The saved hand, or None. A hand this code cannot read back (say, saved by an older
    version) is dropped rather than turned into an error page."""
    if not table["cards"]:
        return None
    try:
        return PracticeHand(tuple(parse_cards(table["cards"])), tuple(table["answers"]))
    except (TypeError, ValueError):
        return None


def walkthrough_url(hand):
    return reverse("hands:walkthrough") + "?cards=" + ",".join(str(card) for card in hand.cards)


def table_context(table, notice=None):
    hand = hand_in_play(table)
    said = table["said"]
    return {
        "hand": hand,
        "number": table["number"],
        "score": Score.from_tally(table["score"]),
        "said": said if (hand or said == "reset") else None,
        # Feedback is for the answer just given, never a hint about the next question.
        "last_grade": hand.grades[-1] if hand and hand.grades and said == "answer" else None,
        "walkthrough_url": walkthrough_url(hand) if hand else None,
        "spots": hand.felt(dealt_now(hand, said)) if hand else None,
        "felt_label": _("Hand %(number)s: the cards on the table") % {"number": table["number"]},
        "notice": notice,
        # What a new deal shows, card by card: "Q♥, 4" (Q♥、4 in Chinese).
        "player_shown": shown(hand.player_shown) if hand else "",
        "banker_shown": shown(hand.banker_shown) if hand else "",
        # The win chances, only those that cannot answer a question still waiting.
        "chances": chances_seen(hand) if hand else [],
        "chances_held_back": chances_held_back(hand) if hand else False,
        "chance_news": newly_seen(hand) if hand and said == "answer" else None,
    }


def dealt_now(hand, said):
    """The first card (0-based) to draw arriving: the whole hand after a deal, the cards an
    answer revealed after an answer, none otherwise."""
    if said == "deal":
        return 0
    if said == "answer":
        return hand.shown_before
    return None


def table_response(request, table):
    """After a change: PRG without htmx; with htmx the panel, and the feedback out of band."""
    request.session[SESSION_KEY] = table
    if not request.htmx:
        return redirect("hands:practice")
    return render(request, f"{PAGE}#update", table_context(table))


def refused(request, table, notice):
    """Bad or stale input: the page as it was, the reason, and nothing counted."""
    context = table_context(table, notice)
    if request.htmx:
        response = render(request, f"{PAGE}#update", context, status=400)
        # htmx swaps a 400 marked like this instead of dropping it (base.html's htmx-config).
        retarget(response, "#practice")
        reswap(response, "outerHTML")
        return response
    return render(request, PAGE, context, status=400)


@require_safe
def practice(request):
    return render(request, PAGE, table_context(saved_table(request)))


@require_POST
def answer(request):
    table = saved_table(request)
    hand = hand_in_play(table)
    question = hand.current if hand else None
    if question is None:
        return refused(request, table, _("There is no question waiting: deal a new hand first."))
    # Each answer names its hand and gate, so a second tab, a double click or the Back
    # button can never answer the question that happens to be current now.
    if (
        request.POST.get("hand") != str(table["number"])
        or request.POST.get("gate") != question.gate
    ):
        return refused(
            request,
            table,
            _(
                "That answer was for a question that is no longer on the table, so it was not "
                "counted. The question now is: %(question)s"
            )
            % {"question": question.prompt},
        )
    try:
        marked = grade(question, request.POST.get("answer", ""))
    except AnswerError as error:
        return refused(request, table, _("%(error)s Nothing was counted.") % {"error": error})
    table["answers"].append(marked.given.value)
    table["score"] = Score.from_tally(table["score"]).record(marked).tally()
    table["said"] = "answer"
    return table_response(request, table)


@require_POST
def deal_hand(request):
    table = saved_table(request)
    table.update(
        number=table["number"] + 1,
        cards=[str(card) for card in deal().cards],
        answers=[],
        said="deal",
    )
    return table_response(request, table)


@require_POST
def reset_score(request):
    table = saved_table(request)
    table.update(score=Score().tally(), said="reset")
    return table_response(request, table)


def shown(cards) -> str:
    return pgettext("between names in a list", ", ").join(card.label for card in cards)
