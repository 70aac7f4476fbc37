"""POST /api/v1/simulations: whole shoes dealt by the real rules and read the way the
scoreboard reads them, to show what chance alone produces (the simulation lab's engine, for
programs).

Every number comes from baccarat.simulation.chance (a run's Tally over baccarat.simulation.shoes's
shoes and baccarat.simulation.systems' betting systems); this module reads the request, charges the
shoes to the caller's budget (guards.budgets) and returns the Tally's answer. Nothing is stored.

A request deals at most lab.runs.STEP_SHOES shoes, the lab's own step: a run of more is
answered with its first step and a `continuation`, the run's state (Tally.state()) signed as
the lab signs its steps (lab.runs.sealed, under this module's salt). Sent back, it deals the
next step and answers the run so far; the steps' answers add up to the run dealt at once, as
each chunk is shuffled from (seed, chunk number). Each request is charged for the shoes it
deals.

Refusals: a value of the wrong type (true, 1.5 or "8" for a number, a number for a
strategy's name) or a key the body may not have is the 422 of api.api, like every operation
here; a whole number out of range, a seed of more than MAX_SEED_DIGITS digits, an unknown or
repeated strategy, or more shoes than the caller's whole budget is a 400 whose detail names
each field; a continuation that is changed, garbled, over an hour old, or sent with a field
other than its run's is a 400 naming it; a step past what is left of the budget is a 429
with Retry-After.
"""

import json
import secrets
from typing import Annotated

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from ninja import Router, Schema
from ninja.errors import HttpError
from pydantic import ConfigDict, Field, StrictInt, StrictStr

from api.english import in_english
from api.errors import ErrorOut, joined
from api.renderers import json_response
from api.simulation_answer import SimulationOut
from baccarat.odds.exact import MAX_DECKS
from baccarat.simulation.chance import Tally
from baccarat.simulation.shoes import CHUNK, CUT_CARD_FROM_END, MAX_SHOES
from baccarat.simulation.systems import BANKROLL, SYSTEMS, TABLE_LIMIT
from guards.budgets import Refused, simulated_shoes
from guards.inputs import shown
from guards.shares import one_at_a_time
from lab import runs

router = Router(tags=["simulations"])

DEFAULT_SHOES = 10_000
MAX_SEED_DIGITS = 30
MAX_UNITS = 1_000_000  # the most a bankroll or a table limit may be, in units
SEEDS = 2**32  # an omitted seed is drawn from 0 .. SEEDS - 1 (and given in the answer)
NAMES = list(SYSTEMS)
SALT = "api.simulations"  # a lab step's state is no continuation here, nor the other way
# The longest continuation read: a run of 100,000 eight-deck shoes and every strategy gives
# about 7,400 characters; far under the request body's limit (guards.middleware).
MAX_CONTINUATION = 32_000


# --- the request -----------------------------------------------------------------------


def _range(low: int, high: int) -> dict:
    return {"minimum": low, "maximum": high}


STRATEGY_LIST = ", ".join(NAMES)
# Documented as the names it may be; checked in read_strategies, so that a wrong one is a 400
# listing them.
StrategyName = Annotated[StrictStr, Field(json_schema_extra={"enum": NAMES})]


