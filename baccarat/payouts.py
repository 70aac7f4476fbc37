"""What a settled bet pays, for the bets and table variants the site teaches.

Amounts are exact (Fractions): a 100 Banker win pays 95 at 5% commission. The house edges
in `baccarat.odds` use the same constants.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from baccarat.odds import COMMISSION, DRAGON_7_PAYS, PAIR_PAYS, PANDA_8_PAYS
from baccarat.odds import TIE_PAYS as TIE_PAYOUTS
from baccarat.rules import Resolution

TIE_PAYS = TIE_PAYOUTS[0]  # 8 to 1 at most tables; some pay 9 to 1

BETS = {
    "banker": "Banker (5% commission)",
    "player": "Player",
    "tie": f"Tie at {TIE_PAYS} to 1",
    "ez_banker": "Banker at an EZ Baccarat table",
    "super6_banker": "Banker at a no-commission (Super 6) table",
    "dragon_7": f"Dragon 7 at {DRAGON_7_PAYS} to 1",
    "panda_8": f"Panda 8 at {PANDA_8_PAYS} to 1",
    "player_pair": f"Player pair at {PAIR_PAYS} to 1",
}


@dataclass(frozen=True)
class Settlement:
    bet: str
    stake: Fraction
    net: Fraction  # what the bettor gains (negative: loses), stake not counted
    why: str

    @property
    def result(self) -> str:
        return "win" if self.net > 0 else "lose" if self.net < 0 else "push"

    @property
    def returned(self) -> Fraction:
        """What comes back across the table: stake plus winnings, or nothing."""
        return self.stake + self.net if self.net >= 0 else Fraction(0)


def money(amount: Fraction | int) -> str:
    """An amount as the lessons print it: "1,000", or "9.50" when it is not whole."""
    amount = Fraction(amount)
    if amount.denominator == 1:
        return f"{amount.numerator:,}"
    return f"{float(amount):,.2f}"


def _pair(cards) -> bool:
    first_two = cards[:2]
    return len(first_two) == 2 and first_two[0].known and first_two[0].rank == first_two[1].rank


def is_player_pair(resolution: Resolution) -> bool:
    """Whether the Player's first two cards are a pair (what the Player pair bet needs)."""
    return _pair(resolution.player.cards)


def is_banker_pair(resolution: Resolution) -> bool:
    """Whether the Banker's first two cards are a pair."""
    return _pair(resolution.banker.cards)


def _three_card(resolution: Resolution, side: str) -> bool:
    return len(getattr(resolution, side).cards) == 3


def settle(
    bet: str, stake: int | Fraction, resolution: Resolution, player_pair: bool = False
) -> Settlement:
    """Settle `bet` of `stake` on a complete hand."""
    if bet not in BETS:
        raise ValueError(f"{bet!r} is not a bet; use one of {', '.join(BETS)}")
    if resolution.winner is None:
        raise ValueError("the hand is not complete, so no bet can be settled yet")
    stake = Fraction(stake)
    winner = resolution.winner
    banker_total = resolution.banker.final_total
    dragon = winner == "banker" and banker_total == 7 and _three_card(resolution, "banker")
    panda = (
        winner == "player"
        and resolution.player.final_total == 8
        and _three_card(resolution, "player")
    )

    def result(net, why):
        return Settlement(bet, stake, Fraction(net), why)

    if bet == "tie":
        if winner == "tie":
            return result(stake * TIE_PAYS, f"A tie pays {TIE_PAYS} to 1.")
        return result(-stake, "The hand was not a tie.")
    if bet in ("dragon_7", "panda_8"):
        hit, pays = (dragon, DRAGON_7_PAYS) if bet == "dragon_7" else (panda, PANDA_8_PAYS)
        if hit:
            return result(stake * pays, f"It pays {pays} to 1.")
        return result(-stake, "The hand did not end that way.")
    if bet == "player_pair":
        if player_pair:
            return result(stake * PAIR_PAYS, f"A pair pays {PAIR_PAYS} to 1, whoever wins.")
        return result(-stake, "The Player's first two cards were not a pair.")
    if winner == "tie":
        return result(0, "A tie is a push for Banker and Player bets: the stake comes back.")
    side = "player" if bet == "player" else "banker"
    if winner != side:
        return result(-stake, f"{winner.capitalize()} won, so the {side.capitalize()} bet loses.")
    if bet == "player":
        return result(stake, "Player wins pay even money (1 to 1).")
    if bet == "banker":
        return result(
            stake * (1 - COMMISSION),
            f"Banker wins pay even money less {COMMISSION * 100:g}% commission.",
        )
    if bet == "ez_banker":
        if dragon:
            return result(0, "Banker won with a three-card 7 (a Dragon 7): EZ Baccarat pushes it.")
        return result(stake, "EZ Baccarat pays Banker wins even money, with no commission.")
    # super6_banker
    if banker_total == 6:
        return result(stake / 2, "Banker won with 6: a no-commission table pays half (1 to 2).")
    return result(stake, "A no-commission table pays Banker wins even money, except a winning 6.")
