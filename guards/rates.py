"""A limit's rate, as the settings write it ("120/min", "5000/10s", django-ninja's format),
and its period in words for the messages that quote it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

PERIODS = {"s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600, "hour": 3600, "d": 86400, "day": 86400}
# A budget's period as the API says it, "200,000 shoes a minute" (api.simulations).
PERIOD_WORDS = {
    1: pgettext_lazy("a budget: 200,000 shoes a minute", "a second"),
    60: pgettext_lazy("a budget: 200,000 shoes a minute", "a minute"),
    3600: pgettext_lazy("a budget: 200,000 shoes a minute", "an hour"),
    86400: pgettext_lazy("a budget: 200,000 shoes a minute", "a day"),
}
_RATE = re.compile(r"\s*([0-9]{1,12})\s*/\s*([0-9]{0,6})\s*([a-z]+)\s*")


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
        f"{setting}={text!r}: write a rate as amount/period, e.g. 200000/min (periods: "
        "s, min, hour, day, optionally with a multiple: 5000/10s)"
    )
