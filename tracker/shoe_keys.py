"""Starting a shoe safely twice: the start form's POST honours an Idempotency-Key header as a
hand's does (tracker.idempotency).

A phone that started a shoe with no signal creates it on the server when the signal is back
(static/js/record-queue.js), under the key it drew then. An answer lost on the way and the
POST sent again must not make a second shoe: the same key from the same owner gives the
same shoe.

The key is kept in the table of hands' keys (RecordedKey), on the shoe it made, with no hand
and number 0, under its own prefix: the prefix ("§shoe ", not printable ASCII) is a key no
hand can be sent under (read_key refuses it), so the two never meet. Like a hand's key it
is kept at least KEEP: the shoe's keys older than that go when a hand is next recorded.
"""

from django.utils import timezone
from django.utils.translation import gettext as _

from tracker.idempotency import HEADER, MAX_LENGTH, KeyProblem, read_key
from tracker.models import RecordedKey, Shoe
from tracker.visitors import create_shoe, room_for_a_shoe

PREFIX = "\u00a7shoe "
MOST = MAX_LENGTH - len(PREFIX)
FINGERPRINT = "a new shoe"


def creation_key(request):
    """The start form's key, or None; KeyProblem (naming the header) for a bad one."""
    if HEADER not in request.headers:
        return None
    key = read_key(request.headers[HEADER])
    if len(key) > MOST:
        raise KeyProblem(
            _("%(name)s: %(length)s characters is too long; at most %(most)s")
            % {"name": HEADER, "length": f"{len(key):,}", "most": MOST}
        )
    return key


def shoe_made_with(request, key):
    """The caller's shoe that `key` started, or None."""
    found = RecordedKey.objects.filter(
        key=PREFIX + key, shoe__in=Shoe.objects.owned_by(request), hand=None, seq=0
    ).select_related("shoe")
    row = found.first()
    return row.shoe if row else None


def create_shoe_once(request, name, decks, key):
    """The caller's new shoe, or the one `key` started already (a POST sent again). The
    second look-up and the new shoe take the caller's turn (room_for_a_shoe), so two POSTs
    racing under one key make one shoe. TooManyShoes as create_shoe."""
    if key is None:
        return create_shoe(request, name, decks)
    made = shoe_made_with(request, key)
    if made is not None:
        return made
    with room_for_a_shoe(request):
        made = shoe_made_with(request, key)
        if made is not None:
            return made
        shoe = create_shoe(request, name, decks)
        RecordedKey.objects.create(
            shoe=shoe, key=PREFIX + key, fingerprint=FINGERPRINT, seq=0, created=timezone.now()
        )
        return shoe
