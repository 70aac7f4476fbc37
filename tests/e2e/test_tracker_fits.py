"""The tracker's scoreboard fits the screen: with the record buttons in view, the newest
column of the Big Road and of the three derived roads is on the first screen, with no page
scroll, on two phones held upright, one turned sideways, and a desktop; in both colour
schemes, in English and in Chinese, however long the shoe. The stats panel's strip of counts
is on the first screen too, whole, except on the phone turned sideways (where the roads take
every row and the strip follows them), and says the shoe's counts."""

import re

import pytest
from browsing import settled, start_shoe
from django.urls import reverse
from playwright.sync_api import expect

# 80 hands; the last 25 are a long Banker streak and a Player, whose dragon tails reach far
# past the newest column.
HANDS = "BBPT" + "PBPPBBBPTBPBBPPPBTBPBPPBBBBPBPPTBBPB" + "PPBPBBPTBPPBPBB" + "B" * 24 + "P"
CHECKPOINTS = (1, 30, 60, 80)
SCREENS = {
    "390x844": (390, 844, True),
    "360x740": (360, 740, True),
    "844x390": (844, 390, True),
    "1280x800": (1280, 800, False),
}
STRIP_ON_FIRST_SCREEN = {"390x844", "360x740", "1280x800"}
ROADS = ("big_road", "big_eye_boy", "small_road", "cockroach_pig")

# Where each road's newest column is drawn (its svg's data-newest, one viewBox unit a
# column), and where the record buttons and the fixed record bar are.
MEASURE = """roads => {
  const rect = e => { const r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  const controls = document.querySelector(".controls");
  const fixed = getComputedStyle(controls).position === "fixed";
  return {
    viewport: {left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight},
    scrollX: window.scrollX, scrollY: window.scrollY,
    scrollWidth: document.scrollingElement.scrollWidth,
    bar: fixed ? rect(controls) : null,
    buttons: [...document.querySelectorAll('#record-form button[name="outcome"]')].map(rect),
    strip: rect(document.querySelector(".stats-strip")),
    // Cut short (an ellipsis, or overflow) the strip would hide a count.
    stripCut: (e => e.scrollWidth > e.clientWidth + 0.5)(document.querySelector(".stats-strip")),
    // A derived mark opens its proof: its cell is a tap target.
    markCells: roads.filter(key => key !== "big_road").map(key => {
      const svg = document.getElementById("road-" + key);
      return svg.getBoundingClientRect().height / svg.viewBox.baseVal.height;
    }),
    roads: roads.map(key => {
      const svg = document.getElementById("road-" + key);
      if (svg.dataset.newest === "") return {key, column: null};
      const box = svg.closest(".road-scroll");
      const s = svg.getBoundingClientRect();
      const cell = s.height / svg.viewBox.baseVal.height;
      const left = s.left + Number(svg.dataset.newest) * cell;
      const b = box.getBoundingClientRect();
      const boxLeft = b.left + box.clientLeft;
      return {key, column: {left, right: left + cell, top: s.top, bottom: s.bottom},
              box: {left: boxLeft, right: boxLeft + box.clientWidth, top: b.top, bottom: b.bottom}};
    }),
  };
}"""


def inside(inner, outer, slack=0.5):
    return (
        inner["left"] >= outer["left"] - slack
        and inner["right"] <= outer["right"] + slack
        and inner["top"] >= outer["top"] - slack
        and inner["bottom"] <= outer["bottom"] + slack
    )


def overlaps(one, other):
    return (
        one["left"] < other["right"] - 0.5
        and other["left"] < one["right"] - 0.5
        and one["top"] < other["bottom"] - 0.5
        and other["top"] < one["bottom"] - 0.5
    )


def problems(page, strip=True):
    seen = page.evaluate(MEASURE, list(ROADS))
    view, found = seen["viewport"], []
    if strip and not inside(seen["strip"], view):
        found.append(f"the strip of counts is off the first screen: {seen['strip']}")
    if strip and seen["bar"] and overlaps(seen["strip"], seen["bar"]):
        found.append("the strip of counts is under the record bar")
    if seen["stripCut"]:
        found.append("the strip of counts is cut short")
    if seen["scrollX"] or seen["scrollY"]:
        found.append(f"the page is scrolled to {seen['scrollX']}, {seen['scrollY']}")
    if seen["scrollWidth"] > view["right"]:
        found.append(f"the page is {seen['scrollWidth']} px wide")
    for button in seen["buttons"]:
        if not inside(button, view):
            found.append(f"a record button is off the screen: {button}")
        if button["bottom"] - button["top"] < 48 - 0.5:
            found.append(f"a record button is {button['bottom'] - button['top']:.0f} px tall")
    for cell in seen["markCells"]:
        if cell < 24 - 0.5:  # the least a tap target may be (WCAG 2.5.8)
            found.append(f"a derived road's cells are {cell:.1f} px")
    for road in seen["roads"]:
        column = road["column"]
        if column is None:
            continue
        if not inside(column, view):
            found.append(f"{road['key']}: newest column {column} is off the screen")
        if not inside(column, road["box"]):
            found.append(f"{road['key']}: newest column {column} is outside its box {road['box']}")
        if seen["bar"] and overlaps(column, seen["bar"]):
            found.append(f"{road['key']}: newest column {column} is under the record bar")
    return found


