"""Shared test set-up.

tests/unit   the pure game (no Django, no database)
tests/web    pages, forms and the API through Django's test client, a folder per app
             (tests/web/tracker/ for tracker/, ...; baccarat_site/ and guards/ for the
             site-wide settings, error pages and what the site refuses)
tests/e2e    a real Chromium against live_server (see tests/e2e/conftest.py)
tests/test_layout.py   the layout itself: one app a section, no import cycles, short modules
tests/test_suite_habits.py   the suite's own: no fixed waits in browser tests, each fixture
             defined once (in the narrowest conftest.py its users share)
"""

import sys
import time
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

# Test modules import shared set-up from this folder (production_process.py); in pytest's
# importlib mode the folder is not on the path by itself.
sys.path.insert(0, str(Path(__file__).resolve().parent))


# Hypothesis's per-example deadline is a wall-clock assertion: a loaded machine runs an
# example several times slower than a quiet one, and the suite asserts no times.
hypothesis_settings.register_profile("suite", deadline=None)
hypothesis_settings.load_profile("suite")


# A test that asks for one of these reaches the database (pytest-django lets no other test
# touch it): marked `database`, the tests the PostgreSQL pass runs (make test-postgres).
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}


UNIT_DIR = Path(__file__).resolve().parent / "unit"


def pytest_collection_modifyitems(config, items):
    in_unit = []
    for item in items:
        if item.get_closest_marker("django_db") or DATABASE_FIXTURES & set(item.fixturenames):
            item.add_marker(pytest.mark.database)
            if UNIT_DIR in item.path.parents:
                in_unit.append(item.nodeid)
    # make test-postgres does not even collect tests/unit (it takes seconds, for nothing to
    # run): a test there that reaches the database would be left out without a word.
    if in_unit:
        raise pytest.UsageError(
            "tests/unit is the game without the database; move these to tests/web: "
            + ", ".join(in_unit)
        )


def pytest_terminal_summary(terminalreporter):
    """The run's time means little without the machine's speed that day (it varies up to
    threefold here): print the same fixed loop the bench scripts print beside their figures."""
    started = time.perf_counter()
    sum(i * i for i in range(10**7))
    terminalreporter.write_line(
        f"calibration: sum(i * i for i in range(10**7)) took "
        f"{(time.perf_counter() - started) * 1000:,.0f} ms on this machine just now"
    )


@pytest.fixture(autouse=True, scope="session")
def no_processor_share():
    """The processor share off from the start, for module-scoped fixtures too (they run
    before guards_off_unless_tested below); tests/web/guards/test_shares.py turns it on."""
    from django.conf import settings

    settings.ADDRESS_CPU_RATE = "off"


@pytest.fixture(autouse=True)
def guards_off_unless_tested(settings, monkeypatch):
    """django-axes counts failed sign-ins and the write throttles count writes from
    127.0.0.1 across tests (and across a hypothesis test's examples): off, and an empty
    cache, for every test; the processor share too (it would make every request read the
    database). The tests of those guards (tests/web/baccarat_site/test_production.py,
    tests/web/guards/, tests/web/accounts/) turn them back on with the limits they test."""
    from django.core.cache import cache

    from guards import accounts, shares
    from guards.throttles import address_writes, anonymous_writes, new_browsers, signed_in_writes

    settings.AXES_ENABLED = False
    for limit in (
        anonymous_writes, signed_in_writes, address_writes, new_browsers,
        accounts.signups, accounts.signin_failures, accounts.recovery_mail, accounts.mail_to,
        accounts.data_exports,
    ):  # fmt: skip
        monkeypatch.setattr(limit, "num_requests", 1_000_000)
    settings.ADDRESS_CPU_RATE = "off"
    monkeypatch.setattr(shares, "pending", shares.Pending())
    cache.clear()


@pytest.fixture(autouse=True)
def fast_hashing(settings):
    """A cheap password hasher for every test: the real one takes ~0.5 s a password on
    purpose, and signing in is a step on the way in many tests, not what they check."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def english_after_each_test():
    """A request to a /zh-hant/ page leaves its language active in the thread (Django's
    LocaleMiddleware activates it); the next test must start in English, as a request
    without a prefix does."""
    yield
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
