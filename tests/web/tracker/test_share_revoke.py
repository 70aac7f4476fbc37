"""A shoe's share link can be revoked and made anew by its owner alone: a revoked link and
its mark proofs are a 404 at once, from every app server (they share the database, which is
where the shared pages look the token up), and an old token never leads to the shoe again."""

import re
from contextlib import contextmanager

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from htmx import HTMX

from guards.throttles import anonymous_writes
from tracker.models import Shoe

pytestmark = pytest.mark.django_db

# Hands whose derived roads have marks, so that the proof sub-URLs answer 200 while shared.
OUTCOMES = "PPBTBBBPPTTBPBBBBBBBPPBPB"


def start_shoe(client, outcomes=OUTCOMES):
    response = client.post(reverse("tracker:index"), {"name": "Shared shoe", "decks": 8})
    assert response.status_code == 302
    shoe = Shoe.objects.get(pk=int(response.url.strip("/").split("/")[-1]))
    for outcome in outcomes:
        shoe.record(outcome)
    return shoe


def share(client, shoe, action, **extra):
    return client.post(reverse("tracker:share", args=[shoe.pk]), {"action": action}, **extra)


def token_of(shoe):
    return Shoe.objects.values_list("share_token", flat=True).get(pk=shoe.pk)


def shared_urls(token):
    """The page a share link opens and its proof sub-URLs (a page, and the htmx fragment)."""
    return [
        reverse("tracker:shared", args=[token]),
        reverse("tracker:shared_mark", args=[token, "big_eye_boy", 0]),
        reverse("tracker:shared_mark", args=[token, "cockroach_pig", 0]),
    ]


def statuses(client, token):
    codes = [client.get(url).status_code for url in shared_urls(token)]
    codes.append(client.get(shared_urls(token)[1], **HTMX).status_code)
    return codes


def share_part(html):
    """The owner's page's share part and the live region after it."""
    start = html.index('<div id="share"')
    return html[start : html.index("</div>", html.index('id="share-status"')) + 6]


def test_revoking_makes_the_link_and_its_proofs_404_at_once(client):
    shoe = start_shoe(client)
    token = shoe.share_token
    viewer = Client()
    assert statuses(viewer, token) == [200, 200, 200, 200]

    response = share(client, shoe, "revoke")
    assert response.status_code == 302
    assert response.url == reverse("tracker:shoe", args=[shoe.pk]) + "#share"
    # The page it goes back to says what happened (no JavaScript: Django's messages).
    assert (
        "Sharing stopped: the old link leads nowhere now"
        in client.get(response.url).content.decode()
    )
    assert token_of(shoe) is None
    assert statuses(viewer, token) == [404, 404, 404, 404]
    # The shared link's own 404 page, which says a link may have been revoked.
    html = viewer.get(shared_urls(token)[0]).content.decode()
    assert "This share link leads nowhere" in html
    assert "stopped sharing the shoe" in html
    # The shoe itself is untouched, and still its owner's.
    assert client.get(reverse("tracker:shoe", args=[shoe.pk])).status_code == 200
    assert shoe.hands.count() == len(OUTCOMES)


def test_a_new_link_works_and_an_old_token_never_comes_back(client):
    shoe = start_shoe(client)
    first = shoe.share_token
    assert share(client, shoe, "revoke").status_code == 302
    # Revoking again changes nothing and says so.
    response = share(client, shoe, "revoke", **HTMX)
    assert response.status_code == 200
    assert "This shoe was not shared: there was no link to revoke." in response.content.decode()
    assert token_of(shoe) is None

    assert share(client, shoe, "new").status_code == 302
    second = token_of(shoe)
    assert second and second != first and len(second) >= 32
    viewer = Client()
    assert statuses(viewer, second) == [200, 200, 200, 200]
    assert statuses(viewer, first) == [404, 404, 404, 404]

    # "Make a new link" while shared replaces the link in one step.
    tokens = [first, second]
    for _round in range(3):
        assert share(client, shoe, "new").status_code == 302
        tokens.append(token_of(shoe))
    assert len(set(tokens)) == len(tokens)
    assert statuses(viewer, tokens[-1]) == [200, 200, 200, 200]
    for old in tokens[:-1]:
        assert statuses(viewer, old) == [404, 404, 404, 404], old
    # The owner's page offers the newest link, and none of the old ones.
    html = client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode()
    assert reverse("tracker:shared", args=[tokens[-1]]) in html
    assert not any(old in html for old in tokens[:-1])


