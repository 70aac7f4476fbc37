"""baccarat.simulation.chance.Tally: a run dealt over several steps (its state carried through
JSON, as the lab carries it between requests) is the run dealt at once; a small run is, figure by
figure, what the plain way deals and counts (tests/plain_lab.py, scoreboard()); the same
seed gives the same answer; and a large seeded run agrees with the exact odds."""

import json
import math
from collections import Counter
from itertools import accumulate

import numpy as np
import pytest
from plain_lab import deal_shoe, play

from baccarat.odds.exact import odds_of_decks
from baccarat.roads.scoreboard import scoreboard
from baccarat.simulation import shoes as simulation
from baccarat.simulation.chance import DRAGONS, MILESTONES, ROADS, Tally
from baccarat.simulation.systems import PROGRESSIONS, SYSTEMS

EVERY = tuple(SYSTEMS)
FLAT = tuple(name for name in SYSTEMS if name not in PROGRESSIONS)


def without_seconds(answer):
    return {key: value for key, value in answer.items() if key != "seconds"}


def stepped(tally):
    """Deal `tally` chunk by chunk, its state through JSON between every two chunks."""
    state = json.loads(json.dumps(tally.state()))
    while not Tally.from_state(state).done:
        step = Tally.from_state(state)
        step.deal_next()
        state = json.loads(json.dumps(step.state()))
    return Tally.from_state(state)


@pytest.fixture
def small_chunks(monkeypatch):
    """Chunks of 7 shoes, so that a small run is dealt in several."""
    monkeypatch.setattr(simulation, "CHUNK", 7)


def test_a_run_carried_through_its_state_is_the_run_dealt_at_once(small_chunks):
    at_once = Tally(6, 41, 30, EVERY).run()
    assert at_once.chunks == 5 and at_once.chunks_done == 5
    through_json = stepped(Tally(6, 41, 30, EVERY))
    assert without_seconds(through_json.answer()) == without_seconds(at_once.answer())
    assert without_seconds(through_json.state()) == without_seconds(at_once.state())
    assert through_json.samples == at_once.samples and len(at_once.samples) == 3


def test_the_same_with_the_real_chunks():
    shoes = 2 * simulation.CHUNK + 3
    at_once = Tally(1, -8, shoes, ("flat_banker", "martingale")).run()
    assert at_once.chunks == 3 and at_once.shoes == shoes
    stepwise = stepped(Tally(1, -8, shoes, ("flat_banker", "martingale")))
    assert without_seconds(stepwise.answer()) == without_seconds(at_once.answer())


def test_a_state_is_a_snapshot():
    """What state() returns, and what from_state() was given, stay as they were while the
    run goes on (the lab may keep a state while dealing the next chunk from it)."""
    tally = Tally(8, 3, simulation.CHUNK + 1, EVERY)
    tally.deal_next()
    state = tally.state()
    kept = json.loads(json.dumps(state))
    tally.deal_next()
    assert json.loads(json.dumps(state)) == kept
    again = Tally.from_state(state)
    again.deal_next()
    assert json.loads(json.dumps(state)) == kept


def test_same_seed_same_answer_other_seeds_other_answers():
    answers = {
        seed: without_seconds(Tally(8, seed, 200, EVERY).run().answer())
        for seed in (5, -5, 6, 2**63)
    }
    assert answers[5] == without_seconds(Tally(8, 5, 200, EVERY).run().answer())
    different = [answers[s]["counts"] for s in (5, -5, 6, 2**63)]
    assert len({json.dumps(c) for c in different}) == 4


def plain_run(decks, seed, shoes, systems):
    """The whole run done the plain way: the same shuffles, dealt with resolve(), read with
    scoreboard(), the systems played one hand at a time."""
    letters = []
    for index, size in enumerate(simulation.chunks(shoes)):
        cards = simulation.shuffled(decks, size, seed, index)
        letters += [deal_shoe(row).letters for row in cards]
    boards = [scoreboard(s) for s in letters]
    longest = Counter(max((len(c) for c in b.columns), default=0) for b in boards)
    marks = {road: Counter(m.color for b in boards for m in b.derived[road].marks)
             for road in ROADS}  # fmt: skip
    hands = "".join(letters)
    strategies, paths = {}, {}
    for name in systems:
        sessions = [play(name, s) for s in letters]
        stakes = [x for p in sessions for x in p.stakes if x]
        net = [n for p in sessions for n, x in zip(p.net, p.stakes, strict=True) if x]
        staked, won = list(accumulate(stakes)), list(accumulate(net))
        strategies[name] = {
            "bets": len(stakes),
            "staked": sum(stakes),
            "net_units": float(sum(net)),
            "per_unit_staked": float(sum(net) / sum(stakes)) if stakes else 0.0,
        }
        if name in PROGRESSIONS:
            strategies[name]["risk_of_ruin"] = sum(p.ruined for p in sessions) / shoes
        paths[name] = [[int(m), float(won[m - 1]), staked[m - 1]]
                       for m in MILESTONES if m <= len(stakes)]  # fmt: skip
    return letters, {
        "shoes": shoes,
        "hands": len(hands),
        "counts": {"banker": hands.count("B"), "player": hands.count("P"),
                   "tie": hands.count("T")},
        "histogram": {str(n): k for n, k in longest.items() if n >= 1},
        "dragons": {str(n): sum(k for m, k in longest.items() if m >= n) for n in DRAGONS},
        "derived": {road: {"red": c["red"], "blue": c["blue"]} for road, c in marks.items()},
        "strategies": strategies,
    }, paths  # fmt: skip


