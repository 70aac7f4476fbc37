"""A lesson's hands, settled bets and tableaux the learner can change (lessons/live.py), through
the test client: with and without htmx, bad input refused with a 400 at the board, the other
boards kept as they were, and every result the engine's."""

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse
from htmx import HTMX

from baccarat.game.rules import resolve
from baccarat.odds.payouts import BETS, is_player_pair, money, settle
from lessons.course import load_course
from lessons.live import LIVE
from tests.independent_rules import BANKER_DRAWS_AGAINST

pytestmark = pytest.mark.django_db

COURSE = load_course()
WHO_WINS = COURSE.lesson("foundations", "who-wins")  # hand-1, hand-2
COMMISSION = COURSE.lesson("settlement", "commission")  # settle-1, settle-2
TWO_BRANCHES = COURSE.lesson("banker-rule", "two-branches")  # hand-1, tableau-1
BANKER_3 = COURSE.lesson("banker-rule", "banker-3")  # tableau-row-1 (Banker 3), hands


def url(lesson):
    return reverse("lessons:lesson", args=[lesson.module, lesson.slug])


def get(client, lesson, status=200, headers=None, **params):
    response = client.get(url(lesson), params, **(headers or {}))
    assert response.status_code == status, response.content.decode()[:500]
    return response


def block(html, dom_id):
    start = html.index(f'id="{dom_id}"')
    start = html.rindex("<", 0, start)
    tag = html[start + 1 : html.index(" ", start)]
    depth, i = 0, start
    for match in re.finditer(rf"<(/?){tag}\b", html[start:]):
        depth += -1 if match.group(1) else 1
        if depth == 0:
            i = start + match.end()
            break
    return html[start : html.index(">", i) + 1]


def test_the_course_has_eighty_live_boards_and_a_hundred_checks():
    boards = [d for lesson in COURSE.lessons for d in lesson.directives
              if d.name == "road" or d.name in LIVE]  # fmt: skip
    checks = [check for lesson in COURSE.lessons for check in lesson.checks]
    assert len(boards) >= 80
    assert len(checks) >= 100
    # Every road module's lessons each give the learner a board to build.
    for module in COURSE.modules:
        if module.slug in ("bead-plate-and-big-road", "big-eye-boy", "small-road", "cockroach-pig"):
            for lesson in module.lessons:
                assert any(d.name == "road" for d in lesson.directives), lesson.key


# --- a hand ------------------------------------------------------------------------------------


def test_a_learner_deals_other_cards_and_the_gates_follow(client):
    html = get(client, WHO_WINS, **{"hand-1": "9h 7s K K"}).content.decode()
    hand = unescape(block(html, "hand-1"))
    assert 'data-cards="9h 7s K K"' in hand
    assert resolve("9h 7s K K".split()).steps[-1].text in hand
    assert "You dealt this hand" in hand
    assert "3h 7s Kd Kc 3d" in hand  # the lesson's own hand, named
    assert "Back to the lesson's hand" in hand
    # The other hand on the page is the lesson's own.
    second = block(html, "hand-2")
    assert "You dealt this hand" not in second


def test_a_hand_redrawn_by_htmx_is_just_the_board_and_its_announcement(client):
    response = get(client, WHO_WINS, headers=HTMX, board="hand-2", **{"hand-2": "4,4,4,4"})
    html = unescape(response.content.decode())
    assert html.lstrip().startswith('<figure class="lesson-hand" id="hand-2"')
    text = resolve("4 4 4 4".split()).steps[-1].text
    assert f'<div hx-swap-oob="innerHTML:#live">{text}</div>' in html
    assert "<html" not in html


@pytest.mark.parametrize(
    "typed,says",
    [
        ("3h 7s K K", "needs the Player's third card"),
        ("3h 7s Xq K", "Card 3"),
        ("9h 7s K K 5", "has no place"),
        ("A " * 40, "characters"),
        ("", "give the hand's cards"),
        ("٣ ٧ K K", "Card 1"),
    ],
)
def test_cards_that_are_not_a_complete_hand_are_refused_at_the_board(client, typed, says):
    html = unescape(get(client, WHO_WINS, status=400, **{"hand-1": typed}).content.decode())
    hand = block(html, "hand-1")
    assert says in hand
    assert 'data-cards="3h 7s Kd Kc 3d"' in hand  # the lesson's own hand still shows
    response = get(client, WHO_WINS, status=400, headers=HTMX, board="hand-1", **{"hand-1": typed})
    assert response["HX-Retarget"] == "#hand-1"
    assert response["HX-Reswap"] == "outerHTML"
    assert says in unescape(response.content.decode())


