"""Accounts through the test client: sign up, sign in, sign out (POST only), change password,
the header's account links, safe `next` handling, and the adoption of an anonymous
session's progress and shoes by the account."""

import re

import pytest
from chinese_pages import english_words, region
from django.contrib import auth
from django.contrib.auth.models import User
from django.urls import reverse
from fsrs import Card

from progress.learner import SESSION_KEY
from progress.models import LessonProgress, SkillCard
from tracker.models import Shoe

pytestmark = pytest.mark.django_db

PASSWORD = "a long enough password 1"
SIGNUP = reverse("accounts:signup")
LOGIN = reverse("accounts:login")
LOGOUT = reverse("accounts:logout")
PASSWORD_CHANGE = reverse("accounts:password_change")
HOME = reverse("reference:home")
UNSAFE_NEXT = [
    "https://evil.example/",
    "//evil.example/",
    "http://testserver.evil.example/",
    "javascript:alert(1)",
    "\\\\evil.example",
]


def signed_in_user(client):
    return auth.get_user(client)


def messages_region(html):
    start = html.index('<div class="messages"')
    return html[start : html.index("</div>", start)]


def header(html):
    return html[html.index("<header") : html.index("</header>")]


def sign_up(client, username="grace", password=PASSWORD, confirm=None, **extra):
    data = {"username": username, "password1": password, "password2": confirm or password}
    return client.post(SIGNUP, {**data, **extra})


def learn_anonymously(client):
    """An anonymous visitor's progress: a tracker shoe, a passed lesson check, a practised
    skill, all in their session."""
    client.post(reverse("tracker:index"), {"name": "Anonymous shoe", "decks": 8})
    session = client.session
    session[SESSION_KEY] = {
        "lessons": {"values": {"checks": ["a"], "completed": "2026-11-29T12:00:00+00:00"}},
        "skills": {"banker:3:8": {"attempts": 3, "correct": 2, "card": Card(card_id=1).to_dict()}},
        "last": "values",
    }
    session.save()


def assert_adopted(user):
    progress = LessonProgress.objects.get(user=user, lesson="values")
    assert progress.checks_passed == ["a"] and progress.completed is not None
    card = SkillCard.objects.get(user=user, skill="banker:3:8")
    assert (card.attempts, card.correct) == (3, 2)
    shoe = Shoe.objects.get(name="Anonymous shoe")
    assert shoe.owner == user and shoe.visitor == ""


def account_form(html):
    """The page's account form (the header's language switch carries a `next` of its own)."""
    return region(html, '<form method="post" action="/accounts/', "</form>")


# --- sign up ----------------------------------------------------------------------------


def test_signup_page_has_labelled_fields_with_autocomplete(client):
    html = client.get(SIGNUP).content.decode()
    assert '<form method="post" action="/accounts/signup/"' in html
    assert "csrfmiddlewaretoken" in html
    for name, autocomplete in [
        ("username", "username"),
        ("password1", "new-password"),
        ("password2", "new-password"),
    ]:
        assert f'<label for="id_{name}">' in html
        field = re.search(rf'<input [^>]*name="{name}"[^>]*>', html).group(0)
        assert f'autocomplete="{autocomplete}"' in field and f'id="id_{name}"' in field
        assert f'aria-describedby="id_{name}_helptext"' in field
    assert 'name="next"' not in account_form(html)  # nothing to go back to


def test_signup_logs_in_and_goes_home_with_a_message(client):
    response = sign_up(client)
    assert response.status_code == 302 and response.url == HOME
    user = signed_in_user(client)
    assert user.is_authenticated and user.username == "grace"
    assert user.check_password(PASSWORD)
    html = client.get(HOME).content.decode()
    assert "Welcome, grace!" in messages_region(html)
    assert "Welcome, grace!" not in client.get(HOME).content.decode()  # shown once


