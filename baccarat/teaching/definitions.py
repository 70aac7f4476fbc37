"""The game's terms defined in words, once: what a natural is, when the Banker reads the
tableau (and when it does not), and where each derived road starts. The rules page, the
glossary and the lessons all quote these, so the same thing is never said two ways."""

from __future__ import annotations

from baccarat.game.tableau import NATURALS, banker_stood_rule_text, or_list
from baccarat.odds.exact import odds_of_decks, percent
from baccarat.roads.scoreboard import DERIVED_ROADS, road_name
from baccarat.simulation.chance import DRAGONS
from baccarat.translation import _

# The shortest streak this site calls a dragon: the lab's first dragon length.
DRAGON = DRAGONS[0]


def naturals_text() -> str:
    """ "8 or 9"."""
    return or_list(list(NATURALS))


def natural_definition() -> str:
    return _(
        "A two-card total of {naturals} is a natural. If either hand has one, the hand is "
        "over for both: no third card is dealt and the totals are compared."
    ).format(naturals=naturals_text())


def tableau_definition() -> str:
    """When the tableau applies, and what its rows and columns are. The Player-stood case is
    the other branch (`banker_stood_rule_text`): the tableau is not read then."""
    return _(
        "When the Player has drawn a third card, the Banker reads the tableau: its row is the "
        "Banker's two-card total and its column the value of the Player's third card, not the "
        "Player's new total."
    )


def starting_point(road: str) -> str:
    """Where a derived road's first mark comes from (baccarat.roads.scoreboard.derived_mark decides
    it): "the bead at column 2, row 2; or, if column 2 has only one bead, the first bead of
    column 3"."""
    column = DERIVED_ROADS[road] + 1
    return _(
        "the bead at column {column}, row 2; or, if column {column} has only one bead, the "
        "first bead of column {next}"
    ).format(column=column, next=column + 1)


def tie_frequency(decks: int = 8) -> str:
    """How often a tie comes, in the one form every page uses: "9.52% of hands from a full
    8-deck shoe, about 1 hand in 10.5"."""
    chance = odds_of_decks(decks).exact("tie")
    return _(
        "{share} of hands from a full {decks}-deck shoe, about 1 hand in {one_in}"
    ).format(share=percent(chance), decks=decks, one_in=f"{1 / float(chance):.1f}")


def dragon_definition() -> str:
    """What this site means by a dragon, and that others count differently."""
    return _(
        "This site calls a streak of {dragon} or more hands a dragon (one Big Road column, "
        "ties not breaking it). Usage varies: players and guides count a dragon from "
        "different lengths, some from a much shorter run."
    ).format(dragon=DRAGON)
def compared_columns(road: str) -> str:
    """Which Big Road columns a derived road reads, counted as the engine counts them
    (baccarat.roads.scoreboard.DERIVED_ROADS, k columns back): "Small Road: a bead that starts
    column c compares column c−1, which just finished, with column c−3; a bead further down
    column c looks at column c−2"."""
    back = DERIVED_ROADS[road]
    return _(
        "{road}: a bead that starts column c compares column c−1, which just finished, with "
        "column c−{first}; a bead further down column c looks at column c−{back}"
    ).format(road=road_name(road), first=back + 1, back=back)


SHARES_DECKS = 8


def winning_shares(decks: int = SHARES_DECKS) -> str:
    """How much more often Banker wins, said with the figures it compares: "from a full
    8-deck shoe, Banker wins 45.86% of all hands and Player 44.62%; of the hands that do not
    tie, 50.68% and 49.32%"."""
    shoe = odds_of_decks(decks)
    banker, player = shoe.p("banker"), shoe.p("player")
    return _(
        "from a full {decks}-deck shoe, Banker wins {banker} of all hands and Player {player}; "
        "of the hands that do not tie, {banker_decided} and {player_decided}"
    ).format(
        decks=decks,
        banker=percent(banker),
        player=percent(player),
        banker_decided=percent(banker / (banker + player)),
        player_decided=percent(player / (banker + player)),
    )


def glossary_texts() -> dict[str, str]:
    """The engine's sentences a glossary definition may quote, by the name it uses in
    braces: "{natural}", "{tableau}", "{banker_stood}", "{dragon}", "{tie_frequency}",
    "{winning_shares}",
    "{start:big_eye_boy}"."""
    return {
        "natural": natural_definition(),
        "tableau": tableau_definition(),
        "banker_stood": banker_stood_rule_text(),
        "dragon": dragon_definition(),
        "tie_frequency": tie_frequency(),
        "winning_shares": winning_shares(),
        **{f"start:{road}": starting_point(road) for road in DERIVED_ROADS},
    }
