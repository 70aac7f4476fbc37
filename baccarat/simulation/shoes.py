"""Whole shoes dealt in bulk by the real rules, and read the way the scoreboard reads them.

Not one `rules.resolve()` call per hand: how a hand goes depends only on the values of the
six cards from where it starts, so baccarat.odds.exact.played() (every one of the 10^6 value
sequences played once by the rules' own tables) is a lookup table from those six values to
the winner and the number of cards the hand takes. A chunk of shoes is shuffled as one
numpy array and dealt hand by hand across all its shoes at once; the Big Road's columns
and the derived roads' marks are then counted from the columns' lengths
(`columns`, `derived_marks`), which is all the derived roads' two rules look at (docs/roads.md).

The procedure (PROCEDURE): shuffle, turn over the first card and burn as many cards as it
counts, the cut card 16 cards from the end; the hand during which it comes out is finished
and one more is dealt.

Runs are cut into chunks of CHUNK shoes, each shuffled from its own seed (the run's seed
and the chunk's number), so a run's answer does not depend on how it is split into steps
(a long run in the lab is dealt over several requests).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from baccarat.odds.exact import CARDS_PER_DECK_BY_VALUE, MAX_DECKS, played
from baccarat.roads.scoreboard import count_derived_marks
from baccarat.translation import _

CUT_CARD_FROM_END = 16
CHUNK = 2_000
MAX_SHOES = 100_000
BANKER_WINS, PLAYER_WINS, TIE_HAND, NO_HAND = 0, 1, 2, -1
LETTERS = "BPT"


def burned(value: int) -> int:
    """How many cards are burned after the first card is turned over, by its value (tens
    and pictures are worth 0, and burn 10)."""
    return value if value else 10


BURNED = np.array([burned(value) for value in range(10)], dtype=np.int32)


def procedure(decks: int) -> str:
    """How the shoes are dealt, in one sentence."""
    if decks > 1:
        text = _(
            "Each shoe of {decks} decks ({cards} cards) is shuffled; the first card is turned "
            "over and as many cards as it counts are burned (an ace 1, a ten or a picture 10); "
            "the cut card goes in front of the last {cut} cards, and the hand during which it "
            "comes out is finished and one more is dealt (a cut card that comes out between "
            "hands makes the next hand the last)."
        )
    else:
        text = _(
            "Each shoe of {decks} deck ({cards} cards) is shuffled; the first card is turned "
            "over and as many cards as it counts are burned (an ace 1, a ten or a picture 10); "
            "the cut card goes in front of the last {cut} cards, and the hand during which it "
            "comes out is finished and one more is dealt (a cut card that comes out between "
            "hands makes the next hand the last)."
        )
    return text.format(decks=decks, cards=decks * 52, cut=CUT_CARD_FROM_END)


@cache
def hand_table() -> tuple[np.ndarray, np.ndarray]:
    """(winner, cards): for each six-value sequence (its digits as one number, Player's
    first card first), who wins (BANKER_WINS, PLAYER_WINS, TIE_HAND) and how many of the six
    cards the hand takes."""
    _sequences, columns, cards = played()
    winner = np.full(cards.shape, TIE_HAND, dtype=np.int8)
    winner[columns["banker"]] = BANKER_WINS
    winner[columns["player"]] = PLAYER_WINS
    return winner, cards.astype(np.int16)


def seed_sequence(seed: int, chunk: int) -> np.random.SeedSequence:
    """The chunk's own seed: the same (seed, chunk) always shuffles the same shoes. Any
    integer seed, negative ones apart from positive ones."""
    return np.random.SeedSequence([0 if seed >= 0 else 1, abs(seed), chunk])


@dataclass(frozen=True)
class Dealt:
    """The outcomes of a chunk of shoes: outcomes[shoe, hand] is BANKER_WINS, PLAYER_WINS or
    TIE_HAND, then NO_HAND after the shoe's last hand."""

    decks: int
    outcomes: np.ndarray  # int8, shoes x (the longest shoe's hands)

    @property
    def shoes(self) -> int:
        return int(self.outcomes.shape[0])

    @property
    def hands(self) -> np.ndarray:
        """Hands dealt in each shoe."""
        hands: np.ndarray = (self.outcomes != NO_HAND).sum(axis=1)
        return hands

    def letters(self, shoe: int) -> str:
        """One shoe's outcomes as the roads read them: "BPPTB…"."""
        row = self.outcomes[shoe]
        return "".join(LETTERS[o] for o in row[row != NO_HAND])


def full_shoe(decks: int) -> np.ndarray:
    """A shoe's card values (tens and pictures 0), in order."""
    counts = np.array(CARDS_PER_DECK_BY_VALUE) * decks
    return np.repeat(np.arange(10, dtype=np.int8), counts)


