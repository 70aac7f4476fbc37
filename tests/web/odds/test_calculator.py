"""The odds calculator page (/odds/), the Banker-total pages' frequencies, and the
tracker's next-hand odds, through the test client."""

import math
import re
from html import unescape
from urllib.parse import parse_qs, urlparse

import pytest
from django.urls import reverse
from htmx import HTMX

from baccarat.game.cards import parse_cards
from baccarat.odds.exact import odds, ranks_of_decks, shoe_after
from odds.views import percent
from tracker.models import Shoe

URL = "/odds/"
FULL_8 = ranks_of_decks(8)


def page(client, **query):
    response = client.get(URL, query)
    assert response.status_code == 200
    return response.content.decode()


def shown(html, key):
    """The percentage the main table shows for banker / player / tie."""
    return re.search(rf'<tr data-odds="{key}">.*?<td>([^<]+)</td>', html, re.S).group(1)


def field_error(html, field):
    """The message in the slot beside a field ('' when there is none)."""
    match = re.search(rf'<div id="{field}-error" class="field-error"[^>]*>(.*?)</div>', html, re.S)
    assert match, field
    return unescape(re.sub(r"<[^>]+>", "", match.group(1))).strip()


def rank_query(**counts):
    return {"shoe": "ranks", **{rank: str(n) for rank, n in {**FULL_8, **counts}.items()}}


# --- the calculator ---------------------------------------------------------------------


def test_full_eight_deck_shoe_by_default(client):
    html = page(client)
    assert shown(html, "banker") == "45.8597%"
    assert shown(html, "player") == "44.6247%"
    assert shown(html, "tie") == "9.5156%"
    assert "A full 8-deck shoe: <strong>416 cards</strong>" in html
    # The exact counts behind them, in a details element.
    start = html.index('<details class="exact">')
    details = html[start : html.index("</details>", start)]
    assert 'data-count="banker">2,292,252,566,437,888<' in details
    assert 'data-count="total">4,998,398,275,503,360<' in details
    # The form is a plain GET form with a shareable URL, and htmx redraws it live; a submit
    # loads the page at the results, not at the top of the form.
    assert re.search(r'<form method="get" action="/odds/#odds-results"', html)
    assert 'hx-trigger="input changed delay:300ms, change"' in html
    assert 'hx-get="/odds/"' in html and 'hx-target="#odds-results"' in html


@pytest.mark.parametrize("decks", [1, 6])
def test_decks(client, decks):
    html = page(client, decks=decks)
    result = odds(decks=decks)
    assert shown(html, "banker") == percent(result.p("banker"))
    assert f"A full {decks}-deck shoe: <strong>{52 * decks} cards</strong>" in html
    assert re.search(rf'<option value="{decks}" selected>', html)


def test_every_section_is_shown(client):
    html = page(client)
    for text in [
        "Either side has a natural</th><td>34.3049%",
        "Player draws a third card</th><td>50.3414%",
        "Banker draws a third card</th><td>43.5405%",
        "Dragon 7: Banker wins with a three-card 7</th><td>2.2534%",
        "Panda 8: Player wins with a three-card 8</th><td>3.4543%",
        "Banker wins with a total of 6 (Super 6)</th><td>5.3864%",
        '7.4699% <span class="help">(31/415)</span>',
    ]:
        assert text in html, text
    by_cards = html[html.index('<table class="odds-table" id="by-cards">') :]
    row = re.search(r'<tr data-cards="5">(.*?)</tr>', by_cards).group(1)
    assert re.findall(r"<td>([^<]+)</td>", row) == ["30.3444%", "15.6829%", "11.9931%", "2.6684%"]
    # The chart is drawn by the template: bars with words beside them, not colour alone.
    chart = html[html.index('<svg class="cards-chart"') : html.index("</svg>")]
    assert chart.count("<rect") == 9
    assert chart.count(">Banker</text>") == 3 and ">5 cards dealt</text>" in chart
    assert ">15.68%</text>" in chart


