"""What the simulation lab says about a run (baccarat.simulation.chance.Tally), in sentences with
their numbers, and the few figures those sentences rest on (chance's margin around a system's
house edge). The lab's pages only present these.

A statistics teacher's reading: every share is set against its exact probability and the
range a run of this size lands in 95 times in 100; every streak is a frequency ("1 shoe in
N"), never a forecast; every system is set against the house edge of the bets it made.
"""

from __future__ import annotations

import math
import re
from typing import TypedDict

from baccarat.odds.exact import odds_of_decks
from baccarat.roads.scoreboard import road_name
from baccarat.simulation.chance import DRAGONS, ROADS, Z95, Tally
from baccarat.simulation.systems import BANKER_PAYS, PROGRESSIONS, SYSTEMS
from baccarat.translation import _, gettext_noop, pgettext

# English, marked for translation: the lab's pages show them with _(...).
PURPOSE = gettext_noop(
    "The scoreboard roads predict nothing. Here chance deals whole shoes by the real rules, "
    "so you can see the patterns it makes by itself, and how every betting system ends."
)
NOTHING_PREDICTED = gettext_noop(
    "Every hand here was dealt from the cards left in its shoe; the roads, streaks and "
    "systems had no say in it, as they have none at a real table."
)


def _system(name: str) -> list[str]:
    """A system's description in the active language, cut at its first colon (a
    translation may write a full-width one)."""
    return re.split(r"\s*[:：]\s*", _(SYSTEMS[name]), maxsplit=1)


def system_name(name: str) -> str:
    """ "Flat Banker", "Martingale": the name before the description's colon."""
    return _system(name)[0]


def system_rule(name: str) -> str:
    """What the system bets, after the colon."""
    return _system(name)[1].strip()


def _clauses(parts: list[str]) -> str:
    """Clauses one after another: "a; b; c"."""
    return pgettext("between the clauses of a sentence", "; ").join(parts)


def one_in(count: int, total: int) -> str | None:
    """ "2.2", "32": how many shoes there are to one with it (None: none had it)."""
    if not count:
        return None
    n = total / count
    return f"{n:,.1f}" if n < 10 else f"{n:,.0f}"


def units(x: float) -> str:
    """-3689.5 -> "−3,690": whole units, signed, with a real minus."""
    return f"{x:+,.0f}".replace("-", "−")


def per_hundred(x: float) -> str:
    """-0.0093 -> "−0.93": units won per 100 staked, with a real minus sign."""
    return f"{x * 100:+.2f}".replace("-", "−")


# The run in one sentence, keyed by (one shoe, one deck); a run has more than one hand.
_RUN_SUMMARIES = {
    (True, True): gettext_noop(
        "{shoes:,} shoe of {decks:,} deck, seed {seed}: {hands:,} hands in all, about "
        "{per_shoe:.0f} a shoe."
    ),
    (True, False): gettext_noop(
        "{shoes:,} shoe of {decks:,} decks, seed {seed}: {hands:,} hands in all, about "
        "{per_shoe:.0f} a shoe."
    ),
    (False, True): gettext_noop(
        "{shoes:,} shoes of {decks:,} deck, seed {seed}: {hands:,} hands in all, about "
        "{per_shoe:.0f} a shoe."
    ),
    (False, False): gettext_noop(
        "{shoes:,} shoes of {decks:,} decks, seed {seed}: {hands:,} hands in all, about "
        "{per_shoe:.0f} a shoe."
    ),
}


def run_summary(tally: Tally) -> str:
    return _(_RUN_SUMMARIES[tally.shoes == 1, tally.decks == 1]).format(
        shoes=tally.shoes,
        decks=tally.decks,
        seed=tally.seed,
        hands=tally.hands,
        per_shoe=tally.hands / max(tally.shoes, 1),
    )


# --- Banker, Player and Tie -----------------------------------------------------------------


