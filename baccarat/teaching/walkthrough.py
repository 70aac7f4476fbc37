"""A hand explained the way a dealer trainer walks a class through it, one gate at a time:
card values, the two-card totals, the natural check, the Player's rule, the Banker's rule
and the result. Every sentence comes from the resolution in `baccarat.game.rules`.

Also: "what if" one card were different (which decisions change, and why), and the bets
settled at the table variant the learner chooses.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from baccarat.game.cards import Card, parse_card
from baccarat.game.rules import Hand, HandError, Resolution, Step, resolve
from baccarat.odds.payouts import money, settle
from baccarat.translation import _, gettext_noop

# Names marked here are translated where they are shown: _(SEATS[i]), _(title).
SEATS = (gettext_noop("Player's first card"), gettext_noop("Banker's first card"),
         gettext_noop("Player's second card"), gettext_noop("Banker's second card"))  # fmt: skip

# The six gates, in the order they are taught.
GATES = (
    ("values", gettext_noop("Card values")),
    ("totals", gettext_noop("Two-card totals")),
    ("natural", gettext_noop("The natural check")),
    ("player", gettext_noop("The Player's rule")),
    ("banker", gettext_noop("The Banker's rule")),
    ("result", gettext_noop("The result")),
)


@dataclass(frozen=True)
class Gate:
    key: str
    number: int  # 1-based
    title: str
    sentences: tuple[str, ...]
    # done: decided here; skipped: the hand ended before it; undecided: depends on an
    # unknown card; waiting: the next card has not been dealt.
    status: str
    # The Banker gate's tableau cell: (Banker total, Player third-card value or None).
    tableau_cell: tuple[int, int | None] | None = None
    branch: str | None = None  # the Banker gate: "tableau", "player_stood" or "natural"


def seat_of(index: int, resolution: Resolution) -> str:
    """Which seat the card at `index` (0-based, dealing order) went to."""
    if index < 4:
        return _(SEATS[index])
    for card in resolution.unplaced:
        if card.index == index:
            # An unknown card decides whether it is dealt, and to whom (the fifth card or
            # the sixth: the only cards that can wait on one).
            if index == 4:
                return _("fifth card ({seat})").format(seat=card.seat_text)
            return _("sixth card ({seat})").format(seat=card.seat_text)
    if index == 4 and resolution.player.third_card is not None:
        return _("Player's third card")
    return _("Banker's third card")


def value_sentence(card: Card, seat: str) -> str:
    seat = seat[0].upper() + seat[1:]
    if card.rank is None:
        return _("{seat}: unknown (?), so its value is not known.").format(seat=seat)
    if card.rank in "TJQK":
        text = _("{seat}: {label} counts {value} (tens and pictures count 0).")
    elif card.rank == "A":
        text = _("{seat}: {label} counts {value} (an ace counts 1).")
    else:
        text = _("{seat}: {label} counts {value} (it counts its pip value).")
    return text.format(seat=seat, label=card.label, value=card.value)


def total_sentence(hand: Hand) -> str:
    working = hand.initial_working
    if working is None:
        if len(hand.cards) < 2:
            return _("{side}: not dealt yet.").format(side=hand.name)
        return _("{side}: not known, because a card is unknown.").format(side=hand.name)
    if "→" in working:
        return _("{side}: {working}. Only the last digit counts, so the total is {total}.").format(
            side=hand.name, working=working, total=hand.initial_total
        )
    return _("{side}: {working}.").format(side=hand.name, working=working)


def _step(resolution: Resolution, gate: str) -> Step | None:
    return next((s for s in resolution.steps if s.gate == gate), None)


def _rule_gate(resolution: Resolution, key: str, number: int, title: str) -> Gate:
    """The natural, Player, Banker and result gates read the resolution's steps."""
    step = _step(resolution, key)
    if step is not None:
        status = "undecided" if step.decision == "undecided" else "done"
        sentences = [step.text]
        if key == "result" and step.decision != "undecided":
            for hand in (resolution.player, resolution.banker):
                if hand.third_card is not None and hand.final_working:
                    sentences.append(
                        _("{side}'s three cards: {working}.").format(
                            side=hand.name, working=hand.final_working
                        )
                    )
        branch = None
        if key == "banker":
            branch = "tableau" if step.tableau_cell else "player_stood"
        return Gate(key, number, title, tuple(sentences), status, step.tableau_cell, branch)
    return _missing_gate(resolution, key, number, title)


def _missing_gate(resolution: Resolution, key: str, number: int, title: str) -> Gate:
    """A gate the resolution did not reach: why not."""
    natural = _step(resolution, "natural")
    if natural is not None and natural.decision == "natural" and key in ("player", "banker"):
        if key == "player":
            why = _("Skipped: the hand ended at the natural check, so the Player does not draw.")
        else:
            why = _("Skipped: the hand ended at the natural check, so the Banker does not draw.")
        branch = "natural" if key == "banker" else None
        return Gate(
            key,
            number,
            title,
            (why,),
            "skipped",
            branch=branch,
        )
    if natural is not None and natural.decision == "undecided":
        return Gate(
            key,
            number,
            title,
            (
                _(
                    "Not decided: it depends on whether there is a natural, "
                    "which an unknown card hides."
                ),
            ),
            "undecided",
        )
    if resolution.needs:
        return Gate(
            key,
            number,
            title,
            (_("Waiting for {card}.").format(card=resolution.needs_text),),
            "waiting",
        )
    return Gate(
        key,
        number,
        title,
        (_("Not decided: an unknown card decides what happens before this."),),
        "undecided",
    )


