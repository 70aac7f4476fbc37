"""Set-up shared by the guards' tests."""

import pytest


@pytest.fixture
def clock(monkeypatch):
    """Virtual time for the allowances: a test steps it (clock[0] += seconds) instead of
    waiting."""
    from guards import allowances

    now = [1_800_000_000.0]
    monkeypatch.setattr(allowances, "clock", lambda: now[0])
    return now
