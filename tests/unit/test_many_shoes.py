"""Many shoes at once: each shoe's summary agrees with the scoreboard's own counts and Big
Road, a set of shoes has its own figures beside their added-up counts, and shoes are placed
among chance's."""

from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.roads.many_shoes import Totals, summarise
from baccarat.roads.scoreboard import Result, scoreboard
from baccarat.roads.tally import total
from baccarat.simulation.many_against_chance import place, place_all

hands = st.lists(
    st.builds(Result, st.sampled_from("BPT"), st.booleans(), st.booleans(), st.booleans()),
    max_size=90,
)


@given(hands)
@settings(max_examples=150, deadline=None)
def test_a_summary_is_the_scoreboards_own_figures(results):
    board = scoreboard(results)
    summary = summarise(results)
    assert summary.stats == board.stats
    drawn = [(c.col, c.row, c.outcome) for c in board.big_road if c.outcome is not None]
    assert [(b.col, b.row, b.outcome) for b in summary.beads()] == drawn
    assert list(summary.cells()) == drawn


def test_a_set_of_shoes_adds_their_stats_up_and_has_its_own_figures():
    shoes = [summarise("BBBPTP"), summarise("PPPPBT"), summarise("")]
    totals = Totals.of([s.stats for s in shoes])
    # The counts are the one sum of Stats (baccarat.roads.tally.total, tested there).
    assert totals.stats == total([s.stats for s in shoes])
    assert (totals.shoes, totals.stats.hands) == (3, 12)
    assert (totals.stats.banker, totals.stats.player, totals.stats.tie) == (4, 6, 2)
    assert (totals.stats.longest_banker, totals.stats.longest_player) == (3, 4)
    assert totals.longest_per_shoe == (3, 4, 0)
    assert totals.median_longest == 3
    assert totals.hands_per_shoe == 4
    assert totals.stats.share(totals.stats.player) == 0.5
    assert Totals.of([shoes[0].stats, shoes[1].stats]).median_longest == 3.5  # the middle two


def test_no_shoes_add_up_to_nothing():
    totals = Totals.of([])
    assert (totals.shoes, totals.stats.hands, totals.stats.longest_banker) == (0, 0, 0)
    assert totals.stats.share(0) == 0 and totals.median_longest == 0
    assert totals.hands_per_shoe == 0


def test_a_shoe_is_placed_by_mid_rank_among_chances():
    ordinary = place(summarise("BBBPPBPBBTPPPBPBBPPPPB"), 8)
    assert ordinary is not None and ordinary.compared == 10_000
    assert 10 < ordinary.longest_percentile < 90 and ordinary.ordinary_run
    assert 10 < ordinary.banker_percentile < 90 and ordinary.ordinary_share
    streak = place(summarise("B" * 30), 8)
    assert streak.longest_percentile == 100 and streak.at_least == 0
    assert not streak.ordinary_run and not streak.ordinary_share
    assert place(summarise(""), 8) is None


def test_chance_distributions_sum_to_one_and_count_your_shoes():
    shoes = [(summarise("BBBPPBPBBTPPPBPBBPPPPB"), 8), (summarise("B" * 30), 6), (summarise(""), 8)]
    placement = place_all(shoes)
    for distribution in (placement.longest, placement.banker_share):
        assert abs(sum(distribution.chance) - 1) < 1e-9
        assert sum(distribution.yours) == 2
    assert placement.longest.yours[4] == 1 and placement.longest.yours[20] == 1
    assert placement.banker_share.yours[19] == 1  # 100% Banker: the last bin, 95-100%
    assert placement.ordinary == 1
    assert "1 of your 2 shoes" in placement.sentences()[0]
