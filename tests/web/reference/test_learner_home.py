"""The home page for a learner who has started: the next unfinished lesson, what
is due for review with a one-click "Review now", the tableau at a glance and a streak of days
practised. A stranger gets the introduction alone."""

import re
from datetime import UTC, date, datetime, timedelta

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.test import RequestFactory
from django.urls import reverse

from progress.learner import Learner, streak
from quiz import reviews

pytestmark = pytest.mark.django_db
T = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


def learner_of(client, user=None):
    """A Learner on the test client's own session (or the user's account)."""
    request = RequestFactory().get("/")
    request.session = client.session
    request.user = user or AnonymousUser()
    return request, Learner(request)


def home(client):
    return client.get(reverse("reference:home")).content.decode()


def test_a_stranger_gets_the_introduction(client):
    html = home(client)
    assert "Where to start" in html
    assert "learner-home" not in html and "Review now" not in html
    assert "sessionid" not in client.cookies  # no session is started for a stranger


def test_answers_bring_review_the_streak_and_the_heatmap(client, monkeypatch):
    monkeypatch.setattr(reviews, "now", lambda: T)
    request, learner = learner_of(client)
    # Three days in a row, ending today; a wrong answer is due again within minutes.
    for days_ago, skill in ((2, "banker:3:8"), (1, "banker:4:1"), (0, "player:5")):
        learner.review(skill, True, T - timedelta(days=days_ago))
    learner.review("banker:6:6", False, T - timedelta(hours=1))
    request.session.save()
    html = home(client)
    assert 'class="learner-home"' in html and "Where to start" in html
    due = int(re.search(r'data-due="(\d+)"', html).group(1))
    assert due >= 1
    assert f'href="{reverse("quiz:topic", args=["practice"])}">Review now</a>' in html
    assert 'data-streak="3"' in html and "<strong>3 days</strong> in a row practised" in html
    # The tableau at a glance: the cell answered wrong is there, with its words.
    glance = html[html.index('id="mastery-h"') :]
    assert 'class="heatmap small"' in glance
    assert re.search(r'data-skill="banker:6:6"[^>]*>.*?0 of 1 right', glance, re.S)


def test_nothing_due_says_when_the_next_review_is(client, monkeypatch):
    monkeypatch.setattr(reviews, "now", lambda: T)
    request, learner = learner_of(client)
    learner.review("banker:3:8", True, T - timedelta(minutes=1))
    request.session.save()
    html = home(client)
    assert "Nothing due" in html and "Your next review is in" in html
    assert "Review now" not in html


def test_a_signed_in_learners_streak_is_kept_with_the_account(client, monkeypatch):
    monkeypatch.setattr(reviews, "now", lambda: T)
    user = User.objects.create_user("ada", password="pw-long-enough-1")
    client.force_login(user)
    _request, learner = learner_of(client, user)
    learner.review("banker:3:8", True, T - timedelta(days=1))
    html = home(client)
    # Yesterday counts until today is over.
    assert 'data-streak="1"' in html


@pytest.mark.parametrize(
    "days, expected",
    [
        (set(), 0),
        ({date(2026, 6, 1)}, 1),
        ({date(2026, 5, 31)}, 1),  # yesterday: alive until today ends
        ({date(2026, 5, 30)}, 0),  # a day missed
        ({date(2026, 6, 1), date(2026, 5, 31), date(2026, 5, 30), date(2026, 5, 28)}, 3),
    ],
)
def test_streak(days, expected):
    assert streak(days, date(2026, 6, 1)) == expected


def test_signing_in_keeps_the_days_practised_before(client, monkeypatch):
    from progress.models import PracticeDay

    monkeypatch.setattr(reviews, "now", lambda: T)
    user = User.objects.create_user("ada", password="pw-long-enough-1")
    request, learner = learner_of(client)
    learner.review("banker:3:8", True, T - timedelta(days=1))
    learner.review("banker:3:8", True, T)
    request.session.save()
    response = client.post(
        reverse("accounts:login"), {"username": "ada", "password": "pw-long-enough-1"}
    )
    assert response.status_code == 302
    assert set(PracticeDay.objects.filter(user=user).values_list("day", flat=True)) == {
        date(2026, 5, 31),
        date(2026, 6, 1),
    }
    assert 'data-streak="2"' in home(client)
