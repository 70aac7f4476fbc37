from django.conf import settings
from django.urls import reverse

# The main navigation: (label, URL name). Add a page here once its view exists.
NAV = [
    ("Rules", "reference:rules"),
    ("Hands", "hands:walkthrough"),
    ("Odds", "odds:calculator"),
    ("Tracker", "tracker:index"),
    ("Lab", "lab:index"),
    ("Lessons", "lessons:index"),
    ("Glossary", "reference:glossary"),
    ("Quiz", "quiz:index"),
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
        "helplines": settings.RESPONSIBLE_USE_HELPLINES,
    }
