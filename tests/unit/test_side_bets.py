"""The side bets priced in baccarat.odds.side_bets, checked against a second computation that
shares nothing with the engine but the hand-written drawing rules (tests/independent_rules.py),
and against the one published figure the spec gives (the Banker at 4% commission)."""

from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from independent_rules import BANKER_DRAWS_AGAINST, BANKER_DRAWS_WHEN_PLAYER_STOOD, PLAYER_DRAWS_ON

from baccarat.odds.exact import CARDS_PER_DECK_BY_VALUE, odds, odds_of_decks
from baccarat.odds.payouts import settle
from baccarat.odds.side_bets import perfect_pairs
from lessons.arguments import resolve_complete

MARGIN_PAYS = {9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}  # the cited Dragon Bonus pay table


def _falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


def brute_force(values: tuple[int, ...]) -> dict[str, int]:
    """Every hand dealt from a shoe with values[v] cards of value v, card by card, counted as
    ordered six-card deals (a shorter hand padded with any cards left), tallied by outcome."""
    n = sum(values)
    tally: dict[str, int] = {}

    def add(key: str, ways: int) -> None:
        tally[key] = tally.get(key, 0) + ways

    def finish(player: int, banker: int, banker_cards: int, natural: bool, ways: int) -> None:
        if banker > player and banker == 6:
            add(f"lucky_6_{banker_cards}", ways)
        if natural:
            add(
                "natural_tie"
                if player == banker
                else "natural_win_" + ("player" if player > banker else "banker"),
                ways,
            )
            return
        if player != banker:
            add(f"{'player' if player > banker else 'banker'}_by_{abs(player - banker)}", ways)

    left = list(values)
    for p1, b1, p2, b2 in product(range(10), repeat=4):
        ways = 1
        for v in (p1, b1, p2, b2):
            ways *= left[v]
            left[v] -= 1
        for v in (p1, b1, p2, b2):
            left[v] += 1
        if not ways:
            continue
        counts = list(values)
        for v in (p1, b1, p2, b2):
            counts[v] -= 1
        player, banker = (p1 + p2) % 10, (b1 + b2) % 10
        if player >= 8 or banker >= 8:
            finish(player, banker, 2, True, ways * _falling(n - 4, 2))
            continue
        if player not in PLAYER_DRAWS_ON:
            if banker in BANKER_DRAWS_WHEN_PLAYER_STOOD:
                for third in range(10):
                    w = ways * counts[third] * (n - 5)
                    finish(player, (banker + third) % 10, 3, False, w)
            else:
                finish(player, banker, 2, False, ways * _falling(n - 4, 2))
            continue
        for third in range(10):
            w = ways * counts[third]
            if not w:
                continue
            final = (player + third) % 10
            if third in BANKER_DRAWS_AGAINST.get(banker, set()):
                counts[third] -= 1
                for fourth in range(10):
                    finish(final, (banker + fourth) % 10, 3, False, w * counts[fourth])
                counts[third] += 1
            else:
                finish(final, banker, 2, False, w * (n - 5))
    return tally


@pytest.fixture(scope="module")
def eight_decks_by_hand():
    return brute_force(tuple(8 * n for n in CARDS_PER_DECK_BY_VALUE))


def test_lucky_6_counts_and_edge(eight_decks_by_hand):
    eight = odds_of_decks(8)
    assert eight.counts["banker_win_6_two"] == eight_decks_by_hand["lucky_6_2"]
    assert eight.counts["banker_win_6_three"] == eight_decks_by_hand["lucky_6_3"]
    won = 13 * eight_decks_by_hand["lucky_6_2"] + 21 * eight_decks_by_hand["lucky_6_3"]
    assert eight.edges["lucky_6"].per_unit == 1 - Fraction(won, eight.total)
    # Wizard of Odds' Macau pay table (12 and 20 to 1): a house edge of 16.68%.
    assert round(float(eight.edges["lucky_6"].per_unit) * 100, 2) == 16.68


