"""What a shoe's exact odds mean for someone placing a bet, in plain words: who wins how
often, what each main bet costs per 100 units staked, the cheapest bet and the dearest, and
how far taking one card out moves the main bets.

Every figure comes from an Odds (baccarat.odds.exact); the odds page opens with these sentences
and keeps the exact figures a click away.
"""

from __future__ import annotations

import math
from fractions import Fraction

from baccarat.odds.exact import Edge, Odds, Removal, percent
from baccarat.translation import _, gettext_noop, pgettext

# Marked here, translated where they go into a sentence.
MAIN_BETS = (
    ("banker", gettext_noop("Banker")),
    ("player", gettext_noop("Player")),
    ("tie_8_to_1", gettext_noop("Tie (8 to 1)")),
)
# The bets of a classic punto banco table, compared for "the cheapest bet here": the
# variants' bets (EZ Baccarat, no-commission) are not offered beside them.
TABLE_BETS = ("banker", "player", "tie_8_to_1", "player_pair")


def per_hundred(edge: Fraction) -> str:
    """An edge per unit as units per 100 staked: 0.010579… is "1.06"."""
    return f"{abs(float(edge)) * 100:.2f}"


def _cost(name: str, edge: Fraction) -> str:
    if edge > 0:
        return _("on {bet} you lose {amount}").format(bet=_(name), amount=per_hundred(edge))
    if edge < 0:
        return _("on {bet} you win {amount}").format(bet=_(name), amount=per_hundred(edge))
    return _("on {bet} you break even").format(bet=_(name))


def _named(edge: Edge) -> str:
    """ "Banker, 5% commission" reads as "Banker (5% commission)" inside a sentence."""
    if edge.label == "Banker, {commission}% commission":
        # xgettext:no-python-format (a percent sign, not a %-placeholder)
        return _("Banker ({commission}% commission)").format(**dict(edge.values))
    return edge.name


def bettors_view(result: Odds) -> list[str]:
    """Three sentences: how often each side wins; what each main bet costs per 100 units
    staked on average; and the cheapest and the dearest bet of a classic table, or, when the
    cards left tip a bet to the bettor, what that is worth."""
    banker, player, tie = result.exact("banker"), result.exact("player"), result.exact("tie")
    edges = result.edges
    commission = f"{float(result.commission * 100):g}%"
    costs = [_cost(label, edges[key].per_unit) for key, label in MAIN_BETS]
    sentences = [
        _("Banker wins {banker} of hands, Player {player}, and {tie} are ties.").format(
            banker=percent(banker), player=percent(player), tie=percent(tie)
        ),
        _(
            "Of every 100 units staked, on average {banker} (after the {commission} "
            "commission), {player}, and {tie}: a tie returns Banker and Player bets, which "
            "counts here as neither a win nor a loss."
        ).format(banker=costs[0], commission=commission, player=costs[1], tie=costs[2]),
    ]
    ranked = sorted(
        (edges[key] for key in TABLE_BETS if key in edges), key=lambda edge: edge.per_unit
    )
    cheapest, dearest = ranked[0], ranked[-1]
    if cheapest.per_unit > 0:
        sentences.append(
            _(
                "The cheapest bet here is {cheapest}, losing {cheapest_cost} per 100 units; "
                "the dearest is {dearest}, losing {dearest_cost}."
            ).format(
                cheapest=_named(cheapest),
                cheapest_cost=per_hundred(cheapest.per_unit),
                dearest=_named(dearest),
                dearest_cost=per_hundred(dearest.per_unit),
            )
        )
    else:
        sentences.append(
            _(
                "With these cards left, {bet} returns more than it costs: {amount} per 100 "
                "units staked, for this one hand only: the next cards dealt change it, and a "
                "real shoe is almost never left like this."
            ).format(bet=_named(cheapest), amount=per_hundred(cheapest.per_unit))
        )
    return sentences


# The powers of ten a shift is counted in, by exponent: 0.0000435 is "about 4 hundred-thousandths".
FRACTION_NAMES = {
    -1: "tenth", -2: "hundredth", -3: "thousandth", -4: "ten-thousandth",
    -5: "hundred-thousandth", -6: "millionth",
}  # fmt: skip
# The same as whole phrases, (one, several), so that a translation words each its own way.
ABOUT = {
    -1: (gettext_noop("about {count} tenth"), gettext_noop("about {count} tenths")),
    -2: (gettext_noop("about {count} hundredth"), gettext_noop("about {count} hundredths")),
    -3: (gettext_noop("about {count} thousandth"), gettext_noop("about {count} thousandths")),
    -4: (
        gettext_noop("about {count} ten-thousandth"),
        gettext_noop("about {count} ten-thousandths"),
    ),
    -5: (
        gettext_noop("about {count} hundred-thousandth"),
        gettext_noop("about {count} hundred-thousandths"),
    ),
    -6: (gettext_noop("about {count} millionth"), gettext_noop("about {count} millionths")),
}


def largest_shift(removals: list[Removal]) -> float:
    """The largest change, either way, that removing one card makes to the chance of a
    Banker or a Player win; 0 when no card can be removed."""
    return max((abs(x) for row in removals for x in (row.banker, row.player)), default=0.0)


def shift_in_words(shift: float) -> str:
    """0.0000435 -> "about 4 hundred-thousandths"; 0.00103 -> "about 1 thousandth"."""
    if shift <= 0:
        return pgettext("no change in a chance", "nothing")
    exponent = math.floor(math.log10(shift))
    count = round(shift / 10**exponent)
    if count == 10:
        exponent, count = exponent + 1, 1
    if exponent < min(FRACTION_NAMES):
        return _("less than a millionth")
    one, several = ABOUT[exponent]
    return _(one if count == 1 else several).format(count=count)


def removal_sentence(removals: list[Removal], banker_edge: Fraction) -> str | None:
    """The effect-of-removal table in one sentence, its size in words from the table's own
    largest shift; None when no card can be removed."""
    if not removals:
        return None
    shift = largest_shift(removals)
    return _(
        "Removing one card moves the chance of a Banker or a Player win by {words} at most: "
        "the largest shift here is {shift}, while the Banker bet's house edge is {edge}."
    ).format(
        words=shift_in_words(shift),
        shift=f"{shift:.7f}",
        edge=percent(banker_edge, 4).replace("-", "−"),  # a real minus, as the table's
    )


def _points(value: float) -> str:
    """A signed change in percentage points: "+0.008", "−0.012" (a real minus)."""
    return f"{value:+.3f}".replace("-", "−")


def removal_range(removals: list[Removal], what: str) -> tuple[str, str]:
    """The least and the most that removing one card changes `what` ("banker": the chance of
    a Banker win; "banker_edge": the Banker bet's house edge), over every value that can be
    removed, in percentage points to 3 places, rounded outward so that every card's change
    lies between the two."""
    changes = [getattr(row, what) * 100 for row in removals]
    if not changes:
        raise ValueError("no card can be removed from this shoe")
    return (
        _points(math.floor(min(changes) * 1000) / 1000),
        _points(math.ceil(max(changes) * 1000) / 1000),
    )
