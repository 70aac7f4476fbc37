"""The lessons' words: the sentences a careful reader found wrong stay fixed, each
checked against the engine where it states a fact, and every figure in a lesson's prose comes
from an engine directive, or is a small number of the rules, or is on the short reviewed list
below with its reason.

No database and no Django: the course is read from its files, like the game it quotes.
"""

import re
from html import unescape

import pytest
from django.urls import reverse

from baccarat.game.cards import parse_cards
from baccarat.game.rules import resolve, tableau_draws_against
from baccarat.odds.exact import (
    COMMISSION,
    DRAGON_7_PAYS,
    PAIR_PAYS,
    PANDA_8_PAYS,
    odds_of_decks,
    percent,
)
from baccarat.odds.side_bets import (
    DRAGON_BONUS_MARGIN_PAYS,
    LOWER_COMMISSION,
    LUCKY_6_PAYS,
    PERFECT_PAIR_BOTH_PAYS,
    PERFECT_PAIR_PAYS,
)
from baccarat.odds.swing import deviation
from baccarat.teaching.swings import session_of
from lessons.course import CONTENT_DIR, read_course

COURSE = read_course()


def prose(module, slug):
    """The lesson as a reader reads it: its HTML (inline directives already filled in by the
    engine) without tags, white space made single."""
    lesson = COURSE.lesson(module, slug)
    html = " ".join(part for part in lesson.parts if isinstance(part, str))
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def block_cards(module, slug, name="hand"):
    lesson = COURSE.lesson(module, slug)
    return [d.spec.cards for d in lesson.directives if d.name == name]


# --- the sentences a careful reader found wrong ----------------------------------------------


def test_a_super_6_table_is_one_kind_of_no_commission_table_and_ez_is_cheaper():
    # "No commission" is a family; EZ Baccarat is no-commission and cheaper.
    text = prose("settlement", "super-6")
    assert "It isn't." not in text
    assert '(or "Super 6")' not in text
    edges = odds_of_decks(8).edges
    assert edges["ez_banker"].per_unit < edges["banker"].per_unit < edges["super6_banker"].per_unit
    ez, standard = percent(edges["ez_banker"].per_unit, 4), percent(edges["banker"].per_unit, 4)
    assert (ez, standard) == ("1.0183%", "1.0579%")  # the published figures, 8 decks
    assert f"it costs {ez} per bet placed, against {standard} with the commission" in text
    assert "a little cheaper" in text and "dearer" in text
    assert "No-commission tables are a family" in text


def test_a_two_card_7_beating_a_three_card_6_is_shown_by_such_a_hand():
    # the example under the sentence must be the sentence.
    text = prose("foundations", "who-wins")
    assert "a two-card 7 beats a three-card 6" in text
    cards = block_cards("foundations", "who-wins")[0]
    hand = resolve(parse_cards(" ".join(cards)))
    winner = hand.banker if hand.winner == "banker" else hand.player
    loser = hand.player if hand.winner == "banker" else hand.banker
    assert (len(winner.cards), winner.final_total) == (2, 7)
    assert (len(loser.cards), loser.final_total) == (3, 6)


def test_banker_5_never_draws_against_more_cards_than_a_lower_total():
    # 0, 1 and 2 all draw against all ten, so "the higher, the fewer" is wrong.
    counts = [len(tableau_draws_against(b)) for b in range(8)]
    assert counts == sorted(counts, reverse=True) and counts[0] == counts[1] == counts[2] == 10
    text = prose("banker-rule", "banker-5")
    assert "the fewer cards it draws against" not in text
    assert "a higher Banker total never draws against more third cards than a lower one" in text


def test_derived_roads_do_not_compare_the_new_column_under_rule_1():
    # Rule 1 compares two finished columns; the new column has one bead and no part in it.
    text = prose("big-eye-boy", "derived-roads")
    assert "compares the column being built" not in text
    assert "When a bead starts a new column, the new column is not compared at all" in text


def test_the_starting_point_summary_names_both_ways_to_start():
    # the summary gave only column 2, row 2.
    summary = COURSE.lesson("big-eye-boy", "starting-point").summary
    assert "second column's second bead" in summary
    assert "first bead of the third column when the second has only one bead" in summary


def test_a_payout_step_on_the_tie_costs_about_3_times_as_much():
    # "several times over" was 14.36% against 4.84%, about 3 times.
    edges = odds_of_decks(8).edges
    ratio = round(float(edges["tie_8_to_1"].per_unit / edges["tie_9_to_1"].per_unit))
    assert ratio == 3
    text = prose("settlement", "tie-bet")
    assert "several times over" not in text
    assert f"makes the Tie bet cost about {ratio} times as much" in text


def test_without_commission_the_bettor_on_banker_would_have_the_edge():
    # the bettor, not "the player", and how much: P(Banker) − P(Player).
    shoe = odds_of_decks(8)
    bettors_edge = shoe.exact("banker") - shoe.exact("player")
    assert percent(bettors_edge, 3) == "1.235%"
    text = prose("settlement", "commission")
    assert "the player would have the edge" not in text
    assert f"the bettor on Banker would have the edge: {percent(bettors_edge, 3)}" in text


