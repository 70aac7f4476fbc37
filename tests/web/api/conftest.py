"""Set-up shared by the API's tests."""

import pytest


@pytest.fixture
def frozen_clock(monkeypatch):
    """The budget of simulated shoes on a stopped clock (move it with frozen_clock[0] += s),
    so no window closes while a test runs."""
    from guards.budgets import simulated_shoes

    now = [1_000_000.0]
    monkeypatch.setattr(simulated_shoes, "clock", lambda: now[0])
    return now
