import re
import tomllib
from itertools import groupby
from pathlib import Path

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.text import slugify
from django.utils.translation import get_language, gettext_lazy, pgettext
from django.utils.translation import gettext as _

from baccarat.game.cards import total_working
from baccarat.game.rules import resolve
from baccarat.game.tableau import (
    BANKER_WHEN_PLAYER_STOOD,
    NATURALS,
    PLAYER_RULE,
    banker_stood_rule_text,
    player_rule_text,
    tableau_row_claim,
    tableau_row_rule,
)
from baccarat.odds.exact import odds_of_decks
from baccarat.teaching.charts import (
    card_values,
    memory_pattern,
    rules_at_a_glance,
    tableau_reachability,
    tableau_rows,
    two_card_rows,
)
from baccarat.teaching.definitions import (
    glossary_texts,
    natural_definition,
    naturals_text,
    tableau_definition,
)
from baccarat.teaching.examples import banker_row_examples, deal_for, two_and_three_card_sevens
from baccarat.teaching.mistakes import common_mistakes, harmless_here, myths
from lessons.course import load_course
from reference.faq import faq as faq_answers
from reference.learner_home import learner_home
from reference.sources import page_context as sources_context
from tracker.visitors import last_shoe

GLANCE_DECKS = 8  # the shoe most tables deal
CONTENT = Path(__file__).resolve().parent / "content"
GLOSSARY_FILE = CONTENT / "glossary.toml"
# The Chinese glossaries: the Traditional one is written by hand, the Simplified one made
# from it by scripts/simplified.py. The English page shows the Traditional names.
CHINESE_GLOSSARY_FILES = {
    "zh-hant": CONTENT / "glossary.zh-hant.toml",
    "zh-hans": CONTENT / "glossary.zh-hans.toml",
}
# The Chinese page lists its terms under these headings, in this order (a Chinese list has
# no alphabet to sort by): the `group` of each term in the Chinese files.
CHINESE_GROUPS = {
    "game": gettext_lazy("The game and its rules"),
    "bets": gettext_lazy("Bets and tables"),
    "roads": gettext_lazy("The scoreboard"),
}
ENGINE_TEXT = re.compile(r"\{([a-z_]+(?::[a-z_]+)?)\}")
# A name in another language inside a Chinese definition, "{fr:chemin de fer}": marked with
# its language, so a screen reader says it in that language.
FOREIGN = re.compile(r"\{(en|fr|it):([^{}]+)\}")


def definition_text(definition):
    """A definition with each "{natural}", "{start:big_eye_boy}"... replaced by the engine's
    sentence (baccarat.teaching.definitions), so the glossary and the rules say it in the same
    words, and each "{fr:...}" marked as that language. A name the engine does not know is a
    KeyError: a content bug the tests catch."""
    texts = glossary_texts()
    html = FOREIGN.sub(
        lambda match: format_html('<span lang="{}">{}</span>', match[1], match[2]),
        conditional_escape(definition),
    )
    return mark_safe(ENGINE_TEXT.sub(lambda match: conditional_escape(texts[match[1]]), html))


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


def chinese_entries(language="zh-hant"):
    """The terms of a Chinese glossary file, in the file's order."""
    with CHINESE_GLOSSARY_FILES[language].open("rb") as f:
        return tomllib.load(f)["term"]


def chinese_names():
    """{English term: its Traditional Chinese entry}, for the English page."""
    return {entry["en"]: entry for entry in chinese_entries() if "en" in entry}


def chinese_only_terms():
    """The words only Chinese scoreboards use, as the English page lists them: the
    Traditional name, its other names, and the meaning in English."""
    return [
        {
            "name": entry["name"],
            "slug": entry["slug"],
            "other": entry.get("other", []),
            "gloss": entry["gloss"],
            "definition": entry["gloss_definition"],
        }
        for entry in chinese_entries()
        if "en" not in entry
    ]


