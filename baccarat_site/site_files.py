"""The files a browser or a crawler asks the site's root for: /favicon.ico, the web app
manifest and /robots.txt. The icons themselves are static files (static/icons/, drawn by
scripts/icons.py), so their URLs carry the hashed names production serves."""

import json

from django.http import HttpResponse
from django.shortcuts import redirect
from django.templatetags.static import static
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

NAME = "Baccarat School"
THEME = "#14532d"  # the icon's felt green


@require_safe
@cache_control(max_age=86400, public=True)
def favicon(request):
    # Browsers read <link rel="icon"> (base.html); this is for the clients that do not.
    return redirect(static("icons/favicon.ico"))


@require_safe
@cache_control(max_age=3600, public=True)
def web_manifest(request):
    manifest = {
        "name": NAME,
        "short_name": "Baccarat",
        "description": "Learn punto banco: the rules, hands step by step, exact odds, the "
        "scoreboard roads, lessons and quizzes.",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME,
        "icons": [
            {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        ],
    }
    return HttpResponse(json.dumps(manifest, indent=2), content_type="application/manifest+json")


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