def walkthrough(resolution: Resolution) -> list[Gate]:
    """The six gates of this hand."""
    cards = resolution.cards
    values = tuple(value_sentence(card, seat_of(i, resolution)) for i, card in enumerate(cards))
    gates = [
        Gate(
            "values",
            1,
            _(GATES[0][1]),
            values or (_("No cards yet: the first card dealt is the Player's."),),
            "done" if len(cards) >= 4 else "waiting",
        ),
        Gate(
            "totals",
            2,
            _(GATES[1][1]),
            (total_sentence(resolution.player), total_sentence(resolution.banker)),
            "done"
            if resolution.player.initial_total is not None
            and resolution.banker.initial_total is not None
            else ("waiting" if len(cards) < 4 else "undecided"),
        ),
    ]
    for number, (key, title) in enumerate(GATES[2:], start=3):
        gate = _rule_gate(resolution, key, number, _(title))
        # A card whose seat is undecided is told at the gate that would deal it.
        for card in resolution.unplaced:
            if key == ("player" if "player" in card.seats else "banker"):
                gate = replace(gate, sentences=(*gate.sentences, card.text))
        gates.append(gate)
    return gates


# --- what if ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    gate: str
    title: str
    before: str
    after: str


@dataclass(frozen=True)
class WhatIf:
    position: int  # 0-based index of the changed card
    seat: str
    before_card: Card
    after_card: Card
    before: Resolution
    after: Resolution
    changes: tuple[Change, ...]

    @property
    def changed_anything(self) -> bool:
        return bool(self.changes)


def what_if(cards: list[Card] | list[str], position: int, new_card: Card | str) -> WhatIf:
    """Replace the card at `position` and compare the two hands gate by gate.

    The changed hand is dealt as the rules deal it: if the change means a card is no
    longer drawn, later cards are dropped; the engine never invents one, so a hand that
    now needs a card it does not have simply says so. A card whose seat now depends on an
    unknown card is kept, unplaced, and the changed hand says what is undecided.
    """
    before = resolve(cards)
    cards = list(before.cards)
    if not 0 <= position < len(cards):
        raise IndexError(
            _("there is no card {number}; the hand has {count}").format(
                number=position + 1, count=len(cards)
            )
        )
    if isinstance(new_card, str):
        new_card = parse_card(new_card)
    changed = [*cards[:position], new_card, *cards[position + 1 :]]
    # Keep as many cards as the changed hand can take: the longest run that some hand
    # the (known and unknown) cards allow deals in full.
    for length in range(len(changed), position, -1):
        try:
            after = resolve(changed[:length])
        except HandError:
            if length == position + 1:
                raise
            continue
        break
    changes = []
    before_gates = {g.key: g for g in walkthrough(before)}
    for gate in walkthrough(after):
        if gate.key in ("values", "totals"):
            continue
        old = before_gates[gate.key]
        if old.sentences != gate.sentences:
            changes.append(
                Change(gate.key, gate.title, " ".join(old.sentences), " ".join(gate.sentences))
            )
    return WhatIf(
        position,
        seat_of(position, before),
        cards[position],
        new_card,
        before,
        after,
        tuple(changes),
    )


# --- settling at a table ---------------------------------------------------------------

# The table variants the worksheet settles at: (short name, what is different, the Banker
# bet there). The words are translated where shown: _(TABLES[table][0]).
TABLES = {
    "standard": (
        # xgettext:no-python-format (a percent sign, not a %-placeholder)
        gettext_noop("Punto banco (5% commission)"),
        # xgettext:no-python-format (a percent sign, not a %-placeholder)
        gettext_noop("5% commission on Banker wins"),
        "banker",
    ),
    "ez": (
        gettext_noop("EZ Baccarat"),
        gettext_noop("no commission; a Banker win on a three-card 7 (a Dragon 7) pushes"),
        "ez_banker",
    ),
    "super6": (
        gettext_noop("Super 6 (no commission)"),
        gettext_noop("no commission; a Banker win on 6 pays half"),
        "super6_banker",
    ),
}
UNIT_STAKE = 100


def settlement_sentences(resolution: Resolution, table: str) -> tuple[str, ...]:
    """A Banker, a Player and a Tie bet of 100 settled at `table` (a key of TABLES), or
    why they cannot be settled yet."""
    if resolution.winner is None:
        if resolution.needs:
            return (
                _("Not settled yet: the hand is waiting for {card}.").format(
                    card=resolution.needs_text
                ),
            )
        return (
            _(
                "Not settled: an unknown card hides the result, and a table settles only on "
                "cards it has seen."
            ),
        )
    banker_bet = TABLES[table][2]
    sentences = []
    for side, bet in (("banker", banker_bet), ("player", "player"), ("tie", "tie")):
        s = settle(bet, UNIT_STAKE, resolution)
        text = _settled(side, s.result).format(
            stake=money(s.stake), amount=money(abs(s.net)), why=s.why
        )
        sentences.append(text)
    return tuple(sentences)


def _settled(side: str, result: str) -> str:
    """One whole sentence for each bet and outcome."""
    if side == "banker":
        if result == "win":
            return _("Banker bet of {stake}: wins {amount}. {why}")
        if result == "push":
            return _("Banker bet of {stake}: pushes (the {stake} comes back). {why}")
        return _("Banker bet of {stake}: loses {amount}. {why}")
    if side == "player":
        if result == "win":
            return _("Player bet of {stake}: wins {amount}. {why}")
        if result == "push":
            return _("Player bet of {stake}: pushes (the {stake} comes back). {why}")
        return _("Player bet of {stake}: loses {amount}. {why}")
    if result == "win":
        return _("Tie bet of {stake}: wins {amount}. {why}")
    if result == "push":
        return _("Tie bet of {stake}: pushes (the {stake} comes back). {why}")
    return _("Tie bet of {stake}: loses {amount}. {why}")
