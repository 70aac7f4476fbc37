"""A way back from a forgotten password: the recovery address (set with the password, used
once confirmed from the mail), Django's password reset by mail, their limits, and the mail
settings. The tests send through Django's in-memory backend (mail.outbox)."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from axes.models import AccessAttempt
from django.contrib import auth
from django.contrib.auth.models import User
from django.core import mail, signing
from django.test import Client, RequestFactory
from django.urls import reverse

from accounts import recovery
from guards import accounts

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]
PASSWORD = "a long enough password 1"
NEW_PASSWORD = "another fine password 2"
ACCOUNT = reverse("accounts:account")
ADDRESS = reverse("accounts:recovery_address")
RESET = reverse("accounts:password_reset")
RESET_SENT = reverse("accounts:password_reset_done")
LOGIN = reverse("accounts:login")


@pytest.fixture
def signed_in(client, ada):
    client.force_login(ada)
    return client


def link_in(message) -> str:
    return re.search(r"https?://testserver(/\S+)", message.body).group(1)


def set_address(client, email, password=PASSWORD):
    return client.post(ADDRESS, {"email": email, "password": password})


# --- the recovery address -------------------------------------------------------------------


def test_the_address_page_has_labelled_fields(signed_in):
    html = signed_in.get(ADDRESS).content.decode()
    for name, kind, autocomplete in [
        ("email", "email", "email"),
        ("password", "password", "current-password"),
    ]:
        assert f'<label for="id_{name}">' in html
        field = re.search(rf'<input [^>]*name="{name}"[^>]*>', html).group(0)
        assert f'type="{kind}"' in field and f'autocomplete="{autocomplete}"' in field
    assert 'aria-describedby="id_email_helptext"' in html


def test_an_address_is_used_once_confirmed_from_the_mail(signed_in, ada):
    response = set_address(signed_in, "Ada@Example.ORG")
    assert response.status_code == 302 and response.url == ACCOUNT
    ada.refresh_from_db()
    assert ada.email == ""  # not yet: nobody has read the mail
    (message,) = mail.outbox
    assert message.to == ["Ada@example.org"]
    assert "Confirm your recovery address" in message.subject
    assert "We sent a link to Ada@example.org." in signed_in.get(ACCOUNT).content.decode()
    link = link_in(message)
    # Opening the link changes nothing (mail scanners open links); its button does.
    page = Client().get(link)
    assert page.status_code == 200 and "Ada@example.org" in page.content.decode()
    ada.refresh_from_db()
    assert ada.email == ""
    confirmed = Client().post(link)  # from the phone's mail, not signed in
    assert confirmed.status_code == 302 and confirmed.url == LOGIN
    ada.refresh_from_db()
    assert ada.email == "Ada@example.org"
    # Used once.
    assert Client().post(link).status_code == 400
    assert ada.email == User.objects.get(pk=ada.pk).email


def test_a_wrong_password_sets_nothing_and_sends_nothing(signed_in, ada):
    response = set_address(signed_in, "ada@example.org", password="not it")
    assert response.status_code == 400
    error = re.search(r'id="id_password_error">(.*?)</ul>', response.content.decode()).group(1)
    assert "That is not your password." in error
    assert mail.outbox == []
    ada.refresh_from_db()
    assert ada.email == ""


def test_a_malformed_address_is_a_400_beside_the_field(signed_in):
    response = set_address(signed_in, "not an address")
    assert response.status_code == 400
    html = response.content.decode()
    assert re.search(r'id="id_email_error"><li>Enter a valid email address', html)
    assert mail.outbox == []


def test_an_empty_address_removes_it(signed_in, ada):
    ada.email = "ada@example.org"
    ada.save()
    response = set_address(signed_in, "")
    assert response.status_code == 302
    ada.refresh_from_db()
    assert ada.email == "" and mail.outbox == []
    assert "no longer has a recovery address" in signed_in.get(ACCOUNT).content.decode()


@pytest.mark.parametrize("change", ["garbled", "expired", "superseded"])
def test_a_link_that_does_not_hold_is_a_400(signed_in, ada, change, monkeypatch):
    set_address(signed_in, "ada@example.org")
    link = link_in(mail.outbox[0])
    if change == "garbled":
        link = link.replace("/confirm/", "/confirm/x")
    elif change == "expired":
        later = signing.time.time() + recovery.CONFIRM_FOR + 1
        monkeypatch.setattr(signing.time, "time", lambda: later)
    else:  # the address was changed since: an older link must not undo it
        ada.email = "ada@elsewhere.example"
        ada.save()
    response = Client().post(link)
    assert response.status_code == 400
    assert "This link does not work" in response.content.decode()
    ada.refresh_from_db()
    assert ada.email != "ada@example.org"


def test_confirmations_are_limited_per_address_and_per_recipient(signed_in, monkeypatch):
    monkeypatch.setattr(accounts.recovery_mail, "num_requests", 2)
    assert set_address(signed_in, "one@example.org").status_code == 302
    assert set_address(signed_in, "two@example.org").status_code == 302
    refused = set_address(signed_in, "three@example.org")
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    assert len(mail.outbox) == 2


# --- the password reset -----------------------------------------------------------------------


def test_sign_in_links_to_the_reset(client):
    html = client.get(LOGIN).content.decode()
    assert f'<a href="{RESET}">Forgotten your password?</a>' in html


def test_a_reset_answers_the_same_whether_an_account_has_the_address(client, ada):
    ada.email = "ada@example.org"
    ada.save()
    known = client.post(RESET, {"email": "ADA@example.org"})
    unknown = client.post(RESET, {"email": "nobody@example.org"})
    assert (known.status_code, known.url) == (unknown.status_code, unknown.url) == (302, RESET_SENT)
    assert [message.to for message in mail.outbox] == [["ada@example.org"]]
    page = client.get(RESET_SENT).content.decode()
    assert "If an account here has that address" in page and "2 hours" in page


def test_the_reset_link_sets_a_new_password_once(client, ada, settings):
    settings.AXES_ENABLED = True
    ada.email = "ada@example.org"
    ada.save()
    for _ in range(5):  # locked out by wrong guesses
        client.post(LOGIN, {"username": "ada", "password": "no"})
    assert AccessAttempt.objects.filter(username="ada").exists()
    client.post(RESET, {"email": "ada@example.org"})
    (message,) = mail.outbox
    assert "ada" in message.body and "works once, for 2 hours" in message.body
    link = link_in(message)
    assert re.fullmatch(r"/accounts/password/reset/[\w-]+/[\w-]+/", link)
    # The token leaves the address bar (and the Referer) at once.
    form_page = client.get(link)
    assert form_page.status_code == 302 and form_page.url.endswith("/set-password/")
    html = client.get(form_page.url).content.decode()
    assert 'autocomplete="new-password"' in html
    weak = client.post(form_page.url, {"new_password1": "123", "new_password2": "123"})
    assert weak.status_code == 400 and "too short" in weak.content.decode()
    data = {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    done = client.post(form_page.url, data)
    assert done.status_code == 302 and done.url == reverse("accounts:password_reset_complete")
    ada.refresh_from_db()
    assert ada.check_password(NEW_PASSWORD)
    # The lockout is over for whoever could read the mail; the link is spent.
    assert not AccessAttempt.objects.filter(username="ada").exists()
    assert client.post(LOGIN, {"username": "ada", "password": NEW_PASSWORD}).status_code == 302
    client.post(reverse("accounts:logout"))
    assert client.get(link).status_code == 400


def test_a_link_that_does_not_work_is_a_400_with_a_way_on(client):
    response = client.get("/accounts/password/reset/MQ/bad-token/")
    assert response.status_code == 400
    html = response.content.decode()
    assert "This link does not work" in html and f'href="{RESET}"' in html


def test_reset_requests_are_limited_per_address(client, ada, monkeypatch):
    monkeypatch.setattr(accounts.recovery_mail, "num_requests", 2)
    monkeypatch.setattr(accounts.mail_to, "num_requests", 2)
    ada.email = "ada@example.org"
    ada.save()
    for _ in range(2):
        assert client.post(RESET, {"email": "ada@example.org"}).status_code == 302
    for email in ("ada@example.org", "nobody@example.org"):  # the same answer for both
        refused = client.post(RESET, {"email": email})
        assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    assert len(mail.outbox) == 2
    # From another address, but to the same mailbox: per recipient too.
    other = Client(REMOTE_ADDR="10.0.0.5")
    assert other.post(RESET, {"email": "ada@example.org"}).status_code == 429
    assert other.post(RESET, {"email": "bob@example.org"}).status_code == 302
    assert len(mail.outbox) == 2


def test_a_malformed_reset_request_is_a_400_and_costs_nothing(client, monkeypatch):
    monkeypatch.setattr(accounts.recovery_mail, "num_requests", 1)
    response = client.post(RESET, {"email": "not an address"})
    assert response.status_code == 400
    assert 'id="id_email_error"' in response.content.decode()
    assert client.post(RESET, {"email": "nobody@example.org"}).status_code == 302


def test_the_reset_mail_leaves_after_the_answer(ada):
    """Sent when the response is closed (after the server has written it), so the time the
    answer takes does not tell whether an account has the address."""
    ada.email = "ada@example.org"
    ada.save()
    request = RequestFactory().post(RESET, {"email": "ada@example.org"})
    request._dont_enforce_csrf_checks = True  # as the test client's requests
    response = recovery.password_reset(request)
    assert response.status_code == 302
    assert mail.outbox == []
    response.close()
    assert [message.to for message in mail.outbox] == [["ada@example.org"]]


def test_a_reset_page_needs_no_sign_in_and_a_signed_in_person_still_gets_it(signed_in):
    assert signed_in.get(RESET).status_code == 200
    assert Client().get(RESET).status_code == 200
    assert auth.get_user(signed_in).is_authenticated


# --- the mail settings ------------------------------------------------------------------------

SHOW_MAIL = """
import json, django
django.setup()
from django.conf import settings
print(json.dumps({"mailers": settings.MAILERS, "from": settings.DEFAULT_FROM_EMAIL}))
"""


def mail_settings(**env):
    environment = {"DJANGO_SETTINGS_MODULE": "baccarat_site.settings", "PATH": "/usr/bin:/bin"}
    result = subprocess.run(
        [sys.executable, "-c", SHOW_MAIL], cwd=ROOT, env={**environment, **env},
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_mail_goes_to_the_console_on_a_laptop_and_where_the_environment_says():
    laptop = mail_settings(DJANGO_DEBUG="1")
    assert laptop["mailers"]["default"] == {
        "BACKEND": "django.core.mail.backends.console.EmailBackend"
    }
    chosen = mail_settings(
        DJANGO_DEBUG="1",
        DJANGO_EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
        DJANGO_EMAIL_HOST="smtp.example.org",
        DJANGO_DEFAULT_FROM_EMAIL="School <school@example.org>",
    )
    assert chosen["mailers"]["default"]["OPTIONS"]["host"] == "smtp.example.org"
    assert chosen["from"] == "School <school@example.org>"


def test_the_tests_send_to_memory(settings):
    assert settings.MAILERS["default"]["BACKEND"] == "django.core.mail.backends.locmem.EmailBackend"
