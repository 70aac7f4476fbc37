"""The exact edge at every hand (/odds/counting/), through the test client: a dealt shoe's
figures are the engine's, bad query input is a 400 naming the field, and a visitor replays
only their own shoes."""

import re
from html import unescape

import pytest
from django.test import Client
from htmx import HTMX

from baccarat.odds.through_shoe import EDGE_BETS
from baccarat.simulation.shoe_walk import dealt_walk
from baccarat.teaching.shoe_edges import bet_name, signed_percent
from tracker.models import Shoe

URL = "/odds/counting/"


def rows(html):
    """The table's rows: [hand number, cards left, the six edges..., result] as text."""
    body = re.search(r"<tbody>(.*?)</tbody>", html, re.S).group(1)
    return [
        [
            re.sub(r'<span class="edges-flag">.*?</span>|<[^>]+>|▲', "", cell).strip()
            for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        ]
        for row in re.findall(r"<tr.*?</tr>", body, re.S)
    ]


@pytest.mark.same_on_any_database
@pytest.mark.django_db
def test_a_dealt_shoe_shows_the_engines_edge_before_every_hand(client):
    response = client.get(URL, {"seed": "42", "decks": "6"})
    assert response.status_code == 200
    html = unescape(response.content.decode())
    walk = dealt_walk(6, 42)
    table = rows(html)
    assert len(table) == len(walk.hands)
    for number in (0, len(table) // 2, len(table) - 1):
        row = table[number]
        assert row[0] == str(number + 1)
        assert row[1] == str(walk.ranks_left[number].sum())
        assert row[2] == signed_percent(float(walk.edges["banker"][number]), 3)
        assert row[4] == signed_percent(float(walk.edges["tie"][number]), 3)
        assert row[-1].startswith(walk.results[number])
    # A chart for each bet, with its zero line, and the same seed in the form.
    assert html.count('class="edge-chart"') == 6
    assert html.count('class="edge-zero"') == 6
    assert 'value="42"' in html
    # Every hand where a bet favours the bettor carries the text marker, not colour alone.
    flagged = sum(1 for row in re.findall(r"<tr[^>]*>", html) if "edges-positive" in row)
    assert flagged == sum(
        any(walk.edges[bet][i] > 0 for bet in walk.edges) for i in range(walk.exact_hands)
    )
    # ... and names each bet that does, in the row's heading.
    named = [
        bet_name(bet)
        for i in range(walk.exact_hands)
        for bet in EDGE_BETS
        if walk.edges[bet][i] > 0
    ]
    assert re.findall(r'<span class="edges-flag">▲ ([^<]+)</span>', html) == named


@pytest.mark.same_on_any_database
@pytest.mark.django_db
def test_a_bare_page_deals_seed_one_and_htmx_gets_the_results_alone(client):
    html = client.get(URL).content.decode()
    assert "seed 1" in html and "Deal another shoe" in html
    part = client.get(URL, {"seed": "3"}, **HTMX).content.decode()
    assert part.lstrip().startswith('<div id="edges-results"')
    assert "<h1>" not in part
    assert client.get("/zh-hant" + URL, {"seed": "3", "decks": "1"}).status_code == 200


@pytest.mark.same_on_any_database
@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"decks": "9"}, "Decks"),
        ({"decks": "eight"}, "Decks"),
        ({"seed": "-1"}, "Seed"),
        ({"seed": "9" * 5000}, "Seed"),
        ({"seed": "1e5"}, "Seed"),
        ({"replay": "0"}, "Your shoe"),
        ({"replay": "x"}, "Your shoe"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(client, query, field):
    response = client.get(URL, query)
    assert response.status_code == 400
    html = unescape(response.content.decode())
    assert f"<li>{field}: " in html
    assert "edges-table" not in html
    assert client.get(URL, query, **HTMX).status_code == 400


@pytest.mark.same_on_any_database
@pytest.mark.django_db
def test_a_refused_seed_is_drawn_back_to_be_corrected_and_a_long_one_is_not(client):
    html = client.get(URL, {"seed": "1e5", "decks": "2"}).content.decode()
    assert 'value="1e5"' in html and 'aria-invalid="true"' in html
    assert '<option value="2" selected>' in html
    html = client.get(URL, {"seed": "9" * 5000}).content.decode()
    assert "9" * 100 not in html and '<option value="8" selected>' in html


@pytest.mark.django_db
def test_a_visitor_replays_their_own_shoe_and_no_one_elses(client):
    client.post("/tracker/", {"name": "My shoe", "decks": 8})
    mine = Shoe.objects.get(name="My shoe")
    mine.record("P", cards=["9h", "Ks", "9c", "Qd"])
    mine.record("B", cards=["2h", "3s", "4c", "As", "6d"])
    mine.record("T")  # no cards: the exact figures stop here
    mine.record("B", cards=["9h", "Ks", "9c", "Qd"])
    page = client.get(URL)
    assert f'<option value="{mine.pk}"' in page.content.decode()
    response = client.get(URL, {"replay": mine.pk})
    assert response.status_code == 200
    html = unescape(response.content.decode())
    assert "Your shoe “My shoe”" in html
    assert "Hand 3 was recorded without its cards" in html
    table = rows(html)
    assert len(table) == 4 and table[3][1] == "not known"
    assert table[1][1] == str(416 - 4)
    # Another visitor, and a signed-in stranger, get a 404 and see nothing of it.
    other = Client()
    assert other.get(URL, {"replay": mine.pk}).status_code == 404
    assert "My shoe" not in other.get(URL).content.decode()
    assert client.get(URL, {"replay": mine.pk + 1000}).status_code == 404
    # A shoe with no hands yet, and one whose first hand has no cards: said, never a 500.
    client.post("/tracker/", {"name": "Empty", "decks": 6})
    empty = Shoe.objects.get(name="Empty")
    html = client.get(URL, {"replay": empty.pk}).content.decode()
    assert "no hands yet" in html and "edge-chart" not in html
    empty.record("B")
    html = unescape(client.get(URL, {"replay": empty.pk}).content.decode())
    assert "Hand 1 was recorded without its cards" in html
    assert rows(html)[0][1] == str(6 * 52)


@pytest.mark.same_on_any_database
@pytest.mark.django_db
def test_the_odds_page_and_the_lesson_link_here(client):
    assert URL in client.get("/odds/").content.decode()
