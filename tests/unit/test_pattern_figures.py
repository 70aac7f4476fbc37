"""Chance's figures for the road patterns (baccarat/simulation/patterns.py and the kept
pattern_figures.json): the first chunk dealt again matches the file, the whole is the sum of
its chunks, a plain second count over the same shoes agrees, and the next hand after a
pattern agrees with the exact odds."""

import json

import pytest

from baccarat.roads.patterns import PATTERNS, sightings
from baccarat.simulation.patterns import (
    FIGURES_FILE,
    SEED,
    SHOES,
    Share,
    count_shoes,
    figures,
    read,
    summed,
)
from baccarat.simulation.shoes import CHUNK, deal_shoes
from baccarat.teaching import pattern_text
from tests import plain_patterns

# 11 patterns x 3 outcomes: each interval at 95% would miss about one and a half of them by
# luck; the test asks the exact odds to lie within 3.4 standard errors (every one of 33 at
# once, 98% of the time).
Z_ALL = 3.4


@pytest.fixture(scope="module")
def kept():
    return json.loads(FIGURES_FILE.read_text())


@pytest.fixture(scope="module")
def first_chunk():
    dealt = deal_shoes(8, CHUNK, SEED, 0)
    return [dealt.letters(shoe) for shoe in range(dealt.shoes)]


def test_the_file_is_the_stated_run(kept):
    assert (kept["seed"], kept["shoes"], kept["decks"]) == (SEED, SHOES, 8)
    assert sum(part["shoes"] for part in kept["chunks"]) == SHOES
    assert figures().shoes == SHOES


def test_the_first_chunk_dealt_again_matches(kept, first_chunk):
    assert count_shoes(first_chunk) == kept["chunks"][0]


def test_the_whole_is_the_sum_of_its_chunks(kept):
    total = summed(kept["chunks"])
    whole = figures()
    assert whole.hands == total["hands"]
    for slug, counts in total["patterns"].items():
        assert whole.patterns[slug].shoes.count == counts["shoes"]
        assert whole.patterns[slug].sightings == sum(counts["hands"].values())


def test_shoes_with_each_pattern_counted_plainly(first_chunk):
    shoes = first_chunk[:500]
    plain = {p.slug: 0 for p in PATTERNS}
    for outcomes in shoes:
        for slug in {found[0] for found in plain_patterns.sightings(outcomes)}:
            plain[slug] += 1
    counted = count_shoes(shoes)["patterns"]
    assert plain == {slug: c["shoes"] for slug, c in counted.items()}


def test_the_next_hand_counted_plainly(first_chunk):
    shoes = first_chunk[:40]
    plain = {p.slug: [0, 0, 0] for p in PATTERNS}
    for outcomes in shoes:
        for hand in range(1, len(outcomes)):
            for slug in plain_patterns.going(outcomes[:hand]):
                plain[slug]["BPT".index(outcomes[hand])] += 1
    counted = count_shoes(shoes)["patterns"]
    assert plain == {slug: c["next"] for slug, c in counted.items()}


def test_the_next_hand_agrees_with_the_exact_odds():
    data = figures()
    for slug, row in data.patterns.items():
        assert row.hands_after > 10_000, slug
        for outcome, share in row.next.items():
            assert share.holds(float(data.exact[outcome]), Z_ALL), (slug, outcome)
    for outcome, share in data.overall.items():
        assert share.holds(float(data.exact[outcome]), Z_ALL), outcome


def test_lengths_are_read_from_the_histograms():
    data = read(
        {
            "seed": 1,
            "decks": 8,
            "seconds": 0,
            "chunks": [count_shoes(["BPBPBP", "BPBPBB", "BBBBBBBBBP"])],
        }
    )
    pong = data.patterns["ping-pong"]
    assert (pong.shoes.count, pong.sightings, pong.median_hands, pong.p90_hands) == (2, 2, 4, 6)
    assert data.patterns["banker-dragon"].median_hands == 9


def test_wilson_interval():
    low, high = Share(50, 100).interval()
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert Share(0, 10).interval()[0] == 0.0


def test_every_example_shows_its_pattern_and_the_sentences_carry_the_figures():
    data = figures()
    for pattern in PATTERNS:
        slug = pattern.slug
        assert slug in {s.pattern.slug for s in sightings(pattern_text.EXAMPLES[slug])}
        row = data.patterns[slug]
        assert f"{row.shoes.count:,}" in pattern_text.chance_says(slug)[0]
        assert f"{row.hands_after:,}" in pattern_text.does_not_care(slug)
        assert "does not care" in pattern_text.does_not_care(slug)
        assert pattern_text.players_say(slug).startswith("Players say")
