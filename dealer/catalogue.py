"""The dealer school's drills, in the order a school teaches them: what the index lists.
Each drill's module adds its entry here."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise


@dataclass(frozen=True)
class Drill:
    url_name: str  # e.g. "dealer:commission"
    title: str | Promise
    what: str | Promise  # one sentence: what the learner does
    standard_seconds: float  # the time a dealer school asks (docs/dealer.md says why)


DRILLS: list[Drill] = []