def test_signup_adopts_the_sessions_progress_and_shoes(client):
    learn_anonymously(client)
    sign_up(client)
    user = User.objects.get(username="grace")
    assert_adopted(user)
    assert SESSION_KEY not in client.session
    # The shoe is still the visitor's, now through the account.
    response = client.get(reverse("tracker:index"))
    assert "Anonymous shoe" in response.content.decode()


@pytest.mark.parametrize(
    "password, confirm, field, error",
    [
        ("short1", None, "password2", "too short"),
        ("password123", None, "password2", "too common"),
        ("49203817465", None, "password2", "entirely numeric"),
        ("grace-hopper-1906", None, "password2", "too similar"),
        (PASSWORD, PASSWORD + "x", "password2", "didn’t match"),
    ],
)
def test_signup_refuses_bad_passwords_beside_the_field(client, password, confirm, field, error):
    username = "grace-hopper" if "similar" in error else "grace"
    response = sign_up(client, username, password, confirm)
    assert response.status_code == 400  # the form again, with its errors
    html = response.content.decode()
    assert not User.objects.exists()
    assert not signed_in_user(client).is_authenticated
    assert "Your account was not created" in messages_region(html)
    errors = re.search(rf'<ul class="errorlist" id="id_{field}_error">(.*?)</ul>', html).group(1)
    assert error in errors
    widget = re.search(rf'<input [^>]*name="{field}"[^>]*>', html).group(0)
    assert 'aria-invalid="true"' in widget and f"id_{field}_error" in widget
    assert "autofocus" in widget  # the cursor goes to the first field in error
    assert "value=" not in widget  # passwords are never echoed back


@pytest.mark.parametrize("username", ["ada", "ADA"])
def test_signup_refuses_a_taken_username(client, ada, username):
    response = sign_up(client, username)
    html = response.content.decode()
    assert response.status_code == 400  # the form again, with its errors
    assert User.objects.count() == 1
    assert not signed_in_user(client).is_authenticated
    assert "Your account was not created" in messages_region(html)
    errors = re.search(r'<ul class="errorlist" id="id_username_error">(.*?)</ul>', html).group(1)
    assert "already exists" in errors


def test_signup_needs_every_field(client):
    response = client.post(SIGNUP, {})
    html = response.content.decode()
    assert not User.objects.exists()
    for name in ("username", "password1", "password2"):
        assert f'id="id_{name}_error"' in html


def test_signed_in_visitors_are_sent_on_from_signup(client, ada):
    client.force_login(ada)
    response = client.get(SIGNUP)
    assert response.status_code == 302 and response.url == HOME
    assert "already signed in as ada" in client.get(HOME).content.decode()


# --- safe next ---------------------------------------------------------------------------


def test_signup_follows_a_safe_next(client):
    html = client.get(SIGNUP, {"next": "/tracker/?x=1"}).content.decode()
    assert '<input type="hidden" name="next" value="/tracker/?x=1">' in html
    # The sign-in link keeps it too.
    assert 'href="/accounts/login/?next=/tracker/%3Fx%3D1"' in html
    response = sign_up(client, next="/tracker/?x=1")
    assert response.status_code == 302 and response.url == "/tracker/?x=1"


@pytest.mark.parametrize("next_url", UNSAFE_NEXT)
def test_signup_ignores_an_unsafe_next(client, next_url):
    html = client.get(SIGNUP, {"next": next_url}).content.decode()
    assert 'name="next"' not in account_form(html)
    response = sign_up(client, next=next_url)
    assert response.status_code == 302 and response.url == HOME
    assert signed_in_user(client).is_authenticated


def test_login_follows_a_safe_next(client, ada):
    html = client.get(LOGIN, {"next": "/tracker/"}).content.decode()
    assert '<input type="hidden" name="next" value="/tracker/">' in html
    assert 'href="/accounts/signup/?next=/tracker/"' in html
    data = {"username": "ada", "password": PASSWORD, "next": "/tracker/"}
    response = client.post(LOGIN, data)
    assert response.status_code == 302 and response.url == "/tracker/"


