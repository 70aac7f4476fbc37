"""The one plain sentence each of the lab's results leads with, under its chart (the detail
follows in baccarat.teaching.lab_text), and what a progression's player lived through: the
bankroll's spread over the shoe and how many players the table limit or the bankroll stopped.
Every number comes from the run (baccarat.simulation.chance.Tally)."""

from __future__ import annotations

from baccarat.simulation.chance import ROADS, Tally
from baccarat.simulation.spread import HIGH, LOW, bin_units, share_below
from baccarat.teaching.lab_text import units
from baccarat.translation import _, pgettext


def share_lead(tally: Tally) -> str:
    shares, expected = tally.shares(), tally.expected()
    inside = sum(expected[name]["low"] <= shares[name] <= expected[name]["high"] for name in shares)
    figures = {
        "banker": shares["banker"],
        "player": shares["player"],
        "tie": shares["tie"],
        "inside": inside,
    }
    if inside == 3:
        text = _(
            "Banker won {banker:.1%} of the hands, Player {player:.1%} and Tie {tie:.1%}: all "
            "three inside the range chance gives a run this long."
        )
    else:
        text = _(
            "Banker won {banker:.1%} of the hands, Player {player:.1%} and Tie {tie:.1%}: "
            "{inside} of the three inside the range chance gives a run this long, as chance "
            "alone does now and then."
        )
    return text.format(**figures)


def derived_lead(tally: Tally) -> str:
    reds = [red / (red + blue) for red, blue in tally.derived.values() if red + blue]
    if len(reds) < len(ROADS):
        return _("Too few marks on the derived roads in this run to say much about them.")
    return _(
        "About half of every derived road's marks were red: between {low:.1%} and {high:.1%}."
    ).format(low=min(reds), high=max(reds))


def restart_sentence(tally: Tally, name: str) -> str:
    """That the lab starts a broken progression again at one unit, and how often it did."""
    tallied = tally.played[name]
    if not tallied.restarts:
        text = _(
            "When the {limit:,}-unit table limit or the money left will not allow the stake the "
            "system asks for, this lab starts the progression again at one unit; in this run "
            "that never happened."
        )
    else:
        text = _(
            "When the {limit:,}-unit table limit or the money left will not allow the stake the "
            "system asks for, this lab starts the progression again at one unit: {restarts:,} "
            "times in this run, the limit refusing a stake in {limited:,} of the {shoes:,} shoes."
        )
    return text.format(
        limit=tally.limit, restarts=tallied.restarts, limited=tallied.limited, shoes=tally.shoes
    )


def ruin_sentence(tally: Tally, name: str) -> str:
    """How many players (one a shoe) lost the bankroll and what they lost, apart from what
    the others ended on: restarting at one unit keeps a player betting, not solvent."""
    tallied = tally.played[name]
    if not tallied.ruined:
        text = _(
            "None of the {shoes:,} players, one a shoe starting with {bankroll:,} units, lost "
            "the bankroll; together they ended {other_net} units."
        )
    elif tallied.ruined == 1:
        text = _(
            "{ruined:,} of the {shoes:,} players, one a shoe starting with {bankroll:,} units, "
            "lost the bankroll (less than one unit left), ending {ruined_net} units; the other "
            "{others:,} together ended {other_net}."
        )
    else:
        text = _(
            "{ruined:,} of the {shoes:,} players, one a shoe starting with {bankroll:,} units, "
            "lost the bankroll (less than one unit left), ending {ruined_net} units between "
            "them; the other {others:,} together ended {other_net}."
        )
    return text.format(
        ruined=tallied.ruined,
        shoes=tally.shoes,
        bankroll=tally.bankroll,
        ruined_net=units(tallied.ruined_net),
        others=tally.shoes - tallied.ruined,
        other_net=units(tallied.other_net),
    )


def stopped_sentence(tally: Tally, name: str) -> str:
    """What stopped a progression's players in this run: the restarts, then the ruin."""
    return pgettext("two sentences, one after another", "{first} {second}").format(
        first=restart_sentence(tally, name), second=ruin_sentence(tally, name)
    )


def bankroll_sentence(tally: Tally, name: str) -> str | None:
    """Where the middle 90% of players' bankrolls were at the end of the longest shoe, and the
    share of players at or under the median, as counted (half or more, never assumed half)."""
    rows = tally.band(name)
    if not rows:
        return None
    hands, low, middle, high = rows[-1]
    width = bin_units(tally.bankroll)
    share = share_below(tally.played[name].bankrolls[len(rows) - 1], middle, width)
    if width == 1:
        text = _(
            "After {hands:,} hands, the middle {middle_share:.0%} of players held between {low:,} "
            "and {high:,} units ({share:.0%} held {median:,} or less), having started with "
            "{bankroll:,}."
        )
    else:  # the median is its bin's lower edge: every bankroll in that bin is under the next
        text = _(
            "After {hands:,} hands, the middle {middle_share:.0%} of players held between {low:,} "
            "and {high:,} units ({share:.0%} held less than {below:,}), having started with "
            "{bankroll:,}."
        )
    return text.format(
        hands=hands,
        middle_share=HIGH - LOW,
        low=low,
        high=high,
        share=share,
        median=middle,
        below=middle + width,
        bankroll=tally.bankroll,
    )
