"""The lessons' questions about the table rather than one hand: what a Tie paid "9 for 1" or
"9 to 1" brings back, how the hands that do not tie split, what the Player's third card does
(baccarat.tableau_shape), and a few facts about live and electronic tables, the paytable and
a hand that looks wrong. Every figure is the engine's; no Django.

A lesson check names one with ``ask=<name>`` (lessons.directives); `ask_question` builds it.
"""

from __future__ import annotations

from baccarat.odds import TIE_PAYS, effect_of_removal, odds_of_decks, percent, shoe_of_decks
from baccarat.payouts import money
from baccarat.questions import MYTH_TRUTH, Question, numbered
from baccarat.rules import TABLEAU
from baccarat.tableau_shape import STRONG, third_card_effects

DECKS = 8


def tie_question(wording: str, pays: int, stake: int) -> Question:
    """A winning Tie bet on a table that pays "`pays` to 1" or "`pays` for 1": what comes
    back across the table, stake included? "To" pays on top of the stake; "for" includes it."""
    if wording not in ("to", "for") or pays not in (*TIE_PAYS, TIE_PAYS[-1] + 1):
        raise ValueError(f"the Tie pays {pays} {wording} 1 at no table the site teaches")
    back = stake * (pays + 1) if wording == "to" else stake * pays
    options = sorted({stake * (pays - 1), stake * pays, stake * (pays + 1), stake * (pays + 2)})
    why = (
        f"{pays} to 1 pays {money(stake * pays)} and the {money(stake)} stake comes back too: "
        f"{money(back)}."
        if wording == "to"
        else f"{pays} for 1 means {pays} back for every 1 staked, the stake included: "
        f"{money(back)}, the same as {pays - 1} to 1."
    )
    return Question(
        "tie_for", f"tie:{pays}-{wording}-1",
        f"The layout says the Tie pays {pays} {wording} 1. You bet {money(stake)} on Tie and the "
        "hand ties. How much comes back across the table, stake included?",
        numbered([money(o) for o in options]), money(back), why,
    )  # fmt: skip


def decided_split(decks: int = DECKS) -> tuple[float, float]:
    """Banker's and Player's shares of the hands that do not tie."""
    shoe = odds_of_decks(decks)
    decided = shoe.p("banker") + shoe.p("player")
    return shoe.p("banker") / decided, shoe.p("player") / decided


def decided_question(decks: int = DECKS) -> Question:
    shoe = odds_of_decks(decks)
    banker, player = decided_split(decks)
    options = [percent(x) for x in sorted({0.5, banker, player, shoe.p("banker")})]
    return Question(
        "decided", "decided",
        f"Leave out the ties. Of the hands that remain, what share does Banker win ({decks} "
        "decks)?",
        numbered(options), percent(banker),
        f"Banker wins {percent(shoe.p('banker'))} of all hands and Player "
        f"{percent(shoe.p('player'))}; the rest tie. Of the hands that do not tie, Banker wins "
        f"{percent(banker)} and Player {percent(player)}: close to 50/50, but not 50/50.",
    )  # fmt: skip


def third_card_question(measure: str, values: tuple[int, ...]) -> Question:
    """Which of these Player third cards most often leaves the Player on 6 to 9 ("lifts"),
    or most often lowers its total ("lowers")?"""
    effects = third_card_effects()
    if measure not in ("lifts", "lowers"):
        raise ValueError(f"{measure!r}: ask which card lifts or lowers")
    share = {v: effects[v].strong if measure == "lifts" else effects[v].worsens for v in values}
    best = max(values, key=share.get)
    if sum(share[v] == share[best] for v in values) > 1:
        raise ValueError(f"third cards {values}: more than one has the largest share")
    what = f"on {STRONG} to 9" if measure == "lifts" else "with a lower total than before"
    figures = "; ".join(
        f"{v}: {percent(share[v], 0)} (the Banker draws against it in {effects[v].rows} of "
        f"{len(TABLEAU)} rows)"
        for v in values
    )
    return Question(
        "third_card", f"third_card:{measure}",
        f"The Player had 0 to 5 and draws. Which third card most often leaves it {what}?",
        numbered([str(v) for v in values]), str(best),
        f"Share of drawing Player hands it leaves {what}: {figures}.",
    )  # fmt: skip


def _largest_removal(decks: int = DECKS) -> str:
    shifts = [abs(row.banker) for row in effect_of_removal(shoe_of_decks(decks))]
    return f"{percent(max(shifts), 3)[:-1]} percentage points"


