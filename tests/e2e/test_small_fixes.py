"""Small things a phone shows up: the highlighted target keeps its text readable, the
tableau's row links are big enough to tap, and Chinese is never set in italics."""

import pytest
from playwright.sync_api import expect

from baccarat.teaching.questions import banker_rule


@pytest.mark.same_on_any_database
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_target_is_marked_beside_it_not_tinted_behind_its_text(live_server, page, scheme):
    page.emulate_media(color_scheme=scheme)
    page.goto(live_server.url + "/rules/#tableau")
    target = page.locator("section#tableau")
    expect(target).to_be_visible()
    style = target.evaluate(
        "(e) => { const s = getComputedStyle(e); return [s.backgroundColor, s.boxShadow] }"
    )
    assert style[0] == "rgba(0, 0, 0, 0)"  # the page's own background: its contrast holds
    assert style[1] != "none"  # the bar at its side


@pytest.mark.same_on_any_database
@pytest.mark.parametrize("phone", [(360, 740)], indirect=True)
def test_the_tableaus_row_links_are_44_px_tap_targets(live_server, phone):
    phone.goto(live_server.url + "/rules/")
    links = phone.locator("table.tableau tbody th a")
    expect(links).to_have_count(8)
    for link in links.all():
        box = link.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= 360


@pytest.mark.same_on_any_database
def test_chinese_is_never_slanted(live_server, page, monkeypatch):
    # The verdict's rule sentence is set in italics in English; in Chinese it must not be.
    monkeypatch.setattr(
        "quiz.views.random_question", lambda rng, kind=None: banker_rule(rng, "banker:3:8")
    )
    for language, slant in (("", "italic"), ("/zh-hant", "normal"), ("/zh-hans", "normal")):
        page.goto(live_server.url + language + "/quiz/banker-rule/")
        page.wait_for_function("() => window.htmx !== undefined")
        page.keyboard.press("s")
        rule = page.locator("#quiz-feedback .rule")
        expect(rule).to_be_visible()
        assert rule.evaluate("(e) => getComputedStyle(e).fontStyle") == slant, language
