"""The site's version (baccarat_site/site_version.py): on every page, in the service worker,
and a write from a page of another version refused with 409 and the reason."""

import json

import pytest
from django.urls import reverse

from baccarat_site import site_version
from tracker.models import Shoe

pytestmark = pytest.mark.django_db

REASON = (
    "The site was updated while this page was open. Reload the page: your hands are kept on "
    "this device and will be sent."
)


def new_shoe(client) -> Shoe:
    response = client.post(reverse("tracker:index"), {"name": "Versions", "decks": 8})
    assert response.status_code == 302
    return Shoe.objects.get(name="Versions")


def test_the_version_is_a_short_hash_of_the_files_changing_with_them(tmp_path, settings):
    for folder in ("templates", "static", "locale", "app"):
        (tmp_path / folder).mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "views.py").write_text("A = 1\n")
    (tmp_path / "templates" / "page.html").write_text("<p>one</p>")
    settings.STATICFILES_DIRS = [tmp_path / "static"]
    settings.STATIC_ROOT = tmp_path / "staticfiles"
    first = site_version.computed(tmp_path)
    assert len(first) == 12 and int(first, 16) >= 0
    assert site_version.computed(tmp_path) == first  # the same files, the same version
    (tmp_path / "templates" / "page.html").write_text("<p>two</p>")
    second = site_version.computed(tmp_path)
    (tmp_path / "app" / "views.py").write_text("A = 2\n")
    third = site_version.computed(tmp_path)
    (tmp_path / "static" / "site.css").write_text("p {}")
    fourth = site_version.computed(tmp_path)
    assert len({first, second, third, fourth}) == 4
    # With collectstatic's manifest, its hashed names stand for the static files.
    (tmp_path / "staticfiles").mkdir()
    (tmp_path / "staticfiles" / "staticfiles.json").write_text('{"paths": {"a": "a.1"}}')
    fifth = site_version.computed(tmp_path)
    (tmp_path / "static" / "site.css").write_text("p { margin: 0 }")  # not collected yet
    assert site_version.computed(tmp_path) == fifth != fourth


@pytest.mark.parametrize("path", ["/", "/tracker/", "/zh-hant/tracker/", "/rules/"])
def test_every_page_carries_the_version(client, path):
    html = client.get(path, headers={"accept-language": "en"}).content.decode()
    assert f'data-site-version="{site_version.SITE_VERSION}"' in html


def test_a_write_of_this_version_is_taken(client):
    shoe = new_shoe(client)
    response = client.post(
        reverse("tracker:record", args=[shoe.pk]),
        {"outcome": "B"},
        headers={"x-site-version": site_version.SITE_VERSION},
    )
    assert response.status_code == 302
    assert shoe.hands.count() == 1


@pytest.mark.parametrize("htmx", [False, True])
def test_a_write_from_a_page_of_another_version_is_refused_and_nothing_stored(client, htmx):
    shoe = new_shoe(client)
    headers = {"x-site-version": "0123456789ab", "idempotency-key": "a" * 32}
    if htmx:
        headers["hx-request"] = "true"
    response = client.post(
        reverse("tracker:record", args=[shoe.pk]), {"outcome": "B"}, headers=headers
    )
    assert response.status_code == 409
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode() == REASON
    assert response["X-Site-Version"] == site_version.SITE_VERSION  # the page can tell
    assert response["Cache-Control"] == "no-store"
    assert shoe.hands.count() == 0


def test_the_api_answers_in_json_and_reads_without_the_header_are_untouched(client):
    response = client.post(
        "/api/v1/shoes", data="{}", content_type="application/json",
        headers={"x-site-version": "old"},
    )  # fmt: skip
    assert response.status_code == 409
    assert json.loads(response.content) == {"detail": REASON}
    assert client.get("/tracker/", headers={"x-site-version": "old"}).status_code == 200


def test_writes_without_the_header_are_unaffected(client):
    shoe = new_shoe(client)  # a plain form: no header
    response = client.post(reverse("tracker:record", args=[shoe.pk]), {"outcome": "P"})
    assert response.status_code == 302 and shoe.hands.count() == 1


def test_a_new_version_refuses_the_old_pages_writes(client, monkeypatch):
    shoe = new_shoe(client)
    page = client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode()
    old = page.split('data-site-version="', 1)[1].split('"', 1)[0]
    monkeypatch.setattr(site_version, "SITE_VERSION", "newversion01")  # a deploy
    response = client.post(
        reverse("tracker:record", args=[shoe.pk]), {"outcome": "B"}, headers={"x-site-version": old}
    )
    assert response.status_code == 409
    assert response["X-Site-Version"] == "newversion01"
    page = client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode()
    assert 'data-site-version="newversion01"' in page


def test_the_environment_chooses_the_version(settings, monkeypatch):
    import importlib

    settings.SITE_VERSION = "release-42"
    try:
        assert importlib.reload(site_version).SITE_VERSION == "release-42"
    finally:
        settings.SITE_VERSION = ""
        importlib.reload(site_version)
