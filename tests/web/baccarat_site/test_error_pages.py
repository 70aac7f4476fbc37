"""The error pages with DEBUG off, as production serves them: 400, 403, the failed
CSRF check, 404, 429 and 500 in the site's layout with a way back; the 500 page's plain
fallback; and JSON `{"detail": ...}` instead under /api/ (baccarat_site/errors.py)."""

import logging
import re

import pytest
from django.core.exceptions import PermissionDenied
from django.template.loader import render_to_string
from django.test import Client

import api.odds
import baccarat_site.context_processors
import reference.views
from baccarat_site import errors
from tracker.models import Shoe

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("debug_off")]


@pytest.fixture
def client():
    # A 500 is answered (and logged), as in production, instead of raised into the test.
    return Client(raise_request_exception=False)


def main_of(html):
    return html[html.index('<main id="main"') : html.index("</main>")]


def branded(response, status):
    """The page in the site's layout, satisfying the Content Security Policy: its <main>."""
    assert response.status_code == status
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert '<header class="site-header">' in html
    assert '<nav aria-label="Main">' in html
    assert '<footer class="site-footer">' in html
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert 'src="/static/' in tag, tag
    assert "<style" not in html
    return main_of(html)


def boom():
    raise RuntimeError("the glossary exploded")


# --- 404 ------------------------------------------------------------------------------


def test_an_unknown_page_is_a_branded_404_with_a_way_home(client):
    main = branded(client.get("/nope/"), 404)
    assert "<h1>Page not found</h1>" in main
    assert "<code>/nope/</code>" in main
    assert 'href="/"' in main
    assert 'href="/tracker/"' in main


def test_the_404_page_escapes_the_address(client):
    main = branded(client.get("/nope/<b>x</b>/"), 404)
    assert "<b>x</b>" not in main


def test_a_dead_share_link_says_what_happened(client):
    main = branded(client.get("/tracker/shared/not-a-token/"), 404)
    assert "This share link leads nowhere" in main
    assert 'href="/tracker/"' in main
    assert 'href="/"' in main


def test_someone_elses_or_a_missing_shoe_is_a_branded_404(client):
    main = branded(client.get("/tracker/999999/"), 404)
    assert "Page not found" in main


def test_the_404_page_links_back_to_the_page_the_visitor_came_from(client):
    main = branded(client.get("/nope/", HTTP_REFERER="http://testserver/rules/?x=1"), 404)
    assert 'href="/rules/?x=1"' in main
    assert "Back to the page you came from" in main


@pytest.mark.parametrize(
    "referer",
    [
        "https://evil.example/rules/",
        "javascript:alert(1)",
        "//evil.example/x",
        "http://testserver//evil.example/x",
        "http://testserver/\\evil.example/x",
        "http://testserver@evil.example/x",
        "not a url",
    ],
)
def test_only_a_same_site_referer_is_offered_back(client, referer):
    main = branded(client.get("/nope/", HTTP_REFERER=referer), 404)
    assert "Back to the page you came from" not in main
    assert "evil.example" not in main
    assert "javascript:" not in main


# --- 403: CSRF and permission ------------------------------------------------------------


def test_a_failed_csrf_check_is_a_branded_403_saying_to_reload():
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        "/tracker/", {"name": "No token", "decks": 8}, HTTP_REFERER="http://testserver/tracker/"
    )
    main = branded(response, 403)
    assert "The form could not be sent" in main
    assert "Open the form again with the link below" in main
    assert "cookies" in main
    assert '<a href="/tracker/">Back to the form, reloaded</a>' in main
    assert main.count('href="/tracker/"') == 1
    assert Shoe.objects.count() == 0


def test_a_permission_denied_is_a_branded_403(client, monkeypatch):
    def refuse():
        raise PermissionDenied("internal reason, not for the page")

    monkeypatch.setattr(reference.views, "glossary_terms", refuse)
    main = branded(client.get("/glossary/"), 403)
    assert "You cannot open this page" in main
    assert "internal reason" not in main
    assert 'href="/"' in main


# --- 400 ------------------------------------------------------------------------------


def test_a_disallowed_host_is_a_branded_400(client):
    response = client.get("/rules/", HTTP_HOST="evil.example", HTTP_REFERER="http://evil.example/")
    main = branded(response, 400)
    assert "That request could not be understood" in main
    assert 'href="/"' in main
    assert "evil.example" not in response.content.decode()


