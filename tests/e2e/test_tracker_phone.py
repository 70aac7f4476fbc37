"""The tracker's roads on a phone: every road shows its newest mark.

The roads draw empty columns past their marks (scoreboard.boards.MIN_COLUMNS) and scroll
sideways in their .road-scroll box; on a narrow screen the box must be scrolled to the
newest mark, not to the end of the grid, after each hand and after a reload.
"""

import pytest
from browsing import settled, start_shoe
from playwright.sync_api import Page, expect

from baccarat.roads.scoreboard import scoreboard

# Where the roads' boxes scroll to: the page's script and CSS decide it, not the database
# (recording quick taps in order is checked on PostgreSQL by test_tracker_queue.py).
pytestmark = pytest.mark.same_on_any_database

# 80 hands, checked after 4, 40 and 80. The last 25 are a long Banker streak and a Player:
# the Big Road's dragon tail (and the derived roads' tails) then reach far to the right of
# the newest mark, which sits at the top of the next column.
HANDS = "BBPT" + "PBPPBBBPTBPBBPPPBTBPBPPBBBBPBPPTBBPB" + "PPBPBBPTBPPBPBB" + "B" * 24 + "P"
CHECKPOINTS = (4, 40, 80)

# The marks the road components draw, in the order the hands made them: so the newest is
# the last in document order (bead plate by hand, Big Road streak by streak, derived marks
# by index; ties before any bead are a slash at the first cell).
NEWEST_MARK = """() => [...document.querySelectorAll(".road-scroll")].map(box => {
  const marks = box.querySelectorAll("use.bead, use.big-road-cell, use.leading-ties, a.mark");
  const name = box.getAttribute("aria-label");
  if (!marks.length) return {name, mark: null};
  const rect = box.getBoundingClientRect();
  const left = rect.left + box.clientLeft;
  const view = {left, right: left + box.clientWidth};
  const mark = marks[marks.length - 1].getBoundingClientRect();
  // The extent of all the marks, in the box's scrolled content.
  let start = Infinity, end = -Infinity;
  for (const each of marks) {
    const r = each.getBoundingClientRect();
    start = Math.min(start, r.left - left + box.scrollLeft);
    end = Math.max(end, r.right - left + box.scrollLeft);
  }
  return {name, view, mark: {left: mark.left, right: mark.right},
          scrollLeft: box.scrollLeft, fits: end <= box.clientWidth, start, end,
          viewport: window.innerWidth};
})"""


def problems(page: Page):
    """What is wrong with each road box that has a mark (empty roads are skipped)."""
    found = []
    for road in page.evaluate(NEWEST_MARK):
        if road["mark"] is None:
            continue
        view, mark = road["view"], road["mark"]
        if mark["left"] < view["left"] - 0.5 or mark["right"] > view["right"] + 0.5:
            found.append(
                f"{road['name']}: newest mark at {mark['left']:.0f}–{mark['right']:.0f} px, "
                f"box shows {view['left']:.0f}–{view['right']:.0f} px "
                f"(scrollLeft {road['scrollLeft']:.0f}, marks {road['start']:.0f}–"
                f"{road['end']:.0f} px of the content)"
            )
        elif road["fits"] and road["scrollLeft"] != 0:
            found.append(f"{road['name']}: every mark fits, yet scrolled {road['scrollLeft']} px")
        if view["right"] > road["viewport"] + 0.5:
            found.append(f"{road['name']}: the box runs off the screen to {view['right']:.0f} px")
    return found


def assert_newest_marks_shown(page: Page, when):
    # The script scrolls after htmx settles the swap, a moment after the beads appear, and
    # in the frame after a resize.
    settled(page)
    found = problems(page)
    assert not found, f"{when}:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "width, height", [(360, 740), (390, 844), (1280, 900)], ids=["360", "390", "desktop"]
)
def test_every_road_shows_its_newest_mark(live_server, page: Page, width, height):
    page.set_viewport_size({"width": width, "height": height})
    shoe = start_shoe(live_server, page, "Phone shoe")
    recorded = 0
    for count in CHECKPOINTS:
        for outcome in HANDS[recorded:count]:
            page.keyboard.press(outcome)
        recorded = count
        # Up to 40 hands queued at once: give a busy machine time to record them all.
        expect(page.locator("#road-bead_plate use.bead")).to_have_count(count, timeout=60_000)
        board = scoreboard(HANDS[:count])
        for key, road in board.derived.items():
            expect(page.locator(f"#road-{key} a.mark")).to_have_count(len(road.cells))
        assert_newest_marks_shown(page, f"after {count} hands at {width} px")
        # Nothing on the page scrolls sideways, whatever the roads' length.
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width
        page.reload()
        page.wait_for_function("() => window.htmx !== undefined")
        assert_newest_marks_shown(page, f"after {count} hands and a reload at {width} px")
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == HANDS


def test_a_narrower_window_keeps_the_newest_mark_in_view(live_server, page: Page):
    """Turning a phone (a resize) moves the boxes' edges: the newest mark stays shown."""
    page.set_viewport_size({"width": 844, "height": 390})
    start_shoe(live_server, page, "Turned shoe")
    for outcome in HANDS[:40]:
        page.keyboard.press(outcome)
    expect(page.locator("#road-bead_plate use.bead")).to_have_count(40, timeout=60_000)
    assert_newest_marks_shown(page, "after 40 hands at 844 px")
    page.set_viewport_size({"width": 390, "height": 844})
    assert_newest_marks_shown(page, "after turning to 390 px")
