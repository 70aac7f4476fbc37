"""The straightforward enumeration that `baccarat.odds.exact` must agree with: deal every first
card, then every second, ..., with removal, exactly as the hand is dealt. About half a
second per shoe in pure Python: kept as the oracle for tests and bench/odds.py, never
used by the site.
"""

from __future__ import annotations

from collections import Counter

from baccarat.game.tableau import banker_draws, is_natural, player_draws
from baccarat.odds.exact import FEATURES


def _features(player: int, banker: int, player_final: int, banker_final: int,
              p_drew: bool, b_drew: bool) -> list[str]:  # fmt: skip
    cards = 4 + p_drew + b_drew
    winner = "banker" if banker_final > player_final else (
        "player" if player_final > banker_final else "tie")  # fmt: skip
    names = [winner, f"cards_{cards}", f"{winner}_{cards}", f"banker_total_{banker}"]
    nat_p, nat_b = is_natural(player), is_natural(banker)
    if nat_p:
        names.append("natural_player")
    if nat_b:
        names.append("natural_banker")
    if nat_p and nat_b:
        names.append("natural_both")
    if nat_p or nat_b:
        names.append("natural_any")
    if p_drew:
        names.append("player_draws")
    if b_drew:
        names += ["banker_draws", f"banker_draws_on_{banker}"]
    if winner == "banker" and banker_final == 6:
        names.append("banker_win_6")
    if winner == "banker" and b_drew and banker_final == 7:
        names.append("dragon_7")
    if winner == "player" and p_drew and player_final == 8:
        names.append("panda_8")
    # The side bets of baccarat.odds.side_bets.
    if winner == "banker" and banker_final == 6:
        names.append("banker_win_6_three" if b_drew else "banker_win_6_two")
    if nat_p or nat_b:  # the hand ends on the naturals: the winner holds one (or the higher)
        names.append("natural_tie" if winner == "tie" else f"{winner}_natural_win")
    elif winner != "tie" and abs(player_final - banker_final) >= 4:
        names.append(f"{winner}_by_{abs(player_final - banker_final)}")
    # Thorp and Walden's bets: a side's first two cards make a natural 8, or a natural 9.
    for side, total, natural in (("player", player, nat_p), ("banker", banker, nat_b)):
        if natural:
            names.append(f"{side}_natural_{total}")
    return names


def reference_counts(values: tuple[int, ...]) -> dict[str, int]:
    """Ordered six-card deal counts for every feature, by brute force."""
    left = list(values)
    counts: Counter[str] = Counter()

    def take(v: int) -> int:
        ways = left[v]
        left[v] -= 1
        return ways

    def tally(weight: int, *hand: *tuple[int, int, int, int, bool, bool]) -> None:
        for name in _features(*hand):
            counts[name] += weight

    for p1 in range(10):
        if not left[p1]:
            continue
        w1 = take(p1)
        for b1 in range(10):
            if not left[b1]:
                continue
            w2 = take(b1)
            for p2 in range(10):
                if not left[p2]:
                    continue
                w3 = take(p2)
                for b2 in range(10):
                    if not left[b2]:
                        continue
                    w4 = take(b2)
                    rest = sum(left)
                    opening = w1 * w2 * w3 * w4
                    player, banker = (p1 + p2) % 10, (b1 + b2) % 10
                    if is_natural(player) or is_natural(banker):
                        tally(
                            opening * rest * (rest - 1),
                            player,
                            banker,
                            player,
                            banker,
                            False,
                            False,
                        )
                    elif player_draws(player):
                        for p3 in range(10):
                            if not left[p3]:
                                continue
                            w5 = take(p3)
                            p_final = (player + p3) % 10
                            if banker_draws(banker, p3):
                                for b3 in range(10):
                                    if left[b3]:
                                        tally(opening * w5 * left[b3], player, banker, p_final,
                                              (banker + b3) % 10, True, True)  # fmt: skip
                            else:
                                tally(opening * w5 * (rest - 1), player, banker, p_final, banker,
                                      True, False)  # fmt: skip
                            left[p3] += 1
                    elif banker_draws(banker, None):
                        for b3 in range(10):
                            if left[b3]:
                                tally(opening * left[b3] * (rest - 1), player, banker, player,
                                      (banker + b3) % 10, False, True)  # fmt: skip
                    else:
                        tally(
                            opening * rest * (rest - 1),
                            player,
                            banker,
                            player,
                            banker,
                            False,
                            False,
                        )
                    left[b2] += 1
                left[p2] += 1
            left[b1] += 1
        left[p1] += 1
    return {name: counts[name] for name in FEATURES}
