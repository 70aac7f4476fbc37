"""Every place the site says Banker wins more often than Player says which figure it compares
(a share of all hands, of the hands that do not tie) and gives the engine's number."""

from __future__ import annotations

import re
from html import unescape

from django.utils.translation import override

from baccarat.odds.exact import odds_of_decks, percent
from baccarat.simulation.chance import Tally
from baccarat.teaching import lab_text
from baccarat.teaching.definitions import winning_shares
from lessons.course import read_course
from reference.faq import faq
from reference.views import glossary_terms

COMPARES = re.compile(r"more often|more of the hands|slightly more|a little more", re.I)
FIGURE = re.compile(r"\d+\.\d+%")


def plain(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", str(html))).split())


def units():
    """(where, text): every lesson summary and section, glossary definition and FAQ answer, in
    English, as a reader reads it (directives and placeholders filled in by the engine)."""
    for module in read_course().modules:
        for lesson in module.lessons:
            yield f"{lesson.slug} summary", lesson.summary
            html = " ".join(
                part if isinstance(part, str) else getattr(part.spec, "text", "")
                for part in lesson.parts
            )
            for section in re.split(r"<h2[^>]*>", html):
                yield lesson.slug, plain(section)
    for term in glossary_terms():
        yield term["name"], plain(term["definition"])
    for answer in faq():
        yield answer.slug, answer.answer


def test_no_comparison_of_banker_and_player_without_its_figures():
    with override("en"):
        loose = [
            where
            for where, words in units()
            if "Banker" in words and COMPARES.search(words) and not FIGURE.search(words)
        ]
    assert loose == []


def test_the_glossary_gives_the_shares_of_all_hands_and_of_decided_hands():
    shoe = odds_of_decks(8)
    banker, player = shoe.p("banker"), shoe.p("player")
    shares = winning_shares()
    assert f"Banker wins {percent(banker)} of all hands and Player {percent(player)}" in shares
    decided = f"of the hands that do not tie, {percent(banker / (banker + player))}"
    assert decided in shares
    with override("en"):
        definitions = {term["name"]: plain(term["definition"]) for term in glossary_terms()}
    assert shares in definitions["Banker"] and shares in definitions["Commission"]


def test_the_labs_reason_for_the_commission_gives_the_exact_shares_for_its_decks():
    for decks in (1, 8):
        tally = Tally(decks, 1, 10, ())
        exact = odds_of_decks(decks)
        point = lab_text.share_point(tally)
        assert f"exactly {float(exact.p('banker')):.2%} of all hands" in point
        assert f"against {float(exact.p('player')):.2%} from a full {decks}-deck shoe" in point
