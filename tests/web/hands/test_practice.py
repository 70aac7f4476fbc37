"""The practice dealer through the test client: deal, answer gate by gate (plain posts and
htmx), the feedback and the score, stale and junk answers refused and not counted, and one
visitor's table never showing up in another's."""

import html as html_lib
import re

import pytest
from django.test import Client
from django.urls import reverse
from htmx import HTMX

from baccarat.game.cards import parse_cards
from baccarat.game.rules import resolve
from baccarat.teaching.practice import PracticeHand

# Player 6 stands; Banker 4 (Player stood) draws the 5: Banker 9 wins.
STOOD = "3h 4s 3d Kc 5c"
# Player 4 draws an 8; Banker 3 stands only against an 8: 3 against 3, a tie.
BANKER_3_V_8 = "4h 3s Ad Kc 8d"
# Player 9 is a natural.
NATURAL = "4h Ks 5d 3c"

pytestmark = pytest.mark.django_db


@pytest.fixture
def dealer(monkeypatch):
    """Deal these hands, in order, instead of shuffling."""
    hands = []

    def deal_from(*cards):
        hands.extend(PracticeHand(tuple(parse_cards(c))) for c in cards)

    monkeypatch.setattr("hands.practice.deal", lambda: hands.pop(0))
    return deal_from


def page(client):
    response = client.get(reverse("hands:practice"))
    assert response.status_code == 200
    return response.content.decode()


def deal(client, **headers):
    return client.post(reverse("hands:practice_deal"), **headers)


def answer(client, value, gate, hand=1, **headers):
    data = {"answer": value, "gate": gate, "hand": hand}
    return client.post(reverse("hands:practice_answer"), data, **headers)


def table_cards(html):
    """The card labels on the table, per side."""
    cards = {}
    for side in ("player", "banker"):
        start = html.index(f'<section class="spot {side}"')
        section = html[start : html.index("</section>", start)]
        cards[side] = re.findall(r'data-card="([^"]+)"', section)
    return cards


def feedback(html):
    """The words in the live region (the page has it before the panel; an htmx response
    sends it out of band after the panel)."""
    start = html.index('id="practice-feedback"')
    end = html.find('<div id="practice" ', start)
    words = re.sub(r"<[^>]+>", " ", html[start : end if end > 0 else None].split(">", 1)[1])
    return html_lib.unescape(re.sub(r"\s+", " ", words)).strip()


def score(html, key):
    return int(re.search(rf'data-score="{key}">(\d+)\b', html).group(1))


def current_gate(html):
    match = re.search(r'<input type="hidden" name="gate" value="(\w+)">', html)
    return match.group(1) if match else None


def steps(cards):
    return {s.gate: html_lib.escape(s.text) for s in resolve(cards).steps}


# --- the page and a whole hand without JavaScript --------------------------------------


def test_first_visit_offers_a_deal_and_an_empty_score(client):
    html = page(client)
    assert "<h1>Practice dealer</h1>" in html
    assert "No hand on the table yet" in html
    assert 'action="/hands/practice/deal/"' in html
    assert "Deal a hand <kbd>H</kbd>" in html
    assert 'role="status" aria-live="polite"' in html
    assert score(html, "answered") == 0 and score(html, "right") == 0
    assert current_gate(html) is None


def test_a_whole_hand_by_plain_posts(client, dealer):
    dealer(STOOD)
    sentences = steps(STOOD)
    response = deal(client)
    assert response.status_code == 302 and response.url == reverse("hands:practice")
    html = page(client)
    assert table_cards(html) == {"player": ["3♥", "3♦"], "banker": ["4♠", "K♣"]}
    assert current_gate(html) == "natural"
    assert '<input type="hidden" name="hand" value="1">' in html
    assert 'value="natural" class="practice-answer natural" aria-keyshortcuts="N"' in html
    assert "No natural <kbd>O</kbd>" in html
    # Nothing about the hand is explained before it is asked.
    assert not any(text in html for text in sentences.values())

    assert answer(client, "no_natural", "natural").status_code == 302
    html = page(client)
    assert "<strong>Right.</strong>" in html
    assert sentences["natural"] in html
    assert current_gate(html) == "player"
    assert "Draw <kbd>D</kbd>" in html and "Stand <kbd>S</kbd>" in html
    assert sentences["player"] not in html

    answer(client, "stand", "player")
    html = page(client)
    assert sentences["player"] in html
    assert current_gate(html) == "banker"
    assert sentences["banker"] not in html  # which branch applies is told only after
    assert table_cards(html)["banker"] == ["4♠", "K♣"]  # the Banker's third card waits

    answer(client, "draw", "banker")
    html = page(client)
    assert sentences["banker"] in html
    assert table_cards(html) == {"player": ["3♥", "3♦"], "banker": ["4♠", "K♣", "5♣"]}
    assert current_gate(html) == "result"
    assert "Banker <kbd>B</kbd>" in html and "Tie <kbd>T</kbd>" in html

    answer(client, "player", "result")
    html = page(client)
    said = feedback(html)
    assert "Not quite. The result: you answered Player; the answer is Banker." in said
    assert resolve(STOOD).steps[-1].text in said
    assert "Hand complete: 3 of 4 right." in said
    assert current_gate(html) is None
    assert "Hand 1 complete: 3 of 4 right" in html
    assert 'href="/hands/?cards=3h,4s,3d,Kc,5c"' in html
    assert "Deal the next hand <kbd>H</kbd>" in html
    assert (score(html, "answered"), score(html, "right")) == (4, 3)
    for gate, right in (("natural", 1), ("player", 1), ("banker", 1), ("result", 0)):
        assert score(html, f"{gate}-answered") == 1
        assert score(html, f"{gate}-right") == right


