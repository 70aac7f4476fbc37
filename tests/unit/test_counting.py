"""Counts and their measurement over the lab's shoes: tags, true counts, the exact edges
each hand is measured against, and the simulated wins agreeing with them."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.game.cards import RANKS, parse_cards
from baccarat.odds import exact
from baccarat.odds.naturals import NATURAL_BETS, natural_edges
from baccarat.odds.through_shoe import EDGE_BETS, edges_of, ranks_before_hands
from baccarat.simulation.count_runs import (
    VALUE_OF,
    CountRun,
    deal_hands,
    shuffled_ranks,
)
from baccarat.simulation.counting import (
    BETS,
    CountError,
    break_even,
    built_in,
    derived_tags,
    true_counts,
    user_count,
)
from baccarat.simulation.shoes import deal_shoes, shuffled

EXACT_KEYS = {bet: bet for bet in EDGE_BETS} | {"tie": "tie_8_to_1"}


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(0, 32), min_size=13, max_size=13).filter(lambda r: sum(r) >= 6))
def test_each_rows_edges_are_the_exact_odds_of_that_shoe(ranks):
    edges = edges_of(np.array([ranks]))
    odds = exact.odds(ranks=dict(zip(RANKS, ranks, strict=True)))
    for bet in EDGE_BETS:
        assert edges[bet][0] == pytest.approx(
            -float(odds.edges[EXACT_KEYS[bet]].per_unit), abs=1e-12
        )
    naturals = natural_edges(
        np.array([exact.values_of_ranks(dict(zip(RANKS, ranks, strict=True)))])
    )
    for bet in NATURAL_BETS:
        assert naturals[bet][0] == pytest.approx(10 * odds.p(bet) - 1, abs=1e-12)


def test_thorp_and_walden_s_naturals_from_eight_decks():
    # Their figures (p. 317): natural 9 0.09490 (5.10%), natural 8 0.09453 (5.47%).
    odds = exact.odds_of_decks(8)
    assert round(odds.p("player_natural_9"), 5) == 0.09490
    assert round(odds.p("banker_natural_8"), 5) == 0.09453
    edges = natural_edges(np.array([exact.shoe_of_decks(8)]))
    assert round(-edges["player_natural_9"][0] * 100, 2) == 5.10
    assert round(-edges["banker_natural_8"][0] * 100, 2) == 5.47


def test_ranks_before_hands_takes_off_each_hand_and_the_burned_cards():
    hands = [parse_cards("A 2 3 4"), parse_cards("K K 5 6 7")]
    rows = ranks_before_hands(1, hands, burned=parse_cards("9"))
    assert rows.shape == (2, 13)
    assert rows[0].sum() == 51 and rows[0][RANKS.index("9")] == 3
    assert rows[1].sum() == 47 and rows[1][RANKS.index("A")] == 3


def test_the_shoes_are_the_labs_card_for_card():
    ranks = shuffled_ranks(8, 30, 5, 2)
    assert (VALUE_OF[ranks] == shuffled(8, 30, 5, 2)).all()
    hands = deal_hands(ranks, 8, 16)
    assert len(hands.unseen) == deal_shoes(8, 30, 5, 2).hands.sum()


def test_published_tags_are_as_the_posts_give_them():
    counts = {c.key: c for c in built_in()}
    dragon = counts["jacobson_dragon_7"].tags
    assert dragon == (0, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0)
    assert counts["jacobson_panda_8"].tags == (1, 1, -2, -2, -2, -1, -1, -2, 4, 1, 1, 1, 1)
    assert counts["jacobson_dragon_7"].source and counts["removal_tie"].source is None


@pytest.mark.parametrize("bet", BETS)
def test_the_sites_counts_are_balanced_and_point_to_the_edge(bet):
    tags = derived_tags(bet)
    assert sum(tags) == 0 and all(-12 <= t <= 12 for t in tags)
    assert 0 < break_even(tags, bet) < float("inf")


def test_a_true_count_is_the_running_count_over_the_decks_unseen():
    count = user_count([1] * 13, "tie", 2)
    seen = np.zeros((2, 13), dtype=np.int64)
    seen[0, 0] = 13
    seen[1, 1] = 26
    assert true_counts((count,), seen, np.array([104, 52])).ravel().tolist() == [6.5, 26.0]


@pytest.mark.parametrize(
    ("tags", "bet", "trigger", "field"),
    [([0] * 12, "tie", 1, "tags"), ([6] + [0] * 12, "tie", 1, "tag_A"),
     ([0] * 12 + [True], "tie", 1, "tag_K"), ([0] * 13, "keno", 1, "bet"),
     ([0] * 13, "tie", "2", "trigger")],
)  # fmt: skip
def test_a_bad_count_names_its_field(tags, bet, trigger, field):
    with pytest.raises(CountError, match=field):
        user_count(tags, bet, trigger)


@pytest.mark.parametrize(("decks", "cut", "seed"), [(8, 14, 1), (6, 26, 2), (1, 14, 3)])
def test_the_simulated_wins_agree_with_the_exact_expectation(decks, cut, seed):
    # Fixed seeds: each interval is meant to miss its expectation 1 time in 20 or less.
    counts = built_in() + (user_count([0, 0, 0, -1, -1, -1, -1, 1, 1, 0, 0, 0, 0], "tie", 1),)
    run = CountRun(decks, cut, seed, 60, counts).run(25)
    rows = run.rows()
    assert len(rows) == len(counts) + len(BETS)
    for row in rows:
        assert row.covers, row
        assert 0 <= row.bet_share <= 1 and 0 <= row.positive <= 1
    perfect = {row.bet: row for row in rows if row.key.startswith("perfect_")}
    # Betting only on an edge never expects to lose; the main bets almost never have one.
    assert all(row.expected_per_100 >= 0 for row in perfect.values())
    assert perfect["banker"].positive < 0.02 and perfect["player_natural_9"].positive > 0.05


def test_a_run_dealt_in_steps_is_the_run_dealt_at_once():
    whole = CountRun(8, 14, 9, 12, built_in()).run()
    steps = CountRun(8, 14, 9, 12, built_in()).run(5)
    assert np.allclose(whole.sums, steps.sums)


def test_the_count_follows_the_edge_better_than_chance():
    run = CountRun(8, 14, 4, 40, built_in()).run()
    rows = {row.key: row for row in run.rows()}
    assert rows["jacobson_dragon_7"].correlation > 0.8
    assert rows["removal_player_natural_9"].correlation > 0.8