def test_one_most_common_slip_at_most():
    # Two different "most common slip" claims; neither is supported.
    files = [path.read_text() for path in CONTENT_DIR.rglob("*.md")]
    assert not any("most common slip" in text for text in files)
    assert "A classic slip at a training table" in prose("banker-rule", "player-stood")


def test_the_bettors_do_not_hold_the_cards_at_a_mini_table_only():
    # Midi baccarat lets the biggest bettor squeeze; the big table may let the players deal.
    text = prose("foundations", "the-table")
    assert "nobody holds the cards" not in text
    assert "At a mini-baccarat table the dealer deals every card" in text
    assert "In midi baccarat and at the big table the biggest bettor may also be allowed" in text


def test_the_swing_lesson_says_only_what_its_figures_show():
    text = prose("play-responsibly", "how-much-a-bet-swings")
    shoe = odds_of_decks(8)
    # "Take 80 hands, roughly one 8-deck shoe": 8 decks over the average cards a hand uses.
    cards = sum(n * shoe.exact(f"cards_{n}") for n in (4, 5, 6))
    assert "Take 80 hands, roughly one 8-deck shoe" in text
    assert 0.9 < float(8 * 52 / cards) / 80 < 1.1
    # An evening of 200: the swing is many times the expected loss, and the range holds wins.
    evening = session_of("banker", 10, 200)
    assert "the swing is many times the expected loss" in text
    assert evening.deviation > 3 * -evening.expected
    assert evening.band(2)[0] < 0 < evening.band(2)[1]
    # 100,000 hands: "Every one of them is a loss".
    assert "Every one of them is a loss." in text
    assert session_of("banker", 10, 100_000).band(2)[1] < 0
    # Banker and Player "swing by about the stake".
    assert "so they swing by about the stake" in text
    assert all(0.9 < deviation(shoe, bet) < 1 for bet in ("banker", "player"))


# --- keep it right: every figure in the prose is the engine's -----------------------------------

# Whole numbers up to 10 are the rules' own small numbers: card values and totals 0–9, the ten
# card, rule numbers (Rule 1, Rule 2), a road's rows and columns, counts of cards and decks
# ("8 decks"), a hand's cards, the Tie's "8 to 1" and Super 6's "1 to 2".
SMALL = 10
# Anything else typed in a lesson, reviewed one by one: (file, figure) -> (why, what the
# engine says it is, or None when it is not the engine's to say).
SETTLEMENT, RESPONSIBLY = "04-settlement", "09-play-responsibly"
SIDE = f"{SETTLEMENT}/10-more-side-bets.md"
ADVANTAGE, HISTORY = f"{RESPONSIBLY}/06-advantage-play.md", "01-foundations/07-history.md"
EXCEPTIONS = {
    (f"{SETTLEMENT}/01-commission.md", "5%"):
        ("the commission rate, a rule of the table", f"{COMMISSION * 100}%"),
    (f"{SETTLEMENT}/01-commission.md", "100"): ("the stake of the settle example beside it", None),
    (f"{SETTLEMENT}/04-ez-baccarat.md", "40"): ("Dragon 7's payout, to 1", str(DRAGON_7_PAYS)),
    (f"{SETTLEMENT}/04-ez-baccarat.md", "25"): ("Panda 8's payout, to 1", str(PANDA_8_PAYS)),
    (f"{SETTLEMENT}/06-pair-bets.md", "11"): ("the pair bets' payout, to 1", str(PAIR_PAYS)),
    (f"{RESPONSIBLY}/02-house-edge-over-time.md", "1,000"):
        ("the hands the expected-loss directive beside it is given (bets=1000)", None),
    (f"{SETTLEMENT}/01-commission.md", "50"):
        ('"is it 50/50?", the question the section answers with the engine\'s split', None),
    (f"{RESPONSIBLY}/04-staying-in-control.md", "18"):
        ("the legal age to gamble, not a game figure", None),
    (f"{SETTLEMENT}/09-the-big-table.md", "13"): ("a seat number often left out", None),
    (f"{SETTLEMENT}/09-the-big-table.md", "5%"):
        ("the commission rate, a rule of the table", f"{COMMISSION * 100}%"),
    (f"{SETTLEMENT}/09-the-big-table.md", "100"):
        ("the stake of the settle examples beside it", None),
    (f"{RESPONSIBLY}/05-how-much-a-bet-swings.md", "80"):
        ("the hands the swings table beside it is given (hands=80)", None),
    (f"{RESPONSIBLY}/05-how-much-a-bet-swings.md", "200"):
        ("the hands the swing directives beside it are given (hands=200)", None),
    (f"{RESPONSIBLY}/05-how-much-a-bet-swings.md", "100,000"):
        ("the hands the swing directives beside it are given (hands=100000)", None),
    (SIDE, "12"): ("Lucky 6's pay on a two-card 6, to 1", str(LUCKY_6_PAYS["two"])),
    (SIDE, "20"): ("Lucky 6's pay on a three-card 6, to 1", str(LUCKY_6_PAYS["three"])),
    (SIDE, "23"): ("the Las Vegas Lucky 6 pay Wizard of Odds cites, not priced here", None),
    (SIDE, "30"): ("Dragon Bonus's pay on a win by 9, to 1", str(DRAGON_BONUS_MARGIN_PAYS[9])),
    (SIDE, "25"): ("Perfect Pair's pay, to 1", str(PERFECT_PAIR_PAYS)),
    (SIDE, "250"): ("Perfect Pair's pay for two hands", str(PERFECT_PAIR_BOTH_PAYS)),
    (SIDE, "11"): ("the pair bets' payout, to 1", str(PAIR_PAYS)),
    (SIDE, "4%"): ("the lower commission, a rule of the table", f"{LOWER_COMMISSION * 100}%"),
    (SIDE, "5%"): ("the usual commission, a rule of the table", f"{COMMISSION * 100}%"),
    (SIDE, "100"): ("the stake of the example", None),
    (SIDE, "96"): ("what a winning 100 pays at 4%", f"{100 * (1 - LOWER_COMMISSION)}"),
    (ADVANTAGE, "1966"): ("the year of Thorp and Walden's paper", None),
    (ADVANTAGE, "1973"): ("the year of Thorp and Walden's paper", None),
    (ADVANTAGE, "2012"): ("the year Ivey played, as judged", None),
    (ADVANTAGE, "2016"): ("the year of the New Jersey judgment", None),
    (ADVANTAGE, "2017"): ("the year of the UK Supreme Court's judgment", None),
    (ADVANTAGE, "25"): ("the day of that judgment, 25 October", None),
    (ADVANTAGE, "7.7"): ("Ivey's winnings in £ million, as judged", None),
    (HISTORY, "1958"): ("the year the Cuban revolution won, cited", None),
    (HISTORY, "2018"): ("the year of the Macau figure", None),
    (HISTORY, "88.6%"):
        ("baccarat's share of Macau's 2018 gaming revenue, the DICJ's figure as cited", None),
}  # fmt: skip
FIGURE = re.compile(r"\d[\d,]*(?:\.\d+)?%?")


