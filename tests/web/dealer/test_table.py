"""/dealer/table/: a whole table settled step by step, its state in the session, and every
bad post refused with the field named and nothing stored."""

import re
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from baccarat.odds.payouts import money
from baccarat.teaching import table_settlement as engine
from dealer import scoring
from dealer.table import STATE
from progress.learner import Learner

pytestmark = pytest.mark.django_db
URL = "/dealer/table/"


def token(html):
    return re.search(r'name="question" value="([^"]+)"', html).group(1)


def current(client):
    state = client.session[STATE]
    table = engine.deal(state["seed"], state["hand"], state["policy"])
    return state, engine.settle_table(table)


def start(client, policy):
    response = client.post(URL, {"action": "new", "policy": policy})
    assert response.status_code == 200
    return response.content.decode()


def right_answer(client):
    state, settled = current(client)
    step = state["step"]
    if step == "take":
        return {"take": [line.bet.key for line in settled.taken]}
    if step == "pay":
        return {f"pay-{line.bet.key}": money(line.pay) for line in settled.paid}
    if step == "box":
        return {f"box-{seat}": money(entry) for seat, entry in settled.boxed.items()}
    boxes = {int(s): Fraction(t) for s, t in state["boxes"].items()}
    return {f"owed-{seat}": money(total) for seat, total in boxes.items()}


def answer(client, html, fields):
    return client.post(URL, {"action": "answer", "question": token(html), **fields})


def test_the_page_shows_seven_seats_and_the_hand(client):
    response = client.get(URL)
    html = response.content.decode()
    assert response.status_code == 200
    for seat in engine.SEATS:
        assert f"Seat {seat}" in html
    assert 'name="take"' in html
    assert client.session[STATE]["step"] == "take"


def test_a_hand_worked_right_feeds_each_skill_and_the_box(client, slow_clock):
    html = start(client, "box")
    # Find a hand with a winning Banker bet, so every step comes up.
    for _hand in range(40):
        state, settled = current(client)
        if settled.boxed:
            break
        while client.session[STATE]["step"] not in ("done",):
            response = answer(client, html, right_answer(client))
            html = response.content.decode()
        html = client.post(URL, {"action": "next"}).content.decode()
    else:
        pytest.fail("no Banker win in 40 hands")
    steps = []
    while client.session[STATE]["step"] != "done":
        steps.append(client.session[STATE]["step"])
        response = answer(client, html, right_answer(client))
        assert response.status_code == 200
        html = response.content.decode()
        assert 'data-verdict="right"' in html
    assert steps[-1] == "box"
    boxes = client.session[STATE]["boxes"]
    # The hands before had no Banker win, so the box holds this hand's entries alone.
    assert {int(s): Fraction(t) for s, t in boxes.items()} == settled.boxed
    kept = client.session[scoring.SESSION_KEY]["dealer:table"]
    assert all(right for right, _seconds in kept)
    assert "This hand:" in html
    # The box settled now: each seat's total, then it is empty.
    html = client.post(URL, {"action": "settle"}).content.decode()
    assert client.session[STATE]["step"] == "settle"
    response = answer(client, html, right_answer(client))
    assert 'data-verdict="right"' in response.content.decode()
    assert client.session[STATE]["boxes"] == {}


def test_a_wrong_take_is_marked_wrong_with_the_worked_answer(client, slow_clock):
    html = start(client, "spot")
    _state, settled = current(client)
    takes = [line.bet.key for line in settled.lines if line.action == "take"]
    others = [line.bet.key for line in settled.lines if line.action != "take"]
    # Wrong on any table: one bet too many taken, or, when every bet loses, one too few.
    wrong = takes + others[:1] if others else takes[1:]
    response = answer(client, html, {"take": wrong})
    html = response.content.decode()
    assert 'data-verdict="wrong"' in html
    assert "take it" in html or "pay" in html
    state = Learner(response.wsgi_request).skill("dealer:table:take")
    assert (state.attempts, state.correct) == (1, 0)


def test_on_the_spot_a_banker_win_is_paid_less_its_commission():
    for hand in range(60):
        settled = engine.settle_table(engine.deal("spot-check", hand, "spot"))
        for line in settled.paid:
            if line.bet.bet == "banker":
                assert line.pay == line.bet.stake * Fraction(19, 20)
                assert line.box == 0
                return
    pytest.fail("no Banker win in 60 hands")


