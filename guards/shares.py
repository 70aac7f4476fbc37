"""Each address's share of the server's processor time.

The other limits count what a request asks for (a write, a simulation's shoes, a wrong
password); none of them sees what a request costs. Reads are not limited at all, and a
request of each limited kind at the largest size still costs a worker a tenth of a second
or more (a 2,000-hand shoe pasted in, a chunk of 10,000 simulated shoes, a password hash).
One address sending them back to back, one after another, keeps a core busy, and the honest
requests queue behind its requests for the workers. So every request is also charged the
processor time it took, in milliseconds, to its address (guards.clients: an IPv6 client by
its /64), at settings.ADDRESS_CPU_RATE (DJANGO_ADDRESS_CPU_RATE, default "250/s": a quarter
of one core). An address that has used its share is answered 429 with Retry-After, before
its request does anything, until its share has come back.

An honest address never comes near it: a person reading and recording costs a few tens of
milliseconds a second at most, and a casino floor of a hundred players behind one address,
each recording a hand and reading the roads every 20 s, costs about 100 ms a second on this
machine. An address that did use a quarter of a core leaves the rest to everybody else.

The charge is measured after the request (time.thread_time: this worker's time, not the
time spent waiting for the database or the network) and kept where the other limits keep
their counts (guards.allowances, the database), so it holds on every worker and machine and
no one's traffic can evict it. A worker adds up an address's cheap requests and writes
them as one charge once they reach FLUSH_MS, so a page view costs one read of the table and
no write; anything costlier is charged at once.
"""

from __future__ import annotations

import logging
import math
import os
import time
from contextlib import contextmanager
from functools import wraps

from django.conf import settings
from django.db import Error  # DatabaseError, and InterfaceError (not one)
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import ngettext, override

from guards import allowances
from guards.accept_language import API_PREFIX, api_language, mark_language
from guards.clients import client_address
from guards.echo import came_from
from guards.rates import Rate, parse_rate

log = logging.getLogger(__name__)

SCOPE = "cpu:address"
# Charges under this many milliseconds wait in the worker until they add up to it.
FLUSH_MS = 100.0
# Addresses a worker keeps unwritten charges for; past it, it writes them all.
MAX_PENDING = 1000

# The longest a request can hold its address's turn at the heavy work: past gunicorn's
# timeout (30 s), when a worker killed mid-request has let go of nothing.
LONGEST_TURN = 60.0

# The heavy work's priority (nice(2)): the page views and hands recorded meanwhile take the
# processor first, and the heavy work has all that is left, which is most of it.
HEAVY_WORK_NICENESS = 19

processor_time = time.thread_time  # the tests replace it, to charge chosen amounts
# The gunicorn worker this process is, when it is one (gunicorn.conf.py, post_fork).
worker = None


def worker_started(gunicorn_worker) -> None:
    global worker
    worker = gunicorn_worker


def at_low_priority() -> None:
    """Run the rest of this request at HEAVY_WORK_NICENESS, and end the worker after it.

    A process may lower its own priority but not raise it again, so the worker that did
    heavy work is not used for anything else: it finishes this request and exits, and
    gunicorn forks a new one from its master at the usual priority at once (the way its
    own max_requests restarts a worker). Only under gunicorn: the development server and
    the tests are one process that must keep its priority."""
    if worker is None:
        return
    if os.getpriority(os.PRIO_PROCESS, 0) < HEAVY_WORK_NICENESS:
        os.setpriority(os.PRIO_PROCESS, 0, HEAVY_WORK_NICENESS)
    worker.alive = False


def unmetered(view):
    """Mark a view that is neither charged nor refused (/healthz: a load balancer asks it,
    and must hear how the site is, not that its address is busy)."""
    view.unmetered = True
    return view


def one_at_a_time(methods=("POST",)):
    """A view whose requests (by these methods) cost a worker a tenth of a second or more
    however they end (a password to hash, a shoe file to read, shoes to deal): one address
    runs one of them at a time, across all such views, workers and machines; a second one
    sent meanwhile is answered 429 with Retry-After: 1 and does nothing. Without it, an
    address sending one of each at once would hold every worker, and the share above only
    catches up afterwards."""

    def decorator(view):
        @wraps(view)
        def guarded(request, *args, **kwargs):
            if request.method not in methods:
                return view(request, *args, **kwargs)
            with turn(request) as mine:
                if not mine:
                    return refused(request, 1, wait_your_turn)
                return view(request, *args, **kwargs)

        return guarded

    return decorator