def chinese_glossary_terms(language):
    """A Chinese glossary's terms, by group in the file's order: each with its Chinese name,
    other names, the English name (None for a word only Chinese uses), the anchor (the
    English term's, so a link works in every language), the definition in Chinese, and
    cross-references by Chinese name."""
    entries = chinese_entries(language)
    with GLOSSARY_FILE.open("rb") as f:
        english = {entry["name"]: entry for entry in tomllib.load(f)["term"]}
    slugs = {}
    for entry in entries:
        slugs[entry["name"]] = slugify(entry["en"]) if "en" in entry else entry["slug"]
    by_english = {entry["en"]: entry["name"] for entry in entries if "en" in entry}
    name_langs = {entry["name"]: entry.get("name_lang") for entry in entries}
    separator = pgettext("between names in a list", ", ")
    terms = []
    for entry in entries:
        source = english[entry["en"]] if "en" in entry else entry
        if "en" in entry:
            see = [by_english[name] for name in source.get("see", ())]
        else:
            see = source.get("see", [])
        terms.append(
            {
                "name": entry["name"],
                "name_lang": entry.get("name_lang"),
                "other": entry.get("other", []),
                "other_names": separator.join(entry.get("other", [])),
                "english": entry.get("en"),
                "gloss": entry.get("gloss"),
                "slug": slugs[entry["name"]],
                "group": entry["group"],
                "definition": definition_text(entry["definition"]),
                # A `see` name that is not a term is a content bug; the tests catch it.
                "see": [
                    {"name": name, "slug": slugs.get(name, ""), "lang": name_langs.get(name)}
                    for name in see
                ],
                "rules_page": source.get("rules_page", False),
            }
        )
    return terms


def glossary(request):
    language = get_language()
    if language in CHINESE_GLOSSARY_FILES:
        terms = chinese_glossary_terms(language)
        letters = [
            {
                "letter": heading,
                "anchor": key,
                "terms": [term for term in terms if term["group"] == key],
            }
            for key, heading in CHINESE_GROUPS.items()
        ]
        context = {"letters": letters, "term_count": len(terms), "chinese": True}
        return render(request, "reference/glossary.html", context)
    terms = glossary_terms()
    names = chinese_names()
    for term in terms:
        entry = names[term["name"]]
        term["chinese"] = {
            "name": entry["name"],
            "other": entry.get("other", []),
            # No usual Chinese name: Chinese pages write it in Latin letters too.
            "latin": bool(entry.get("name_lang")),
        }
    letters = [
        {"letter": letter, "anchor": letter.lower(), "terms": list(group)}
        for letter, group in groupby(terms, key=lambda term: term["letter"])
    ]
    context = {
        "letters": letters,
        "term_count": len(terms),
        "chinese_only": chinese_only_terms(),
    }
    return render(request, "reference/glossary.html", context)


def home(request):
    context = {**learner_home(request), "last_shoe": last_shoe(request)}
    return render(request, "reference/home.html", context)


def faq(request):
    return render(request, "reference/faq.html", {"answers": faq_answers(), "decks": GLANCE_DECKS})


def sources(request):
    """/sources/: the documents the site relies on, section by section, and which lessons use
    each one (reference/sources.toml)."""

    def lesson_url(lesson):
        return reverse("lessons:lesson", kwargs={"module": lesson.module, "lesson": lesson.slug})

    # The lessons' titles in the page's language (English where a lesson is not translated).
    course = load_course(language=get_language())
    return render(request, "reference/sources.html", sources_context(course, lesson_url))


def rules(request):
    tableau = tableau_rows()
    context = {
        "card_values": card_values(),
        "final_digit_examples": [total_working(v) for v in ([7, 8], [9, 9], [5, 5], [6, 1])],
        "naturals": NATURALS,
        "naturals_text": naturals_text(),
        "glance": rules_at_a_glance(GLANCE_DECKS),
        "glance_decks": GLANCE_DECKS,
        "natural_definition": natural_definition(),
        "tableau_definition": tableau_definition(),
        "natural_example": resolve(deal_for(8, 5)),
        "player_rule": player_rule_text(),
        # Captions for the two-card rule tables, in the active language.
        "player_caption": _("The Player's rule"),
        "banker_caption": _("The Banker's rule when the Player stood"),
        "player_rows": two_card_rows(PLAYER_RULE),
        "banker_stood_rule": banker_stood_rule_text(),
        "banker_stood_rows": two_card_rows(BANKER_WHEN_PLAYER_STOOD),
        "tableau": tableau,
        # "8, 8, 8, 7, 6, 4, 2, 0", joined as the page's language lists (8、8、8…).
        "draw_counts": pgettext("between the numbers of a list", ", ").join(
            str(row.draw_count) for row in tableau
        ),
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
        raise Http404(_("The tableau has rows for Banker totals 0 to 7 only."))
    context = {
        "frequencies": banker_frequencies(total),
        "total": total,
        "rule": tableau_row_rule(total),
        "claim": tableau_row_claim(total),  # the page's lead, which stands alone
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
