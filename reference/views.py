import re
import tomllib
from itertools import groupby
from pathlib import Path

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.text import slugify

from baccarat.cards import total_working
from baccarat.charts import (
    card_values,
    memory_pattern,
    rules_at_a_glance,
    tableau_reachability,
    tableau_rows,
    two_card_rows,
)
from baccarat.definitions import glossary_texts, natural_definition, tableau_definition
from baccarat.examples import banker_row_examples, deal_for, two_and_three_card_sevens
from baccarat.mistakes import common_mistakes, harmless_here, myths
from baccarat.odds import odds_of_decks
from baccarat.rules import (
    BANKER_WHEN_PLAYER_STOOD,
    NATURALS,
    PLAYER_RULE,
    banker_stood_rule_text,
    player_rule_text,
    resolve,
    tableau_row_rule,
)
from lessons.course import load_course
from reference.faq import faq as faq_answers
from reference.learner_home import learner_home
from reference.sources import page_context as sources_context

GLANCE_DECKS = 8  # the shoe most tables deal
GLOSSARY_FILE = Path(__file__).resolve().parent / "content" / "glossary.toml"
ENGINE_TEXT = re.compile(r"\{([a-z_]+(?::[a-z_]+)?)\}")


def definition_text(definition):
    """A definition with each "{natural}", "{start:big_eye_boy}"... replaced by the engine's
    sentence (baccarat.definitions), so the glossary and the rules say it in the same words.
    A name the engine does not know is a KeyError: a content bug the tests catch."""
    texts = glossary_texts()
    return ENGINE_TEXT.sub(lambda match: texts[match.group(1)], definition)


def glossary_terms():
    """The glossary's terms, alphabetical, each with its anchor slug and its cross-references.

    Read on each call: the file is small, and edits show up without a restart.
    """
    with GLOSSARY_FILE.open("rb") as f:
        entries = tomllib.load(f)["term"]
    slugs = {entry["name"]: slugify(entry["name"]) for entry in entries}
    terms = []
    for entry in sorted(entries, key=lambda entry: entry["name"].casefold()):
        terms.append(
            {
                "name": entry["name"],
                "slug": slugs[entry["name"]],
                "letter": entry["name"][0].upper(),
                "definition": definition_text(entry["definition"]),
                # A `see` name that is not a term is a content bug; the tests catch it.
                "see": [
                    {"name": name, "slug": slugs.get(name, "")} for name in entry.get("see", ())
                ],
                "rules_page": entry.get("rules_page", False),
            }
        )
    return terms


def home(request):
    return render(request, "reference/home.html", learner_home(request))


def glossary(request):
    terms = glossary_terms()
    letters = [
        {"letter": letter, "terms": list(group)}
        for letter, group in groupby(terms, key=lambda term: term["letter"])
    ]
    context = {"letters": letters, "term_count": len(terms)}
    return render(request, "reference/glossary.html", context)


def faq(request):
    return render(request, "reference/faq.html", {"answers": faq_answers(), "decks": GLANCE_DECKS})


def sources(request):
    """/sources/: the documents the site relies on, section by section, and which lessons use
    each one (reference/sources.toml)."""

    def lesson_url(lesson):
        return reverse("lessons:lesson", kwargs={"module": lesson.module, "lesson": lesson.slug})

    return render(request, "reference/sources.html", sources_context(load_course(), lesson_url))


def rules(request):
    context = {
        "card_values": card_values(),
        "final_digit_examples": [total_working(v) for v in ([7, 8], [9, 9], [5, 5], [6, 1])],
        "naturals": NATURALS,
        "glance": rules_at_a_glance(GLANCE_DECKS),
        "glance_decks": GLANCE_DECKS,
        "natural_definition": natural_definition(),
        "tableau_definition": tableau_definition(),
        "natural_example": resolve(deal_for(8, 5)),
        "player_rule": player_rule_text(),
        "player_rows": two_card_rows(PLAYER_RULE),
        "banker_stood_rule": banker_stood_rule_text(),
        "banker_stood_rows": two_card_rows(BANKER_WHEN_PLAYER_STOOD),
        "tableau": tableau_rows(),
        "memory_pattern": memory_pattern(),
        "reachability": tableau_reachability(),
        "myths": myths(),
    }
    return render(request, "reference/rules.html", context)


BANKER_ROW_DECKS = 8


def banker_frequencies(total):
    """How often an 8-deck shoe gives the Banker this two-card total, and how often a
    Banker with it then draws: exact, from the odds engine, beside every total's."""
    shoe = odds_of_decks(BANKER_ROW_DECKS)
    rows = []
    for t in range(10):
        draws = shoe.banker_draws_given(t)
        rows.append(
            {
                "total": t,
                "current": t == total,
                "natural": t in NATURALS,
                "percent": f"{float(shoe.banker_total(t)) * 100:.2f}%",
                "draws": f"{float(draws) * 100:.2f}%" if draws else None,
            }
        )
    return {
        "decks": BANKER_ROW_DECKS,
        "rows": rows,
        "row": rows[total],
        "count": f"{shoe.counts[f'banker_total_{total}']:,}",
        "draws_count": f"{shoe.counts[f'banker_draws_on_{total}']:,}",
        "deals": f"{shoe.total:,}",
    }


def banker_row(request, total):
    total = int(total)
    if not 0 <= total <= 7:
        raise Http404("The tableau has rows for Banker totals 0 to 7 only.")
    context = {
        "frequencies": banker_frequencies(total),
        "total": total,
        "rule": tableau_row_rule(total),
        "row": tableau_rows()[total],
        "tableau": tableau_rows(),
        "stood_draws": BANKER_WHEN_PLAYER_STOOD[total] == "D",
        "banker_stood_rule": banker_stood_rule_text(),
        "examples": banker_row_examples(total),
        # Banker 7 stands: its page is where a two-card 7 meets EZ Baccarat's three-card one.
        "sevens": two_and_three_card_sevens() if total == 7 else None,
        "mistakes": common_mistakes(total),
        "harmless": harmless_here(total),
        "previous": total - 1 if total > 0 else None,
        "next": total + 1 if total < 7 else None,
    }
    return render(request, "reference/banker_row.html", context)
