"""Card counts for the bets of punto banco: a tag per rank, a running count of the tags of
the cards seen, and a bet made when the true count (running count / decks left unseen)
reaches the count's trigger.

The published counts are Eliot Jacobson's for the Dragon 7 and the Panda 8 (their tags as
his posts give them; reference/sources.toml). For the other bets no published count was
found to cite, so the site derives one the same way for every bet: each rank's tag is
proportional to what removing one card of that rank from a full shoe does to the bet's
expectation (baccarat.odds.exact's effect of removal, here for any feature), scaled to
whole numbers from -5 to 5. A count whose tags are proportional to the effects of removal
is the best linear count there is, so it is also the fair yardstick for the published ones.

Triggers are not from the sources (the posts read here do not give them): each is the true
count at which the count's own bet first shows an edge on average, found here once by the
kept run (scripts/kept_figures.py counts) and written down below.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from baccarat.game.cards import RANK_VALUES, RANKS
from baccarat.odds.exact import shoe_of_decks
from baccarat.odds.naturals import natural_edges
from baccarat.odds.through_shoe import edges_of
from baccarat.translation import _, gettext_noop

# The bets a count can be for: the main ones, EZ Baccarat's two, and Thorp and Walden's
# natural 8 and natural 9 (on the Player; the Banker's have the very same chances).
BETS = ("banker", "player", "tie", "dragon_7", "panda_8", "player_natural_8", "player_natural_9")
BET_NAMES = {
    "banker": gettext_noop("Banker (5% commission)"),
    "player": gettext_noop("Player"),
    "tie": gettext_noop("Tie at 8 to 1"),
    "dragon_7": gettext_noop("Dragon 7 at 40 to 1"),
    "panda_8": gettext_noop("Panda 8 at 25 to 1"),
    "player_natural_8": gettext_noop("Natural 8 on the Player at 9 to 1"),
    "player_natural_9": gettext_noop("Natural 9 on the Player at 9 to 1"),
}
MOST_TAG = 5  # a person's tags
MOST_DERIVED_TAG = 12  # the site's: enough to keep a balanced count close to its effects
CLOSE = 0.98
DECK = 52
DERIVED_AT_DECKS = 8  # the effects of removal are those of a full eight-deck shoe


class CountError(ValueError):
    """A count that cannot be used; the message names the field."""


@dataclass(frozen=True)
class Count:
    key: str
    label: str  # marked with gettext_noop; `name` is it in the active language
    bet: str
    tags: tuple[int, ...]  # one per rank, in RANKS order (A, 2, ..., 9, T, J, Q, K)
    trigger: float  # bet when the true count is at least this
    source: str | None  # the section of reference/sources.toml; None: derived by the site

    @property
    def name(self) -> str:
        return _(self.label)

    @property
    def tag_array(self) -> np.ndarray:
        return np.array(self.tags, dtype=np.int64)


def tags_by_value(by_value: dict[int, int]) -> tuple[int, ...]:
    """Tags given per value (0 for tens and pictures) as one per rank."""
    return tuple(by_value.get(RANK_VALUES[r], 0) for r in RANKS)


def bet_edges(ranks_left: np.ndarray) -> dict[str, np.ndarray]:
    """Every bet of BETS: (n, 13) ranks left -> (n,) the bettor's expectation per unit."""
    edges = edges_of(ranks_left)
    values = np.stack(
        [ranks_left[:, [i for i, r in enumerate(RANKS) if RANK_VALUES[r] == v]].sum(axis=1)
         for v in range(10)],
        axis=1,
    )  # fmt: skip
    naturals = natural_edges(values)
    return {bet: edges[bet] if bet in edges else naturals[bet] for bet in BETS}


@cache
def effects_of_removal(decks: int = DERIVED_AT_DECKS) -> dict[str, np.ndarray]:
    """bet -> (13,) how much removing one card of each rank from a full shoe of `decks`
    decks raises the bettor's expectation."""
    full = np.array([[4 * decks] * len(RANKS)])
    fewer = full - np.eye(len(RANKS), dtype=np.int64)
    base, less = bet_edges(full), bet_edges(fewer)
    return {bet: less[bet] - base[bet][0] for bet in BETS}


def derived_tags(bet: str) -> tuple[int, ...]:
    """The site's count for `bet`: whole tags proportional to the effects of removal, as
    small as keeps their direction (cosine at least CLOSE), and balanced (a full deck's
    tags add up to 0). Balance matters more than precision: a count whose deck does not
    add to 0 drifts as the shoe goes down, and its true count stops following the edge."""
    effect = effects_of_removal()[bet]
    best: tuple[float, tuple[int, ...]] = (-2.0, ())
    for most in range(1, MOST_DERIVED_TAG + 1):
        scaled = effect * most / np.abs(effect).max()
        tags = np.rint(scaled).astype(np.int64)
        # Balance by moving the tags that rounding moved furthest, one step each.
        while (gap := int(tags.sum())) != 0:
            step = -np.sign(gap)
            leeway = (tags - scaled) * np.sign(gap)  # how far rounding pushed the wrong way
            i = int(np.argmax(leeway))
            tags[i] += step
        cosine = float(tags @ effect / (np.linalg.norm(tags) * np.linalg.norm(effect)))
        if cosine > best[0]:
            best = (cosine, tuple(int(t) for t in tags))
        if cosine >= CLOSE:
            break
    return best[1]


