"""A tracked shoe placed among the shoes chance deals: is its streak, or its Banker share,
anything chance does not do all the time?

The yardstick is a fixed reference run (REFERENCE_SHOES shoes dealt by baccarat.simulation.shoes
with REFERENCE_SEED, for the same number of decks), each cut to the tracked shoe's length:
a shoe of 40 hands is compared with the first 40 hands of every simulated shoe that ran that
long. The answer is a frequency ("a longest streak of 9 or more: 1 shoe in 14"), never a
verdict on the next hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from baccarat.roads.scoreboard import BANKER, PLAYER, TIE, Result, as_results, outcome_name
from baccarat.simulation.shoes import (
    BANKER_WINS,
    NO_HAND,
    PLAYER_WINS,
    TIE_HAND,
    chunks,
    columns,
    deal_shoes,
)
from baccarat.translation import _

REFERENCE_SHOES = 10_000
REFERENCE_SEED = 20_261_202
FEW = 200  # fewer simulated shoes than this that run as long: the comparison says so


@dataclass(frozen=True)
class Reference:
    """Per simulated shoe and hand (shoes x hands): the longest column so far and the
    Banker, Player and Tie hands so far; NO_HAND's places past a shoe's end."""

    decks: int
    hands: np.ndarray  # hands in each shoe
    longest: np.ndarray
    wins: dict[str, np.ndarray]  # outcome letter -> running count


@lru_cache(maxsize=8)  # one a number of decks; about 3 MB each
def reference(decks: int) -> Reference:
    parts = [
        deal_shoes(decks, size, REFERENCE_SEED, index)
        for index, size in enumerate(chunks(REFERENCE_SHOES))
    ]
    width = max(part.outcomes.shape[1] for part in parts)
    outcomes = np.full((REFERENCE_SHOES, width), NO_HAND, dtype=np.int8)
    start = 0
    for part in parts:
        outcomes[start : start + part.shoes, : part.outcomes.shape[1]] = part.outcomes
        start += part.shoes
    dealt = type(parts[0])(decks, outcomes)
    cols = columns(dealt)
    run = np.zeros(outcomes.shape, dtype=np.int8)  # a shoe has at most 104 hands
    shoe, hand = np.nonzero((outcomes == BANKER_WINS) | (outcomes == PLAYER_WINS))
    run[shoe, hand] = cols.row_of_hand + 1
    wins = {
        letter: np.cumsum(outcomes == code, axis=1, dtype=np.int8)
        for letter, code in ((BANKER, BANKER_WINS), (PLAYER, PLAYER_WINS), (TIE, TIE_HAND))
    }
    return Reference(decks, dealt.hands, np.maximum.accumulate(run, axis=1), wins)


@dataclass(frozen=True)
class Share:
    outcome: str  # "B", "P" or "T"
    count: int  # in the tracked shoe
    share: float
    low: float  # the middle 95% of the simulated shoes' shares
    high: float
    below: float  # simulated shoes with a lower share, as a fraction

    @property
    def inside(self) -> bool:
        return self.low <= self.share <= self.high

    def sentence(self, hands: int) -> str:
        if self.outcome == TIE:
            text = (
                _("{count} of {hands} hands were ties ({share:.1%}); over {hands} hands the "
                  "middle 95% of simulated shoes run from {low:.1%} to {high:.1%}: inside the "
                  "middle 95% of shoes chance deals.")
                if self.inside
                else _("{count} of {hands} hands were ties ({share:.1%}); over {hands} hands "
                       "the middle 95% of simulated shoes run from {low:.1%} to {high:.1%}: "
                       "outside the middle 95% of shoes chance deals, as 1 shoe in 20 is.")
            )  # fmt: skip
        else:
            text = (
                _("{name} won {count} of {hands} hands ({share:.1%}); over {hands} hands the "
                  "middle 95% of simulated shoes run from {low:.1%} to {high:.1%}: inside the "
                  "middle 95% of shoes chance deals.")
                if self.inside
                else _("{name} won {count} of {hands} hands ({share:.1%}); over {hands} hands "
                       "the middle 95% of simulated shoes run from {low:.1%} to {high:.1%}: "
                       "outside the middle 95% of shoes chance deals, as 1 shoe in 20 is.")
            )  # fmt: skip
        return text.format(
            name=outcome_name(self.outcome) if self.outcome != TIE else "",
            count=self.count,
            hands=hands,
            share=self.share,
            low=self.low,
            high=self.high,
        )


@dataclass(frozen=True)
class Comparison:
    hands: int
    decks: int
    compared: int  # simulated shoes that ran at least this many hands
    longest: int  # the tracked shoe's longest Big Road column
    at_least: int  # simulated shoes with a column at least as long, in their first `hands`
    longest_histogram: dict[int, int]  # longest column in the first `hands` -> simulated shoes
    shares: tuple[Share, ...]

    @property
    def one_in(self) -> float | None:
        """A column this long or longer happens in 1 shoe in N (None: in none)."""
        return self.compared / self.at_least if self.at_least else None

    def streak_sentence(self) -> str:
        if self.longest == 0:
            return _("No Banker or Player hand yet, so no streak to compare.")
        one = self.longest == 1
        if self.one_in is None:
            text = (
                _("Your longest streak is {longest} bead. None of the {compared:,} simulated "
                  "shoes had one as long in its first {hands} hands: rare, but every hand was "
                  "still dealt from the cards left, as in any other shoe.")
                if one
                else _("Your longest streak is {longest} beads. None of the {compared:,} "
                       "simulated shoes had one as long in its first {hands} hands: rare, but "
                       "every hand was still dealt from the cards left, as in any other shoe.")
            )  # fmt: skip
        else:
            text = (
                _("Your longest streak is {longest} bead. In their first {hands} hands, "
                  "{at_least:,} of {compared:,} simulated shoes had one at least as long: 1 "
                  "shoe in {one_in:,.1f}.")
                if one
                else _("Your longest streak is {longest} beads. In their first {hands} hands, "
                       "{at_least:,} of {compared:,} simulated shoes had one at least as long: "
                       "1 shoe in {one_in:,.1f}.")
            )  # fmt: skip
        return text.format(
            longest=self.longest,
            compared=self.compared,
            hands=self.hands,
            at_least=self.at_least,
            one_in=self.one_in or 0.0,
        )

    def caveat(self) -> str | None:
        if self.compared >= FEW:
            return None
        return _(
            "Only {compared:,} of the {total:,} simulated shoes ran {hands} hands or more, so "
            "these ranges are rough."
        ).format(compared=self.compared, total=REFERENCE_SHOES, hands=self.hands)


def compare(hands: Iterable[Result | str] | str, decks: int) -> Comparison | None:
    """The tracked shoe `hands` (outcomes, as baccarat.roads.scoreboard reads them) among chance's
    shoes of `decks` decks; None for a shoe with no hands, or longer than any simulated."""
    results = as_results(hands)
    n = len(results)
    ref = reference(decks)
    reaching = ref.hands >= n
    compared = int(reaching.sum())
    if n == 0 or compared == 0:
        return None
    longest_sim = ref.longest[reaching, n - 1]
    mine = _longest_column(results)
    histogram = np.bincount(longest_sim)
    shares = []
    for letter in (BANKER, PLAYER, TIE):
        count = sum(r.outcome == letter for r in results)
        simulated = ref.wins[letter][reaching, n - 1] / n
        low, high = np.quantile(simulated, [0.025, 0.975])
        shares.append(
            Share(
                letter,
                count,
                count / n,
                float(low),
                float(high),
                float((simulated < count / n).mean()),
            )
        )
    return Comparison(
        hands=n,
        decks=decks,
        compared=compared,
        longest=mine,
        at_least=int((longest_sim >= mine).sum()) if mine else compared,
        longest_histogram={k: int(v) for k, v in enumerate(histogram) if k >= 1 and v},
        shares=tuple(shares),
    )


def _longest_column(results: list[Result]) -> int:
    longest = run = 0
    last: str | None = None
    for result in results:
        if result.outcome == TIE:
            continue
        run = run + 1 if result.outcome == last else 1
        last = result.outcome
        longest = max(longest, run)
    return longest
