"""How every drill page answers: the whole page without JavaScript; with htmx the page's
`update` partial (the drill, and its feedback out of band). A refusal (4xx) names its target
and swap again, so htmx swaps the refused drill back in with its message where a 200 would
have gone."""

from django.shortcuts import render
from django_htmx.http import reswap, retarget


def drill_response(request, page: str, context: dict, status: int = 200, target="#drill"):
    if request.htmx:
        response = render(request, f"{page}#update", context, status=status)
        if status != 200:
            retarget(response, target)
            reswap(response, "outerHTML")
        return response
    return render(request, page, context, status=status)
