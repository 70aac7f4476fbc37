"""Where the lab's pictures put things: the geometry of the SVG charts drawn by
templates/lab/charts.html, in user units of a viewBox 360 wide (about a pixel each on a
phone; the charts scale to any width). The numbers come from the run (baccarat.simulation.chance)
and the sentences' module (baccarat.teaching.lab_text); this module only places them.
"""

from __future__ import annotations

import math

from django.utils.translation import get_language, pgettext

from baccarat.teaching.lab_text import DerivedRow, margin

WIDTH = 360
LEFT, RIGHT = 8, 352


def minus(text: str) -> str:
    return text.replace("-", "−")


def pct(x: float, places: int = 2) -> str:
    return minus(f"{x * 100:.{places}f}%")


# --- Banker, Player and Tie against their 95% ranges -----------------------------------------

ROW = 64


def interval_chart(shares: dict, expected: dict) -> dict:
    """One row per outcome, each on its own scale centred on the exact probability: the
    95% range as a band, the exact chance as a line, the share dealt as a diamond."""
    rows = []
    names = (
        ("banker", pgettext("the result of a hand", "Banker")),
        ("player", pgettext("the result of a hand", "Player")),
        ("tie", pgettext("the result of a hand", "Tie")),
    )
    for index, (key, name) in enumerate(names):
        exact = expected[key]
        p, low, high, seen = exact["p"], exact["low"], exact["high"], shares[key]
        half = max(high - p, 1e-9)
        span = max(2 * half, abs(seen - p) * 1.25)

        def x(value, p=p, span=span):
            return LEFT + 20 + (value - (p - span)) / (2 * span) * (RIGHT - LEFT - 40)

        top = index * ROW
        rows.append(
            {
                "key": key,
                "name": name,
                "label_y": top + 14,
                "band_x": f"{x(low):.1f}",
                "band_width": f"{x(high) - x(low):.1f}",
                "band_y": top + 22,
                "exact_x": f"{x(p):.1f}",
                "seen_x": f"{x(seen):.1f}",
                # A diamond: not a colour alone, and unlike the band's rectangle.
                "seen_path": f"M{x(seen):.1f} {top + 21} l9 9 l-9 9 l-9 -9 z",
                "axis_y": top + 30,
                "exact_top": top + 18,
                "exact_bottom": top + 42,
                "tick_y": top + 54,
                "low_x": f"{x(low):.1f}",
                "high_x": f"{x(high):.1f}",
                "seen": pct(seen),
                "p": pct(p),
                "low": pct(low),
                "high": pct(high),
                "inside": low <= seen <= high,
            }
        )
    return {"rows": rows, "height": ROW * 3, "left": LEFT, "right": RIGHT}


# --- histograms: the longest streak in a shoe -------------------------------------------------

PLOT_TOP, PLOT_BOTTOM = 40, 160
TOP_BAR = 20  # streaks of 20 and more share the last bar


def histogram(counts: dict[int, int], dragon: int = 8, mark: int | None = None) -> dict:
    """Bars for shoes by their longest streak (`counts`: streak -> shoes), streaks of
    `dragon` or more drawn hatched; `mark`, a learner's own streak, outlined and named."""
    seen = [n for n, count in counts.items() if count and n >= 1]
    last = min(max([*seen, 12, mark or 0]), TOP_BAR)
    merged = {n: counts.get(n, 0) for n in range(1, last + 1)}
    beyond = sum(count for n, count in counts.items() if n > last)
    merged[last] += beyond
    if mark is not None:
        mark = min(mark, last)
    total = sum(merged.values()) or 1
    tallest = max(merged.values()) or 1
    step = (RIGHT - 30) / len(merged)
    bars = []
    for i, (n, count) in enumerate(merged.items()):
        height = (PLOT_BOTTOM - PLOT_TOP) * count / tallest
        x = 30 + i * step
        bars.append(
            {
                "n": n,
                "label": f"{n}+" if n == last and beyond else str(n),
                "count": count,
                "share": pct(count / total, 1),
                "x": f"{x + 1:.1f}",
                "width": f"{step - 2:.1f}",
                "y": f"{PLOT_BOTTOM - height:.1f}",
                "height": f"{height:.1f}",
                "mid": f"{x + step / 2:.1f}",
                "dragon": n >= dragon,
                "mark": n == mark,
            }
        )
    first_dragon = next((b for b in bars if b["dragon"]), None)
    return {
        "bars": bars,
        "top": PLOT_TOP,
        "bottom": PLOT_BOTTOM,
        "label_y": PLOT_BOTTOM + 15,
        "title_y": PLOT_BOTTOM + 34,
        "height": PLOT_BOTTOM + 40,
        "tallest": pct(tallest / total, 1),
        "dragon_x": first_dragon["x"] if first_dragon else None,
        "dragon": dragon,
        "marked": next((b for b in bars if b["mark"]), None),
    }


