"""Accounts in a real browser: sign up by keyboard from the tracker, come back to it signed
in, with the shoe started anonymously now the account's."""

from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Page, expect

from tracker.models import Shoe


def test_sign_up_by_keyboard_keeps_the_anonymous_shoe(live_server, page: Page):
    tracker = live_server.url + reverse("tracker:index")
    page.goto(tracker)
    page.get_by_label("Name").fill("Before signing up")
    page.get_by_role("button", name="Start the shoe").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Before signing up")
    page.goto(tracker)

    account = page.get_by_role("navigation", name="Account")
    sign_up = account.get_by_role("link", name="Sign up")
    sign_up.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Create an account")

    # The username field has the cursor; Tab moves through the form, Enter submits it.
    expect(page.get_by_label("Username")).to_be_focused()
    page.keyboard.type("grace")
    page.keyboard.press("Tab")
    expect(page.get_by_label("Password", exact=True)).to_be_focused()
    page.keyboard.type("a long enough password 1")
    page.keyboard.press("Tab")
    expect(page.get_by_label("Password confirmation")).to_be_focused()
    page.keyboard.type("a long enough password 1")
    page.keyboard.press("Enter")

    # Back where we started, signed in, told so, and the shoe came along. The sign-up hashes
    # a password first: seconds on a loaded machine.
    expect(page).to_have_url(tracker, timeout=20_000)
    expect(account).to_contain_text("Signed in as grace")
    expect(account.get_by_role("button", name="Sign out")).to_be_visible()
    expect(page.locator(".messages")).to_contain_text("Welcome, grace!")
    expect(page.get_by_role("link", name="Before signing up")).to_be_visible()
    assert Shoe.objects.get(name="Before signing up").owner == User.objects.get(username="grace")
