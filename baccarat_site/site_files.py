"""The files a browser or a crawler asks the site's root for: /favicon.ico, the web app
manifests (one a language) and /robots.txt. The icons themselves are static files
(static/icons/, drawn by scripts/icons.py), so their URLs carry the hashed names production
serves."""

import json

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import redirect
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from guards.accept_language import TAGS

NAME = "Baccarat School"
THEME = "#14532d"  # the icon's felt green


@require_safe
@cache_control(max_age=86400, public=True)
def favicon(request):
    # Browsers read <link rel="icon"> (base.html); this is for the clients that do not.
    return redirect(static("icons/favicon.ico"))


def manifest_path(language: str) -> str:
    """Each language's manifest: /manifest.webmanifest for English, under the language's
    prefix for the others (/zh-hant/manifest.webmanifest), as its pages are."""
    if language == settings.LANGUAGE_CODE:
        return "/manifest.webmanifest"
    return f"/{language}/manifest.webmanifest"


def manifest(language: str) -> dict:
    """The installed app in `language`: it opens at the tracker (the page a phone at a table
    needs, and the one that works with no signal), and may go anywhere on the site."""
    with translation.override(language):
        tracker = reverse("tracker:index")
        return {
            # One app a language: each opens at its own tracker.
            "id": tracker,
            "lang": TAGS[language],
            "name": _("Baccarat School"),
            "short_name": pgettext("the installed app's name under its icon", "Baccarat"),
            "description": _(
                "A baccarat shoe tracker that works with no signal: record hands and see all "
                "five roads drawn on the phone. And the rules, odds and lessons."
            ),
            "start_url": tracker,
            "scope": "/",
            "display": "standalone",
            "background_color": "#ffffff",
            "theme_color": THEME,
            "icons": [
                {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
                {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
                {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
                {
                    "src": static("icons/icon-maskable-512.png"),
                    "sizes": "512x512",
                    "type": "image/png",
                    "purpose": "maskable",
                },
            ],
            "shortcuts": [{"name": _("Start a new shoe"), "url": tracker + "#new-shoe"}],
        }


def manifest_link(request):
    """Every page links the manifest of its own language (base.html)."""
    return {"manifest_url": manifest_path(translation.get_language() or settings.LANGUAGE_CODE)}


@require_safe
@cache_control(max_age=3600, public=True)
def web_manifest(request, language=None):
    data = manifest(language or settings.LANGUAGE_CODE)
    return HttpResponse(
        json.dumps(data, indent=2, ensure_ascii=False),
        content_type="application/manifest+json",
    )


# Crawl every page a visitor can open; not the account forms, the admin, or the API (its
# documentation aside). A person's own shoes are 404 to anyone else, crawlers included, and
# a shared shoe is public by its owner's choice; a crawler's progress page is an empty one.
ROBOTS = """\
User-agent: *
Disallow: /accounts/
Disallow: /admin/
Disallow: /api/
Allow: /api/v1/docs
"""


@require_safe
@cache_control(max_age=86400, public=True)
def robots_txt(request):
    return HttpResponse(ROBOTS, content_type="text/plain; charset=utf-8")