# --- the derived roads' red share ------------------------------------------------------------


def red_share_chart(rows: list[DerivedRow]) -> dict:
    bars = []
    length = RIGHT - LEFT
    for i, row in enumerate(rows):
        red = row["red_share"] * length
        bars.append(
            {
                **row,
                "y": 20 + i * 46,
                "label_y": 14 + i * 46,
                "text_y": 33 + i * 46,
                "red_width": f"{red:.1f}",
                "blue_x": f"{LEFT + red:.1f}",
                "blue_width": f"{length - red:.1f}",
                "red_text": pct(row["red_share"], 1),
                "blue_text": pct(1 - row["red_share"], 1) if row["marks"] else pct(0, 1),
            }
        )
    return {"bars": bars, "height": 20 + len(rows) * 46, "half_x": LEFT + length / 2}


# --- convergence: result per unit staked against bets made -----------------------------------

PLOT_LEFT, PLOT_RIGHT = 38, 352
CHART_TOP, CHART_BOTTOM = 30, 150  # a legend above
FROM_BETS = 100  # with more bets than ten times this, the line starts here: see below


def nice_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round tick values from at or below `low` to at or above `high`: steps of 1, 2 or 5
    times a power of ten, at most about `most` of them."""
    span = max(high - low, 1e-9)
    raw = span / (most - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step + 1e-9)
    # The allowance for rounding must not leave the data outside: a low a hair below a tick
    # far from zero (-0.00001 on a scale of 200,000s) gets the tick below it.
    if first * step > low:
        first -= 1
    last = max(math.ceil(high / step - 1e-9), first + 1)  # an axis needs two ends
    if last * step < high:
        last += 1
    return [round(k * step, 12) for k in range(first, last + 1)]


def anchor(x: float) -> str:
    """A tick's label at the right edge ends there, so it stays inside the picture."""
    return "end" if x > PLOT_RIGHT - 12 else "middle"


def convergence_chart(tally, name: str, edge: float) -> dict:
    """Net units per unit staked after 1, 2, 3, 5, 10, … bets (log scale), the house edge's
    line, and for a flat system the band chance allows around it 95 times in 100. The
    vertical axis fits every point drawn, band included: nothing is cut off. The first bets
    swing by whole units, which would flatten the rest, so a system with over ten times
    FROM_BETS bets is drawn from its FROM_BETS-th (the table has every point)."""
    tallied = tally.played[name]
    points = [tuple(p) for p in tallied.path]
    if tallied.bets and (not points or points[-1][0] != tallied.bets):
        points.append((tallied.bets, tallied.net, tallied.staked))
    start = FROM_BETS if tallied.bets >= 10 * FROM_BETS else 1
    drawn = [p for p in points if p[0] >= start and p[2]]
    most = max(10 * start, tallied.bets)
    first_decade = round(math.log10(start))
    decades = max(1, math.ceil(math.log10(most)) - first_decade)

    flat = margin(tally, name, 1) is not None
    upper = [(b, -edge + (margin(tally, name, b) or 0.0)) for b, _n, _s in drawn] if flat else []
    lower = [(b, -edge - (margin(tally, name, b) or 0.0)) for b, _n, _s in drawn] if flat else []
    values = [-edge, 0.0] + [net / staked for _b, net, staked in drawn]
    values += [v for _b, v in upper + lower]
    levels_at = nice_ticks(min(values) * 100, max(values) * 100)
    y_low, y_high = levels_at[0] / 100, levels_at[-1] / 100

    def x(bets):
        return PLOT_LEFT + (math.log10(max(bets, 1)) - first_decade) / decades * (
            PLOT_RIGHT - PLOT_LEFT
        )

    def y(value):
        return CHART_TOP + (y_high - value) / (y_high - y_low) * (CHART_BOTTOM - CHART_TOP)

    line = " ".join(f"{x(b):.1f},{y(net / staked):.1f}" for b, net, staked in drawn)
    band = None
    if flat and drawn:
        band = " ".join(f"{x(b):.1f},{y(v):.1f}" for b, v in upper + lower[::-1])
    ticks = [
        {"x": f"{x(10**k):.1f}", "label": short_count(10**k), "anchor": anchor(x(10**k))}
        for k in range(first_decade, first_decade + decades + 1)
    ]
    levels = [
        {
            "y": f"{y(v / 100):.1f}",
            "text_y": f"{y(v / 100) + 4:.1f}",
            "label": minus(f"{v:+g}") if v else "0",
            "zero": v == 0,
        }
        for v in levels_at
    ]
    rows = [
        {
            "bets": f"{b:,}",
            "net": minus(f"{net:,.2f}"),
            "staked": f"{staked:,.0f}",
            "per_hundred": minus(f"{net / staked * 100:+.2f}") if staked else "",
        }
        for b, net, staked in points
    ]
    return {
        "key": name,
        "start": f"{start:,}",
        "line": line,
        "band": band,
        "edge_y": f"{y(-edge):.1f}",
        "tick_y": CHART_BOTTOM + 15,
        "tick_end": CHART_BOTTOM + 4,
        "title_y": CHART_BOTTOM + 32,
        "plot_width": PLOT_RIGHT - PLOT_LEFT,
        "plot_height": CHART_BOTTOM - CHART_TOP,
        "edge_label": minus(f"{-edge * 100:.2f}"),
        "ticks": ticks,
        "levels": levels,
        "left": PLOT_LEFT,
        "right": PLOT_RIGHT,
        "top": CHART_TOP,
        "bottom": CHART_BOTTOM,
        "height": CHART_BOTTOM + 38,
        "rows": rows,
        "last": rows[-1] if rows else None,
    }