def expect_strip(page, outcomes):
    """The strip's counts, redrawn with the board: each outcome's, and the hands'."""
    for key, outcome in (("banker", "B"), ("player", "P"), ("tie", "T")):
        expect(page.locator(f'.stats-strip [data-strip="{key}"]')).to_have_text(
            re.compile(rf"\D{outcomes.count(outcome)}$")
        )
    expect(page.locator('.stats-strip [data-strip="hands"]')).to_have_text(
        re.compile(rf"^{len(outcomes)}\D")
    )


def open_shoe(page, live_server, shoe, language):
    prefix = "" if language == "en" else "/zh-hant"
    page.goto(live_server.url + prefix + reverse("tracker:shoe", args=[shoe.pk]))
    page.wait_for_function("() => window.htmx !== undefined")
    settled(page)


@pytest.mark.same_on_any_database
@pytest.mark.parametrize("language", ["en", "zh-hant"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_road_and_the_record_buttons_on_one_screen(
    live_server, browser, screen, scheme, language
):
    width, height, phone = SCREENS[screen]
    context = browser.new_context(
        viewport={"width": width, "height": height},
        is_mobile=phone,
        has_touch=phone,
        color_scheme=scheme,
    )
    page = context.new_page()
    try:
        shoe = start_shoe(live_server, page, f"Fits {screen}")
        recorded = 0
        for count in CHECKPOINTS:
            for outcome in HANDS[recorded:count]:
                shoe.record(outcome)
            recorded = count
            open_shoe(page, live_server, shoe, language)
            expect(page.locator("#road-bead_plate use.bead")).to_have_count(count)
            expect_strip(page, HANDS[:count])
            found = problems(page, screen in STRIP_ON_FIRST_SCREEN)
            assert not found, f"after {count} hands at {screen}, {scheme}, {language}:\n" + (
                "\n".join(found)
            )
        # A few more by tapping (or clicking) the buttons: each redraws the board.
        for outcome in "BPT":
            button = page.locator(f'#record-form button[name="outcome"][value="{outcome}"]')
            if phone:
                button.tap()
            else:
                button.click()
            recorded += 1
            expect(page.locator("#road-bead_plate use.bead")).to_have_count(recorded)
            expect_strip(page, HANDS[:count] + "BPT"[: recorded - count])
        settled(page)
        found = problems(page, screen in STRIP_ON_FIRST_SCREEN)
        assert not found, f"after tapping to {recorded} hands at {screen}:\n" + "\n".join(found)
    finally:
        context.close()


def test_the_bead_plate_folds_by_keyboard_and_stays_folded(live_server, page):
    page.set_viewport_size({"width": 390, "height": 844})
    shoe = start_shoe(live_server, page, "Folded shoe")
    for outcome in HANDS[:12]:
        shoe.record(outcome)
    open_shoe(page, live_server, shoe, "en")
    fold = page.locator("#board details.bead-fold")
    expect(fold).to_have_attribute("open", "")
    page.locator("#board .bead-fold > summary").focus()
    page.keyboard.press("Enter")
    expect(fold).not_to_have_attribute("open", "")
    expect(page.locator("#road-bead_plate")).to_be_hidden()
    # A hand recorded redraws the board, and a reload draws the page: the fold stays shut.
    page.keyboard.press("B")
    expect(page.locator("#road-bead_plate use.bead")).to_have_count(13)
    expect(fold).not_to_have_attribute("open", "")
    page.reload()
    page.wait_for_function("() => window.htmx !== undefined")
    expect(page.locator("#board details.bead-fold")).not_to_have_attribute("open", "")
    page.locator("#board .bead-fold > summary").focus()
    page.keyboard.press("Space")
    expect(page.locator("#board details.bead-fold")).to_have_attribute("open", "")
    expect(page.locator("#road-bead_plate")).to_be_visible()


def test_the_bead_plate_folds_without_javascript(live_server, browser):
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
    page = context.new_page()
    try:
        shoe = start_shoe_without_script(live_server, page)
        for outcome in HANDS[:5]:
            shoe.record(outcome)
        page.reload()
        fold = page.locator("#board details.bead-fold")
        expect(fold).to_have_attribute("open", "")
        page.locator("#board .bead-fold > summary").click()
        expect(fold).not_to_have_attribute("open", "")
        expect(page.locator("#road-bead_plate")).to_be_hidden()
        page.locator("#board .bead-fold > summary").click()
        expect(page.locator("#road-bead_plate")).to_be_visible()
    finally:
        context.close()


def start_shoe_without_script(live_server, page):
    from tracker.models import Shoe

    page.goto(live_server.url + reverse("tracker:index"))
    page.get_by_label("Name").fill("No script")
    page.get_by_role("button", name="Start the shoe").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("No script")
    return Shoe.objects.get(name="No script")
