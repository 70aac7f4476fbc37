"""What a browser or a crawler asks the site's root for, and compressed pages."""

import gzip
import json
import re
import struct

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

pytestmark = pytest.mark.django_db

PAGES = ["/", "/rules/", "/rules/banker/3/", "/hands/", "/hands/practice/", "/odds/",
         "/tracker/", "/lessons/", "/quiz/", "/quiz/speed/", "/glossary/"]  # fmt: skip


def static_file(url):
    """The file a /static/ URL names (hashed or not), found by the staticfiles finders."""
    name = url.split("/static/", 1)[1]
    name = re.sub(r"\.[0-9a-f]{12}(\.\w+)$", r"\1", name)  # a hashed name, in production
    return finders.find(name)


def test_the_favicon_is_an_icon_file(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    path = static_file(response.url)
    data = open(path, "rb").read()
    assert data[:4] == b"\x00\x00\x01\x00"  # an ICO file's signature
    count = int.from_bytes(data[4:6], "little")
    assert count >= 1
    # Each entry's image is a PNG of the size its entry says (width byte, length, offset).
    for entry in range(count):
        record = data[6 + 16 * entry : 22 + 16 * entry]
        size, length, offset = record[0], *struct.unpack("<II", record[8:16])
        png = data[offset : offset + length]
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert int.from_bytes(png[16:20], "big") == size


def test_the_manifest_names_the_site_and_icons_that_exist(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Baccarat School" and manifest["start_url"] == "/tracker/"
    assert manifest["id"] == "/tracker/" and manifest["scope"] == "/"
    assert manifest["lang"] == "en" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512", "any"} <= sizes
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])
    assert manifest["shortcuts"][0]["url"].startswith("/tracker/")
    for icon in manifest["icons"]:
        path = static_file(icon["src"])
        assert path, icon
        if icon["type"] == "image/png":
            png = open(path, "rb").read()
            width = int.from_bytes(png[16:20], "big")
            assert f"{width}x{width}" == icon["sizes"]


@pytest.mark.parametrize(
    ("language", "tag", "name"),
    [("zh-hant", "zh-Hant", "百家樂學堂"), ("zh-hans", "zh-Hans", "百家乐学堂")],
)
def test_each_language_has_its_manifest_opening_its_tracker(client, language, tag, name):
    response = client.get(f"/{language}/manifest.webmanifest")
    assert response.status_code == 200
    manifest = json.loads(response.content)
    assert manifest["lang"] == tag and manifest["name"] == name
    assert manifest["start_url"] == manifest["id"] == f"/{language}/tracker/"
    assert manifest["scope"] == "/"
    assert manifest["shortcuts"][0]["url"].startswith(f"/{language}/tracker/")
    # Its page links it, and the English page the English one.
    page = client.get(f"/{language}/tracker/").content.decode()
    assert f'rel="manifest" href="/{language}/manifest.webmanifest"' in page
    english = client.get("/tracker/", headers={"accept-language": "en"}).content.decode()
    assert 'rel="manifest" href="/manifest.webmanifest"' in english


def test_robots_txt_keeps_crawlers_out_of_account_forms_and_the_admin(client):
    response = client.get("/robots.txt")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/plain")
    rules = response.content.decode()
    for private in ("/accounts/", "/admin/", "/api/"):
        assert f"Disallow: {private}\n" in rules
    assert "Allow: /api/v1/docs\n" in rules
    # Every page a visitor opens stays crawlable (Lighthouse's SEO audit asks it of each).
    disallowed = [
        line.split(": ", 1)[1] for line in rules.splitlines() if line.startswith("Disallow")
    ]
    for page in PAGES + ["/tracker/", "/quiz/progress/", "/tracker/shared/x/"]:
        assert not any(page.startswith(prefix) for prefix in disallowed), page


@pytest.mark.parametrize("path", PAGES)
def test_every_page_has_a_description_icons_and_the_manifest(client, path):
    html = client.get(path).content.decode()
    description = re.search(r'<meta name="description" content="([^"]+)">', html)
    assert description and 50 <= len(description.group(1)) <= 200, path
    assert 'rel="icon"' in html and 'rel="manifest" href="/manifest.webmanifest"' in html
    assert 'href="/api/v1/docs"' in html  # the API docs, from the footer


def test_pages_are_compressed_with_random_padding():
    client = Client(HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    first = client.get("/rules/")
    assert first["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in first["Vary"]
    page = gzip.decompress(first.content).decode()
    assert "<h1" in page and len(first.content) < len(page) / 3
    # Heal the Breach: the same page comes back at different compressed lengths.
    lengths = {len(client.get("/rules/").content) for _ in range(12)}
    assert len(lengths) > 1


def test_pages_are_plain_for_a_client_without_gzip(client):
    response = client.get("/rules/")
    assert not response.has_header("Content-Encoding")
    assert b"<h1" in response.content
