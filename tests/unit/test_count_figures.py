"""The counts' kept run (baccarat/simulation/counting_figures.json) is what the code deals:
its first shoes dealt again give the same sums, and it was dealt for the counts there are."""

import tomllib

import numpy as np

from baccarat.simulation.count_figures import (
    CLAIMS,
    SHOES,
    first_shoes,
    kept,
    kept_rows,
)
from baccarat.simulation.count_runs import CUT_DEPTHS, SUMS
from baccarat.simulation.counting import BETS, built_in
from reference.citations import SOURCES_FILE


def test_the_kept_runs_first_shoes_are_dealt_again_alike():
    data = kept()
    assert data["shoes"] == SHOES and data["sums"] == list(SUMS)
    assert np.allclose(np.array(first_shoes()), np.array(data["first"]), rtol=1e-9, atol=1e-6)
    assert data["counts"] == [[c.key, c.bet, list(c.tags), c.trigger] for c in built_in()]


def test_the_kept_run_agrees_with_the_exact_expectation_at_every_depth():
    misses = 0
    for cut in CUT_DEPTHS:
        rows = kept_rows(cut)
        assert len(rows) == len(built_in()) + len(BETS)
        assert all(row.hands > SHOES * 20 for row in rows)
        misses += sum(not row.covers for row in rows)
    # 95% intervals: among 64 of them a miss or two is chance, more is not.
    assert misses <= 3
    perfect = {row.bet: row for row in kept_rows(14) if row.key.startswith("perfect_")}
    assert perfect["banker"].positive < 0.01 and perfect["player"].positive < 0.01
    assert perfect["player_natural_9"].expected_per_100 > 10 * perfect["banker"].expected_per_100


def test_every_claim_cites_a_section_there_is():
    toml = tomllib.loads(SOURCES_FILE.read_text())
    sections = {section["id"] for source in toml["source"] for section in source["section"]}
    assert {claim.section for claim in CLAIMS} <= sections
    assert {c.source for c in built_in() if c.source} <= sections