def test_the_shared_pages_are_never_answered_from_a_cache(client):
    shoe = start_shoe(client)
    for url in shared_urls(shoe.share_token):
        cache_control = client.get(url)["Cache-Control"]
        assert "private" in cache_control and "no-cache" in cache_control, url
        assert "max-age" not in cache_control and "public" not in cache_control


@contextmanager
def instance(name):
    """Requests answered by another app server: its own process-local cache, the database
    shared with the others."""
    caches = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    caches["default"]["LOCATION"] = f"instance-{name}"
    with override_settings(CACHES=caches):
        yield


def test_a_revoked_link_is_404_from_every_instance(client):
    owner, shoe = client, start_shoe(client)
    token = shoe.share_token
    a, b = Client(), Client()
    # Both servers have answered the link (anything they would keep, they keep now).
    with instance("a"):
        assert statuses(a, token) == [200, 200, 200, 200]
    with instance("b"):
        assert statuses(b, token) == [200, 200, 200, 200]
    # The owner's revocation is answered by server A; B is told nothing, and needs nothing.
    with instance("a"):
        assert share(owner, shoe, "revoke").status_code == 302
        assert statuses(a, token) == [404, 404, 404, 404]
    with instance("b"):
        assert statuses(b, token) == [404, 404, 404, 404]
    # A new link made through B works on A at once, and the revoked one stays dead on both.
    with instance("b"):
        assert share(owner, shoe, "new").status_code == 302
    new = token_of(shoe)
    for name, viewer in (("a", a), ("b", b)):
        with instance(name):
            assert statuses(viewer, new) == [200, 200, 200, 200]
            assert statuses(viewer, token) == [404, 404, 404, 404]
    # A change written to the database alone (no view, no signal: another server's write) is
    # what both answer by.
    Shoe.objects.filter(pk=shoe.pk).update(share_token=None)
    for name, viewer in (("a", a), ("b", b)):
        with instance(name):
            assert statuses(viewer, new) == [404, 404, 404, 404]


def test_someone_elses_shoe_is_404_and_keeps_its_link(client, django_user_model):
    shoe = start_shoe(client)
    token = shoe.share_token
    stranger = Client()
    stranger.post(reverse("tracker:index"), {"name": "Theirs", "decks": 8})  # a session too
    signed_in = Client()
    signed_in.force_login(django_user_model.objects.create_user("other", password="x-pw-12345"))
    for other in (stranger, signed_in):
        for action in ("revoke", "new"):
            assert share(other, shoe, action).status_code == 404
            assert share(other, shoe, action, **HTMX).status_code == 404
    assert token_of(shoe) == token
    assert statuses(stranger, token) == [200, 200, 200, 200]
    # No such shoe at all: the same 404.
    assert client.post("/tracker/999999/share/", {"action": "revoke"}).status_code == 404


@pytest.mark.parametrize("method", ["get", "head", "put", "delete"])
def test_only_a_post_changes_the_link(client, method):
    shoe = start_shoe(client)
    url = reverse("tracker:share", args=[shoe.pk])
    response = getattr(client, method)(url + "?action=revoke")
    assert response.status_code == 405
    assert token_of(shoe) == shoe.share_token


