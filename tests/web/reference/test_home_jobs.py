"""The home page's three entry buttons (lessons, tracker, quiz), and its offer to go back to
the visitor's last shoe and to a review that is due: each only when there is one, and a
first visit starts no session."""

import re
from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.models import Session
from django.test import RequestFactory
from django.urls import reverse

from progress.learner import Learner
from quiz import reviews
from tracker.models import Shoe

pytestmark = pytest.mark.django_db
T = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


def home(client):
    response = client.get(reverse("reference:home"))
    assert response.status_code == 200
    return response.content.decode()


def resume(html):
    """{kind: (href, text)} of the offers to go back to something."""
    return {
        kind: (href, re.sub(r"<[^>]+>", "", text))
        for kind, href, text in re.findall(
            r'<li data-resume="(\w+)"><a href="([^"]+)">(.*?)</a>', html, re.S
        )
    }


def start_shoe(client, name):
    response = client.post(reverse("tracker:index"), {"name": name, "decks": "8"})
    assert response.status_code == 302
    return Shoe.objects.get(name=name)


def test_a_first_visit_gets_the_three_jobs_and_nothing_to_resume(client):
    html = home(client)
    jobs = html[html.index('<ul class="home-jobs">') :]
    jobs = jobs[: jobs.index("</ul>")]
    assert re.findall(r'href="([^"]+)"', jobs) == [
        reverse("lessons:index"),
        reverse("tracker:index"),
        reverse("quiz:index"),
    ]
    assert "Learn the game" in jobs and "Track a shoe" in jobs and "Take a quiz" in jobs
    assert 'id="resume-h"' not in html and resume(html) == {}
    assert "sessionid" not in client.cookies
    assert Session.objects.count() == 0


def test_the_last_shoe_played_is_offered(client):
    older = start_shoe(client, "Lunch table")
    newer = start_shoe(client, "Evening table")
    assert resume(home(client)) == {
        "shoe": (reverse("tracker:shoe", args=[newer.pk]), "Your shoe “Evening table”")
    }
    # A hand recorded in the older shoe makes it the one last played.
    older.record("B")
    older.record("P")
    html = home(client)
    assert resume(html)["shoe"][0] == reverse("tracker:shoe", args=[older.pk])
    assert "2 hands so far" in html
    assert "review" not in resume(html)


def test_someone_elses_shoe_is_never_offered(client):
    start_shoe(client, "Mine")
    stranger = client.__class__()
    assert resume(home(stranger)) == {}
    assert Session.objects.count() == 1


def test_a_signed_in_visitors_shoe_is_offered(client):
    user = User.objects.create_user("ada", password="pw-long-enough-1")
    shoe = Shoe.objects.create(owner=user, name="Saved shoe")
    client.force_login(user)
    assert resume(home(client))["shoe"][0] == reverse("tracker:shoe", args=[shoe.pk])


def learner_of(client):
    request = RequestFactory().get("/")
    request.session = client.session
    request.user = AnonymousUser()
    return request, Learner(request)


def test_a_due_review_is_offered_and_one_not_yet_due_is_not(client, monkeypatch):
    monkeypatch.setattr(reviews, "now", lambda: T)
    request, learner = learner_of(client)
    learner.review("banker:3:8", True, T - timedelta(minutes=1))  # back in days
    request.session.save()
    assert "review" not in resume(home(client))

    learner.review("banker:6:6", False, T - timedelta(hours=1))  # wrong: due again soon
    request.session.save()
    html = home(client)
    practice = reverse("quiz:topic", args=["practice"])
    assert resume(html) == {"review": (practice, "1 skill due for review")}