def fact_question(name: str) -> Question:
    shoe = odds_of_decks(DECKS)
    edges = shoe.edges
    if name == "dealer-error":
        choices = ["now", "next", "shoe", "never"]
        labels = ["At once, before the cards are collected", "After the next hand",
                  "When the shoe ends", "Never: the dealer's call stands"]  # fmt: skip
        return Question(
            "table_fact", "fact:dealer-error",
            "A hand looks wrong to you: you think the Banker drew when it should have stood. "
            "When do you ask for the supervisor?",
            numbered(choices, labels), "now",
            "At once, while the cards are still on the table in the order they were dealt: "
            "they are what the supervisor needs to rebuild the hand. Once they are collected "
            "only surveillance's recording can show it.",
        )  # fmt: skip
    if name == "the-player":
        choices = ["hand", "you", "biggest", "bettors"]
        labels = ["One of the two hands the dealer deals", "You, the person betting",
                  "The bettor with the biggest bet",
                  "The bettors' side, against the house"]  # fmt: skip
        return Question(
            "table_fact", "fact:the-player",
            "Who is “the Player” at a punto banco table?",
            numbered(choices, labels), "hand",
            "Player and Banker are the names of the two hands the dealer deals, nothing more: "
            "“Player” is not you and “Banker” is not the house. Anyone at the table may bet on "
            "either hand, and nobody plays them: every card is dealt by fixed rules.",
        )  # fmt: skip
    if name == "budget-gone":
        choices = ["stop", "chase", "roads", "tie"]
        labels = ["Stop: the budget was the price of the evening",
                  "Bet more to win it back", "Wait until the roads show a change",
                  "Switch to the Tie bet, which pays 8 to 1"]  # fmt: skip
        return Question(
            "table_fact", "fact:budget-gone",
            "You set a budget before you sat down, and it is gone. What do you do?",
            numbered(choices, labels), "stop",
            "Stop. The budget is set before you play so that this moment needs no decision. "
            "Betting more only puts more money under the house edge "
            f"({percent(edges['banker'].per_unit)} of every Banker bet, "
            f"{percent(edges['tie_8_to_1'].per_unit)} of every Tie bet at 8 to 1), and the "
            "roads are a record of the past: the shoe cannot see them.",
        )  # fmt: skip
    statements = {
        "electronic": (
            "An electronic punto banco table draws third cards by other rules than a live one.",
            "The drawing rules, the tableau and the payouts are the table's, whether a random "
            "number generator or a real shoe deals. From a fresh 8-deck shoe, either way, "
            f"Banker wins {percent(shoe.p('banker'))} of hands.",
        ),
        "live-shoe": (
            "In a live shoe the cards already dealt tell you who will win the next hand.",
            "A live shoe is dealt without replacement, but one card out of an 8-deck shoe "
            f"moves the Banker's chance by at most {_largest_removal()}: nothing predicts the "
            "next hand.",
        ),
        "paytable": (
            "Every baccarat table pays the Banker and Tie bets the same way.",
            "Tables differ. The Tie at 8 to 1 costs "
            f"{percent(edges['tie_8_to_1'].per_unit)} of every bet, at 9 to 1 "
            f"{percent(edges['tie_9_to_1'].per_unit)}; the Banker bet costs "
            f"{percent(edges['banker'].per_unit)} with the commission and "
            f"{percent(edges['super6_banker'].per_unit)} at a Super 6 table. Read the "
            "paytable first.",
        ),
    }
    if name not in statements:
        raise ValueError(f"no table fact {name!r}; known: dealer-error, "
                         f"the-player, budget-gone, {', '.join(statements)}")  # fmt: skip
    myth, truth = statements[name]
    return Question(
        "table_fact", f"fact:{name}", f"Myth or truth? “{myth}”", MYTH_TRUTH, "myth", truth
    )


ASKS = ("tie-to:<pays>", "tie-for:<pays>", "decided", "lifts:<v>,<v>…", "lowers:<v>,<v>…",
        "fact:dealer-error", "fact:the-player", "fact:budget-gone", "fact:electronic",
        "fact:live-shoe", "fact:paytable")  # fmt: skip


def ask_question(ask: str, stake: int = 10) -> Question:
    """The question a check's ``ask=`` names; a ValueError says it cannot be asked."""
    kind, _, rest = ask.partition(":")
    if kind in ("tie-to", "tie-for") and rest.isdigit():
        return tie_question(kind[4:], int(rest), stake)
    if kind == "decided" and not rest:
        return decided_question()
    if kind in ("lifts", "lowers") and rest:
        values = tuple(int(v) for v in rest.split(",") if v.isdigit() and int(v) < 10)
        if len(values) != len(rest.split(",")) or not 2 <= len(values) <= 4:
            raise ValueError(f"{ask}: name two to four card values, 0 to 9")
        return third_card_question(kind, values)
    if kind == "fact":
        return fact_question(rest)
    raise ValueError(f"ask={ask} is not a question; use one of {', '.join(ASKS)}")
