"""What chance draws: a lab run's tallies over whole dealt shoes, and what to compare them with.

A run (`Tally`) adds up, chunk after chunk of baccarat.simulation.shoes: who won, each shoe's
longest Big Road column, the derived roads' red and blue marks, and each betting system of
baccarat.simulation.systems (bets, units staked, net, shoes ruined, and points of its convergence
line). Everything in it is a sum, so a run dealt over several requests (the lab's progress bar)
gives the same answer as one dealt at once; `state()` and `Tally.from_state` carry it
between them.

The yardsticks are exact: the off-the-top odds and house edges of baccarat.odds.exact for the same
number of decks, with 95% intervals for the shares of a run of this many hands.
"""

from __future__ import annotations

import copy
import math
import time
from dataclasses import dataclass, field
from typing import Any, NotRequired, TypedDict

import numpy as np

from baccarat.odds.exact import odds_of_decks
from baccarat.roads.scoreboard import DERIVED_ROADS
from baccarat.simulation.shoes import (
    BANKER_WINS,
    PLAYER_WINS,
    TIE_HAND,
    chunks,
    columns,
    deal_shoes,
    derived_marks,
    procedure,
)
from baccarat.simulation.spread import band, bin_units, merged, points
from baccarat.simulation.systems import (
    BANKROLL,
    PROGRESSIONS,
    TABLE_LIMIT,
    Played,
    board_before_each_hand,
    play,
)

ROADS = DERIVED_ROADS  # road -> how many columns back it looks
SAMPLES = 3  # shoes kept whole, to draw as scoreboards
Z95 = 1.959963984540054  # the normal distribution's two-sided 95% point
DRAGONS = (8, 10, 12)  # "how often a shoe has a dragon of 8, 10, 12"
# The convergence lines' points: after 1, 2, 3, 5, 10, ... bets (about 12 a decade).
MILESTONES = np.unique(np.round(10 ** (np.arange(0, 12 * 8 + 1) / 12)).astype(np.int64))


class StrategyAnswer(TypedDict):
    bets: int
    staked: float
    net_units: float
    per_unit_staked: float
    house_edge: float
    risk_of_ruin: NotRequired[float]  # progressions only


class LongestStreak(TypedDict):
    histogram: dict[str, int]
    dragons: dict[str, int]


class Answer(TypedDict):
    """Tally.answer(): the shape docs/api.md gives POST /api/v1/simulations."""

    shoes: int
    hands: int
    seed: int
    decks: int
    counts: dict[str, int]
    share: dict[str, float]
    expected: dict[str, dict[str, float]]
    longest_streak: LongestStreak
    derived: dict[str, dict[str, int]]
    strategies: dict[str, StrategyAnswer]
    procedure: str
    seconds: float


@dataclass
class SystemTally:
    bets: int = 0
    staked: float = 0.0
    staked_banker: float = 0.0
    staked_player: float = 0.0
    net: float = 0.0
    ruined: int = 0  # shoes left with less than one unit (progressions)
    limited: int = 0  # shoes where the table limit refused a stake asked for (progressions)
    restarts: int = 0  # progressions started again at one unit (the limit or the money left)
    ruined_net: float = 0.0  # units the ruined shoes ended on, together
    other_net: float = 0.0  # units the other shoes ended on, together
    worst_shoe: float | None = None  # the lowest and the highest a shoe ended on, in units
    best_shoe: float | None = None
    # progressions: the bankrolls counted at spread.points(decks), as spread.counted gives them
    bankrolls: list[list[int]] = field(default_factory=list)
    path: list[list[float]] = field(default_factory=list)  # [bets, net, staked] at MILESTONES


