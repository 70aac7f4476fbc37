"""Win chances as the cards come: the exact chance that the Banker, the Player or a tie wins
from any point of a hand, with some cards turned, some face down and one perhaps squeezed
(seen only partly, so known to be one of a few ranks).

How: a hand never uses more than six cards, and which way it goes depends only on the
values of those six in dealing order, so `baccarat.odds.exact.played` plays every one of the
10^6 value sequences once (kept here as one byte each: who wins). The cards turned fix some
places of the sequence; the rest come from the shoe. An ordered run of cards with m_v of
value v comes out of a shoe holding n_v of them in n_v (n_v - 1) ... (n_v - m_v + 1) ways,
whatever their order, so each sequence's weight is a product of falling factorials and every
figure is a whole number of ways until the one division at the end. Places after the hand
has ended are padding: they multiply every outcome alike, as in exact.py.

A squeezed card is a card from the shoe known to be of one of some ranks: the shoe's cards
are exchangeable, so it is as if that card were drawn first, in as many ways as the shoe
holds cards of those ranks. A card turned face down ("?") is a card from the shoe seen not
at all: an open place, so it changes nothing but where the later cards sit.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache

import numpy as np

from baccarat.game.cards import RANK_VALUES, RANKS, Card, parse_cards
from baccarat.game.rules import resolve
from baccarat.odds.exact import (
    MAX_DECKS,
    VALUES,
    ShoeError,
    _falling,
    check_ranks,
    count_deals,
    played,
    shoe_after,
    values_of_ranks,
)
from baccarat.translation import _

DECKS = MAX_DECKS  # the shoe the chances assume when none is given: eight full decks
PLACES = 6  # the most cards a hand uses
BANKER, PLAYER, TIE = 0, 1, 2


class SqueezeError(ValueError):
    """A squeezed card that cannot be: no rank given, a token that is not a rank, none of
    those ranks left in the shoe, or no card left to come. Names the field."""


@dataclass(frozen=True)
class Chances:
    """P(Banker wins), P(Player wins), P(tie) from a point of the hand: they add up to 1."""

    banker: Fraction
    player: Fraction
    tie: Fraction

    def __iter__(self) -> Iterator[Fraction]:  # banker, player, tie = chances
        return iter((self.banker, self.player, self.tie))


@cache
def _winners() -> np.ndarray:
    """Who wins each of the 10^6 six-value sequences (0 Banker, 1 Player, 2 tie), shaped
    (10,) * 6 so that fixing a place is indexing it."""
    _seq, columns, _cards = played()
    winner = np.where(columns["banker"], BANKER, np.where(columns["player"], PLAYER, TIE))
    return winner.astype(np.int8).reshape((10,) * PLACES)


@cache
def _multiplicities(free: int) -> np.ndarray:
    """For each of the 10^free sequences of values in `free` open places (in the order numpy
    lays out a (10,) * free block), how many cards of each value it holds: 10^free x 10."""
    if free == 0:
        return np.zeros((1, 10), dtype=np.int64)
    digits = np.indices((10,) * free).reshape(free, -1)
    return np.stack([(digits == v).sum(axis=0) for v in VALUES], axis=1)


def _ways(fixed: tuple[int | None, ...], values_left: tuple[int, ...]) -> tuple[int, int, int]:
    """Ways (Banker, Player, tie) with the values at `fixed` places (None: open, drawn from
    a shoe of `values_left[v]` cards of each value)."""
    free = sum(v is None for v in fixed)
    if free == PLACES:
        # Nothing fixed: the whole shoe's odds, which exact.py counts by multiset, quicker.
        counts = count_deals(values_left)
        return counts["banker"], counts["player"], counts["tie"]
    block = _winners()[tuple(slice(None) if v is None else v for v in fixed)].ravel()
    falling = _falling(max(values_left))
    multiplicities = _multiplicities(free)
    weights = np.ones(len(multiplicities), dtype=np.int64)
    for v in VALUES:
        weights *= falling[values_left[v], multiplicities[:, v]]
    return tuple(int(weights[block == w].sum()) for w in (BANKER, PLAYER, TIE))  # type: ignore[return-value]


def _turned(cards: Iterable[Card | str] | str) -> list[Card]:
    """Cards, tokens ("4h", "?") or one string of them, as cards."""
    return parse_cards(cards if isinstance(cards, str) else [str(card) for card in cards])


def squeeze_ranks(ranks: Iterable[object]) -> frozenset[str]:
    """Ranks as a squeeze reads them ("10" or "T", any case), checked."""
    checked = set()
    for token in ranks:
        rank = "T" if str(token).upper() == "10" else str(token).upper()
        if rank not in RANKS:
            raise SqueezeError(
                _("narrowed: {token} is not a rank; use A, 2-9, 10, J, Q, K").format(
                    token=repr(str(token)[:12])
                )
            )
        checked.add(rank)
    if not checked:
        raise SqueezeError(_("narrowed: give at least one rank the squeezed card may be"))
    return frozenset(checked)


def chances(
    cards_so_far: Iterable[Card | str] | str,
    ranks_left: Mapping[str, int] | None = None,
    narrowed: Collection[str] | None = None,
    narrowed_at: int | None = None,
) -> Chances:
    """The exact chances from here.

    `cards_so_far`: the cards turned, in dealing order (Player, Banker, Player, Banker, then
    the third cards as the rules call them); "?" for one face down. `ranks_left`: the shoe as
    it is now, the turned cards already out of it (a "?" is still in it: unseen, it is any
    card of the shoe); by default eight full decks less the turned cards. `narrowed`: the
    ranks a squeezed card may be, as much of it as the squeeze shows; the card is the next
    to come, or the face-down card at place `narrowed_at` (0-based, in dealing order).

    HandError for more cards than a hand takes, ShoeError for a shoe that cannot be,
    SqueezeError for a squeeze that cannot be.
    """
    cards = _turned(cards_so_far)
    resolution = resolve(cards)
    if ranks_left is None:
        ranks = shoe_after(DECKS, cards).ranks
    else:
        ranks = check_ranks(dict(ranks_left))
    open_places = PLACES - sum(card.known for card in cards)
    if sum(ranks.values()) < open_places:
        raise ShoeError(
            _("ranks_left: {count} cards; the hand may need {needed} more").format(
                count=sum(ranks.values()), needed=open_places
            )
        )
    fixed: list[int | None] = [card.value for card in cards]
    fixed += [None] * (PLACES - len(fixed))
    values_left = values_of_ranks(ranks)
    if narrowed is None:
        return _as_chances([_ways(tuple(fixed), values_left)])
    squeezed = squeeze_ranks(narrowed)
    place = len(cards) if narrowed_at is None else narrowed_at
    if place == len(cards):
        if resolution.complete or len(cards) >= PLACES:
            raise SqueezeError(_("narrowed: the hand is over, so no card is left to squeeze"))
    elif not (isinstance(place, int) and 0 <= place < len(cards)) or cards[place].known:
        raise SqueezeError(
            _(
                "narrowed_at: {place} is not the place of a face-down card (?) nor of the "
                "next card to come"
            ).format(place=repr(place))
        )
    by_value = [0] * 10
    for rank in squeezed:
        by_value[RANK_VALUES[rank]] += ranks[rank]
    if not any(by_value):
        raise SqueezeError(_("narrowed: no card of those ranks is left in the shoe"))
    parts = []
    for v, count in enumerate(by_value):
        if count:
            fixed[place] = v
            fewer = tuple(n - (i == v) for i, n in enumerate(values_left))
            parts.append(tuple(count * w for w in _ways(tuple(fixed), fewer)))
    return _as_chances(parts)


def _as_chances(parts: list[tuple[int, ...]]) -> Chances:
    banker, player, tie = (sum(part[w] for part in parts) for w in (BANKER, PLAYER, TIE))
    total = banker + player + tie
    return Chances(Fraction(banker, total), Fraction(player, total), Fraction(tie, total))


def as_the_cards_come(
    cards: Iterable[Card | str] | str, decks: int = DECKS
) -> list[tuple[int, Chances]]:
    """The chances before any card and after each card of the hand in turn: (how many cards
    turned, chances), from a full shoe of `decks` decks."""
    dealt = _turned(cards)
    resolve(dealt)  # a hand with more cards than it can take is refused before anything
    return list(_card_by_card(tuple(str(card) for card in dealt), decks))


@lru_cache(maxsize=1024)
def _card_by_card(tokens: tuple[str, ...], decks: int) -> tuple[tuple[int, Chances], ...]:
    # Kept: a walkthrough asks for the same hand at each of its six gates.
    return tuple(
        (n, chances(tokens[:n], shoe_after(decks, parse_cards(list(tokens[:n]))).ranks))
        for n in range(len(tokens) + 1)
    )
