"""/odds/counting/systems/: the counts side by side, their form's refusals, and the steps of
a longer run."""

import re

import pytest

from baccarat.teaching.count_text import signed_number
from tests.chinese_pages import region

pytestmark = pytest.mark.django_db
URL = "/odds/counting/systems/"


def rows(html):
    return re.findall(
        r"<tr(?: class=\"counting-perfect\")?>\s*<th scope=\"row\">(.*?)</th>", html, re.S
    )


@pytest.mark.same_on_any_database
def test_the_page_deals_a_small_run_and_shows_the_kept_one(client):
    response = client.get(URL, {"shoes": "3", "seed": "7"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "3 of 3 shoes of 8 decks, cut card 14 cards from the end, seed 7" in html
    assert "Jacobson&#x27;s Dragon 7 count" in html and "Derived by the site" in html
    assert "Perfect knowledge" in html and "The kept run:" in html
    # The live table and one per cut depth in the kept run.
    assert html.count('<table class="counting-table">') == 1 + 4
    assert "0.09490" in html and "Thorp" not in region(html, "<form", "</form>")
    assert 'name="state"' not in html  # three shoes are dealt at once


@pytest.mark.same_on_any_database
def test_your_count_is_measured_beside_the_built_in_ones(client):
    query = {
        "shoes": "2",
        "tag_8": "−2",
        "tag_9": "-2",
        "tag_4": "1",
        "bet": "tie",
        "trigger": "1.5",
    }
    html = client.get(URL, query).content.decode()
    assert "Your count" in html
    # A tag of 0 has no sign; the tags and trigger are the visitor's, not the site's.
    assert "Tags A–K: 0 0 0 +1 0 0 0 −2 −2 0 0 0 0; bet at +1.5 or more" in html
    yours = next(row for row in rows(html) if "Your count" in row)
    assert "Your tags and your trigger" in yours and "Derived by the site" not in yours
    # A figure that rounds to zero is written without a sign.
    assert not re.search(r"[−+-]0\.000(?!\d)", html)
    assert [signed_number(x, 3) for x in (-0.0004, 0.0004, -0.0006, 0.0)] == [
        "0.000",
        "0.000",
        "−0.001",
        "0.000",
    ]


@pytest.mark.same_on_any_database
def test_a_count_that_never_bets_says_so_instead_of_a_win(client):
    html = client.get(URL, {"shoes": "1", "tag_8": "1", "trigger": "99"}).content.decode()
    mine = re.search(r'<th scope="row">Your count.*?</tr>', html, re.S).group(0)
    won = re.search(r'data-label="Won per 100 hands \(95%\)"><span>(.*?)</span></td>', mine, re.S)
    assert won.group(1).strip() == "no bets"
    assert "counting-inside" not in mine and "counting-outside" not in mine
    assert "0.00%" in mine  # the share of hands bet is still given


@pytest.mark.same_on_any_database
def test_a_tag_out_of_range_names_the_range_with_the_help_texts_minus_sign(client):
    html = client.get(URL, {"tag_A": "6"}).content.decode()
    assert "is not a whole number from −5 to 5" in html and "from -5" not in html


@pytest.mark.parametrize(
    ("query", "field", "words"),
    [
        ({"decks": "9"}, "decks", "Decks"),
        ({"cut": "15"}, "cut", "Cut card: 15"),
        ({"shoes": "0"}, "shoes", "Shoes"),
        ({"shoes": "2001"}, "shoes", "Shoes"),
        ({"seed": "-1"}, "seed", "Seed"),
        ({"tag_A": "6"}, "tag_A", "Tag for A: “6”"),
        ({"tag_T": "1.5"}, "tag_T", "Tag for 10"),
        ({"tag_K": "x" * 5000}, "tag_K", "Tag for K"),
        ({"bet": "keno"}, "bet", "Bet: "),
        ({"trigger": "high"}, "trigger", "Trigger: "),
    ],
)
@pytest.mark.same_on_any_database
def test_a_bad_field_is_refused_by_name(client, query, field, words):
    response = client.get(URL, query)
    assert response.status_code == 400
    html = response.content.decode()
    assert f'id="{field}-error"' in html and words in html
    assert "No shoes dealt" in html and 'aria-invalid="true"' in html
    assert "x" * 100 not in html


def test_a_long_run_goes_on_by_signed_steps(client):
    html = client.get(URL, {"shoes": "45", "decks": "8", "seed": "3"}).content.decode()
    assert "40 of 45 shoes" in html
    state = re.search(r'name="state" value="([^"]+)"', html).group(1)
    step = client.post(URL + "step/", {"state": state}, headers={"HX-Request": "true"})
    assert step.status_code == 200
    done = step.content.decode()
    assert "45 of 45 shoes" in done and 'name="state"' not in done and "<html" not in done
    whole = client.get(URL, {"shoes": "45", "decks": "1", "seed": "3"})
    assert "45 of 45 shoes" in whole.content.decode()  # fewer decks, more shoes a step
    # Without htmx the step answers with the whole page, the form keeping the run's values.
    plain = client.post(URL + "step/", {"state": state}).content.decode()
    assert "45 of 45 shoes" in plain and "<html" in plain and 'value="45"' in plain
    bad = client.post(URL + "step/", {"state": state[:-3] + "abc"})
    assert bad.status_code == 400 and b"state" in bad.content


@pytest.mark.same_on_any_database
def test_the_page_in_chinese(client):
    response = client.get("/zh-hant" + URL, {"shoes": "1"})
    assert response.status_code == 200
    assert 'lang="zh-Hant"' in response.content.decode()


def test_a_run_past_the_budget_is_refused_before_it_is_dealt(client, settings):
    # Two shoes of eight decks cost 700 of the simulated-shoes budget: a second run does
    # not fit in 1,000 a minute.
    settings.ANON_SIMULATED_SHOES_RATE = "1000/min"
    assert client.get(URL, {"shoes": "2"}).status_code == 200
    refused = client.get(URL, {"shoes": "2"})
    assert refused.status_code == 429 and refused.has_header("Retry-After")
    assert "Too many shoes dealt" in refused.content.decode()
