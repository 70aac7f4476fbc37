"""The quiz, /quiz/: a topic's endless generated questions, "Practice" (spaced repetition
over every skill) and the progress page with its tableau heatmap; the timed dealer-speed
drill is quiz/speed.py.

Every question, right answer and explanation comes from baccarat.teaching.questions; these views
keep the question on screen in the session, grade the answer against it and tell the
learner's FSRS schedule (progress.learner.Learner) how it went. Each question carries an
id, so an answer from another tab, a double click or the Back button is refused with a
reason and nothing counted. Without JavaScript every answer is a POST and a redirect; with
htmx the same POST returns the quiz panel, and the feedback is filled into its aria-live
region out of band (a region that is replaced is not read out).
"""

import random
import secrets
from datetime import timedelta

from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from baccarat.teaching.definitions import naturals_text
from baccarat.teaching.questions import question_for_skill, random_question
from baccarat.teaching.skills import KIND_TITLES, PRACTICE_SKILLS, skill_name
from baccarat.translation import _ as engine_text
from progress.learner import LEVEL_NAMES, Learner
from quiz import reviews, unsaved
from quiz.answered_once import first_answer
from quiz.questions import restored, road_for, stored, table_for
from quiz.refusals import not_a_choice, refused

SESSION_KEY = "quiz"
PAGE = "quiz/question.html"

# A skill answered a moment ago waits for its due time (FSRS brings a miss back in a
# minute) instead of coming straight back as "the weakest".
RESTING = timedelta(minutes=10)

TOPIC_BLURBS = {
    "practice": gettext_lazy(
        "Spaced repetition over every skill: what is due comes first, then what "
        "you get wrong most, then something new."
    ),
    "mixed": gettext_lazy("Any kind of question, at random."),
    "card_value": gettext_lazy("What each card counts."),
    "hand_total": gettext_lazy("Add up a hand and keep the last digit."),
    "natural": gettext_lazy("Do the first two cards make a total of %(naturals)s?"),
    "player_rule": gettext_lazy("Does the Player draw a third card?"),
    "banker_rule": gettext_lazy(
        "Every cell of the tableau and the 8 cases where the Player stood."
    ),
    "winner": gettext_lazy("Read a complete hand."),
    "payout": gettext_lazy("Commission, ties at 8 to 1, EZ Baccarat's Dragon 7 push, Super 6."),
    "big_road": gettext_lazy("Where does the next bead go?"),
    "derived_mark": gettext_lazy("Which mark Big Eye Boy, Small Road or Cockroach Pig adds next."),
    "myth": gettext_lazy("Rules and the myths told about them."),
}
# The URL's word for each topic: /quiz/banker-rule/ (its title: `topic_title`).
TOPICS = {
    "practice": gettext_lazy("Practice"),
    "mixed": gettext_lazy("Mixed"),
    **{kind.replace("_", "-"): title for kind, title in KIND_TITLES.items()},
}
# Why practice served a question: said before it is answered, so it must never hint.
SERVED = {
    "due": gettext_lazy("due for review"),
    "weak": gettext_lazy("one of your weakest"),
    "new": gettext_lazy("new to you"),
    "ahead": gettext_lazy("reviewed ahead of time"),
}


def topic_title(topic):
    """A topic's title in the active language (the engine's kinds marked in its tables)."""
    title = TOPICS[topic]
    return str(title) if topic in ("practice", "mixed") else engine_text(title)


def topic_blurb(topic):
    blurb = TOPIC_BLURBS[topic_kind(topic)]
    if topic == "natural":
        return blurb % {"naturals": naturals_text()}
    return str(blurb)


def topic_kind(topic):
    return topic.replace("-", "_")


def known_topic(topic):
    if topic not in TOPICS:
        raise Http404("No such quiz topic.")
    return topic


# --- the question on screen, kept in the session -----------------------------------------------


def saved_quiz(request):
    """This visitor's quiz: per topic, the question on screen ({id, number, question,
    given, served}) and the score this session ([answered, right])."""
    saved = request.session.get(SESSION_KEY)
    saved = saved if isinstance(saved, dict) else {}
    questions = saved.get("questions") if isinstance(saved.get("questions"), dict) else {}
    scores = saved.get("scores") if isinstance(saved.get("scores"), dict) else {}
    return {
        "questions": {t: e for t, e in questions.items() if isinstance(e, dict)},
        "scores": {
            t: s
            for t, s in scores.items()
            if isinstance(s, list) and len(s) == 2 and all(type(n) is int for n in s)
        },
    }


