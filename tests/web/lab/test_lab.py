"""The simulation lab (/lab/) through the test client: the default page, a run dealt at once,
a long run dealt step by step (the same numbers as at once), every bad input a 400 naming its
field, a tampered state refused, and the learner's own shoes set against chance."""

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest
from django.conf import settings as django_settings
from django.core import signing
from django.urls import reverse
from fuzzing import FUZZ, encoded, unicode_text, written_numbers
from html_text import text
from htmx import HTMX
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.simulation.chance import Tally
from baccarat.simulation.systems import SYSTEMS
from lab import runs
from lab.form import DEFAULT_RUN, Run
from tracker.models import Shoe

URL = "/lab/"
STEP = "/lab/step/"
SECTIONS = ["shares", "streaks", "derived", "samples", "systems", "yours"]

pytestmark = pytest.mark.django_db


def section(html, name):
    start = html.index(f'id="{name}"')
    end = html.find("<section", start)
    return html[start : end if end > 0 else len(html)]


def figures(html):
    """What a run shows in its tables: the numbers a reader compares."""
    keep = {}
    for table in ("shares-table", "dragons-table", "derived-table", "systems-table"):
        start = html.index(f'id="{table}"')
        keep[table] = text(html[start : html.index("</table>", start)])
    keep["summary"] = text(re.search(r'<p id="run-summary">(.*?)</p>', html, re.S).group(1))
    return keep


def field_error(html, field):
    match = re.search(rf'<div id="{field}-error" class="field-error"[^>]*>(.*?)</div>', html, re.S)
    assert match, field
    return text(match.group(1))


# --- the page -------------------------------------------------------------------------------


def test_the_bare_page_shows_the_form_and_a_default_run(client):
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert "The scoreboard roads predict nothing." in html
    assert re.search(r'<form method="get" action="/lab/#lab-run"', html)
    for name in SECTIONS:
        assert f'id="{name}"' in html, name
    # The default run, with its seed and the dealing procedure stated.
    assert f"seed {DEFAULT_RUN.seed}" in html
    assert "the cut card goes in front of the last 16 cards" in html
    # Pictures, each with its data as a table.
    assert html.count('<svg class="lab-chart"') >= 3 + len(SYSTEMS)
    assert html.count("<figcaption>") >= 3 + len(SYSTEMS)
    # Three sample shoes drawn as scoreboards, their marks opening proofs in the lab.
    assert html.count('class="lab-board board"') == 3
    assert re.search(r'href="/lab/marks/[BPT]+/big_eye_boy/0/"', html)
    # Without tracked shoes: a link to the tracker.
    assert "You have no tracked shoes yet" in section(html, "yours")
    assert 'href="/tracker/"' in section(html, "yours")
    # The form starts without a seed: each run gets a new one.
    assert re.search(r'id="seed" name="seed" value=""', html)


def test_the_lab_is_in_the_nav_and_linked_from_the_footer(client):
    html = client.get("/rules/").content.decode()
    assert '<a href="/lab/">Lab</a>' in html
    assert 'href="/lab/">watch chance deal thousands of shoes' in html
    lab = client.get(URL).content.decode()
    assert '<a href="/lab/" aria-current="page">Lab</a>' in lab


def test_a_run_without_a_seed_is_given_one(client):
    response = client.get(URL, {"shoes": "other", "other": "2000", "decks": "6"})
    assert response.status_code == 302
    query = parse_qs(urlsplit(response.url).query)
    assert query["shoes"] == ["2000"] and query["decks"] == ["6"]
    assert query["seed"][0].isdigit()
    again = client.get(response.url)
    assert again.status_code == 200
    assert f"2,000 shoes of 6 decks, seed {query['seed'][0]}" in again.content.decode()


def test_a_quick_run_is_dealt_in_the_request(client):
    html = client.get(URL, {"shoes": "2000", "decks": "8", "seed": "11"}).content.decode()
    assert "2,000 shoes of 8 decks, seed 11" in html
    assert 'id="lab-step"' not in html
    tally = Tally(8, 11, 2000, tuple(SYSTEMS)).run()
    assert f"{tally.hands:,} hands in all" in html
    systems = section(html, "systems")
    assert f"<td>{tally.played['flat_banker'].bets:,}</td>" in systems


def test_chosen_systems_only(client):
    html = client.get(
        URL, {"shoes": "100", "seed": "3", "system": ["", "martingale", "flat_player"]}
    ).content.decode()
    rows = re.findall(r'<tr data-system="([a-z_]+)">', html)
    assert rows == ["flat_player", "martingale"]
    assert re.search(r'value="martingale" checked', html)
    assert not re.search(r'value="flat_banker" checked', html)
    # None ticked: no systems, and the sentence says so.
    none = client.get(URL, {"shoes": "100", "seed": "3", "system": ""}).content.decode()
    assert "No system made a bet in this run." in none


