"""The road engine on the device (static/js/roads/engine.js, draw.js) against the server's:
the shared vectors (tests/data/road_vectors.json), 1,000 random shoes compared mark by mark
in one page.evaluate, and a real tracker page redrawn by the device, which must leave every
road's markup as the server drew it, its proofs in the page's language."""

import json
import random
from pathlib import Path

import pytest
from browsing import settled, start_shoe
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import Page, expect

from baccarat.game.rules import resolve
from baccarat.roads.scoreboard import Result, scoreboard
from baccarat.roads.tally import winning_point
from scoreboard.road_words import road_words
from tests import road_vectors

# What is compared here is drawn from hands, whatever database keeps them.
pytestmark = pytest.mark.same_on_any_database

RANKS = "A23456789TJQK"
ENGINE = Path(__file__).parents[2] / "static" / "js" / "roads" / "engine.js"

# The device's board in the shape of tests/road_vectors.py's geometry(), then the first
# difference between it and the expected one for each shoe (null when there is none). The
# shoes come as one JSON text: Playwright's own encoding of megabytes of nested lists is slow.
COMPARE = """(text) => {
  const shoes = JSON.parse(text);
  function marked(m) {
    return m && [m.color, m.rule, m.column, m.row, m.compared];
  }
  function geometry(b) {
    const derived = {};
    for (const key of ["big_eye_boy", "small_road", "cockroach_pig"]) {
      const road = b.derived[key];
      derived[key] = {
        marks: road.marks.map(m => marked(m).concat([m.hand])),
        cells: road.cells.map(c => [c.col, c.row, c.color, c.mark, c.column, c.depth]),
        width: road.width,
      };
    }
    const ask = {};
    for (const side of ["banker", "player"]) {
      ask[side] = {};
      for (const key in b.ask[side]) { ask[side][key] = marked(b.ask[side][key]); }
    }
    return {
      columns: b.columns,
      leading_ties: b.leading_ties,
      bead_plate: b.bead_plate.map(c => [c.col, c.row, c.outcome, c.banker_pair,
        c.player_pair, c.natural]),
      bead_plate_width: b.bead_plate_width,
      big_road: b.big_road.map(c => [c.col, c.row, c.outcome, c.ties, c.column, c.depth,
        c.hand]),
      big_road_width: b.big_road_width,
      derived: derived,
      ask: ask,
    };
  }
  function difference(got, want, path) {
    if (JSON.stringify(got) === JSON.stringify(want)) { return null; }
    if (got && want && typeof got === "object" && typeof want === "object") {
      const keys = new Set(Object.keys(got).concat(Object.keys(want)));
      for (const key of keys) {
        const found = difference(got[key], want[key], path + "." + key);
        if (found) { return found; }
      }
    }
    return {path: path, device: got, server: want};
  }
  for (const shoe of shoes) {
    const found = difference(geometry(window.BaccaratRoads.board(shoe.hands)), shoe.expected,
      "board");
    if (found) { return Object.assign(found, {shoe: shoe.name}); }
  }
  return null;
}"""

# Every element of each road's SVG as the server drew it: tag and the attributes that place,
# link and label it, its text, and the SVG's own frame (viewBox, width, newest, label).
SNAPSHOT = """() => {
  const keys = ["bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig"];
  const attrs = ["href", "transform", "class", "aria-label", "x", "y", "dx", "dy",
    "data-column"];
  const roads = {};
  for (const key of keys) {
    const svg = document.getElementById("road-" + key);
    const frame = ["viewBox", "style", "data-newest", "data-extent", "aria-label", "role"]
      .map(name => name + "=" + svg.getAttribute(name));
    const marks = [...svg.querySelectorAll("*")].map(el => [el.namespaceURI, el.tagName]
      .concat(attrs.map(name => el.getAttribute(name)), [el.children.length ? "" : el.textContent])
      .join("|"));
    const note = svg.closest("figure").querySelector("figcaption .road-note");
    roads[key] = {frame, marks, note: note.textContent.replace(/\\s+/g, " ").trim()};
  }
  return roads;
}"""

REDRAW = """() => {
  const hands = JSON.parse(document.getElementById("board-hands").textContent);
  window.BaccaratRoads.redraw(document, hands, JSON.parse(
    document.getElementById("road-words").textContent));
  return hands.length;
}"""


def engine_page(page):
    """A bare page with the device's engine alone, as any page could load it."""
    page.set_content("<!doctype html><title>roads</title>")
    page.add_script_tag(content=ENGINE.read_text())
    return page


def test_the_device_draws_every_shared_vector(page: Page):
    vectors = json.loads(road_vectors.VECTORS.read_text())
    shoes = [
        {"name": v["name"], "hands": road_vectors.hands(v), "expected": v["expected"]}
        for v in vectors
    ]
    assert engine_page(page).evaluate(COMPARE, json.dumps(shoes)) is None


