"""The win chances on the hand page: from every gate and after every card, and a squeeze of
the next card (the form, its refusals, and htmx updating the chances in place)."""

import html as html_lib
import re

import pytest
from htmx import HTMX

from baccarat.game.rules import resolve
from baccarat.teaching.win_chances import chance_steps, squeeze

URL = "/hands/"
HAND = "4h,2s,Ad,Tc,8c,5d"  # six cards: the chances move at every one
SQUEEZE = {**HTMX, "HTTP_HX_TARGET": "chance-squeeze"}


def text(response):
    return html_lib.unescape(response.content.decode())


def here(page):
    match = re.search(
        r'<div class="chance-here" data-turned="(\d)">(.*?)</div>\s*</div>', page, re.S
    )
    assert match
    return int(match.group(1)), match.group(2)


@pytest.mark.parametrize("step, turned", [(1, 4), (2, 4), (3, 4), (4, 5), (5, 6), (6, 6)])
def test_every_gate_shows_the_chances_from_there(client, step, turned):
    page = text(client.get(URL, {"cards": HAND, "step": step}))
    steps = chance_steps(resolve(HAND))
    shown, block = here(page)
    assert shown == turned
    assert steps[turned].text in block
    # The numbers are written beside the bar, not left to its colours.
    assert f"Banker {steps[turned].banker}" in block and f"Tie {steps[turned].tie}" in block
    # And every card's chances are listed, the one from this gate marked.
    for each in steps:
        assert each.text in page
    assert page.count('aria-current="true"') == 1


def test_the_chances_read_as_the_engine_words_them(client):
    page = text(client.get(URL, {"cards": HAND, "step": 6}))
    assert "Before any card, Banker wins 45.9%, Player 44.6%, tie 9.5%." in page
    assert "After the Banker's third card (a 5), the hand is decided: the Banker wins." in page
    assert 'style="width:100.00%"' in page


@pytest.mark.parametrize(
    "query, ranks",
    [
        ({"squeeze": "picture"}, "TJQK"),
        ({"squeeze": "six_to_eight"}, "678"),
        ({"squeeze": "ranks", "rank": ["A", "10", "9"]}, "AT9"),
        ({"rank": ["7"]}, "7"),
    ],
)
def test_a_squeeze_narrows_the_next_card(client, query, ranks):
    response = client.get(URL, {"cards": "3,K,2,6", **query})
    assert response.status_code == 200
    expected = squeeze(resolve("3,K,2,6"), set(ranks))
    assert f"<strong>Squeezed:</strong> {expected.text}" in text(response)
    assert "If the Player's third card is" in expected.text


@pytest.mark.parametrize(
    "cards, query, message",
    [
        ("3,K,2,6", {"squeeze": "sides"}, "Squeeze: “sides” is not a reading here"),
        ("3,K,2,6", {"squeeze": "ranks"}, "Squeeze: tick at least one rank"),
        ("3,K,2,6", {"squeeze": "ranks", "rank": ["6", "Z"]}, "Squeeze: “Z” is not a rank"),
        ("3,K,2,6", {"rank": ["T"], "squeeze": "x" * 500}, "Squeeze: “xxxx"),
        ("9,2,K,3", {"squeeze": "picture"}, "Squeeze: the hand is over"),
    ],
)
def test_a_squeeze_that_cannot_be_is_refused_naming_it(client, cards, query, message):
    response = client.get(URL, {"cards": cards, **query})
    assert response.status_code == 400
    page = text(response)
    assert message in page and 'id="squeeze-error" role="alert"' in page
    assert "Squeezed:" not in page
    # The rest of the walk is still there.
    assert 'data-gate="values"' in page


def test_htmx_updates_the_squeezed_chances_in_place_and_announces_them(client):
    response = client.get(URL, {"cards": "3,K,2,6", "squeeze": "six_to_eight"}, **SQUEEZE)
    page = text(response)
    assert response.status_code == 200 and "HX-Retarget" not in response
    assert page.lstrip().startswith('<div id="chance-squeeze"')
    assert 'data-gate="values"' not in page  # only the chances, so focus stays on the form
    said = squeeze(resolve("3,K,2,6"), {"6", "7", "8"}).text
    assert f'<div hx-swap-oob="innerHTML:#live">{said}</div>' in page
    refused = client.get(URL, {"cards": "3,K,2,6", "squeeze": "nope"}, **SQUEEZE)
    assert refused.status_code == 400 and "HX-Retarget" not in refused
    assert "Squeeze: “nope” is not a reading here" in text(refused)
    # Something else the form carried that cannot be read: the whole walk says what.
    other = client.get(URL, {"cards": "3,K,2,6", "step": "9", "squeeze": "picture"}, **SQUEEZE)
    assert other.status_code == 400 and other["HX-Retarget"] == "#walk"


def test_the_squeeze_form_is_offered_until_the_hand_is_over(client):
    page = text(client.get(URL, {"cards": "3,K,2,6"}))
    assert "Squeeze the Player's third card: what do you see of it?" in page
    assert page.count('name="rank"') == 13
    over = text(client.get(URL, {"cards": "9,2,K,3"}))
    assert 'class="squeeze-form"' not in over
    # Before the first card, the Player's first card is the one to squeeze.
    partial = text(client.get(URL, {"cards": "3"}))
    assert "Squeeze the Banker's first card" in partial


def test_a_face_down_card_may_be_squeezed(client):
    page = text(client.get(URL, {"cards": "3,?,2"}))
    assert "Squeeze a card: what do you see of it?" in page
    assert '<option value="2">Card 2 (Banker\'s first card)</option>' in page
    assert '<option value="4" selected>The Banker\'s second card</option>' in page
    response = client.get(URL, {"cards": "3,?,2", "squeeze": "picture", "squeezed_card": "2"})
    expected = squeeze(resolve("3,?,2"), "TJQK", place=1)
    assert response.status_code == 200
    assert f"<strong>Squeezed:</strong> {expected.text}" in text(response)
    assert '<option value="2" selected>' in text(response)
    for number, message in (
        ("1", "card 1 is neither a face-down card"),
        ("x", "“x” is not a card"),
    ):
        query = {"cards": "3,?,2", "squeeze": "picture", "squeezed_card": number}
        refused = client.get(URL, query)
        assert refused.status_code == 400 and message in text(refused)


@pytest.mark.same_on_any_database
def test_the_squeezed_result_sits_by_the_presets_and_the_pressed_one_says_so(client):
    page = text(client.get(URL, {"cards": "9,3,7", "squeeze": "picture"}))
    presets, squeezed, ticks = (
        page.index('id="squeeze-picture"'),
        page.index("Squeezed:"),
        page.index('id="rank-boxes-help"'),
    )
    assert presets < squeezed < ticks  # the result in view of the button pressed
    assert re.search(r'value="picture" id="squeeze-picture" aria-pressed="true"', page)
    assert re.search(r'value="six_to_eight" id="squeeze-six_to_eight" aria-pressed="false"', page)
    # Ranks ticked, or no squeeze at all: no preset is pressed.
    for query in ({"squeeze": "ranks", "rank": ["6", "7"]}, {}):
        other = text(client.get(URL, {"cards": "9,3,7", **query}))
        assert 'aria-pressed="true"' not in other and 'aria-pressed="false"' in other
    # htmx swaps the presets with the result, so the pressed mark moves with it.
    partial = text(client.get(URL, {"cards": "9,3,7", "squeeze": "six_to_eight"}, **SQUEEZE))
    assert 'id="squeeze-six_to_eight" aria-pressed="true"' in partial