# --- a long run, step by step ---------------------------------------------------------------


def test_a_long_run_shows_a_progress_bar_and_deals_in_steps(client, monkeypatch):
    monkeypatch.setattr(runs, "AT_ONCE", 0.0)  # every run is long
    monkeypatch.setattr(runs, "STEP_SECONDS", 0.0)  # one chunk a step
    query = {"shoes": "5000", "decks": "1", "seed": "42", "system": ["", "flat_banker"]}
    html = client.get(URL, query).content.decode()
    assert '<progress id="lab-progress-bar" max="5000" value="0">' in html
    assert "Dealt 0 of 5,000 shoes" in html
    assert 'hx-trigger="load, lab-retry"' in html
    assert '<noscript><button type="submit">Continue dealing</button></noscript>' in html
    cancel = re.search(r'class="button secondary lab-cancel" href="([^"]+)"', html).group(1)
    assert "cancelled=0" in unescape(cancel)
    steps = 0
    while 'name="state"' in html:
        state = re.search(r'name="state" value="([^"]+)"', html).group(1)
        response = client.post(STEP, {"state": state}, **HTMX)
        assert response.status_code == 200
        html = response.content.decode()
        steps += 1
        if 'name="state"' in html:
            dealt = int(re.search(r'value="(\d+)">\d+%</progress>', html).group(1))
            assert dealt == 2000 * steps
    assert steps == 3  # chunks of 2,000, 2,000 and 1,000
    assert '<div id="lab-run"' in html and "<html" not in html  # the partial
    assert 'hx-swap-oob="innerHTML:#live">Done: 5,000 shoes dealt.' in html
    monkeypatch.setattr(runs, "AT_ONCE", 10.0)
    at_once = client.get(URL, query).content.decode()
    assert figures(html) == figures(at_once)


def test_without_htmx_each_step_is_a_whole_page_with_a_continue_button(client, monkeypatch):
    monkeypatch.setattr(runs, "AT_ONCE", 0.0)
    monkeypatch.setattr(runs, "STEP_SECONDS_NO_SCRIPT", 0.0)
    html = client.get(URL, {"shoes": "4001", "decks": "1", "seed": "9"}).content.decode()
    state = re.search(r'name="state" value="([^"]+)"', html).group(1)
    page = client.post(STEP, {"state": state}).content.decode()
    assert "<html" in page and "Dealt 2,000 of 4,001 shoes" in page
    assert 'action="/lab/step/#lab-run"' in page
    # The form keeps the run's values.
    assert 'id="seed" name="seed" value="9"' in page
    assert 'name="shoes" value="other" id="shoes-other" checked' in page


def test_cancelling_returns_to_the_form_with_its_values(client):
    html = client.get(
        URL, {"shoes": "100000", "decks": "7", "seed": "5", "cancelled": "24000"}
    ).content.decode()
    assert "Run cancelled after 24,000 of 100,000 shoes" in html
    assert 'value="100000" checked' in html
    assert '<option value="7" selected>' in html
    assert 'id="seed" name="seed" value="5"' in html
    assert 'id="run-h"' not in html


@pytest.mark.parametrize(
    "state",
    ["", "garbage", "a" * 300_000, signing.dumps({"decks": 8}, salt="lab.run", compress=True)],
    ids=["empty", "garbled", "huge", "not-a-tally"],
)
def test_a_bad_state_is_a_400(client, state):
    for headers in ({}, HTMX):
        response = client.post(STEP, {"state": state}, **headers)
        if len(state) > django_settings.MAX_FORM_BODY_BYTES:  # refused unread (guards.middleware)
            assert response.status_code == 413
            continue
        assert response.status_code == 400
        assert "start the run again" in response.content.decode() or "missing" in text(
            response.content.decode()
        )


def test_a_tampered_state_is_a_400(client):
    token = runs.sealed(runs.new_tally(Run(20_000, 8, 1, ())))
    value, _, signature = token.rpartition(":")
    tampered = value[:-1] + ("A" if value[-1] != "A" else "B") + ":" + signature
    response = client.post(STEP, {"state": tampered}, **HTMX)
    assert response.status_code == 400
    assert response["HX-Retarget"] == "#lab-run"
    assert "changed or garbled" in response.content.decode()
    # Signed for something else: refused too.
    other = signing.dumps(runs.new_tally(Run(20_000, 8, 1, ())).state(), compress=True)
    assert client.post(STEP, {"state": other}).status_code == 400


