"""The account forms' limits per address (guards.accounts): new accounts; wrong passwords
whatever the username, refused before any password is hashed; and django-axes' lockout
saying when it ends (Retry-After). Run on PostgreSQL too (the allowances are one SQL
statement each): DATABASE_URL=postgres://... pytest tests/web/accounts/test_limits.py"""

import json

import pytest
from axes.models import AccessAttempt
from django.contrib import auth
from django.contrib.auth.hashers import MD5PasswordHasher
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from guards import accounts, allowances
from guards.rates import Rate, parse_rate
from guards.throttles import address_writes
from tracker.models import Shoe

pytestmark = pytest.mark.django_db

PASSWORD = "a long enough password 1"
SIGNUP = reverse("accounts:signup")
LOGIN = reverse("accounts:login")
PASSWORD_CHANGE = reverse("accounts:password_change")
DELETE = reverse("accounts:delete")
ADDRESS = reverse("accounts:recovery_address")


@pytest.fixture
def hashes(monkeypatch):
    """Every password hashed or checked, counted: the hasher's two doors (ModelBackend hashes
    the password of a username that does not exist too, to take the same time)."""
    calls = []
    for name in ("encode", "verify"):
        real = getattr(MD5PasswordHasher, name)

        def spy(self, *args, _real=real, _name=name, **kwargs):
            calls.append(_name)
            return _real(self, *args, **kwargs)

        monkeypatch.setattr(MD5PasswordHasher, name, spy)
    return calls


def sign_up(client, username, **extra):
    data = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    return client.post(SIGNUP, data, **extra)


def failures_left(address="127.0.0.1"):
    limit = accounts.signin_failures
    return allowances.left(f"{limit.scope}:{address}", limit.rate)


def assert_429_with_retry_after(response, words):
    assert response.status_code == 429
    assert int(response["Retry-After"]) >= 1
    html = response.content.decode()
    assert words in html and "Try again in" in html


def test_the_limits_are_the_documented_ones(settings):
    assert settings.SIGNUP_RATE == "5/hour"
    assert settings.SIGNIN_FAILURE_RATE == "20/15min"
    assert settings.RECOVERY_MAIL_RATE == "5/hour"
    assert parse_rate(settings.SIGNUP_RATE, "x") == Rate(5, 3600)
    assert parse_rate(settings.SIGNIN_FAILURE_RATE, "x") == Rate(20, 900)


# --- sign-ups per address --------------------------------------------------------------------


def test_signups_past_the_limit_are_a_429_and_create_nothing(monkeypatch):
    monkeypatch.setattr(accounts.signups, "num_requests", 2)
    for name in ("first", "second"):
        assert sign_up(Client(), name).status_code == 302
    refused = sign_up(Client(), "third")
    assert_429_with_retry_after(refused, "Too many accounts were made from this address")
    assert int(refused["Retry-After"]) <= 3600
    assert not User.objects.filter(username="third").exists()
    # Another address has its own allowance.
    assert sign_up(Client(), "elsewhere", REMOTE_ADDR="10.0.0.9").status_code == 302


def test_a_sign_up_sent_back_with_errors_costs_nothing(monkeypatch):
    monkeypatch.setattr(accounts.signups, "num_requests", 1)
    client = Client()
    bad = client.post(SIGNUP, {"username": "grace", "password1": "x", "password2": "y"})
    assert bad.status_code != 429 and not User.objects.exists()
    assert sign_up(client, "grace").status_code == 302


def test_a_new_account_does_not_refill_the_addresss_write_ceiling(monkeypatch):
    """Every write counts against its address, signed in or not (guards.throttles): an
    account made at an address whose ceiling is spent is refused too."""
    monkeypatch.setattr(address_writes, "num_requests", 2)
    client = Client()
    for name in ("One", "Two"):
        assert client.post("/tracker/", {"name": name, "decks": 8}).status_code == 302
    assert sign_up(client, "fresh").status_code == 302
    assert auth.get_user(client).is_authenticated
    refused = client.post("/tracker/", {"name": "Three", "decks": 8})
    assert refused.status_code == 429
    assert Shoe.objects.count() == 2


def test_a_new_account_does_not_refill_the_addresss_simulation_budget(settings):
    """The same for simulated shoes (guards.budgets): the address's ceiling counts accounts."""
    settings.ADDRESS_SIMULATED_SHOES_RATE = "3/min"
    client = Client()

    def simulate():
        body = json.dumps({"shoes": 1, "decks": 1, "seed": 1})
        return client.post("/api/v1/simulations", body, content_type="application/json")

    assert [simulate().status_code for _ in range(4)] == [200, 200, 200, 429]
    assert sign_up(client, "fresh").status_code == 302
    refused = simulate()
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1


# --- wrong passwords per address, whatever the username ---------------------------------------


def test_failed_sign_ins_with_new_usernames_are_limited_before_hashing(monkeypatch, hashes, ada):
    monkeypatch.setattr(accounts.signin_failures, "num_requests", 3)
    client = Client()
    hashes.clear()  # ada's own password, hashed when she was made
    for number in range(3):
        response = client.post(LOGIN, {"username": f"nobody{number}", "password": "guess"})
        assert response.status_code not in (302, 429)
    assert len(hashes) == 3  # each guess cost a hash: what the limit is for
    hashes.clear()
    refused = client.post(LOGIN, {"username": "nobody9", "password": "guess"})
    assert_429_with_retry_after(refused, "Too many wrong passwords came from this address")
    assert 1 <= int(refused["Retry-After"]) <= 15 * 60
    # Not even the right password is checked now: nothing is hashed at all.
    refused = client.post(LOGIN, {"username": "ada", "password": PASSWORD})
    assert refused.status_code == 429
    assert hashes == []
    assert not auth.get_user(client).is_authenticated
    # Another address is not held up by this one.
    other = Client(REMOTE_ADDR="10.0.0.7")
    assert other.post(LOGIN, {"username": "ada", "password": PASSWORD}).status_code == 302


