"""The simulation lab in a real browser, on a phone and on a desktop: a 2,000-shoe run dealt
at once, a 100,000-shoe run whose progress bar advances step by step and is cancelled back to
the form, nothing scrolling sideways, and axe finding nothing on the results."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from browsing import settled
from playwright.sync_api import Browser, expect

SIZES = [(360, 740), (1280, 900)]


@pytest.fixture
def lab_page(browser: Browser, request):
    width, height = request.param
    phone = width < 800
    context = browser.new_context(
        viewport={"width": width, "height": height},
        is_mobile=phone,
        has_touch=phone,
        reduced_motion="reduce",
    )
    yield context.new_page(), width
    context.close()


def fits(page, width):
    return page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.same_on_any_database
@pytest.mark.parametrize("lab_page", SIZES, indirect=True, ids=["360", "1280"])
def test_a_run_of_2000_shoes(live_server, lab_page):
    page, width = lab_page
    page.goto(live_server.url + "/lab/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Simulation lab")
    # The first screen says what the lab is for and starts the form.
    lead = page.locator(".lead")
    expect(lead).to_contain_text("predict nothing")
    assert lead.bounding_box()["y"] + lead.bounding_box()["height"] < 740
    assert page.locator("#lab-form").bounding_box()["y"] < 740
    assert fits(page, width)
    # The default run is already below the form.
    expect(page.locator("#run-summary")).to_contain_text("1,000 shoes of 8 decks")

    page.get_by_label("Other", exact=True).check()
    page.get_by_label("Other: how many shoes").fill("2000")
    page.get_by_label("Seed").fill("4242")
    deal = page.get_by_role("button", name="Deal the shoes")
    assert deal.bounding_box()["height"] >= 48
    deal.click()
    expect(page.locator("#run-summary")).to_contain_text("2,000 shoes of 8 decks, seed 4242")
    assert re.search(r"shoes=2000&decks=8&seed=4242", page.url)
    for name in ("shares", "streaks", "derived", "samples", "systems", "yours"):
        expect(page.locator(f"#{name}")).to_be_visible()
    expect(page.locator("#systems-table tbody tr")).to_have_count(7)
    assert fits(page, width)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        found = Axe().run(page).response["violations"]
        assert found == [], (
            scheme,
            [(v["id"], [n["target"] for n in v["nodes"][:3]]) for v in found],
        )


# The steps the server deals are the same whatever the screen: the phone's run is the one
# the PostgreSQL pass makes again.
@pytest.mark.parametrize(
    "lab_page",
    [
        pytest.param(SIZES[0], id="360"),
        pytest.param(SIZES[1], id="1280", marks=pytest.mark.same_on_any_database),
    ],
    indirect=True,
)
def test_a_long_run_advances_and_can_be_cancelled(live_server, lab_page):
    page, width = lab_page
    steps = []  # every step the page asks for
    page.on("request", lambda request: "/lab/step/" in request.url and steps.append(request))
    page.goto(live_server.url + "/lab/")
    page.get_by_role("radio", name="100,000").check()
    page.get_by_label("Seed").fill("77")
    page.get_by_label("Decks").select_option("6")
    page.get_by_role("button", name="Deal the shoes").click()
    bar = page.locator("#lab-progress-bar")
    expect(bar).to_be_visible()
    expect(page.locator("#lab-progress-label")).to_contain_text("of 100,000 shoes")
    # The bar advances, one step after another, by itself.
    page.wait_for_function(
        "() => Number(document.getElementById('lab-progress-bar')?.value) >= 4000",
        timeout=20_000,
    )
    first = int(bar.get_attribute("value"))
    page.wait_for_function(
        f"() => Number(document.getElementById('lab-progress-bar')?.value) > {first}",
        timeout=20_000,
    )
    assert fits(page, width)
    cancel = page.get_by_role("link", name="Cancel")
    assert cancel.bounding_box()["height"] >= 48
    cancel.click()
    expect(page.locator("#lab-cancelled")).to_contain_text("Run cancelled after")
    expect(page.locator("#lab-progress-bar")).to_have_count(0)
    # Back at the form, with its values.
    expect(page.get_by_role("radio", name="100,000")).to_be_checked()
    expect(page.get_by_label("Seed")).to_have_value("77")
    expect(page.get_by_label("Decks")).to_have_value("6")
    assert "cancelled=" in page.url
    # No step is still running, and none can start: each one asked for has been answered
    # or cancelled, the form that asks for the next is gone, and the page stays as it is.
    for step in steps:
        step.response()  # None for the step the cancel aborted
    expect(page.locator("#lab-step")).to_have_count(0)
    settled(page)
    expect(page.locator("#lab-progress-bar")).to_have_count(0)
    assert fits(page, width)


def start_a_stepped_run(page, live_server, fail_second_step):
    """A 30,000-shoe run of one deck (three steps or more: a step deals 10,000 at most)
    whose second step is answered by `fail_second_step(route)` instead of the server;
    returns the bodies (the run's state) every step sent."""
    sent = []

    def step(route):
        sent.append(route.request.post_data)
        if len(sent) == 2:
            fail_second_step(route)
        else:
            route.continue_()

    page.route("**/lab/step/", step)
    page.goto(live_server.url + "/lab/?shoes=30000&decks=1&seed=515")
    return sent


def test_a_step_refused_as_busy_counts_down_and_carries_on(live_server, page):
    sent = start_a_stepped_run(
        page,
        live_server,
        lambda route: route.fulfill(
            status=429,
            headers={"Retry-After": "2", "Content-Type": "text/html"},
            body="<main><h1>Too many shoes</h1></main>",
        ),
    )
    status = page.locator("#lab-step-status")
    expect(status).to_have_attribute("aria-live", "polite")
    expect(status).to_contain_text("Dealing carries on in 2 seconds")
    # Nothing to press while it waits: the run carries on by itself.
    expect(page.get_by_role("button", name="Continue dealing")).to_be_hidden()
    # The shoes dealt before the refusal stay shown while it waits.
    expect(page.locator("#lab-progress-label")).to_contain_text(
        re.compile(r"Dealt [1-9][\d,]* of 30,000")
    )
    expect(status).to_contain_text("Dealing carries on in 1 second.")
    expect(page.locator("#run-summary")).to_contain_text("30,000 shoes of 1 deck", timeout=20_000)
    # Carried on from where it stopped: the refused step was asked again, with the same state.
    assert sent[2] == sent[1]
    expect(page.locator("#request-error")).to_be_hidden()


def test_a_step_that_fails_offers_continue_and_finishes_the_run(live_server, page):
    sent = start_a_stepped_run(
        page,
        live_server,
        lambda route: route.fulfill(
            status=500, headers={"Content-Type": "text/html"}, body="<h1>Server error</h1>"
        ),
    )
    status = page.locator("#lab-step-status")
    expect(status).to_contain_text("the site answered with error 500")
    expect(page.locator("#lab-progress-label")).to_contain_text(
        re.compile(r"Dealt [1-9][\d,]* of 30,000")
    )
    more = page.get_by_role("button", name="Continue dealing")
    expect(more).to_be_focused()
    assert more.bounding_box()["height"] >= 48
    more.click()
    expect(page.locator("#run-summary")).to_contain_text("30,000 shoes of 1 deck", timeout=20_000)
    assert sent[2] == sent[1]


def test_a_step_with_no_answer_offers_continue(live_server, page):
    start_a_stepped_run(page, live_server, lambda route: route.abort("connectionreset"))
    expect(page.locator("#lab-step-status")).to_contain_text("could not be reached")
    page.get_by_role("button", name="Continue dealing").click()
    expect(page.locator("#run-summary")).to_contain_text("30,000 shoes of 1 deck", timeout=20_000)