def current(quiz, topic):
    """The topic's entry and its question, or (None, None) when there is none that can be
    read back."""
    entry = quiz["questions"].get(topic)
    if not entry or not isinstance(entry.get("id"), str):
        return None, None
    question = restored(entry.get("question"))
    given = entry.get("given")
    if question is None or (given is not None and question.choice(given) is None):
        return None, None
    return entry, in_this_language(entry, topic, question)


def practice_skill(learner, at):
    """The skill practice serves next, and why: due, weak (reviewed early because it is
    among your weakest), new, or ahead (everything is learnt and nothing is due)."""
    known = learner.skills()

    def resting(skill):
        state = known.get(skill)
        last = state.card.last_review if state else None
        return state is not None and state.due > at and last is not None and at - last < RESTING

    candidates = [skill for skill in PRACTICE_SKILLS if not resting(skill)] or PRACTICE_SKILLS
    skill = learner.next_skills(candidates, 1, at)[0]
    state = known.get(skill)
    if state is None:
        return skill, "new"
    if state.due <= at:
        return skill, "due"
    return skill, "weak" if state.accuracy < 1 else "ahead"


def dealt(topic, seed, skill=None):
    """The question dealt for `topic` from `seed` (practice's from its skill), its words in
    the active language: the same seed deals the same question in every language."""
    rng = random.Random(seed)
    if skill is not None:
        return question_for_skill(skill, rng)
    if topic == "mixed":
        return random_question(rng)
    return random_question(rng, topic_kind(topic))


def in_this_language(entry, topic, question):
    """The question on screen in the page's language: dealt again from its seed when it was
    dealt in another (the learner switched language), the same question and answers."""
    language = get_language()
    if entry.get("language", language) == language or type(entry.get("seed")) is not int:
        return question
    skill = question.skill if topic == "practice" else None
    try:
        again = dealt(topic, entry["seed"], skill)
    except (KeyError, ValueError):
        return question
    same = [c.value for c in again.choices] == [c.value for c in question.choices]
    if not same or again.answer != question.answer or again.skill != question.skill:
        return question
    entry.update(question=stored(again), language=language)
    return again


def deal(request, quiz, topic):
    seed = secrets.randbits(48)
    served = skill = None
    if topic == "practice":
        skill, served = practice_skill(Learner(request), reviews.now())
    question = dealt(topic, seed, skill)
    previous = quiz["questions"].get(topic) or {}
    number = previous.get("number") if type(previous.get("number")) is int else 0
    quiz["questions"][topic] = {
        "id": secrets.token_hex(6),
        "number": number + 1,
        "question": stored(question),
        "given": None,
        "served": served,
        "seed": seed,
        "language": get_language(),
    }


def save(request, quiz):
    request.session[SESSION_KEY] = quiz


def banker_row_of(skill):
    kind, _, rest = skill.partition(":")
    return int(rest.split(":")[0]) if kind in ("banker", "banker_stood") else None


def question_context(request, quiz, topic, notice=None):
    entry, question = current(quiz, topic)
    answered, right = quiz["scores"].get(topic, [0, 0])
    context = {
        "topic": topic,
        "title": topic_title(topic),
        "entry": entry,
        "question": question,
        "notice": notice,
        "score": {"answered": answered, "right": right},
        "given": None,
    }
    if question is None:
        return context
    given = question.choice(entry["given"]) if entry.get("given") is not None else None
    context.update(
        table=table_for(question),
        road=road_for(question),
        given=given,
        kind_title=engine_text(KIND_TITLES[question.kind])
        if question.kind in KIND_TITLES
        else None,
        # Digits are typed as themselves: "Keys: 0 0, 2 2, ..." would say nothing.
        typed_keys=all(c.key == c.label for c in question.choices),
        served=SERVED.get(entry.get("served")),
    )
    if given:
        # Feedback only once answered: before, nothing on the page hints at the answer.
        state = Learner(request).skill(question.skill)
        at = reviews.now()
        context.update(
            right=question.is_right(given.value),
            skill_name=skill_name(question.skill),
            skill_state=state,
            level_name=LEVEL_NAMES.get(state.level, state.level),
            next_review=reviews.review_time(state.due, at),
            banker_row=banker_row_of(question.skill),
        )
    return context


