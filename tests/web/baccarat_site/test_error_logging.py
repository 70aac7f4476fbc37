"""Errors reach the log: a 500 that never appears in gunicorn's output cannot be fixed.

In process: an unhandled exception is an ERROR from django.request with its traceback and
request line. In a fresh production process (DEBUG off, as gunicorn runs it) and through the
WSGI application gunicorn calls: the traceback and the request line reach stderr. And the
admins' e-mail: DJANGO_ADMINS and the mail settings from the environment, mail_admins only
when there are admins, and a mail server that does not answer breaks nothing.
"""

import json
import logging
import socket

import production_process
import pytest
from django.test import Client

import reference.views
from baccarat_site.logs import request_line


def boom():
    raise RuntimeError("the glossary exploded")


# --- In process ---------------------------------------------------------------------------


@pytest.mark.django_db
def test_an_unhandled_exception_is_logged_with_traceback_and_request(monkeypatch, caplog):
    monkeypatch.setattr(reference.views, "glossary_terms", boom)
    client = Client(raise_request_exception=False)
    with caplog.at_level(logging.WARNING):
        response = client.get("/glossary/?letter=b")
    assert response.status_code == 500
    [record] = [r for r in caplog.records if r.name == "django.request"]
    assert record.levelno == logging.ERROR
    assert record.getMessage() == "Internal Server Error: /glossary/"
    assert record.exc_info and isinstance(record.exc_info[1], RuntimeError)
    assert str(record.exc_info[1]) == "the glossary exploded"
    assert record.request.get_full_path() == "/glossary/?letter=b"

    # The stderr handler, as configured by settings.LOGGING, writes all of it on one record.
    [stderr] = [h for h in logging.getLogger().handlers if h.name == "stderr"]
    assert stderr.level == logging.WARNING
    assert stderr.filter(record)
    text = stderr.format(record)
    first_line = text.splitlines()[0]
    assert first_line.endswith(
        'ERROR django.request "GET /glossary/?letter=b" Internal Server Error: /glossary/'
    )
    assert "Traceback (most recent call last):" in text
    assert "RuntimeError: the glossary exploded" in text


def test_django_logs_go_to_the_root_handler_at_warning_and_up():
    django_logger = logging.getLogger("django")
    assert django_logger.level == logging.WARNING
    assert django_logger.propagate
    # No ADMINS in the test settings: no e-mail handler, and Django's DEBUG-only console
    # handler is gone (it printed nothing in production).
    assert django_logger.handlers == []


class FakeRequest:
    method = "POST"

    def get_full_path(self):
        return "/tracker/12/hands/?x=%0Aforged"


class Broken:
    @property
    def method(self):
        raise RuntimeError("no method")


@pytest.mark.parametrize(
    ("request_attr", "line"),
    [
        (FakeRequest(), '"POST /tracker/12/hands/?x=%0Aforged" '),
        (object(), ""),  # runserver's django.server passes a socket as `request`
        (Broken(), ""),
        (None, ""),
    ],
)
def test_the_request_line_never_fails(request_attr, line):
    record = logging.makeLogRecord({"msg": "x"})
    if request_attr is not None:
        record.request = request_attr
    assert request_line(record) == line


# --- A production process -----------------------------------------------------------------


def production_env(tmp_path, **overrides):
    """A production process on plain HTTP at 127.0.0.1, as these requests are made."""
    return production_process.production_env(
        tmp_path, DJANGO_ALLOWED_HOSTS="127.0.0.1", DJANGO_SECURE_SSL_REDIRECT="0", **overrides
    )


def run_python(env, code, *args):
    return production_process.run_python(env, "-c", code, *args)


# What gunicorn does: import the WSGI application, then call it with a request's environ.
# With `test-mail`, Django's test set-up first swaps the mail server for a list in memory.
FAILING_REQUEST = """
import json
import sys
from wsgiref.util import setup_testing_defaults

import baccarat_site.wsgi
import reference.views

if "test-mail" in sys.argv:
    from django.test.utils import setup_test_environment
    setup_test_environment(debug=False)

def boom():
    raise RuntimeError("the glossary exploded")

reference.views.glossary_terms = boom
environ = {"REQUEST_METHOD": "GET", "PATH_INFO": "/glossary/", "QUERY_STRING": "probe=1"}
setup_testing_defaults(environ)
statuses = []
body = b"".join(
    baccarat_site.wsgi.application(environ, lambda status, headers, *exc: statuses.append(status))
)
from django.core import mail
outbox = getattr(mail, "outbox", [])
print(json.dumps({
    "status": statuses[0],
    "mails": [{"subject": m.subject, "to": m.to, "from": m.from_email} for m in outbox],
}))
"""