def test_house_edge_in_both_conventions(client):
    html = page(client)
    edges = html[html.index('id="edges"') :]
    row = re.search(r'<tr data-edge="banker">(.*?)</tr>', edges).group(1)
    assert re.findall(r"<td>([^<]+)</td>", row) == ["1.0579%", "1.1692%"]
    for key, per_unit in [
        ("player", "1.2351%"),
        ("tie_8_to_1", "14.3596%"),
        ("tie_9_to_1", "4.8440%"),
        ("ez_banker", "1.0183%"),
        ("super6_banker", "1.4581%"),
        ("dragon_7", "7.6113%"),
        ("panda_8", "10.1876%"),
        ("player_pair", "10.3614%"),
    ]:
        row = re.search(rf'<tr data-edge="{key}">(.*?)</tr>', edges).group(1)
        assert re.findall(r"<td>([^<]+)</td>", row)[0] == per_unit, key
    assert (
        "<strong>Per unit staked:</strong>" in html and "<strong>Pushes excluded:</strong>" in html
    )
    assert "a push" in html and "per bet that won or lost" in html


def test_commission(client):
    html = page(client, commission="4")
    row = re.search(r'<tr data-edge="banker">(.*?)</tr>', html).group(1)
    assert "Banker, 4% commission" in row and "0.5993%" in row


def test_effect_of_removal_and_thorp_walden(client):
    html = page(client)
    removal = html[html.index('id="removal"') : html.index("</table>", html.index('id="removal"'))]
    four = re.search(r"<th scope=\"row\">4</th>(.*?)</tr>", removal).group(1)
    # Banker, Player, Tie in hundred-thousandths: removing a 4 costs the Player 0.0000435.
    assert re.findall(r"<td>([^<]+)</td>", four) == ["32", "+7.60", "−4.35", "−3.25"]
    assert "hundred-thousandths" in html
    assert "Thorp and Walden proved in 1973" in html and "no useful edge" in html


def test_ranks(client):
    counts = {"A": 10, "5": 3, "T": 0, "K": 2}
    html = page(client, **rank_query(**counts))
    result = odds(ranks={**FULL_8, **counts})
    assert shown(html, "banker") == percent(result.p("banker"))
    assert shown(html, "tie") == percent(result.p("tie"))
    assert f"The shoe you gave, rank by rank: <strong>{result.cards} cards</strong>" in html
    assert 'id="rank-A" name="A" value="10"' in html


def test_ranks_left_out_of_a_url_count_zero(client):
    html = page(client, shoe="ranks", **{"9": "20", "T": "20"})
    assert shown(html, "banker") == percent(odds(ranks={"9": 20, "T": 20}).p("banker"))


def test_dealt_cards(client):
    dealt = "Qh 4 9s K 7d 4c 10♠ A"
    html = page(client, shoe="dealt", decks=6, dealt=dealt)
    left = shoe_after(6, parse_cards(dealt))
    assert shown(html, "banker") == percent(odds(ranks=left.ranks).p("banker"))
    assert "A 6-deck shoe less 8 cards dealt: <strong>304 cards</strong> left." in html
    # The rank grid shows what is left, ready to edit.
    assert 'id="rank-4" name="4" value="22"' in html


def test_the_shoe_is_worked_out_from_the_fields_when_not_chosen(client):
    assert "less 2 cards dealt" in page(client, dealt="A A")
    assert "The shoe you gave" in page(client, A="3", K="3")


