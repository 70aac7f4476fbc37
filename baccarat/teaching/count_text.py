"""The counting explorer's own figures, in words, set beside what the published sources
claim (baccarat.simulation.count_figures' CLAIMS): each sentence formatted from the odds
engine and the kept run, never typed."""

from __future__ import annotations

import numpy as np

from baccarat.odds.exact import odds_of_decks, shoe_of_decks
from baccarat.odds.naturals import natural_edges
from baccarat.simulation.count_figures import DECKS, kept, kept_rows
from baccarat.translation import _


def signed_number(x: float, places: int) -> str:
    """ "+1.250", "−0.310"; a figure that rounds to zero has no sign ("0.000", not "−0.000")."""
    text = f"{x:+.{places}f}"
    if float(text) == 0:
        return f"{0:.{places}f}"
    return text.replace("-", "−")


def explorer_answers() -> dict[str, str]:
    """The explorer's own figures that answer the sources' (odds.count_figures' CLAIMS)."""
    full = odds_of_decks(DECKS)
    naturals = natural_edges(np.array([shoe_of_decks(DECKS)]))
    data = kept()
    rows = {row.key: row for row in kept_rows(14)}
    hands_a_shoe = rows["perfect_banker"].hands / data["shoes"]
    edge = {k: -float(full.edges[k].per_unit) for k in ("dragon_7", "panda_8")}
    return {
        "naturals_full_shoe": _(
            "The odds engine: a natural 9 {nine:.5f}, a natural 8 {eight:.5f}; house edges "
            "{nine_edge:.2f}% and {eight_edge:.2f}%."
        ).format(
            nine=full.p("player_natural_9"),
            eight=full.p("player_natural_8"),
            nine_edge=-naturals["player_natural_9"][0] * 100,
            eight_edge=-naturals["player_natural_8"][0] * 100,
        ),
        "tie_against_naturals": _(
            "The kept run, cut card 14 from the end: with perfect knowledge the Tie has an "
            "edge before {tie:.2f}% of hands and wins {tie_win} a hundred hands; the natural "
            "9 has one before {nine:.2f}% and wins {nine_win}."
        ).format(
            tie=rows["perfect_tie"].positive * 100,
            tie_win=signed_number(rows["perfect_tie"].win_per_100, 3),
            nine=rows["perfect_player_natural_9"].positive * 100,
            nine_win=signed_number(rows["perfect_player_natural_9"].win_per_100, 3),
        ),
        "main_bets_perfect": _(
            "The kept run, cut card 14 from the end: Banker has an edge before {banker:.3f}% "
            "of hands and Player before {player:.3f}%; betting them only then is expected to "
            "win {banker_win} and {player_win} a hundred hands."
        ).format(
            banker=rows["perfect_banker"].positive * 100,
            player=rows["perfect_player"].positive * 100,
            banker_win=signed_number(rows["perfect_banker"].expected_per_100, 4),
            player_win=signed_number(rows["perfect_player"].expected_per_100, 4),
        ),
        "dragon_panda": _(
            "The odds engine: house edges {dragon:.4f}% and {panda:.4f}%. The kept run with "
            "perfect knowledge, cut card 14 from the end, {hands:.1f} hands a shoe: expected "
            "{dragon_shoe:.3f} and {panda_shoe:.3f} units a shoe."
        ).format(
            dragon=-edge["dragon_7"] * 100,
            panda=-edge["panda_8"] * 100,
            hands=hands_a_shoe,
            dragon_shoe=rows["perfect_dragon_7"].expected_per_100 * hands_a_shoe / 100,
            panda_shoe=rows["perfect_panda_8"].expected_per_100 * hands_a_shoe / 100,
        ),
    }
