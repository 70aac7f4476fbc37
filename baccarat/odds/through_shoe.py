"""The exact edge of each bet before every hand of a shoe, many shoes' hands at once.

The same counting as `baccarat.odds.exact`: for a shoe with n_v cards of value v, a multiset
of six values holding m_v of value v can be dealt in prod_v n_v (n_v - 1) ... (n_v - m_v + 1)
ways per order of its values, and `exact.tallies()` says how many of those orders show each
feature. Here the weights of all 5,005 multisets are built for every composition at once
(a 5005 x n matrix) and multiplied by the tallies in one matrix product.

Why float64 is exact here: every weight, and every count it sums to, is a whole number of
ordered six-card deals, at most 416 x 415 x ... x 411 (about 5.2e15, eight decks) < 2^53, so
each product and partial sum is a whole number that float64 holds exactly. Only the final
division by the number of deals rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np

from baccarat.game.cards import RANK_VALUES, RANKS, Card
from baccarat.odds.exact import (
    CARDS_PER_DECK_BY_RANK,
    COMMISSION,
    DRAGON_7_PAYS,
    INDEX,
    MAX_DECKS,
    MIN_CARDS,
    PAIR_PAYS,
    PANDA_8_PAYS,
    TIE_PAYS,
    ShoeError,
    shoe_after,
    tallies,
)
from baccarat.translation import _

EDGE_BETS: tuple[str, ...] = ("banker", "player", "tie", "dragon_7", "panda_8", "player_pair")
# The key of each bet among exact.Odds.edges (the Tie is the one paying 8 to 1).
ODDS_KEYS = {
    "banker": "banker",
    "player": "player",
    "tie": "tie_8_to_1",
    "dragon_7": "dragon_7",
    "panda_8": "panda_8",
    "player_pair": "player_pair",
}
_FEATURES = ("banker", "player", "tie", "dragon_7", "panda_8")
# RANKS order -> value, as a 13 x 10 matrix: rank counts @ it are value counts.
_RANK_TO_VALUE = np.zeros((len(RANKS), 10))
for _i, _rank in enumerate(RANKS):
    _RANK_TO_VALUE[_i, RANK_VALUES[_rank]] = 1
BLOCK = 128  # compositions weighed at a time (5005 x 128 float64: 5 MB)


@cache
def _multisets() -> tuple[np.ndarray, np.ndarray]:
    """(slots, table): for each of the 5,005 multisets, its six values as slots of a
    (value, how many of that value come before it) grid, 6 x 5005 indexes into 10 x 6 = 60
    slots; and the five features' tallies, 5 x 5005, as float64. A multiset's weight is
    then the product over its six slots of (n_value - before)."""
    multiplicities, table = tallies()
    slots = np.empty((6, len(multiplicities)), dtype=np.intp)
    for m, counts in enumerate(multiplicities):
        k = 0
        for v, count in enumerate(counts):
            for before in range(count):
                slots[k, m] = v * 6 + before
                k += 1
    rows = [INDEX[name] for name in _FEATURES]
    return slots, table[rows].astype(np.float64)


def _checked(ranks_left: np.ndarray) -> np.ndarray:
    ranks = np.asarray(ranks_left)
    if ranks.ndim != 2 or ranks.shape[1] != len(RANKS):
        raise ShoeError(
            _("ranks_left: give an array of shape (n, {ranks}), one count per rank").format(
                ranks=len(RANKS)
            )
        )
    if not np.issubdtype(ranks.dtype, np.integer):
        raise ShoeError(_("ranks_left: the counts must be whole numbers"))
    most = MAX_DECKS * CARDS_PER_DECK_BY_RANK["A"]
    if ranks.size and (ranks.min() < 0 or ranks.max() > most):
        raise ShoeError(_("ranks_left: each count must be from 0 to {most}").format(most=most))
    cards = ranks.sum(axis=1)
    if len(cards) and cards.min() < MIN_CARDS:
        row = int(np.argmin(cards))
        raise ShoeError(
            _("ranks_left[{row}]: {count} cards; a hand needs a shoe of at least {least}").format(
                row=row, count=int(cards[row]), least=MIN_CARDS
            )
        )
    return ranks.astype(np.int64)


def edges_of(ranks_left: np.ndarray) -> dict[str, np.ndarray]:
    """ranks_left: int array (n, 13), the count of each rank (RANKS order of
    baccarat.game.cards) left in the shoe before each of n hands. Returns, for each bet in
    EDGE_BETS, a float array (n,) of the bettor's exact expectation per unit staked
    (negative: the house's edge): minus exact.odds(ranks=...).edges[ODDS_KEYS[bet]].per_unit
    for that composition (Banker at 5% commission, Tie 8 to 1, Dragon 7 40 to 1, Panda 8 25
    to 1, Player pair 11 to 1; a push counts as a unit staked and returned)."""
    ranks = _checked(ranks_left)
    slots, table = _multisets()
    values = ranks.astype(np.float64) @ _RANK_TO_VALUE  # n x 10
    # (n_value - before) for every slot, slots down the rows: 60 x n. A negative factor
    # only meets a multiset that needs more of a value than is left; the factor 0 just
    # before it zeroes the product first.
    factors = (values.T[:, None, :] - np.arange(6.0)[None, :, None]).reshape(60, -1)
    counts = np.empty((len(table), len(ranks)))  # 5 x n, whole numbers of ordered deals
    # In blocks: the weights of a block stay in the processor's cache (all at once, a
    # thousand shoes' hands would be gigabytes, and several times slower per hand).
    for start in range(0, len(ranks), BLOCK):
        block = factors[:, start : start + BLOCK]
        weights = block[slots[0]]
        for k in range(1, 6):
            weights *= block[slots[k]]
        # einsum's own loop, not BLAS: a product this small gains nothing from BLAS's
        # threads, and on a busy machine they made it ten times slower.
        counts[:, start : start + BLOCK] = np.einsum("fm,mn->fn", table, weights)
    n = ranks.sum(axis=1).astype(np.float64)
    total = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    banker, player, tie, dragon, panda = counts / total
    pairs = (ranks * (ranks - 1)).sum(axis=1) / (n * (n - 1))
    return {
        "banker": (1 - float(COMMISSION)) * banker - player,
        "player": player - banker,
        "tie": (TIE_PAYS[0] + 1) * tie - 1,
        "dragon_7": (DRAGON_7_PAYS + 1) * dragon - 1,
        "panda_8": (PANDA_8_PAYS + 1) * panda - 1,
        "player_pair": (PAIR_PAYS + 1) * pairs - 1,
    }


def ranks_before_hands(
    decks: int, hands: Sequence[Sequence[Card]], burned: Sequence[Card] = ()
) -> np.ndarray:
    """(n, 13) rank counts left before each hand, from a full shoe less the burned cards
    and the hands already dealt. ShoeError for a card of unknown rank (what is left would
    not be known) and for more of a rank than the shoe holds."""
    for number, cards in enumerate([burned, *hands]):
        if any(not card.known for card in cards):
            where = _("burned") if number == 0 else _("hand {number}").format(number=number)
            raise ShoeError(
                _("{where}: a card of unknown rank; what is left is not known").format(where=where)
            )
    start = shoe_after(decks, burned).ranks  # checks the decks and the burned cards
    dealt = np.zeros((len(hands), len(RANKS)), dtype=np.int64)
    column = {rank: i for i, rank in enumerate(RANKS)}
    for row, cards in enumerate(hands[:-1]):
        for card in cards:
            dealt[row + 1, column[card.rank]] += 1  # type: ignore[index]
    left = np.array([start[rank] for rank in RANKS], dtype=np.int64) - np.cumsum(dealt, axis=0)
    if left.size and left.min() < 0:
        row, col = np.argwhere(left < 0)[0]
        raise ShoeError(
            _("hand {number}: more cards of rank {rank} dealt than the shoe holds").format(
                number=int(row), rank="10" if RANKS[col] == "T" else RANKS[col]
            )
        )
    return left