class SimulationIn(Schema):
    model_config = ConfigDict(extra="forbid")

    shoes: StrictInt = Field(
        default=DEFAULT_SHOES,
        description=f"Shoes in the run, 1 to {MAX_SHOES:,}; {DEFAULT_SHOES:,} if omitted. One "
        f"request deals at most {runs.STEP_SHOES:,} of them; the rest follow through "
        "`continuation`",
        json_schema_extra=_range(1, MAX_SHOES),
        examples=[DEFAULT_SHOES],
    )
    decks: StrictInt = Field(
        default=8,
        description=f"Decks in each shoe, 1 to {MAX_DECKS}; 8 if omitted",
        json_schema_extra=_range(1, MAX_DECKS),
        examples=[8],
    )
    seed: StrictInt | None = Field(
        default=None,
        description=f"Any whole number of at most {MAX_SEED_DIGITS} digits, negative too: "
        "the same seed always deals the same shoes. Omitted or null: one is drawn at random "
        "and given in the answer, so the run can be repeated.",
        examples=[1],
    )
    strategies: list[StrategyName] | None = Field(
        default=None,
        description=f"Betting systems to play over the shoes, each named once: {STRATEGY_LIST}. "
        "Omitted or null: all of them; [] for none.",
        json_schema_extra={"uniqueItems": True},
        examples=[["flat_banker", "martingale"]],
    )
    bankroll: StrictInt = Field(
        default=BANKROLL,
        description="For the progressions (martingale, one_three_two_six): units each shoe's "
        f"session starts with, 1 to {MAX_UNITS:,}; {BANKROLL} if omitted",
        json_schema_extra=_range(1, MAX_UNITS),
    )
    table_limit: StrictInt = Field(
        default=TABLE_LIMIT,
        description=f"For the progressions: the largest bet the table takes, in units, 1 to "
        f"{MAX_UNITS:,}; {TABLE_LIMIT} if omitted. A stake the limit or the money left will "
        "not allow breaks the progression (it starts again at one unit).",
        json_schema_extra=_range(1, MAX_UNITS),
    )
    continuation: StrictStr | None = Field(
        default=None,
        description="The `continuation` of the run's last answer, as it came: deals the run's "
        f"next {runs.STEP_SHOES:,} shoes (or those left) and answers the whole run so far. "
        "The other fields may be left out; any that is sent must be the run's own.",
        json_schema_extra={"maxLength": MAX_CONTINUATION},
    )


# A whole number out of its field's range, said of each field: as itself, or, when it is too
# long to repeat, by its number of digits (always more than one).
OUT_OF_RANGE = {
    "shoes": (
        gettext_lazy("shoes: %(value)s is not a number of shoes from %(low)s to %(high)s"),
        gettext_lazy(
            "shoes: a whole number of %(digits)s digits is not a number of shoes from %(low)s "
            "to %(high)s"
        ),
    ),
    "decks": (
        gettext_lazy("decks: %(value)s is not a number of decks from %(low)s to %(high)s"),
        gettext_lazy(
            "decks: a whole number of %(digits)s digits is not a number of decks from %(low)s "
            "to %(high)s"
        ),
    ),
    "bankroll": (
        gettext_lazy("bankroll: %(value)s is not a bankroll in units from %(low)s to %(high)s"),
        gettext_lazy(
            "bankroll: a whole number of %(digits)s digits is not a bankroll in units from "
            "%(low)s to %(high)s"
        ),
    ),
    "table_limit": (
        gettext_lazy(
            "table_limit: %(value)s is not a table limit in units from %(low)s to %(high)s"
        ),
        gettext_lazy(
            "table_limit: a whole number of %(digits)s digits is not a table limit in units "
            "from %(low)s to %(high)s"
        ),
    ),
}


def out_of_range(field: str, value: int, low: int, high: int) -> str | None:
    if low <= value <= high:
        return None
    digits = len(str(abs(value)))
    as_itself, by_digits = OUT_OF_RANGE[field]
    return (as_itself if digits <= 15 else by_digits) % {
        "value": f"{value:,}",
        "digits": f"{digits:,}",
        "low": f"{low:,}",
        "high": f"{high:,}",
    }


def seed_too_long(seed: int | None) -> str | None:
    digits = len(str(abs(seed))) if seed is not None else 0
    if digits <= MAX_SEED_DIGITS:
        return None
    return _(
        "seed: a whole number of %(digits)s digits is too long, the most is %(most)s digits "
        "(any seed will do: the same one deals the same shoes)"
    ) % {"digits": f"{digits:,}", "most": MAX_SEED_DIGITS}