def request_a_failing_page(env, *args):
    result = run_python(env, FAILING_REQUEST, *args)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1]), result.stderr


@pytest.mark.parametrize("debug", ["0", "1"])
def test_a_500_in_production_reaches_stderr_with_traceback_and_request_line(tmp_path, debug):
    answer, stderr = request_a_failing_page(production_env(tmp_path, DJANGO_DEBUG=debug))
    assert answer["status"].startswith("500")
    assert 'ERROR django.request "GET /glossary/?probe=1" Internal Server Error: /glossary/' in (
        stderr
    )
    assert "Traceback (most recent call last):" in stderr
    assert "RuntimeError: the glossary exploded" in stderr
    assert answer["mails"] == []


def test_admins_are_mailed_each_error_when_set(tmp_path):
    env = production_env(
        tmp_path,
        DJANGO_ADMINS="ops@baccarat.example, dev@baccarat.example",
        DJANGO_SERVER_EMAIL="errors@baccarat.example",
    )
    answer, stderr = request_a_failing_page(env, "test-mail")
    assert answer["status"].startswith("500")
    [sent] = answer["mails"]
    assert sent["to"] == ["ops@baccarat.example", "dev@baccarat.example"]
    assert sent["from"] == "errors@baccarat.example"
    assert "Internal Server Error: /glossary/" in sent["subject"]
    assert "RuntimeError: the glossary exploded" in stderr  # and still on stderr


def test_a_mail_server_that_does_not_answer_breaks_nothing(tmp_path):
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = production_env(
        tmp_path,
        DJANGO_ADMINS="ops@baccarat.example",
        DJANGO_EMAIL_HOST="127.0.0.1",
        DJANGO_EMAIL_PORT=str(port),
    )
    answer, stderr = request_a_failing_page(env)
    assert answer["status"].startswith("500")
    assert "RuntimeError: the glossary exploded" in stderr
    assert "mail_admins could not e-mail this error report: ConnectionRefusedError" in stderr


SHOW_LOGGING = """
import json
import logging
import django
django.setup()
from django.conf import settings
print(json.dumps({
    "ADMINS": settings.ADMINS,
    "SERVER_EMAIL": settings.SERVER_EMAIL,
    "mailer": settings.MAILERS["default"]["OPTIONS"],
    "django": [type(h).__name__ for h in logging.getLogger("django").handlers],
    "root": [h.name for h in logging.getLogger().handlers],
}))
"""


def show_logging(env):
    env = {**env, "DJANGO_SETTINGS_MODULE": "baccarat_site.settings"}
    result = run_python(env, SHOW_LOGGING)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_without_admins_nothing_is_mailed(tmp_path):
    shown = show_logging(production_env(tmp_path))
    assert shown["ADMINS"] == []
    assert shown["SERVER_EMAIL"] == "root@localhost"  # Django's default
    assert shown["mailer"]["host"] == "localhost"
    assert shown["mailer"]["port"] == 25
    assert shown["django"] == []
    assert shown["root"] == ["stderr"]


def test_admins_and_the_mail_server_come_from_the_environment(tmp_path):
    env = production_env(
        tmp_path,
        DJANGO_ADMINS=" ops@baccarat.example ,, dev@baccarat.example ",
        DJANGO_SERVER_EMAIL="errors@baccarat.example",
        DJANGO_EMAIL_HOST="smtp.baccarat.example",
        DJANGO_EMAIL_PORT="587",
    )
    shown = show_logging(env)
    assert shown["ADMINS"] == ["ops@baccarat.example", "dev@baccarat.example"]
    assert shown["SERVER_EMAIL"] == "errors@baccarat.example"
    assert shown["mailer"]["host"] == "smtp.baccarat.example"
    assert shown["mailer"]["port"] == 587
    assert shown["django"] == ["SafeAdminEmailHandler"]
    assert shown["root"] == ["stderr"]


def test_a_mistyped_log_level_is_refused(tmp_path):
    env = production_env(tmp_path, DJANGO_LOG_LEVEL="loud")
    result = run_python({**env, "DJANGO_SETTINGS_MODULE": "baccarat_site.settings"}, SHOW_LOGGING)
    assert result.returncode != 0
    assert "DJANGO_LOG_LEVEL='LOUD'" in result.stderr
