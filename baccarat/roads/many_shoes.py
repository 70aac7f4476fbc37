"""Many shoes at once: each shoe's counts and Big Road in one cheap pass, and what only a set
of shoes has beside their added-up counts (Totals).

scoreboard() draws every road of one shoe, derived marks and their proofs included: about
1.6 ms for 70 hands. A list of 200 shoes needs only each shoe's Stats and the places of its
Big Road beads (a thumbnail), so `summarise` walks the hands once, and the beads are placed
when asked for by the same place_streaks the scoreboard uses: the figures are the scoreboard's own
(tests/unit/test_many_shoes.py checks them against it).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from baccarat.roads.scoreboard import (
    BANKER,
    PLAYER,
    TIE,
    Result,
    Stats,
    as_results,
    place_streaks,
)
from baccarat.roads.tally import total


@dataclass(frozen=True)
class Bead:
    """One Big Road bead, for a thumbnail: where it sits and who won."""

    col: int
    row: int
    outcome: str  # "B" or "P"


@dataclass(frozen=True)
class ShoeSummary:
    stats: Stats
    sides: tuple[str, ...]  # each Big Road streak's side, "B" or "P"
    lengths: tuple[int, ...]  # and its length in beads

    def cells(self) -> Iterator[tuple[int, int, str]]:
        """(col, row, side) of each Big Road bead, placed as the scoreboard places them:
        plain tuples, made only when a thumbnail is drawn."""
        for side, cells in zip(self.sides, place_streaks(self.lengths), strict=True):
            for col, row in cells:
                yield col, row, side

    def beads(self) -> tuple[Bead, ...]:
        return tuple(Bead(col, row, side) for col, row, side in self.cells())

    @property
    def longest(self) -> int:
        """The longest run of either side (beads in one Big Road streak)."""
        return max(self.stats.longest_banker, self.stats.longest_player)


def summarise(hands: Iterable[Result | str] | str) -> ShoeSummary:
    """A shoe's Stats (as scoreboard() counts them) and its Big Road beads' places."""
    return summarise_rows(
        (hand.outcome, hand.banker_pair, hand.player_pair, hand.natural)
        for hand in as_results(hands)
    )


Row = tuple[str, bool, bool, bool]  # outcome, banker pair, player pair, natural


def summarise_rows(rows: Iterable[Row]) -> ShoeSummary:
    """summarise() for hands as plain (outcome, banker_pair, player_pair, natural) rows, as a
    database gives them: 200 shoes of hands need no Result made for each hand. An outcome
    other than "B", "P" or "T" is a ValueError."""
    counts = {BANKER: 0, PLAYER: 0, TIE: 0}
    banker_pairs = player_pairs = naturals = 0
    sides: list[str] = []
    lengths: list[int] = []
    longest = {BANKER: 0, PLAYER: 0}
    for outcome, banker_pair, player_pair, natural in rows:
        if outcome not in counts:
            raise ValueError(f"not an outcome: {outcome!r}")
        counts[outcome] += 1
        banker_pairs += bool(banker_pair)
        player_pairs += bool(player_pair)
        naturals += bool(natural)
        if outcome == TIE:
            continue  # a tie is a slash on a bead, not a bead
        if sides and sides[-1] == outcome:
            lengths[-1] += 1
        else:
            sides.append(outcome)
            lengths.append(1)
        if lengths[-1] > longest[outcome]:
            longest[outcome] = lengths[-1]
    stats = Stats(
        hands=counts[BANKER] + counts[PLAYER] + counts[TIE],
        banker=counts[BANKER],
        player=counts[PLAYER],
        tie=counts[TIE],
        banker_pairs=banker_pairs,
        player_pairs=player_pairs,
        naturals=naturals,
        current_streak=(sides[-1], lengths[-1]) if sides else None,
        longest_banker=longest[BANKER],
        longest_player=longest[PLAYER],
    )
    return ShoeSummary(stats, tuple(sides), tuple(lengths))


@dataclass(frozen=True)
class Totals:
    """Several shoes' Stats added up by baccarat.roads.tally.total (the counts summed, each
    longest run the longest of any one shoe, no current run), and the figures only a set of
    shoes has: how many, hands per shoe, each shoe's longest run."""

    stats: Stats
    longest_per_shoe: tuple[int, ...]  # each shoe's longest run of either side, in order

    @classmethod
    def of(cls, many: Sequence[Stats]) -> Totals:
        return cls(total(many), tuple(max(s.longest_banker, s.longest_player) for s in many))

    @property
    def shoes(self) -> int:
        return len(self.longest_per_shoe)

    @property
    def hands_per_shoe(self) -> float:
        return self.stats.hands / self.shoes if self.shoes else 0.0

    @property
    def median_longest(self) -> float:
        """The middle shoe's longest run (the mean of the middle two for an even count)."""
        ordered = sorted(self.longest_per_shoe)
        if not ordered:
            return 0.0
        middle = len(ordered) // 2
        if len(ordered) % 2:
            return float(ordered[middle])
        return (ordered[middle - 1] + ordered[middle]) / 2
