"""Exact odds of one punto banco hand dealt from any shoe, by full enumeration.

Counts are of ordered deals of six cards (a hand that uses four or five cards is padded
with the cards that would have come next), so for a shoe of N cards every figure is a
whole number out of N!/(N-6)! and nothing is simulated or rounded until the end.

How it is fast: which way a deal goes depends only on the *values* of its six cards in
order, never on the shoe. So, once, every one of the 10^6 value sequences is played by
the rules in `baccarat.game.rules` and tallied by its multiset of values (5,005 of them). For a
given shoe, a multiset with m_v cards of value v can be dealt in prod_v n_v(n_v-1)...
(n_v-m_v+1) ways per value order; the counts for the shoe are one small matrix product of
those weights with the tallies.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property

import numpy as np

from baccarat.game.cards import RANK_VALUES, RANKS, Card, quoted
from baccarat.game.tableau import BANKER_WHEN_PLAYER_STOOD, DRAW, NATURALS, PLAYER_RULE, TABLEAU
from baccarat.odds.side_bets import SIDE_FEATURES, side_columns, side_edges
from baccarat.translation import _, gettext_noop

VALUES = range(10)
CARDS_PER_DECK_BY_VALUE = tuple(sum(4 for r in RANKS if RANK_VALUES[r] == v) for v in VALUES)
CARDS_PER_DECK_BY_RANK = dict.fromkeys(RANKS, 4)
MAX_DECKS = 8
MIN_CARDS = 6

# Payouts of the bets whose house edge is reported (to 1 unless said).
COMMISSION = Fraction(5, 100)
TIE_PAYS = (8, 9)
DRAGON_7_PAYS = 40
PANDA_8_PAYS = 25
PAIR_PAYS = 11


class ShoeError(ValueError):
    """A shoe that cannot deal a hand, or is more than 8 decks' worth. Names the field."""


# --- the tallies, computed once ---------------------------------------------------------------

FEATURES = (
    "banker", "player", "tie",
    "natural_player", "natural_banker", "natural_both", "natural_any",
    "player_draws", "banker_draws",
    "cards_4", "cards_5", "cards_6",
    "banker_4", "player_4", "tie_4",
    "banker_5", "player_5", "tie_5",
    "banker_6", "player_6", "tie_6",
    "banker_win_6", "dragon_7", "panda_8",
    *(f"banker_total_{t}" for t in VALUES),
    *(f"banker_draws_on_{t}" for t in VALUES),
    *SIDE_FEATURES,
)  # fmt: skip
INDEX = {name: i for i, name in enumerate(FEATURES)}


def _rule_array(rule: str) -> np.ndarray:
    """A two-card rule ("DDDDDDSS") as booleans for totals 0-9 (8 and 9 never draw)."""
    return np.array([t < len(rule) and rule[t] == DRAW for t in VALUES])