def test_deal_a_random_hand_links_to_a_complete_hand_and_keeps_other_boards(client):
    html = unescape(get(client, TWO_BRANCHES, **{"tableau-1-row": "3"}).content.decode())
    hand = block(html, "hand-1")
    link = re.search(r'href="([^"]+)" data-add="deal"', hand).group(1)
    query = parse_qs(urlsplit(link).query, keep_blank_values=True)
    cards = query["hand-1"][0].split()
    assert resolve(cards).complete
    assert query["tableau-1-row"] == ["3"]  # the other board is kept
    assert query["board"] == ["hand-1"]
    # The form keeps it too, as a hidden field.
    assert '<input type="hidden" name="tableau-1-row" value="3">' in hand


def test_unknown_board_ids_are_a_404_for_htmx(client):
    assert client.get(url(WHO_WINS), {"board": "hand-9"}, **HTMX).status_code == 404
    assert client.get(url(WHO_WINS), {"board": "settle-1"}, **HTMX).status_code == 404


# --- a settled bet -----------------------------------------------------------------------------


@pytest.mark.parametrize("bet", list(BETS))
def test_any_bet_on_any_hand_is_settled_by_the_engine(client, bet):
    cards = "9h 4d 9d 4c"
    params = {"settle-1-bet": bet, "settle-1-stake": "40", "settle-1": cards}
    html = unescape(get(client, COMMISSION, **params).content.decode())
    board = block(html, "settle-1")
    hand = resolve(cards.split())
    result = settle(bet, 40, hand, player_pair=is_player_pair(hand))
    assert f'data-settled="{result.result}"' in board
    assert f"{BETS[bet]}, 40 staked" in board
    if result.result == "win":
        assert f"wins {money(result.net)}, so {money(result.returned)} comes back" in board
    assert "You changed this bet" in board


@pytest.mark.parametrize(
    "params,says",
    [
        ({"settle-1-bet": "martingale"}, "choose one of the bets"),
        ({"settle-1-stake": "0"}, "whole number from 1"),
        ({"settle-1-stake": "1e3"}, "whole number from 1"),
        ({"settle-1-stake": "99999999"}, "whole number from 1"),
        ({"settle-1": "K K K"}, "not complete"),
    ],
)
def test_a_bet_that_cannot_be_settled_is_refused(client, params, says):
    html = unescape(get(client, COMMISSION, status=400, **params).content.decode())
    board = block(html, "settle-1")
    assert says in board
    spec = next(d.spec for d in COMMISSION.directives if d.name == "settle")
    assert f'data-settled="{spec.result}"' in board  # the lesson's own bet still shows


# --- the tableau -------------------------------------------------------------------------------


def test_every_cell_of_the_tableau_is_the_rules(client):
    for row in range(8):
        for card in range(10):
            params = {"tableau-1-row": str(row), "tableau-1-card": str(card)}
            html = unescape(
                get(
                    client, TWO_BRANCHES, headers=HTMX, board="tableau-1", **params
                ).content.decode()
            )
            verb = "draws" if card in BANKER_DRAWS_AGAINST[row] else "stands"
            sentence = f"Banker {row} against a Player's third card of {card}: the Banker {verb}."
            assert sentence in html
            assert re.search(rf'highlight-cell" data-cell="{row}-{card}"', html)


def test_a_tableau_row_board_picks_a_third_card_in_its_own_row(client):
    html = unescape(get(client, BANKER_3, **{"tableau-row-1-card": "8"}).content.decode())
    board = block(html, "tableau-row-1")
    assert "Banker 3 against a Player's third card of 8: the Banker stands." in board
    assert 'highlight-cell" data-cell="3-8"' in board
    # A row cannot be changed on a one-row board: the parameter is not read.
    html = unescape(get(client, BANKER_3, **{"tableau-row-1-row": "6"}).content.decode())
    assert "Banker 3's row" in block(html, "tableau-row-1")


@pytest.mark.parametrize("params", [{"tableau-1-row": "8"}, {"tableau-1-card": "10"},
                                    {"tableau-1-row": "-1"}, {"tableau-1-card": "x"}])  # fmt: skip
def test_a_cell_outside_the_tableau_is_refused(client, params):
    html = unescape(get(client, TWO_BRANCHES, status=400, **params).content.decode())
    assert "could not be used" in block(html, "tableau-1")
