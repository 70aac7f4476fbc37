"""manage.py clear_expired (tracker/management/commands/clear_expired.py): expired sessions
go, and so do the anonymous shoes (with their hands) whose session has ended, once they are
more than a day old; a live session's shoes, recent shoes and signed-in users' shoes stay."""

from datetime import timedelta
from io import StringIO

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.test import Client, override_settings
from django.utils import timezone

from tracker.models import Hand, Shoe

pytestmark = pytest.mark.django_db

OLD = timedelta(hours=25)


def run():
    out, err = StringIO(), StringIO()
    call_command("clear_expired", stdout=out, stderr=err)
    return out.getvalue().strip(), err.getvalue().strip()


def age(shoe, by=OLD):
    Shoe.objects.filter(pk=shoe.pk).update(created=timezone.now() - by)


def expire(session_key):
    assert Session.objects.filter(pk=session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )


def browser_with_shoe(name, outcomes="BPB"):
    """A real anonymous visitor: a shoe started on /tracker/ through the test client, which
    keeps the visitor's id in the session saved with the response. Returns (client, shoe,
    session key)."""
    client = Client()
    response = client.post("/tracker/", {"name": name, "decks": 8})
    assert response.status_code == 302
    shoe = Shoe.objects.get(name=name)
    for outcome in outcomes:
        shoe.record(outcome)
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    assert SessionStore(session_key=key).load()["visitor"] == shoe.visitor
    return client, shoe, key


def stored_session(data, expired=False):
    """A hand-built session row, as the database backend saves it."""
    store = SessionStore()
    store.update(data)
    store.create()
    if expired:
        expire(store.session_key)
    return store.session_key


def test_an_ended_session_takes_its_old_shoes_and_their_hands_with_it():
    _client, gone, gone_key = browser_with_shoe("Gone", "BPBBT")
    second = Shoe.objects.create(visitor=gone.visitor, name="Gone too")
    second.record("P")
    _client, kept, kept_key = browser_with_shoe("Kept", "PP")
    for shoe in (gone, second, kept):
        age(shoe)
    expire(gone_key)

    out, err = run()

    assert out == (
        "Removed 1 expired session and 2 anonymous shoes (6 hands) whose session had ended."
    )
    assert err == ""
    assert list(Shoe.objects.values_list("name", flat=True)) == ["Kept"]
    assert set(Hand.objects.values_list("shoe_id", flat=True)) == {kept.pk}
    assert not Session.objects.filter(pk=gone_key).exists()
    assert Session.objects.filter(pk=kept_key).exists()


def test_the_live_visitor_still_sees_their_shoe():
    client, shoe, _key = browser_with_shoe("Mine")
    age(shoe)
    run()
    assert client.get(f"/tracker/{shoe.pk}/").status_code == 200


def test_a_recent_shoe_is_kept_even_without_a_session():
    # Created in the instant before its session is saved, or a session that just ended:
    # a day's grace either way.
    recent = Shoe.objects.create(visitor="no-session-yet", name="Recent")
    recent.record("B")
    nearly = Shoe.objects.create(visitor="ended", name="Nearly a day")
    age(nearly, timedelta(hours=23))
    stored_session({"visitor": "ended"}, expired=True)

    out, _err = run()

    assert out == (
        "Removed 1 expired session and 0 anonymous shoes (0 hands) whose session had ended."
    )
    assert Shoe.objects.count() == 2 and Hand.objects.count() == 1


def test_a_signed_in_users_shoes_are_never_touched():
    user = get_user_model().objects.create_user("ana", password="x-long-password-1")
    owned = Shoe.objects.create(owner=user, name="Owned")
    owned.record("T")
    # Even one that still carries a visitor id whose session has ended.
    adopted = Shoe.objects.create(owner=user, visitor="old-visitor", name="Adopted")
    for shoe in (owned, adopted):
        age(shoe, timedelta(days=400))
    stored_session({"visitor": "old-visitor"}, expired=True)

    run()

    assert Shoe.objects.count() == 2 and Hand.objects.count() == 1


def test_hand_built_sessions_expired_go_and_live_stay():
    live = stored_session({"visitor": "alive", "other": 1})
    empty = stored_session({})  # an empty live session is readable, and names no one
    dead = [stored_session({"visitor": f"dead-{n}"}, expired=True) for n in range(3)]
    for visitor in ("alive", "dead-0", "dead-1", "nobody", ""):
        age(Shoe.objects.create(visitor=visitor, name=f"shoe of {visitor}"))

    out, _err = run()

    assert out.startswith("Removed 3 expired sessions and 4 anonymous shoes (0 hands) ")
    assert set(Session.objects.values_list("pk", flat=True)) == {live, empty}
    assert list(Shoe.objects.values_list("visitor", flat=True)) == ["alive"]
    assert not Session.objects.filter(pk__in=dead).exists()


def test_running_twice_is_harmless():
    _client, gone, key = browser_with_shoe("Gone")
    _client, kept, _kept_key = browser_with_shoe("Kept")
    age(gone)
    age(kept)
    expire(key)

    first, _ = run()
    second, err = run()

    assert first.startswith("Removed 1 expired session and 1 anonymous shoe (3 hands) ")
    assert second == (
        "Removed 0 expired sessions and 0 anonymous shoes (0 hands) whose session had ended."
    )
    assert err == ""
    assert list(Shoe.objects.values_list("name", flat=True)) == ["Kept"]
    assert Hand.objects.filter(shoe=kept).count() == 3


def test_sessions_it_cannot_read_keep_every_shoe():
    # Run with another SECRET_KEY than the site's (a cron job without the environment):
    # no live session can be read, so whose shoes are orphans cannot be told.
    _client, shoe, _key = browser_with_shoe("Mine")
    age(shoe)
    stored_session({"visitor": "gone"}, expired=True)
    with override_settings(SECRET_KEY="not-the-sites-key-" * 3):
        out, err = run()
    assert out.startswith("Removed 1 expired session and 0 anonymous shoes (0 hands) ")
    assert "1 live session could not be read" in err and "no shoes were removed" in err
    assert Shoe.objects.filter(pk=shoe.pk).exists() and shoe.hands.count() == 3


def test_nothing_to_do():
    assert run() == (
        "Removed 0 expired sessions and 0 anonymous shoes (0 hands) whose session had ended.",
        "",
    )
