"""The hand walkthrough page: permalinks, each gate, unknowns, errors, keypad, deal,
what-if and the classic examples."""

import re
from urllib.parse import parse_qs, urlparse

import pytest
from htmx import HTMX

from baccarat.game.rules import resolve
from baccarat.teaching.examples import classic_hands
from baccarat.teaching.walkthrough import walkthrough

URL = "/hands/"


def gate_html(html, key):
    match = re.search(
        rf'<li class="gate[^"]*" data-gate="{key}" data-status="(\w+)"[^>]*>(.*?)</li>', html, re.S
    )
    assert match, key
    return match.group(1), match.group(2)


def test_permalink_starts_at_gate_one(client):
    html = client.get(URL, {"cards": "4,A,A,3,8"}).content.decode()
    status, body = gate_html(html, "values")
    assert status == "done" and "counts 1 (an ace counts 1)" in body
    assert (
        'aria-current="step"' in body
        or 'data-gate="values" data-status="done" aria-current="step"' in html
    )
    # Later gates are not revealed yet.
    assert "Not shown yet." in gate_html(html, "banker")[1]
    assert 'rel="next"' in html and 'rel="prev"' not in html


@pytest.mark.parametrize("step", range(1, 7))
def test_each_gate_reveals_the_engines_sentences(client, step):
    cards = "4h,3s,Ad,Kc,8c"
    html = client.get(URL, {"cards": cards, "step": step}).content.decode()
    for gate in walkthrough(resolve(cards)):
        _status, body = gate_html(html, gate.key)
        shown = all(s.replace("'", "&#x27;") in body for s in gate.sentences)
        assert shown == (gate.number <= step), (gate.key, step)
    assert f"Gate {step} of 6" in html


def test_banker_gate_highlights_the_tableau_cell(client):
    html = client.get(URL, {"cards": "4,3,A,K,8", "step": 5}).content.decode()
    cell = re.search(r'<td class="(\w+) highlight-cell" data-cell="(\d)-(\d)"', html)
    assert cell and cell.groups() == ("stand", "3", "8")
    assert html.count("highlight-cell") == 1
    assert '<tr class="highlight" id="banker-3">' in html


def test_player_stood_branch_shows_no_tableau(client):
    html = client.get(URL, {"cards": "3,4,3,K,5", "step": "all"}).content.decode()
    _status, body = gate_html(html, "banker")
    assert "The Player stood, so the tableau does not apply" in body
    assert "highlight-cell" not in html and 'class="tableau"' not in body


def test_natural_skips_the_drawing_gates(client):
    html = client.get(URL, {"cards": "4,2,4,3", "step": "all"}).content.decode()
    assert gate_html(html, "player")[0] == "skipped"
    assert gate_html(html, "banker")[0] == "skipped"
    assert "Player's two-card total</th><td>4 + 4 = 8 (a natural)" in html


def test_worksheet_labels_an_eight_by_what_it_is(client):
    # Player 4 draws a 4: a three-card 8, not a natural.
    html = client.get(URL, {"cards": "2,5,2,Q,4,K", "step": "all"}).content.decode()
    assert "Player's final total</th><td>8 (three-card total)" in html
    assert "(a natural)" not in html


def test_unknown_card_decisions(client):
    html = client.get(URL, {"cards": "4,7,A,K,?", "step": "all"}).content.decode()
    status, body = gate_html(html, "banker")
    assert status == "done" and "it does not matter: Banker 7 always stands" in body
    html = client.get(URL, {"cards": "4,3,A,K,?", "step": "all"}).content.decode()
    status, body = gate_html(html, "banker")
    assert status == "undecided"
    assert "Banker 3 draws unless the Player&#x27;s third card is an 8" in body
    assert gate_html(html, "result")[0] == "undecided"


