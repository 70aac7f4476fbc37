"""The quiz in Chinese: pages and feedback in Chinese, answers by key, and a
question on screen read again in the language the learner switched to."""

import pytest
from chinese_pages import english_words, region
from htmx import HTMX

from quiz.views import SESSION_KEY

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("returning_visitor")]


def main(html):
    return region(html, '<main id="main"', "</main>")


@pytest.mark.parametrize(
    "path", ["/zh-hant/quiz/", "/zh-hant/quiz/progress/", "/zh-hant/quiz/speed/"]
)
def test_quiz_pages_are_chinese(client, path):
    html = main(client.get(path).content.decode())
    assert english_words(html) == []


def test_an_answer_is_its_key_in_either_language(client):
    client.get("/quiz/player-rule/")
    entry = client.session[SESSION_KEY]["questions"]["player-rule"]
    english = entry["question"]
    # The learner switches to Chinese: the same question, in Chinese, answered by its key.
    html = main(client.get("/zh-hant/quiz/player-rule/").content.decode())
    assert english["prompt"] not in html and english_words(html) == []
    data = {"question": entry["id"], "answer": english["answer"]}
    response = client.post("/zh-hant/quiz/player-rule/answer/", data, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "答對了：" in html
    assert client.session[SESSION_KEY]["scores"]["player-rule"] == [1, 1]


def test_a_refused_answer_says_why_in_chinese(client):
    client.get("/zh-hant/quiz/mixed/")
    entry = client.session[SESSION_KEY]["questions"]["mixed"]
    response = client.post("/zh-hant/quiz/mixed/answer/", {"question": entry["id"], "answer": "x"})
    assert response.status_code == 400
    assert "「x」不是可選的答案之一，所以這次不計算。" in response.content.decode()