@pytest.mark.parametrize(
    ("post", "field"),
    [
        ({"action": "dance"}, "action"),
        ({"action": "new"}, "policy"),
        ({"action": "new", "policy": "free"}, "policy"),
        ({"action": "next"}, "action"),
        ({"action": "answer", "question": "forged"}, "question"),
    ],
)
def test_bad_posts_are_refused_naming_the_field_and_nothing_is_stored(client, post, field):
    client.get(URL)
    before = dict(client.session[STATE])
    response = client.post(URL, post)
    assert response.status_code == 400
    assert field in response.content.decode()
    assert client.session[STATE] == before


def test_an_amount_that_cannot_be_read_is_refused(client, slow_clock):
    html = start(client, "box")
    for _hand in range(40):
        if current(client)[1].paid:
            break
        client.post(URL, {"action": "answer", "question": token(html), "take": []})
        html = client.post(URL, {"action": "next"}).content.decode()
    html = answer(client, html, right_answer(client)).content.decode()
    assert client.session[STATE]["step"] == "pay"
    fields = {name: "3,75" for name in right_answer(client)}
    before = dict(client.session[STATE])
    response = answer(client, html, fields)
    assert response.status_code == 400
    assert "not a comma" in response.content.decode()
    assert client.session[STATE] == before


def test_a_replayed_step_is_refused(client, slow_clock):
    html = start(client, "ez")
    first = answer(client, html, right_answer(client))
    assert first.status_code == 200
    again = answer(client, html, {"take": []})
    assert again.status_code == 400
    assert "question" in again.content.decode()


def test_a_bad_time_limit_is_refused(client):
    response = client.get(URL + "?limit=7")
    assert response.status_code == 400
    assert "Time limit per step:" in response.content.decode()


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=st.text(max_size=30))
def test_no_typed_text_gives_a_server_error(client, text):
    html = client.get(URL).content.decode()
    response = client.post(
        URL, {"action": "answer", "question": token(html), "take": [text], "pay-1-0": text}
    )
    assert response.status_code in (200, 400)
    response = client.post(URL + "?limit=" + text[:5], {"action": text, "policy": text})
    assert response.status_code in (200, 400)


def test_with_htmx_an_answer_comes_back_as_the_drill_and_the_feedback(
    client, slow_clock, monkeypatch
):
    # Hand 1 of this shoe has winners, so the pay step follows the take.
    monkeypatch.setattr("dealer.table.secrets.token_hex", lambda n: "0000000000000002")
    html = start(client, "box")
    response = client.post(
        URL,
        {"action": "answer", "question": token(html), **right_answer(client)},
        headers={"HX-Request": "true"},
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in body and 'id="table-drill"' in body
    assert 'hx-swap-oob="innerHTML:#table-feedback"' in body
    assert client.session[STATE]["step"] == "pay"
    refused = client.post(URL, {"action": "next"}, headers={"HX-Request": "true"})
    assert refused.status_code == 400
    assert refused["HX-Retarget"] == "#table-drill"
    assert "settle this hand first" in refused.content.decode()


def test_the_state_kept_is_small_whatever_the_shoe(client, slow_clock):
    html = start(client, "box")
    for _step in range(30):
        if client.session[STATE]["step"] in ("done", "settled"):
            html = client.post(URL, {"action": "next"}).content.decode()
        else:
            html = answer(client, html, right_answer(client)).content.decode()
    state = client.session[STATE]
    assert set(state) == {"seed", "policy", "hand", "step", "boxes", "sheet"}
    assert len(state["boxes"]) <= len(engine.SEATS) and len(str(state)) < 400


def test_a_kept_state_past_the_shoes_end_starts_a_new_shoe(client):
    client.get(URL)
    session = client.session
    session[STATE] = {**session[STATE], "hand": 150}
    session.save()
    assert client.get(URL).status_code == 200
    assert client.session[STATE]["hand"] == 0


def test_after_an_answer_the_verdict_takes_the_focus_and_the_sheet_counts_its_lines(
    client, slow_clock
):
    html = start(client, "spot")
    assert "autofocus" not in html.split('id="table-feedback"')[1].split('id="table-drill"')[0]
    while client.session[STATE]["step"] != "done":
        _state, settled = current(client)
        response = client.post(
            URL,
            {"action": "answer", "question": token(html), **right_answer(client)},
            HTTP_HX_REQUEST="true",
        )
        html = response.content.decode()
        verdict = re.search(r"<div class=\"verdict[^>]*>", html).group(0)
        assert "autofocus" in verdict and 'tabindex="-1"' in verdict
        # Only the verdict: htmx would focus the last [autofocus] it swapped in.
        assert html.count("autofocus") == 1
    lines = (
        len(settled.taken)
        + len(settled.paid)
        + sum(line.action == "leave" for line in settled.lines)
    )
    assert f"This hand: {lines} of {lines} bets and box entries right" in html
