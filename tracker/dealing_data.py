"""The dealing rules and the card keypad's words as data, for a page that deals a hand on the
device when the site cannot be reached (static/js/dealing.js; docs/offline.md).

Nothing here is typed again: the tableau, the Player's rule, the naturals, the dealing order
and the ranks' values are the engine's own (baccarat.game), and every sentence is the one the
server says, translated into the page's language.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from baccarat.game.cards import RANK_VALUES, RANKS, Card
from baccarat.game.rules import CARD_NEEDED, OPENING
from baccarat.game.tableau import (
    BANKER_WHEN_PLAYER_STOOD,
    DRAW,
    NATURALS,
    PLAYER_RULE,
    TABLEAU,
)
from baccarat.teaching.dealing import MAX_CARDS, summary_words

# What the tracker says once a hand entered by its cards is recorded (tracker/keypad.py), or
# queued on the device to be sent (static/js/dealing.js).
HAND_STATUS = gettext_noop("Hand %(number)s: %(summary)s.")


def tableau_data():
    """The rules a hand is dealt by, as plain data (json_script "tableau-data"):
    - ranks: each key's token, the value it counts and the label printed on it;
    - opening: the first four cards' seats, in dealing order (Player, Banker, Player, Banker);
    - player_rule, banker_when_player_stood: a letter per two-card total 0-7, `draw` to draw;
    - tableau: a row per Banker two-card total 0-7, a letter per Player third-card value 0-9;
    - naturals: the two-card totals that end the hand at once; max_cards: a hand's most."""
    return {
        "ranks": [
            {"rank": rank, "value": RANK_VALUES[rank], "label": Card(rank).label} for rank in RANKS
        ],
        "opening": list(OPENING),
        "player_rule": PLAYER_RULE,
        "banker_when_player_stood": BANKER_WHEN_PLAYER_STOOD,
        "tableau": list(TABLEAU),
        "draw": DRAW,
        "naturals": list(NATURALS),
        "max_cards": MAX_CARDS,
    }


def keypad_words():
    """The card keypad's sentences in the page's language (json_script "keypad-words"): the
    card due next, the hand's summary (baccarat.teaching.dealing.summary_words), the status
    once it is over, the keypad's refusals, and what is said when a hand cannot be sent."""
    return {
        "needs": {needs: _(words) for needs, words in CARD_NEEDED.items()},
        "next": _("Next: %(card)s."),
        "summary": summary_words(),
        "status": _(HAND_STATUS),
        "rank": _("Choose a card's rank: A, 2 to 9, 10, J, Q or K."),
        "over": _("This hand is already over; record it, or take a card back first."),
        "refused": _("%(problem)s Nothing was recorded."),
        "cleared": _("The cards were cleared; no hand was undone."),
        "nothing_back": _(
            "No card to take back: the keypad is empty. With no signal, Undo takes the last "
            "hand back."
        ),
        "not_sent": _(
            "No signal, so nothing was recorded: the hand's last card (%(card)s) is not taken. "
            "Enter it again once the signal is back."
        ),
    }
