"""The stats panel's figures and the Bead Plate's winning point (baccarat.roads.tally), and the
point a Result carries onto its bead."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.game.rules import resolve
from baccarat.game.shoe import Shoe
from baccarat.roads.scoreboard import Result, Stats, scoreboard
from baccarat.roads.tally import shares, total, winning_point


def test_a_result_has_no_point_unless_given_and_its_bead_carries_it():
    assert Result("B").point is None
    assert Result("B", False, False, True).point is None  # callers by position still work
    board = scoreboard([Result("B", natural=True, point=8), Result("P"), Result("T", point=6)])
    assert [bead.point for bead in board.bead_plate] == [8, None, 6]
    assert scoreboard("BPT").bead_plate[0].point is None
    # The roads and counts do not depend on the points.
    assert scoreboard([Result("B", point=8), Result("P")]).columns == scoreboard("BP").columns


@pytest.mark.parametrize(
    ("cards", "point"),
    [
        (["4", "5", "2", "3"], 8),  # Banker 8 over Player 6: a natural
        (["9h", "Kd", "Qc", "2s"], 9),  # Player 9 over Banker 2: a natural
        (["Th", "Kd", "7c", "7s"], 7),  # 7 to 7: a tie shows the tied total
        (["T", "K", "J", "Q", "2", "4"], 4),  # 0 to 0, the Player draws 2, the Banker 4
        (["T", "K", "J", "Q", "5", "5"], 5),  # both draw 5: a tie on 5
        (["T", "K", "J", "Q", "4"], None),  # the Banker's third card is still to come
        (["?", "5", "2", "3"], None),  # a card nobody saw: the totals are unknown
        (["4", "5", "2", "3", "9"], None),  # one card too many: not a hand
        (["Zz"], None),  # not a card
        ([], None),
        (None, None),  # recorded without cards
    ],
)
def test_the_winning_point(cards, point):
    assert winning_point(cards) == point


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_the_winning_point_is_the_winners_total_for_any_dealt_hand(seed):
    cards = Shoe(8, seed).deal_hand()
    tokens = [f"{card.rank}{card.suit}" for card in cards]
    hand = resolve(tokens)
    point = winning_point(tokens)
    assert point is not None and 0 <= point <= 9
    player, banker = hand.player.final_total, hand.banker.final_total
    assert point == max(player, banker)
    if hand.winner == "tie":
        assert player == banker == point


def test_shares_list_every_count_with_its_share_in_the_screens_order():
    stats = scoreboard(
        [Result("T"), Result("B", banker_pair=True, natural=True), Result("P", player_pair=True)]
        + [Result("B")]
    ).stats
    lines = shares(stats)
    assert [(line.key, line.outcome, line.count) for line in lines] == [
        ("banker", "B", 2),
        ("player", "P", 1),
        ("tie", "T", 1),
        ("banker_pairs", None, 1),
        ("player_pairs", None, 1),
        ("naturals", None, 1),
    ]
    assert [line.share for line in lines] == [0.5, 0.25, 0.25, 0.25, 0.25, 0.25]
    assert all(line.share == 0.0 for line in shares(scoreboard("").stats))


def test_a_total_adds_the_counts_keeps_the_longest_runs_and_has_no_current_run():
    one, two = scoreboard("BBBPT").stats, scoreboard("TPPPPBB").stats
    both = total([one, two])
    assert both == Stats(
        hands=12,
        banker=5,
        player=5,
        tie=2,
        banker_pairs=0,
        player_pairs=0,
        naturals=0,
        current_streak=None,
        longest_banker=3,
        longest_player=4,
    )
    # A run does not join across shoes: "BBB" then "BB" is not a run of five.
    assert total([scoreboard("BBB").stats, scoreboard("BB").stats]).longest_banker == 3
    assert total([]) == Stats(0, 0, 0, 0, 0, 0, 0, None, 0, 0)
    assert total(iter([one])).hands == 5  # any iterable, read once


def test_a_total_sums_the_pairs_and_the_naturals():
    one = [Result("B", banker_pair=True, natural=True), Result("P", player_pair=True)]
    two = [Result("T", banker_pair=True, player_pair=True)]
    both = total([scoreboard(one).stats, scoreboard(two).stats])
    assert (both.banker_pairs, both.player_pairs, both.naturals) == (2, 2, 1)
