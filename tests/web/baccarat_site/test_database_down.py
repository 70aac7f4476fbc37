"""The database out of reach (a PostgreSQL restart under load gave 16 x HTTP 500): a request
that needs it answers 503 with Retry-After, JSON in the API's error shape under /api/ and the
503 page elsewhere, logs one WARNING line (no ERROR, no traceback), closes the broken
connection, and the next request after the database is back is served as usual.

"Out of reach" is made the way a real outage arrives: the backend's own DB-API error (psycopg's
or sqlite3's) raised where Django opens a cursor, so that Django wraps it and marks the
connection as having failed, as it does for a refused or cut connection.
"""

import logging

import pytest
from django.contrib.auth.models import User
from django.db import connection, connections
from django.test import Client

from baccarat_site.errors import RETRY_AFTER_SECONDS

PASSWORD = "a long enough password 1"

# The whole test commits (the middleware really closes the connection, which would end the
# transaction a test is otherwise wrapped in).
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def database(monkeypatch):
    """database.down() / database.up(): every new cursor fails as a lost server's would."""

    backend = type(connections["default"])
    working = backend.create_cursor

    class Switch:
        def down(self, error="OperationalError", message=None):
            message = message or "server closed the connection unexpectedly"
            failure = getattr(connection.Database, error)(message)

            def refuse(*args, **kwargs):
                raise failure

            monkeypatch.setattr(backend, "create_cursor", refuse)

        def up(self):
            monkeypatch.setattr(backend, "create_cursor", working)

    return Switch()


@pytest.fixture
def signed_in_client():
    user = User.objects.create_user("punto", password=PASSWORD)
    client = Client()
    client.force_login(user)
    return client


def problems(caplog):
    """The log records at ERROR or above, and the WARNINGs about the database."""
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    warnings = [
        r
        for r in caplog.records
        if r.levelno == logging.WARNING and "database cannot be reached" in r.getMessage()
    ]
    return errors, warnings


def assert_one_warning(caplog, path):
    errors, warnings = problems(caplog)
    assert errors == []
    [warning] = warnings
    assert warning.exc_info is None  # one line, no traceback
    assert warning.name == "baccarat_site.errors"
    assert warning.request.path == path  # the request line goes to the log with it
    assert "OperationalError" in warning.getMessage() or "InterfaceError" in warning.getMessage()


def assert_503(response):
    assert response.status_code == 503
    assert response["Retry-After"] == str(RETRY_AFTER_SECONDS) == "5"


@pytest.mark.parametrize("error", ["OperationalError", "InterfaceError"])
def test_a_page_answers_503_and_the_site_recovers_by_itself(
    signed_in_client, database, caplog, error
):
    assert "Signed in as" in signed_in_client.get("/").text
    database.down(error)
    with caplog.at_level(logging.WARNING):
        response = signed_in_client.get("/")  # the layout asks the database who is signed in
    assert_503(response)
    assert response["Content-Type"].startswith("text/html")
    page = response.text
    assert "<h1>Back in a moment</h1>" in page
    assert "try again in 5 seconds" in page
    assert '<footer class="site-footer">' in page  # in the site's layout
    assert_one_warning(caplog, "/")
    assert connection.connection is None  # closed: the next request opens a new one

    database.up()
    response = signed_in_client.get("/")
    assert response.status_code == 200
    assert "Signed in as" in response.text


def test_the_api_answers_503_in_its_error_shape(signed_in_client, database, caplog):
    database.down()
    with caplog.at_level(logging.WARNING):
        response = signed_in_client.get("/api/v1/shoes")
    assert_503(response)
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert list(body) == ["detail"]
    assert body["detail"] == "The database cannot be reached just now: try again in 5 seconds."
    assert_one_warning(caplog, "/api/v1/shoes")

    database.up()
    assert signed_in_client.get("/api/v1/shoes").status_code == 200


def test_saving_the_session_after_the_view_answers_503(database, caplog):
    # Dealing a practice hand keeps the table in the session: the view needs no database,
    # saving the session does, in SessionMiddleware after the view (Django's 500 handler
    # answers it). raise_request_exception=False: the test client would re-raise the
    # exception the handler was given, which a real server does not.
    client = Client(raise_request_exception=False)
    database.down()
    with caplog.at_level(logging.WARNING):
        response = client.post("/hands/practice/deal/")
    assert_503(response)
    assert "<h1>Back in a moment</h1>" in response.text
    assert "sessionid" not in response.cookies  # nothing was saved, no cookie for it
    assert_one_warning(caplog, "/hands/practice/deal/")
    assert connection.connection is None

    database.up()
    response = client.post("/hands/practice/deal/")
    assert response.status_code == 302
    assert "sessionid" in response.cookies


def test_a_missing_table_is_still_a_500_with_its_traceback(signed_in_client, database, caplog):
    # SQLite reports a migration not run as OperationalError too: a bug, not a pause.
    client = Client(raise_request_exception=False)
    client.cookies = signed_in_client.cookies
    database.down(message="no such table: auth_user")
    with caplog.at_level(logging.WARNING):
        response = client.get("/")
    assert response.status_code == 500
    errors, warnings = problems(caplog)
    assert warnings == []
    [error] = [r for r in errors if r.name == "django.request"]
    assert error.getMessage() == "Internal Server Error: /"
    assert error.exc_info is not None


def test_healthz_answers_503_with_retry_after_and_a_warning(database, caplog):
    assert Client().get("/healthz").status_code == 200
    database.down()
    with caplog.at_level(logging.WARNING):
        response = Client().get("/healthz")
    assert_503(response)
    assert response.json() == {"status": "unavailable", "database": "error"}
    errors, _ = problems(caplog)
    assert errors == []
    [warning] = [r for r in caplog.records if r.name == "baccarat_site.health"]
    assert warning.levelno == logging.WARNING and warning.exc_info is None
    assert connection.connection is None

    database.up()
    assert Client().get("/healthz").status_code == 200
