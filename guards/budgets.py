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

Every request is also charged to its address's ceiling, settings.ADDRESS_SIMULATED_SHOES_RATE
(DJANGO_ADDRESS_SIMULATED_SHOES_RATE, default 500000/min), whoever asks: signing up for
accounts buys no more shoes than the address could have.

The state is one number per client and one per address, the time at which each budget
would be whole again, kept where the write limits keep theirs (guards.allowances: the
database, which no one's traffic can evict), checked and charged in one statement.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.conf import settings

from guards import allowances
from guards.clients import client_address
from guards.rates import PERIOD_WORDS, PERIODS, Rate, parse_rate

__all__ = ["PERIOD_WORDS", "PERIODS", "Rate", "Refused", "WorkBudget", "parse_rate"]


@dataclass(frozen=True)
class Refused:
    """Why `amount` does not fit now: the budget that refused it, what is left of it, and
    how long until `amount` fits (None when it never will: it is more than the whole
    budget). `signed_in` is False when the address's budget refused it."""

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
    clock = None  # the tests set a clock here to step through time (else allowances')

    def __init__(
        self, scope: str, anonymous_setting: str, signed_in_setting: str, address_setting: str
    ):
        self.scope = scope
        self.anonymous_setting = anonymous_setting
        self.signed_in_setting = signed_in_setting
        self.address_setting = address_setting
        self.rates()  # a mistyped setting stops the start (the URLconf imports this)
        self.address_rate()

    def rates(self) -> tuple[Rate, ...]:
        """(anonymous, signed-in) budgets, as the settings say now."""
        return tuple(
            parse_rate(getattr(settings, name), name)
            for name in (self.anonymous_setting, self.signed_in_setting)
        )

    def rate(self, signed_in: bool) -> Rate:
        return self.rates()[signed_in]

    def address_rate(self) -> Rate:
        """The most one address may spend, whoever is signed in there."""
        return parse_rate(getattr(settings, self.address_setting), self.address_setting)

    def key(self, request) -> str:
        if request.user.is_authenticated:
            return f"budget:{self.scope}:user:{request.user.pk}"
        return f"budget:{self.scope}:anon:{client_address(request)}"

    def address_key(self, request) -> str:
        return f"budget:{self.scope}:address:{client_address(request)}"

    def spend(self, request, amount: int) -> Refused | None:
        """Charge `amount` to the caller's budget and to its address's, or say why it does
        not fit (nothing charged)."""
        signed_in = bool(request.user.is_authenticated)
        charges = [
            (self.key(request), self.rate(signed_in), signed_in),
            (self.address_key(request), self.address_rate(), False),
        ]
        now = self.clock() if self.clock else None
        taken: list[tuple[str, Rate]] = []
        for key, rate, counted_signed_in in charges:
            wait = allowances.take(key, rate, amount, now=now)
            if wait is not None:
                for done_key, done_rate in taken:
                    allowances.give_back(done_key, done_rate, amount)
                left = allowances.left(key, rate, now=now)
                never = math.isinf(wait)
                return Refused(amount, rate, left, None if never else wait, counted_signed_in)
            taken.append((key, rate))
        return None


simulated_shoes = WorkBudget(
    "simulated_shoes",
    "ANON_SIMULATED_SHOES_RATE",
    "USER_SIMULATED_SHOES_RATE",
    "ADDRESS_SIMULATED_SHOES_RATE",
)
