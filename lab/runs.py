"""Dealing a lab run: at once when it is quick, else step by step over several requests.

A run that should take about a second or less, and is of at most STEP_SHOES shoes, is dealt
in the request (and kept for the next request asking for it). A longer one is carried
between requests in the page itself: baccarat.simulation.chance.Tally.state(), signed and compressed
(django.core.signing), so any app server can deal the next step and nobody can hand the lab
a tally it did not deal.

STEP_SHOES is the most shoes any one request deals, the lab's pages and steps and
POST /api/v1/simulations alike (api.simulations deals its runs by these same steps and
carries them in the same signed state, under its own salt).
"""

from __future__ import annotations

import time
from dataclasses import replace
from functools import lru_cache

from django.core import signing
from django.utils.translation import gettext as _

from baccarat.simulation.chance import Tally
from baccarat.simulation.shoes import CHUNK, chunks
from lab.form import DEFAULT_RUN, Run

# Measured here (2 cores): 10,000 eight-deck shoes take 0.33 s to deal and read, and each
# system adds 0.065 s; both grow with the cards in a shoe.
SECONDS_PER_DECK_SHOE = 4.1e-6
SECONDS_PER_SYSTEM = 0.81e-6
AT_ONCE = 1.0  # seconds: a longer run gets a progress bar
STEP_SECONDS = 0.5  # dealt per step with htmx; without it, fewer and longer pages
STEP_SECONDS_NO_SCRIPT = 2.0
# The most shoes one request deals, whole chunks: a lab page, a lab step, an API call. About
# a second for eight decks and every system (the estimate above: 0.78 s), so no request,
# however it is asked, holds a worker longer than the lab's page of 10,000 shoes does.
STEP_SHOES = 5 * CHUNK
SALT = "lab.run"
MAX_AGE = 60 * 60  # a step page left open for an hour starts again
MAX_STATE = 200_000  # characters: far more than a run's state ever takes


class StateRefused(Exception):
    """A run's state that cannot be read: changed, garbled or too old. `reason` says which,
    for a caller that words it itself: "missing", "too_long", "expired", "changed" or
    "unreadable"."""

    def __init__(self, message: str, reason: str):
        super().__init__(message)
        self.reason = reason


def estimate(run: Run) -> float:
    """Seconds the run should take to deal here."""
    per_shoe = run.decks * (SECONDS_PER_DECK_SHOE + SECONDS_PER_SYSTEM * len(run.systems))
    return run.shoes * per_shoe


def at_once(run: Run) -> bool:
    return run.shoes <= STEP_SHOES and estimate(run) <= AT_ONCE


def new_tally(run: Run) -> Tally:
    assert run.seed is not None  # the view gives a run without one a seed first
    return Tally(
        run.decks, run.seed, run.shoes, run.systems, bankroll=run.bankroll, limit=run.limit
    )


@lru_cache(maxsize=16)
def dealt_at_once(run: Run) -> Tally:
    """A quick run, dealt whole; the same run asked again is not dealt again. Callers only
    read it."""
    return new_tally(run).run()


def default_run() -> Tally:
    """What a bare /lab/ shows below its form."""
    return dealt_at_once(DEFAULT_RUN)


def run_of(tally: Tally) -> Run:
    return Run(
        tally.shoes_asked,
        tally.decks,
        tally.seed,
        tuple(tally.systems),
        tally.bankroll,
        tally.limit,
    )


def step_shoes(tally: Tally, seconds: float | None = None) -> tuple[int, int]:
    """(chunks, shoes) the next step deals at most: whole chunks, at least one (while any
    is left), never more than STEP_SHOES shoes, and, given `seconds`, no more than should
    take about that long. The shoes are charged to the caller's budget before any is dealt."""
    left = chunks(tally.shoes_asked)[tally.chunks_done :]
    most = len(left)
    if seconds is not None:
        per_chunk = estimate(replace(run_of(tally), shoes=CHUNK))
        most = min(most, int(seconds / per_chunk))
    taken = shoes = 0
    for size in left[: max(1, most)]:
        if taken and shoes + size > STEP_SHOES:
            break
        taken, shoes = taken + 1, shoes + size
    return taken, shoes


def deal_for(tally: Tally, seconds: float, most: int | None = None) -> None:
    """Deal chunks until the run is done, `most` chunks are dealt, or the next chunk,
    taking as long as the last, would end after `seconds` (at least one chunk)."""
    started = time.perf_counter()
    dealt = 0
    while not tally.done and (most is None or dealt < most):
        dealt += 1
        before = time.perf_counter()
        tally.deal_next()
        now = time.perf_counter()
        if now - started + (now - before) > seconds:
            break


def sealed(tally: Tally, salt: str = SALT) -> str:
    return signing.dumps(tally.state(), salt=salt, compress=True)


def unsealed(token: str, salt: str = SALT) -> Tally:
    if not token or len(token) > MAX_STATE:
        raise StateRefused(
            _("The run's state is missing or too long."), "too_long" if token else "missing"
        )
    try:
        state = signing.loads(token, salt=salt, max_age=MAX_AGE)
    except signing.SignatureExpired:
        raise StateRefused(
            _("This run was started over an hour ago; start it again."), "expired"
        ) from None
    except signing.BadSignature:
        raise StateRefused(
            _("The run's state was changed or garbled; start the run again."), "changed"
        ) from None
    try:
        tally = Tally.from_state(state)
    except (TypeError, ValueError, KeyError, AttributeError):
        raise StateRefused(
            _("The run's state cannot be read; start the run again."), "unreadable"
        ) from None
    return tally
