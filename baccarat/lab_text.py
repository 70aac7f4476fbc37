"""What the simulation lab says about a run (baccarat.chance.Tally), in sentences with their
numbers, and the few figures those sentences rest on (chance's margin around a system's
house edge). The lab's pages only present these.

A statistics teacher's reading: every share is set against its exact probability and the
range a run of this size lands in 95 times in 100; every streak is a frequency ("1 shoe in
N"), never a forecast; every system is set against the house edge of the bets it made.
"""

from __future__ import annotations

import math

from baccarat.chance import DRAGONS, ROADS, Z95, Tally
from baccarat.odds import odds_of_decks
from baccarat.roads import ROAD_NAMES
from baccarat.systems import BANKER_PAYS, PROGRESSIONS, SYSTEMS

PURPOSE = (
    "The scoreboard roads predict nothing. Here chance deals whole shoes by the real rules, "
    "so you can see the patterns it makes by itself, and how every betting system ends."
)
NOTHING_PREDICTED = (
    "Every hand here was dealt from the cards left in its shoe; the roads, streaks and "
    "systems had no say in it, as they have none at a real table."
)
OUTCOME_WORDS = {"banker": "Banker won", "player": "Player won", "tie": "Ties were"}


def system_name(name: str) -> str:
    """ "Flat Banker", "Martingale": the name before the description's colon."""
    return SYSTEMS[name].split(":", 1)[0]


def system_rule(name: str) -> str:
    """What the system bets, after the colon."""
    return SYSTEMS[name].split(":", 1)[1].strip()


def plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def one_in(count: int, total: int) -> str | None:
    """ "2.2", "32": how many shoes there are to one with it (None: none had it)."""
    if not count:
        return None
    n = total / count
    return f"{n:,.1f}" if n < 10 else f"{n:,.0f}"


def per_hundred(x: float) -> str:
    """-0.0093 -> "−0.93": units won per 100 staked, with a real minus sign."""
    return f"{x * 100:+.2f}".replace("-", "−")


def run_summary(tally: Tally) -> str:
    decks = plural(tally.decks, "deck")
    return (
        f"{plural(tally.shoes, 'shoe')} of {decks}, seed {tally.seed}: "
        f"{plural(tally.hands, 'hand')} in all, about {tally.hands / max(tally.shoes, 1):.0f} "
        "a shoe."
    )


# --- Banker, Player and Tie -----------------------------------------------------------------


def share_sentences(tally: Tally) -> list[str]:
    counts = {"banker": tally.banker, "player": tally.player, "tie": tally.tie}
    shares, expected = tally.shares(), tally.expected()
    sentences = []
    for name, count in counts.items():
        exact = expected[name]
        inside = exact["low"] <= shares[name] <= exact["high"]
        where = "inside it" if inside else "outside it, as 1 run in 20 is by chance alone"
        sentences.append(
            f"{OUTCOME_WORDS[name]} {count:,} of {tally.hands:,} hands ({shares[name]:.2%}). "
            f"The exact chance is {exact['p']:.2%}, and a run of this many hands lands "
            f"between {exact['low']:.2%} and {exact['high']:.2%} 95 times in 100: {where}."
        )
    return sentences


def share_point(tally: Tally) -> str:
    return (
        "The more hands, the narrower the range: deal ten times as many shoes and it "
        "shrinks to about a third. Banker wins a little more often than Player because of "
        "the drawing rules, which is why its wins pay 0.95."
    )


# --- the longest streak in a shoe ----------------------------------------------------------


def typical_longest(tally: Tally) -> tuple[int, int]:
    """(the most common longest streak, the median one)."""
    counts = tally.longest
    most = max(range(len(counts)), key=lambda n: counts[n]) if counts else 0
    half, seen, median = tally.shoes / 2, 0, 0
    for n, count in enumerate(counts):
        seen += count
        if seen >= half:
            median = n
            break
    return most, median


def streak_sentences(tally: Tally) -> list[str]:
    most, median = typical_longest(tally)
    shoes = tally.shoes
    dragons = tally.dragons()
    parts = []
    for n in DRAGONS:
        count = dragons[n]
        ratio = one_in(count, shoes)
        parts.append(
            f"{n} or more in {count:,} (1 shoe in {ratio})"
            if ratio
            else f"{n} or more in none of them"
        )
    return [
        f"The longest Big Road streak of a shoe was most often {most}, and half the shoes "
        f"had one of {median} or more.",
        f"A dragon of {parts[0]}; of {parts[1]}; of {parts[2]}.",
        "A long streak is what chance deals in a shoe of some eighty hands, not a sign of "
        "what comes next: the hand after a dragon is dealt from the cards left, as any other.",
    ]


# --- the derived roads ----------------------------------------------------------------------


def derived_rows(tally: Tally) -> list[dict]:
    rows = []
    for road in ROADS:
        red, blue = tally.derived[road]
        marks = red + blue
        rows.append(
            {
                "key": road,
                "name": ROAD_NAMES[road],
                "red": red,
                "blue": blue,
                "marks": marks,
                "red_share": red / marks if marks else 0.0,
            }
        )
    return rows


