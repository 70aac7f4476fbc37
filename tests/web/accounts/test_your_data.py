"""Your data is yours: the account page and its links, everything the site keeps about you
as one JSON file, and deleting the account with all it owns (after the password again).

"Everything" is every row of every model that refers to the user, found from the models
themselves (accounts/data.py); the tests below make a row in each and check it appears,
and fail when a model that refers to the user has no row here (a new one: add it)."""

import json
import re

import pytest
from axes.models import AccessAttempt, AccessAttemptExpiration, AccessFailureLog, AccessLog
from django.apps import apps
from django.contrib import auth
from django.contrib.admin.models import ADDITION, LogEntry
from django.contrib.auth.models import Group, Permission, User
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from fsrs import Card

from accounts.data import everything
from guards import accounts, allowances
from progress.models import LessonProgress, PracticeDay, SkillCard, SpeedBest
from tracker.models import Hand, RecordedKey, Shoe

pytestmark = pytest.mark.django_db

PASSWORD = "a long enough password 1"
ACCOUNT = reverse("accounts:account")
DATA = reverse("accounts:your_data")
DELETE = reverse("accounts:delete")
HOME = reverse("reference:home")


def models_referring_to_the_user() -> set[str]:
    """Every model with a field pointing at the user model (group memberships' tables too)."""
    return {
        model._meta.label_lower
        for model in apps.get_models(include_auto_created=True)
        for field in model._meta.get_fields()
        if field.is_relation and field.concrete and field.related_model is User
    }


def a_learner(name: str) -> User:
    """An account with a row in every table that keeps something about it."""
    user = User.objects.create_user(name, password=PASSWORD, email=f"{name}@example.org")
    shoe = Shoe.objects.create(owner=user, name=f"{name}'s table", decks=8)
    first = shoe.record("B", cards=["Kh", "9s", "2d", "3c"])
    shoe.record("P", banker_pair=True)
    RecordedKey.objects.create(
        shoe=shoe, key=f"{name}-key", fingerprint="f" * 64, hand=first, seq=1
    )
    LessonProgress.objects.create(user=user, lesson="values", checks_passed=["a"])
    card = Card(card_id=1).to_dict()
    SkillCard.objects.create(user=user, skill="banker:3:8", card=card, due=timezone.now())
    SpeedBest.objects.create(user=user, result={"right": 17, "seconds": 60})
    PracticeDay.objects.create(user=user, day=timezone.now().date())
    user.groups.add(Group.objects.get_or_create(name="learners")[0])
    user.user_permissions.add(Permission.objects.get(codename="view_shoe"))
    LogEntry.objects.create(
        user=user,
        content_type=ContentType.objects.get_for_model(Shoe),
        object_id=str(shoe.pk),
        object_repr=shoe.name,
        action_flag=ADDITION,
    )
    for model in (AccessLog, AccessFailureLog):
        model.objects.create(
            username=name, ip_address="192.0.2.1", user_agent="phone", http_accept="*/*",
            path_info="/accounts/login/",
        )  # fmt: skip
    attempt = AccessAttempt.objects.create(
        username=name, ip_address="192.0.2.1", user_agent="phone", http_accept="*/*",
        path_info="/accounts/login/", get_data="", post_data="", failures_since_start=2,
    )  # fmt: skip
    AccessAttemptExpiration.objects.create(access_attempt=attempt, expires_at=timezone.now())
    return user


def failures_left(address="127.0.0.1"):
    limit = accounts.signin_failures
    return allowances.left(f"{limit.scope}:{address}", limit.rate)


def download(client):
    response = client.get(DATA)
    assert response.status_code == 200
    return response, json.loads(b"".join(response.streaming_content))


# --- the account page -------------------------------------------------------------------------


def test_the_account_page_needs_signing_in(client):
    for url in (ACCOUNT, DATA, DELETE, reverse("accounts:recovery_address")):
        response = client.get(url)
        assert response.status_code == 302 and response.url.startswith("/accounts/login/?next=")


