"""The payout drill's questions and worked answers: "Seat 3 has $40 on Dragon 7 and it wins.
Pay it." The learner types the winnings; the stake stays on the layout beside them, as a
dealer pays it. Every pay is a line of `baccarat.odds.paytables`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from baccarat.odds.paytables import PAYTABLES, Paytable, payout_cents
from baccarat.teaching.dealer_commission import BadQuestion, dollars
from baccarat.translation import _, gettext_noop

# The school's standard for this drill: one multiplication by the pay table's figure, a
# little longer than a commission; docs/dealer.md says why 8 seconds.
STANDARD_SECONDS = 8.0

SEATS = 7  # a mini-baccarat table's seats
LEAST_STAKE, MOST_STAKE = 1_00, 5_000_00

# Each pay table as the chooser and the question name it.
PAYTABLE_NAMES = {
    "player": gettext_noop("Player, {win} to 1"),
    "banker_5": gettext_noop("Banker, even money less {rate} ({win} to 1)"),
    "banker_4": gettext_noop("Banker, even money less {rate} ({win} to 1)"),
    "tie_8": gettext_noop("Tie, {win} to 1"),
    "tie_9": gettext_noop("Tie, {win} to 1"),
    "player_pair": gettext_noop("Player pair, {win} to 1"),
    "banker_pair": gettext_noop("Banker pair, {win} to 1"),
    "dragon_7": gettext_noop("Dragon 7, {win} to 1"),
    "panda_8": gettext_noop("Panda 8, {win} to 1"),
    "super_6_12": gettext_noop("Super 6 side bet, {win} to 1"),
    "super_6_15": gettext_noop("Super 6 side bet, {win} to 1"),
    "lucky_6_macau": gettext_noop("Lucky 6, {two} to 1 (two cards) or {three} to 1 (three)"),
    "lucky_6_vegas": gettext_noop("Lucky 6, {two} to 1 (two cards) or {three} to 1 (three)"),
    "dragon_bonus": gettext_noop("Dragon Bonus, {natural} to 1 for a natural, up to {top} to 1"),
    "perfect_pair_1": gettext_noop("Perfect Pair, {one} to 1"),
    "perfect_pair_2": gettext_noop("Perfect Pair, {one} to 1, or {both} to 1 for both hands"),
}

# What happened, for each line of a pay table: "{seat} has {stake} on {bet} and ...".
BET_NAMES = {
    "player": gettext_noop("Player"),
    "banker": gettext_noop("Banker"),
    "tie": gettext_noop("Tie"),
    "player_pair": gettext_noop("Player pair"),
    "banker_pair": gettext_noop("Banker pair"),
    "dragon_7": gettext_noop("Dragon 7"),
    "panda_8": gettext_noop("Panda 8"),
    "super_6": gettext_noop("the Super 6 side bet"),
    "lucky_6": gettext_noop("Lucky 6"),
    "dragon_bonus": gettext_noop("Dragon Bonus"),
    "perfect_pair": gettext_noop("Perfect Pair"),
}
EVENTS = {
    "win": gettext_noop("it wins"),
    "two": gettext_noop("the Banker wins with a two-card 6"),
    "three": gettext_noop("the Banker wins with a three-card 6"),
    "natural": gettext_noop("its side wins with a natural"),
    "one": gettext_noop("one hand's first two cards are a perfect pair"),
    "both": gettext_noop("both hands' first two cards are perfect pairs"),
}
BY_POINTS = gettext_noop("its side wins by {points} points without a natural")


def paytable_name(key: str) -> str:
    """A pay table's name in the active language, its figures from the table itself."""
    table = PAYTABLES[key]
    figures = {line.event: pays_text(line.pays) for line in table.lines}
    figures["top"] = pays_text(max(line.pays for line in table.lines))
    if table.bet == "banker":
        figures["rate"] = f"{float((1 - table.pays('win')) * 100):g}%"
    return _(PAYTABLE_NAMES[key]).format(**figures)


def skill(paytable: str) -> str:
    return f"dealer:payouts:{paytable}"


def event_text(event: str) -> str:
    if event.startswith("by_"):
        return _(BY_POINTS).format(points=event.removeprefix("by_"))
    return _(EVENTS[event])


def pays_text(pays: Fraction) -> str:
    """ "40", or "0.95" for the Banker's 19 to 20."""
    return f"{pays.numerator}" if pays.denominator == 1 else f"{float(pays):g}"


def random_stake(rng: random.Random, bet: str) -> int:
    """A stake in cents: side bets are small ($1-$100, whole dollars), the main bets
    whole dollars to $100, then $5 steps to $5,000."""
    if bet not in ("player", "banker", "tie") or rng.random() < 0.5:
        return rng.randrange(1 if bet not in ("player", "banker", "tie") else 5, 101) * 100
    return rng.randrange(20, 1001) * 5_00


@dataclass(frozen=True)
class Question:
    table: Paytable
    event: str
    stake: int  # cents
    seat: int

    @property
    def data(self) -> dict[str, object]:
        return {"table": self.table.key, "event": self.event, "stake": self.stake,
                "seat": self.seat}  # fmt: skip

    @property
    def skill(self) -> str:
        return skill(self.table.key)

    @property
    def won(self) -> int:
        return payout_cents(self.table, self.event, self.stake)

    @property
    def answers(self) -> list[int]:
        return [self.won]

    def right(self, cents: int) -> bool:
        return cents == self.won

    @property
    def prompt(self) -> str:
        return _(
            "Pay table: {table}. Seat {seat} has {stake} on {bet} and {event}. Pay it: "
            "the winnings (the stake stays)."
        ).format(
            table=paytable_name(self.table.key),
            seat=self.seat,
            stake=dollars(self.stake),
            bet=_(BET_NAMES[self.table.bet]),
            event=event_text(self.event),
        )

    @property
    def worked(self) -> str:
        pays = self.table.pays(self.event)
        return _("{pays} to 1: {pays} × {stake} = {won}. The stake of {stake} stays.").format(
            pays=pays_text(pays), stake=dollars(self.stake), won=dollars(self.won)
        )


def new_question(paytable: str, rng: random.Random) -> Question:
    table = PAYTABLES[paytable]
    event = rng.choice([line.event for line in table.lines])
    stake = random_stake(rng, table.bet)
    return Question(table, event, stake, rng.randrange(1, SEATS + 1))


def restore(data: Any) -> Question:
    try:
        table = PAYTABLES[data["table"]]
        event, stake, seat = data["event"], data["stake"], data["seat"]
    except (KeyError, TypeError) as error:
        raise BadQuestion("not a payout question") from error
    if event not in [line.event for line in table.lines]:
        raise BadQuestion("not a payout question")
    if not isinstance(stake, int) or not LEAST_STAKE <= stake <= MOST_STAKE:
        raise BadQuestion("not a payout question")
    if not isinstance(seat, int) or not 1 <= seat <= SEATS:
        raise BadQuestion("not a payout question")
    return Question(table, event, stake, seat)
