"""The exact edge of each bet before every hand of a shoe, for many shoes at once.

`edges_of` answers for an array of shoes given rank by rank; each row's figures are those
of baccarat.odds.exact.odds(ranks=...).edges()[bet], in the bettor's sign (negative: the
house's edge), the Tie at 8 to 1. `ranks_before_hands` says what is left before each hand.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from baccarat.game.cards import RANK_VALUES, RANKS, Card
from baccarat.odds.exact import (
    COMMISSION,
    DRAGON_7_PAYS,
    PAIR_PAYS,
    PANDA_8_PAYS,
    TIE_PAYS,
    VALUES,
    ranks_of_decks,
)
from baccarat.odds.naturals import chances

EDGE_BETS = ("banker", "player", "tie", "dragon_7", "panda_8", "player_pair")
VALUE_OF_RANK = np.array([[RANK_VALUES[r] == v for v in VALUES] for r in RANKS], dtype=np.int64)


def edges_of(ranks_left: np.ndarray) -> dict[str, np.ndarray]:
    """(n, 13) rank counts (in RANKS order) -> bet -> (n,) the bettor's expectation per unit."""
    ranks_left = np.asarray(ranks_left, dtype=np.int64)
    p = chances(ranks_left @ VALUE_OF_RANK, ("banker", "player", "tie", "dragon_7", "panda_8"))
    banker, player, tie, dragon, panda = p.T
    n = ranks_left.sum(axis=1).astype(np.float64)
    pair = (ranks_left * (ranks_left - 1)).sum(axis=1) / (n * (n - 1))
    return {
        "banker": (1 - float(COMMISSION)) * banker - player,
        "player": player - banker,
        "tie": (TIE_PAYS[0] + 1) * tie - 1,
        "dragon_7": (DRAGON_7_PAYS + 1) * dragon - 1,
        "panda_8": (PANDA_8_PAYS + 1) * panda - 1,
        "player_pair": (PAIR_PAYS + 1) * pair - 1,
    }


def ranks_before_hands(
    decks: int, hands: Sequence[Sequence[Card]], burned: Sequence[Card] = ()
) -> np.ndarray:
    """(len(hands), 13): the ranks left before each hand, the shoe of `decks` decks less the
    burned cards and every card of the hands before it (cards of known rank)."""
    left = ranks_of_decks(decks)
    for card in burned:
        left[str(card.rank)] -= 1
    rows = []
    for hand in hands:
        rows.append([left[r] for r in RANKS])
        for card in hand:
            left[str(card.rank)] -= 1
    return np.array(rows, dtype=np.int64).reshape(len(rows), len(RANKS))
