"""A shoe walked hand by hand: its cards, and the exact edge of each bet before every hand.

The shoes are the lab's (baccarat.simulation.shoes): the same shuffle from the same seeds,
the same burn and cut card, so a seed's first shoe here is the first shoe of the lab's run
with that seed. The lab deals values only; here the cards keep their ranks (the pair bet
needs them), laid out so that the shuffle puts the same value at every place.

A recorded shoe is walked from its cards while every hand has them, all of known rank; a
hand without them ends the exact figures there (`Walk.stopped`), since what is left after it
is no longer known, and its result says something about the cards it took.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from baccarat.game.cards import RANK_VALUES, RANKS, Card, CardError
from baccarat.game.rules import HandError, resolve
from baccarat.odds.exact import CARDS_PER_DECK_BY_RANK, ShoeError
from baccarat.odds.through_shoe import EDGE_BETS, edges_of, ranks_before_hands
from baccarat.simulation.shoes import (
    CUT_CARD_FROM_END,
    LETTERS,
    full_shoe,
    hand_table,
    seed_sequence,
)

# The ranks in the order of their values (10, J, Q, K first, as value 0), as full_shoe
# lays the values out.
_BY_VALUE = sorted(range(len(RANKS)), key=lambda i: RANK_VALUES[RANKS[i]])


@cache
def full_rank_shoe(decks: int) -> np.ndarray:
    """A shoe's ranks (indexes into RANKS), placed so that their values are full_shoe's."""
    ranks = np.repeat(np.array(_BY_VALUE, dtype=np.int8), CARDS_PER_DECK_BY_RANK["A"] * decks)
    values = np.array([RANK_VALUES[RANKS[i]] for i in ranks], dtype=np.int8)
    assert (values == full_shoe(decks)).all()
    return ranks


@cache
def _value_of_rank() -> np.ndarray:
    return np.array([RANK_VALUES[rank] for rank in RANKS], dtype=np.int8)


def shuffled_ranks(decks: int, shoes: int, seed: int, chunk: int) -> np.ndarray:
    """The lab's shuffle of chunk `chunk` (shoes x cards), as ranks."""
    rng = np.random.default_rng(seed_sequence(seed, chunk))
    return rng.permuted(np.tile(full_rank_shoe(decks), (shoes, 1)), axis=1)


