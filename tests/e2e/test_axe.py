"""axe-core (4.11, through axe-playwright-python) finds nothing on the site's pages:
every page in the nav, plus a shoe with its roads, lessons with boards, hands and checks, a
quiz question of each kind of table, the practice dealer, the progress page, sign-up and
import, at a phone's width and a desktop's, each in the light and the dark colour scheme (the
browser's setting, emulated). Default rules, every impact, in the light scheme; the rules that
read colours in the dark one too: color-contrast holds both schemes to AA."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from browsing import AXE_SCHEMES, start_shoe
from django.urls import reverse
from playwright.sync_api import Browser

PAGES = [
    "/", "/rules/", "/rules/banker/3/", "/hands/?cards=4,A,A,3,8", "/hands/practice/",
    "/hands/?cards=3,?,2&squeeze=six_to_eight&squeezed_card=2",
    "/odds/", "/tracker/", "/tracker/stats/", "/tracker/import/", "/tracker/offline/",
    "/lessons/",
    "/lessons/foundations/",
    "/lessons/foundations/who-wins/", "/lessons/big-eye-boy/rule-1/", "/glossary/", "/quiz/",
    "/quiz/banker-rule/", "/quiz/big-road/", "/quiz/card-value/", "/quiz/progress/",
    "/quiz/speed/", "/accounts/signup/", "/accounts/login/", "/faq/",
    "/lessons/banker-rule/why-this-shape/",
    "/lessons/settlement/commission/?settle-1-bet=tie&settle-1-stake=25",
    "/lessons/banker-rule/two-branches/?tableau-1-row=4&tableau-1-card=1&hand-1=9h+7s+K+K",
    "/lessons/foundations/who-wins/?hand-1=3h+7s+K+K",
    "/lessons/settlement/more-side-bets/", "/lessons/play-responsibly/advantage-play/",
    "/patterns/", "/patterns/hall-rooms-banker/", "/dealer/", "/odds/counting/?seed=7",
    "/dealer/commission/?choice=round_25", "/dealer/payouts/?choice=dragon_7", "/dealer/table/",
    "/dealer/calling/", "/dealer/procedure/",
    "/odds/counting/systems/?shoes=2&tag_8=-2&bet=tie",
]  # fmt: skip
REFUSED = {"/lessons/foundations/who-wins/?hand-1=3h+7s+K+K"}
SHOE = "BBPTPBPPBBBPTBPBBPPPBTBPBPPBBBBPBPPTBBPBPPBPBBPTBPPB"


def described(violations):
    return "\n".join(
        f"  {v['id']} ({v['impact']}): {v['help']} at "
        + ", ".join(str(node["target"]) for node in v["nodes"][:3])
        for v in violations
    )


def audit(page, axe, label):
    """What axe finds on the page as it stands, in each scheme (nothing: an empty list).
    axe-core goes into the page once: a scheme changes the colours, not the document."""
    found = []
    page.evaluate(axe.axe_script)
    for scheme, options in AXE_SCHEMES.items():
        page.emulate_media(color_scheme=scheme)
        # Axe.run's own call, without injecting axe-core again.
        violations = page.evaluate("options => axe.run(document, options)", options)["violations"]
        if violations:
            found.append(f"{label} ({scheme}):\n{described(violations)}")
    return found


@pytest.mark.same_on_any_database
@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)], ids=["390", "1280"])
def test_axe_finds_nothing(live_server, browser: Browser, width, height):
    phone = width < 800
    # Less motion: axe reads each page at once, and a card still fading in is not the page.
    context = browser.new_context(
        viewport={"width": width, "height": height},
        is_mobile=phone,
        has_touch=phone,
        reduced_motion="reduce",
    )
    page = context.new_page()
    axe = Axe()
    found = []
    shoe = start_shoe(live_server, page, "Audited shoe")
    for outcome in SHOE:
        shoe.record(outcome)
    paths = [*PAGES, f"/tracker/{shoe.pk}/", f"/tracker/shared/{shoe.share_token}/"]
    # The road sheets: blank, and the shoe's on Letter paper.
    paths += ["/tracker/sheet/", f"/tracker/{shoe.pk}/print/?paper=letter"]
    for path in paths:
        # A board change the page refuses is a 400 that still shows the whole lesson.
        expected = 400 if path in REFUSED else 200
        assert page.goto(live_server.url + path).status == expected, path
        found += audit(page, axe, path)
    # The Bead Plate with winning points (hands with cards and without), beside the panel.
    for outcome, cards in (("B", ["4", "5", "2", "3"]), ("T", ["T", "K", "7", "7"]), ("P", None)):
        shoe.record(outcome, cards=cards)
    context.add_cookies([{"name": "bead", "value": "points", "url": live_server.url}])
    page.goto(live_server.url + f"/tracker/{shoe.pk}/")
    found += audit(page, axe, "shoe with the Bead Plate's winning points")
    context.clear_cookies(name="bead")
    # The practice dealer with a hand on the felt.
    page.goto(live_server.url + "/hands/practice/")
    page.get_by_role("button", name="Deal a hand").click()
    page.locator(".felt .playing-card").first.wait_for()
    found += audit(page, axe, "the practice dealer's felt")
    page.locator("#practice .practice-answer").first.click()
    page.locator("#practice .practice-chances").wait_for()
    found += audit(page, axe, "the practice dealer's win chances")
    # A proof open over the board, and the card keypad open, are pages too.
    page.goto(live_server.url + f"/tracker/{shoe.pk}/")
    page.locator(".card-keypad > summary").click()
    page.locator("#road-big_eye_boy a.mark").last.click()
    page.locator("#proof .proof-text").wait_for()
    found += audit(page, axe, "shoe with a proof and the keypad open")
    # The notice of a request the site turned away, over the header wherever it is.
    page.goto(live_server.url + f"/tracker/{shoe.pk}/")
    page.route(
        live_server.url + reverse("tracker:record", args=[shoe.pk]),
        lambda route: route.fulfill(status=429, headers={"Retry-After": "5"}, body="Busy"),
    )
    page.locator('#record-form button[value="B"]').click()
    page.locator("#request-error").wait_for()
    found += audit(page, axe, "shoe with the refusal notice")
    context.close()
    assert not found, "\n".join(found)
