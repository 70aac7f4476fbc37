"""The lab's progression pictures (lab/charts.py): the bankroll's band over a shoe and the
convergence lines fit their axes, nothing drawn outside the plot, and every figure the page
says about the players stopped comes from the run."""

import pytest
from html_text import text
from hypothesis import example, given, settings
from hypothesis import strategies as st

from baccarat.simulation.chance import Tally
from baccarat.simulation.systems import PROGRESSIONS, SYSTEMS
from lab.charts import bankroll_chart, convergence_chart, nice_ticks

pytestmark = pytest.mark.django_db


def coordinates(points: str) -> list[tuple[float, float]]:
    return [tuple(map(float, pair.split(","))) for pair in points.split()]


def inside(chart, points):
    for x, y in coordinates(points):
        assert chart["left"] - 0.05 <= x <= chart["right"] + 0.05, (x, chart)
        assert chart["top"] - 0.05 <= y <= chart["bottom"] + 0.05, (y, chart)


@given(low=st.floats(-1e6, 1e6), span=st.floats(0, 1e6))
@example(low=-1e-05, span=1e6)  # a low a hair below zero on a wide axis: was left out
def test_ticks_cover_the_data(low, span):
    ticks = nice_ticks(low, low + span)
    assert ticks[0] <= low + 1e-6 and ticks[-1] >= low + span - 1e-6
    assert 2 <= len(ticks) <= 12


@given(
    seed=st.integers(0, 10**6),
    decks=st.integers(1, 8),
    shoes=st.integers(2, 400),
    bankroll=st.sampled_from([1, 10, 100, 5_000]),
    limit=st.sampled_from([1, 20, 100, 10_000]),
)
@settings(max_examples=12, deadline=None)
def test_nothing_drawn_falls_outside_the_axes(seed, decks, shoes, bankroll, limit):
    tally = Tally(decks, seed, shoes, tuple(SYSTEMS), bankroll=bankroll, limit=limit).run()
    for name in PROGRESSIONS:
        chart = bankroll_chart(tally, name)
        if chart is None:
            continue
        inside(chart, chart["band"])
        inside(chart, chart["median"])
        rows = tally.band(name)
        labels = [level["label"].replace("−", "-").replace(",", "") for level in chart["levels"]]
        assert float(labels[-1]) >= max(r[3] for r in rows)  # the top tick is above the band
        assert float(labels[0]) <= min(r[1] for r in rows)  # the lowest below it
    for name in SYSTEMS:
        chart = convergence_chart(tally, name, tally.house_edge(name))
        if chart["line"]:
            inside(chart, chart["line"])
        if chart["band"]:
            inside(chart, chart["band"])
        assert all(level["label"] for level in chart["levels"])


def test_the_players_stopped_are_the_runs_own_counts(client):
    html = client.get("/lab/?shoes=600&decks=8&seed=31&limit=20").content.decode()
    tally = Tally(8, 31, 600, tuple(SYSTEMS), limit=20).run()
    page = text(html)
    for name in PROGRESSIONS:
        tallied = tally.played[name]
        assert tallied.limited > 0 or name == "one_three_two_six"
        if tallied.restarts:
            assert (
                "this lab starts the progression again at one unit: "
                f"{tallied.restarts:,} times in this run, the limit refusing a stake in "
                f"{tallied.limited:,} of the 600 shoes"
            ) in page
        else:
            assert "this lab starts the progression again at one unit; in this run" in page
        # What the ruined players lost is said apart from what the others ended on.
        ruined_net = f"{tallied.ruined_net:+,.0f}".replace("-", "−")
        other_net = f"{tallied.other_net:+,.0f}".replace("-", "−")
        if tallied.ruined > 1:
            assert (
                f"{tallied.ruined:,} of the 600 players, one a shoe starting with 100 units, lost "
                f"the bankroll (less than one unit left), ending {ruined_net} units between "
                f"them; the other {600 - tallied.ruined:,} together ended {other_net}."
            ) in page
        # Under each progression's result, what this run measured of its shoes, not a
        # sentence said whatever the run.
        worst = f"{tallied.worst_shoe:+,.0f}".replace("-", "−")
        best = f"{tallied.best_shoe:+,.0f}".replace("-", "−")
        assert f"Its shoes ended between {worst} and {best} units each" in page
        low = tally.band(name)[-1]
        assert f"held between {low[1]:,} and {low[3]:,} units" in page
    assert "swings far more" not in page