@pytest.mark.parametrize("side", ["player", "banker"])
def test_dragon_bonus_counts_and_edge(eight_decks_by_hand, side):
    eight = odds_of_decks(8)
    for points in MARGIN_PAYS:
        assert eight.counts[f"{side}_by_{points}"] == eight_decks_by_hand[f"{side}_by_{points}"]
    assert eight.counts[f"{side}_natural_win"] == eight_decks_by_hand[f"natural_win_{side}"]
    assert eight.counts["natural_tie"] == eight_decks_by_hand["natural_tie"]
    won = 2 * eight_decks_by_hand[f"natural_win_{side}"] + eight_decks_by_hand["natural_tie"]
    won += sum(
        (pays + 1) * eight_decks_by_hand[f"{side}_by_{p}"] for p, pays in MARGIN_PAYS.items()
    )
    edge = eight.edges[f"dragon_bonus_{side}"]
    assert edge.per_unit == 1 - Fraction(won, eight.total)
    assert edge.pushes == Fraction(eight_decks_by_hand["natural_tie"], eight.total)


def test_dragon_bonus_published_edges():
    edges = odds_of_decks(8).edges  # Wizard of Odds: 2.65% on Player, 9.37% on Banker
    assert round(float(edges["dragon_bonus_player"].per_unit) * 100, 2) == 2.65
    assert round(float(edges["dragon_bonus_banker"].per_unit) * 100, 2) == 9.37


def test_a_depleted_shoe_agrees_too():
    values = (100, 20, 25, 30, 28, 31, 12, 30, 31, 29)
    shoe = odds(values)
    by_hand = brute_force(values)
    for points in MARGIN_PAYS:
        assert shoe.counts[f"banker_by_{points}"] == by_hand.get(f"banker_by_{points}", 0)
    assert shoe.counts["banker_win_6_three"] == by_hand["lucky_6_3"]


@pytest.mark.parametrize("decks", [2, 6, 8])
def test_perfect_pairs_against_every_four_card_deal(decks):
    """Every ordered deal of the first four cards, card by card (rank and suit), weighted by
    the copies of each card left."""
    later = np.arange(52)
    one = both = total = 0
    for first, second in product(range(52), repeat=2):
        w = decks * (decks - (second == first))
        third = decks - (later == first) - (later == second)  # copies left for the 3rd card
        fourth = (decks - (later[None, :] == first) - (later[None, :] == second)
                  - (later[None, :] == later[:, None]))  # fmt: skip
        ways = w * third[:, None] * fourth  # [third card, fourth card]
        total += int(ways.sum())
        one += int(ways[first].sum())  # the Player's pair: cards 1 and 3 the same card
        both += int(ways[first, second])  # ...and the Banker's: cards 2 and 4
    n = 52 * decks
    assert total == _falling(n, 4)
    assert perfect_pairs(decks) == (Fraction(one, total), Fraction(both, total))


def test_perfect_pair_published_edges():
    edges = odds_of_decks(8).edges  # Wizard of Odds: 13.03% (version 1), 6.62% (version 2)
    assert round(float(edges["perfect_pair"].per_unit) * 100, 2) == 13.03
    assert round(float(edges["perfect_pair_both"].per_unit) * 100, 2) == 6.62
    assert "perfect_pair" not in odds(decks=1).edges  # one deck: no two copies of a card
    assert "perfect_pair" not in odds(values=(128, 32, 32, 32, 32, 32, 32, 32, 32, 32)).edges


def test_banker_at_four_percent_commission():
    edge = odds_of_decks(8).edges["banker_4_percent"]
    assert round(float(edge.per_unit) * 100, 4) == 0.5993  # the spec's published figure
    assert edge.per_unit == odds(decks=8, commission=Fraction(4, 100)).edges["banker"].per_unit


@pytest.mark.parametrize(
    ("bet", "cards", "net"),
    [
        ("lucky_6", "3h 6s Kd Kc 2d", 120),  # Banker stands on a two-card 6 and wins
        ("lucky_6", "Kh As Kd 2c 4d 3h", 200),  # a three-card 6 wins
        ("lucky_6", "Kh 6s 9d Qc", -10),  # a 6 that loses
        ("dragon_bonus_player", "9h 2s Kd 3c", 10),  # a natural win
        ("dragon_bonus_player", "8h 8s Kd Kc", 0),  # a tie of naturals pushes
        ("dragon_bonus_player", "Ah Ks 2d Kc 6h Ad", 100),  # 9 against 1: a win by 8
        ("dragon_bonus_banker", "Ah Ks 2d Kc 6h Ad", -10),
        ("dragon_bonus_player", "7h 4s Kd Kc Kh", -10),  # 7 against 4: a win by 3 pays nothing
        ("dragon_bonus_player", "7h 7s Kd Kc", -10),  # a tie without naturals loses
    ],
)
def test_settling_the_side_bets(bet, cards, net):
    resolution = resolve_complete(tuple(cards.split()))
    assert settle(bet, 10, resolution).net == net