@pytest.mark.parametrize(
    "query, field, message",
    [
        ({"decks": "9"}, "decks", "Choose a whole number of decks from 1 to 8."),
        ({"decks": "eight"}, "decks", "Choose a whole number of decks from 1 to 8."),
        ({"commission": "lots"}, "commission", "Enter the commission as a number of per cent"),
        ({"commission": "100"}, "commission", "from 0 up to 100 per cent"),
        ({"commission": "-1"}, "commission", "from 0 up to 100 per cent"),
        ({"commission": "1e-20000000"}, "commission", "at most 2 decimals"),
        ({"commission": "4.125"}, "commission", "at most 2 decimals"),
        ({"commission": "0x1p-3"}, "commission", "from 0 up to 100 per cent"),
        ({"commission": "５"}, "commission", "from 0 up to 100 per cent"),
        ({"commission": "nan"}, "commission", "from 0 up to 100 per cent"),
        ({"commission": "1_0"}, "commission", "from 0 up to 100 per cent"),
        ({"decks": "٨"}, "decks", "Choose a whole number of decks from 1 to 8."),
        ({"decks": "9" * 5000}, "decks", "Choose a whole number of decks from 1 to 8."),
        (rank_query(K="²"), "rank-K", "Not a number"),
        (rank_query(K="1" * 5000), "rank-K", "Over 32"),
        ({"shoe": "dealt", "dealt": "Qh 4 X"}, "dealt", "Card 3: 'X' is not a card"),
        ({"shoe": "dealt", "dealt": "Qh ? 4"}, "dealt", "Card 2 is unknown (?)"),
        (
            {"shoe": "dealt", "decks": "1", "dealt": "7 7s 7h 7d 7c"},
            "dealt",
            "5 cards of rank 7, but 1 deck holds only 4.",
        ),
        (
            {"shoe": "dealt", "decks": "1", "dealt": " ".join(["A 2 3 4 5 6 7 8 9 T J Q K"] * 4)},
            "dealt",
            "Only 0 cards would be left; a hand needs at least 6.",
        ),
        ({"shoe": "ranks", "A": "1", "2": "2", "3": "2"}, "ranks", "These counts make 5 cards"),
        (rank_query(K=-1), "rank-K", "Negative"),
        (rank_query(K="x"), "rank-K", "Not a number"),
        (rank_query(K="2.5"), "rank-K", "Not a number"),
        (rank_query(K=33), "rank-K", "Over 32"),
        (rank_query(K=""), "rank-K", "Blank"),
    ],
)
def test_wrong_input_gets_a_message_beside_the_field(client, query, field, message):
    response = client.get(URL, query)
    assert response.status_code == 400
    html = response.content.decode()
    assert message in field_error(html, field)
    assert "No odds yet" in html and 'data-odds="banker"' not in html
    # The field itself is marked, and points at its message (the whole grid's message,
    # from every count).
    marked = "rank-A" if field == "ranks" else field
    element = re.search(rf'<(?:input|select|textarea)[^>]*id="{marked}"[^>]*>', html, re.S)
    assert f"{field}-error" in element.group(0)
    if field != "ranks":
        assert 'aria-invalid="true"' in element.group(0)
    if field.startswith("rank-"):
        assert "Correct the counts marked below" in field_error(html, "ranks")


def test_a_wrong_field_not_in_use_is_not_an_error(client):
    # The decks are not used for a shoe given rank by rank, nor the counts for a full shoe.
    assert field_error(page(client, **rank_query(), decks="99"), "decks") == ""
    html = page(client, shoe="decks", K="-3")
    assert shown(html, "banker") == "45.8597%" and field_error(html, "rank-K") == ""


def test_htmx_gets_the_results_and_each_fields_message(client):
    response = client.get(URL, {"shoe": "decks", "decks": "6"}, **HTMX)
    html = response.content.decode()
    assert "<html" not in html and "<form" not in html
    assert html.lstrip().startswith('<div id="odds-results"')
    assert shown(html, "banker") == percent(odds(decks=6).p("banker"))
    for field in ("decks", "dealt", "ranks", "commission"):
        assert (
            f'<div id="{field}-error" class="field-error" data-error-for="{field}" '
            'hx-swap-oob="true">' in html
        )
    # Not typing in the rank grid: it is redrawn with the shoe's counts, ready to edit.
    assert '<div class="rank-grid" id="rank-grid" hx-swap-oob="true">' in html
    assert 'name="A" value="24"' in html
    assert 'hx-swap-oob="innerHTML:#live">Banker wins 45.8' in html


def test_htmx_while_typing_counts_leaves_the_inputs_alone(client):
    html = client.get(URL, rank_query(K="x"), **HTMX).content.decode()
    assert 'id="rank-grid"' not in html and "<input" not in html
    assert re.search(r'<div id="rank-K-error"[^>]*hx-swap-oob="true"><p class="error">Not a', html)
    assert re.search(r'<div id="rank-Q-error"[^>]*hx-swap-oob="true"></div>', html)
    assert "No odds. Rank K: Not a number (1 more)" in html


def test_nav_links_the_calculator(client):
    html = page(client)
    assert re.search(r'<a href="/odds/" aria-current="page">Odds</a>', html)
    nav = html[html.index('<nav aria-label="Main">') :]
    assert nav.index(">Hands<") < nav.index(">Odds<") < nav.index(">Tracker<")