def test_the_account_page_links_to_everything_about_the_account(client):
    user = User.objects.create_user("ada", password=PASSWORD)
    client.force_login(user)
    html = client.get(ACCOUNT).content.decode()
    main = html[html.index('<main id="main"') :]
    assert "<h1>Your account</h1>" in main and "<strong>ada</strong>" in main
    for url, words in [
        ("/accounts/password/", "Change password"),
        ("/accounts/email/", "Add an e-mail address"),
        ("/accounts/data.json", "Download your data"),
        ("/accounts/delete/", "Delete your account…"),
    ]:
        assert re.search(rf'<a href="{re.escape(url)}"[^>]*>{re.escape(words)}</a>', main), url
    assert "a forgotten password cannot be recovered" in main
    # The header names the page; from it, its link is the current page.
    assert '<a href="/accounts/" aria-current="page">Your account</a>' in html


def test_the_account_page_shows_the_recovery_address(client):
    user = User.objects.create_user("ada", password=PASSWORD, email="ada@example.org")
    client.force_login(user)
    main = client.get(ACCOUNT).content.decode().split('<main id="main"', 1)[1]
    assert "ada@example.org" in main and "Change or remove the e-mail address" in main


# --- the download -----------------------------------------------------------------------------


def test_the_download_holds_a_row_of_every_model_that_refers_to_the_user(client):
    ada = a_learner("ada")
    a_learner("bob")  # whose rows must not show
    client.force_login(ada)
    response, data = download(client)
    assert response["Content-Type"] == "application/json"
    assert re.fullmatch(
        r'attachment; filename="baccarat-school-ada-\d{4}-\d\d-\d\d\.json"',
        response["Content-Disposition"],
    )
    assert "no-store" in response["Cache-Control"]
    records = data["records"]
    referring = models_referring_to_the_user()
    assert {"tracker.shoe", "progress.lessonprogress", "progress.speedbest"} <= referring
    for label in referring:
        model = apps.get_model(label)
        field = next(
            f for f in model._meta.get_fields()
            if f.is_relation and f.concrete and f.related_model is User
        )  # fmt: skip
        mine = set(model.objects.filter(**{field.name: ada}).values_list("pk", flat=True))
        assert mine, f"{label}: make a row of it in a_learner()"
        assert {row["id"] for row in records[label]} == mine, label
    # What those rows own, and what names the account without a key.
    assert {row["id"] for row in records["tracker.hand"]} == set(
        Hand.objects.filter(shoe__owner=ada).values_list("pk", flat=True)
    )
    assert [row["key"] for row in records["tracker.recordedkey"]] == ["ada-key"]
    for label in ("axes.accesslog", "axes.accessfailurelog", "axes.accessattempt"):
        assert [row["username"] for row in records[label]] == ["ada"], label
    assert len(records["axes.accessattemptexpiration"]) == 1
    # Nobody else's rows.
    assert "bob" not in json.dumps(data)
    shoe = records["tracker.shoe"][0]
    assert shoe["name"] == "ada's table" and shoe["share_token"]
    hands = sorted(records["tracker.hand"], key=lambda row: row["seq"])
    assert hands[0]["cards"] == ["Kh", "9s", "2d", "3c"] and hands[1]["banker_pair"] is True
    assert records["progress.speedbest"][0]["result"] == {"right": 17, "seconds": 60}
    assert records["progress.lessonprogress"][0]["checks_passed"] == ["a"]
    # The account itself, without its password's hash.
    assert data["account"]["username"] == "ada" and data["account"]["email"] == "ada@example.org"
    assert data["account"]["date_joined"].startswith(str(ada.date_joined.year))
    assert "password" not in data["account"] and "password" not in records["auth.user"][0]
    assert ada.password not in json.dumps(data)
    assert "cookies" in data["kept_in_your_browser"]


