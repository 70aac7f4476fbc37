"""Counts measured over many shoes: how well each count's true count follows the exact edge,
and what betting by it wins, beside betting with perfect knowledge of the cards left.

The shoes are the lab's (baccarat.simulation.shoes): the same seeds per chunk of CHUNK
shoes, the same shuffle and the same procedure, so shoe i of seed s is the shoe the lab
deals; here the cards are kept by rank (a shoe laid out rank by rank in the order of its
values is shuffled by the same permutation, so its values are the lab's card for card).
Before each hand the counter has seen the first card and every card dealt; the burned
cards are unseen, so the exact edge of a bet is that of the unseen cards, which is what a
bet made then can expect (baccarat.odds.through_shoe).

Per count and per perfect-knowledge bettor: the hands, the Pearson correlation of the true
count with the exact edge, the share of hands whose exact edge is positive, the share bet,
the win per 100 hands (all hands counted, 1 unit a bet) with a 95% interval, and the
expected win per 100 hands of those same bets from the exact edges. The sums behind them
add up chunk by chunk, so a run can be dealt over several steps.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from baccarat.game.cards import RANK_VALUES, RANKS
from baccarat.odds.exact import (
    COMMISSION,
    DRAGON_7_PAYS,
    MAX_DECKS,
    PANDA_8_PAYS,
    TIE_PAYS,
    played,
)
from baccarat.odds.naturals import NATURAL_PAYS
from baccarat.simulation.counting import BETS, Count, bet_edges, full_ranks, true_counts
from baccarat.simulation.shoes import CHUNK, seed_sequence

CUT_DEPTHS = (14, 16, 26, 52)  # cards behind the cut card
Z95 = 1.959964
FEW_BETS = 100  # fewer even-money bets than this get the interval that needs no normal shape
COMMISSION_KEPT = float(1 - COMMISSION)  # what a Banker win pays per unit
# Sums kept per row of the table, in this order.
SUMS = ("hands", "x", "xx", "y", "yy", "xy", "positive", "bets", "won", "variance", "expected")
# The pays the odds engine prices each bet at (to 1): the tie at 8 to 1, as through_shoe does.
PAYS = {
    "tie": TIE_PAYS[0],
    "dragon_7": DRAGON_7_PAYS,
    "panda_8": PANDA_8_PAYS,
    "player_natural_8": NATURAL_PAYS,
    "player_natural_9": NATURAL_PAYS,
}


def rank_shoe(decks: int) -> np.ndarray:
    """A full shoe's ranks (indices into RANKS), laid out in the order of their values
    (tens and pictures first), as baccarat.simulation.shoes.full_shoe lays out values."""
    order = sorted(range(len(RANKS)), key=lambda i: (RANK_VALUES[RANKS[i]], i))
    return np.repeat(np.array(order, dtype=np.int8), 4 * decks)


VALUE_OF = np.array([RANK_VALUES[r] for r in RANKS], dtype=np.int32)


def shuffled_ranks(decks: int, shoes: int, seed: int, chunk: int) -> np.ndarray:
    """The chunk's shoes, by rank: shoes.shuffled's very permutation of the cards."""
    rng = np.random.default_rng(seed_sequence(seed, chunk))
    return rng.permuted(np.tile(rank_shoe(decks), (shoes, 1)), axis=1)


_PAYS: dict[str, np.ndarray] = {}


def payoffs() -> dict[str, np.ndarray]:
    """bet -> what 1 unit on it returns for each six-value sequence (float32, 10^6)."""
    if not _PAYS:
        _seq, columns, _cards = played()
        banker, player, tie = columns["banker"], columns["player"], columns["tie"]
        _PAYS["banker"] = np.where(banker, COMMISSION_KEPT, np.where(player, -1.0, 0.0))
        _PAYS["player"] = np.where(player, 1.0, np.where(banker, -1.0, 0.0))
        for bet, column, pays in (
            ("tie", tie, 8),
            ("dragon_7", columns["dragon_7"], 40),
            ("panda_8", columns["panda_8"], 25),
            ("player_natural_8", columns["player_natural_8"], 9),
            ("player_natural_9", columns["player_natural_9"], 9),
        ):
            _PAYS[bet] = np.where(column, float(pays), -1.0)
        for bet in list(_PAYS):
            _PAYS[bet] = _PAYS[bet].astype(np.float32)
    return _PAYS


@dataclass(frozen=True)
class Hands:
    """Every hand of some shoes: what the counter knew before it and how it went."""

    seen: np.ndarray  # (hands, 13) ranks seen before the hand
    unseen: np.ndarray  # (hands,) cards not seen yet
    edges: dict[str, np.ndarray]  # bet -> (hands,) exact expectation before the hand
    paid: dict[str, np.ndarray]  # bet -> (hands,) what 1 unit on it returned


def deal_hands(cards: np.ndarray, decks: int, cut: int) -> Hands:
    """Deal `cards` (shoes x cards, ranks) by the lab's procedure with the cut card `cut`
    cards from the end, and note each hand."""
    from baccarat.simulation.shoes import hand_table

    _winner, taken = hand_table()
    shoes, size = cards.shape
    values = VALUE_OF[cards]
    padded = np.zeros((shoes, size + 6), dtype=np.int32)
    padded[:, :size] = values
    burn_end = 1 + np.where(values[:, 0] == 0, 10, values[:, 0])
    position = burn_end.copy()
    cut_at = size - cut
    rows = np.arange(shoes)
    live = np.ones(shoes, dtype=bool)
    starts, codes, which = [], [], []
    while live.any():
        code = padded[rows, position]
        for offset in range(1, 6):
            code = code * 10 + padded[rows, position + offset]
        starts.append(position[live])
        codes.append(code[live])
        which.append(rows[live])
        last = position >= cut_at
        position = np.where(live, np.minimum(position + taken[code], size), position)
        live &= ~last
    start, code, shoe = np.concatenate(starts), np.concatenate(codes), np.concatenate(which)
    one_hot = np.zeros((shoes, size + 1, len(RANKS)), dtype=np.int16)
    one_hot[rows[:, None], np.arange(1, size + 1)[None, :], cards] = 1
    cumulative = np.cumsum(one_hot, axis=1)
    first = np.zeros((shoes, len(RANKS)), dtype=np.int64)
    first[rows, cards[:, 0]] = 1
    seen = (
        cumulative[shoe, start].astype(np.int64)
        - cumulative[shoe, burn_end[shoe]].astype(np.int64)
        + first[shoe]
    )
    unseen = size - seen.sum(axis=1)
    edges = bet_edges(full_ranks(decks)[None, :] - seen)
    pays = payoffs()
    return Hands(seen, unseen, edges, {bet: pays[bet][code] for bet in BETS})


def variances(edges: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """bet -> (hands,) the variance of what 1 unit on it returns, given the cards left.

    Exact, from the edges alone: a bet that wins `pays` or loses 1 wins with the chance
    (edge + 1) / (pays + 1); Banker's and Player's chances follow from the Tie's and from
    the Player's edge (P - B)."""
    out = {}
    for bet, pays in PAYS.items():
        p = (edges[bet] + 1) / (pays + 1)
        out[bet] = pays * pays * p + (1 - p) - edges[bet] ** 2
    tie = (edges["tie"] + 1) / (PAYS["tie"] + 1)
    player = (1 - tie + edges["player"]) / 2
    banker = 1 - tie - player
    out["player"] = banker + player - edges["player"] ** 2
    out["banker"] = COMMISSION_KEPT**2 * banker + player - edges["banker"] ** 2
    return {bet: np.maximum(v, 0.0) for bet, v in out.items()}


