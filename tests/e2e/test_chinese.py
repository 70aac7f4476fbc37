"""The site as a Chinese reader uses it, in a real browser: the pages in both
scripts on a phone and a desktop (nothing scrolls sideways, the header stays one row, no
number in a table is broken across lines, controls stay a thumb tall), axe-core on a few of
them, the language switch by keyboard and by touch (same page, then remembered), a first
visit following the browser's language, the tracker at the table (莊 / 閒 / 和 buttons,
beads and keys), and our scripts' sentences (the theme switch, a refused write) in Chinese.

ZH_SHOTS=/tmp/zh-shots keeps a full-page screenshot of every Chinese page at 360 and 1280 px
there, to look at."""

import os
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from browsing import AXE_SCHEMES, a_moment_later, start_shoe
from playwright.sync_api import Browser, Page, expect

from tracker.models import Shoe

CHINESE = ["zh-hant", "zh-hans"]
# What each script says, as its catalogue words it (locale/*/LC_MESSAGES).
WORDS = {
    "zh-hant": {
        "tag": "zh-Hant",
        "name": "繁體中文",
        "menu": "選單",
        "outcomes": ("莊", "閒", "和"),
        "shoe name": "名稱",
        "start": "開始這靴牌",
        "to dark": "切換至深色主題",
        "dark on": "已使用深色主題。",
        "banker 3": "莊家 3 點",
        "odds": "機率計算器",
        # refusals.js on a 429 page (templates/429.html) answered with Retry-After: 5.
        "429 page": ("請求太多", "這個瀏覽器在短時間內送出的請求，超過了本網站接受的數量。"),
        "refused": "請求太多：這個瀏覽器在短時間內送出的請求，超過了本網站接受的數量。"
        "沒有儲存任何內容：請 5 秒後再試。",
    },
    "zh-hans": {
        "tag": "zh-Hans",
        "name": "简体中文",
        "menu": "菜单",
        "outcomes": ("庄", "闲", "和"),
        "shoe name": "名称",
        "start": "开始这靴牌",
        "to dark": "切换至深色主题",
        "dark on": "已使用深色主题。",
        "banker 3": "庄家 3 点",
        "odds": "概率计算器",
        "429 page": ("请求太多", "这个浏览器在短时间内发送的请求，超过了本网站接受的数量。"),
        "refused": "请求太多：这个浏览器在短时间内发送的请求，超过了本网站接受的数量。"
        "没有保存任何内容：请 5 秒后再试。",
    },
}
PAGES = [
    "/", "/rules/", "/rules/banker/3/", "/hands/?cards=4,A,A,3,8", "/hands/practice/",
    "/odds/", "/tracker/", "/tracker/import/", "/lessons/", "/lessons/big-eye-boy/rule-1/",
    "/quiz/", "/quiz/progress/", "/glossary/", "/sources/", "/lab/", "/accounts/signup/",
    "/dealer/", "/dealer/commission/", "/dealer/calling/", "/dealer/table/",
    "/odds/counting/", "/odds/counting/systems/?shoes=2",
]  # fmt: skip
SHOE_PAGE = "/tracker/{pk}/"  # a shoe of HANDS, this browser's own
HANDS = "BBPTPBPPBBBPTBPBBPPPBTBPBPPBBB"
# The pages whose controls test_phone.py holds to 48 px on a touch screen in English.
THUMB_PAGES = {"/tracker/", "/odds/", "/hands/?cards=4,A,A,3,8", "/quiz/", "/glossary/"}
# The boxes test_phone.py checks show their whole table on a phone.
TABLE_PAGES = {"/rules/", "/rules/banker/3/"}
SIZES = [(360, 740), (390, 844), (1280, 800)]
SHOTS = os.environ.get("ZH_SHOTS")