def hand_starts(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(starts, taken): where each hand of every shoe starts and how many cards it takes
    (shoes x hands, -1 and 0 after a shoe's last hand), dealt by the lab's procedure."""
    winner, cards_taken = hand_table()
    shoes, size = values.shape
    padded = np.zeros((shoes, size + 6), dtype=np.int32)
    padded[:, :size] = values
    first = values[:, 0].astype(np.int32)
    position = 1 + np.where(first == 0, 10, first)
    cut = size - CUT_CARD_FROM_END
    rows = np.arange(shoes)
    starts = np.full((shoes, size // 4 + 1), -1, dtype=np.int32)
    taken = np.zeros_like(starts)
    live = np.ones(shoes, dtype=bool)
    hand = 0
    while live.any():
        code = padded[rows, position]
        for offset in range(1, 6):
            code = code * 10 + padded[rows, position + offset]
        starts[live, hand] = position[live]
        taken[live, hand] = cards_taken[code[live]]
        last = position >= cut
        position = np.where(live, position + cards_taken[code], position)
        live &= ~last
        hand += 1
    return starts[:, :hand], taken[:, :hand]


def edges_of_shoes(decks: int, ranks: np.ndarray) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """(starts, edges) for shoes of ranks (shoes x cards): each bet's exact edge before
    every hand, shoes x hands, NaN after a shoe's last hand."""
    starts, _taken = hand_starts(_value_of_rank()[ranks])
    shoes = len(ranks)
    # Cards of each rank before each place: the full shoe less them is what is left.
    seen = np.zeros((shoes, ranks.shape[1] + 1, len(RANKS)), dtype=np.int16)
    np.add.at(seen, (np.arange(shoes)[:, None], np.arange(1, ranks.shape[1] + 1), ranks), 1)
    seen = np.cumsum(seen, axis=1, dtype=np.int16)
    dealt = starts >= 0
    shoe_of, hand_of = np.nonzero(dealt)
    left = decks * CARDS_PER_DECK_BY_RANK["A"] - seen[shoe_of, starts[shoe_of, hand_of]]
    found = edges_of(left)
    edges = {}
    for bet in EDGE_BETS:
        grid = np.full(starts.shape, np.nan)
        grid[shoe_of, hand_of] = found[bet]
        edges[bet] = grid
    return starts, edges


# The most shoes one step of a long pass prices: about 0.1 s for eight decks here on a quiet
# machine and 0.3 s on a busy one (bench/edges_through_shoe.py), inside a lab step's half
# second (lab.runs.STEP_SECONDS).
STEP_SHOES = 50


def step_edges(
    decks: int, seed: int, chunk: int, start: int, stop: int
) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """Shoes start..stop of chunk `chunk` of the lab's run with `seed`, priced (edges_of_shoes).
    The lab shuffles a chunk's shoes one after another, so its first `stop` shoes are shuffled
    alone here and a long pass can be cut into steps anywhere."""
    return edges_of_shoes(decks, shuffled_ranks(decks, stop, seed, chunk)[start:])


@dataclass(frozen=True)
class Walk:
    """A shoe's hands and, before each hand that has one, each bet's exact edge."""

    decks: int
    hands: list[list[Card]]  # every hand's cards in dealing order ([] when not recorded)
    results: str  # "BPT…", one letter a hand
    burned: list[Card]  # the first card turned over, then the ones burned under it
    ranks_left: np.ndarray  # (exact hands) x 13
    edges: dict[str, np.ndarray]  # bet -> (exact hands,)
    stopped: str | None = None  # why the exact figures end before the last hand

    @property
    def exact_hands(self) -> int:
        return len(self.ranks_left)


def dealt_walk(decks: int, seed: int) -> Walk:
    """The first shoe of the lab's run with `seed`, walked."""
    ranks = shuffled_ranks(decks, 1, seed, 0)
    starts, taken = hand_starts(_value_of_rank()[ranks])
    row = ranks[0]
    hands = [
        [Card(RANKS[i]) for i in row[start : start + n]]
        for start, n in zip(starts[0], taken[0], strict=True)
        if start >= 0
    ]
    burned = [Card(RANKS[i]) for i in row[: starts[0][0]]]
    winner, _cards = hand_table()
    results = "".join(LETTERS[winner[_code(hand)]] for hand in hands)
    left = ranks_before_hands(decks, hands, burned)
    return Walk(decks, hands, results, burned, left, edges_of(left))


def _code(hand: list[Card]) -> int:
    """A hand's six-value code in hand_table (the cards it did not take count as 0)."""
    code = 0
    for k in range(6):
        code = code * 10 + ((hand[k].value or 0) if k < len(hand) else 0)
    return code


def _complete(cards: Sequence[Card]) -> bool:
    """The cards are a whole hand: the rules deal none after them, and none is too many."""
    try:
        return resolve(list(cards)).complete
    except (HandError, CardError):
        return False


def recorded_walk(decks: int, hands: Sequence[Sequence[Card] | None], results: str) -> Walk:
    """A recorded shoe walked: exact figures before each hand up to and including the first
    one whose cards are not all known (None: not recorded; "?" cards; too few for the hand),
    and none for a shoe with more of a rank than it holds."""
    known: list[list[Card]] = []
    stopped = None
    for cards in hands:
        if cards is None:
            stopped = "missing"
        elif any(not card.known for card in cards) or not _complete(cards):
            stopped = "unknown"
        else:
            known.append(list(cards))
            continue
        # The edge before this hand is still exact (only the hands before it count); after
        # it, nothing is.
        known.append([])
        break
    try:
        left = ranks_before_hands(decks, known)
    except ShoeError:
        stopped, left = "too_many", np.zeros((0, len(RANKS)), dtype=np.int64)
    # A shoe whose last hands leave fewer than six cards has no hand to price there.
    left = left[left.sum(axis=1) >= 6]
    all_hands = [list(cards) if cards is not None else [] for cards in hands]
    return Walk(decks, all_hands, results, [], left, edges_of(left), stopped)
