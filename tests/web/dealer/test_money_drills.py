"""The commission drill (/dealer/commission/) and the payout drill (/dealer/payouts/): a
question, a typed answer, the worked answer and the session's tally; the chooser and the
answer refused with a reason and nothing counted; and no input gives a 500."""

import html
import re

import pytest
from fuzzing import FUZZ, new_client, unicode_text
from htmx import HTMX
from hypothesis import given
from hypothesis import strategies as st

from baccarat.teaching import dealer_commission, dealer_payouts
from dealer import scoring
from dealer.amounts import cents
from dealer.catalogue import DRILLS
from progress.learner import Learner

pytestmark = pytest.mark.django_db

URLS = {"commission": "/dealer/commission/", "payouts": "/dealer/payouts/"}


def token(page: str) -> str:
    return html.unescape(re.search(r'name="question" value="([^"]+)"', page).group(1))


def question_of(drill: str, page: str):
    data, _seconds = scoring.take(f"dealer:{drill}", token(page))
    engine = dealer_commission if drill == "commission" else dealer_payouts
    return engine.restore(data)


def answer(client, drill, page, amount, extra=None, **headers):
    fields = {"question": token(page), "amount": amount, "choice": "any", "limit": ""}
    if drill == "commission":
        fields["mode"] = "take"
    return client.post(URLS[drill], {**fields, **(extra or {})}, **headers)


@pytest.mark.parametrize("prefix", ["", "/zh-hant", "/zh-hans"])
@pytest.mark.parametrize("drill", list(URLS))
def test_each_drill_asks_a_question_in_every_language(client, drill, prefix):
    response = client.get(prefix + URLS[drill])
    assert response.status_code == 200
    page = response.content.decode()
    assert 'inputmode="decimal"' in page and 'role="status"' in page
    assert question_of(drill, page).prompt  # a real, signed question


def test_the_dealer_school_lists_both_drills():
    names = {drill.url_name for drill in DRILLS}
    assert {"dealer:commission", "dealer:payouts"} <= names


def test_a_right_commission_is_marked_right_with_the_worked_answer(client, slow_clock):
    page = client.get("/dealer/commission/?choice=round_25").content.decode()
    question = question_of("commission", page)
    typed = f"{question.answers[0] / 100:.2f}"
    response = answer(client, "commission", page, typed, {"choice": "round_25"})
    assert response.status_code == 200
    text = response.content.decode()
    assert 'data-verdict="right"' in text
    assert html.escape(question.worked) in text
    assert "1 of 1 answer right" in text
    assert 'href="/sources/#dealer-vegas-aces-chart"' in text  # where the rounding comes from
    state = Learner(response.wsgi_request).skill("dealer:commission:round_25")
    assert (state.attempts, state.correct) == (1, 1)


def test_a_wrong_payout_shows_the_right_one(client, slow_clock):
    page = client.get("/dealer/payouts/?choice=dragon_7").content.decode()
    question = question_of("payouts", page)
    response = answer(client, "payouts", page, "1", {"choice": "dragon_7"})
    text = response.content.decode()
    assert 'data-verdict="wrong"' in text
    assert f"the answer is {dealer_commission.dollars(question.won)}" in text
    assert "0 of 1 answer right" in text
    assert 'href="/sources/#woo-ez"' in text


def test_the_reverse_question_accepts_any_bet_that_owes_the_commission(client, slow_clock):
    page = client.get("/dealer/commission/?mode=back&choice=round_100").content.decode()
    question = question_of("commission", page)
    assert question.mode == "back" and len(question.answers) >= 1
    last = dealer_commission.dollars(question.answers[-1])
    response = answer(client, "commission", page, last, {"mode": "back", "choice": "round_100"})
    assert 'data-verdict="right"' in response.content.decode()