def test_incomplete_hand_waits_for_the_next_card(client):
    html = client.get(URL, {"cards": "4,3,A,K", "step": "all"}).content.decode()
    status, body = gate_html(html, "result")
    assert status == "waiting" and "Waiting for the Player&#x27;s third card" in body


@pytest.mark.parametrize(
    "typed, message",
    [
        ("4 Z 3", "Card 2: &#x27;Z&#x27; is not a card"),
        ("4 2 4 3 9", "Player has a natural 8; no third card is dealt"),
    ],
)
def test_errors_show_beside_the_input_and_keep_what_was_typed(client, typed, message):
    response = client.get(URL, {"cards": typed})
    assert response.status_code == 400  # the page, the problem beside the field
    html = response.content.decode()
    assert f'<p class="error" id="cards-error" role="alert">{message}' in html
    assert f'value="{typed}"' in html and 'aria-invalid="true"' in html
    assert 'data-gate="values"' not in html


@pytest.mark.parametrize("step", ["0", "99", "x", "-3", "+2", "2.0", "٣"])
def test_a_step_that_is_no_gate_is_refused_and_the_walk_starts_at_gate_1(client, step):
    response = client.get(URL, {"cards": "4,3,A,K,8", "step": step})
    assert response.status_code == 400
    html = response.content.decode()
    assert '<p class="error" id="step-error" role="alert">Step: “' in html
    assert "is not a gate; give a whole number from 1 to 6, or all. This is gate 1." in html
    assert 'aria-current="step"' in html and "Gate 1 of 6" in html


@pytest.mark.parametrize("step", ["", " ", " 3 "])
def test_a_blank_step_is_the_first_gate_and_spaces_around_one_are_allowed(client, step):
    response = client.get(URL, {"cards": "4,3,A,K,8", "step": step})
    assert response.status_code == 200
    assert f"Gate {step.strip() or 1} of 6" in response.content.decode()


def test_htmx_gets_a_refusal_where_the_walk_is(client):
    headers = HTMX
    response = client.get(URL, {"cards": "4,3,A,K,8", "step": "9"}, **headers)
    assert response.status_code == 400
    assert (response["HX-Retarget"], response["HX-Reswap"]) == ("#walk", "outerHTML")
    assert response.content.decode().lstrip().startswith('<div id="walk">')
    response = client.get(URL, {"cards": "4,3,A,K,8", "step": "2"}, **headers)
    assert response.status_code == 200 and "HX-Retarget" not in response


def test_keypad_edits_redirect_to_the_permalink(client):
    assert client.get(URL, {"cards": "4,3", "add": "Q"})["Location"] == "/hands/?cards=4,3,Q"
    assert client.get(URL, {"cards": "4 3 Q", "pop": "1"})["Location"] == "/hands/?cards=4,3"
    assert client.get(URL, {"cards": "4 3 Q", "clear": "1"})["Location"] == "/hands/?cards="


def test_deal_gives_a_complete_hand(client):
    location = client.get(URL, {"deal": "1"})["Location"]
    cards = parse_qs(urlparse(location).query)["cards"][0].split(",")
    res = resolve(cards)
    assert res.complete and res.winner is not None and 4 <= len(cards) <= 6


def test_htmx_returns_the_walk_with_the_field_and_announcement(client):
    response = client.get(URL, {"cards": "4,3,A,K,8", "step": 5}, **HTMX)
    html = response.content.decode()
    assert html.strip().startswith('<div id="walk">')
    assert '<nav aria-label="Main">' not in html
    assert 'id="cards-field" hx-swap-oob="true"' in html
    assert '<div hx-swap-oob="innerHTML:#live">Gate 5, The Banker&#x27;s rule: Banker has 3' in html


def test_htmx_keypad_pushes_the_permalink(client):
    response = client.get(URL, {"cards": "4,3", "add": "A"}, **HTMX)
    assert response.status_code == 200
    assert response["HX-Push-Url"] == "/hands/?cards=4,3,A"
    assert 'value="4, 3, A"' in response.content.decode()


