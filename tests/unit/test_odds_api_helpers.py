"""The small helpers the pages and the API use around the odds engine: what is left of a
shoe after some cards are dealt, the cached full shoes, and a rank given twice."""

import pytest

from baccarat.game.cards import parse_cards
from baccarat.odds.exact import ShoeError, check_ranks, odds, odds_of_decks, shoe_after


def test_shoe_after_subtracts_known_cards_and_counts_unknown_ones():
    left = shoe_after(8, parse_cards("Qh 4 ? 10s T K 4d ?"))
    assert (left.known, left.unknown) == (6, 2)
    assert left.ranks["4"] == 30 and left.ranks["T"] == 30
    assert left.ranks["Q"] == 31 and left.ranks["K"] == 31 and left.ranks["A"] == 32
    # Unknown cards are gone from the shoe but not subtracted from any rank.
    assert sum(left.ranks.values()) == 416 - 6
    assert left.cards == 416 - 8


def test_shoe_after_nothing_dealt_is_the_full_shoe():
    left = shoe_after(6, [])
    assert odds(ranks=left.ranks).counts == odds(decks=6).counts


def test_unknown_cards_change_nothing_exactly():
    # The next hand from a shoe with one unseen card gone, averaged over what it was,
    # is the same as from the shoe without removing it.
    shoe = {rank: 4 for rank in shoe_after(1, []).ranks}
    base = odds(ranks=shoe)
    n = sum(shoe.values())
    average = {name: 0 for name in ("banker", "player", "tie")}
    for rank, k in shoe.items():
        fewer = odds(ranks={**shoe, rank: k - 1})
        for name in average:
            average[name] += fewer.exact(name) * k / n
    assert average == {name: base.exact(name) for name in average}


def test_shoe_after_refuses_more_of_a_rank_than_the_shoe_holds():
    with pytest.raises(ShoeError, match=r"^dealt: 5 cards of rank 10, but 1 deck holds only 4"):
        shoe_after(1, parse_cards("T 10 Ts 10h T"))
    with pytest.raises(ShoeError, match=r"^decks: "):
        shoe_after(9, [])


def test_odds_of_decks_is_cached_and_exact():
    assert odds_of_decks(8) is odds_of_decks(8)
    assert odds_of_decks(8).counts == odds(decks=8).counts


@pytest.mark.parametrize("ranks", [{"T": 32, "10": 32}, {"q": 1, "Q": 1, "A": 10}])
def test_a_rank_given_twice_is_refused(ranks):
    with pytest.raises(ShoeError, match=r"^ranks\.\w+: the same rank as"):
        check_ranks(ranks)