def test_the_page_is_a_shareable_url(client):
    html = page(client, shoe="dealt", decks="8", dealt="Q 4")
    link = re.search(r'Share this shoe\'s odds: <a href="([^"]+)"', html).group(1)
    query = parse_qs(urlparse(link.replace("&amp;", "&")).query)
    assert query["dealt"] == ["Q 4"] and query["shoe"] == ["dealt"]


# --- the Banker-total pages ------------------------------------------------------------


def test_banker_row_shows_its_exact_frequencies(client):
    html = client.get(reverse("reference:banker_row", args=[3])).content.decode()
    section = html[
        html.index('id="how-often"') : html.index("</section>", html.index('id="how-often"'))
    ]
    assert "total 3 in <strong>9.49%</strong>" in " ".join(section.split())
    assert "exactly 474,361,430,409,216 of the 4,998,398,275,503,360" in section
    assert "draws a third card in <strong>76.26%</strong>" in section
    assert "or because the rule above says stand" in section
    row = re.search(r'<tr class="current">(.*?)</tr>', section).group(1)
    assert "3 (this page)" in row and "9.49%" in row and "76.26%" in row


def test_banker_rows_0_and_7(client):
    zero = client.get(reverse("reference:banker_row", args=[0])).content.decode()
    assert "<strong>14.74%</strong>" in zero
    assert "because the Player had a natural." in zero  # Banker 0 stands only then
    seven = client.get(reverse("reference:banker_row", args=[7])).content.decode()
    assert "Banker 7 never draws a third card." in seven


# --- the tracker's next hand --------------------------------------------------------------


def start_shoe(client, decks=8):
    response = client.post(
        "/api/v1/shoes", {"name": "Cards", "decks": decks}, content_type="application/json"
    )
    assert response.status_code == 201
    return response.json()["id"]


def record(client, shoe_id, outcome, cards=None):
    body = {"outcome": outcome, **({"cards": cards} if cards is not None else {})}
    response = client.post(f"/api/v1/shoes/{shoe_id}/hands", body, content_type="application/json")
    assert response.status_code == 200, response.content
    return response


def next_hand(html):
    start = html.index('<section id="next-hand"')
    return html[start : html.index("</section>", start)]


def next_hand_cells(panel):
    return re.findall(r'<td data-next="\d">([^<]+)</td>', panel)


@pytest.mark.django_db
def test_tracker_without_cards_says_how_to_get_the_odds(client):
    shoe_id = start_shoe(client)
    record(client, shoe_id, "B")
    panel = next_hand(client.get(f"/tracker/{shoe_id}/").content.decode())
    assert "Record hands with their cards" in panel and "<code>cards</code>" in panel
    assert "<table" not in panel


@pytest.mark.django_db
def test_tracker_shows_the_next_hand_from_the_cards_left(client):
    shoe_id = start_shoe(client)
    record(client, shoe_id, "P", ["4", "2", "4", "3"])
    record(client, shoe_id, "B", ["Kh", "?", "Q", "9s"])
    record(client, shoe_id, "T")  # no cards: changes nothing
    html = client.get(f"/tracker/{shoe_id}/").content.decode()
    panel = next_hand(html)
    left = shoe_after(8, parse_cards("4 2 4 3 K Q 9"))
    now, full = odds(ranks=left.ranks), odds(decks=8)
    assert next_hand_cells(panel) == [
        percent(now.p("banker")),
        percent(now.p("player")),
        percent(now.p("tie")),
        percent(float(now.edges["banker"].per_unit)),
        percent(float(now.edges["player"].per_unit)),
    ]
    assert "<td>45.8597%</td>" in panel and "<td>1.0579%</td>" in panel  # the full shoe
    assert "less the 7 known cards recorded" in panel
    assert (
        "Not taken out: 1 unknown card (?) and the cards of 1 hand recorded without them." in panel
    )
    assert "not a betting signal" in " ".join(panel.split())
    largest = max(abs(now.p(k) - full.p(k)) for k in ("banker", "player", "tie"))
    assert f"at most {largest * 100:.4f} percentage points" in " ".join(panel.split())
    link = re.search(r'<a href="([^"]+)">Every figure for the cards left', panel).group(1)
    calculator = client.get(link.replace("&amp;", "&")).content.decode()
    assert shown(calculator, "banker") == percent(now.p("banker"))


