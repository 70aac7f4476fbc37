"""Two tabs recording into one shoe at the same moment never lose or duplicate a hand."""

import threading

import pytest
from django.db import connections

from tracker.models import Shoe

PER_THREAD = 25


@pytest.mark.django_db(transaction=True)
def test_two_threads_recording_at_once():
    shoe = Shoe.objects.create(name="Busy table", visitor="v")
    start = threading.Barrier(2)
    errors = []

    def tab(outcome):
        try:
            start.wait()
            # Each thread has its own connection; its own Shoe instance, like a request.
            mine = Shoe.objects.get(pk=shoe.pk)
            for _ in range(PER_THREAD):
                mine.record(outcome)
        except Exception as error:  # reported below, in the main thread
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=tab, args=(o,)) for o in "BP"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors, errors
    hands = list(shoe.hands.order_by("seq"))
    assert [h.seq for h in hands] == list(range(1, 2 * PER_THREAD + 1))
    assert sorted(h.outcome for h in hands).count("B") == PER_THREAD
    assert sum(h.outcome == "P" for h in hands) == PER_THREAD


@pytest.mark.django_db(transaction=True)
def test_two_threads_through_the_api():
    from django.test import Client

    client = Client()
    response = client.post("/api/v1/shoes", {"name": "API"}, content_type="application/json")
    shoe_id = response.json()["id"]
    cookies = client.cookies
    start = threading.Barrier(2)
    errors = []

    def tab(outcome):
        try:
            browser = Client()
            browser.cookies = cookies  # the same browser session, a second tab
            start.wait()
            for _ in range(10):
                answer = browser.post(
                    f"/api/v1/shoes/{shoe_id}/hands",
                    {"outcome": outcome},
                    content_type="application/json",
                )
                if answer.status_code != 200:
                    errors.append(answer.content)
        except Exception as error:
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=tab, args=(o,)) for o in "BP"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors, errors
    history = client.get(f"/api/v1/shoes/{shoe_id}").json()["history"]
    assert [h["seq"] for h in history] == list(range(1, 21))
    assert sum(h["outcome"] == "B" for h in history) == 10


def wait_until_blocked(blocked):
    """On PostgreSQL, until another connection waits for a lock (pg_locks), so that the
    record below really is queued behind the undo; SQLite shows no such thing, and its
    record simply takes its turn at the write lock."""
    connection = connections["default"]
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        for _ in range(2000):
            cursor.execute("SELECT count(*) FROM pg_locks WHERE NOT granted")
            if cursor.fetchone()[0] or blocked.is_set():
                return
            threading.Event().wait(0.005)
    raise AssertionError("the record never waited for the undo's lock")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("key", [None, "retry-me"])
def test_a_record_queued_behind_an_undo_numbers_its_hand_after_it(key):
    """The record reads the shoe's last number once it holds the shoe: one read before the
    undo committed would number its hand past a hand that is gone, leaving a gap."""
    from django.db import transaction

    shoe = Shoe.objects.create(name="Undo and record", visitor="v")
    for outcome in "BPB":
        shoe.record(outcome)
    done, errors = threading.Event(), []

    def other_tab():
        try:
            Shoe.objects.get(pk=shoe.pk).record("T", key=key)
        except Exception as error:  # reported below, in the main thread
            errors.append(error)
        finally:
            done.set()
            connections.close_all()

    with transaction.atomic():
        assert shoe.undo() is not None  # holds the shoe until this block commits
        thread = threading.Thread(target=other_tab)
        thread.start()
        wait_until_blocked(done)
    thread.join(timeout=60)
    assert not errors, errors
    hands = list(shoe.hands.order_by("seq").values_list("seq", "outcome"))
    assert hands == [(1, "B"), (2, "P"), (3, "T")]
