"""Set-up shared by the API's tests."""

import time

import pytest


@pytest.fixture
def frozen_clock(monkeypatch):
    """The budget of simulated shoes on a stopped clock (move it with frozen_clock[0] += s),
    so no window closes while a test runs."""
    from guards.budgets import simulated_shoes

    # An hour ahead of the real clock: the allowances' sweep, which keeps the real time, never
    # takes these rows for spent ones (at 1970's clock it did, now and then, mid-test).
    now = [time.time() + 3600.0]
    monkeypatch.setattr(simulated_shoes, "clock", lambda: now[0])
    return now