def test_what_if_shows_the_changed_decision(client):
    html = client.get(URL, {"cards": "4,3,A,K,8", "change": "5", "to": "7"}).content.decode()
    assert (
        "With the Player&#x27;s third card a <strong>7</strong> instead of <strong>8</strong>"
        in html
    )
    assert "Banker 3 stands only against an 8." in html
    assert "Banker has 3 and the Player&#x27;s third card is a 7" in html


def test_what_if_with_no_change(client):
    html = client.get(URL, {"cards": "4,7,A,K,8", "change": "5", "to": "9"}).content.decode()
    assert "no decision changes" not in html  # the result changes: 3 → 4
    html = client.get(URL, {"cards": "4,2,4,3", "change": "4", "to": "K"}).content.decode()
    assert "no decision changes" not in html
    html = client.get(URL, {"cards": "4,2,4,3", "change": "1", "to": "4"}).content.decode()
    assert "no decision changes." in html


@pytest.mark.parametrize(
    "change, to, message",
    [
        ("9", "7", "there is no card 9"),
        ("x", "7", "is not a card number"),
        ("1", "Z", "&#x27;Z&#x27; is not a card"),
    ],
)
def test_what_if_errors(client, change, to, message):
    response = client.get(URL, {"cards": "4,3,A,K,8", "change": change, "to": to})
    assert response.status_code == 400
    assert message in response.content.decode()


def test_classic_examples_are_listed_and_resolve(client):
    html = client.get(URL).content.decode()
    for example in classic_hands():
        assert example.title.replace("'", "&#x27;") in html
        assert f'href="/hands/?cards={example.permalink_cards}"' in html


def test_player_six_stands_beside_a_hidden_banker_card(client):
    """Player 6 takes no third card whether or not the Banker's hidden
    total is a natural, so the Player's rule and final total are settled."""
    html = client.get(URL, {"cards": "6,5,K,?", "step": "all"}).content.decode()
    status, body = gate_html(html, "player")
    assert status == "done"
    assert "Player has 6: natural or not, the Player takes no third card." in body
    assert "Player's third-card value</th><td>no third card" in html
    assert "Player's final total</th><td>6<" in html
    assert "Banker's final total</th><td>not known" in html
    assert gate_html(html, "natural")[0] == gate_html(html, "banker")[0] == "undecided"


def test_player_three_beside_a_hidden_banker_card_is_not_decided(client):
    html = client.get(URL, {"cards": "3,5,K,?", "step": "all"}).content.decode()
    assert gate_html(html, "player")[0] == "undecided"
    assert "Player's third-card value</th><td>not decided" in html
    assert "Player's final total</th><td>not known" in html


def test_what_if_an_unknown_keeps_every_card(client):
    """Making the Player's second card unknown must not drop the
    Player's third card; its seat now hangs on the unknown card, and the page says so."""
    html = client.get(
        URL, {"cards": "7,2,7,5,5", "change": "3", "to": "?", "step": "all"}
    ).content.decode()
    comparison = html[html.index('class="comparison"') :]
    assert "/hands/?cards=7,2,?,5,5" in comparison
    what_if_cards = re.search(r"What if <span class=\"cards-inline\">(.*?)</span></th>", html, re.S)
    assert what_if_cards and what_if_cards.group(1).count('<svg class="playing-card') == 5
    assert (
        "Card 5 (5) is the Player&#x27;s third card, if the Player draws: an unknown card "
        "decides that, so it is not placed yet." in comparison
    )
    # ...and the changed hand itself walks through with all five cards.
    html = client.get(URL, {"cards": "7,2,?,5,5", "step": "all"}).content.decode()
    assert 'class="error"' not in html
    assert 'class="unplaced" data-card="5"' in html
    status, body = gate_html(html, "banker")
    assert status == "done" and "Banker has 7: natural or not" in body
    assert "Banker's final total</th><td>7<" in html


