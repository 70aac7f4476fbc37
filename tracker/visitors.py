"""Who is tracking: the signed-in user, or an anonymous browser session.

An anonymous visitor gets a random id in their session the first time they create a shoe;
their shoes carry that id. (Signing in will adopt them: see the lessons issue.)
"""

import secrets

from django.conf import settings
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tracker.models import Shoe


def visitor_id(request, create=False):
    visitor = request.session.get("visitor")
    if visitor is None and create:
        visitor = secrets.token_hex(16)
        request.session["visitor"] = visitor  # marks the session modified: the cookie is sent
    return visitor


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


def create_shoe(request, name, decks=8):
    """A new shoe of the caller's; TooManyShoes when they keep the most allowed."""
    check_room_for_a_shoe(request)
    if request.user.is_authenticated:
        return Shoe.objects.create(owner=request.user, name=name, decks=decks)
    return Shoe.objects.create(visitor=visitor_id(request, create=True), name=name, decks=decks)


def own_shoe_or_404(request, shoe_id):
    """The caller's shoe. Someone else's shoe is a 404 too: never reveal that it exists."""
    return get_object_or_404(Shoe.objects.owned_by(request), pk=shoe_id)
