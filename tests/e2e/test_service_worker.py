"""The installable tracker (/sw.js, the manifests, static/js/sw-register.js) in Chromium: the
worker takes over, a shoe opened once opens with no signal, Chrome finds the app installable,
the install button answers the browser's offer, and a new version of the site takes over
cleanly (old caches gone, the open page told, its writes refused with the reason)."""

import re

import pytest
from browsing import KEPT_BEADS, beads, start_shoe
from django.urls import reverse
from playwright.sync_api import Page, expect

from baccarat_site import app_shell, site_version

REASON = (
    "The site was updated while this page was open. Reload the page: your hands are kept on "
    "this device and will be sent."
)
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
# What the worker keeps and serves is the same whatever database the site has (the hands it
# records are checked on each engine in test_tracker_offline.py).
pytestmark = pytest.mark.same_on_any_database


@pytest.fixture
def worker_context(browser_type, browser_type_launch_args, tmp_path):
    """A browser with a profile of its own that lets the site register its service worker
    (the other tests' contexts block it: tests/e2e/conftest.py). Not a context of the shared
    browser: those are incognito, where Chrome installs nothing ("in-incognito")."""
    context = browser_type.launch_persistent_context(
        tmp_path / "profile", **browser_type_launch_args, service_workers="allow"
    )
    yield context
    context.close()


def kept_beads(page: Page, url, count):
    """Wait until the device's copy of the page at `url` shows `count` beads: each poll reads
    the caches (asynchronously) and looks at what the poll before it read."""
    page.wait_for_function(
        f"""(url) => {{
          ({KEPT_BEADS})(url).then((beads) => {{ window.keptBeads = beads; }});
          return window.keptBeads === {count};
        }}""",
        arg=url,
        polling=100,
    )


def tap(page: Page, outcome):
    page.locator(f'#record-form button[value="{outcome}"]').click()


