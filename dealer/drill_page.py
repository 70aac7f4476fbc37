"""How every drill page answers: the whole page without JavaScript; with htmx the page's
`update` partial (the drill, and its feedback out of band). A refusal (4xx) names its target
and swap again, so htmx swaps the refused drill back in with its message where a 200 would
have gone."""

from django.shortcuts import redirect, render
from django.urls import reverse
from django_htmx.http import reswap, retarget


def drill_response(request, page: str, context: dict, status: int = 200, target="#drill"):
    if request.htmx:
        response = render(request, f"{page}#update", context, status=status)
        if status != 200:
            retarget(response, target)
            reswap(response, "outerHTML")
        return response
    return render(request, page, context, status=status)


def back_to_drill(request, url_name: str):
    """A GET of an answer's address (a reload or Back after answering without JavaScript):
    the drill itself, its query string (the time limit) kept, rather than a blank 405."""
    query = request.GET.urlencode()
    return redirect(reverse(url_name) + (f"?{query}" if query else ""))


def limit_problem(limit_form) -> str | None:
    """A time limit that is not one offered, as a refusal naming the field; None if fine."""
    if limit_form.is_valid():
        return None
    field = limit_form.fields["limit"]
    return " ".join(f"{field.label}: {e}" for e in limit_form.errors.get("limit", []))
