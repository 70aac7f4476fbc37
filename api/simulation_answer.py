"""The answer of POST /api/v1/simulations (api.simulations), as documented models."""

from pydantic import BaseModel, Field

from lab import runs

# --- the answer ------------------------------------------------------------------------
# Plain pydantic models, as in api.roads: the answer is built as a dict (Tally.answer) and
# written by json_response; these models are the documented contract, and the tests check
# every answer against them.


class CountsOut(BaseModel):
    banker: int
    player: int
    tie: int


class ShareOut(BaseModel):
    banker: float
    player: float
    tie: float


class IntervalOut(BaseModel):
    p: float = Field(description="The exact probability of one hand off the top of a full shoe")
    low: float = Field(description="The 95% interval of this run's share, around p")
    high: float


class ExpectedOut(BaseModel):
    banker: IntervalOut
    player: IntervalOut
    tie: IntervalOut


class StreaksOut(BaseModel):
    histogram: dict[str, int] = Field(
        description='Shoes by their longest Big Road column (ties ignored): "7": shoes whose '
        "longest run of Banker or Player wins was 7; every length from 1 to the longest seen"
    )
    dragons: dict[str, int] = Field(
        description='Shoes with a column of at least n, for n = 8, 10, 12 ("a dragon")'
    )


class MarksOut(BaseModel):
    red: int
    blue: int


class DerivedOut(BaseModel):
    big_eye_boy: MarksOut
    small_road: MarksOut
    cockroach_pig: MarksOut


class StrategyOut(BaseModel):
    bets: int = Field(description="Hands the system bet on")
    staked: float = Field(description="Units staked in all")
    net_units: float = Field(description="Units won (negative: lost)")
    per_unit_staked: float = Field(description="net_units / staked (0 when nothing was staked)")
    house_edge: float = Field(
        description="The exact house edge of the bets it made, per unit staked: what "
        "per_unit_staked tends to (as a loss) over many hands"
    )
    risk_of_ruin: float | None = Field(
        default=None,
        description="Progressions only: the share of shoes (each a session with its own "
        "bankroll) that left the player with less than one unit",
    )


class SimulationOut(BaseModel):
    shoes: int
    hands: int
    seed: int = Field(description="The seed the shoes were shuffled from (drawn, if omitted)")
    decks: int
    bankroll: int
    table_limit: int
    counts: CountsOut = Field(description="Hands won by each side, and ties")
    share: ShareOut = Field(description="counts / hands")
    expected: ExpectedOut
    longest_streak: StreaksOut
    derived: DerivedOut = Field(description="Every mark each derived road drew, over all shoes")
    strategies: dict[str, StrategyOut] = Field(description="Each strategy asked for, by name")
    procedure: str = Field(description="How each shoe was dealt, in one sentence")
    seconds: float = Field(description="Server CPU time spent dealing and counting the run so far")
    shoes_asked: int = Field(
        description="The run's shoes, as asked; `shoes` (dealt so far) reaches it when the run "
        "is complete"
    )
    dealt_now: int = Field(
        description=f"Shoes this request dealt, and charged to the caller's budget: at most "
        f"{runs.STEP_SHOES:,}"
    )
    complete: bool = Field(description="Whether every shoe asked for is dealt")
    continuation: str | None = Field(
        description="While the run is not complete: send it back, as "
        '`{"continuation": "…"}`, to deal the next `next_shoes` shoes of the same run (same '
        "seed, decks, strategies) and get the whole run so far. Valid for an hour; null once "
        "the run is complete"
    )
    next_shoes: int = Field(
        description="Shoes the continuation deals next (0 once the run is complete)"
    )
