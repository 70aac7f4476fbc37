"""Throttling of work paid for by the amount asked, not by the request: the shoes a
simulation deals (POST /api/v1/simulations). One request may ask for 1 shoe or for 100,000
(about 8 CPU seconds), so counting requests, as guards.throttles does for writes, would
either stop an honest lab or let one address keep a worker busy all day.

Each client has a budget of shoes a period: an anonymous caller by address (guards.clients,
the write throttles' rule) at settings.ANON_SIMULATED_SHOES_RATE
(DJANGO_ANON_SIMULATED_SHOES_RATE, default 200000/min), a signed-in one by account at
settings.USER_SIMULATED_SHOES_RATE (DJANGO_USER_SIMULATED_SHOES_RATE, default 500000/min),
both read on every request. The budget refills continuously (the generic cell rate
algorithm): a client may spend all of it at once, then budget/period shoes a second as it
comes back. A request is charged before its shoes are dealt, and only when all of them fit;
a refused one costs nothing.

The state is one number per client, the time at which its budget would be whole again,
kept in the default cache like the write throttles' counts, so every gunicorn worker sees
the same one. Reading and writing it is not one atomic step: two requests of one client
that reach two workers within the same few microseconds may both be charged from the same
reading (one charge lost), as with django-ninja's throttles; never a run's worth of time.
"""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from guards.clients import client_ip

PERIODS = {"s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600, "hour": 3600, "d": 86400, "day": 86400}
# A budget's period as the API says it, "200,000 shoes a minute" (api.simulations).
PERIOD_WORDS = {
    1: pgettext_lazy("a budget: 200,000 shoes a minute", "a second"),
    60: pgettext_lazy("a budget: 200,000 shoes a minute", "a minute"),
    3600: pgettext_lazy("a budget: 200,000 shoes a minute", "an hour"),
    86400: pgettext_lazy("a budget: 200,000 shoes a minute", "a day"),
}
_RATE = re.compile(r"\s*([0-9]{1,12})\s*/\s*([0-9]{0,6})\s*([a-z]+)\s*")
# Float rounding of the refill arithmetic (a budget spent to the last shoe must fit).
SLACK = 1e-6


@dataclass(frozen=True)
class Rate:
    amount: int
    seconds: int

    @property
    def period(self) -> str:
        """ "a minute", or "every 10 seconds", in the active language."""
        if self.seconds in PERIOD_WORDS:
            return str(PERIOD_WORDS[self.seconds])
        # Never one second (that is "a second").
        return _("every %(count)s seconds") % {"count": f"{self.seconds:,}"}


def parse_rate(text: str, setting: str) -> Rate:
    """ "200000/min" -> Rate(200000, 60); django-ninja's format, "5000/10s" too."""
    match = _RATE.fullmatch(text) if isinstance(text, str) else None
    if match:
        amount, multiple = int(match.group(1)), int(match.group(2) or 1)
        unit = PERIODS.get(match.group(3))
        if amount >= 1 and multiple >= 1 and unit:
            return Rate(amount, multiple * unit)
    raise ImproperlyConfigured(
        f"{setting}={text!r}: write a budget as amount/period, e.g. 200000/min (periods: "
        "s, min, hour, day, optionally with a multiple: 5000/10s)"
    )


@dataclass(frozen=True)
class Refused:
    """Why `amount` does not fit now: the caller's budget, what is left of it, and how long
    until `amount` fits (None when it never will: it is more than the whole budget)."""

    amount: int
    rate: Rate
    left: int
    wait: float | None
    signed_in: bool

    @property
    def retry_after(self) -> int:
        """Whole seconds for Retry-After (RFC 9110): rounded up, at least 1."""
        return max(1, math.ceil(self.wait or 1))


class WorkBudget:
    clock = staticmethod(time.time)

    def __init__(self, scope: str, anonymous_setting: str, signed_in_setting: str):
        self.scope = scope
        self.anonymous_setting = anonymous_setting
        self.signed_in_setting = signed_in_setting
        self.rates()  # a mistyped setting stops the start (the URLconf imports this)

    def rates(self) -> tuple[Rate, Rate]:
        """(anonymous, signed-in) budgets, as the settings say now."""
        return tuple(
            parse_rate(getattr(settings, name), name)
            for name in (self.anonymous_setting, self.signed_in_setting)
        )

    def rate(self, signed_in: bool) -> Rate:
        return self.rates()[signed_in]

    def key(self, request) -> str:
        if request.user.is_authenticated:
            return f"budget_{self.scope}_user_{request.user.pk}"
        return f"budget_{self.scope}_anon_{client_ip(request)}"

    def spend(self, request, amount: int) -> Refused | None:
        """Charge `amount` to the caller's budget, or say why it does not fit (nothing
        charged)."""
        signed_in = bool(request.user.is_authenticated)
        rate = self.rate(signed_in)
        key = self.key(request)
        now = self.clock()
        per_unit = rate.seconds / rate.amount
        whole_at = cache.get(key)
        if not isinstance(whole_at, float) or whole_at < now:
            whole_at = now
        left = max(0, math.floor((rate.seconds - (whole_at - now)) / per_unit + SLACK))
        after = whole_at + amount * per_unit
        if amount > rate.amount:
            return Refused(amount, rate, left, None, signed_in)
        if after - now > rate.seconds + SLACK:
            return Refused(amount, rate, left, after - now - rate.seconds, signed_in)
        cache.set(key, after, timeout=math.ceil(after - now) + 1)
        return None


simulated_shoes = WorkBudget(
    "simulated_shoes", "ANON_SIMULATED_SHOES_RATE", "USER_SIMULATED_SHOES_RATE"
)
