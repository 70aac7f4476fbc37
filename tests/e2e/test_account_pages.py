"""The account's own pages on a phone: nothing scrolls sideways at 360 px (a long recovery
address included), and every link of the account page is a thumb's target (48 px)."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

# How the account pages fit a phone: the templates and site.css decide it (the accounts
# themselves are checked on PostgreSQL by tests/web/accounts/).
pytestmark = pytest.mark.same_on_any_database

PASSWORD = "a long enough password 1"
PAGES = [
    "/accounts/", "/accounts/email/", "/accounts/delete/", "/accounts/password/",
    "/accounts/password/reset/", "/accounts/password/reset/sent/",
    "/accounts/password/reset/MQ/bad-token/", "/accounts/email/confirm/bad/",
]  # fmt: skip


def test_the_account_pages_fit_a_phone(live_server, phone, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    address = "a.learner.with.a.rather.long.address@mail.baccarat-school.example.org"
    User.objects.create_user("grace", password=PASSWORD, email=address)
    phone.goto(live_server.url + "/accounts/login/")
    phone.get_by_label("Username").fill("grace")
    phone.get_by_label("Password").fill(PASSWORD)
    phone.get_by_role("button", name="Sign in").tap()
    expect(phone.locator(".messages")).to_contain_text("Welcome back, grace.")
    wide = []
    for path in PAGES:
        phone.goto(live_server.url + path)
        if phone.evaluate("document.scrollingElement.scrollWidth") > 360:
            wide.append(path)
    assert wide == []
    phone.goto(live_server.url + "/accounts/")
    expect(phone.get_by_text(address)).to_be_visible()
    links = phone.locator(".account-links a")
    assert links.count() == 4
    for index in range(links.count()):
        assert links.nth(index).bounding_box()["height"] >= 48
