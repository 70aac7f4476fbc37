"""The simulation lab done a second time in plain Python, one hand at a time, for the tests
of baccarat.simulation.shoes, baccarat.simulation.systems and baccarat.simulation.chance to check
the bulk numpy engine against. Written from the engine's stated rules (simulation.procedure(), the
docstrings of systems.py and its SYSTEMS), never from its code; hands are resolved by
baccarat.game.rules.resolve and the roads read by baccarat.roads.scoreboard.scoreboard. Money is
kept in exact fractions. Not imported by the site."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
from independent_rules import RANK_OF

from baccarat.game.cards import parse_card
from baccarat.game.rules import resolve
from baccarat.roads.scoreboard import RED, scoreboard

CARD_OF_VALUE = {value: parse_card(rank) for value, rank in RANK_OF.items()}
CUT_CARD_FROM_END = 16  # "the cut card goes in front of the last 16 cards"
WINNER_LETTER = {"banker": "B", "player": "P", "tie": "T"}
OTHER = {"B": "P", "P": "B"}
BANKER_PAYS = Fraction(19, 20)


@dataclass
class DealtShoe:
    letters: str  # "BPT…", one letter a hand
    burned: int  # cards burned after the first card turned
    cut_out: str  # "during" a hand or "between" two hands
    hands: list[list[int]] = field(default_factory=list)  # each hand's card values


def deal_one_hand(values, start: int) -> tuple[list[int], str]:
    """Deal cards from `start` until resolve() asks for no more: (the hand's values, winner)."""
    cards = []
    while True:
        resolution = resolve([CARD_OF_VALUE[v] for v in cards])
        if resolution.needs is None:
            assert resolution.complete
            return cards, WINNER_LETTER[resolution.winner]
        cards.append(int(values[start + len(cards)]))


def deal_shoe(values) -> DealtShoe:
    """One shoe of card values (0 for a ten or picture) dealt as procedure() says: turn the
    first card, burn as many as it counts (ace 1, ten or picture 10); the cut card sits in
    front of the last 16 cards; when it comes out during a hand, that hand is finished and
    one more is dealt; when it comes out between two hands, the next hand is the last."""
    values = [int(v) for v in values]
    first = values[0]
    burned = 10 if first == 0 else first
    cut = len(values) - CUT_CARD_FROM_END  # the cut card lies in front of card `cut`
    shoe = DealtShoe("", burned, "")
    position = 1 + burned
    letters = []
    one_more = False
    while True:
        if position >= cut and not one_more:
            # The cut card is the next thing in the shoe: it comes out between two hands.
            shoe.cut_out = "between"
            one_more = True
        cards, letter = deal_one_hand(values, position)
        shoe.hands.append(cards)
        letters.append(letter)
        if one_more:
            break
        end = position + len(cards)
        position = end
        if end > cut:
            # Card `cut` was dealt in this hand: the cut card came out during it.
            shoe.cut_out = "during"
            one_more = True
    shoe.letters = "".join(letters)
    return shoe


# --- the betting systems, one hand at a time --------------------------------------------


def streak(before: str) -> tuple[str | None, int]:
    """The current Big Road column: (its side, its length) from the hands so far."""
    decided = before.replace("T", "")
    if not decided:
        return None, 0
    side = decided[-1]
    return side, len(decided) - len(decided.rstrip(side))


def flat_bet(name: str, before: str) -> str | None:
    """The side a flat system bets on the next hand, from the shoe's outcomes so far."""
    side, run = streak(before)
    if name == "flat_banker":
        return "B"
    if name == "flat_player":
        return "P"
    if name == "follow_the_streak":
        return side
    if name == "break_after_three":
        return OTHER[side] if run >= 3 else None
    if name == "big_eye_boy_ask":
        ask = scoreboard(before).ask
        red = [letter for letter, key in (("B", "banker"), ("P", "player"))
               if ask[key]["big_eye_boy"] is not None
               and ask[key]["big_eye_boy"].color == RED]  # fmt: skip
        assert len(red) <= 1, (before, red)
        return red[0] if red else None
    raise ValueError(name)


def paid(side: str, outcome: str, stake) -> Fraction:
    if outcome == "T":
        return Fraction(0)
    if side != outcome:
        return -Fraction(stake)
    return stake * (BANKER_PAYS if side == "B" else 1)


@dataclass
class Session:
    """A system over one shoe: per hand the side bet (None: no bet), the stake and the net;
    for a progression, the money held before the first hand and after each, and whether the
    table limit refused a stake it asked for."""

    sides: list = field(default_factory=list)
    stakes: list = field(default_factory=list)
    net: list = field(default_factory=list)
    ruined: bool = False
    limited: bool = False
    money: list = field(default_factory=list)
    restarts: int = 0  # stakes refused (limit or money), one unit bet instead


def play_flat(name: str, letters: str) -> Session:
    session = Session()
    for index, outcome in enumerate(letters):
        side = flat_bet(name, letters[:index])
        session.sides.append(side)
        session.stakes.append(1 if side else 0)
        session.net.append(paid(side, outcome, 1) if side else Fraction(0))
    return session


def play_progression(name: str, letters: str, bankroll, limit) -> Session:
    """Martingale (1, 2, 4, … after each loss, 1 after a win) or 1-3-2-6 (the next rung
    after each win, 1 after a loss or the fourth win), on Banker, one shoe a session: a tie
    pushes and keeps the stake; a stake over the limit or over the money left is not made,
    one unit is bet instead and the progression starts again; with less than one unit left
    the player is ruined and bets no more in this shoe."""
    session = Session()
    money = Fraction(bankroll)
    session.money.append(money)
    step = 0  # losses in a row (martingale) or wins into the ladder (1-3-2-6)
    for outcome in letters:
        if money < 1:
            session.ruined = True
        if session.ruined:
            session.sides.append(None)
            session.stakes.append(0)
            session.net.append(Fraction(0))
            session.money.append(money)
            continue
        wanted = 2**step if name == "martingale" else (1, 3, 2, 6)[step]
        if wanted > limit:
            session.limited = True
        if wanted > limit or wanted > money:
            wanted, step = 1, 0
            session.restarts += 1
        net = paid("B", outcome, wanted)
        money += net
        session.money.append(money)
        session.sides.append("B")
        session.stakes.append(wanted)
        session.net.append(net)
        if outcome == "B":
            step = 0 if name == "martingale" else (step + 1) % 4
        elif outcome == "P":
            step = step + 1 if name == "martingale" else 0
    if money < 1:
        session.ruined = True
    return session


def play(name: str, letters: str, bankroll=100, limit=100) -> Session:
    if name in ("martingale", "one_three_two_six"):
        return play_progression(name, letters, bankroll, limit)
    return play_flat(name, letters)


# --- outcome matrices ---------------------------------------------------------------------


def matrix(shoes: list[str]) -> np.ndarray:
    """Shoes of "BPT…" as the engine's outcomes matrix: 0 Banker, 1 Player, 2 Tie, -1 after
    the shoe's last hand (simulation.Dealt's layout)."""
    width = max((len(s) for s in shoes), default=0)
    out = np.full((len(shoes), width), -1, dtype=np.int8)
    for row, letters in enumerate(shoes):
        out[row, : len(letters)] = ["BPT".index(c) for c in letters]
    return out
