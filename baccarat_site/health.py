"""/healthz: for a load balancer or a process supervisor. 200 when the database answers a
trivial query, 503 with Retry-After when it does not (as every other request then:
baccarat_site.database); a tiny JSON body either way, never cached."""

import logging

from django.db import Error, connection
from django.http import JsonResponse
from django.utils.log import log_response
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from baccarat_site.errors import RETRY_AFTER_SECONDS
from guards.shares import unmetered

logger = logging.getLogger(__name__)


@unmetered
@never_cache
@require_safe
def healthz(request):
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Error as error:  # DatabaseError, and InterfaceError (not one)
        # A warning line per probe, not a traceback; the broken connection is closed so
        # that the next probe opens a new one.
        connection.close()
        response = JsonResponse({"status": "unavailable", "database": "error"}, status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        log_response(
            "healthz: the database did not answer (%s)",
            type(error).__name__,
            response=response,
            request=request,
            logger=logger,
            level="warning",
        )
        return response
    return JsonResponse({"status": "ok", "database": "ok"})
