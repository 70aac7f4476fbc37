"""The road patterns in words: what each looks like, what players say of it (reported as
theirs), and what chance says, every figure formatted from baccarat.simulation.patterns.

A pattern describes hands already dealt. The next hand is dealt from the cards left in the
shoe, which know nothing of the board: the figures show it, and the sentences say so.
"""

from __future__ import annotations

from baccarat.odds.exact import percent
from baccarat.roads.patterns import BY_SLUG, Pattern
from baccarat.simulation.patterns import Figures, PatternFigures, figures
from baccarat.translation import _, gettext_noop

# A short shoe that shows each pattern, with a few hands of other shapes around it, for the
# pages to draw (a test checks each shows its pattern, and where).
EXAMPLES = {
    "banker-dragon": "PBBBBBTBBBBP",
    "player-dragon": "BPPPPPPPPPB",
    "ping-pong": "BBBPBPTBPBB",
    "double-hop": "PPPBBPPBBPPB",
    "hall-rooms-banker": "PPPBPPBPTPBPPBB",
    "hall-rooms-player": "BBBPBBPBBPBBB",
    "banker-jumps": "BBPBPPPBPTBPPB",
    "player-jumps": "PPBPBBBPBBPBB",
    "banker-repeats": "PBBPBBBPPPBBP",
    "player-repeats": "BPPBPPPBBBPPB",
    "sticky-pairs": "PBBPPPBBTPPB",
}

# What players say a pattern means, reported as theirs: each shape read as a promise that
# it goes on.
PLAYERS_SAY = {
    "banker-dragon": gettext_noop(
        "Players say a dragon is not to be cut: while it runs, they back Banker again, "
        "expecting the run to go on."
    ),
    "player-dragon": gettext_noop(
        "Players say a dragon is not to be cut: while it runs, they back Player again, "
        "expecting the run to go on."
    ),
    "ping-pong": gettext_noop(
        "Players say the table is jumping: they back the side that lost the last hand, "
        "expecting the turns to go on."
    ),
    "double-hop": gettext_noop(
        "Players say the road goes in twos: after one bead of a column they back the same "
        "side, after two the other."
    ),
    "hall-rooms-banker": gettext_noop(
        "Players say the road has settled into one Banker, two Player: they back whatever "
        "the rhythm calls for next."
    ),
    "hall-rooms-player": gettext_noop(
        "Players say the road has settled into one Player, two Banker: they back whatever "
        "the rhythm calls for next."
    ),
    "banker-jumps": gettext_noop(
        "Players say Banker cannot hold: after each Banker win they back Player."
    ),
    "player-jumps": gettext_noop(
        "Players say Player cannot hold: after each Player win they back Banker."
    ),
    "banker-repeats": gettext_noop(
        "Players say Banker always comes twice: after the first Banker win of a column "
        "they back Banker again."
    ),
    "player-repeats": gettext_noop(
        "Players say Player always comes twice: after the first Player win of a column "
        "they back Player again."
    ),
    "sticky-pairs": gettext_noop(
        "Players say the road sticks: after the first bead of a column they back the same "
        "side again."
    ),
}

OUTCOMES = ("B", "P", "T")
OUTCOME_WORDS = {
    "B": gettext_noop("Banker"),
    "P": gettext_noop("Player"),
    "T": gettext_noop("Tie"),
}


def pattern(slug: str) -> Pattern:
    return BY_SLUG[slug]


def players_say(slug: str) -> str:
    return _(PLAYERS_SAY[slug])


def good_roads() -> str:
    """What the vocabulary is, and what this site does with it."""
    return _(
        "Players at a baccarat table have names for the shapes the Big Road draws, and "
        "guides call some of them good roads (好路): shapes to follow, they say, because the "
        "next hand will carry them on. This page names those shapes as descriptions of hands "
        "already dealt, and sets beside each one what chance does: the cards left in the "
        "shoe do not know what the board shows."
    )