def played() -> tuple[np.ndarray, dict[str, np.ndarray], np.ndarray]:
    """Every one of the 10^6 sequences of six card values played once by the rules module's
    own tables: (sequences, columns, cards). sequences is 6 x 10^6, the values in dealing
    order, sequence i being the digits of i (Player 1st, Banker 1st, Player 2nd, Banker 2nd,
    then the third cards); columns maps each FEATURES name to a boolean per sequence; cards
    is how many of the six the hand uses (4, 5 or 6). The odds below tally these by
    multiset; baccarat.simulation.shoes looks whole shoes up in them. Not kept: the two keep what
    they make of it (about 100 MB while it lives, a few MB after)."""
    seq = np.indices((10,) * 6).reshape(6, -1)
    p1, b1, p2, b2, c5, c6 = seq
    player = (p1 + p2) % 10
    banker = (b1 + b2) % 10
    naturals = np.array([t in NATURALS for t in VALUES])
    nat_p, nat_b = naturals[player], naturals[banker]
    natural = nat_p | nat_b
    player_draws = ~natural & _rule_array(PLAYER_RULE)[player]
    tableau = np.zeros((10, 10), dtype=bool)
    tableau[: len(TABLEAU)] = [[cell == DRAW for cell in row] for row in TABLEAU]
    banker_draws = ~natural & np.where(
        player_draws, tableau[banker, c5], _rule_array(BANKER_WHEN_PLAYER_STOOD)[banker]
    )
    banker_third = np.where(player_draws, c6, c5)
    player_final = np.where(player_draws, (player + c5) % 10, player)
    banker_final = np.where(banker_draws, (banker + banker_third) % 10, banker)
    cards = 4 + player_draws.astype(np.int8) + banker_draws.astype(np.int8)
    banker_wins = banker_final > player_final
    player_wins = player_final > banker_final
    ties = player_final == banker_final

    columns = {
        "banker": banker_wins,
        "player": player_wins,
        "tie": ties,
        "natural_player": nat_p,
        "natural_banker": nat_b,
        "natural_both": nat_p & nat_b,
        "natural_any": natural,
        "player_draws": player_draws,
        "banker_draws": banker_draws,
        "banker_win_6": banker_wins & (banker_final == 6),
        "dragon_7": banker_wins & banker_draws & (banker_final == 7),
        "panda_8": player_wins & player_draws & (player_final == 8),
    }
    for n in (4, 5, 6):
        columns[f"cards_{n}"] = cards == n
        for name, won in (("banker", banker_wins), ("player", player_wins), ("tie", ties)):
            columns[f"{name}_{n}"] = won & (cards == n)
    for t in VALUES:
        columns[f"banker_total_{t}"] = banker == t
        columns[f"banker_draws_on_{t}"] = banker_draws & (banker == t)
    columns.update(side_columns(player_final, banker_final, banker_draws, nat_p, nat_b))
    return seq, columns, cards


@cache
def tallies() -> tuple[np.ndarray, np.ndarray]:
    """(multiplicities, table): for each of the 5,005 multisets of six values, how many
    cards of each value it has (5005 x 10), and how many of its orderings show each
    feature (len(FEATURES) x 5005)."""
    seq, columns, _cards = played()
    # Each sequence's multiset, as its sorted values read as one number.
    key = np.zeros(seq.shape[1], dtype=np.int64)
    for digit in np.sort(seq, axis=0):
        key = key * 10 + digit
    keys, which = np.unique(key, return_inverse=True)
    table = np.stack(
        [np.bincount(which, weights=columns[name], minlength=len(keys)) for name in FEATURES]
    ).astype(np.int64)
    digits = np.array([[int(d) for d in f"{k:06d}"] for k in keys])
    multiplicities = np.stack([(digits == v).sum(axis=1) for v in VALUES], axis=1)
    return multiplicities, table


@cache
def _falling(top: int) -> np.ndarray:
    """falling[n, m] = n (n-1) ... (n-m+1), for n up to `top` and m up to 6."""
    n = np.arange(top + 1, dtype=np.int64)[:, None]
    out = np.ones((top + 1, 7), dtype=np.int64)
    for m in range(1, 7):
        out[:, m] = out[:, m - 1] * np.maximum(n[:, 0] - (m - 1), 0)
    return out


def count_deals(values: tuple[int, ...]) -> dict[str, int]:
    """Every feature's count of ordered six-card deals from a shoe with `values[v]` cards
    of value v. Exact integers."""
    multiplicities, table = tallies()
    falling = _falling(max(values))
    weights = np.ones(len(multiplicities), dtype=np.int64)
    for v in VALUES:
        weights *= falling[values[v], multiplicities[:, v]]
    counts = table @ weights
    return {name: int(counts[i]) for name, i in INDEX.items()}


# --- shoes -------------------------------------------------------------------------------------


def shoe_of_decks(decks: int) -> tuple[int, ...]:
    if not isinstance(decks, int) or isinstance(decks, bool) or not 1 <= decks <= MAX_DECKS:
        raise ShoeError(
            _("decks: {decks} is not a whole number of decks from 1 to {most}").format(
                decks=repr(decks), most=MAX_DECKS
            )
        )
    return tuple(decks * n for n in CARDS_PER_DECK_BY_VALUE)


