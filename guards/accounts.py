"""Limits on the account forms, per address (guards.clients), kept where the other limits
keep theirs (guards.allowances: checked and charged in one statement, in the database).

- New accounts, settings.SIGNUP_RATE (DJANGO_SIGNUP_RATE, default 5/hour): an account is a
  fresh allowance for the per-account limits, so making them must cost something. (The
  per-address ceilings on writes and simulated shoes count signed-in callers too, so a new
  account buys nothing there.)
- Wrong passwords, settings.SIGNIN_FAILURE_RATE (DJANGO_SIGNIN_FAILURE_RATE, default
  20/15min), whatever the username: django-axes locks a username out at one address after 5,
  but each guess with a new username costs the server a password hash (~0.4 s), and a burst
  of them slowed the site. Every form that checks a password counts here (signing in,
  changing the password, deleting the account, setting the recovery address): one unit is
  charged before the password is checked and given back when it was right, so past the
  limit no hash is computed at all, and parallel guesses cannot all slip in together.
- Mail sent on request (a password-reset link, an address's confirmation),
  settings.RECOVERY_MAIL_RATE (DJANGO_RECOVERY_MAIL_RATE, default 5/hour), per address that
  asks and per address it goes to: nobody can use the site to flood someone's mailbox.
- Downloads of an account's data, settings.DATA_EXPORT_RATE (DJANGO_DATA_EXPORT_RATE,
  default 10/hour), per account: each reads every row the account has.

Past a limit the answer is the 429 page with Retry-After; nothing is stored or sent.
"""

from __future__ import annotations

import hashlib
import math
from functools import wraps

from django.conf import settings
from django.contrib.auth.signals import user_login_failed
from django.dispatch import receiver
from django.shortcuts import render
from django.utils.translation import gettext as _

from guards.clients import client_address
from guards.echo import came_from
from guards.shares import one_at_a_time
from guards.throttles import Limit

signups = Limit("signup:address", settings.SIGNUP_RATE, "DJANGO_SIGNUP_RATE")
signin_failures = Limit(
    "signin-failure:address", settings.SIGNIN_FAILURE_RATE, "DJANGO_SIGNIN_FAILURE_RATE"
)
recovery_mail = Limit("mail:address", settings.RECOVERY_MAIL_RATE, "DJANGO_RECOVERY_MAIL_RATE")
mail_to = Limit("mail:to", settings.RECOVERY_MAIL_RATE, "DJANGO_RECOVERY_MAIL_RATE")
data_exports = Limit("export:user", settings.DATA_EXPORT_RATE, "DJANGO_DATA_EXPORT_RATE")

# Set on a request whose password check failed (user_login_failed, below).
FAILED = "_a_password_failed"


def too_many(request, wait: float, detail: str):
    """The 429 page saying what was refused and when to try again, with Retry-After."""
    seconds = max(1, math.ceil(min(wait or 1, 86400)))
    context = {"detail": detail, "retry_after": seconds, "came_from": came_from(request)}
    response = render(request, "429.html", context, status=429)
    response["Retry-After"] = str(seconds)
    return response


def too_many_failures(request, wait: float):
    return too_many(
        request,
        wait,
        _(
            "Too many wrong passwords came from this address, so password checks are paused "
            "here for a while. This protects accounts from password guessing."
        ),
    )


def counts_failed_passwords(view):
    """A view whose POSTs may check a password: each POST is charged one wrong password
    before the view runs (refused with the 429 page past the limit, the view not run, no
    password hashed), and the charge is given back unless a password check failed in it
    (Django's user_login_failed: a wrong password, a username that does not exist, or a
    django-axes lockout). A password hash is heavy work: one at a time from an address
    (guards.shares)."""

    @one_at_a_time()
    @wraps(view)
    def guarded(request, *args, **kwargs):
        if request.method != "POST":
            return view(request, *args, **kwargs)
        address = client_address(request)
        wait = signin_failures.take(address)
        if wait is not None:
            return too_many_failures(request, wait)
        try:
            return view(request, *args, **kwargs)
        finally:
            if not getattr(request, FAILED, False):
                signin_failures.give_back(address)

    return guarded


@receiver(user_login_failed, dispatch_uid="guards.accounts.password_failed")
def password_failed(sender, credentials, request=None, **kwargs):
    if request is not None:
        setattr(request, FAILED, True)


def recipient(address: str) -> str:
    """The key for mail to `address` (hashed: the table of allowances holds no addresses)."""
    return hashlib.sha256(address.strip().lower().encode()).hexdigest()[:40]
