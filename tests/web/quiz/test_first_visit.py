"""A first visit keeps nothing until there is something to keep: a quiz page seen without
a session makes none (a crawler must not fill the sessions table); its question travels in
its form, signed (quiz.unsaved), and the answer starts the session and counts."""

import re

import pytest
from django.contrib.sessions.models import Session
from django.core import signing

from quiz import unsaved
from quiz.views import TOPICS, dealt

pytestmark = pytest.mark.django_db


def carried(html):
    return re.search(r'name="unsaved" value="([^"]+)"', html).group(1)


def question_id(html):
    return re.search(r'name="question" value="([0-9a-f]+)"', html).group(1)


@pytest.mark.parametrize("topic", ["practice", *TOPICS])
def test_a_first_visit_to_any_quiz_page_makes_no_session(client, topic):
    response = client.get(f"/quiz/{topic}/")
    assert response.status_code == 200
    assert "sessionid" not in response.cookies
    assert Session.objects.count() == 0
    assert 'name="unsaved"' in response.content.decode()


@pytest.mark.parametrize("topic", ["practice", "banker-rule", "big-road", "payout"])
def test_the_answer_to_an_unsaved_question_counts_and_starts_the_session(client, topic):
    html = client.get(f"/quiz/{topic}/").content.decode()
    dealing = unsaved.read(carried(html), topic)
    question = dealt(topic, dealing["seed"], dealing.get("skill"))
    assert question.prompt.replace("'", "&#x27;") in html  # the form carries this question
    data = {"question": question_id(html), "answer": question.answer, "unsaved": carried(html)}
    response = client.post(f"/quiz/{topic}/answer/", data)
    assert response.status_code == 302
    assert Session.objects.count() == 1
    assert client.session["quiz"]["scores"][topic] == [1, 1]
    page = client.get(f"/quiz/{topic}/").content.decode()
    assert 'data-verdict="right"' in page and 'name="unsaved"' not in page
    # The same form again is the same question, already answered: not counted twice.
    again = client.post(f"/quiz/{topic}/answer/", data)
    assert again.status_code == 400
    assert client.session["quiz"]["scores"][topic] == [1, 1]


@pytest.mark.parametrize(
    "forged",
    [
        "",
        "junk",
        "x" * 5000,
        signing.dumps({"topic": "winner", "id": "abc", "number": 1, "seed": 1}, salt="other"),
        # Signed, but for another topic.
        signing.dumps(
            {"topic": "natural", "id": "abc", "number": 1, "seed": 1, "skill": None},
            salt=unsaved.SALT,
        ),
    ],
)
def test_an_unsaved_question_that_is_not_ours_counts_nothing(client, forged):
    html = client.get("/quiz/winner/").content.decode()
    data = {"question": question_id(html), "answer": "banker", "unsaved": forged}
    response = client.post("/quiz/winner/answer/", data)
    assert response.status_code == 400
    assert "no question waiting" in response.content.decode()
    assert "scores" not in client.session.get("quiz", {}) or not client.session["quiz"][
        "scores"
    ].get("winner")
