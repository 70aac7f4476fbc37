"""What a settled bet pays, for the bets and table variants the site teaches.

Amounts are exact (Fractions): a 100 Banker win pays 95 at 5% commission. The house edges
in `baccarat.odds.exact` use the same constants.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from baccarat.game.cards import Card
from baccarat.game.rules import Resolution
from baccarat.odds.exact import COMMISSION, DRAGON_7_PAYS, PAIR_PAYS, PANDA_8_PAYS
from baccarat.odds.exact import TIE_PAYS as TIE_PAYOUTS
from baccarat.odds.side_bets import (
    DRAGON_BONUS_MARGIN_PAYS,
    DRAGON_BONUS_NATURAL_PAYS,
    LUCKY_6_PAYS,
)
from baccarat.translation import _, gettext_noop

TIE_PAYS = TIE_PAYOUTS[0]  # 8 to 1 at most tables; some pay 9 to 1

# The bets' names, marked for translation with a {pays} where the payout goes; `bet_name`
# gives one in the active language, BETS all of them in English.
BET_NAMES = {
    # xgettext:no-python-format (a percent sign, not a %-placeholder)
    "banker": gettext_noop("Banker (5% commission)"),
    "player": gettext_noop("Player"),
    "tie": gettext_noop("Tie at {pays} to 1"),
    "ez_banker": gettext_noop("Banker at an EZ Baccarat table"),
    "super6_banker": gettext_noop("Banker at a no-commission (Super 6) table"),
    "dragon_7": gettext_noop("Dragon 7 at {pays} to 1"),
    "panda_8": gettext_noop("Panda 8 at {pays} to 1"),
    "player_pair": gettext_noop("Player pair at {pays} to 1"),
    "lucky_6": gettext_noop("Lucky 6 at {two} to 1 (two cards) or {three} to 1 (three cards)"),
    "dragon_bonus_player": gettext_noop("Dragon Bonus on Player"),
    "dragon_bonus_banker": gettext_noop("Dragon Bonus on Banker"),
}
_PAYS = {"tie": TIE_PAYS, "dragon_7": DRAGON_7_PAYS, "panda_8": PANDA_8_PAYS,
         "player_pair": PAIR_PAYS}  # fmt: skip


def _named(name: str, bet: str) -> str:
    return name.format(
        pays=_PAYS.get(bet, ""), two=LUCKY_6_PAYS["two"], three=LUCKY_6_PAYS["three"]
    )


def bet_name(bet: str) -> str:
    """A bet's name in the active language: "Tie at 8 to 1"."""
    return _named(_(BET_NAMES[bet]), bet)


# In English, computed once (the keys are the bets; show a name with `bet_name`).
BETS = {bet: _named(name, bet) for bet, name in BET_NAMES.items()}


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