def random_shoe(rng):
    """1 to 90 hands with a real shoe's shares, pairs and naturals now and then."""
    hands = []
    for _ in range(rng.randint(1, 90)):
        hands.append(
            {
                "outcome": rng.choices("BPT", weights=(459, 446, 95))[0],
                "player_pair": rng.random() < 0.075,
                "banker_pair": rng.random() < 0.075,
                "natural": rng.random() < 0.34,
                "point": rng.randint(0, 9) if rng.random() < 0.5 else None,
            }
        )
    return hands


def test_a_thousand_random_shoes_drawn_alike(page: Page):
    rng = random.Random(1000)
    shoes = []
    for number in range(1000):
        hands = random_shoe(rng)
        board = scoreboard(
            Result(h["outcome"], h["banker_pair"], h["player_pair"], h["natural"], h["point"])
            for h in hands
        )
        shoes.append(
            {
                "name": f"random shoe {number}",
                "hands": hands,
                "expected": road_vectors.geometry(board),
            }
        )
    difference = engine_page(page).evaluate(COMPARE, json.dumps(shoes))
    if difference:
        shoe = next(s for s in shoes if s["name"] == difference["shoe"])
        outcomes = "".join(h["outcome"] for h in shoe["hands"])
        pytest.fail(f"{difference} in {outcomes}")


def dealt_hands(count, seed):
    """`count` hands dealt from random cards and resolved by the rules: (outcome, player
    pair, banker pair, natural, cards), some recorded without their cards."""
    rng = random.Random(seed)
    hands = []
    for number in range(count):
        cards = [rng.choice(RANKS) for _ in range(6)]
        for used in (4, 5, 6):
            hand = resolve(cards[:used])
            if hand.complete:
                break
        outcome = {"banker": "B", "player": "P", "tie": "T"}[hand.winner]
        kept = list(cards[:used]) if number % 3 else None
        pairs = (cards[0] == cards[2], cards[1] == cards[3])
        hands.append((outcome, *pairs, bool(hand.natural), kept))
    return hands


def record(shoe, hands):
    for outcome, player_pair, banker_pair, natural, cards in hands:
        shoe.record(outcome, player_pair, banker_pair, natural, cards)


@pytest.mark.parametrize(
    ("language", "points"),
    [("en", False), ("zh-hant", True), ("zh-hans", False)],
    ids=["english", "traditional-points", "simplified"],
)
def test_the_device_redraws_a_tracker_page_as_the_server_drew_it(
    live_server, page: Page, language, points
):
    shoe = start_shoe(live_server, page, "Redrawn shoe")
    # Long enough for dragon tails, ties on beads and all three derived roads.
    record(shoe, dealt_hands(40, seed=7) + [("B", False, False, False, None)] * 8)
    if points:
        page.context.add_cookies([{"name": "bead", "value": "points", "url": live_server.url}])
    prefix = "" if language == "en" else f"/{language}"
    page.goto(
        live_server.url + prefix + reverse("tracker:shoe", args=[shoe.pk]).removeprefix("/en")
    )
    served = page.evaluate(SNAPSHOT)
    assert page.evaluate(REDRAW) == 48
    drawn = page.evaluate(SNAPSHOT)
    for road in served:
        assert drawn[road]["frame"] == served[road]["frame"], road
        assert drawn[road]["marks"] == served[road]["marks"], road
        assert drawn[road]["note"] == served[road]["note"], road
    if points:
        assert any("#point-digit-" in mark for mark in drawn["bead_plate"]["marks"])
    assert all(len(drawn[road]["marks"]) > 10 for road in drawn)
    # Not a page left alone: one hand fewer, one bead fewer.
    fewer = page.evaluate(
        """() => {
          const hands = JSON.parse(document.getElementById("board-hands").textContent);
          window.BaccaratRoads.redraw(document, hands.slice(0, -1));
          return document.querySelectorAll("#road-bead_plate use.bead").length;
        }"""
    )
    assert fewer == 47

    # Each mark's proof on the device is the server's, in the page's language.
    results, _recorded = shoe.results_and_cards()
    with translation.override(language):
        board = scoreboard(results)
        expected = {
            (road, index): mark.proof
            for road, derived in board.derived.items()
            for index, mark in enumerate(derived.marks)
            if index % 5 == 0
        }
    got = page.evaluate(
        """(asked) => {
          const words = JSON.parse(document.getElementById("road-words").textContent);
          const hands = JSON.parse(document.getElementById("board-hands").textContent);
          const board = window.BaccaratRoads.board(hands);
          return asked.map(([road, i]) => window.BaccaratRoads.proof(board, road, i, words));
        }""",
        [list(key) for key in expected],
    )
    assert got == list(expected.values())


