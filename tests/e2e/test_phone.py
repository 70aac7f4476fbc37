"""Every page in the nav on a phone: nothing scrolls sideways, the header is one
row with a Menu button (a <details>, so it works without JavaScript) and no keyboard hints
on a touch screen; on a desktop the navigation is in the header row, hints and all."""

import pytest
from browsing import a_moment_later
from playwright.sync_api import Browser, expect

# How the pages fit a phone: the templates and site.css decide it, not the database.
pytestmark = pytest.mark.same_on_any_database

PHONES = [(360, 740), (390, 844)]
PAGES = [
    "/", "/rules/", "/rules/banker/3/", "/hands/?cards=4,A,A,3,8", "/hands/practice/",
    "/odds/", "/tracker/", "/tracker/import/", "/lessons/", "/lessons/foundations/card-values/",
    "/glossary/", "/quiz/", "/quiz/progress/", "/quiz/speed/", "/accounts/login/", "/lab/",
]  # fmt: skip


@pytest.mark.parametrize("phone", PHONES, indirect=True, ids=["360", "390"])
def test_no_page_in_the_nav_scrolls_sideways_and_the_header_is_one_row(live_server, phone):
    page, width = phone, phone.viewport_size["width"]
    wide = []
    for path in PAGES:
        assert page.goto(live_server.url + path).status == 200, path
        # On an emulated phone a page wider than the screen widens innerWidth with it, so
        # the page is measured against the phone's own width.
        if page.evaluate("document.scrollingElement.scrollWidth") > width:
            wide.append(path)
        header = page.locator(".site-header").bounding_box()
        assert header["height"] <= 80, (path, header)
    assert wide == []


@pytest.mark.parametrize("phone", PHONES[:1], indirect=True, ids=["360"])
def test_the_menu_opens_the_navigation_and_hints_for_keys_are_hidden(live_server, phone):
    page = phone
    page.goto(live_server.url + "/tracker/")
    glossary = page.get_by_role("link", name="Glossary")
    expect(glossary).to_be_hidden()
    menu = page.locator("summary", has_text="Menu")
    assert menu.bounding_box()["height"] >= 48
    menu.click()
    expect(glossary).to_be_visible()
    assert page.evaluate("document.querySelector('details.site-menu').open")
    assert glossary.bounding_box()["height"] >= 48
    glossary.click()
    expect(page).to_have_url(live_server.url + "/glossary/")
    # A touch screen has no B / P / T keys to press: no hint says so.
    page.goto(live_server.url + "/hands/practice/")
    page.get_by_role("button", name="Deal a hand").click()
    expect(page.locator("button kbd").first).to_be_hidden()
    expect(page.locator(".keys").first).to_be_hidden()
    # Nor does the speed drill, once a question is up.
    page.goto(live_server.url + "/quiz/speed/")
    page.get_by_role("button").filter(has_text="Start").first.tap()
    expect(page.locator(".quiz-answer").first).to_be_visible()
    expect(page.locator(".keys").first).to_be_hidden()
    expect(page.locator("button kbd").first).to_be_hidden()


