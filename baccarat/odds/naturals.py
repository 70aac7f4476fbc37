"""The natural 8 and natural 9 bets, and the chances of any hand feature for many shoes at
once.

Thorp and Walden (1966) priced the Nevada side bets that the Player's (or the Banker's)
first two cards make a natural 8, or a natural 9, each paying 9 to 1 (reference/sources.toml,
"thorp-walden-1966-p317"). The features are baccarat.odds.side_bets' `{side}_natural_{8,9}`.

`chances` is baccarat.odds.exact.count_deals for a whole array of shoes: the same tallies
and the same falling-factorial weights, in floating point (a product of six factors of at
most 416 is below 2^53, so each weight is exact; only the sums round), and the weights
taken as the exponential of one matrix product of logarithms, so a hundred thousand shoes
cost seconds, not minutes. A simulation that wants each hand's exact edge needs that.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from baccarat.odds.exact import INDEX, VALUES, tallies
from baccarat.odds.side_bets import NATURAL_TOTALS, SIDES

NATURAL_PAYS = 9  # to 1, the pay Thorp and Walden give for both bets
NATURAL_BETS = tuple(f"{side}_natural_{total}" for side in SIDES for total in NATURAL_TOTALS)
ROWS_AT_ONCE = 2_048  # shoes per matrix product: about 80 MB of weights
MOST_OF_A_VALUE = 8 * 16  # tens and pictures in eight decks
IMPOSSIBLE = -1.0e4  # the logarithm standing for a weight of 0 (e^-10000 is 0)


@cache
def _logs() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(log falling factorials, one-hot of each multiset's counts, orderings): with them a
    shoe's weight for every multiset is exp(log_falling[shoe] @ one_hot)."""
    multiplicities, table = tallies()
    n = np.arange(MOST_OF_A_VALUE + 1, dtype=np.float64)[:, None]
    m = np.arange(7, dtype=np.float64)[None, :]
    # log of n (n-1) ... (n-m+1), or IMPOSSIBLE when n < m.
    terms = np.where(n - np.arange(6)[None, :] > 0, np.log(np.maximum(n - np.arange(6), 1)), 0)
    cumulative = np.concatenate([np.zeros((len(n), 1)), np.cumsum(terms, axis=1)], axis=1)
    log_falling = np.where(n >= m, cumulative, IMPOSSIBLE)
    one_hot = np.zeros((len(VALUES) * 7, len(multiplicities)))
    for v in VALUES:
        one_hot[v * 7 + multiplicities[:, v], np.arange(len(multiplicities))] = 1.0
    orderings = (table[INDEX["banker"]] + table[INDEX["player"]] + table[INDEX["tie"]]).astype(
        np.float64
    )
    return log_falling, one_hot, orderings


def chances(values: np.ndarray, features: tuple[str, ...]) -> np.ndarray:
    """values: (n, 10) cards of each value left in n shoes (each at least six cards);
    returns (n, len(features)), the chance of each feature on the next hand of each shoe."""
    values = np.asarray(values, dtype=np.int64)
    log_falling, one_hot, orderings = _logs()
    _multiplicities, table = tallies()
    counted = np.stack([orderings, *(table[INDEX[f]].astype(np.float64) for f in features)], 1)
    out = np.empty((len(values), len(features)))
    for start in range(0, len(values), ROWS_AT_ONCE):
        part = values[start : start + ROWS_AT_ONCE]
        logs = log_falling[part, :].reshape(len(part), -1)  # (rows, 10 * 7)
        weights = np.exp(np.minimum(logs @ one_hot, 700.0))
        sums = weights @ counted
        out[start : start + len(part)] = sums[:, 1:] / sums[:, :1]
    return out


def natural_edges(values: np.ndarray) -> dict[str, np.ndarray]:
    """Each natural bet's expectation per unit for the bettor (negative: the house's edge),
    for every shoe of `values` (n, 10)."""
    p = chances(values, NATURAL_BETS)
    return {bet: (NATURAL_PAYS + 1) * p[:, i] - 1 for i, bet in enumerate(NATURAL_BETS)}
