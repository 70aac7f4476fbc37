"""Working back from the final totals to a card nobody saw.

A hand with exactly one unknown card ("?") and the final totals a learner was told (one
or both): which values 0-9 can the unknown card have? Each value is put in the card's
place and the hand is resolved again, so the rules decide everything the value changes,
including who draws and whether a third card is dealt at all. The cards given are taken
as the whole hand: a value that would deal another card, or end the hand before the last
card given, does not fit.

This is an inference, not a sighting: the card stays unknown ("?") in the hand; what the
totals allow is said beside it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from baccarat.game.cards import Card, as_cards
from baccarat.game.rules import CARD_NEEDED, HandError, Resolution, resolve
from baccarat.game.tableau import or_list
from baccarat.translation import _, gettext_noop, pgettext

VALUES = tuple(range(10))
RANKS_OF_VALUE = {0: ("10", "J", "Q", "K"), 1: ("A",), **{v: (str(v),) for v in range(2, 10)}}
_RANK_FOR = {0: "T", 1: "A", **{v: str(v) for v in range(2, 10)}}
# Counts of cards said in words ("after five cards"), marked here and translated where used.
_NUMBERS = {4: gettext_noop("four"), 5: gettext_noop("five"), 6: gettext_noop("six")}

# Why a value does not fit (see _why_not): the hand would not be these cards, or its totals
# would differ ("totals" and the sides whose total does).
HandReason = tuple[Literal["end"], int, int] | tuple[Literal["on"], str, int]
TotalsReason = tuple[Literal["totals"], *tuple[str, ...]]


class InferenceError(ValueError):
    """A question the inference cannot take (not exactly one unknown card, too few cards,
    no total, a total that is not 0-9). The message says what is needed."""


@dataclass(frozen=True)
class Inference:
    position: int  # 0-based, dealing order, of the unknown card
    player_total: int | None
    banker_total: int | None
    values: tuple[int, ...]  # every value that reproduces the totals, ascending
    text: str

    @property
    def unique(self) -> bool:
        return len(self.values) == 1

    @property
    def fits(self) -> bool:
        return bool(self.values)

    @property
    def ranks(self) -> tuple[str, ...]:
        """The ranks the card can be: a value 0 is a 10, J, Q or K."""
        return tuple(rank for v in self.values for rank in RANKS_OF_VALUE[v])


def with_value(cards: list[Card], position: int, value: int) -> list[Card]:
    """The hand with the card at `position` replaced by one that counts `value`."""
    return [*cards[:position], Card(_RANK_FOR[value]), *cards[position + 1 :]]


def _cards_dealt(cards: list[Card]) -> int:
    """How many cards a fully known hand deals (the first complete prefix)."""
    for length in range(4, len(cards) + 1):
        if resolve(cards[:length]).complete:
            return length
    return len(cards)  # pragma: no cover (a known hand of 4+ cards ends by 6)


def _count(n: int) -> str:
    """A number of cards in words: "five"; other numbers as digits."""
    return _(_NUMBERS[n]) if n in _NUMBERS else str(n)


def _why_not(
    cards: list[Card], resolution: Resolution | None, player: int | None, banker: int | None
) -> HandReason | TotalsReason | tuple[()]:
    """Why a substituted hand does not fit, as a key `_clause` words: () when it fits;
    ("end", cards dealt, cards given) or ("on", the card it needs, cards given) when the hand
    would not be these cards; ("totals", "player" and/or "banker") when a total differs."""
    if resolution is None:
        return ("end", _cards_dealt(cards), len(cards))
    if not resolution.complete:
        # Every card of a trial is known, so a hand that goes on names the card it needs.
        assert resolution.needs is not None
        return ("on", resolution.needs, len(cards))
    wrong = []
    if player is not None and resolution.player.final_total != player:
        wrong.append("player")
    if banker is not None and resolution.banker.final_total != banker:
        wrong.append("banker")
    return ("totals", *wrong) if wrong else ()


def _hand_clause(reason: HandReason) -> str:
    """ "the hand would end after four cards (five are given)", as the end of "with 3, ..."."""
    if reason[0] == "on":
        _on, needs, given = reason
        return _("the hand would go on to {card} (only {given} are given)").format(
            card=_(CARD_NEEDED[needs]), given=_count(given)
        )
    _end, what, given = reason
    if what not in _NUMBERS:
        return _("the hand would end after fewer cards ({given} are given)").format(
            given=_count(given)
        )
    return _("the hand would end after {dealt} cards ({given} are given)").format(
        dealt=_count(what), given=_count(given)
    )


def _totals_clause(reasons: set[str], player: int | None, banker: int | None) -> str:
    if reasons == {"player"}:
        return _("the Player's total would not be {player}").format(player=player)
    if reasons == {"banker"}:
        return _("the Banker's total would not be {banker}").format(banker=banker)
    return _("the totals would not be Player {player} and Banker {banker}").format(
        player=player, banker=banker
    )


def value_words(value: int) -> str:
    """ "4"; "0 (a 10 or a picture)"; "1 (an ace)"."""
    if value == 0:
        return _("0 (a 10 or a picture)")
    if value == 1:
        return _("1 (an ace)")
    return str(value)


def _sentence(
    values: list[int],
    reasons: dict[int, HandReason | TotalsReason],
    player: int | None,
    banker: int | None,
) -> str:
    if not values:
        return _("No card fits these totals: check them.")
    if len(values) == len(VALUES):
        return _("It could be any card: every value gives these totals, so they tell nothing.")
    if len(values) > 1:
        return _(
            "It could be {values}: each gives these totals, so they cannot tell which."
        ).format(values=or_list([value_words(v) for v in values]))
    # Group the other values by why they fail, totals first, in value order.
    groups: dict[HandReason | tuple[Literal["totals"]], list[int]] = {}
    totals: set[str] = set()
    for v, reason in reasons.items():
        if reason[0] == "totals":
            totals.update(reason[1:])
            groups.setdefault(("totals",), []).append(v)
        else:
            groups.setdefault(reason, []).append(v)
    clauses = {
        (_totals_clause(totals, player, banker) if key[0] == "totals" else _hand_clause(key)): vs
        for key, vs in groups.items()
    }
    if len(clauses) == 1:
        why = _("with any other value {reason}").format(reason=next(iter(clauses)))
    else:
        why = pgettext("between clauses", "; ").join(
            _("with {values} {reason}").format(values=or_list(vs), reason=clause)
            for clause, vs in clauses.items()
        )
    return _("The unknown card must count {value}: {why}.").format(
        value=value_words(values[0]), why=why
    )


def _check_total(total: object, side: str) -> int | None:
    if total is None:
        return None
    if isinstance(total, bool) or not isinstance(total, int) or not 0 <= total <= 9:
        if side == "Player":
            raise InferenceError(_("The Player's final total must be a whole number from 0 to 9."))
        raise InferenceError(_("The Banker's final total must be a whole number from 0 to 9."))
    return total


def infer(
    cards: list[Card] | list[str] | str,
    player_total: int | None = None,
    banker_total: int | None = None,
) -> Inference:
    """Which values of the one unknown card give these final totals (either may be None,
    not both). Raises InferenceError when the question cannot be asked of this hand."""
    hand = as_cards(cards)
    player_total = _check_total(player_total, "Player")
    banker_total = _check_total(banker_total, "Banker")
    if player_total is None and banker_total is None:
        raise InferenceError(_("Give the Player's final total, the Banker's, or both."))
    unknown = [i for i, card in enumerate(hand) if not card.known]
    if not unknown:
        raise InferenceError(
            _(
                "Working back from the totals needs exactly one unknown card (?); this hand "
                "has none."
            )
        )
    if len(unknown) != 1:
        raise InferenceError(
            _(
                "Working back from the totals needs exactly one unknown card (?); this hand "
                "has {count}."
            ).format(count=len(unknown))
        )
    if len(hand) < 4:
        raise InferenceError(
            _("Working back from the totals needs the whole hand: at least four cards.")
        )
    position = unknown[0]
    values = []
    reasons: dict[int, HandReason | TotalsReason] = {}
    for value in VALUES:
        trial = with_value(hand, position, value)
        try:
            resolution = resolve(trial)
        except HandError:
            resolution = None
        reason = _why_not(trial, resolution, player_total, banker_total)
        if reason:
            reasons[value] = reason
        else:
            values.append(value)
    text = _sentence(values, reasons, player_total, banker_total)
    return Inference(position, player_total, banker_total, tuple(values), text)
