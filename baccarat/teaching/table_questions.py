"""The lessons' questions about the table rather than one hand: what a Tie paid "9 for 1" or
"9 to 1" brings back, how the hands that do not tie split, what the Player's third card does
(baccarat.odds.tableau_shape), and a few facts about live and electronic tables, the paytable and
a hand that looks wrong. Every figure is the engine's; no Django.

A lesson check names one with ``ask=<name>`` (lessons.directives); `ask_question` builds it.
"""

from __future__ import annotations

from baccarat.game.tableau import TABLEAU
from baccarat.odds.bettors_view import removal_range
from baccarat.odds.exact import TIE_PAYS, effect_of_removal, odds_of_decks, percent, shoe_of_decks
from baccarat.odds.payouts import money
from baccarat.odds.tableau_shape import STRONG, third_card_effects
from baccarat.teaching.questions import (
    MYTH_TRUTH,
    Question,
    myth_or_truth_prompt,
    numbered,
    translated,
)
from baccarat.teaching.swings import bigger_question, most_question
from baccarat.translation import _, gettext_noop, pgettext

DECKS = 8


def tie_question(wording: str, pays: int, stake: int) -> Question:
    """A winning Tie bet on a table that pays "`pays` to 1" or "`pays` for 1": what comes
    back across the table, stake included? "To" pays on top of the stake; "for" includes it."""
    if wording not in ("to", "for") or pays not in (*TIE_PAYS, TIE_PAYS[-1] + 1):
        raise ValueError(f"the Tie pays {pays} {wording} 1 at no table the site teaches")
    back = stake * (pays + 1) if wording == "to" else stake * pays
    options = sorted({stake * (pays - 1), stake * pays, stake * (pays + 1), stake * (pays + 2)})
    if wording == "to":
        prompt = _(
            "The layout says the Tie pays {pays} to 1. You bet {stake} on Tie and the "
            "hand ties. How much comes back across the table, stake included?"
        )
        why = _("{pays} to 1 pays {won} and the {stake} stake comes back too: {back}.")
    else:
        prompt = _(
            "The layout says the Tie pays {pays} for 1. You bet {stake} on Tie and the "
            "hand ties. How much comes back across the table, stake included?"
        )
        why = _(
            "{pays} for 1 means {pays} back for every 1 staked, the stake included: "
            "{back}, the same as {less} to 1."
        )
    values = dict(
        pays=pays, stake=money(stake), won=money(stake * pays), back=money(back), less=pays - 1
    )
    return Question(
        "tie_for", f"tie:{pays}-{wording}-1", prompt.format(**values),
        numbered([money(o) for o in options]), money(back), why.format(**values),
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
        _("Leave out the ties. Of the hands that remain, what share does Banker win ({decks} "
          "decks)?").format(decks=decks),
        numbered(options), percent(banker),
        _("Banker wins {banker_all} of all hands and Player {player_all}; the rest tie. Of the "
          "hands that do not tie, Banker wins {banker} and Player {player}: close to 50/50, "
          "but not 50/50.").format(
            banker_all=percent(shoe.p("banker")), player_all=percent(shoe.p("player")),
            banker=percent(banker), player=percent(player),
        ),
    )  # fmt: skip


