"""The skills the quiz schedules and reports: every skill a question can exercise, grouped
by kind of question in teaching order, and each skill's name in words.

A skill is a short key such as "banker:4:1" (Banker 4 against a Player third card of 1);
baccarat.teaching.questions makes a question for any of them. These tables are kept apart from the
question builders so that each module reads in one sitting.
"""

from __future__ import annotations

import random
from itertools import zip_longest

from baccarat.game.cards import RANKS, parse_card
from baccarat.odds.payouts import BETS, bet_name
from baccarat.roads.scoreboard import DERIVED_ROADS, ROAD_NAMES, road_name
from baccarat.translation import _, gettext_noop

# Every skill the banker drill schedules: the 80 tableau cells and the 8 Player-stood cases.
BANKER_SKILLS = [f"banker:{b}:{v}" for b in range(8) for v in range(10)] + [
    f"banker_stood:{b}" for b in range(8)
]

# The kinds of question, in teaching order, as the quiz names them (English, marked for
# translation: show one with _(title)).
KIND_TITLES = {
    "card_value": gettext_noop("Card values"),
    "hand_total": gettext_noop("Hand totals"),
    "natural": gettext_noop("Naturals"),
    "player_rule": gettext_noop("The Player's rule"),
    "banker_rule": gettext_noop("The Banker's rule (the tableau)"),
    "winner": gettext_noop("Who wins"),
    "payout": gettext_noop("Payouts and commission"),
    "big_road": gettext_noop("The Big Road"),
    "derived_mark": gettext_noop("The derived roads"),
    "myth": gettext_noop("Myth or truth"),
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


# Skills named by their kind alone (English, marked for translation).
_SKILL_NAMES = {
    "natural": gettext_noop("Spotting a natural"),
    "winner": gettext_noop("Who wins a complete hand"),
    "big_road": gettext_noop("Where the next bead goes"),
    "myth": gettext_noop("Myth or truth"),
}


def skill_name(skill: str) -> str:
    """A skill in words, in the active language: "Banker 4, Player's third card 1", "Big Eye
    Boy, Rule 2"."""
    kind, _kind, rest = skill.partition(":")
    parts = rest.split(":")
    if kind == "banker":
        return _("Banker {banker}, Player's third card {value}").format(
            banker=parts[0], value=parts[1]
        )
    if kind == "banker_stood":
        return _("Banker {banker}, Player stood").format(banker=parts[0])
    if kind == "player":
        return _("Player {total}, no natural").format(total=rest)
    if kind == "value":
        return _("The value of {card}").format(card=parse_card(rest).name)
    if kind == "total":
        if rest == "2":
            return _("Two-card totals")
        if rest == "3":
            return _("Three-card totals")
        return _("{count}-card totals").format(count=rest)
    if kind == "payout":
        return _("Paying {bet}").format(bet=bet_name(rest)) if rest in BETS else skill
    if kind == "derived" and parts[0] in ROAD_NAMES:
        if len(parts) == 1:
            return road_name(parts[0])
        return _("{road}, Rule {rule}").format(road=road_name(parts[0]), rule=parts[1])
    return _(_SKILL_NAMES[kind]) if kind in _SKILL_NAMES else skill