def shuffled(decks: int, shoes: int, seed: int, chunk: int) -> np.ndarray:
    """`shoes` shuffled shoes (shoes x cards, values), the chunk's own shuffle."""
    rng = np.random.default_rng(seed_sequence(seed, chunk))
    return rng.permuted(np.tile(full_shoe(decks), (shoes, 1)), axis=1)


def deal(cards: np.ndarray, decks: int) -> Dealt:
    """Deal every shoe of `cards` (shoes x cards, values) to its end by PROCEDURE."""
    winner, taken = hand_table()
    shoes, size = cards.shape
    # Six values from any place a hand can start; past the last card there is nothing to
    # read, but no hand starts there (the cut card leaves 16 cards for the last two hands,
    # which take at most 12), so zeros pad the reads of the shoes already finished.
    padded = np.zeros((shoes, size + 6), dtype=np.int32)
    padded[:, :size] = cards
    first = cards[:, 0].astype(np.int32)
    position = 1 + BURNED[first]  # the first card and the burned ones
    cut = size - CUT_CARD_FROM_END
    rows = np.arange(shoes)
    outcomes = np.full((shoes, size // 4 + 1), NO_HAND, dtype=np.int8)
    live = np.ones(shoes, dtype=bool)
    hand = 0
    while live.any():
        code = padded[rows, position]
        for offset in range(1, 6):
            code = code * 10 + padded[rows, position + offset]
        outcomes[live, hand] = winner[code[live]]
        # The hand that starts at or past the cut card is the last one.
        last = position >= cut
        position = np.where(live, position + taken[code], position)
        live &= ~last
        hand += 1
    return Dealt(decks, outcomes[:, :hand])


def deal_shoes(decks: int, shoes: int, seed: int, chunk: int = 0) -> Dealt:
    """Chunk `chunk` of a run: `shoes` (at most CHUNK) shoes shuffled and dealt."""
    if not 1 <= decks <= MAX_DECKS:
        raise ValueError(f"decks: {decks} is not 1 to {MAX_DECKS}")
    return deal(shuffled(decks, shoes, seed, chunk), decks)


def chunks(shoes: int) -> list[int]:
    """How many shoes each chunk of a run of `shoes` deals."""
    return [min(CHUNK, shoes - start) for start in range(0, shoes, CHUNK)]


# --- the Big Road and the derived roads, in bulk -------------------------------------------


@dataclass(frozen=True)
class Columns:
    """The Big Road's logical columns of every shoe of a chunk, one after another."""

    lengths: np.ndarray  # each column's length
    shoe: np.ndarray  # the shoe it belongs to
    number: np.ndarray  # its 0-based number in its shoe
    side: np.ndarray  # BANKER_WINS or PLAYER_WINS
    # Per Banker or Player hand, in dealing order, shoe after shoe: its column (an index
    # into the arrays above) and its 0-based row there.
    column_of_hand: np.ndarray
    row_of_hand: np.ndarray

    def longest(self, shoes: int) -> np.ndarray:
        """Each shoe's longest column (0 for a shoe of ties alone)."""
        out = np.zeros(shoes, dtype=np.int64)
        np.maximum.at(out, self.shoe, self.lengths)
        return out


def columns(dealt: Dealt) -> Columns:
    """Ties take no place in the Big Road; a Banker or Player hand extends the column when it
    is the same side as the one before it in the shoe, and starts one otherwise."""
    shoe_of, _hand = np.nonzero((dealt.outcomes == BANKER_WINS) | (dealt.outcomes == PLAYER_WINS))
    sides = dealt.outcomes[shoe_of, _hand]
    starts = np.ones(len(sides), dtype=bool)
    starts[1:] = (shoe_of[1:] != shoe_of[:-1]) | (sides[1:] != sides[:-1])
    first = np.flatnonzero(starts)
    lengths = np.diff(np.append(first, len(sides)))
    shoe = shoe_of[first]
    shoe_start = np.ones(len(first), dtype=bool)
    shoe_start[1:] = shoe[1:] != shoe[:-1]
    group = np.cumsum(shoe_start) - 1
    number = np.arange(len(first)) - np.flatnonzero(shoe_start)[group]
    column_of_hand = np.cumsum(starts) - 1
    row_of_hand = np.arange(len(sides)) - first[column_of_hand]
    return Columns(lengths, shoe, number, sides[first], column_of_hand, row_of_hand)


def derived_marks(cols: Columns, back: int) -> tuple[int, int]:
    """(red, blue): every mark the derived road looking `back` columns back draws over all
    the shoes of a chunk, counted by baccarat.roads.scoreboard from the columns' lengths."""
    return count_derived_marks(cols.lengths, cols.number, back)
