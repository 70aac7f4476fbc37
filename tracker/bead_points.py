"""The Bead Plate's winning points: shown instead of the letters, or not, as this browser
chose on a shoe's page (its own page or the shared one).

The choice is a cookie, as the colour scheme's is (baccarat_site/theme.py): it holds on every
shoe this browser opens, on the shared page too, which starts no session for a visitor who
only looks; and a hand recorded redraws the board with it without a word from the page."""

from django import forms
from django.conf import settings
from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_POST

from guards.echo import brief
from guards.redirects import on_this_site

COOKIE = "bead"
POINTS, LETTERS = "points", "letters"
ONE_YEAR = 365 * 24 * 60 * 60


def points_chosen(request):
    """Whether this browser asked for the winning points on the Bead Plate."""
    return request.COOKIES.get(COOKIE) == POINTS


class BeadForm(forms.Form):
    bead = forms.ChoiceField(choices=[(POINTS, POINTS), (LETTERS, LETTERS)])


@require_POST
def bead(request):
    """Points or letters on the Bead Plate, then back to the shoe's page it was chosen on."""
    form = BeadForm(request.POST)
    if not form.is_valid():
        detail = (
            f"bead: {brief(request.POST.get('bead', ''))} is not a way to draw the Bead Plate; "
            f"send 'points' or 'letters'. Nothing was stored."
        )
        return render(request, "400.html", {"status": 400, "detail": detail}, status=400)
    back = on_this_site(request.POST.get("back", ""), request) or reverse("tracker:index")
    # Back to the choice just made, on the page it was made on.
    response = HttpResponseRedirect(back.split("#")[0] + "#bead-points")
    if form.cleaned_data["bead"] == LETTERS:
        response.delete_cookie(COOKIE, samesite="Lax")
    else:
        response.set_cookie(
            COOKIE,
            POINTS,
            max_age=ONE_YEAR,
            secure=settings.SESSION_COOKIE_SECURE,
            samesite="Lax",
        )
    return response
