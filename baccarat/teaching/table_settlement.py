"""A whole table settled after a hand: seven seats with their bets, the hand dealt from a
shoe, and what the dealer does with each bet (take it, leave it, or pay it), in the house's
order, with the Banker commission kept in the box by seat or taken on the spot.

The seats are a mini-baccarat table's, numbered 1 to 7 from the dealer's left (the layout
has numbered areas for the seats, and the commission boxes carry the same numbers). Every
amount comes from `baccarat.odds.payouts.settle`; nothing here restates a payout.

The house's order (a stated house policy: no regulation read here fixes it): every losing
bet is taken first, then the winners are paid from the dealer's right to the left, seat 7
down to seat 1, each seat's bets in the layout's order. Pushes are left where they lie.

A table and its hands are a pure function of a seed and the hand's number, so the whole
state of a drill is a seed, a count and seven box totals.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from baccarat.game.cards import Card
from baccarat.game.rules import Resolution, resolve
from baccarat.game.shoe import Shoe
from baccarat.odds.payouts import bet_name, is_banker_pair, is_player_pair, money, settle
from baccarat.teaching.felt import Spot, lay_out
from baccarat.translation import _, gettext_noop

SEATS = (1, 2, 3, 4, 5, 6, 7)
DECKS = 8
# The cut card: the shoe ends when fewer cards than this are left before a hand (a house
# policy; many houses place it about 16 cards from the end).
CUT_CARD = 16
# The time a step may take for a ready dealer: a mini-baccarat hand runs about a minute from
# bets to bets, and the settling (take, pay, box) must fit in about half of it, so each of
# the three steps has ten seconds.
STANDARD_SECONDS = 10.0

# The house policies the learner picks: how the Banker's 5% is taken, or a table without it.
POLICIES = {
    "box": gettext_noop("Commission kept in the box by seat, settled at the shoe's end"),
    "spot": gettext_noop("Commission taken on the spot, from each Banker payout"),
    "ez": gettext_noop("No-commission table (EZ Baccarat)"),
}
# The bets each table prices, in the layout's order. Dragon 7 and Panda 8 are EZ Baccarat's
# side bets; the commission tables offer the Dragon Bonus instead.
MAIN_BETS = {
    "box": ("player", "banker"),
    "spot": ("player", "banker"),
    "ez": ("player", "ez_banker"),
}
SIDE_BETS = {
    "box": ("tie", "player_pair", "banker_pair", "dragon_bonus_player", "dragon_bonus_banker"),
    "spot": ("tie", "player_pair", "banker_pair", "dragon_bonus_player", "dragon_bonus_banker"),
    "ez": ("tie", "player_pair", "banker_pair", "dragon_7", "panda_8"),
}
LAYOUT = {policy: MAIN_BETS[policy] + SIDE_BETS[policy] for policy in POLICIES}
# The table's units: a main bet is one of these, a side bet one of the smaller ones.
MAIN_STAKES = (5, 10, 15, 20, 25, 30, 40, 50, 75, 100, 125, 150, 200, 250)
SIDE_STAKES = (1, 2, 5, 10, 15, 20, 25)


def bet_label(bet: str) -> str:
    """The bet's name as the layout shows it, in the active language."""
    if bet == "banker_pair":
        return _("Banker pair")
    if bet == "player_pair":
        return _("Player pair")
    if bet == "banker":
        return _("Banker")
    if bet == "ez_banker":
        return _("Banker (no commission)")
    return bet_name(bet)


@dataclass(frozen=True)
class Bet:
    seat: int
    place: int  # its place among the seat's bets (0-based), in the layout's order
    bet: str
    stake: int

    @property
    def key(self) -> str:
        return f"{self.seat}-{self.place}"

    @property
    def label(self) -> str:
        return bet_label(self.bet)


@dataclass(frozen=True)
class Table:
    seed: str
    hand: int  # 0-based: the hand's number in the shoe
    policy: str
    bets: tuple[Bet, ...]
    cards: tuple[Card, ...]
    shoe_ends: bool  # the cut card is out: this is the shoe's last hand

    @property
    def resolution(self) -> Resolution:
        return resolve(list(self.cards))

    def seat_bets(self, seat: int) -> tuple[Bet, ...]:
        return tuple(b for b in self.bets if b.seat == seat)


class TableError(ValueError):
    """A table that cannot be dealt: an unknown policy, or a hand past the shoe's end."""


def _bets(rng: random.Random, policy: str) -> tuple[Bet, ...]:
    bets: list[Bet] = []
    for seat in SEATS:
        count = rng.choices((0, 1, 2, 3), weights=(1, 4, 3, 2))[0]
        if not count:
            continue
        chosen = [rng.choice(MAIN_BETS[policy])]
        chosen += rng.sample(SIDE_BETS[policy], count - 1)
        chosen.sort(key=LAYOUT[policy].index)
        for place, bet in enumerate(chosen):
            stakes = MAIN_STAKES if bet in MAIN_BETS[policy] else SIDE_STAKES
            bets.append(Bet(seat, place, bet, rng.choice(stakes)))
    return tuple(bets)


