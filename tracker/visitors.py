"""Who is tracking: the signed-in user, or an anonymous browser session.

An anonymous visitor gets a random id in their session the first time they create a shoe;
their shoes carry that id, so that signing in can adopt them (`adopt_shoes`).
"""

import hashlib
import secrets
from contextlib import contextmanager

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Count, F, Max
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tracker.models import VISITOR_KEY, Shoe


def visitor_id(request, create=False):
    visitor = request.session.get(VISITOR_KEY)
    if visitor is None and create:
        visitor = secrets.token_hex(16)
        request.session[VISITOR_KEY] = visitor  # marks the session modified: the cookie is sent
    return visitor


def adopt_shoes(request, user):
    """After sign-up or login: the session's shoes become the account's."""
    visitor = request.session.get(VISITOR_KEY)
    if visitor:
        Shoe.objects.filter(owner=None, visitor=visitor).update(owner=user, visitor="")


class TooManyShoes(Exception):
    """The caller keeps settings.MAX_SHOES_PER_OWNER shoes already; the message says so."""


def check_room_for_a_shoe(request):
    """Raise TooManyShoes when the caller may not start another shoe."""
    limit = settings.MAX_SHOES_PER_OWNER
    if Shoe.objects.owned_by(request).count() >= limit:
        raise TooManyShoes(
            _(
                "You keep %(count)s shoes, the most one person can; delete one you no longer "
                "need to start another."
            )
            % {"count": f"{limit:,}"}
        )


@contextmanager
def room_for_a_shoe(request):
    """A transaction in which the caller has room for one more shoe, and keeps it: counting
    and inserting are one step, so parallel requests of one caller (two tabs, a script)
    cannot each find the last place free and together pass the limit. TooManyShoes when
    there is no room. SQLite's writers take turns already (transactions begin IMMEDIATE);
    PostgreSQL takes a lock on the caller for the transaction."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [owner_lock_id(request)])
        check_room_for_a_shoe(request)
        yield


def owner_lock_id(request) -> int:
    """A 64-bit number naming the caller's shoes, for PostgreSQL's advisory lock."""
    if request.user.is_authenticated:
        owner = f"shoes:user:{request.user.pk}"
    else:
        owner = f"shoes:visitor:{visitor_id(request, create=True)}"
    digest = hashlib.blake2b(owner.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def create_shoe(request, name, decks=8):
    """A new shoe of the caller's; TooManyShoes when they keep the most allowed."""
    with room_for_a_shoe(request):
        if request.user.is_authenticated:
            return Shoe.objects.create(owner=request.user, name=name, decks=decks)
        visitor = visitor_id(request, create=True)
        return Shoe.objects.create(visitor=visitor, name=name, decks=decks)


def own_shoe_or_404(request, shoe_id):
    """The caller's shoe. Someone else's shoe is a 404 too: never reveal that it exists."""
    return get_object_or_404(Shoe.objects.owned_by(request), pk=shoe_id)


def last_shoe(request):
    """The caller's shoe with the latest hand recorded (else the newest), with its
    hand_count, or None: the home page offers to go back to it. Reads the session only, so
    a first visit starts none."""
    shoes = Shoe.objects.owned_by(request).annotate(
        hand_count=Count("hands"), last_hand=Max("hands__id")
    )
    return shoes.order_by(F("last_hand").desc(nulls_last=True), "-created", "-id").first()