def test_on_a_desktop_the_navigation_is_in_the_header_row(live_server, browser: Browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(live_server.url + "/rules/")
    expect(page.locator("summary", has_text="Menu")).to_be_hidden()
    expect(page.get_by_role("link", name="Glossary")).to_be_visible()
    assert page.locator(".site-header").bounding_box()["height"] <= 80
    page.goto(live_server.url + "/hands/practice/")
    page.get_by_role("button", name="Deal a hand").click()
    expect(page.locator("button kbd").first).to_be_visible()  # a keyboard: hints shown
    context.close()


@pytest.mark.parametrize("phone", PHONES, indirect=True, ids=["360", "390"])
def test_the_record_bar_stays_in_reach_while_the_roads_scroll(live_server, phone):
    page, width = phone, phone.viewport_size["width"]
    page.goto(live_server.url + "/tracker/")
    page.get_by_label("Name").fill("At the table")
    page.get_by_role("button", name="Start the shoe").click()
    page.wait_for_function("() => window.htmx !== undefined")
    banker = page.get_by_role("button", name="Banker", exact=True)
    for count in range(1, 7):
        banker.click()
        expect(page.locator("#road-bead_plate use.bead")).to_have_count(count)
        # A person's next tap: a second tap on Banker within 250 ms is a double tap, one
        # hand (static/js/tracker.js).
        a_moment_later(page)
    height = page.viewport_size["height"]
    for scrolled in (0, 600, 5000):
        page.evaluate(f"window.scrollTo(0, {scrolled})")
        bar = page.locator(".controls").bounding_box()
        assert bar["y"] >= 0 and bar["y"] + bar["height"] <= height, (scrolled, bar)
    for name in ("Banker", "Player", "Tie", "Undo"):
        box = page.get_by_role("button", name=name).first.bounding_box()
        assert box["height"] >= 48 and box["y"] + box["height"] <= height, name
    for label in ("Player pair", "Banker pair", "Natural"):
        tick = page.get_by_role("checkbox", name=label)
        assert tick.locator("xpath=..").bounding_box()["height"] >= 48, label
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    page.get_by_role("button", name="Player").click()  # still records from the bar
    expect(page.locator("#road-bead_plate use.bead")).to_have_count(7)


@pytest.mark.parametrize("phone", PHONES, indirect=True, ids=["360", "390"])
def test_the_rule_tables_and_the_tableau_fit_without_hiding_a_cell(live_server, phone):
    page = phone
    for path in ("/rules/", "/rules/banker/3/", "/hands/?cards=4,3,A,K,8&step=5"):
        page.goto(live_server.url + path)
        cut = page.evaluate(
            """() => [...document.querySelectorAll('.table-scroll')]
                .filter(box => box.scrollWidth > box.clientWidth)
                .map(box => box.querySelector('table').className)"""
        )
        assert cut == [], (path, cut)
    # The cells that matter most sit at the right-hand edge: Banker 3 against an 8.
    page.goto(live_server.url + "/rules/")
    cell = page.locator('table.tableau td[data-cell="3-8"]')
    box, screen = cell.bounding_box(), page.viewport_size
    assert 0 <= box["x"] and box["x"] + box["width"] <= screen["width"]
    expect(cell).to_have_text("S")


@pytest.mark.parametrize("phone", PHONES, indirect=True, ids=["360", "390"])
def test_the_walkthrough_and_the_dealer_open_on_the_cards_and_the_question(live_server, phone):
    page = phone
    height = page.viewport_size["height"]
    page.goto(live_server.url + "/hands/?cards=4,3,A,K,8&step=5")
    for part in ("#walk .felt", "li.current h3"):
        box = page.locator(part).bounding_box()
        assert box["y"] + box["height"] <= height, part
    expect(page.locator("li.current .tag")).to_have_count(0)  # not "done" while being read
    next_link = page.get_by_role("link", name="Next →")
    box = next_link.bounding_box()
    assert box["height"] >= 48 and box["y"] + box["height"] <= height
    next_link.click()
    expect(page.locator("li.current h3")).to_contain_text("6. The result")
    page.goto(live_server.url + "/hands/practice/")
    page.get_by_role("button", name="Deal a hand").click()
    answer = page.locator("button.practice-answer").first.bounding_box()
    assert answer["y"] + answer["height"] <= height


@pytest.mark.parametrize("phone", PHONES[:1], indirect=True, ids=["360"])
def test_controls_and_lone_links_are_a_thumb_tall_on_a_touch_screen(live_server, phone):
    page = phone
    small = []
    for path in ("/tracker/", "/odds/", "/hands/?cards=4,A,A,3,8", "/quiz/", "/glossary/",
                 "/accounts/login/"):  # fmt: skip
        page.goto(live_server.url + path)
        small += page.evaluate(
            """(path) => [...document.querySelectorAll(
                'main button, main select, main input:not([type=hidden]), main label,'
                + ' .quiz-topics a, .letter-index a, .site-footer li a, header summary')]
              .filter(e => e.getBoundingClientRect().height > 0)
              .filter(e => !(e.tagName === 'INPUT' && ['radio', 'checkbox'].includes(e.type)))
              .filter(e => e.tagName !== 'LABEL' || e.querySelector('input[type=checkbox],'
                                                                 + 'input[type=radio]'))
              .filter(e => e.getBoundingClientRect().height < 48)
              .map(e => path + ' ' + e.tagName + ' ' + e.textContent.trim().slice(0, 20))""",
            path,
        )
    assert small == []
