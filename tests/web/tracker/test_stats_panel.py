"""The shoe page's stats panel (its strip, counts, runs, and the next hand from the cards
left), a total over several shoes drawn by the same partial, and the Bead Plate's winning
points: on and off, with and without cards, on the owner's page and the shared one."""

import re
from html import unescape

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from htmx import HTMX

from baccarat.roads.scoreboard import scoreboard
from baccarat.roads.tally import total
from scoreboard.stats_panel import stats_panel_context
from tracker.models import Shoe

pytestmark = pytest.mark.django_db

# Two ties before the first Banker; then hands with pairs and naturals, some with their cards:
# (outcome, player pair, banker pair, natural, cards).
HANDS = [
    ("T", False, False, False, ["Th", "Kd", "7c", "7s"]),  # a tie on 7, with its cards
    ("T", False, False, False, None),
    ("B", False, False, True, ["4h", "5d", "2c", "3s"]),  # Banker 8, a natural
    ("B", False, True, False, None),
    ("P", True, False, True, ["9h", "Kd", "9c", "2s"]),  # Player 8, a natural and a pair
    ("P", False, False, False, None),
    ("P", False, False, False, ["Th", "Kd", "Jc", "Qs", "5h", "4d"]),  # Player 5 over 4
]


def start_shoe(client, hands=HANDS, name="Panel shoe"):
    response = client.post(reverse("tracker:index"), {"name": name, "decks": 8})
    shoe = Shoe.objects.get(pk=int(response.url.strip("/").split("/")[-1]))
    for outcome, player_pair, banker_pair, natural, cards in hands:
        shoe.record(outcome, player_pair, banker_pair, natural, cards=cards)
    return shoe


def text(html):
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def part(html, start, end):
    begin = html.index(start)
    return html[begin : html.index(end, begin)]


def strip(html):
    return text(part(html, '<p class="stats-strip">', "</p>"))


def panel(html):
    return part(html, '<section id="stats-panel"', '<section class="bead-points-panel"')


def test_the_panel_counts_a_shoe_that_starts_with_ties(client):
    shoe = start_shoe(client)
    html = client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode()
    # The strip: each outcome's letter and, for a screen reader, its name.
    assert strip(html) == "B Banker 2 · P Player 3 · T Tie 2 · 7 hands"
    assert '<b class="stats-letter" aria-hidden="true">B</b>' in html
    found = panel(html)
    rows = re.findall(r'data-count="([a-z-]+)">(\d+)</td><td>([\d.]+)%', found)
    assert rows == [
        ("banker", "2", "28.6"),
        ("player", "3", "42.9"),
        ("tie", "2", "28.6"),
        ("banker-pairs", "1", "14.3"),
        ("player-pairs", "1", "14.3"),
        ("naturals", "2", "28.6"),
    ]
    assert '<dd data-run="current">Player × 3</dd>' in found
    assert '<dd data-run="banker">2</dd>' in found
    assert '<dd data-run="player">3</dd>' in found
    # The next hand from the cards left, in the same panel: 4 hands' 18 cards out of 416.
    assert "8-deck shoe less the 18 known cards recorded" in found
    assert '<p class="cards-left" data-cards-left="398">398 cards left in the shoe</p>' in found
    assert len(re.findall(r'<td data-next="\d">', found)) == 5
    assert "the cards of 3 hands recorded without them" in found
    # Shown once: no second table of counts elsewhere on the page.
    assert html.count('<table class="counts">') == 1
    assert html.count('<table class="ask">') == 1


def test_an_empty_shoe_has_an_empty_panel(client):
    shoe = start_shoe(client, hands=[])
    html = client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode()
    assert strip(html) == "B Banker 0 · P Player 0 · T Tie 0 · 0 hands"
    assert '<dd data-run="current">none yet</dd>' in html
    assert re.findall(r'data-count="[a-z-]+">(\d+)</td><td>([\d.]+)%', html) == [("0", "0.0")] * 6
    assert "Record hands with their cards" in panel(html)


def test_a_hand_recorded_with_htmx_redraws_the_panel_out_of_band(client):
    shoe = start_shoe(client)
    response = client.post(reverse("tracker:record", args=[shoe.pk]), {"outcome": "B"}, **HTMX)
    html = response.content.decode()
    assert html.count('hx-swap-oob="true"') == 2  # the panel and the record form's key
    assert '<section id="stats-panel" class="stats-panel" hx-swap-oob="true">' in html
    assert strip(html) == "B Banker 3 · P Player 3 · T Tie 2 · 8 hands"
    assert '<dd data-run="current">Banker × 1</dd>' in html


def test_one_hand_is_said_in_the_singular(client):
    shoe = start_shoe(client, hands=HANDS[2:3])
    html = client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode()
    assert strip(html).endswith("· 1 hand")


