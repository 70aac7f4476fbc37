"""The spread of a progression's bankroll (baccarat.simulation.spread and the bankrolls and
table-limit counts of baccarat.simulation.systems) against a plain recount: every shoe played
hand by hand in exact fractions (tests/plain_lab.py), its money sorted and read off by rank."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from plain_lab import matrix, play

from baccarat.simulation.chance import Tally
from baccarat.simulation.shoes import Dealt, columns
from baccarat.simulation.spread import (
    HIGH,
    LOW,
    MIDDLE,
    band,
    bin_units,
    counted,
    merged,
    most_hands,
    percentile,
    points,
)
from baccarat.simulation.systems import PROGRESSIONS, board_before_each_hand
from baccarat.simulation.systems import play as engine_play


def by_rank(values, q):
    """The nearest-rank quantile, the plain way: sort, take the ceil(q * n)-th."""
    ordered = sorted(values)
    return ordered[max(1, math.ceil(q * len(ordered))) - 1]


values = st.lists(st.integers(-500, 5_000), min_size=1, max_size=60)


@given(values, st.integers(1, 50), st.sampled_from([LOW, MIDDLE, HIGH, 0.0, 1.0, 0.33]))
def test_a_percentile_of_the_counts_is_the_plain_rank_rounded_down_to_its_bin(xs, width, q):
    expected = (by_rank(xs, q) // width) * width
    assert percentile(counted(np.array(xs), width), q, width) == expected
    if width == 1:
        assert expected == int(np.percentile(xs, q * 100, method="inverted_cdf"))


@given(st.lists(values, min_size=1, max_size=5), st.integers(1, 9))
def test_counts_added_chunk_by_chunk_are_the_counts_of_the_whole(parts, width):
    together: list[int] = []
    for part in parts:
        together = merged(together, counted(np.array(part), width))
    whole = counted(np.array([x for part in parts for x in part]), width)
    # Bins left empty at either end do not change a count.
    assert sum(together[1:]) == sum(whole[1:])
    for q in (LOW, MIDDLE, HIGH):
        assert percentile(together, q, width) == percentile(whole, q, width)


@given(st.lists(values, min_size=1, max_size=8), st.integers(1, 9))
def test_the_band_holds_its_median(columns_of_values, width):
    for low, middle, high in band([counted(np.array(v), width) for v in columns_of_values], width):
        assert low <= middle <= high


shoe_text = st.text(alphabet="BPT", max_size=40)


@pytest.mark.parametrize("name", PROGRESSIONS)
@given(
    shoes=st.lists(shoe_text, min_size=1, max_size=6),
    bankroll=st.one_of(st.integers(0, 40), st.just(100)),
    limit=st.integers(1, 70),
)
@settings(max_examples=200, deadline=None)
def test_bankrolls_and_the_table_limit_against_a_plain_recount(name, shoes, bankroll, limit):
    dealt = Dealt(8, matrix(shoes))
    board = board_before_each_hand(dealt, columns(dealt))
    at = tuple(range(0, 45, 3))
    played = engine_play(name, dealt, board, bankroll, limit, at)
    sessions = [play(name, letters, bankroll, limit) for letters in shoes]
    assert played.limited == sum(s.limited for s in sessions)
    assert played.ruined == sum(s.ruined for s in sessions)
    width = bin_units(bankroll)
    for after, counts in zip(at, played.bankrolls, strict=True):
        # A shoe that has ended keeps its last money.
        held = [math.floor(s.money[min(after, len(s.money) - 1)]) for s in sessions]
        for q in (LOW, MIDDLE, HIGH):
            assert percentile(counts, q, width) == (by_rank(held, q) // width) * width


@pytest.mark.parametrize("name", PROGRESSIONS)
@given(seed=st.integers(0, 10**6), decks=st.integers(1, 8), shoes=st.integers(1, 300))
@settings(max_examples=15, deadline=None)
def test_a_runs_band_starts_at_the_bankroll_and_holds_its_median(name, seed, decks, shoes):
    tally = Tally(decks, seed, shoes, (name,), bankroll=50, limit=40).run()
    rows = tally.band(name)
    assert rows[0] == (0, 50, 50, 50)
    for hands, low, middle, high in rows:
        assert 0 <= low <= middle <= high
        assert hands <= tally.most_hands <= most_hands(decks)
    assert [r[0] for r in rows] == [p for p in points(decks) if p <= tally.most_hands]
    assert 0 <= tally.played[name].ruined <= tally.shoes
    assert 0 <= tally.played[name].limited <= tally.shoes


def test_a_run_dealt_in_steps_has_the_band_of_one_dealt_at_once():
    whole = Tally(8, 7, 4_500, ("martingale",)).run()
    stepped = Tally(8, 7, 4_500, ("martingale",))
    while not stepped.done:
        stepped = Tally.from_state(stepped.state())
        stepped.deal_next()
    assert stepped.band("martingale") == whole.band("martingale")
    assert stepped.played["martingale"].limited == whole.played["martingale"].limited