def test_an_old_state_is_a_400(client, monkeypatch):
    token = runs.sealed(runs.new_tally(Run(20_000, 8, 1, ())))
    monkeypatch.setattr(runs, "MAX_AGE", -1)
    response = client.post(STEP, {"state": token})
    assert response.status_code == 400
    assert "over an hour ago" in response.content.decode()


def test_the_step_is_post_only(client):
    assert client.get(STEP).status_code == 405


# --- bad input ------------------------------------------------------------------------------

BAD = [
    ({"shoes": "0"}, "shoes", "Shoes"),
    ({"shoes": "100001"}, "shoes", "Shoes"),
    ({"shoes": "9" * 40}, "shoes", "Shoes"),
    ({"shoes": "other"}, "shoes", "Shoes"),
    ({"shoes": "other", "other": "lots"}, "shoes", "Shoes (Other)"),
    ({"decks": "9"}, "decks", "Decks"),
    ({"decks": "0"}, "decks", "Decks"),
    ({"seed": "-1"}, "seed", "Seed"),
    ({"seed": "1e9"}, "seed", "Seed"),
    ({"system": "roulette"}, "system", "Systems"),
    ({"bankroll": "0"}, "bankroll", "Bankroll"),
    ({"limit": "½"}, "limit", "Table limit"),
    ({"shoes": "100", "seed": "1", "cancelled": "101"}, "cancelled", "Cancelled"),
]


@pytest.mark.parametrize("query, field, name", BAD, ids=[f"{b[1]}-{i}" for i, b in enumerate(BAD)])
def test_every_bad_value_is_a_400_naming_its_field(client, query, field, name):
    response = client.get(URL, query)
    assert response.status_code == 400
    html = response.content.decode()
    assert f"{name}:" in text(section(html, "lab-refused"))
    if field != "cancelled":
        assert field_error(html, field).startswith(f"{name}:")
    assert 'id="run-h"' not in html  # nothing dealt


FIELDS = ["shoes", "other", "decks", "seed", "system", "bankroll", "limit", "cancelled"]
NAMES = {"shoes": "Shoes", "decks": "Decks", "seed": "Seed", "bankroll": "Bankroll",
         "limit": "Table limit"}  # fmt: skip
ANY_VALUE = st.one_of(unicode_text, written_numbers(["1", "8", "100000", "1,000", " 7 "]))


def lab_url(field, value):
    base = {"shoes": "100", "decks": "1", "seed": "1"}
    if field == "other":
        base["shoes"] = "other"
    query = "&".join(f"{k}={v}" for k, v in base.items() if k != field)
    return f"{URL}?{query}&{field}={encoded(value)}"


@settings(FUZZ)
@given(field=st.sampled_from(FIELDS), value=ANY_VALUE)
def test_no_input_is_a_500(client, field, value):
    response = client.get(lab_url(field, value))
    assert response.status_code in (200, 302, 400)
    if response.status_code == 400:
        assert "No shoes dealt." in response.content.decode()


@settings(FUZZ)
@given(field=st.sampled_from(list(NAMES)), value=ANY_VALUE)
def test_every_value_that_is_not_a_number_in_range_is_refused_by_name(client, field, value):
    stripped = value.strip()
    high = {"shoes": 100_000, "decks": 8, "seed": 999_999_999_999, "bankroll": 1_000_000,
            "limit": 1_000_000}[field]  # fmt: skip
    if field == "shoes" and re.fullmatch(r"[0-9]{1,3}(,[0-9]{3})+", stripped):
        stripped = stripped.replace(",", "")
    low = 0 if field == "seed" else 1
    if not stripped or stripped.isascii() and stripped.isdigit() and low <= int(stripped) <= high:
        return  # a good value (or none: the default)
    response = client.get(lab_url(field, value))
    assert response.status_code == 400
    assert field_error(response.content.decode(), field).startswith(f"{NAMES[field]}:")


def test_a_huge_run_is_refused_not_dealt(client):
    response = client.get(URL, {"shoes": "1000000", "seed": "1"})
    assert response.status_code == 400


# --- the learner's own shoes ----------------------------------------------------------------


def start_shoe(client, name, outcomes, decks=8):
    response = client.post(reverse("tracker:index"), {"name": name, "decks": decks})
    assert response.status_code == 302
    shoe = Shoe.objects.get(pk=int(response.url.strip("/").split("/")[-1]))
    for outcome in outcomes:
        shoe.record(outcome)
    return shoe


