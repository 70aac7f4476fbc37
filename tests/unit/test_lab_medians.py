"""The lab never calls a median "half": it says the share of the run that was measured."""

from __future__ import annotations

import re

from baccarat.simulation.chance import Tally
from baccarat.simulation.spread import bin_units, share_below
from baccarat.simulation.systems import PROGRESSIONS
from baccarat.teaching import lab_leads, lab_text


def test_the_longest_streak_sentence_gives_the_share_that_reached_the_median():
    tally = Tally(8, 0, 10, ())
    # Ten shoes: the median longest streak is 6, and eight of the ten reached it.
    tally.shoes, tally.longest = 10, [0, 0, 0, 0, 1, 1, 5, 2, 1]
    most, median = lab_text.typical_longest(tally)
    assert (most, median) == (6, 6)
    sentence = lab_text.streak_sentences(tally)[0]
    assert "half" not in sentence
    assert "80% of the shoes had one of 6 or more" in sentence


def test_a_real_runs_streak_share_is_counted_from_its_own_shoes():
    tally = Tally(8, 2026, 400, ()).run()
    _most, median = lab_text.typical_longest(tally)
    reached = sum(count for n, count in enumerate(tally.longest) if n >= median)
    share = f"{reached / tally.shoes:.0%}"
    sentence = lab_text.streak_sentences(tally)[0]
    assert f"{share} of the shoes had one of {median} or more" in sentence


def test_the_bankroll_sentence_gives_the_share_at_or_under_the_median():
    tally = Tally(8, 2026, 400, PROGRESSIONS).run()
    width = bin_units(tally.bankroll)
    assert width == 1  # a bankroll this size is counted to the unit
    for name in PROGRESSIONS:
        sentence = lab_leads.bankroll_sentence(tally, name)
        assert sentence is not None and "half" not in sentence
        rows = tally.band(name)
        median = rows[-1][2]
        first, *counts = tally.played[name].bankrolls[len(rows) - 1]
        at_most = sum(c for i, c in enumerate(counts) if first + i <= median) / sum(counts)
        assert at_most >= 0.5
        assert re.search(rf"\({at_most:.0%} held {median:,} or less\)", sentence)


def test_share_below_counts_every_shoe_in_the_medians_bin_and_under():
    # Bins of 5 units from 100: 1 shoe in 100-104, 6 in 105-109, 3 in 110-114.
    counts = [20, 1, 6, 3]
    assert share_below(counts, 105, 5) == 0.7
    assert share_below(counts, 100, 5) == 0.1
    assert share_below(counts, 110, 5) == 1.0
