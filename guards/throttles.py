"""Limits on writes: starting, importing, renaming or deleting a shoe, recording or undoing
a hand, through the API or the tracker's page forms alike, counted together.

Each write is counted against the writer and against its address:
- an anonymous writer by its browser (its session), at settings.ANON_WRITE_RATE
  (DJANGO_API_ANON_WRITE_RATE, default 120/min); a signed-in one by account, at
  settings.USER_WRITE_RATE (DJANGO_USER_WRITE_RATE, default 600/min): accountable, but a
  runaway script in an account must not fill the database either;
- every write, whoever makes it, against its address's ceiling, settings.ADDRESS_WRITE_RATE
  (DJANGO_ADDRESS_WRITE_RATE, default 600/min). Many honest players share one address (a
  casino floor's Wi-Fi, a carrier's NAT): a hundred of them recording a hand every 20 s
  make 300 a minute, well under it, so one of them who writes as fast as allowed takes
  nothing from the others;
- an anonymous write that comes without a session starts one (it is the browser's first
  write, or its cookie was dropped), counted against its address at
  settings.NEW_BROWSER_RATE (DJANGO_NEW_BROWSER_RATE, default 120/hour): dropping the cookie
  to get a fresh allowance costs more than it buys.
Counts live in the database (guards.allowances), where no one's traffic can evict them,
shared by every worker and every machine. Past a limit the API answers 429 with
Retry-After (django-ninja), a page the 429 page; a refused write charges nothing. Reads and
the stateless POSTs (resolve, roads, odds) are not limited; a simulation is charged by the
shoes it deals instead (guards.budgets).
"""

from __future__ import annotations

import math
import threading
from functools import wraps

from django.conf import settings
from django.shortcuts import render
from django.utils.translation import gettext as _
from ninja.throttling import BaseThrottle

from guards import allowances
from guards.clients import client_address
from guards.echo import came_from
from guards.rates import Rate, parse_rate


class Limit:
    """One rate, kept per key; `num_requests` a `duration` (django-ninja's names, which
    the tests set)."""

    def __init__(self, scope: str, rate: str, setting: str):
        self.scope = scope
        parsed = parse_rate(rate, setting)
        self.num_requests, self.duration = parsed.amount, parsed.seconds

    @property
    def rate(self) -> Rate:
        return Rate(self.num_requests, self.duration)

    def key(self, ident: str) -> str:
        return f"{self.scope}:{ident}"

    def take(self, ident: str) -> float | None:
        return allowances.take(self.key(ident), self.rate)

    def give_back(self, ident: str) -> None:
        allowances.give_back(self.key(ident), self.rate)


class AnonymousWriteThrottle(Limit):
    """An anonymous browser's writes, by its session."""


class SignedInWriteThrottle(Limit):
    """A signed-in account's writes."""


anonymous_writes = AnonymousWriteThrottle(
    "write:browser", settings.ANON_WRITE_RATE, "DJANGO_API_ANON_WRITE_RATE"
)
signed_in_writes = SignedInWriteThrottle(
    "write:user", settings.USER_WRITE_RATE, "DJANGO_USER_WRITE_RATE"
)
address_writes = Limit("write:address", settings.ADDRESS_WRITE_RATE, "DJANGO_ADDRESS_WRITE_RATE")
new_browsers = Limit("browser:address", settings.NEW_BROWSER_RATE, "DJANGO_NEW_BROWSER_RATE")


def charge_write(request) -> float | None:
    """Count one write against every limit it falls under: None when all have room (all
    charged), else the seconds until it would fit (nothing charged)."""
    address = client_address(request)
    charged: list[tuple[Limit, str]] = []
    steps: list[tuple[Limit, str | None]]  # None: the session, once there is one
    if request.user.is_authenticated:
        steps = [(signed_in_writes, str(request.user.pk))]
    else:
        session = request.session.session_key
        steps = [(anonymous_writes, session)]  # None: started below, once allowed
        if not session:
            steps.insert(0, (new_browsers, address))
    steps.append((address_writes, address))
    known = [(limit, ident) for limit, ident in steps if ident is not None]
    if len(known) == len(steps):
        # A browser with a session, or an account: both limits in one statement.
        return allowances.take_all([(limit.key(ident), limit.rate) for limit, ident in known])
    # A first write: its session is started only once the address may start one.
    for limit, ident in steps:
        if ident is None:
            ident = browser_of(request)
        wait = limit.take(ident)
        if wait is not None:
            for done, done_ident in charged:
                done.give_back(done_ident)
            return wait
        charged.append((limit, ident))
    return None


def browser_of(request) -> str:
    """The anonymous browser's session key, starting its session if it has none (this
    write is the first thing it keeps; the cookie goes out with the answer)."""
    if not request.session.session_key:
        request.session.save()
        request.session.modified = True
    return request.session.session_key


class WriteLimits(BaseThrottle):
    """The limits above as one django-ninja throttle, for the API's writes."""

    _waits = threading.local()

    def allow_request(self, request) -> bool:
        wait = charge_write(request)
        self._waits.wait = wait
        return wait is None

    def wait(self) -> float | None:
        wait = getattr(self._waits, "wait", None)
        return None if wait is None else min(wait, 86400.0)


WRITES: list[BaseThrottle] = [WriteLimits()]


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
    wait = charge_write(request)
    if wait is None:
        return None
    return too_many_writes(request, wait)


def too_many_writes(request, wait):
    seconds = max(1, math.ceil(min(wait or 1, 86400)))
    detail = _("That is more changes in a minute than a person makes at a table.")
    context = {"detail": detail, "retry_after": seconds, "came_from": came_from(request)}
    response = render(request, "429.html", context, status=429)
    response["Retry-After"] = str(seconds)
    return response