# A number in a table cell split over two lines ("12" above "6", "14.74" above "%"), as a
# column squeezed by its Chinese neighbours showed them.
BROKEN_NUMBERS = r"""() => {
  const found = [];
  const walker = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    const cell = node.parentElement.closest("td, th");
    if (!cell || node.parentElement.closest("svg, .visually-hidden")) continue;
    if (!node.parentElement.checkVisibility()) continue;
    for (const match of node.data.matchAll(/\d[\d.,]*%?/g)) {
      if (match[0].length < 2) continue;
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      if (lines.size > 1) found.push(match[0]);
    }
  }
  return found;
}"""
# test_phone.py's controls and lone links, shorter than a thumb.
SMALL_CONTROLS = """() => [...document.querySelectorAll(
    'main button, main select, main input:not([type=hidden]), main label,'
    + ' .quiz-topics a, .letter-index a, .site-footer li a, header summary')]
  .filter(e => e.getBoundingClientRect().height > 0)
  .filter(e => !(e.tagName === 'INPUT' && ['radio', 'checkbox'].includes(e.type)))
  .filter(e => e.tagName !== 'LABEL' || e.querySelector('input[type=checkbox], input[type=radio]'))
  .filter(e => e.getBoundingClientRect().height < 48)
  .map(e => e.tagName + ' ' + e.textContent.trim().slice(0, 20))"""
CUT_TABLES = """() => [...document.querySelectorAll('.table-scroll')]
  .filter(box => box.scrollWidth > box.clientWidth)
  .map(box => box.querySelector('table').className)"""


def new_page(browser: Browser, width, height, **options) -> Page:
    phone = width < 800
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone, **options
    )
    return context.new_page()


def shoe_with_hands(live_server, page: Page) -> Shoe:
    shoe = start_shoe(live_server, page, "Shoe at the table")
    for outcome in HANDS:
        shoe.record(outcome)
    return shoe


def start_chinese_shoe(live_server, page: Page, language, name) -> Shoe:
    """browsing.start_shoe, through the form as a Chinese page words it."""
    words = WORDS[language]
    page.goto(f"{live_server.url}/{language}/tracker/")
    page.get_by_label(words["shoe name"]).fill(name)
    page.get_by_role("button", name=words["start"]).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(name)
    page.wait_for_load_state("load")
    page.wait_for_function("() => window.htmx !== undefined")
    return Shoe.objects.get(name=name)


def shown_beads(page: Page):
    """What each bead on the Bead Plate shows: the letter of the glyph it draws."""
    return page.evaluate(
        """() => [...document.querySelectorAll('#road-bead_plate use.bead')]
            .map(bead => document.querySelector(bead.getAttribute('href')).textContent.trim())"""
    )


@pytest.mark.same_on_any_database
@pytest.mark.parametrize("width, height", SIZES, ids=[str(w) for w, _ in SIZES])
def test_pages_fit_the_screen_in_both_scripts(live_server, browser: Browser, width, height):
    page = new_page(browser, width, height)
    shoe = shoe_with_hands(live_server, page)
    paths = [*PAGES, SHOE_PAGE.format(pk=shoe.pk)]
    problems = []
    for language in ["en", *CHINESE]:
        prefix = "" if language == "en" else f"/{language}"
        for path in paths:
            here = f"{prefix}{path}"
            assert page.goto(live_server.url + here).status == 200, here
            # On an emulated phone a page wider than the screen widens innerWidth with it:
            # measured against the screen's own width, as test_phone.py does.
            wide = page.evaluate("document.scrollingElement.scrollWidth")
            if wide > width:
                problems.append(f"{here}: {wide} px wide")
            header = page.locator(".site-header").bounding_box()["height"]
            if header > 80:
                problems.append(f"{here}: the header is {header:.0f} px tall (two rows)")
            if language == "en":
                continue  # English is held to the rest by test_phone.py
            expect(page.locator("html")).to_have_attribute("lang", WORDS[language]["tag"])
            if broken := page.evaluate(BROKEN_NUMBERS):
                problems.append(f"{here}: numbers broken across lines: {broken}")
            if width == 360 and path in THUMB_PAGES and (small := page.evaluate(SMALL_CONTROLS)):
                problems.append(f"{here}: shorter than 48 px: {small}")
            if width < 800 and path in TABLE_PAGES and (cut := page.evaluate(CUT_TABLES)):
                problems.append(f"{here}: tables cut: {cut}")
            if SHOTS and width in (360, 1280):
                name = here.strip("/").replace("/", "_").replace("?", "_")
                page.screenshot(path=Path(SHOTS) / f"{width}-{name}.png", full_page=True)
    page.context.close()
    assert problems == []


