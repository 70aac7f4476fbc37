from django.conf import settings
from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path
from django.views.decorators.cache import cache_control
from django.views.i18n import JavaScriptCatalog

from api.api import api
from baccarat_site.health import healthz
from baccarat_site.languages import choose_language
from baccarat_site.service_worker import service_worker
from baccarat_site.site_files import favicon, robots_txt, web_manifest
from baccarat_site.theme import theme

# One app a section of the site, each under the path a visitor sees: in English as they always
# were, in Chinese under /zh-hant/ or /zh-hans/ (baccarat_site.languages).
urlpatterns = i18n_patterns(
    path("", include("reference.urls")),
    path("hands/", include("hands.urls")),
    path("odds/", include("odds.urls")),
    path("lessons/", include("lessons.urls")),
    path("quiz/", include("quiz.urls")),
    path("tracker/", include("tracker.urls")),
    path("lab/", include("lab.urls")),
    path("patterns/", include("patterns.urls")),
    path("dealer/", include("dealer.urls")),
    path("accounts/", include("accounts.urls")),
    # The sentences our scripts say (static/js, gettext()), in the page's language: loaded
    # by Chinese pages only (English needs no catalogue: base.html), cached for a day.
    path(
        "jsi18n/",
        cache_control(public=True, max_age=86400)(
            # Our catalogues only (LOCALE_PATHS; "baccarat_site" has none of its own), not the
            # admin's sentences that every installed app would add.
            JavaScriptCatalog.as_view(domain="djangojs", packages=["baccarat_site"])
        ),
        name="javascript_catalog",
    ),
    prefix_default_language=False,
) + [
    path("language/", choose_language, name="set_language"),
    path("api/v1/", api.urls),
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    path("favicon.ico", favicon, name="favicon"),
    path("manifest.webmanifest", web_manifest, name="web_manifest"),
    # The other languages' manifests, under their prefixes as their pages are, and outside
    # i18n_patterns so that none is redirected to another language's.
    *[
        path(f"{code}/manifest.webmanifest", web_manifest, {"language": code})
        for code, _name in settings.LANGUAGES
        if code != settings.LANGUAGE_CODE
    ],
    # At the root, so that its scope is the whole site (baccarat_site/service_worker.py).
    path("sw.js", service_worker, name="service_worker"),
    path("robots.txt", robots_txt, name="robots_txt"),
    path("theme/", theme, name="theme"),
]

# Branded error pages, JSON under /api/ (baccarat_site/errors.py); used with DEBUG off.
handler400 = "baccarat_site.errors.bad_request"
handler403 = "baccarat_site.errors.permission_denied"
handler404 = "baccarat_site.errors.page_not_found"
handler500 = "baccarat_site.errors.server_error"
