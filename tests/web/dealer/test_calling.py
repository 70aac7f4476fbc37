"""Calling the hand's page: each call served signed and timed, graded against the engine,
the next call (or a new hand) after it, and bad input refused with nothing counted."""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from baccarat.teaching.calling import CalledHand
from dealer import scoring
from dealer.calling import DRILL
from progress.learner import Learner

pytestmark = pytest.mark.django_db
PAGE = "/dealer/calling/"
ANSWER = "/dealer/calling/answer/"


def served(response):
    html = response.content.decode()
    token = re.search(r'name="question" value="([^"]+)"', html).group(1)
    question, _age = scoring.take(DRILL, token)
    return token, CalledHand.read(question["cards"], question["at"])


@pytest.mark.same_on_any_database
@pytest.mark.parametrize("prefix", ["", "/zh-hant"])
def test_the_page_serves_the_first_call_of_a_hand(client, prefix):
    response = client.get(f"{prefix}{PAGE}")
    assert response.status_code == 200
    _token, hand = served(response)
    assert hand.at == 0 and hand.current.kind == "totals"
    html = response.content.decode()
    assert 'aria-live="polite"' in html
    for choice in hand.current.choices:
        assert f'value="{choice.value}"' in html


def test_a_whole_hand_called_right_feeds_the_skills_and_the_tally(client, slow_clock):
    token, hand = served(client.get(PAGE))
    cards = hand.cards
    for n, call in enumerate(hand.calls):
        response = client.post(ANSWER, {"question": token, "answer": call.answer})
        assert response.status_code == 200
        html = response.content.decode()
        assert 'data-verdict="right"' in html
        assert call.spoken.replace("'", "&#x27;") in html
        token, following = served(response)
        if n < len(hand.calls) - 1:
            assert (following.cards, following.at) == (cards, n + 1)
    assert following.at == 0  # a new hand after the result
    session = client.session
    assert len(session[scoring.SESSION_KEY][DRILL]) == len(hand.calls)
    assert all(right for right, _s in session[scoring.SESSION_KEY][DRILL])


def test_a_wrong_call_shows_the_right_one_and_the_tableau_s_reason(client, slow_clock):
    token, hand = served(client.get(PAGE))
    call = hand.current
    wrong = next(c for c in call.choices if c.value != call.answer)
    response = client.post(
        ANSWER, {"question": token, "answer": wrong.value}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-verdict="wrong"' in html
    assert call.spoken in html
    assert call.explanation.split(":")[0] in html
    assert 'hx-swap-oob="innerHTML"' in html


def test_a_call_past_the_time_limit_is_reviewed_as_missed(client, monkeypatch):
    now = [1_000_000.0]
    monkeypatch.setattr(scoring.time, "time", lambda: now[0])
    token, hand = served(client.get(PAGE + "?limit=3"))
    now[0] += 4.0
    response = client.post(ANSWER, {"question": token, "answer": hand.current.answer, "limit": "3"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Right, but past your time limit, so counted as missed." in html
    verdict = html[html.index('class="verdict-line"') :].split("</p>", 1)[0]
    assert "⏱" in verdict and "✓" not in verdict


@pytest.mark.parametrize(
    "data",
    [{"question": "not-a-token", "answer": "none"}, {"answer": "none"}, {"question": "x"}],
)
def test_a_bad_or_missing_question_is_refused_and_nothing_counts(client, data):
    response = client.post(ANSWER, data)
    assert response.status_code == 400
    assert "question" in response.content.decode() or "answer" in response.content.decode()
    assert scoring.SESSION_KEY not in client.session


def test_an_answer_that_is_not_a_call_is_refused_with_the_same_call(client, slow_clock):
    token, hand = served(client.get(PAGE))
    response = client.post(ANSWER, {"question": token, "answer": "maybe"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert response.headers["HX-Retarget"] == "#drill"
    _token, again = served(response)
    assert (again.cards, again.at) == (hand.cards, hand.at)
    assert not Learner(response.wsgi_request).skills()


def test_a_question_from_another_drill_is_refused(client):
    token = scoring.serve("dealer:procedure", {"cards": "9,9,K,K", "at": 0})
    assert client.post(ANSWER, {"question": token, "answer": "none"}).status_code == 400


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(answer=st.text(max_size=60), limit=st.text(max_size=8))
def test_no_answer_or_limit_gives_a_server_error(client, answer, limit):
    token = scoring.serve(DRILL, {"cards": "4,A,A,3,8", "at": 0})
    response = client.post(ANSWER, {"question": token, "answer": answer, "limit": limit})
    assert response.status_code in (200, 400)


def test_a_wrong_banker_call_links_to_its_tableau_row(client, slow_clock):
    token = scoring.serve(DRILL, {"cards": "4h,2s,Ad,Ac,8d", "at": 3})
    response = client.post(ANSWER, {"question": token, "answer": "draw"})
    assert response.status_code == 200
    assert 'href="/rules/banker/3/"' in response.content.decode()


@pytest.mark.same_on_any_database
@pytest.mark.parametrize("drill", [PAGE, "/dealer/procedure/"])
def test_a_time_limit_not_offered_is_refused_naming_the_field(client, drill):
    response = client.get(drill + "?limit=abc")
    assert response.status_code == 400
    assert "Time limit: " in response.content.decode()


@pytest.mark.same_on_any_database
@pytest.mark.parametrize("drill", [PAGE, "/dealer/procedure/"])
def test_an_answer_s_address_opened_again_goes_back_to_the_drill(client, drill):
    response = client.get(drill + "answer/?limit=5")
    assert response.status_code == 302
    assert response["Location"] == drill + "?limit=5"
    assert client.get(drill + "answer/")["Location"] == drill


def test_an_answer_with_a_time_limit_not_offered_counts_nothing(client, slow_clock):
    token, hand = served(client.get(PAGE))
    response = client.post(ANSWER, {"question": token, "answer": hand.current.answer, "limit": "7"})
    assert response.status_code == 400
    assert "Time limit: " in response.content.decode()
    assert DRILL not in client.session.get(scoring.SESSION_KEY, {})


@pytest.mark.same_on_any_database
def test_the_money_drills_name_the_time_limit_field_too(client):
    response = client.get("/dealer/commission/?limit=abc")
    assert response.status_code == 400
    assert "Time limit: " in response.content.decode()
