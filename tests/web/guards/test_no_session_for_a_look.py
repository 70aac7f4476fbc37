"""Looking keeps nothing: cookie-less GETs of every page a crawler reaches by links make
no session (no row in the sessions table, no cookie). A session starts with the first
thing there is to keep (a shoe, an answer, a passed check)."""

import re

import pytest
from django.contrib.sessions.models import Session
from django.test import Client

from quiz.views import TOPICS

# Exhaustive or fuzzing at length: `make test` runs it, `make test-fast` leaves it out.
pytestmark = [pytest.mark.django_db, pytest.mark.slow]
SKIP = ("/static/", "/api/", "/admin/", "/accounts/logout/")


def test_a_crawl_of_the_site_makes_no_session():
    quiz = [f"/quiz/{topic}/" for topic in ["practice", *TOPICS]]
    seen, queue, visited = set(), ["/", *quiz, "/zh-hant/quiz/winner/", "/zh-hans/"], []
    while queue and len(visited) < 250:
        url = queue.pop(0)
        if url in seen:
            continue
        seen.add(url)
        response = Client().get(url, REMOTE_ADDR=f"198.51.100.{len(visited) % 250 + 1}")
        visited.append(url)
        assert "sessionid" not in response.cookies, url
        if response.status_code == 200 and "html" in response.get("Content-Type", ""):
            for href in re.findall(r'href="(/[^"#]*)"', response.content.decode()):
                href = href.replace("&amp;", "&")
                if not href.startswith(SKIP) and href not in seen:
                    queue.append(href)
    assert len(visited) >= 200
    assert Session.objects.count() == 0


def test_the_first_thing_kept_starts_the_session(client):
    assert client.get("/tracker/").status_code == 200
    assert Session.objects.count() == 0
    response = client.post("/tracker/", {"name": "Table", "decks": "8"})
    assert response.status_code == 302 and "sessionid" in response.cookies
    assert Session.objects.count() == 1