def typed_figures(text):
    """The figures written by hand in a lesson file: outside directives (inline or block),
    escaped braces and code spans, including the title and summary."""
    text = re.sub(r"\\\{\{", " ", text)
    text = re.sub(r"\{\{.*?\}\}", " ", text, flags=re.DOTALL)
    text = re.sub(r"`[^`\n]*`", " ", text)
    figures = [match.group().rstrip(",.") for match in FIGURE.finditer(text)]
    return [figure.rstrip(",") for figure in figures]


def is_small_rule_number(figure):
    return figure.isdigit() and int(figure) <= SMALL


def test_the_scanner_finds_a_typed_in_edge_and_skips_directives_and_code():
    text = "Banker costs 1.06% and {{ edge banker }}; Tie `1 - 9t` pays 8 to 1; 12,345 hands."
    assert typed_figures(text) == ["1.06%", "8", "1", "12,345"]
    assert [f for f in typed_figures(text) if not is_small_rule_number(f)] == ["1.06%", "12,345"]


LESSON_FILES = sorted(CONTENT_DIR.rglob("*.md"))


@pytest.mark.parametrize(
    "path", LESSON_FILES, ids=[str(p.relative_to(CONTENT_DIR)) for p in LESSON_FILES]
)
def test_every_figure_in_a_lesson_comes_from_the_engine(path):
    name = str(path.relative_to(CONTENT_DIR))
    # A translation may type the figures its English file types, reviewed there, and no other.
    english = re.sub(r"\.zh-han[st]\.md$", ".md", name)
    for figure in typed_figures(path.read_text()):
        if is_small_rule_number(figure):
            continue
        assert (english, figure) in EXCEPTIONS, (
            f"{name}: {figure!r} is typed in; write it with a directive ({{{{ edge … }}}}, "
            "{{ chance … }}, {{ total … }}…) or, if it is not the engine's, review it into "
            "EXCEPTIONS with a reason"
        )


@pytest.mark.parametrize("key", EXCEPTIONS, ids=["/".join(key) for key in EXCEPTIONS])
def test_every_exception_is_still_used_and_agrees_with_the_engine(key):
    name, figure = key
    reason, engine = EXCEPTIONS[key]
    assert reason
    assert figure in typed_figures((CONTENT_DIR / name).read_text()), f"{key} is no longer used"
    if engine is not None:
        assert float(engine.rstrip("%")) == float(figure.rstrip("%").replace(",", ""))


@pytest.mark.django_db
def test_the_over_time_table_says_the_swing_grows_in_money_and_shrinks_as_a_share(client):
    # The money gap from the expected loss grows (about with √n); only the gap
    # relative to the amount staked shrinks.
    lesson = COURSE.lesson("play-responsibly", "house-edge-over-time")
    assert any(d.name == "over-time" for d in lesson.directives)
    url = reverse("lessons:lesson", args=[lesson.module, lesson.slug])
    html = " ".join(client.get(url).content.decode().split())
    assert "the more hands, the closer they come" not in html
    assert "the swing in money grows (roughly with the square root of the number of hands)" in html
    assert "as a share of the amount staked it shrinks" in html
