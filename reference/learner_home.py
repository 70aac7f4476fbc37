"""The home page for a learner who has started: the next unfinished lesson, what is due for
review, the streak of days practised, and the tableau heatmap at a glance. A stranger gets
the introduction alone (reference/views.home)."""

from baccarat.teaching.skills import PRACTICE_SKILLS
from lessons.continuing import continue_context, has_started
from progress.learner import Learner
from quiz import reviews
from quiz.heatmap import heatmap_rows


def review_context(known, at):
    """How many practice skills are due, and when the next one is if none is."""
    due = sum(1 for skill in PRACTICE_SKILLS if skill in known and known[skill].due <= at)
    later = [known[s].due for s in PRACTICE_SKILLS if s in known and known[s].due > at]
    return {
        "due": due,
        "tried": sum(1 for skill in PRACTICE_SKILLS if skill in known),
        "next_review": reviews.review_time(min(later), at) if later and not due else None,
    }


def learner_home(request):
    """{} for someone who has not started; else what their home page shows."""
    if not has_started(request):
        return {}
    learner = Learner(request)
    known = learner.skills()
    at = reviews.now()
    context = continue_context(request)
    if not context and not known:
        return {}
    return {
        **context,
        "learner_home": True,
        "review": review_context(known, at),
        "streak": learner.streak(at),
        "heatmap": heatmap_rows(known) if known else None,
        "skills_total": len(PRACTICE_SKILLS),
    }