# --- working back to a hidden card, and settling at the chosen table -----------------------


def gates_of(html):
    return html[html.index('<ol class="gates"') : html.index("</ol>")]


def without_settlement(html):
    return re.sub(r'<div class="settlement".*?</div>', "", html, flags=re.S)


def section_html(html, css_class):
    match = re.search(rf'<section class="[^"]*\b{css_class}\b[^"]*"(.*?)</section>', html, re.S)
    assert match, css_class
    return match.group(1)


def test_the_hidden_card_is_inferred_and_labelled_as_an_inference(client):
    # Banker 3 + ? stands against the Player's 8 and ends on 7 only with a 4.
    html = client.get(
        URL, {"cards": "4,3,A,?,8", "player_total": "3", "banker_total": "7", "step": "all"}
    ).content.decode()
    infer = section_html(html, "infer")
    assert "<strong>Inferred, not seen:</strong> The unknown card must count 4:" in infer
    assert "the Banker&#x27;s total would not be 7" in infer
    assert '<tr class="inferred"><th scope="row">Card 4 (?): inferred, not seen</th>' in html
    # The hand itself keeps its unknown card: the felt still shows it face down, and the
    # walk still reads the result as not known.
    felt = html[html.index('<div class="felt"') : html.index('class="worksheet-table"')]
    assert felt.count('class="playing-card face-down" viewBox="0 0 50 70" data-card="?"') == 1
    assert "Banker's final total</th><td>not known" in html
    assert gate_html(html, "result")[0] != "done"
    # The permalink keeps the totals.
    assert 'href="/hands/?cards=4,3,A,?,8&amp;player_total=3&amp;banker_total=7"' in html


def test_two_values_and_none(client):
    html = client.get(URL, {"cards": "?,3,A,K", "banker_total": "3"}).content.decode()
    assert "It could be 7 or 8" in section_html(html, "infer")
    html = client.get(URL, {"cards": "6,5,K,?", "player_total": "6", "banker_total": "2"})
    assert "No card fits these totals: check them." in html.content.decode()


def test_the_totals_form_is_offered_for_one_unknown_card_only(client):
    assert 'id="player_total"' in client.get(URL, {"cards": "4,3,A,?,8"}).content.decode()
    assert 'id="player_total"' not in client.get(URL, {"cards": "4,3,A,K,8"}).content.decode()
    assert 'id="player_total"' not in client.get(URL, {"cards": "?,3,?,K"}).content.decode()
    html = client.get(URL, {"cards": "4,3,A,K,8", "player_total": "3"}).content.decode()
    assert "needs exactly one unknown card (?); this hand has none." in html


@pytest.mark.parametrize(
    "totals, message",
    [
        ({"player_total": "12"}, "Player&#x27;s final total: “12” is not a total"),
        ({"banker_total": "x"}, "Banker&#x27;s final total: “x” is not a total"),
        ({"banker_total": "-1"}, "Banker&#x27;s final total: “-1” is not a total"),
    ],
)
def test_nonsense_totals_are_refused_with_a_message(client, totals, message):
    response = client.get(URL, {"cards": "4,3,A,?,8", "step": "all", **totals})
    assert response.status_code == 400
    html = response.content.decode()
    assert f'<p class="error" id="infer-error" role="alert">{message}' in html
    assert "a whole number from 0 to 9" in html and 'aria-invalid="true"' in html
    assert "Inferred, not seen" not in html
    # Nothing else changes: the walk is the same hand's.
    plain = client.get(URL, {"cards": "4,3,A,?,8", "step": "all"}).content.decode()
    assert gates_of(html) == gates_of(plain)


DRAGON_7 = "3,2,K,K,2,5"  # Player 5 against a three-card Banker 7
BANKER_SIX = "2,3,2,3,K"  # Player 4 against a two-card Banker 6


