"""Where the Big Road's next beads will land, before they are recorded.

A tracker that sends hands over a slow network shows each one at once, dimmed, where it
will land. The Bead Plate needs no help (hand n is column n // 6, row n % 6); the Big Road
does: the cell depends on the streak and on the dragon tail. This answers it from the same
placement rule the road is drawn with, for every run of the next few Banker and Player
results, so a page can look up any queue of that length without knowing the rule.
"""

from __future__ import annotations

from baccarat.roads.scoreboard import BANKER, PLAYER, Scoreboard, place_streaks

AHEAD = 4  # results looked ahead: 2 + 4 + 8 + 16 = 30 runs


def big_road_landing(board: Scoreboard, ahead: int = AHEAD) -> dict[str, tuple[int, int]]:
    """For each run of up to `ahead` results ("B", "BP", "PPB", ...) after the board's
    last hand, the Big Road cell (col, row) its last bead lands on. The key "" is the cell
    a tie dealt now is written on: the newest bead's, or the first cell when the road has
    no bead yet. Ties never move a bead, so a queue's ties are read with the run before them.
    """
    lengths = [len(column) for column in board.columns]
    beads = [cell for cell in board.big_road if cell.outcome]
    newest = (beads[-1].col, beads[-1].row) if beads else (0, 0)
    landing: dict[str, tuple[int, int]] = {"": newest}

    def follow(run: str, lengths: list[int], last: str | None) -> None:
        if len(run) == ahead:
            return
        for outcome in (BANKER, PLAYER):
            grown = [*lengths[:-1], lengths[-1] + 1] if outcome == last else [*lengths, 1]
            landing[run + outcome] = place_streaks(grown)[-1][-1]
            follow(run + outcome, grown, outcome)

    follow("", lengths, board.columns[-1][0] if board.columns else None)
    return landing
