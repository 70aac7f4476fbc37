"""Refusing an answer: bad or stale input leaves the page as it was, says why, and counts
nothing; the quiz and the speed drill refuse alike."""

from django.shortcuts import render
from django.utils.translation import gettext as _
from django_htmx.http import reswap, retarget


def refused(request, page, context, target="#quiz"):
    """Bad or stale input: the page as it is, the reason (in the context's notice), and
    nothing counted. With htmx, the 400 replaces `target` (htmx's responseHandling, in
    base.html)."""
    if request.htmx:
        response = render(request, f"{page}#update", context, status=400)
        retarget(response, target)
        reswap(response, "outerHTML")
        return response
    return render(request, page, context, status=400)


def not_a_choice(value):
    """The notice for an answer that is none of the question's choices."""
    if not value:
        return _(
            "An empty answer is not one of the answers to choose from, so nothing was counted."
        )
    return _("“%(answer)s” is not one of the answers to choose from, so nothing was counted.") % {
        "answer": value[:20]
    }