@pytest.mark.parametrize("next_url", UNSAFE_NEXT)
def test_login_ignores_an_unsafe_next(client, ada, next_url):
    html = client.get(LOGIN, {"next": next_url}).content.decode()
    assert 'name="next"' not in account_form(html)
    response = client.post(LOGIN, {"username": "ada", "password": PASSWORD, "next": next_url})
    assert response.status_code == 302 and response.url == HOME


# --- sign in -----------------------------------------------------------------------------


def test_login_page_has_labelled_fields_with_autocomplete(client):
    html = client.get(LOGIN).content.decode()
    assert '<label for="id_username">Username</label>' in html
    assert '<label for="id_password">Password</label>' in html
    assert re.search(r'<input [^>]*name="username"[^>]*autocomplete="username"', html)
    assert re.search(r'<input [^>]*name="password"[^>]*autocomplete="current-password"', html)


def test_login_signs_in_with_a_message(client, ada):
    response = client.post(LOGIN, {"username": "ada", "password": PASSWORD})
    assert response.status_code == 302 and response.url == HOME
    assert signed_in_user(client) == ada
    assert "Welcome back, ada." in messages_region(client.get(HOME).content.decode())


def test_login_refuses_a_wrong_password(client, ada):
    response = client.post(LOGIN, {"username": "ada", "password": "not it"})
    assert response.status_code == 400  # the form again, with its errors
    assert not signed_in_user(client).is_authenticated
    html = response.content.decode()
    assert '<div role="alert"><ul class="errorlist nonfield">' in html
    assert "Please enter a correct username and password" in html


def test_login_adopts_the_sessions_progress_and_shoes(client, ada):
    learn_anonymously(client)
    client.post(LOGIN, {"username": "ada", "password": PASSWORD})
    assert_adopted(ada)


# --- sign out ----------------------------------------------------------------------------


def test_logout_by_post(client, ada):
    client.force_login(ada)
    response = client.post(LOGOUT)
    assert response.status_code == 302 and response.url == HOME
    assert not signed_in_user(client).is_authenticated
    html = client.get(HOME).content.decode()
    assert "You have signed out." in messages_region(html)


def test_get_logout_does_not_log_out_but_offers_the_button(client, ada):
    client.force_login(ada)
    response = client.get(LOGOUT)
    assert response.status_code == 200
    assert signed_in_user(client) == ada
    main = response.content.decode().split("<main", 1)[1]
    assert '<form method="post" action="/accounts/logout/"' in main
    assert '<button type="submit">Sign out</button>' in main


def test_logout_refuses_other_methods(client, ada):
    client.force_login(ada)
    assert client.put(LOGOUT).status_code == 405
    assert signed_in_user(client) == ada


def test_logout_needs_the_csrf_token(ada):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(ada)
    assert client.post(LOGOUT).status_code == 403
    assert signed_in_user(client) == ada


def test_logout_when_signed_out_says_nothing(client):
    response = client.post(LOGOUT)
    assert response.status_code == 302
    assert "signed out" not in messages_region(client.get(HOME).content.decode())


def test_after_signing_out_the_accounts_shoes_are_not_shown(client, ada):
    client.force_login(ada)
    client.post(reverse("tracker:index"), {"name": "Ada's shoe", "decks": 8})
    client.post(LOGOUT)
    html = client.get(reverse("tracker:index")).content.decode()
    assert "Ada's shoe" not in html  # they are the account's, not this browser's


# --- change password ---------------------------------------------------------------------


def test_password_change_needs_signing_in(client):
    response = client.get(PASSWORD_CHANGE)
    assert response.status_code == 302
    assert response.url == f"{LOGIN}?next={PASSWORD_CHANGE}"


