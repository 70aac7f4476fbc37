"""GET and POST /api/v1/odds: the exact odds of one hand from any shoe.

Every number comes from baccarat.odds.exact, which counts ordered six-card deals in integers;
the probabilities here are those counts divided once, so each float is the exact fraction
correctly rounded. The counts themselves are in the answer too.
"""

import math
from fractions import Fraction

from django.utils.translation import gettext as _
from ninja import Field, Query, Router, Schema
from ninja.errors import HttpError
from pydantic import StrictFloat, StrictInt

from api.english import in_english
from api.errors import ErrorOut
from api.numbers import WholeNumberText
from baccarat.odds.exact import (
    COMMISSION,
    FEATURES,
    VALUES,
    Odds,
    ShoeError,
    effect_of_removal,
    odds,
    odds_of_decks,
    shoe_of_decks,
    values_of_ranks,
)
from guards.inputs import InputError, decimal_number, shown

router = Router(tags=["odds"])


# --- the answer ------------------------------------------------------------------------


class NaturalOut(Schema):
    any: float = Field(description="Either side has a two-card 8 or 9")
    player: float
    banker: float
    both: float


class SplitOut(Schema):
    banker: float
    player: float
    tie: float


class HouseEdgeOut(Schema):
    banker: float = Field(description="Banker, paying 1 to 1 less the commission")
    player: float
    tie_8_to_1: float
    tie_9_to_1: float
    ez_banker: float = Field(description="EZ Baccarat Banker: no commission, Dragon 7 pushes")
    super6_banker: float = Field(description="No-commission Banker, a winning 6 pays half")
    dragon_7_40_to_1: float
    panda_8_25_to_1: float
    pair_11_to_1: float | None = Field(
        description="Player pair (or Banker pair); null when "
        "the shoe was given by value, so ranks are unknown"
    )
    lucky_6_12_or_20_to_1: float = Field(
        description="Lucky 6: a Banker win with 6 pays 12 to 1 on two cards, 20 to 1 on three"
    )
    dragon_bonus_player: float = Field(
        description="Dragon Bonus on Player: a natural win pays 1 to 1 and a natural tie "
        "pushes; a win without a natural by 9, 8, 7, 6, 5, 4 pays 30, 10, 6, 4, 2, 1 to 1"
    )
    dragon_bonus_banker: float = Field(description="Dragon Bonus on Banker, the same pays")
    perfect_pair_25_to_1: float | None = Field(
        description="Perfect Pair (the same card twice, rank and suit, as either hand's first "
        "two), 25 to 1; null unless the shoe is whole decks (2 or more), so suits are known"
    )
    perfect_pair_25_or_250_to_1: float | None = Field(
        description="Perfect Pair, 25 to 1 for one hand and 250 to 1 for both; null likewise"
    )


class BankerTotalOut(Schema):
    total: int = Field(description="The Banker's two-card total, 0-9")
    probability: float
    banker_draws: float | None = Field(
        description="P(Banker draws a third card | this two-card total); null when the "
        "total cannot occur"
    )


class RemovalOut(Schema):
    value: int = Field(description="The card value removed (0 = tens and pictures)")
    banker: float = Field(description="Change in P(Banker wins)")
    player: float
    tie: float
    banker_edge: float = Field(description="Change in the Banker house edge (per unit)")
    player_edge: float
    tie_8_to_1_edge: float


class OddsOut(Schema):
    cards: int = Field(description="Cards in the shoe")
    banker: float
    player: float
    tie: float
    natural: NaturalOut
    player_draws: float
    banker_draws: float
    cards_dealt: dict[str, float] = Field(description='P(the hand uses 4, 5, 6 cards): "4".."6"')
    by_cards: dict[str, SplitOut] = Field(
        description="Joint probabilities: by_cards['4']['banker'] = P(Banker wins and the "
        "hand uses 4 cards)"
    )
    banker_win_6: float = Field(description="Banker wins with a total of 6")
    dragon_7: float = Field(description="Banker wins with a three-card 7")
    panda_8: float = Field(description="Player wins with a three-card 8")
    house_edge: HouseEdgeOut = Field(
        description="Expected loss per unit staked (positive = house advantage); a push "
        "counts as a bet neither won nor lost"
    )
    house_edge_ties_excluded: HouseEdgeOut = Field(
        description="The second convention: the same loss per bet that won or lost "
        "(pushes left out)"
    )
    player_pair: float | None = Field(description="Null when ranks are unknown (values body)")
    banker_pair: float | None = Field(description="The same as player_pair")
    commission: float = Field(description="The Banker commission the banker edge uses")
    values: list[int] = Field(description="The shoe: cards of each value 0-9")
    ranks: dict[str, int] | None = Field(description="The shoe by rank, when known")
    counts: dict[str, int] = Field(
        description="The exact integer counts of ordered six-card deals behind every "
        "probability, and their `total`, N!/(N-6)!"
    )
    banker_totals: list[BankerTotalOut]
    effect_of_removal: list[RemovalOut] = Field(
        description="For each value still in the shoe, what removing one card of it changes"
    )


