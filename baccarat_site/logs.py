"""Logging helpers for settings.LOGGING (issue 11: no error reached gunicorn's output).

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
"""

import logging

from django.utils.log import AdminEmailHandler

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
