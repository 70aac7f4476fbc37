"""Real parallel requests (threads, each its own database connection) against the checks
that used to be check-then-act: the most shoes one person keeps, and one count a quiz
answer. They run on SQLite here and on PostgreSQL in its CI run."""

from __future__ import annotations

import threading
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import User
from django.db import close_old_connections
from django.test import Client

from progress.learner import Learner
from progress.models import SkillCard
from quiz.questions import restored
from tracker.models import Shoe

pytestmark = pytest.mark.django_db(transaction=True)
COPIES = 6


def in_parallel(send, copies=COPIES):
    """`send()` from `copies` threads released at once; their answers' status codes."""
    start = threading.Barrier(copies)
    statuses = []

    def run():
        try:
            start.wait()
            statuses.append(send())
        finally:
            close_old_connections()

    threads = [threading.Thread(target=run) for _ in range(copies)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(statuses)


def browser_like(client):
    """Another client with the same cookies: the same person, another connection."""
    copy = Client()
    copy.cookies = client.cookies
    return copy


def signed_in():
    client = Client()
    user = User.objects.create_user("ada", password="a long password 1")
    client.force_login(user)
    return client, user


def test_parallel_new_shoes_never_pass_the_most_one_person_keeps(settings):
    settings.MAX_SHOES_PER_OWNER = 3
    client, user = signed_in()
    for name in ("One", "Two"):
        Shoe.objects.create(owner=user, name=name)

    def send():
        return (
            browser_like(client)
            .post("/api/v1/shoes", {"name": "More"}, content_type="application/json")
            .status_code
        )

    statuses = in_parallel(send)
    assert statuses.count(201) == 1
    assert Shoe.objects.filter(owner=user).count() == 3


def test_parallel_imports_never_pass_the_most_one_person_keeps(settings):
    settings.MAX_SHOES_PER_OWNER = 2
    client = Client()
    assert client.post("/tracker/", {"name": "First", "decks": "8"}).status_code == 302
    visitor = Shoe.objects.get().visitor

    def send():
        data = {"text": "BPPBT", "name": "Imported", "decks": "8", "format": ""}
        return browser_like(client).post("/tracker/import/", data).status_code

    statuses = in_parallel(send)
    assert statuses.count(302) == 1, statuses
    assert Shoe.objects.filter(visitor=visitor).count() == 2


@pytest.mark.parametrize("who", ["anonymous", "signed in"])
def test_one_answer_sent_in_parallel_counts_once(who):
    if who == "signed in":
        client, user = signed_in()
    else:
        client, user = Client(), None
        client.session  # noqa: B018 - a returning visitor: the question is kept in a session
    client.get("/quiz/winner/")
    entry = client.session["quiz"]["questions"]["winner"]
    question = restored(entry["question"])
    data = {"question": entry["id"], "answer": question.answer}

    statuses = in_parallel(
        lambda: browser_like(client).post("/quiz/winner/answer/", data).status_code
    )
    assert statuses.count(302) == 1 and statuses.count(400) == COPIES - 1
    if user is not None:
        assert SkillCard.objects.get(user=user, skill=question.skill).attempts == 1
    else:
        session = client.session
        learner = Learner(
            SimpleNamespace(session=session, user=SimpleNamespace(is_authenticated=False))
        )
        assert learner.skill(question.skill).attempts == 1
