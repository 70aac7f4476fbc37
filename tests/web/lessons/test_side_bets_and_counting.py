"""The lessons on the other side bets, on counting cards and on the game's history: every
figure they print is the engine's, their boards settle the new bets, and the odds page lists
the new bets beside the others."""

import re
from html import unescape

import pytest

from baccarat.odds.exact import effect_of_removal, odds_of_decks, percent, shoe_of_decks
from lessons.arguments import DirectiveError
from lessons.course import read_course
from lessons.directives import parse_directive

COURSE = read_course()
SIDE_BETS = ("lucky_6", "dragon_bonus_player", "dragon_bonus_banker", "perfect_pair",
             "perfect_pair_both", "banker_4_percent")  # fmt: skip


def prose(module, slug):
    lesson = COURSE.lesson(module, slug)
    html = " ".join(part for part in lesson.parts if isinstance(part, str))
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_the_side_bet_lesson_prints_each_new_bets_edge_from_the_engine():
    text = prose("settlement", "more-side-bets")
    edges = odds_of_decks(8).edges
    for bet in SIDE_BETS:
        assert percent(edges[bet].per_unit) in text, bet
    eight = odds_of_decks(8)
    assert percent(eight.exact("banker_win_6_two")) in text
    assert percent(eight.exact("banker_win_6_three")) in text


def test_the_side_bet_lesson_settles_the_new_bets_on_its_boards():
    lesson = COURSE.lesson("settlement", "more-side-bets")
    settled = [(d.spec.bet, d.spec.result, d.spec.net) for d in lesson.directives
               if d.name == "settle"]  # fmt: skip
    assert settled == [("lucky_6", "win", "120"), ("lucky_6", "win", "200"),
                       ("dragon_bonus_player", "win", "100")]  # fmt: skip


def test_the_removal_table_and_its_largest_figure_are_the_engines():
    lesson = COURSE.lesson("play-responsibly", "advantage-play")
    (table,) = [d.spec for d in lesson.directives if d.name == "removal"]
    rows = effect_of_removal(shoe_of_decks(8))
    assert [row.value for row in table.rows] == list(range(10))
    for shown, row in zip(table.rows, rows, strict=True):
        assert float(shown.banker_edge.replace("\u2212", "-")) == round(row.banker_edge * 100, 4)
        assert float(shown.player_edge.replace("\u2212", "-")) == round(row.player_edge * 100, 4)
    largest = max(abs(row.banker_edge) for row in rows)
    assert f"more than {largest * 100:.4f} percentage points" in prose(
        "play-responsibly", "advantage-play"
    )
    # Small cards leaving lower the Banker bet's edge; 5s to 9s leaving raise it.
    assert all(row.banker_edge < 0 for row in rows[:5])
    assert all(row.banker_edge > 0 for row in rows[5:])


def test_perfect_pair_has_no_edge_in_a_one_deck_shoe():
    with pytest.raises(DirectiveError, match="perfect_pair has no house edge with 1 deck"):
        parse_directive("edge perfect_pair decks=1", block=False)
    assert parse_directive("edge perfect_pair decks=2", block=False).text.endswith("%")


def test_the_history_lesson_checks_the_punto_banco_facts():
    lesson = COURSE.lesson("foundations", "history")
    assert [check.id for check in lesson.checks] == ["punto-banco-player", "no-choice"]


@pytest.mark.django_db
def test_the_odds_page_lists_the_new_side_bets(client):
    html = client.get("/odds/").content.decode()
    for bet in SIDE_BETS:
        assert f'data-edge="{bet}"' in html, bet
    edges = odds_of_decks(8).edges
    row = re.search(r'data-edge="dragon_bonus_banker">(.*?)</tr>', html).group(1)
    assert percent(edges["dragon_bonus_banker"].per_unit, 4) in row
    # Cards dealt from the shoe: their suits are unknown, so Perfect Pair is not priced.
    dealt = client.get("/odds/", {"shoe": "dealt", "decks": "8", "dealt": "Q 4"})
    assert 'data-edge="lucky_6"' in dealt.content.decode()
    assert 'data-edge="perfect_pair"' not in dealt.content.decode()
