"""The error pages: 400, 403, the failed CSRF check, 404 and 500 in the site's
layout with a way back, instead of Django's bare "Not Found". Wired in urls.py (handler400 …
handler500) and settings.CSRF_FAILURE_VIEW. Django uses them only with DEBUG off.

Under /api/ each answers JSON in the API's error shape, `{"detail": "..."}`, with the same
status (django-ninja answers its own errors; these are the requests it never sees, such as
an unknown endpoint).

templates/429.html has no handler here: a throttle renders it with `detail` (text) and
`retry_after` (seconds), both optional.

The 500 page must never fail in turn: it is rendered with the request, so the layout has its
navigation, and if that raises too (the database is down and a context processor needs it,
say) the answer is a minimal page with no template at all.

503 with Retry-After is the answer while the database cannot be reached (a restart, a
failover): database_unavailable, from baccarat_site.database for an error in a view, and from the
500 handler for one anywhere else (saving the session, in Django's SessionMiddleware, comes
after the view). It closes the broken connection, so the next request opens a new one, and
logs one WARNING line, not Django's "Service Unavailable" ERROR, which would e-mail the admins
once a request throughout an outage. Its page shows whoever is signed in as signed out when
finding out would need the database.
"""

import logging
import re
import sys

from django.contrib.auth.models import AnonymousUser
from django.db import Error, InterfaceError, OperationalError, connections
from django.http import HttpResponse, HttpResponseServerError, JsonResponse
from django.shortcuts import render
from django.utils.log import log_response
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from guards.accept_language import API_PREFIX, TAGS
from guards.echo import came_from, excerpt

logger = logging.getLogger(__name__)

SHARED_PREFIX = "/tracker/shared/"

RETRY_AFTER_SECONDS = 5

# The plain pages sent when even the site's layout cannot be drawn: no template, only the
# words, in the language of the request (Django's gettext needs neither database nor
# templates).
FALLBACK_PAGE = """<!doctype html>
<html lang="{lang}">
<head><meta charset="utf-8"><title>{title} · {site}</title></head>
<body>
<h1>{heading}</h1>
<p>{text}</p>
<p><a href="/">{back}</a></p>
</body>
</html>
"""


def fallback_page(title, heading, text):
    return FALLBACK_PAGE.format(
        lang=TAGS.get(get_language(), "en"),
        title=title,
        site=_("Baccarat School"),
        heading=heading,
        text=text,
        back=_("Back to the start"),
    )


def fallback_500():
    return fallback_page(
        _("Something went wrong"),
        _("Something went wrong on our side"),
        _("The page could not be shown. The error has been logged. Please try again in a minute."),
    )


def fallback_503():
    return fallback_page(
        _("Back in a moment"),
        _("Back in a moment"),
        _(
            "The site cannot reach its database just now (error 503). Please try again in a "
            "few seconds."
        ),
    )


def is_api(request):
    return request.path_info.startswith(API_PREFIX)


def error_page(request, status, template_name, detail, context=None):
    if is_api(request):
        return JsonResponse({"detail": detail}, status=status)
    context = {"status": status, "came_from": came_from(request), **(context or {})}
    return render(request, template_name, context, status=status)


def bad_request(request, exception=None):
    return error_page(request, 400, "400.html", _("Bad request."))


def permission_denied(request, exception=None):
    return error_page(request, 403, "403.html", _("You do not have permission to do that."))


def csrf_failure(request, reason=""):
    # `reason` is for the log (Django logs it on django.security.csrf), not for the page.
    return error_page(
        request,
        403,
        "403_csrf.html",
        _("CSRF check failed: reload the page and try again, with cookies allowed for this site."),
    )


def page_not_found(request, exception=None):
    if is_api(request):
        return JsonResponse(
            {
                "detail": _("%(path)s: no such endpoint (the list is at /api/v1/docs)")
                % {"path": excerpt(request.path)}
            },
            status=404,
        )
    shared_link = request.path_info.startswith(SHARED_PREFIX)
    context = {"shared_link": shared_link, "path": excerpt(request.path)}
    return error_page(request, 404, "404.html", _("Not found."), context)


def server_error(request):
    error = sys.exc_info()[1]  # Django calls this handler inside its `except` block
    if database_out_of_reach(error):
        return database_unavailable(request, error)
    if is_api(request):
        return JsonResponse(
            {"detail": _("Internal server error: the error has been logged.")}, status=500
        )
    try:
        return render(request, "500.html", {"status": 500}, status=500)
    except Exception:
        logger.exception("500.html could not be rendered; the plain fallback was sent")
        return HttpResponseServerError(fallback_500())


# SQLite reports a missing table or column as OperationalError too: a migration not run is a
# bug (500, with its traceback in the log), not a pause.
SQLITE_MISTAKE = re.compile(r"no such |table \S+ has no column|syntax error")


def database_out_of_reach(error):
    """A connection refused, cut or already closed, a server shutting down or starting up,
    too many connections; also a deadlock, a statement timeout and SQLite's "database is
    locked": Django's OperationalError and InterfaceError, worth trying again alike."""
    if isinstance(error, InterfaceError):
        return True
    return isinstance(error, OperationalError) and not SQLITE_MISTAKE.search(str(error))


def database_unavailable(request, error):
    """503 with Retry-After for `error`, a database_out_of_reach one."""
    if is_api(request):
        response = JsonResponse(
            {
                "detail": _(
                    "The database cannot be reached just now: try again in %(seconds)s seconds."
                )
                % {"seconds": RETRY_AFTER_SECONDS}
            },
            status=503,
        )
    else:
        # Made before the connections are closed: should the page ask the database again
        # (who is signed in), a broken connection fails at once.
        response = unavailable_page(request)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    close_connections()
    lines = str(error).strip().splitlines()
    log_response(
        "Service Unavailable: %s: the database cannot be reached (%s: %s)",
        request.path,
        type(error).__name__,
        lines[0] if lines else "",
        response=response,
        request=request,
        logger=logger,
        level="warning",
    )
    return response


def close_connections():
    """This thread's database connections, closed: a broken one must not serve the next
    request. There is one database; a healthy one closed here costs a reconnection."""
    for connection in connections.all(initialized_only=True):
        try:
            connection.close()
        except Error:  # DatabaseError, and InterfaceError (not one)
            pass


def unavailable_page(request):
    context = {"status": 503, "retry_after": RETRY_AFTER_SECONDS}
    try:
        return render(request, "503.html", context, status=503)
    except Error:  # DatabaseError, and InterfaceError (not one)
        # The layout says who is signed in, which takes the database when the session came
        # from the cache but the account did not: shown signed out for now.
        request.user = AnonymousUser()
    try:
        return render(request, "503.html", context, status=503)
    except Exception:
        logger.exception("503.html could not be rendered; the plain fallback was sent")
        return HttpResponse(fallback_503(), status=503)