@pytest.mark.parametrize("decks, seed", [(1, 77), (8, -2)])
def test_a_small_run_is_what_the_plain_way_deals_and_counts(small_chunks, decks, seed):
    shoes = 23
    tally = Tally(decks, seed, shoes, EVERY).run()
    answer = tally.answer()
    letters, plain, paths = plain_run(decks, seed, shoes, EVERY)
    assert tally.samples == letters[:3]
    for key in ("shoes", "hands", "counts", "derived"):
        assert answer[key] == plain[key], key
    histogram = answer["longest_streak"]["histogram"]
    assert {n: k for n, k in histogram.items() if k} == plain["histogram"]
    assert answer["longest_streak"]["dragons"] == plain["dragons"]
    assert answer["seed"] == seed and answer["decks"] == decks
    assert answer["procedure"] == simulation.procedure(decks)
    for name in EVERY:
        mine, theirs = answer["strategies"][name], plain["strategies"][name]
        assert mine.keys() - {"house_edge"} == theirs.keys()
        assert mine == pytest.approx({**theirs, "house_edge": mine["house_edge"]}, abs=1e-9)
        assert np.allclose(tally.played[name].path, paths[name], rtol=0, atol=1e-9)


def test_shares_expected_and_house_edges_are_the_exact_odds():
    tally = Tally(2, 1, 50, ("flat_banker", "flat_player", "follow_the_streak")).run()
    answer, exact = tally.answer(), odds_of_decks(2)
    assert sum(answer["counts"].values()) == answer["hands"]
    assert sum(answer["share"].values()) == pytest.approx(1)
    for name in ("banker", "player", "tie"):
        p = exact.p(name)
        half = 1.959963984540054 * math.sqrt(p * (1 - p) / answer["hands"])
        assert answer["expected"][name] == pytest.approx({"p": p, "low": p - half,
                                                          "high": p + half})  # fmt: skip
    edge = {side: float(exact.edges[side].per_unit) for side in ("banker", "player")}
    strategies = answer["strategies"]
    assert strategies["flat_banker"]["house_edge"] == pytest.approx(edge["banker"])
    assert strategies["flat_player"]["house_edge"] == pytest.approx(edge["player"])
    follow = tally.played["follow_the_streak"]
    assert follow.staked_banker + follow.staked_player == follow.staked
    assert strategies["follow_the_streak"]["house_edge"] == pytest.approx(
        (follow.staked_banker * edge["banker"] + follow.staked_player * edge["player"])
        / follow.staked
    )


# chi-square with 2 degrees of freedom: P(X > x) = exp(-x / 2), so the 0.001 point is
# -2 ln 0.001 = 13.8155...
ALPHA = 0.001
CHI2_2DF = -2 * math.log(ALPHA)
Z = 4.0


def test_a_large_run_agrees_with_the_exact_odds():
    """20,000 eight-deck shoes (about 1.6 million hands), seed fixed so the test is the same
    every time. Who won: a chi-square goodness-of-fit test of the three counts against the
    exact off-the-top odds (2 degrees of freedom), which a correct engine fails with
    probability ALPHA = 0.001 over seeds; this seed passes. Each flat system's net per unit
    staked: within Z = 4 standard errors (about 6e-5 two-sided for a normal) of minus its
    house edge, the standard error from the exact win/loss/push chances of the sides it
    bet, hands taken as independent (within a shoe they are, very slightly, not)."""
    tally = Tally(8, 20260517, 20_000, FLAT).run()
    exact = odds_of_decks(8)
    counts = {"banker": tally.banker, "player": tally.player, "tie": tally.tie}
    expected = {name: tally.hands * exact.p(name) for name in counts}
    chi2 = sum((counts[n] - expected[n]) ** 2 / expected[n] for n in counts)
    assert 1_500_000 < tally.hands < 1_700_000
    assert chi2 < CHI2_2DF, (chi2, counts, expected)

    b, p = exact.p("banker"), exact.p("player")
    square = {"banker": 0.95**2 * b + p, "player": p + b}  # E[net^2] of one unit bet
    for name in FLAT:
        system = tally.played[name]
        edge = tally.house_edge(name)
        mean_square = (system.staked_banker * square["banker"]
                       + system.staked_player * square["player"]) / system.staked  # fmt: skip
        error = math.sqrt((mean_square - edge**2) / system.staked)
        per_unit = tally.answer()["strategies"][name]["per_unit_staked"]
        assert abs(per_unit + edge) < Z * error, (name, per_unit, -edge, error)
        assert system.bets > 300_000


@pytest.mark.parametrize("limit", [100, 20])
def test_restarts_and_what_the_ruined_lost_are_the_plain_ways(small_chunks, limit):
    """A broken progression starts again at one unit: the run counts every restart, and keeps
    what the ruined shoes lost apart from what the others ended on, each shoe's result from
    the plain way's money, so a restart cannot hide a ruin."""
    tally = Tally(8, 12, 40, PROGRESSIONS, limit=limit).run()
    letters, _, _ = plain_run(8, 12, 40, PROGRESSIONS)
    for name in PROGRESSIONS:
        sessions = [play(name, s, limit=limit) for s in letters]
        ended = [float(p.money[-1] - 100) for p in sessions]
        tallied = tally.played[name]
        assert tallied.restarts == sum(p.restarts for p in sessions)
        ruined = [e for e, p in zip(ended, sessions, strict=True) if p.ruined]
        assert tallied.ruined == len(ruined)
        assert tallied.ruined_net == pytest.approx(sum(ruined), abs=1e-9)
        assert tallied.ruined_net + tallied.other_net == pytest.approx(tallied.net, abs=1e-6)
        assert (tallied.worst_shoe, tallied.best_shoe) == pytest.approx((min(ended), max(ended)))
    assert tally.played["martingale"].restarts > 0