def sums_of(
    signal: np.ndarray | None, edge: np.ndarray, bet: np.ndarray, paid: np.ndarray,
    variance: np.ndarray,
) -> np.ndarray:  # fmt: skip
    """The SUMS of one row over some hands (signal None: perfect knowledge, no signal)."""
    x = np.zeros_like(edge) if signal is None else signal
    won = np.where(bet, paid, 0.0)
    return np.array(
        [
            len(edge), x.sum(), (x * x).sum(), edge.sum(), (edge * edge).sum(), (x * edge).sum(),
            (edge > 0).sum(), bet.sum(), won.sum(), variance[bet].sum(), edge[bet].sum(),
        ],
        dtype=np.float64,
    )  # fmt: skip


@dataclass(frozen=True)
class Row:
    """One line of the table: a count (or perfect knowledge of a bet) over a run."""

    key: str
    bet: str
    hands: int
    correlation: float | None  # None for perfect knowledge, or no spread to correlate
    positive: float  # share of hands whose exact edge is positive
    bet_share: float
    win_per_100: float
    low: float  # the 95% interval for the expected win per 100 hands
    high: float
    expected_per_100: float

    @property
    def covers(self) -> bool:
        """Whether the interval holds the exact expectation."""
        return self.low - 1e-9 <= self.expected_per_100 <= self.high + 1e-9


def poisson_below(k: int, mean: float) -> float:
    """P(X <= k) for X Poisson with this mean."""
    if mean <= 0:
        return 1.0
    log_mean = math.log(mean)
    return min(1.0, sum(math.exp(j * log_mean - mean - math.lgamma(j + 1)) for j in range(k + 1)))


