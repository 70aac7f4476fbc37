"""Progress and spaced repetition, for anonymous sessions and accounts alike, and the
adoption of a session's progress and shoes on login."""

from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth.models import User
from django.test import RequestFactory
from fsrs import State

from progress.learner import Learner
from progress.models import LessonProgress, SkillCard
from tracker.models import Shoe

pytestmark = pytest.mark.django_db


def anonymous_request(client):
    from django.contrib.auth.models import AnonymousUser
    from django.contrib.sessions.backends.db import SessionStore

    request = RequestFactory().get("/")
    request.session = SessionStore()
    request.user = AnonymousUser()
    return request


def signed_in_request(user):
    from django.contrib.sessions.backends.db import SessionStore

    request = RequestFactory().get("/")
    request.session = SessionStore()
    request.user = user
    return request


@pytest.fixture
def user():
    return User.objects.create_user("ada", password="a long enough password 1")


@pytest.mark.parametrize("who", ["anonymous", "user"])
def test_lessons_complete_when_every_check_passes(client, user, who):
    request = anonymous_request(client) if who == "anonymous" else signed_in_request(user)
    learner = Learner(request)
    assert learner.pass_check("values", "a", {"a", "b"}) is False
    learner.visit("values")
    assert learner.last_lesson() == "values"
    assert learner.completed_lessons() == set()
    assert learner.pass_check("values", "b", {"a", "b"}) is True
    assert learner.completed_lessons() == {"values"}
    assert learner.passed_checks("values") == {"a", "b"}


@pytest.mark.parametrize("who", ["anonymous", "user"])
def test_fsrs_schedules_skills(client, user, who):
    request = anonymous_request(client) if who == "anonymous" else signed_in_request(user)
    learner = Learner(request)
    now = datetime(2026, 11, 29, 12, tzinfo=UTC)
    first = learner.review("banker:3:8", True, now)
    assert (first.attempts, first.correct, first.level) == (1, 1, "familiar")
    assert first.due > now
    wrong = learner.review("banker:4:1", False, now)
    assert wrong.level == "attempted" and wrong.due - now <= timedelta(minutes=10)
    # Right answers spaced out graduate the card into review, days apart.
    state = first
    for _ in range(4):
        state = learner.review("banker:3:8", True, state.due)
    assert state.card.state == State.Review and state.due - now > timedelta(days=2)
    assert state.level in ("proficient", "mastered")
    # Due first, then the weakest, then new ones.
    later = state.due + timedelta(days=1)
    order = learner.next_skills(["banker:0:0", "banker:4:1", "banker:3:8"], 3, later)
    assert order == ["banker:4:1", "banker:3:8", "banker:0:0"]
    # Before anything is due: the weakest first, then the untried.
    soon = now + timedelta(seconds=1)
    assert learner.next_skills(["banker:0:0", "banker:4:1"], 2, soon) == [
        "banker:4:1",
        "banker:0:0",
    ]


def test_login_adopts_session_progress_and_shoes(client, user):
    client.post("/tracker/", {"name": "Anonymous shoe", "decks": 8})
    session = client.session
    session["learning"] = {
        "lessons": {"values": {"checks": ["a"], "completed": "2026-11-29T12:00:00+00:00"}},
        "skills": {
            "banker:3:8": {
                "attempts": 2,
                "correct": 2,
                "card": {"card_id": 1, "state": 1, "step": 1, "stability": 2.3,
                         "difficulty": 2.1, "due": "2026-11-29T12:10:00+00:00",
                         "last_review": "2026-11-29T12:00:00+00:00"},
            }
        },
        "last": "values",
    }  # fmt: skip
    session.save()
    assert client.login(username="ada", password="a long enough password 1")
    progress = LessonProgress.objects.get(user=user, lesson="values")
    assert progress.checks_passed == ["a"] and progress.completed is not None
    card = SkillCard.objects.get(user=user, skill="banker:3:8")
    assert (card.attempts, card.correct) == (2, 2)
    assert Shoe.objects.get(name="Anonymous shoe").owner == user


def test_a_visit_alone_starts_no_session(client):
    """Reading a lesson keeps nothing for a visitor who has kept nothing yet: a crawler's
    page views must not each leave a session behind."""
    request = anonymous_request(client)
    Learner(request).visit("values")
    assert "learning" not in request.session and not request.session.modified
    assert Learner(request).last_lesson() is None