@dataclass
class Tally:
    decks: int
    seed: int
    shoes_asked: int
    systems: tuple[str, ...]
    bankroll: int = BANKROLL
    limit: int = TABLE_LIMIT
    chunks_done: int = 0
    shoes: int = 0
    hands: int = 0
    banker: int = 0
    player: int = 0
    tie: int = 0
    longest: list[int] = field(default_factory=list)  # longest[n]: shoes whose longest column is n
    derived: dict[str, list[int]] = field(default_factory=dict)  # road -> [red, blue]
    played: dict[str, SystemTally] = field(default_factory=dict)
    samples: list[str] = field(default_factory=list)  # a few shoes' outcomes, "BPT…"
    most_hands: int = 0  # the most hands any shoe had
    seconds: float = 0.0

    def __post_init__(self) -> None:
        for road in ROADS:
            self.derived.setdefault(road, [0, 0])
        for name in self.systems:
            self.played.setdefault(name, SystemTally())

    @property
    def chunks(self) -> int:
        return len(chunks(self.shoes_asked))

    @property
    def done(self) -> bool:
        return self.chunks_done >= self.chunks

    def deal_next(self) -> None:
        """Deal the next chunk of the run and add it in."""
        started = time.thread_time()
        index = self.chunks_done
        size = chunks(self.shoes_asked)[index]
        dealt = deal_shoes(self.decks, size, self.seed, index)
        cols = columns(dealt)
        outcomes = dealt.outcomes
        self.shoes += dealt.shoes
        self.hands += int(dealt.hands.sum())
        self.most_hands = max(self.most_hands, int(dealt.hands.max(initial=0)))
        self.banker += int((outcomes == BANKER_WINS).sum())
        self.player += int((outcomes == PLAYER_WINS).sum())
        self.tie += int((outcomes == TIE_HAND).sum())
        longest = np.bincount(cols.longest(dealt.shoes))
        if len(longest) > len(self.longest):
            self.longest += [0] * (len(longest) - len(self.longest))
        for n, count in enumerate(longest):
            self.longest[n] += int(count)
        for road, back in ROADS.items():
            red, blue = derived_marks(cols, back)
            self.derived[road][0] += red
            self.derived[road][1] += blue
        if self.systems:
            board = board_before_each_hand(dealt, cols)
            for name in self.systems:
                played = play(name, dealt, board, self.bankroll, self.limit, self.band_points)
                self._add_system(name, played)
        for shoe in range(min(SAMPLES - len(self.samples), dealt.shoes)):
            self.samples.append(dealt.letters(shoe))
        self.chunks_done += 1
        self.seconds += time.thread_time() - started

    def _add_system(self, name: str, played: Played) -> None:
        tally = self.played[name]
        bet = (played.stakes > 0).ravel()
        stakes = played.stakes.ravel()[bet]
        net = played.net.ravel()[bet]
        sides = played.sides.ravel()[bet]
        total_net = np.cumsum(net) + tally.net
        total_staked = np.cumsum(stakes) + tally.staked
        marks = MILESTONES[(MILESTONES > tally.bets) & (MILESTONES <= tally.bets + len(net))]
        for mark in marks:
            at = mark - tally.bets - 1
            tally.path.append([int(mark), float(total_net[at]), float(total_staked[at])])
        tally.bets += len(net)
        tally.staked += float(stakes.sum())
        tally.staked_banker += float(stakes[sides == BANKER_WINS].sum())
        tally.staked_player += float(stakes[sides == PLAYER_WINS].sum())
        tally.net += float(net.sum())
        tally.ruined += played.ruined
        tally.limited += played.limited
        tally.restarts += played.restarts
        tally.ruined_net += played.ruined_net
        tally.other_net += played.other_net
        if played.worst_shoe is not None and played.best_shoe is not None:
            worst, best = tally.worst_shoe, tally.best_shoe
            tally.worst_shoe = played.worst_shoe if worst is None else min(worst, played.worst_shoe)
            tally.best_shoe = played.best_shoe if best is None else max(best, played.best_shoe)
        if played.bankrolls:
            old = tally.bankrolls or [[] for _ in played.bankrolls]
            tally.bankrolls = [merged(a, b) for a, b in zip(old, played.bankrolls, strict=True)]

    @property
    def band_points(self) -> tuple[int, ...]:
        return tuple(points(self.decks))

    def band(self, name: str) -> list[tuple[int, int, int, int]]:
        """A progression's bankroll over a shoe: (hands, 5th percentile, median, 95th
        percentile), in units, at each point up to the longest shoe dealt; [] for a flat
        system or a run with no shoe."""
        counts = self.played[name].bankrolls
        if not counts:
            return []
        spread = band(counts, bin_units(self.bankroll))
        kept = [
            (hands, *figures)
            for hands, figures in zip(self.band_points, spread, strict=True)
            if hands <= self.most_hands
        ]
        return kept

    def run(self) -> Tally:
        while not self.done:
            self.deal_next()
        return self

    # --- carried between requests --------------------------------------------------------

    def state(self) -> dict[str, object]:
        """The run so far as plain JSON data: a copy, which dealing on does not change."""
        data = {k: v for k, v in self.__dict__.items() if k != "played"}
        data["systems"] = list(self.systems)
        data["played"] = {name: t.__dict__ for name, t in self.played.items()}
        return copy.deepcopy(data)

    @classmethod
    def from_state(cls, data: dict[str, Any]) -> Tally:
        # Decoded JSON of any shape: a caller catches the TypeError, ValueError, KeyError or
        # AttributeError of a state that does not fit.
        data = copy.deepcopy(data)  # the run deals on without changing what it was given
        played = {name: SystemTally(**t) for name, t in data.pop("played").items()}
        data["systems"] = tuple(data["systems"])
        return cls(**data, played=played)

    # --- what the run shows --------------------------------------------------------------

    def shares(self) -> dict[str, float]:
        hands = self.hands or 1
        return {
            "banker": self.banker / hands,
            "player": self.player / hands,
            "tie": self.tie / hands,
        }

    def expected(self) -> dict[str, dict[str, float]]:
        """Each outcome's exact probability (off the top of a full shoe) and the 95% interval
        a run of this many hands falls in around it (hands taken as independent: within a
        shoe they are, very slightly, not)."""
        exact = odds_of_decks(self.decks)
        out: dict[str, dict[str, float]] = {}
        for name in ("banker", "player", "tie"):
            p = exact.p(name)
            half = Z95 * math.sqrt(p * (1 - p) / max(self.hands, 1))
            out[name] = {"p": p, "low": p - half, "high": p + half}
        return out

    def house_edge(self, name: str) -> float:
        """The exact house edge of the bets system `name` made, per unit staked: Banker's
        and Player's, weighted by the units staked on each."""
        tally = self.played[name]
        if not tally.staked:
            return 0.0
        edges = odds_of_decks(self.decks).edges
        banker, player = float(edges["banker"].per_unit), float(edges["player"].per_unit)
        return (tally.staked_banker * banker + tally.staked_player * player) / tally.staked

    def dragons(self) -> dict[int, int]:
        """Shoes with a column of at least n, for n in DRAGONS."""
        return {n: sum(self.longest[n:]) for n in DRAGONS}

    def _strategy(self, name: str, tally: SystemTally) -> StrategyAnswer:
        figures: StrategyAnswer = {
            "bets": tally.bets,
            "staked": tally.staked,
            "net_units": tally.net,
            "per_unit_staked": tally.net / tally.staked if tally.staked else 0.0,
            "house_edge": self.house_edge(name),
        }
        if name in PROGRESSIONS:
            figures["risk_of_ruin"] = tally.ruined / (self.shoes or 1)
        return figures

    def answer(self) -> Answer:
        """The answer of POST /api/v1/simulations (docs/api.md)."""
        return {
            "shoes": self.shoes,
            "hands": self.hands,
            "seed": self.seed,
            "decks": self.decks,
            "counts": {"banker": self.banker, "player": self.player, "tie": self.tie},
            "share": self.shares(),
            "expected": self.expected(),
            "longest_streak": {
                "histogram": {
                    str(n): count for n, count in enumerate(self.longest) if n >= 1
                },
                "dragons": {str(n): count for n, count in self.dragons().items()},
            },
            "derived": {
                road: {"red": red, "blue": blue} for road, (red, blue) in self.derived.items()
            },
            "strategies": {
                name: self._strategy(name, tally) for name, tally in self.played.items()
            },
            "procedure": procedure(self.decks),
            "seconds": self.seconds,
        }  # fmt: skip