def read_strategies(names: list[str] | None) -> tuple[str, ...]:
    if names is None:
        return tuple(NAMES)
    seen: dict[str, int] = {}
    for index, name in enumerate(names):
        if name not in SYSTEMS:
            raise HttpError(
                400,
                _("%(field)s: %(name)s is not a strategy; the strategies are %(strategies)s")
                % {
                    "field": f"strategies[{index}]",
                    "name": shown(name, 40),
                    "strategies": pgettext("between names in a list", ", ").join(NAMES),
                },
            )
        if name in seen:
            raise HttpError(
                400,
                _("%(field)s: %(name)s is already asked for (%(first)s); name each strategy once")
                % {
                    "field": f"strategies[{index}]",
                    "name": name,
                    "first": f"strategies[{seen[name]}]",
                },
            )
        seen[name] = index
    return tuple(names)


def read_request(payload: SimulationIn) -> tuple[int, int, int, tuple[str, ...]]:
    """(shoes, decks, seed, strategies), or HttpError 400 naming every field out of range."""
    problems = [
        out_of_range("shoes", payload.shoes, 1, MAX_SHOES),
        out_of_range("decks", payload.decks, 1, MAX_DECKS),
        seed_too_long(payload.seed),
        out_of_range("bankroll", payload.bankroll, 1, MAX_UNITS),
        out_of_range("table_limit", payload.table_limit, 1, MAX_UNITS),
    ]
    found = [problem for problem in problems if problem]
    if found:
        raise HttpError(400, joined(found))
    strategies = read_strategies(payload.strategies)
    seed = payload.seed if payload.seed is not None else secrets.randbelow(SEEDS)
    return payload.shoes, payload.decks, seed, strategies


# A continuation that cannot be read, by lab.runs.StateRefused's reason.
CONTINUATION_REFUSED = {
    "missing": gettext_lazy(
        "continuation: it is empty; send the continuation of the run's last answer as it "
        "came, or leave it out to start a run"
    ),
    "too_long": gettext_lazy(
        "continuation: %(length)s characters is longer than any continuation this server "
        "gives (at most %(most)s)"
    ),
    "expired": gettext_lazy(
        "continuation: it is more than an hour old; start the run again (the same seed deals "
        "the same shoes)"
    ),
    "changed": gettext_lazy(
        "continuation: it was changed or garbled, or is not one this server gave; send it "
        "back exactly as the answer gave it, or start the run again"
    ),
    "unreadable": gettext_lazy("continuation: it cannot be read; start the run again"),
}


def shown_value(value) -> str:
    """A field's value, read and checked, for a sentence: as JSON writes it (strategies are
    known names by then)."""
    return json.dumps(list(value) if isinstance(value, tuple) else value)


def read_continuation(payload: SimulationIn) -> Tally:
    """The run a continuation carries on, or HttpError 400 naming it (or naming a field sent
    beside it that is not its run's)."""
    token = payload.continuation
    assert token is not None  # simulate() reads a continuation only when one is sent
    try:
        if len(token) > MAX_CONTINUATION:
            raise runs.StateRefused("", "too_long")
        tally = runs.unsealed(token, salt=SALT)
    except runs.StateRefused as refused:
        raise HttpError(
            400,
            CONTINUATION_REFUSED[refused.reason]
            % {"length": f"{len(token):,}", "most": f"{MAX_CONTINUATION:,}"},
        ) from None
    shoes, decks, seed, strategies = read_request(payload)  # every field in range first
    sent = payload.model_fields_set
    run = {
        "shoes": (shoes, tally.shoes_asked),
        "decks": (decks, tally.decks),
        "seed": (seed if payload.seed is not None else tally.seed, tally.seed),
        "strategies": (strategies, tuple(tally.systems)),
        "bankroll": (payload.bankroll, tally.bankroll),
        "table_limit": (payload.table_limit, tally.limit),
    }
    problems = [
        _(
            "%(field)s: %(value)s is not this run's (%(run)s): a continuation carries on the "
            "run it came from; send the run's own value, or leave it out"
        )
        % {"field": field, "value": shown_value(value), "run": shown_value(own)}
        for field, (value, own) in run.items()
        if field in sent and value != own
    ]
    if problems:
        raise HttpError(400, joined(problems))
    return tally


# --- the budget ------------------------------------------------------------------------


