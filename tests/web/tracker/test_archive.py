"""Your shoes kept, through the test client: the list grouped by day with each shoe's counts
and thumbnail, every filter, bad filter input, the statistics across shoes on known shoes,
your shoes against chance, other visitors' shoes never shown, and the queries a page costs."""

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from htmx import HTMX
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tracker.models import Shoe

pytestmark = pytest.mark.django_db

INDEX, STATS = reverse("tracker:index"), reverse("tracker:stats")


def start_shoe(client, name="Shoe", outcomes="", decks=8, day=None, cards=False):
    response = client.post(INDEX, {"name": name, "decks": decks})
    assert response.status_code == 302
    shoe = Shoe.objects.get(pk=int(response.url.strip("/").split("/")[-1]))
    for outcome in outcomes:
        shoe.record(outcome, cards=["9h", "Ks", "8c", "Qd"] if cards else None)
    if day is not None:
        Shoe.objects.filter(pk=shoe.pk).update(
            created=datetime.datetime(*day, 21, 30, tzinfo=datetime.UTC)
        )
    return shoe


def names(html):
    return re.findall(r'class="archive-name" href="[^"]+">([^<]+)</a>', html)


# --- the list, by day -----------------------------------------------------------------------


def test_shoes_are_grouped_by_the_day_they_were_started(client):
    start_shoe(client, "Friday one", "BBP", day=(2026, 11, 27))
    start_shoe(client, "Friday two", "PPT", day=(2026, 11, 27))
    start_shoe(client, "Sunday", "B", day=(2026, 11, 29))
    html = client.get(INDEX).content.decode()
    days = re.findall(r'<h3 id="day-([0-9-]+)">', html)
    assert days == ["2026-11-29", "2026-11-27"]
    sunday, friday = html.split('<h3 id="day-')[1:]
    assert names(sunday) == ["Sunday"]
    assert names(friday) == ["Friday two", "Friday one"]
    assert "Days are UTC dates" in html


def test_a_row_shows_the_shoes_figures_and_its_big_road(client):
    shoe = start_shoe(client, "Figures", "BBBTPPB", decks=6)
    html = client.get(INDEX).content.decode()
    start = html.index('class="archive-shoe"')
    row = html[start : html.index("</li>", start)]
    assert f'href="{reverse("tracker:shoe", args=[shoe.pk])}"' in row
    assert "6 decks" in row and "7 hands" in row
    assert "Banker 4" in row and "Player 2" in row and "Tie 1" in row
    assert "longest run 3" in row
    thumb = re.search(r'<svg class="thumb".*?</svg>', row).group(0)
    # Three Banker beads down column 0, two Player in column 1, one Banker in column 2.
    banker = re.search(r'class="thumb-banker" d="([^"]*)"', thumb).group(1)
    player = re.search(r'class="thumb-player" d="([^"]*)"', thumb).group(1)
    assert banker == "M1 1h4v4h-4zM1 7h4v4h-4zM1 13h4v4h-4zM13 1h4v4h-4z"
    assert player == "M7.5 1.5h3v3h-3zM7.5 7.5h3v3h-3z"
    assert 'width="18" height="36"' in thumb


def test_empty_archive(client):
    html = client.get(INDEX).content.decode()
    assert "No shoes yet" in html
    stats = client.get(STATS)
    assert stats.status_code == 200
    assert "No shoes yet" in stats.content.decode()


def test_someone_elses_shoes_are_never_shown(client):
    start_shoe(client, "Mine", "BPB")
    other = Client()
    start_shoe(other, "Theirs", "PPPPP")
    user = get_user_model().objects.create_user("someone", password="a long pass phrase")
    Shoe.objects.create(owner=user, name="Account's", decks=8)
    assert names(client.get(INDEX).content.decode()) == ["Mine"]
    assert names(client.get(f"{INDEX}?q=Theirs").content.decode()) == []
    assert [row["shoe"].name for row in client.get(STATS).context["rows"]] == ["Mine"]
    assert client.get(f"{STATS}?q=Account").context["rows"] == []
    assert client.get(STATS).context["totals"].stats.hands == 3


def test_an_accounts_shoes_are_listed_for_it(client):
    user = get_user_model().objects.create_user("keeper", password="a long pass phrase")
    client.force_login(user)
    start_shoe(client, "Kept", "BB")
    assert names(client.get(INDEX).content.decode()) == ["Kept"]
    assert Client().get(INDEX).context["page"].paginator.count == 0