def _pair(cards: tuple[Card, ...]) -> bool:
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
        raise ValueError(
            _("{bet} is not a bet; use one of {bets}").format(bet=repr(bet), bets=", ".join(BETS))
        )
    if resolution.winner is None:
        raise ValueError(_("the hand is not complete, so no bet can be settled yet"))
    stake = Fraction(stake)
    winner = resolution.winner
    banker_total = resolution.banker.final_total
    dragon = winner == "banker" and banker_total == 7 and _three_card(resolution, "banker")
    panda = (
        winner == "player"
        and resolution.player.final_total == 8
        and _three_card(resolution, "player")
    )

    def result(net: Fraction | int, why: str) -> Settlement:
        return Settlement(bet, stake, Fraction(net), why)

    if bet == "tie":
        if winner == "tie":
            return result(stake * TIE_PAYS, _("A tie pays {pays} to 1.").format(pays=TIE_PAYS))
        return result(-stake, _("The hand was not a tie."))
    if bet in ("dragon_7", "panda_8"):
        hit, pays = (dragon, DRAGON_7_PAYS) if bet == "dragon_7" else (panda, PANDA_8_PAYS)
        if hit:
            return result(stake * pays, _("It pays {pays} to 1.").format(pays=pays))
        return result(-stake, _("The hand did not end that way."))
    if bet == "lucky_6":
        return _lucky_6(stake, resolution)
    if bet.startswith("dragon_bonus_"):
        return _dragon_bonus(bet, stake, resolution)
    if bet == "player_pair":
        if player_pair:
            why = _("A pair pays {pays} to 1, whoever wins.").format(pays=PAIR_PAYS)
            return result(stake * PAIR_PAYS, why)
        return result(-stake, _("The Player's first two cards were not a pair."))
    if winner == "tie":
        return result(0, _("A tie is a push for Banker and Player bets: the stake comes back."))
    side = "player" if bet == "player" else "banker"
    if winner != side:
        # The winner is the other side (a tie was settled above).
        if side == "player":
            return result(-stake, _("Banker won, so the Player bet loses."))
        return result(-stake, _("Player won, so the Banker bet loses."))
    if bet == "player":
        return result(stake, _("Player wins pay even money (1 to 1)."))
    if bet == "banker":
        return result(
            stake * (1 - COMMISSION),
            # xgettext:no-python-format (a percent sign, not a %-placeholder)
            _("Banker wins pay even money less {commission}% commission.").format(
                commission=f"{COMMISSION * 100:g}"
            ),
        )
    if bet == "ez_banker":
        if dragon:
            return result(
                0, _("Banker won with a three-card 7 (a Dragon 7): EZ Baccarat pushes it.")
            )
        return result(stake, _("EZ Baccarat pays Banker wins even money, with no commission."))
    # super6_banker
    if banker_total == 6:
        return result(stake / 2, _("Banker won with 6: a no-commission table pays half (1 to 2)."))
    return result(
        stake, _("A no-commission table pays Banker wins even money, except a winning 6.")
    )


def _lucky_6(stake: Fraction, resolution: Resolution) -> Settlement:
    if resolution.winner != "banker" or resolution.banker.final_total != 6:
        return Settlement("lucky_6", stake, -stake, _("The Banker did not win with a 6."))
    if _three_card(resolution, "banker"):
        pays, why = LUCKY_6_PAYS["three"], _("A Banker win with a three-card 6 pays {pays} to 1.")
    else:
        pays, why = LUCKY_6_PAYS["two"], _("A Banker win with a two-card 6 pays {pays} to 1.")
    return Settlement("lucky_6", stake, stake * pays, why.format(pays=pays))


def _dragon_bonus(bet: str, stake: Fraction, resolution: Resolution) -> Settlement:
    """Dragon Bonus on one side: a natural win pays 1 to 1 and a tie of naturals pushes; a
    win without a natural pays by how many points it wins by, from 4 up."""
    side = bet.removeprefix("dragon_bonus_")
    own, other = (resolution.player, resolution.banker)[:: 1 if side == "player" else -1]
    own_total, other_total = own.final_total or 0, other.final_total or 0
    if resolution.natural:
        if resolution.winner == "tie":
            return Settlement(bet, stake, Fraction(0), _("A tie of naturals is a push."))
        if resolution.winner == side:
            why = _("A natural win pays {pays} to 1.").format(pays=DRAGON_BONUS_NATURAL_PAYS)
            return Settlement(bet, stake, stake * DRAGON_BONUS_NATURAL_PAYS, why)
        return Settlement(bet, stake, -stake, _("The other side won."))
    margin = own_total - other_total
    pays = DRAGON_BONUS_MARGIN_PAYS.get(margin)
    if pays is None:
        if margin > 0:
            why = _("A win by {points} without a natural pays nothing: it needs {least} or more.")
            least = min(DRAGON_BONUS_MARGIN_PAYS)
            return Settlement(bet, stake, -stake, why.format(points=margin, least=least))
        return Settlement(bet, stake, -stake, _("Without a natural, only a win pays."))
    why = _("A win by {points} without a natural pays {pays} to 1.")
    return Settlement(bet, stake, stake * pays, why.format(points=margin, pays=pays))
