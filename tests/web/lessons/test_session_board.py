"""The session board of the lesson on swings (lessons/live.py): the learner picks a bet, a
stake and a number of hands, and the expected result and the ranges are worked out afresh
from each bet's exact distribution; bad input is a 400 naming the field, the lesson's own
session still shown; with htmx only the board comes back, its sentence in #live."""

import math
from html import unescape

import pytest
from django.urls import reverse
from htmx import HTMX

from baccarat.odds.exact import odds_of_decks
from baccarat.odds.swing import variance
from lessons.course import load_course

pytestmark = pytest.mark.django_db

SWINGS = load_course().lesson("play-responsibly", "how-much-a-bet-swings")
URL = reverse("lessons:lesson", args=[SWINGS.module, SWINGS.slug])


def figures(html):
    """The board's four figures, by name, as the page shows them."""
    board = html[html.index('id="session-1"') :]
    board = board[: board.index("</figure>")]
    found = {}
    for name in ("expected", "swing", "typical", "wide"):
        start = board.index(f'data-figure="{name}">') + len(f'data-figure="{name}">')
        found[name] = board[start : board.index("</dd>", start)]
    return board, found


def money(value):
    return f"{abs(value):,.2f}"


def result(value):
    return f"a {'loss' if value < 0 else 'win'} of {money(value)}"


@pytest.mark.parametrize("bet", ["player", "tie_8_to_1", "panda_8", "player_pair"])
def test_another_bet_stake_and_hands_are_worked_out_from_the_exact_distribution(client, bet):
    params = {"session-1-bet": bet, "session-1-stake": "25", "session-1-hands": "500"}
    html = unescape(client.get(URL, params).content.decode())
    board, shown = figures(html)
    shoe = odds_of_decks(8)
    expected = -float(shoe.edges[bet].per_unit) * 25 * 500
    swing = math.sqrt(variance(shoe, bet)) * 25 * math.sqrt(500)
    assert shown["expected"] == f"a loss of {money(expected)}"
    assert shown["swing"] == money(swing)
    low, high = expected - swing, expected + swing
    assert shown["typical"] == f"from {result(low)} to {result(high)}"
    assert "You changed this session" in board
    assert f'<option value="{bet}" selected>' in board


def test_the_lessons_own_session_is_the_banker_over_200_hands(client):
    html = unescape(client.get(URL).content.decode())
    board, shown = figures(html)
    assert "You changed this session" not in board
    shoe = odds_of_decks(8)
    assert shown["expected"] == f"a loss of {money(float(shoe.edges['banker'].per_unit) * 2000)}"


def test_a_session_redrawn_by_htmx_is_the_board_and_its_sentence(client):
    params = {"session-1-bet": "dragon_7", "session-1-hands": "80", "board": "session-1"}
    response = client.get(URL, params, **HTMX)
    html = unescape(response.content.decode())
    assert response.status_code == 200
    assert html.lstrip().startswith('<figure class="lesson-session" id="session-1"')
    assert "Dragon 7 at 40 to 1, 10 a hand for 80 hands: expected a loss of" in html


@pytest.mark.parametrize(
    "params,says",
    [
        ({"session-1-bet": "martingale"}, "choose one of the bets"),
        ({"session-1-stake": "0"}, "The stake must be a whole number from 1"),
        ({"session-1-hands": "0"}, "The hands must be a whole number from 1"),
        ({"session-1-hands": "200001"}, "The hands must be a whole number from 1"),
        ({"session-1-hands": "1e3"}, "The hands must be a whole number from 1"),
    ],
)
def test_a_session_that_cannot_be_worked_out_is_refused_at_its_field(client, params, says):
    response = client.get(URL, params)
    assert response.status_code == 400
    board, shown = figures(unescape(response.content.decode()))
    assert says in board
    assert 'aria-invalid="true"' in board
    assert "You changed this session" not in board  # the lesson's own session