@pytest.mark.django_db
def test_tracker_next_hand_updates_with_each_hand_recorded_or_undone(client):
    shoe_id = start_shoe(client)
    record(client, shoe_id, "P", ["4", "2", "4", "3"])
    # Recording on the page (htmx): the stats panel, which holds the next hand's odds, comes
    # back out of band with the roads.
    html = client.post(f"/tracker/{shoe_id}/hands/", {"outcome": "B"}, **HTMX).content.decode()
    panel_at = html.index('<section id="stats-panel" class="stats-panel" hx-swap-oob="true">')
    assert html.index('<section id="next-hand" class="next-hand-panel"') > panel_at
    assert "less the 4 known cards recorded" in next_hand(html)
    client.post(f"/tracker/{shoe_id}/undo/", **HTMX)
    html = client.post(f"/tracker/{shoe_id}/undo/", **HTMX).content.decode()
    assert "Record hands with their cards" in next_hand(html)


@pytest.mark.django_db
def test_tracker_cards_that_cannot_come_from_the_shoe(client):
    shoe_id = start_shoe(client, decks=1)
    for _ in range(3):  # six nines from one deck
        record(client, shoe_id, "T", ["9", "9", "K", "K"])
    panel = next_hand(client.get(f"/tracker/{shoe_id}/").content.decode())
    assert "cannot all come from this shoe: 6 cards of rank 9, but 1 deck holds only 4" in panel
    assert "<table" not in panel


@pytest.mark.django_db
def test_tracker_shoe_nearly_empty(client):
    shoe_id = start_shoe(client, decks=1)
    shoe = Shoe.objects.get(pk=shoe_id)
    # Stored by the model directly: 48 of the deck's 52 cards, as if from a long shoe.
    shoe.record("T", cards=[rank for rank in "A23456789TJQK" for _ in range(4)][:48])
    panel = next_hand(client.get(f"/tracker/{shoe_id}/").content.decode())
    assert "Only 4 cards are left after the cards recorded; a hand needs at least 6." in panel


@pytest.mark.django_db
def test_shared_page_shows_the_next_hand_too(client):
    shoe_id = start_shoe(client)
    record(client, shoe_id, "P", ["4", "2", "4", "3"])
    shoe = Shoe.objects.get(pk=shoe_id)
    html = client.get(reverse("tracker:shared", args=[shoe.share_token])).content.decode()
    assert "less the 4 known cards recorded" in next_hand(html)


def test_the_address_names_only_the_shoe_chosen(client):
    """Changing the decks of a full shoe sent the old selection's 13 rank counts along: the
    address (HX-Replace-Url) and the share link now carry only what describes the shoe."""
    stale = {
        rank: "32" for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
    }
    url = reverse("odds:calculator")
    response = client.get(url, {"shoe": "decks", "decks": "6", **stale}, **HTMX)
    assert response.status_code == 200
    replaced = parse_qs(urlparse(response["HX-Replace-Url"]).query)
    assert replaced == {"shoe": ["decks"], "decks": ["6"]}
    # The link on the page says the same, and opens the same shoe.
    page = client.get(url, {"shoe": "decks", "decks": "6", **stale}).content.decode()
    link = unescape(re.search(r'Share this shoe.{1,8}s odds: <a href="([^"]+)"', page).group(1))
    assert parse_qs(urlparse(link).query) == replaced
    again = client.get(link).content.decode()
    assert "A full 6-deck shoe: <strong>312 cards</strong>" in again
    # Rank by rank, the counts are the shoe and the decks are not; dealt cards keep decks.
    ranks = client.get(url, {"shoe": "ranks", "decks": "3", **stale}, **HTMX)
    assert set(parse_qs(urlparse(ranks["HX-Replace-Url"]).query)) == {"shoe", *stale}
    dealt = client.get(
        url, {"shoe": "dealt", "decks": "8", "dealt": "Qh 4", "commission": "4"}, **HTMX
    )
    assert parse_qs(urlparse(dealt["HX-Replace-Url"]).query) == {
        "shoe": ["dealt"],
        "decks": ["8"],
        "dealt": ["Qh 4"],
        "commission": ["4"],
    }