def edges_payload(result: Odds, convention: str) -> dict:
    edges = result.edges
    pair = edges.get("player_pair")
    return {
        "banker": float(getattr(edges["banker"], convention)),
        "player": float(getattr(edges["player"], convention)),
        "tie_8_to_1": float(getattr(edges["tie_8_to_1"], convention)),
        "tie_9_to_1": float(getattr(edges["tie_9_to_1"], convention)),
        "ez_banker": float(getattr(edges["ez_banker"], convention)),
        "super6_banker": float(getattr(edges["super6_banker"], convention)),
        "dragon_7_40_to_1": float(getattr(edges["dragon_7"], convention)),
        "panda_8_25_to_1": float(getattr(edges["panda_8"], convention)),
        "pair_11_to_1": float(getattr(pair, convention)) if pair else None,
        "lucky_6_12_or_20_to_1": float(getattr(edges["lucky_6"], convention)),
        "dragon_bonus_player": float(getattr(edges["dragon_bonus_player"], convention)),
        "dragon_bonus_banker": float(getattr(edges["dragon_bonus_banker"], convention)),
        **{
            name: float(getattr(edges[key], convention)) if key in edges else None
            for name, key in (
                ("perfect_pair_25_to_1", "perfect_pair"),
                ("perfect_pair_25_or_250_to_1", "perfect_pair_both"),
            )
        },  # fmt: skip
    }


@in_english  # numbers only; and so it stays, whatever the language of the request
def odds_payload(result: Odds, values: tuple[int, ...]) -> dict:
    """The odds answer (the OddsOut schema), and more, for a computed shoe."""
    p = result.p
    pair = float(result.player_pair) if result.player_pair is not None else None
    return {
        "cards": result.cards,
        "banker": p("banker"),
        "player": p("player"),
        "tie": p("tie"),
        "natural": {
            "any": p("natural_any"),
            "player": p("natural_player"),
            "banker": p("natural_banker"),
            "both": p("natural_both"),
        },
        "player_draws": p("player_draws"),
        "banker_draws": p("banker_draws"),
        "cards_dealt": {str(n): p(f"cards_{n}") for n in (4, 5, 6)},
        "by_cards": {
            str(n): {side: p(f"{side}_{n}") for side in ("banker", "player", "tie")}
            for n in (4, 5, 6)
        },
        "banker_win_6": p("banker_win_6"),
        "dragon_7": p("dragon_7"),
        "panda_8": p("panda_8"),
        "house_edge": edges_payload(result, "per_unit"),
        "house_edge_ties_excluded": edges_payload(result, "per_resolved"),
        "player_pair": pair,
        "banker_pair": pair,
        "commission": float(result.commission),
        "values": list(values),
        "ranks": dict(result.ranks) if result.ranks is not None else None,
        "counts": {"total": result.total, **{name: result.counts[name] for name in FEATURES}},
        "banker_totals": [
            {
                "total": t,
                "probability": p(f"banker_total_{t}"),
                "banker_draws": (
                    float(draws) if (draws := result.banker_draws_given(t)) is not None else None
                ),
            }
            for t in VALUES
        ],
        "effect_of_removal": [
            {
                "value": row.value,
                "banker": row.banker,
                "player": row.player,
                "tie": row.tie,
                "banker_edge": row.banker_edge,
                "player_edge": row.player_edge,
                "tie_8_to_1_edge": row.tie_edge,
            }
            for row in effect_of_removal(values)
        ],
    }


# --- the request -----------------------------------------------------------------------

COMMISSION_PLACES = 4  # 0.0475 is 4.75%; tables charge whole or half per cents
COMMISSION_HELP = (
    "Optional: the commission on a winning Banker bet as a share of the win, from 0 up to "
    f"(not including) 1, with at most {COMMISSION_PLACES} decimals; 0.05 (5%) unless given"
)