def quiz_response(request, quiz, topic):
    """After a change: PRG without htmx; with htmx the panel, the feedback out of band."""
    save(request, quiz)
    if not request.htmx:
        return redirect("quiz:topic", topic=topic)
    return render(request, f"{PAGE}#update", question_context(request, quiz, topic))


def refused_answer(request, quiz, topic, notice):
    return refused(request, PAGE, question_context(request, quiz, topic, notice))


# --- the quiz pages ------------------------------------------------------------------------


@require_safe
def index(request):
    quiz = saved_quiz(request)
    known = Learner(request).skills()
    at = reviews.now()
    due = sum(1 for skill in PRACTICE_SKILLS if skill in known and known[skill].due <= at)
    topics = [
        {
            "slug": slug,
            "title": topic_title(slug),
            "blurb": topic_blurb(slug),
            "score": quiz["scores"].get(slug),
        }
        for slug in TOPICS
    ]
    return render(
        request,
        "quiz/index.html",
        {
            "practice": topics[0],
            "topics": topics[1:],
            "due": due,
            "new": sum(1 for skill in PRACTICE_SKILLS if skill not in known),
            "skills": len(PRACTICE_SKILLS),
        },
    )


@require_safe
def question_page(request, topic):
    known_topic(topic)
    quiz = saved_quiz(request)
    context_extra = {}
    if current(quiz, topic)[1] is None:
        deal(request, quiz, topic)
        if request.session.session_key:
            save(request, quiz)
        else:  # nothing kept yet: the question travels in its form (quiz.unsaved)
            context_extra["unsaved"] = unsaved.token(topic, quiz["questions"][topic])
    context = question_context(request, quiz, topic)
    return render(request, PAGE, context | context_extra)


def dealt_again(request, quiz, topic):
    """The question an unsaved form carries (quiz.unsaved), put back in `quiz` as it was
    dealt; None when the form carries none that can be read."""
    dealing = unsaved.read(request.POST.get("unsaved"), topic)
    if dealing is None:
        return None, None
    try:
        question = dealt(topic, dealing["seed"], dealing.get("skill"))
    except (KeyError, TypeError, ValueError):
        return None, None
    quiz["questions"][topic] = {
        "id": dealing["id"],
        "number": dealing["number"] if type(dealing.get("number")) is int else 1,
        "question": stored(question),
        "given": None,
        "served": dealing.get("served"),
        "seed": dealing["seed"],
        "language": get_language(),
    }
    return current(quiz, topic)


@require_POST
def answer(request, topic):
    known_topic(topic)
    quiz = saved_quiz(request)
    entry, question = current(quiz, topic)
    if question is None:
        entry, question = dealt_again(request, quiz, topic)
    if question is None:
        deal(request, quiz, topic)
        save(request, quiz)
        return refused_answer(
            request,
            quiz,
            topic,
            _("There was no question waiting, so that answer was not counted. Here is one."),
        )
    # Each answer names its question, so a second tab, a double click or the Back button
    # can never answer the question that happens to be on screen now.
    if request.POST.get("question") != entry["id"]:
        return refused_answer(
            request,
            quiz,
            topic,
            _(
                "That answer was for a question that is no longer on screen (another tab, or "
                "the Back button?), so it was not counted. Here is the question now."
            ),
        )
    if entry.get("given") is not None:
        return refused_answer(
            request, quiz, topic, _("That question was already answered; nothing more was counted.")
        )
    value = request.POST.get("answer", "")
    choice = question.choice(value)
    if choice is None:
        return refused_answer(request, quiz, topic, not_a_choice(value))
    if not first_answer(request, entry["id"]):
        return refused_answer(
            request, quiz, topic, _("That question was already answered; nothing more was counted.")
        )
    right = question.is_right(value)
    Learner(request).review(question.skill, right, reviews.now())
    entry["given"] = value
    answered, right_so_far = quiz["scores"].get(topic, [0, 0])
    quiz["scores"][topic] = [answered + 1, right_so_far + int(right)]
    return quiz_response(request, quiz, topic)


@require_POST
def next_question(request, topic):
    known_topic(topic)
    quiz = saved_quiz(request)
    entry, question = current(quiz, topic)
    # Only the Next of the question on screen, once answered, deals: a Next from an old tab
    # shows the question waiting instead of skipping it.
    if question is None or (
        request.POST.get("question") == entry["id"] and entry.get("given") is not None
    ):
        deal(request, quiz, topic)
    return quiz_response(request, quiz, topic)
