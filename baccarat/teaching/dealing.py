"""A hand entered card by card, as it is dealt at the table (the tracker's card keypad).

The cards come in dealing order; the rules say which card is due next, when the hand is
over, who won, and whether it had a natural or a pair. Whoever records the hand only
says which cards came out: every other fact about it is worked out here.
"""

from __future__ import annotations

from dataclasses import dataclass

from baccarat.game.cards import RANK_NAMES, RANKS, Card, CardError, parse_cards
from baccarat.game.rules import CARD_NEEDED, Hand, HandError, Resolution, resolve
from baccarat.game.tableau import and_list, list_words
from baccarat.odds.payouts import is_banker_pair, is_player_pair
from baccarat.translation import _, gettext_noop

# The keypad's keys: each rank as printed on the card ("10", not "T"), and as said (marked
# for translation in RANK_NAMES: show it with _(name)).
KEYS = tuple((rank, Card(rank).label, RANK_NAMES.get(rank, rank)) for rank in RANKS)
OUTCOME_LETTERS = {"banker": "B", "player": "P", "tie": "T"}
MAX_CARDS = 6
# What a summary names beside the result, in this order (marked here, translated when said).
EXTRAS = (
    ("natural", gettext_noop("a natural")),
    ("player_pair", gettext_noop("a Player pair")),
    ("banker_pair", gettext_noop("a Banker pair")),
)


@dataclass(frozen=True)
class DealtHand:
    """The cards of one hand so far, and what the rules make of them."""

    cards: tuple[Card, ...]
    resolution: Resolution

    @property
    def complete(self) -> bool:
        return self.resolution.complete and self.resolution.winner is not None

    @property
    def next_card(self) -> str | None:
        """ "the Banker's second card", or None once the hand is over."""
        needs = self.resolution.needs
        return _(CARD_NEEDED[needs]) if needs in CARD_NEEDED else None

    @property
    def next_seat(self) -> str | None:
        """Whose card is due: "player" or "banker" (None once the hand is over)."""
        needs = self.resolution.needs
        return needs.split("_")[0] if needs else None

    @property
    def outcome(self) -> str | None:
        """B, P or T once the hand is over."""
        winner = self.resolution.winner
        return None if winner is None else OUTCOME_LETTERS.get(winner)

    @property
    def natural(self) -> bool:
        return bool(self.resolution.natural)

    @property
    def player_pair(self) -> bool:
        return is_player_pair(self.resolution)

    @property
    def banker_pair(self) -> bool:
        return is_banker_pair(self.resolution)

    @property
    def result(self) -> str | None:
        """The last step's sentence, "Player 5, Banker 7: Banker wins with the higher
        total.", with the natural and the pairs named: what the tracker announces."""
        if not self.complete:
            return None
        extras = self._extras()
        sentence = self.resolution.steps[-1].text
        if extras:
            sentence = _("{result} With {extras}.").format(result=sentence, extras=_listed(extras))
        return sentence

    def cards_of(self, seat: str) -> tuple[Card, ...]:
        """The cards of "player" or "banker", in the order they were dealt to it."""
        hand: Hand = getattr(self.resolution, seat)
        return hand.cards

    @property
    def summary(self) -> str | None:
        """The hand in a few words, for a status line: "Banker wins 7 to 6; a natural",
        "Tie at 6"."""
        if not self.complete:
            return None
        words = summary_words()
        player, banker = self.resolution.player.final_total, self.resolution.banker.final_total
        said = str(words[str(self.resolution.winner)]).format(
            total=player, banker=banker, player=player
        )
        extras = self._extras()
        if not extras:
            return said
        return str(words["with"]).format(summary=said, extras=_listed(extras))

    def _extras(self) -> list[str]:
        return [_(name) for key, name in EXTRAS if getattr(self, key)]

    @property
    def tokens(self) -> list[str]:
        """The cards as the tracker stores them ("9", "T", "K")."""
        return [str(card) for card in self.cards]


class DealingError(ValueError):
    """Cards that cannot be the hand so far; the message says why."""


def _listed(words: list[str]) -> str:
    return and_list(words, words=True)


def summary_words() -> dict[str, str | list[list[str]]]:
    """The words DealtHand.summary is made of, translated: for a page that sums a hand up
    itself (the tracker's card keypad with no signal, static/js/dealing.js), so that the
    sentences exist once, here."""
    separator, joined = list_words(words=True)
    return {
        "tie": _("Tie at {total}"),
        "banker": _("Banker wins {banker} to {player}"),
        "player": _("Player wins {player} to {banker}"),
        "with": _("{summary}; {extras}"),
        "extras": [[key, _(name)] for key, name in EXTRAS],
        "separator": separator,
        "and": joined,
    }


def dealt(tokens: list[str] | str) -> DealtHand:
    """The hand after these cards (DealingError for a token that is not a rank, or cards
    past the end of the hand). Unknown cards ("?") are refused: a hand entered here must
    end, and its winner must be known."""
    try:
        cards = parse_cards(tokens) if tokens else []
    except CardError as error:
        raise DealingError(str(error)) from None
    if len(cards) > MAX_CARDS:
        raise DealingError(
            _("A hand has at most {most} cards, not {count}.").format(
                most=MAX_CARDS, count=len(cards)
            )
        )
    if any(not card.known for card in cards):
        raise DealingError(_("Enter each card's rank; an unknown card (?) cannot end a hand."))
    try:
        return DealtHand(tuple(cards), resolve(cards))
    except HandError as error:
        raise DealingError(str(error)) from None


def deal(hand: DealtHand, token: str) -> DealtHand:
    """`hand` with one more card. DealingError when the hand is already over."""
    if hand.complete:
        raise DealingError(_("This hand is already over; record it, or take a card back first."))
    return dealt([*hand.tokens, token])
