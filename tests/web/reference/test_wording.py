"""The glossary's and the rules page's words: the definitions a careful reader
found wrong stay fixed, and the glossary defines the natural, the tableau and the derived
roads' starting points in the engine's words, the same words as the rules page and the
lessons."""

from html import unescape

import pytest
from django.urls import reverse

from baccarat.game.tableau import NATURALS, banker_stood_rule_text
from baccarat.roads.scoreboard import DERIVED_ROADS, ROAD_NAMES
from baccarat.teaching.charts import tableau_reachability
from baccarat.teaching.definitions import natural_definition, starting_point, tableau_definition
from lessons.course import read_course
from reference.views import glossary_terms

# The definitions as a reader reads them (the page gets them as HTML, escaped once).
DEFINITIONS = {term["name"]: unescape(term["definition"]) for term in glossary_terms()}


def page_text(client, name):
    html = client.get(reverse(name)).content.decode()
    return " ".join(unescape(html).split())


# --- keep it right: one definition, the engine's, wherever a term is defined ---------------------


def test_the_glossary_defines_the_natural_in_the_rules_pages_words(client):
    sentence = natural_definition()
    assert " or ".join(str(n) for n in NATURALS) in sentence
    assert sentence in DEFINITIONS["Natural"]
    assert sentence in page_text(client, "reference:rules")


def test_the_glossary_defines_the_tableau_in_the_rules_pages_words(client):
    rules = page_text(client, "reference:rules")
    for sentence in (tableau_definition(), banker_stood_rule_text()):
        assert sentence in DEFINITIONS["Tableau"]
        assert sentence in rules


@pytest.mark.parametrize("road", DERIVED_ROADS)
def test_the_glossary_gives_each_derived_roads_starting_point_in_the_lessons_words(road):
    # Big Eye Boy's starting point was left out once; this and the lessons' own statement.
    sentence = starting_point(road)
    assert f"Its first mark comes from {sentence}." in DEFINITIONS[ROAD_NAMES[road]]
    lessons = read_course().lessons
    said = [
        lesson.key
        for lesson in lessons
        for part in lesson.parts
        if isinstance(part, str) and sentence in unescape(" ".join(part.split()))
    ]
    if road != "big_eye_boy":  # its lesson lists the two ways as bullets, boards beside them
        assert said, f"no lesson states {ROAD_NAMES[road]}'s starting point in the engine's words"


def test_every_engine_name_in_the_glossary_is_filled_in():
    assert not any("{" in definition for definition in DEFINITIONS.values())


# --- the sentences a careful reader found wrong ----------------------------------------------


def test_no_commission_is_a_family_and_super_6_one_of_it():
    # no-commission and Super 6 were one entry.
    assert "Super 6 / no-commission" not in DEFINITIONS
    family = DEFINITIONS["No-commission baccarat"]
    assert "Super 6" in family and "EZ Baccarat" in family
    assert '"No commission" does not mean cheaper' in family
    assert DEFINITIONS["Super 6"].startswith("A no-commission table where")


def test_the_player_stood_case_is_not_in_the_tableau():
    # Tableau and Third card put the Player-stood case in the tableau.
    assert "what the Player did (stood" not in DEFINITIONS["Tableau"]
    third = DEFINITIONS["Third card"]
    assert "the Banker's is decided next, by the tableau." not in third
    assert "by the Banker's own two-card total alone when the Player stood" in third


def test_the_initial_total_does_not_decide_the_bankers_draw_alone():
    # The initial total alone does not decide the Banker's draw: the Player's third card does too.
    initial = DEFINITIONS["Initial total"]
    assert "for each hand, whether it draws" not in initial
    assert "when the Player drew, the value of the Player's third card" in initial


def test_a_dragon_tail_also_turns_at_an_earlier_tail():
    # baccarat.roads.scoreboard.place_streaks turns a streak where the cell below is taken too.
    tail = DEFINITIONS["Dragon tail"]
    assert "a streak longer than its six rows" not in tail
    assert "the cell below is already taken by an earlier tail" in tail


def test_the_cut_card_is_near_the_end_and_mini_tables_may_change_the_commission():
    # The cut card sits near the end of the shoe, and mini tables may change the commission.
    assert "well before its end" not in DEFINITIONS["Cut card"]
    assert "How near depends on the house" in DEFINITIONS["Cut card"]
    assert "payouts are the same" not in DEFINITIONS["Mini baccarat"]
    assert "some mini tables change the commission" in DEFINITIONS["Mini baccarat"]
    assert "pass the shoe among the" in DEFINITIONS["Mini baccarat"]
    assert "squeeze" in DEFINITIONS["Midi baccarat"]


def test_the_160_player_naturals_are_those_where_the_banker_has_none(client):
    # the 40 both-natural combinations are counted with the Banker's 200.
    reach = tableau_reachability()
    both = len(NATURALS) ** 2 * 10
    assert reach.banker_natural == len(NATURALS) * 10 * 10
    assert reach.player_natural == len(NATURALS) * (10 - len(NATURALS)) * 10 == 160
    assert both == 40
    rules = page_text(client, "reference:rules")
    naturals = " or ".join(str(n) for n in NATURALS)
    row = f"Player has a natural {naturals} (Banker has none): the hand is over"
    assert f"{row}</th><td>{reach.player_natural}</td>" in rules


def test_ez_baccarat_is_a_commission_free_variant_not_a_side_bet_version(client):
    # EZ Baccarat and Super 6 change the Banker's payout: variants, not side bets.
    rules = page_text(client, "reference:rules")
    assert "Side-bet versions" not in rules
    assert "Commission-free variants such as EZ Baccarat and Super 6" in rules
