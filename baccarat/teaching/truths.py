"""The rules stated as true statements for the myth-or-truth quiz. Out of its own context a
rule sentence can be false ("Banker 4 draws only when the Player's third card is 2–7" says
nothing of a Player who stood, when Banker 4 draws whatever happened), so each statement
carries the situation it speaks of in its words and, beside them, the data it was written
from, which a test checks against every hand the rules engine deals."""

from __future__ import annotations

from dataclasses import dataclass

from baccarat.game.tableau import (
    BANKER_WHEN_PLAYER_STOOD,
    DRAW,
    PLAYER_RULE,
    TABLEAU,
    player_rule_text,
    tableau_draws_against,
    tableau_row_claim,
    two_card_rule,
)
from baccarat.translation import _


@dataclass(frozen=True)
class Truth:
    """A rule stated so that it stands on its own, with the data it was written from: in
    every hand where `when` holds ("no_natural"; "player_drew"; "player_stood", with no
    natural) and `side` has a two-card total in `totals`, `side` draws exactly when (that
    total, the value of the Player's third card or None) is in `draws`. The quiz serves the
    text as true; a test checks the data against every hand the rules engine deals."""

    text: str
    side: str
    when: str
    totals: tuple[int, ...]
    draws: frozenset[tuple[int, int | None]]


def truths() -> list[Truth]:
    """True statements of the rules, each with the situation it speaks of in its words."""
    stood = tuple(range(len(BANKER_WHEN_PLAYER_STOOD)))
    return [
        *(
            Truth(
                _("{rule}.").format(rule=tableau_row_claim(b)), "banker", "player_drew", (b,),
                frozenset((b, v) for v in tableau_draws_against(b)),
            )
            for b in range(len(TABLEAU))
        ),
        Truth(
            player_rule_text(), "player", "no_natural", tuple(range(len(PLAYER_RULE))),
            frozenset((t, None) for t, rule in enumerate(PLAYER_RULE) if rule == DRAW),
        ),
        Truth(
            _("When the Player stood and neither hand is a natural, the Banker {rule}.").format(
                rule=two_card_rule(BANKER_WHEN_PLAYER_STOOD)
            ),
            "banker", "player_stood", stood,
            frozenset((t, None) for t in stood if BANKER_WHEN_PLAYER_STOOD[t] == DRAW),
        ),
    ]  # fmt: skip


def truth_statements() -> list[str]:
    return [truth.text for truth in truths()]
