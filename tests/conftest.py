"""Shared test set-up.

tests/unit   the pure game (no Django, no database)
tests/web    pages, forms and the API through Django's test client
tests/e2e    a real Chromium against live_server (see tests/e2e/conftest.py)
"""
