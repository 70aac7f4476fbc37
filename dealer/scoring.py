"""Shared by every dealer drill: the question travels signed with the moment it was served,
so an answer can lie about neither; each answer is timed from then, scored against the
drill's time limit, kept in the session for the drill's speed and accuracy, and fed to the
learner's spaced-repetition skills (progress.learner) when it counts.

A drill's view does three things: `serve` a question (a token to put in the form), `take`
the token back from the answer's form (400 if it was tampered with or is too old), and
`mark` the answer.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from django.core import signing

from baccarat.teaching.dealer_standard import (
    READY_ACCURACY,
    READY_WINDOW,
    Answer,
    counted,
    in_time,
    ready,
)
from progress.learner import Learner

SALT = "dealer.scoring"
# An hour to answer: longer is a page left open, and its timing would mean nothing.
MAX_AGE = 3600
SESSION_KEY = "dealer_drills"
KEPT = 50  # answers kept per drill, newest last: enough for the ready window and a median


class StaleQuestion(Exception):
    """The answer's question token was altered, is from another drill, or is too old."""


def serve(drill: str, question: dict) -> str:
    """The signed token for `question` (plain JSON data) as served now."""
    return signing.dumps({"d": drill, "q": question, "t": time.time()}, salt=SALT, compress=True)


def take(drill: str, token: str) -> tuple[dict, float]:
    """The question and the seconds since it was served."""
    try:
        data = signing.loads(token, salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature as error:
        raise StaleQuestion("question: the question is altered or too old") from error
    if not isinstance(data, dict) or data.get("d") != drill or not isinstance(data.get("q"), dict):
        raise StaleQuestion("question: this question belongs to another drill")
    return data["q"], max(0.0, time.time() - float(data["t"]))


@dataclass(frozen=True)
class Marked:
    right: bool
    seconds: float
    counted: bool  # False: answered before it could be read, so it teaches nothing
    in_time: bool  # right, and within the time limit (if any)

    @property
    def late(self) -> bool:
        """Right, but past the learner's time limit: reviewed as missed."""
        return self.right and not self.in_time


@dataclass(frozen=True)
class Tally:
    answered: int
    right: int
    median_seconds: float | None
    ready: bool

    @property
    def accuracy(self) -> float | None:
        return self.right / self.answered if self.answered else None


def mark(
    request,
    drill: str,
    skill: str,
    right: bool,
    seconds: float,
    limit: float | None,
    standard: float,
) -> Marked:
    """Score one answer. `limit` is the learner's own time limit (None: untimed); `standard`
    is the time a dealer school asks for this drill (baccarat.teaching.dealer_standard).
    A right answer after the learner's limit reviews the skill as missed: at a table, a
    late payout holds up the game."""
    answer = Answer(right, seconds)
    timely = right and (limit is None or seconds <= limit)
    result = Marked(right, seconds, counted(answer), timely)
    if not result.counted:
        return result
    Learner(request).review(skill, timely)
    kept = request.session.setdefault(SESSION_KEY, {})
    answers = kept.get(drill, [])[-(KEPT - 1) :] + [[bool(right), round(seconds, 2)]]
    kept[drill] = answers
    request.session.modified = True
    return result


def tally(request, drill: str, standard: float) -> Tally:
    """This session's answers to one drill: how many, how many right, the median time, and
    whether the drill is ready by the dealer-school standard."""
    rows = request.session.get(SESSION_KEY, {}).get(drill, [])
    answers = [Answer(bool(r), float(s)) for r, s in rows]
    times = sorted(a.seconds for a in answers)
    median = times[len(times) // 2] if times else None
    return Tally(len(answers), sum(a.right for a in answers), median, ready(answers, standard))


def ready_standard() -> dict:
    """The ready standard as every page says it: so many of the last so many right."""
    return {"ready_right": round(READY_ACCURACY * READY_WINDOW), "ready_window": READY_WINDOW}


def status(request, drill: str, standard: float, limit: float | None) -> dict:
    """What templates/dealer/includes/drill_status.html shows for a drill."""
    return {
        "tally": tally(request, drill, standard),
        "standard": standard,
        "limit": limit,
        **ready_standard(),
    }


__all__ = [
    "Marked",
    "StaleQuestion",
    "Tally",
    "in_time",
    "mark",
    "ready_standard",
    "serve",
    "status",
    "take",
    "tally",
]