def deal(seed: str, hand: int, policy: str) -> Table:
    """Hand number `hand` (0-based) of the shoe shuffled with `seed`, and the bets on it."""
    if policy not in POLICIES:
        raise TableError(_("{policy} is not a house policy").format(policy=repr(policy)))
    shoe = Shoe(DECKS, seed)
    for _done in range(hand):
        if len(shoe) < CUT_CARD:
            raise TableError(_("the shoe ended before hand {hand}").format(hand=hand + 1))
        shoe.deal_hand()
    if len(shoe) < CUT_CARD:
        raise TableError(_("the shoe ended before hand {hand}").format(hand=hand + 1))
    cards = tuple(shoe.deal_hand())
    bets = _bets(random.Random(f"{seed}:{policy}:{hand}"), policy)
    return Table(seed, hand, policy, bets, cards, len(shoe) < CUT_CARD)


@dataclass(frozen=True)
class Line:
    """One bet settled: what the dealer does with it and why."""

    bet: Bet
    action: str  # "take", "leave" (a push) or "pay"
    pay: Fraction  # what the dealer pays beside the stake (0 unless paid)
    box: Fraction  # what goes into the seat's commission box
    why: str


def _settle(bet: Bet, resolution: Resolution, policy: str) -> Line:
    if bet.bet == "banker_pair":
        # The pair bets pay alike; only whose two cards make the pair differs.
        settled = settle("player_pair", bet.stake, resolution, is_banker_pair(resolution))
        why = settled.why if settled.net > 0 else _("The Banker's first two cards were not a pair.")
    else:
        settled = settle(bet.bet, bet.stake, resolution, is_player_pair(resolution))
        why = settled.why
    if settled.net < 0:
        return Line(bet, "take", Fraction(0), Fraction(0), why)
    if settled.net == 0:
        return Line(bet, "leave", Fraction(0), Fraction(0), why)
    if bet.bet == "banker" and policy == "box":
        # Paid even money; the commission the payout would have lost goes into the box.
        commission = bet.stake - settled.net
        return Line(bet, "pay", Fraction(bet.stake), commission, why)
    return Line(bet, "pay", settled.net, Fraction(0), why)


@dataclass(frozen=True)
class Settled:
    table: Table
    lines: tuple[Line, ...]  # every bet, seat by seat in seat order

    @property
    def taken(self) -> tuple[Line, ...]:
        return tuple(line for line in self.lines if line.action == "take")

    @property
    def paid(self) -> tuple[Line, ...]:
        """The winners in the order the house pays them: from the dealer's right (seat 7)
        to the left, each seat's bets in the layout's order."""
        winners = [line for line in self.lines if line.action == "pay"]
        return tuple(sorted(winners, key=lambda line: (-line.bet.seat, line.bet.place)))

    @property
    def boxed(self) -> dict[int, Fraction]:
        """This hand's entry in each seat's commission box (only seats with one)."""
        entries: dict[int, Fraction] = {}
        for line in self.lines:
            if line.box:
                entries[line.bet.seat] = entries.get(line.bet.seat, Fraction(0)) + line.box
        return entries


def settle_table(table: Table) -> Settled:
    resolution = table.resolution
    return Settled(table, tuple(_settle(bet, resolution, table.policy) for bet in table.bets))


def outcome_sentence(table: Table) -> str:
    resolution = table.resolution
    player, banker = resolution.player.final_total, resolution.banker.final_total
    if resolution.winner == "tie":
        return _("Player {player}, Banker {banker}: a tie.").format(player=player, banker=banker)
    if resolution.winner == "player":
        return _("Player {player}, Banker {banker}: Player wins.").format(
            player=player, banker=banker
        )
    return _("Player {player}, Banker {banker}: Banker wins.").format(player=player, banker=banker)


def take_sentence(line: Line) -> str:
    return _("Seat {seat}, {stake} on {bet}: take it. {why}").format(
        seat=line.bet.seat, bet=line.bet.label, stake=money(line.bet.stake), why=line.why
    )


def leave_sentence(line: Line) -> str:
    return _("Seat {seat}, {stake} on {bet}: leave it (a push). {why}").format(
        seat=line.bet.seat, bet=line.bet.label, stake=money(line.bet.stake), why=line.why
    )


def pay_sentence(line: Line, box: bool = True) -> str:
    """What the dealer pays; with the box entry only where no later step asks for it (the
    box step follows the payouts, so the payout step's feedback keeps it back)."""
    if line.box and box:
        return _(
            "Seat {seat}, {stake} on {bet}: pay {pay}, and mark {box} in the seat's box. {why}"
        ).format(
            seat=line.bet.seat,
            bet=line.bet.label,
            stake=money(line.bet.stake),
            pay=money(line.pay),
            box=money(line.box),
            why=line.why,
        )
    return _("Seat {seat}, {stake} on {bet}: pay {pay}. {why}").format(
        seat=line.bet.seat,
        bet=line.bet.label,
        stake=money(line.bet.stake),
        pay=money(line.pay),
        why=line.why,
    )


