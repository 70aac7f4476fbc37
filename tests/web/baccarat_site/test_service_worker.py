"""/sw.js (baccarat_site/service_worker.py, templates/sw.js) and the app shell it keeps
(baccarat_site/app_shell.py): what it is served as, and that everything it lists exists."""

import json
import re

import pytest
from django.contrib.staticfiles import finders

from baccarat_site import app_shell, site_version

pytestmark = pytest.mark.django_db


def static_file(url):
    return finders.find(url.split("/static/", 1)[1])


def worker_config(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    text = response.content.decode()
    found = re.search(r"^const CONFIG = (\{.*\});$", text, re.MULTILINE)
    assert found, "no CONFIG line in /sw.js"
    return response, json.loads(found.group(1))


def test_served_from_the_root_as_javascript_never_kept_by_the_http_cache(client):
    response, config = worker_config(client)
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Cache-Control"] == "no-cache"
    assert config["version"] == site_version.SITE_VERSION
    assert "{%" not in response.content.decode()  # the template's comment is not sent
    # A Chinese visitor's browser asks for the same file, not a redirect to another.
    chinese = client.get("/sw.js", headers={"accept-language": "zh-HK"})
    assert chinese.status_code == 200
    assert client.post("/sw.js").status_code == 405


def test_a_new_version_is_a_new_worker_with_its_own_caches(client, monkeypatch):
    _response, before = worker_config(client)
    monkeypatch.setattr(site_version, "SITE_VERSION", "a1b2c3d4e5f6")
    response, after = worker_config(client)
    assert after["version"] == "a1b2c3d4e5f6" != before["version"]
    assert '"shell-" + VERSION' in response.content.decode()


def test_the_shell_lists_the_trackers_files_and_all_exist(client):
    _response, config = worker_config(client)
    shell = config["shell"]
    for name in ("css/site.css", "django_htmx/htmx-2.min.js", "js/tracker.js",
                 "js/record-keep.js", "js/record-reach.js", "js/record-queue.js",
                 "js/record-taps.js", "js/sw-register.js", "cards/cards.svg",
                 "icons/icon-192.png", "icons/icon-maskable-512.png"):  # fmt: skip
        assert f"/static/{name}" in shell, name
    for url in shell:
        assert static_file(url), url
    # A script the other parts of the tracker add is listed once its file exists.
    for name in ("js/roads/engine.js", "js/roads/draw.js", "js/dealing.js"):
        assert (f"/static/{name}" in shell) == bool(static_file(f"/static/{name}")), name


def test_the_shells_pages_answer_in_every_language(client):
    _response, config = worker_config(client)
    pages = config["pages"]
    for expected in ("/tracker/", "/zh-hant/tracker/", "/zh-hans/tracker/",
                     "/zh-hant/jsi18n/", "/zh-hans/jsi18n/", "/manifest.webmanifest",
                     "/zh-hant/manifest.webmanifest"):  # fmt: skip
        assert expected in pages
    for url in pages:
        assert client.get(url, headers={"accept-language": "en"}).status_code == 200, url


def test_the_offline_page_is_kept_when_the_site_has_one(client, monkeypatch):
    _response, config = worker_config(client)
    for language, url in config["offline"].items():
        assert url is None or url.startswith(f"/{language}/" if language != "en" else "/")
    # A URL name that resolves (standing in for the tracker's offline page) is listed.
    monkeypatch.setattr(app_shell, "OFFLINE_PAGE", "tracker:stats")
    _response, config = worker_config(client)
    assert config["offline"]["zh-hans"] == "/zh-hans/tracker/stats/"
    assert "/zh-hant/tracker/stats/" in config["pages"]


def test_which_pages_are_kept_as_visited_and_which_are_never_touched(client):
    _response, config = worker_config(client)
    kept = re.compile(config["trackerPages"])
    for path in ("/tracker/", "/tracker/12/", "/zh-hant/tracker/3/", "/zh-hans/tracker/",
                 "/tracker/offline/"):  # fmt: skip
        assert kept.match(path), path
    for path in ("/tracker/12/hands/", "/tracker/12/export.csv", "/rules/", "/tracker/stats/"):
        assert not kept.match(path), path
    never = re.compile(config["never"])
    for path in ("/api/v1/shoes", "/accounts/login/", "/zh-hant/accounts/", "/admin/"):
        assert never.match(path), path
    assert not never.match("/tracker/")
    # The few words for a page the device has not kept, in each language, with its tracker.
    assert config["words"]["zh-hant"]["href"] == "/zh-hant/tracker/"
    assert config["words"]["en"]["lang"] == "en"