def read_commission(commission: float | None) -> Fraction:
    if commission is None:
        return COMMISSION
    if not math.isfinite(commission) or not 0 <= commission < 1:
        given = {"given": f"{commission:g}", "share": f"{commission / 100:g}"}
        if 1 <= commission <= 100:
            text = _(
                "commission: %(given)s is not a share of the win from 0 up to 1; for "
                "%(given)s%% write %(share)s"
            )
        else:
            text = _("commission: %(given)s is not a share of the win from 0 up to 1; 5%% is 0.05")
        raise HttpError(400, text % given)
    # Through its shortest decimal text, so 0.04 is exactly 1/25 and not the nearest binary
    # float; and at most a few decimals, so no fraction grows a huge denominator (1e-300).
    try:
        return decimal_number(
            repr(commission), field="commission", low=0, below=1, places=COMMISSION_PLACES
        )
    except InputError:
        raise HttpError(
            400,
            _(
                "commission: %(given)s has more than %(places)s decimals; a commission is a "
                "share of the win such as 0.05 or 0.0475"
            )
            % {"given": repr(commission), "places": COMMISSION_PLACES},
        ) from None


def read_commission_text(text: str | None) -> Fraction:
    """The query string's commission, checked as text: ASCII digits and a point, at most
    COMMISSION_PLACES decimals, from 0 up to 1."""
    if text is None or not text.strip():
        return COMMISSION
    try:
        return decimal_number(text, field="commission", low=0, below=1, places=COMMISSION_PLACES)
    except InputError:
        pass
    try:  # a percentage by the same rule ("5", "4.75"), to say how to write it
        number = decimal_number(text, field="commission", low=0, below=101, places=2)
    except InputError:
        number = None
    values = {"given": shown(text), "places": COMMISSION_PLACES}
    if number is not None and 1 <= number <= 100:
        message = _(
            "commission: %(given)s is not a share of the win from 0 up to 1 with at most "
            "%(places)s decimals, such as 0.05; for %(percent)s%% write %(share)s"
        )
        values.update(percent=f"{float(number):g}", share=f"{float(number / 100):g}")
    else:
        message = _(
            "commission: %(given)s is not a share of the win from 0 up to 1 with at most "
            "%(places)s decimals, such as 0.05"
        )
    raise HttpError(400, message % values)


class DecksQuery(Schema):
    # Read as text by the one rule (api.numbers): "+8", "0_8", "8.000" are not 8.
    decks: WholeNumberText = Field(description="Decks in a full shoe, 1 to 8", examples=[8])
    # Read as text and checked as text before it becomes a number (read_commission_text):
    # as a float, "1e-20000000" would quietly be 0.
    commission: str | None = Field(default=None, description=COMMISSION_HELP, examples=["0.05"])


class CompositionIn(Schema):
    values: list[StrictInt] | None = Field(
        default=None,
        description="Cards of each value, index = value (0 = tens and pictures): ten counts",
        examples=[[128, 32, 32, 32, 32, 32, 32, 32, 32, 32]],
    )
    ranks: dict[str, StrictInt] | None = Field(
        default=None,
        description='Cards of each rank: keys A, 2-9, T (or "10"), J, Q, K, any case; a '
        "rank left out counts 0. Give values or ranks, not both.",
    )
    # A JSON number: the string "0.05" is not one (pydantic's float would read it).
    commission: StrictFloat | None = Field(default=None, description=COMMISSION_HELP)


@router.get(
    "",
    response={200: OddsOut, 400: ErrorOut},
    summary="Odds for a full shoe",
    description="Exact odds of one hand dealt from a full shoe of 1 to 8 decks.",
)
def full_shoe_odds(request, query: Query[DecksQuery]):
    commission = read_commission_text(query.commission)
    try:
        if commission == COMMISSION:
            result = odds_of_decks(query.decks)
        else:
            result = odds(decks=query.decks, commission=commission)
    except ShoeError as error:
        raise HttpError(400, str(error)) from None
    return odds_payload(result, shoe_of_decks(query.decks))


@router.post(
    "",
    response={200: OddsOut, 400: ErrorOut},
    summary="Odds for any shoe",
    description="Exact odds of one hand dealt from the shoe you give, by value or by rank: "
    "at least 6 cards, and no more of a value or rank than 8 decks hold. Pairs need ranks.",
)
def shoe_odds(request, payload: CompositionIn):
    commission = read_commission(payload.commission)
    if payload.values is not None and payload.ranks is not None:
        raise HttpError(400, _("ranks: give values or ranks, not both"))
    if payload.values is None and payload.ranks is None:
        raise HttpError(
            400,
            _(
                "values: give the shoe as values (ten counts, one for each value 0-9) or as "
                "ranks (a count for each rank A, 2-9, T, J, Q, K); the body has neither"
            ),
        )
    try:
        if payload.ranks is not None:
            result = odds(ranks=payload.ranks, commission=commission)
            assert result.ranks is not None  # a shoe given by rank keeps its ranks
            values = values_of_ranks(result.ranks)
        else:
            assert payload.values is not None  # one of the two: checked above
            values = tuple(payload.values)
            result = odds(values, commission=commission)
    except ShoeError as error:
        raise HttpError(400, str(error)) from None
    return odds_payload(result, values)