# --- the filter ----------------------------------------------------------------------------


@pytest.fixture
def archive(client):
    start_shoe(client, "Galaxy Friday", "BPBPBPBPBP", decks=8, day=(2026, 11, 27))
    start_shoe(client, "Galaxy Saturday", "BBBB", decks=6, day=(2026, 11, 28), cards=True)
    start_shoe(client, "Lisboa", "P" * 30, decks=8, day=(2026, 11, 30))
    start_shoe(client, "Empty", "", decks=1, day=(2026, 12, 1))
    return client


@pytest.mark.parametrize(
    "query, expected",
    [
        ("", ["Empty", "Lisboa", "Galaxy Saturday", "Galaxy Friday"]),
        ("q=galaxy", ["Galaxy Saturday", "Galaxy Friday"]),
        ("q=Lis", ["Lisboa"]),
        ("q=nothing+like+it", []),
        ("since=2026-11-28", ["Empty", "Lisboa", "Galaxy Saturday"]),
        ("until=2026-11-28", ["Galaxy Saturday", "Galaxy Friday"]),
        ("since=2026-11-28&until=2026-11-30", ["Lisboa", "Galaxy Saturday"]),
        ("decks=6", ["Galaxy Saturday"]),
        ("decks=8", ["Lisboa", "Galaxy Friday"]),
        ("least=10", ["Lisboa", "Galaxy Friday"]),
        ("most=4", ["Empty", "Galaxy Saturday"]),
        ("least=1&most=10", ["Galaxy Saturday", "Galaxy Friday"]),
        ("cards=with", ["Galaxy Saturday"]),
        ("cards=without", ["Empty", "Lisboa", "Galaxy Friday"]),
        ("q=galaxy&decks=8&cards=without", ["Galaxy Friday"]),
        ("q=&since=&until=&decks=&least=&most=&cards=", ["Empty", "Lisboa", "Galaxy Saturday",
                                                         "Galaxy Friday"]),
    ],
)  # fmt: skip
def test_every_filter_on_the_list_and_the_statistics(archive, query, expected):
    response = archive.get(f"{INDEX}?{query}")
    assert response.status_code == 200
    assert names(response.content.decode()) == expected
    stats = archive.get(f"{STATS}?{query}")
    assert stats.status_code == 200
    assert [row["shoe"].name for row in stats.context["rows"]] == expected
    if not expected:
        assert "No shoe of yours matches this filter." in stats.content.decode()


def test_htmx_gets_the_results_alone(archive):
    response = archive.get(f"{INDEX}?q=lisboa", **HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="archive-results"')
    assert names(html) == ["Lisboa"] and "<h1>" not in html
    assert '<div hx-swap-oob="innerHTML:#live">1 shoe found</div>' in html
    stats = archive.get(f"{STATS}?q=lisboa", **HTMX).content.decode()
    assert stats.lstrip().startswith('<div id="archive-results"') and "<h1>" not in stats


@pytest.mark.parametrize(
    "query, field",
    [
        ("since=yesterday", "Started on or after"),
        ("since=2026-13-01", "Started on or after"),
        ("until=2026-02-30", "Started on or before"),
        ("since=2026-12-02&until=2026-12-01", "Started on or before"),
        ("decks=9", "Decks"),
        ("decks=%D9%A8", "Decks"),
        ("least=-1", "At least this many hands"),
        ("most=" + "9" * 400, "At most this many hands"),
        ("least=5&most=4", "At most this many hands"),
        ("cards=some", "Cards"),
        ("q=%00", "Search your shoes"),
        ("q=a%07b", "Search your shoes"),
        ("q=" + "x" * 101, "Search your shoes"),
        ("page=0", "Page"),
    ],
)
def test_bad_filter_input_is_a_400_naming_the_field(archive, query, field):
    for page in (INDEX, STATS):
        response = archive.get(f"{page}?{query}")
        assert response.status_code == 400
        html = response.content.decode()
        assert 'role="alert"' in html and f"<li>{field}:" in html
        assert "archive-name" not in html
        htmx = archive.get(f"{page}?{query}", **HTMX)
        assert htmx.status_code == 400 and htmx["HX-Retarget"] == "#archive-results"


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.dictionaries(
        st.sampled_from(["q", "since", "until", "decks", "least", "most", "cards", "page"]),
        st.text(max_size=30),
    )
)
def test_no_unicode_in_the_query_string_is_a_500(client, values):
    for page in (INDEX, STATS):
        assert client.get(page, values).status_code in (200, 400)