def ranks_of_decks(decks: int) -> dict[str, int]:
    shoe_of_decks(decks)
    return {rank: decks * n for rank, n in CARDS_PER_DECK_BY_RANK.items()}


def values_of_ranks(ranks: dict[str, int]) -> tuple[int, ...]:
    values = [0] * 10
    for rank, n in ranks.items():
        values[RANK_VALUES[rank]] += n
    return tuple(values)


def check_values(values: object) -> tuple[int, ...]:
    """A value-count shoe, checked: ten whole numbers, none negative, none more than 8
    decks hold, at least six cards in all."""
    if not isinstance(values, (list, tuple)) or len(values) != 10:
        raise ShoeError(_("values: give ten counts, one for each value 0-9"))
    for v, n in enumerate(values):
        if not isinstance(n, int) or isinstance(n, bool):
            raise ShoeError(
                _("values[{value}]: {count} is not a whole number").format(value=v, count=repr(n))
            )
        if n < 0:
            raise ShoeError(_("values[{value}]: {count} is negative").format(value=v, count=n))
        most = MAX_DECKS * CARDS_PER_DECK_BY_VALUE[v]
        if n > most:
            raise ShoeError(
                _("values[{value}]: {count} is more than {decks} decks hold ({most})").format(
                    value=v, count=n, decks=MAX_DECKS, most=most
                )
            )
    if sum(values) < MIN_CARDS:
        raise ShoeError(
            _("values: {count} cards; a hand needs a shoe of at least {least}").format(
                count=sum(values), least=MIN_CARDS
            )
        )
    return tuple(values)


def check_ranks(ranks: object) -> dict[str, int]:
    if not isinstance(ranks, dict):
        raise ShoeError(_("ranks: give a count for each rank A, 2-9, T, J, Q, K"))
    checked: dict[str, int] = {}
    given_as: dict[str, object] = {}
    for key, n in ranks.items():
        rank = "T" if str(key).upper() == "10" else str(key).upper()
        if rank not in RANKS:
            # Said back short: a key is anyone's text, and may be a hundred thousand long.
            short = isinstance(key, str) and len(key) <= 12 and key.isprintable()
            raise ShoeError(
                _("ranks.{key}: {given} is not a rank; use A, 2-9, T, J, Q, K").format(
                    key=key if short else quoted(key), given=repr(key) if short else quoted(key)
                )
            )
        if rank in given_as:
            # "T" and "10" (or "q" and "Q") are one rank: two counts for it are a mistake,
            # and adding them would slip past the 8-deck limit.
            raise ShoeError(
                _("ranks.{key}: the same rank as {other}; give it once").format(
                    key=key, other=repr(given_as[rank])
                )
            )
        given_as[rank] = key
        if not isinstance(n, int) or isinstance(n, bool):
            raise ShoeError(
                _("ranks.{key}: {count} is not a whole number").format(key=key, count=repr(n))
            )
        if n < 0:
            raise ShoeError(_("ranks.{key}: {count} is negative").format(key=key, count=n))
        most = MAX_DECKS * CARDS_PER_DECK_BY_RANK[rank]
        if n > most:
            raise ShoeError(
                _("ranks.{key}: {count} is more than {decks} decks hold ({most})").format(
                    key=key, count=n, decks=MAX_DECKS, most=most
                )
            )
        checked[rank] = checked.get(rank, 0) + n
    for rank in RANKS:
        checked.setdefault(rank, 0)
    if sum(checked.values()) < MIN_CARDS:
        raise ShoeError(
            _("ranks: {count} cards; a hand needs a shoe of at least {least}").format(
                count=sum(checked.values()), least=MIN_CARDS
            )
        )
    return checked


@dataclass(frozen=True)
class ShoeLeft:
    """What is left of a full shoe once some cards have been dealt from it."""

    decks: int
    ranks: dict[str, int]  # the full shoe less every dealt card of known rank
    known: int  # dealt cards of known rank, subtracted
    unknown: int  # dealt cards of unknown rank ("?"), not subtracted

    @property
    def cards(self) -> int:
        """The cards really left in the shoe: the unknown ones are gone too."""
        return sum(self.ranks.values()) - self.unknown


