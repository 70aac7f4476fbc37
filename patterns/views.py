from django.http import Http404
from django.shortcuts import render

from baccarat.roads.patterns import BY_SLUG, PATTERNS
from baccarat.teaching import pattern_text
from patterns.examples import example_board
from patterns.sources import pattern_sources


def index(request):
    rows = [
        {
            "pattern": pattern,
            "headline": pattern_text.headline(pattern.slug),
            "example": example_board(pattern.slug),
        }
        for pattern in PATTERNS
    ]
    return render(
        request,
        "patterns/index.html",
        {
            "rows": rows,
            "good_roads": pattern_text.good_roads(),
            "how_dealt": pattern_text.how_dealt(),
        },
    )


def detail(request, slug):
    pattern = BY_SLUG.get(slug)
    if pattern is None:
        raise Http404("No such pattern")
    return render(
        request,
        "patterns/detail.html",
        {
            "pattern": pattern,
            **example_board(slug),
            "players_say": pattern_text.players_say(slug),
            "chance_says": pattern_text.chance_says(slug),
            "next_rows": pattern_text.next_rows(slug),
            "does_not_care": pattern_text.does_not_care(slug),
            "how_dealt": pattern_text.how_dealt(),
            "sources": pattern_sources(),
        },
    )