def test_a_post_without_the_csrf_token_is_refused(client):
    shoe = start_shoe(client)
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = client.cookies  # the owner's session
    assert share(strict, shoe, "revoke").status_code == 403
    assert token_of(shoe) == shoe.share_token
    # With the page's token it is the owner's to revoke.
    html = strict.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode()
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    url = reverse("tracker:share", args=[shoe.pk])
    response = strict.post(url, {"action": "revoke", "csrfmiddlewaretoken": csrf})
    assert response.status_code == 302
    assert token_of(shoe) is None


@pytest.mark.parametrize(
    "data",
    [{}, {"action": ""}, {"action": "delete"}, {"action": "NEW"}, {"action": "revoke\x00"}],
)
def test_a_request_that_is_neither_button_is_400_and_changes_nothing(client, data):
    shoe = start_shoe(client)
    url = reverse("tracker:share", args=[shoe.pk])
    response = client.post(url, data)
    assert response.status_code == 400
    part = share_part(response.content.decode())
    assert "the share link was not changed" in part  # beside the buttons, whole page
    response = client.post(url, data, **HTMX)
    assert response.status_code == 400
    assert response["HX-Retarget"] == "#share-status"
    assert response["HX-Reswap"] == "innerHTML"
    assert "the share link was not changed" in response.content.decode()
    assert token_of(shoe) == shoe.share_token


def test_the_write_limits_count_a_share_change(client, monkeypatch):
    monkeypatch.setattr(anonymous_writes, "num_requests", 2)
    shoe = start_shoe(client, outcomes="")  # the first write
    assert share(client, shoe, "revoke").status_code == 302  # the second
    response = share(client, shoe, "new")
    assert response.status_code == 429
    assert token_of(shoe) is None


def test_the_owners_page_shows_the_state_and_its_buttons(client):
    shoe = start_shoe(client, outcomes="")
    url = reverse("tracker:shoe", args=[shoe.pk])
    action = reverse("tracker:share", args=[shoe.pk])
    part = share_part(client.get(url).content.decode())
    link = "http://testserver" + reverse("tracker:shared", args=[shoe.share_token])
    assert f'value="{link}" readonly>' in part
    assert f'<form method="post" action="{action}"' in part
    assert "csrfmiddlewaretoken" in part
    buttons = re.findall(r'<button type="submit" name="action" value="(\w+)"[^>]*>([^<]+)<', part)
    assert buttons == [("new", "Make a new link"), ("revoke", "Stop sharing")]
    assert 'id="share-status" class="share-status" role="status" aria-live="polite"' in part
    assert "autofocus" not in part  # a whole page keeps focus where the browser puts it

    share(client, shoe, "revoke")
    part = share_part(client.get(url).content.decode())
    assert "Not shared: no link leads to this shoe." in part
    assert "share-url" not in part and "/tracker/shared/" not in part
    buttons = re.findall(r'<button type="submit" name="action" value="(\w+)"[^>]*>([^<]+)<', part)
    assert buttons == [("new", "Make a share link")]


def test_with_htmx_only_the_share_part_is_redrawn_and_the_change_announced(client):
    shoe = start_shoe(client, outcomes="")
    response = share(client, shoe, "revoke", **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and 'id="board"' not in html
    assert html.lstrip().startswith('<div id="share" class="share">')
    # Focus goes to the button that shares again (the pressed one is gone).
    assert re.search(r'value="new"[^>]*autofocus>Make a share link<', html)
    # The status goes into the live region already on the page, so that it is announced.
    status = re.search(r'<div id="share-status" hx-swap-oob="innerHTML">(.*?)</div>', html, re.S)
    assert "Sharing stopped" in status.group(1)

    response = share(client, shoe, "new", **HTMX)
    html = response.content.decode()
    link = "http://testserver" + reverse("tracker:shared", args=[token_of(shoe)])
    assert re.search(rf'id="share-url" value="{re.escape(link)}" readonly autofocus>', html)
    assert "The shoe is shared: anyone with its link can watch it, read-only." in html
    response = share(client, shoe, "new", **HTMX)
    assert "A new share link replaces the old one" in response.content.decode()