def shoe_after(decks: int, dealt: Iterable[Card]) -> ShoeLeft:
    """A full shoe of `decks` decks less the dealt cards of known rank.

    An unknown card is left in, and that is exact, not a guess: unseen, it is as likely to
    be any card still in the shoe, so the next hand's odds are the same as if it had never
    been dealt (the same reason a burned card changes nothing). ShoeError ("dealt: ...")
    when more of a rank has been dealt than the shoe holds.
    """
    ranks = ranks_of_decks(decks)
    known = unknown = 0
    for card in dealt:
        if card.rank is None:
            unknown += 1
        else:
            ranks[card.rank] -= 1
            known += 1
    for rank in RANKS:
        if ranks[rank] < 0:
            held = decks * CARDS_PER_DECK_BY_RANK[rank]
            label = "10" if rank == "T" else rank
            if decks > 1:
                text = _("dealt: {count} cards of rank {rank}, but {decks} decks hold only {held}")
            else:
                text = _("dealt: {count} cards of rank {rank}, but {decks} deck holds only {held}")
            raise ShoeError(
                text.format(count=held - ranks[rank], rank=label, decks=decks, held=held)
            )
    return ShoeLeft(decks, ranks, known, unknown)


# --- the answer --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Edge:
    """A bet's house edge in both conventions (positive = the house's advantage).

    `label` is the bet's name as marked for translation, with placeholders filled from
    `values`; `name` is it in the active language (an Odds is cached and shown in any)."""

    label: str
    per_unit: Fraction  # per unit staked, a push counting as a bet neither won nor lost
    pushes: Fraction  # probability of a push
    values: tuple[tuple[str, object], ...] = ()

    @property
    def name(self) -> str:
        return _(self.label).format(**dict(self.values))

    @property
    def per_resolved(self) -> Fraction:
        """Per bet that did not push (ties excluded)."""
        return self.per_unit / (1 - self.pushes) if self.pushes != 1 else Fraction(0)