def settlement(html):
    match = re.search(r'<div class="settlement"[^>]*>(.*?)</div>', html, re.S)
    assert match
    return match.group(1)


def test_ez_pushes_the_banker_bet_on_a_dragon_7(client):
    html = client.get(URL, {"cards": DRAGON_7, "step": "all", "table": "ez"}).content.decode()
    lines = settlement(html)
    assert "At the table: EZ Baccarat" in lines
    assert "Banker bet of 100: pushes (the 100 comes back). Banker won with a three-card 7" in lines
    assert "Player bet of 100: loses 100." in lines and "Tie bet of 100: loses 100." in lines
    assert '<option value="ez" selected>' in html


def test_super_6_pays_half_on_a_winning_6(client):
    html = client.get(URL, {"cards": BANKER_SIX, "step": "all", "table": "super6"})
    assert "Banker bet of 100: wins 50. Banker won with 6" in settlement(html.content.decode())


def test_the_standard_table_takes_5_percent(client):
    for query in ({}, {"table": "standard"}):
        html = client.get(URL, {"cards": BANKER_SIX, "step": "all", **query}).content.decode()
        assert "Banker bet of 100: wins 95. Banker wins pay even money less 5% commission." in (
            settlement(html)
        )
    # A Dragon 7 is an ordinary Banker win there.
    html = client.get(URL, {"cards": DRAGON_7, "step": "all"}).content.decode()
    assert "Banker bet of 100: wins 95." in settlement(html)


def test_a_tie_pushes_banker_and_player_and_pays_the_tie(client):
    html = client.get(URL, {"cards": "3,3,3,3", "step": "all", "table": "super6"})
    lines = settlement(html.content.decode())
    assert "Banker bet of 100: pushes" in lines and "Player bet of 100: pushes" in lines
    assert "Tie bet of 100: wins 800." in lines


def test_the_settlement_waits_for_gate_6_and_for_seen_cards(client):
    html = client.get(URL, {"cards": BANKER_SIX, "step": 5, "table": "ez"}).content.decode()
    assert "Banker bet of 100" not in html
    html = client.get(URL, {"cards": "4,3,A,K,?", "step": "all"}).content.decode()
    assert "a table settles only on cards it has seen" in settlement(html)


def test_a_bad_table_is_named_and_nothing_else_changes(client):
    response = client.get(URL, {"cards": BANKER_SIX, "step": "all", "table": "macau"})
    assert response.status_code == 400
    html = response.content.decode()
    assert '<p class="error" id="table-error" role="alert">Table: “macau” is not a table' in html
    assert "Banker bet of 100" not in html and "Not settled: choose a table below." in html
    assert gate_html(html, "result")[0] == "done"
    walk = html[html.index('<div id="walk">') : html.index('aria-labelledby="examples-h"')]
    assert "table=macau" not in walk.replace('value="macau"', "")
    plain = client.get(URL, {"cards": BANKER_SIX, "step": "all"}).content.decode()
    assert without_settlement(gates_of(html)) == without_settlement(gates_of(plain))


def test_permalinks_and_edits_keep_the_table(client):
    html = client.get(URL, {"cards": BANKER_SIX, "step": 2, "table": "super6"}).content.decode()
    assert 'href="/hands/?cards=2,3,2,3,K&amp;step=3&amp;table=super6"' in html
    assert 'href="/hands/?cards=2,3,2,3,K&amp;table=super6">Permalink' in html
    assert '<input type="hidden" name="table" value="super6">' in html
    location = client.get(URL, {"cards": "2,3", "add": "2", "table": "super6"})["Location"]
    assert location == "/hands/?cards=2,3,2&table=super6"
    # The standard table is the default, and the permalink stays as it was.
    html = client.get(URL, {"cards": BANKER_SIX, "table": "standard"}).content.decode()
    assert 'href="/hands/?cards=2,3,2,3,K">Permalink' in html
