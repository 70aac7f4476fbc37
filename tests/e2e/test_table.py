"""The tracker at the table: a tapped mark's proof opens in view with the
Big Road's compared columns framed, and a hand entered by its cards on the keypad is
recorded as the engine resolves it. At 360, 390 and 1280 px wide."""

import pytest
from browsing import start_shoe
from playwright.sync_api import Browser, expect

from baccarat.game.shoe import Shoe as Deck
from baccarat.roads.scoreboard import scoreboard
from baccarat.teaching.dealing import dealt

SIZES = [(360, 740), (390, 844), (1280, 900)]
IDS = ["360", "390", "desktop"]
OUTCOMES = "BBPBPPBPBBBPPBPBPBBPPPBPBBPBPBBBPPBPBPBB"  # 40 hands, no tie


@pytest.fixture
def screen(browser: Browser, request):
    width, height = request.param
    touch = width < 800
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=touch, has_touch=touch
    )
    page = context.new_page()
    yield page, width, height, touch
    context.close()


def in_viewport(page, selector):
    return page.evaluate(
        """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
        return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth
               && r.height > 0; }""",
        selector,
    )


@pytest.mark.same_on_any_database
@pytest.mark.parametrize("screen", SIZES, indirect=True, ids=IDS)
def test_a_tapped_mark_opens_its_proof_in_view_and_frames_the_columns(live_server, screen):
    page, width, _height, touch = screen
    shoe = start_shoe(live_server, page, "Proof shoe")
    for outcome in OUTCOMES:
        shoe.record(outcome)
    page.reload()
    board = scoreboard(OUTCOMES)
    for key in ("cockroach_pig", "big_eye_boy"):
        marks = board.derived[key].marks
        index = len(marks) - 3
        mark = page.locator(f"#road-{key} a.mark").nth(index)
        mark.scroll_into_view_if_needed()
        mark.tap() if touch else mark.click()
        proof = page.locator("#proof .proof-text")
        expect(proof).to_have_text(marks[index].proof)
        assert in_viewport(page, "#proof-dialog"), f"{key} proof off screen at {width} px"
        # The two Big Road columns it compares are framed: every bead of both.
        first, second = marks[index].columns_compared
        beads = len(board.columns[first - 1]) + len(board.columns[second - 1])
        expect(page.locator("#road-big_road .compared-frames use")).to_have_count(beads)
        expect(page.locator("#road-big_road .column-number.compared")).to_have_count(2)
        # ...and on screen, beside the proof: the first framed cell lies inside the Big
        # Road's box and inside the viewport.
        frame = page.locator("#road-big_road .compared-frames use").first.bounding_box()
        box = page.locator(".road-big-road .road-scroll").bounding_box()
        assert (
            box["x"] - 1 <= frame["x"]
            and frame["x"] + frame["width"] <= box["x"] + box["width"] + 1
        )
        assert 0 <= frame["y"] and frame["y"] + frame["height"] <= page.viewport_size["height"]
        page.keyboard.press("Escape")
        expect(page.locator("#proof-dialog")).not_to_be_visible()
        expect(page.locator("#road-big_road .compared-frames use")).to_have_count(0)
        assert page.evaluate("document.activeElement.classList.contains('mark')")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width


@pytest.mark.same_on_any_database
def test_a_mark_chosen_by_keyboard_opens_its_proof_and_escape_gives_focus_back(live_server, page):
    page.set_viewport_size({"width": 1280, "height": 900})
    shoe = start_shoe(live_server, page, "Keyboard proof")
    for outcome in OUTCOMES[:20]:
        shoe.record(outcome)
    page.reload()
    first = page.locator("#road-small_road a.mark").first
    first.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#proof-dialog")).to_be_visible()
    assert page.evaluate("document.activeElement.id") == "proof-dialog-heading"
    page.get_by_role("button", name="Close the proof").click()
    expect(page.locator("#proof-dialog")).not_to_be_visible()
    assert page.evaluate("document.activeElement.getAttribute('href')") == first.get_attribute(
        "href"
    )
    # A hand recorded while a proof is open closes it: the roads are redrawn.
    first.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#proof-dialog")).to_be_visible()
    page.get_by_role("button", name="Banker").click()
    expect(page.locator("#proof-dialog")).not_to_be_visible()


