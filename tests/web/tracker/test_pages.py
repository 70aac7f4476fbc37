"""The tracker's pages through the test client: listing and starting shoes, the scoreboard,
recording and undoing (plain posts and htmx), mark proofs, rename, delete, sharing, and
isolation between visitors."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from htmx import HTMX

from baccarat.roads.scoreboard import scoreboard
from tracker.models import Shoe

# The 25-hand worked example of the road rules (docs/roads.md).
EXAMPLE = "PPBTBBBPPTTBPBBBBBBBPPBPB"

pytestmark = pytest.mark.django_db


def start_shoe(client, name="Test shoe", outcomes=""):
    response = client.post(reverse("tracker:index"), {"name": name, "decks": 8})
    assert response.status_code == 302
    shoe = Shoe.objects.get(pk=int(response.url.strip("/").split("/")[-1]))
    for outcome in outcomes:
        shoe.record(outcome)
    return shoe


def road_svg(html, key):
    """The markup of one road's <svg>, by its id."""
    start = html.index(f'<svg id="road-{key}"')
    return html[start : html.index("</svg>", start)]


def mark_colors(html, key):
    """A derived road's marks, in order, as R (red) and B (blue) as docs/roads.md writes them."""
    colors = re.findall(rf'<use href="#{key}-(red|blue)"/>', road_svg(html, key))
    return "".join("R" if color == "red" else "B" for color in colors)


def count(html, key):
    return int(re.search(rf'data-count="{key}">(\d+)<', html).group(1))


# --- index and new shoes --------------------------------------------------------------