def test_your_shoes_against_chance(client):
    empty = start_shoe(client, "Nothing yet", "")
    mine = start_shoe(client, "Friday table", "BBBBBBBBBPPBPTBPBBPPBPBTPBPB")
    html = client.get(URL).content.decode()
    yours = section(html, "yours")
    assert "Friday table" in yours and "Nothing yet" not in yours
    assert f'href="/tracker/{mine.pk}/"' in yours
    assert "Your longest streak is 9 beads." in text(yours)
    assert "1 shoe in" in text(yours)
    assert "28 hands" in text(yours)
    assert "mine-row" in yours  # the learner's streak marked in the histogram's table
    # The latest shoe is drawn beside chance's, its marks opening its own proofs.
    samples = section(html, "samples")
    assert 'class="lab-board board lab-board-yours"' in samples
    assert f'href="/tracker/{mine.pk}/marks/big_eye_boy/0/"' in samples
    assert empty.pk != mine.pk


def test_someone_elses_shoes_are_not_shown(client, django_user_model):
    start_shoe(client, "Their shoe", "BPBPBB")
    other = type(client)()
    html = other.get(URL).content.decode()
    assert "Their shoe" not in html
    assert "You have no tracked shoes yet" in html


# --- a sample shoe's marks ------------------------------------------------------------------


def test_a_sample_marks_proof_opens_in_the_lab(client):
    html = client.get("/lab/marks/BBPPBPBB/big_eye_boy/0/").content.decode()
    assert "Why this Big Eye Boy mark is" in html
    assert 'href="/lab/"' in html
    for bad in (
        "/lab/marks/BXP/big_eye_boy/0/",
        "/lab/marks/BBPP/roulette/0/",
        "/lab/marks/BBPP/big_eye_boy/99/",
        "/lab/marks/" + "B" * 500 + "/small_road/0/",
    ):
        assert client.get(bad).status_code == 404


# --- the sentences (baccarat.teaching.lab_text)
# ------------------------------------------------------


def test_the_systems_sentences_set_each_result_against_its_house_edge():
    from baccarat.teaching import lab_text

    tally = Tally(8, 2026, 4000, tuple(SYSTEMS)).run()
    for row in lab_text.system_rows(tally):
        assert row["edge"] > 0.01  # every bet the systems make costs the house edge
        if row["progression"]:
            assert row["margin"] is None and row["risk_of_ruin"] is not None
        else:
            # The margin is the 95% range of a mean of this many unit bets.
            assert 0 < row["margin"] < 0.05
            assert row["inside"] == (abs(row["per_unit"] + row["edge"]) <= row["margin"])
    sentences = " ".join(lab_text.systems_sentences(tally))
    assert "house edge of the bets each made" in sentences
    assert "Martingale staked" in sentences and "1-3-2-6 staked" in sentences
    assert "1 shoe in" in " ".join(lab_text.streak_sentences(tally))
    assert lab_text.one_in(0, 100) is None and lab_text.one_in(7, 100) == "14"
    assert lab_text.per_hundred(-0.0093) == "−0.93"


# --- the budget of shoes, shared with the API ----------------------------------------------


def test_runs_and_steps_are_charged_to_the_callers_budget_of_shoes(client, settings, monkeypatch):
    from guards.models import Allowance

    settings.ANON_SIMULATED_SHOES_RATE = "3000/min"
    first = client.get(URL, {"shoes": "2000", "decks": "1", "seed": "5"})
    assert first.status_code == 200
    # 1,000 shoes are left of the minute's 3,000: another 2,000 are refused, nothing dealt.
    refused = client.get(URL, {"shoes": "2000", "decks": "1", "seed": "6"})
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) >= 1
    body = refused.content.decode()
    assert "at most 3,000 shoes a minute for one address" in body
    assert "hands in all" not in body
    # A step of a long run is charged for the chunks it will deal, before dealing them.
    Allowance.objects.all().delete()  # a fresh budget
    settings.ANON_SIMULATED_SHOES_RATE = "2000/min"
    monkeypatch.setattr(runs, "AT_ONCE", 0.0)
    monkeypatch.setattr(runs, "STEP_SECONDS", 0.0)  # one chunk (2,000 shoes) a step
    html = client.get(URL, {"shoes": "6000", "decks": "1", "seed": "7"}).content.decode()
    state = re.search(r'name="state" value="([^"]+)"', html).group(1)
    assert client.post(STEP, {"state": state}, **HTMX).status_code == 200
    again = client.post(STEP, {"state": state}, **HTMX)  # the same step replayed
    assert again.status_code == 429