# A hand keyed in is the same request at any width, tapped or clicked: the narrowest screen's
# is the one the PostgreSQL pass records again.
@pytest.mark.parametrize(
    "screen",
    [
        pytest.param(size, id=name, marks=[pytest.mark.same_on_any_database] if wider else [])
        for wider, (size, name) in enumerate(zip(SIZES, IDS, strict=True))
    ],
    indirect=True,
)
def test_cards_keyed_in_record_the_outcome_the_engine_computes(live_server, screen):
    page, width, height, touch = screen
    shoe = start_shoe(live_server, page, "Keypad shoe")
    page.locator(".card-keypad > summary").click()
    hands = [[card.rank for card in Deck(8, seed).deal_hand()] for seed in (3, 11, 29)]
    for number, cards in enumerate(hands, start=1):
        for rank in cards:
            key = page.locator(f".card-keypad-keys button[value='{rank}']")
            # The keys are in reach: on the screen, a thumb tall on a touch screen.
            box = key.bounding_box()
            assert box["y"] + box["height"] <= height and box["x"] + box["width"] <= width
            if touch:
                assert box["height"] >= 48
                key.tap()
            else:
                key.click()
        expect(page.locator("#road-bead_plate use.bead")).to_have_count(number)
        hand = dealt(cards)
        expect(page.locator("#tracker-status")).to_contain_text(f"Hand {number}: {hand.summary}.")
        expect(page.locator(".card-keypad-form input[name=cards]")).to_have_value("")
    recorded = list(shoe.hands.order_by("seq").values_list("outcome", "cards", "natural"))
    assert recorded == [(dealt(c).outcome, c, dealt(c).natural) for c in hands]
    # The next hand's odds now follow the cards dealt.
    expect(page.locator("#next-hand table.next-hand")).to_be_visible()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width


def test_the_keypad_answers_keys_on_a_desktop(live_server, page):
    page.set_viewport_size({"width": 1280, "height": 900})
    shoe = start_shoe(live_server, page, "Keys shoe")
    # Closed, the rank keys do nothing.
    page.keyboard.press("9")
    page.locator(".card-keypad > summary").click()
    expect(page.locator(".card-keypad-form input[name=cards]")).to_have_value("")
    for key in ["9", "K", "5", "2"]:
        page.keyboard.press(key)
    expect(page.locator(".card-keypad-form input[name=cards]")).to_have_value("9 K 5 2")
    page.keyboard.press("Backspace")  # takes the 2 back, not a hand
    expect(page.locator(".card-keypad-form input[name=cards]")).to_have_value("9 K 5")
    # Player 9 + 5 = 4 draws a 2; Banker K + 3 = 3 draws a 4: Banker 7 beats Player 6.
    for key in ["3", "2", "4"]:
        page.keyboard.press(key)
    expect(page.locator("#road-bead_plate use.bead")).to_have_count(1)
    assert list(shoe.hands.values_list("outcome", "cards")) == [
        ("B", ["9", "K", "5", "3", "2", "4"])
    ]
    # Escape closes the keypad (no proof is open), and focus goes back to its button.
    page.keyboard.press("Escape")
    expect(page.locator(".card-keypad")).not_to_have_attribute("open", "")
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY"


@pytest.mark.same_on_any_database
@pytest.mark.parametrize("screen", SIZES[:1], indirect=True, ids=IDS[:1])
def test_the_buttons_stay_under_the_thumb_whatever_the_status_says(live_server, screen):
    """A status that wrapped made the bar taller and moved every key under the thumb."""
    page, _width, _height, _touch = screen
    start_shoe(live_server, page, "Steady bar")
    banker = page.get_by_role("button", name="Banker")
    before = banker.bounding_box()
    banker.tap()
    expect(page.locator("#tracker-status")).to_contain_text("Hand 1")
    page.get_by_role("button", name="Undo").tap()
    expect(page.locator("#tracker-status")).to_contain_text("removed")
    assert banker.bounding_box() == before
    page.locator(".card-keypad > summary").tap()
    ace = page.locator(".card-keypad-keys button[value='A']")
    keys = ace.bounding_box()
    for rank in ["4", "4", "4", "5"]:  # naturals: recorded, with a long summary
        page.locator(f".card-keypad-keys button[value='{rank}']").tap()
    expect(page.locator("#tracker-status")).to_contain_text("Hand 1: Banker wins 9 to 8")
    assert ace.bounding_box() == keys
    # ⌫ on the empty keypad takes that hand back, less its last card.
    page.locator(".card-keypad-back").tap()
    expect(page.locator(".card-keypad-form input[name=cards]")).to_have_value("4 4 4")
    expect(page.locator("#road-bead_plate use.bead")).to_have_count(0)
    assert ace.bounding_box() == keys
