from django.conf import settings

# The main navigation: (label, URL name). Add a page here once its view exists.
NAV = [
    ("Rules", "lessons:rules"),
    ("Hands", "lessons:hands"),
    ("Tracker", "tracker:index"),
    ("Glossary", "lessons:glossary"),
]


def site(request):
    return {
        "nav": NAV,
        "helplines": settings.RESPONSIBLE_USE_HELPLINES,
    }
