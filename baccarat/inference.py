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

from baccarat.cards import Card, parse_cards
from baccarat.rules import HandError, Resolution, resolve

VALUES = tuple(range(10))
RANKS_OF_VALUE = {0: ("10", "J", "Q", "K"), 1: ("A",), **{v: (str(v),) for v in range(2, 10)}}
_RANK_FOR = {0: "T", 1: "A", **{v: str(v) for v in range(2, 10)}}
_NUMBERS = {4: "four", 5: "five", 6: "six"}


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


def _why_not(
    cards: list[Card], resolution: Resolution | None, player: int | None, banker: int | None
) -> str:
    """Why a substituted hand does not fit, as the end of "with 3, ...": a clause."""
    count = _NUMBERS.get(len(cards), str(len(cards)))
    if resolution is None:
        dealt = _NUMBERS.get(_cards_dealt(cards), "fewer")
        return f"the hand would end after {dealt} cards ({count} are given)"
    if not resolution.complete:
        return f"the hand would go on to {resolution.needs_text} (only {count} are given)"
    wrong = []
    if player is not None and resolution.player.final_total != player:
        wrong.append("player")
    if banker is not None and resolution.banker.final_total != banker:
        wrong.append("banker")
    return "+".join(wrong)  # grouped and worded by `_totals_clause`


def _totals_clause(reasons: set[str], player: int | None, banker: int | None) -> str:
    if reasons == {"player"}:
        return f"the Player's total would not be {player}"
    if reasons == {"banker"}:
        return f"the Banker's total would not be {banker}"
    return f"the totals would not be Player {player} and Banker {banker}"


def _or_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def value_words(value: int) -> str:
    """ "4"; "0 (a 10 or a picture)"; "1 (an ace)"."""
    return {0: "0 (a 10 or a picture)", 1: "1 (an ace)"}.get(value, str(value))


def _sentence(values, reasons: dict[int, str], player, banker) -> str:
    if not values:
        return "No card fits these totals: check them."
    if len(values) == len(VALUES):
        return "It could be any card: every value gives these totals, so they tell nothing."
    if len(values) > 1:
        return (
            f"It could be {_or_list([value_words(v) for v in values])}: each gives these "
            "totals, so they cannot tell which."
        )
    # Group the other values by why they fail, totals first, in value order.
    groups: dict[str, list[int]] = {}
    totals: set[str] = set()
    for v, reason in reasons.items():
        if reason.startswith("the hand"):
            groups.setdefault(reason, []).append(v)
        else:
            totals.update(reason.split("+"))
            groups.setdefault("totals", []).append(v)
    clauses = {
        (_totals_clause(totals, player, banker) if key == "totals" else key): vs
        for key, vs in groups.items()
    }
    if len(clauses) == 1:
        why = f"with any other value {next(iter(clauses))}"
    else:
        why = "; ".join(
            f"with {_or_list([str(v) for v in vs])} {clause}" for clause, vs in clauses.items()
        )
    return f"The unknown card must count {value_words(values[0])}: {why}."


def _check_total(total, side: str) -> int | None:
    if total is None:
        return None
    if isinstance(total, bool) or not isinstance(total, int) or not 0 <= total <= 9:
        raise InferenceError(f"The {side}'s final total must be a whole number from 0 to 9.")
    return total


def infer(
    cards: list[Card] | list[str] | str,
    player_total: int | None = None,
    banker_total: int | None = None,
) -> Inference:
    """Which values of the one unknown card give these final totals (either may be None,
    not both). Raises InferenceError when the question cannot be asked of this hand."""
    if isinstance(cards, str) or (cards and not isinstance(cards[0], Card)):
        cards = parse_cards(cards)
    cards = list(cards)
    player_total = _check_total(player_total, "Player")
    banker_total = _check_total(banker_total, "Banker")
    if player_total is None and banker_total is None:
        raise InferenceError("Give the Player's final total, the Banker's, or both.")
    unknown = [i for i, card in enumerate(cards) if not card.known]
    if len(unknown) != 1:
        have = "none" if not unknown else str(len(unknown))
        raise InferenceError(
            f"Working back from the totals needs exactly one unknown card (?); "
            f"this hand has {have}."
        )
    if len(cards) < 4:
        raise InferenceError(
            "Working back from the totals needs the whole hand: at least four cards."
        )
    position = unknown[0]
    values = []
    reasons: dict[int, str] = {}
    for value in VALUES:
        trial = with_value(cards, position, value)
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
