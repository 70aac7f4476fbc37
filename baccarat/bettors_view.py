"""What a shoe's exact odds mean for someone placing a bet, in plain words: who wins how
often, what each main bet costs per 100 units staked, the cheapest bet and the dearest, and
how far taking one card out moves the main bets.

Every figure comes from an Odds (baccarat.odds); the odds page opens with these sentences
and keeps the exact figures a click away.
"""

from __future__ import annotations

import math
from fractions import Fraction

from baccarat.odds import Odds, Removal, percent

MAIN_BETS = (("banker", "Banker"), ("player", "Player"), ("tie_8_to_1", "Tie (8 to 1)"))
# The bets of a classic punto banco table, compared for "the cheapest bet here": the
# variants' bets (EZ Baccarat, no-commission) are not offered beside them.
TABLE_BETS = ("banker", "player", "tie_8_to_1", "player_pair")


def per_hundred(edge: Fraction) -> str:
    """An edge per unit as units per 100 staked: 0.010579… is "1.06"."""
    return f"{abs(float(edge)) * 100:.2f}"


def _cost(name: str, edge: Fraction) -> str:
    if edge > 0:
        return f"on {name} you lose {per_hundred(edge)}"
    if edge < 0:
        return f"on {name} you win {per_hundred(edge)}"
    return f"on {name} you break even"


def _named(edge_name: str) -> str:
    """ "Banker, 5% commission" reads as "Banker (5% commission)" inside a sentence."""
    head, _, tail = edge_name.partition(", ")
    return f"{head} ({tail})" if tail else head


def bettors_view(result: Odds) -> list[str]:
    """Three sentences: how often each side wins; what each main bet costs per 100 units
    staked on average; and the cheapest and the dearest bet of a classic table, or, when the
    cards left tip a bet to the bettor, what that is worth."""
    banker, player, tie = result.exact("banker"), result.exact("player"), result.exact("tie")
    edges = result.edges
    commission = f"{float(result.commission * 100):g}%"
    costs = [_cost(label, edges[key].per_unit) for key, label in MAIN_BETS]
    sentences = [
        f"Banker wins {percent(banker)} of hands, Player {percent(player)}, and "
        f"{percent(tie)} are ties.",
        f"Of every 100 units staked, on average {costs[0]} (after the {commission} commission), "
        f"{costs[1]}, and {costs[2]}: a tie returns Banker and Player bets, which counts here "
        "as neither a win nor a loss.",
    ]
    ranked = sorted(
        (edges[key] for key in TABLE_BETS if key in edges), key=lambda edge: edge.per_unit
    )
    cheapest, dearest = ranked[0], ranked[-1]
    sentences.append(
        f"The cheapest bet here is {_named(cheapest.name)}, losing "
        f"{per_hundred(cheapest.per_unit)} per 100 units; the dearest is "
        f"{_named(dearest.name)}, losing {per_hundred(dearest.per_unit)}."
        if cheapest.per_unit > 0
        else f"With these cards left, {_named(cheapest.name)} returns more than it costs: "
        f"{per_hundred(cheapest.per_unit)} per 100 units staked, for this one hand only: the "
        "next cards dealt change it, and a real shoe is almost never left like this."
    )
    return sentences


# The powers of ten a shift is counted in, by exponent: 0.0000435 is "about 4 hundred-thousandths".
FRACTION_NAMES = {
    -1: "tenth", -2: "hundredth", -3: "thousandth", -4: "ten-thousandth",
    -5: "hundred-thousandth", -6: "millionth",
}  # fmt: skip


def largest_shift(removals: list[Removal]) -> float:
    """The largest change, either way, that removing one card makes to the chance of a
    Banker or a Player win; 0 when no card can be removed."""
    return max((abs(x) for row in removals for x in (row.banker, row.player)), default=0.0)


def shift_in_words(shift: float) -> str:
    """0.0000435 -> "about 4 hundred-thousandths"; 0.00103 -> "about 1 thousandth"."""
    if shift <= 0:
        return "nothing"
    exponent = math.floor(math.log10(shift))
    count = round(shift / 10**exponent)
    if count == 10:
        exponent, count = exponent + 1, 1
    if exponent < min(FRACTION_NAMES):
        return f"less than a {FRACTION_NAMES[min(FRACTION_NAMES)]}"
    return f"about {count} {FRACTION_NAMES[exponent]}{'s' * (count != 1)}"


def removal_sentence(removals: list[Removal], banker_edge: Fraction) -> str | None:
    """The effect-of-removal table in one sentence, its size in words from the table's own
    largest shift; None when no card can be removed."""
    if not removals:
        return None
    shift = largest_shift(removals)
    words = shift_in_words(shift)
    return (
        f"Removing one card moves the chance of a Banker or a Player win by {words} at most:"
        f" the largest shift here is {shift:.7f}, while the Banker bet's house edge is "
        f"{percent(banker_edge, 4).replace('-', '−')}."  # a real minus, as the table's
    )
