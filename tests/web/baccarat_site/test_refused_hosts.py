"""A request for a host name that is not ours (DisallowedHost) is one short log line, a few a
minute from one address, not Django's 20 KB traceback each time
(baccarat_site.logs.RefusedHostFilter on django.security.DisallowedHost)."""

import logging

import production_process
import pytest

from baccarat_site.logs import RefusedHostFilter, shown

pytestmark = pytest.mark.django_db

LOGGER = "django.security.DisallowedHost"


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


@pytest.fixture
def refused_clock(monkeypatch):
    """The filter settings.LOGGING put on the logger, with no window open and a clock the
    test moves. (Each time the logging is configured again in this process, as importing
    the WSGI application does, the logger gets one more: each is reset.)"""
    clock = Clock()
    filters = [f for f in logging.getLogger(LOGGER).filters if isinstance(f, RefusedHostFilter)]
    assert filters
    for refused in filters:
        monkeypatch.setattr(refused, "clock", clock)
        monkeypatch.setattr(refused, "windows", {})
    return clock


def lines(caplog):
    return [record for record in caplog.records if record.name == LOGGER]


def stderr_text(record):
    """The record as settings.LOGGING's stderr handler writes it."""
    [stderr] = [h for h in logging.getLogger().handlers if h.name == "stderr"]
    assert stderr.filter(record)
    return stderr.format(record)


def refused(client, host="evil.example", address="203.0.113.5", path="/rules/"):
    return client.get(path, HTTP_HOST=host, REMOTE_ADDR=address)


def test_fifty_requests_from_one_address_make_a_handful_of_short_lines(
    client, refused_clock, caplog
):
    with caplog.at_level(logging.WARNING):
        for _ in range(50):
            assert refused(client).status_code == 400
    records = lines(caplog)
    assert 1 <= len(records) <= RefusedHostFilter.PER_WINDOW
    for record in records:
        assert record.levelno == logging.WARNING
        assert record.exc_info is None and record.stack_info is None
        message = record.getMessage()
        assert message == "Refused host 'evil.example' for \"GET /rules/\" from 203.0.113.5"
        text = stderr_text(record)
        assert "\n" not in text and len(text) < 300
        assert "Traceback" not in text
    assert len(caplog.text) < 2_000  # was some 20 KB a request


def test_the_api_and_posts_are_counted_alike(client, refused_clock, caplog):
    with caplog.at_level(logging.WARNING):
        for _ in range(10):
            response = client.get("/api/v1/odds?decks=8", HTTP_HOST="evil.example")
            assert response.status_code == 400
            assert client.post("/tracker/", {"name": "x"}, HTTP_HOST="evil.example").status_code
    assert len(lines(caplog)) == RefusedHostFilter.PER_WINDOW


def test_each_address_has_its_own_few(client, refused_clock, caplog):
    with caplog.at_level(logging.WARNING):
        for address in ("203.0.113.5", "203.0.113.6", "2001:db8::1"):
            for _ in range(20):
                assert refused(client, address=address).status_code == 400
        # Another address in the same IPv6 /64: the same subscriber, already counted.
        assert refused(client, address="2001:db8::2").status_code == 400
    froms = [record.getMessage().rsplit(" ", 1)[1] for record in lines(caplog)]
    assert froms == ["203.0.113.5"] * 5 + ["203.0.113.6"] * 5 + ["2001:db8::1"] * 5


def test_the_lines_dropped_are_counted_once_the_minute_is_over(client, refused_clock, caplog):
    with caplog.at_level(logging.WARNING):
        for _ in range(50):
            refused(client)
        refused_clock.now += RefusedHostFilter.WINDOW_SECONDS
        assert refused(client).status_code == 400
    messages = [record.getMessage() for record in lines(caplog)]
    assert len(messages) == RefusedHostFilter.PER_WINDOW + 2
    assert messages[-2] == (
        "Refused host: 45 more requests from 203.0.113.5 within 60 s, not logged one by one"
    )
    assert messages[-1].startswith("Refused host 'evil.example'")  # a new minute
    assert all("\n" not in stderr_text(record) for record in lines(caplog))


def test_a_quiet_address_is_not_counted_again(client, refused_clock, caplog):
    with caplog.at_level(logging.WARNING):
        for _ in range(3):
            refused(client)
        refused_clock.now += RefusedHostFilter.WINDOW_SECONDS
        refused(client)
    assert len(lines(caplog)) == 4
    assert not any("more requests" in record.getMessage() for record in lines(caplog))


@pytest.mark.parametrize(
    "host",
    [
        "evil.example\x1b[31mred",
        "a" * 5000,
        "evil.example\nFORGED 2026-12-03 ERROR django.request",
        "évil.example\u2028x",
        "evil.example\\x00",
    ],
    ids=["escape", "long", "newline", "unicode", "backslash"],
)
def test_the_host_is_escaped_and_cut_short(client, refused_clock, caplog, host):
    with caplog.at_level(logging.WARNING):
        assert refused(client, host=host, path="/rules/?q=" + "b" * 3000).status_code == 400
    [record] = lines(caplog)
    text = stderr_text(record)
    assert len(text) < 400
    assert text.isascii() and text.isprintable()  # no control character, no line break
    assert "FORGED" not in text or "\\nFORGED" in text


def test_shown():
    assert shown("plain", 10) == "plain"
    assert shown("a\nb\x1b", 20) == "a\\nb\\x1b"
    assert shown("x" * 30, 10) == "x" * 10 + "..."
    assert shown("中", 10) == "\\u4e2d"


def test_a_record_without_a_request_is_one_line_too(refused_clock):
    record = logging.makeLogRecord(
        {"name": LOGGER, "msg": "Invalid HTTP_HOST header: 'x\ny'.\nmore", "levelno": 40}
    )
    assert RefusedHostFilter(clock=refused_clock).filter(record)
    assert record.getMessage() == "Invalid HTTP_HOST header: 'x"


# --- A production process -----------------------------------------------------------------

# What gunicorn does: import the WSGI application and call it with each request's environ.
BAD_HOSTS = """
from wsgiref.util import setup_testing_defaults

import baccarat_site.wsgi

statuses = []
for _ in range(50):
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": "/api/v1/odds",
        "QUERY_STRING": "decks=8",
        "HTTP_HOST": "evil.example",
        "REMOTE_ADDR": "198.51.100.7",
    }
    setup_testing_defaults(environ)
    b"".join(baccarat_site.wsgi.application(environ, lambda s, h, *e: statuses.append(s)))
print(sorted(set(statuses)))
"""


@pytest.mark.parametrize("admins", [None, "ops@baccarat.example"], ids=["plain", "admins"])
def test_in_production_fifty_bad_hosts_are_a_few_lines_on_stderr(tmp_path, admins):
    env = production_process.production_env(
        tmp_path, DJANGO_SECURE_SSL_REDIRECT="0", DJANGO_ADMINS=admins
    )
    result = production_process.run_python(env, "-c", BAD_HOSTS)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "['400 Bad Request']"
    logged = [line for line in result.stderr.splitlines() if "DisallowedHost" in line]
    assert 1 <= len(logged) <= 5
    for line in logged:
        assert line.endswith(
            "WARNING django.security.DisallowedHost Refused host 'evil.example' for "
            '"GET /api/v1/odds?decks=8" from 198.51.100.7'
        )
    assert "Traceback" not in result.stderr
    assert len(result.stderr) < 3_000