# Each script once, at a phone's width and a desktop's (the two headers), in both schemes.
@pytest.mark.same_on_any_database
@pytest.mark.parametrize(
    "language, width, height", [("zh-hant", 390, 844), ("zh-hans", 1280, 800)], ids=CHINESE
)
def test_axe_finds_nothing_on_chinese_pages(live_server, browser: Browser, language, width, height):
    page = new_page(browser, width, height, reduced_motion="reduce")
    shoe = shoe_with_hands(live_server, page)
    axe = Axe()
    found = []
    for path in ("/", "/rules/", "/lessons/big-eye-boy/rule-1/", SHOE_PAGE.format(pk=shoe.pk),
                 "/glossary/", "/sources/"):  # fmt: skip
        here = f"/{language}{path}"
        assert page.goto(live_server.url + here).status == 200, here
        expect(page.locator("html")).to_have_attribute("lang", WORDS[language]["tag"])
        for scheme, options in AXE_SCHEMES.items():
            page.emulate_media(color_scheme=scheme)
            for violation in axe.run(page, options=options).response["violations"]:
                targets = [str(node["target"]) for node in violation["nodes"][:3]]
                found.append(f"{here} ({scheme}): {violation['id']} at {', '.join(targets)}")
    page.context.close()
    assert found == []


def by_keyboard(page: Page, name):
    """Tab to the header's language button, open it, Tab to `name` and press Enter."""
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.language-menu > summary')"):
            break
    else:
        raise AssertionError("Tab never reached the language switch")
    page.keyboard.press("Enter")
    choice = page.locator(".language-switch button", has_text=name)
    expect(choice).to_be_visible()
    for _ in range(3):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent") == name:
            break
    expect(choice).to_be_focused()
    page.keyboard.press("Enter")


def by_touch(page: Page, name):
    """Tap the Menu button, then the language, each a thumb tall."""
    menu = page.locator("summary", has=page.locator(".menu-icon"))
    assert menu.bounding_box()["height"] >= 48
    menu.tap()
    choice = page.get_by_role("button", name=name, exact=True)
    expect(choice).to_be_visible()
    assert choice.bounding_box()["height"] >= 48
    choice.tap()


