"""The Content Security Policy in a real browser: Chromium reports no violation on the main
pages, with DEBUG off (as pytest-django runs live_server), including what htmx swaps in."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tracker.models import Shoe

# What the Content Security Policy lets run is the headers' and the pages' scripts, whatever
# the database behind.
pytestmark = pytest.mark.same_on_any_database

# Chromium fires `securitypolicyviolation` on the document for every refusal, and also
# logs it to the console; the listener goes in before any of the page's own scripts.
LISTEN = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(
    `${event.violatedDirective} blocked ${event.blockedURI || "inline"} ` +
    `(${event.sourceFile || ""}:${event.lineNumber || ""}) ${event.sample || ""}`
  );
});
"""


@pytest.fixture
def watched(page: Page):
    console = []
    page.on(
        "console",
        lambda message: (
            console.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page.add_init_script(LISTEN)

    def violations():
        return console + page.evaluate("window.__cspViolations || []")

    page.violations = violations
    return page


def visit(page, url):
    response = page.goto(url)
    assert response.status == 200, url
    assert "Content-Security-Policy" in {name.title() for name in response.headers}
    page.wait_for_load_state("load")
    return response


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/rules/",
        "/rules/banker/3/",
        "/glossary/",
        "/tracker/",
        "/tracker/import/",
        "/odds/",
        "/accounts/login/",
    ],
)
def test_no_violation_on_the_main_pages(live_server, watched: Page, path):
    visit(watched, live_server.url + path)
    assert watched.violations() == []


def test_no_violation_on_the_api_docs(live_server, watched: Page):
    visit(watched, live_server.url + "/api/v1/docs")
    expect(watched.locator(".swagger-ui .info")).to_be_visible()  # Swagger UI actually ran
    expect(watched.get_by_text("Start a shoe").first).to_be_visible()
    assert watched.violations() == []


def test_no_violation_walking_a_hand_with_htmx(live_server, watched: Page):
    visit(watched, live_server.url + reverse("hands:walkthrough") + "?cards=4,3,A,K,8")
    watched.wait_for_function("() => window.htmx !== undefined")
    for _step in range(3):
        watched.keyboard.press("ArrowRight")
    expect(watched).to_have_url(re.compile(r"step=4"))
    expect(watched.locator(".htmx-settling")).to_have_count(0)  # the last step swapped in
    assert watched.violations() == []


def test_no_violation_on_a_shoe_page_recording_by_htmx(live_server, watched: Page):
    visit(watched, live_server.url + reverse("tracker:index"))
    watched.get_by_label("Name").fill("CSP shoe")
    watched.get_by_role("button", name="Start the shoe").click()
    expect(watched.get_by_role("heading", level=1)).to_have_text("CSP shoe")
    # htmx takes over the buttons at DOMContentLoaded: a key before "load" may submit natively
    # (see tests/browsing.start_shoe).
    watched.wait_for_load_state("load")
    watched.wait_for_function("() => window.htmx !== undefined")
    for outcome in "BPPTBBP":
        watched.keyboard.press(outcome)
    expect(watched.locator("#road-bead_plate use.bead")).to_have_count(7)
    assert Shoe.objects.get(name="CSP shoe").hands.count() == 7
    assert watched.violations() == []


def test_the_listener_does_see_a_violation(live_server, watched: Page):
    # The control: an inline style and an inline script the policy must refuse.
    visit(watched, live_server.url + "/")
    watched.evaluate(
        """() => {
            const style = document.createElement("style");
            style.textContent = "body { color: red }";
            document.head.append(style);
            const script = document.createElement("script");
            script.textContent = "window.__ran = true";
            document.head.append(script);
        }"""
    )
    watched.wait_for_function("() => window.__cspViolations.length >= 2")  # both refused
    assert watched.evaluate("window.__ran === undefined")
    found = " ".join(watched.violations())
    assert "style-src" in found and "script-src" in found