def test_index_offers_a_new_shoe_form(client):
    response = client.get(reverse("tracker:index"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "No shoes yet" in html
    assert 'name="name"' in html
    assert re.search(r'<input type="number" name="decks" value="8" min="1" max="8"', html)
    assert "csrfmiddlewaretoken" in html


def test_index_lists_your_shoes_with_hand_counts(client):
    shoe = start_shoe(client, "Tuesday shoe", "BPT")
    html = client.get(reverse("tracker:index")).content.decode()
    row = re.search(r'<li class="archive-shoe">(.*?)</li>', html, re.S).group(1)
    assert f'href="{reverse("tracker:shoe", args=[shoe.pk])}">Tuesday shoe</a>' in row
    assert "3 hands" in row


def test_create_redirects_to_the_new_shoe(client):
    response = client.post(reverse("tracker:index"), {"name": "  Evening  ", "decks": "6"})
    shoe = Shoe.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("tracker:shoe", args=[shoe.pk])
    assert (shoe.name, shoe.decks) == ("Evening", 6)
    assert client.get(response.url).status_code == 200


@pytest.mark.parametrize(
    "data, field",
    [
        ({"name": "", "decks": "8"}, "name"),
        ({"name": "   ", "decks": "8"}, "name"),
        ({"name": "x" * 101, "decks": "8"}, "name"),
        ({"name": "Shoe", "decks": "0"}, "decks"),
        ({"name": "Shoe", "decks": "9"}, "decks"),
        ({"name": "Shoe", "decks": "eight"}, "decks"),
        ({"name": "Shoe"}, "decks"),
        ({"name": "Shoe\x00", "decks": "8"}, "name"),
        ({"name": "Sh\x07oe", "decks": "8"}, "name"),
        ({"name": "Shoe", "decks": "٨"}, "decks"),
        ({"name": "Shoe", "decks": "9" * 5000}, "decks"),
    ],
)
def test_create_refuses_bad_input_and_stores_nothing(client, data, field):
    response = client.post(reverse("tracker:index"), data)
    assert response.status_code == 400
    html = response.content.decode()
    assert 'class="errorlist' in html
    assert field in response.context["form"].errors
    assert Shoe.objects.count() == 0


# --- the scoreboard -----------------------------------------------------------------------


def test_shoe_page_draws_the_worked_example(client):
    shoe = start_shoe(client, outcomes=EXAMPLE)
    response = client.get(reverse("tracker:shoe", args=[shoe.pk]))
    assert response.status_code == 200
    html = response.content.decode()

    bead_plate = road_svg(html, "bead_plate")
    assert bead_plate.count('class="bead"') == 25
    assert bead_plate.count('href="#bead-T"') == 3
    assert 'aria-label="Bead Plate, 25 hands: P P B T B' in bead_plate

    big_road = road_svg(html, "big_road")
    assert big_road.count('class="big-road-cell"') == 22
    # One tie on the first Banker bead (column 2 row 1), two on column 3 row 2, with a count.
    assert re.findall(r'<use href="#tie-slash" transform="translate\((\d+ \d+)\)"', big_road) == [
        "1 0",
        "2 1",
    ]
    assert re.findall(r'class="tie-count">(\d+)<', big_road) == ["2"]
    # The seventh Banker of column 6 turns right along row 6.
    assert '<use href="#ring-B" transform="translate(6 5)"' in big_road
    # Every column is numbered over its first bead, as the proofs count them (the dragon
    # tail of column 6 takes no number of its own).
    numbers = re.findall(
        r'<text x="(\d+)" dx=".5" y="-.12" class="column-number" data-column="\d+">(\d+)<', big_road
    )
    assert [int(n) for _x, n in numbers] == list(range(1, len(scoreboard(EXAMPLE).columns) + 1))
    assert [int(x) for x, _n in numbers] == [
        cell.col for cell in scoreboard(EXAMPLE).big_road if cell.depth == 0
    ]

    assert mark_colors(html, "big_eye_boy") == "RBRBRBBRBRRRRRBRBBR"
    assert mark_colors(html, "small_road") == "RRBBBRRRRRBBBBB"
    assert mark_colors(html, "cockroach_pig") == "BBRBRRRRBBBRB"
    board = scoreboard(EXAMPLE)
    for key, marks in [("big_eye_boy", 19), ("small_road", 15), ("cockroach_pig", 13)]:
        svg = road_svg(html, key)
        assert svg.count('class="mark"') == marks
        labels = re.findall(r'aria-label="(?:red =|blue ≠), column (\d+); for Big Road column', svg)
        assert len(labels) == marks
        # The road's own columns are numbered over their first mark, as its marks name them.
        numbers = re.findall(r'<text x="(\d+)" dx=".5" y="-.1" class="column-number">(\d+)<', svg)
        runs = [cell for cell in board.derived[key].cells if cell.depth == 0]
        assert [(int(x), int(n)) for x, n in numbers] == [(c.col, c.column + 1) for c in runs]
        assert len(runs) == len(set(labels)) == int(labels[-1])
    # Each glyph carries its symbol as well as its colour: = is two strokes, ≠ three, and
    # each bead and Big Road ring its letter.
    glyphs = dict(re.findall(r'<g id="([\w-]+)">(.*?)</g>', html))
    for road in ("big_eye_boy", "small_road", "cockroach_pig"):
        assert re.search(r'class="glyph-symbol[^"]* equal"', glyphs[f"{road}-red"])
        assert re.search(r'class="glyph-symbol[^"]* unequal"', glyphs[f"{road}-blue"])
        strokes = [re.search(r'<path d="([^"]+)" class="glyph-symbol', glyphs[f"{road}-{c}"])
                   for c in ("red", "blue")]  # fmt: skip
        assert [m.group(1).count("M") for m in strokes] == [2, 3]
    for key in ("bead-B", "bead-P", "bead-T", "ring-B", "ring-P"):
        assert 'class="glyph-letter"' in glyphs[key] or 'class="glyph-ring-letter"' in glyphs[key]
    # Different letters, drawn differently.
    letters = [
        re.search(r'<path d="([^"]+)"', glyphs[k]).group(1) for k in ("bead-B", "bead-P", "bead-T")
    ]
    assert len(set(letters)) == 3


def test_each_derived_mark_links_to_its_proof(client):
    shoe = start_shoe(client, outcomes=EXAMPLE)
    html = client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode()
    links = re.findall(r'<a href="([^"]+)" class="mark"', road_svg(html, "small_road"))
    assert [href for href in links] == [
        reverse("tracker:mark", args=[shoe.pk, "small_road", i]) for i in range(15)
    ]
    assert 'data-proof-target="#proof"' in road_svg(html, "small_road")
    assert '<div id="proof" aria-live="polite">' in html


def test_shoe_page_shows_counts_streaks_and_ask(client):
    shoe = start_shoe(client)
    for outcome in EXAMPLE:
        shoe.record(outcome, player_pair=outcome == "P", natural=outcome == "T")
    html = client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode()
    assert (count(html, "banker"), count(html, "player"), count(html, "tie")) == (14, 8, 3)
    assert count(html, "player-pairs") == 8
    assert count(html, "banker-pairs") == 0
    assert count(html, "naturals") == 3
    assert "56.0%" in html and "32.0%" in html and "12.0%" in html
    assert '<dt>Current</dt><dd data-run="current">Banker × 1</dd>' in html
    assert '<dt>Longest Banker</dt><dd data-run="banker">7</dd>' in html
    assert '<dt>Longest Player</dt><dd data-run="player">2</dd>' in html

    ask = html[html.index('<table class="ask">') : html.index("</table>", html.index('"ask"'))]
    rows = re.findall(r"<tr><th scope=\"row\">([^<]+)</th>(.*?)</tr>", ask)
    cells = {name: re.findall(r"(red|blue) \((=|≠)\)", row) for name, row in rows}
    assert cells == {
        "Big Eye Boy": [("blue", "≠"), ("red", "=")],
        "Small Road": [("blue", "≠"), ("red", "=")],
        "Cockroach Pig": [("red", "="), ("blue", "≠")],
    }
    assert "predicts nothing" in html


def test_ask_says_not_started_where_a_road_has_not_started(client):
    shoe = start_shoe(client, outcomes="BP")
    html = client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode()
    ask = html[html.index('<table class="ask">') :]
    ask = ask[: ask.index("</table>")]
    board = scoreboard("BP")
    not_started = sum(mark is None for side in board.ask.values() for mark in side.values())
    assert not_started >= 2
    assert ask.count("not started") == not_started


def test_shoe_page_has_the_controls_and_keyboard_help(client):
    shoe = start_shoe(client)
    html = client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode()
    record_url = reverse("tracker:record", args=[shoe.pk])
    undo_url = reverse("tracker:undo", args=[shoe.pk])
    assert f'<form method="post" action="{record_url}"' in html
    for outcome, label in [("B", "Banker"), ("P", "Player"), ("T", "Tie")]:
        assert re.search(
            rf'<button type="submit" name="outcome" value="{outcome}" hx-post="{record_url}"'
            rf"[^>]*>{label} <kbd>{outcome}</kbd></button>",
            html,
        )
    for flag in ("player_pair", "banker_pair", "natural"):
        assert f'<input type="checkbox" name="{flag}">' in html
    assert f'<form method="post" action="{undo_url}" hx-post="{undo_url}"' in html
    assert "<kbd>U</kbd> or <kbd>Backspace</kbd> undo" in html
    assert html.count("csrfmiddlewaretoken") >= 3
    assert "js/tracker.js" in html
    assert 'aria-live="polite"' in html


def test_the_buttons_say_they_record_the_outcome_not_a_bet(client):
    shoe = start_shoe(client)
    html = client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode()
    help_line = re.search(r'<p class="help" id="shoe-help">(.*?)</p>', html).group(1)
    assert "These buttons record the outcome, not your bet." in help_line
    assert '<div class="outcome-buttons" role="group"' in html
    assert 'aria-describedby="shoe-help"' in html
    # A shared copy has no buttons, so it says nothing about them.
    shared = client.get(reverse("tracker:shared", args=[shoe.share_token])).content.decode()
    assert "not your bet" not in shared


def test_empty_shoe_draws_empty_roads(client):
    shoe = start_shoe(client)
    html = client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode()
    for key in ("bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig"):
        assert "<use " not in road_svg(html, key)
    assert '<dt>Current</dt><dd data-run="current">none yet</dd>' in html


def test_ties_before_the_first_result_are_drawn(client):
    shoe = start_shoe(client, outcomes="TT")
    big_road = road_svg(
        client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode(), "big_road"
    )
    assert '<use href="#tie-slash" transform="translate(0 0)" class="leading-ties"/>' in big_road
    assert 'class="tie-count">2<' in big_road


def test_pairs_are_dotted_on_the_bead_plate(client):
    shoe = start_shoe(client)
    shoe.record("B", banker_pair=True)
    shoe.record("P", player_pair=True, banker_pair=True)
    bead_plate = road_svg(
        client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode(), "bead_plate"
    )
    assert re.findall(
        r'href="#pair-(banker|player)" transform="translate\((\d \d)\)"', bead_plate
    ) == [
        ("banker", "0 0"),
        ("banker", "0 1"),
        ("player", "0 1"),
    ]


# --- recording and undoing ----------------------------------------------------------------


def test_record_by_plain_post_redirects_back(client):
    shoe = start_shoe(client)
    response = client.post(
        reverse("tracker:record", args=[shoe.pk]),
        {"outcome": "P", "player_pair": "on", "natural": "on"},
    )
    assert response.status_code == 302
    assert response.url == reverse("tracker:shoe", args=[shoe.pk])
    hand = shoe.hands.get()
    assert (hand.seq, hand.outcome, hand.player_pair, hand.banker_pair, hand.natural) == (
        1,
        "P",
        True,
        False,
        True,
    )


def test_record_by_htmx_returns_the_roads_and_the_stats_out_of_band(client):
    shoe = start_shoe(client, outcomes=EXAMPLE[:-1])
    response = client.post(reverse("tracker:record", args=[shoe.pk]), {"outcome": "B"}, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and "<form" not in html
    assert html.lstrip().startswith('<div id="board" class="board">')
    assert '<section id="stats-panel" class="stats-panel" hx-swap-oob="true">' in html
    assert (
        '<div id="tracker-status" hx-swap-oob="innerHTML">Hand 25: Banker recorded.</div>' in html
    )
    assert mark_colors(html, "big_eye_boy") == "RBRBRBBRBRRRRRBRBBR"
    assert road_svg(html, "bead_plate").count('class="bead"') == 25
    assert count(html, "banker") == 14
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == EXAMPLE


def test_the_page_and_the_partial_draw_the_same_roads(client):
    shoe = start_shoe(client, outcomes=EXAMPLE[:-1])
    partial = client.post(reverse("tracker:record", args=[shoe.pk]), {"outcome": "B"}, **HTMX)
    page = client.get(reverse("tracker:shoe", args=[shoe.pk]))
    for key in ("bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig"):
        assert road_svg(partial.content.decode(), key) == road_svg(page.content.decode(), key)


@pytest.mark.parametrize("outcome", ["X", "", "BB", "banker", "1"])
def test_junk_outcome_is_refused_and_nothing_stored(client, outcome):
    shoe = start_shoe(client, outcomes="BP")
    url = reverse("tracker:record", args=[shoe.pk])
    response = client.post(url, {"outcome": outcome})
    assert response.status_code == 400
    assert "Choose Banker (B), Player (P) or Tie (T); nothing was recorded." in (
        response.content.decode()
    )
    response = client.post(url, {"outcome": outcome}, **HTMX)
    assert response.status_code == 400
    assert response["HX-Retarget"] == "#tracker-status"
    assert response["HX-Reswap"] == "innerHTML"
    assert response.content.decode().strip() == (
        '<p class="error">Choose Banker (B), Player (P) or Tie (T); nothing was recorded.</p>'
    )
    assert shoe.hands.count() == 2


def test_missing_outcome_is_refused(client):
    shoe = start_shoe(client)
    assert client.post(reverse("tracker:record", args=[shoe.pk])).status_code == 400
    assert shoe.hands.count() == 0


def test_a_full_shoe_refuses_another_hand_and_stores_nothing(client, monkeypatch):
    # The limit the import and the API keep (2,000 hands), made small to reach it quickly.
    monkeypatch.setattr("tracker.models.MAX_HANDS", 3)
    shoe = start_shoe(client, outcomes="BPT")
    url = reverse("tracker:record", args=[shoe.pk])
    message = "Nothing was recorded: this shoe already holds 3 hands, the limit."
    response = client.post(url, {"outcome": "B"})
    assert response.status_code == 400 and message in response.content.decode()
    response = client.post(url, {"outcome": "B"}, **HTMX)
    assert response.status_code == 400 and response["HX-Retarget"] == "#tracker-status"
    assert message in response.content.decode()
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == "BPT"


def test_record_and_undo_refuse_get(client):
    shoe = start_shoe(client)
    assert client.get(reverse("tracker:record", args=[shoe.pk])).status_code == 405
    assert client.get(reverse("tracker:undo", args=[shoe.pk])).status_code == 405


def test_undo_by_plain_post(client):
    shoe = start_shoe(client, outcomes="BPT")
    response = client.post(reverse("tracker:undo", args=[shoe.pk]))
    assert response.status_code == 302
    assert response.url == reverse("tracker:shoe", args=[shoe.pk])
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == "BP"


def test_undo_by_htmx(client):
    shoe = start_shoe(client, outcomes="BPT")
    response = client.post(reverse("tracker:undo", args=[shoe.pk]), **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert road_svg(html, "bead_plate").count('class="bead"') == 2
    assert "Hand 3 (Tie) removed." in html
    assert 'hx-swap-oob="true"' in html


def test_undo_on_an_empty_shoe_says_so(client):
    shoe = start_shoe(client)
    response = client.post(reverse("tracker:undo", args=[shoe.pk]), **HTMX)
    assert response.status_code == 200
    assert "The shoe is empty: nothing to undo." in response.content.decode()


# --- mark proofs ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "road, index", [("big_eye_boy", 1), ("small_road", 4), ("cockroach_pig", 12)]
)
def test_mark_page_shows_the_proof_and_watch_out(client, road, index):
    shoe = start_shoe(client, "Proof shoe", EXAMPLE)
    mark = scoreboard(EXAMPLE).derived[road].marks[index]
    response = client.get(reverse("tracker:mark", args=[shoe.pk, road, index]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html
    assert mark.proof in html
    assert mark.watch_out in html
    assert f'href="{reverse("tracker:shoe", args=[shoe.pk])}"' in html


def test_mark_proof_in_the_seed_style(client):
    shoe = start_shoe(client, outcomes=EXAMPLE)
    html = client.get(reverse("tracker:mark", args=[shoe.pk, "big_eye_boy", 3])).content.decode()
    assert (
        "Column 3 starts, so Rule 1: compare column 2 (4 beads) with column 1 (2 beads). "
        "Different length → blue (≠)." in html
    )
    assert "Rule 1 compares the column that just finished" in html


def test_mark_partial_for_htmx(client):
    shoe = start_shoe(client, outcomes=EXAMPLE)
    mark = scoreboard(EXAMPLE).derived["small_road"].marks[0]
    response = client.get(reverse("tracker:mark", args=[shoe.pk, "small_road", 0]), **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert html.strip().startswith('<article class="proof"')
    assert mark.proof in html and mark.watch_out in html
    assert "Small Road, mark 1 of 15 (its column 1): red (=)" in html
    # What tracker.js frames on the Big Road: every bead of the two columns compared.
    first, second = mark.columns_compared
    assert f'data-columns="{first} {second}"' in html
    # Only the beads there were when the mark was made.
    then = scoreboard(EXAMPLE[: mark.hand + 1])
    cells = [c for c in then.big_road if c.outcome and c.column + 1 in (first, second)]
    frames = re.search(r'data-frames="([^"]*)"', html).group(1).split()
    assert frames == [f"{c.col},{c.row}" for c in cells] and len(frames) >= 2


def test_mark_page_frames_the_compared_columns_without_javascript(client):
    shoe = start_shoe(client, outcomes=EXAMPLE)
    board = scoreboard(EXAMPLE)
    mark = board.derived["cockroach_pig"].marks[5]
    html = client.get(reverse("tracker:mark", args=[shoe.pk, "cockroach_pig", 5])).content.decode()
    big_road = road_svg(html, "big_road")
    framed = re.findall(
        r'<use href="#compared-frame" transform="translate\((\d+) (\d+)\)"', big_road
    )
    columns = {
        c.column + 1 for c in board.big_road if c.outcome and (str(c.col), str(c.row)) in framed
    }
    assert columns == set(mark.columns_compared)
    then = scoreboard(EXAMPLE[: mark.hand + 1])  # the columns as they were at the mark
    assert len(framed) == sum(len(then.columns[c - 1]) for c in mark.columns_compared)
    assert f"columns {mark.columns_compared[0]} and {mark.columns_compared[1]} are framed" in html


@pytest.mark.parametrize(
    "road, index",
    [
        ("big_eye_boy", 19),
        ("small_road", 15),
        ("cockroach_pig", 99),
        ("big_road", 0),
        ("bead_plate", 0),
        ("nonsense", 0),
    ],
)
def test_mark_that_does_not_exist_is_404(client, road, index):
    shoe = start_shoe(client, outcomes=EXAMPLE)
    assert client.get(reverse("tracker:mark", args=[shoe.pk, road, index])).status_code == 404


def test_mark_index_must_be_a_number(client):
    shoe = start_shoe(client, outcomes=EXAMPLE)
    url = reverse("tracker:shoe", args=[shoe.pk]) + "marks/big_eye_boy/-1/"
    assert client.get(url).status_code == 404
    assert (
        client.get(reverse("tracker:shoe", args=[shoe.pk]) + "marks/big_eye_boy/x/").status_code
        == 404
    )


# --- rename and delete ------------------------------------------------------------------------


def test_rename(client):
    shoe = start_shoe(client, "Old name")
    response = client.post(reverse("tracker:rename", args=[shoe.pk]), {"name": " New name "})
    assert response.status_code == 302
    assert response.url == reverse("tracker:shoe", args=[shoe.pk])
    shoe.refresh_from_db()
    assert shoe.name == "New name"


def test_rename_refuses_an_empty_name(client):
    shoe = start_shoe(client, "Old name")
    response = client.post(reverse("tracker:rename", args=[shoe.pk]), {"name": "  "})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'class="errorlist' in html
    assert "<details open>" in html
    shoe.refresh_from_db()
    assert shoe.name == "Old name"


def test_delete_asks_first_then_deletes(client):
    shoe = start_shoe(client, "Doomed", "BPBPT")
    url = reverse("tracker:delete", args=[shoe.pk])
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Delete shoe “Doomed” with 5 hands?" in html
    assert f'<form method="post" action="{url}"' in html
    assert Shoe.objects.filter(pk=shoe.pk).exists()

    response = client.post(url)
    assert response.status_code == 302
    assert response.url == reverse("tracker:index")
    assert not Shoe.objects.filter(pk=shoe.pk).exists()
    assert client.get(reverse("tracker:shoe", args=[shoe.pk])).status_code == 404


def test_shoe_page_links_to_rename_delete_and_share(client):
    shoe = start_shoe(client)
    html = client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode()
    assert f'action="{reverse("tracker:rename", args=[shoe.pk])}"' in html
    assert f'href="{reverse("tracker:delete", args=[shoe.pk])}"' in html
    share_url = "http://testserver" + reverse("tracker:shared", args=[shoe.share_token])
    assert f'value="{share_url}" readonly' in html


# --- sharing -----------------------------------------------------------------------------------


def test_share_page_is_read_only_for_anyone(client):
    shoe = start_shoe(client, "Shared shoe", EXAMPLE)
    stranger = Client()
    response = stranger.get(reverse("tracker:shared", args=[shoe.share_token]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Shared shoe" in html
    assert road_svg(html, "bead_plate").count('class="bead"') == 25
    assert mark_colors(html, "small_road") == "RRBBBRRRRRBBBBB"
    assert count(html, "banker") == 14
    main = html[html.index("<main") : html.index("</main>")]
    # Nothing to change it with: the only forms are the proof dialog's Close (method="dialog")
    # and the Bead Plate's points or letters, which this browser keeps for itself.
    assert 'name="outcome"' not in main and "hx-post" not in main
    assert re.findall(r"<form[^>]*>", main) == [
        '<form method="dialog">',
        f'<form method="post" action="{reverse("tracker:bead")}" class="bead-points">',
    ]
    assert "share-url" not in main
    assert reverse("tracker:delete", args=[shoe.pk]) not in main
    # Its marks explain themselves through the share link, not the owner's URLs.
    proof_url = reverse("tracker:shared_mark", args=[shoe.share_token, "cockroach_pig", 0])
    assert f'href="{proof_url}"' in html
    mark = scoreboard(EXAMPLE).derived["cockroach_pig"].marks[0]
    assert mark.proof in stranger.get(proof_url).content.decode()
    assert mark.proof in stranger.get(proof_url, **HTMX).content.decode()


def test_share_token_is_unguessable_and_checked(client):
    shoe = start_shoe(client)
    assert len(shoe.share_token) >= 32
    assert client.get(reverse("tracker:shared", args=["nope"])).status_code == 404
    assert (
        client.get(
            reverse("tracker:shared_mark", args=[shoe.share_token, "big_eye_boy", 0])
        ).status_code
        == 404
    )


# --- isolation ---------------------------------------------------------------------------------


def other_visitors_urls(shoe):
    return [
        ("get", reverse("tracker:shoe", args=[shoe.pk]), {}),
        ("post", reverse("tracker:record", args=[shoe.pk]), {"outcome": "B"}),
        ("post", reverse("tracker:undo", args=[shoe.pk]), {}),
        ("post", reverse("tracker:rename", args=[shoe.pk]), {"name": "Mine now"}),
        ("get", reverse("tracker:delete", args=[shoe.pk]), {}),
        ("post", reverse("tracker:delete", args=[shoe.pk]), {}),
        ("get", reverse("tracker:mark", args=[shoe.pk, "big_eye_boy", 0]), {}),
    ]


def assert_untouched(shoe, name, outcomes):
    shoe.refresh_from_db()
    assert shoe.name == name
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == outcomes


def test_another_visitor_gets_404_everywhere(client):
    shoe = start_shoe(client, "Private", EXAMPLE)
    stranger = Client()
    start_shoe(stranger, "Stranger's own")  # a visitor id of their own, too
    for method, url, data in other_visitors_urls(shoe):
        for extra in ({}, HTMX):
            response = getattr(stranger, method)(url, data, **extra)
            assert response.status_code == 404, (method, url, extra)
    assert_untouched(shoe, "Private", EXAMPLE)
    assert "Private" not in stranger.get(reverse("tracker:index")).content.decode()


def test_signed_in_users_shoes_are_theirs_alone(client, django_user_model):
    owner = django_user_model.objects.create_user("owner", password="x-long-password-1")
    client.force_login(owner)
    shoe = start_shoe(client, "Owned", "BPT")
    assert shoe.owner == owner and shoe.visitor == ""

    other = django_user_model.objects.create_user("other", password="x-long-password-2")
    signed_in, anonymous = Client(), Client()
    signed_in.force_login(other)
    for stranger in (signed_in, anonymous):
        for method, url, data in other_visitors_urls(shoe):
            assert getattr(stranger, method)(url, data).status_code == 404, (method, url)
    assert_untouched(shoe, "Owned", "BPT")
    assert client.get(reverse("tracker:shoe", args=[shoe.pk])).status_code == 200


def test_tracker_is_in_the_navigation(client):
    html = client.get(reverse("tracker:index")).content.decode()
    assert f'<a href="{reverse("tracker:index")}" aria-current="page">Tracker</a>' in html


def test_pairs_and_naturals_are_drawn_on_the_bead_plate_and_the_big_road(client):
    client.post(reverse("tracker:index"), {"name": "Flags", "decks": "8"})
    shoe = Shoe.objects.get()
    url = reverse("tracker:record", args=[shoe.pk])
    client.post(url, {"outcome": "B", "banker_pair": "on", "natural": "on"})
    client.post(url, {"outcome": "T", "player_pair": "on"})
    client.post(url, {"outcome": "P", "player_pair": "on", "banker_pair": "on"})
    html = client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode()

    def road(key):
        start = html.index(f'id="road-{key}"')
        return html[start : html.index("</svg>", start)]

    bead, big = road("bead_plate"), road("big_road")
    # Bead Plate: every hand's pairs (the tie's too) and the natural, at that hand's bead.
    assert bead.count('href="#pair-banker"') == 2 and bead.count('href="#pair-player"') == 2
    assert '<use href="#natural-mark" transform="translate(0 0)"' in bead
    # Big Road: a bead's pairs on its ring (the tie is a slash: its pair stays on the plate).
    assert '<use href="#pair-banker" transform="translate(0 0)"' in big
    assert '<use href="#pair-banker" transform="translate(1 0)"' in big
    assert '<use href="#pair-player" transform="translate(1 0)"' in big
    assert big.count('href="#pair-') == 3
    # Words for screen readers, and a key in the caption.
    words = "; Banker pairs: hands 1, 3; Player pairs: hands 2, 3; natural: hand 1"
    assert words in bead and words in big
    assert "Banker pair (top left)" in html and "natural (top right)" in html


def test_each_road_says_where_its_newest_mark_is(client):
    """tracker.js scrolls each road to data-newest (a column) unless data-extent (the columns
    its marks take) fits: ties before the first result must not send the Big Road back to
    its first column, where their slash is drawn."""
    outcomes = "TTBPPBBBBBBBPPTP" * 3
    shoe = start_shoe(client, outcomes=outcomes)
    html = client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode()
    board = scoreboard(outcomes)

    def attributes(key):
        svg = road_svg(html, key)
        newest = re.search(r'data-newest="(\d*)" data-extent="(\d+)"', svg)
        return int(newest.group(1)), int(newest.group(2))

    assert attributes("bead_plate") == (board.bead_plate[-1].col, board.bead_plate_width)
    last_bead = [cell for cell in board.big_road if cell.outcome][-1]
    assert attributes("big_road") == (last_bead.col, board.big_road_width)
    assert last_bead.col > 0
    for key, road in board.derived.items():
        assert attributes(key) == (road.cells[-1].col, road.width)
    # An empty shoe names no newest mark.
    empty = start_shoe(client, "Empty")
    html = client.get(reverse("tracker:shoe", args=[empty.pk])).content.decode()
    assert 'id="road-big_road" class="road-svg" data-newest="" data-extent="0"' in html


def test_a_marks_proof_shows_the_board_as_it_was_when_the_mark_was_made(client):
    # Mark 6 of the Cockroach Pig: the columns it compares grew after it was made.
    shoe = start_shoe(client, outcomes=EXAMPLE)
    mark = scoreboard(EXAMPLE).derived["cockroach_pig"].marks[5]
    then = scoreboard(EXAMPLE[: mark.hand + 1])
    first, second = mark.columns_compared
    grown = [
        c for c in scoreboard(EXAMPLE).big_road if c.outcome and c.column + 1 in (first, second)
    ]
    framed_then = [c for c in then.big_road if c.outcome and c.column + 1 in (first, second)]
    assert len(grown) > len(framed_then)  # the case that matters
    url = reverse("tracker:mark", args=[shoe.pk, "cockroach_pig", 5])
    html = client.get(url, **HTMX).content.decode()
    frames = re.search(r'data-frames="([^"]*)"', html).group(1).split()
    assert frames == [f"{c.col},{c.row}" for c in framed_then]
    # Without JavaScript, the page's Big Road holds only the hands up to the mark.
    big_road = road_svg(client.get(url).content.decode(), "big_road")
    assert big_road.count('<use href="#compared-frame"') == len(framed_then)