def budget(refused: Refused) -> str:
    """The caller's budget in words: "this server deals at most 200,000 shoes a minute for
    one address (a signed-in account may have 500,000 a minute)"."""
    rate = refused.rate
    values = {"amount": f"{rate.amount:,}", "period": rate.period}
    if refused.signed_in:
        return _("this server deals at most %(amount)s shoes %(period)s for one account") % values
    signed_in = simulated_shoes.rate(signed_in=True)
    if signed_in.amount <= rate.amount:
        return _("this server deals at most %(amount)s shoes %(period)s for one address") % values
    return _(
        "this server deals at most %(amount)s shoes %(period)s for one address (a signed-in "
        "account may have %(more)s %(more_period)s)"
    ) % {**values, "more": f"{signed_in.amount:,}", "more_period": signed_in.period}


# A run that must wait: a sentence for some shoes left or none, and for one second or more.
MUST_WAIT = {
    (True, True): gettext_lazy(
        "shoes: %(budget)s; %(left)s are left now, so %(amount)s more must wait: try again in "
        "%(seconds)s second, or ask for %(left)s or fewer"
    ),
    (True, False): gettext_lazy(
        "shoes: %(budget)s; %(left)s are left now, so %(amount)s more must wait: try again in "
        "%(seconds)s seconds, or ask for %(left)s or fewer"
    ),
    (False, True): gettext_lazy(
        "shoes: %(budget)s; none are left now, so %(amount)s more must wait: try again in "
        "%(seconds)s second"
    ),
    (False, False): gettext_lazy(
        "shoes: %(budget)s; none are left now, so %(amount)s more must wait: try again in "
        "%(seconds)s seconds"
    ),
}


# The next step of a run carried on by its continuation, that must wait.
NEXT_MUST_WAIT = {
    (True, True): gettext_lazy(
        "continuation: %(budget)s; %(left)s are left now, so the next %(amount)s shoes of "
        "this run must wait: send it again in %(seconds)s second"
    ),
    (True, False): gettext_lazy(
        "continuation: %(budget)s; %(left)s are left now, so the next %(amount)s shoes of "
        "this run must wait: send it again in %(seconds)s seconds"
    ),
    (False, True): gettext_lazy(
        "continuation: %(budget)s; none are left now, so the next %(amount)s shoes of this "
        "run must wait: send it again in %(seconds)s second"
    ),
    (False, False): gettext_lazy(
        "continuation: %(budget)s; none are left now, so the next %(amount)s shoes of this "
        "run must wait: send it again in %(seconds)s seconds"
    ),
}


def budget_refusal(refused: Refused, tally: Tally, carried_on: bool):
    """A step too big for the caller's budget: a 400 when it is more than the whole budget
    (no wait would help), naming `shoes` (or, for a run carried on, `continuation`), else a
    429 saying when it fits."""
    values = {
        "budget": budget(refused),
        "amount": f"{refused.amount:,}",
        "asked": f"{tally.shoes_asked:,}",
        "most": f"{refused.rate.amount:,}",
        "left": f"{refused.left:,}",
        "seconds": f"{refused.retry_after:,}",
    }
    if refused.wait is None:
        if carried_on:
            detail = _(
                "continuation: the next %(amount)s shoes of this run are too many at once: "
                "%(budget)s; start a run of at most %(most)s shoes"
            )
        elif refused.amount < tally.shoes_asked:
            detail = _(
                "shoes: %(asked)s are dealt %(amount)s at a time, and %(amount)s are too many "
                "at once: %(budget)s; ask for at most %(most)s"
            )
        else:
            detail = _(
                "shoes: %(amount)s is too many at once: %(budget)s; ask for at most %(most)s"
            )
        raise HttpError(400, detail % values)
    seconds = refused.retry_after
    waits = NEXT_MUST_WAIT if carried_on else MUST_WAIT
    detail = waits[bool(refused.left), seconds == 1] % values
    response = json_response({"detail": detail}, status=429)
    response["Retry-After"] = str(seconds)
    return response


# --- the operation ---------------------------------------------------------------------