def test_a_total_over_several_shoes_uses_the_same_partial_without_a_current_run():
    stats = total([scoreboard("TBBP").stats, scoreboard("PPPB").stats])
    html = render_to_string(
        "scoreboard/stats_panel.html",
        {"panel": stats_panel_context(stats, one_shoe=False), "heading": "h3"},
    )
    assert text(part(html, '<p class="stats-strip">', "</p>")) == (
        "B Banker 3 · P Player 4 · T Tie 1 · 8 hands"
    )
    assert "<h3>Counts" in html and "<h2>" not in html
    assert 'data-run="current"' not in html and "Current" not in html
    assert '<dd data-run="player">3</dd>' in html and '<dd data-run="banker">2</dd>' in html
    # Many shoes run into thousands of hands: grouped as everywhere else on the site.
    many = total([scoreboard("BBPPT" * 300).stats] * 2)
    html = render_to_string("scoreboard/stats_panel.html", {"panel": stats_panel_context(many)})
    assert text(part(html, '<p class="stats-strip">', "</p>")) == (
        "B Banker 1,200 · P Player 1,200 · T Tie 600 · 3,000 hands"
    )
    assert '<td data-count="banker">1,200</td>' in html and "3,000 hands</span>" in html


# --- the Bead Plate's winning points --------------------------------------------------------


def bead_plate(html):
    return part(html, '<svg id="road-bead_plate"', "</svg>")


def choose(client, bead, back):
    return client.post(reverse("tracker:bead"), {"bead": bead, "back": back})


def test_points_are_off_until_chosen_and_the_letters_stay(client):
    shoe = start_shoe(client)
    html = client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode()
    beads = bead_plate(html)
    assert "point-" not in beads and "point-digit" not in html
    assert beads.count('class="bead"') == 7
    assert 'aria-label="Bead Plate, 7 hands: T T B B P P P;' in html
    assert 'name="bead" value="points"' in html


def test_points_on_show_each_winning_total_where_the_cards_are_known(client):
    shoe = start_shoe(client)
    page = reverse("tracker:shoe", args=[shoe.pk])
    response = choose(client, "points", page)
    assert response.status_code == 302 and response.url == page + "#bead-points"
    assert response.cookies["bead"].value == "points"
    html = client.get(page).content.decode()
    beads = bead_plate(html)
    # The four hands with cards: the number on the winner's shape; the three without keep
    # their letter.
    assert re.findall(r'href="#point-([BPT])" transform="translate\((\d) (\d)\)"', beads) == [
        ("T", "0", "0"),
        ("B", "0", "2"),
        ("P", "0", "4"),
        ("P", "1", "0"),
    ]
    assert re.findall(r'href="#point-digit-(\d)"', beads) == ["7", "8", "8", "5"]
    assert re.findall(r'href="#bead-([BPT])"', beads) == ["T", "B", "P"]
    assert beads.count('class="bead"') == 7
    assert 'aria-label="Bead Plate, 7 hands: T7 T B8 B P8 P P5;' in html
    assert "naturals: hands 3, 5" in html  # the star still marks them, and the label says so
    assert '<g id="point-digit' not in html and '<text id="point-digit-0"' in html
    assert "a letter: a hand recorded without its cards" in html
    assert 'name="bead" value="letters"' in html
    # A hand recorded with htmx redraws the board with points too.
    shoe.record("B", cards=["4", "5", "2", "3"])
    answer = client.post(reverse("tracker:record", args=[shoe.pk]), {"outcome": "T"}, **HTMX)
    assert re.findall(r'href="#point-digit-(\d)"', bead_plate(answer.content.decode())) == [
        "7",
        "8",
        "8",
        "5",
        "8",
    ]


def test_letters_again_forget_the_choice(client):
    shoe = start_shoe(client)
    page = reverse("tracker:shoe", args=[shoe.pk])
    choose(client, "points", page)
    response = choose(client, "letters", page)
    assert response.status_code == 302
    assert response.cookies["bead"].value == "" and response.cookies["bead"]["max-age"] == 0
    assert "point-digit" not in client.get(page).content.decode()


def test_the_shared_page_shows_points_to_a_browser_that_chose_them(client):
    shoe = start_shoe(client)
    shoe.new_share_link()
    shared = reverse("tracker:shared", args=[shoe.share_token])
    stranger = Client()
    assert "point-digit" not in stranger.get(shared).content.decode()
    response = choose(stranger, "points", shared)
    assert response.url == shared + "#bead-points"
    html = stranger.get(shared).content.decode()
    assert re.findall(r'href="#point-digit-(\d)"', bead_plate(html)) == ["7", "8", "8", "5"]
    assert "sessionid" not in stranger.cookies  # a choice, not a session


def test_points_stay_off_on_the_lessons_bead_plates(client):
    client.cookies["bead"] = "points"
    html = client.get("/lessons/bead-plate-and-big-road/bead-plate/").content.decode()
    assert html.count('<use href="#bead-') == 24
    assert "point-" not in html


@pytest.mark.parametrize("bead", ["", "numbers", "POINTS", "x" * 500])
def test_a_bad_choice_is_refused_and_nothing_is_stored(client, bead):
    response = client.post(reverse("tracker:bead"), {"bead": bead, "back": "/tracker/"})
    assert response.status_code == 400
    assert "send 'points' or 'letters'" in unescape(response.content.decode())
    assert "bead" not in response.cookies


def test_the_choice_goes_back_only_to_this_site(client):
    response = choose(client, "points", "https://elsewhere.example/")
    assert response.status_code == 302 and response.url == reverse("tracker:index") + "#bead-points"
    assert client.get(reverse("tracker:bead")).status_code == 405