def derived_sentences(tally: Tally) -> list[str]:
    rows = derived_rows(tally)
    each = "; ".join(
        f"{row['name']} {row['red']:,} red of {row['marks']:,} marks ({row['red_share']:.1%})"
        for row in rows
    )
    return [
        f"Red marks: {each}.",
        "About half of every derived road is red: red says only that the Big Road repeated "
        "its shape, and chance repeats a shape about as often as it breaks one.",
    ]


# --- systems against chance -----------------------------------------------------------------


def spread(tally: Tally, name: str) -> float | None:
    """The standard deviation of one unit's result on the bets a flat system made (Banker
    and Player weighted by the units staked on each); None for a progression, whose
    stakes change with the hands before."""
    tallied = tally.played[name]
    if name in PROGRESSIONS or not tallied.staked:
        return None
    exact = odds_of_decks(tally.decks)
    p_banker, p_player = exact.p("banker"), exact.p("player")
    weight = tallied.staked_banker / tallied.staked
    edge = tally.house_edge(name)
    square = weight * (p_banker * BANKER_PAYS**2 + p_player) + (1 - weight) * (p_player + p_banker)
    return math.sqrt(max(square - edge**2, 0.0))


def margin(tally: Tally, name: str, bets: int) -> float | None:
    """Half the range a flat system's result per unit staked lands in around minus its
    house edge, 95 times in 100, after `bets` bets."""
    sd = spread(tally, name)
    if sd is None or bets <= 0:
        return None
    return Z95 * sd / math.sqrt(bets)


def system_rows(tally: Tally) -> list[dict]:
    """Per system: its figures, and whether its result is inside chance's margin."""
    answer = tally.answer()["strategies"]
    rows = []
    for name, figures in answer.items():
        edge = figures["house_edge"]
        half = margin(tally, name, figures["bets"])
        result = figures["per_unit_staked"]
        rows.append(
            {
                "key": name,
                "name": system_name(name),
                "rule": system_rule(name),
                "bets": figures["bets"],
                "staked": figures["staked"],
                "net": figures["net_units"],
                "per_unit": result,
                "edge": edge,
                "margin": half,
                "inside": None if half is None else abs(result + edge) <= half,
                "progression": name in PROGRESSIONS,
                "ruined": tally.played[name].ruined,
                "risk_of_ruin": figures.get("risk_of_ruin"),
            }
        )
    return rows


def ruin_words(row: dict, tally: Tally) -> str:
    if not row["ruined"]:
        return f"It was ruined (less than one unit left) in none of the {tally.shoes:,} shoes"
    return (
        f"It was ruined (less than one unit left) in {plural(row['ruined'], 'shoe')} of "
        f"{tally.shoes:,} ({row['risk_of_ruin']:.1%}, 1 shoe in "
        f"{one_in(row['ruined'], tally.shoes)})"
    )


def systems_sentences(tally: Tally) -> list[str]:
    rows = [row for row in system_rows(tally) if row["bets"]]
    if not rows:
        return ["No system made a bet in this run."]
    results = [row["per_unit"] for row in rows]
    edges = [row["edge"] for row in rows]
    sentences = [
        f"Per 100 units staked, the {plural(len(rows), 'system')} ended between "
        f"{per_hundred(min(results))} and {per_hundred(max(results))} units; the exact "
        f"house edge of the bets each made costs between {min(edges) * 100:.2f} and "
        f"{max(edges) * 100:.2f} per 100.",
    ]
    flat = [row for row in rows if row["margin"] is not None]
    if flat:
        outside = [row["name"] for row in flat if not row["inside"]]
        widest = max(row["margin"] for row in flat)
        verdict = (
            f"all {len(flat)} flat systems landed inside it"
            if not outside
            else f"{', '.join(outside)} landed outside it, as 1 result in 20 does by chance"
        )
        sentences.append(
            f"Chance alone moves a flat system's result by up to about {widest * 100:.2f} per "
            f"100 staked either side of its house edge at this many bets (95 times in 100): "
            f"{verdict}."
        )
    for row in rows:
        if row["progression"]:
            sentences.append(
                f"{row['name']} staked {row['staked']:,.0f} units on {row['bets']:,} bets and "
                f"ended {per_hundred(row['per_unit'])} per 100 staked: more units at stake, "
                f"not better ones. {ruin_words(row, tally)}, starting each shoe with "
                f"{tally.bankroll:,} units under a {tally.limit:,}-unit table limit. Its "
                "result swings far more than a flat bet's: the few shoes where its stakes grew "
                "and lost weigh as much as all the rest."
            )
    sentences.append(
        "None of them can change what a bet is worth, since each decides from the board and "
        "never sees the cards: the more it bets, the closer its loss per unit staked comes "
        "to the house edge of the bets it makes. Deal more shoes and watch the gap close."
    )
    return sentences
