"""Every page's context: the main navigation, the section this page is under, and where to
find help with gambling in the page's language (the footer's helplines, reference.helplines)."""

from django.urls import reverse
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from reference.helplines import helplines

# The main navigation: (label, URL name). Add a page here once its view exists.
NAV = [
    (_("Rules"), "reference:rules"),
    (pgettext_lazy("the menu: the page that walks through one hand", "Hands"), "hands:walkthrough"),
    (_("Odds"), "odds:calculator"),
    (_("Tracker"), "tracker:index"),
    (_("Lab"), "lab:index"),
    (_("Lessons"), "lessons:index"),
    (_("Glossary"), "reference:glossary"),
    (_("Quiz"), "quiz:index"),
    (_("Dealer school"), "dealer:index"),
]


def current_section(path):
    """The nav entry this page belongs to: the one whose URL is the longest prefix of the
    path, so /rules/banker/3/ is under Rules and /tracker/12/ under Tracker."""
    matches = [(len(reverse(name)), name) for _label, name in NAV if path.startswith(reverse(name))]
    return max(matches)[1] if matches else None


def site(request):
    return {
        "nav": NAV,
        "nav_current": current_section(request.path),
        "helplines": helplines(get_language()),
    }
