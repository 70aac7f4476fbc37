"""The questions a learner asks most, answered briefly for /faq/. Every figure is the
engine's (baccarat.odds, baccarat.rules, baccarat.table_questions); each answer links the
lesson or page that teaches it."""

from __future__ import annotations

from dataclasses import dataclass

from baccarat.odds import TIE_PAYS, effect_of_removal, odds_of_decks, percent, shoe_of_decks
from baccarat.rules import NATURALS, tableau_row_rule
from baccarat.table_questions import decided_split

DECKS = 8


@dataclass(frozen=True)
class Answer:
    question: str
    slug: str
    answer: str
    link: str  # where it is taught
    link_text: str


def faq(decks: int = DECKS) -> list[Answer]:
    shoe = odds_of_decks(decks)
    edges = shoe.edges
    banker, player = decided_split(decks)
    shift = max(abs(row.banker) for row in effect_of_removal(shoe_of_decks(decks)))
    naturals = " or ".join(str(n) for n in NATURALS)
    low, high = TIE_PAYS
    return [
        Answer(
            "Is it 50/50 between Banker and Player?", "fifty-fifty",
            f"Nearly, not quite. Of the hands that do not tie ({decks} decks), Banker wins "
            f"{percent(banker)} and Player {percent(player)}, because the Banker acts last.",
            "/lessons/settlement/commission/", "The commission on Banker",
        ),
        Answer(
            "Does the Banker bet cost more, because of the commission?", "banker-cost",
            f"No: it costs less. With the commission the Banker bet costs "
            f"{percent(edges['banker'].per_unit)} of every bet placed, the Player bet "
            f"{percent(edges['player'].per_unit)}. Both cost something.",
            "/lessons/settlement/house-edge/", "The house edge of every bet",
        ),
        Answer(
            "Do the roads predict the next hand?", "roads",
            "No. The Big Road and the derived roads record what happened; each hand comes from "
            "the cards left in a shuffled shoe, and no pattern on the board changes that.",
            "/lessons/play-responsibly/roads-predict-nothing/",
            "What the roads can and cannot tell you",
        ),
        Answer(
            "What is a natural?", "natural",
            f"A two-card total of {naturals}, for either hand. It ends the hand at once: "
            f"nobody draws. It happens in {percent(shoe.p('natural_any'))} of hands.",
            "/lessons/foundations/naturals/", "Naturals",
        ),
        Answer(
            "Why does the Banker sometimes draw on 6?", "banker-6",
            f"{tableau_row_rule(6)}. Those cards often leave the Player on a good total, so "
            "the tableau has the Banker draw; when the Player stood, Banker 6 stands.",
            "/lessons/banker-rule/why-this-shape/", "Why the tableau has its shape",
        ),
        Answer(
            f"What does {low} to 1 mean?", "to-1",
            f"You win {low} times your stake and the stake comes back too: {low + 1} times the "
            f"stake in all, also written {low + 1} for 1. {high} to 1 brings back {high + 1} "
            f"times. The Tie costs {percent(edges['tie_8_to_1'].per_unit)} at {low} to 1 and "
            f"{percent(edges['tie_9_to_1'].per_unit)} at {high} to 1.",
            "/lessons/settlement/read-the-paytable/", "Read the paytable first",
        ),
        Answer(
            "Can I count cards?", "counting",
            f"Not usefully. Taking one card out of a full {decks}-deck shoe moves the Banker's "
            f"chance by at most {percent(shift, 3)[:-1]} percentage points; the odds page "
            "shows the effect of every card.",
            "/odds/", "The odds",
        ),
        Answer(
            "What are EZ Baccarat and Super 6?", "no-commission",
            "No-commission tables. EZ Baccarat pushes a Banker win with a three-card 7; the "
            f"Banker bet costs {percent(edges['ez_banker'].per_unit)}. Super 6 pays half on a "
            f"winning 6; it costs {percent(edges['super6_banker'].per_unit)}, against "
            f"{percent(edges['banker'].per_unit)} with the commission.",
            "/lessons/settlement/super-6/", "No-commission tables and Super 6",
        ),
        Answer(
            "Are electronic tables different from live ones?", "electronic",
            "Not in the rules: the drawing rules, the tableau and the payouts are the table's, "
            f"and a fresh {decks}-deck shoe has the same odds whether a random number generator "
            "or a dealer deals it. Read each table's paytable.",
            "/lessons/foundations/live-and-electronic/", "Live and electronic tables",
        ),
        Answer(
            "What if I think the dealer made a mistake?", "dealer-error",
            "Say so at once, before the cards are collected, and ask for the supervisor. The "
            "cards in dealing order rebuild the hand; surveillance can review the recording.",
            "/lessons/play-responsibly/when-a-hand-looks-wrong/", "When a hand looks wrong",
        ),
    ]  # fmt: skip
