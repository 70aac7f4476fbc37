"""The win chances on the practice dealer's felt, through the test client: after each answer
they appear for the cards the learner may see them for, and until the result is answered no
page (plain or htmx) says who wins for certain, nor shows the chances that would answer the
question waiting."""

import html as html_lib
import re

import pytest
from django.urls import reverse
from htmx import HTMX

from baccarat.game.cards import parse_cards
from baccarat.teaching.practice import PracticeHand
from baccarat.teaching.win_chances import chance_steps

pytestmark = pytest.mark.django_db

# Every shape a hand takes (as in tests/unit/test_practice_chances.py).
SHAPES = {
    "natural, Player wins": "4h Ks 5d 3c",
    "natural, Banker wins": "2h 8s 3d Kc",
    "natural, tie": "9h 9s Kd Kc",
    "both stand, Banker wins": "3h 4s 3d 3c",
    "both stand, tie": "6h 6s Kd Kc",
    "Player stands, Banker draws": "3h 4s 3d Kc 5c",
    "Player draws, Banker stands, tie": "4h 3s Ad Kc 8d",
    "Player draws, Banker draws": "2h 3s 3d Kc 4d 5h",
    "Player draws, Banker 7 stands": "Ah 7s 2d Kc 5d",
}
# What the engine says once a hand is decided (baccarat.teaching.win_chances).
DECIDED = (", the hand is decided:", "for certain", "100.0%")


def put_on_table(client, cards):
    session = client.session
    session["practice"] = {"number": 1, "cards": cards.split(), "answers": []}
    session.save()


def text(response):
    assert response.status_code == 200
    return html_lib.unescape(response.content.decode())


def chances_section(page):
    match = re.search(r'<section class="chances practice-chances".*?</section>', page, re.S)
    return match.group(0) if match else None


def check(page, hand):
    """What the page shows of the chances for this hand and answers so far."""
    steps = chance_steps(hand.resolution)
    section = chances_section(page)
    if not hand.answers:
        assert section is None
        return
    assert section is not None
    last = len(steps) - 1 if hand.done else hand.shown - 1
    assert f'<div class="chance-here" data-turned="{last}">' in section
    assert steps[last].text in section
    assert re.findall(r'<li data-turned="(\d)">', section) == [str(n) for n in range(last + 1)]
    for step in steps[: last + 1]:
        assert step.text in section
    if hand.done:
        assert steps[-1].decided is not None and steps[-1].text in section
        assert "wait until the hand is done" not in section
    else:
        for step in steps[last + 1 :]:
            assert step.text not in page
        for words in DECIDED:
            assert words not in page
        assert "wait until the hand is done" in section


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
@pytest.mark.parametrize("cards", SHAPES.values(), ids=SHAPES.keys())
def test_chances_after_each_answer_and_never_the_result_early(client, cards, htmx):
    put_on_table(client, cards)
    hand = PracticeHand(tuple(parse_cards(cards)))
    check(text(client.get(reverse("hands:practice"))), hand)
    headers = HTMX if htmx else {}
    wrong = False
    while hand.current is not None:
        question = hand.current
        # Right and wrong answers in turn: what is shown must not depend on either.
        choices = [c.value for c in question.choices if (c.value == question.answer) != wrong]
        hand, _grade = hand.answer(choices[0])
        wrong = not wrong
        data = {"answer": choices[0], "gate": question.gate, "hand": 1}
        response = client.post(reverse("hands:practice_answer"), data, **headers)
        if htmx:
            check(text(response), hand)  # the panel swapped in, and the live region's words
        else:
            assert response.status_code == 302
        check(text(client.get(reverse("hands:practice"))), hand)


def test_the_live_region_says_the_chances_an_answer_brought(client):
    # Player 4 draws an 8, Banker 3 stands against it, a tie.
    cards = SHAPES["Player draws, Banker stands, tie"]
    put_on_table(client, cards)
    steps = chance_steps(PracticeHand(tuple(parse_cards(cards))).resolution)
    said = []
    for gate, value in (("natural", "no_natural"), ("player", "draw"), ("banker", "stand")):
        response = client.post(
            reverse("hands:practice_answer"), {"answer": value, "gate": gate, "hand": 1}, **HTMX
        )
        page = text(response)
        live = page[page.index('id="practice-feedback" hx-swap-oob') :]
        said.append([step.turned for step in steps if step.text in live])
    response = client.post(
        reverse("hands:practice_answer"), {"answer": "tie", "gate": "result", "hand": 1}, **HTMX
    )
    page = text(response)
    live = page[page.index('id="practice-feedback" hx-swap-oob') :]
    said.append([step.turned for step in steps if step.text in live])
    # After the Player's second card, after the Banker's second, nothing new when the Banker
    # stands (the certain chances after the Player's third card wait), then the decided hand.
    assert said == [[3], [4], [], [5]]
    assert "the hand is decided: it is a tie." in live