DESCRIPTION = f"""Deals whole shoes with the real rules and reads them the way the scoreboard
does, to show what chance alone produces: who won (`counts`, `share`, beside the exact odds in
`expected`), each shoe's longest Big Road column (`longest_streak`), the red and blue marks
the derived roads drew (`derived`), and what each betting system in `strategies` won or lost
against its exact house edge.

How a shoe is dealt (the answer's `procedure` says it for its decks): the shoe is shuffled;
the first card is turned over and as many cards as it counts are burned (an ace 1, a ten or a
picture 10); the cut card goes in front of the last {CUT_CARD_FROM_END} cards, and the hand
during which it comes out is finished and one more is dealt (a cut card that comes out
between hands makes the next hand the last). The betting systems decide each bet from the
scoreboard before the hand, never from the cards; Banker pays 0.95, Player 1, a tie pushes.
The progressions play each shoe as a session with `bankroll` units under `table_limit`.

The answer is deterministic: the same `seed`, `shoes`, `decks`, `bankroll` and `table_limit`
always give the same answer, except `seconds` and `continuation`. Shoes are shuffled in
chunks of {CHUNK:,}, each from the seed and its chunk's number, so a longer run with the same
seed begins with the same shoes. Nothing is stored.

Long runs, in steps: one request deals at most {runs.STEP_SHOES:,} shoes (about a second of
the server's time, the simulation lab's own step). A run of more (`shoes` up to
{MAX_SHOES:,}) is answered with its first {runs.STEP_SHOES:,} shoes: `shoes` is the shoes
dealt so far, `shoes_asked` the run's, `complete` false, and `continuation` a signed token.
POST `{{"continuation": "…"}}` (the other fields may be left out; any sent must be the run's
own) to deal the next `next_shoes` and get the whole run so far; repeat until `complete` is
true and `continuation` null. The last answer is exactly the answer of the run dealt at once
(same seed, same shoes, same chunks), except `seconds`. A continuation is valid for an hour;
one changed, garbled or older is a 400 naming `continuation`; sent twice, it deals the same
step again (and is charged again).

Cost: {runs.STEP_SHOES:,} eight-deck shoes take about a CPU second, so the shoes dealt count
against a budget per caller (per address, or per account when signed in, which gets more),
each request charged for the shoes it deals; past it the answer is a 429 with Retry-After
(send the same request again then), and a request dealing more than the whole budget is a
400 naming `shoes` (or `continuation`)."""


@router.post(
    "",
    response={200: SimulationOut, 400: ErrorOut},
    summary="Deal shoes and count what chance draws",
    description=DESCRIPTION,
    openapi_extra={
        "responses": {
            "429": {
                "description": "Past the caller's budget of shoes: `detail` says the budget "
                "and when to try again; nothing was dealt",
                "headers": {
                    "Retry-After": {
                        "description": "Seconds until the run asked for fits the budget",
                        "required": True,
                        "schema": {"type": "integer", "minimum": 1},
                    }
                },
                "content": {
                    "application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}
                },
            }
        }
    },
)
@one_at_a_time()
def simulate(request, payload: SimulationIn):
    carried_on = payload.continuation is not None
    if carried_on:
        tally = read_continuation(payload)
    else:
        shoes, decks, seed, strategies = read_request(payload)
        tally = Tally(
            decks, seed, shoes, strategies, bankroll=payload.bankroll, limit=payload.table_limit
        )
    chunks, shoes = runs.step_shoes(tally)  # at most STEP_SHOES, whole chunks
    if shoes:
        refused = simulated_shoes.spend(request, shoes)
        if refused is not None:
            return budget_refusal(refused, tally, carried_on)
    for _chunk in range(chunks):
        tally.deal_next()
    answer = in_english(tally.answer)()  # how the shoes were dealt, in English
    _shoes, next_shoes = runs.step_shoes(tally)
    answer.update(
        bankroll=tally.bankroll,
        table_limit=tally.limit,
        shoes_asked=tally.shoes_asked,
        dealt_now=shoes,
        complete=tally.done,
        continuation=None if tally.done else runs.sealed(tally, salt=SALT),
        next_shoes=next_shoes,
    )
    return json_response(answer)
