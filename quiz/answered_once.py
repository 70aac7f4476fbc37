"""Each question counts once, however many copies of its answer arrive at once.

The question on screen lives in the session, and a session is read at a request's start
and written at its end: three copies of one answer sent in parallel (a triple tap, a
script) would each find it unanswered and each count, in the learner's skills in the
database too. So the first answer to a question takes its one allowance in the limits'
table (guards.allowances: checked and charged in one statement, on every worker); a copy
finds it taken."""

from guards import allowances
from guards.rates import Rate

# One answer a question; the row is swept a day later, when the question is long gone.
ONCE = Rate(1, 24 * 3600)


def first_answer(request, question_id: str) -> bool:
    """Is this the first answer to `question_id` of this learner? Counts it if so."""
    if request.user.is_authenticated:
        learner = f"user:{request.user.pk}"
    else:
        learner = f"browser:{request.session.session_key or 'new'}"
    return allowances.take(f"quiz:answer:{learner}:{question_id[:32]}", ONCE) is None
