"""Dark mode: the site follows the system's colour scheme unless the visitor has
chosen one with the header's switch, which this view remembers in a cookie.

The choice is a cookie, not a session value or a profile field, so that it holds before
signing in and after signing out, and so that base.html can write it into
<html data-theme> on the first byte of every page: no flash of the other scheme, and no
JavaScript needed. site.css does the rest (light-dark()). Pages that show it already vary on
Cookie (every page carries the CSRF token).
"""

from django.conf import settings
from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.views.decorators.http import require_POST

from baccarat_site.site_files import THEME as LIGHT_THEME_COLOR
from guards.echo import brief
from guards.redirects import on_this_site

COOKIE = "theme"
THEMES = ("light", "dark")
SYSTEM = "system"  # forget the choice: follow the system setting again
ONE_YEAR = 365 * 24 * 60 * 60
# The browser's own bar (<meta name="theme-color">): the icon's felt green, darker at night.
THEME_COLORS = {"light": LIGHT_THEME_COLOR, "dark": "#0b2e19"}


def chosen_theme(request) -> str:
    """The scheme this browser chose, or "" when it follows the system."""
    theme = request.COOKIES.get(COOKIE, "")
    return theme if theme in THEMES else ""


def theme_context(request):
    return {"theme": chosen_theme(request), "theme_colors": THEME_COLORS}


def page_to_go_back_to(request) -> str:
    """The page the switch was pressed on, if it is on this site; otherwise the home page.
    (Called `back`, not `next`: the account forms' `next` is another field on the same page.)
    Only its path is kept: never another site, nor this one's by a "//host/" address."""
    return on_this_site(request.POST.get("back", ""), request) or "/"


@require_POST
def theme(request):
    choice = request.POST.get("theme", "")
    if choice not in (*THEMES, SYSTEM):
        detail = (
            f"theme: {brief(choice)} is not a colour scheme; send one of 'light', 'dark' or "
            f"'system'. Nothing was stored."
        )
        return render(request, "400.html", {"status": 400, "detail": detail}, status=400)
    response = HttpResponseRedirect(page_to_go_back_to(request))
    if choice == SYSTEM:
        response.delete_cookie(COOKIE, samesite="Lax")
    else:
        # Not HttpOnly: it is no secret, and theme.js reads it when a page comes back from
        # the browser's back-forward cache, drawn before the choice was changed.
        response.set_cookie(
            COOKIE,
            choice,
            max_age=ONE_YEAR,
            secure=settings.SESSION_COOKIE_SECURE,
            samesite="Lax",
        )
    return response