# Each outcome's share against its exact chance, keyed by (outcome, inside the range).
_SHARE_SENTENCES = {
    ("banker", True): gettext_noop(
        "Banker won {count:,} of {hands:,} hands ({share:.2%}). The exact chance is {p:.2%}, "
        "and a run of this many hands lands between {low:.2%} and {high:.2%} 95 times in 100: "
        "inside it."
    ),
    ("banker", False): gettext_noop(
        "Banker won {count:,} of {hands:,} hands ({share:.2%}). The exact chance is {p:.2%}, "
        "and a run of this many hands lands between {low:.2%} and {high:.2%} 95 times in 100: "
        "outside it, as 1 run in 20 is by chance alone."
    ),
    ("player", True): gettext_noop(
        "Player won {count:,} of {hands:,} hands ({share:.2%}). The exact chance is {p:.2%}, "
        "and a run of this many hands lands between {low:.2%} and {high:.2%} 95 times in 100: "
        "inside it."
    ),
    ("player", False): gettext_noop(
        "Player won {count:,} of {hands:,} hands ({share:.2%}). The exact chance is {p:.2%}, "
        "and a run of this many hands lands between {low:.2%} and {high:.2%} 95 times in 100: "
        "outside it, as 1 run in 20 is by chance alone."
    ),
    ("tie", True): gettext_noop(
        "Ties were {count:,} of {hands:,} hands ({share:.2%}). The exact chance is {p:.2%}, "
        "and a run of this many hands lands between {low:.2%} and {high:.2%} 95 times in 100: "
        "inside it."
    ),
    ("tie", False): gettext_noop(
        "Ties were {count:,} of {hands:,} hands ({share:.2%}). The exact chance is {p:.2%}, "
        "and a run of this many hands lands between {low:.2%} and {high:.2%} 95 times in 100: "
        "outside it, as 1 run in 20 is by chance alone."
    ),
}


def share_sentences(tally: Tally) -> list[str]:
    counts = {"banker": tally.banker, "player": tally.player, "tie": tally.tie}
    shares, expected = tally.shares(), tally.expected()
    sentences = []
    for name, count in counts.items():
        exact = expected[name]
        inside = exact["low"] <= shares[name] <= exact["high"]
        sentences.append(
            _(_SHARE_SENTENCES[name, inside]).format(
                count=count,
                hands=tally.hands,
                share=shares[name],
                p=exact["p"],
                low=exact["low"],
                high=exact["high"],
            )
        )
    return sentences


def share_point(tally: Tally) -> str:
    exact = odds_of_decks(tally.decks)
    return _(
        "The more hands, the narrower the range: deal ten times as many shoes and it "
        "shrinks to about a third. Banker wins a little more often than Player because of "
        "the drawing rules (exactly {banker:.2%} of all hands against {player:.2%} from a full "
        "{decks}-deck shoe), which is why its wins pay 0.95."
    ).format(banker=exact.p("banker"), player=exact.p("player"), decks=tally.decks)


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


def reaching(tally: Tally, n: int) -> float:
    """The share of the run's shoes whose longest streak was `n` or more: as counted, since a
    median streak is reached by half the shoes or more, often far more."""
    return sum(tally.longest[n:]) / tally.shoes if tally.shoes else 0.0


def streak_sentences(tally: Tally) -> list[str]:
    most, median = typical_longest(tally)
    shoes = tally.shoes
    dragons = tally.dragons()
    parts = []
    for n in DRAGONS:
        count = dragons[n]
        ratio = one_in(count, shoes)
        part = (
            _("{n} or more in {count:,} (1 shoe in {ratio})")
            if ratio
            else _("{n} or more in none of them")
        )
        parts.append(part.format(n=n, count=count, ratio=ratio))
    return [
        _(
            "The longest Big Road streak of a shoe was most often {most}, and {share:.0%} of the "
            "shoes had one of {median} or more."
        ).format(most=most, median=median, share=reaching(tally, median)),
        _("A dragon of {first}; of {second}; of {third}.").format(
            first=parts[0], second=parts[1], third=parts[2]
        ),
        _(
            "A long streak is what chance deals in a shoe of some eighty hands, not a sign of "
            "what comes next: the hand after a dragon is dealt from the cards left, as any other."
        ),
    ]


# --- the derived roads ----------------------------------------------------------------------


class DerivedRow(TypedDict):
    key: str
    name: str
    red: int
    blue: int
    marks: int
    red_share: float


class SystemRow(TypedDict):
    key: str
    name: str
    rule: str
    bets: int
    staked: float
    net: float
    per_unit: float
    edge: float
    margin: float | None
    inside: bool | None
    progression: bool
    ruined: int
    risk_of_ruin: float | None


def derived_rows(tally: Tally) -> list[DerivedRow]:
    rows: list[DerivedRow] = []
    for road in ROADS:
        red, blue = tally.derived[road]
        marks = red + blue
        rows.append(
            {
                "key": road,
                "name": road_name(road),
                "red": red,
                "blue": blue,
                "marks": marks,
                "red_share": red / marks if marks else 0.0,
            }
        )
    return rows