def break_even(tags: tuple[int, ...], bet: str, decks: int = DERIVED_AT_DECKS) -> float:
    """The true count at which the bet's edge, as the count foretells it, reaches 0.

    Linear in the effects of removal (e): an excess k_r of rank r among the cards seen moves
    the edge by about sum(e_r k_r) N/U (N the full shoe's cards, U those unseen), and the
    true count is sum(t_r k_r) 52/U for a balanced count. With the ranks' excesses about
    equally spread, the best straight line from true count to edge has the slope
    (N/52) sum(t e)/sum(t t); the edge at the start of the shoe over it, negated, is where
    the line crosses 0. None (infinity) for a count that does not point towards the edge."""
    t = np.array(tags, dtype=np.float64)
    effect = effects_of_removal(decks)[bet]
    slope = decks * float(t @ effect) / float(t @ t) if t.any() else 0.0
    start = float(bet_edges(full_ranks(decks)[None, :])[bet][0])
    if slope <= 0:
        return float("inf")
    return -start / slope


# The tags as Jacobson's posts give them, per value from the ace to the nine, then tens.
JACOBSON_DRAGON = tags_by_value({4: -1, 5: -1, 6: -1, 7: -1, 8: 2, 9: 2})
JACOBSON_PANDA = tags_by_value({1: 1, 2: 1, 3: -2, 4: -2, 5: -2, 6: -1, 7: -1, 8: -2, 9: 4, 0: 1})


def trigger_of(tags: tuple[int, ...], bet: str) -> float:
    """A built-in count's trigger: its break-even true count, to the half above it."""
    return float(np.ceil(break_even(tags, bet) * 2) / 2)


@cache
def built_in() -> tuple[Count, ...]:
    """The counts the page compares: the published ones first, then the site's own."""
    published = (
        Count(
            "jacobson_dragon_7",
            gettext_noop("Jacobson's Dragon 7 count"),
            "dragon_7",
            JACOBSON_DRAGON,
            trigger_of(JACOBSON_DRAGON, "dragon_7"),
            "jacobson-dragon-count",
        ),
        Count(
            "jacobson_panda_8",
            gettext_noop("Jacobson's Panda 8 count"),
            "panda_8",
            JACOBSON_PANDA,
            trigger_of(JACOBSON_PANDA, "panda_8"),
            "jacobson-dragon-panda-counts",
        ),
    )
    derived = tuple(
        Count(
            f"removal_{bet}",
            gettext_noop("The site's count from the effects of removal"),
            bet,
            derived_tags(bet),
            trigger_of(derived_tags(bet), bet),
            None,
        )
        for bet in BETS
    )
    return published + derived


def user_count(tags: object, bet: object, trigger: object) -> Count:
    """A count given by a person: 13 whole tags from -5 to 5, one of BETS, a trigger."""
    if not isinstance(tags, (list, tuple)) or len(tags) != len(RANKS):
        raise CountError(_("tags: give {n} tags, one for each rank").format(n=len(RANKS)))
    for rank, tag in zip(RANKS, tags, strict=True):
        if not isinstance(tag, int) or isinstance(tag, bool) or not -MOST_TAG <= tag <= MOST_TAG:
            raise CountError(
                _("tag_{rank}: {tag} is not a whole number from {least} to {most}").format(
                    rank=rank, tag=repr(tag), least=-MOST_TAG, most=MOST_TAG
                )
            )
    if bet not in BETS:
        raise CountError(_("bet: {bet} is not one of the bets").format(bet=repr(bet)))
    if not isinstance(trigger, (int, float)) or isinstance(trigger, bool):
        raise CountError(_("trigger: {trigger} is not a number").format(trigger=repr(trigger)))
    return Count("yours", gettext_noop("Your count"), str(bet), tuple(tags), float(trigger), None)


def true_counts(counts: tuple[Count, ...], seen: np.ndarray, unseen: np.ndarray) -> np.ndarray:
    """(n, len(counts)): each count's true count before n hands, given the ranks seen (n, 13)
    and the cards not seen yet (n,), burned cards among them."""
    tags = np.stack([c.tag_array for c in counts], axis=1)  # (13, counts)
    running = seen @ tags
    true: np.ndarray = running / (unseen[:, None] / DECK)
    return true


def full_ranks(decks: int) -> np.ndarray:
    shoe_of_decks(decks)
    return np.full(len(RANKS), 4 * decks, dtype=np.int64)
