"""Logging helpers for settings.LOGGING, so that every error reaches gunicorn's output.

Every warning and error goes to stderr, which gunicorn collects with its own. Django logs an
unhandled exception on `django.request` with its traceback (exc_info) and the request
attached as `record.request`, but its message names only the path ("Internal Server Error:
/x/"). RequestLineFilter adds the request line, method and full path with the query string,
so a 500 can be reproduced from the log alone.

SafeAdminEmailHandler is Django's AdminEmailHandler (mail_admins, installed only when
DJANGO_ADMINS is set) that cannot break the response it reports on: with MAILERS configured,
Django sends without fail_silently, so an unreachable mail server would raise out of the
logging call inside Django's 500 handling. Here a failure to send is one more ERROR line on
stderr (the report itself is already there) and the request goes on.

RefusedHostFilter, on the django.security.DisallowedHost logger: a request for a host name
that is not ours (a bot trying addresses) was an ERROR with Django's whole traceback, some
20 KB a request. It is one WARNING line now, naming the host (escaped and cut short), the
request line (cut short) and the client's address, and at most PER_WINDOW of them a minute
from one address; the rest are counted, and the count is one line once the minute is over.
"""

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.utils.log import AdminEmailHandler

from guards.clients import client_address, client_ip

logger = logging.getLogger(__name__)


def request_line(record):
    """'"GET /x/?a=1" ' for a record that carries a request, else ''. Never raises: some
    records' `request` is not an HttpRequest (runserver's django.server passes a socket)."""
    request = getattr(record, "request", None)
    try:
        method = request.method
        path = request.get_full_path()  # percent-encoded: no newline can forge a log line
    except Exception:
        return ""
    if not isinstance(method, str) or not isinstance(path, str):
        return ""
    return f'"{method} {path}" '


class RequestLineFilter(logging.Filter):
    """Sets `record.request_line` for the formatter (see request_line); lets every record
    through."""

    def filter(self, record):
        record.request_line = request_line(record)
        return True


class SafeAdminEmailHandler(AdminEmailHandler):
    def emit(self, record):
        try:
            super().emit(record)
        except Exception as error:
            # Not on `django` (where this handler is): no loop through the mail server.
            logger.error("mail_admins could not e-mail this error report: %r", error)


def shown(text, limit: int) -> str:
    """`text` for a log line: no control character, line break or non-ASCII character
    (escaped as Python writes them), at most `limit` characters and "..." when cut."""
    escaped = ascii(str(text))[1:-1]
    return escaped if len(escaped) <= limit else escaped[:limit] + "..."


def raw_host(request) -> str:
    """The host the request named, as Django's get_host reads it before refusing it."""
    meta = request.META
    if settings.USE_X_FORWARDED_HOST and "HTTP_X_FORWARDED_HOST" in meta:
        return meta["HTTP_X_FORWARDED_HOST"]
    return meta.get("HTTP_HOST") or meta.get("SERVER_NAME", "")


@dataclass
class Window:
    start: float
    seen: int = 0


class RefusedHostFilter(logging.Filter):
    """On django.security.DisallowedHost (settings.LOGGING): each record becomes one short
    WARNING line, `Refused host 'evil.example' for "GET /x/" from 203.0.113.5`, without
    the traceback; from one address (guards.clients.client_address: an IPv6 /64 counts as
    one) at most PER_WINDOW lines in WINDOW_SECONDS, the rest dropped and counted. The
    count is logged as one line when the window is over (with the next refused request
    from anyone). Per process: each gunicorn worker counts its own. At most MOST_ADDRESSES
    addresses are counted one by one, so a flood from many addresses cannot fill the
    memory: the others share one window."""

    PER_WINDOW = 5
    WINDOW_SECONDS = 60.0
    MOST_ADDRESSES = 1000
    OTHERS = "other addresses"
    HOST_CHARACTERS = 80
    PATH_CHARACTERS = 160

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.clock = clock
        self.windows: dict[str, Window] = {}
        self.lock = threading.Lock()

    def filter(self, record):
        if getattr(record, "refused_host_count", False):
            return True  # this filter's own count of the lines dropped
        if getattr(record, "refused_host_seen", False):
            # Another instance let it through already: logging configured again in this
            # process (importing the WSGI application does) puts one more on the logger.
            return True
        record.refused_host_seen = True
        request = getattr(record, "request", None)
        try:
            key = client_address(request)
        except Exception:  # no request, or not an HttpRequest
            key = ""
        now = self.clock()
        with self.lock:
            ended = self.end_windows(now)
            if key not in self.windows and len(self.windows) >= self.MOST_ADDRESSES:
                key = self.OTHERS
            window = self.windows.setdefault(key, Window(start=now))
            window.seen += 1
            logged = window.seen <= self.PER_WINDOW
        for address, dropped in ended:
            logging.getLogger(record.name).warning(
                "Refused host: %d more requests from %s within %d s, not logged one by one",
                dropped,
                shown(address or "an unknown address", 64),
                self.WINDOW_SECONDS,
                extra={"refused_host_count": True},
            )
        if logged:
            self.one_line(record, request)
        return logged

    def end_windows(self, now):
        """Forget the windows that are over; (address, lines dropped) for each one over
        that dropped any. Called with the lock held."""
        ended = []
        for address, window in list(self.windows.items()):
            if now - window.start >= self.WINDOW_SECONDS:
                del self.windows[address]
                if window.seen > self.PER_WINDOW:
                    ended.append((address, window.seen - self.PER_WINDOW))
        return ended

    def one_line(self, record, request):
        try:
            host = shown(raw_host(request), self.HOST_CHARACTERS)
            line = shown(f"{request.method} {request.get_full_path()}", self.PATH_CHARACTERS)
            address = shown(client_ip(request), 64) or "an unknown address"
            record.msg = "Refused host '%s' for \"%s\" from %s"
            record.args = (host, line, address)
        except Exception:  # no request: Django's own message, its first line cut short
            message = record.getMessage().splitlines()
            record.msg = "%s"
            record.args = (shown(message[0] if message else "", 300),)
        # One line: no traceback, and not RequestLineFilter's whole request line again.
        record.exc_info = None
        record.exc_text = None
        record.stack_info = None
        record.__dict__.pop("request", None)
        record.levelno = logging.WARNING
        record.levelname = logging.getLevelName(logging.WARNING)
