"""What a scoreboard's stats panel shows beside the roads, and the winning point a Bead Plate
may show instead of a letter.

A casino's scoreboard counts the shoe so far: hands, Banker / Player / Tie and their shares,
the pairs, the naturals and the runs. `Stats` (baccarat.roads.scoreboard) holds one shoe's;
`total` adds up several shoes' into one, which has no current run (a run does not carry from
one shoe into the next). The figures record what happened; none of them says what comes next.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from baccarat.game.cards import CardError
from baccarat.game.rules import HandError, resolve
from baccarat.roads.scoreboard import BANKER, PLAYER, TIE, Stats


@lru_cache(maxsize=4096)
def _point(cards: tuple[str, ...]) -> int | None:
    try:
        hand = resolve(list(cards))
    except (CardError, HandError):
        return None
    if not hand.complete or hand.winner is None:
        return None
    winner = hand.banker if hand.winner == "banker" else hand.player
    return winner.final_total


def winning_point(cards: Iterable[str] | None) -> int | None:
    """The winning hand's total, 0-9, from a hand's cards in dealing order ("9h Kd 2c 7s");
    a tie's is the total both hands tied on. None without cards, or when a card nobody saw
    ("?") leaves the total unknown. Stored hands are read again on every redraw: each hand's
    cards are resolved once (about 40 µs), and the last few thousand hands' points kept."""
    if cards is None:
        return None
    return _point(tuple(cards))


@dataclass(frozen=True)
class Share:
    """One line of the counts: "Banker 23 (48.9%)"."""

    key: str  # "banker", "player", "tie", "banker_pairs", "player_pairs", "naturals"
    outcome: str | None  # B, P or T where the line counts an outcome (its colour and letter)
    count: int
    share: float  # of all hands; 0.0 before the first


def shares(stats: Stats) -> tuple[Share, ...]:
    """The counts a stats panel lists, in the order a casino's screen shows them."""
    lines = (
        ("banker", BANKER, stats.banker),
        ("player", PLAYER, stats.player),
        ("tie", TIE, stats.tie),
        ("banker_pairs", None, stats.banker_pairs),
        ("player_pairs", None, stats.player_pairs),
        ("naturals", None, stats.naturals),
    )
    return tuple(Share(key, outcome, count, stats.share(count)) for key, outcome, count in lines)


def total(many: Iterable[Stats]) -> Stats:
    """Several shoes' stats as one: every count added up, each longest run the longest of
    any shoe (runs do not join across shoes), and no current run."""
    many = list(many)
    return Stats(
        hands=sum(s.hands for s in many),
        banker=sum(s.banker for s in many),
        player=sum(s.player for s in many),
        tie=sum(s.tie for s in many),
        banker_pairs=sum(s.banker_pairs for s in many),
        player_pairs=sum(s.player_pairs for s in many),
        naturals=sum(s.naturals for s in many),
        current_streak=None,
        longest_banker=max((s.longest_banker for s in many), default=0),
        longest_player=max((s.longest_player for s in many), default=0),
    )
