"""POST /api/v1/hands/resolve: one hand, resolved gate by gate."""

from ninja import Router, Schema
from ninja.errors import HttpError
from pydantic import Field, StrictInt, StrictStr

from api.english import in_english
from api.errors import ErrorOut, at_field
from baccarat.game.cards import CardError, parse_card
from baccarat.game.rules import Hand, HandError, Resolution, resolve

router = Router(tags=["hands"])


class ResolveIn(Schema):
    cards: list[StrictStr | StrictInt] = Field(
        max_length=64,
        description="Ranks in dealing order: Player, Banker, Player, Banker, then third "
        "cards. 'A', '2'-'9', 'T' or '10', 'J', 'Q', 'K', optional suit; '?' for unknown.",
        examples=[["4", "2", "4", "3"]],
    )


class HandOut(Schema):
    cards: list[str]
    initial_total: int | None
    third_card: int | None = Field(description="The third card's value (0-9), or null")
    final_total: int | None


class StepOut(Schema):
    gate: str = Field(description="natural | player | banker | result")
    text: str
    decision: str = Field(
        description="natural | no_natural | draw | stand | undecided | banker | player | tie"
    )
    tableau_cell: list[int | None] | None = Field(
        description="[Banker total, Player third-card value] when the tableau decides"
    )


class ResolutionOut(Schema):
    player: HandOut
    banker: HandOut
    natural: bool | None = Field(description="null while a card it depends on is unknown")
    player_action: str = Field(description="natural | draw | stand | undecided")
    banker_action: str = Field(description="natural | draw | stand | undecided")
    winner: str | None = Field(description="banker | player | tie; null until known")
    needs: str | None = Field(
        description="The next card the hand needs: player_first, banker_first, player_second, "
        "banker_second, player_third or banker_third; null when none is"
    )
    complete: bool = Field(description="No further card is dealt and every decision is made")
    steps: list[StepOut]


def hand_payload(hand: Hand) -> dict:
    return {
        "cards": [str(card) for card in hand.cards],
        "initial_total": hand.initial_total,
        "third_card": hand.third_card_value,
        "final_total": hand.final_total,
    }


@in_english  # the steps' sentences, whatever the language of the request
def resolution_payload(resolution: Resolution) -> dict:
    return {
        "player": hand_payload(resolution.player),
        "banker": hand_payload(resolution.banker),
        "natural": resolution.natural,
        "player_action": resolution.player_action,
        "banker_action": resolution.banker_action,
        "winner": resolution.winner,
        "needs": resolution.needs,
        "complete": resolution.complete,
        "steps": [
            {
                "gate": step.gate,
                "text": step.text,
                "decision": step.decision,
                "tableau_cell": list(step.tableau_cell) if step.tableau_cell else None,
            }
            for step in resolution.steps
        ],
    }


@router.post(
    "/resolve",
    response={200: ResolutionOut, 400: ErrorOut},
    summary="Resolve a hand",
    description="Applies the natural check, the Player's rule and the Banker's rule "
    "(tableau) to cards in dealing order. Incomplete hands say which card is needed next.",
)
def resolve_hand(request, payload: ResolveIn):
    cards = []
    for index, token in enumerate(payload.cards):
        try:
            cards.append(parse_card(str(token)))
        except CardError as error:
            raise HttpError(400, at_field(f"cards[{index}]", str(error))) from None
    try:
        resolution = resolve(cards)
    except HandError as error:
        raise HttpError(400, at_field("cards", str(error))) from None
    return resolution_payload(resolution)
