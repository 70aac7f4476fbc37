import pytest

from dealer import scoring


@pytest.fixture
def slow_clock(monkeypatch):
    """Every answer comes two seconds after its question (each look at the clock is a
    second on): read, so it counts, and within any time limit. A test that calls
    scoring.time.time() itself moves the clock on by a second."""
    now = [1_000_000.0]

    def tick():
        now[0] += 1.0
        return now[0]

    monkeypatch.setattr(scoring.time, "time", tick)