@dataclass(frozen=True)
class Odds:
    cards: int
    total: int  # ordered six-card deals: cards!/(cards-6)!
    counts: dict[str, int]
    ranks: dict[str, int] | None = None  # known only when the shoe was given by rank
    commission: Fraction = COMMISSION

    def exact(self, name: str) -> Fraction:
        return Fraction(self.counts[name], self.total)

    def p(self, name: str) -> float:
        return self.counts[name] / self.total

    @cached_property
    def player_pair(self) -> Fraction | None:
        """The Player's (or, alike, the Banker's) first two cards are a pair of one rank."""
        if self.ranks is None:
            return None
        n = self.cards
        return Fraction(sum(k * (k - 1) for k in self.ranks.values()), n * (n - 1))

    def banker_total(self, total: int) -> Fraction:
        return self.exact(f"banker_total_{total}")

    def banker_draws_given(self, total: int) -> Fraction | None:
        """P(Banker draws | Banker's two-card total), None when that total cannot occur."""
        if not self.counts[f"banker_total_{total}"]:
            return None
        return Fraction(
            self.counts[f"banker_draws_on_{total}"], self.counts[f"banker_total_{total}"]
        )

    @cached_property
    def edges(self) -> dict[str, Edge]:
        b, p, t = self.exact("banker"), self.exact("player"), self.exact("tie")
        six, dragon, panda = (
            self.exact("banker_win_6"),
            self.exact("dragon_7"),
            self.exact("panda_8"),
        )
        zero = Fraction(0)
        edges = {
            "banker": Edge(
                # xgettext:no-python-format (a percent sign, not a %-placeholder)
                gettext_noop("Banker, {commission}% commission"),
                p - (1 - self.commission) * b,
                t,
                (("commission", f"{float(self.commission * 100):g}"),),
            ),
            "player": Edge(gettext_noop("Player"), b - p, t),
            "tie_8_to_1": Edge(gettext_noop("Tie at {pays} to 1"), 1 - 9 * t, zero, (("pays", 8),)),
            "tie_9_to_1": Edge(
                gettext_noop("Tie at {pays} to 1"), 1 - 10 * t, zero, (("pays", 9),)
            ),
            "ez_banker": Edge(
                gettext_noop("EZ Baccarat Banker (Dragon 7 pushes)"), p - (b - dragon), t + dragon
            ),
            "super6_banker": Edge(
                gettext_noop("No-commission Banker (a winning 6 pays half)"), p - b + six / 2, t
            ),
            "dragon_7": Edge(
                gettext_noop("Dragon 7 at {pays} to 1"),
                1 - (DRAGON_7_PAYS + 1) * dragon,
                zero,
                (("pays", DRAGON_7_PAYS),),
            ),
            "panda_8": Edge(
                gettext_noop("Panda 8 at {pays} to 1"),
                1 - (PANDA_8_PAYS + 1) * panda,
                zero,
                (("pays", PANDA_8_PAYS),),
            ),
        }
        if self.player_pair is not None:
            edges["player_pair"] = Edge(
                gettext_noop("Player pair (or Banker pair) at {pays} to 1"),
                1 - (PAIR_PAYS + 1) * self.player_pair,
                zero,
                (("pays", PAIR_PAYS),),
            )
        # A full shoe of whole decks (every rank 4 per deck) is the one whose suits are known.
        each = set(self.ranks.values()) if self.ranks else set()
        whole = each.pop() // 4 if len(each) == 1 and min(each) % 4 == 0 else None
        for key, parts in side_edges(self.exact, b, p, whole).items():
            edges[key] = Edge(*parts)
        return edges

    def edge_ratio(self, bet: str, other: str) -> Fraction:
        """How many times `other`'s house edge per unit `bet`'s is: the Tie at 8 to 1 costs
        about 3 times the Tie at 9 to 1."""
        return self.edges[bet].per_unit / self.edges[other].per_unit


def odds(
    values: tuple[int, ...] | None = None,
    *,
    decks: int | None = None,
    ranks: dict[str, int] | None = None,
    commission: Fraction = COMMISSION,
) -> Odds:
    """Exact odds for a shoe given as `decks`, as rank counts, or as value counts."""
    if decks is not None:
        ranks = ranks_of_decks(decks)
    if ranks is not None:
        ranks = check_ranks(ranks)
        values = values_of_ranks(ranks)
    values = check_values(values)
    n = sum(values)
    total = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    return Odds(n, total, count_deals(values), ranks, Fraction(commission))


@cache
def odds_of_decks(decks: int) -> Odds:
    """A full shoe's odds, computed once per process: the pages show them on every view."""
    return odds(decks=decks)


def percent(value: Fraction | float, places: int = 2) -> str:
    """A probability or an edge as the lessons print it: "1.06%"."""
    return f"{float(value) * 100:.{places}f}%"


@dataclass(frozen=True)
class Removal:
    value: int
    banker: float  # change in the probability of a Banker win
    player: float
    tie: float
    banker_edge: float  # change in the house edge per unit (5% commission)
    player_edge: float
    tie_edge: float  # Tie at 8 to 1


def effect_of_removal(values: tuple[int, ...]) -> list[Removal]:
    """For each value, what removing one card of it from this shoe does to the main bets."""
    base = odds(values)
    rows = []
    for v in VALUES:
        if values[v] == 0 or sum(values) - 1 < MIN_CARDS:
            continue
        fewer = odds(tuple(n - (i == v) for i, n in enumerate(values)))
        rows.append(
            Removal(
                v,
                fewer.p("banker") - base.p("banker"),
                fewer.p("player") - base.p("player"),
                fewer.p("tie") - base.p("tie"),
                float(fewer.edges["banker"].per_unit - base.edges["banker"].per_unit),
                float(fewer.edges["player"].per_unit - base.edges["player"].per_unit),
                float(fewer.edges["tie_8_to_1"].per_unit - base.edges["tie_8_to_1"].per_unit),
            )
        )
    return rows
