"""The questions a learner asks most, answered briefly for /faq/. Every figure is the
engine's (baccarat.odds.exact, baccarat.game.rules, baccarat.teaching.table_questions); each answer
links the lesson or page that teaches it.

Worded when called, in the active language: each answer is one whole sentence (or a few)
with named placeholders, so a translation can order its words its own way; the links are
the pages in that language."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

from baccarat.game.tableau import tableau_row_claim
from baccarat.odds.exact import TIE_PAYS, odds_of_decks, percent
from baccarat.teaching.definitions import naturals_text
from baccarat.teaching.table_questions import decided_split, removal_figures

DECKS = 8


@dataclass(frozen=True)
class Answer:
    question: str
    slug: str
    answer: str
    link: str  # where it is taught
    link_text: str


def lesson(module: str, slug: str) -> str:
    return reverse("lessons:lesson", kwargs={"module": module, "lesson": slug})


def faq(decks: int = DECKS) -> list[Answer]:
    shoe = odds_of_decks(decks)
    edges = shoe.edges
    banker, player = decided_split(decks)
    low, high = TIE_PAYS
    return [
        Answer(
            _("Is it 50/50 between Banker and Player?"), "fifty-fifty",
            _("Nearly, not quite. Of the hands that do not tie (%(decks)s decks), Banker wins "
              "%(banker)s and Player %(player)s, because the Banker acts last.")
            % {"decks": decks, "banker": percent(banker), "player": percent(player)},
            lesson("settlement", "commission"), _("The commission on Banker"),
        ),
        Answer(
            _("Does the Banker bet cost more, because of the commission?"), "banker-cost",
            _("No: it costs less. With the commission the Banker bet costs %(banker)s of every "
              "bet placed, the Player bet %(player)s. Both cost something.")
            % {"banker": percent(edges["banker"].per_unit),
               "player": percent(edges["player"].per_unit)},
            lesson("settlement", "house-edge"), _("The house edge of every bet"),
        ),
        Answer(
            _("Do the roads predict the next hand?"), "roads",
            _("No. The Big Road and the derived roads record what happened; each hand comes from "
              "the cards left in a shuffled shoe, and no pattern on the board changes that."),
            lesson("play-responsibly", "roads-predict-nothing"),
            _("What the roads can and cannot tell you"),
        ),
        Answer(
            _("What is a natural?"), "natural",
            _("A two-card total of %(naturals)s, for either hand. It ends the hand at once: "
              "nobody draws. It happens in %(share)s of hands.")
            % {"naturals": naturals_text(), "share": percent(shoe.p("natural_any"))},
            lesson("foundations", "naturals"), _("Naturals"),
        ),
        Answer(
            _("Why does the Banker sometimes draw on 6?"), "banker-6",
            _("%(rule)s. Those cards often leave the Player on a good total, so the tableau has "
              "the Banker draw; when the Player stood, Banker 6 stands.")
            % {"rule": tableau_row_claim(6)},
            lesson("banker-rule", "why-this-shape"), _("Why the tableau has its shape"),
        ),
        Answer(
            _("What does %(low)s to 1 mean?") % {"low": low}, "to-1",
            _("You win %(low)s times your stake and the stake comes back too: %(back)s times the "
              "stake in all, also written %(back)s for 1. %(high)s to 1 brings back "
              "%(high_back)s times. The Tie costs %(low_edge)s at %(low)s to 1 and %(high_edge)s "
              "at %(high)s to 1.")
            % {"low": low, "back": low + 1, "high": high, "high_back": high + 1,
               "low_edge": percent(edges["tie_8_to_1"].per_unit),
               "high_edge": percent(edges["tie_9_to_1"].per_unit)},
            lesson("settlement", "read-the-paytable"), _("Read the paytable first"),
        ),
        Answer(
            _("Can I count cards?"), "counting",
            _("Not on the main bets: one card out of a full %(decks)s-deck shoe moves the "
              "Banker's chance of winning by %(chance_low)s to %(chance_high)s percentage points "
              "and its house edge by %(edge_low)s to %(edge_high)s. Analyses of perfect play find "
              "no useful edge on Banker or Player; Thorp and Walden (1973) proved none on the "
              "Tie. Some side bets can be beaten: the natural 8 and 9 bets (Thorp and Walden, "
              "1966), the Dragon 7 and the Panda 8, and casinos know it.")
            % {"decks": decks, **removal_figures(decks)},
            lesson("play-responsibly", "advantage-play"), _("Counting cards and edge sorting"),
        ),
        Answer(
            _("What are EZ Baccarat and Super 6?"), "no-commission",
            _("No-commission tables. EZ Baccarat pushes a Banker win with a three-card 7; the "
              "Banker bet costs %(ez)s. Super 6 pays half on a winning 6; it costs %(super6)s, "
              "against %(banker)s with the commission.")
            % {"ez": percent(edges["ez_banker"].per_unit),
               "super6": percent(edges["super6_banker"].per_unit),
               "banker": percent(edges["banker"].per_unit)},
            lesson("settlement", "super-6"), _("No-commission tables and Super 6"),
        ),
        Answer(
            _("Are electronic tables different from live ones?"), "electronic",
            _("Not in the rules: the drawing rules, the tableau and the payouts are the table's, "
              "and a fresh %(decks)s-deck shoe has the same odds whether a random number "
              "generator or a dealer deals it. Read each table's paytable.")
            % {"decks": decks},
            lesson("foundations", "live-and-electronic"), _("Live and electronic tables"),
        ),
        Answer(
            _("What if I think the dealer made a mistake?"), "dealer-error",
            _("Say so at once, before the cards are collected, and ask for the supervisor. The "
              "cards in dealing order rebuild the hand; surveillance can review the recording."),
            lesson("play-responsibly", "when-a-hand-looks-wrong"), _("When a hand looks wrong"),
        ),
    ]  # fmt: skip
