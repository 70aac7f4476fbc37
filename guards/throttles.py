"""Throttling of writes: starting, importing, renaming or deleting a shoe, recording or
undoing a hand, through the API or the tracker's page forms alike, counted together.

An anonymous caller is counted by address (guards.clients, the same rule as django-ninja's
throttles), at settings.ANON_WRITE_RATE (DJANGO_API_ANON_WRITE_RATE, default 120/min); a
signed-in one by account, at settings.USER_WRITE_RATE (DJANGO_USER_WRITE_RATE, default
600/min): accountable, but a runaway script in an account must not fill the database
either. Counts live in the default cache, so every gunicorn worker sees the same ones.
Past a limit the API answers 429 with Retry-After (django-ninja), a page the 429 page.
Reads and the stateless POSTs (resolve, roads, odds) are not throttled; a simulation is
charged by the shoes it deals instead (guards.budgets).
"""

import math
from functools import wraps

from django.conf import settings
from django.shortcuts import render
from django.utils.translation import gettext as _
from ninja.throttling import AnonRateThrottle, UserRateThrottle

from baccarat_site.errors import came_from


class AnonymousWriteThrottle(AnonRateThrottle):
    scope = "anon_write"

    def get_cache_key(self, request):
        if request.user.is_authenticated:
            return None
        return super().get_cache_key(request)


class SignedInWriteThrottle(UserRateThrottle):
    scope = "user_write"

    def get_cache_key(self, request):
        if not request.user.is_authenticated:
            return None
        return super().get_cache_key(request)


anonymous_writes = AnonymousWriteThrottle(settings.ANON_WRITE_RATE)
signed_in_writes = SignedInWriteThrottle(settings.USER_WRITE_RATE)
WRITES = [anonymous_writes, signed_in_writes]


def throttled_writes(view):
    """A page view whose POSTs count against the write limits above; past one, the 429 page
    says when to try again, and the view is not run (nothing is stored)."""

    @wraps(view)
    def guarded(request, *args, **kwargs):
        if request.method == "POST":
            refused = write_refused(request)
            if refused is not None:
                return refused
        return view(request, *args, **kwargs)

    return guarded


def write_refused(request):
    """Count one write; the 429 page past a limit, else None. For a view that stores only
    on some of its POSTs (the card keypad stores once a hand is over)."""
    for throttle in WRITES:
        if not throttle.allow_request(request):
            return too_many_writes(request, throttle.wait())
    return None


def too_many_writes(request, wait):
    seconds = max(1, math.ceil(wait or 1))
    detail = _("That is more changes in a minute than a person makes at a table.")
    context = {"detail": detail, "retry_after": seconds, "came_from": came_from(request)}
    response = render(request, "429.html", context, status=429)
    response["Retry-After"] = str(seconds)
    return response