def test_the_players_third_card_appears_once_the_player_gate_is_answered(client, dealer):
    dealer(BANKER_3_V_8)
    deal(client)
    answer(client, "no_natural", "natural")
    assert table_cards(page(client))["player"] == ["4♥", "A♦"]
    answer(client, "draw", "player")
    html = page(client)
    assert table_cards(html) == {"player": ["4♥", "A♦", "8♦"], "banker": ["3♠", "K♣"]}
    answer(client, "draw", "banker")
    html = page(client)
    said = feedback(html)
    assert "Not quite. The Banker's rule: you answered Draw; the answer is Stand." in said
    assert "Banker 3 stands only against an 8." in said
    assert 'href="/rules/banker/3/"' in html  # the tableau row that decided


def test_a_natural_goes_straight_to_the_result(client, dealer):
    dealer(NATURAL)
    deal(client)
    answer(client, "natural", "natural")
    html = page(client)
    assert current_gate(html) == "result"
    assert steps(NATURAL)["natural"] in html
    answer(client, "player", "result")
    html = page(client)
    assert "Hand 1 complete: 2 of 2 right" in html
    assert score(html, "player-answered") == 0 and score(html, "banker-answered") == 0


def test_the_walkthrough_link_opens_the_same_hand(client, dealer):
    dealer(STOOD)
    deal(client)
    for value, gate in (("no_natural", "natural"), ("stand", "player"), ("draw", "banker")):
        answer(client, value, gate)
    answer(client, "banker", "result")
    link = re.search(r'href="(/hands/\?cards=[^"]+)"', page(client)).group(1)
    assert client.get(link).status_code == 200


# --- htmx ------------------------------------------------------------------------------


