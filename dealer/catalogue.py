"""The dealer school's drills, in the order a school teaches them: what the index lists.
Each drill's module registers its entry here; ORDER, not the order modules are imported
in, decides where it stands."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise


@dataclass(frozen=True)
class Drill:
    url_name: str  # e.g. "dealer:commission"
    title: str | Promise
    what: str | Promise  # one sentence: what the learner does
    standard_seconds: float  # the time a dealer school asks (docs/dealer.md says why)


# The money first (a commission, then the payouts), then calling the hand as it is dealt,
# the shoe's procedure around the hands, and last the whole table, which uses all of them.
ORDER = (
    "dealer:commission",
    "dealer:payouts",
    "dealer:calling",
    "dealer:procedure",
    "dealer:table",
)

DRILLS: list[Drill] = []


def register(drill: Drill) -> None:
    """Add a drill in its place in ORDER (a drill not in ORDER is a mistake: say so)."""
    if drill.url_name not in ORDER:
        raise ValueError(f"{drill.url_name} has no place in the dealer school's ORDER")
    if any(known.url_name == drill.url_name for known in DRILLS):
        return  # a module imported twice registers once
    DRILLS.append(drill)
    DRILLS.sort(key=lambda known: ORDER.index(known.url_name))
