"""The statistics across your shoes (/tracker/stats/): the filtered shoes' counts added up
in the tracker's stats panel (scoreboard/stats_panel.html) with what only a set of shoes has
(baccarat.roads.many_shoes.Totals), each shoe's own figures, and your shoes against chance's
(baccarat.simulation.many_against_chance), drawn as the lab draws (an inline SVG 360 wide,
its numbers in a table beside it).
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from baccarat.roads.many_shoes import Totals
from baccarat.simulation.many_against_chance import (
    MOST_RUN,
    SHARE_STEP,
    Distribution,
    about_chance,
    place_all,
)
from lab.charts import pct
from scoreboard.stats_panel import stats_panel_context
from tracker.archive import ArchiveFilter, filtered, summaries

LEFT, RIGHT = 34, 352
TOP, BOTTOM = 30, 150
FEWEST_RUNS = 12  # the run chart shows at least runs 1 to this


def across(totals: Totals) -> list[dict]:
    """What only a set of shoes has, beside their counts in the stats panel."""
    return [
        {"name": _("Shoes"), "count": f"{totals.shoes:,}"},
        {"name": _("Hands per shoe, on average"), "count": f"{totals.hands_per_shoe:,.1f}"},
        {
            "name": _("Longest run per shoe, the middle shoe's"),
            "count": f"{totals.median_longest:,.1f}",
        },
    ]


def chart(distribution: Distribution, keys: list[int], labels: list[str], yours: int) -> dict:
    """Chance's share of shoes at each key as a bar, your shoes' share as a diamond above it
    (and a count under it): both on one scale, so a diamond above its bar is more of your
    shoes there than chance's share."""
    index = {key: i for i, key in enumerate(distribution.keys)}
    chance = [distribution.chance[index[key]] for key in keys]
    mine = [distribution.yours[index[key]] for key in keys]
    shares = [count / yours if yours else 0.0 for count in mine]
    tallest = max([*chance, *shares, 1e-9])
    step = (RIGHT - LEFT) / len(keys)
    bars = []
    for i, key in enumerate(keys):
        x = LEFT + i * step
        height = (BOTTOM - TOP) * chance[i] / tallest
        mine_y = BOTTOM - (BOTTOM - TOP) * shares[i] / tallest
        bars.append(
            {
                "key": key,
                "label": labels[i],
                "x": f"{x + 1:.1f}",
                "width": f"{step - 2:.1f}",
                "y": f"{BOTTOM - height:.1f}",
                "height": f"{height:.1f}",
                "mid": f"{x + step / 2:.1f}",
                "chance": pct(chance[i], 1),
                "expected": f"{chance[i] * yours:,.1f}",
                "yours": mine[i],
                "your_share": pct(shares[i], 1),
                "diamond": f"M{x + step / 2:.1f} {mine_y - 5:.1f} l5 5 l-5 5 l-5 -5 z"
                if mine[i]
                else None,
            }
        )
    return {
        "bars": bars,
        "top": TOP,
        "bottom": BOTTOM,
        "label_y": BOTTOM + 13,
        "key_y": BOTTOM + 27,
        "title_y": BOTTOM + 43,
        "height": BOTTOM + 48,
        "tallest": pct(tallest, 1),
        "left": LEFT - 2,
        "right": RIGHT,
    }


def run_chart(distribution: Distribution, yours: int) -> dict:
    seen = [
        k
        for k in distribution.keys
        if k and (distribution.yours[k] or distribution.chance[k] > 0.001)
    ]
    last = min(max([FEWEST_RUNS, *seen]), MOST_RUN)
    keys = list(range(1, last + 1))
    labels = [f"{k}+" if k == MOST_RUN else str(k) for k in keys]
    return chart(distribution, keys, labels, yours)


def share_chart(distribution: Distribution, yours: int) -> dict:
    used = [
        k
        for k, chance, mine in zip(
            distribution.keys, distribution.chance, distribution.yours, strict=True
        )
        if mine or chance > 0.001
    ]
    keys = [k for k in distribution.keys if min(used) <= k <= max(used)] if used else [40, 45, 50]
    labels = [f"{k}–{k + SHARE_STEP}%" for k in keys]
    return chart(distribution, keys, labels, yours)


def percentile(value: float | None) -> str:
    if value is None:
        return _("no percentile: no hands")
    return _("percentile %(value)s") % {"value": f"{value:.0f}"}


def stats_context(request, form: ArchiveFilter) -> dict:
    shoes = list(filtered(request, form))
    summary = summaries(shoes)
    listed = [summary[shoe.pk] for shoe in shoes]
    totals = Totals.of([s.stats for s in listed])
    placement = place_all([(s, shoe.decks) for s, shoe in zip(listed, shoes, strict=True)])
    placed = len(placement.placed)
    rows = []
    # The words of each row made here: template tags for 200 rows cost more than the rest.
    shoe_url = reverse("tracker:shoe", args=[0]).removesuffix("0/")
    for shoe, s, where in zip(shoes, listed, placement.shoes, strict=True):
        rows.append(
            {
                "shoe": shoe,
                "url": f"{shoe_url}{shoe.pk}/",
                "hands": str(s.stats.hands),
                "longest": str(s.longest),
                "banker_share": pct(s.stats.share(s.stats.banker), 1),
                "run_percentile": percentile(where.longest_percentile if where else None),
                "share_percentile": percentile(where.banker_percentile if where else None),
                "outside": where is not None and not (where.ordinary_run and where.ordinary_share),
            }
        )
    return {
        "filter": form,
        "totals": totals,
        "panel": stats_panel_context(totals.stats, one_shoe=False),
        "across": across(totals),
        "rows": rows,
        "placed": placed,
        "chance_sentences": placement.sentences(),
        "about_chance": about_chance(),
        "run_chart": run_chart(placement.longest, placed) if placed else None,
        "share_chart": share_chart(placement.banker_share, placed) if placed else None,
    }
