"""Shared test set-up.

tests/unit   the pure game (no Django, no database)
tests/web    pages, forms and the API through Django's test client
tests/e2e    a real Chromium against live_server (see tests/e2e/conftest.py)
"""

import pytest


@pytest.fixture(autouse=True)
def guards_off_unless_tested(settings):
    """django-axes counts failed sign-ins and the API throttle counts anonymous writes from
    127.0.0.1 across tests: off (and an empty cache) for every test, and the tests of those
    guards (tests/web/test_production.py) turn them back on."""
    from django.core.cache import cache

    settings.AXES_ENABLED = False
    cache.clear()