# --- 500 ------------------------------------------------------------------------------


def test_an_unhandled_exception_is_a_branded_500(client, monkeypatch):
    monkeypatch.setattr(reference.views, "glossary_terms", boom)
    main = branded(client.get("/glossary/?letter=b"), 500)
    assert "Something went wrong on our side" in main
    assert "the glossary exploded" not in main  # no internals on the page
    assert 'href="/glossary/?letter=b"' in main  # try again
    assert 'href="/"' in main


def test_the_500_page_falls_back_to_plain_html_when_the_layout_fails_too(
    client, monkeypatch, caplog
):
    # A context processor that fails (the database is down, say) fails every page, the 500
    # page included: the answer is still a 500 with a way back, and the failure is logged.
    def broken(path):
        raise RuntimeError("context processor down")

    monkeypatch.setattr(baccarat_site.context_processors, "current_section", broken)
    with caplog.at_level(logging.ERROR):
        response = client.get("/rules/")
    assert response.status_code == 500
    html = response.content.decode()
    assert "Something went wrong on our side" in html
    assert '<a href="/">Back to the start</a>' in html
    assert "site-header" not in html
    assert any(
        record.name == "baccarat_site.errors" and "500.html could not be rendered" in record.message
        for record in caplog.records
    )


# --- 429 ------------------------------------------------------------------------------


def render_429(rf, **context):
    return main_of(render_to_string("429.html", context, request=rf.post("/tracker/")))


def test_the_429_page_says_what_was_refused_and_when_to_try_again(rf):
    main = render_to_string(
        "429.html",
        {"detail": "You have started too many shoes in a minute.", "retry_after": 30},
        request=rf.post("/tracker/"),
    )
    assert '<header class="site-header">' in main
    main = main_of(main)
    assert "<h1>Too many requests</h1>" in main
    assert "You have started too many shoes in a minute." in main
    assert "Try again in 30 seconds." in main
    assert 'href="/tracker/"' in main and 'href="/"' in main


@pytest.mark.parametrize(
    ("retry_after", "said"),
    [(1, "Try again in 1 second."), (90, "Try again in 90 seconds."), (600, "about 10")],
)
def test_the_429_page_words_the_wait(rf, retry_after, said):
    main = render_429(rf, retry_after=retry_after)
    assert said in " ".join(main.split())


def test_the_429_page_needs_no_context(rf):
    main = " ".join(render_429(rf).split())
    assert "more requests than the site accepts" in main
    assert "Wait a minute, then try again." in main


def test_the_429_page_escapes_the_detail(rf):
    assert "<b>" not in render_429(rf, detail="<b>bold</b>")


# --- /api/: JSON, not pages ---------------------------------------------------------------


@pytest.mark.parametrize("path", ["/api/v1/nope", "/api/v1/nope/", "/api/nope"])
def test_an_unknown_api_endpoint_is_a_json_404(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert path in response.json()["detail"]
    assert "/api/v1/docs" in response.json()["detail"]


def test_an_api_500_is_json(client, monkeypatch):
    def broken(decks):
        raise RuntimeError("odds engine down")

    monkeypatch.setattr(api.odds, "odds_of_decks", broken)
    response = client.get("/api/v1/odds?decks=8")
    assert response.status_code == 500
    assert response["Content-Type"].startswith("application/json")
    assert set(response.json()) == {"detail"}
    assert "odds engine down" not in response.content.decode()


def test_an_api_400_for_a_disallowed_host_is_json(client):
    response = client.get("/api/v1/odds?decks=8", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert response.json() == {"detail": "Bad request."}


@pytest.mark.parametrize(
    ("view", "status"),
    [
        (errors.permission_denied, 403),
        (errors.csrf_failure, 403),
        (errors.bad_request, 400),
        (errors.page_not_found, 404),
    ],
)
def test_every_handler_answers_json_under_the_api(rf, view, status):
    response = view(rf.post("/api/v1/shoes"), PermissionDenied())
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json")
    assert response.content.startswith(b'{"detail": "')


def test_the_500_handler_answers_json_under_the_api(rf):
    response = errors.server_error(rf.get("/api/v1/shoes"))
    assert response.status_code == 500
    assert response["Content-Type"].startswith("application/json")
