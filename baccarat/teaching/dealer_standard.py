"""What "ready" means for a dealer-school skill: right nearly every time, within the time a
dealer at a live table has.

A skill is ready when, of its last READY_WINDOW counted answers, at least READY_ACCURACY were
right *and* within the drill's standard time. Answers given faster than anyone reads the
question, or no better than guessing, count for nothing (see `counted`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

# Sooner than this after the question was shown, an answer was given before it was read
# (the quiz's speed drill uses the same floor: simple visual reaction alone takes ~250 ms).
READ_FLOOR_SECONDS = 0.4

# A dealer who is wrong one payout in twenty costs the house or a player money several
# times a shoe; a game-protection supervisor would not pass it. 19 of the last 20.
READY_ACCURACY = 0.95
READY_WINDOW = 20


@dataclass(frozen=True)
class Answer:
    """One answer to a drill: right or not, and how long after the question it came."""

    right: bool
    seconds: float


def counted(answer: Answer) -> bool:
    """Does this answer say anything about what the learner knows? Not if it came before
    the question could be read."""
    return answer.seconds >= READ_FLOOR_SECONDS


def in_time(answer: Answer, standard_seconds: float) -> bool:
    return answer.right and answer.seconds <= standard_seconds


def ready(answers: Sequence[Answer], standard_seconds: float) -> bool:
    """Ready: a full window of counted answers, nearly all right within the standard time."""
    window = [a for a in answers if counted(a)][-READY_WINDOW:]
    if len(window) < READY_WINDOW:
        return False
    good = sum(in_time(a, standard_seconds) for a in window)
    return good >= READY_ACCURACY * READY_WINDOW
