"""Habits of the suite itself: a browser test waits for what it expects (Playwright's
`expect`, `wait_for_url`, `expect_response`, a locator's `wait_for`), never for a fixed time;
and a fixture is written once, in the narrowest conftest.py its users share (helpers that are
not fixtures go in a plainly named module: tests/htmx.py, tests/browsing.py, ...)."""

import ast
from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parent
# The browser tests, and the steps they share.
BROWSER_MODULES = [*sorted((TESTS / "e2e").rglob("*.py")), TESTS / "browsing.py"]
FIXED_WAITS = {"sleep", "wait_for_timeout"}

# Fixtures defined in more than one module on purpose, each overriding another of the same
# name for its own module: {name: the modules, relative to tests/}.
OVERRIDES = {
    # pytest-django's client, as one that answers a 500 (and logs it) as production does
    # instead of raising the view's exception into the test; only the error pages' modules
    # want it, and a conftest.py would give it to every test in their folder.
    "client": {
        "web/baccarat_site/test_error_pages.py",
        "web/baccarat_site/test_error_pages_chinese.py",
    },
}


def fixed_waits(source: str) -> list[int]:
    """The lines calling time.sleep, asyncio.sleep, a bare sleep or wait_for_timeout."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            called = node.func
            name = called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")
            if name in FIXED_WAITS:
                lines.append(node.lineno)
    return lines


def fixture_names(source: str) -> list[str]:
    """The fixtures a module defines (a name= given to pytest.fixture wins)."""
    names = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for decorator in node.decorator_list:
            call = decorator if isinstance(decorator, ast.Call) else None
            if ast.unparse(call.func if call else decorator) not in ("pytest.fixture", "fixture"):
                continue
            given = [k.value for k in (call.keywords if call else []) if k.arg == "name"]
            names.append(given[0].value if given else node.name)
    return names


def test_the_checks_see_what_they_look_for():
    waits = "import time\ntime.sleep(1)\npage.wait_for_timeout(100)\nsleep(2)\nexpect(x)\n"
    assert fixed_waits(waits) == [2, 3, 4]
    fixtures = """
import pytest
from pytest import fixture

@pytest.fixture
def plain(): ...

@pytest.fixture(autouse=True, scope="module")
def called(): ...

@pytest.fixture(name="renamed")
def _renamed(): ...

@fixture
def bare(): ...

def helper(): ...
"""
    assert sorted(fixture_names(fixtures)) == ["bare", "called", "plain", "renamed"]


def test_no_browser_test_waits_a_fixed_time():
    found = [
        f"{path.relative_to(TESTS)}:{line}"
        for path in BROWSER_MODULES
        for line in fixed_waits(path.read_text(encoding="utf-8"))
    ]
    assert found == [], (
        "wait for what the test expects (expect(...), page.wait_for_url, page.expect_response, "
        "locator.wait_for; browsing.a_moment_later moves the page's clock), not a fixed time: "
        + ", ".join(found)
    )


def test_each_fixture_is_defined_once():
    where = defaultdict(set)
    for path in sorted(TESTS.rglob("*.py")):
        for name in fixture_names(path.read_text(encoding="utf-8")):
            where[name].add(path.relative_to(TESTS).as_posix())
    repeated = {
        name: sorted(modules)
        for name, modules in where.items()
        if len(modules) > 1 and modules != OVERRIDES.get(name)
    }
    assert repeated == {}, (
        "define each fixture once, in the narrowest conftest.py its users share "
        "(or give different fixtures different names)"
    )