@pytest.mark.same_on_any_database
@pytest.mark.parametrize(
    "width, height, choose", [(1280, 800, by_keyboard), (390, 844, by_touch)], ids=["keys", "taps"]
)
def test_the_switch_goes_to_the_same_page_and_is_remembered(
    live_server, browser: Browser, width, height, choose
):
    page = new_page(browser, width, height, locale="en-US")
    words = WORDS["zh-hant"]
    page.goto(live_server.url + "/rules/banker/3/")
    choose(page, words["name"])
    expect(page).to_have_url(live_server.url + "/zh-hant/rules/banker/3/")
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    expect(page.get_by_role("heading", level=1)).to_have_text(words["banker 3"])
    # An English address now answers with the same page in the language chosen.
    page.goto(live_server.url + "/odds/")
    expect(page).to_have_url(live_server.url + "/zh-hant/odds/")
    expect(page.get_by_role("heading", level=1)).to_have_text(words["odds"])
    choose(page, "English")
    expect(page).to_have_url(live_server.url + "/odds/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.goto(live_server.url + "/rules/")
    expect(page).to_have_url(live_server.url + "/rules/")
    expect(page.get_by_role("heading", level=1)).to_have_text("The rules of punto banco")
    page.context.close()


@pytest.mark.same_on_any_database
@pytest.mark.parametrize(
    "locale, lands_on",
    [("zh-HK", "/zh-hant/"), ("zh-TW", "/zh-hant/"), ("zh-CN", "/zh-hans/"), ("en-US", "/")],
)
def test_a_first_visit_follows_the_browsers_language(
    live_server, browser: Browser, locale, lands_on
):
    page = new_page(browser, 390, 844, locale=locale)
    page.goto(live_server.url + "/")
    expect(page).to_have_url(live_server.url + lands_on)
    tag = {"/": "en", "/zh-hant/": "zh-Hant", "/zh-hans/": "zh-Hans"}[lands_on]
    expect(page.locator("html")).to_have_attribute("lang", tag)
    page.context.close()


def test_the_tracker_at_the_table_in_chinese(live_server, browser: Browser):
    # A phone: tapped buttons reading 莊 / 閒 / 和 (no key hints on a touch screen).
    page = new_page(browser, 390, 844)
    shoe = start_chinese_shoe(live_server, page, "zh-hant", "台北一靴")
    banker, player, tie = (
        page.get_by_role("button", name=word, exact=True) for word in WORDS["zh-hant"]["outcomes"]
    )
    for button in (banker, player, tie):
        box = button.bounding_box()
        assert box["height"] >= 48 and box["y"] + box["height"] <= 844
    for count, button in enumerate((banker, player, tie, banker), start=1):
        button.tap()
        expect(page.locator("#road-bead_plate use.bead")).to_have_count(count)
        a_moment_later(page)  # a second tap within 250 ms is a double tap (tracker.js)
    assert shown_beads(page) == ["莊", "閒", "和", "莊"]
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == "BPTB"
    page.context.close()
    # A desktop, in Simplified: the keys B, P and T record as in English.
    page = new_page(browser, 1280, 800)
    shoe = start_chinese_shoe(live_server, page, "zh-hans", "上海一靴")
    expect(page.locator("button.outcome.banker")).to_have_text("庄 B")
    for count, key in enumerate("bpt", start=1):
        page.keyboard.press(key)
        expect(page.locator("#road-bead_plate use.bead")).to_have_count(count)
    assert shown_beads(page) == ["庄", "闲", "和"]
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == "BPT"
    page.context.close()


@pytest.mark.same_on_any_database
@pytest.mark.parametrize("language", CHINESE)
def test_our_scripts_speak_the_pages_chinese(live_server, browser: Browser, language):
    words = WORDS[language]
    page = new_page(browser, 390, 844)
    shoe = start_chinese_shoe(live_server, page, language, "Refused")
    assert page.evaluate("typeof window.gettext") == "function"  # the catalogue loaded
    # theme.js: the switch in the phone's menu, announced in the page's language.
    menu = page.locator("summary", has_text=words["menu"])
    menu.tap()
    page.get_by_role("button", name=words["to dark"]).tap()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.locator("#live")).to_have_text(words["dark on"])
    menu.tap()
    # refusals.js: a write the server refuses (429, as the throttle answers) says so,
    # where it is seen, with the error page's own words and the wait it asks for.
    title, lead = words["429 page"]
    page.route(
        "**/tracker/*/hands/",
        lambda route: route.fulfill(
            status=429,
            headers={"Retry-After": "5"},
            content_type="text/html; charset=utf-8",
            body=f'<main><h1>{title}</h1><p class="lead">{lead}</p></main>',
        ),
    )
    page.get_by_role("button", name=words["outcomes"][1], exact=True).tap()
    notice = page.locator("#request-error")
    expect(notice).to_have_text(words["refused"])
    expect(notice).to_have_attribute("role", "alert")
    box = notice.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844  # on screen, wherever it is
    assert shoe.hands.count() == 0
    expect(page.locator("#road-bead_plate use.bead")).to_have_count(0)
    page.context.close()


@pytest.mark.same_on_any_database
@pytest.mark.parametrize("width", [960, 1024, 1200, 1279, 1280, 1440])
def test_the_header_is_one_row_at_every_desktop_width(live_server, browser: Browser, width):
    """Below 1280 px the navigation sits behind the Menu button (with the language switch it
    would wrap into a second row there); from 1280 it is in the row. One row either way, in
    every language."""
    page = new_page(browser, width, 800)
    for prefix in ("", "/zh-hant", "/zh-hans"):
        page.goto(f"{live_server.url}{prefix}/rules/")
        assert page.locator(".site-header").bounding_box()["height"] <= 80, (prefix, width)
        assert page.locator(".site-menu > summary").is_visible() == (width < 1280)
    page.context.close()
