"""What every dealer drill shares: the signed question, its timing, and the skills it feeds."""

import pytest
from django.test import RequestFactory

from dealer import scoring
from progress.learner import Learner


@pytest.fixture
def request_with_session(db):
    from django.contrib.auth.models import AnonymousUser
    from django.contrib.sessions.backends.db import SessionStore

    request = RequestFactory().get("/")
    request.session = SessionStore()
    request.user = AnonymousUser()
    return request


def test_a_served_question_comes_back_with_its_age(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(scoring.time, "time", lambda: now[0])
    token = scoring.serve("dealer:commission", {"amount": "125"})
    now[0] += 3.5
    question, seconds = scoring.take("dealer:commission", token)
    assert question == {"amount": "125"}
    assert seconds == pytest.approx(3.5)


@pytest.mark.parametrize("tamper", ["drill", "text"])
def test_a_token_altered_or_from_another_drill_is_refused(tamper):
    token = scoring.serve("dealer:commission", {"amount": "125"})
    if tamper == "drill":
        with pytest.raises(scoring.StaleQuestion):
            scoring.take("dealer:payouts", token)
    else:
        with pytest.raises(scoring.StaleQuestion):
            scoring.take("dealer:commission", token[:-2] + "xx")


def test_a_counted_answer_feeds_the_skill_and_the_tally(request_with_session):
    request = request_with_session
    marked = scoring.mark(request, "d", "dealer:x", True, 2.0, limit=None, standard=5)
    assert marked.counted and marked.in_time
    assert Learner(request).skill("dealer:x").attempts == 1
    tally = scoring.tally(request, "d", standard=5)
    assert (tally.answered, tally.right, tally.median_seconds) == (1, 1, 2.0)


def test_a_right_answer_after_the_limit_is_reviewed_as_missed(request_with_session):
    request = request_with_session
    marked = scoring.mark(request, "d", "dealer:x", True, 9.0, limit=5, standard=5)
    assert marked.right and not marked.in_time
    state = Learner(request).skill("dealer:x")
    assert (state.attempts, state.correct) == (1, 0)


def test_an_answer_too_fast_to_read_is_not_kept(request_with_session):
    request = request_with_session
    marked = scoring.mark(request, "d", "dealer:x", True, 0.1, limit=None, standard=5)
    assert not marked.counted
    assert Learner(request).skill("dealer:x").attempts == 0
    assert scoring.tally(request, "d", standard=5).answered == 0