def typed_sentence(sentence: str, typed: Any) -> str:
    """A worked line the learner had wrong, with what they typed (an amount) or did (a bet
    ticked or not), as the money drills show it."""
    if typed is None:
        return sentence
    if isinstance(typed, bool):
        did = _("You ticked it.") if typed else _("You did not tick it.")
    else:
        did = _("You typed {typed}.").format(typed=money(typed))
    return _("{sentence} {did}").format(sentence=sentence, did=did)


def box_sentence(seat: int, entry: Fraction, total: Fraction) -> str:
    return _("Seat {seat}: {entry} into the box, {total} in it now.").format(
        seat=seat, entry=money(entry), total=money(total)
    )


def settle_box_sentence(seat: int, total: Fraction) -> str:
    return _("Seat {seat} owes {total} from the commission box.").format(
        seat=seat, total=money(total)
    )


def add_to_boxes(boxes: dict[int, Fraction], settled: Settled) -> dict[int, Fraction]:
    """The boxes after this hand's entries."""
    kept = dict(boxes)
    for seat, entry in settled.boxed.items():
        kept[seat] = kept.get(seat, Fraction(0)) + entry
    return kept


def spots(table: Table) -> tuple[Spot, Spot]:
    """The cards on the felt, as baccarat.teaching.felt lays them."""
    return lay_out(table.resolution)


@dataclass(frozen=True)
class SeatBet:
    bet: Bet
    action: str | None  # once the losers are taken: "take", "leave" or "pay"


def seat_rows(table: Table, settled: Settled | None = None) -> list[tuple[int, list[SeatBet]]]:
    """Each seat with its bets (an empty seat has none), and what became of each once the
    losers are taken."""
    actions = {line.bet.key: line.action for line in settled.lines} if settled else {}
    return [
        (seat, [SeatBet(bet, actions.get(bet.key)) for bet in table.seat_bets(seat)])
        for seat in SEATS
    ]


@dataclass(frozen=True)
class Graded:
    """One step marked: each skill it exercised and whether it was right, and the worked
    answer line by line (sentence, and whether the learner had that line right)."""

    skills: tuple[tuple[str, bool], ...]
    lines: tuple[tuple[str, bool], ...]

    @property
    def right(self) -> bool:
        return all(ok for _skill, ok in self.skills)

    @staticmethod
    def next_step(step: str, settled: Settled) -> str:
        if step == "take":
            return "pay" if settled.paid else "done"
        if step == "pay":
            return "box" if settled.boxed else "done"
        return "settled" if step == "settle" else "done"


def grade(
    step: str, settled: Settled, boxes: dict[int, Fraction], answer: Mapping[str, Any]
) -> Graded:
    """Mark a step's answer: for "take", the keys of the bets ticked (answer["take"]); for
    "pay", "box" and "settle", the amounts typed, by field name (pay-<bet key>, box-<seat>,
    owed-<seat>)."""
    if step == "take":
        ticked = set(answer.get("take") or ())
        lines = []
        for line in settled.lines:
            ok = (line.bet.key in ticked) == (line.action == "take")
            did = None if ok else line.bet.key in ticked
            if line.action == "take":
                lines.append((typed_sentence(take_sentence(line), did), ok))
            elif line.action == "leave" or not ok:
                sentence = (
                    leave_sentence(line) if line.action == "leave" else pay_sentence(line, False)
                )
                lines.append((typed_sentence(sentence, did), ok))
        right = all(ok for _sentence, ok in lines)
        return Graded((("dealer:table:take", right),), tuple(lines))
    if step == "pay":
        typed = [(line, answer.get(f"pay-{line.bet.key}")) for line in settled.paid]
        marked = [(line, given, given == line.pay) for line, given in typed]
        return Graded(
            tuple((f"dealer:table:pay:{line.bet.bet}", ok) for line, _given, ok in marked),
            tuple(
                (_worked(pay_sentence(line, box=False), given, ok), ok)
                for line, given, ok in marked
            ),
        )
    if step == "box":
        after = add_to_boxes(boxes, settled)
        marked_box = [
            _marked(box_sentence(seat, entry, after[seat]), answer.get(f"box-{seat}"), entry)
            for seat, entry in sorted(settled.boxed.items())
        ]
        right = all(ok for _sentence, ok in marked_box)
        return Graded((("dealer:table:box", right),), tuple(marked_box))
    if step == "settle":
        marked_box = [
            _marked(settle_box_sentence(seat, total), answer.get(f"owed-{seat}"), total)
            for seat, total in sorted(boxes.items())
        ]
        right = all(ok for _sentence, ok in marked_box)
        return Graded((("dealer:table:box", right),), tuple(marked_box))
    raise ValueError(_("{step} is not a step that takes an answer").format(step=repr(step)))


def _worked(sentence: str, given: Any, ok: bool) -> str:
    return sentence if ok else typed_sentence(sentence, given)


def _marked(sentence: str, given: Any, right: Fraction) -> tuple[str, bool]:
    ok = given == right
    return _worked(sentence, given, ok), ok