def test_right_passwords_cost_nothing(monkeypatch, ada):
    monkeypatch.setattr(accounts.signin_failures, "num_requests", 2)
    client = Client()
    for _ in range(4):
        assert client.post(LOGIN, {"username": "ada", "password": PASSWORD}).status_code == 302
        client.post(reverse("accounts:logout"))
    assert failures_left() == 2
    # The two wrong ones still fit, then the limit holds.
    for _ in range(2):
        assert client.post(LOGIN, {"username": "ada", "password": "no"}).status_code != 429
    assert client.post(LOGIN, {"username": "ada", "password": "no"}).status_code == 429


def test_the_allowance_comes_back_with_time(monkeypatch, ada):
    now = [1_000_000.0]
    monkeypatch.setattr(allowances, "clock", lambda: now[0])
    monkeypatch.setattr(accounts.signin_failures, "num_requests", 2)
    client = Client()
    for _ in range(2):
        client.post(LOGIN, {"username": "x", "password": "no"})
    refused = client.post(LOGIN, {"username": "ada", "password": PASSWORD})
    assert refused.status_code == 429
    # 2 per 15 minutes: one comes back every 7.5 minutes.
    assert refused["Retry-After"] == str(450)
    now[0] += 450
    assert client.post(LOGIN, {"username": "ada", "password": PASSWORD}).status_code == 302


def test_the_password_change_form_counts_and_is_refused_before_hashing(monkeypatch, hashes, ada):
    monkeypatch.setattr(accounts.signin_failures, "num_requests", 2)
    client = Client()
    client.force_login(ada)
    new = "another fine password 2"
    wrong = {"old_password": "wrong", "new_password1": new, "new_password2": new}
    for _ in range(2):
        refused = client.post(PASSWORD_CHANGE, wrong)
        assert refused.status_code not in (302, 429)
        assert 'id="id_old_password_error"' in refused.content.decode()
    hashes.clear()
    right = {**wrong, "old_password": PASSWORD}
    refused = client.post(PASSWORD_CHANGE, right)
    assert_429_with_retry_after(refused, "Too many wrong passwords")
    assert hashes == []
    ada.refresh_from_db()
    assert ada.check_password(PASSWORD)


@pytest.mark.parametrize("url, data", [(DELETE, {}), (ADDRESS, {"email": "ada@example.org"})])
def test_the_forms_that_ask_for_the_password_again_count_too(monkeypatch, hashes, ada, url, data):
    monkeypatch.setattr(accounts.signin_failures, "num_requests", 2)
    client = Client()
    client.force_login(ada)
    for _ in range(2):
        wrong = client.post(url, {**data, "password": "wrong"})
        assert wrong.status_code == 400
        assert "That is not your password." in wrong.content.decode()
    hashes.clear()
    refused = client.post(url, {**data, "password": PASSWORD})
    assert_429_with_retry_after(refused, "Too many wrong passwords")
    assert hashes == []
    ada.refresh_from_db()  # still there, its address unchanged
    assert ada.email == ""


def test_wrong_passwords_anywhere_share_one_allowance(monkeypatch, ada):
    monkeypatch.setattr(accounts.signin_failures, "num_requests", 3)
    client = Client()
    client.post(LOGIN, {"username": "someone", "password": "no"})
    client.force_login(ada)
    client.post(DELETE, {"password": "no"})
    new = "another fine password 2"
    client.post(PASSWORD_CHANGE, {"old_password": "no", "new_password1": new, "new_password2": new})
    assert client.post(DELETE, {"password": PASSWORD}).status_code == 429
    assert User.objects.filter(username="ada").exists()


# --- django-axes' lockout says when it ends ---------------------------------------------------


@pytest.fixture
def axes_on(settings):
    settings.AXES_ENABLED = True
    return settings


def test_the_lockout_has_retry_after_the_cool_off(axes_on, ada):
    client = Client()
    for _ in range(4):
        wrong = client.post(LOGIN, {"username": "ada", "password": "no"})
        assert wrong.status_code not in (302, 429)
        assert "Please enter a correct username and password" in wrong.content.decode()
    locked = client.post(LOGIN, {"username": "ada", "password": "no"})
    assert locked.status_code == 429
    assert "Too many sign-in attempts" in locked.content.decode()
    assert 15 * 60 - 5 <= int(locked["Retry-After"]) <= 15 * 60
    # Even the right password is refused now, with the same header.
    again = client.post(LOGIN, {"username": "ada", "password": PASSWORD})
    assert again.status_code == 429 and 15 * 60 - 5 <= int(again["Retry-After"]) <= 15 * 60
    assert not auth.get_user(client).is_authenticated


def test_the_lockouts_retry_after_counts_down(axes_on, ada):
    """Retry-After is the time left of the cool-off, counted from the latest failure."""
    axes_on.AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
    client = Client()
    for _ in range(5):
        client.post(LOGIN, {"username": "ada", "password": "no"})
    ten_minutes_ago = timezone.now() - timezone.timedelta(minutes=10)
    AccessAttempt.objects.filter(username="ada").update(attempt_time=ten_minutes_ago)
    locked = client.post(LOGIN, {"username": "ada", "password": PASSWORD})
    assert locked.status_code == 429
    assert 5 * 60 - 5 <= int(locked["Retry-After"]) <= 5 * 60