def test_password_change_page_has_labelled_fields_with_autocomplete(client, ada):
    client.force_login(ada)
    html = client.get(PASSWORD_CHANGE).content.decode()
    for name, autocomplete in [
        ("old_password", "current-password"),
        ("new_password1", "new-password"),
        ("new_password2", "new-password"),
    ]:
        assert f'<label for="id_{name}">' in html
        field = re.search(rf'<input [^>]*name="{name}"[^>]*>', html).group(0)
        assert f'autocomplete="{autocomplete}"' in field


def test_password_change(client, ada):
    client.force_login(ada)
    new = "another fine password 2"
    data = {"old_password": PASSWORD, "new_password1": new, "new_password2": new}
    response = client.post(PASSWORD_CHANGE, data)
    assert response.status_code == 302
    assert response.url == reverse("accounts:password_change_done")
    assert signed_in_user(client) == ada  # this session stays signed in
    assert "Your password has been changed" in client.get(response.url).content.decode()
    ada.refresh_from_db()
    assert ada.check_password(new) and not ada.check_password(PASSWORD)


def test_password_change_refuses_a_wrong_old_password(client, ada):
    client.force_login(ada)
    new = "another fine password 2"
    data = {"old_password": "wrong", "new_password1": new, "new_password2": new}
    response = client.post(PASSWORD_CHANGE, data)
    assert response.status_code == 400  # the form again, with its errors
    html = response.content.decode()
    assert re.search(r'<ul class="errorlist" id="id_old_password_error"><li>Your old', html)
    ada.refresh_from_db()
    assert ada.check_password(PASSWORD)


def test_password_change_refuses_a_weak_password(client, ada):
    client.force_login(ada)
    data = {"old_password": PASSWORD, "new_password1": "123", "new_password2": "123"}
    html = client.post(PASSWORD_CHANGE, data).content.decode()
    assert "too short" in re.search(r'id="id_new_password2_error">(.*?)</ul>', html).group(1)
    ada.refresh_from_db()
    assert ada.check_password(PASSWORD)


# --- the header --------------------------------------------------------------------------


def test_header_offers_sign_in_and_up_to_anonymous_visitors(client):
    html = header(client.get(reverse("tracker:index")).content.decode())
    assert '<nav class="account" aria-label="Account">' in html
    assert '<a href="/accounts/login/?next=/tracker/">Sign in</a>' in html
    assert '<a class="sign-up" href="/accounts/signup/?next=/tracker/">Sign up</a>' in html
    assert "Sign out" not in html and "Your account" not in html


def test_header_links_from_the_account_pages_carry_no_next(client):
    html = header(client.get(LOGIN).content.decode())
    assert '<a href="/accounts/login/">Sign in</a>' in html


def test_header_shows_the_signed_in_user(client, ada):
    client.force_login(ada)
    html = header(client.get(HOME).content.decode())
    assert "Signed in as <strong>ada</strong>" in html
    # Changing the password, the recovery address, the data and deleting: on that page.
    assert '<a href="/accounts/">Your account</a>' in html
    form = re.search(r'<form method="post" action="/accounts/logout/".*?</form>', html).group(0)
    assert "csrfmiddlewaretoken" in form and "Sign out" in form
    assert "Sign in" not in html and "Sign up" not in html


def test_username_is_escaped_in_the_header(client):
    user = User.objects.create_user("<b>@x", password=PASSWORD)
    client.force_login(user)
    html = header(client.get(HOME).content.decode())
    assert "<b>@x" not in html and "&lt;b&gt;@x" in html


# --- in Chinese ------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/zh-hant/accounts/login/", "/zh-hant/accounts/signup/"])
def test_sign_in_and_sign_up_are_chinese(client, path):
    html = region(client.get(path).content.decode(), '<main id="main"', "</main>")
    assert "登入" in html and "建立帳戶" in html
    assert english_words(html) == []


def test_a_refused_sign_up_is_chinese(client):
    response = client.post("/zh-hant/accounts/signup/", {"username": "", "password1": "x"})
    html = region(response.content.decode(), '<main id="main"', "</main>")
    assert "帳戶未能建立：請修正下面的問題。" in response.content.decode()
    assert english_words(html) == []
