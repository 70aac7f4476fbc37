"""The shoe's procedure page: the procedure with its sources, and the drill under it."""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from baccarat.teaching.shoe_procedure import question
from dealer import scoring
from dealer.procedure import DRILL

pytestmark = pytest.mark.django_db
PAGE = "/dealer/procedure/"
ANSWER = "/dealer/procedure/answer/"


def served(response):
    token = re.search(r'name="question" value="([^"]+)"', response.content.decode()).group(1)
    data, _age = scoring.take(DRILL, token)
    return token, question(data["kind"], data["case"])


@pytest.mark.same_on_any_database
@pytest.mark.parametrize("prefix", ["", "/zh-hant"])
def test_the_procedure_is_written_out_with_its_sources(client, prefix):
    response = client.get(f"{prefix}{PAGE}")
    assert response.status_code == 200
    html = response.content.decode()
    assert "#dealer-burn-cut" in html and "#dealer-la-3106-burn" in html
    assert "416" in html  # the site's procedure, formatted from the simulation's own sentence


def test_a_right_answer_counts_and_a_new_question_follows(client, slow_clock):
    token, q = served(client.get(PAGE))
    response = client.post(ANSWER, {"question": token, "answer": q.answer})
    assert response.status_code == 200
    assert 'data-verdict="right"' in response.content.decode()
    [(right, seconds)] = client.session[scoring.SESSION_KEY][DRILL]
    assert right and seconds >= 1.0


def test_a_burn_is_typed_in_ascii_digits_as_every_number_on_the_site(client, slow_clock):
    token = scoring.serve(DRILL, {"kind": "burn", "case": 12})  # a king: 10 burned
    response = client.post(ANSWER, {"question": token, "answer": "１０"})
    assert response.status_code == 400
    assert "type a whole number" in response.content.decode()
    assert scoring.SESSION_KEY not in client.session
    response = client.post(ANSWER, {"question": token, "answer": " 10 "})
    assert 'data-verdict="right"' in response.content.decode()


def test_a_wrong_answer_shows_the_rule(client, slow_clock):
    token = scoring.serve(DRILL, {"kind": "burn", "case": 11})  # a queen
    response = client.post(ANSWER, {"question": token, "answer": "0"})
    html = response.content.decode()
    assert 'data-verdict="wrong"' in html and "ten or a picture counts 10" in html


@pytest.mark.parametrize("answer", ["seven", "", "1000", "-3"])
def test_an_answer_that_is_not_a_number_is_refused_naming_the_field(client, slow_clock, answer):
    token = scoring.serve(DRILL, {"kind": "burn", "case": 6})
    response = client.post(ANSWER, {"question": token, "answer": answer})
    assert response.status_code == 400
    assert "answer" in response.content.decode()
    assert scoring.SESSION_KEY not in client.session


@pytest.mark.parametrize("data", [{"kind": "burn", "case": 99}, {"kind": "x", "case": 0}, {}])
def test_a_signed_question_that_is_not_one_is_refused(client, data):
    token = scoring.serve(DRILL, data)
    assert client.post(ANSWER, {"question": token, "answer": "1"}).status_code == 400


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(answer=st.text(max_size=60), kind=st.sampled_from(["burn", "cut_card", "misdeal"]))
def test_no_answer_gives_a_server_error(client, answer, kind):
    token = scoring.serve(DRILL, {"kind": kind, "case": 0})
    assert client.post(ANSWER, {"question": token, "answer": answer}).status_code in (200, 400)
