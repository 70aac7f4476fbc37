"""baccarat.odds.bettors_view: the odds page's plain words for a bettor."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.game.cards import RANKS
from baccarat.odds.bettors_view import TABLE_BETS, bettors_view, per_hundred
from baccarat.odds.exact import odds, odds_of_decks


def test_an_eight_deck_shoe_in_plain_words():
    # The published 8-deck figures (the Wizard of Odds; docs/figures.md), as a bettor reads them.
    who, cost, cheapest = bettors_view(odds_of_decks(8))
    assert who == "Banker wins 45.86% of hands, Player 44.62%, and 9.52% are ties."
    assert "on Banker you lose 1.06 (after the 5% commission)" in cost
    assert "on Player you lose 1.24" in cost and "on Tie (8 to 1) you lose 14.36" in cost
    assert cheapest == (
        "The cheapest bet here is Banker (5% commission), losing 1.06 per 100 units; "
        "the dearest is Tie at 8 to 1, losing 14.36."
    )


def test_a_lower_commission_is_named_and_priced():
    _who, cost, _cheapest = bettors_view(odds(decks=8, commission=Fraction(4, 100)))
    assert "(after the 4% commission)" in cost
    edge = odds(decks=8, commission=Fraction(4, 100)).edges["banker"].per_unit
    assert f"on Banker you lose {per_hundred(edge)}" in cost


counts = st.fixed_dictionaries({rank: st.integers(0, 6) for rank in RANKS}).filter(
    lambda ranks: sum(ranks.values()) >= 6
)


@given(counts)
@settings(max_examples=40, deadline=None)
def test_the_cheapest_bet_is_the_one_with_the_smallest_edge(ranks):
    result = odds(ranks=ranks)
    sentences = bettors_view(result)
    edges = [result.edges[key] for key in TABLE_BETS if key in result.edges]
    best = min(edges, key=lambda edge: edge.per_unit)
    head = best.name.partition(", ")[0]
    assert head in sentences[2]
    if best.per_unit > 0:
        assert sentences[2].startswith("The cheapest bet here is")
    else:
        # Never "cheapest ... losing" a negative amount: the words say the bet returns more.
        assert "returns more than it costs" in sentences[2] and "losing" not in sentences[2]
    # Each side's share is printed from the exact fraction.
    assert f"Banker wins {float(result.exact('banker')) * 100:.2f}%" in sentences[0]
