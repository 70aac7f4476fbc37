"""Set-up shared by the quiz's tests."""

import pytest


@pytest.fixture
def returning_visitor(client):
    """A visitor who already has a session keeps the question on screen in it; a first
    visit's question travels in its form instead (test_first_visit.py). Modules ask for it
    with pytest.mark.usefixtures."""
    client.session  # noqa: B018 - the test client makes and saves a session when asked
