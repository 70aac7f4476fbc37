"""Betting systems played over dealt shoes (baccarat.simulation.shoes), all shoes of a chunk at
once.

Each system decides its bet for a hand from what the scoreboard showed before it, never
from the cards, so none can change what a bet is worth: over many hands every one loses the
house edge of the bets it makes (`expected_loss`), which is what the lab shows.

Payouts: Banker wins 0.95 (5% commission), Player wins 1, a tie is a push on both. The two
progressions bet Banker and play each shoe as a session with its own bankroll, under a table
limit; a stake the limit or the money left will not allow breaks the progression (it starts
again at one unit, counted in `restarts`), and a player left with less than one unit is ruined
for that shoe. What the ruined shoes lost is kept apart from what the others ended on, so a
restart that keeps a player betting does not hide the ruin. A
shoe in which the table limit refused the stake a progression asked for is counted apart
(`limited`): the limit, not the bankroll, is what stops a Martingale most often.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from baccarat.simulation.shoes import BANKER_WINS, NO_HAND, PLAYER_WINS, TIE_HAND, Columns, Dealt
from baccarat.simulation.spread import bin_units, counted
from baccarat.translation import gettext_noop

NO_BET = -1
BANKER_PAYS = 0.95
BANKROLL = 100  # units a session (a shoe) starts with
TABLE_LIMIT = 100  # the most one bet may be, in units

# Each system's name and rule, "Name: what it bets", in English and marked for translation
# (baccarat.teaching.lab_text shows them in the active language, cut at the colon).
SYSTEMS = {
    "flat_banker": gettext_noop("Flat Banker: one unit on Banker every hand"),
    "flat_player": gettext_noop("Flat Player: one unit on Player every hand"),
    "follow_the_streak": gettext_noop(
        "Follow the streak: one unit on the side that won the last hand that was not a tie"
    ),
    "break_after_three": gettext_noop(
        "Bet the break after three: once a side has won three in a row, one unit on the other "
        "side until the streak breaks"
    ),
    "big_eye_boy_ask": gettext_noop(
        "Bet what Big Eye Boy's ask says: one unit on the side whose next Big Eye Boy mark "
        "would be red"
    ),
    "martingale": gettext_noop(
        "Martingale: Banker, doubling the stake after each loss and back to one unit after a win"
    ),
    "one_three_two_six": gettext_noop(
        "1-3-2-6: Banker, stakes of 1, 3, 2 and 6 units after each win, back to one unit after "
        "a loss or the fourth win"
    ),
}
PROGRESSIONS = ("martingale", "one_three_two_six")
LADDER = np.array([1, 3, 2, 6])
TWENTIETHS = 20  # the progressions count money in twentieths of a unit: Banker pays 19
BANKER_TWENTIETHS = round(BANKER_PAYS * TWENTIETHS)


@dataclass(frozen=True)
class Board:
    """What the Big Road showed before each hand of a chunk (shoes x hands): the side of the
    current column (NO_BET before the first Banker or Player hand), how long it is, and how
    long the column before it was (0 when there is none)."""

    side: np.ndarray
    run: np.ndarray
    before: np.ndarray


def board_before_each_hand(dealt: Dealt, cols: Columns) -> Board:
    outcomes = dealt.outcomes
    decided = (outcomes == BANKER_WINS) | (outcomes == PLAYER_WINS)
    seen = np.cumsum(decided, axis=1) - decided  # Banker or Player hands before each hand
    per_shoe = decided.sum(axis=1)
    offset = np.concatenate([[0], np.cumsum(per_shoe)[:-1]])
    last = (offset[:, None] + seen - 1).clip(min=0)  # the last of them, in the flat order
    shown = seen > 0
    if len(cols.column_of_hand) == 0:
        empty = np.zeros(outcomes.shape, dtype=np.int64)
        return Board(np.full(outcomes.shape, NO_BET), empty, empty)
    column = cols.column_of_hand[last]
    side = np.where(shown, cols.side[column], NO_BET)
    run = np.where(shown, cols.row_of_hand[last] + 1, 0)
    previous = np.where(cols.number[column] >= 1, cols.lengths[column - 1], 0)
    before = np.where(shown, previous, 0)
    return Board(side, run, before)


def flat_bets(name: str, dealt: Dealt, board: Board) -> np.ndarray:
    """The side each flat system bets on each hand (NO_BET for none), shoes x hands."""
    played = dealt.outcomes != NO_HAND
    other = 1 - board.side
    if name == "flat_banker":
        bets = np.full(played.shape, BANKER_WINS)
    elif name == "flat_player":
        bets = np.full(played.shape, PLAYER_WINS)
    elif name == "follow_the_streak":
        bets = board.side
    elif name == "break_after_three":
        bets = np.where(board.run >= 3, other, NO_BET)
    elif name == "big_eye_boy_ask":
        # The side that starts a new column is red when the current column is as long as
        # the one before it (Rule 1); the same side is red otherwise (Rule 2). Defined from
        # the second column on, as Big Eye Boy's own start.
        bets = np.where(board.before == board.run, other, board.side)
        bets = np.where(board.before > 0, bets, NO_BET)
    else:
        raise ValueError(f"{name!r} is not a flat system")
    return np.where(played, bets, NO_BET)


def winnings(bets: np.ndarray, outcomes: np.ndarray) -> np.ndarray:
    """Units won per unit staked on each bet: +0.95 or +1 for a win, -1 a loss, 0 a push
    or no bet."""
    won = np.where(bets == BANKER_WINS, BANKER_PAYS, 1.0)
    return np.where(
        bets == NO_BET,
        0.0,
        np.where(outcomes == TIE_HAND, 0.0, np.where(bets == outcomes, won, -1.0)),
    )


@dataclass
class Played:
    """A system over a chunk: per hand, the stake (units) and the side bet; the net per hand;
    for progressions, shoes ruined, shoes where the table limit refused a stake, and the
    bankrolls counted at the points given (baccarat.simulation.spread)."""

    stakes: np.ndarray  # shoes x hands, units staked (0: no bet)
    sides: np.ndarray  # shoes x hands, the side bet or NO_BET
    net: np.ndarray  # shoes x hands, units won (negative: lost)
    ruined: int = 0
    limited: int = 0
    bankrolls: list[list[int]] = field(default_factory=list)
    restarts: int = 0  # stakes the limit or the money left refused, played as one unit instead
    ruined_net: float = 0.0  # units the ruined shoes ended on, together (negative: lost)
    other_net: float = 0.0  # units every other shoe ended on, together
    worst_shoe: float | None = None  # the lowest and highest a shoe ended on, in units
    best_shoe: float | None = None


def play_flat(name: str, dealt: Dealt, board: Board) -> Played:
    bets = flat_bets(name, dealt, board)
    stakes = (bets != NO_BET).astype(np.float64)
    return Played(stakes, bets, winnings(bets, dealt.outcomes) * stakes)


def play_progression(
    name: str,
    dealt: Dealt,
    bankroll: int = BANKROLL,
    limit: int = TABLE_LIMIT,
    at: tuple[int, ...] = (),
) -> Played:
    """Martingale or 1-3-2-6 on Banker, each shoe a session, hand after hand across all the
    shoes at once (the stake depends on the hands before). The money is counted in whole
    twentieths of a unit, where Banker's 0.95 is exact: in floating point, twenty one-unit
    wins from one unit leave 19.999999999999993, and a player left with exactly one unit
    would be taken for ruined. `at`: the hands after which each shoe's bankroll is counted
    (a shoe that has ended keeps its last)."""
    outcomes = dealt.outcomes
    shoes, hands = outcomes.shape
    money = np.full(shoes, round(TWENTIETHS * bankroll), dtype=np.int64)
    step = np.zeros(shoes, dtype=np.int64)  # losses in a row, or wins into the ladder
    ruined = np.zeros(shoes, dtype=bool)
    limited = np.zeros(shoes, dtype=bool)
    restarts = 0
    width = bin_units(bankroll)
    counts: dict[int, list[int]] = {}

    def count(after: int) -> None:
        if after in at:
            counts[after] = counted(np.floor_divide(money, TWENTIETHS), width)

    count(0)
    stakes = np.zeros(outcomes.shape)
    net = np.zeros(outcomes.shape)
    won = np.array([BANKER_TWENTIETHS, -TWENTIETHS, 0])  # per unit staked: Banker, Player, Tie
    for hand in range(hands):
        outcome = outcomes[:, hand]
        if name == "martingale":
            wanted = np.left_shift(1, np.minimum(step, 40))
        else:
            wanted = LADDER[step % 4]
        broken = (wanted > limit) | (wanted * TWENTIETHS > money)
        stake = np.where(broken, 1, wanted)
        step = np.where(broken, 0, step)
        ruined |= money < TWENTIETHS
        betting = (outcome != NO_HAND) & ~ruined
        limited |= betting & (wanted > limit)
        restarts += int((betting & broken).sum())
        result = np.where(betting, won[outcome.clip(min=0)] * stake, 0)
        stakes[:, hand] = np.where(betting, stake, 0)
        net[:, hand] = result / TWENTIETHS
        money += result
        pushed = outcome == TIE_HAND
        if name == "martingale":
            after = np.where(outcome == PLAYER_WINS, step + 1, 0)
        else:
            after = np.where(outcome == BANKER_WINS, (step + 1) % 4, 0)
        step = np.where(betting & ~pushed, after, step)
        count(hand + 1)
    # Left with less than one unit by the shoe's last hand is ruin too.
    ruined |= money < TWENTIETHS
    sides = np.where(stakes > 0, BANKER_WINS, NO_BET)
    final = counted(np.floor_divide(money, TWENTIETHS), width)
    bankrolls = [counts.get(after, final) for after in at]
    ended = (money - round(TWENTIETHS * bankroll)) / TWENTIETHS  # each shoe's result, in units
    return Played(
        stakes, sides, net, int(ruined.sum()), int(limited.sum()), bankrolls,
        restarts=restarts,
        ruined_net=float(ended[ruined].sum()),
        other_net=float(ended[~ruined].sum()),
        worst_shoe=float(ended.min()) if shoes else None,
        best_shoe=float(ended.max()) if shoes else None,
    )  # fmt: skip


def play(
    name: str,
    dealt: Dealt,
    board: Board,
    bankroll: int = BANKROLL,
    limit: int = TABLE_LIMIT,
    at: tuple[int, ...] = (),
) -> Played:
    if name in PROGRESSIONS:
        return play_progression(name, dealt, bankroll, limit, at)
    return play_flat(name, dealt, board)
