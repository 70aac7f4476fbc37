"""The summary kept in view on a phone (/odds/): the Banker, Player and Tie house edges for
the shoe in the form, the engine's own figures, in the page and in every live update."""

import re
from fractions import Fraction
from html import unescape

import pytest
from htmx import HTMX

from baccarat.game.cards import parse_cards
from baccarat.odds.exact import odds, ranks_of_decks, shoe_after
from odds.views import percent

URL = "/odds/"
FULL_8 = ranks_of_decks(8)
KEYS = ["banker", "player", "tie_8_to_1"]


def summary(html):
    """{key: figure} of the summary, or None when it shows no figures."""
    match = re.search(r'<div id="odds-summary".*?(</dl>|class="summary-blocked")', html, re.S)
    assert match, "no summary"
    block = match.group(0)
    found = dict(re.findall(r'<div data-summary="([\w]+)"><dt>[^<]+</dt><dd>([^<]+)</dd>', block))
    return found or None


def engine(result):
    return {key: percent(float(result.edges[key].per_unit)) for key in KEYS}


@pytest.mark.parametrize(
    "query, shoe",
    [
        ({}, lambda: odds(decks=8)),
        ({"decks": "6", "commission": "4"}, lambda: odds(decks=6, commission=Fraction(4, 100))),
        (
            {"shoe": "dealt", "decks": "8", "dealt": "K Q J T 9 9 8"},
            lambda: odds(ranks=shoe_after(8, parse_cards("K Q J T 9 9 8")).ranks),
        ),
        (
            {"shoe": "ranks", **{r: str(n) for r, n in {**FULL_8, "5": 0, "6": 2}.items()}},
            lambda: odds(ranks={**FULL_8, "5": 0, "6": 2}),
        ),
    ],
    ids=["full-8", "6-decks-4pc", "dealt", "ranks"],
)
def test_the_summary_is_the_engines_edges(client, query, shoe):
    result = shoe()
    response = client.get(URL, query)
    assert response.status_code == 200
    html = response.content.decode()
    assert summary(html) == engine(result)
    # The same figures as the house-edge table further down.
    for key in KEYS:
        row = re.search(rf'<tr data-edge="{key}"><th scope="row">[^<]+</th><td>([^<]+)</td>', html)
        assert row.group(1) == engine(result)[key]


def test_a_live_update_redraws_the_summary_out_of_band(client):
    html = client.get(URL, {"decks": "1", "commission": "4"}, **HTMX).content.decode()
    assert '<div id="odds-summary" class="odds-summary" hx-swap-oob="true">' in html
    assert summary(html) == engine(odds(decks=1, commission=Fraction(4, 100)))
    assert summary(html) != engine(odds(decks=8))


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_no_figures_while_a_field_is_wrong(client, htmx):
    response = client.get(URL, {"commission": "forty"}, **(HTMX if htmx else {}))
    assert response.status_code == 400
    html = response.content.decode()
    assert summary(html) is None
    block = html[html.index('id="odds-summary"') :]
    assert "No odds." in unescape(block[: block.index("</div>")])