def test_a_page_past_the_last_is_the_last(archive):
    assert archive.get(f"{INDEX}?page=7").status_code == 200


def test_a_long_list_is_paged_and_keeps_its_filter(client, monkeypatch):
    monkeypatch.setattr("tracker.archive.PER_PAGE", 2)
    for n in range(5):
        start_shoe(client, f"Night {n}", "B")
    html = client.get(f"{INDEX}?q=night").content.decode()
    assert names(html) == ["Night 4", "Night 3"]
    assert 'href="?q=night&amp;page=2" rel="next"' in html
    html = client.get(f"{INDEX}?q=night&page=3").content.decode()
    assert names(html) == ["Night 0"] and 'rel="prev"' in html and 'rel="next"' not in html


# --- the statistics ------------------------------------------------------------------------


def test_the_statistics_add_up_known_shoes(client):
    first = start_shoe(client, "First", "BBBPTP")  # B 3, P 2, T 1; runs B3 P2
    first.record("B", banker_pair=True, natural=True)
    start_shoe(client, "Second", "PPPPBT")  # B 1, P 4, T 1; runs P4 B1
    response = client.get(STATS)
    totals = response.context["totals"]
    stats = totals.stats
    assert (totals.shoes, stats.hands) == (2, 13)
    assert (stats.banker, stats.player, stats.tie) == (5, 6, 2)
    assert (stats.banker_pairs, stats.player_pairs, stats.naturals) == (1, 0, 1)
    assert (stats.longest_banker, stats.longest_player) == (3, 4)
    assert totals.longest_per_shoe == (4, 3)  # newest first
    html = response.content.decode()
    # The shoe page's stats panel, without a current run (no run carries across shoes) ...
    assert html.count('<p class="stats-strip">') == 1
    assert re.search(
        r'<th scope="row" class="banker">Banker</th><td data-count="banker">5</td><td>38\.5%</td>',
        html,
    )
    assert '<dd data-run="player">4</dd>' in html and 'data-run="current"' not in html
    assert "<h3>Counts" in html
    # ... and beside it what only a set of shoes has.
    assert "<dt>Shoes</dt><dd>2</dd>" in html
    assert "<dt>Hands per shoe, on average</dt><dd>6.5</dd>" in html
    assert re.search(r"<dt>Longest run per shoe, the middle shoe&#x27;s</dt><dd>3\.5</dd>", html)
    assert "2 shoes added up" in html


def test_your_shoes_are_placed_among_chances(client):
    start_shoe(client, "Ordinary", "BBBPPBPBBTPPPBPBBPPPPB")
    start_shoe(client, "Long run", "B" * 30)
    response = client.get(STATS)
    rows = {row["shoe"].name: row for row in response.context["rows"]}
    assert rows["Long run"]["outside"] and rows["Long run"]["run_percentile"] == "percentile 100"
    assert not rows["Ordinary"]["outside"]
    html = response.content.decode()
    assert "1 of your 2 shoes lie inside the middle 95%" in html
    assert "predict nothing" in html
    assert "10,000 shoes of each deck count" in html
    # Both charts drawn, with a diamond for each bar holding one of the shoes.
    assert html.count('class="lab-chart archive-chart"') == 2
    assert html.count('class="yours-mark"') >= 4
    run_chart = response.context["run_chart"]
    assert sum(bar["yours"] for bar in run_chart["bars"]) == 2
    assert [bar["label"] for bar in run_chart["bars"] if bar["yours"]] == ["4", "20+"]


def test_an_empty_shoe_is_counted_but_not_placed(client):
    start_shoe(client, "Nothing yet")
    response = client.get(STATS)
    assert response.context["rows"][0]["run_percentile"] == "no percentile: no hands"
    assert "No shoe with hands to set against chance yet." in response.content.decode()


# --- what a page costs -----------------------------------------------------------------------


def test_the_pages_cost_the_same_few_queries_for_many_shoes(client, django_assert_max_num_queries):
    for n in range(30):
        start_shoe(client, f"Shoe {n}", "BPBTPPB"[: n % 7 + 1], decks=8 - n % 3)
    # The session, the count and the page's shoes, their hands in one query, the default
    # name's count: the same for 3 shoes or 300.
    with django_assert_max_num_queries(6):
        assert client.get(INDEX).status_code == 200
    with django_assert_max_num_queries(4):
        assert client.get(f"{STATS}?cards=without").status_code == 200
    assert timezone.now()  # (a page's time is the server's; nothing here is timed)