def how_dealt(data: Figures | None = None) -> str:
    data = data or figures()
    return _(
        "Chance's figures come from {shoes} shoes of {decks} decks shuffled and dealt by the "
        "real rules (seed {seed}), each hand after another hand of its shoe counted."
    ).format(shoes=f"{data.shoes:,}", decks=data.decks, seed=data.seed)


def headline(slug: str, data: Figures | None = None) -> str:
    """One line for the vocabulary: "Seen at least once in 41.2% of shoes."."""
    row = (data or figures()).patterns[slug]
    return _("Seen at least once in {share} of shoes.").format(share=percent(row.shoes.value, 1))


def _interval(low: float, high: float) -> str:
    return _("{low} to {high}").format(low=percent(low), high=percent(high))


def chance_says(slug: str, data: Figures | None = None) -> list[str]:
    """How often chance draws the shape, and how long it lasts."""
    data = data or figures()
    row = data.patterns[slug]
    low, high = row.shoes.interval()
    shown = _(
        # xgettext:no-python-format (a percent sign, not a %-placeholder)
        "In {shoes} shoes dealt by chance, {share} showed it at least once (95% interval "
        "{interval}): {count} shoes."
    ).format(
        shoes=f"{data.shoes:,}",
        share=percent(row.shoes.value),
        interval=_interval(low, high),
        count=f"{row.shoes.count:,}",
    )
    lasted = _(
        "It was seen {sightings} times. Half the sightings lasted {median} hands or fewer "
        "({median_columns} columns), nine in ten {p90} hands or fewer ({p90_columns} columns)."
    ).format(
        sightings=f"{row.sightings:,}",
        median=row.median_hands,
        median_columns=row.median_columns,
        p90=row.p90_hands,
        p90_columns=row.p90_columns,
    )
    return [shown, lasted]


def next_rows(slug: str, data: Figures | None = None) -> list[dict[str, object]]:
    """The table of the next hand: each outcome after a hand where the pattern is going,
    after every hand, and exactly off the top of a full shoe."""
    data = data or figures()
    row = data.patterns[slug]
    rows = []
    for outcome in OUTCOMES:
        after, every = row.next[outcome], data.overall[outcome]
        rows.append(
            {
                "outcome": outcome,
                "name": _(OUTCOME_WORDS[outcome]),
                "after": percent(after.value),
                "after_interval": _interval(*after.interval()),
                "overall": percent(every.value),
                "overall_interval": _interval(*every.interval()),
                "exact": percent(data.exact[outcome]),
                "holds": after.holds(float(data.exact[outcome])),
            }
        )
    return rows


def does_not_care(slug: str, data: Figures | None = None) -> str:
    """The plain statement, with the figures that show it."""
    data = data or figures()
    row: PatternFigures = data.patterns[slug]
    banker, player = row.next["B"], row.next["P"]
    text = _(
        "The next hand does not care. After the {hands} hands at which it was going, the "
        "next hand was Banker {banker} and Player {player} of the time; after every hand, "
        "Banker {banker_all} and Player {player_all}; off the top of a full {decks}-deck "
        "shoe, exactly Banker {banker_exact} and Player {player_exact}."
    ).format(
        hands=f"{row.hands_after:,}",
        banker=percent(banker.value),
        player=percent(player.value),
        banker_all=percent(data.overall["B"].value),
        player_all=percent(data.overall["P"].value),
        decks=data.decks,
        banker_exact=percent(data.exact["B"]),
        player_exact=percent(data.exact["P"]),
    )
    gaps = [abs(row.next[o].value - float(data.exact[o])) for o in OUTCOMES]
    if all(row.next[o].holds(float(data.exact[o])) for o in OUTCOMES):
        verdict = _(
            # xgettext:no-python-format (a percent sign, not a %-placeholder)
            "Each share's 95% interval holds the exact odds: what is left of the difference "
            "is the luck of a sample."
        )
    else:
        verdict = _(
            "An interval misses the exact odds here, by at most {gap} of a percentage point. "
            "About one interval in twenty does so by luck alone, and in any shoe the cards "
            "already dealt shift the next hand's odds a little, whatever the board shows."
        ).format(gap=f"{100 * max(gaps):.2f}")
    return f"{text} {verdict}"