def test_a_shoe_opened_once_opens_with_no_signal_and_the_app_is_installable(
    live_server, worker_context
):
    page = worker_context.new_page()
    shoe = start_shoe(live_server, page, "Offline shoe")
    page.wait_for_function(CONTROLLED)
    shoe_url = live_server.url + reverse("tracker:shoe", args=[shoe.pk])
    # Chrome's own installability check (Lighthouse 12 has no PWA audit any more).
    cdp = worker_context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []

    tap(page, "B")
    expect(beads(page)).to_have_count(1)
    # The page's kept copy is taken again once the taps stop: it reopens as it was left.
    kept_beads(page, shoe_url, 1)

    worker_context.set_offline(True)
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_have_text("Offline shoe")
    expect(beads(page)).to_have_count(1)
    page.close()
    # Closed and opened again, still with no signal.
    page = worker_context.new_page()
    page.goto(shoe_url)
    expect(beads(page)).to_have_count(1)
    expect(page.locator("html")).to_have_attribute("data-site-version", site_version.SITE_VERSION)
    # The index too (kept when the worker was installed), and a page never opened: the
    # tracker's offline page, or a few words leading to the tracker.
    page.goto(live_server.url + reverse("tracker:index"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Shoe tracker")
    page.goto(live_server.url + "/rules/banker/5/")
    if app_shell.offline_page("en") is None:
        expect(page.get_by_role("heading", level=1)).to_have_text("No signal")
        page.get_by_role("link", name="Open the tracker").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Shoe tracker")
    else:
        version = site_version.SITE_VERSION
        expect(page.locator("html")).to_have_attribute("data-site-version", version)

    # Back in signal, but the server does not answer: the kept copy once the worker stops
    # waiting (4 s); it did ask the network first.
    worker_context.set_offline(False)
    held = []

    def hold(route):
        held.append(route)

    worker_context.route(shoe_url, hold)
    page.goto(shoe_url)
    expect(beads(page)).to_have_count(1, timeout=15_000)
    assert held, "the worker did not ask the server first"
    worker_context.unroute_all(behavior="ignoreErrors")


def test_the_install_button_waits_for_the_browsers_offer(live_server, page: Page):
    # An incognito context: Chrome offers no install there, so the offer is the test's.
    start_shoe(live_server, page, "Install shoe")
    button = page.get_by_role("button", name="Install the tracker")
    expect(button).to_be_hidden()
    page.evaluate("""() => {
      const offer = new Event("beforeinstallprompt", { cancelable: true });
      offer.prompt = () => { window.asked = true; };
      offer.userChoice = Promise.resolve({ outcome: "accepted" });
      window.dispatchEvent(offer);
    }""")
    expect(button).to_be_visible()
    box = button.bounding_box()
    assert box and box["height"] >= 48
    button.focus()
    page.keyboard.press("Enter")
    assert page.evaluate("window.asked") is True
    expect(button).to_be_hidden()
    expect(page.locator("[data-install-hint]")).to_be_hidden()  # not Safari on an iPhone


def test_a_new_version_takes_over_cleanly(live_server, worker_context, monkeypatch):
    shoe_page = worker_context.new_page()
    shoe = start_shoe(live_server, shoe_page, "Update shoe")
    shoe_page.wait_for_function(CONTROLLED)
    shoe_page.reload()  # through the worker: the shoe's page is kept
    old = shoe_page.locator("html").get_attribute("data-site-version")
    # A second tab with nothing waiting to be sent, and the shoe's with hands waiting.
    rules = worker_context.new_page()
    rules.goto(live_server.url + "/rules/")
    rules.wait_for_function(CONTROLLED)
    shoe_page.evaluate("window.TrackerQueue = { pending: () => 2 }")
    notice = shoe_page.get_by_text("A new version of the site is ready.")
    expect(notice).to_be_hidden()

    new = "feedc0ffee42"
    monkeypatch.setattr(site_version, "SITE_VERSION", new)  # a deploy
    shoe_page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")

    # The page with hands waiting says so, and keeps them; the other reloads by itself.
    expect(notice).to_be_visible()
    expect(rules.locator("html")).to_have_attribute("data-site-version", new)
    expect(shoe_page.locator("html")).to_have_attribute("data-site-version", old)
    names = shoe_page.evaluate("caches.keys()")
    assert f"shell-{new}" in names
    assert all(name.endswith(new) for name in names), names
    # The shoe's page, kept by the old version, is kept again as the new one draws it.
    shoe_url = live_server.url + reverse("tracker:shoe", args=[shoe.pk])
    assert shoe_page.evaluate(
        "async ([name, url]) => (await (await caches.open(name)).match(url)) !== undefined",
        [f"pages-{new}", shoe_url],
    )
    # The old page's write is refused, with the reason, and nothing is recorded.
    answer = shoe_page.evaluate(
        """async ([url, version]) => {
          const token = document.querySelector("[name=csrfmiddlewaretoken]").value;
          const response = await fetch(url, {
            method: "POST",
            headers: { "X-Site-Version": version, "X-CSRFToken": token,
                       "Content-Type": "application/x-www-form-urlencoded" },
            body: "outcome=B",
          });
          return [response.status, await response.text(), response.headers.get("X-Site-Version")];
        }""",
        [reverse("tracker:record", args=[shoe.pk]), old],
    )
    assert answer == [409, REASON, new]
    assert shoe.hands.count() == 0
    # Reload: the page of the new version, served by the new worker.
    shoe_page.get_by_role("button", name="Reload").click()
    expect(shoe_page.locator("html")).to_have_attribute("data-site-version", new)
    expect(shoe_page.get_by_role("heading", level=1)).to_have_text("Update shoe")


def test_a_shoe_page_opened_before_the_worker_took_over_is_kept(live_server, worker_context):
    """The first page of a visit is loaded before the worker exists, so it went past it: the
    page asks the worker to keep it all the same, and it reopens with no signal."""
    page = worker_context.new_page()
    # The index's own registration refused (in the page: the browser fetches /sw.js when it
    # pleases, maybe after a route taken away on load): the shoe's page registers it first.
    index = reverse("tracker:index")
    page.add_init_script(
        f"""if (location.pathname === {index!r}) {{
          navigator.serviceWorker.register = () => Promise.reject(new Error("refused"));
        }}"""
    )
    page.goto(live_server.url + index)
    page.get_by_label("Name").fill("First page shoe")
    page.get_by_role("button", name="Start the shoe").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("First page shoe")
    assert page.evaluate("navigator.serviceWorker.controller") is None
    shoe_url = page.url
    kept_beads(page, shoe_url, 0)  # kept, though no hand was recorded on it

    worker_context.set_offline(True)
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_have_text("First page shoe")


def test_a_shoe_page_the_device_never_kept_says_so_with_no_signal(live_server, worker_context):
    """Offline, a shoe's address whose page was never kept: the worker's stand-in says the
    page is not on this device and how many hands wait for it, and a shoe can be started."""
    page = worker_context.new_page()
    page.goto(live_server.url + reverse("tracker:index"))
    page.wait_for_function(CONTROLLED)
    # Two hands kept for shoe 999, as the queue keeps them (static/js/record-keep.js).
    page.evaluate(
        """() => localStorage.setItem('tracker-queue:/tracker/999/hands/', JSON.stringify({
          time: Date.now(),
          hands: ['B', 'P'].map(outcome =>
            ({kind: 'hand', outcome, flags: [], key: outcome.repeat(32)}))}))"""
    )
    worker_context.set_offline(True)
    page.goto(live_server.url + "/tracker/999/")
    expect(page.get_by_role("heading", level=1)).to_have_text("This page is not on this device")
    expect(page.locator("#shoe-help")).to_have_text(
        "It was not kept before the signal went, so it opens only with a signal. The 2 hands "
        "recorded on it are kept here, and are sent when it opens."
    )
    expect(page.locator("#board")).to_be_hidden()
    page.get_by_label("Name").fill("Stand-in shoe")
    page.get_by_role("button", name="Start the shoe").click()
    expect(page).to_have_url(re.compile(r"/tracker/offline/#[0-9a-f]{12}$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Stand-in shoe")