def test_no_odds_links_to_each_field_in_error(client):
    response = client.get(
        reverse("odds:calculator"), {"shoe": "ranks", "A": "x", "5": "99", "commission": "abc"}
    )
    assert response.status_code == 400
    blocked = re.search(
        r'<p class="results-blocked".*?</p>', response.content.decode(), re.S
    ).group(0)
    links = re.findall(r'<a href="#([\w-]+)">([^<]+)</a>', blocked)
    assert ("rank-A", "Rank A") in links and ("rank-5", "Rank 5") in links
    assert ("commission", "Commission") in links
    page = response.content.decode()
    for field_id, _name in links:
        assert f'id="{field_id}"' in page


def test_the_page_opens_with_what_the_figures_mean_for_a_bet(client):
    from baccarat.odds.bettors_view import bettors_view
    from baccarat.odds.exact import odds_of_decks

    html = unescape(client.get(reverse("odds:calculator")).content.decode())
    start = html.index('<section id="bettors-view"')
    assert start < html.index('<form method="get"')  # before the form, on every screen
    for sentence in bettors_view(odds_of_decks(8)):
        assert sentence in html
    # Live: a 6-deck shoe's words come out of band with its figures.
    update = unescape(
        client.get(reverse("odds:calculator"), {"decks": "6"}, **HTMX).content.decode()
    )
    assert re.search(r'<section id="bettors-view" [^>]*hx-swap-oob="true">', update)
    for sentence in bettors_view(odds_of_decks(6)):
        assert sentence in update
    # No odds, no words: the section is hidden rather than stale.
    refused = client.get(reverse("odds:calculator"), {"commission": "abc"}, **HTMX).content.decode()
    assert 'hx-swap-oob="true" hidden>' in refused


FRACTION_NAMES = {-2: "hundredth", -3: "thousandth", -4: "ten-thousandth", -5: "hundred-thousandth"}


@pytest.mark.parametrize("decks", range(1, 9))
def test_the_removal_sentence_is_sized_from_the_table_it_sits_under(client, decks):
    # "moves the Banker and Player bets by hundred-thousandths" was fixed
    # text; for 1 deck the table shows shifts up to 0.00103. Read the table as the page shows
    # it (hundred-thousandths), take its largest Banker or Player shift, and the sentence
    # must name that size.
    html = page(client, decks=str(decks))
    start = html.index('id="removal"')
    removal = html[start : html.index("</table>", start)]
    shifts = [
        abs(float(cell.replace("−", "-"))) / 100_000
        for row in re.findall(r'<th scope="row">[^<]+</th>(.*?)</tr>', removal, re.S)
        for cell in re.findall(r"<td>([^<]+)</td>", row)[1:3]  # Banker, Player
    ]
    largest = max(shifts)
    exponent = math.floor(math.log10(largest))
    count = round(largest / 10**exponent)
    if count == 10:
        exponent, count = exponent + 1, 1
    words = f"about {count} {FRACTION_NAMES[exponent]}{'s' * (count != 1)}"
    callout = " ".join(html[html.index('<p class="callout">', start) :].split("</p>")[0].split())
    assert "by hundred-thousandths" not in callout
    assert f"win by {words} at most" in callout
    shown_largest = float(re.search(r"the largest shift here is ([0-9.]+)", callout).group(1))
    assert abs(shown_largest - largest) < 0.5e-7  # the table rounds to 0.0000001 as well
    assert f"house edge is {percent(float(odds(decks=decks).edges['banker'].per_unit))}" in callout


def test_one_deck_moves_the_main_bets_by_about_a_thousandth(client):
    html = page(client, decks="1")
    assert "win by about 1 thousandth at most: the largest shift here is 0.0010307" in html


def test_pushes_not_only_ties_are_excluded_in_the_second_edge_column(client):
    # The EZ Banker's Dragon 7 pushes are left out too.
    html = page(client)
    edges = html[html.index('id="edges"') :]
    assert "Ties excluded" not in html
    assert '<th scope="col">Pushes excluded</th>' in edges
    assert "a Dragon 7 on EZ Banker as well" in html