def test_hands_drawn_on_the_device_match_the_page_the_server_draws_once_they_arrive(
    live_server, page: Page
):
    """What an offline shoe shows: the server's hands and, after them, hands only the device
    has; once the server has them too, its page must be the same."""
    shoe = start_shoe(live_server, page, "Offline shoe")
    record(shoe, dealt_hands(30, seed=11))
    page.context.add_cookies([{"name": "bead", "value": "points", "url": live_server.url}])
    page.reload()
    later = dealt_hands(25, seed=12)
    queued = [
        {
            "outcome": outcome,
            "player_pair": player_pair,
            "banker_pair": banker_pair,
            "natural": natural,
            "point": winning_point(cards),
        }
        for outcome, player_pair, banker_pair, natural, cards in later
    ]
    page.evaluate(
        """(queued) => {
          const hands = JSON.parse(document.getElementById("board-hands").textContent);
          window.BaccaratRoads.redraw(document, hands.concat(queued));
        }""",
        queued,
    )
    drawn = page.evaluate(SNAPSHOT)
    record(shoe, later)
    page.reload()
    served = page.evaluate(SNAPSHOT)
    assert drawn == served


def test_redraw_finds_a_board_by_its_prefix(page: Page):
    """A page with several boards names their roads "<prefix>road-<key>" (road_ids): the
    board under the root given is the one drawn, and a road the page lacks is passed over."""
    board = '<div id="{0}"><figure><svg id="{0}-road-big_road" viewBox="0 0 1 1"></svg>'
    board += (
        '</figure><figure><svg id="{0}-road-bead_plate" viewBox="0 0 1 1"></svg></figure></div>'
    )
    page.set_content("<!doctype html><title>boards</title>" + board.format("a") + board.format("b"))
    page.add_script_tag(content=ENGINE.read_text())
    page.add_script_tag(path=str(ENGINE.with_name("draw.js")))
    drawn = page.evaluate(
        """(words) => {
          window.BaccaratRoads.redraw(document.getElementById("b"), ["B", "B", "T", "P"], words);
          const count = (id, what) => document.getElementById(id).querySelectorAll(what).length;
          return [count("a-road-big_road", "use"), count("b-road-big_road", "use.big-road-cell"),
            count("b-road-bead_plate", "use.bead"),
            document.getElementById("b-road-big_road").getAttribute("aria-label")];
        }""",
        road_words("/shoe/marks/"),
    )
    assert drawn == [0, 3, 4, "Big Road, 2 columns: BB, P; 1 tie"]


PROOF_HTML = """() => document.getElementById("proof").innerHTML.replace(/\\s+/g, " ")
  .replace(/> </g, "><").trim()"""


def test_a_proof_opens_from_the_roads_the_device_drew_with_no_network(live_server, page: Page):
    shoe = start_shoe(live_server, page, "Proofs offline")
    hands = dealt_hands(30, seed=21)
    record(shoe, hands)
    page.reload()
    mark = page.locator("#road-big_eye_boy a.mark").nth(4)
    mark.click()
    expect(page.locator("#proof .proof-text")).to_be_visible()
    settled(page)  # htmx's classes for a swap just made gone
    served = page.evaluate(PROOF_HTML)
    page.locator("#proof-dialog .close-proof").click()
    expect(page.locator("#proof-dialog")).not_to_be_visible()

    # The device draws the same hands, the network goes: the same proof, framed.
    page.evaluate(REDRAW)
    page.context.set_offline(True)
    page.locator("#road-big_eye_boy a.mark").nth(4).click()
    expect(page.locator("#proof .proof-text")).to_be_visible()
    assert page.evaluate(PROOF_HTML) == served
    expect(page.locator("#road-big_road .compared-frames use")).not_to_have_count(0)
    page.locator("#proof-dialog .close-proof").click()

    # A mark only the device has: its proof is the one the server will write.
    later = dealt_hands(10, seed=22)
    page.evaluate(
        """(later) => {
          const hands = JSON.parse(document.getElementById("board-hands").textContent);
          window.BaccaratRoads.redraw(document, hands.concat(later));
        }""",
        [
            {"outcome": h[0], "player_pair": h[1], "banker_pair": h[2], "natural": h[3]}
            for h in later
        ],
    )
    board = scoreboard(Result(h[0], h[2], h[1], h[3]) for h in hands + later)
    newest = len(board.derived["big_eye_boy"].marks) - 1
    page.locator(f'#road-big_eye_boy a.mark[href$="/big_eye_boy/{newest}/"]').click()
    expect(page.locator("#proof .proof-text")).to_have_text(
        board.derived["big_eye_boy"].marks[newest].proof
    )