def short_count(n: int) -> str:
    """ "10k" for 10,000 on an axis; in Chinese, which counts in 萬 rather than thousands,
    the number in full ("10,000")."""
    if (get_language() or "").startswith("zh"):
        return f"{n:,}"
    for size, suffix in ((1_000_000, "M"), (1_000, "k")):
        if n >= size:
            return f"{n // size}{suffix}"
    return str(n)


# --- a progression's bankroll over the shoe -------------------------------------------------

BANK_LEFT = 52  # room for the units at left


def bankroll_chart(tally, name: str) -> dict | None:
    """The bankroll after so many hands of a shoe: the band the middle 90% of shoes held
    (5th to 95th percentile), their median, and the starting bankroll (baccarat.simulation
    .chance.Tally.band). Both axes fit the data, nothing cut off, with labelled ticks."""
    rows = tally.band(name)
    if len(rows) < 2:
        return None
    x_high = rows[-1][0]
    hands_at = [h for h in nice_ticks(0, x_high, 6) if h <= x_high]
    units_at = nice_ticks(min(0, *(r[1] for r in rows)), max(tally.bankroll, *(r[3] for r in rows)))
    y_low, y_high = units_at[0], units_at[-1]

    def x(hands):
        return BANK_LEFT + hands / x_high * (PLOT_RIGHT - BANK_LEFT)

    def y(units):
        return CHART_TOP + (y_high - units) / (y_high - y_low) * (CHART_BOTTOM - CHART_TOP)

    upper = [f"{x(h):.1f},{y(high):.1f}" for h, _low, _mid, high in rows]
    lower = [f"{x(h):.1f},{y(low):.1f}" for h, low, _mid, _high in reversed(rows)]
    return {
        "key": name,
        "band": " ".join(upper + lower),
        "median": " ".join(f"{x(h):.1f},{y(mid):.1f}" for h, _low, mid, _high in rows),
        "start_y": f"{y(tally.bankroll):.1f}",
        "zero_y": f"{y(0):.1f}",
        "ticks": [{"x": f"{x(h):.1f}", "label": f"{h:,.0f}"} for h in hands_at],
        "levels": [
            {"y": f"{y(v):.1f}", "text_y": f"{y(v) + 4:.1f}", "label": minus(f"{v:,.0f}")}
            for v in units_at
        ],
        "left": BANK_LEFT,
        "right": PLOT_RIGHT,
        "top": CHART_TOP,
        "bottom": CHART_BOTTOM,
        "tick_end": CHART_BOTTOM + 4,
        "tick_y": CHART_BOTTOM + 15,
        "title_y": CHART_BOTTOM + 32,
        "height": CHART_BOTTOM + 38,
        "rows": [
            {
                "hands": h,
                "low": f"{low:,}",
                "median": f"{mid:,}",
                "high": f"{high:,}",
            }
            for h, low, mid, high in rows
        ],
    }