def third_card_question(measure: str, values: tuple[int, ...]) -> Question:
    """Which of these Player third cards most often leaves the Player on 6 to 9 ("lifts"),
    or most often lowers its total ("lowers")?"""
    effects = third_card_effects()
    if measure not in ("lifts", "lowers"):
        raise ValueError(f"{measure!r}: ask which card lifts or lowers")
    share = {v: effects[v].strong if measure == "lifts" else effects[v].worsens for v in values}
    best = max(values, key=share.__getitem__)
    if sum(share[v] == share[best] for v in values) > 1:
        raise ValueError(f"third cards {values}: more than one has the largest share")
    figures = pgettext("between the clauses of a sentence", "; ").join(
        _("{value}: {share} (the Banker draws against it in {rows} of {total} rows)").format(
            value=v, share=percent(share[v], 0), rows=effects[v].rows, total=len(TABLEAU)
        )
        for v in values
    )
    if measure == "lifts":
        prompt = _(
            "The Player had 0 to 5 and draws. Which third card most often leaves it on "
            "{strong} to 9?"
        )
        why = _("Share of drawing Player hands it leaves on {strong} to 9: {figures}.")
    else:
        prompt = _(
            "The Player had 0 to 5 and draws. Which third card most often leaves it "
            "with a lower total than before?"
        )
        why = _(
            "Share of drawing Player hands it leaves with a lower total than before: {figures}."
        )
    return Question(
        "third_card", f"third_card:{measure}", prompt.format(strong=STRONG),
        numbered([str(v) for v in values]), str(best),
        why.format(strong=STRONG, figures=figures),
    )  # fmt: skip


def removal_figures(decks: int = DECKS) -> dict[str, str]:
    """What taking one card out of a full shoe does, over every value: the lowest and highest
    change to the Banker's chance of winning and to the Banker bet's house edge, in percentage
    points, each pair rounded outward so that no card falls outside it."""
    removals = effect_of_removal(shoe_of_decks(decks))
    chance_low, chance_high = removal_range(removals, "banker")
    edge_low, edge_high = removal_range(removals, "banker_edge")
    return {"chance_low": chance_low, "chance_high": chance_high,
            "edge_low": edge_low, "edge_high": edge_high}  # fmt: skip