@contextmanager
def turn(request):
    """Yields True when this request holds its address's turn at the heavy work (and lets
    go of it after), False when another request of the address holds it."""
    key = f"turn:address:{client_address(request)}"
    try:
        until = allowances.hold(key, LONGEST_TURN)
    except Error:
        until = 0.0  # no database: the request fails by itself, as in charge()
    if until is None:
        yield False
        return
    try:
        yield True
    finally:
        if until:
            try:
                allowances.let_go(key, until)
            except Error:
                pass  # the hold ends by itself


def share() -> Rate | None:
    """The share, or None when it is off (DJANGO_ADDRESS_CPU_RATE=off: a site behind a
    proxy that shares out the machine itself; and the tests but those of the share)."""
    if settings.ADDRESS_CPU_RATE == "off":
        return None
    return parse_rate(settings.ADDRESS_CPU_RATE, "DJANGO_ADDRESS_CPU_RATE")


class Pending:
    """One worker's charges not yet written, by address."""

    def __init__(self) -> None:
        self.milliseconds: dict[str, float] = {}

    def add(self, address: str, milliseconds: float) -> None:
        total = self.milliseconds.get(address, 0.0) + milliseconds
        if total < FLUSH_MS and len(self.milliseconds) < MAX_PENDING:
            self.milliseconds[address] = total
            return
        self.milliseconds.pop(address, None)
        charge(address, total)
        if len(self.milliseconds) >= MAX_PENDING:
            self.flush()

    def flush(self) -> None:
        pending, self.milliseconds = self.milliseconds, {}
        for address, milliseconds in pending.items():
            charge(address, milliseconds)


pending = Pending()


def charge(address: str, milliseconds: float) -> None:
    try:
        rate = share()
        if rate is not None:
            allowances.charge(f"{SCOPE}:{address}", rate, milliseconds)
    except Error:
        # The share guards fairness, not data: with the database out of reach the request
        # has failed already, or will, and says so itself (baccarat_site.database).
        log.warning("could not charge %s its processor time", address)


def wait(address: str) -> float | None:
    """Seconds until `address` has a share again; None when it has one now."""
    try:
        rate = share()
        return None if rate is None else allowances.wait_for(f"{SCOPE}:{address}", rate, 0)
    except Error:
        return None


class ProcessorShareMiddleware:
    """Outermost but for the security headers: the time it measures is the whole request's,
    every other middleware's included (compressing the answer, the session)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if share() is None:
            return self.get_response(request)
        started = processor_time()
        response = self.get_response(request)
        if not getattr(request, "unmetered", False):
            spent = (processor_time() - started) * 1000
            pending.add(client_address(request), spent)
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        if getattr(view_func, "unmetered", False):
            request.unmetered = True
            return None
        if share() is None:
            return None
        seconds = wait(client_address(request))
        if seconds is None:
            return None
        return refused(request, max(1, math.ceil(seconds)), busy)


def refused(request, seconds: int, saying):
    """429 with Retry-After; `saying(seconds)` words why, in the page's language (the
    API's: its Accept-Language)."""
    if request.path.startswith(API_PREFIX):
        language = api_language(request)
        with override(language):
            detail = saying(seconds)
        response = mark_language(JsonResponse({"detail": detail}, status=429), language)
    else:
        context = {
            "detail": saying(seconds),
            "retry_after": seconds,
            "came_from": came_from(request),
        }
        response = render(request, "429.html", context, status=429)
    response["Retry-After"] = str(seconds)
    return response


def busy(seconds: int) -> str:
    return ngettext(
        "Requests from your address have kept the server busy; it can take more in "
        "%(seconds)s second.",
        "Requests from your address have kept the server busy; it can take more in "
        "%(seconds)s seconds.",
        seconds,
    ) % {"seconds": f"{seconds:,}"}


def wait_your_turn(seconds: int) -> str:
    return ngettext(
        "Another request from your address is being worked on (an import, a simulation or "
        "a password check); send this one again in %(seconds)s second.",
        "Another request from your address is being worked on (an import, a simulation or "
        "a password check); send this one again in %(seconds)s seconds.",
        seconds,
    ) % {"seconds": f"{seconds:,}"}
