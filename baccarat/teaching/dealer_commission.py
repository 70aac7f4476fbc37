"""The commission drill's questions and worked answers: a winning Banker bet under a house
policy, and the commission the dealer takes; or the commission paid, and the bet it came
from; or, at a no-commission table, what the winning Banker bet is paid.

A question travels as plain data (`Question.data`: the policy, the mode, the bet in cents,
the hand's cards) and is rebuilt from it with `restore`, so its sentences are always made
in the language of the page that shows them. Every figure comes from
`baccarat.odds.commission` and `baccarat.odds.payouts`; nothing here does arithmetic of
its own beyond choosing the question.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from baccarat.game.cards import CardError
from baccarat.game.rules import HandError, Resolution, resolve
from baccarat.game.shoe import random_hand
from baccarat.odds.commission import (
    LEAST_BET,
    MOST_BET,
    POLICIES,
    HousePolicy,
    bets_for,
    commission,
    exact_commission,
)
from baccarat.odds.payouts import settle
from baccarat.translation import _, gettext_noop

# The school's standard for this drill: a dealer takes a commission in the time the player
# takes to see the hand was won; docs/dealer.md says why 5 seconds.
STANDARD_SECONDS = 5.0

MODES = ("take", "back")  # take: the commission on a bet; back: the bet from a commission

# Each policy as a sentence names it; the figures come from the policy.
EXACT = gettext_noop("{rate}, exact to the cent")
ROUNDED = gettext_noop("{rate}, rounded up to the {chip} chip")
NO_COMMISSION = {
    "ez": gettext_noop("EZ Baccarat: no commission, a Banker win with a three-card 7 pushes"),
    "super_6": gettext_noop("Super 6: no commission, a Banker win with 6 pays half"),
}


class BadQuestion(ValueError):
    """Question data that no question of this drill has."""


def dollars(cents: int | Fraction) -> str:
    """An amount as a dealer says it: "$125", "$6.25", "$1,250.50"."""
    cents = Fraction(cents)
    if cents.denominator != 1:
        raise ValueError("an amount is whole cents")
    whole, part = divmod(int(cents), 100)
    return f"${whole:,}" if not part else f"${whole:,}.{part:02d}"


def chip_name(cents: int) -> str:
    return f"{cents}¢" if cents < 100 else dollars(cents)


def percent(rate: Fraction) -> str:
    return f"{float(rate * 100):g}%"


def policy_name(key: str) -> str:
    policy = POLICIES[key]
    if policy.rate is None:
        return _(NO_COMMISSION[key])
    if policy.chip is None:
        return _(EXACT).format(rate=percent(policy.rate))
    return _(ROUNDED).format(rate=percent(policy.rate), chip=chip_name(policy.chip))


def policies_for(mode: str) -> list[str]:
    """The policies a mode asks about: the reverse question needs a commission."""
    return [key for key, p in POLICIES.items() if mode == "take" or p.takes_commission]


def skill(policy: str, mode: str) -> str:
    return f"dealer:commission:{policy}" if mode == "take" else f"dealer:commission:back:{policy}"


def random_bet(rng: random.Random) -> int:
    """A bet in cents, $5 to $10,000, in the steps chips make: whole dollars up to $100,
    $5 steps to $1,000, $25 steps above."""
    scale = rng.random()
    if scale < 0.45:
        return rng.randrange(5, 101) * 100
    if scale < 0.8:
        return rng.randrange(20, 201) * 5_00
    return rng.randrange(40, 401) * 25_00


@dataclass(frozen=True)
class Question:
    policy: HousePolicy
    mode: str
    bet: int  # cents
    cards: str = ""  # the hand, at a no-commission table ("5h 5c 6h 2h 8d")

    @property
    def data(self) -> dict[str, object]:
        return {"policy": self.policy.key, "mode": self.mode, "bet": self.bet, "cards": self.cards}

    @property
    def skill(self) -> str:
        return skill(self.policy.key, self.mode)

    @property
    def owed(self) -> int:
        return commission(self.policy, self.bet)

    @property
    def resolution(self) -> Resolution:
        return resolve(self.cards)

    @property
    def won(self) -> Fraction:
        """At a no-commission table: the winnings payouts.settle gives the Banker bet."""
        return settle(self.policy.table or "", self.bet, self.resolution).net

    @property
    def answers(self) -> list[int]:
        """Every right answer, in cents."""
        if not self.policy.takes_commission:
            return [int(self.won)]
        if self.mode == "take":
            return [self.owed]
        return bets_for(self.policy, self.owed)

    def right(self, cents: int) -> bool:
        return cents in self.answers

    @property
    def prompt(self) -> str:
        table = policy_name(self.policy.key)
        if not self.policy.takes_commission:
            r = self.resolution
            return _(
                "{table}. The Banker wins {banker} to {player}, with {count} cards. "
                "The Banker bet is {bet}: what do you pay? (The winnings: the stake stays.)"
            ).format(
                table=table,
                banker=r.banker.final_total,
                player=r.player.final_total,
                count=len(r.banker.cards),
                bet=dollars(self.bet),
            )
        if self.mode == "take":
            return _(
                "A table that takes {table}. The Banker wins and the bet is {bet}: "
                "what commission do you take?"
            ).format(table=table, bet=dollars(self.bet))
        return _(
            "A table that takes {table}. A player pays {owed} commission on one winning "
            "Banker bet: what was the bet?"
        ).format(table=table, owed=dollars(self.owed))

    @property
    def worked(self) -> str:
        """The worked answer."""
        policy = self.policy
        if not policy.takes_commission:
            why = settle(policy.table or "", self.bet, self.resolution).why
            if self.won == 0:
                return _("{why} Pay nothing: the stake of {bet} comes back.").format(
                    why=why, bet=dollars(self.bet)
                )
            return _("{why} Pay {won} on the {bet} bet.").format(
                why=why, won=dollars(self.won), bet=dollars(self.bet)
            )
        if self.mode == "back":
            return self._worked_back()
        exact = exact_commission(policy, self.bet)
        of = _("{rate} of {bet} is {exact}").format(
            rate=percent(policy.rate or Fraction(0)), bet=dollars(self.bet), exact=dollars(exact)
        )
        if policy.chip is None:
            return _("{working}.").format(working=of)
        return _("{working}; rounded up to the {chip} chip: {owed}.").format(
            working=of, chip=chip_name(policy.chip), owed=dollars(self.owed)
        )

    def _worked_back(self) -> str:
        bets = self.answers
        rate = percent(self.policy.rate or Fraction(0))
        if len(bets) == 1:
            return _("{owed} is {rate} of {bet}.").format(
                owed=dollars(self.owed), rate=rate, bet=dollars(bets[0])
            )
        return _(
            "{rate} of each bet from {low} to {high}, rounded up to the {chip} chip, is {owed}: "
            "any of these {count} bets is right."
        ).format(
            rate=rate,
            low=dollars(bets[0]),
            high=dollars(bets[-1]),
            chip=chip_name(self.policy.chip or 1),
            owed=dollars(self.owed),
            count=len(bets),
        )


def _no_commission_hand(policy: HousePolicy, rng: random.Random) -> str:
    """A Banker win at a no-commission table: half the time the one the table treats
    differently (EZ's three-card 7, Super 6's winning 6), else any other Banker win."""
    special = rng.random() < 0.5
    while True:
        cards = random_hand(seed=rng.random())
        r = resolve(cards)
        if r.winner != "banker":
            continue
        total, three = r.banker.final_total, len(r.banker.cards) == 3
        odd = total == 7 and three if policy.key == "ez" else total == 6
        if odd == special:
            return " ".join(str(card) for card in cards)


def new_question(policy_key: str, mode: str, rng: random.Random) -> Question:
    policy = POLICIES[policy_key]
    if mode not in MODES or policy_key not in policies_for(mode):
        raise BadQuestion(f"no {mode} question at {policy_key}")
    bet = random_bet(rng)
    cards = "" if policy.takes_commission else _no_commission_hand(policy, rng)
    return Question(policy, mode, bet, cards)


def restore(data: Any) -> Question:
    """The question from its data, checked: BadQuestion for anything no question has."""
    try:
        policy = POLICIES[data["policy"]]
        mode, bet, cards = data["mode"], data["bet"], data.get("cards", "")
    except (KeyError, TypeError) as error:
        raise BadQuestion("not a commission question") from error
    if not isinstance(bet, int) or not LEAST_BET <= bet <= MOST_BET or mode not in MODES:
        raise BadQuestion("not a commission question")
    if policy.key not in policies_for(mode) or not isinstance(cards, str):
        raise BadQuestion("not a commission question")
    question = Question(policy, mode, bet, cards)
    if not policy.takes_commission:
        try:
            if question.resolution.winner != "banker":
                raise BadQuestion("the hand is not a Banker win")
        except (CardError, HandError) as error:
            raise BadQuestion("not a hand") from error
    return question