def test_htmx_gets_the_panel_and_the_feedback_out_of_band(client, dealer):
    dealer(STOOD, NATURAL)
    response = deal(client, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and "<h1>" not in html
    assert html.lstrip().startswith('<div id="practice" class="practice" data-keys>')
    assert '<div id="practice-feedback" hx-swap-oob="innerHTML">' in html
    assert "Hand 1 dealt. Player: 3♥, 3♦. Banker: 4♠, K♣. Is there a natural?" in feedback(html)
    assert current_gate(html) == "natural"

    response = answer(client, "natural", "natural", **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    said = feedback(html)
    assert "Not quite. The natural check: you answered Natural; the answer is No natural." in said
    assert resolve(STOOD).steps[0].text in said
    assert current_gate(html) == "player"
    assert (score(html, "answered"), score(html, "right")) == (1, 0)

    html = deal(client, **HTMX).content.decode()
    assert '<input type="hidden" name="hand" value="2">' in html
    assert table_cards(html) == {"player": ["4♥", "5♦"], "banker": ["K♠", "3♣"]}
    assert score(html, "answered") == 1  # a new hand keeps the session's score


def test_the_forms_post_without_javascript_and_with_htmx(client, dealer):
    dealer(STOOD)
    deal(client)
    html = page(client)
    for name in ("practice_answer", "practice_deal", "practice_reset_score"):
        url = reverse(f"hands:{name}")
        assert f'<form method="post" action="{url}" hx-post="{url}" hx-target="#practice"' in html
    # Each of the three forms carries its token (the header's forms have their own).
    main = html[html.index("<main") : html.index("</main>")]
    assert main.count("csrfmiddlewaretoken") == 3
    assert '<script src="/static/js/practice.js" defer></script>' in html


# --- refused input ---------------------------------------------------------------------


def test_an_answer_before_any_hand_is_refused(client):
    response = answer(client, "natural", "natural")
    assert response.status_code == 400
    assert "There is no question waiting: deal a new hand first." in response.content.decode()
    assert score(page(client), "answered") == 0


@pytest.mark.parametrize(
    "data, message",
    [
        ({"answer": "stand", "gate": "player", "hand": 1}, "no longer on the table"),
        ({"answer": "natural", "gate": "natural", "hand": 2}, "no longer on the table"),
        ({"answer": "natural", "gate": "natural", "hand": "x"}, "no longer on the table"),
        ({"answer": "natural", "gate": "natural"}, "no longer on the table"),
        ({"answer": "natural"}, "no longer on the table"),
        ({"answer": "draw", "gate": "natural", "hand": 1}, "choose Natural (N) or No natural (O)"),
        ({"answer": "", "gate": "natural", "hand": 1}, "choose Natural (N) or No natural (O)"),
        ({"gate": "natural", "hand": 1}, "choose Natural (N) or No natural (O)"),
        ({"answer": "<b>x</b>" * 50, "gate": "natural", "hand": 1}, "is not an answer"),
    ],
)
def test_stale_and_junk_answers_are_refused_and_not_counted(client, dealer, data, message):
    dealer(STOOD)
    deal(client)
    response = client.post(reverse("hands:practice_answer"), data)
    assert response.status_code == 400
    html = response.content.decode()
    assert message in html_lib.unescape(html)
    assert "<b>x</b>" not in html  # echoed safely, if at all
    assert "Nothing was counted" in html or "it was not counted" in html
    assert current_gate(html) == "natural"  # the same question is still asked
    assert score(html, "answered") == 0
    assert score(page(client), "answered") == 0


def test_a_double_submit_counts_once(client, dealer):
    dealer(STOOD)
    deal(client)
    assert answer(client, "no_natural", "natural").status_code == 302
    response = answer(client, "no_natural", "natural")
    assert response.status_code == 400
    assert "The question now is: Does the Player draw a third card?" in response.content.decode()
    assert score(page(client), "answered") == 1


def test_an_answer_for_the_previous_hand_is_refused(client, dealer):
    dealer(STOOD, NATURAL)
    deal(client)
    deal(client)
    response = answer(client, "natural", "natural", hand=1)
    assert response.status_code == 400
    assert score(page(client), "answered") == 0


def test_a_finished_hand_takes_no_more_answers(client, dealer):
    dealer(NATURAL)
    deal(client)
    answer(client, "natural", "natural")
    answer(client, "player", "result")
    response = answer(client, "player", "result")
    assert response.status_code == 400
    assert "deal a new hand first" in response.content.decode()
    assert score(page(client), "answered") == 2


def test_htmx_refusal_is_marked_for_the_panel(client, dealer):
    dealer(STOOD)
    deal(client)
    response = answer(client, "maybe", "natural", **HTMX)
    assert response.status_code == 400
    assert response["HX-Retarget"] == "#practice"
    assert response["HX-Reswap"] == "outerHTML"
    html = response.content.decode()
    assert "<html" not in html
    assert "choose Natural (N) or No natural (O). Nothing was counted." in html_lib.unescape(
        feedback(html)
    )
    assert current_gate(html) == "natural"


@pytest.mark.parametrize("name", ["practice_answer", "practice_deal", "practice_reset_score"])
def test_posts_only(client, name):
    assert client.get(reverse(f"hands:{name}")).status_code == 405


def test_a_saved_table_that_cannot_be_read_back_starts_afresh(client):
    page(client)
    session = client.session
    session["practice"] = {"number": "x", "cards": ["Z9"], "answers": [7], "score": "lots"}
    session.save()
    html = page(client)
    assert "No hand on the table yet" in html
    assert score(html, "answered") == 0
    assert answer(client, "natural", "natural").status_code == 400


def test_impossible_saved_answers_drop_the_hand(client):
    page(client)
    session = client.session
    session["practice"] = {"number": 1, "cards": NATURAL.split(), "answers": ["draw"]}
    session.save()
    assert "No hand on the table yet" in page(client)


# --- score and sessions ----------------------------------------------------------------


def test_reset_score_keeps_the_hand(client, dealer):
    dealer(STOOD)
    deal(client)
    answer(client, "no_natural", "natural")
    answer(client, "draw", "player")
    assert score(page(client), "answered") == 2
    assert client.post(reverse("hands:practice_reset_score")).status_code == 302
    html = page(client)
    assert score(html, "answered") == 0 and score(html, "natural-right") == 0
    assert "Score reset" in feedback(html)
    assert current_gate(html) == "banker"  # the hand goes on
    answer(client, "draw", "banker")
    assert score(page(client), "banker-right") == 1


def test_each_visitor_has_their_own_table(dealer):
    dealer(STOOD, NATURAL)
    alice, bob = Client(), Client()
    deal(alice)
    answer(alice, "no_natural", "natural")
    assert score(page(bob), "answered") == 0
    assert "No hand on the table yet" in page(bob)
    # Bob cannot answer Alice's question, even naming her hand and gate.
    assert answer(bob, "stand", "player").status_code == 400
    deal(bob)
    assert table_cards(page(bob)) == {"player": ["4♥", "5♦"], "banker": ["K♠", "3♣"]}
    html = page(alice)
    assert table_cards(html) == {"player": ["3♥", "3♦"], "banker": ["4♠", "K♣"]}
    assert (current_gate(html), score(html, "answered")) == ("player", 1)