def test_under_a_time_limit_a_late_right_answer_is_reviewed_as_missed(client, slow_clock):
    page = client.get("/dealer/payouts/?choice=tie_8&limit=3").content.decode()
    question = question_of("payouts", page)
    scoring.time.time()  # the learner dawdles past 3 s
    scoring.time.time()
    scoring.time.time()
    extra = {"choice": "tie_8", "limit": "3"}
    response = answer(client, "payouts", page, str(question.won // 100), extra)
    html = response.content.decode()
    assert "Right, but past your time limit, so counted as missed." in html
    verdict = html[html.index('class="verdict-line"') :].split("</p>", 1)[0]
    assert "⏱" in verdict and "✓" not in verdict
    state = Learner(response.wsgi_request).skill("dealer:payouts:tie_8")
    assert (state.attempts, state.correct) == (1, 0)


def test_htmx_gets_the_panel_and_the_feedback_out_of_band(client, slow_clock):
    page = client.get("/dealer/payouts/").content.decode()
    response = answer(client, "payouts", page, "5", **HTMX)
    text = response.content.decode()
    assert response.status_code == 200
    assert 'id="drill"' in text and 'hx-swap-oob="innerHTML:#drill-feedback"' in text
    assert "<html" not in text


@pytest.mark.parametrize(
    ("typed", "says"),
    [("3,75", "not a comma"), ("", "type how much"), ("three", "type digits"),
     ("３.７５", "type digits"), ("1" * 30, "longer than")],
)  # fmt: skip
def test_an_amount_that_is_not_one_is_refused_and_not_counted(client, slow_clock, typed, says):
    page = client.get("/dealer/commission/").content.decode()
    response = answer(client, "commission", page, typed)
    assert response.status_code == 400
    text = response.content.decode()
    assert "Amount:" in text and says in text
    assert scoring.tally(response.wsgi_request, "dealer:commission", 5).answered == 0
    assert token(text) == token(page)  # the same question, its clock still running


def test_an_answer_sent_twice_counts_once(client, slow_clock):
    page = client.get("/dealer/payouts/").content.decode()
    assert answer(client, "payouts", page, "5").status_code == 200
    again = answer(client, "payouts", page, "5")
    assert again.status_code == 409
    assert scoring.tally(again.wsgi_request, "dealer:payouts", 8).answered == 1


def test_an_altered_question_is_refused(client):
    page = client.get("/dealer/payouts/").content.decode()
    response = client.post(
        "/dealer/payouts/", {"question": token(page)[:-3] + "abc", "amount": "5"}
    )
    assert response.status_code == 400
    assert "altered or is too old" in response.content.decode()


@pytest.mark.parametrize(
    "query",
    ["?mode=back&choice=ez", "?choice=nope", "?limit=7", "?mode=sideways"],
)
def test_a_chooser_no_drill_has_is_refused_naming_the_field(client, query):
    response = client.get("/dealer/commission/" + query)
    assert response.status_code == 400
    assert 'class="error"' in response.content.decode()


def test_any_lets_spaced_repetition_pick_the_next_policy(client, slow_clock):
    # Every take-mode policy once, the 25-cent table wrong: it is the one that comes back.
    for key in dealer_commission.policies_for("take"):
        page = client.get(f"/dealer/commission/?choice={key}").content.decode()
        question = question_of("commission", page)
        typed = "0.01" if key == "round_25" else f"{question.answers[0] / 100:.2f}"
        answer(client, "commission", page, typed, {"choice": key})
    page = client.get("/dealer/commission/?choice=any").content.decode()
    assert question_of("commission", page).policy.key == "round_25"


@pytest.mark.parametrize(
    ("typed", "amount"),
    [("3.75", 375), ("$3.75", 375), ("3.5", 350), ("1,250", 125000), ("$1,250.05", 125005),
     (" 40 ", 4000), ("0", 0)],
)  # fmt: skip
def test_amounts_typed_as_a_dealer_writes_them(typed, amount):
    assert cents(typed) == amount


# A form carries a lone surrogate only as the bytes a careless encoder writes for it, which
# the server reads as U+FFFD: that is what arrives.
sent_text = unicode_text.map(
    lambda t: t.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
)


@FUZZ
@given(
    drill=st.sampled_from(list(URLS)),
    amount=sent_text,
    choice=st.one_of(sent_text, st.sampled_from(["any", "ez", "tie_9", "round_25"])),
    limit=st.one_of(sent_text, st.sampled_from(["", "3", "20"])),
    mode=st.one_of(sent_text, st.sampled_from(["take", "back"])),
    real=st.booleans(),
    htmx=st.booleans(),
)
def test_no_input_gives_a_server_error(drill, amount, choice, limit, mode, real, htmx):
    client = new_client()
    headers = HTMX if htmx else {}
    fields = {"choice": choice, "limit": limit, "mode": mode}
    assert client.get(URLS[drill], fields, **headers).status_code < 500
    page = client.get(URLS[drill]).content.decode()
    sent = token(page) if real else amount
    response = client.post(URLS[drill], {**fields, "question": sent, "amount": amount}, **headers)
    assert response.status_code < 500


@pytest.mark.same_on_any_database
def test_a_rule_partly_sourced_names_what_was_found_then_what_was_not(client):
    html = client.get("/dealer/commission/?choice=round_100").content.decode()
    line = html[html.index('class="help money-sources"') :].split("</p>", 1)[0]
    assert "</a>, and a part of the rule with no source found: " in line
    assert " ," not in line and "not found:" not in line