def test_the_export_and_the_deletion_cover_the_same_tables():
    ada = a_learner("ada")
    assert set(everything(ada)) >= models_referring_to_the_user() | {
        "auth.user", "tracker.hand", "tracker.recordedkey", "axes.accesslog",
        "axes.accessfailurelog", "axes.accessattempt", "axes.accessattemptexpiration",
    }  # fmt: skip


def test_downloads_are_limited_per_account(client, monkeypatch):
    monkeypatch.setattr(accounts.data_exports, "num_requests", 2)
    client.force_login(User.objects.create_user("ada", password=PASSWORD))
    for _ in range(2):
        download(client)
    refused = client.get(DATA)
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    assert "You downloaded your data several times" in refused.content.decode()


# --- deleting the account ---------------------------------------------------------------------


def test_the_delete_page_says_what_goes_and_asks_for_the_password(client):
    ada = a_learner("ada")
    client.force_login(ada)
    html = client.get(DELETE).content.decode()
    main = html.split('<main id="main"', 1)[1]
    assert "1 shoe and its share link" in main and "2 hands recorded in them" in main
    assert "Progress in 1 lesson" in main
    form = re.search(r'<form method="post" action="/accounts/delete/".*?</form>', main, re.S)
    field = re.search(r'<input [^>]*name="password"[^>]*>', form.group(0)).group(0)
    assert 'type="password"' in field and 'autocomplete="current-password"' in field
    assert '<label for="id_password">Your password</label>' in form.group(0)
    assert '<button type="submit" class="danger">Delete my account</button>' in form.group(0)


def test_a_wrong_password_deletes_nothing_and_counts_as_a_failed_sign_in(client, monkeypatch):
    monkeypatch.setattr(accounts.signin_failures, "num_requests", 5)  # one back in 3 minutes
    ada = a_learner("ada")
    client.force_login(ada)
    before = {label: rows.count() for label, rows in everything(ada).items()}
    left = failures_left()
    response = client.post(DELETE, {"password": "not it"})
    assert response.status_code == 400
    html = response.content.decode()
    error = re.search(r'<ul class="errorlist" id="id_password_error">(.*?)</ul>', html).group(1)
    assert "That is not your password." in error
    assert 'aria-invalid="true"' in re.search(r'<input [^>]*name="password"[^>]*>', html).group(0)
    assert {label: rows.count() for label, rows in everything(ada).items()} == before
    assert auth.get_user(client) == ada
    assert failures_left() == left - 1
    assert client.post(DELETE, {}).status_code == 400  # no password at all
    assert User.objects.filter(pk=ada.pk).exists()


def test_deleting_the_account_takes_everything_it_owns_and_nothing_else(client):
    ada, bob = a_learner("ada"), a_learner("bob")
    owned = everything(ada)
    assert all(rows.exists() for rows in owned.values())
    bobs = {label: rows.count() for label, rows in everything(bob).items()}
    client.force_login(ada)
    response = client.post(DELETE, {"password": PASSWORD})
    assert response.status_code == 302 and response.url == HOME
    assert {label: rows.count() for label, rows in owned.items()} == dict.fromkeys(owned, 0)
    assert not User.objects.filter(username="ada").exists()
    assert {label: rows.count() for label, rows in everything(bob).items()} == bobs
    assert not auth.get_user(client).is_authenticated
    html = client.get(HOME).content.decode()
    assert "Your account and everything it kept have been deleted." in html
    # The shoe's share link is gone with it.
    assert Shoe.objects.filter(owner__isnull=True).count() == 0


def test_delete_is_a_post_with_the_csrf_token():
    ada = User.objects.create_user("ada", password=PASSWORD)
    client = Client(enforce_csrf_checks=True)
    client.force_login(ada)
    assert client.post(DELETE, {"password": PASSWORD}).status_code == 403
    assert client.put(DELETE).status_code in (403, 405)
    assert User.objects.filter(pk=ada.pk).exists()
