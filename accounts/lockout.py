"""django-axes' lockout page (settings.AXES_LOCKOUT_CALLABLE), with the Retry-After header its
own response lacks: a 429 should say when to try again (RFC 6585), and clients that honour
it wait instead of guessing on."""

import math

from axes.helpers import (
    get_client_parameters,
    get_client_username,
    get_cool_off,
    get_failure_limit,
)
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Max
from django.shortcuts import render
from django.utils import timezone

from guards.clients import client_address


def locked_out(request, original_response=None, credentials=None):
    """The page axes would render (its template and context), and Retry-After."""
    cool_off = get_cool_off(request)
    context = {
        "failure_limit": get_failure_limit(request, credentials),
        "username": get_client_username(request, credentials) or "",
    }
    if cool_off:
        context["cooloff_timedelta"] = cool_off
    response = render(
        request, settings.AXES_LOCKOUT_TEMPLATE, context, status=settings.AXES_HTTP_RESPONSE_CODE
    )
    if cool_off:
        response["Retry-After"] = str(seconds_left(request, credentials, cool_off))
    return response


def seconds_left(request, credentials, cool_off) -> int:
    """Whole seconds until the lockout ends: the cool-off counts from the latest failure
    recorded for the locked-out username and address (axes counts an attempt made during
    the lockout as one, and so starts the cool-off again)."""
    username = get_client_username(request, credentials)
    address = getattr(request, "axes_ip_address", None) or client_address(request)
    user_agent = getattr(request, "axes_user_agent", "")
    filters = get_client_parameters(username, address, user_agent, request, credentials)
    moments = [
        AccessAttempt.objects.filter(**each).aggregate(latest=Max("attempt_time"))["latest"]
        for each in filters
    ]
    latest = max((moment for moment in moments if moment is not None), default=timezone.now())
    left = (latest + cool_off - timezone.now()).total_seconds()
    return max(1, math.ceil(left))
