"""What a learner has done in a lesson, read once per request: which checks they passed, how
many tries each check has had (every wrong answer deals the check again), and the feedback
on the last answer, shown once."""

from django.urls import reverse
from django.utils.translation import get_language

from baccarat.game.cards import parse_cards
from baccarat.game.rules import resolve
from hands.permalinks import permalink
from lessons.course import ENGLISH, TRANSLATIONS, load_course
from progress.learner import Learner

ATTEMPTS_KEY = "course_attempts"  # {lesson key: {check id: wrong answers so far}}
FEEDBACK_KEY = "course_feedback"  # {lesson key: {check id, attempt, given}}, shown once
# Kinds of question whose cards are a hand in dealing order (the others are just cards).
HAND_KINDS = {"natural", "player_rule", "banker_rule", "winner", "payout"}


def course():
    """The course in the page's language: each lesson translated into it where it has been,
    the others in English (lessons.course)."""
    return load_course(language=course_language())


def untranslated(lesson):
    """Whether the page shows this lesson's (or module's) text in English for want of a
    translation; its boards and checks are drawn in the page's language all the same."""
    return lesson.language != course_language()


def course_language():
    """The page's language as the course names it: "zh-hant", "zh-hans" or "en"."""
    language = (get_language() or ENGLISH).lower()
    return language if language in TRANSLATIONS else ENGLISH


def lesson_url(lesson):
    return reverse("lessons:lesson", args=[lesson.module, lesson.slug])


def attempts_for(request, lesson):
    saved = request.session.get(ATTEMPTS_KEY)
    saved = saved.get(lesson.key, {}) if isinstance(saved, dict) else {}
    return {key: n for key, n in saved.items() if type(n) is int and n >= 0}


def save_attempt(request, lesson, check_id, attempt):
    saved = request.session.get(ATTEMPTS_KEY)
    saved = saved if isinstance(saved, dict) else {}
    saved.setdefault(lesson.key, {})[check_id] = attempt
    request.session[ATTEMPTS_KEY] = saved


def pop_feedback(request, lesson):
    saved = request.session.get(FEEDBACK_KEY)
    if not isinstance(saved, dict) or lesson.key not in saved:
        return None
    feedback = saved.pop(lesson.key)
    request.session[FEEDBACK_KEY] = saved
    return feedback if isinstance(feedback, dict) else None


def graded(lesson, check, attempt, given, complete=False):
    """What the feedback says about answer `given` to the question on try `attempt`."""
    question = check.question(lesson.key, attempt)
    choice = question.choice(given)
    if choice is None:
        return None
    walkthrough = hand = cards = None
    if question.kind in HAND_KINDS and question.cards:
        walkthrough = permalink([str(c) for c in parse_cards(list(question.cards))])
        hand = resolve(list(question.cards))
    elif question.cards:
        cards = parse_cards(list(question.cards))
    return {
        # The hand or cards answered about, drawn again with the feedback: the panel below
        # already holds the next question.
        "hand": hand,
        "cards": cards,
        "question": question,
        "given": choice,
        "right": question.is_right(given),
        "walkthrough_url": walkthrough,
        "lesson_complete": complete,
    }


class LessonState:
    """What this learner has done in this lesson, read once per request."""

    def __init__(self, request, lesson, feedback=None, notice=None):
        self.request = request
        self.lesson = lesson
        self.learner = Learner(request)
        self.passed = self.learner.passed_checks(lesson.key) & lesson.check_ids
        self.complete = lesson.key in self.learner.completed_lessons()
        self.attempts = attempts_for(request, lesson)
        self.feedback = feedback  # {"check": id, "attempt": n, "given": value, ...}
        self.notice = notice  # (check id, text): a refused answer
        self.refused = False  # a board's change could not be read: the page answers 400
        self.url = lesson_url(lesson)

    def status_context(self):
        found = course()
        _before, after = found.neighbours(self.lesson)
        module = found.module(self.lesson.module)
        completed = self.learner.completed_lessons() if self.complete else set()
        module_complete = self.complete and all(
            lesson.key in completed for lesson in module.lessons
        )
        return {
            "lesson": self.lesson,
            "complete": self.complete,
            # What a finished lesson (and a finished module) taught, said when it is done.
            "module": module,
            "module_complete": module_complete,
            "next_module": (
                found.module(after.module) if after and after.module != module.slug else None
            ),
            "checks_total": len(self.lesson.checks),
            "checks_passed": len(self.passed),
            "next_lesson": after,
            "next_url": lesson_url(after) if after else None,
        }