def fact_question(name: str) -> Question:
    shoe = odds_of_decks(DECKS)
    edges = shoe.edges
    if name == "dealer-error":
        choices = ["now", "next", "shoe", "never"]
        labels = [_("At once, before the cards are collected"), _("After the next hand"),
                  _("When the shoe ends"), _("Never: the dealer's call stands")]  # fmt: skip
        return Question(
            "table_fact", "fact:dealer-error",
            _("A hand looks wrong to you: you think the Banker drew when it should have stood. "
              "When do you ask for the supervisor?"),
            numbered(choices, labels), "now",
            _("At once, while the cards are still on the table in the order they were dealt: "
              "they are what the supervisor needs to rebuild the hand. Once they are collected "
              "only surveillance's recording can show it."),
        )  # fmt: skip
    if name == "the-player":
        choices = ["hand", "you", "biggest", "bettors"]
        labels = [_("One of the two hands dealt each round"), _("You, the person betting"),
                  _("The bettor with the biggest bet"),
                  _("The bettors' side, against the house")]  # fmt: skip
        return Question(
            "table_fact", "fact:the-player",
            _("Who is “the Player” at a punto banco table?"),
            numbered(choices, labels), "hand",
            _("Player and Banker are the names of the two hands dealt each round, nothing more: "
              "“Player” is not you and “Banker” is not the house. Anyone at the table may bet on "
              "either hand, and nobody plays them: every card is dealt by fixed rules."),
        )  # fmt: skip
    if name == "budget-gone":
        choices = ["stop", "chase", "roads", "tie"]
        labels = [_("Stop: the budget was the price of the evening"),
                  _("Bet more to win it back"), _("Wait until the roads show a change"),
                  _("Switch to the Tie bet, which pays 8 to 1")]  # fmt: skip
        return Question(
            "table_fact", "fact:budget-gone",
            _("You set a budget before you sat down, and it is gone. What do you do?"),
            numbered(choices, labels), "stop",
            _("Stop. The budget is set before you play so that this moment needs no decision. "
              "Betting more only puts more money under the house edge ({banker} of every "
              "Banker bet, {tie} of every Tie bet at 8 to 1), and the roads are a record of "
              "the past: the shoe cannot see them.").format(
                banker=percent(edges["banker"].per_unit),
                tie=percent(edges["tie_8_to_1"].per_unit),
            ),
        )  # fmt: skip
    if name == "commission-box":
        choices = ["later", "now", "loss", "never"]
        labels = [_("At the end of the shoe, or when you leave the table"),
                  _("At once: it is taken from the win"),
                  _("Only if your next Banker bet loses"),
                  _("Never: the big table charges none")]  # fmt: skip
        return Question(
            "table_fact", "fact:commission-box",
            _("At a big table that keeps a commission box, your Banker bet wins and is paid "
              "even money. When does the commission on it change hands?"),
            numbered(choices, labels), "later",
            _("The dealer records what each seat owes in the box marked with its number and "
              "collects it at the end of the shoe, or when the player leaves. The bet costs "
              "the same as if the commission were taken at once: {banker} of every Banker bet; "
              "only the moment it is paid differs.").format(
                banker=percent(edges["banker"].per_unit)),
        )  # fmt: skip
    # Myth or truth: (the statement, why it is a myth), English and marked for translation.
    statements = {
        "electronic": (
            gettext_noop("An electronic punto banco table draws third cards by other rules "
                         "than a live one."),
            gettext_noop("The drawing rules, the tableau and the payouts are the table's, "
                         "whether a random number generator or a real shoe deals. From a fresh "
                         "8-deck shoe, either way, Banker wins {banker} of hands."),
        ),
        "live-shoe": (
            gettext_noop("In a live shoe the cards already dealt tell you who will win the "
                         "next hand."),
            gettext_noop("A live shoe is dealt without replacement, but taking one card out of "
                         "a full {decks}-deck shoe changes the Banker's chance of winning by "
                         "{chance_low} to {chance_high} percentage points and the Banker bet's "
                         "house edge by {edge_low} to {edge_high}, whichever card it is: nothing "
                         "predicts the next hand."),
        ),
        "paytable": (
            gettext_noop("Every baccarat table pays the Banker and Tie bets the same way."),
            gettext_noop("Tables differ. The Tie at 8 to 1 costs {tie_8} of every bet, at 9 to "
                         "1 {tie_9}; the Banker bet costs {banker_edge} with the commission and "
                         "{super6} at a Super 6 table. Read the paytable first."),
        ),
    }  # fmt: skip
    if name not in statements:
        raise ValueError(f"no table fact {name!r}; known: dealer-error, the-player, "
                         f"budget-gone, commission-box, {', '.join(statements)}")  # fmt: skip
    myth, truth = statements[name]
    figures = {
        "banker": percent(shoe.p("banker")),
        "decks": DECKS,
        "tie_8": percent(edges["tie_8_to_1"].per_unit),
        "tie_9": percent(edges["tie_9_to_1"].per_unit),
        "banker_edge": percent(edges["banker"].per_unit),
        "super6": percent(edges["super6_banker"].per_unit),
        **(removal_figures() if name == "live-shoe" else {}),
    }
    return Question(
        "table_fact", f"fact:{name}", myth_or_truth_prompt(_(myth)), translated(MYTH_TRUTH),
        "myth", _(truth).format(**figures),
    )  # fmt: skip


ASKS = ("tie-to:<pays>", "tie-for:<pays>", "decided", "lifts:<v>,<v>…", "lowers:<v>,<v>…",
        "fact:dealer-error", "fact:the-player", "fact:budget-gone", "fact:commission-box",
        "fact:electronic",
        "fact:live-shoe", "fact:paytable", "swing-bigger:<bet>:<hands>",
        "swings-most:<bet>,<bet>…")  # fmt: skip


def ask_question(ask: str, stake: int = 10) -> Question:
    """The question a check's ``ask=`` names; a ValueError says it cannot be asked."""
    kind, _sep, rest = ask.partition(":")
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
    if kind == "swing-bigger" and rest.count(":") == 1 and rest.split(":")[1].isdigit():
        bet, hands = rest.split(":")
        if not 1 <= int(hands) <= 100_000:
            raise ValueError(f"{ask}: give from 1 to 100,000 hands")
        return bigger_question(bet, int(hands), stake)
    if kind == "swings-most" and rest:
        return most_question(tuple(rest.split(",")))
    raise ValueError(f"ask={ask} is not a question; use one of {', '.join(ASKS)}")