def poisson_interval(wins: int, tail: float = 0.025) -> tuple[float, float]:
    """Garwood's exact 95% interval for a Poisson mean, `wins` seen. Many bets each won
    with a small chance add up to fewer swings than a Poisson count with the same mean, so
    the interval is, if anything, wide (the normal one is not: a bet at 40 to 1 won once in
    a few hundred hands lies far outside it, though nothing is wrong)."""
    if wins > 2_000:  # the normal shape is exact enough, and the sums would be long
        half = Z95 * math.sqrt(wins)
        return max(wins - half, 0.0), wins + 1 + half

    def solve(goal: float, k: int) -> float:
        low, high = 0.0, wins + 10 * math.sqrt(wins + 1) + 20
        for _ in range(60):
            middle = (low + high) / 2
            if poisson_below(k, middle) > goal:
                low = middle
            else:
                high = middle
        return (low + high) / 2

    lowest = 0.0 if wins == 0 else solve(1 - tail, wins - 1)
    return lowest, solve(tail, wins)


def row_of(key: str, bet: str, s: np.ndarray, perfect: bool) -> Row:
    got = dict(zip(SUMS, s, strict=True))
    n = got["hands"]
    if not n:
        return Row(key, bet, 0, None, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    vx = got["xx"] / n - (got["x"] / n) ** 2
    vy = got["yy"] / n - (got["y"] / n) ** 2
    cov = got["xy"] / n - got["x"] * got["y"] / n**2
    correlation = None if perfect or vx <= 0 or vy <= 0 else float(cov / np.sqrt(vx * vy))
    mean = got["won"] / n
    if bet in PAYS:
        # A bet won or lost whole: the interval is the wins' count's.
        size = PAYS[bet] + 1
        wins = round((got["won"] + got["bets"]) / size)
        fewest, most = poisson_interval(wins)
        low, high = (size * fewest - got["bets"]) / n, (size * most - got["bets"]) / n
    else:
        # The wins less their expectations, hand by hand, are a martingale's steps: the
        # sum's variance is the sum of each bet's variance given the cards left then.
        # Few bets are far from the normal shape; then Hoeffding's bound for steps of a
        # width of 2 at most, which holds for any number.
        half = Z95 * math.sqrt(got["variance"]) / n
        if got["bets"] < FEW_BETS:
            half = max(half, math.sqrt(2 * got["bets"] * math.log(2 / 0.05)) / n)
        low, high = mean - half, mean + half
    return Row(
        key,
        bet,
        int(n),
        correlation,
        got["positive"] / n,
        got["bets"] / n,
        100 * mean,
        100 * low,
        100 * high,
        100 * got["expected"] / n,
    )


@dataclass
class CountRun:
    """A run of `shoes` shoes measured for `counts`, dealt a slice at a time."""

    decks: int
    cut: int
    seed: int
    shoes: int
    counts: tuple[Count, ...]
    done: int = 0
    sums: np.ndarray = field(default_factory=lambda: np.zeros(0))

    def __post_init__(self) -> None:
        if not 1 <= self.decks <= MAX_DECKS:
            raise ValueError(f"decks: {self.decks} is not 1 to {MAX_DECKS}")
        if not len(self.sums):
            self.sums = np.zeros((len(self.counts) + len(BETS), len(SUMS)))

    @property
    def finished(self) -> bool:
        return self.done >= self.shoes

    def deal(self, most: int) -> None:
        """Deal up to `most` more shoes (never across a chunk's end)."""
        chunk, offset = divmod(self.done, CHUNK)
        size = min(self.shoes - chunk * CHUNK, CHUNK)
        end = min(size, offset + most)
        cards = shuffled_ranks(self.decks, end, self.seed, chunk)[offset:end]
        self.add(deal_hands(cards, self.decks, self.cut))
        self.done = chunk * CHUNK + end

    def add(self, hands: Hands) -> None:
        signals = true_counts(self.counts, hands.seen, hands.unseen)
        spread = variances(hands.edges)
        for i, count in enumerate(self.counts):
            signal, bet = signals[:, i], count.bet
            self.sums[i] += sums_of(
                signal, hands.edges[bet], signal >= count.trigger, hands.paid[bet], spread[bet]
            )
        for j, bet in enumerate(BETS):
            edge = hands.edges[bet]
            self.sums[len(self.counts) + j] += sums_of(
                None, edge, edge > 0, hands.paid[bet], spread[bet]
            )

    def run(self, step: int = CHUNK) -> CountRun:
        while not self.finished:
            self.deal(step)
        return self

    def rows(self) -> list[Row]:
        out = [row_of(c.key, c.bet, self.sums[i], False) for i, c in enumerate(self.counts)]
        for j, bet in enumerate(BETS):
            out.append(row_of(f"perfect_{bet}", bet, self.sums[len(self.counts) + j], True))
        return out
