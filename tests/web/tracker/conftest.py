"""Set-up shared by the tracker's tests."""

import pytest


@pytest.fixture
def anonymous_request():
    """A POST request from a visitor who has not signed in, with a session of its own (not
    yet saved), as tracker.importing.import_shoe takes it."""
    from django.contrib.auth.models import AnonymousUser
    from django.contrib.sessions.backends.db import SessionStore
    from django.test import RequestFactory

    request = RequestFactory().post("/")
    request.session = SessionStore()
    request.user = AnonymousUser()
    return request