def derived_sentences(tally: Tally) -> list[str]:
    rows = derived_rows(tally)
    each = _clauses(
        [
            _("{road} {red:,} red of {marks:,} marks ({share:.1%})").format(
                road=row["name"], red=row["red"], marks=row["marks"], share=row["red_share"]
            )
            for row in rows
        ]
    )
    return [
        _("Red marks: {each}.").format(each=each),
        _(
            "About half of every derived road is red: red says only that the Big Road repeated "
            "its shape, and chance repeats a shape about as often as it breaks one."
        ),
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


def system_rows(tally: Tally) -> list[SystemRow]:
    """Per system: its figures, and whether its result is inside chance's margin."""
    answer = tally.answer()["strategies"]
    rows: list[SystemRow] = []
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


def ruin_words(row: SystemRow, tally: Tally) -> str:
    """How often a progression was ruined, and with what bankroll and table limit."""
    if not row["ruined"]:
        text = _(
            "It was ruined (less than one unit left) in none of the {shoes:,} shoes, starting "
            "each shoe with {bankroll:,} units under a {limit:,}-unit table limit."
        )
    elif row["ruined"] == 1:
        text = _(
            "It was ruined (less than one unit left) in {ruined:,} shoe of {shoes:,} ({risk:.1%}, "
            "1 shoe in {one_in}), starting each shoe with {bankroll:,} units under a "
            "{limit:,}-unit table limit."
        )
    else:
        text = _(
            "It was ruined (less than one unit left) in {ruined:,} shoes of {shoes:,} "
            "({risk:.1%}, 1 shoe in {one_in}), starting each shoe with {bankroll:,} units under "
            "a {limit:,}-unit table limit."
        )
    return text.format(
        ruined=row["ruined"],
        shoes=tally.shoes,
        risk=row["risk_of_ruin"] or 0.0,
        one_in=one_in(row["ruined"], tally.shoes),
        bankroll=tally.bankroll,
        limit=tally.limit,
    )


def systems_sentences(tally: Tally) -> list[str]:
    rows = [row for row in system_rows(tally) if row["bets"]]
    if not rows:
        return [_("No system made a bet in this run.")]
    results = [row["per_unit"] for row in rows]
    edges = [row["edge"] for row in rows]
    ended = (
        _("Per 100 units staked, the {count:,} system ended between {low} and {high} units; the "
          "exact house edge of the bets each made costs between {edge_low:.2f} and "
          "{edge_high:.2f} per 100.")
        if len(rows) == 1
        else _("Per 100 units staked, the {count:,} systems ended between {low} and {high} "
               "units; the exact house edge of the bets each made costs between {edge_low:.2f} "
               "and {edge_high:.2f} per 100.")
    )  # fmt: skip
    sentences = [
        ended.format(
            count=len(rows),
            low=per_hundred(min(results)),
            high=per_hundred(max(results)),
            edge_low=min(edges) * 100,
            edge_high=max(edges) * 100,
        )
    ]
    flat = [row for row in rows if row["margin"] is not None]
    if flat:
        outside = [row["name"] for row in flat if not row["inside"]]
        widest = max(margin for row in flat if (margin := row["margin"]) is not None)
        verdict = (
            _("Chance alone moves a flat system's result by up to about {widest:.2f} per 100 "
              "staked either side of its house edge at this many bets (95 times in 100): all "
              "{count} flat systems landed inside it.")
            if not outside
            else _("Chance alone moves a flat system's result by up to about {widest:.2f} per "
                   "100 staked either side of its house edge at this many bets (95 times in "
                   "100): {names} landed outside it, as 1 result in 20 does by chance.")
        )  # fmt: skip
        names = pgettext("between the items of a list", ", ").join(outside)
        sentences.append(verdict.format(widest=widest * 100, count=len(flat), names=names))
    for row in rows:
        if row["progression"]:
            staked = _(
                "{name} staked {staked:,.0f} units on {bets:,} bets and ended {per_hundred} per "
                "100 staked: more units at stake, not better ones."
            ).format(
                name=row["name"],
                staked=row["staked"],
                bets=row["bets"],
                per_hundred=per_hundred(row["per_unit"]),
            )
            played = tally.played[row["key"]]
            swings = (
                _("Its shoes ended between {worst} and {best} units each, from the {bankroll:,} "
                  "each started with.").format(
                    worst=units(played.worst_shoe), best=units(played.best_shoe),
                    bankroll=tally.bankroll,
                )
                if played.worst_shoe is not None and played.best_shoe is not None
                else ""
            )  # fmt: skip
            sentences.append(
                pgettext("three sentences, one after another", "{first} {second} {third}").format(
                    first=staked, second=ruin_words(row, tally), third=swings
                )
            )
    sentences.append(
        _(
            "None of them can change what a bet is worth, since each decides from the board and "
            "never sees the cards: the more it bets, the closer its loss per unit staked comes "
            "to the house edge of the bets it makes. Deal more shoes and watch the gap close."
        )
    )
    return sentences
