"""Claims the site once made too loosely, each now said exactly and with its source, the same
way wherever the site says it: how often a tie comes, what a dragon is, when the commission is
collected, who deals, where the cut card goes, and what counting cards can and cannot do."""

import re

import pytest
from html_text import text

from baccarat.simulation.chance import DRAGONS
from baccarat.teaching.definitions import DRAGON, dragon_definition, tie_frequency
from reference.sources import load

pytestmark = pytest.mark.django_db


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return text(response.content.decode())


def glossary_entry(client, slug):
    """The glossary's definition of the term at `slug`, as read."""
    html = client.get("/glossary/").content.decode()
    start = html.index(f'<dt id="{slug}">')
    return text(html[start : html.index("</dd>", start)])


# --- how often a tie comes: one figure, the same words everywhere ----------------------------


def test_the_tie_figure_is_the_engines_in_one_form():
    assert tie_frequency() == "9.52% of hands from a full 8-deck shoe, about 1 hand in 10.5"


@pytest.mark.parametrize(
    "url", ["/lessons/foundations/who-wins/", "/lessons/settlement/tie-bet/", "/glossary/"]
)
def test_every_page_that_says_how_often_a_tie_comes_says_it_the_same_way(client, url):
    words = page(client, url)
    assert tie_frequency() in words
    # Neither "rare" nor "not rare": the figure says how often.
    assert not re.search(r"\b(not rare|rarely|rare)\b", words, re.IGNORECASE), url


# --- what a dragon is ---------------------------------------------------------------------------


def test_a_dragon_is_the_labs_first_dragon_length_and_usage_varies():
    assert DRAGON == DRAGONS[0]
    assert f"a streak of {DRAGON} or more hands a dragon" in dragon_definition()
    assert "Usage varies" in dragon_definition()


@pytest.mark.parametrize(
    "url", ["/glossary/", "/lessons/bead-plate-and-big-road/dragon-tail/"]
)
def test_the_site_defines_a_dragon_once(client, url):
    words = page(client, url)
    assert dragon_definition() in words
    assert "A dragon is no rarity" not in words


def test_the_labs_dragons_start_at_the_same_length(client):
    words = page(client, "/lab/?shoes=30&decks=8&seed=3")
    assert f"a streak of {DRAGON} or more" in words


# --- the commission: when and how it is collected ----------------------------------------------


def test_the_commission_lesson_says_when_and_how_the_commission_is_collected(client):
    words = page(client, "/lessons/settlement/commission/")
    assert "in every shoe" not in words
    assert "The rate and the moment are the house's." in words
    assert "commission box" in words and "the shoe ends" in words
    assert "No-commission tables, such as EZ Baccarat and Super 6, take none" in words
    # Its sources line names the dealer's drill and the casino's rules it relies on.
    assert "Yeazel, Baccarat commission drill" in words
    assert "Island Casino, Baccarat instructions" in words


def test_the_glossary_says_the_collection_depends_on_the_house(client):
    entry = glossary_entry(client, "commission")
    assert "When it is collected depends on the house" in entry
    assert "commission box" in entry and "end of the shoe" in entry


# --- who deals ------------------------------------------------------------------------------------


def test_the_first_lesson_says_who_deals_at_each_table(client):
    words = page(client, "/lessons/foundations/the-table/")
    assert "At a mini-baccarat table the dealer deals every card" in words
    assert "the house may instead pass the shoe among the players" in words
    assert "At a standard punto banco table the dealer handles every card" not in words
    assert "58 Pa. Code (Pennsylvania) — § 627a.8" in words
    assert "Island Casino, Baccarat instructions — The shoe passes among the players" in words


def test_the_rules_page_says_the_big_table_may_pass_the_shoe(client):
    words = page(client, "/rules/")
    assert "at the big table the house may pass the shoe among the players" in words


# --- the cut card ---------------------------------------------------------------------------------


def test_the_cut_card_is_placed_as_the_house_decides_with_its_sources(client):
    entry = glossary_entry(client, "cut-card")
    assert "14 to 16" not in entry
    assert "How near depends on the house" in entry
    sources = load()
    assert "about twelve cards from the end" in sources.sections["macau-art-2"].covers
    assert "Macau's rules put it about twelve cards from the end" in entry
    assert "14 cards" in sources.sections["jacobson-cut-card"].title
    assert "takes 14 cards as the usual place" in entry


# --- counting cards: what it can and cannot beat ------------------------------------------------


def test_the_faq_says_what_counting_can_and_cannot_beat(client):
    words = page(client, "/faq/")
    answer = words[words.index("Can I count cards?") :][:900]
    assert "Analyses of perfect play find no useful edge on Banker or Player" in answer
    assert "Thorp and Walden (1973) proved none on the Tie" in answer
    assert "the natural 8 and 9 bets (Thorp and Walden, 1966)" in answer
    assert "the Dragon 7 and the Panda 8" in answer
    assert "casinos know it" in answer
    assert "Not usefully." not in answer


def test_the_odds_page_keeps_thorp_and_walden_to_what_they_published(client):
    html = client.get("/odds/").content.decode()
    words = text(html)
    assert "Thorp and Walden showed in 1973 that this is why" not in words
    assert "no usable edge on the main bets" not in words
    # 1973: the Tie, as the abstract says; 1966: the natural 8 and 9 side bets.
    assert re.search(r'href="/sources/#thorp-walden-1973-abstract">Thorp and Walden proved in '
                     r"1973</a> that\s+no significant favourable counting strategy exists", html)
    assert 'href="/sources/#thorp-walden-1966-p317">Thorp and Walden showed in 1966</a>' in html
    assert 'href="/sources/#jacobson-perfect-play-main-bets">' in html
    assert 'href="/sources/#jacobson-dragon-panda-counts">Dragon 7 and the Panda 8</a>' in html


def test_the_papers_are_cited_in_full():
    sources = load()
    early, late = sources.source("thorp-walden-1966"), sources.source("thorp-walden-1973")
    assert early.title == "A Favorable Side Bet in Nevada Baccarat"
    assert "Journal of the American Statistical Association" in early.publisher
    assert "Volume 61" in early.date and "1966" in early.date
    assert late.title.startswith("The Fundamental Theorem of Card Counting")
    assert "International Journal of Game Theory" in late.publisher
    assert "volume 2" in late.date and late.date.startswith("1973")
    # The 1973 abstract is about the Tie: the site says no more of it than that.
    assert "Tie" in sources.sections["thorp-walden-1973-abstract"].covers
    assert "does not name the Banker and Player bets" in late.relied_on_for
    for section in ("jacobson-perfect-play-main-bets", "jacobson-dragon-panda-counts",
                    "jacobson-dragon-2011-note"):  # fmt: skip
        assert sources.sections[section].seen
