"""Throttling of anonymous writes to the API: starting a shoe, recording a hand, undoing one.

settings.API_ANON_WRITE_RATE (DJANGO_API_ANON_WRITE_RATE, default 120/min) per client
address, counted in the default cache so every gunicorn worker sees the same count. Past it
the API answers 429 with a Retry-After header. Signed-in callers are not counted: they are
accountable, and must pass the CSRF check anyway. Reads and the stateless POSTs (resolve,
roads, odds) are not throttled.
"""

from django.conf import settings
from ninja.throttling import AnonRateThrottle


class AnonymousWriteThrottle(AnonRateThrottle):
    scope = "anon_write"

    def get_cache_key(self, request):
        if request.user.is_authenticated:
            return None
        return super().get_cache_key(request)


anonymous_writes = AnonymousWriteThrottle(settings.API_ANON_WRITE_RATE)
