"""Browser tests: Playwright drives Debian's Chromium against pytest-django's live_server.

Playwright's own browser download is never used: the browser is $CHROMIUM_PATH or
/usr/bin/chromium. Without one, every test in this folder is skipped with one clear line.
"""

import os
import shutil
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in the test thread; Django then refuses database
# calls from it unless told this is deliberate. Only the browser tests need it.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

E2E_DIR = Path(__file__).resolve().parent
NO_CHROMIUM = (
    "Chromium not found (set CHROMIUM_PATH or apt-get install chromium): skipping browser tests"
)


def chromium_path():
    """$CHROMIUM_PATH when set (so CHROMIUM_PATH=none skips on purpose), else Debian's."""
    candidate = os.environ.get("CHROMIUM_PATH") or "/usr/bin/chromium"
    return shutil.which(candidate)


def pytest_collection_modifyitems(config, items):
    # This hook sees the whole session's items, not only this folder's.
    browser_tests = [item for item in items if E2E_DIR in item.path.parents]
    for item in browser_tests:
        item.add_marker(pytest.mark.e2e)
        item.add_marker(pytest.mark.slow)
    if browser_tests and chromium_path() is None:
        skip = pytest.mark.skip(reason=NO_CHROMIUM)
        for item in browser_tests:
            item.add_marker(skip)
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(NO_CHROMIUM, yellow=True, bold=True)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": chromium_path(),
        "headless": browser_type_launch_args.get("headless", True),
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """No service worker (/sw.js) in the browser tests' pages but those of
    tests/e2e/test_service_worker.py: one that took over a page would answer requests that a
    test routes itself, and keeping the tracker's shell costs every test its downloads."""
    return {**browser_context_args, "service_workers": "block"}


class WorkerlessBrowser:
    """The session's browser, whose new contexts and pages block the service worker unless a
    test asks for it: as browser_context_args above, for the contexts tests open themselves
    (page.route does not see a request that goes through a service worker, so a routed
    request could otherwise reach the live server now and then)."""

    def __init__(self, browser):
        self._browser = browser

    def __getattr__(self, name):
        return getattr(self._browser, name)

    def new_context(self, **options):
        return self._browser.new_context(**{"service_workers": "block", **options})

    def new_page(self, **options):
        return self._browser.new_page(**{"service_workers": "block", **options})


@pytest.fixture(scope="session")
def browser(browser):
    return WorkerlessBrowser(browser)


@pytest.fixture
def phone(browser, request):
    """A page on a phone's touch screen: 360 × 740 px, or the (width, height) a test gives
    with @pytest.mark.parametrize("phone", [...], indirect=True)."""
    width, height = getattr(request, "param", (360, 740))
    context = browser.new_context(
        viewport={"width": width, "height": height},
        is_mobile=True,
        has_touch=True,
    )
    yield context.new_page()
    context.close()
