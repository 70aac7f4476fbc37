"""The skills the quiz schedules and reports: every skill a question can exercise, grouped
by kind of question in teaching order, and each skill's name in words.

A skill is a short key such as "banker:4:1" (Banker 4 against a Player third card of 1);
baccarat.questions makes a question for any of them. These tables are kept apart from the
question builders so that each module reads in one sitting.
"""

from __future__ import annotations

import random
from itertools import zip_longest

from baccarat.cards import RANKS, parse_card
from baccarat.payouts import BETS
from baccarat.roads import DERIVED_ROADS, ROAD_NAMES

# Every skill the banker drill schedules: the 80 tableau cells and the 8 Player-stood cases.
BANKER_SKILLS = [f"banker:{b}:{v}" for b in range(8) for v in range(10)] + [
    f"banker_stood:{b}" for b in range(8)
]

# The kinds of question, in teaching order, as the quiz names them.
KIND_TITLES = {
    "card_value": "Card values",
    "hand_total": "Hand totals",
    "natural": "Naturals",
    "player_rule": "The Player's rule",
    "banker_rule": "The Banker's rule (the tableau)",
    "winner": "Who wins",
    "payout": "Payouts and commission",
    "big_road": "The Big Road",
    "derived_mark": "The derived roads",
    "myth": "Myth or truth",
}

SKILLS_BY_KIND = {
    "card_value": [f"value:{rank}" for rank in RANKS],
    "hand_total": ["total:2", "total:3"],
    "natural": ["natural"],
    "player_rule": [f"player:{total}" for total in range(8)],
    # Shuffled once, the same for everyone, so new cells come from all over the tableau
    # rather than ten Banker 0 questions in a row.
    "banker_rule": random.Random("tableau").sample(BANKER_SKILLS, len(BANKER_SKILLS)),
    "winner": ["winner"],
    "payout": [
        f"payout:{bet}" for bet in ("banker", "player", "tie", "ez_banker", "super6_banker")
    ],
    "big_road": ["big_road"],
    "derived_mark": [f"derived:{road}:{rule}" for road in DERIVED_ROADS for rule in (1, 2)],
    "myth": ["myth"],
}

# Every skill practice can serve, taking one of each kind in turn: a newcomer meets every
# topic in the first ten questions, not 88 tableau cells first.
PRACTICE_SKILLS = [
    skill for turn in zip_longest(*SKILLS_BY_KIND.values()) for skill in turn if skill is not None
]

_KIND_OF_PREFIX = {
    "value": "card_value",
    "total": "hand_total",
    "natural": "natural",
    "player": "player_rule",
    "banker": "banker_rule",
    "banker_stood": "banker_rule",
    "winner": "winner",
    "payout": "payout",
    "big_road": "big_road",
    "derived": "derived_mark",
    "myth": "myth",
}


def skill_kind(skill: str) -> str | None:
    """The kind of question that exercises `skill`, or None for a skill this module does
    not know (the lessons may schedule their own)."""
    return _KIND_OF_PREFIX.get(skill.partition(":")[0])


def skill_name(skill: str) -> str:
    """A skill in words: "Banker 4, Player's third card 1", "Big Eye Boy, Rule 2"."""
    kind, _, rest = skill.partition(":")
    parts = rest.split(":")
    if kind == "banker":
        return f"Banker {parts[0]}, Player's third card {parts[1]}"
    if kind == "banker_stood":
        return f"Banker {parts[0]}, Player stood"
    if kind == "player":
        return f"Player {rest}, no natural"
    if kind == "value":
        return f"The value of {parse_card(rest).name}"
    if kind == "total":
        return {"2": "Two-card totals", "3": "Three-card totals"}.get(rest, f"{rest}-card totals")
    if kind == "payout":
        return f"Paying {BETS[rest]}" if rest in BETS else skill
    if kind == "derived" and parts[0] in ROAD_NAMES:
        return (
            f"{ROAD_NAMES[parts[0]]}, Rule {parts[1]}" if len(parts) > 1 else ROAD_NAMES[parts[0]]
        )
    return {
        "natural": "Spotting a natural",
        "winner": "Who wins a complete hand",
        "big_road": "Where the next bead goes",
        "myth": "Myth or truth",
    }.get(kind, skill)
